"""The flow every play-by-link protocol shares, and the hooks a game fills in.

A link holds a record (parlor.links.record). `LinkProtocol` replays it into a public
*table* (everything anyone holding the link can compute), checks each seat's chain and
history tag against the moves, lets a seat's device add what only its seed shows, appends
that seat's next message, publishes seeds at the end and audits the finished game. A game
subclasses it and fills in the hooks (see `LinkProtocol`); its table is any value with
`phase`, `sent` (messages begun per seat), `senders`, `ends` (where each message ends in the
move string) and `applied` (messages read to their end). The phases JOINING, OPENING (every
seat taken, seat 0's first message not sent, where a game has one) and OVER mean the same
in every game.

The one path from a link to a picture is `view(record, seat, seed)`: a device with a seat
and its seed sees what that seat may see, anyone else what the link makes public.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache

from .. import catalog
from ..engine.protocol import IllegalMove, MalformedMove, MoveError, Replay
from ..i18n import N_, _, language
from .fairplay import (CHAIN_LENGTH, Chain, Problem, chain_step, check_seeds, history_tag,
                       public_key, seed_matches_anchor, sign, signature_fits, transcript_hash)
from . import invitation
from .clock import CLOCK, clock_option, without_clock
from .record import Record, Seat, merge, seat_statement

JOINING, OPENING, OVER = "joining", "opening", "over"
SEED = "seed"                        # the action that publishes a seat's seed at the end
MEMO_SIZE = 16                       # records whose replay a protocol keeps


class LinkError(IllegalMove):
    """A link that cannot be used as it is, and the seat whose data is at fault."""

    def __init__(self, seat: int, message: str):
        super().__init__(message)
        self.seat = seat


class AlteredLink(IllegalMove):
    """A link changed after its seats sent it, on evidence anyone holding a link could have
    made: it is refused, and nobody is blamed."""


@dataclass(frozen=True)
class Verdict:
    """The audit's finding: ok, or what is wrong.

    move: the earliest message (0 = the opening) with a failed check, if any. reason: the
    leading problem, whole-game ones (a seed, a history check) before those of one move.
    The texts are in the language active when the audit ran: an audit is run when shown and
    never kept.
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
            raise MalformedMove(_("The link ends in the middle of a move."))
        self.at += 1
        return self.text[self.at - 1]


# Chains and seats.

def chain_values(record: Record) -> tuple[tuple[bytes, ...], ...]:
    """Every chain value each seat has shown, from its anchor up to its latest."""
    out, ctx = [], record.context
    for number, seat in enumerate(record.seats):
        values = [seat.latest] if seat.joined else []
        for index in range(seat.index, 0, -1):
            values.append(chain_step(ctx, record.chain_id(number), index, values[-1]))
        if values and values[-1] != seat.anchor:
            if seat.resigned:
                raise forged_resignation(number)
            raise LinkError(number, _("Seat {number}'s latest chain value does not lead back to "
                                      "its anchor.").format(number=number + 1))
        out.append(tuple(reversed(values)))
    return tuple(out)


def check_signatures(record: Record, marks: tuple = ()) -> None:
    """In a signed game, every seat's latest message, claim and resignation must be signed by
    the key that seat published when it joined; if not, someone other than that seat made
    it, so AlteredLink and nobody is blamed (seeds/fair-play.md, F12). Each signature is
    checked once however many records carry it (`signature_fits` is memoised). `marks`: the
    table's messages sent at the same time as others (`signed_moves`)."""
    if not record.signed:
        return
    for number, seat in enumerate(record.seats):
        if seat.signature and not signature_fits(seat.key, statement_of(record, number, marks),
                                                 seat.signature):
            raise forged_message(number)
        if seat.end_signature and not signature_fits(
                seat.key, statement_of(record, number, marks, True), seat.end_signature):
            raise forged_resignation(number) if seat.resigned else forged_message(number)


def signed_moves(record: Record, number: int, marks: tuple = ()) -> str:
    """The moves seat `number`'s latest message signs: the move string, or for a message sent
    at the same time as other seats' (a mark (seat, start, text) of the table: Tyros's kept
    cards, seeds/tyros.md YL10), the moves before that round and its own text alone, so the
    signature holds whatever order the others' messages of the round come in."""
    for seat, start, text in marks:
        if seat == number and record.seats[number].tag_moves == start + len(text):
            return record.moves[:start] + text
    return record.moves


def statement_of(record: Record, number: int, marks: tuple = (), end: bool = False) -> bytes:
    """`Record.statement` over the moves `signed_moves` says the seat signed."""
    return seat_statement(record.game_id, signed_moves(record, number, marks), number,
                          record.seats[number], end)


def forged_message(number: int) -> "AlteredLink":
    """A message or claim in a seat's name that its secret did not sign."""
    return AlteredLink(_("This link was altered after it was sent: Seat {number} did not sign "
                         "what it gives as that seat's. It proves nothing against anyone and "
                         "was not used; ask for the link again.").format(number=number + 1))


def forged_resignation(number: int) -> "AlteredLink":
    """A resignation its seat did not send (its chain value does not fit, or it stands where
    none can be): anyone holding a link can set a flag, so nobody is blamed."""
    return AlteredLink(_("This link was altered after it was sent: Seat {number} did not send "
                         "the resignation it gives. It proves nothing against anyone and was not "
                         "used; ask for the link again.").format(number=number + 1))


def marks_of(table) -> tuple:
    """The messages of `table` sent at the same time as others, whose signatures cover the
    moves before their round and their own text (`signed_moves`); () in most games."""
    return getattr(table, "marks", ())


def latest(sent: tuple[int, ...], values) -> tuple[bytes, ...]:
    """Each seat's chain value once it has begun `sent` messages."""
    return tuple(v[n] for v, n in zip(values, sent))


def spend(sent: tuple[int, ...], seat: int, values, label: str) -> tuple[int, ...]:
    """Messages begun per seat once `seat` begins one more, which must come with its next
    chain value; `label` names the message in the error (translated, e.g. "move 3")."""
    n = sent[seat] + 1
    if n >= len(values[seat]):
        raise LinkError(seat, _("Seat {number}'s {message} comes without its chain value: the "
                                "link's seat data is older than its moves.").format(
            number=seat + 1, message=label))
    return sent[:seat] + (n,) + sent[seat + 1:]


def with_seat(seats: tuple[Seat, ...], number: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:number] + (seat,) + seats[number + 1:]


@lru_cache(maxsize=16)
def chain(ctx: bytes, seat: int, seed: bytes) -> Chain:
    """A seat's reveal chain (256 hashes), kept while the device plays."""
    return Chain(ctx, seat, seed)


def seat_of(record: Record, seed: bytes) -> int | None:
    """The seat whose anchor this seed made, if any."""
    for number, seat in enumerate(record.seats):
        if seat.joined and chain(record.context, record.chain_id(number), seed).anchor \
                == seat.anchor:
            return number
    return None


def proven_chain(record: Record, seat: int, seed: bytes, marks: tuple = ()) -> Chain:
    """The chain of a seat whose player holds `seed`; LinkError if the seat is empty, if
    the seed is not that seat's, or if the moves its history tag covers were changed since
    it sent them."""
    if type(seat) is not int:
        raise LinkError(0, _("Seat {number} has no player in this game.").format(
            number=repr(seat)))
    if seat not in range(len(record.seats)) or not record.seats[seat].joined:
        raise LinkError(seat, _("Seat {number} has no player in this game.").format(
            number=seat + 1))
    own = chain(record.context, record.chain_id(seat), seed)
    if own.anchor != record.seats[seat].anchor:
        raise LinkError(seat, _("This device's secret does not belong to seat {number}.").format(
            number=seat + 1))
    if not own_tag_fits(record, seat, seed, marks):
        raise LinkError(seat, _("The moves in this link differ from the ones you sent: "
                                "someone has rewritten the game's history."))
    return own


def own_tag_fits(record: Record, seat: int, seed: bytes, marks: tuple = ()) -> bool:
    """Whether the history tag in `seat`'s data is the one this seed makes over the moves it
    covers (true when the seat has no tag yet); L10 of every game. In a signed game: whether
    the seat's key is this seed's and its signatures fit (`marks`: see `signed_moves`)."""
    mine = record.seats[seat]
    if record.signed:
        return mine.key == public_key(seed) and all(
            not sig or signature_fits(mine.key, statement_of(record, seat, marks, end), sig)
            for sig, end in ((mine.signature, False), (mine.end_signature, True)))
    return not mine.tag or mine.tag == history_tag(seed, transcript_hash(
        record.game_id, record.moves[:mine.tag_moves]))


def signed_by(record: Record, moves: str, number: int, seat: Seat, seed: bytes) -> Seat:
    """Seat `number`'s new data `seat`, once `record`'s moves are `moves`, with its signatures
    made by `seed` (in a signed game): its latest message, and its claim or resignation."""
    if not record.signed:
        return seat
    return replace(seat, signature=sign(seed, seat_statement(record.game_id, moves, number, seat))
                   if seat.message_index else b"",
                   end_signature=sign(seed, seat_statement(record.game_id, moves, number, seat,
                                                           True))
                   if seat.claim or seat.resigned else b"")


def new_seat(record_context: bytes, number: int, name: str, seed: bytes, signed: bool) -> Seat:
    """A seat just taken in order (formats 1 and 2): its name, its anchor and, in a signed
    game, its public key."""
    return Seat(name, Chain(record_context, number, seed).anchor,
                key=public_key(seed) if signed else b"")


def unclaimed(record: Record, claimant: int) -> Record:
    """The record as it was before `claimant`'s forfeit claim (its chain value stepped back)."""
    old = record.seats[claimant]
    index = old.index - 1
    value = chain_step(record.context, record.chain_id(claimant), old.index, old.value) \
        if index else b""
    return replace(record, seats=with_seat(record.seats, claimant, replace(
        old, index=index, value=value, claim=False, end_signature=b"")))


def _check_seed(record: Record, number: int, seat: Seat, marks: tuple = ()) -> None:
    """A revealed seed must be the top of its seat's chain and make its history tag; if not,
    someone changed the link (anyone can write any bytes there), so AlteredLink."""
    if not seed_matches_anchor(record.context, record.chain_id(number), seat.seed, seat.anchor):
        raise AlteredLink(_("This link was altered after it was sent: the secret it gives for "
                            "Seat {number} is not the one that seat committed to. It proves "
                            "nothing against anyone and was not used; ask for the link "
                            "again.").format(number=number + 1))
    if record.signed and seat.key != public_key(seat.seed):
        raise AlteredLink(_("This link was altered after it was sent: the secret it gives for "
                            "Seat {number} is not the one that seat committed to. It proves "
                            "nothing against anyone and was not used; ask for the link "
                            "again.").format(number=number + 1))
    if not own_tag_fits(record, number, seat.seed, marks):
        raise AlteredLink(_("This link was altered after it was sent: the moves differ from "
                            "the ones Seat {number} sent. It proves nothing against anyone and "
                            "was not used; ask for the link again.").format(number=number + 1))


def _proven(record: Record, seat: int, at: int) -> bool:
    """Whether `seat` itself wrote the moves up to `at`: in a signed game, its signature
    (checked on arrival) covers them; else its seed is out and fits, and its history tag
    covers them (only its seed could make that tag before it was published)."""
    mine = record.seats[seat] if 0 <= seat < len(record.seats) else None
    if mine and record.signed:
        return bool(mine.signature) and mine.tag_moves >= at
    return bool(mine and mine.seed and mine.tag and mine.tag_moves >= at)


def signed_covers(record: Record, seat: int, end: int) -> bool:
    """Whether, in a signed game, `seat`'s signature covers the moves up to `end`: then that
    seat wrote them, whoever passed the link on (signatures are checked on arrival)."""
    return record.signed and _proven(record, seat, end)


def sentence_of(error) -> str:
    """An error's message as a sentence: a capital first and one full stop at the end."""
    text = str(error).strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def append(record: Record, seat: int, own: Chain, seed: bytes, text: str,
           begins: bool = True) -> Record:
    """The record with `text` added by `seat`: its next chain value when a message begins,
    and a fresh history tag over the moves (a signature in a signed game)."""
    moves = record.moves + text
    old = record.seats[seat]
    index = old.index + begins
    tag = b"" if record.signed else history_tag(seed, transcript_hash(record.game_id, moves))
    new = signed_by(record, moves, seat, replace(old, index=index, value=own.value(index),
                                                 tag_moves=len(moves), tag=tag), seed)
    return replace(record, moves=moves, seats=with_seat(record.seats, seat, new))


def with_seed(record: Record, seat: int, seed: bytes) -> Record:
    """The record with `seat`'s seed published for the audit."""
    return replace(record, seats=with_seat(record.seats, seat,
                                           replace(record.seats[seat], seed=seed)))


class Device:
    """What one seat's own seed adds to the public table; games extend it.

    Made only for a seat proven by its seed (`proven_chain`)."""

    def __init__(self, record: Record, table, values, seat: int, seed: bytes):
        self.seat, self.seed = seat, seed
        self.chain = proven_chain(record, seat, seed, marks_of(table))


class LinkProtocol:
    """A game played by sending links. Subclasses set the class attributes and fill in the
    hooks marked "Hook"; everything else is the flow every game shares.

    Class attributes: `game` (the catalog key), `Device` (the game's Device class),
    `Cursor` (how its move string is read),
    `empty` (the table of a link whose seat data is already wrong), `action_labels` (the
    button of each action that is not an engine move), `hidden_note` (one sentence on
    screen saying what the tier hides and how; empty for the trustless tier),
    `joining_reason` (why no move can come before every seat is taken). These three are
    English message ids marked with `N_`; screens show them translated through
    `action_label(action)`, `note()` (and the replay's error).
    """

    game = ""
    JOINING, OPENING, OVER, SEED = JOINING, OPENING, OVER, SEED
    Device = Device
    Cursor = Cursor
    empty = None
    action_labels = {SEED: N_("Publish my secret for the fairness check")}
    hidden_note = ""
    joining_reason = N_("nobody has joined.")

    def __init__(self):
        self._memo: OrderedDict = OrderedDict()

    def action_label(self, action) -> str:
        """The button of a protocol action (one of `action_labels`), in the reader's language."""
        return _(self.action_labels[action])

    def note(self, record: Record | None = None) -> str:
        """`hidden_note` in the reader's language ("" when the tier has none); a game may
        say something else for a `record` of an older tier."""
        return _(self.hidden_note) if self.hidden_note else ""

    def asks(self, record: Record, names: tuple) -> str:
        """What the seat that owes the next message must do when that message is not a move
        of the game (a start message, a count), as the text sent with a link says it to its
        player, in the reader's language; "" for a move. Said from the public record alone:
        a duty only the owing seat knows of is not named."""
        return ""

    def waiting_line(self, view: dict, names: tuple = ()) -> str:
        """One sentence, in the reader's language, on what a seat's `view` lacks for now
        (hands not dealt yet, draws not fixed yet), or "" when it lacks nothing; `names` are
        the players' names as shown."""
        return ""

    # Hooks.

    def check(self, record: Record) -> None:
        """Hook: raise MalformedMove unless the record's game, seats and options are this
        game's."""
        raise NotImplementedError

    def setup(self, options: dict) -> tuple[tuple[tuple[str, str], ...], int]:
        """Hook: the record options and the number of seats of a new game from the options
        the creator chose; ValueError for options that make no sense."""
        raise NotImplementedError

    def start(self, record: Record):
        """Hook: the table before the first message (phase JOINING until every seat is
        taken)."""
        raise NotImplementedError

    def read(self, table, cursor: Cursor, record: Record, values):
        """Hook: the table after the message at the cursor (MoveError if it is not one)."""
        raise NotImplementedError

    def sender(self, table) -> int | None:
        """Hook: the seat whose message comes next; None once over."""
        raise NotImplementedError

    def moves(self, record: Record, table, device) -> list:
        """Hook: what `device`'s seat may do while the next message is its own."""
        raise NotImplementedError

    def message(self, record: Record, table, values, device, action) -> tuple[str, bool]:
        """Hook: the text `action` (one of `moves`) adds to the move string, and whether it
        begins a new message (False: it goes on with the seat's open message)."""
        raise NotImplementedError

    def seat_view(self, record: Record, table, device) -> dict:
        """Hook: the engine-shaped view `device`'s seat may see (device None: what the link
        makes public)."""
        raise NotImplementedError

    def blame(self, table) -> int:
        """Hook: the seat to blame for a message that failed to read."""
        raise NotImplementedError

    def owed(self, table) -> tuple[int, ...]:
        """Hook: the seats that may send the next message, each from the same link (default:
        the one `sender`); `sender` is the first of them, the one a forfeit claim names."""
        return (self.sender(table),)

    def signs_late(self, record: Record) -> bool:
        """Hook: whether some seats' signatures can be checked only once the moves are read
        (messages sent at the same time as others, `signed_moves`); default: no."""
        return False

    def merge(self, local: Record, incoming: Record) -> tuple[Record, str]:
        """Hook: `record.merge` of two copies of a game, where the game lets seats send
        messages at the same time from one link (default: as it is)."""
        return merge(local, incoming)

    def holds(self, record: Record, moves: str) -> bool:
        """Hook: whether `record` holds every message of the move string `moves` (one this
        device's copy had when it sent a message); default: `moves` begins its moves."""
        return record.moves.startswith(moves)

    def concurrent(self, record: Record, moves: str) -> bool:
        """Hook: whether `record` and a copy with the move string `moves` differ only in
        messages sent at the same time from one link (a merge joins them); default: never."""
        return False

    def checks(self, record: Record, table, values, seeds) -> list[Problem]:
        """Hook: the audit's own checks of the game's hidden values, given each seed that fits
        its anchor (None where missing or false)."""
        return []

    def seed_goes_with(self, table) -> bool:
        """Hook: whether the message that ended the game (`table` after it) carries its
        sender's seed."""
        return True

    def forfeit_winners(self, table, debtor: int) -> tuple[int, ...]:
        """Hook: who wins when `debtor` forfeits by the clock or resigns (default: every other
        seat). On one device (a resignation there) `table` is the casual tier's, holding the
        engine's state."""
        return tuple(n for n in range(len(table.sent)) if n != debtor)

    def in_play(self, table, seat: int) -> bool:
        """Hook: whether `seat` is still in the game, so that it may resign (default: yes)."""
        return True

    # Reading a link.

    def values(self, record: Record) -> tuple[tuple[bytes, ...], ...]:
        """Every chain value each seat has shown, once the record is known to be this game's
        and its seats are taken in order."""
        self.check(without_clock(record))
        joined = [s.joined for s in record.seats]
        if joined != sorted(joined, reverse=True):
            raise MalformedMove(_("Seats are taken in order, but this link has a gap among "
                                  "them."))
        values = chain_values(record)
        if not self.signs_late(record):
            check_signatures(record)
        found = invitation.problem(record)
        if found == "join":
            raise AlteredLink(_("This link was altered after it was sent: a player's join in it "
                                "was not signed by that player. It proves nothing against "
                                "anyone and was not used; ask for the link again."))
        if found:
            raise AlteredLink(_("This link was altered after it was sent: its seats are not the "
                                "ones the game's creator started it with. It proves nothing "
                                "against anyone and was not used; ask for the link again."))
        if record.grouped and record.started and len(record.seats) < self.fewest(record):
            raise MalformedMove(_("This game was started with fewer players than it needs."))
        return values

    def replay(self, record: Record) -> Replay:
        """The public table of a record, stopping at the first message that breaks the
        protocol (`empty` when the seat data already does). `applied` counts the messages
        accepted; `error` says what is wrong (a MoveError)."""
        return self._read_record(record)[0]

    def _read_record(self, record: Record) -> tuple[Replay, tuple | None]:
        """`replay` and every seat's chain values (None when the seat data is wrong).

        Memoised: a screen reads the same record many times (its clock, its verdict, what
        its seat may do), and both the record and the result are immutable values. The key
        holds the language too, so no text a game's table or error may carry outlives a
        change of language."""
        key = record, language()
        if key in self._memo:
            self._memo.move_to_end(key)
            return self._memo[key]
        try:
            values = self.values(record)
        except MoveError as err:
            found = Replay(self.empty, 0, err), None
        else:
            found = self._replay(record, values), values
            if self.signs_late(record):
                try:
                    check_signatures(record, marks_of(found[0].state))
                except AlteredLink as err:
                    found = Replay(self.empty, 0, err), None
        self._memo[key] = found
        if len(self._memo) > MEMO_SIZE:
            self._memo.popitem(last=False)
        return found

    def _replay(self, record: Record, values) -> Replay:
        table = self.start(record)
        cursor = self.Cursor(record.moves)
        while cursor.peek() is not None:
            start = cursor.at
            try:
                if table.phase == JOINING:
                    # Translators: {reason} is why, e.g. "nobody has joined."
                    raise IllegalMove(_("There is a move where no move can be: {reason}").format(
                        reason=_(self.joining_reason)))
                if table.phase == OVER:
                    raise IllegalMove(_("There is a move where no move can be: the game is "
                                        "over."))
                table = self.read(table, cursor, record, values)
            except MoveError as err:
                bad = record.moves[start:max(cursor.at, start + 1)]
                return Replay(table, table.applied, err, bad)
        try:
            self._check_seats(record, table)
        except MoveError as err:
            return Replay(table, table.applied, err)
        return Replay(table, table.applied)

    def _check_seats(self, record: Record, table) -> None:
        """Seat data that must agree with the moves: each chain index, each history tag over
        the seat's last message, no seed before the end, each seed the top of its chain and
        its history tag made by it, and at most one forfeit claim, by a seat not owing."""
        claims = [n for n, s in enumerate(record.seats) if s.claim]
        resigned = [n for n, s in enumerate(record.seats) if s.resigned]
        if resigned and (len(resigned) > 1 or claims or table.phase in (JOINING, OVER)
                         or any(s.seed for s in record.seats)
                         or resigned[0] not in self.owed(table)
                         or not self.in_play(table, resigned[0])):
            raise forged_resignation(resigned[0])
        if claims:
            owing = None if table.phase in (JOINING, OVER) else self.sender(table)
            if len(claims) > 1 or owing is None or claims[0] in self.owed(table) \
                    or any(s.seed for s in record.seats):
                raise LinkError(claims[0], _("Seat {number}'s forfeit claim is not one that can "
                                             "be made here.").format(number=claims[0] + 1))
        covered = {seat: start + len(text) for seat, start, text in marks_of(table)}
        for number, seat in enumerate(record.seats):
            if seat.seed:
                _check_seed(record, number, seat, marks_of(table))
            if seat.resigned and seat.index != table.sent[number] + 2:
                raise forged_resignation(number)
            if seat.index != table.sent[number] + seat.claim + 2 * seat.resigned:
                raise LinkError(number, _("Seat {number}'s chain value is ahead of its moves: "
                                          "the link is missing moves.").format(number=number + 1))
            mine = [end for end, s in zip(table.ends, table.senders) if s == number]
            if seat.covers != bool(mine) or (mine and seat.tag_moves
                                             != covered.get(number, mine[-1])):
                raise LinkError(number, _("Seat {number}'s history check does not cover its "
                                          "last move.").format(number=number + 1))
            if seat.seed and table.phase != OVER:
                raise LinkError(number, _("Seat {number}'s seed was published before the end "
                                          "of the game.").format(number=number + 1))

    def claim_of(self, record: Record) -> tuple[int, int] | None:
        """(claimant, the seat it says forfeited) when the game ended by a forfeit claim."""
        claims = [n for n, s in enumerate(record.seats) if s.claim]
        return (claims[0], self.sender(self.table(record))) if claims else None

    def resigned_of(self, record: Record) -> int | None:
        """The seat that resigned, when the game ended by a resignation."""
        return next((n for n, s in enumerate(record.seats) if s.resigned), None)

    def stopped(self, record: Record) -> bool:
        """Whether the game ended by a forfeit claim or a resignation (not by play): nothing
        more is sent, no seed is published, and the audit does not check it."""
        return bool(self.claim_of(record)) or self.resigned_of(record) is not None

    def winners(self, record: Record) -> tuple[int, ...] | None:
        """Who won a game that a claim or a resignation ended (None otherwise)."""
        claim, resigned = self.claim_of(record), self.resigned_of(record)
        if claim:
            return self.forfeit_winners(self.table(record), claim[1])
        if resigned is not None:
            return self.forfeit_winners(self.table(record), resigned)
        return None

    def load(self, record: Record) -> tuple[object, tuple]:
        """The public table and every seat's chain values, or the link's error if it has one."""
        result, values = self._read_record(record)
        if not result.ok:
            raise result.error.with_traceback(None)
        return result.state, values

    def table(self, record: Record):
        return self.load(record)[0]

    def _device(self, record: Record, seat: int, seed: bytes):
        table, values = self.load(record)
        return table, values, self.Device(record, table, values, seat, seed)

    # The public API.

    def create(self, name: str, seed: bytes, options: dict | None = None) -> Record:
        """A new game: its creator takes seat 0 and publishes its anchor; the other seats are
        open."""
        options = dict(options or {})
        days = options.pop(CLOCK, 0)
        kept, seats = self.setup(options)
        kept = tuple(kept) + clock_option(days)
        return self._new(kept, seats, name, seed)

    def _new(self, options, seats: int, name: str, seed: bytes) -> Record:
        """A new game in the current format: an invitation, seat 0 taken by its creator, the
        other seats open to anyone who opens it (record format 3)."""
        return invitation.invitation(self.game, tuple(options), seats, name, seed)

    def fewest(self, record: Record) -> int:
        """The fewest players a game of this record may start with (format 3 may start before
        every seat offered is taken, where the game allows that many)."""
        return catalog.entry(self.game).players[0]

    def may_start(self, record: Record, seat: int | None) -> bool:
        """Whether `seat` may start this invitation now with those who joined: it is the
        creator's, the game has not started and enough players joined."""
        return (seat == 0 and record.grouped and not record.started
                and 1 + len(record.joins) >= self.fewest(record) and self.replay(record).ok)

    def full(self, record: Record) -> bool:
        """Whether an invitation's joins fill every seat it offers (its creator's device then
        starts the game at once)."""
        return record.grouped and not record.started and 1 + len(record.joins) >= record.capacity

    def start_game(self, record: Record, seed: bytes) -> Record:
        """The invitation started by its creator (seat 0's `seed`) with the joins it holds, as
        many as the seats offered; the seating rule orders them (parlor.links.invitation)."""
        if not self.may_start(record, 0) or seat_of(record, seed) != 0:
            raise IllegalMove(_("Only the game's creator can start it, once enough players "
                                "have joined."))
        return invitation.start(record, seed, min(record.capacity, 1 + len(record.joins)))

    def rematch(self, record: Record, name: str, seed: bytes) -> Record:
        """A new game like `record`'s finished one (same game, options, clock and number of
        seats, in the tier new games are made in), its creator `name` in seat 0 with a fresh
        anchor; the other seats are open."""
        if self.phase(record) != OVER:
            raise IllegalMove(_("A rematch is offered once the game is over."))
        return self._new(self.current_options(record.options), len(record.seats), name, seed)

    def current_options(self, options: tuple) -> tuple:
        """Hook: a finished game's record options as a new game takes them now (a game of an
        older tier gets the current one); default: as they are."""
        return options

    def join(self, record: Record, name: str, seed: bytes) -> Record:
        """The record with the first open seat taken by a new player's anchor; in format 3,
        with the player's join added to the invitation (its seat comes at the start)."""
        if record.grouped and record.started:
            raise IllegalMove(_("This game has started: it has no seat left for you."))
        if record.grouped:
            return invitation.join(record, name, seed)
        if self.table(record).phase != JOINING:
            raise IllegalMove(_("This game already has two players.") if len(record.seats) == 2
                              else _("Every seat of this game is taken."))
        number = next(n for n, s in enumerate(record.seats) if not s.joined)
        seat = new_seat(record.context, number, name, seed, record.signed)
        return replace(record, seats=with_seat(record.seats, number, seat))

    def phase(self, record: Record) -> str:
        return OVER if self.stopped(record) else self.table(record).phase

    def to_move(self, record: Record) -> tuple[int, ...]:
        """The seats that must send the next link: the first open seat while joining, the
        next message's sender in play, and after the end the seats whose seed is not out."""
        table = self.table(record)
        if self.stopped(record):
            return ()
        if table.phase == JOINING:
            return (next(n for n, s in enumerate(record.seats) if not s.joined),)
        if table.phase == OVER:
            return tuple(n for n, s in enumerate(record.seats) if not s.seed)
        return self.owed(table)

    def legal(self, record: Record, seat: int, seed: bytes) -> list:
        """What `seat` may do now: the game's actions on its turn, SEED after the end until
        its seed is out; empty otherwise."""
        table, _values, device = self._device(record, seat, seed)
        return self._legal(record, table, device)

    def _legal(self, record: Record, table, device) -> list:
        if self.stopped(record):
            return []
        if table.phase == OVER:
            return [] if record.seats[device.seat].seed else [SEED]
        if table.phase == JOINING or device.seat not in self.owed(table):
            return []
        return self.moves(record, table, device)

    def play(self, record: Record, seat: int, seed: bytes, action) -> Record:
        """The record after `seat` takes `action` (one of `legal`)."""
        if action == SEED:
            return self.publish_seed(record, seat, seed)
        table, values, device = self._device(record, seat, seed)
        if action not in self._legal(record, table, device):
            raise IllegalMove(_("Seat {number} cannot play {action} now.").format(
                number=seat + 1, action=repr(action)))
        text, begins = self.message(record, table, values, device, action)
        return self._send(record, device, text, begins)

    def _send(self, record: Record, device, text: str, begins: bool = True) -> Record:
        """Append to the move string with the sender's chain value (when a message begins)
        and a fresh history tag; the message that ends the game by play also carries the
        sender's seed."""
        record = append(record, device.seat, device.chain, device.seed, text, begins)
        table = self.table(record)
        if table.phase == OVER and self.seed_goes_with(table):
            record = with_seed(record, device.seat, device.seed)
        return record

    def publish_seed(self, record: Record, seat: int, seed: bytes) -> Record:
        """The record with `seat`'s seed added for the audit; only once the game is over."""
        table = self._device(record, seat, seed)[0]
        if table.phase != OVER:
            raise IllegalMove(_("A seed is published only once the game is over."))
        return with_seed(record, seat, seed)

    def owing(self, record: Record) -> int | None:
        """The seat that owes the next message of play (a move or a reveal), if any."""
        result = self.replay(record)
        if not result.ok or self.stopped(record) or result.state.phase in (JOINING, OVER):
            return None
        return self.sender(result.state)

    def may_claim(self, record: Record, seat: int) -> bool:
        """Whether `seat` is a player, owes no message and another seat does. Whether its time
        is up is for the claimant's own clock (links/clock.py) to say."""
        owing = self.owing(record)
        return owing is not None and seat in range(len(record.seats)) \
            and seat not in self.owed(self.table(record))

    def claim_forfeit(self, record: Record, seat: int, seed: bytes) -> Record:
        """The claim that ends the game because another seat owes a message it did not send:
        the claimant's next chain value (so nobody else can make it) and the claim flag."""
        if not self.may_claim(record, seat):
            raise IllegalMove(_("Seat {number} may claim a forfeit only while another seat owes "
                                "a message.").format(number=seat + 1))
        table, _values, device = self._device(record, seat, seed)
        old = record.seats[seat]
        new = replace(old, index=old.index + 1, value=device.chain.value(old.index + 1),
                      claim=True)
        new = signed_by(record, signed_moves(record, seat, marks_of(table)), seat, new, seed)
        return replace(record, seats=with_seat(record.seats, seat, new))

    def may_resign(self, record: Record, seat: int | None) -> bool:
        """Whether `seat` may resign now: every seat is taken, the game goes on, the seat is
        still in it and owes the next message. Only then: a resignation shows the chain value
        one step on as well, which makes a forfeit claim by the same seat where one could
        stand, and no claim stands by the seat that owes (seeds/fair-play.md, F11)."""
        result = self.replay(record)
        if not result.ok or seat is None or seat not in range(len(record.seats)) \
                or self.stopped(record) or result.state.phase in (JOINING, OVER):
            return False
        return seat in self.owed(result.state) and self.in_play(result.state, seat)

    def resign(self, record: Record, seat: int, seed: bytes) -> Record:
        """The resignation that ends the game: the seat's chain value two steps on (so nobody
        else can make it, nor make one out of a forfeit claim, which spends one) and the flag;
        every other seat wins (`forfeit_winners`)."""
        if not self.may_resign(record, seat):
            raise IllegalMove(_("Seat {number} may resign only while the game goes on.").format(
                number=seat + 1 if isinstance(seat, int) else seat))
        table, _values, device = self._device(record, seat, seed)
        old = record.seats[seat]
        if old.index + 2 >= CHAIN_LENGTH:
            raise IllegalMove(_("Seat {number} may resign only while the game goes on.").format(
                number=seat + 1))
        new = replace(old, index=old.index + 2, value=device.chain.value(old.index + 2),
                      resigned=True)
        new = signed_by(record, signed_moves(record, seat, marks_of(table)), seat, new, seed)
        return replace(record, seats=with_seat(record.seats, seat, new))

    def view(self, record: Record, seat: int | None = None, seed: bytes | None = None) -> dict:
        """What this device may show: with a seat and its seed what that seat may see, else
        only what the link makes public (a damaged link: its last good position)."""
        if seat is None or seed is None:
            result, values = self._read_record(record)
            if values is None:
                raise result.error.with_traceback(None)
            return self.seat_view(record, result.state, None)
        table, _values, device = self._device(record, seat, seed)
        return self.seat_view(record, table, device)

    # The audit.

    def audit(self, record: Record) -> Verdict:
        """Check a finished game with every seed: the link's own checks (a failure there is
        `blame(table)`'s unless the error names a seat), each seed against its anchor, the
        game's `checks` and every seat's history check."""
        result, values = self._read_record(record)
        if values is None:
            return Verdict(False, None, str(result.error))
        table = result.state
        problems = []
        if isinstance(result.error, AlteredLink):
            return Verdict(False, None, str(result.error))
        if result.ok and self.claim_of(record):
            return Verdict(False, None, _("The game ended by a forfeit claim: it is not "
                                          "checked."))
        if result.ok and self.resigned_of(record) is not None:
            return Verdict(False, None, _("The game ended by a resignation: it is not "
                                          "checked."))
        if not result.ok:
            error = result.error
            seat = error.seat if isinstance(error, LinkError) else self.blame(table)
            move = None if result.bad_token is None else result.applied
            try:
                for number, s in enumerate(record.seats):
                    if s.seed:
                        _check_seed(record, number, s, marks_of(table))
            except AlteredLink as altered:
                return Verdict(False, None, str(altered))
            start = table.ends[-1] if len(table.ends) else 0
            if not _proven(record, seat, start + len(result.bad_token or "x")):
                return Verdict(False, move, _("This link is damaged: {problem} Anyone holding a "
                                              "link could have made this change, so nobody is "
                                              "blamed.").format(problem=sentence_of(error)))
            problems.append(Problem("link", seat, move, str(error)))
        elif table.phase != OVER:
            return Verdict(False, None, _("The game is not over: there is nothing to audit "
                                          "yet."))
        problems += self._seed_checks(record, table, values, result.ok)
        problems.sort(key=lambda p: (p.move is not None, p.move or 0, p.seat))
        if not problems:
            return Verdict(True, None, "")
        moves = [p.move for p in problems if p.move is not None]
        return Verdict(False, min(moves) if moves else None, problems[0].detail, tuple(problems))

    def _seed_checks(self, record: Record, table, values, complete: bool) -> list[Problem]:
        """Seeds against anchors, the game's own checks, then history tags. A missing seed is
        a problem only in a `complete` game, one known to be over."""
        seats = record.seats
        found, seeds = check_seeds(record.context, [s.anchor for s in seats],
                                   [s.seed or None for s in seats],
                                   [record.chain_id(n) for n in range(len(seats))])
        problems = [p for p in found if complete or seats[p.seat].seed]
        return problems + self.checks(record, table, values, seeds)
