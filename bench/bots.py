"""The computer opponent against random play: win rates and thinking time per move (CPython).

Run with `.venv/bin/python bench/bots.py [games per match]`. Each match plays the bot (default
budget) against random bots, the bot's seat rotating from game to game; Tod dem Tyrannen is
played once per side, and once bot against bot. A score counts a win 1, a shared win 1/k,
a draw 1/2. The last line printed is one JSON object {match: {"games", "score", "expected_random",
"ms_per_move", "max_ms"}}. Pyodide runs the same code about 2x slower.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor.play import bots  # noqa: E402
from parlor import catalog  # noqa: E402
from parlor.engine.rng import derive  # noqa: E402

GAMES = 12
MOVE_LIMIT = 5000
TIME_TARGET_S = {"tyrus": 0.5, "tsuro": 0.5}      # CPython, per move
# name: (game, players, options, seats the bot plays (None: rotate), a random bot's score);
# in Tod dem Tyrannen random play leaves the king in town: random kings win about 7%.
MATCHES = {
    "tyrus": ("tyrus", 2, {}, None, 0.5),
    "tsuro-2": ("tsuro", 2, {}, None, 0.5),
    "tsuro-4": ("tsuro", 4, {}, None, 0.25),
    "tyrannen-king": ("tyrannen", 2, {}, (0,), 0.07),
    "tyrannen-rebel": ("tyrannen", 2, {}, (1,), 0.93),
    "tyrannen-both": ("tyrannen", 2, {}, (0, 1), None),
}


def play(game, seed: bytes, players: int, options: dict, bot_seats, thinking: list):
    """One game; the final outcome. Bot thinking times (seconds) are appended to `thinking`."""
    state = game.initial(seed, players, options)
    for ply in range(MOVE_LIMIT):
        if game.outcome(state) is not None:
            return game.outcome(state)
        seat = game.to_move(state)[0]
        key = derive(seed, "bench-bot", ply)
        if seat in bot_seats:
            start = time.perf_counter()
            move = catalog.entry(game.key).bot(state, seat, key)
            thinking.append(time.perf_counter() - start)
        else:
            move = bots.random_bot(game, state, key)
        state = game.apply(state, move)
    raise RuntimeError(f"{game.key}: a game did not end in {MOVE_LIMIT} moves")


def match(name: str, games: int) -> dict:
    """Play one match; its figures."""
    key, players, options, seats, expected = MATCHES[name]
    game = catalog.entry(key).engine
    thinking: list[float] = []
    total = 0.0
    wins = [0] * players
    for i in range(games):
        bot_seats = seats if seats is not None else (i % players,)
        outcome = play(game, derive(b"bench-bots", name, i)[:16], players, options, bot_seats,
                       thinking)
        for w in outcome.winners:
            wins[w] += 1
        if len(bot_seats) == 1:
            total += bots.score(outcome, bot_seats[0])
    figures = {"games": games, "ms_per_move": round(1000 * sum(thinking) / len(thinking), 1),
               "max_ms": round(1000 * max(thinking), 1)}
    if len(seats or (0,)) == 1:
        figures.update(score=round(total / games, 3), expected_random=expected)
    else:
        figures["wins_by_seat"] = wins
    return figures


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    if load > cpus / 2:
        print(f"Note: load average {load:.1f} on {cpus} CPUs: other work skews the times")
    print(f"CPython {sys.version.split()[0]}: the bot against random play, {games} games a match")
    results = {}
    for name in MATCHES:
        figures = results[name] = match(name, games)
        target = TIME_TARGET_S.get(MATCHES[name][0])
        verdict = "" if target is None else (
            f"  (target < {1000 * target:.0f} ms: "
            f"{'ok' if figures['max_ms'] < 1000 * target else 'MISSED'})")
        result = (f"score {figures['score']:.3f} (random {figures['expected_random']})"
                  if "score" in figures else f"wins by seat {figures['wins_by_seat']}")
        print(f"  {name:15} {result:28} {figures['ms_per_move']:7.1f} ms/move, "
              f"max {figures['max_ms']:.1f}{verdict}", flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
