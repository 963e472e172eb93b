"""Freeze the link corpus of the current record format: tests/corpus/<game>-links-v<N>.json.

Run once when a format is released: `.venv/bin/python tools/freeze_link_corpus.py`. Each game
is played by seeded devices from one invitation (joins in any order, the creator's start) to
its end with random legal actions; the corpus keeps the invitation, the invitation with its
joins, links in every phase with private seat links, the final links and damaged ones, each
with what this version makes of it (tests/test_link_corpus.py, `observe`). An existing file
is never overwritten: a frozen corpus is what the code of its time made of those links.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "py"), str(REPO / "tests")]

from parlor import catalog  # noqa: E402
from parlor.engine.rng import Stream, derive  # noqa: E402
from parlor.links.base import seat_of  # noqa: E402
from parlor.links.device import Held, seat_link  # noqa: E402
from parlor.links.record import FORMAT_VERSION, encode, merge  # noqa: E402
from linktools import seal  # noqa: E402
from test_link_corpus import observe  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Di")
KEEP = (0, 1, 2, 3, 5, 9, 20, 40)          # message counts whose links are kept


def cases(game: str) -> list[dict]:
    entry = catalog.entry(game)
    protocol = entry.link
    players = 4 if game == "tyros" else 3 if game == "tsuro" else 2
    options = {"players": players} if entry.players[0] != entry.players[1] else {}
    seeds = [derive(b"corpus v3", game, n)[:16] for n in range(players)]
    invitation = protocol.create(NAMES[0], seeds[0], {**options, "clock": 3})
    joins = [protocol.join(invitation, NAMES[n], seeds[n]) for n in range(1, players)]
    lobby = invitation
    for join in reversed(joins):
        lobby = merge(lobby, join)[0]
    out = [("invitation", encode(invitation)), ("one join", encode(joins[0])),
           ("every join", encode(lobby))]
    record = protocol.start_game(lobby, seeds[0])
    by_seat = sorted(seeds, key=lambda s: seat_of(record, s))
    stream = Stream(b"corpus v3", game)
    count = 0
    while True:
        if count in KEEP or not protocol.to_move(record):
            phase = protocol.phase(record)
            out.append((f"link {count} ({phase})", encode(record)))
            for seat, seed in enumerate(by_seat):
                if count in (0, 3) or not protocol.to_move(record):
                    out.append((f"private seat {seat} link at {count}",
                                seat_link(Held(record, seat, seed))))
        movers = protocol.to_move(record)
        if not movers:
            break
        seat = movers[0]
        actions = protocol.legal(record, seat, by_seat[seat])
        record = protocol.play(record, seat, by_seat[seat], actions[stream.below(len(actions))])
        count += 1
    final = encode(record)
    body = final[:final.rindex(".")]
    head, game_key, data, moves = body.split(".")
    out += [("cut off", final[:len(final) // 2]),
            ("checksum broken", body + ".AAAAAA"),
            ("moves cut, resealed", seal(f"{head}.{game_key}.{data}.{moves[:len(moves) // 2]}")),
            ("a join renamed, resealed", _renamed(lobby))]
    return [{"label": label, "link": link, "expect": observe(game, link)} for label, link in out]


def _renamed(lobby) -> str:
    """The invitation with a join's name changed by hand: its signature no longer fits."""
    from dataclasses import replace
    first = lobby.joins[0]
    return encode(replace(lobby, joins=(replace(first, name="Mallory"),) + lobby.joins[1:]))


def main() -> None:
    for entry in catalog.entries():
        if not entry.link_tier:
            continue
        path = REPO / "tests" / "corpus" / f"{entry.key}-links-v{FORMAT_VERSION}.json"
        if path.exists():
            print(f"{path.name}: kept as it is")
            continue
        data = {"game": entry.key, "format": FORMAT_VERSION,
                "made_by": f"Parlor format {FORMAT_VERSION} (joins by invitation), tier of "
                           "each game's new games", "links": cases(entry.key)}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"{path.name}: {len(data['links'])} links")


if __name__ == "__main__":
    main()
