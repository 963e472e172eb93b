"""Tyros: moves per whole game and the length of its move record, random and computer play.

Run with `.venv/bin/python bench/tyros_moves.py [games per case]`. A link must carry a whole
game's record (two characters a move) beside the seat data, in at most 2,000 characters.
The last line printed is one JSON object {case: {"games", "moves_mean", "moves_max",
"chars_mean", "chars_max"}}.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor.play import bots  # noqa: E402
from parlor.games.tyros import bot  # noqa: E402
from parlor.games.tyros.rules import ENGINE  # noqa: E402
from parlor.engine.rng import derive  # noqa: E402

GAMES = 6
CASES = {"random-3": (3, "random"), "random-4": (4, "random"),
         "bots-3": (3, "bot"), "bots-4": (4, "bot")}


def record(players: int, player: str, index: int) -> str:
    """The move record of one whole game, every seat played by `player`."""
    seed = derive(b"bench-tyros-moves", players, player, index)[:16]
    state, tokens = ENGINE.initial(seed, players), []
    while ENGINE.outcome(state) is None:
        seat, key = ENGINE.to_move(state)[0], derive(seed, "ply", len(tokens))
        move = (bot.choose(ENGINE, state, seat, key) if player == "bot"
                else bots.random_bot(ENGINE, state, key))
        tokens.append(ENGINE.encode(move))
        state = ENGINE.apply(state, move)
    return "".join(tokens)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    print(f"Tyros: {games} whole games a case, {ENGINE.token_width} characters a move")
    results = {}
    for name, (players, player) in CASES.items():
        sizes = [len(record(players, player, i)) for i in range(games)]
        moves = [n // ENGINE.token_width for n in sizes]
        results[name] = {"games": games, "moves_mean": round(sum(moves) / games, 1),
                         "moves_max": max(moves), "chars_mean": round(sum(sizes) / games, 1),
                         "chars_max": max(sizes)}
        figures = results[name]
        print(f"  {name:9} moves {figures['moves_mean']:7.1f} (max {figures['moves_max']}), "
              f"record {figures['chars_mean']:7.1f} characters (max {figures['chars_max']})",
              flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
