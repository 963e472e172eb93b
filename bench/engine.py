"""Full random games per second for every registered engine, under CPython and Pyodide in Node.

Run with `.venv/bin/python bench/engine.py [seconds per game]`. The last line printed is one
JSON object {game: {"cpython": rate, "pyodide": rate}}. bench/pyodide_engine.mjs imports
this file inside Pyodide and calls measure(), so both interpreters run the same code.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor import catalog  # noqa: E402
from parlor.engine.rng import Stream, derive  # noqa: E402

SECONDS = 2.5
PLAYERS = {"tyrus": 2, "tsuro": 4}   # others play with their fewest seats
MOVE_LIMIT = 100_000                 # a game this long is a bug, not a benchmark
CPYTHON_TARGETS = {"tyrus": 500, "tsuro": 300}
PYODIDE_SLOWDOWN_TARGETS = {"tyrus": 2.5}


def engines() -> dict:
    """Every engine to measure: the catalog's."""
    return {e.key: e.engine for e in catalog.entries()}


def players_for(game) -> int:
    """How many seats the benchmark fills for this game."""
    return PLAYERS.get(game.key, game.seats[0])


def random_game(game, seed: bytes, players: int) -> int:
    """Play one game to the end with uniformly random legal moves; return its move count."""
    state = game.initial(seed, players, {})
    stream = Stream(seed, "bench-moves")
    for count in range(MOVE_LIMIT):
        moves = game.legal(state)
        if not moves:
            return count
        state = game.apply(state, moves[stream.below(len(moves))])
    raise RuntimeError(f"{game.key}: a random game did not end in {MOVE_LIMIT} moves")


def games_per_second(game, seconds: float = SECONDS) -> float:
    """Complete random games per second of wall time, over about `seconds` (after one warm-up)."""
    players = players_for(game)
    random_game(game, derive(b"bench-warmup", game.key)[:16], players)
    played = 0
    start = time.perf_counter()
    while True:
        random_game(game, derive(b"bench", game.key, played)[:16], players)
        played += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return played / elapsed


def measure(seconds: float = SECONDS) -> dict[str, float]:
    """Games per second for every registered engine, in this interpreter."""
    return {key: round(games_per_second(game, seconds), 1) for key, game in engines().items()}


def measure_pyodide(seconds: float) -> dict[str, float]:
    """Run measure() inside Pyodide in Node; echo its log lines and return its figures."""
    result = subprocess.run(["node", str(REPO / "bench" / "pyodide_engine.mjs"), str(seconds)],
                            cwd=REPO, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"the Pyodide benchmark failed:\n{result.stdout}{result.stderr}")
    lines = result.stdout.strip().splitlines()
    for line in lines[:-1]:
        print(line)
    return json.loads(lines[-1])


def verdict(key: str, cpython: float, pyodide: float) -> str:
    """The figures beside their targets, for a human reader."""
    notes = []
    if key in CPYTHON_TARGETS:
        target = CPYTHON_TARGETS[key]
        notes.append(f"CPython target >= {target}: {'ok' if cpython >= target else 'MISSED'}")
    slowdown = cpython / pyodide if pyodide else float("inf")
    if key in PYODIDE_SLOWDOWN_TARGETS:
        target = PYODIDE_SLOWDOWN_TARGETS[key]
        notes.append(f"Pyodide within {target}x: {'ok' if slowdown <= target else 'MISSED'}")
    return f"Pyodide is {slowdown:.2f}x slower" + "".join(f"; {n}" for n in notes)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    version = sys.version.split()[0]
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    if load >= cpus:
        print(f"Note: load average {load:.1f} on {cpus} CPUs: other work skews these figures")
    print(f"CPython {version}: about {seconds} s of random games per engine")
    cpython = measure(seconds)
    for key, rate in cpython.items():
        print(f"  {key:10} {players_for(engines()[key])} players  {rate:9.1f} games/s")
    pyodide = measure_pyodide(seconds)
    print("Summary (games per second):")
    figures = {}
    for key, rate in cpython.items():
        figures[key] = {"cpython": rate, "pyodide": pyodide[key]}
        print(f"  {key:10} CPython {rate:9.1f}  Pyodide {pyodide[key]:9.1f}  "
              f"{verdict(key, rate, pyodide[key])}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
