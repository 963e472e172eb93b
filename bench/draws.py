"""When the draws of a game by link become known, in the tiers of late draws (casual-2 to -5).

Run with `.venv/bin/python bench/draws.py` (`--tier casual-4`: Tsuro and Tyros games made in
that older tier instead, for a figure before a change). Plays whole games by link as bench/links.py does
(Tsuro with random legal actions, Tyros with the computer's choices) and reads each final link
one message at a time. A drawn card or tile is fixed by a later message (seeds/tsuro.md L6,
seeds/tyros.md YL4), in the tier new games are made in (Tsuro casual-6: each seat's share of a
draw fixed apart; Tyros casual-5: and a share that its receiver's own message drew waits for
another seat's message, seeds/tyros.md YL8). Fixed by its receiver's own next message, nobody but the receiver knows it
before the receiver plays. Fixed by another seat's message while its receiver is still in the
game (a share drawn before the pile grew again, fixed for a later one: seeds/fair-play.md,
"Known gaps"), the seats that sent the messages in between could work it out together a
little before its receiver plays. A Tsuro tile fixed by another seat once its receiver is
out (after the fixing message) is never played and goes back to the pile: counted as "out".
Of those fixed by the receiver's own message, "alone" counts the values the receiver's own
message drew with no other seat's message since: their key held the receiver's values only, so
its device knew them before it sent the move that drew them, and it could have tried its
moves for them (YL8). The deal at the start is left out. Prints one line per game and kind of
value (cards, tiles), then one JSON object {setup: {kind: {"drawn", "own", "alone", "early",
"out", "open"}}} (values drawn after the deal; fixed by the receiver's own message; among
them, keyed by the receiver's values alone; fixed earlier by another seat's message; fixed
after the receiver went out; never fixed, the game having ended first) as the last line.
"""
from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from links import link_game  # noqa: E402  (bench/links.py, which puts py/ on the path)
from parlor import catalog  # noqa: E402
from parlor.links.record import decode  # noqa: E402

SETUPS = [("tsuro", players, False) for players in (2, 3, 4, 6)] + \
         [("tyros", players, True) for players in (3, 4)]
GAMES = 8                                # games per setup


def kinds(values) -> Counter:
    """Drawn values by kind: Tyros names each ("card", colour) or ("tile", number), Tsuro's
    are tiles."""
    return Counter(value[0] if isinstance(value, tuple) else "tile" for value in values)


def waiting(table, seat: int) -> Counter:
    """The seat's drawn values whose draw is not fixed yet, by kind."""
    return kinds(table.unknown[seat]) if table.unknown else Counter()


def when_fixed(protocol, record) -> dict:
    """Count each value drawn after the deal, by kind, by who fixed it: its receiver, another
    seat, or another seat once the receiver was out."""
    values = protocol.values(record)
    table, cursor = protocol.start(record), protocol.Cursor(record.moves)
    counts = defaultdict(Counter)
    solo = defaultdict(Counter)          # per seat, drawn by its own messages, none since
    while cursor.peek() is not None:
        before = table
        table = protocol.read(table, cursor, record, values)
        if table.state is None:
            continue                     # Tyros's start messages (the deal is not counted)
        fixer = table.senders[-1]
        move = table.moves[-1]
        new = protocol.drawn(table.state) if protocol.draws(move) else ((),) * table.players
        for seat in range(table.players):
            drawn = kinds(new[seat])
            fixed = waiting(before, seat) + drawn - waiting(table, seat)
            for kind in drawn | fixed:
                counts[kind]["drawn"] += drawn[kind]
                who = "own" if seat == fixer else \
                    "early" if protocol.in_play(table, seat) else "out"
                counts[kind][who] += fixed[kind]
            if seat == fixer:
                alone = solo[seat] & fixed
                for kind in alone:
                    counts[kind]["alone"] += alone[kind]
                solo[seat] = solo[seat] - alone + drawn
            else:
                solo[seat] = Counter()
    return counts


def main() -> None:
    figures = {}
    tier = sys.argv[sys.argv.index("--tier") + 1] if "--tier" in sys.argv else None
    for game, players, computer in SETUPS:
        protocol = catalog.entry(game).link
        if tier:
            protocol.tier = tier         # new games made in an older tier, which still plays
        total = defaultdict(Counter)
        for n in range(GAMES):
            final = link_game(game, f"bench draws {n}".encode(), players, computer)[0]
            for kind, counts in when_fixed(protocol, decode(final)).items():
                total[kind].update(counts)
        name = f"{game}-{players}"
        figures[name] = {}
        for kind, counts in sorted(total.items()):
            counts["open"] = counts["drawn"] - counts["own"] - counts["early"] - counts["out"]
            figures[name][kind] = {key: counts[key]
                                   for key in ("drawn", "own", "alone", "early", "out", "open")}
            share = {key: f"{100 * counts[key] / counts['drawn']:.1f} %" if counts["drawn"]
                     else "-" for key in ("own", "alone", "early", "out", "open")}
            print(f"{name}, {kind}s: {counts['drawn']} drawn in {GAMES} games; fixed by the "
                  f"receiver's own move {share['own']} (keyed by its values alone "
                  f"{share['alone']}), earlier by another seat's "
                  f"{share['early']}, after the receiver went out {share['out']}, never "
                  f"{share['open']}", flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
