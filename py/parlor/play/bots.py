"""Computer opponents: determinized flat Monte Carlo for any engine, and a random baseline.

`choose` only ever looks at what its seat knows: `engine.sample_hidden` deals the hidden
values out afresh many times ("worlds"), and the sample depends only on what the seat knows
(the conformance test checks it); each candidate move is played out to the end in those
worlds. Candidates are weeded out by
sequential halving: every round the better half of the moves left gets the next share of
the budget. Everything random comes from `key` through parlor.engine.rng, so the same key and the
same information give the same move on CPython and Pyodide alike.

The budget counts moves applied in playouts, which tracks thinking time across games and
phases far better than a count of playouts; each catalog entry sets its own, for the default
level, and the strong level spends STRONG times as much. It is counted in work, not in
seconds: a clock would make the move depend on the device and its load. A game where
random playouts say nothing useful ships its own bot.py instead (see parlor.catalog).

A playout's random moves come from a Mersenne Twister seeded from `key` (`PlayoutRandom`),
not from the HMAC streams the rules use for draws: as uniform, the same on CPython and
Pyodide, and much cheaper, since a bot's moves need no secrecy.
"""
from __future__ import annotations

from random import Random

from ..engine.rng import Stream, derive

PLAYOUT_LIMIT = 5000        # moves; a playout this long is scored as a draw
PLAYOUT_OVERHEAD = 10       # moves' worth of work to set up one playout, charged to the budget
DEFAULT_BUDGET = 20_000
LEVELS = ("quick", "strong")    # how hard the computer thinks; the first is the default
DEFAULT_LEVEL = LEVELS[0]
STRONG = 4                      # the strong level's budget, in default budgets


def level_budget(budget: int, level: str) -> int:
    """The playout budget at `level` for a game whose default budget is `budget`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return budget * STRONG if level == "strong" else budget


class PlayoutRandom:
    """Uniform integers for one playout from a 32-byte key: Random's getrandbits, which
    Python keeps the same across versions and platforms, with rejection so none is favoured."""

    def __init__(self, key: bytes):
        self._bits = Random(int.from_bytes(key, "big")).getrandbits

    def below(self, n: int) -> int:
        bits, value = n.bit_length(), n
        while value >= n:
            value = self._bits(bits)
        return value


def random_bot(engine, state, key: bytes):
    """A uniformly random legal move (the baseline the real bot must beat)."""
    moves = engine.legal(state)
    return moves[Stream(key, "random-bot").below(len(moves))]


def score(outcome, seat: int) -> float:
    """`seat`'s result: a win 1, a win shared by k seats 1/k, a draw 0.5, a loss 0."""
    if not outcome.winners:
        return 0.5
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def placement(outcome, seat: int) -> float | None:
    """How long `seat` stayed in, where the outcome lists the seats out (`out_order`): each
    seat out before it counts 1, each out with it 1/2, over the other seats (0: out first
    alone, 1: outlasted everyone); None where it lists none."""
    if not outcome.out_order:
        return None
    groups = list(outcome.out_order)
    out = {s for group in groups for s in group}
    groups.append(tuple(s for s in outcome.winners if s not in out))
    others, before = sum(map(len, groups)) - 1, 0
    for group in groups:
        if seat in group:
            return (before + (len(group) - 1) / 2) / others
        before += len(group)
    raise ValueError(f"seat {seat} is neither out nor among the winners")


def playout_value(outcome, seat: int) -> float:
    """What a playout's end is worth to `seat`: its score, or where seats go out one by one,
    the mean of its score and its placement (a finer signal than the win alone at a big
    table, where few playouts end in this seat's win)."""
    if outcome is None:
        return 0.5
    placed = placement(outcome, seat)
    return score(outcome, seat) if placed is None else (score(outcome, seat) + placed) / 2


def playout(engine, state, seat: int, stream) -> tuple[float, int]:
    """Play `state` to the end with random legal moves; (its value to seat, moves applied)."""
    outcome, used = engine.playout(state, stream.below, PLAYOUT_LIMIT)
    return playout_value(outcome, seat), used


def choose(engine, state, seat: int, key: bytes, budget: int | None = None):
    """The move for `seat` (which must be to move), deterministic given `key` and what the
    seat knows. `budget` is the number of playout moves to spend (default: DEFAULT_BUDGET);
    each round of the halving still gives every move left at least one playout. Moves that
    do the same (`engine.distinct`) are weighed once; the one move left is played at once,
    without thinking."""
    if seat not in engine.to_move(state):
        raise ValueError(f"seat {seat} is not to move")
    moves = engine.distinct(state, engine.legal(state))
    if len(moves) == 1:
        return moves[0]
    if budget is None:
        budget = DEFAULT_BUDGET
    worlds: list = []

    def world(i: int):
        while len(worlds) <= i:
            worlds.append(engine.sample_hidden(state, seat, derive(key, "world", len(worlds))))
        return worlds[i]

    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    alive = list(range(len(moves)))
    rounds = (len(moves) - 1).bit_length()          # ceil(log2(len(moves)))
    for round_ in range(rounds):
        allowance, used, pass_cost = budget // rounds, 0, 0
        while not used or used + pass_cost <= allowance:    # whole passes: counts stay equal
            before = used
            for m in alive:
                i = counts[m]
                stream = PlayoutRandom(derive(key, "playout", m, i))
                result, n = playout(engine, engine.apply(world(i), moves[m]), seat, stream)
                totals[m] += result
                counts[m] += 1
                used += n + PLAYOUT_OVERHEAD
            pass_cost = used - before
        alive.sort(key=lambda m: (-totals[m] / counts[m], m))
        alive = sorted(alive[:(len(alive) + 1) // 2]) if round_ < rounds - 1 else alive[:1]
    return moves[alive[0]]
