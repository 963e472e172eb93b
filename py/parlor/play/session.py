"""A game being played on this device: whose eyes are on the screen, and what they may do.

This is the headless heart of the app (tested without a browser). Phases:
- "pass": the device is being handed to the next player; nothing private is shown.
- "play": `holder` sees their own view and moves; on boards that stage moves a move waits
  for Confirm and can be taken back until then.
- "news": a public result (e.g. a tally) everyone may see, before play goes on.
- "bot": the computer is to move.
- "over": the game has ended, by its rules or because the player to move resigned (a
  resignation is no move: the engine never sees it; the saved game keeps it apart).

The board is drawn from `seen(seat)` only: the engine's view for that seat and its legal
moves. The game log grows by one entry per move applied.

Text is drawn in the reader's language when it is asked for: the log lines are kept per
language, the news is drawn again after a change of language, a notice is a message id.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from .. import i18n
from ..engine.protocol import SeatView, replay
from ..engine.rng import derive
from ..i18n import N_
from .resigning import ResignSteps
from .saves import SavedGame, StorageFull, Store, parse


@dataclass
class Session(ResignSteps):
    saved: SavedGame
    store: Store
    state: object = None
    phase: str = "pass"
    holder: int | None = None
    pending: object = None
    notice: str = ""                 # an English message id (N_), shown with _()
    resume_phase: str = ""
    resigning: bool = False          # Resign was tapped: the screen asks to confirm it
    board: object = field(default=None, repr=False)
    played: list = field(default_factory=list, repr=False)   # (state before, move) per move
    lines: dict = field(default_factory=dict, repr=False)    # log lines per (language, seat)
    news_of: tuple | None = field(default=None, repr=False)  # public views before and after
    drawn_news: dict = field(default_factory=dict, repr=False)  # the news per language

    @classmethod
    def open(cls, saved: SavedGame, store: Store) -> "Session":
        """Resume a saved game; in a shared-device game it opens on the pass screen."""
        engine = saved.engine
        result = replay(engine, saved.initial_state(), saved.moves, keep_history=True)
        tokens = engine.split(saved.moves)[:result.applied]
        played = [(state, engine.decode(token)) for state, token in zip(result.history, tokens)]
        session = cls(saved, store, result.state, board=saved.entry.board(), played=played)
        session._advance()
        return session

    @property
    def engine(self):
        return self.saved.engine

    @property
    def humans(self) -> list[int]:
        return [s for s in range(len(self.saved.names)) if s not in self.saved.bots]

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as the screen shows them (in the reader's language)."""
        return self.saved.shown_names

    @property
    def news(self) -> str:
        """The public news of the last move (HTML from the board), in the reader's language;
        "" when there is none."""
        if self.news_of is None:
            return ""
        language = i18n.language()
        if language not in self.drawn_news:
            self.drawn_news[language] = self.board.news(*self.news_of, self.names)
        return self.drawn_news[language]

    @property
    def mover(self) -> int | None:
        seats = self.engine.to_move(self.state)
        return seats[0] if seats else None

    @property
    def outcome(self):
        """How the game ended (by its rules or a resignation); None while it goes on."""
        return self.saved.outcome(self.state)

    def seen(self, seat: int | None) -> SeatView:
        """What `seat` (None: everyone) may see, and its moves when it is to move."""
        legal = tuple(self.engine.legal(self.state)) if seat is not None \
            and seat == self.mover else ()
        return SeatView(self.engine.view(self.state, seat), legal, seat)

    def log(self, seat: int | None) -> list[str]:
        """The moves so far in words, oldest first, as `seat` may read them."""
        lines = self.lines.setdefault((i18n.language(), seat), [])
        for before, move in self.played[len(lines):]:
            lines.append(self.engine.describe(before, move, seat))
        return lines

    def _advance(self) -> None:
        """Pick the phase for the position reached: over, the bot's move, pass, or play."""
        self.pending = None
        self.resigning = False
        self.board.reset()
        if self.outcome is not None:
            self.phase = "over"
            return
        mover = self.mover
        if len(self.humans) == 1:
            self.holder = self.humans[0]   # one person at the screen: always their view
        if mover in self.saved.bots:
            self.phase = "bot"
        elif len(self.humans) > 1 and self.board.hidden_hands and mover != self.holder:
            self.phase, self.holder = "pass", None
        else:
            self.phase, self.holder = "play", mover

    def reveal(self) -> None:
        """The next player has the device: show their view."""
        if self.phase == "pass":
            self.phase, self.holder = "play", self.mover

    def tap(self, data: dict) -> None:
        """A tap on the board; boards that stage moves wait for Confirm, others play at once."""
        if self.phase == "play" and self.holder == self.mover:
            self.resigning = False
            move = self.board.tap(self.seen(self.holder), data, self.pending)
            if move is None:
                return
            if self.board.stages_moves:
                self.pending = move
            else:
                self._commit(move)

    def take_back(self) -> None:
        self.pending = None

    def can_undo(self) -> bool:
        """Whether the last move may be taken back: on a board that plays moves at once (no
        Confirm), a move of the holder's own turn, still going on (nobody else saw it)."""
        if self.phase != "play" or self.board.stages_moves or not self.played:
            return False
        before = self.played[-1][0]
        return (list(self.engine.to_move(before)) == list(self.engine.to_move(self.state))
                == [self.holder])

    def undo(self) -> None:
        """Take back the holder's last move of this turn (see can_undo)."""
        if not self.can_undo():
            return
        self.state = self.played.pop()[0]
        self.saved = self.saved.with_moves(self.saved.moves[:-self.engine.token_width])
        for lines in self.lines.values():
            del lines[len(self.played):]
        self.save()
        self.board.reset()

    def may_resign(self) -> bool:
        """Whether the person at the screen may resign: a player (not the computer) on their
        own turn, in play."""
        return (self.phase == "play" and self.holder is not None and self.holder == self.mover
                and self.holder not in self.saved.bots)

    def resign(self) -> None:
        """The player to move resigns (confirmed): the game ends, the others win; the saved
        game keeps who resigned."""
        if not (self.resigning and self.may_resign()):
            return
        self.saved = replace(self.saved, resigned=self.holder, updated=time.time())
        self.news_of, self.drawn_news = None, {}
        self.save()
        self._advance()

    def confirm(self) -> None:
        """Commit the staged move, store the game, and move on."""
        if self.phase != "play" or self.pending is None:
            return
        self._commit(self.pending)

    def bot_move(self) -> None:
        """Let the computer choose and play the move of the seat it holds, here and now."""
        if self.phase == "bot":
            self._commit(computer_move(self.saved, self.state))

    def bot_answer(self, moves_before: int, token: str) -> bool:
        """Play the computer's move worked out elsewhere (`think`) for the position after
        `moves_before` moves of the record; whether it was still wanted and legal."""
        if self.phase != "bot" or len(self.saved.moves) != moves_before:
            return False
        move = self.engine.decode(token)
        if move not in self.engine.legal(self.state):
            return False
        self._commit(move)
        return True

    def _commit(self, move) -> None:
        before = self.state
        self.state = self.engine.apply(before, move)
        self.played.append((before, move))
        self.saved = self.saved.with_moves(self.saved.moves + self.engine.encode(move))
        self.save()
        self._advance()
        self.news_of = (self.engine.view(before, None), self.engine.view(self.state, None))
        self.drawn_news = {}
        if self.news and self.phase != "over":
            self.resume_phase, self.phase = self.phase, "news"

    def dismiss_news(self) -> None:
        if self.phase == "news":
            self.phase = self.resume_phase
        self.news_of, self.drawn_news = None, {}

    def save(self) -> None:
        try:
            self.store.save(self.saved)
            self.notice = ""
        except StorageFull:
            self.notice = N_("This device's storage is full: the game goes on, but it will "
                             "not be kept if you close the page. Free some space to keep it.")


def computer_move(saved: SavedGame, state):
    """The computer's move for the seat to move in `state` (reached by `saved`'s moves): its
    key comes from the game's seed and the record's length, so it is the same move wherever
    it is worked out."""
    key = derive(bytes.fromhex(saved.seed), "bot", len(saved.moves))
    return saved.entry.bot(state, saved.engine.to_move(state)[0], key, saved.level)


def think(saved_json: str) -> str:
    """The computer's move, in move notation, for a saved game (as JSON) where the computer is
    to move: what the app's worker runs, off the page's main thread."""
    saved = parse(saved_json)
    result = saved.replay()
    if saved.outcome(result.state) is not None:
        raise ValueError("the game is over")
    if saved.engine.to_move(result.state)[0] not in saved.bots:
        raise ValueError("the computer is not to move")
    return saved.engine.encode(computer_move(saved, result.state))
