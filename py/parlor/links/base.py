"""What every play-by-link protocol shares: chains, seat checks, replay, sending and the audit.

Each game's module (parlor.<game>_link) keeps its own rules: how a message is read, what a
device adds, what its audit recomputes. The functions here take those differences as
parameters. A game's table is any value with `phase`, `sent` (messages begun per seat),
`senders`, `ends` (where each message ends in the move string) and `applied` (messages
accepted so far); the phases "joining" and "over" mean the same in every game.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from .fairplay import Audit, Chain, Problem, chain_step, history_tag, transcript_hash
from .protocol import IllegalMove, MalformedMove, MoveError, Replay
from .record import Record, Seat

JOINING, OVER = "joining", "over"


class LinkError(IllegalMove):
    """A link that cannot be used as it is, and the seat whose data is at fault."""

    def __init__(self, seat: int, message: str):
        super().__init__(message)
        self.seat = seat


@dataclass(frozen=True)
class Verdict:
    """The audit's finding: ok, or what is wrong.

    move: the earliest message (0 = the opening) with a failed check, if any. reason: the
    leading problem, whole-game ones (a seed, a history check) before those of one move.
    """

    ok: bool
    move: int | None
    reason: str
    problems: tuple[Problem, ...] = ()


class Cursor:
    """The move string read front to back."""

    def __init__(self, text: str):
        self.text, self.at = text, 0

    def peek(self) -> str | None:
        return self.text[self.at] if self.at < len(self.text) else None

    def take(self) -> str:
        if self.at >= len(self.text):
            raise MalformedMove("The link ends in the middle of a move.")
        self.at += 1
        return self.text[self.at - 1]


# Chains and seats.

def chain_values(record: Record, ctx: bytes) -> tuple[tuple[bytes, ...], ...]:
    """Every chain value each seat has shown, from its anchor up to its latest."""
    out = []
    for number, seat in enumerate(record.seats):
        values = [seat.latest] if seat.joined else []
        for index in range(seat.index, 0, -1):
            values.append(chain_step(ctx, number, index, values[-1]))
        if values and values[-1] != seat.anchor:
            raise LinkError(number, f"Seat {number + 1}'s latest chain value does not lead back "
                                    "to its anchor.")
        out.append(tuple(reversed(values)))
    return tuple(out)


def latest(sent: tuple[int, ...], values) -> tuple[bytes, ...]:
    """Each seat's chain value once it has begun `sent` messages."""
    return tuple(v[n] for v, n in zip(values, sent))


def spend(sent: tuple[int, ...], seat: int, values, label: str) -> tuple[int, ...]:
    """Messages begun per seat once `seat` begins one more, which must come with its next
    chain value; `label` names the message in the error."""
    n = sent[seat] + 1
    if n >= len(values[seat]):
        raise LinkError(seat, f"Seat {seat + 1}'s {label} comes without its chain value: "
                              "the link's seat data is older than its moves.")
    return sent[:seat] + (n,) + sent[seat + 1:]


def check_seats(record: Record, table) -> None:
    """Seat data that must agree with the moves: each chain index, each history tag over
    the seat's last message, and no seed before the end."""
    for number, seat in enumerate(record.seats):
        if seat.index != table.sent[number]:
            raise LinkError(number, f"Seat {number + 1}'s chain value is ahead of its moves: "
                                    "the link is missing moves.")
        mine = [end for end, s in zip(table.ends, table.senders) if s == number]
        if bool(seat.tag) != bool(mine) or (mine and seat.tag_moves != mine[-1]):
            raise LinkError(number, f"Seat {number + 1}'s history check does not cover "
                                    "its last move.")
        if seat.seed and table.phase != OVER:
            raise LinkError(number, f"Seat {number + 1}'s seed was published before the end "
                                    "of the game.")


def with_seat(seats: tuple[Seat, ...], number: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:number] + (seat,) + seats[number + 1:]


def seat_of(record: Record, seed: bytes) -> int | None:
    """The seat whose anchor this seed made, if any."""
    for number, seat in enumerate(record.seats):
        if seat.joined and chain(record.context, number, seed).anchor == seat.anchor:
            return number
    return None


def unpublished(record: Record) -> tuple[int, ...]:
    """The seats whose seed is not out yet: the ones owing a link once the game is over."""
    return tuple(n for n, s in enumerate(record.seats) if not s.seed)


# Replaying a link.

def read_moves(record: Record, table, cursor: Cursor, step, joining: str) -> Replay:
    """Read the move string with `step(table, cursor)`, one message at a time, then check
    the seat data; stops at the first error. `joining` says why no move can come yet."""
    while cursor.peek() is not None:
        start = cursor.at
        try:
            if table.phase in (JOINING, OVER):
                raise IllegalMove("There is a move where no move can be: "
                                  + (joining if table.phase == JOINING else "the game is over."))
            table = step(table, cursor)
        except MoveError as err:
            bad = record.moves[start:max(cursor.at, start + 1)]
            return Replay(table, table.applied, err, bad)
    try:
        check_seats(record, table)
    except MoveError as err:
        return Replay(table, table.applied, err)
    return Replay(table, table.applied)


def replay(record: Record, values_of, replay_from, empty) -> Replay:
    """The public table of a record, stopping at the first message that breaks the protocol
    (`empty` when the seat data already does). `applied` counts the messages accepted;
    `error` says what is wrong (a MoveError)."""
    try:
        values = values_of(record)
    except MoveError as err:
        return Replay(empty, 0, err)
    return replay_from(record, values)


def loader(values_of, replay_from):
    """A game's `load(record)`: the public table and every seat's chain values, or the
    link's error if it has one.

    Memoised: a device reads the same record several times per move, and both the record
    and the result are immutable values."""
    @lru_cache(maxsize=16)
    def load(record: Record) -> tuple[object, tuple]:
        values = values_of(record)
        result = replay_from(record, values)
        if not result.ok:
            raise result.error
        return result.state, values
    return load


# One seat's device.

@lru_cache(maxsize=16)
def chain(ctx: bytes, seat: int, seed: bytes) -> Chain:
    """A seat's reveal chain (256 hashes), kept while the device plays."""
    return Chain(ctx, seat, seed)


def proven_chain(record: Record, seat: int, seed: bytes) -> Chain:
    """The chain of a seat whose player holds `seed`; LinkError if the seat is empty, if
    the seed is not that seat's, or if the moves its history tag covers were changed since
    it sent them."""
    if seat not in range(len(record.seats)) or not record.seats[seat].joined:
        raise LinkError(seat, f"Seat {seat + 1} has no player in this game.")
    mine = record.seats[seat]
    own = chain(record.context, seat, seed)
    if own.anchor != mine.anchor:
        raise LinkError(seat, f"This device's secret does not belong to seat {seat + 1}.")
    if mine.tag and mine.tag != history_tag(seed, transcript_hash(
            record.game_id, record.moves[:mine.tag_moves])):
        raise LinkError(seat, "The moves in this link differ from the ones you sent: "
                              "someone has rewritten the game's history.")
    return own


def append(record: Record, seat: int, own: Chain, seed: bytes, text: str,
           begins: bool = True) -> Record:
    """The record with `text` added by `seat`: its next chain value when a message begins,
    and a fresh history tag over the moves."""
    moves = record.moves + text
    old = record.seats[seat]
    index = old.index + begins
    new = replace(old, index=index, value=own.value(index), tag_moves=len(moves),
                  tag=history_tag(seed, transcript_hash(record.game_id, moves)))
    return replace(record, moves=moves, seats=with_seat(record.seats, seat, new))


def with_seed(record: Record, seat: int, seed: bytes) -> Record:
    """The record with `seat`'s seed published for the audit."""
    return replace(record, seats=with_seat(record.seats, seat,
                                           replace(record.seats[seat], seed=seed)))


def publish_seed(record: Record, seat: int, seed: bytes, table) -> Record:
    """`with_seed`, refused before the end of the game."""
    if table.phase != OVER:
        raise IllegalMove("A seed is published only once the game is over.")
    return with_seed(record, seat, seed)


def never_claims(record: Record, seat: int) -> bool:
    """Whether `seat` may declare a forfeit: never, in a game where nobody owes a message
    that waiting could prove withheld."""
    return False


# The audit.

def audit(record: Record, values_of, replay_from, blame, game_checks=None) -> Verdict:
    """Check a finished game with every seed: the link's own checks (a failure there is
    `blame(table)`'s unless the error names a seat), each seed against its anchor,
    `game_checks(record, table, values, seeds)` and every seat's history check."""
    try:
        values = values_of(record)
    except MoveError as err:
        return Verdict(False, None, str(err))
    result = replay_from(record, values)
    table = result.state
    problems = []
    if not result.ok:
        error = result.error
        seat = error.seat if isinstance(error, LinkError) else blame(table)
        move = None if result.bad_token is None else result.applied
        problems.append(Problem("link", seat, move, str(error)))
    elif table.phase != OVER:
        return Verdict(False, None, "The game is not over: there is nothing to audit yet.")
    problems += _seed_checks(record, table, values, result.ok, game_checks)
    problems.sort(key=lambda p: (p.move is not None, p.move or 0, p.seat))
    if not problems:
        return Verdict(True, None, "")
    moves = [p.move for p in problems if p.move is not None]
    return Verdict(False, min(moves) if moves else None, problems[0].detail, tuple(problems))


def _seed_checks(record: Record, table, values, complete: bool, game_checks) -> list[Problem]:
    """Seeds against anchors, the game's own checks, then history tags. A missing seed is
    a problem only in a `complete` game, one known to be over."""
    seats = record.seats
    checker = Audit(record.context, [s.anchor for s in seats], [s.seed or None for s in seats])
    problems = [p for p in checker.problems if complete or seats[p.seat].seed]
    seeds = [checker.seed(n) for n in range(len(seats))]
    if game_checks is not None:
        problems += game_checks(record, table, values, seeds)
    for number, seat in enumerate(seats):
        if seat.tag and seeds[number] is not None and seat.tag != history_tag(
                seeds[number], transcript_hash(record.game_id, record.moves[:seat.tag_moves])):
            problems.append(Problem("history check", number, None,
                                    f"Seat {number + 1}'s history check does not match the "
                                    f"moves: they were changed after Seat {number + 1} had "
                                    "sent them, so this is not the game it played."))
    return problems
