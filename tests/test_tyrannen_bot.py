"""Tod dem Tyrannen's own computer player (games/tyrannen/bot.py), a heuristic that reads only
its seat's views; the generic checks of every bot are in test_bots.py."""
from dataclasses import replace

from test_bots import choose, match

from parlor.engine.rng import derive
from parlor.games.tyrannen.rules import ENGINE as TYRANNEN, END, FIRST_CITIZEN, Move, rank_subset


def test_a_single_legal_move_is_played():
    state = tyrannen_round("king", ap_king=0, ap_knights=0)
    assert TYRANNEN.legal(state) == [END]
    assert choose(TYRANNEN, state, 0, b"k") == END


def tyrannen_round(phase: str, assassins=(2, 5, 9), **changes):
    """Side A in round 1 with the given assassins, then `changes` (cells as (row, col))."""
    state = TYRANNEN.initial(b"tyrannen-bot-tst", 2)
    state = TYRANNEN.apply(state, Move("assassins", 0, rank_subset(assassins)))
    cell = state.board.cell
    if "king" in changes:
        changes["king"] = cell(*changes["king"])
    if "knights" in changes:
        changes["knights"] = tuple(cell(*rc) for rc in changes["knights"])
    if phase == "rebel":
        changes = {"ap_king": 0, "ap_knights": 0, **changes}
    return replace(state, phase=phase, **changes)


def play_turn(state, seat: int, key: bytes):
    """Let the bot act for `seat` until it ends the turn or the game ends; the moves made."""
    made = []
    while TYRANNEN.outcome(state) is None and TYRANNEN.to_move(state) == (seat,):
        move = choose(TYRANNEN, state, seat, derive(key, len(made)))
        made.append(move)
        state = TYRANNEN.apply(state, move)
        if move.kind == "end":
            break
    return state, made


def test_the_king_leaves_through_the_gate_when_he_can():
    """K19, D2: standing on a gate with a king AP left, he steps into the castle."""
    state = tyrannen_round("king", king=(1, 2), ap_king=1)
    after, made = play_turn(state, 0, b"gate")
    assert made[0] == Move("step", 0, 0)
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_knights_eliminate_an_unmasked_assassin_in_reach():
    """K10: citizen 5 (index 4) at (5,2) is an unmasked assassin; knight 2 moves next to it."""
    knights = [[1, 3], [5, 3], [7, 8], [8, 7], [8, 8], [8, 9], [9, 8]]
    state = tyrannen_round("king", assassins=(2, 4, 9), knights=knights,
                           unmasked=tuple(i == 4 for i in range(12)))
    assert state.board.rc(state.citizens[4]) == [5, 2]
    after, _ = play_turn(state, 0, b"hunt")
    assert after.citizens[4] is None and after.phase == "rebel"


def test_the_rebel_unmasks_beside_the_king_and_kills_him():
    """Citizen 3 (index 2) stands north of the king; with 4 AP two hits kill (K17)."""
    state = tyrannen_round("rebel", king=(4, 4), ap_rebel=4)
    assert state.board.rc(state.citizens[2]) == [3, 4]
    after, made = play_turn(state, 1, b"strike")
    assert made[0] == Move("unmask", FIRST_CITIZEN + 2)
    assert after.outcome is not None and after.outcome.winners == (1,)


def test_the_bots_king_beats_a_random_rebel():
    """A random king never reaches the castle; the bot's king wins this seeded game."""
    assert match(TYRANNEN, 0, 0) == 1
