"""Tyrus on screen: tap a tile of your hand, then a lit building; the move waits for Confirm.

The board reads only a SeatView (the seat's view and its legal placements)."""
from __future__ import annotations

from . import view as view_tyrus
from ...i18n import N_, _, ngettext
from .rules import ELECTIONS, Move, parse_tile, tile_code, tile_label

# The first sentence of the hint, per election kind.
ELECTION_HINTS = {
    # Translators: Tyrus: keep the rulebook's representatives and buildings (French: un
    # général, les citadelles).
    "S": N_("Election {number} of {total} elects a General (citadels)."),
    # Translators: Tyrus: keep the rulebook's representatives and buildings (French: un chef
    # des marchands, les marchés).
    "M": N_("Election {number} of {total} elects a Guildmaster (markets)."),
    # Translators: Tyrus: keep the rulebook's representatives and buildings (French: un grand
    # prêtre, les temples).
    "P": N_("Election {number} of {total} elects a High Priest (temples)."),
}


KINDS = ("S", "M", "P")     # building kinds by number: citadel, market, temple
# A staged placement in words, by building kind and whether it is the player's own.
STAGED = {
    # Translators: Tyrus: the placement waiting for Confirm; {tile} e.g. "merchants 3".
    ("S", True): N_("Place {tile} face down in your citadel."),
    # Translators: Tyrus: the placement waiting for Confirm, in the other player's citadel.
    ("S", False): N_("Place {tile} face down in your opponent\u2019s citadel."),
    # Translators: Tyrus (see "Place {tile} face down in your citadel.").
    ("M", True): N_("Place {tile} face down in your market."),
    # Translators: Tyrus (see "Place {tile} face down in your opponent’s citadel.").
    ("M", False): N_("Place {tile} face down in your opponent\u2019s market."),
    # Translators: Tyrus (see "Place {tile} face down in your citadel.").
    ("P", True): N_("Place {tile} face down in your temple."),
    # Translators: Tyrus (see "Place {tile} face down in your opponent’s citadel.").
    ("P", False): N_("Place {tile} face down in your opponent\u2019s temple."),
}


class Board:
    """Selection state for one player's placement; knows no rules beyond the legal list."""

    hidden_hands = True     # a shared device shows a pass screen between players
    stages_moves = True     # a placement waits for Confirm and can be taken back

    def __init__(self):
        self.selected: str | None = None

    def reset(self) -> None:
        self.selected = None

    def tap(self, seen, data: dict, pending: Move | None):
        """Handle a tap; returns a move to stage, or None when only the selection changed."""
        if pending is not None:
            return None
        if "tile" in data:
            code = data["tile"]
            self.selected = None if code == self.selected else code
            if self.selected is not None and not self._targets(seen.legal):
                self.selected = None
            return None
        if "building" in data and self.selected is not None:
            building = int(data["building"])
            if building in self._targets(seen.legal):
                move = Move(parse_tile(self.selected), building)
                self.selected = None
                return move
        return None

    def _targets(self, legal) -> list[int]:
        if self.selected is None:
            return []
        tile = parse_tile(self.selected)
        return [m.building for m in legal if m.tile == tile]

    def svg(self, seen, pending: Move | None, names, interactive: bool) -> str:
        ui = {
            "viewer": 0 if seen.seat is None else seen.seat,
            "selected": self.selected if interactive else None,
            "targets": self._targets(seen.legal) if interactive else [],
            "pending": None if pending is None else
            {"tile": tile_code(pending.tile), "building": pending.building},
            "interactive": interactive,
        }
        return view_tyrus.render(seen.view, ui, list(names))

    def buttons(self, seen, pending: Move | None) -> list:
        """Extra (label, action, primary) buttons under the board: none, Confirm is enough."""
        return []

    def staged(self, seen, pending: Move) -> str:
        """The staged placement in words (a placement costs nothing but the tile)."""
        owner, kind = divmod(pending.building, 3)
        words = STAGED[KINDS[kind], owner == seen.seat]
        return _(words).format(tile=view_tyrus.tile_words(tile_code(pending.tile)))

    def hint(self, seen, pending: Move | None) -> str:
        """One line telling the player what to do now."""
        election = seen.view["election"]
        if pending is not None:
            return _("Confirm to end your turn, or take the tile back.")
        placed = len(election["placements"])
        which = ELECTION_HINTS[election["kind"]]
        which = _(which).format(number=election["number"], total=ELECTIONS)
        if self.selected is not None:
            # Translators: {tile} is a tile such as "M7" (merchants, value 7); the lit
            # buildings are those the tile may go into.
            then = _("Tap a lit building for {tile}.").format(tile=tile_label(self.selected))
        else:
            # Translators: each player places three tiles per election, one at a time.
            then = _("Placement {number} of {total}: tap a tile of your hand.").format(
                number=placed // 2 + 1, total=3)
        return f"{which} {then}"

    def news(self, before: dict, after: dict, names) -> str:
        """The public result between two views: the tally when an election ended."""
        if len(after["chart"]) == len(before["chart"]):
            return ""
        return self.summary(after, names)

    def totals(self, view: dict, names) -> list[str]:
        """Per player: the representatives won, and which (the end screen's totals)."""
        lines = []
        for seat, name in enumerate(names):
            kinds = [row["kind"] for row in view["chart"] if row["winner"] == seat]
            won = [_(view_tyrus.REPRESENTATIVE[kind]) for kind in kinds]
            # Translators: Tyrus, the end screen: "Ana: 5 representatives (General, ...)".
            line = ngettext("{name}: {n} representative", "{name}: {n} representatives",
                            len(won)).format(name=name, n=len(won))
            lines.append(f"{line} ({', '.join(won)})" if won else line)
        return lines

    def summary(self, view: dict, names) -> str:
        """The most recent public result (the last tally), as HTML."""
        return view_tyrus.render_tally(view, list(names))
