"""Phone first (issue 26), the pure side: the decision bar and the header name the decision
(a staged move as the engine or the board's view words it, an offer to answer), disabled
controls stay focusable and say why, and the end screen lists every player's total."""
import random
import re

import pytest

from parlor import catalog
from parlor.engine.protocol import SeatView
from parlor.links import device as linkplay
from parlor.links.record import encode
from parlor.games.tyros.rules import ENGINE as TYROS, Answer, Offer
from parlor.games.tyrus.rules import ENGINE as TYRUS
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session
from parlor.screens.game import game_screen
from parlor.screens.html import action_bar, button
from parlor.screens.link import link_screen
from parlor.screens.svg import esc

TURN_LINE = re.compile(r'<span class="turn-line"[^>]*>(.*?)</span>')
BAR = re.compile(r'<section class="decision".*?</section>', re.S)


def session_of(game: str, names, moves: str = "", bots=()) -> Session:
    saved = SavedGame(id="00000000000000d1", game=game, seed="d1" * 16, names=names, bots=bots,
                      options=catalog.entry(game).default_options(), moves=moves)
    return Session.open(saved, Store(MemoryBackend()))


def turn_line(screen: str) -> str:
    return TURN_LINE.search(screen).group(1)


def bar(screen: str) -> str:
    found = BAR.search(screen)
    assert found, "no decision bar"
    return found.group(0)


def test_a_disabled_button_stays_focusable_and_carries_its_reason():
    on = button("Offer these", "ty-done")
    off = button("Offer these", "ty-done", why="Choose at least one card.")
    assert "aria-disabled" not in on and "data-why" not in on
    assert ' disabled' not in off.replace('aria-disabled', '')
    assert 'aria-disabled="true"' in off and 'data-why="Choose at least one card."' in off
    assert '<span class="why">Choose at least one card.</span>' in off


def test_the_bar_draws_board_buttons_with_their_data_and_reasons():
    html = action_bar("Answer it.", False, [
        ("Refuse", "ty-move", False, {"value": "r"}),
        ("Accept", "ty-move", True, {"value": "a", "why": "You do not hold the cards."})])
    assert 'data-action="ty-move" data-value="r"' in html
    assert 'class="primary" data-action="ty-move" data-value="a" aria-disabled="true"' in html
    assert html.index("Answer it.") < html.index("Refuse")


def test_a_staged_move_is_named_in_the_bar_by_its_board_and_the_header_asks_to_confirm():
    session = session_of("tyrus", ("Ana", "Bo"), bots=(1,))
    while session.phase == "bot":
        session.bot_move()
    move = TYRUS.legal(session.state)[0]
    session.pending = move
    screen = game_screen(session)
    words = session.board.staged(session.seen(session.holder), move)
    assert re.fullmatch(r"Place \w+ \d+ face down in your (opponent’s )?(citadel|market|temple)\.",
                        words), words
    assert esc(words) in bar(screen)
    assert 'data-action="confirm"' in bar(screen) and 'data-action="take-back"' in bar(screen)
    assert turn_line(screen) == "Ana: confirm or take back your move"


def positions_with_choices(key: str, players: int, count: int):
    """(state, seat) where the seat to move has several moves, from one random game."""
    engine = catalog.entry(key).engine
    state, pick, found = engine.initial(b"st" * 8, players, {}), random.Random(key), []
    while engine.outcome(state) is None:
        legal = engine.legal(state)
        if len(legal) > 1:
            found.append(state)
        state = engine.apply(state, pick.choice(legal))
    return engine, found[::max(1, len(found) // count)][:count]


@pytest.mark.parametrize("key", sorted(e.key for e in catalog.GAMES))
def test_every_board_that_stages_a_move_names_it_in_words_of_its_own(key):
    """The decision bar names a staged move from the board's view in every mode (the link
    screen has no state for the engine's describe): every move a board may stage has its
    words (a Tsuro bonus pick: the hint names it); a board that stages nothing (Tod dem
    Tyrannen) words each chosen action, with its AP cost, in its hint."""
    entry = catalog.entry(key)
    board = entry.board()
    if not board.stages_moves:
        assert not hasattr(board, "staged")
        return
    engine, states = positions_with_choices(key, entry.players[0], 6)
    for state in states:
        seat = engine.to_move(state)[0]
        seen = SeatView(engine.view(state, seat), tuple(engine.legal(state)), seat)
        for move in seen.legal:
            words = board.staged(seen, move)
            if type(move).__name__ == "Pick":
                assert not words and board.hint(seen, move).startswith("Elimination bonus")
            else:
                assert words.strip(), (key, move)


def link_game(key: str):
    """Ana's device with a two-player game by link of `key` that Bo joined, and Bo's."""
    stores = [linkplay.LinkStore(MemoryBackend()) for _ in range(2)]
    ana = linkplay.create(stores[0], key, "Ana")
    bo = linkplay.LinkSession(linkplay.open_link(stores[1], encode(ana.record))[0], stores[1])
    bo.join("Bo")
    held, _note = linkplay.open_link(stores[0], encode(bo.record))
    return linkplay.LinkSession(held, stores[0]), bo


@pytest.mark.parametrize("key", ["tsuro", "tyrus"])
def test_by_link_the_bar_names_the_staged_move_as_on_one_device(key):
    devices = list(link_game(key))
    for _ in range(4):      # an opening message with no board move (Tyrus) goes first
        mover = next(d for d in devices if d.my_turn())
        if mover.seen().legal:
            break
        mover.act(mover.legal()[0])
        other = devices[1 - devices.index(mover)]      # the friend opens the link sent
        devices[devices.index(other)] = linkplay.LinkSession(
            linkplay.open_link(other.store, encode(mover.record))[0], other.store)
    seen = mover.seen()
    mover.pending = seen.legal[0]
    screen = link_screen(mover, "https://x/", False, False)
    words = mover.board.staged(seen, mover.pending)
    assert words and esc(words) in bar(screen)
    assert 'data-action="confirm"' in bar(screen)


def offer_waiting(seed: int) -> str:
    """Moves of a three-player Tyros game up to an offer its partner must answer."""
    session = session_of("tyros", ("Ana", "Bo", "Cy"))
    pick, state, moves = random.Random(seed), session.state, ""
    for _ in range(3000):
        pending = TYROS.view(state, None)["pending"]
        if pending and pending["kind"] == "offer" and pending["waiting"]:
            return moves
        legal = TYROS.legal(state)
        offers = [m for m in legal if isinstance(m, Offer)]
        cards = [m for m in legal if type(m).__name__ == "Cards" and sum(m.counts) == 1]
        move = pick.choice(offers or cards or legal)
        moves += TYROS.encode(move)
        state = TYROS.apply(state, move)
    raise AssertionError("no offer came up")


def test_an_offer_to_answer_is_named_in_the_header_and_the_bar_with_accept_and_refuse():
    moves = offer_waiting(3)
    session = session_of("tyros", ("Ana", "Bo", "Cy"), moves)
    session.reveal()
    seen = session.seen(session.holder)
    pending = seen.view["pending"]
    proposer = session.names[pending["seat"]]
    screen = game_screen(session)
    header = turn_line(screen)
    assert header.startswith(f"{proposer} offers you ") and header.endswith("accept or refuse.")
    decision = bar(screen)
    assert header in decision
    refuse = f'data-value="{TYROS.encode(Answer(False))}"'
    accept = f'data-value="{TYROS.encode(Answer(True))}"'
    assert refuse in decision and accept in decision
    can_accept = Answer(True) in seen.legal
    assert ('aria-disabled="true"' in decision.split(accept)[1].split(">")[0]) != can_accept
    session.tap({"action": "ty-move", "value": TYROS.encode(Answer(False))})
    staged = game_screen(session)
    assert "Refuse the offer." in bar(staged) and "offers you" not in bar(staged)
    assert turn_line(staged) == f"{session.names[session.holder]}: confirm or take back your move"


def test_no_tyros_screen_uses_the_bare_disabled_attribute():
    """Random play through many positions: every disabled control is aria-disabled with a
    reason, and the reason is not empty."""
    session = session_of("tyros", ("Ana", "Bo", "Cy"))
    pick, seen_off = random.Random(7), 0
    for _ in range(120):
        if session.phase == "pass":
            session.reveal()
        if session.phase != "play":
            break
        for mode in ("", "trade", "exchange"):
            session.board.mode = mode
            screen = game_screen(session)
            assert not re.search(r"<button[^>]* disabled[ >]", screen)
            for why in re.findall(r'aria-disabled="true" data-why="([^"]*)"', screen):
                assert why.strip()
                seen_off += 1
        session.board.reset()
        session._commit(pick.choice(TYROS.legal(session.state)))
    assert seen_off > 10


def test_the_end_screen_lists_every_players_total():
    for game, names in (("tyrus", ("Ana", "Bo")), ("tyros", ("Ana", "Bo", "Cy"))):
        session = session_of(game, names)
        engine, pick = session.engine, random.Random(1)
        moves, state = "", session.state
        while engine.outcome(state) is None:
            move = pick.choice(engine.legal(state))
            moves += engine.encode(move)
            state = engine.apply(state, move)
        screen = game_screen(session_of(game, names, moves))
        totals = re.search(r'<ul class="totals"[^>]*>(.*?)</ul>', screen).group(1)
        items = re.findall(r"<li>(.*?)</li>", totals)
        assert len(items) == len(names)
        assert all(item.startswith(name) for item, name in zip(items, names))
        assert all(re.search(r"\d", item) for item in items)
        assert screen.index('class="totals"') < screen.index('class="board')
