"""The one list of games: one Entry per game, and lazy access to each game's parts.

Importing this module imports no engine, board, view or link protocol: the home screen is
drawn from an Entry's metadata alone, and a game's modules load the first time one of its
parts is asked for. A game's parts live in its package (parlor.games.<key> for the games
shipped here) under fixed names:

    rules.py  ENGINE, the rules engine (parlor.engine.protocol.Game)
    view.py   render(view, ui, names) and the other pure drawing functions
    board.py  Board, the headless input state machine (taps -> moves) over views
    link.py   PROTOCOL, its play-by-link protocol (parlor.links.base.LinkProtocol)
    bot.py    choose(engine, state, seat, key, budget), only where the game has its own bot
    howto.py  STEPS, its short "How to play" page (headings, text, where to show a picture)

Adding a game is its package plus one Entry in GAMES.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

from . import i18n
from .i18n import _, N_

TRUSTLESS, CASUAL = "trustless", "casual"     # link tiers: what a link keeps secret


@dataclass(frozen=True)
class Option:
    """One setup choice: its key, its label, and (value, label) pairs; the first is the default.
    Labels are English message ids (marked N_), translated where the form shows them."""

    key: str
    label: str
    choices: tuple[tuple[object, str], ...]

    @property
    def default(self):
        return self.choices[0][0]


@dataclass(frozen=True)
class Entry:
    """One game: static metadata, and its parts resolved from `package` on first use."""

    key: str                                   # the game's key in records and saves
    package: str                               # e.g. "parlor.games.tsuro"
    titles: dict                               # by language: {"en": ...}; "en" is the fallback
    players: tuple[int, int]                   # fewest and most
    blurb: str                                 # one line for the home screen (N_-marked)
    link_tier: str | None = TRUSTLESS           # None: not playable by link
    options: tuple[Option, ...] = ()
    # Options every new game gets, not offered on the form: a rule added later, which games
    # saved or sent before it, lacking the option, play without (their moves replay as made).
    new_game_options: tuple[tuple[str, object], ...] = ()
    seat_labels: tuple[str, ...] = ()          # names of seats when they have roles (N_)
    computer_roles: tuple[str, ...] = ()       # per role seat, its against-the-computer button (N_)
    rules_page: str = ""                       # seeds/<game>.md: the rules as implemented
    bot_budget: int | None = None              # playout moves per bot move, default level
    own_bot: bool = False                      # whether the package has bot.py
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def title(self, language: str | None = None) -> str:
        """The game's title in `language` (default: the language in use); a game's title is a
        name, chosen per language, not translated through the catalogs."""
        return self.titles.get(language or i18n.language()) or self.titles["en"]

    def pitch(self) -> str:
        """The blurb in the reader's language."""
        return _(self.blurb)

    def default_name(self, seat: int) -> str:
        """A seat's role ("The king") or its number ("Player 2") as a game keeps it for a
        player who typed no name: always English (see `seat_label` for the shown form)."""
        return self.seat_labels[seat] if seat < len(self.seat_labels) else f"Player {seat + 1}"

    def seat_label(self, seat: int) -> str:
        """A seat's role ("The king") or its number ("Player 2") in the reader's language."""
        if seat < len(self.seat_labels):
            return _(self.seat_labels[seat])
        return _("Player {number}").format(number=seat + 1)

    def default_options(self) -> dict:
        """The options of a new game before anyone changes the form."""
        return {option.key: option.default for option in self.options} \
            | dict(self.new_game_options)

    def option(self, key: str) -> Option:
        return next(option for option in self.options if option.key == key)

    def module(self, part: str):
        """The game's module `part` (rules, view, board, link, bot), imported once."""
        if part not in self._cache:
            self._cache[part] = import_module(f"{self.package}.{part}")
        return self._cache[part]

    @property
    def engine(self):
        return self.module("rules").ENGINE

    @property
    def view(self):
        """The module of pure drawing functions."""
        return self.module("view")

    def board(self):
        """A fresh input handler for one game on screen."""
        return self.module("board").Board()

    @property
    def link(self):
        """The play-by-link protocol."""
        return self.module("link").PROTOCOL

    @property
    def has_levels(self) -> bool:
        """Whether the computer can think harder here (the generic search: a bigger budget;
        the games' own heuristic players have one level)."""
        return not self.own_bot

    def bot(self, state, seat: int, key: bytes, level: str = "quick", budget: int | None = None):
        """The computer's move for `seat`, from what that seat knows: the game's own bot.py,
        else the generic search of parlor.play.bots with `budget` (default: bot_budget at
        `level`, one of parlor.play.bots.LEVELS)."""
        if self.own_bot:
            return self.module("bot").choose(self.engine, state, seat, key)
        from .play.bots import choose, level_budget
        return choose(self.engine, state, seat, key,
                      budget or level_budget(self.bot_budget, level))


GAMES: tuple[Entry, ...] = (
    Entry(
        key="tyrus", package="parlor.games.tyrus", titles={"en": "Tyrus"}, players=(2, 2),
        blurb=N_("Bluff and block with face-down agents to win nine elections."),
        rules_page="seeds/tyrus.md", bot_budget=48_000),
    Entry(
        key="tyrannen", package="parlor.games.tyrannen",
        # The German edition's title in German; the published international one elsewhere.
        titles={"en": "King & Assassins", "de": "Tod dem Tyrannen!"}, players=(2, 2),
        blurb=N_("The king runs for his castle; assassins hide in the crowd."),
        options=(Option("side", N_("Board side"), (("A", N_("Side A")), ("B", N_("Side B")))),),
        seat_labels=(N_("The king"), N_("The rebels")), rules_page="seeds/tod-dem-tyrannen.md",
        computer_roles=(N_("Play the king against the computer"),
                        N_("Play the rebels against the computer")),
        own_bot=True),
    Entry(
        key="tsuro", package="parlor.games.tsuro", titles={"en": "Tsuro"}, players=(2, 8),
        blurb=N_("Lay path tiles; the last marker left on the board wins."),
        link_tier=CASUAL,
        options=(Option("elimination_bonus", N_("Elimination bonus"),
                        # Translators: the choices of Tsuro's "Elimination bonus", off or on
                        ((False, N_("Off")), (True, N_("On")))),),
        rules_page="seeds/tsuro.md", bot_budget=20_000),
    Entry(
        key="tyros", package="parlor.games.tyros", titles={"en": "Tyros"}, players=(3, 4),
        blurb=N_("Grow empires, sail galleons, found cities, trade cards."),
        link_tier=CASUAL,
        options=(Option("tiles_per_player", N_("Map tiles each"),
                        ((5, N_("5 (rulebook)")), (4, "4"))),
                 # Translators: a setup choice of Tyros: how the empires start
                 Option("preset_start", N_("Empire starts"),
                        # Translators: Tyros's empire starts drawn (at random) or fixed
                        ((False, N_("Drawn")), (True, N_("Fixed"))))),
        new_game_options=(("auto_pass", True),),        # seeds/tyros.md D34
        rules_page="seeds/tyros.md", own_bot=True),
)

_BY_KEY = {entry.key: entry for entry in GAMES}


def entry(key: str) -> Entry:
    """One game by key; KeyError for a game this version does not know."""
    return _BY_KEY[key]


def entries() -> tuple[Entry, ...]:
    """Every game this version knows, in menu order (the shipped ones, then any registered)."""
    return tuple(_BY_KEY.values())


def keys() -> tuple[str, ...]:
    """Every game's key, in menu order."""
    return tuple(_BY_KEY)


def register(new: Entry) -> None:
    """Add a game at run time (tests add toy games this way); its key must be new."""
    if new.key in _BY_KEY:
        raise ValueError(f"a game {new.key!r} is already in the catalog")
    _BY_KEY[new.key] = new


def unregister(key: str) -> None:
    """Remove a game added by `register`; the shipped games stay."""
    if any(e.key == key for e in GAMES):
        raise ValueError(f"{key!r} is a shipped game")
    _BY_KEY.pop(key, None)
