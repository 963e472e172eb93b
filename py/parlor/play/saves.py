"""Games kept on this device: a saved game is its setup plus its move record, as JSON.

The store works over any string key-value backend (the browser's localStorage in the app,
a dict in tests). A saved game that cannot be read is reported, never dropped silently.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import asdict, dataclass, field, replace

from .. import catalog
from ..engine.protocol import Outcome, replay
from ..i18n import N_, _
from .bots import DEFAULT_LEVEL, LEVELS

FORMAT = 1
PREFIX = "parlor:game:"
NAME_LIMIT = 24
ID_PATTERN = re.compile(r"[0-9a-f]{16}")


class SaveError(ValueError):
    """A saved game that cannot be used; the message is for the player (in the language in
    use when it was raised: a store's damaged entries are read again at every drawing)."""


class StorageFull(Exception):
    """The backend refused to store more data."""


def clean_name(name, fallback: str) -> str:
    """A player name as plain text: no control characters, trimmed, at most NAME_LIMIT long."""
    text = "".join(c for c in str(name) if c.isprintable()).strip()
    return text[:NAME_LIMIT] or fallback


def computer_name(seat: int, count: int) -> str:
    """The name a game keeps for the computer in `seat` (English, like every name the app
    gives; `shown_name` is what a screen shows)."""
    return "Computer" if count == 2 else f"Computer {seat}"


def shown_name(entry, seat: int, name: str) -> str:
    """A kept player name as the reader sees it: a name the app gave (a seat's label or
    number, the computer) in the reader's language, a typed name as typed."""
    if name == entry.default_name(seat):
        return entry.seat_label(seat)
    if name == "Computer":
        return _("Computer")
    if name == f"Computer {seat}":
        # Translators: the computer's name in a game with several computer players
        return _("Computer {number}").format(number=seat)
    return name


@dataclass(frozen=True)
class SavedGame:
    """One game on this device."""

    id: str
    game: str
    seed: str                      # 32 hex digits
    names: tuple[str, ...]
    bots: tuple[int, ...] = ()     # seats the computer plays
    options: dict = field(default_factory=dict)
    moves: str = ""
    created: float = 0.0
    updated: float = 0.0
    resigned: int | None = None    # the seat that resigned, which ended the game (issue 13)
    level: str = DEFAULT_LEVEL     # how hard the computer thinks (parlor.play.bots.LEVELS)

    @property
    def entry(self):
        return catalog.entry(self.game)

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The players' names as a screen shows them, in the reader's language."""
        return tuple(shown_name(self.entry, seat, name) for seat, name in enumerate(self.names))

    @property
    def engine(self):
        return self.entry.engine

    def initial_state(self):
        return self.engine.initial(bytes.fromhex(self.seed), len(self.names), dict(self.options))

    def replay(self):
        return replay(self.engine, self.initial_state(), self.moves)

    def with_moves(self, moves: str) -> "SavedGame":
        return replace(self, moves=moves, updated=time.time())

    def outcome(self, state) -> Outcome | None:
        """How the game ended in `state` (reached by its moves): by the resignation it keeps,
        else by its rules; None while it goes on."""
        if self.resigned is None:
            return self.engine.outcome(state)
        return Outcome(self.resign_winners(state, self.resigned), RESIGNED)

    def resign_winners(self, state, seat: int) -> tuple[int, ...]:
        """Who wins if `seat` resigns in `state`."""
        return resign_winners(self.entry, state, len(self.names), seat)

    def to_json(self) -> str:
        data = asdict(self)
        if self.resigned is None:
            del data["resigned"]       # a game nobody resigned is saved as before
        if self.level == DEFAULT_LEVEL:
            del data["level"]          # and so is one at the default level
        data["format"] = FORMAT
        return json.dumps(data, separators=(",", ":"))


def parse(text: str) -> SavedGame:
    """A SavedGame from its JSON, checked field by field and replayed; SaveError if unusable."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise SaveError(_("The saved data is not readable.")) from None
    if not isinstance(data, dict):
        raise SaveError(_("The saved data is not a game."))
    if data.get("format") != FORMAT:
        raise SaveError(_("This game was saved in a format this version does not know."))
    try:
        game = SavedGame(
            id=_checked(data["id"], str, lambda v: ID_PATTERN.fullmatch(v)),
            game=_checked(data["game"], str, lambda v: v in catalog.keys()),
            seed=_checked(data["seed"], str, lambda v: re.fullmatch(r"[0-9a-f]{32}", v)),
            names=tuple(_checked(n, str, lambda v: 0 < len(v) <= NAME_LIMIT)
                        for n in _checked(data["names"], list, lambda v: v)),
            bots=tuple(_checked(b, int, lambda v: 0 <= v < len(data["names"]))
                       for b in _checked(data.get("bots", []), list, lambda v: True)),
            options=_checked(data.get("options", {}), dict, lambda v: True),
            moves=_checked(data["moves"], str, lambda v: True),
            created=float(data.get("created", 0)),
            updated=float(data.get("updated", 0)),
            resigned=_checked(data.get("resigned", 0), int,
                              lambda v: 0 <= v < len(data["names"]))
            if data.get("resigned") is not None else None,
            level=_checked(data.get("level", DEFAULT_LEVEL), str, lambda v: v in LEVELS),
        )
        low, high = game.engine.seats
        if not low <= len(game.names) <= high:
            raise SaveError(_("The saved game has the wrong number of players."))
        result = game.replay()
        if game.resigned is not None and result.ok \
                and game.engine.outcome(result.state) is not None:
            raise SaveError(_("The saved game holds a value that cannot be right."))
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError):
        raise SaveError(_("The saved game is missing information it needs.")) from None
    if not result.ok:
        raise SaveError(_("The saved moves stop making sense at move {number}.").format(
            number=result.applied + 1))
    return game


# The reason of a resignation's Outcome; the end screen fills in the name (`SavedGame.resigned`).
RESIGNED = N_("{name} resigned")


def resign_winners(entry, state, players: int, seat: int) -> tuple[int, ...]:
    """Who wins when `seat` resigns on this device in `state`: the rule of a forfeit by link,
    the game's `forfeit_winners` (every other seat, or as the game says: in Tsuro only the
    seats still on the board), read over a table that holds the engine's state."""
    if not entry.link_tier:
        return tuple(n for n in range(players) if n != seat)
    from ..links.casual import Table      # the table of the casual tier: its state is the engine's
    table = Table(players=players, state=state, sent=(0,) * players)
    return entry.link.forfeit_winners(table, seat)


def _checked(value, kind, test):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int or not test(value):
        raise SaveError(_("The saved game holds a value that cannot be right."))
    return value


@dataclass(frozen=True)
class Damaged:
    """A stored entry that could not be read, with the reason to show."""

    key: str
    reason: str


class Store:
    """Saved games over a backend with get(key), set(key, text), remove(key) and keys()."""

    def __init__(self, backend):
        self.backend = backend

    def all(self) -> tuple[list[SavedGame], list[Damaged]]:
        """Every saved game, newest first, and every entry that could not be read."""
        games, damaged = [], []
        for key in self.backend.keys():
            if not key.startswith(PREFIX):
                continue
            try:
                games.append(parse(self.backend.get(key)))
            except SaveError as err:
                damaged.append(Damaged(key, str(err)))
        games.sort(key=lambda g: g.updated, reverse=True)
        return games, damaged

    def load(self, game_id: str) -> SavedGame:
        text = self.backend.get(PREFIX + game_id)
        if text is None:
            raise SaveError(_("That game is no longer on this device."))
        return parse(text)

    def save(self, game: SavedGame) -> None:
        """Store the game; raises StorageFull (the game stays in memory) if there is no room."""
        self.backend.set(PREFIX + game.id, game.to_json())

    def remove(self, key_or_id: str) -> None:
        self.backend.remove(key_or_id if key_or_id.startswith(PREFIX) else PREFIX + key_or_id)


class MemoryBackend:
    """A dict-backed store for tests and for browsers that refuse storage."""

    def __init__(self, limit: int | None = None):
        self.data: dict[str, str] = {}
        self.limit = limit

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        if self.limit is not None and sum(map(len, self.data.values())) + len(text) > self.limit:
            raise StorageFull()
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)
