"""Phone first (issue 26), the pure side: the decision bar and the header name the decision
(a staged move as the engine or the board's view words it, an offer to answer), disabled
controls stay focusable and say why, and the end screen lists every player's total."""
import random
import re

from parlor import catalog
from parlor.games.tyros.rules import ENGINE as TYROS, Answer, Offer
from parlor.games.tyrus.rules import ENGINE as TYRUS
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session
from parlor.screens.game import game_screen
from parlor.screens.html import action_bar, button
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


def test_a_staged_move_is_named_in_the_bar_from_describe_and_the_header_asks_to_confirm():
    session = session_of("tyrus", ("Ana", "Bo"), bots=(1,))
    while session.phase == "bot":
        session.bot_move()
    move = TYRUS.legal(session.state)[0]
    session.pending = move
    screen = game_screen(session)
    words = TYRUS.describe(session.state, move, session.holder).replace(
        f"Seat {session.holder}", "Ana").replace("Seat 1", "Bo")
    assert esc(words) in bar(screen)
    assert 'data-action="confirm"' in bar(screen) and 'data-action="take-back"' in bar(screen)
    assert turn_line(screen) == "Ana: confirm or take back your move"


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
