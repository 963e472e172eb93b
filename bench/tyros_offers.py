"""How often Tyros's limit of 12 cards each way in one offer (seeds/tyros.md D32) could
bind: games of the computer against itself, every offer counted with the proposer's and the
partner's hand sizes and the cards it gives and asks.

`.venv/bin/python bench/tyros_offers.py [games per player count]` (default 30, for 3 and 4
players; about 2 s a game in CPython). Prints its figures and ends with one JSON line.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor import catalog  # noqa: E402
from parlor.engine.rng import derive  # noqa: E402
from parlor.games.tyros import rules  # noqa: E402

LIMIT = rules.MAX_STEP


def count(games: int, players: int) -> dict:
    """The offers of `games` games for `players` and how near each came to the limit."""
    entry = catalog.entry("tyros")
    engine = entry.engine
    figures = {"games": games, "offers": 0, "proposer_over_limit": 0, "partner_over_limit": 0,
               "gave_limit": 0, "asked_limit": 0, "largest_hand": 0}
    for game in range(games):
        state = engine.initial(derive(b"tyros-offers", players, game)[:16], players, {})
        ply = 0
        while engine.outcome(state) is None:
            seat = engine.to_move(state)[0]
            figures["largest_hand"] = max(figures["largest_hand"], *map(sum, state.hands))
            move = entry.bot(state, seat, derive(b"tyros-offers-move", players, game, ply))
            pending = state.pending
            if type(move) is rules.Offer:
                figures["offers"] += 1
                figures["proposer_over_limit"] += sum(state.hands[seat]) > LIMIT
                figures["partner_over_limit"] += sum(state.hands[move.partner]) > LIMIT
            elif type(move) is rules.Cards and pending is not None and pending.kind == "offer":
                step = "gave_limit" if pending.give == rules.ZERO else "asked_limit"
                figures[step] += sum(move.counts) == LIMIT
            state = engine.apply(state, move)
            ply += 1
    return figures


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"Tyros, the computer against itself, {games} games for 3 and for 4 players: offers, "
          f"and how many came near the limit of {LIMIT} cards each way (D32)")
    results = {}
    for players in (3, 4):
        f = results[players] = count(games, players)
        print(f"  {players} players: {f['offers']} offers; the proposer held more than {LIMIT} "
              f"cards in {f['proposer_over_limit']}, the partner in {f['partner_over_limit']}; "
              f"{f['gave_limit']} gave and {f['asked_limit']} asked {LIMIT} cards; largest hand "
              f"{f['largest_hand']}", flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
