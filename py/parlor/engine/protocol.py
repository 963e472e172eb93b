"""The contract every rules engine keeps, and the replay of a move record.

An engine is a module-level object subclassing `Game`. States are immutable values:
`apply` returns a new state and never touches its input. All randomness comes from the
seed given to `initial` (see parlor.engine.rng), so a game is exactly its setup plus its moves.

Seats are numbered 0..n-1. `view(state, seat)` is the one place where what `seat` may not
see is removed; `seat=None` is a spectator. `sample_hidden(state, seat, key)` returns a
state that `seat` cannot tell apart from `state` (hidden values re-dealt): the conformance
test uses it to prove views leak nothing, and bots use it to reason about hidden cards.

Move tokens are exactly `token_width` characters of the base64url alphabet, so a move
record is the tokens written one after another with no separator.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import ngettext

TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
TOKEN_INDEX = {c: i for i, c in enumerate(TOKEN_ALPHABET)}


class MoveError(ValueError):
    """A move that cannot be taken; the message is for players, so it is translated when
    raised (`_()` with named placeholders) and never stored."""


class MalformedMove(MoveError):
    """A token that is not even well formed for this game."""


class IllegalMove(MoveError):
    """A well-formed move that the rules do not allow in this position."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (several share a win; none is a draw).

    `reason` is an English sentence marked with `N_` (a message id, language-neutral in a
    state); screens translate it with `_()` where they show it. `out_order`, in a game that
    puts seats out (Tsuro), holds the seats out in groups, earliest first: the computer
    scores its playouts by how long its seat stayed in, not only by the win."""

    winners: tuple[int, ...]
    reason: str
    out_order: tuple[tuple[int, ...], ...] = ()


class Game:
    """Base class of a rules engine; every method here must be overridden."""

    key: str = ""            # the game's catalog key, also used in records
    seats: tuple[int, int] = (2, 2)   # fewest and most players
    token_width: int = 1

    def initial(self, seed: bytes, players: int, options: dict | None = None):
        """The state at the start of a game set up from `options` and `seed`."""
        raise NotImplementedError

    def to_move(self, state) -> tuple[int, ...]:
        """The seats that may move now; empty when the game is over."""
        raise NotImplementedError

    def legal(self, state) -> list:
        """Every legal move, in a stable order; empty exactly when the game is over."""
        raise NotImplementedError

    def apply(self, state, move):
        """The state after `move`; raises IllegalMove if it is not legal here."""
        raise NotImplementedError

    def outcome(self, state) -> Outcome | None:
        """The result once the game is over, else None."""
        raise NotImplementedError

    def view(self, state, seat: int | None) -> dict:
        """What `seat` (None: a spectator) may know, as plain JSON-able data."""
        raise NotImplementedError

    def sample_hidden(self, state, seat: int | None, key: bytes):
        """A state consistent with all that `seat` knows, hidden values re-dealt from `key`."""
        raise NotImplementedError

    def encode(self, move) -> str:
        """The move's token: `token_width` characters of TOKEN_ALPHABET."""
        raise NotImplementedError

    def decode(self, token: str):
        """The move a token stands for; raises MalformedMove if it stands for none."""
        raise NotImplementedError

    def describe(self, state, move, seat: int | None = None) -> str:
        """The move in words for the game log, as `seat` may read it (state before the move)."""
        raise NotImplementedError

    def turn_of(self, state) -> int | None:
        """The game's turn number at `state`, public to every seat, for a game whose turns
        hold many moves (the replay jumps from turn to turn); None by default: no turns."""
        return None

    # Shared helpers; `playout` and `distinct` may be overridden (a computer's search).

    def distinct(self, state, moves: list) -> list:
        """`moves` without those that do exactly what an earlier one does (a computer need
        not weigh both); by default every move counts as different."""
        return moves

    def playout(self, state, below, limit: int) -> tuple[Outcome | None, int]:
        """Play on from `state` with the moves `legal(s)[below(len(legal(s)))]` until the game
        ends or `limit` moves were made: (the outcome or None, moves made). A computer's
        random playout; an engine may do the same faster on plain lists, giving the same
        result for the same `below` (tests/test_bots.py checks it)."""
        for made in range(limit):
            outcome = self.outcome(state)
            if outcome is not None:
                return outcome, made
            moves = self.legal(state)
            state = self.apply(state, moves[below(len(moves))])
        return self.outcome(state), limit


    def split(self, record: str) -> list[str]:
        """Cut a move record into tokens; a short tail is kept so replay can report it."""
        w = self.token_width
        return [record[i:i + w] for i in range(0, len(record), w)]

    def check_token(self, token: str) -> None:
        """Raise MalformedMove unless the token has the right width and alphabet."""
        if len(token) != self.token_width or any(c not in TOKEN_INDEX for c in token):
            raise MalformedMove(ngettext("{token} is not a {width}-character move token",
                                         "{token} is not a {width}-character move token",
                                         self.token_width).format(token=repr(token),
                                                                  width=self.token_width))

    def play(self, state, token: str):
        """Decode a token and apply it: the one path from text to a new state."""
        return self.apply(state, self.decode(token))


@dataclass(frozen=True)
class SeatView:
    """What one seat's screen is drawn from: its view, and the moves it may make now.

    The one door between a game and a screen: boards draw and read taps from this alone,
    in a game on one device and in a game by link alike."""

    view: dict
    legal: tuple = ()
    seat: int | None = None


@dataclass(frozen=True)
class Replay:
    """Where a replay got to: the last good state, and the first bad token if any."""

    state: object
    applied: int
    error: MoveError | None = None
    bad_token: str | None = None
    history: tuple = field(default=(), repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None


def replay(game: Game, state, record: str, keep_history: bool = False) -> Replay:
    """Apply the tokens of `record` in turn, stopping at the first malformed or illegal one."""
    history = [state] if keep_history else []
    applied = 0
    for token in game.split(record):
        try:
            state = game.play(state, token)
        except MoveError as err:
            return Replay(state, applied, err, token, tuple(history))
        applied += 1
        if keep_history:
            history.append(state)
    return Replay(state, applied, None, None, tuple(history))
