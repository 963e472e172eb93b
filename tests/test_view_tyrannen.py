"""Tod dem Tyrannen! on screen: the SVG, the secrecy of the assassins, lit fields, the taps
that make moves, the news and the end summary. Rule numbers refer to seeds/tod-dem-tyrannen.md.
"""
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from test_tyrannen import SEED, cit, play, scene

from parlor.games.tyrannen.board import Board
from parlor.games.tyrannen.rules import END, ENGINE, Move, rank_subset, unrank_subset
from parlor.engine.protocol import SeatView
from parlor.engine.rng import Stream, derive
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session

N, E, S, W = range(4)
NAMES = ["Ana", "Bo"]
SECRET = re.compile(r"secret-badge|secret-list")



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

def svg_of(board, state, seat, interactive=True, names=NAMES):
    markup = board.svg(seat_view(state, seat), None, names, interactive)
    ET.fromstring(markup)          # well formed, or this raises
    return markup


def lit_cells(markup):
    return {int(v) for v in re.findall(r'data-cell="(\d+)"', markup)}


def picked(board, state, *taps):
    """Feed taps to the board; return the last move it made (or None)."""
    move = None
    for data in taps:
        move = board.tap(seat_view(state), data, None)
    return move


def fig(n):
    return {"action": "pick", "figure": str(n)}


def field(cell):
    return {"action": "field", "cell": str(cell)}


def started(side="A", assassins=(2, 5, 9)):
    """A game past its setup: round 1, the king's player to move."""
    state = ENGINE.initial(SEED, 2, {"side": side})
    state = ENGINE.apply(state, Move("assassins", 0, rank_subset(assassins)))
    return ENGINE.apply(state, Move("start", 0, 0)) if state.phase == "start" else state


def playout_states(seed_index, side="A", every=6):
    """States met in a random game (the rebel unmasks now and then), one in `every`."""
    key = derive(b"view-tyrannen", seed_index, side)[:16]
    state = ENGINE.initial(key, 2, {"side": side})
    stream = Stream(key, "moves")
    out = []
    for n in range(2000):
        moves = ENGINE.legal(state)
        if not moves:
            break
        if n % every == 0:
            out.append(state)
        unmask = [m for m in moves if m.kind == "unmask" and stream.below(25) == 0]
        state = ENGINE.apply(state, (unmask or moves)[stream.below(len(unmask or moves))])
    return out + [state]


# --- The drawing -------------------------------------------------------------------------

@pytest.mark.parametrize("side", ["A", "B"])
def test_svg_parses_and_draws_every_figure_in_every_phase(side):
    board = Board()
    state = ENGINE.initial(SEED, 2, {"side": side})
    markup = svg_of(board, state, 1)
    assert markup.count('class="citizen"') == 12
    assert markup.count('class="knight"') == (7 if side == "A" else 0)
    for state in playout_states(1, side, every=25):
        for seat in (None, 0, 1):
            svg_of(Board(), state, seat, interactive=seat in ENGINE.to_move(state))


def test_k5_street_roof_and_gate_fields_are_drawn_apart():
    markup = svg_of(Board(), started(), 0)
    root = ET.fromstring(markup)
    kinds = {el.get("class"): el.get("fill") for el in root.iter("{http://www.w3.org/2000/svg}path")
             if el.get("class") in ("street", "roof", "gate")}
    assert kinds == {"street": "url(#tt-street)", "roof": "url(#tt-roof)",
                     "gate": "url(#tt-gate)"}
    for pattern in ("tt-street", "tt-roof", "tt-gate"):
        assert f'<pattern id="{pattern}"' in markup
    assert markup.count('class="exit"') == 2, "side A has two gates, each with its way out"


def test_k4_status_strip_shows_round_card_pools_and_the_kings_life():
    state = started()
    card = state.card
    markup = svg_of(Board(), state, 0)
    assert "Round 1 of 15" in markup and "14 left" in markup
    assert f"{card.king_ap} / {card.king_ap}" in markup
    assert f"{card.knight_ap} / {card.knight_ap}" in markup
    assert f"{card.rebel_ap} / {card.rebel_ap}" in markup
    assert markup.count('class="heart"') == 2
    wounded = svg_of(Board(), replace(state, wounds=1), 0)
    assert wounded.count('class="heart"') == 1 and wounded.count('class="heart lost"') == 1


def test_names_are_escaped_in_the_svg():
    hostile = '<script>alert(1)</script>&"'
    markup = svg_of(Board(), started(), 0, names=[hostile, "Bo"])
    assert "<script>" not in markup and "&lt;script&gt;" in markup


def test_svg_stays_under_80_kb_even_with_every_field_lit():
    board = Board()
    biggest = 0
    for state in playout_states(2):
        for f in range(20):
            board.figure = f
            biggest = max(biggest, len(svg_of(board, state, ENGINE.to_move(state)[0]
                                              if ENGINE.to_move(state) else None)))
    assert 5000 < biggest < 80_000


# --- Secrecy -------------------------------------------------------------------------------

def test_k12_king_and_spectator_renders_never_tell_the_assassins_apart():
    """The king's and a spectator's render is the same, byte for byte, whichever citizens are
    the assassins (re-dealt with sample_hidden), with every own figure selected in turn."""
    changed = 0
    for seed_index in range(4):
        for n, state in enumerate(playout_states(seed_index)):
            if state.phase == "over":
                continue
            for seat in (0, None):
                other = ENGINE.sample_hidden(state, seat, derive(b"resample", seed_index, n))
                changed += other.assassins != state.assassins
                mine = seat in ENGINE.to_move(state)
                for f in range(8) if mine else [None]:
                    a, b = Board(), Board()
                    a.figure = b.figure = f
                    first = svg_of(a, state, seat, interactive=mine)
                    assert not SECRET.search(first)
                    assert first == svg_of(b, other, seat, interactive=mine)
                    if mine:
                        assert a.hint(seat_view(state), None) == b.hint(seat_view(other), None)
                        assert a.buttons(seat_view(state), None) == b.buttons(seat_view(other), None)
    assert changed > 10, "sample_hidden never moved the assassins: the check proved nothing"


def test_k12_a_capture_preview_reads_the_same_for_the_last_assassin_or_a_citizen():
    """Capturing citizen 1 would end the game when it is the last assassin: nothing shown
    before the tap may depend on that."""
    picture = """
    . .1 .a .  .b
    . .  .  .  .
    """
    shown = []
    for assassins in ("a", "b"):
        state = scene(picture, assassins=assassins)
        board = Board()
        picked(board, state, fig(1), field(2))
        shown.append((board.svg(seat_view(state, 0), None, NAMES, True), board.hint(seat_view(state), None),
                      board.buttons(seat_view(state), None)))
    assert shown[0] == shown[1]
    assert ("Capture", "do-strike", True) in shown[0][2]


def test_the_rebel_sees_a_dagger_badge_on_each_hidden_assassin():
    state = started(assassins=(2, 5, 9))
    markup = svg_of(Board(), state, 1)
    assert markup.count('class="secret-badge"') == 3
    assert "Your assassins: 3, 6, 10" in markup
    assert not SECRET.search(svg_of(Board(), state, 0))


# --- Lit fields --------------------------------------------------------------------------

def expected_targets(state, f):
    """The fields of the selected figure's legal steps and strikes (castle steps apart)."""
    pos = state.knights[f - 1] if 1 <= f <= 7 else state.king if f == 0 else \
        state.citizens[f - 8]
    cells, castle = set(), False
    for m in ENGINE.legal(state):
        if m.fig == f and m.kind in ("step", "strike"):
            if f == 0 and state.board.exits.get(pos) == m.arg:
                castle = True
            else:
                cells.add(state.board.nbr[pos][m.arg])
    return cells, castle


def test_data_cell_is_exactly_on_the_legal_targets_of_the_selected_figure():
    seen = 0
    for seed_index in range(3):
        for state in playout_states(seed_index, every=3):
            seats = ENGINE.to_move(state)
            if not seats or state.phase not in ("king", "rebel"):
                continue
            figures = range(8) if state.phase == "king" else range(8, 20)
            assert lit_cells(svg_of(Board(), state, seats[0])) == set(), "nothing lit yet"
            for f in figures:
                board = Board()
                picked(board, state, fig(f))
                markup = svg_of(board, state, seats[0])
                cells, castle = expected_targets(state, f)
                assert lit_cells(markup) == cells
                assert ('data-action="castle"' in markup) == castle
                seen += len(cells)
    assert seen > 100


def test_lit_fields_carry_their_ap_cost():
    """K7: a knight climbing from the street onto a roof pays 2 AP, along the street 1."""
    state = scene("""
    ^ ^ ^
    . .1 .
    """)
    board = Board()
    picked(board, state, fig(1))
    markup = svg_of(board, state, 0)
    costs = dict(re.findall(r'data-cell="(\d+)".*?>(\d+)</text></g>', markup))
    assert costs == {"1": "2", "3": "1", "5": "1"}


# --- Taps that make moves ----------------------------------------------------------------

def test_k2_rebel_taps_three_citizens_then_confirms_the_assassins():
    board = Board()
    state = ENGINE.initial(SEED, 2)
    assert board.buttons(seat_view(state), None) == []
    assert picked(board, state, fig(10), fig(8), fig(9), fig(11)) is None
    assert board.chosen == (2, 0, 1), "a fourth citizen is refused until one is let go"
    picked(board, state, fig(8), fig(17))
    assert board.buttons(seat_view(state), None) == [("Confirm assassins", "assassins", True)]
    move = picked(board, state, {"action": "assassins"})
    assert move == Move("assassins", 0, rank_subset((1, 2, 9)))
    assert unrank_subset(move.arg) == (1, 2, 9)


def test_k3_side_b_king_taps_a_start_field_sees_the_setup_then_starts_there():
    state = ENGINE.apply(ENGINE.initial(SEED, 2, {"side": "B"}), Move("assassins", 0, 7))
    board = Board()
    starts = lit_cells(svg_of(board, state, 0))
    assert starts == {90, 98}
    assert picked(board, state, field(98)) is None
    markup = svg_of(board, state, 0)
    assert markup.count('class="ghost"') == 8
    assert board.buttons(seat_view(state), None) == [("Start here", "king-start", True)]
    assert picked(board, state, {"action": "king-start"}) == Move("start", 0, 1)


def test_k6_a_plain_step_is_played_at_once_and_the_figure_stays_selected():
    state = scene("""
    .K . .
    .  . .
    """)
    board = Board()
    assert picked(board, state, fig(0)) is None
    assert picked(board, state, field(1)) == Move("step", 0, E)
    board.reset()
    assert board.figure == 0 and board.target is None


def test_k8_push_is_previewed_and_waits_for_its_button():
    state = scene("""
    .1 .a .b .
    .  .  .  .
    """, card=2)
    board = Board()
    picked(board, state, fig(1))
    assert picked(board, state, field(1)) is None, "a push is never played on the first tap"
    markup = svg_of(board, state, 0)
    assert markup.count('class="ghost"') == 2 and markup.count('class="shove"') == 2
    assert board.buttons(seat_view(state), None)[0] == ("Push", "do-step", True)
    assert "Push (1 AP) shoves citizen 1 and citizen 2 east" in board.hint(seat_view(state), None)
    assert picked(board, state, {"action": "do-step"}) == Move("step", 1, E)


def test_k11_push_or_capture_on_one_field_offers_both_buttons():
    state = scene("""
    .1 .a .
    .  .  .
    """)
    board = Board()
    picked(board, state, fig(1), field(1))
    labels = [b[0] for b in board.buttons(seat_view(state), None)]
    assert labels == ["Push", "Capture", "End turn"]
    assert board.hint(seat_view(state), None) == ("Push (1 AP) shoves citizen 1 east, or Capture (1 AP) "
                                       "takes citizen 1: choose below.")
    assert picked(board, state, {"action": "do-strike"}) == Move("strike", 1, E)


def test_k14_unmask_is_one_button_for_a_selected_hidden_assassin():
    state = scene("""
    .a .b .
    .  .  .
    """, assassins="a", phase="rebel")
    board = Board()
    picked(board, state, fig(cit("b")))
    assert ("Unmask", "unmask", True) not in board.buttons(seat_view(state), None)
    picked(board, state, fig(cit("a")))
    assert ("Unmask", "unmask", True) in board.buttons(seat_view(state), None)
    assert picked(board, state, {"action": "unmask"}) == Move("unmask", cit("a"))


def test_k17_an_assassin_attack_is_previewed_with_a_cross():
    state = scene("""
    .A .K .
    .  .  .
    """, phase="rebel")
    board = Board()
    picked(board, state, fig(cit("a")), field(1))
    assert 'class="struck"' in svg_of(board, state, 1)
    assert board.buttons(seat_view(state), None)[0] == ("Attack", "do-strike", True)
    assert board.hint(seat_view(state), None) == ("Attack (2 AP) wounds the king: press Attack, "
                                       "or tap the field again.")
    assert picked(board, state, {"action": "do-strike"}) == Move("strike", cit("a"), E)
    assert picked(board, state, field(1)) == Move("strike", cit("a"), E), "or a second tap"


def test_k19_the_king_on_a_gate_enters_the_castle_by_button_or_arrow():
    state = scene("""
    #K .
    .  .
    """)
    board = Board()
    picked(board, state, fig(0))
    markup = svg_of(board, state, 0)
    assert 'data-action="castle"' in markup
    assert ("Enter castle", "castle", True) in board.buttons(seat_view(state), None)
    assert picked(board, state, {"action": "castle"}) == Move("step", 0, N)


def test_k4_end_turn_is_always_a_button_and_hands_over():
    state = started()
    board = Board()
    picked(board, state, fig(4))
    assert board.buttons(seat_view(state), None)[-1][:2] == ("End turn", "end-turn")
    assert picked(board, state, {"action": "end-turn"}) is None, "points are left: it asks"
    assert "End your turn anyway?" in board.hint(seat_view(state), None)
    assert board.buttons(seat_view(state), None)[-1] == ("Yes, end my turn", "end-turn", True)
    assert picked(board, state, {"action": "end-turn"}) == END
    assert board.figure is None and not board.ending
    picked(board, state, {"action": "end-turn"}, fig(4))
    assert not board.ending, "any other tap drops the question"


def test_escape_drops_the_field_then_the_figure():
    state = started()
    board = Board()
    picked(board, state, fig(4))
    board.target = 5
    board.cancel()
    assert board.target is None and board.figure == 4
    board.cancel()
    assert board.figure is None


def test_the_last_sides_actions_are_marked_until_the_other_side_acts():
    state = started()
    board = Board()
    svg_of(board, state, 0)
    move = next(m for m in ENGINE.legal(state) if m.kind == "step")
    after = ENGINE.apply(state, move)
    markup = svg_of(board, after, 0)
    assert markup.count('class="was"') == 1 and 'class="last-move"' in markup
    rebel = ENGINE.apply(after, END)
    assert 'class="was"' in svg_of(board, rebel, 1), "the rebel sees the king's action"
    step = next((m for m in ENGINE.legal(rebel) if m.kind == "step"), None)
    if step is not None:
        markup = svg_of(board, ENGINE.apply(rebel, step), 1)
        assert markup.count('class="was"') == 1, "only the rebel's action now"


def test_taps_on_other_sides_figures_and_dark_fields_do_nothing():
    state = started()
    board = Board()
    assert picked(board, state, fig(8)) is None and board.figure is None
    picked(board, state, fig(4))
    assert picked(board, state, field(0)) is None and board.target is None
    assert picked(board, state, {"action": "do-step"}) is None


# --- News and the end --------------------------------------------------------------------

def test_k4_news_shows_the_new_round_card_to_everyone():
    state = started()
    after = play(state, END, END)
    news = Board().news(public(play(state, END)), public(after), ["<b>Ana</b>", "Bo"])
    card = after.card
    assert "Round 2 of 15" in news
    assert f"Rebel {card.rebel_ap} AP" in news and f"Knights {card.knight_ap} AP" in news
    assert "&lt;b&gt;Ana&lt;/b&gt; (the king) moves first" in news
    assert Board().news(public(state), public(play(state, END)), NAMES) == ""


def test_k12_capture_news_never_says_whether_it_was_an_assassin():
    picture = """
    .1 .a .b .
    .  .  .  .
    """
    texts = []
    for assassins in ("ab", "b"):      # citizen a is an assassin, or not
        state = scene(picture, assassins=assassins)
        texts.append(Board().news(public(state), public(ENGINE.apply(state, Move("strike", 1, E))), NAMES))
    assert texts[0] == texts[1] and "captured citizen 1" in texts[0]


def test_k16_k17_news_for_a_knight_eliminated_and_the_king_wounded():
    state = scene("""
    .1 .A .K
    .  .  .
    """, phase="rebel")
    board = Board()
    news = board.news(public(state), public(ENGINE.apply(state, Move("strike", cit("a"), W))), NAMES)
    assert "eliminated knight 1" in news
    news = board.news(public(state), public(ENGINE.apply(state, Move("strike", cit("a"), E))), NAMES)
    assert "wounded the king" in news


def test_k12_last_assassin_news_shows_the_chosen_citizens():
    state = scene("""
    .1 .A .
    .  .  .
    """, card=2)
    after = ENGINE.apply(state, Move("strike", 1, E))
    news = Board().news(public(state), public(after), NAMES)
    assert "eliminated the assassin, citizen 1" in news and "chosen citizens 1" in news


def test_summary_explains_the_result_and_names_the_assassins():
    state = started(assassins=(0, 4, 11))
    while ENGINE.outcome(state) is None:
        state = ENGINE.apply(state, END)
    summary = Board().summary(public(state), NAMES)
    ET.fromstring(summary)
    for n in (1, 5, 12):
        assert f"Citizen {n}: still in the crowd" in summary
    assert "Rounds played: 15 of 15" in summary
    assert Board().summary(public(started()), NAMES) == ""


# --- The whole flow, headless ------------------------------------------------------------

def test_a_hot_seat_game_by_taps_reaches_the_end_through_the_session():
    saved = SavedGame(id="00000000000000bb", game="tyrannen", seed="ab" * 16,
                      names=("Ana", "Bo"), options={"side": "A"})
    session = Session.open(saved, Store(MemoryBackend()))
    assert session.phase == "pass" and session.board.hidden_hands
    session.reveal()
    for f in (8, 9, 10):
        session.tap({"action": "pick", "figure": str(f)})
    session.tap({"action": "assassins"})
    assert session.phase == "news" and "Round 1 of 15" in session.news
    for turn in range(200):
        if session.phase == "over":
            break
        if session.phase == "news":
            session.dismiss_news()
        if session.phase == "pass":
            session.reveal()
        board, state = session.board, session.state
        moved = False
        for f in range(20):
            if moved or session.phase != "play":
                break
            board.figure = None
            session.tap({"action": "pick", "figure": str(f)})
            cells = sorted(lit_cells(board.svg(seat_view(state, session.holder), None, NAMES, True)))
            if cells:
                session.tap({"action": "field", "cell": str(cells[turn % len(cells)])})
                for label, action, _ in board.buttons(seat_view(session.state), None):
                    if action.startswith("do-"):
                        session.tap({"action": action})
                        break
                moved = session.state != state
        if session.phase == "play":
            session.tap({"action": "end-turn"})
            session.tap({"action": "end-turn"})     # sure, even with points left
    assert session.phase == "over" and ENGINE.outcome(session.state) is not None
    tokens = ENGINE.split(session.saved.moves)
    assert sum(t != ENGINE.encode(END) for t in tokens) > 30, "figures moved, not just turns"


def test_a_players_own_actions_of_this_turn_can_be_taken_back_one_by_one():
    saved = SavedGame(id="00000000000000cc", game="tyrannen", seed="cd" * 16,
                      names=("Ana", "Bo"), options={"side": "A"})
    session = Session.open(saved, Store(MemoryBackend()))
    session.reveal()
    for f in (8, 9, 10):
        session.tap({"action": "pick", "figure": str(f)})
    session.tap({"action": "assassins"})
    assert not session.can_undo(), "the assassins are handed over with the device"
    session.dismiss_news()
    session.reveal()
    start, moves = session.state, session.saved.moves
    steps = []
    for _ in range(2):
        move = next(m for m in ENGINE.legal(session.state) if m.kind == "step")
        steps.append(session.state)
        session.tap({"action": "pick", "figure": str(move.fig)})
        session._commit(move)
    assert session.can_undo()
    session.undo()
    assert session.state == steps[1] and len(session.log(0)) == len(session.played)
    session.undo()
    assert session.state == start and session.saved.moves == moves
    assert not session.can_undo(), "nothing of this turn is left to take back"
    assert Session.open(session.saved, session.store).state == start, "stored as taken back"
    session._commit(END)
    assert not session.can_undo(), "an ended turn stays ended"
