"""Length of the final link of one whole game played by link, per game that has a link protocol.

Run with `.venv/bin/python bench/links.py`. Each game is played between two seeded devices
with random legal actions (Tod dem Tyrannen on side A, Tsuro with two players), to the end
and both seeds published; the seed key is one whose Tyrus game runs all nine elections, so
the length is that of a full game. Prints one line per game (the final link's length and
the links sent in the whole game: the invitation, each join, and one each time the turn
passes to another device, seeds included), then one JSON object
{game: {"length": characters, "links": links sent}} as the last line.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor import catalog  # noqa: E402
from parlor.links.record import decode, encode  # noqa: E402
from parlor.engine.rng import Stream, derive  # noqa: E402

LIMITS = {"tyrus": 1000, "tsuro": 1500, "tyrannen": 1000}   # characters a whole game may take


def link_game(name: str, key: bytes) -> tuple[str, int]:
    """One two-player game by link between two seeded devices, random legal actions, to the
    end and both seeds published; the final link's fragment, checked by the audit, and the
    number of links sent."""
    protocol = catalog.entry(name).link
    seeds = [derive(key, name, seat)[:16] for seat in (0, 1)]
    stream = Stream(key, f"{name} choices")
    text = encode(protocol.join(protocol.create("Ann", seeds[0]), "Bob", seeds[1]))
    sent, last = 2, 1           # the invitation and the join
    while movers := protocol.to_move(decode(text)):
        seat = movers[0]
        sent, last = sent + (seat != last), seat
        record = decode(text)
        actions = protocol.legal(record, seat, seeds[seat])
        text = encode(protocol.play(record, seat, seeds[seat],
                                    actions[stream.below(len(actions))]))
    verdict = protocol.audit(decode(text))
    if not verdict.ok:
        raise SystemExit(f"{name}: the audit failed: {verdict.reason}")
    return text, sent


def main() -> None:
    figures = {}
    for entry in catalog.GAMES:
        name, limit = entry.key, LIMITS.get(entry.key)
        text, sent = link_game(name, b"bench links 3")
        figures[name] = {"length": len(text), "links": sent}
        verdict = "no limit set" if limit is None else \
            f"limit {limit}: {'ok' if len(text) <= limit else 'over the limit'}"
        print(f"{name}: final link {len(text)} characters ({verdict}); "
              f"{sent} links sent in the whole game")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
