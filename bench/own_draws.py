"""How often a player whose own move drew it cards or tiles is the next to move, on one device.

Run with `.venv/bin/python bench/own_draws.py [games]`. Plays random legal moves with the
engines alone (Tsuro for 4 to 8 players, with and without the elimination bonus; Tyros for 3
and 4) and counts the moves after which the mover, having drawn for itself, moves again at
once. By link such a draw would be keyed from that player's own next value alone if it were
fixed there (tier casual-6 asks for a help message first, seeds/tsuro.md L17; seeds/tyros.md
YL8 makes Tyros's wait).
Prints one line per setup (games, moves, such moves by the kind of move), then one JSON
object {setup: {"games", "moves", "again"}} as the last line.
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor import catalog  # noqa: E402
from parlor.engine.rng import derive  # noqa: E402

SETUPS = [("tsuro", players, {"elimination_bonus": bonus})
          for players in (4, 5, 6, 7, 8) for bonus in (False, True)] + \
         [("tyros", players, {}) for players in (3, 4)]


def count(game: str, players: int, options: dict, games: int) -> tuple[int, Counter]:
    engine = catalog.entry(game).engine
    moves, again = 0, Counter()
    for n in range(games):
        choose = random.Random(f"{game} {players} {options} {n}")
        state = engine.initial(derive(b"own draws", game, players, n)[:16], players, options)
        while engine.outcome(state) is None:
            mover = engine.to_move(state)[0]
            move = choose.choice(engine.legal(state))
            state, moves = engine.apply(state, move), moves + 1
            drawn = state.drawn or ()
            if engine.outcome(state) is None and drawn and drawn[mover] \
                    and engine.to_move(state)[0] == mover:
                again[type(move).__name__] += 1
    return moves, again


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    figures = {}
    for game, players, options in SETUPS:
        name = f"{game}-{players}" + ("-bonus" if options.get("elimination_bonus") else "")
        per = games if game == "tsuro" else max(1, games // 10)    # Tyros games are long
        moves, again = count(game, players, options, per)
        figures[name] = {"games": per, "moves": moves, "again": dict(again)}
        print(f"{name}: {per} games, {moves} moves; the mover drew for itself and moved again "
              f"after {sum(again.values())} ({dict(again) or 'none'})", flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
