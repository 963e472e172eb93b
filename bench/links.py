"""Length of the final link of one whole game played by link, per game that has a link protocol.

Run with `.venv/bin/python bench/links.py`. Each game is made with the options the app gives
a new game (the catalog's default options) and played between two seeded devices
with random legal actions (Tod dem Tyrannen on side A, Tsuro with two players), to the end
and both seeds published; the seed key is one whose Tyrus game runs all nine elections in
signed links (record format 2), so the length is that of a full game. Tyros is played by 3 and by 4 seeded devices whose moves
the computer player chooses (as people play: its limit), and with random legal actions
(endless refused offers and cancelled actions: no limit); for it the largest link sent in
the game is printed too. Prints one line per game (the final link's length and the links
sent in the whole game: the invitation, each join (to the creator, whose phone then starts the
game: record format 3), and one each time the turn passes to
another device, seeds included, and the messages of play: each a move of the engine, a start
message or a message added by the link protocol), then one JSON object {game: {"length":
characters, "links": links sent, "largest": the longest link sent, "play": messages of play,
"moves": the engine moves among them, "messages": the figures below}} as the last line.
`--tier casual-4` makes the Tsuro and Tyros games in that older tier, for a figure before a
change.

Then, for each game and player count (Tsuro also for 3, 4, 6 and 8 players, random legal
actions), the messages per player per turn: a player's turn is a stretch of play while the
link stays with that player, ended by the link it sends on (the links that only publish a
seed at the end are left out), and its messages are those the record holds from it (a Tyros
trade offer is two, a Tod dem Tyrannen turn one). Printed per game: the mean over the players
and the most of any player, and how many actions were taken with no other choice (one legal
action: a message that carries no decision). Those figures go into the JSON object as
"messages": {"per_turn": mean, "most": the most of one player, "turns": turns of play,
"messages": messages in the record, "forced": actions with no other choice, "forced_kinds":
those by kind}.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from parlor import catalog  # noqa: E402
from parlor.links.base import seat_of  # noqa: E402
from parlor.links.record import decode, encode  # noqa: E402
from parlor.engine.rng import Stream, derive  # noqa: E402
from parlor.links.base import SEED  # noqa: E402

LIMITS = {"tyrus": 1000, "tsuro": 1500, "tyrannen": 1000,   # characters a whole game may take
          "tyros-3": 2000, "tyros-4": 2000}


def seat_state(protocol, record, seat: int, seed: bytes):
    """The engine state as the seat's own device holds it: its draws fixed on its turn."""
    table = protocol.table(record)
    return protocol.Device(record, table, None, seat, seed).state(protocol, record, table)


def link_game(name: str, key: bytes, players: int = 2, computer: bool = False) -> tuple:
    """One game by link between seeded devices, random legal actions (or the computer
    player's choices), to the end and every seed published: the final link's fragment,
    checked by the audit, the number of links sent and the longest of them."""
    entry = catalog.entry(name)
    protocol = entry.link
    seeds = [derive(key, name, seat)[:16] for seat in range(players)]
    stream = Stream(key, f"{name} choices")
    options = entry.default_options() | (
        {"players": players} if entry.players[0] != entry.players[1] else {})
    record = protocol.create("Ann", seeds[0], options)
    for seat in range(1, players):
        record = protocol.join(record, ("Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")[seat - 1],
                               seeds[seat])
    record = protocol.start_game(record, seeds[0])     # the creator's device: it is full
    seeds = sorted(seeds, key=lambda s: seat_of(record, s))
    text, longest, ply = encode(record), 0, 0
    sent = players                          # the invitation and each join, to the creator
    last, holder = None, 0                  # whose turn came last; the phone holding the game
    turns, forced = [0] * players, Counter()  # turns of play per seat; actions with no choice
    while movers := protocol.to_move(decode(text)):
        seat = movers[0]
        record = decode(text)
        actions = protocol.legal(record, seat, seeds[seat])
        if actions != [SEED]:
            turns[seat] += seat != last
            if len(actions) == 1:
                forced[kind(actions[0])] += 1
        sent, holder, last = sent + (seat != holder), seat, seat
        state = seat_state(protocol, record, seat, seeds[seat]) if computer else None
        if state is not None and not isinstance(actions[0], str):
            action = entry.bot(state, seat, derive(key, "ply", ply))
        else:
            action = actions[stream.below(len(actions))]
        text, ply = encode(protocol.play(record, seat, seeds[seat], action)), ply + 1
        if seat not in protocol.to_move(decode(text)):
            longest = max(longest, len(text))
    verdict = protocol.audit(decode(text))
    if not verdict.ok:
        raise SystemExit(f"{name}: the audit failed: {verdict.reason}")
    return text, sent, longest, message_figures(protocol, decode(text), turns, forced)


def kind(action) -> str:
    """What an action is, for the count of those taken with no other choice: a protocol
    step's name, else the engine move's class (Tyrus's count, a Tyros pass...)."""
    return action if isinstance(action, str) else type(action).__name__


def message_figures(protocol, record, turns: list, forced: Counter) -> dict:
    """Messages per player per turn of play in a finished game (see the module's docstring)."""
    senders = protocol.table(record).senders
    rates = [senders.count(seat) / n for seat, n in enumerate(turns) if n]
    return {"per_turn": round(sum(rates) / len(rates), 2), "most": round(max(rates), 2),
            "turns": sum(turns), "messages": len(senders), "forced": sum(forced.values()),
            "forced_kinds": dict(forced.most_common())}


def message_line(name: str, figures: dict) -> str:
    return (f"{name}: {figures['per_turn']:.2f} messages per player per turn (most for one "
            f"player {figures['most']:.2f}); {figures['messages']} messages in "
            f"{figures['turns']} turns; {figures['forced']} actions with no other choice"
            + (" (" + ", ".join(f"{k} {n}" for k, n in figures["forced_kinds"].items()) + ")"
               if figures["forced"] else ""))


def messages(name: str, text: str) -> tuple[int, int]:
    """The messages of play in a final link, and how many of them are engine moves (the
    rest: start messages and any the protocol adds)."""
    protocol = catalog.entry(name).link
    table = protocol.table(decode(text))
    moves = len(getattr(table, "moves", ())) or len(table.senders)
    return len(table.senders), moves


def main() -> None:
    figures = {}
    if "--tier" in sys.argv:
        for name in ("tsuro", "tyros"):       # new games made in an older tier, which plays
            catalog.entry(name).link.tier = sys.argv[sys.argv.index("--tier") + 1]
    for entry in catalog.GAMES:
        if entry.key == "tyros":
            continue
        name, limit = entry.key, LIMITS.get(entry.key)
        text, sent, longest, per_turn = link_game(name, b"bench links 5")
        count, moves = messages(name, text)
        figures[name] = {"length": len(text), "links": sent, "largest": longest,
                         "play": count, "moves": moves, "messages": per_turn}
        verdict = "no limit set" if limit is None else \
            f"limit {limit}: {'ok' if len(text) <= limit else 'over the limit'}"
        print(f"{name}: final link {len(text)} characters ({verdict}); "
              f"{sent} links sent in the whole game; {count} messages, {moves} of them moves")
    for players in (3, 4):
        for computer in (True, False):
            name = f"tyros-{players}" + ("" if computer else "-random")
            final, sent, longest, per_turn = link_game("tyros", b"bench links 5", players,
                                                       computer)
            count, moves = messages("tyros", final)
            figures[name] = {"length": len(final), "links": sent, "largest": longest,
                             "play": count, "moves": moves, "messages": per_turn}
            limit = LIMITS.get(name)
            verdict = "random play: no limit" if limit is None else \
                f"limit {limit}: {'ok' if max(len(final), longest) <= limit else 'over the limit'}"
            print(f"{name}: final link {len(final)} characters, largest link sent {longest}, "
                  f"{sent} links sent, {count} messages, {moves} of them moves ({verdict})",
                  flush=True)
    for players in (3, 4, 6, 8):
        figures[f"tsuro-{players}"] = {"messages": link_game("tsuro", b"bench links 3",
                                                             players)[3]}
    print("Messages per player per turn:")
    for name, game in figures.items():
        print(message_line(name if name != "tsuro" else "tsuro-2", game["messages"]),
              flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
