"""Issue 24, class 6: a rematch is made in the tier new games are made in, whatever the tier
of the game it follows (seeds/fair-play.md, "What the casual tier does not give")."""
import copy

import pytest

from parlor import catalog
from parlor.engine.rng import derive
from parlor.links.base import seat_of
from parlor.links.invitation import anchor_of
from parlor.links.record import FORMAT_VERSION, GROUP, SIGNED

import linktools

LINKED = [e for e in catalog.entries() if e.link_tier]


def finished(protocol, players: int, options: dict, version: int):
    """A game of `protocol` for `players` in record format `version` (2: seats taken in order,
    3: joined by invitation and started by its creator), every seat taken, ended by a
    resignation of the seat that owes the first message."""
    keys = [derive(b"tier test", protocol.game, s)[:16] for s in range(players)]
    record = protocol.create("Ana", keys[0], options)
    if version == SIGNED:
        record = linktools.in_order(record, keys[0])
    for seat in range(1, players):
        record = protocol.join(record, f"P{seat}", keys[seat])
    if version == GROUP:
        record = protocol.start_game(record, keys[0])
    owing = protocol.owing(record)
    holder = next(k for k in keys if seat_of(record, k) == owing)
    return protocol.resign(record, owing, holder)


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
    for tier, version in [(t, v) for t in tiers for v in (SIGNED, GROUP)]:
        maker = made_in(protocol, tier) if tier else protocol
        old = finished(maker, low, options, version)
        assert protocol.phase(old) == "over" and old.version == version
        seed = derive(b"rematch", entry.key)[:16]
        fresh = protocol.rematch(old, "Ana", seed)
        current = dict(protocol.create("Ana", seed, dict(entry.new_game_options) | options).options)
        assert dict(fresh.options) == current, (entry.key, tier)
        if tier:
            assert dict(old.options).get("tier", tiers[0]) == tier \
                and current["tier"] == protocol.tier
        # a rematch is an invitation in the current format, its anchor made for its own context
        assert fresh.version == FORMAT_VERSION == GROUP and not fresh.started
        assert fresh.seats[0].anchor == anchor_of(fresh.context, seed)
        again = protocol.join(fresh, "Bo", derive(b"rematch", entry.key, 1)[:16])
        assert protocol.replay(again).ok
    if entry.key in ("tsuro", "tyros"):
        assert len(tiers) > 2, "games of older tiers were checked"
    if entry.key == "tyrus":
        assert len(tiers) == 2, "a game of the first format was checked"
