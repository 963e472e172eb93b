"""Draw & play drawn as plain HTML from a view (names escaped)."""
from __future__ import annotations

from parlor.screens.svg import esc


def render(view: dict, ui: dict, names) -> str:
    rows = []
    for seat, (hand, pile) in enumerate(zip(view["hands"], view["piles"])):
        cards = ("".join(f'<button data-slot="{i}">{c}</button>' for i, c in enumerate(hand))
                 if isinstance(hand, list) and ui.get("interactive") else
                 " ".join(map(str, hand)) if isinstance(hand, list) else f"{hand} cards")
        rows.append(f"<li>{esc(names[seat])}: {cards}; pile {sum(pile)}</li>")
    return f'<ul class="toy">{"".join(rows)}</ul><p>Deck: {view["deck"]}</p>'
