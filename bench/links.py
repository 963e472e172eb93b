"""Length of the final link of one whole game played by link, per game that has a link protocol.

Run with `.venv/bin/python bench/links.py`. Each game is played between two seeded devices
with random legal actions, to the end and both seeds published (the seed key is one whose
Tyrus game runs all nine elections, so the length is that of a full game). Prints one line per game,
then one JSON object {game: final link length in characters} as the last line.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor import tsuro_link, tyrannen_link, tyrus_link  # noqa: E402
from parlor.record import decode, encode  # noqa: E402
from parlor.rng import Stream, derive  # noqa: E402

LIMIT = 1000          # characters a whole game's link must stay within


def tyrus_game(key: bytes) -> str:
    """One Tyrus game by link between two seeded devices; the final link's fragment."""
    seeds = [derive(key, "tyrus", seat)[:16] for seat in (0, 1)]
    stream = Stream(key, "tyrus choices")
    text = encode(tyrus_link.join(tyrus_link.create("Ann", seeds[0]), "Bob", seeds[1]))
    while movers := tyrus_link.to_move(decode(text)):
        seat = movers[0]
        record = decode(text)
        actions = tyrus_link.legal(record, seat, seeds[seat])
        text = encode(tyrus_link.play(record, seat, seeds[seat],
                                      actions[stream.below(len(actions))]))
    verdict = tyrus_link.audit(decode(text))
    if not verdict.ok:
        raise SystemExit(f"tyrus: the audit failed: {verdict.reason}")
    return text


def tsuro_game(key: bytes) -> str:
    """One two-player Tsuro game by link (casual tier); the final link's fragment, with the
    winner's seed from the ending message and the other seat's seed added after it."""
    seeds = [derive(key, "tsuro", seat)[:16] for seat in (0, 1)]
    stream = Stream(key, "tsuro choices")
    text = encode(tsuro_link.join(tsuro_link.create("Ann", seeds[0]), "Bob", seeds[1]))
    while movers := tsuro_link.to_move(decode(text)):
        seat = movers[0]
        record = decode(text)
        actions = tsuro_link.legal(record, seat, seeds[seat])
        text = encode(tsuro_link.play(record, seat, seeds[seat],
                                      actions[stream.below(len(actions))]))
    verdict = tsuro_link.audit(decode(text))
    if not verdict.ok:
        raise SystemExit(f"tsuro: the audit failed: {verdict.reason}")
    return text


def tyrannen_game(key: bytes) -> str:
    """One Tod dem Tyrannen game (side A) by link between two seeded devices."""
    seeds = [derive(key, "tyrannen", seat)[:16] for seat in (0, 1)]
    stream = Stream(key, "tyrannen choices")
    text = encode(tyrannen_link.join(tyrannen_link.create("Ann", seeds[0], {"side": "A"}),
                                     "Bob", seeds[1]))
    while movers := tyrannen_link.to_move(decode(text)):
        seat = movers[0]
        record = decode(text)
        actions = tyrannen_link.legal(record, seat, seeds[seat])
        text = encode(tyrannen_link.play(record, seat, seeds[seat],
                                         actions[stream.below(len(actions))]))
    verdict = tyrannen_link.audit(decode(text))
    if not verdict.ok:
        raise SystemExit(f"tyrannen: the audit failed: {verdict.reason}")
    return text


GAMES = {"tyrus": tyrus_game, "tsuro": tsuro_game, "tyrannen": tyrannen_game}      # add other games' link protocols here


def main() -> None:
    lengths = {}
    for name, play in GAMES.items():
        lengths[name] = len(play(b"bench links 3"))
        verdict = "ok" if lengths[name] <= LIMIT else "over the limit"
        print(f"{name}: final link {lengths[name]} characters (limit {LIMIT}: {verdict})")
    print(json.dumps(lengths))


if __name__ == "__main__":
    main()
