"""Tod dem Tyrannen! engine: scenario tests named after the rules in seeds/tod-dem-tyrannen.md.

Scenes are drawn cell by cell: the field (. street, ^ roof, # gate) then an optional figure
(K king, 1-7 knights, a-l masked citizens, A-L unmasked assassins).
"""
import json
from collections import deque
from math import comb
from dataclasses import replace

import pytest

from parlor.games.tyrannen.rules import (
    BOARDS, CARDS, ENGINE, FIRST_CITIZEN, Board, Move, State, rank_subset, unrank_subset,
)
from parlor.engine.protocol import IllegalMove, MalformedMove, TOKEN_ALPHABET
from parlor.engine.rng import Stream, derive

N, E, S, W = range(4)
FIELD = {".": "S", "^": "R", "#": "T"}
LETTERS = "abcdefghijkl"
SEED = b"tyrannen-tests!!"
SHACKLE, PLAIN, KING2 = 1, 2, 7      # card 1: 5/1/6 shackle; card 2: 4/1/5; card 7: 5/2/7


def scene(picture, *, assassins="", phase="king", card=SHACKLE, exits=None, **changes):
    """A state on a small board drawn as ASCII, in round 1 of a 3-card deck."""
    lines = [line.split() for line in picture.strip().splitlines()]
    width = len(lines[0])
    king, knights, citizens, unmasked = None, [None] * 7, [None] * 12, [False] * 12
    chosen = {LETTERS.index(x) for x in assassins}
    gates = {}
    for r, cells in enumerate(lines):
        for c, token in enumerate(cells):
            cell = r * width + c
            if token[0] == "#":
                gates[(r, c)] = (exits or {}).get((r, c), N)
            fig = token[1:]
            if fig == "K":
                king = cell
            elif fig.isdigit():
                knights[int(fig) - 1] = cell
            elif fig:
                i = LETTERS.index(fig.lower())
                citizens[i] = cell
                unmasked[i] = fig.isupper()
                if fig.isupper():
                    chosen.add(i)
    board = Board("test", ["".join(FIELD[t[0]] for t in cells) for cells in lines], gates)
    got = CARDS[card]
    ap = dict(ap_king=got.king_ap, ap_knights=got.knight_ap, ap_rebel=got.rebel_ap)
    if phase == "rebel":
        ap.update(ap_king=0, ap_knights=0)
    ap.update(changes)
    deck = (card,) + tuple(n for n in (PLAIN, 6, 14) if n != card)[:2]
    return State(board, phase, king, tuple(knights), tuple(citizens), tuple(unmasked),
                 tuple(sorted(chosen)), deck, 1, **ap)


def cit(letter):
    """The figure number of a citizen drawn with this letter."""
    return FIRST_CITIZEN + LETTERS.index(letter)


def at(state, r, c):
    return state.board.cell(r, c)


def step(fig, d):
    return Move("step", fig, d)


def strike(fig, d):
    return Move("strike", fig, d)


def legal(state, move):
    """Whether the move is legal, checked both through legal() and apply()."""
    listed = move in ENGINE.legal(state)
    try:
        ENGINE.apply(state, move)
        applied = True
    except IllegalMove:
        applied = False
    assert listed == applied, f"legal() and apply() disagree on {move}"
    return listed


def play(state, *moves):
    for m in moves:
        state = ENGINE.apply(state, m)
    return state


def chosen(state, rank=0):
    """Side setup finished with the given assassin rank (and start field 0 on side B)."""
    state = ENGINE.apply(state, Move("assassins", 0, rank))
    if state.phase == "start":
        state = ENGINE.apply(state, Move("start", 0, 0))
    return state


# --- K1-K3: sides and setup -------------------------------------------------------------

def test_k1_options_pick_the_side_and_need_two_players():
    assert ENGINE.initial(SEED, 2).board.name == "A"
    assert ENGINE.initial(SEED, 2, {"side": "B"}).board.name == "B"
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 2, {"side": "C"})
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 3)


def test_k2_side_a_setup_then_rebel_chooses_assassins_before_round_one():
    """D4: citizen n starts on the n-th citizen field of the data; only the choice is secret."""
    s = ENGINE.initial(SEED, 2)
    a = BOARDS["A"].setup
    assert s.phase == "assassins" and ENGINE.to_move(s) == (1,)
    assert s.king == at(s, *a["king"]) and len(a["knights"]) == 7 and len(a["citizens"]) == 12
    assert [s.board.rc(p) for p in s.knights] == a["knights"]
    assert [s.board.rc(p) for p in s.citizens] == a["citizens"]
    assert sorted(s.deck) == list(range(1, 16)) and s.drawn == 0
    assert ENGINE.legal(s) == [Move("assassins", 0, r) for r in range(220)]
    s = ENGINE.apply(s, Move("assassins", 0, rank_subset([2, 5, 9])))
    assert s.assassins == (2, 5, 9) and s.phase == "king" and ENGINE.to_move(s) == (0,)
    card = CARDS[s.deck[0]]
    assert (s.drawn, s.ap_king, s.ap_knights, s.ap_rebel) == (1, card.king_ap, card.knight_ap,
                                                              card.rebel_ap)


def test_k2_side_a_board_has_two_gates_each_reachable_by_the_king():
    """D3: side A's gates are the cells the source's king won on, (1,2) and (4,0)."""
    b = BOARDS["A"]
    assert sorted(b.rc(g) for g in b.exits) == [[1, 2], [4, 0]]
    assert street_distance(b, b.cell(9, 9), b.cell(4, 0)) == 14


def test_k3_side_b_rebel_chooses_assassins_before_the_king_chooses_a_start():
    """D14: move 1 is the rebel's choice, move 2 the king's start; then all knights at once."""
    s = ENGINE.initial(SEED, 2, {"side": "B"})
    assert s.phase == "assassins" and ENGINE.to_move(s) == (1,)
    assert s.king is None and s.knights == (None,) * 7
    assert all(p is not None for p in s.citizens)
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, Move("start", 0, 0))
    s = ENGINE.apply(s, Move("assassins", 0, 7))
    assert s.phase == "start" and ENGINE.to_move(s) == (0,) and s.drawn == 0
    assert ENGINE.legal(s) == [Move("start", 0, 0), Move("start", 0, 1)]
    assert ENGINE.describe(s, Move("start", 0, 1), 0) == \
        "The king starts on start field 2 (row 9, column 8)"
    b = s.board.setup
    for i, other in ((0, 1), (1, 0)):
        t = ENGINE.apply(s, Move("start", 0, i))
        assert t.phase == "king" and t.drawn == 1
        assert t.king == at(t, *b["starts"][i]["king"])
        assert [t.board.rc(p) for p in t.knights] == b["starts"][i]["knights"] + b["upper_knights"]
        assert t.assassins == s.assassins


def test_k3_side_b_deck_has_14_cards_without_the_red_gem_card():
    """D13, D15: card 15 (the red gem) is left out; the game ends after the 14th round."""
    s = ENGINE.initial(SEED, 2, {"side": "B"})
    assert BOARDS["B"].setup["gem_card"] == 15
    assert sorted(s.deck) == list(range(1, 15))
    values = {n: tuple(CARDS[n])[1:] for n in CARDS}
    assert values[15] == (4, 1, 5, False) and values[2] == values[6] == values[14] == values[15]
    mix = [CARDS[n] for n in s.deck]
    assert sum(c.shackle for c in mix) == 7 and sum(c.king_ap == 2 for c in mix) == 4
    s = chosen(s)
    for _ in range(14):
        assert s.phase == "king"
        s = play(s, Move("end"), Move("end"))
    assert s.outcome.winners == (1,) and ENGINE.view(s, 0)["rounds_total"] == 14


def street_distance(board, start, goal):
    """Fewest king steps over street and gate fields, figures ignored."""
    dist, todo = {start: 0}, deque([start])
    while todo:
        p = todo.popleft()
        for t in board.nbr[p]:
            if t is not None and board.types[t] in "ST" and t not in dist:
                dist[t] = dist[p] + 1
                todo.append(t)
    return dist.get(goal)


def test_k3_side_b_design_keeps_the_seed_constraints():
    b = BOARDS["B"]
    setup = b.setup
    assert b.types.count("T") == 1 and len(b.exits) == 1
    gate = next(iter(b.exits))
    starts = [b.cell(*st["king"]) for st in setup["starts"]]
    assert len(starts) == 2 and all(b.types[p] == "S" for p in starts)
    near = [[b.cell(*rc) for rc in st["knights"]] for st in setup["starts"]]
    upper = [b.cell(*rc) for rc in setup["upper_knights"]]
    citizens = [b.cell(*rc) for rc in setup["citizens"]]
    assert [len(n) for n in near] == [5, 5] and len(upper) == 2 and len(citizens) == 12
    everything = starts + near[0] + near[1] + upper + citizens
    assert len(set(everything)) == len(everything), "one figure per field"
    assert all(b.types[p] in "SR" for p in everything if p not in starts)
    def gap(p, q):
        return abs(p // b.width - q // b.width) + abs(p % b.width - q % b.width)
    for king, other, knights in zip(starts, starts[::-1], near):
        assert all(gap(p, king) <= 3 < gap(p, other) for p in knights), "near their start"
    for p in upper:
        assert p // b.width < b.height // 2, "upper area"
        assert all(p not in b.nbr[s] for s in starts), "not next to a start field"
    # both starts equally far from the single gate: 13 steps, the 14th enters the castle
    assert [street_distance(b, p, gate) for p in starts] == [13, 13]


# --- K4: rounds -------------------------------------------------------------------------

def test_k4_round_card_sets_the_ap_and_unused_ap_lapse():
    s = scene("""
        .K .  .
        .1 .  .a
    """, card=KING2, phase="king")
    assert (s.ap_king, s.ap_knights, s.ap_rebel) == (2, 7, 5)
    s = play(s, step(0, E), Move("end"))
    assert s.phase == "rebel" and ENGINE.to_move(s) == (1,)
    assert (s.ap_king, s.ap_knights, s.ap_rebel) == (0, 0, 5)
    s = play(s, step(cit("a"), W), Move("end"))
    card = CARDS[s.deck[1]]
    assert s.phase == "king" and s.drawn == 2 and ENGINE.to_move(s) == (0,)
    assert (s.ap_king, s.ap_knights, s.ap_rebel) == (card.king_ap, card.knight_ap, card.rebel_ap)


def test_k4_end_turn_is_always_legal_in_a_round():
    """D8: every action is a move of its own; `end` is always legal and never automatic."""
    s = scene(".K .a", ap_king=0, ap_knights=0)
    assert ENGINE.legal(s) == [Move("end")]
    s = ENGINE.apply(s, Move("end"))
    assert ENGINE.legal(replace(s, ap_rebel=0)) == [Move("end")]


# --- K5, K6: fields and the king ----------------------------------------------------------

def test_k5_one_figure_per_field():
    s = scene(".K .a .b", phase="rebel")
    assert not legal(s, step(cit("a"), W))
    assert not legal(s, step(cit("a"), E))
    assert not legal(replace(s, phase="king"), step(0, E))


def test_k6_king_steps_to_an_empty_street_for_one_king_ap_only():
    s = scene("""
        .  ^  .
        .  .K .a
        .  .1 .
    """, ap_king=1, ap_knights=6)
    assert not legal(s, step(0, N)), "no roofs for the king"
    assert not legal(s, step(0, E)), "the king never pushes"
    assert not legal(s, step(0, S))
    assert not legal(s, strike(0, E)), "the king never captures"
    t = ENGINE.apply(s, step(0, W))
    assert t.king == at(t, 1, 0) and (t.ap_king, t.ap_knights) == (0, 6)
    assert not legal(t, step(0, E)), "knight AP do not move the king"


# --- K7, K8: knights move and push --------------------------------------------------------

@pytest.mark.parametrize("picture,d,cost", [
    (".1 .", E, 1),        # street to street
    ("^1 ^", E, 1),        # roof to roof
    (".1 ^", E, 2),        # climb up
    ("^1 .", E, 1),        # climb down
])
def test_k7_knight_move_costs(picture, d, cost):
    s = scene(picture, ap_knights=6)
    t = ENGINE.apply(s, step(1, d))
    assert t.knights[0] == at(t, 0, 1) and t.ap_knights == 6 - cost
    assert not legal(replace(s, ap_knights=cost - 1), step(1, d))


def test_d1_a_gate_field_is_a_street_field_for_knights():
    """D1: a knight steps onto a gate like onto a street (1 AP from a street, 1 AP down from a
    roof), climbs from it onto a roof for 2 AP, and never leaves the board through it."""
    s = scene(".1 #  ^", exits={(0, 1): N}, ap_knights=6)
    on_gate = ENGINE.apply(s, step(1, E))
    assert on_gate.knights[0] == at(s, 0, 1) and on_gate.ap_knights == 5
    assert not legal(on_gate, step(1, N)), "only the king enters the castle"
    assert ENGINE.apply(on_gate, step(1, E)).ap_knights == 3, "from a gate up to a roof: 2 AP"
    assert ENGINE.apply(scene("^1 #"), step(1, E)).ap_knights == 6 - 1


def test_d1_a_gate_holds_one_figure_so_the_rebels_can_block_it():
    """D1, K5: citizens and assassins may stand on a gate; the king cannot step onto an
    occupied gate, so a citizen there keeps him out of the castle."""
    s = scene(".a #  .K", phase="rebel", ap_rebel=1)
    blocked = ENGINE.apply(s, step(cit("a"), E))
    assert blocked.citizens[0] == at(s, 0, 1) and blocked.ap_rebel == 0
    king_turn = replace(blocked, phase="king", ap_king=2)
    assert not legal(king_turn, step(0, W)), "the gate is taken"
    assert ENGINE.apply(scene(".K #"), step(0, E)).king == at(scene(".K #"), 0, 1)


def test_k8_push_chain_moves_every_figure_one_field():
    """D7: each shoved figure moves one field, an unmasked assassin like a citizen, for the
    knight's own step only."""
    s = scene(".1 .a .B .  .")
    t = ENGINE.apply(s, step(1, E))
    assert t.knights[0] == at(t, 0, 1)
    assert t.citizens[0] == at(t, 0, 2) and t.citizens[1] == at(t, 0, 3)
    assert t.ap_knights == s.ap_knights - 1, "pushing costs nothing extra"
    assert "pushing citizen 1 and the assassin (citizen 2)" in ENGINE.describe(s, step(1, E))


@pytest.mark.parametrize("picture,why", [
    (".1 .a .b .2", "a knight stops the chain"),
    (".1 .a .K .", "the king stops the chain"),
    (".1 .a .b", "nobody is pushed off the board"),
    (".1 .a ^  .", "nobody is pushed from a street up onto a roof"),
    (".1 .2 .", "knights are never pushed"),
])
def test_k8_knight_cannot_move_where_it_cannot_push(picture, why):
    """D7: every single shove must be allowed and the line must end on an empty field."""
    s = scene(picture)
    assert not legal(s, step(1, E)), why
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, step(1, E))


def test_k8_push_from_roof_down_to_street_is_allowed():
    t = ENGINE.apply(scene("^1 ^a .  ."), step(1, E))
    assert t.citizens[0] == at(t, 0, 2) and t.ap_knights == 5


def test_k8_climbing_knight_pushes_a_roof_figure_along_the_roofs():
    s = scene(".1 ^a ^b ^")
    t = ENGINE.apply(s, step(1, E))
    assert [t.knights[0], t.citizens[0], t.citizens[1]] == [at(t, 0, 1), at(t, 0, 2), at(t, 0, 3)]
    assert t.ap_knights == 4, "climbing up still costs 2"


# --- K9-K11: reach, elimination, capture ----------------------------------------------------

def test_k9_reach_from_street_not_onto_roof_but_from_roof_onto_street():
    """D5: reach limits knights capturing or eliminating and assassins eliminating knights."""
    s = scene("""
        .1 ^a
        ^2 .b
    """, card=SHACKLE)
    assert not legal(s, strike(1, E)), "street knight cannot reach a roof"
    assert legal(s, strike(2, E)), "roof knight reaches a street"
    assert not legal(s, strike(2, N))
    r = scene("""
        .A ^1
        ^B .2
    """, phase="rebel")
    assert not legal(r, strike(cit("a"), E)), "street assassin cannot reach a roof knight"
    assert legal(r, strike(cit("b"), E)), "roof assassin reaches a street knight"


def test_k10_knight_eliminates_an_unmasked_assassin_for_1_ap_in_any_round():
    """D6: an unmasked assassin is eliminated, in any round, without using up the capture."""
    s = scene(".1 .A .b", card=PLAIN, assassins="b")
    t = ENGINE.apply(s, strike(1, E))
    assert t.citizens[0] is None and t.ap_knights == s.ap_knights - 1 and t.outcome is None
    assert not t.captured, "an elimination is not the round's capture"
    assert ENGINE.view(t, 0)["citizens"][0]["fate"] == "eliminated"


def test_k11_capture_only_on_a_shackle_round():
    plain = scene(".a .1 .b .  .c", card=PLAIN, assassins="c")
    assert not legal(plain, strike(1, W)) and not legal(plain, strike(1, E))
    shackle = replace(plain, deck=(SHACKLE,) + plain.deck[1:])
    assert legal(shackle, strike(1, W))


def test_k11_at_most_one_capture_per_round():
    """D6: one capture of a masked citizen a round; eliminations go on after it."""
    s = scene(".a .1 .b .2 .C", card=SHACKLE, assassins="c")
    t = ENGINE.apply(s, strike(1, W))
    assert t.citizens[0] is None and t.captured and t.ap_knights == s.ap_knights - 1
    assert not legal(t, strike(1, E)) and not legal(t, strike(2, W))
    assert legal(t, strike(2, E)), "eliminating an unmasked assassin is still allowed"


def test_k11_capture_follows_the_reach_rule():
    assert not legal(scene(".1 ^a", card=SHACKLE, assassins="b"), strike(1, E))
    assert legal(scene("^1 .a", card=SHACKLE, assassins="b"), strike(1, E))


# --- K12: hidden captures and the announcement ---------------------------------------------

def test_k12_captured_hidden_assassin_is_not_announced():
    """D12: a capture reads and looks the same whether or not the citizen was an assassin."""
    picture = ".1 .a .  .b"
    guilty = scene(picture, assassins="ab")
    innocent = scene(picture, assassins="bc")
    after = [ENGINE.apply(s, strike(1, E)) for s in (guilty, innocent)]
    assert all(t.outcome is None for t in after)
    assert ENGINE.view(after[0], 0) == ENGINE.view(after[1], 0)
    assert ENGINE.view(after[0], None) == ENGINE.view(after[1], None)
    assert ENGINE.view(after[0], 0)["citizens"][0] == \
        {"at": None, "fate": "captured", "unmasked": False, "assassin": None}
    assert ENGINE.view(after[0], 1)["citizens"][0]["assassin"] is True
    assert ENGINE.describe(guilty, strike(1, E), 0) == ENGINE.describe(innocent, strike(1, E), 0)
    assert "secretly an assassin" in ENGINE.describe(guilty, strike(1, E), 1)


def test_k12_last_assassin_leaving_is_announced_and_the_king_wins():
    s = scene(".1 .b .  .c", assassins="ab")     # a was captured in an earlier round
    assert "last assassin" in ENGINE.describe(s, strike(1, E), 0)
    t = ENGINE.apply(s, strike(1, E))
    assert t.outcome.winners == (0,) and ENGINE.to_move(t) == () and ENGINE.legal(t) == []
    view = ENGINE.view(t, 0)
    assert view["assassins"] == [0, 1] and view["citizens"][1]["assassin"] is True


# --- K13-K15: the rebel's figures -----------------------------------------------------------

@pytest.mark.parametrize("picture,citizen_cost,assassin_cost", [
    (".x .", 1, 1),    # move on the street
    ("^x ^", 1, 1),    # move on the roofs
    (".x ^", 2, 1),    # climb up
    ("^x .", 1, 0),    # climb down
])
def test_k13_k15_citizen_and_assassin_step_costs(picture, citizen_cost, assassin_cost):
    for fig, cost in (("a", citizen_cost), ("A", assassin_cost)):
        s = scene(picture.replace("x", fig), phase="rebel", ap_rebel=4)
        t = ENGINE.apply(s, step(cit("a"), E))
        assert t.citizens[0] == at(t, 0, 1) and t.ap_rebel == 4 - cost
        if cost:
            assert not legal(replace(s, ap_rebel=cost - 1), step(cit("a"), E))


def test_k13_masked_assassin_pays_citizen_costs():
    s = scene(".a ^  .", phase="rebel", assassins="a", ap_rebel=2)
    t = ENGINE.apply(s, step(cit("a"), E))
    assert t.ap_rebel == 0


def test_d1_citizens_and_assassins_enter_a_gate_like_a_street():
    """D1: a citizen (or masked assassin) pays a street step onto a gate and a climb from it;
    an unmasked assassin climbs down onto it for nothing."""
    s = scene(".a #  ^", phase="rebel", assassins="a", ap_rebel=3)
    t = ENGINE.apply(s, step(cit("a"), E))
    assert t.citizens[0] == at(s, 0, 1) and t.ap_rebel == 2
    assert ENGINE.apply(t, step(cit("a"), E)).ap_rebel == 0, "from a gate up to a roof: 2 AP"
    down = scene("^A #", phase="rebel", ap_rebel=0)
    assert ENGINE.apply(down, step(cit("a"), E)).citizens[0] == at(down, 0, 1)


def test_d5_a_gate_is_ground_level_for_reach():
    """D5, D1: a knight on a gate reaches streets but not roofs; one on a roof reaches a
    citizen on a gate."""
    assert not legal(scene("#1 ^a", card=SHACKLE, assassins="b"), strike(1, E))
    assert legal(scene("#1 .a", card=SHACKLE, assassins="b"), strike(1, E))
    assert legal(scene("^1 #a", card=SHACKLE, assassins="b"), strike(1, E))


def test_d1_a_knight_pushes_a_citizen_onto_a_gate_and_off_it():
    """D1, K8: a gate is ground level, so a push may go onto it and on to the next street."""
    t = ENGINE.apply(scene(".1 .a #  ."), step(1, E))
    assert t.citizens[0] == at(t, 0, 2)
    t = ENGINE.apply(scene(".1 #a ."), step(1, E))
    assert t.citizens[0] == at(t, 0, 2) and t.knights[0] == at(t, 0, 1)
    assert not legal(scene(".1 #a ^"), step(1, E)), "nor from a gate up onto a roof"


def test_k14_unmasking_is_free_and_only_in_the_rebels_turn():
    """D9: only in the rebel's turn, only the rebel's own assassins still on the board; a
    masked assassin cannot strike."""
    s = scene(".a .b .1", phase="rebel", assassins="b", ap_rebel=0)
    assert not legal(s, Move("unmask", cit("a"))), "only assassins unmask"
    assert not legal(replace(s, phase="king"), Move("unmask", cit("b")))
    t = ENGINE.apply(s, Move("unmask", cit("b")))
    assert t.unmasked[1] and t.ap_rebel == 0
    assert not legal(t, Move("unmask", cit("b")))
    assert ENGINE.view(t, 0)["citizens"][1]["assassin"] is True
    assert not legal(s, strike(cit("b"), E)), "a masked assassin cannot strike"
    assert legal(replace(t, ap_rebel=1), strike(cit("b"), E))
    gone = replace(s, citizens=(s.citizens[0], None) + s.citizens[2:])
    assert not legal(gone, Move("unmask", cit("b"))), "a captured assassin stays masked"


def test_k15_climbing_down_costs_an_assassin_nothing_even_at_zero_ap():
    """D10: an unmasked assassin climbs down even with 0 AP left."""
    s = scene("^A .", phase="rebel", ap_rebel=0)
    assert ENGINE.legal(s) == [step(cit("a"), E), Move("end")]


# --- K16, K17: the assassins' attacks -------------------------------------------------------

def test_k16_second_knight_costs_2_ap_and_at_most_two_per_round():
    """D11: knights eliminated are counted per round over all assassins; the count restarts."""
    s = scene(".1 .A .2 .  .3 .B", phase="rebel", ap_rebel=5)
    s = ENGINE.apply(s, strike(cit("a"), W))
    assert s.knights[0] is None and s.ap_rebel == 4 and s.kills == 1
    s = ENGINE.apply(s, strike(cit("a"), E))
    assert s.knights[1] is None and s.ap_rebel == 2 and s.kills == 2
    assert not legal(s, strike(cit("b"), W)), "a third knight in the round is not allowed"
    nxt = play(s, Move("end"), Move("end"))    # round 1 ends; the king passes in round 2
    assert nxt.kills == 0 and legal(nxt, strike(cit("b"), W))


def test_k16_second_kill_needs_2_ap():
    s = scene(".1 .A .2", phase="rebel", ap_rebel=2, kills=1)
    assert not legal(replace(s, ap_rebel=1), strike(cit("a"), W))
    assert ENGINE.apply(s, strike(cit("a"), W)).ap_rebel == 0


def test_k17_two_hits_kill_the_king_even_from_a_roof():
    """D5: attacks on the king ignore reach: an assassin on a roof hits him on the street."""
    s = scene("""
        ^A .K
        .  .
    """, phase="rebel", ap_rebel=4)
    assert not legal(replace(s, ap_rebel=1), strike(cit("a"), E))
    s = ENGINE.apply(s, strike(cit("a"), E))
    assert s.wounds == 1 and s.ap_rebel == 2 and s.outcome is None
    s = play(s, Move("end"), Move("end"))
    assert s.wounds == 1, "wounds stay from round to round"
    s = replace(s, phase="rebel", ap_rebel=2)
    assert ENGINE.describe(s, strike(cit("a"), E)) == "The assassin (citizen 1) kills the king!"
    s = ENGINE.apply(s, strike(cit("a"), E))
    assert s.outcome.winners == (1,) and s.king is None and ENGINE.legal(s) == []


# --- K18-K20: the end of the game ---------------------------------------------------------

def test_k18_rebel_wins_when_the_deck_is_spent():
    """D13: the game ends when the rebel ends the last round's turn; the rebel wins."""
    s = replace(scene(".K .a", phase="rebel"), drawn=3)
    t = ENGINE.apply(s, Move("end"))
    assert t.outcome.winners == (1,) and t.phase == "over"
    assert ENGINE.apply(replace(s, drawn=2), Move("end")).phase == "king"


def test_k19_king_wins_only_by_stepping_off_the_board_from_a_gate():
    """D2: the king on a gate enters the castle by a step in its exit direction, for 1 AP."""
    s = scene("""
        ^  #  ^
        .  .K .
    """, card=KING2)
    on_gate = ENGINE.apply(s, step(0, N))
    assert on_gate.king == at(s, 0, 1) and on_gate.outcome is None, "standing is not enough"
    assert not legal(on_gate, step(0, E)) and not legal(on_gate, step(0, W))
    t = ENGINE.apply(on_gate, step(0, N))
    assert t.outcome.winners == (0,) and t.king is None and t.ap_king == 0
    assert not legal(replace(on_gate, ap_king=0), step(0, N)), "entering costs 1 king AP"


def test_k19_gate_exit_direction_comes_from_the_board():
    """D2: each gate has one exit direction; side A: north from (1,2), west from (4,0)."""
    s = scene("#K .", exits={(0, 0): W})
    assert not legal(s, step(0, N))
    assert ENGINE.apply(s, step(0, W)).outcome.winners == (0,)
    side_a = BOARDS["A"]
    assert side_a.exits == {side_a.cell(1, 2): N, side_a.cell(4, 0): W}


def test_k19_king_wins_when_the_last_unmasked_assassin_is_eliminated():
    s = scene(".1 .C .b", assassins="ac", card=PLAIN)   # a captured earlier
    t = ENGINE.apply(s, strike(1, E))
    assert t.outcome.winners == (0,) and "last assassin" in t.outcome.reason


# --- protocol: tokens, views, hidden values ------------------------------------------------

def test_assassin_choice_is_the_colex_rank_of_the_subset():
    """D16: the choice is sent as the colex rank C(a,1) + C(b,2) + C(c,3), a < b < c."""
    subsets = [unrank_subset(r) for r in range(220)]
    assert len(set(subsets)) == 220 and all(rank_subset(x) == r for r, x in enumerate(subsets))
    assert all(r == comb(a, 1) + comb(b, 2) + comb(c, 3) for r, (a, b, c) in enumerate(subsets))
    assert subsets[0] == (0, 1, 2) and subsets[1] == (0, 1, 3) and subsets[219] == (9, 10, 11)


def test_every_token_decodes_to_a_move_that_encodes_back():
    good = 0
    for a in TOKEN_ALPHABET:
        for b in TOKEN_ALPHABET:
            try:
                move = ENGINE.decode(a + b)
            except MalformedMove:
                continue
            assert ENGINE.encode(move) == a + b
            good += 1
    assert good == 220 + 2 + 1 + 12 + 80 + 80
    assert ENGINE.encode(Move("end")) == "IA" and ENGINE.decode("IA") == Move("end")  # 512
    assert ENGINE.encode(step(1, E)) == "QF"     # 4 * 256 + 1 * 4 + 1 = 1029 = 16 * 64 + 5
    for bad in ("Dn", "__", "A", "A!"):
        with pytest.raises(MalformedMove):
            ENGINE.decode(bad)


def test_assassin_choice_is_described_without_names_to_all_but_the_rebel():
    s = ENGINE.initial(SEED, 2)
    m = Move("assassins", 0, rank_subset([0, 4, 11]))
    assert ENGINE.describe(s, m, 0) == ENGINE.describe(s, m, None) == \
        "The rebel chooses the assassins"
    assert ENGINE.describe(s, m, 1) == \
        "The rebel chooses the assassins: citizen 1, citizen 5, citizen 12"


def test_views_hide_the_assassins_from_the_king_until_the_end():
    """D12: views show the assassins to everyone once the game is over, and not before."""
    s = chosen(ENGINE.initial(SEED, 2), rank_subset([0, 4, 11]))
    king, rebel = ENGINE.view(s, 0), ENGINE.view(s, 1)
    json.dumps(king)
    assert king["assassins"] is None and all(c["assassin"] is None for c in king["citizens"])
    assert rebel["assassins"] == [0, 4, 11]
    assert [c["assassin"] for c in rebel["citizens"]][:5] == [True, False, False, False, True]
    assert king["fields"] == list(BOARDS["A"].rows) and king["round"] == 1
    assert king["rounds_left"] == 14 and king["card"]["n"] == s.deck[0]
    over = replace(s, phase="over")
    assert ENGINE.view(over, 0)["assassins"] == [0, 4, 11]


def test_sample_hidden_keeps_what_the_king_knows():
    base = scene(".1 .a .b .c .d .e .F", assassins="af")
    captured = ENGINE.apply(base, strike(1, E))          # a: a hidden assassin, not announced
    for n in range(30):
        key = derive(b"sample", n)
        other = ENGINE.sample_hidden(captured, 0, key)
        assert ENGINE.view(other, 0) == ENGINE.view(captured, 0)
        assert ENGINE.legal(other) == ENGINE.legal(captured)
        assert len(other.assassins) == 2 and 5 in other.assassins
        rebel = ENGINE.sample_hidden(captured, 1, key)
        assert rebel.assassins == captured.assassins
    # with no unmasked assassin on the board, one hidden one must stay on the board
    lone = scene(".1 .b .c", assassins="ab")             # a already captured
    seen = {ENGINE.sample_hidden(lone, 0, derive(b"x", n)).assassins for n in range(40)}
    assert seen and all(any(a in (1, 2) for a in h) for h in seen) and len(seen) > 1


def test_sample_hidden_reshuffles_only_the_undrawn_cards():
    s = chosen(ENGINE.initial(SEED, 2))
    s = play(s, Move("end"), Move("end"))
    others = [ENGINE.sample_hidden(s, 1, derive(b"deck", n)) for n in range(5)]
    assert all(o.deck[:2] == s.deck[:2] and sorted(o.deck) == sorted(s.deck) for o in others)
    assert any(o.deck != s.deck for o in others)


@pytest.mark.parametrize("side", ["A", "B"])
def test_random_games_terminate_with_a_winner(side):
    for n in range(4):
        seed = derive(b"random", side, n)[:16]
        s, stream = ENGINE.initial(seed, 2, {"side": side}), Stream(seed, "moves")
        for _ in range(3000):
            moves = ENGINE.legal(s)
            if not moves:
                break
            s = ENGINE.apply(s, moves[stream.below(len(moves))])
        assert s.outcome is not None and s.outcome.winners in ((0,), (1,))
