"""Tyrus rules engine: each test names the rule of seeds/tyrus.md (T1..T19) it checks."""
import itertools
import json

import pytest

from parlor.games.tyrus import rules as tyrus
from parlor.games.tyrus.rules import (ENGINE, FIVE_WINS, HAND_TIEBREAK, MOST_WINS, THREE_IN_A_ROW,
                                Move, chart_verdict, parse_tile, scenario, tally, tile_code)
from parlor.engine.protocol import IllegalMove, MalformedMove
from parlor.engine.rng import Stream, derive, shuffled

SEED = b"tyrus-test-seed!"
MIXED = "S1 S5 S9 M1 M5 M9 P1 P5 P9"
BUILDING = {f"{name}{owner}": owner * 3 + k
            for owner in (0, 1) for k, name in enumerate(tyrus.BUILDING_NAMES)}


def place(state, *steps):
    """Apply placements written "S10 citadel0" (tile code, building name + owner seat)."""
    for step in steps:
        code, where = step.split()
        state = ENGINE.apply(state, Move(parse_tile(code), BUILDING[where]))
    return state


def playout(seed_index):
    """A seeded random game: the states in order, the first one initial, the last one over."""
    seed = derive(b"tyrus-tests", seed_index)[:16]
    state = ENGINE.initial(seed, 2, {})
    stream = Stream(seed, "moves")
    states = [state]
    while ENGINE.legal(state):
        moves = ENGINE.legal(state)
        state = ENGINE.apply(state, moves[stream.below(len(moves))])
        states.append(state)
    return states


# T1, T2: material and setup


def test_t01_each_player_has_thirty_tiles_and_the_deck_nine_cards():
    state = ENGINE.initial(SEED, 2, {})
    for s in (0, 1):
        assert sorted(state.hands[s] + state.bags[s]) == list(range(30))
        assert len(state.hands[s]) == 9 and len(state.bags[s]) == 21
    assert sorted((state.kind,) + state.deck) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert [tile_code(t) for t in (0, 9, 10, 29)] == ["S1", "S10", "M1", "P10"]
    assert all(parse_tile(tile_code(t)) == t for t in range(30))
    for bad in ("X1", "S0", "S11", "", "M"):
        with pytest.raises(ValueError):
            parse_tile(bad)


def test_t02_setup_is_drawn_from_the_seed():
    state = ENGINE.initial(SEED, 2, None)
    for s in (0, 1):
        order = shuffled(range(30), SEED, "bag", s)
        assert state.hands[s] == tuple(sorted(order[:9])) and state.bags[s] == tuple(order[9:])
    deck = shuffled(tyrus.DECK, SEED, "deck")
    assert (state.kind,) + state.deck == tuple(deck)
    assert state.first == Stream(SEED, "first").below(2)
    assert ENGINE.initial(SEED, 2, {}) == state
    firsts = {ENGINE.initial(bytes([i]) * 16, 2, {}).first for i in range(16)}
    assert firsts == {0, 1}, "the coin toss must be able to fall both ways"


def test_t02_only_two_players_and_no_options():
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 3, {})
    with pytest.raises(ValueError):
        ENGINE.initial(SEED, 2, {"variant": 1})


# T3-T5: turn order and placing


def test_t03_first_player_starts_odd_elections_and_turns_alternate():
    for index in range(6):
        states = playout(index)
        first = states[0].first
        for before, after in zip(states, states[1:]):
            starter = first if before.number % 2 else 1 - first
            assert ENGINE.to_move(before) == (starter ^ (before.placed % 2),)
        assert ENGINE.to_move(states[-1]) == ()


def test_t03_view_lists_who_placed_in_this_election():
    state = scenario(kind="M", first=0, chart="S0")      # election 2: seat 1 starts
    state = place(state, "S1 temple1", "S9 market0", "S2 market1")
    assert ENGINE.view(state, 0)["election"] == {"number": 2, "kind": "M", "placements": [1, 0, 1]}


def test_t04_each_election_turns_up_the_next_card():
    states = playout(1)
    for before, after in zip(states, states[1:]):
        if after.number == before.number + 1:
            assert after.kind == before.deck[0] and after.deck == before.deck[1:]
            assert ENGINE.view(after, None)["deck_left"] == len(before.deck) - 1


def test_t05_any_tile_into_any_of_the_six_buildings():
    state = ENGINE.initial(SEED, 2, {})
    hand = state.hands[ENGINE.to_move(state)[0]]
    assert ENGINE.legal(state) == [Move(t, b) for t in hand for b in range(6)]


def test_t05_tiles_stay_in_buildings_outside_the_election():
    state = scenario(kind="S", first=0, hands={0: "P10 S9 S1", 1: "M3 P1 S2"})
    state = place(state, "P10 temple0", "M3 market0", "S9 citadel0",
                  "P1 temple0", "S1 citadel0", "S2 citadel1")
    assert state.number == 2 and state.chart == ((0, 0),)
    assert state.buildings[2] == ((0, parse_tile("P10")), (1, parse_tile("P1")))
    assert state.buildings[1] == ((1, parse_tile("M3")),)
    assert state.buildings[0] == () and state.buildings[3] == ()


def test_t05_a_tile_not_in_hand_cannot_be_placed():
    state = scenario(kind="S", first=0, hands={0: "S1 S2", 1: "S3"})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Move(parse_tile("S3"), 0))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Move(0, 6))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, "S1")
    after = ENGINE.apply(state, Move(0, 4))
    assert after.hands[0] == (1,) and state.hands[0] == (0, 1), "apply leaves its input alone"


# T6-T11: the count


def test_t06_only_the_two_buildings_of_the_election_are_counted():
    grid = scenario(buildings={"citadel0": "0:S4", "temple0": "0:S8",
                               "market1": "1:S9", "temple1": "1:S10 0:M5"}).buildings
    result = tally(grid, 0, 1)
    assert [side.score for side in result.sides] == [4, 0] and result.winner == 0


def test_t07_votes_are_own_tiles_of_the_profession_in_own_building():
    grid = (((0, parse_tile("S4")), (0, parse_tile("S3")), (1, parse_tile("S10"))),
            (), (), ((1, parse_tile("S6")), (0, parse_tile("S9"))), (), ())
    result = tally(grid, 0, 1)
    assert [side.votes for side in result.sides] == [7, 6]
    assert result.winner == 0, "the opponent's soldiers in my citadel do not vote for anyone"


@pytest.mark.parametrize("kind,blocker,counter", [("S", "M", "P"), ("M", "P", "S"),
                                                  ("P", "S", "M")])
def test_t08_t09_blocking_and_countering_table(kind, blocker, counter):
    k = "SMP".index(kind)
    own = tyrus.score_side(((0, parse_tile(kind + "9")), (1, parse_tile(blocker + "5")),
                            (0, parse_tile(counter + "2"))), 0, k)
    assert (own.votes, own.block, own.counter, own.score) == (9, 5, 2, 6)
    assert [role for _, _, role in own.tiles] == ["vote", "block", "counter"]
    others = [c for c in "SMP" if c != blocker]
    for other in others:      # any other opponent profession blocks nothing
        side = tyrus.score_side(((0, parse_tile(kind + "9")), (1, parse_tile(other + "5"))), 0, k)
        assert side.score == 9 and side.tiles[1][2] == "none"


def test_t08_own_tiles_never_block_own_voters():
    side = tyrus.score_side(((0, parse_tile("S9")), (0, parse_tile("M7"))), 0, 0)
    assert (side.block, side.score) == (0, 9) and side.tiles[1][2] == "none"


def test_t09_counter_only_lowers_the_block_and_never_below_zero():
    side = tyrus.score_side(((0, parse_tile("S5")), (1, parse_tile("M2")),
                             (0, parse_tile("P9"))), 0, 0)
    assert side.score == 5, "a counter larger than the block adds no votes"
    lone = tyrus.score_side(((0, parse_tile("S5")), (0, parse_tile("P9"))), 0, 0)
    assert lone.score == 5
    blocked = tyrus.score_side(((0, parse_tile("S3")), (1, parse_tile("M10"))), 0, 0)
    assert blocked.score == 0, "a block larger than the votes floors the score at 0"


def test_t09_opponent_counters_in_my_building_do_nothing():
    side = tyrus.score_side(((0, parse_tile("S6")), (1, parse_tile("M4")),
                             (1, parse_tile("P4"))), 0, 0)
    assert side.score == 2 and side.counter == 0


def test_t10_french_general_example():
    """Brown (0): 10+8 soldiers blocked by 7 merchants -> 11; Beige (1): 7+5 soldiers,
    8 merchants countered by 6 priests -> 12 - 2 = 10; Brown wins."""
    state = scenario(kind="S", first=0, placed=5,
                     buildings={"citadel0": "0:S10 0:S8 1:M7", "citadel1": "1:S7 1:S5 0:M8"},
                     hands={0: "S1 S2 S3 S4 S5 S6", 1: "P6 P1 P2 P3 P4 P5 P7"})
    assert ENGINE.to_move(state) == (1,)
    state = place(state, "P6 citadel1")
    brown, beige = state.last_tally.sides
    assert (brown.votes, brown.block, brown.counter, brown.score) == (18, 7, 0, 11)
    assert (beige.votes, beige.block, beige.counter, beige.score) == (12, 8, 6, 10)
    assert state.last_tally.winner == 0 and state.chart == ((0, 0),)


def test_t10_french_market_example_with_the_priest_in_beiges_market():
    """Beige (1) starts; Brown (0) had 2 merchants in his market. Beige 10+9+8 merchants
    blocked by Brown's 1 priest -> 26; Brown 2+1 = 3; Brown's 8 priests wait in his temple."""
    state = scenario(kind="M", first=0, chart="S0", buildings={"market0": "0:M2"},
                     hands={0: "M1 P1 P8 S1 S2 S3 S4 S5 S6", 1: "M10 M9 M8 S1 S2 S3 S4 S5 S6"})
    state = place(state, "M10 market1", "M1 market0", "M9 market1",
                  "P1 market1", "M8 market1", "P8 temple0")
    brown, beige = state.last_tally.sides
    assert (beige.votes, beige.block, beige.counter, beige.score) == (27, 1, 0, 26)
    assert (brown.votes, brown.score) == (3, 3)
    assert state.last_tally.winner == 1
    assert state.buildings[2] == ((0, parse_tile("P8")),)


def test_t10_other_tiles_change_nothing():
    side = tyrus.score_side(((0, parse_tile("S6")), (1, parse_tile("S9")), (1, parse_tile("P9")),
                             (0, parse_tile("M9")), (1, parse_tile("S1"))), 0, 0)
    assert side.score == 6 and [t[2] for t in side.tiles] == ["vote"] + ["none"] * 4


@pytest.mark.parametrize("citadel0,citadel1,winner", [
    ("0:S5", "1:S5", None),              # equal scores
    ("0:S3 1:M5", "1:S2 0:M9", None),    # both blocked to zero
    ("", "", None),                      # nobody voted
    ("0:S3 1:M5", "1:S1", 1),            # zero against one
    ("0:S7", "1:S6", 0),
])
def test_t11_higher_score_wins_equal_scores_are_null(citadel0, citadel1, winner):
    grid = scenario(buildings={"citadel0": citadel0, "citadel1": citadel1}).buildings
    assert tally(grid, 0, 1).winner == winner


def test_t11_null_election_goes_on_the_chart_without_winner():
    state = scenario(kind="S", first=0, hands={0: MIXED, 1: MIXED})
    state = place(state, "S5 citadel0", "S5 citadel1", "M1 temple1",
                  "M1 temple0", "P1 market1", "P1 market0")
    assert state.chart == ((0, None),) and state.last_tally.winner is None
    assert ENGINE.view(state, None)["chart"] == [{"number": 1, "kind": "S", "winner": None}]


# T12, T13: discard and draw


def test_t12_counted_tiles_leave_the_game_and_the_count_is_public():
    state = scenario(kind="S", first=0, placed=5,
                     buildings={"citadel0": "0:S10 1:M3", "citadel1": "1:S4 0:M1",
                                "temple0": "1:S2"}, hands={1: "P1 S1"})
    state = place(state, "P1 citadel1")
    assert state.buildings[0] == () and state.buildings[3] == ()
    assert state.buildings[2] == ((1, parse_tile("S2")),)
    for s in (0, 1):
        mine = set(state.hands[s] + state.bags[s])
        mine |= {t for b in state.buildings for o, t in b if o == s}
        counted = {t for side in state.last_tally.sides for o, t, _ in side.tiles if o == s}
        assert counted and not (mine & counted), "a counted tile is gone for good"
    for viewer in (None, 0, 1):
        last = ENGINE.view(state, viewer)["last_tally"]
        assert last["sides"][0]["tiles"] == [
            {"owner": 0, "tile": "S10", "role": "vote"},
            {"owner": 1, "tile": "M3", "role": "block"}]
        assert [side["score"] for side in last["sides"]] == [7, 4]
        assert (last["number"], last["kind"], last["winner"]) == (1, "S", 0)


def test_t13_three_tiles_drawn_after_elections_one_to_seven():
    states = next(s for s in map(playout, range(60)) if len(s[-1].chart) == 9)
    for state in states:
        if state.outcome is None and state.placed == 0:
            expected_bag = max(0, 21 - 3 * (state.number - 1))
            assert [len(b) for b in state.bags] == [expected_bag] * 2
            assert [len(h) for h in state.hands] == [9 if state.number <= 8 else 6] * 2
    assert [len(h) for h in states[-1].hands] == [3, 3]


def test_t13_draws_come_from_the_top_of_the_bag():
    state = ENGINE.initial(SEED, 2, {})
    bags = state.bags
    while state.number == 1:
        state = ENGINE.apply(state, ENGINE.legal(state)[0])
    for s in (0, 1):
        assert set(bags[s][:3]) <= set(state.hands[s]) and state.bags[s] == bags[s][3:]


# T14-T18: the end


def win_election_for(state, seat):
    """Play the current election so that `seat` wins it: its voters against no votes, the
    other seat's tiles going to its own building of another profession."""
    kind, number = state.kind, state.number
    voters = iter(t for t in state.hands[seat] if t // 10 == kind)
    spares = iter(t for t in state.hands[1 - seat] if t // 10 != kind)
    for _ in range(6 - state.placed):
        mover = ENGINE.to_move(state)[0]
        if mover == seat:
            state = ENGINE.apply(state, Move(next(voters), seat * 3 + kind))
        else:
            state = ENGINE.apply(state, Move(next(spares), mover * 3 + (kind + 1) % 3))
    assert len(state.chart) == number and state.chart[-1] == (kind, seat)
    return state


def test_t14_three_in_a_row_ends_the_game_at_once():
    state = scenario(kind="P", first=0, chart="S1 M1 P0 S- M1 P1", hands={0: MIXED, 1: MIXED})
    bags = state.bags
    state = win_election_for(state, 1)
    assert ENGINE.outcome(state).winners == (1,) and ENGINE.outcome(state).reason == THREE_IN_A_ROW
    assert ENGINE.legal(state) == [] and ENGINE.to_move(state) == ()
    assert state.bags == bags, "no draw once the game is decided"
    view = ENGINE.view(state, 0)
    assert view["election"] is None and view["hands"][1] == len(state.hands[1])
    assert view["outcome"] == {"winners": [1], "reason": THREE_IN_A_ROW, "tiebreak": None}
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, Move(state.hands[0][0], 0))


def test_t14_a_null_election_breaks_the_run():
    state = scenario(kind="M", first=0, chart="S0 M1 P1 S-", hands={0: MIXED, 1: MIXED})
    state = win_election_for(state, 1)
    assert ENGINE.outcome(state) is None and state.number == 6
    assert chart_verdict([1, 1, None, 1]) is None


def test_t14_french_score_example_three_in_a_row_beats_the_count():
    """Beige 1, 2; Brown 3; null 4; Beige 5, 6; Brown 7, 8, 9: Brown wins, 4 against 4."""
    chart = [1, 1, 0, None, 1, 1, 0, 0, 0]
    assert all(chart_verdict(chart[:n]) is None for n in range(1, 9))
    assert chart_verdict(chart) == (0, THREE_IN_A_ROW)


def test_t15_five_representatives_end_the_game():
    state = scenario(kind="S", first=0, chart="S0 M0 P1 S0 M0 P-", hands={0: MIXED, 1: MIXED})
    state = win_election_for(state, 0)
    assert ENGINE.outcome(state).winners == (0,) and ENGINE.outcome(state).reason == FIVE_WINS
    assert len(state.chart) == 7


def test_t15_stopping_at_five_never_changes_the_winner():
    """Every chart of 3^9 results, played with and without the five-wins stop."""
    def result(chart, stop_at_five):
        for n in range(1, 10):
            verdict = chart_verdict(chart[:n], stop_at_five)
            if verdict is not None:
                return verdict, n
        raise AssertionError("nine elections always decide")

    stopped_early = 0
    for chart in itertools.product((0, 1, None), repeat=9):
        (with_five, n), (without, m) = result(chart, True), result(chart, False)
        assert with_five[0] == without[0], chart
        if with_five[1] == FIVE_WINS:
            assert without[0] is not None, "five wins never leads to a hand tiebreak"
            stopped_early += n < m
    assert stopped_early > 0, "the rule did end some games early"


def test_t16_most_representatives_after_nine_elections():
    state = scenario(kind="S", first=0, chart="S0 M1 P0 S1 M0 P1 M- P-",
                     hands={0: "S10 S9 S8 P1 P2 P3", 1: "S1 S2 S3 M4 M5 M6"},
                     bags={0: "", 1: ""})
    state = win_election_for(state, 0)
    assert ENGINE.outcome(state).winners == (0,) and ENGINE.outcome(state).reason == MOST_WINS
    assert ENGINE.view(state, None)["outcome"]["tiebreak"] is None
    assert ENGINE.view(state, None)["hands"] == [3, 3]


def nine_all_square(hand0, hand1):
    """Election 9 (soldiers), 3 wins each: both place S1 S2 S3 in their citadels, a null."""
    state = scenario(kind="S", first=0, chart="S0 M1 P0 S1 M0 P1 M- P-",
                     hands={0: "S1 S2 S3 " + hand0, 1: "S1 S2 S3 " + hand1},
                     bags={0: "", 1: ""}, buildings={"temple0": "0:P7 1:P8"})
    return place(state, "S1 citadel0", "S1 citadel1", "S2 citadel0",
                 "S2 citadel1", "S3 citadel0", "S3 citadel1")


def test_t17_equal_representatives_decided_by_the_hand_total():
    state = nine_all_square("P10 M1 S4", "M9 P2 P3")     # 15 against 14
    assert state.chart[-1] == (0, None)
    assert ENGINE.outcome(state).winners == (0,) and ENGINE.outcome(state).reason == HAND_TIEBREAK
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert view["outcome"]["tiebreak"] == [15, 14]
        assert view["hands"] == [["S4", "M1", "P10"], ["M9", "P2", "P3"]]


def test_t18_equal_totals_are_a_draw():
    state = nine_all_square("P10 M1 S4", "M9 P2 P4")
    assert ENGINE.outcome(state).winners == () and state.tiebreak == (15, 15)
    assert ENGINE.view(state, 1)["outcome"]["winners"] == []


# T19: what each seat sees


def test_t19_view_shape():
    state = place(scenario(kind="S", first=1), "S1 temple0")
    view = ENGINE.view(state, 0)
    json.dumps(view)
    assert set(view) == {"game", "seat", "to_move", "first_player", "election", "deck_left",
                         "buildings", "hands", "bag", "chart", "last_tally", "outcome"}
    assert view["game"] == "tyrus" and view["seat"] == 0 and view["to_move"] == [0]
    assert view["first_player"] == 1 and view["deck_left"] == 8 and view["bag"] == [21, 21]
    assert [(b["owner"], b["kind"]) for b in view["buildings"]] == [
        (0, "S"), (0, "M"), (0, "P"), (1, "S"), (1, "M"), (1, "P")]
    assert view["buildings"][2]["tiles"] == [{"owner": 1, "tile": None}]
    assert view["hands"] == [["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9"], 8]
    assert view["last_tally"] is None and view["outcome"] is None and view["chart"] == []


def test_t19_each_seat_sees_only_its_own_face_down_tiles():
    state = place(scenario(kind="S", first=0), "S7 citadel1", "S5 citadel1")
    tiles = {seat: ENGINE.view(state, seat)["buildings"][3]["tiles"] for seat in (None, 0, 1)}
    assert tiles[0] == [{"owner": 0, "tile": "S7"}, {"owner": 1, "tile": None}]
    assert tiles[1] == [{"owner": 0, "tile": None}, {"owner": 1, "tile": "S5"}]
    assert tiles[None] == [{"owner": 0, "tile": None}, {"owner": 1, "tile": None}]
    assert ENGINE.view(state, None)["hands"] == [8, 8]


def test_t19_describe_names_the_tile_only_to_the_mover():
    state = scenario(kind="S", first=1)
    move = Move(parse_tile("S7"), BUILDING["market0"])
    assert ENGINE.describe(state, move, 1) == "Seat 1 places S7 in Seat 0's market"
    for reader in (0, None):
        line = ENGINE.describe(state, move, reader)
        assert line == "Seat 1 places a face-down tile in Seat 0's market" and "7" not in line


def test_t19_sample_hidden_redeals_only_what_the_seat_cannot_know():
    states = playout(4)
    state = states[20]
    for seat in (0, 1):
        other = 1 - seat
        sample = ENGINE.sample_hidden(state, seat, b"key")
        assert ENGINE.view(sample, seat) == ENGINE.view(state, seat)
        assert sample.hands[seat] == state.hands[seat]
        assert sorted(sample.bags[seat]) == sorted(state.bags[seat])

        def everything(s, p):
            return sorted(s.hands[p] + s.bags[p] +
                          tuple(t for b in s.buildings for o, t in b if o == p))
        assert everything(sample, other) == everything(state, other)
        assert sample.hands[other] != state.hands[other]
        assert [[o for o, _ in b] for b in sample.buildings] == \
            [[o for o, _ in b] for b in state.buildings]
    spectator = ENGINE.sample_hidden(state, None, b"key")
    assert ENGINE.view(spectator, None) == ENGINE.view(state, None)
    assert spectator.hands[0] != state.hands[0] and spectator.hands[1] != state.hands[1]


def test_t19_sample_hidden_keeps_hands_shown_by_the_tiebreak():
    state = nine_all_square("P10 M1 S4", "M9 P2 P3")
    for seat in (None, 0, 1):
        sample = ENGINE.sample_hidden(state, seat, b"key")
        assert sample.hands == state.hands
        assert ENGINE.view(sample, seat) == ENGINE.view(state, seat)


# Move tokens


def test_tokens_cover_every_placement_and_nothing_else():
    tokens = {ENGINE.encode(Move(t, b)) for t in range(30) for b in range(6)}
    assert len(tokens) == 180 and all(len(tok) == 2 for tok in tokens)
    for tok in tokens:
        move = ENGINE.decode(tok)
        assert ENGINE.encode(move) == tok
    assert ENGINE.encode(Move(0, 0)) == "AA" and ENGINE.decode("Cz") == Move(29, 5)
    for bad in ("C0", "__", "A", "AAA", "A!", ""):
        with pytest.raises(MalformedMove):
            ENGINE.decode(bad)


def test_scenario_rejects_a_tile_in_two_places():
    with pytest.raises(ValueError):
        scenario(buildings={"citadel0": "0:S1"}, hands={0: "S1 S2"})
