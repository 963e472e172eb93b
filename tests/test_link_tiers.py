"""Issue 24, class 6: a rematch is made in the tier new games are made in, whatever the tier
of the game it follows (seeds/fair-play.md, "What the casual tier does not give")."""
import copy

import pytest

from parlor import catalog
from parlor.engine.rng import derive
from parlor.links.fairplay import Chain

LINKED = [e for e in catalog.entries() if e.link_tier]


def finished(protocol, players: int, options: dict):
    """A game of `protocol` for `players`, every seat taken, ended by a resignation of the
    seat that owes the first message."""
    keys = [derive(b"tier test", protocol.game, s)[:16] for s in range(players)]
    record = protocol.create("Ana", keys[0], options)
    for seat in range(1, players):
        record = protocol.join(record, f"P{seat}", keys[seat])
    owing = protocol.owing(record)
    return protocol.resign(record, owing, keys[owing])


def made_in(protocol, tier):
    """`protocol` making new games in `tier` (a game of that tier, begun before an update)."""
    older = copy.copy(protocol)
    older.tier = tier
    return older


@pytest.mark.parametrize("entry", LINKED, ids=[e.key for e in LINKED])
def test_a_rematch_is_made_in_the_current_tier(entry):
    protocol = entry.link
    low, high = entry.players
    options = {"players": low} if low != high else {}
    tiers = getattr(protocol, "tiers", (None,))
    for tier in tiers:
        maker = made_in(protocol, tier) if tier else protocol
        old = finished(maker, low, options)
        assert protocol.phase(old) == "over"
        seed = derive(b"rematch", entry.key)[:16]
        fresh = protocol.rematch(old, "Ana", seed)
        current = dict(protocol.create("Ana", seed, options).options)
        assert dict(fresh.options) == current, (entry.key, tier)
        if tier:
            assert dict(old.options).get("tier", tiers[0]) == tier \
                and current["tier"] == protocol.tier
        # the anchor is made for the rematch's own context, so it plays on
        assert fresh.seats[0].anchor == Chain(fresh.context, 0, seed).anchor
        again = protocol.join(fresh, "Bo", derive(b"rematch", entry.key, 1)[:16])
        assert protocol.replay(again).ok
    if entry.key in ("tsuro", "tyros"):
        assert len(tiers) > 2, "games of older tiers were checked"
    if entry.key == "tyrus":
        assert len(tiers) == 2, "a game of the first format was checked"
