"""Draw & play on screen: tap a card of your hand to play it."""
from __future__ import annotations

from . import view as toy_view
from .rules import Play


class Board:
    hidden_hands = True
    stages_moves = False

    def reset(self) -> None:
        pass

    def tap(self, seen, data: dict, pending):
        move = Play(int(data["slot"])) if str(data.get("slot", "")).isdigit() else None
        return move if move in seen.legal else None

    def svg(self, seen, pending, names, interactive: bool) -> str:
        return toy_view.render(seen.view, {"interactive": interactive}, list(names))

    def hint(self, seen, pending) -> str:
        return "Tap a card to play it."

    def buttons(self, seen, pending) -> list:
        return []

    def news(self, before: dict, after: dict, names) -> str:
        return ""

    def summary(self, view: dict, names) -> str:
        return f"<p>Piles: {', '.join(str(sum(p)) for p in view['piles'])}</p>"
