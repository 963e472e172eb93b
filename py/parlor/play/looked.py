"""How far this device has shown each game by link: the number of messages on screen when its
player last looked, so that the next opening can say what happened since."""
from __future__ import annotations

from .saves import StorageFull

PREFIX = "parlor:link-seen:"


class Looked:
    """The messages last shown per game by link, over a store backend (see saves.Store). A
    game kept before this was counted has no entry: what this device last sent stands in."""

    def __init__(self, backend):
        self.backend = backend

    def last(self, game_id: bytes) -> int | None:
        text = self.backend.get(PREFIX + game_id.hex())
        try:
            count = int(text) if text is not None else None
        except ValueError:
            return None             # damaged: as if never counted
        return count if count is not None and count >= 0 else None

    def saw(self, game_id: bytes, count: int) -> None:
        """Note that `count` messages were shown; a full storage only loses the summary."""
        if self.last(game_id) != count:
            try:
                self.backend.set(PREFIX + game_id.hex(), str(count))
            except StorageFull:
                pass

    def forget(self, game_id: bytes) -> None:
        self.backend.remove(PREFIX + game_id.hex())


def last_looked(looked: Looked, link_store, history) -> int | None:
    """The messages this device had shown of the game in `history` (read for its seat), or,
    for a game kept before they were counted, those of its own last message; None when it
    never showed the game."""
    game_id = history.record.game_id
    count = looked.last(game_id)
    if count is None and history.seat is not None:
        authored = link_store.authored(game_id)
        count = history.messages_in(authored) if authored else None
    return count
