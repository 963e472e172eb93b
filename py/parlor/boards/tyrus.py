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
        if pending is not None:
            return None
        legal = ENGINE.legal(state)
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
        view = ENGINE.view(state, seat)
        ui = {
            "viewer": 0 if seat is None else seat,
            "selected": self.selected if interactive else None,
            "targets": self._targets(ENGINE.legal(state)) if interactive else [],
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
        election = ENGINE.view(state, None)["election"]
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
        return view_tyrus.render_tally(ENGINE.view(state, None), list(names))
