"""The steps of Resign on a game screen, the same on one device and by link."""
from __future__ import annotations

ACTIONS = ("resign", "resign-yes", "keep-playing")       # the screen's buttons for them


class ResignSteps:
    """Tap Resign, then confirm it or keep playing. A session class using it has the fields
    `pending`, `resigning` and `board`, and its own `may_resign()` and `resign()`."""

    def resign_step(self, action: str) -> None:
        """Act on one of `ACTIONS`."""
        {"resign": self.ask_resign, "resign-yes": self.resign,
         "keep-playing": self.keep_playing}[action]()

    def ask_resign(self) -> None:
        """Resign was tapped: the screen asks to confirm it (it cannot be taken back)."""
        if self.may_resign():
            self.pending, self.resigning = None, True
            self.board.reset()

    def keep_playing(self) -> None:
        self.resigning = False
