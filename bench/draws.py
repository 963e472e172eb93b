"""When the draws of a game by link become known, in the tier of late draws (casual-2/-3).

Run with `.venv/bin/python bench/draws.py`. Plays whole games by link as bench/links.py does
(Tsuro with random legal actions, Tyros with the computer's choices) and reads each final link
one message at a time. A drawn card or tile is fixed by a later message (seeds/tsuro.md L6,
seeds/tyros.md YL4). Fixed by its receiver's own next message, nobody but the receiver knows
it before the receiver plays. Fixed by another seat's message (tiles dealt round after the
Tsuro pile ran dry, Tyros's tile phase and end-of-turn deal), the seats that sent the messages
in between could work it out together a little before its receiver plays: the gap that
seeds/fair-play.md lists under "Known gaps". The deal at the start is left out. Prints one
line per game, then one JSON object {setup: {"drawn", "own", "early", "open"}} (values drawn
after the deal; fixed by the receiver's own message; fixed earlier by another seat's
message; never fixed, the game having ended first) as the last line.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from links import link_game  # noqa: E402  (bench/links.py, which puts py/ on the path)
from parlor import catalog  # noqa: E402
from parlor.links.record import decode  # noqa: E402

SETUPS = [("tsuro", players, False) for players in (2, 3, 4, 6)] + \
         [("tyros", players, True) for players in (3, 4)]
GAMES = 8                                # games per setup


def held(table, seat: int) -> int:
    """How many of the seat's drawn values wait for their draw to be fixed."""
    return len(table.unknown[seat]) if table.unknown else 0


def when_fixed(protocol, record) -> dict:
    """Count each value drawn after the deal by who fixed it: its receiver or another seat."""
    values = protocol.values(record)
    table, cursor = protocol.start(record), protocol.Cursor(record.moves)
    counts = {"drawn": 0, "own": 0, "early": 0}
    while cursor.peek() is not None:
        before = table
        table = protocol.read(table, cursor, record, values)
        if table.state is None:
            continue                     # Tyros's start messages (the deal is not counted)
        fixer = table.senders[-1]
        move = table.moves[-1]
        new = protocol.drawn(table.state) if protocol.draws(move) else ((),) * table.players
        for seat in range(table.players):
            counts["drawn"] += len(new[seat])
            fixed = held(before, seat) + len(new[seat]) - held(table, seat)
            counts["own" if seat == fixer else "early"] += fixed
    counts["open"] = counts["drawn"] - counts["own"] - counts["early"]
    return counts


def main() -> None:
    figures = {}
    for game, players, computer in SETUPS:
        protocol = catalog.entry(game).link
        total = {"drawn": 0, "own": 0, "early": 0, "open": 0}
        for n in range(GAMES):
            final = link_game(game, f"bench draws {n}".encode(), players, computer)[0]
            for key, value in when_fixed(protocol, decode(final)).items():
                total[key] += value
        name = f"{game}-{players}"
        figures[name] = total
        share = (lambda key: f"{100 * total[key] / total['drawn']:.1f} %") if total["drawn"] \
            else (lambda key: "-")
        print(f"{name}: {total['drawn']} values drawn in {GAMES} games; fixed by the "
              f"receiver's own move {share('own')}, earlier by another seat's "
              f"{share('early')}, never {share('open')}", flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
