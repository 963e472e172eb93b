"""Tyros engine: each test is named after the rule (Y..) or decision (D..) of seeds/tyros.md.

Positions are built by hand with `position`: markers {location: empire}, galleons {seat:
{node name: count}} (node names "1".."32", "16W", "16E", "T"), cities {location: seat}, card
hands {seat: (green, orange, yellow, purple)}; the deck holds the cards nobody holds. The
map (seeds/tyros.md) as a reminder:

     1  6 10 15 20 24 28
     2  7 11 16  ~ 25 29
     3  8 12 17 21 26 30
     4  9 13 18 22 27 32
     5  D 14 19 23 31  T
"""
from dataclasses import replace

import pytest

from parlor.games.tyros.rules import (
    ACCEPT, ACTIONS, CANCEL, CARDS, CODE_MOVES, DIST, ENGINE, KEEPING, NEIGHBOURS, NODE_NAMES,
    NODES, OVER, PASS, REFUSE, TILES, TYRE, ZERO, Build, City, Exchange, Offer, Sail, State,
    Tile, Under, _put, active, counts, empire_ranks, galleons_at, mine, scores, start_allowed,
    supply, within)
from parlor.engine.protocol import TOKEN_ALPHABET, IllegalMove, MalformedMove, replay
from parlor.engine.rng import Stream, derive, shuffled

SEED = b"tyros-test-seed!"
G, O, Y, P = range(4)


def node(name: str) -> int:
    return NODE_NAMES.index(name)


def cards(g=0, o=0, y=0, p=0):
    return CARDS[(g, o, y, p)]


def position(players=3, markers=None, galleons=None, cities=None, hands=None, tiles=None,
             pile=(), phase=ACTIONS, first=0, step=0, discards=ZERO, last_turn=False) -> State:
    """A hand-built position (turn 2). Seats hold only the galleons given; every seat holds
    tile 1 unless `tiles` says otherwise, so nobody has run out."""
    state = ENGINE.initial(SEED, players)
    marks = [-1] * 33
    for loc, empire in (markers or {}).items():
        marks[loc] = empire
    fleets = [[0] * NODES for _ in range(players)]
    for seat, where in (galleons or {}).items():
        for name, count in where.items():
            fleets[seat][node(name)] = count
    owners = [-1] * 33
    for loc, seat in (cities or {}).items():
        owners[loc] = seat
    held = [ZERO] * players
    for seat, h in (hands or {}).items():
        held[seat] = tuple(h)
    left = [15 - sum(h[c] for h in held) - discards[c] for c in range(4)]
    tile_hands = [(1,)] * players
    for seat, ts in (tiles or {}).items():
        tile_hands[seat] = tuple(sorted(ts))
    return replace(state, markers=tuple(marks), fleets=tuple(tuple(f) for f in fleets),
                   cities=tuple(owners), hands=tuple(held), known=(ZERO,) * players,
                   deck=tuple(c for c in range(4) for _ in range(left[c])),
                   discards=tuple(discards), tile_hands=tuple(tile_hands),
                   shown=((),) * players, pile=tuple(pile), under=(), phase=phase,
                   first=first, step=step, last_turn=last_turn, turn=2,
                   offers=(0,) * players)


def play(state, *moves):
    for move in moves:
        state = ENGINE.apply(state, move)
    return state


def fleet(state, seat):
    return ENGINE.view(state, None)["galleons"][seat]


def refused(state, move, words=""):
    """Assert the move is illegal (with `words` in the reason) and not among the legal ones."""
    assert move not in ENGINE.legal(state)
    with pytest.raises(IllegalMove, match=words):
        ENGINE.apply(state, move)


def random_game(index, players, options=None):
    """The states and moves of one uniformly random game."""
    seed = derive(b"tyros-tests", index, players)[:16]
    state = ENGINE.initial(seed, players, options or {})
    stream = Stream(seed, "moves")
    states, moves = [state], []
    while legal := ENGINE.legal(state):
        moves.append(legal[stream.below(len(legal))])
        state = ENGINE.apply(state, moves[-1])
        states.append(state)
    return states, moves


# --- Y1, Y2, Y4-Y7: material and setup ----------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_y01_three_or_four_players(players):
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, players)


@pytest.mark.parametrize("players", [3, 4])
def test_y02_sixty_cards_fifteen_of_each_colour_32_tiles_ten_pieces_each(players):
    state = ENGINE.initial(SEED, players)
    total = [sum(h[c] for h in state.hands) + state.deck.count(c) + state.discards[c]
             for c in range(4)]
    assert total == [15, 15, 15, 15]
    starts = [loc for loc in range(1, 33) if state.markers[loc] >= 0]
    tiles = [t for h in state.tile_hands for t in h] + list(state.pile)
    assert len(starts) == 4 and sorted(tiles + starts) == list(range(1, 33))
    assert all(supply(state, s) == (8, 10) for s in range(players))   # 2 galleons on Tyre


@pytest.mark.parametrize("players", [3, 4])
def test_y04_every_player_starts_with_two_galleons_on_tyre(players):
    view = ENGINE.view(ENGINE.initial(SEED, players), None)
    assert view["galleons"] == [{"T": 2}] * players


def test_y05_starts_are_the_first_drawn_tiles_that_fit_in_setup_order():
    for i in range(60):
        seed = derive(b"starts", i)[:16]
        state = ENGINE.initial(seed, 3)
        marks, want = [-1] * 33, []
        for loc in shuffled(range(1, 33), seed, "tyros", "starts"):
            if len(want) < 4 and start_allowed(marks, loc):
                marks[loc] = len(want)
                want.append(loc)
        got = [state.markers.index(e) for e in range(4)]        # green, orange, yellow, purple
        assert got == want and state.markers[TYRE] == -1
        assert not {31, 32} & set(got)
        assert all(other not in NEIGHBOURS[loc] for loc in got for other in got)


def test_y05_the_start_rule():
    marks = [-1] * 33
    marks[12] = G
    assert not start_allowed(marks, 11) and not start_allowed(marks, 17)   # touch 12
    assert not start_allowed(marks, 31) and not start_allowed(marks, 32)   # touch Tyre
    assert not start_allowed(marks, 12)
    assert start_allowed(marks, 1) and start_allowed(marks, 30)


def test_d01_set_aside_start_tiles_go_back_into_the_game():
    set_aside = 0
    for i in range(60):
        seed = derive(b"starts", i)[:16]
        state = ENGINE.initial(seed, 4)
        order = shuffled(range(1, 33), seed, "tyros", "starts")
        starts = [loc for loc in range(1, 33) if state.markers[loc] >= 0]
        drawn = order[:max(order.index(loc) for loc in starts)]
        set_aside += len(set(drawn) - set(starts))
        in_play = {t for h in state.tile_hands for t in h} | set(state.pile)
        assert in_play == set(range(1, 33)) - set(starts)
    assert set_aside, "no seed set a tile aside: the test proved nothing"


@pytest.mark.parametrize("players,pile", [(3, 13), (4, 8)])
def test_y06_five_secret_tiles_each_the_rest_in_the_pile(players, pile):
    state = ENGINE.initial(SEED, players)
    assert [len(h) for h in state.tile_hands] == [5] * players and len(state.pile) == pile
    view = ENGINE.view(state, 0)
    assert view["hands"][0]["own"]["tiles"] == list(state.tile_hands[0])
    assert [h["tiles"] for h in view["hands"]] == [5] * players
    assert all(h["shown_tiles"] == [] for h in view["hands"])


@pytest.mark.parametrize("players,pile", [(3, 16), (4, 12)])
def test_d30_option_four_tiles_each(players, pile):
    state = ENGINE.initial(SEED, players, {"tiles_per_player": 4})
    assert [len(h) for h in state.tile_hands] == [4] * players and len(state.pile) == pile


def test_d30_option_preset_start():
    state = ENGINE.initial(SEED, 3, {"preset_start": True})
    assert [state.markers.index(e) for e in range(4)] == [7, 17, 26, 23]


@pytest.mark.parametrize("options", [{"tiles_per_player": 3}, {"preset_start": 1},
                                     {"jokers": True}, {"tiles_per_player": True}])
def test_d30_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 3, options)


def test_d04_first_player_is_drawn_from_the_seed_and_lays_the_first_tile():
    firsts = set()
    for i in range(30):
        seed = derive(b"first", i)[:16]
        state = ENGINE.initial(seed, 4)
        assert state.first == Stream(seed, "tyros", "first").below(4)
        assert ENGINE.to_move(state) == (state.first,) and state.phase == TILES
        firsts.add(state.first)
    assert firsts == {0, 1, 2, 3}


def test_d31_same_seed_same_game():
    a, b = random_game(3, 3), random_game(3, 3)
    assert a[1] == b[1] and a[0][-1] == b[0][-1]


# --- Y9: the deal -------------------------------------------------------------------------

@pytest.mark.parametrize("players,deal", [(3, 12), (4, 10)])
def test_y09_twelve_or_ten_cards_each(players, deal):
    state = ENGINE.initial(SEED, players)
    assert [sum(h) for h in state.hands] == [deal] * players
    assert len(state.deck) == 60 - deal * players and state.discards == ZERO


def test_y09_d07_kept_cards_stay_in_hand_deck_and_discards_are_shuffled_together():
    state = position(phase=KEEPING, hands={0: (5, 1, 0, 0), 1: (2, 0, 0, 0), 2: (0, 0, 4, 0)},
                     discards=(3, 3, 3, 3))
    state = play(state, cards(g=3), cards(y=3))     # seat 1 holds 2 cards: it has no choice
    assert state.phase == TILES and state.turn == 3
    assert [sum(h) for h in state.hands] == [15, 14, 15]
    for kept, now in zip([(3, 0, 0, 0), (2, 0, 0, 0), (0, 0, 3, 0)], state.hands):
        assert all(a <= b for a, b in zip(kept, now))
    assert state.discards == ZERO and len(state.deck) == 60 - 44


# --- Y10-Y15, D8: tiles -------------------------------------------------------------------

def tile_position(tiles, markers, pile=(), first=0):
    return position(markers=markers, tiles=tiles, pile=pile, phase=TILES, first=first)


def test_y10_each_player_plays_one_tile_in_order_from_the_first_player():
    state = tile_position({0: [6, 9], 1: [2, 13], 2: [4]}, {1: G, 5: O}, pile=(20, 21), first=1)
    seen = []
    while state.phase == TILES:
        seat = ENGINE.to_move(state)[0]
        seen.append(seat)
        state = play(state, ENGINE.legal(state)[0])
    assert seen == [1, 2, 0] and state.phase == ACTIONS
    assert ENGINE.to_move(state) == (1,)
    assert sum(m >= 0 for m in state.markers) == 2 + 3


def test_y11_only_a_tile_touching_an_empire_can_be_played():
    state = tile_position({0: [2, 13, 20]}, {1: G})
    assert ENGINE.legal(state) == [Tile(2, G)]
    refused(state, Tile(13, G), "must touch")
    refused(state, Tile(20, G), "must touch")
    refused(state, Tile(3, G), "not in your hand")


def test_y12_the_player_picks_the_empire_when_the_tile_touches_two():
    state = tile_position({0: [7]}, {6: G, 8: P})
    assert ENGINE.legal(state) == [Tile(7, G), Tile(7, P)]
    after = play(state, Tile(7, P))
    assert after.markers[7] == P and after.markers[6] == G and after.markers[8] == P
    refused(state, Tile(7, O), "must touch")


def test_y13_d09_tyre_takes_the_colour_of_31_or_32_and_keeps_the_first():
    state = tile_position({0: [31], 1: [32]}, {23: Y, 30: P})
    state = play(state, Tile(31, Y))
    assert state.markers[31] == Y and state.markers[TYRE] == Y
    state = play(state, Tile(32, P))
    assert state.markers[32] == P and state.markers[TYRE] == Y


def test_y13_galleons_on_tyre_stay():
    state = tile_position({0: [31]}, {23: Y})
    state = replace(state, fleets=((0,) * 33 + (2,),) * 3)
    after = play(state, Tile(31, Y))
    assert [fleet(after, s) for s in range(3)] == [{"T": 2}] * 3


def test_y14_the_player_draws_the_top_tile_and_the_hand_shrinks_once_the_pile_is_empty():
    state = tile_position({0: [2, 20], 1: [6, 24], 2: [3]}, {1: G}, pile=(28,))
    state = play(state, Tile(2, G))
    assert state.tile_hands[0] == (20, 28) and state.pile == ()
    state = play(state, Tile(6, G))
    assert state.tile_hands[1] == (24,)


def test_y15_a_stuck_player_shows_the_hand_puts_a_tile_under_and_draws():
    state = tile_position({0: [20, 28, 5], 1: [2]}, {1: G}, pile=(14, 19))
    assert ENGINE.legal(state) == [Under(5), Under(20), Under(28)]
    refused(state, Tile(20, G), "must touch")
    after = play(state, Under(20))
    assert after.tile_hands[0] == (5, 14, 28) and after.pile == (19,) and after.under == (20,)
    assert ENGINE.to_move(after) == (1,)                    # seat 0 plays no tile this turn
    view = ENGINE.view(after, 1)
    assert view["hands"][0]["shown_tiles"] == [5, 28]       # seen by all; 14 is not
    assert view["tile_pile_bottom"] == [20] and view["tile_pile"] == 2
    assert "shows 5, 20, 28" in ENGINE.describe(state, Under(20), 1)


def test_y15_stuck_even_if_the_new_tile_would_fit():
    state = tile_position({0: [20], 1: [6]}, {1: G}, pile=(2,))
    after = play(state, Under(20))
    assert after.tile_hands[0] == (2,) and after.markers[2] == -1
    assert ENGINE.to_move(after) == (1,)


def test_d08_stuck_with_an_empty_pile_the_hand_is_unchanged_but_shown():
    state = tile_position({0: [20, 28], 1: [2]}, {1: G})
    after = play(state, Under(28))
    assert after.tile_hands[0] == (20, 28) and after.pile == () and after.under == ()
    assert ENGINE.view(after, 1)["hands"][0]["shown_tiles"] == [20, 28]


def test_d08_who_draws_a_tile_from_under_the_pile_is_seen_by_all():
    state = tile_position({0: [20], 1: [2], 2: [3]}, {1: G}, pile=(14,))
    state = play(state, Under(20))                # draws 14; 20 lies under the pile
    state = play(state, Tile(2, G))               # seat 1 draws 20 from under the pile
    assert state.tile_hands[1] == (20,)
    assert ENGINE.view(state, 2)["hands"][1]["shown_tiles"] == [20]
    assert ENGINE.view(state, 2)["hands"][0]["shown_tiles"] == []


# --- Y16, Y17, Y32, Y33: rounds of actions ------------------------------------------------

def test_y16_y32_players_act_in_turn_order_and_may_act_again_after_passing():
    state = position(markers={31: G}, galleons={0: {"T": 1}},
                     hands={0: (2, 0, 0, 0), 1: (0, 0, 3, 0)}, first=2)
    assert ENGINE.to_move(state) == (2,)
    state = play(state, PASS)
    assert ENGINE.to_move(state) == (0,)
    state = play(state, PASS, Exchange(-1, (0, 0, 3, 0)))     # seat 0 passes, seat 1 acts
    assert ENGINE.to_move(state) == (2,) and ENGINE.view(state, None)["round"] == 2
    state = play(state, PASS, Sail(node("T"), node("31")))     # seat 0 acts after passing
    assert fleet(state, 0) == {"31": 1} and state.phase == ACTIONS and state.passes == 0


def test_y17_payments_go_face_up_to_the_discard_pile():
    state = position(markers={31: G}, galleons={0: {"T": 1}}, hands={0: (3, 1, 0, 0)})
    state = play(state, Sail(node("T"), node("31")))
    assert state.hands[0] == (2, 1, 0, 0) and state.discards == (1, 0, 0, 0)
    assert ENGINE.view(state, 1)["discards"] == [1, 0, 0, 0]


def test_y33_d19_the_actions_end_when_all_pass_in_a_row():
    state = position(markers={31: G}, galleons={0: {"T": 1}}, hands={0: (2, 0, 0, 0)})
    state = play(state, PASS, PASS)
    assert ENGINE.view(state, None)["passed"] == [1, 0]
    state = play(state, PASS)
    assert state.phase != ACTIONS
    again = position(markers={31: G}, galleons={0: {"T": 1}}, hands={0: (2, 0, 0, 0)}, step=1)
    again = play(again, PASS, PASS, Sail(node("T"), node("31")), PASS, PASS)
    assert again.phase == ACTIONS and again.passes == 2
    assert play(again, PASS).phase != ACTIONS


# --- Y18-Y20, D10: building galleons ------------------------------------------------------

def test_y19_d10_rulebook_example_two_galleons_in_a_green_location_cost_three():
    state = position(markers={12: G}, cities={12: 0}, galleons={0: {"12": 1}, 1: {"12": 1}},
                     hands={0: (1, 3, 0, 0)})
    state = play(state, Build(12))
    assert ENGINE.view(state, 0)["pending"]["cost"] == 3
    assert ENGINE.legal(state) == [cards(1, 2), CANCEL]     # at least one green
    state = play(state, cards(1, 2))
    assert fleet(state, 0) == {"12": 2} and state.hands[0] == (0, 1, 0, 0)
    poor = position(markers={12: G}, cities={12: 0}, galleons={0: {"12": 1}, 1: {"12": 1}},
                    hands={0: (0, 5, 0, 0)})
    refused(poor, Build(12), "at least one green")


@pytest.mark.parametrize("players,cost", [(3, 7), (4, 9)])
def test_y19_a_galleon_on_tyre_at_the_start_costs_seven_or_nine_cards_of_any_colour(players,
                                                                                      cost):
    state = ENGINE.initial(SEED, players)
    while state.phase == TILES:
        state = play(state, ENGINE.legal(state)[0])
    state = replace(state, markers=state.markers[:TYRE] + (-1,) + state.markers[1:])
    seat = ENGINE.to_move(state)[0]
    assert sum(state.hands[seat]) > cost
    state = play(state, Build(TYRE))
    assert ENGINE.view(state, seat)["pending"]["cost"] == cost
    pay = ENGINE.legal(state)[0]
    assert sum(pay.counts) == cost
    state = play(state, pay)
    assert fleet(state, seat) == {"T": 3}
    mixed = position(players=players, hands={0: (3, 3, 3, 3)}, galleons={
        s: {"T": 2} for s in range(players)})
    mixed = play(mixed, Build(TYRE))
    assert cards(3, 3, cost - 6) in ENGINE.legal(mixed)


def test_y19_tyre_with_an_empire_needs_one_card_of_its_colour():
    state = position(markers={31: O, TYRE: O}, galleons={0: {"T": 1}},
                     hands={0: (3, 0, 0, 0)})
    refused(state, Build(TYRE), "at least one orange")
    ok = position(markers={31: O, TYRE: O}, galleons={0: {"T": 1}}, hands={0: (3, 1, 0, 0)})
    ok = play(ok, Build(TYRE))
    assert all(m.counts[O] >= 1 for m in ENGINE.legal(ok) if m is not CANCEL)


def test_y18_galleons_are_built_only_at_tyre_or_in_an_own_city():
    state = position(markers={12: G, 13: G}, cities={12: 1}, hands={0: (5, 0, 0, 0)})
    refused(state, Build(12), "only at Tyre or in one of your cities")
    refused(state, Build(13), "only at Tyre or in one of your cities")
    assert Build(TYRE) in ENGINE.legal(state)


def test_d06_no_galleon_left_in_supply_no_build():
    state = position(markers={12: G}, cities={12: 0}, galleons={0: {"12": 2, "T": 8}},
                     hands={0: (5, 0, 0, 0)})
    refused(state, Build(12), "all your galleons")


def test_y20_a_galleon_built_in_italy_goes_on_the_west_coast():
    state = position(markers={16: P}, cities={16: 0}, hands={0: (0, 0, 0, 1)})
    state = play(state, Build(16))                   # 1 card, the whole hand: no choice
    assert fleet(state, 0) == {"16W": 1}


# --- Y21-Y24, D11, D13, D14: sailing ------------------------------------------------------

def test_y21_destination_is_tyre_or_a_location_with_a_marker():
    state = position(markers={22: G}, galleons={0: {"T": 1, "23": 0}}, hands={0: (9, 9, 0, 0)})
    refused(state, Sail(node("T"), node("27")), "empire marker")
    assert Sail(node("T"), node("22")) in ENGINE.legal(state)


def test_y21_d13_a_galleon_crosses_neutral_locations_and_tyre():
    state = position(markers={22: G, 30: O}, galleons={0: {"31": 1}}, hands={0: (5, 5, 0, 0)})
    state = play(state, Sail(node("31"), node("30")))        # 31 - T - 32 - 30: 3 orange
    assert fleet(state, 0) == {"30": 1} and state.hands[0] == (5, 2, 0, 0)


def test_y21_never_through_the_open_sea():
    assert DIST[node("16E")][node("25")] == 4                 # 16E-17-21-26-25, not across ~
    assert DIST[node("21")][node("25")] == 2
    assert DIST[node("20")][node("24")] == 7                  # 20-24 is a land border


def test_y22_cost_is_the_distance_all_in_the_destination_colour():
    state = position(markers={22: G}, galleons={0: {"T": 1}}, hands={0: (2, 5, 0, 0)})
    refused(state, Sail(node("T"), node("22")), "costs 3 green")
    state = position(markers={22: G}, galleons={0: {"T": 1}}, hands={0: (3, 5, 0, 0)})
    state = play(state, Sail(node("T"), node("22")))
    assert state.hands[0] == (0, 5, 0, 0) and fleet(state, 0) == {"22": 1}
    assert ENGINE.to_move(state) == (1,)                     # paid in full: no step to choose


def test_d11_sailing_to_a_neutral_tyre_costs_any_colours():
    state = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (1, 1, 1, 1)})
    state = play(state, Sail(node("22"), node("T")))          # 22 - 27 - 31 - T
    assert ENGINE.view(state, 0)["pending"]["cost"] == 3
    legal = ENGINE.legal(state)
    assert cards(0, 1, 1, 1) in legal and cards(1, 1, 1) in legal and len(legal) == 5
    from parlor.engine.protocol import SeatView
    from parlor.games.tyros.board import Board
    chooser = Board().controls(SeatView(ENGINE.view(state, 0), tuple(legal), 0), None,
                               ("Ana", "Bo", "Cy"))         # (Tyre's node has no marker)
    assert "to Tyre: 3 cards, any colours." in chooser
    state = play(state, cards(0, 1, 1, 1))
    assert fleet(state, 0) == {"T": 1} and state.hands[0] == (1, 0, 0, 0)


def test_y23_from_30_to_29_by_26_and_25_for_three_cards():
    state = position(markers={29: P, 30: O}, galleons={0: {"30": 1}}, hands={0: (0, 0, 0, 2)})
    refused(state, Sail(node("30"), node("29")), "costs 3 purple")
    state = position(markers={29: P, 30: O}, galleons={0: {"30": 1}}, hands={0: (0, 0, 0, 3)})
    state = play(state, Sail(node("30"), node("29")))
    assert fleet(state, 0) == {"29": 1} and state.hands[0] == ZERO


def test_y24_from_sicily_both_coasts_of_italy_are_one_step():
    state = position(markers={16: G, 17: O}, galleons={0: {"17": 1}}, hands={0: (2, 0, 0, 0)})
    legal = ENGINE.legal(state)
    assert Sail(node("17"), node("16W")) in legal and Sail(node("17"), node("16E")) in legal
    east = play(state, Sail(node("17"), node("16E")))
    assert fleet(east, 0) == {"16E": 1} and east.hands[0] == (1, 0, 0, 0)


def test_y24_d14_the_east_coast_sails_first_to_15_or_17():
    assert DIST[node("16E")][node("15")] == 1 and DIST[node("16E")][node("17")] == 1
    assert DIST[node("16E")][node("11")] == 3                 # not 1: 11 is on the west side
    assert DIST[node("16W")][node("11")] == 1 and DIST[node("16W")][node("15")] == 3
    state = position(markers={16: G, 11: Y}, galleons={0: {"16E": 1}}, hands={0: (0, 0, 3, 0)})
    state = play(state, Sail(node("16E"), node("11")))
    assert fleet(state, 0) == {"11": 1} and state.hands[0] == ZERO


def test_y24_changing_coast_means_leaving_italy_and_coming_back():
    state = position(markers={16: G}, galleons={0: {"16E": 1}}, hands={0: (2, 0, 0, 0)})
    state = play(state, Sail(node("16E"), node("16W")))
    assert fleet(state, 0) == {"16W": 1} and state.hands[0] == ZERO


# --- Y25, D15: the galleon limit ----------------------------------------------------------

def test_y25_no_third_galleon_in_a_location_without_a_city():
    state = position(markers={22: G}, galleons={0: {"T": 1}, 1: {"22": 1}, 2: {"22": 1}},
                     hands={0: (3, 0, 0, 0)})
    refused(state, Sail(node("T"), node("22")), "2 galleons are already there")
    own = position(markers={22: G}, galleons={0: {"T": 1, "22": 2}}, hands={0: (3, 0, 0, 0)})
    refused(own, Sail(node("T"), node("22")), "2 galleons are already there")


def test_y25_no_limit_in_a_city_or_on_tyre():
    state = position(markers={22: G}, cities={22: 1}, galleons={0: {"T": 1}, 1: {"22": 2}},
                     hands={0: (3, 0, 0, 0)})
    state = play(state, Sail(node("T"), node("22")))
    assert galleons_at(state, 22) == 3
    crowded = position(markers={31: G}, galleons={0: {"31": 1}, 1: {"T": 5}, 2: {"T": 5}},
                       hands={0: (1, 0, 0, 0)})
    crowded = play(crowded, Sail(node("31"), node("T")))
    assert galleons_at(crowded, TYRE) == 11


def test_y25_d14_italy_s_coasts_count_together():
    state = position(markers={16: G, 17: G}, galleons={0: {"17": 1}, 1: {"16W": 1},
                                                       2: {"16E": 1}}, hands={0: (3, 0, 0, 0)})
    refused(state, Sail(node("17"), node("16W")), "2 galleons")
    refused(state, Sail(node("17"), node("16E")), "2 galleons")
    coast = position(markers={16: G}, galleons={0: {"16W": 1}, 1: {"16E": 1}},
                     hands={0: (2, 0, 0, 0)})
    coast = play(coast, Sail(node("16W"), node("16E")))      # still 2 in Italy
    assert fleet(coast, 0) == {"16E": 1}


@pytest.mark.parametrize("players", [3, 4])
def test_y25_every_action_ends_within_the_limit(players):
    for i in range(4):
        for state in random_game(i, players)[0]:
            for loc in range(1, 33):
                assert state.cities[loc] >= 0 or galleons_at(state, loc) <= 2


# --- Y26-Y28, D16: cities -----------------------------------------------------------------

def test_y27_a_city_costs_five_cards_of_the_colour_or_four_with_two_galleons():
    one = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (4, 3, 0, 0)})
    refused(one, City(node("22")), "costs 5 green")
    two = position(markers={22: G}, galleons={0: {"22": 2}}, hands={0: (4, 3, 0, 0)})
    two = play(two, City(node("22")))
    assert two.cities[22] == 0 and two.hands[0] == (0, 3, 0, 0)
    five = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (6, 0, 0, 0)})
    five = play(five, City(node("22")))
    assert five.cities[22] == 0 and five.hands[0] == (1, 0, 0, 0)


def test_y28_d16_the_city_replaces_a_galleon_which_returns_to_the_supply():
    state = position(markers={22: G}, galleons={0: {"22": 2, "T": 2}}, hands={0: (4, 0, 0, 0)})
    assert supply(state, 0) == (6, 10)
    state = play(state, City(node("22")))
    assert fleet(state, 0) == {"22": 1, "T": 2} and supply(state, 0) == (7, 9)


def test_y26_a_city_needs_an_own_galleon_and_no_other_player_s():
    none = position(markers={22: G}, galleons={0: {"T": 1}}, hands={0: (5, 0, 0, 0)})
    refused(none, City(node("22")), "no galleon there")
    shared = position(markers={22: G}, galleons={0: {"22": 1}, 1: {"22": 1}},
                      hands={0: (5, 0, 0, 0)})
    refused(shared, City(node("22")), "another player's galleon")


def test_y26_no_city_on_tyre_nor_a_second_city_in_a_location():
    tyre = position(markers={31: G, TYRE: G}, galleons={0: {"T": 1}}, hands={0: (5, 0, 0, 0)})
    refused(tyre, City(node("T")), "Tyre is a city already")
    second = position(markers={22: G}, cities={22: 0}, galleons={0: {"22": 1}},
                      hands={0: (5, 0, 0, 0)})
    refused(second, City(node("22")), "a city there already")


def test_d06_no_city_left_no_city():
    owned = {loc: 0 for loc in range(1, 11)}
    state = position(markers={22: G, **{loc: O for loc in owned}}, cities=owned,
                     galleons={0: {"22": 1}}, hands={0: (5, 0, 0, 0)})
    refused(state, City(node("22")), "all your cities")


def test_d16_with_galleons_on_both_coasts_the_player_says_which_becomes_the_city():
    state = position(markers={16: P}, galleons={0: {"16W": 1, "16E": 1}},
                     hands={0: (0, 0, 0, 4)})
    west = play(state, City(node("16W")))
    east = play(state, City(node("16E")))
    assert fleet(west, 0) == {"16E": 1} and fleet(east, 0) == {"16W": 1}
    assert west.cities[16] == east.cities[16] == 0


# --- Y29, D17: trading --------------------------------------------------------------------

def trade_position(**kw):
    kw.setdefault("hands", {0: (3, 0, 0, 1), 1: (0, 2, 1, 0), 2: (0, 0, 4, 0)})
    return position(**kw)


def test_y29_offer_answer_and_the_cards_change_hands():
    state = trade_position()
    state = play(state, Offer(1), cards(g=2))
    assert ENGINE.to_move(state) == (0,)
    state = play(state, cards(o=1))
    assert ENGINE.to_move(state) == (1,)                      # the partner answers
    assert ENGINE.legal(state) == [ACCEPT, REFUSE]
    pending = ENGINE.view(state, 2)["pending"]
    assert pending["give"] == [2, 0, 0, 0] and pending["ask"] == [0, 1, 0, 0]
    state = play(state, ACCEPT)
    assert state.hands[0] == (1, 1, 0, 1) and state.hands[1] == (2, 1, 1, 0)
    assert ENGINE.to_move(state) == (1,) and state.step == 1  # the trade was seat 0's action


def test_y29_a_refusal_lets_the_player_try_another_partner_or_act_otherwise():
    state = play(trade_position(), Offer(1), cards(g=1), cards(o=1), REFUSE)
    assert ENGINE.to_move(state) == (0,) and state.step == 0
    assert Offer(1) not in ENGINE.legal(state) and Offer(2) in ENGINE.legal(state)
    refused(state, Offer(1), "refused your offer")
    after = play(state, Offer(2), cards(g=1), cards(y=2), ACCEPT)
    assert after.hands[0] == (2, 0, 2, 1) and after.hands[2] == (1, 0, 2, 0)
    passed = play(state, PASS)
    assert passed.passes == 1                                 # D19: a pass is a pass


def test_d17_the_partner_can_only_accept_with_the_cards_asked_for():
    state = play(trade_position(), Offer(1), cards(g=1), cards(o=3))
    assert ENGINE.legal(state) == [REFUSE]
    refused(state, ACCEPT, "do not have the cards")


def test_d17_offer_terms():
    state = play(trade_position(), Offer(1))
    gives = [m for m in ENGINE.legal(state) if m is not CANCEL]
    assert cards(g=3, p=1) in gives and cards(g=4) not in gives
    assert all(1 <= sum(m.counts) and within(m.counts, (3, 0, 0, 1)) for m in gives)
    assert len(gives) == 4 * 2 - 1                            # every part of the hand but none
    state = play(state, cards(g=2))
    asks = [m for m in ENGINE.legal(state) if m is not CANCEL]
    assert all(1 <= sum(m.counts) <= 3 for m in asks)         # seat 1 holds 3
    assert cards(o=2, y=1) in asks and cards(g=1) in asks and cards(o=4) not in asks
    refused(state, cards(o=4), "ask for 1 to 12 cards")


def test_d32_an_offer_gives_and_asks_at_most_twelve_cards_even_from_bigger_hands():
    state = trade_position(hands={0: (5, 5, 5, 0), 1: (4, 4, 4, 4), 2: (0, 0, 4, 0)})
    state = play(state, Offer(1))
    gives = [m for m in ENGINE.legal(state) if m is not CANCEL]
    assert max(sum(m.counts) for m in gives) == 12 and cards(g=5, o=5, y=2) in gives
    assert (5, 5, 3, 0) not in CARDS                          # no step names 13 cards
    state = play(state, cards(g=5, o=5, y=2))
    asks = [m for m in ENGINE.legal(state) if m is not CANCEL]
    assert max(sum(m.counts) for m in asks) == 12 and cards(g=4, o=4, y=4) in asks
    assert ENGINE.legal(play(state, cards(g=4, o=4, y=4))) == [ACCEPT, REFUSE]


def test_d17_y29_an_offer_may_give_all_four_colours_and_ask_any():
    state = trade_position(hands={0: (1, 1, 1, 2), 1: (2, 2, 0, 0), 2: (0, 0, 4, 0)})
    state = play(state, Offer(1), cards(g=1, o=1, y=1, p=1))  # the rulebook sets no colour limit
    state = play(state, cards(g=2, o=1))                      # a colour given may be asked too
    assert ENGINE.legal(state) == [ACCEPT, REFUSE]
    state = play(state, ACCEPT)
    assert state.hands[0] == (2, 1, 0, 1) and state.hands[1] == (1, 2, 1, 1)
    hands = ENGINE.view(state, 2)["hands"]                    # D28: what changed hands is public
    assert hands[0]["known"] == [2, 1, 0, 0] and hands[1]["known"] == [1, 1, 1, 1]


def test_d17_after_an_accepted_trade_no_second_offer_to_that_partner_this_turn():
    state = play(trade_position(), Offer(1), cards(g=1), cards(o=1), ACCEPT)
    state = play(state, PASS, PASS)                           # seats 1 and 2
    assert Offer(1) not in ENGINE.legal(state) and Offer(2) in ENGINE.legal(state)
    refused(state, Offer(1), "traded with that player this turn")
    state = play(state, Offer(2), cards(g=1), cards(y=1), ACCEPT)
    assert Offer(0) in ENGINE.legal(state)                    # seat 1 may still propose


def test_d17_a_partner_who_passed_may_be_asked_one_with_no_cards_may_not():
    state = trade_position(hands={0: (3, 0, 0, 0), 1: (0, 2, 0, 0), 2: ZERO}, step=1)
    state = play(state, PASS)                                 # seat 1 passes
    state = play(state, PASS)                                 # seat 2
    assert Offer(1) in ENGINE.legal(state)
    refused(state, Offer(2), "no cards")


def test_d17_cancel_before_the_offer_is_sent():
    state = play(trade_position(), Offer(1), cards(g=1))
    state = play(state, CANCEL)
    assert state.pending is None and ENGINE.to_move(state) == (0,) and state.step == 0


# --- Y30, Y31, D18: exchanging cards ------------------------------------------------------

def test_y30_exchange_three_cards_for_three_from_the_deck():
    state = position(hands={0: (2, 2, 0, 0)})
    top = state.deck[:3]
    assert Exchange(-1, (2, 1, 0, 0)) in ENGINE.legal(state)
    state = play(state, Exchange(-1, (2, 1, 0, 0)))
    expected = [0, 1, 0, 0]
    for c in top:
        expected[c] += 1
    assert state.hands[0] == tuple(expected) and state.discards == (2, 1, 0, 0)


def test_d18_no_exchange_from_a_deck_of_fewer_than_three():
    state = position(hands={0: (2, 2, 0, 0)})
    state = replace(state, deck=state.deck[:2], discards=add4(state.discards, state.deck[2:]))
    refused(state, Exchange(-1, (2, 1, 0, 0)), "fewer than 3")


def add4(discards, colours):
    out = list(discards)
    for c in colours:
        out[c] += 1
    return tuple(out)


def test_y31_exchange_three_cards_for_one_chosen_from_the_discards():
    state = position(hands={0: (3, 1, 0, 0)}, discards=(0, 0, 0, 2))
    assert Exchange(P, (3, 0, 0, 0)) in ENGINE.legal(state)
    refused(state, Exchange(G, (2, 1, 0, 0)), "no green card in the discard pile")  # D18
    refused(state, Exchange(P, (0, 2, 0, 1)), "discard 3 cards of your hand")
    state = play(state, Exchange(P, (3, 0, 0, 0)))
    assert state.hands[0] == (0, 1, 0, 1) and state.discards == (3, 0, 0, 1)


def test_y30_an_exchange_needs_three_cards():
    state = position(hands={0: (1, 1, 0, 0)}, discards=(1, 1, 1, 1))
    assert not any(type(m) is Exchange for m in ENGINE.legal(state))


# --- Y34, D27: end of the turn ------------------------------------------------------------

def test_y34_d27_keep_three_the_rest_is_discarded_and_the_token_moves_left():
    state = position(hands={0: (2, 2, 1, 0), 1: (1, 1, 0, 0), 2: (4, 0, 0, 1)}, first=1,
                     tiles={0: [20], 1: [21], 2: [22]}, pile=(23, 24, 25))
    state = play(state, PASS, PASS, PASS)
    assert state.phase == KEEPING and ENGINE.to_move(state) == (2,)   # seat 1 holds 2
    assert all(sum(m.counts) == 3 for m in ENGINE.legal(state))
    state = play(state, cards(g=2, p=1))
    state = play(state, cards(g=1, o=1, y=1))
    assert state.phase == TILES and state.first == 2 and ENGINE.to_move(state) == (2,)
    assert state.turn == 3


def test_d33_nobody_sees_another_s_kept_or_discarded_cards_until_every_player_has_kept():
    state = position(hands={0: (2, 2, 1, 0), 1: (4, 0, 0, 1), 2: (0, 3, 2, 0)},
                     phase=KEEPING, discards=(1, 0, 0, 0), tiles={0: [20], 1: [21], 2: [22]},
                     pile=(23, 24, 25))
    state = replace(state, known=((2, 0, 0, 0), (3, 0, 0, 1), (0, 0, 0, 0)))
    before = [ENGINE.view(state, seat) for seat in (1, 2, None)]
    move = cards(g=2, o=1)
    assert ENGINE.describe(state, move, 1) == "Seat 0 keeps 3 cards"
    assert "keeps 2 green, 1 orange and discards 1 orange, 1 yellow" in \
        ENGINE.describe(state, move, 0)
    kept = play(state, move)
    # The discard pile and what the others know of seat 0's hand are as before: the others'
    # views only say that seat 0 now holds 3 cards (and its green bound is what is sure
    # whichever 2 cards it set aside).
    for seat, was in zip((1, 2, None), before):
        now = ENGINE.view(kept, seat)
        assert now["discards"] == was["discards"] == [1, 0, 0, 0]
        assert now["hands"][0]["cards"] == 3 and now["hands"][0]["known"] == [0, 0, 0, 0]
        assert {**now, "hands": was["hands"], "active": was["active"],
                "to_move": was["to_move"]} == was
    # Another choice of seat 0 leaves every other view exactly the same.
    other = play(state, cards(g=1, o=1, y=1))
    for seat in (1, 2, None):
        assert ENGINE.view(other, seat) == ENGINE.view(kept, seat)
    assert ENGINE.view(other, 0) != ENGINE.view(kept, 0)
    # Once every player has kept, the discards are made together, then the deal takes them.
    done = play(kept, cards(g=3), cards(o=3))
    assert done.phase == TILES and done.discards == ZERO and not done.dropped
    assert len(done.deck) + sum(map(sum, done.hands)) == 60


def test_d33_a_sampled_state_deals_the_hidden_keep_again():
    state = position(hands={0: (2, 2, 1, 0), 1: (4, 0, 0, 1), 2: (0, 3, 2, 0)},
                     phase=KEEPING)
    state = play(state, cards(g=2, o=1), cards(g=3))
    view = ENGINE.view(state, 2)
    kept = set()
    for n in range(12):
        world = ENGINE.sample_hidden(state, 2, derive(SEED, "sample", n))
        assert ENGINE.view(world, 2) == view
        assert world.hands[2] == state.hands[2] and world.dropped[2] == state.dropped[2]
        assert [sum(h) for h in world.hands] == [3, 3, 5]
        assert [sum(d) for d in world.dropped] == [2, 2, 0]
        kept.add(world.hands[0])
    assert len(kept) > 1                     # seat 0's true keep is not carried over


# --- Y35, D20: the end --------------------------------------------------------------------

def test_y35_d20_the_turn_in_which_a_tile_hand_runs_out_is_the_last():
    state = tile_position({0: [2], 1: [6, 7], 2: [3, 4]}, {1: G})
    state = play(state, Tile(2, G))                          # seat 0 plays its last tile
    state = play(state, Tile(6, G))
    state = play(state, Tile(3, G))
    assert state.phase == ACTIONS and state.last_turn
    assert ENGINE.view(state, None)["last_turn"] is True
    state = play(state, PASS, PASS)
    assert ENGINE.outcome(state) is None
    state = play(state, PASS)
    assert state.phase == OVER and ENGINE.outcome(state) is not None
    assert ENGINE.legal(state) == [] and ENGINE.to_move(state) == ()


def test_d20_a_stuck_player_does_not_end_the_game():
    state = tile_position({0: [20], 1: [6, 9], 2: [3, 4]}, {1: G})
    state = play(state, Under(20), Tile(6, G), Under(4))      # nobody's hand runs out
    assert state.phase == ACTIONS and not state.last_turn


@pytest.mark.parametrize("players", [3, 4])
def test_d20_random_games_end(players):
    for i in range(6):
        states, moves = random_game(10 + i, players, {"tiles_per_player": 4} if i % 2 else {})
        final = states[-1]
        assert final.phase == OVER and any(not h for h in final.tile_hands)


# --- Y36-Y43, D21-D26: scoring ------------------------------------------------------------

def score_position(**kw):
    kw.setdefault("markers", {1: G, 2: G, 3: G, 6: O, 7: O, 10: Y, 28: P})
    return position(**kw)


def test_y36_d21_control_by_city_or_by_one_player_s_galleons():
    state = score_position(cities={1: 0}, galleons={0: {"6": 2}, 1: {"1": 1, "2": 1},
                                                    2: {"2": 1, "7": 1}})
    s = scores(state)
    assert [loc for loc, _, _ in s[0]["locations"]] == [1, 6]
    assert [loc for loc, _, _ in s[2]["locations"]] == [7]      # 2 is shared: nobody
    assert s[1]["locations"] == []


def test_y38_y39_empires_rank_by_size_equal_sizes_green_orange_purple_yellow():
    marks = [-1] * 33
    assert empire_ranks(marks) == [0, 1, 3, 2]
    for loc, e in {1: Y, 2: Y, 3: P, 4: P, 5: O}.items():
        marks[loc] = e
    assert empire_ranks(marks) == [3, 2, 1, 0]       # purple 2, yellow 2, orange 1, green 0
    marks[TYRE] = G
    assert empire_ranks(marks)[G] == 3                # Tyre's marker does not count (D5)


def test_y40_points_by_rank_city_12_10_9_7_galleons_8_6_5_4():
    # sizes: green 3 (largest), orange 2, yellow 1, purple 1 (purple above yellow)
    state = score_position(cities={1: 0, 6: 0, 28: 0, 10: 0},
                           galleons={1: {"2": 1, "7": 1, "28": 1, "10": 1}})
    s = scores(state)
    assert sorted(p for _, _, p in s[0]["locations"]) == [7, 9, 10, 12]
    galleons = score_position(galleons={1: {"2": 1, "7": 1, "28": 1, "10": 2}})
    assert sorted(p for _, _, p in scores(galleons)[1]["locations"]) == [4, 5, 6, 8]


def test_y37_d22_tyre_goes_to_the_most_galleons_on_the_galleon_row():
    marks = {1: G, 2: G, 31: O, TYRE: O}
    state = position(markers=marks, galleons={0: {"T": 3}, 1: {"T": 2}, 2: {"T": 2}})
    assert [loc for loc, _, _ in scores(state)[0]["locations"]] == [TYRE]
    assert scores(state)[0]["total"] == 6                     # orange is second: 6
    tie = position(markers=marks, galleons={0: {"T": 2}, 1: {"T": 2}})
    assert all(s["total"] == 0 for s in scores(tie))
    neutral = position(markers={1: G}, galleons={0: {"T": 3}})
    assert scores(neutral)[0]["total"] == 0


def test_y41_d23_the_first_city_in_all_four_empires_scores_seven_once():
    state = position(markers={1: G, 2: G, 6: O, 7: O, 10: Y, 12: Y, 11: P, 28: P},
                     cities={1: 0, 6: 0, 10: 0, 2: 1, 7: 1, 28: 1},
                     galleons={0: {"11": 1}, 1: {"12": 1}},
                     hands={0: (0, 0, 0, 6), 1: (0, 0, 6, 0)})
    state = play(state, City(node("11")))
    assert state.all_four == 0 and scores(state)[0]["all_four"] == 7
    state = play(state, City(node("12")))                    # seat 1 completes its four too
    assert state.all_four == 0 and scores(state)[1]["all_four"] == 0


def test_y42_d24_most_cities_in_each_empire_seven_each_none_on_a_tie():
    state = score_position(cities={1: 0, 2: 0, 3: 1, 6: 1, 7: 2, 10: 2})
    s = scores(state)
    assert s[0]["majorities"] == [G] and s[1]["majorities"] == []
    assert s[2]["majorities"] == [Y]                          # orange: 1 each, a tie
    assert s[0]["bonus"] == 7 and s[2]["bonus"] == 7


def test_y43_d26_most_points_wins_equal_totals_share():
    state = score_position(cities={1: 0, 2: 1}, last_turn=True)
    state = play(state, PASS, PASS, PASS)
    assert ENGINE.outcome(state).winners == (0, 1)
    alone = score_position(cities={1: 0}, galleons={1: {"2": 1}}, last_turn=True)
    alone = play(alone, PASS, PASS, PASS)
    assert ENGINE.outcome(alone).winners == (0,)


# --- Y44, D28: what each seat may see -----------------------------------------------------

def test_y44_a_view_shows_the_own_hand_and_of_the_others_only_sizes():
    state = ENGINE.initial(SEED, 4)
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert mine(view) == {"cards": list(state.hands[seat]),
                              "tiles": list(state.tile_hands[seat])}
        others = [h for s, h in enumerate(view["hands"]) if s != seat]
        assert others == [{"cards": 10, "known": [0, 0, 0, 0], "tiles": 5,
                           "shown_tiles": []}] * 3
        assert view["deck"] == 20 and view["tile_pile"] == 8
    assert mine(ENGINE.view(state, None)) is None
    assert all("own" not in h for h in ENGINE.view(state, None)["hands"])


def test_d28_cards_seen_in_an_accepted_trade_are_known_to_all():
    state = trade_position()
    state = play(state, Offer(1), cards(g=2))
    assert ENGINE.view(state, 2)["hands"][0]["known"] == [2, 0, 0, 0]
    state = play(state, cards(o=1), ACCEPT)
    view = ENGINE.view(state, 2)
    assert view["hands"][0]["known"] == [0, 1, 0, 0]
    assert view["hands"][1]["known"] == [2, 0, 0, 0]
    # seat 1 pays one green for a voyage: the bound drops by one
    state = replace(state, markers=state.markers[:31] + (G,) + state.markers[32:],
                    fleets=state.fleets[:1] + ((0,) * 33 + (1,),) + state.fleets[2:])
    state = play(state, Sail(node("T"), node("31")))
    assert ENGINE.view(state, 2)["hands"][1]["known"] == [1, 0, 0, 0]


def test_d28_sample_hidden_redeals_only_unknown_cards():
    state = play(trade_position(), Offer(1), cards(g=2), cards(o=1), ACCEPT)
    for i in range(20):
        other = ENGINE.sample_hidden(state, 2, derive(b"k", i))
        assert other.hands[2] == state.hands[2]
        assert other.hands[1][G] >= 2 and other.hands[0][O] >= 1
        assert [sum(h) for h in other.hands] == [sum(h) for h in state.hands]
        assert ENGINE.view(other, 2) == ENGINE.view(state, 2)
    samples = {ENGINE.sample_hidden(state, 2, derive(b"k", i)).hands for i in range(20)}
    assert len(samples) > 1


def test_d28_shown_tiles_stay_and_the_rest_is_redealt():
    state = tile_position({0: [20, 28, 5], 1: [2, 9], 2: [3, 4]}, {1: G}, pile=(14, 19, 24))
    state = play(state, Under(20))
    for i in range(10):
        other = ENGINE.sample_hidden(state, 1, derive(b"t", i))
        assert {5, 28} <= set(other.tile_hands[0]) and other.tile_hands[1] == (2, 9)
        assert other.under == (20,) and len(other.pile) == len(state.pile)
        assert ENGINE.view(other, 1) == ENGINE.view(state, 1)


def test_d28_a_sampled_state_keeps_nothing_of_the_others_true_draws():
    """Two true states that one seat cannot tell apart, differing only in what the others
    drew unseen on the last move (a deal's cards, a drawn tile), sample to the same states:
    nothing of the others' true draws survives, and what a sample says they drew is in
    their sampled hands."""
    dealt = ENGINE.initial(SEED, 3, {})
    hands, drawn = dealt.hands, dealt.drawn
    assert all(drawn) and hands[1] != hands[2]
    swapped = replace(dealt, hands=(hands[0], hands[2], hands[1]),
                      drawn=(drawn[0], drawn[2], drawn[1]))
    seat = active(dealt)
    tiled = ENGINE.apply(dealt, ENGINE.legal(dealt)[0])
    (_kind, tile), = tiled.drawn[seat]
    other = tiled.pile[0]
    twin = replace(tiled, pile=(tile,) + tiled.pile[1:], drawn=_put(tiled.drawn, seat, (
        ("tile", other),)), tile_hands=_put(tiled.tile_hands, seat, tuple(sorted(
            (other,) + tuple(t for t in tiled.tile_hands[seat] if t != tile)))))
    for truth, look_alike, viewer in ((dealt, swapped, 0), (tiled, twin, (seat + 1) % 3)):
        assert ENGINE.view(truth, viewer) == ENGINE.view(look_alike, viewer)
        for n in range(5):
            key = derive(b"draws", n)
            sample = ENGINE.sample_hidden(truth, viewer, key)
            assert sample == ENGINE.sample_hidden(look_alike, viewer, key)
            assert sample.drawn[viewer] == truth.drawn[viewer]
            for s in range(3):
                cards = counts(c for kind, c in sample.drawn[s] if kind == "card")
                assert all(a <= b for a, b in zip(cards, sample.hands[s]))
                assert {t for kind, t in sample.drawn[s] if kind == "tile"} <= set(
                    sample.tile_hands[s])
                assert [k for k, _v in sample.drawn[s]] == [k for k, _v in truth.drawn[s]]


def test_d28_views_never_hold_another_seat_s_hidden_cards():
    """Across random games: a view changes not at all when what its seat cannot know is
    re-dealt, so it cannot hold it (the same check as the conformance test, on Tyros's own
    knowledge rules, at every step of a game)."""
    states, _ = random_game(5, 4)
    changed = 0
    for n, state in enumerate(states[::7]):
        for seat in (None, 0, 1, 2, 3):
            other = ENGINE.sample_hidden(state, seat, derive(b"leak", n, str(seat)))
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
            changed += other.hands != state.hands
    assert changed


# --- D29: steps, payments and cancelling --------------------------------------------------

def test_d29_a_choice_is_asked_even_when_the_hand_allows_one_way():
    state = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (4, 0, 0, 0)})
    state = play(state, Sail(node("22"), node("T")))
    assert ENGINE.legal(state) == [cards(g=3), CANCEL]
    whole = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (2, 0, 1, 0)})
    whole = play(whole, Sail(node("22"), node("T")))         # the whole hand: nothing to ask
    assert whole.pending is None and fleet(whole, 0) == {"T": 1}


def test_d29_cancel_drops_the_action_before_it_is_paid():
    state = position(markers={22: G}, galleons={0: {"22": 1}}, hands={0: (4, 1, 0, 0)})
    state = play(state, Sail(node("22"), node("T")), CANCEL)
    assert state.pending is None and state.hands[0] == (4, 1, 0, 0) and state.step == 0


def test_d29_a_payment_of_more_than_twelve_cards_takes_two_steps():
    state = position(galleons={0: {"T": 7}, 1: {"T": 7}}, hands={0: (5, 5, 5, 1)})
    state = play(state, Build(TYRE))                         # 15 cards
    assert all(sum(m.counts) == 12 for m in ENGINE.legal(state) if m is not CANCEL)
    state = play(state, cards(5, 5, 2))
    assert ENGINE.legal(state) == [cards(y=3), cards(y=2, p=1), CANCEL]
    state = play(state, cards(y=3))
    assert fleet(state, 0) == {"T": 8} and state.hands[0] == (0, 0, 0, 1)


def test_d29_steps_of_another_phase_are_refused():
    state = position(hands={0: (3, 0, 0, 0)})
    refused(state, cards(g=1), "choose an action first")
    refused(state, ACCEPT, "no offer")
    refused(state, CANCEL, "nothing to cancel")
    refused(state, Tile(2, G), "tile phase")
    tiles = tile_position({0: [2]}, {1: G})
    refused(tiles, PASS, "play a tile")


# --- moves as tokens ----------------------------------------------------------------------

def test_moves_are_two_characters_and_decode_back():
    assert ENGINE.token_width == 2
    tokens = [ENGINE.encode(m) for m in CODE_MOVES]
    assert len(set(tokens)) == len(CODE_MOVES) == 3311
    assert all(len(t) == 2 and set(t) <= set(TOKEN_ALPHABET) for t in tokens)
    assert all(ENGINE.decode(t) == m for t, m in zip(tokens, CODE_MOVES))
    with pytest.raises(MalformedMove):
        ENGINE.decode("__")                                  # 4095: no move
    with pytest.raises(MalformedMove):
        ENGINE.decode("A")


def test_a_whole_random_game_replays_from_its_record():
    states, moves = random_game(7, 4)
    record = "".join(ENGINE.encode(m) for m in moves)
    again = replay(ENGINE, states[0], record)
    assert again.ok and again.state == states[-1]


def test_describe_names_every_kind_of_move():
    states, moves = random_game(8, 3)
    kinds = set()
    for state, move in zip(states, moves):
        for seat in (None, 0, 1, 2):
            assert ENGINE.describe(state, move, seat)
        kinds.add(type(move).__name__)
    assert {"Tile", "Sail", "Offer", "Cards", "Answer", "Pass", "Exchange"} <= kinds


def test_y21_the_voyages_offered_are_exactly_those_the_rules_allow():
    from parlor.games.tyros.rules import sail_problem
    states, _ = random_game(9, 4)
    checked = 0
    for state in states[::5]:
        if state.phase != ACTIONS or state.pending is not None:
            continue
        seat = ENGINE.to_move(state)[0]
        offered = {m for m in ENGINE.legal(state) if type(m) is Sail}
        allowed = {Sail(a, b) for a in range(NODES) for b in range(NODES)
                   if not sail_problem(state, seat, a, b)}
        assert offered == allowed
        checked += bool(allowed)
    assert checked > 10


@pytest.mark.parametrize("players", [3, 4])
def test_y02_d28_cards_and_tiles_are_never_lost_and_known_cards_are_held(players):
    for i in range(3):
        for state in random_game(20 + i, players)[0][::3]:
            for c in range(4):
                assert (sum(h[c] for h in state.hands) + state.deck.count(c)
                        + state.discards[c]) == 15
            assert all(k <= h for known, hand in zip(state.known, state.hands)
                       for k, h in zip(known, hand))
            assert all(set(shown) <= set(held)
                       for shown, held in zip(state.shown, state.tile_hands))
            marked = [loc for loc in range(1, 33) if state.markers[loc] >= 0]
            loose = [t for h in state.tile_hands for t in h] + list(state.pile + state.under)
            assert sorted(marked + loose) == list(range(1, 33))


def test_y08_each_turn_goes_tiles_actions_keep_and_steps_go_clockwise_from_the_first():
    states, _ = random_game(5, 4)
    order = {TILES: 0, ACTIONS: 1, KEEPING: 2}
    for before, after in zip(states, states[1:]):
        if after.phase == OVER:
            continue
        if after.turn == before.turn:
            assert order[after.phase] >= order[before.phase]
        else:
            assert after.phase == TILES and before.phase in (ACTIONS, KEEPING)
            assert after.first == (before.first + 1) % 4
        if after.phase == TILES and before.phase == TILES and after.step == before.step + 1:
            assert after.tile_hands[(before.first + before.step) % 4] != before.tile_hands[
                (before.first + before.step) % 4] or before.step + 1 == 4


def test_d03_four_colours_of_fifteen_cards_and_no_jokers_all_game_long():
    states, _ = random_game(6, 3)
    for state in states[::10]:
        held = [sum(h[c] for h in state.hands) + state.deck.count(c) + state.discards[c]
                for c in range(4)]
        assert held == [15, 15, 15, 15]


def test_d12_one_galleon_or_one_city_per_action():
    states, moves = random_game(7, 3)
    for before, after in zip(states, states[1:]):
        galleons = sum(map(sum, after.fleets)) - sum(map(sum, before.fleets))
        cities = sum(c >= 0 for c in after.cities) - sum(c >= 0 for c in before.cities)
        assert galleons in (-1, 0, 1) and cities in (0, 1)
        assert not (galleons == 1 and cities)


def test_d25_setup_order_green_orange_yellow_purple_ranking_order_green_orange_purple_yellow():
    state = ENGINE.initial(SEED, 3)
    starts = sorted(range(1, 33), key=lambda loc: state.markers[loc])[-4:]
    assert sorted(state.markers[loc] for loc in starts) == [G, O, Y, P]
    even = [-1] * 33
    for loc, empire in ((1, Y), (5, P), (24, O), (32, G)):
        even[loc] = empire
    assert empire_ranks(even) == [0, 1, 3, 2]
