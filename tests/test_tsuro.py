"""Tsuro engine: each test is named after the rule (U..) or decision (D..) of seeds/tsuro.md.

Boards are drawn as 6 rows of 6 cells: '.' is empty, 'T' is tile T, 'T/r' is tile T turned r
quarter turns clockwise. Marks are (row, col, point), points 0..7 clockwise from the left point
of a square's top side.
"""
import copy
import json
from dataclasses import replace

import pytest

from parlor.games.tsuro.rules import (
    ENGINE, LAST_MARKER, LEAVE, OUT_TOGETHER, START_MARKS, TAKE, TILES, TILES_USED, Place,
    StartMark, collisions, preview)
from parlor.engine.protocol import TOKEN_ALPHABET, IllegalMove, MalformedMove, replay
from parlor.engine.rng import Stream, derive, shuffled

SEED = b"tsuro-test-seed!"
EMPTY = "\n".join([" ".join(["."] * 6)] * 6)


def grid(text: str) -> tuple:
    cells = []
    for token in text.split():
        if token == ".":
            cells.append(-1)
        else:
            tile, _, rot = token.partition("/")
            cells.append(int(tile) * 4 + int(rot or 0))
    assert len(cells) == 36
    return tuple(cells)


def at(row, col, p):
    return (row * 6 + col) * 8 + p


def position(marks, hands, board=EMPTY, pile=(), turn=0, dragon=None, bonus=False, out=()):
    """A hand-built position in play; seats in `out` are already out of the game."""
    state = ENGINE.initial(SEED, len(marks), {"elimination_bonus": bonus})
    return replace(state, marks=tuple(at(*m) for m in marks),
                   hands=tuple(tuple(sorted(h)) for h in hands), board=grid(board),
                   pile=tuple(pile), turn=turn, dragon=dragon,
                   alive=tuple(s not in out for s in range(len(marks))))


def place(state, tile, rotation=0):
    """Apply the placement of `tile` (by id) from the mover's hand."""
    return ENGINE.apply(state, Place(state.hands[state.turn].index(tile), rotation))


def mark(state, seat):
    return ENGINE.view(state, None)["markers"][seat]["mark"]


def random_game(seed_index, players, options=None):
    seed = derive(b"tsuro-tests", seed_index, players)[:16]
    state = ENGINE.initial(seed, players, options or {})
    stream = Stream(seed, "moves")
    states, moves = [state], []
    while ENGINE.legal(state):
        moves.append(ENGINE.legal(state)[stream.below(len(ENGINE.legal(state)))])
        state = ENGINE.apply(state, moves[-1])
        states.append(state)
    return states, moves


# --- U1, U2, U3: material, deal, start marks -------------------------------------------------

def test_u01_tiles_are_35_distinct_ways_to_pair_eight_points():
    forms = set()
    for pairs in TILES:
        assert sorted(p for pair in pairs for p in pair) == list(range(8))
        forms.add(min(tuple(sorted(tuple(sorted(((a + 2 * r) % 8, (b + 2 * r) % 8)))
                                   for a, b in pairs)) for r in range(4)))
    assert len(TILES) == 35 and len(forms) == 35


def test_u03_start_marks_are_48_points_on_the_outer_edge():
    assert len(START_MARKS) == len(set(START_MARKS)) == 48
    for code in START_MARKS:
        square, p = divmod(code, 8)
        row, col = divmod(square, 6)
        side = p // 2
        assert (row, col, side) in {(0, col, 0), (row, 5, 1), (5, col, 2), (row, 0, 3)}


def test_u02_setup_deals_three_private_tiles_each_from_the_seed():
    state = ENGINE.initial(SEED, 5)
    assert [len(h) for h in state.hands] == [3] * 5 and len(state.pile) == 35 - 15
    assert all(list(h) == sorted(h) for h in state.hands)
    assert sorted([t for h in state.hands for t in h] + list(state.pile)) == list(range(35))
    assert ENGINE.initial(SEED, 5) == state
    assert ENGINE.initial(b"another-seed-!!!", 5).hands != state.hands
    view = ENGINE.view(state, 2)
    assert view["hands"][2] == [{"tile": t, "pairs": [list(p) for p in TILES[t]]}
                                for t in state.hands[2]]
    assert view["hands"][0] == 3 and view["pile"] == 20 and view["dragon"] is None


def test_u03_start_marks_are_chosen_in_seat_order_and_must_be_free():
    state = ENGINE.initial(SEED, 3)
    assert ENGINE.to_move(state) == (0,) and ENGINE.view(state, 0)["phase"] == "start"
    assert ENGINE.legal(state) == [StartMark(i) for i in range(48)]
    state = ENGINE.apply(state, StartMark(5))
    assert ENGINE.to_move(state) == (1,) and StartMark(5) not in ENGINE.legal(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, StartMark(5))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Place(0, 0))            # no tile before every marker is placed
    state = ENGINE.apply(ENGINE.apply(state, StartMark(6)), StartMark(47))
    assert ENGINE.to_move(state) == (0,) and ENGINE.view(state, None)["phase"] == "play"
    assert [mark(state, s) for s in range(3)] == [[0, 2, 1], [0, 3, 0], [0, 0, 7]]


# --- U4, U5, U6: placing and moving ---------------------------------------------------------

def test_u05_marker_follows_its_path_through_several_tiles():
    state = position([(0, 0, 0), (5, 5, 4)], [(33, 1, 2), (3, 4, 5)], board="""
        .  .  .  .  .  .
        33 .  .  .  .  .
        33 .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .""")
    after = place(state, 33)
    assert after.board[0] == 33 * 4 and after.hands[0] == (1, 2)
    view = ENGINE.view(after, 1)
    assert view["board"][0][0] == {"tile": 33, "rot": 0, "pairs": [[0, 5], [1, 4], [2, 7], [3, 6]]}
    assert view["markers"][0] == {"mark": [3, 0, 0], "alive": True, "path": [
        [0, 0, 0], [0, 0, 5], [1, 0, 0], [1, 0, 5], [2, 0, 0], [2, 0, 5]]}
    assert view["markers"][1]["path"] == []
    assert preview(state, 2, 0) == {"paths": [view["markers"][0]["path"], []], "eliminates": []}


def test_u04_placement_goes_in_front_of_the_mover_in_any_rotation():
    state = position([(0, 2, 1), (5, 5, 4)], [(5, 6, 33), (3, 4, 8)])
    for rot in range(4):
        after = ENGINE.apply(state, Place(2, rot))
        assert after.board[2] == 33 * 4 + rot and after.board.count(-1) == 35
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Place(0, 4))
    one_tile = replace(state, hands=((7,), (3, 4, 8)))
    with pytest.raises(IllegalMove):
        ENGINE.apply(one_tile, Place(1, 0))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, StartMark(3))


def test_u05_every_marker_facing_the_new_tile_moves():
    state = position([(0, 0, 0), (0, 0, 7), (5, 5, 4)], [(33, 1, 2), (3, 4, 5), (6, 7, 8)])
    after = place(state, 33)
    assert mark(after, 0) == [1, 0, 0] and mark(after, 1) == [0, 1, 7]
    assert mark(after, 2) == [5, 5, 4] and all(after.alive)


def test_u06_marker_led_to_the_edge_is_out():
    # Tile 1 turned twice joins 0-2 and 6-7: the mover goes right, the left marker goes off.
    state = position([(0, 0, 0), (0, 0, 6), (5, 5, 4)], [(1, 20, 21), (3, 4, 5), (6, 7, 8)])
    after = place(state, 1, 2)
    assert mark(after, 0) == [0, 1, 7] and after.alive == (True, False, True)
    assert mark(after, 1) == [0, 0, 7]               # where it left the board
    assert after.out_order == ((1,),) and after.hands[1] == ()
    assert ENGINE.view(after, None)["eliminated_order"] == [[1]]
    assert preview(state, 0, 2)["eliminates"] == [1]
    assert ENGINE.outcome(after) is None and ENGINE.to_move(after) == (2,)


# --- U7: markers that meet --------------------------------------------------------------------

LOOP_BOARD = """
    .  33 .  .  .  .
    10 .  2  .  .  .
    .  13 34 .  .  .
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  .  .  .  ."""


def test_u07_faq1_markers_whose_paths_join_through_several_tiles_are_both_out():
    # Seats 1 and 2 came down through (0,1) and face (1,1) from above; seat 0 came in from the
    # left through (1,0). Tile 11 turned 3 times sends seat 1 down, round (2,1), (2,2), (1,2)
    # and back through (1,1) into seat 2; seat 0 goes back through (1,0) and stops at (2,0).
    state = position([(1, 1, 7), (1, 1, 0), (1, 1, 1)], [(11, 19, 21), (3, 4, 5), (6, 7, 8)],
                     board=LOOP_BOARD, pile=(22, 23, 24))
    after = place(state, 11, 3)
    assert after.alive == (True, False, False) and mark(after, 0) == [2, 0, 1]
    markers = ENGINE.view(after, None)["markers"]
    assert markers[1]["path"] == [[1, 1, 0], [1, 1, 5], [2, 1, 0], [2, 1, 2], [2, 2, 7], [2, 2, 0],
                                  [1, 2, 5], [1, 2, 6], [1, 1, 3], [1, 1, 1]]
    assert markers[2]["path"] == [[1, 1, 1], [1, 1, 3], [1, 2, 6], [1, 2, 5], [2, 2, 0], [2, 2, 7],
                                  [2, 1, 2], [2, 1, 0], [1, 1, 5], [1, 1, 0]]
    assert markers[1]["mark"] == [1, 1, 1] and markers[2]["mark"] == [1, 1, 0]      # D9
    assert after.out_order == ((1, 2),)
    assert ENGINE.outcome(after).winners == (0,) and ENGINE.outcome(after).reason == LAST_MARKER


def test_u07_faq1_markers_meeting_on_the_placed_tile_are_both_out():
    # Tile 10 joins 0-1 (the two start marks above (0,1)) and 7-2 (the mover goes right).
    board = """
        33 .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  ."""
    state = position([(0, 1, 7), (0, 1, 0), (0, 1, 1), (5, 5, 4)],
                     [(10, 19, 21), (3, 4, 5), (6, 7, 8), (12, 14, 15)], board=board)
    after = place(state, 10)
    assert after.alive == (True, False, False, True) and mark(after, 0) == [0, 2, 7]
    assert preview(state, 0, 0)["eliminates"] == [1, 2]
    assert ENGINE.view(after, None)["markers"][1]["path"] == [[0, 1, 0], [0, 1, 1]]


def test_u07_collisions_tell_markers_that_met_from_markers_that_ran_off():
    """U7/U6 for the UI: collisions() names the pairs that met, from the board alone."""
    met = place(position([(1, 1, 7), (1, 1, 0), (1, 1, 1)], [(11, 19, 21), (3, 4, 5), (6, 7, 8)],
                         board=LOOP_BOARD, pile=(22, 23, 24)), 11, 3)
    assert collisions(met) == [(1, 2)]
    # Meeting on start marks: both stop on the edge, like markers that ran off.
    on_marks = ENGINE.apply(position([(0, 1, 0), (0, 1, 1), (5, 5, 4)],
                                     [(0,), (3, 4, 5), ()], out=(2,)), Place(0, 0))
    assert collisions(on_marks) == [(0, 1)]
    # Two markers off the board on one move did not meet.
    # Tile 13 turned once joins 0-6, 7-1 and 2-4: the marks at 0 and 7 of the corner go off.
    state = position([(0, 0, 2), (0, 0, 0), (0, 0, 7), (5, 5, 4)],
                     [(13, 20, 21), (3, 4, 5), (6, 7, 8), (9, 12, 14)])
    off = place(state, 13, 1)
    assert off.out_order == ((1, 2),) and collisions(off) == []


# --- U8: no self-elimination unless forced ----------------------------------------------------

def test_u08_faq2_self_elimination_is_illegal_while_another_option_exists():
    # In the corner, tiles 0 and 34 always lead back off the board; tile 33 leads down.
    state = position([(0, 0, 0), (5, 5, 4)], [(0, 33, 34), (3, 4, 5)])
    assert ENGINE.legal(state) == [Place(1, r) for r in range(4)]
    for rot in range(4):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, Place(0, rot))
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, Place(2, rot))
    assert preview(state, 0, 0)["eliminates"] == [0]       # the UI can still show why


def test_u08_faq2_self_elimination_is_allowed_when_every_option_does_it():
    state = position([(0, 0, 0), (5, 5, 4)], [(0, 34), (3, 4, 5)])
    assert ENGINE.legal(state) == [Place(s, r) for s in range(2) for r in range(4)]
    after = ENGINE.apply(state, Place(1, 3))
    assert after.alive == (False, True)
    assert ENGINE.outcome(after).winners == (1,) and ENGINE.to_move(after) == ()
    assert ENGINE.legal(after) == []


def test_u08_d2_running_into_another_marker_counts_as_putting_yourself_out():
    # Tile 0 joins the two start marks above (0,1): both would be out; tile 33 is safe.
    state = position([(0, 1, 0), (0, 1, 1)], [(0, 33), (3, 4, 5)])
    assert ENGINE.legal(state) == [Place(1, r) for r in range(4)]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Place(0, 0))
    safe = ENGINE.apply(state, Place(1, 0))
    assert safe.alive == (True, True) and mark(safe, 0) == [1, 1, 0] and mark(safe, 1) == [1, 1, 1]


# --- U9: out players' tiles return ------------------------------------------------------------

def test_u09_out_players_tiles_are_shuffled_into_the_pile_by_a_counted_label():
    """U9, D7: the returned tiles and the pile are shuffled together by the label ("tsuro",
    "reshuffle", k), k the reshuffles so far; D3: the shuffle-in comes before the draw."""
    state = position([(0, 0, 0), (0, 0, 6), (5, 5, 4)], [(1, 20, 21), (3, 4, 5), (6, 7, 8)],
                     pile=(30, 31), turn=0)
    state = replace(state, reshuffles=2)
    after = place(state, 1, 2)                        # seat 1 goes off the board
    expected = shuffled([3, 4, 5, 30, 31], SEED, "tsuro", "reshuffle", 2)
    assert after.hands[0] == tuple(sorted((20, 21, expected[0])))     # the mover draws first
    assert after.pile == tuple(expected[1:]) and after.reshuffles == 3
    assert place(state, 1, 2) == after                # deterministic: replay gives the same pile


# --- U10 to U14: drawing and the dragon -------------------------------------------------------

def test_u10_two_players_only_the_mover_draws():
    state = position([(0, 2, 1), (5, 5, 4)], [(33, 6, 7), (3, 4)], pile=(30, 31))
    after = place(state, 33)
    assert after.hands == ((6, 7, 30), (3, 4)) and after.pile == (31,)
    empty = replace(state, pile=())
    after = place(empty, 33)
    assert after.hands[0] == (6, 7) and after.dragon is None      # no dragon with two players


def test_u11_early_on_only_the_mover_draws():
    state = ENGINE.initial(SEED, 4)
    for index in (1, 12, 25, 40):
        state = ENGINE.apply(state, StartMark(index))
    pile = state.pile
    after = ENGINE.apply(state, ENGINE.legal(state)[0])
    assert [len(h) for h in after.hands] == [3, 3, 3, 3] and after.pile == pile[1:]
    assert pile[0] in after.hands[0] and after.hands[1:] == state.hands[1:]
    assert ENGINE.to_move(after) == (1,)


def test_u11_u12_u13_dragon_holder_draws_first_then_clockwise_then_dragon_again():
    # Pile empty, seat 3 holds the dragon. Seat 0 pushes seat 2 (3 tiles) off the board:
    # seat 3 draws first, then seat 0, then seat 1; the pile is empty again and seat 0, next
    # to need a tile, takes the dragon.
    state = position([(0, 0, 0), (5, 5, 4), (0, 0, 6), (5, 0, 5)],
                     [(1, 20), (3, 4), (6, 7, 8), (12, 14)], dragon=3)
    after = place(state, 1, 2)
    order = shuffled([6, 7, 8], SEED, "tsuro", "reshuffle", 0)
    assert after.hands[3] == tuple(sorted((12, 14, order[0])))
    assert after.hands[0] == tuple(sorted((20, order[1])))
    assert after.hands[1] == tuple(sorted((3, 4, order[2])))
    assert after.pile == () and after.dragon == 0
    assert ENGINE.view(after, 1)["dragon"] == 0


def test_u12_pile_empty_the_mover_takes_the_dragon_and_nobody_draws():
    state = position([(0, 2, 1), (5, 5, 4), (3, 0, 6)], [(33, 6, 7), (3, 4), (8, 9)])
    after = place(state, 33)
    assert after.dragon == 0 and after.hands == ((6, 7), (3, 4), (8, 9))
    again = ENGINE.apply(after, ENGINE.legal(after)[0])           # seat 1 cannot draw either
    assert again.dragon == 0 and len(again.hands[1]) == 1


def test_u13_returned_tile_goes_to_the_dragon_holder_not_the_mover():
    # Seat 2 held one tile; it goes to seat 1 (the dragon holder), and seat 0, finding the
    # pile empty again, takes the dragon.
    state = position([(0, 0, 0), (5, 5, 4), (0, 0, 6)], [(1, 20), (3, 4), (8,)], dragon=1)
    after = place(state, 1, 2)
    assert after.hands[1] == (3, 4, 8) and after.hands[0] == (20,) and after.dragon == 0


def test_u14_faq3_out_dragon_holder_passes_it_to_the_next_seat_needing_tiles():
    # Seat 1 holds the dragon and no tile; it is pushed off. Seat 2 has 3 tiles, seat 3 has
    # 2: the dragon goes to seat 3.
    state = position([(0, 0, 0), (0, 0, 6), (5, 5, 4), (5, 0, 5)],
                     [(1, 20, 21), (), (3, 4, 5), (12, 14)], dragon=1)
    after = place(state, 1, 2)
    assert after.alive == (True, False, True, True) and after.dragon == 3
    assert after.hands[0] == (20, 21) and after.pile == ()


def test_u14_d6_dragon_goes_back_when_nobody_in_needs_tiles():
    # Seat 0's only tile (0) sends both corner markers off: seat 0 itself (forced) and seat 1,
    # the dragon holder. Seats 2 and 3 hold 3 tiles each, so nobody can take the dragon.
    state = position([(0, 0, 0), (0, 0, 6), (5, 5, 4), (5, 0, 5)], [(0,), (), (3, 4, 5), (6, 7, 8)],
                     dragon=1)
    after = ENGINE.apply(state, Place(0, 0))
    assert after.alive == (False, False, True, True) and after.out_order == ((0, 1),)
    assert after.dragon is None and after.pile == () and ENGINE.to_move(after) == (2,)


# --- U15 to U17: the end ----------------------------------------------------------------------

def test_u16_faq5_all_remaining_markers_out_together_share_the_win():
    # Seat 0's only tile joins the two start marks above (0,1): forced, both out together.
    state = position([(0, 1, 0), (0, 1, 1), (5, 5, 4)], [(0,), (3, 4, 5), ()], out=(2,))
    assert len(ENGINE.legal(state)) == 4
    after = ENGINE.apply(state, Place(0, 0))
    assert after.alive == (False, False, False)
    assert ENGINE.outcome(after).winners == (0, 1) and ENGINE.outcome(after).reason == OUT_TOGETHER
    assert ENGINE.view(after, 2)["outcome"] == {"winners": [0, 1], "reason": OUT_TOGETHER}


def test_u17_faq4_all_tiles_played_survivors_share_the_win():
    for index in range(400):
        states, _ = random_game(index, 4)
        final = states[-1]
        if ENGINE.outcome(final).reason == TILES_USED:
            break
    else:
        pytest.fail("no random game used every tile")
    assert final.board.count(-1) == 1 and final.pile == () and not any(final.hands)
    survivors = tuple(s for s in range(4) if final.alive[s])
    assert len(survivors) >= 2 and ENGINE.outcome(final).winners == survivors


def test_u17_d4_game_ends_when_no_player_in_holds_a_tile():
    state = position([(0, 2, 1), (5, 5, 4), (3, 0, 6)], [(33,), (), ()], dragon=1)
    after = ENGINE.apply(state, Place(0, 0))
    assert ENGINE.outcome(after).winners == (0, 1, 2) and ENGINE.outcome(after).reason == TILES_USED


def test_d04_a_player_with_no_tiles_is_skipped():
    state = position([(0, 2, 1), (5, 5, 4), (3, 0, 6)], [(33, 6), (), (8, 9)], dragon=1)
    after = place(state, 33)
    assert ENGINE.to_move(after) == (2,) and ENGINE.outcome(after) is None


def test_d05_mover_out_drawing_starts_with_the_next_seat():
    # Seat 0 must go off (tiles 0 and 34 both do in the corner); its other tile returns to the
    # pile. Seat 1 is full, so seat 2 draws it and seat 3, finding the pile empty, takes the dragon.
    state = position([(0, 0, 0), (5, 5, 4), (3, 0, 6), (5, 0, 5)],
                     [(0, 34), (3, 4, 5), (8, 9), (12, 14)])
    after = ENGINE.apply(state, Place(0, 0))
    assert after.alive == (False, True, True, True)
    assert after.hands == ((), (3, 4, 5), (8, 9, 34), (12, 14)) and after.dragon == 3


# --- U18: elimination bonus -------------------------------------------------------------------

def bonus_position(bonus=True):
    """Seat 0 is about to put seats 1 and 2 out (tile 10 on (0,1)); seat 3 stays."""
    return position([(0, 1, 7), (0, 1, 0), (0, 1, 1), (5, 5, 4)],
                    [(10, 19, 21), (3, 4, 5), (6, 7), (12, 14, 15)], pile=(30, 31),
                    board="33 . . . . . " + " ".join(["."] * 30), bonus=bonus)


def test_u18_without_the_option_out_hands_go_straight_to_the_pile():
    after = place(bonus_position(bonus=False), 10)
    assert after.offer is None and after.reshuffles == 1
    assert len(after.pile) == 6 and len(after.hands[0]) == 3


def test_u18_elimination_bonus_exchange():
    """D8: the mover sees the pool, walks the candidates in tile-id order and the engine
    completes forced choices; D3: the bonus comes before the shuffle-in and the draw."""
    state = place(bonus_position(), 10)
    assert ENGINE.view(state, 0)["phase"] == "exchange" and ENGINE.to_move(state) == (0,)
    assert ENGINE.legal(state) == [TAKE, LEAVE]
    mine = ENGINE.view(state, 0)["exchange"]
    assert mine["pool"] == [3, 4, 5, 6, 7] and mine["candidates"] == [3, 4, 5, 6, 7, 19, 21]
    assert mine["keep"] == 2 and mine["next"] == 3
    theirs = ENGINE.view(state, 3)["exchange"]
    assert theirs == {"seat": 0, "keep": 2, "pool_size": 5, "decided": 0, "taken_count": 0}
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Place(0, 0))
    # Keep 5 and 21: leave 3 and 4, take 5, leave 6, 7 and 19; 21 is then the only tile
    # left for the one place still open, so the engine keeps it.
    for move in (LEAVE, LEAVE, TAKE, LEAVE, LEAVE):
        assert ENGINE.describe(state, move, 3).startswith("Seat 0 ")
        state = ENGINE.apply(state, move)
        assert state.offer is not None
    assert ENGINE.describe(state, LEAVE, 0) == "Seat 0 gives up tile 19 (elimination bonus)"
    done = ENGINE.apply(state, LEAVE)
    assert done.offer is None and done.reshuffles == 1
    assert {5, 21} < set(done.hands[0]) and len(done.hands[0]) == 3      # and then a draw
    assert sorted(done.pile + done.hands[0]) == sorted((3, 4, 6, 7, 19, 30, 31, 5, 21))
    assert ENGINE.to_move(done) == (3,)


def test_u18_bonus_view_hides_the_pool_from_other_seats():
    state = place(bonus_position(), 10)
    state = ENGINE.apply(state, TAKE)
    for seat in (None, 1, 3):
        other = ENGINE.sample_hidden(state, seat, b"key")
        assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
        assert ENGINE.legal(other) == ENGINE.legal(state)
    other = ENGINE.sample_hidden(state, 0, b"key")
    assert other.offer == state.offer and ENGINE.view(other, 0) == ENGINE.view(state, 0)


def test_u18_no_bonus_when_the_mover_goes_out_too():
    """D8: the bonus needs the placing player still in."""
    state = position([(0, 1, 0), (0, 1, 1), (5, 5, 4), (5, 0, 5)], [(0,), (3, 4, 5), (6,), (7,)],
                     bonus=True)
    after = ENGINE.apply(state, Place(0, 0))          # forced: seats 0 and 1 meet
    assert after.offer is None and after.alive == (False, False, True, True)


def test_u18_random_games_with_the_bonus_keep_the_protocol():
    seen_offer = False
    for index in range(12):
        states, moves = random_game(index, 6, {"elimination_bonus": True})
        seen_offer |= any(s.offer is not None for s in states)
        record = "".join(ENGINE.encode(m) for m in moves)
        again = replay(ENGINE, states[0], record)
        assert again.ok and again.state == states[-1]
        for n, state in enumerate(states[::5]):
            check_invariants(state)
            for seat in (None, *range(6)):
                other = ENGINE.sample_hidden(state, seat, derive(b"resample", n, str(seat)))
                assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    assert seen_offer


def check_invariants(state):
    """Every tile is somewhere (until the last move, whose out hands are simply dropped)."""
    offer = state.offer
    pool = [t for t in offer.candidates if t not in state.hands[state.turn]] if offer else []
    tiles = [c // 4 for c in state.board if c >= 0] + [t for h in state.hands for t in h]
    if state.outcome is None:
        assert sorted(tiles + list(state.pile) + pool) == list(range(35))
    assert all(len(h) <= 3 for h in state.hands)
    assert all(not h for s, h in enumerate(state.hands) if not state.alive[s])
    assert state.dragon is None or (not state.pile and state.alive[state.dragon]
                                     and len(state.hands[state.dragon]) < 3)          # D6


# --- Protocol details ---------------------------------------------------------------------------

def test_tokens_cover_disjoint_ranges_and_62_63_are_malformed():
    moves = [StartMark(i) for i in range(48)] + [Place(s, r) for s in range(3) for r in range(4)]
    moves += [TAKE, LEAVE]
    tokens = [ENGINE.encode(m) for m in moves]
    assert tokens == list(TOKEN_ALPHABET[:62])
    assert [ENGINE.decode(t) for t in tokens] == moves
    for bad in (TOKEN_ALPHABET[62], TOKEN_ALPHABET[63], "!", "AA", ""):
        with pytest.raises(MalformedMove):
            ENGINE.decode(bad)


def test_options_and_player_counts_are_checked():
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 1)
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 9)
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 3, {"pass_the_pile": True})
    assert ENGINE.initial(SEED, 3, {"elimination_bonus": True}).bonus is True


def test_describe_names_the_start_mark_and_the_placed_tile():
    state = ENGINE.initial(SEED, 2)
    assert ENGINE.describe(state, StartMark(13), 1) == \
        "Seat 0 starts on the right side of row 1, column 6 (mark 13)"
    pushed = position([(0, 0, 0), (0, 0, 6), (5, 5, 4)], [(1, 20, 21), (3, 4, 5), (6, 7, 8)])
    assert ENGINE.describe(pushed, Place(0, 2), 2) == \
        "Seat 0 plays tile 1 turned 180° on row 1, column 1; out: Seat 1"


def test_apply_leaves_its_input_alone_and_views_are_json():
    states, moves = random_game(3, 8)
    for state, move in zip(states[::3], moves[::3]):
        before = copy.deepcopy(state)
        ENGINE.apply(state, move)
        assert state == before
        json.dumps(ENGINE.view(state, 0))
        check_invariants(state)


def test_d06_three_player_draw_rules_last_after_two_are_left():
    state = position([(0, 2, 1), (5, 5, 4), (3, 0, 6)], [(33, 6, 7), (3, 4), ()], out=(2,))
    after = place(state, 33)
    assert after.dragon == 0                          # a two-player game has no dragon (U10)


def test_a_resampled_state_does_not_carry_the_real_seed():
    """A bot holds resampled states: the real seed in one would let it re-deal the true tiles."""
    state = ENGINE.initial(b"\x07" * 16, 3, {})
    sample = ENGINE.sample_hidden(state, 0, b"key")
    assert sample.seed != state.seed
    assert ENGINE.view(sample, 0) == ENGINE.view(state, 0)
