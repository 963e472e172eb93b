"""Tyros on one device: the board driven by taps only, pass screens, what each screen shows."""
import re

import pytest

from parlor.engine.rng import derive
from parlor.games.tyros import bot
from parlor.games.tyros.rules import (
    ENGINE, LOC_OF, Answer, Build, Cards, City, Exchange, Offer, Sail, Tile, Under,
    from_view)
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session
from parlor.screens.game import game_screen

NAMES = ("Ana", "Bo", "Cy")


def new_session(names=NAMES, bots=(), seed="ab" * 16, options=None):
    saved = SavedGame(id="00000000000000ty", game="tyros", seed=seed, names=names, bots=bots,
                      options=options or {})
    return Session.open(saved, Store(MemoryBackend()))


def offered(screen: str, move) -> bool:
    """Whether the screen has a button that plays `move`."""
    return f'data-action="ty-move" data-value="{ENGINE.encode(move)}"' in screen


def tap(session, action, value=""):
    session.tap({"action": action, "value": str(value)})


def tap_move(session, move):
    """Tap the button for `move`; it must be on the screen."""
    assert offered(game_screen(session), move), move
    tap(session, "ty-move", ENGINE.encode(move))


def choose_cards(session, counts):
    for colour, n in enumerate(counts):
        for _ in range(n):
            tap(session, "ty-more", colour)
    tap(session, "ty-done")


def taps_for(session, move):
    """Stage `move` the way a player would: map places, menus, card choosers."""
    kind = type(move)
    if kind in (Tile, Under):
        tap(session, "ty-loc", move.tile)
        if session.pending is None:
            tap_move(session, move)
    elif kind is Sail:
        tap(session, "ty-loc", LOC_OF[move.src])
        if session.board.source != move.src:
            tap(session, "ty-src", move.src)
        assert LOC_OF[move.dst] in session.board._lit(session.seen(session.holder), None)
        tap(session, "ty-loc", LOC_OF[move.dst])
        if session.pending is None:
            tap_move(session, move)
    elif kind in (Build, City):
        tap(session, "ty-loc", move.loc if kind is Build else LOC_OF[move.node])
        tap_move(session, move)
    elif kind is Exchange:
        tap(session, "ty-mode", "exchange")
        for colour, n in enumerate(move.discard):
            for _ in range(n):
                tap(session, "ty-more", colour)
        tap_move(session, move)
    elif kind is Offer:
        tap(session, "ty-mode", "trade")
        tap_move(session, move)
    elif kind is Cards:
        choose_cards(session, move.counts)
    else:
        tap_move(session, move)
    assert session.pending == move


def play_by_taps(session, move):
    taps_for(session, move)
    session.confirm()


def test_a_whole_three_player_hot_seat_game_by_taps_with_trades():
    session = new_session()
    passes = trades = 0
    for ply in range(3000):
        if session.phase == "over":
            break
        if session.phase == "pass":
            screen = game_screen(session)
            assert "ty-" not in screen and "Your cards" not in screen
            session.reveal()
            passes += 1
        seat = session.mover
        key = derive(b"board-test", ply)
        move = bot.choose(ENGINE, session.state, seat, key)
        trades += isinstance(move, Answer) and move.accept
        play_by_taps(session, move)
    assert session.phase == "over"
    assert trades and passes
    screen = game_screen(session)
    assert "Final score" in screen


@pytest.mark.parametrize("players", [3, 4])
def test_from_view_gives_back_the_view_and_the_legal_moves_of_the_seat_to_move(players):
    """What the board asks the rules about (costs, reasons, moves) comes from the view alone."""
    state = ENGINE.initial(derive(b"from view", players)[:16], players)
    for ply in range(400):
        if ENGINE.outcome(state) is not None:
            break
        seat = ENGINE.to_move(state)[0]
        view = ENGINE.view(state, seat)
        rebuilt = from_view(view)
        assert ENGINE.view(rebuilt, seat) == view
        assert ENGINE.legal(rebuilt) == ENGINE.legal(state)
        state = ENGINE.apply(state, bot.choose(ENGINE, state, seat, derive(b"fv", ply)))


def test_screens_of_one_seat_show_no_other_seat_s_cards_or_tiles():
    session = new_session()
    session.reveal()
    seat = session.mover
    screen = game_screen(session)
    assert "Your cards" in screen
    for other in range(3):
        if other != seat:
            view = session.seen(other).view
            assert "own" not in view["hands"][seat]
    own = session.seen(seat).view["hands"][seat]["own"]
    tiles = re.findall(r'data-action="ty-(?:move|loc)" data-value="[^"]*"[^>]*>(\d+) ', screen)
    assert sorted(map(int, tiles)) == own["tiles"]


def test_an_illegal_choice_says_why():
    session = new_session()
    session.reveal()
    seen = session.seen(session.mover)
    hand = seen.view["hands"][session.mover]["own"]["tiles"]
    outside = next(loc for loc in range(1, 33) if loc not in hand)
    tap(session, "ty-loc", outside)
    assert session.pending is None
    assert session.board.hint(seen, None) == "That location's tile is not in your hand."


def test_d17_a_four_colour_offer_asking_a_colour_it_gives_is_made_by_taps():
    session = new_session()
    for ply in range(40):               # the tile phase, by the computer's choices
        if session.phase == "pass":
            session.reveal()
        if Offer(1) in ENGINE.legal(session.state) or Offer(2) in ENGINE.legal(session.state):
            break
        play_by_taps(session, bot.choose(ENGINE, session.state, session.mover,
                                         derive(b"four colours", ply)))
    seat = session.mover
    partner = next(s for s in range(3) if Offer(s) in ENGINE.legal(session.state))
    hand = session.state.hands[seat]
    assert all(hand), hand                # this deal gives the first player every colour
    play_by_taps(session, Offer(partner))
    give = Cards((1, 1, 1, 1))
    taps_for(session, give)
    assert "Choose at least one card" not in game_screen(session)
    session.confirm()
    ask = Cards((1, 0, 0, 0))             # green is given and asked
    play_by_taps(session, ask)
    assert session.state.pending.give == give.counts and session.state.pending.ask == ask.counts
