"""Tyros: a pass forced on an empty hand is made for the player (seeds/tyros.md D34, option
`auto_pass`), on one device and by link (YL11)."""
from dataclasses import fields, replace
from functools import lru_cache

import pytest

from parlor import catalog, i18n
from parlor.engine.protocol import MalformedMove
from parlor.engine.rng import Stream, derive
from parlor.games.tyros.link import PROTOCOL
from parlor.games.tyros.rules import (ACTIONS, ENGINE, PASS, TILES, TYRE, Build, Cancel, Offer,
                                      build_cost, from_view, pass_forced)
from parlor.links.base import SEED
from parlor.links.history import History
from parlor.links.record import decode, encode

import linktools

BOOKKEEPING = {"auto_pass", "passed_for", "drawn"}   # what the option itself changes


def choice(stream: Stream, legal: list):
    """A random legal move, seldom an offer or a cancel, so that hands run dry and games end."""
    pool = [m for m in legal if type(m) not in (Cancel, Offer)] or legal
    return pool[stream.below(len(pool))]


@lru_cache(maxsize=None)
def played(game: int, auto: bool) -> tuple:
    """(state before, move) for every move of a random game, and the final state."""
    stream = Stream(b"tyros autopass", game)
    state = ENGINE.initial(derive(b"tyros autopass seed", game)[:16], 3 + game % 2,
                           {"auto_pass": auto})
    steps = []
    while state.outcome is None:
        move = choice(stream, ENGINE.legal(state))
        steps.append((state, move))
        state = ENGINE.apply(state, move)
    return tuple(steps), state


def same_game(a, b) -> bool:
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(a)
               if f.name not in BOOKKEEPING)


def test_d34_an_empty_hand_can_only_pass_and_everybody_can_see_it():
    """Without the option: whenever an action is to start and the hand is empty, passing is
    the only legal move, and every seat's view (a spectator's too) says so as well."""
    seen = 0
    for game in range(4):
        steps, _final = played(game, False)
        for number, (state, move) in enumerate(steps):
            if state.phase != ACTIONS:
                continue
            forced = pass_forced(state)
            if forced:
                seen += 1
                assert ENGINE.legal(state) == [PASS] and move == PASS
            elif state.pending is None:
                assert len(ENGINE.legal(state)) > 1 or sum(state.hands[ENGINE.to_move(state)[0]])
            if forced or number % 5 == 0:
                for seat in (None, *range(state.players)):
                    assert pass_forced(from_view(ENGINE.view(state, seat))) == forced
    assert seen > 15


def test_d34_the_game_is_the_one_with_the_passes_played_by_hand():
    """Random games with the option, replayed without it with a pass inserted wherever the
    player's hand is empty: after every move the two games are the same, and they end alike."""
    made = 0
    for game in range(6):
        steps, final = played(game, True)
        manual = ENGINE.initial(steps[0][0].seed, steps[0][0].players, {})
        for state, move in steps:
            manual = ENGINE.apply(manual, move)
            after = ENGINE.apply(state, move)
            for seat in after.passed_for:
                assert pass_forced(manual) and ENGINE.to_move(manual) == (seat,)
                manual = ENGINE.apply(manual, PASS)
                made += 1
            assert not (manual.phase == ACTIONS and pass_forced(manual))
            assert same_game(after, manual)
        assert manual.outcome == final.outcome and same_game(manual, final)
        assert [s["total"] for s in ENGINE.view(manual, None)["score"]] \
            == [s["total"] for s in ENGINE.view(final, None)["score"]]
    assert made > 20


def test_d34_the_log_says_who_passed_with_no_cards():
    steps, _final = played(1, True)
    state, move = next((s, m) for s, m in steps if ENGINE.apply(s, m).passed_for)
    passers = ENGINE.apply(state, move).passed_for
    line = ENGINE.describe(state, move, 0)
    plain = ENGINE.describe(replace(state, auto_pass=False), move, 0)
    assert line == plain + "".join(f"; Seat {s} passes: no cards" for s in passers)
    try:
        i18n.use("fr")
        french = ENGINE.describe(state, move, 0)
    finally:
        i18n.use("en")
    assert french.count("aucune carte") == len(passers)
    assert all(f"Seat {s} passe" in french for s in passers)


def test_d34_new_games_get_the_option_and_games_before_it_replay_without():
    entry = catalog.entry("tyros")
    assert entry.default_options()["auto_pass"] is True
    assert "auto_pass" not in {option.key for option in entry.options}   # not on the form
    assert ENGINE.initial(b"s" * 16, 3).auto_pass is False                # a saved game's
    state = ENGINE.initial(b"s" * 16, 3, entry.default_options())
    assert state.auto_pass and from_view(ENGINE.view(state, 1)).auto_pass
    with pytest.raises(ValueError):
        ENGINE.initial(b"s" * 16, 3, {"auto_pass": "1"})


def last_cards_spent(players: int = 3):
    """An actions phase where every other hand is empty and the player to move can build a
    galleon at Tyre with its whole hand, every card one colour."""
    state = ENGINE.initial(b"t" * 16, players, {"auto_pass": True})
    while state.phase == TILES:
        state = ENGINE.apply(state, ENGINE.legal(state)[0])
    seat = ENGINE.to_move(state)[0]
    cost = build_cost(state, TYRE)
    colour = max(state.markers[TYRE], 0)
    hands = tuple(tuple(cost if s == seat and c == colour else 0 for c in range(4))
                  for s in range(players))
    return replace(state, hands=hands, known=hands)


def test_yl11_a_build_with_the_last_cards_can_end_the_turn_and_is_read_as_a_draw():
    state = last_cards_spent()
    after = ENGINE.apply(state, Build(TYRE))
    assert after.passed_for == tuple((ENGINE.to_move(state)[0] + k) % 3 for k in (1, 2, 3))
    assert after.turn == state.turn + 1 and after.phase == TILES and any(after.drawn)
    assert PROTOCOL.draws(Build(TYRE))


def test_yl11_every_move_that_draws_is_read_as_one():
    for game in range(6):
        for state, move in played(game, True)[0]:
            if any(ENGINE.apply(state, move).drawn):
                assert PROTOCOL.draws(move), move


def test_yl11_the_record_keeps_the_option_and_old_records_play_without_it():
    key = derive(b"tyros autopass link", 0)[:16]
    new = PROTOCOL.create("Ann", key, {"players": 3, **catalog.entry("tyros").default_options()})
    assert dict(new.options) == {"tier": PROTOCOL.tier, "auto": "1"}
    old = PROTOCOL.create("Ann", key, {"players": 3})
    assert dict(old.options) == {"tier": PROTOCOL.tier}
    assert dict(PROTOCOL.start(new).options)["auto_pass"] is True
    assert dict(PROTOCOL.start(old).options)["auto_pass"] is False
    with pytest.raises(MalformedMove):
        PROTOCOL.start(replace(new, options=tuple((k, "yes" if k == "auto" else v)
                                                  for k, v in new.options)))
    # a rematch of a game made before the option, or in an older tier, gets it
    assert dict(PROTOCOL.current_options((("tier", "casual-4"), ("tiles", "4")))) \
        == {"tier": PROTOCOL.tier, "tiles": "4", "auto": "1"}


class Device(linktools.Device):
    protocol = PROTOCOL


def test_yl11_a_whole_game_by_link_skips_the_forced_passes():
    """Three devices play a whole game by link with the option (4 tiles each: a short one);
    nobody is ever sent the link to pass with an empty hand: it goes straight to the player
    the engine asks, however many seats on. The log names those who passed, and a voyage
    paid with the last cards ends the actions through such passes: the deal it brings waits
    to be keyed by later messages like any other (YL4)."""
    players = 3
    keys = [derive(b"tyros autopass devices", s)[:16] for s in range(players)]
    options = {"players": players, **catalog.entry("tyros").default_options(),
               "tiles_per_player": 4}
    record = linktools.in_order(PROTOCOL.create("Ann", keys[0], options), keys[0])
    for seat in range(1, players):
        record = PROTOCOL.join(record, ("Bob", "Cy")[seat - 1], keys[seat])
    devices = [Device(s, keys[s], record) for s in range(players)]
    text, stream = encode(record), Stream(b"tyros autopass choices", 10)
    for _ in range(3000):
        movers = PROTOCOL.to_move(decode(text))
        if not movers:
            break
        device = devices[movers[0]]
        device.receive(text)
        legal = PROTOCOL.legal(device.record, device.seat, device.seed)
        if legal != [SEED]:
            view = PROTOCOL.view(device.record, device.seat, device.seed)
            assert not (view["phase"] == ACTIONS and view["pending"] is None
                        and view["hands"][device.seat]["cards"] == 0), "asked to pass"
        text = device.act(SEED if legal == [SEED] else choice(stream, legal))
    final = decode(text)
    assert PROTOCOL.phase(final) == "over" and PROTOCOL.audit(final).ok
    history = History(PROTOCOL, final)
    lines = history.lines()
    assert sum(line.count("passes: no cards") for line in lines) > 5
    ending = [m for m, line in enumerate(lines) if " sails " in line.split(";")[0]
              and line.count("passes: no cards") == players]
    dealt = [m for m in ending if history.tables[m + 1].state.phase == TILES]
    assert dealt
    for m in dealt:
        after = history.tables[m + 1]
        assert after.state.turn == history.tables[m].state.turn + 1
        assert m - after.starters in {drawn for drawn, _seats in after.waiting}
