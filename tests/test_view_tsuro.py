"""Tsuro on screen: the SVG (well formed, tappable parts, secrecy, escaping, size) and the Board
(taps to moves, hints, news and the end story), down to a whole hot-seat game in a Session.
Rule numbers (U.., D..) are those of seeds/tsuro.md."""
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from parlor import catalog
from parlor.games.tsuro.board import Board
from parlor.games.tsuro.rules import (ENGINE, LEAVE, START_MARKS, TAKE, Place, StartMark, preview)
from parlor.engine.protocol import SeatView
from parlor.engine.rng import Stream, derive
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session
from parlor.games.tsuro.view import SHAPES, trail_d

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]



def seat_view(state, seat="mover"):
    """What the screen of `seat` (default: the seat to move) is drawn from."""
    movers = ENGINE.to_move(state)
    if seat == "mover":
        seat = movers[0] if movers else None
    legal = tuple(ENGINE.legal(state)) if seat is not None and seat in movers else ()
    return SeatView(ENGINE.view(state, seat), legal, seat)


def public(state):
    """Everyone's view of a state (news and summaries are drawn from it)."""
    return ENGINE.view(state, None)

def playout(seed_index, players, options=None, stop=None):
    """States of a seeded random game, up to the end or until `stop(state)` holds."""
    seed = derive(b"tsuro-view", seed_index, players)[:16]
    state = ENGINE.initial(seed, players, options or {})
    stream = Stream(seed, "moves")
    states = [state]
    while ENGINE.legal(state) and not (stop and stop(state)):
        legal = ENGINE.legal(state)
        state = ENGINE.apply(state, legal[stream.below(len(legal))])
        states.append(state)
    return states


def placed_marks(players, seed_index=0):
    """A game just past the start marks: every marker on the board, seat 0 to place."""
    return playout(seed_index, players, stop=lambda s: ENGINE.view(s, None)["phase"] != "start")[-1]


def draw(state, seat, pending=None, names=NAMES, interactive=True, board=None):
    board = board or Board()
    out = board.svg(seat_view(state, seat), pending, names, interactive)
    return out, ET.fromstring(out)


def with_attr(root, name):
    return [el for el in root.iter() if el.get(name) is not None]


def classes(el):
    return el.get("class", "").split()


# --- Setup: start marks (U3) ------------------------------------------------------------------

def test_u03_only_free_start_marks_are_tap_targets_during_setup():
    state = ENGINE.initial(b"\x01" * 16, 3)
    state = ENGINE.apply(state, StartMark(7))            # seat 0 took mark 7
    _, root = draw(state, 1)
    edges = with_attr(root, "data-mark")
    assert len(edges) == 20, "one target per edge square"
    assert all(el.get("data-action") == "mark" and el.get("role") == "button" for el in edges)
    for el in edges:
        hit = el.find(SVG + "rect")
        assert float(hit.get("width")) >= 44 and float(hit.get("height")) >= 44
    board, reached = Board(), set()
    for el in edges:               # tapping a square again and again reaches each free mark
        pending, key = None, el.get("id")
        for _ in range(4):
            square = [e for e in with_attr(draw(state, 1, pending, board=board)[1], "data-mark")
                      if e.get("id") == key][0]
            pending = board.tap(seat_view(state), {"action": "mark",
                                                   "mark": square.get("data-mark")}, pending)
            reached.add(pending.index)
    assert reached == {i for i in range(48) if i != 7}
    assert with_attr(root, "data-tile") == [], "D1: the hand is shown, but not played, yet"
    tile = ENGINE.view(state, 1)["hands"][1][0]["tile"]
    board = Board()
    assert board.tap(seat_view(state), {"tile": str(tile)}, None) is None and "mark" in board.hint(seat_view(state), None)
    _, watching = draw(state, 1, interactive=False)
    assert with_attr(watching, "data-mark") == []
    _, playing = draw(placed_marks(3), 0)
    assert with_attr(playing, "data-mark") == []


def test_u03_tapping_a_mark_stages_it_and_a_taken_mark_does_nothing():
    state = ENGINE.apply(ENGINE.initial(b"\x01" * 16, 3), StartMark(7))
    board = Board()
    assert board.tap(seat_view(state), {"action": "mark", "mark": "7"}, None) is None
    assert board.tap(seat_view(state), {"action": "mark", "mark": "x"}, None) is None
    move = board.tap(seat_view(state), {"action": "mark", "mark": "12"}, None)
    assert move == StartMark(12)
    _, root = draw(state, 1, move, board=board)
    chosen = [el for el in root.iter() if "chosen" in classes(el)]
    targets = [el.get("data-mark") for el in with_attr(root, "data-mark")]
    assert len(chosen) == 1 and "12" not in targets and "13" in targets
    square = [el for el in with_attr(root, "data-mark") if "current" in classes(el)][0]
    assert square.get("data-mark") == "13" and "press for the" in square.get("aria-label")
    assert "Confirm" in board.hint(seat_view(state), move)


# --- The hand, trying and turning a tile (U4, U8) ---------------------------------------------

def test_u04_the_hand_shows_exactly_the_viewers_tiles():
    state = placed_marks(4)
    for seat in range(4):
        _, root = draw(state, seat, interactive=seat == 0)
        hand = [t["tile"] for t in ENGINE.view(state, seat)["hands"][seat]]
        shown = [el for el in root.iter() if "hand" in classes(el)]
        assert len(shown) == len(hand) == 3
        if seat == 0:
            assert [int(el.get("data-tile")) for el in with_attr(root, "data-tile")] == hand
        else:
            assert with_attr(root, "data-tile") == [], "only the mover's tiles can be tapped"


def test_u04_tapping_a_tile_tries_it_and_tapping_again_turns_it_through_legal_ways():
    state = placed_marks(3)
    board = Board()
    tile = ENGINE.view(state, 0)["hands"][0][0]["tile"]
    legal = [m for m in ENGINE.legal(state) if m.slot == 0]
    seen = []
    pending = None
    for _ in range(5):
        pending = board.tap(seat_view(state), {"tile": str(tile)}, pending)
        seen.append(pending)
    assert all(move in legal for move in seen)
    ways = len(set(seen))
    assert 1 <= ways <= 4 and seen[ways] == seen[0], "turning cycles through the ways"
    assert board.tap(seat_view(state), {"action": "rotate"}, seen[0]) == seen[1]
    assert board.tap(seat_view(state), {"tile": "99"}, None) is None


def test_u04_a_tile_turned_to_a_look_alike_way_is_offered_once():
    # Tile 0 joins each side's two points: all four turnings look the same.
    # The mover faces (2,2) from above, inside the board: every way of tile 0 is safe.
    state = placed_marks(2)
    board_cells = [-1] * 36
    board_cells[8] = 33 * 4
    state = replace(state, marks=(2 * 6 * 8 + 2 * 8, START_MARKS[20]),
                    hands=((0, 1, 2), state.hands[1]), board=tuple(board_cells))
    assert len([m for m in ENGINE.legal(state) if m.slot == 0]) == 4
    board = Board()
    first = board.tap(seat_view(state), {"tile": "0"}, None)
    assert first == Place(0, 0) and board.tap(seat_view(state), {"tile": "0"}, first) == first
    assert board.buttons(seat_view(state), first) == []
    turning = board.tap(seat_view(state), {"tile": "1"}, None)
    assert [label for label, _, _ in board.buttons(seat_view(state), turning)] == ["Turn \u21bb"]


def test_u08_ways_that_put_yourself_out_are_not_offered_and_the_hint_says_why():
    # Facing down into the empty top-left corner from mark (0,0,0): tile 0 sends the marker
    # off the board in every turning, tile 4 in all but its third turning.
    state = placed_marks(2)
    state = replace(state, marks=(0, START_MARKS[20]), hands=((0, 4, 33), state.hands[1]),
                    board=(-1,) * 36)
    board = Board()
    assert board.tap(seat_view(state), {"tile": "0"}, None) is None
    assert "however it is turned" in board.hint(seat_view(state), None)
    _, root = draw(state, 0, board=board)
    blocked = [el.get("data-tile") for el in root.iter() if "blocked" in classes(el)]
    assert blocked == ["0"]
    pending = None
    for _ in range(3):
        pending = board.tap(seat_view(state), {"tile": "4"}, pending)
        assert pending == Place(1, 3)
    assert board.buttons(seat_view(state), pending) == []
    forced = replace(state, hands=((0,), state.hands[1]))
    assert "Every tile in every turning" in Board().hint(seat_view(forced), None)
    assert Board().tap(seat_view(forced), {"tile": "0"}, None) == Place(0, 0)


def test_u05_the_preview_path_of_the_tried_tile_is_drawn_and_outs_are_flagged():
    states = playout(3, 4)
    for state in states:
        if ENGINE.view(state, None)["phase"] != "play":
            continue
        seat = ENGINE.to_move(state)[0]
        for move in ENGINE.legal(state):
            result = preview(state, move.slot, move.rotation)
            if any(s != seat for s in result["eliminates"]):
                break
        else:
            continue
        break
    else:
        pytest.fail("no placement in this game puts another marker out")
    _, root = draw(state, seat, move)
    trails = [el for el in root.iter() if "preview" in classes(el)]
    drawn = {int(c[4:]) for el in trails for c in classes(el) if c.startswith("seat")}
    assert drawn == {s for s, p in enumerate(result["paths"]) if p}
    mine = next(el for el in trails if f"seat{seat}" in classes(el))
    assert mine[0].get("d") == trail_d(result["paths"][seat])
    flags = [el for el in root.iter() if "flag" in classes(el) and "out" in classes(el)]
    assert sorted(int(c[4:]) for el in flags for c in classes(el) if c.startswith("seat")) == \
        sorted(result["eliminates"])
    ghost = [el for el in root.iter() if "ghost" in classes(el)]
    assert len(ghost) == 1 and ghost[0].get("data-action") == "rotate"
    assert "out" in Board().hint(seat_view(state), move)


def test_the_last_moves_paths_run_once_then_stay_drawn():
    state = playout(1, 3)[12]
    board = Board()
    first, _ = draw(state, ENGINE.to_move(state)[0], board=board)
    again, root = draw(state, ENGINE.to_move(state)[0], board=board)
    trails = [el for el in root.iter() if "last" in classes(el)]
    assert trails and 'class="draw"' in first and 'class="draw"' not in again


# --- Secrecy, names, eight players, size -------------------------------------------------------

@pytest.mark.parametrize("seed_index", range(3))
def test_d10_the_drawing_depends_only_on_what_the_seat_may_see(seed_index):
    states = playout(seed_index, 4)
    for n, state in enumerate(states[::5]):
        for seat in [None, 0, 1, 2, 3]:
            other = ENGINE.sample_hidden(state, seat, derive(b"view", n, str(seat)))
            mover = seat is not None and seat in ENGINE.to_move(state)
            assert Board().svg(seat_view(state, seat), None, NAMES, mover) == \
                Board().svg(seat_view(other, seat), None, NAMES, mover)


def test_names_are_escaped_everywhere():
    hostile = ['<script>alert(1)</script>', 'A&B "q"', "Cy"]
    states = playout(5, 3)
    board = Board()
    over = states[-1]
    out, root = draw(states[10], ENGINE.to_move(states[10])[0], names=hostile)
    assert "<script>" not in out and root.find(f".//{SVG}script") is None
    assert any("A&B" in (el.text or "") for el in root.iter())
    for html in (board.summary(public(over), hostile), _some_news(hostile)):
        assert "<script>" not in html and "&lt;script&gt;" in html
        ET.fromstring(html)


def _some_news(names):
    for index in range(20):
        states = playout(index, 3)
        for before, after in zip(states, states[1:]):
            news = Board().news(public(before), public(after), names)
            if news:
                return news
    raise AssertionError("no one went out in 20 games")


def test_u01_eight_players_get_eight_distinct_marker_shapes_and_colours():
    state = placed_marks(8)
    _, root = draw(state, 0)
    markers = [el for el in root.iter() if "marker" in classes(el)]
    found = {}
    for el in markers:
        seat = next(int(c[4:]) for c in classes(el) if c.startswith("seat"))
        shape = next(c for c in classes(el) if c in SHAPES)
        body = el[1]
        found.setdefault(seat, set()).add((shape, body.get("fill")))
    assert sorted(found) == list(range(8))
    looks = [next(iter(v)) for _, v in sorted(found.items())]
    assert len({shape for shape, _ in looks}) == 8 and len({fill for _, fill in looks}) == 8
    numbers = {el[2].text for el in markers}
    assert numbers == {str(n) for n in range(1, 9)}


def test_the_drawing_stays_small_even_on_a_full_board():
    worst = 0
    for index in range(4):
        states = playout(index, 8)
        for state in states[-3:]:
            for seat in [None, *ENGINE.to_move(state)]:
                out = Board().svg(seat_view(state, seat), None, NAMES, seat is not None)
                worst = max(worst, len(out.encode()))
        full = max(states, key=lambda s: sum(c >= 0 for c in s.board))
        assert sum(c >= 0 for c in full.board) > 20
    assert 0 < worst < 60_000


def test_out_players_are_shown_as_out():
    states = playout(2, 4)
    state = next(s for s in states if not all(s.alive) and s.outcome is None)
    _, root = draw(state, ENGINE.to_move(state)[0])
    gone = [s for s in range(4) if not state.alive[s]]
    chips = {int(c[4:]) for el in root.iter() if "player" in classes(el) and "out" in classes(el)
             for c in classes(el) if c.startswith("seat")}
    crossed = {int(c[4:]) for el in root.iter() if "marker" in classes(el) and "out" in classes(el)
               for c in classes(el) if c.startswith("seat")}
    assert chips == set(gone) and set(gone) <= crossed


# --- Bonus exchange (U18), options, news and the end -------------------------------------------

def test_the_setup_offers_the_bonus_as_the_engines_own_bool_values():
    choices = catalog.entry("tsuro").option("elimination_bonus").choices
    assert [value for value, _ in choices] == [False, True]
    for value, _ in choices:
        assert ENGINE.view(ENGINE.initial(b"\x00" * 16, 3, {"elimination_bonus": value}),
                           None)["options"] == {"elimination_bonus": value}


def test_u18_the_bonus_exchange_is_played_with_keep_and_give_up():
    for index in range(40):
        states = playout(index, 4, {"elimination_bonus": True},
                         stop=lambda s: ENGINE.view(s, None)["phase"] == "exchange")
        if ENGINE.view(states[-1], None)["phase"] == "exchange":
            break
    else:
        pytest.fail("no bonus exchange in 40 games")
    state = states[-1]
    seat = ENGINE.to_move(state)[0]
    board = Board()
    assert [a for _, a, _ in board.buttons(seat_view(state), None)] == ["keep", "give-up"]
    assert board.tap(seat_view(state), {"action": "keep"}, None) == TAKE
    assert board.tap(seat_view(state), {"action": "give-up"}, None) == LEAVE
    out, root = draw(state, seat, TAKE, board=board)
    shown = [el for el in root.iter() if "candidate" in classes(el)]
    mine = ENGINE.view(state, seat)["exchange"]
    assert len(shown) == len(mine["candidates"])
    own = [el for el in root.iter() if el.text == "yours"]
    assert len(own) == len(mine["candidates"]) - len(mine["pool"])
    assert "Elimination bonus" in board.hint(seat_view(state), None)
    other = (seat + 1) % 4
    _, theirs = draw(state, other, interactive=False)
    assert not [el for el in theirs.iter() if "candidate" in classes(el)]
    for viewer in (seat, other, None):
        resampled = ENGINE.sample_hidden(state, viewer, b"exchange")
        mover = viewer == seat
        assert Board().svg(seat_view(resampled, viewer), None, NAMES, mover) == \
            Board().svg(seat_view(state, viewer), None, NAMES, mover)


def test_u07_news_tells_who_ran_into_whom_and_who_ran_off():
    state = placed_marks(4)
    # Seats 1 and 2 on the two marks above (0,1), seat 0 coming in from its left: tile 10
    # joins 0-1, so 1 and 2 meet; seat 3 is far away.
    state = replace(state, marks=(8 + 7, 8 + 0, 8 + 1, START_MARKS[30]),
                    hands=((10, 19, 21), (3, 4, 5), (6, 7, 8), (12, 14, 15)),
                    board=(33 * 4,) + (-1,) * 35, turn=0)
    after = ENGINE.apply(state, Place(0, 0))
    news = Board().news(public(state), public(after), NAMES)
    assert "Bo and Cy ran into each other" in news and "ran off" not in news
    assert "Ana placed a tile" in news
    assert Board().news(public(after), public(after), NAMES) == ""


def test_u15_summary_tells_the_order_players_went_out():
    states = playout(4, 3)
    over = states[-1]
    order = ENGINE.view(over, None)["eliminated_order"]
    html = Board().summary(public(over), NAMES)
    root = ET.fromstring(html)
    steps = [li.text for li in root.iter("li")]
    assert len(steps) == len(order) and steps[0].startswith("First out: ")
    for step, group in zip(steps, order):
        assert all(NAMES[s] in step for s in group)
    _, board = draw(over, None, interactive=False)
    won = {int(c[4:]) for el in board.iter() if "player" in classes(el) and "won" in classes(el)
           for c in classes(el) if c.startswith("seat")}
    assert won == set(ENGINE.outcome(over).winners)


def test_a_hot_seat_session_plays_a_three_player_game_to_the_end():
    saved = SavedGame(id="00000000000000ab", game="tsuro", seed="ab" * 16,
                      names=("Ana", "Bo", "Cy"), options={})
    session = Session.open(saved, Store(MemoryBackend()))
    for turn in range(200):
        if session.phase == "over":
            break
        if session.phase == "news":
            assert "Out of the game" in session.news
            session.dismiss_news()
            continue
        if session.phase == "pass":
            session.reveal()
        state = session.state
        phase = ENGINE.view(state, None)["phase"]
        if phase == "start":
            free = [m.index for m in ENGINE.legal(state)]
            session.tap({"action": "mark", "mark": str(free[turn % len(free)])})
        else:
            hand = ENGINE.view(state, session.holder)["hands"][session.holder]
            session.tap({"tile": str(hand[turn % len(hand)]["tile"])})
            if session.pending is None:        # that tile would put the mover out
                session.tap({"tile": str(hand[(turn + 1) % len(hand)]["tile"])})
            if session.pending is None:
                session.tap({"tile": str(hand[(turn + 2) % len(hand)]["tile"])})
        assert session.pending is not None
        assert session.board.svg(seat_view(session.state, session.holder), session.pending, saved.names, True)
        session.confirm()
    assert session.phase == "over" and ENGINE.outcome(session.state) is not None
    assert session.board.summary(public(session.state), saved.names)
