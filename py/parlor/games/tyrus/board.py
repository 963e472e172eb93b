"""Tyrus on screen: tap a tile of your hand, then a lit building; the move waits for Confirm."""
from __future__ import annotations

from ..games.tyrus import ENGINE, Move, parse_tile, tile_code
from ..views import tyrus as view_tyrus

KIND_WORDS = {"S": "soldiers", "M": "merchants", "P": "priests"}
ELECTION_WORDS = {"S": "a General (citadels)", "M": "a Guildmaster (markets)",
                  "P": "a High Priest (temples)"}


class Board:
    """Selection state for one player's placement; knows no rules beyond the legal list."""

    game = ENGINE
    hidden_hands = True     # a shared device shows a pass screen between players
    stages_moves = True     # a placement waits for Confirm and can be taken back
    options = ()            # (key, label, ((value, label), ...)) choices offered at setup

    def __init__(self):
        self.selected: str | None = None

    def reset(self) -> None:
        self.selected = None

    def tap(self, state, data: dict, pending: Move | None):
        """Handle a tap; returns a move to stage, or None when only the selection changed."""
        return self.tap_legal(ENGINE.legal(state), data, pending)

    def tap_legal(self, legal: list, data: dict, pending: Move | None):
        """tap() given the legal placements (by link they come from the link's protocol)."""
        if pending is not None:
            return None
        if "tile" in data:
            code = data["tile"]
            self.selected = None if code == self.selected else code
            if self.selected is not None and not self._targets(legal):
                self.selected = None
            return None
        if "building" in data and self.selected is not None:
            building = int(data["building"])
            if building in self._targets(legal):
                move = Move(parse_tile(self.selected), building)
                self.selected = None
                return move
        return None

    def _targets(self, legal) -> list[int]:
        if self.selected is None:
            return []
        tile = parse_tile(self.selected)
        return [m.building for m in legal if m.tile == tile]

    def svg(self, state, seat: int | None, pending: Move | None, names, interactive: bool) -> str:
        return self.svg_view(ENGINE.view(state, seat), ENGINE.legal(state), seat, pending, names,
                             interactive)

    def svg_view(self, view: dict, legal: list, seat: int | None, pending: Move | None, names,
                 interactive: bool) -> str:
        """svg() given a view and the legal placements."""
        ui = {
            "viewer": 0 if seat is None else seat,
            "selected": self.selected if interactive else None,
            "targets": self._targets(legal) if interactive else [],
            "pending": None if pending is None else
            {"tile": tile_code(pending.tile), "building": pending.building},
            "interactive": interactive,
        }
        return view_tyrus.render(view, ui, list(names))

    def buttons(self, state, pending: Move | None) -> list:
        """Extra (label, action, primary) buttons under the board: none, Confirm is enough."""
        return []

    def hint(self, state, pending: Move | None) -> str:
        """One line telling the player what to do now."""
        return self.hint_view(ENGINE.view(state, None), pending)

    def hint_view(self, view: dict, pending: Move | None) -> str:
        """hint() given a view."""
        election = view["election"]
        if pending is not None:
            return "Confirm to end your turn, or take the tile back."
        placed = len(election["placements"])
        which = f"Election {election['number']} of 9 elects {ELECTION_WORDS[election['kind']]}."
        if self.selected is not None:
            return f"{which} Tap a lit building for {self.selected}."
        return f"{which} Placement {placed // 2 + 1} of 3: tap a tile of your hand."

    def news(self, before, after, names) -> str:
        """The public result between two states: the tally when an election ended."""
        if len(after.chart) == len(before.chart):
            return ""
        return self.summary(after, names)

    def summary(self, state, names) -> str:
        """The most recent public result (the last tally), as HTML."""
        return self.summary_view(ENGINE.view(state, None), names)

    def summary_view(self, view: dict, names) -> str:
        """summary() given a view."""
        return view_tyrus.render_tally(view, list(names))
