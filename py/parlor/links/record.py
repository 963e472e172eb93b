"""The game record, and its form in the fragment of a play-by-link URL.

A link is https://host/path/#<fragment>, and the fragment holds the whole record. It uses
only characters that need no escaping in a URL (letters, digits, "-", "_" and "."), and
never anything secret: seeds appear only once their owners reveal them for the audit.

Five fields separated by ".":

    p<version> . <game> . <data> . <moves> . <check>

- "p1", "p2" or "p3": the letter p and the format version in decimal. A reader that sees a
  higher version than it knows says the link comes from a newer Parlor. This version writes
  format 3 (signed, joined by invitation) for every game it creates or rematches; games begun
  in format 1 (unsigned) or 2 (signed, seats taken in order) go on in their format.
- game: the game key, a lowercase letter then up to 23 of a-z, 0-9, "_", "-".
- data: base64url, no padding, of these bytes (n = one unsigned byte, n2 = two, big-endian):
      n options, then per option, sorted by key: n length + key, n length + value (ASCII)
      n seats, then per seat:
        n flags: 1 joined, 2 chain advanced, 4 covers moves, 8 seed revealed, 16 forfeit
                 claim, 32 resigned (no other bits; 32 came later and adds no bytes)
        n length + name in UTF-8 (empty when it is the default "Player N")
      format 1:
        if joined: 16-byte anchor (chain value 0)
        if advanced: n index (1..255) + the 16-byte chain value at that index
        if covers moves: n2 length of the move string covered + 8-byte history tag
        if revealed: 16-byte seed
      format 2:
        if joined: 16-byte anchor + 32-byte Ed25519 public key
        if advanced: n index (1..255) + the 16-byte chain value at that index
        if the seat has sent a message: 64-byte signature of its latest message
        if covers moves: n2 length of the move string covered
        if it claims or resigns: 64-byte signature of the claim or resignation
        if revealed: 16-byte seed
      format 3 (seeds/fair-play.md, F13):
        n capacity: the seats the invitation offers (the game may start with fewer)
        n seats, then per seat as in format 2; before the start, seat 0 (the creator) and
          capacity - 1 open seats; once started, every seat is taken (the seated players,
          in the order of the seating rule)
        16-byte seating value: before the start the creator's commitment, c = the first
          16 bytes of digest("seating", context, r); once started, r itself
        before the start: n joins, then per join (sorted by public key, at most 16):
          n length + name in UTF-8 (empty for none), 16-byte anchor, 32-byte public key,
          64-byte signature by that key of `join_statement` (game id, name, anchor, key)
        once started: the creator's 64-byte signature of `start_statement` (game id, r and
          the seated players' names, anchors and keys in seat order)
  In format 3 a seat's chain is keyed by its public key instead of its seat number, since a
  joiner makes its anchor before anyone knows its seat; the game id also holds c. Seats 1..
  are the seated joins ordered by `seat_rank` (a hash of r and the join's key), and when
  more joined than there are seats, the creator's device seats the lowest ranks.
  The signature of a message is over `fairplay.statement` of the game id, the seat, the
  chain index of that message, no claim, no resignation, the covered length and the
  transcript hash of the moves covered. A claim or a resignation signs the same with its own
  chain index (one or two steps further) and its flag, so a device that does not count a
  claim can step it back and keep the message signature (base.unclaimed).
- moves: the move tokens of the game written one after another (base64url characters).
- check: the first 6 characters of base64url(SHA-256(everything before the last ".")).
  It reveals cut-off links and accidental edits; deliberate tampering is the audit's job.

Seat 0 is the player who created the game. The game id is a hash of the creation data
(game, options, number of seats) and the creator's anchor, so two games never share one.
Names are untrusted plain text: they are cleaned (controls removed, spaces collapsed,
NFC, at most 24 characters) and never interpreted as markup here.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace

from ..i18n import N_, _
from .fairplay import (CHAIN_LENGTH, KEY_BYTES, SEED_BYTES, SIGNATURE_BYTES, TAG_BYTES,
                       VALUE_BYTES, b64, digest, statement, transcript_hash, unb64, verify_step)
from ..engine.protocol import TOKEN_INDEX

UNSIGNED, SIGNED, GROUP = 1, 2, 3  # format 1: history tags; 2: signatures; 3: joins by invitation
FORMAT_VERSION = GROUP              # the newest format, the one new games are written in
FORMATS = (UNSIGNED, SIGNED, GROUP)
MAX_JOINS = 16                      # joins an invitation keeps before the start
NAME_LIMIT = 24
MAX_SEATS = 8
MAX_OPTIONS = 16
MAX_MOVES = 16_000
MAX_LENGTH = 20_000
CHECK_LENGTH = 6

_GAME_KEY = re.compile(r"[a-z][a-z0-9_-]{0,23}", re.ASCII)
_OPTION_KEY = re.compile(r"[a-z0-9_-]{1,24}", re.ASCII)
_OPTION_VALUE = re.compile(r"[A-Za-z0-9_.-]{0,24}", re.ASCII)
_KEEP_FORMAT = {"\u200c", "\u200d"}   # zero-width (non-)joiners shape real names

# What is wrong with a fragment, as message ids (English); RecordError shows them translated.
NOT_PARLOR = N_("This is not a Parlor game link.")
NEWER = N_("This link was made by a newer version of Parlor: reload the page to update.")
INCOMPLETE = N_("This link is incomplete: it seems to have been cut off.")
CHANGED = N_("This link is damaged: some of its characters were changed.")
NONSENSE = N_("This link is damaged: the game it describes does not make sense.")
TOO_LONG = N_("This link is too long to be a Parlor game.")


class RecordError(ValueError):
    """A fragment that is not a usable game record; the message is meant for players.

    Raised with one of the message ids above: `code` keeps it (language-neutral, for code to
    compare) and the text, `str(err)`, is its translation in the language active when shown."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code

    def __str__(self) -> str:
        return _(self.code)


def clean_name(name: str, seat: int) -> str:
    """A player name made safe to keep: no controls, single spaces, NFC, 24 characters at most."""
    return clean_join_name(name) or default_name(seat)


def clean_join_name(name: str) -> str:
    """`clean_name` without a default: "" when no name is left (a join has no seat yet)."""
    kept = "".join(ch for ch in name if ch.isspace() or ch in _KEEP_FORMAT
                   or unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    text = unicodedata.normalize("NFC", " ".join(kept.split()))
    return text[:NAME_LIMIT].strip()


def default_name(seat: int) -> str:
    """The name of a seat whose player gave none, as the record keeps it: always English, so
    a record means the same in every language (a link leaves it out); `shown_name` is what a
    screen shows."""
    return f"Player {seat + 1}"


def shown_name(seat: "Seat", number: int) -> str:
    """A seat's name as a player reads it: a default name in the reader's language."""
    if not seat.name or seat.name == default_name(number):
        return _("Player {number}").format(number=number + 1)
    return seat.name


@dataclass(frozen=True)
class Seat:
    """One seat: its player's name and the public fair-play data of that player."""

    name: str = ""
    anchor: bytes = b""      # chain value 0; empty until the player has joined
    index: int = 0           # index of the latest chain value shown
    value: bytes = b""       # that value; empty while index is 0 (it is then the anchor)
    tag_moves: int = 0       # length of the move string the history tag covers
    tag: bytes = b""         # the seat's latest history tag; empty when none yet
    seed: bytes = b""        # revealed at the end for the audit; empty before
    claim: bool = False      # this seat claims that the seat owing the next message forfeited
    resigned: bool = False   # this seat resigned (two chain values past its last message)
    key: bytes = b""         # format 2: the public key published with the anchor
    signature: bytes = b""   # format 2: the signature of its latest message; empty before one
    end_signature: bytes = b""   # format 2: the signature of its claim or resignation

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise ValueError("a name is text")
        _need_bytes(self.anchor, (0, VALUE_BYTES), "anchor")
        _need_bytes(self.value, (0, VALUE_BYTES), "chain value")
        _need_bytes(self.tag, (0, TAG_BYTES), "history tag")
        _need_bytes(self.seed, (0, SEED_BYTES), "seed")
        _need_bytes(self.key, (0, KEY_BYTES), "public key")
        _need_bytes(self.signature, (0, SIGNATURE_BYTES), "signature")
        _need_bytes(self.end_signature, (0, SIGNATURE_BYTES), "signature")
        if not (_is_int(self.index) and 0 <= self.index < CHAIN_LENGTH):
            raise ValueError(f"chain index must be in 0..{CHAIN_LENGTH - 1}")
        if not (_is_int(self.tag_moves) and 0 <= self.tag_moves <= MAX_MOVES):
            raise ValueError("bad history tag length")
        if (self.index == 0) != (not self.value):
            raise ValueError("a chain value goes with an index above 0")
        if not self.tag and not self.key and self.tag_moves:
            raise ValueError("a covered length goes with a history tag or a signature")
        if not isinstance(self.claim, bool) or (self.claim and not self.index):
            raise ValueError("a claim comes with a chain value")
        if not isinstance(self.resigned, bool) or (self.resigned and self.index < 2) \
                or (self.resigned and self.claim):
            raise ValueError("a resignation comes with a chain value, and no claim")
        if not self.anchor and (self.index or self.tag or self.seed or self.key):
            raise ValueError("fair-play data of a seat that has not joined")
        if self.key and self.tag or not self.key and (self.signature or self.end_signature):
            raise ValueError("a seat is signed (key, signatures) or tagged, not both")

    @property
    def joined(self) -> bool:
        """Whether the player of this seat has joined (published an anchor)."""
        return bool(self.anchor)

    @property
    def latest(self) -> bytes:
        """The latest chain value shown (the anchor at first)."""
        return self.value or self.anchor

    @property
    def message_index(self) -> int:
        """The chain index of the seat's latest message (a claim or resignation comes after)."""
        return self.index - self.claim - 2 * self.resigned

    @property
    def covers(self) -> bool:
        """Whether the seat's history tag or signature covers moves (it has sent a message)."""
        return bool(self.tag) or self.tag_moves > 0


@dataclass(frozen=True)
class Join:
    """A player's join of a format-3 invitation, before the start: its name, anchor and
    public key, signed by that key (no seat number: the seating rule gives it one)."""

    name: str
    anchor: bytes
    key: bytes
    signature: bytes

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise ValueError("a name is text")
        _need_bytes(self.anchor, (VALUE_BYTES,), "anchor")
        _need_bytes(self.key, (KEY_BYTES,), "public key")
        _need_bytes(self.signature, (SIGNATURE_BYTES,), "signature")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need_bytes(value, sizes: tuple[int, ...], what: str) -> None:
    if not isinstance(value, bytes) or len(value) not in sizes:
        raise ValueError(f"{what} must be bytes of length {' or '.join(map(str, sizes))}")


@dataclass(frozen=True)
class Record:
    """Everything a link carries: setup, seats with fair-play data, and the moves."""

    game: str
    seats: tuple[Seat, ...]
    options: tuple[tuple[str, str], ...] = ()
    moves: str = ""
    version: int = UNSIGNED     # games made by the protocol are GROUP (links/base.py)
    capacity: int = 0           # format 3: the seats the invitation offers
    seating: bytes = b""        # format 3: the creator's commitment c, then r once started
    start: bytes = b""          # format 3: the creator's signature of the start
    joins: tuple[Join, ...] = ()    # format 3, before the start: the joins known

    def __post_init__(self):
        if self.version not in FORMATS:
            raise ValueError(f"format versions {FORMATS} can be written")
        if not isinstance(self.game, str) or not _GAME_KEY.fullmatch(self.game):
            raise ValueError(f"bad game key {self.game!r}")
        pairs = self.options.items() if isinstance(self.options, dict) else self.options
        options = tuple(sorted((k, v) for k, v in pairs))
        if len(options) > MAX_OPTIONS or len({k for k, _v in options}) != len(options):
            raise ValueError("too many or repeated options")
        for key, value in options:
            if not (isinstance(key, str) and isinstance(value, str)
                    and _OPTION_KEY.fullmatch(key) and _OPTION_VALUE.fullmatch(value)):
                raise ValueError(f"bad option {key!r}={value!r}")
        seats = tuple(self.seats)
        if not 1 <= len(seats) <= MAX_SEATS or not all(isinstance(s, Seat) for s in seats):
            raise ValueError(f"a game has 1 to {MAX_SEATS} seats")
        seats = tuple(replace(s, name=clean_name(s.name, i)) for i, s in enumerate(seats))
        if not seats[0].joined:
            raise ValueError("seat 0 is the creator and has an anchor")
        if not isinstance(self.moves, str) or len(self.moves) > MAX_MOVES \
                or any(c not in TOKEN_INDEX for c in self.moves):
            raise ValueError("moves are base64url characters")
        if any(s.tag_moves > len(self.moves) for s in seats):
            raise ValueError("a history tag covers more moves than there are")
        if any(s.joined and bool(s.key) != (self.version >= SIGNED) for s in seats):
            raise ValueError("every seat of a signed game has a key, and no seat of another")
        if any(s.key and (bool(s.signature) != (s.message_index > 0)
                          or bool(s.end_signature) != (s.claim or s.resigned)
                          or (s.tag_moves and not s.signature)) for s in seats):
            raise ValueError("a signed seat signs its latest message, claim and resignation")
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "seats", seats)
        self._check_group()

    def _check_group(self) -> None:
        """Format 3's own fields: a lobby (seat 0 alone, open seats up to the capacity, the
        joins) or a started game (every seat taken, r and the creator's start signature)."""
        if self.version != GROUP:
            if self.capacity or self.seating or self.start or self.joins:
                raise ValueError("only format 3 has an invitation's joins and seating")
            return
        seats = self.seats
        if not (_is_int(self.capacity) and 2 <= self.capacity <= MAX_SEATS
                and 2 <= len(seats) <= self.capacity):
            raise ValueError("a format-3 game offers 2 to 8 seats")
        _need_bytes(self.seating, (VALUE_BYTES,), "seating value")
        joins = tuple(replace(j, name=clean_join_name(j.name)) for j in self.joins)
        if self.started:
            _need_bytes(self.start, (SIGNATURE_BYTES,), "start signature")
            if joins:
                raise ValueError("a started game keeps no joins")
        else:
            if len(seats) != self.capacity or any(s.joined for s in seats[1:]) or self.start:
                raise ValueError("before the start only the creator holds a seat")
            keys = [j.key for j in joins]
            if len(joins) > MAX_JOINS or keys != sorted(set(keys)) or seats[0].key in keys:
                raise ValueError("joins are sorted by key, each key once, at most 16")
        object.__setattr__(self, "joins", joins)

    @property
    def grouped(self) -> bool:
        """Whether players join this game by invitation, in any order (format 3)."""
        return self.version == GROUP

    @property
    def started(self) -> bool:
        """Whether every seat is taken (in format 3: the creator has started the game)."""
        return all(s.joined for s in self.seats)

    def chain_id(self, number: int):
        """What seat `number`'s reveal chain is keyed by besides the context: its seat number,
        or in format 3 its public key (a joiner makes its anchor before it has a seat)."""
        return self.seats[number].key if self.grouped else number

    @property
    def commitment(self) -> bytes:
        """Format 3: the creator's seating commitment c (before the start it is kept, after it
        is made from r)."""
        return seating_commitment(self.context, self.seating) if self.started else self.seating

    @property
    def context(self) -> bytes:
        """The context bytes of every seat's reveal chain in this game."""
        return game_context(self.game, self.options, self.capacity or len(self.seats),
                            self.version)

    @property
    def game_id(self) -> bytes:
        """16 bytes naming this game: its creation data and the creator's anchor (in format 3
        also the creator's seating commitment)."""
        if self.grouped:
            return digest("game id", self.context, self.seats[0].anchor, self.commitment)[:16]
        return digest("game id", self.context, self.seats[0].anchor)[:16]

    @property
    def signed(self) -> bool:
        """Whether the seats sign their messages (formats 2 and 3) rather than tag them."""
        return self.version >= SIGNED

    def statement(self, number: int, end: bool = False) -> bytes:
        """What seat `number` signs: its latest message, or (`end`) its claim or resignation."""
        return seat_statement(self.game_id, self.moves, number, self.seats[number], end)


def seat_statement(game_id: bytes, moves: str, number: int, seat: Seat, end: bool = False) -> bytes:
    """What seat `number` (its data `seat`, in a game with this id and moves) signs: its
    latest message, or (`end`) its claim or resignation."""
    index, claim, resigned = ((seat.index, seat.claim, seat.resigned) if end
                              else (seat.message_index, False, False))
    return statement(game_id, number, index, claim, resigned, seat.tag_moves,
                     transcript_hash(game_id, moves[:seat.tag_moves]))


def game_context(game: str, options, seats: int, version: int = UNSIGNED) -> bytes:
    """The chain context of a game, known before anyone's anchor: game, options, seat count
    (format 3: the seats offered), and for a signed game its format, so no chain value of a
    signed game fits an unsigned copy (nobody can strip the signatures off a game and pass it
    on in format 1), nor one of format 3 a copy in format 2."""
    pairs = sorted(dict(options).items())
    signed = (("signed",) if version == SIGNED else ("signed", "group") if version == GROUP
              else ())
    return digest("parlor game", game, len(pairs), *(p for kv in pairs for p in kv), seats,
                  *signed)[:16]


# Format 3: joins, the seating rule and the start.

def seating_commitment(context: bytes, value: bytes) -> bytes:
    """c, the creator's commitment to the seating value r it shows at the start."""
    return digest("seating", context, value)[:VALUE_BYTES]


def join_statement(game_id: bytes, name: str, anchor: bytes, key: bytes) -> bytes:
    """What a joiner signs with its key: the game, its name, its anchor and the key."""
    return digest("join", game_id, name, anchor, key)


def seat_rank(game_id: bytes, value: bytes, key: bytes) -> bytes:
    """Where a join comes in the seating rule: a hash of the creator's r, fixed before anyone
    joined and shown only at the start, and the joiner's key (lowest first)."""
    return digest("seat", game_id, value, key)


def kept_name(seat: Seat, number: int) -> str:
    """A seat's name as a link writes it: empty for its default name."""
    return "" if seat.name == default_name(number) else seat.name


def start_statement(game_id: bytes, value: bytes, seats: tuple[Seat, ...]) -> bytes:
    """What the creator signs to start a format-3 game: r and the seated players, in order."""
    return digest("start", game_id, value, len(seats),
                  *(part for n, s in enumerate(seats) for part in (kept_name(s, n), s.anchor,
                                                                   s.key)))


def union_joins(*groups: tuple[Join, ...]) -> tuple[Join, ...]:
    """Every join of the groups, each key once (of two joins by one key, the smaller, so the
    result never depends on the order copies meet), sorted by key, at most MAX_JOINS (the
    smallest keys): commutative and associative, so devices that saw the same joins agree."""
    by_key: dict[bytes, Join] = {}
    for join in (j for group in groups for j in group):
        other = by_key.get(join.key)
        if other is None or _join_order(join) < _join_order(other):
            by_key[join.key] = join
    return tuple(by_key[k] for k in sorted(by_key)[:MAX_JOINS])


def _join_order(join: Join) -> tuple:
    return join.name.encode("utf-8"), join.anchor, join.signature


# Writing.

def encode(record: Record) -> str:
    """The URL fragment (without "#") for a record."""
    body = f"p{record.version}.{record.game}.{b64(_data_bytes(record))}.{record.moves}"
    return f"{body}.{_checksum(body)}"


def _checksum(body: str) -> str:
    return b64(hashlib.sha256(body.encode("ascii")).digest()[:6])[:CHECK_LENGTH]


def _short(data: bytes) -> bytes:
    return bytes([len(data)]) + data


def _data_bytes(record: Record) -> bytes:
    out = bytearray([len(record.options)])
    for key, value in record.options:
        out += _short(key.encode("ascii")) + _short(value.encode("ascii"))
    if record.grouped:
        out.append(record.capacity)
    out.append(len(record.seats))
    for number, seat in enumerate(record.seats):
        flags = (seat.joined | (seat.index > 0) << 1 | seat.covers << 2
                 | bool(seat.seed) << 3 | seat.claim << 4 | seat.resigned << 5)
        name = "" if seat.name == default_name(number) else seat.name
        out += bytes([flags]) + _short(name.encode("utf-8")) + seat.anchor + seat.key
        if seat.index:
            out += bytes([seat.index]) + seat.value
        out += seat.signature
        if seat.covers:
            out += seat.tag_moves.to_bytes(2, "big") + seat.tag
        out += seat.end_signature + seat.seed
    if record.grouped:
        out += record.seating
        if record.started:
            out += record.start
        else:
            out.append(len(record.joins))
            for join in record.joins:
                out += _short(join.name.encode("utf-8")) + join.anchor + join.key + join.signature
    return bytes(out)


# Reading.

class _Reader:
    """Bytes read front to back; running out raises ValueError."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise ValueError("data ends early")
        self.at += size
        return self.data[self.at - size:self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def short(self) -> bytes:
        return self.take(self.byte())


def _parse(version: int, game: str, data_text: str, moves: str) -> Record:
    data = _Reader(unb64(data_text))
    options = [(data.short().decode("ascii"), data.short().decode("ascii"))
               for _n in range(data.byte())]
    capacity = data.byte() if version == GROUP else 0
    seats = []
    for _n in range(data.byte()):
        flags = data.byte()
        if flags & ~0b111111 or (flags > 1 and not flags & 1):
            raise ValueError("bad seat flags")
        name = data.short().decode("utf-8")
        signed = version >= SIGNED and bool(flags & 1)
        anchor = data.take(VALUE_BYTES) if flags & 1 else b""
        key = data.take(KEY_BYTES) if signed else b""
        index, value = (data.byte(), data.take(VALUE_BYTES)) if flags & 2 else (0, b"")
        claim, resigned = bool(flags & 16), bool(flags & 32)
        message = index - claim - 2 * resigned
        signature = data.take(SIGNATURE_BYTES) if signed and message > 0 else b""
        tag_moves = int.from_bytes(data.take(2), "big") if flags & 4 else 0
        tag = data.take(TAG_BYTES) if flags & 4 and not signed else b""
        end_signature = data.take(SIGNATURE_BYTES) if signed and (claim or resigned) else b""
        seed = data.take(SEED_BYTES) if flags & 8 else b""
        seats.append(Seat(name, anchor, index, value, tag_moves, tag, seed, claim, resigned,
                          key, signature, end_signature))
    group = {}
    if version == GROUP:
        group["seating"] = data.take(VALUE_BYTES)
        if all(s.joined for s in seats):
            group["start"] = data.take(SIGNATURE_BYTES)
        else:
            group["joins"] = tuple(Join(data.short().decode("utf-8"), data.take(VALUE_BYTES),
                                        data.take(KEY_BYTES), data.take(SIGNATURE_BYTES))
                                   for _n in range(data.byte()))
    if data.at != len(data.data):
        raise ValueError("data goes on after the last seat")
    return Record(game, tuple(seats), tuple(options), moves, version, capacity, **group)


def decode(fragment: str) -> Record:
    """The record in a URL fragment (a whole link is accepted too); RecordError if unusable."""
    if not isinstance(fragment, str):
        raise RecordError(NOT_PARLOR)
    text = fragment.strip().rpartition("#")[2]
    if len(text) > MAX_LENGTH:
        raise RecordError(TOO_LONG)
    head, _dot, rest = text.partition(".")
    digits = head[1:]
    if head[:1] != "p" or not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        raise RecordError(NOT_PARLOR)
    if int(digits) > FORMAT_VERSION:
        raise RecordError(NEWER)
    if int(digits) not in FORMATS:
        raise RecordError(NOT_PARLOR)
    if not text.isascii():
        raise RecordError(CHANGED)
    fields = rest.split(".")
    if len(fields) < 4 or (len(fields) == 4 and len(fields[3]) < CHECK_LENGTH):
        raise RecordError(INCOMPLETE)
    if len(fields) > 4 or _checksum(text[:text.rindex(".")]) != fields[3]:
        raise RecordError(CHANGED)
    try:
        record = _parse(int(digits), *fields[:3])
    except ValueError:
        raise RecordError(NONSENSE) from None
    if encode(record) != text:
        raise RecordError(NONSENSE)
    return record


# Merging two copies of one game.

def merge(local: Record, incoming: Record) -> tuple[Record, str]:
    """Combine what two copies of a game know; the status says how incoming relates to local.

    "foreign": another game; "diverged": the copies contradict each other; "same": nothing
    new; "older": incoming knows nothing local does not; "advanced": the result knows more
    than local. On "foreign" and "diverged" the result is local, unchanged.
    """
    if incoming.game_id != local.game_id or incoming.version != local.version:
        return local, "foreign"
    if local.grouped and not (local.started and incoming.started):
        return _merge_invitations(local, incoming)
    if local.grouped and (local.seating, local.start, [(s.name, s.anchor, s.key)
                                                      for s in local.seats]) \
            != (incoming.seating, incoming.start, [(s.name, s.anchor, s.key)
                                                   for s in incoming.seats]):
        return local, "diverged"            # two different starts by the creator
    longer, shorter = sorted((local.moves, incoming.moves), key=len, reverse=True)
    if not longer.startswith(shorter):
        return local, "diverged"
    if any(r.moves != longer and any(s.claim for s in r.seats) for r in (local, incoming)):
        return local, "diverged"            # a claim and a message it says never came
    # (A resignation is taken onto a longer history: whether it still fits there, e.g. the
    # game did not end in between, is for the game's protocol to say; see device.merged.)
    seats = []
    for number, (mine, theirs) in enumerate(zip(local.seats, incoming.seats)):
        seat = _merge_seat(local.context, local.chain_id(number), mine, theirs)
        if seat is None:
            return local, "diverged"
        seats.append(seat)
    merged = replace(local, seats=tuple(seats), moves=longer)
    if merged == local:
        return local, "same" if merged == incoming else "older"
    return merged, "advanced"


def _merge_invitations(local: Record, incoming: Record) -> tuple[Record, str]:
    """`merge` in format 3 where one copy at least has not started: two invitations join
    their joins (a set union, so the order in which copies meet never matters); a started
    copy knows everything an invitation does (its joins no longer matter once the creator
    fixed who is seated)."""
    if local.started:
        return local, "older"
    if incoming.started:
        return incoming, "advanced"
    if local.seats != incoming.seats:
        return local, "diverged"            # the creator's seat is all an invitation holds
    merged = replace(local, joins=union_joins(local.joins, incoming.joins))
    if merged == local:
        return local, "same" if merged == incoming else "older"
    return merged, "advanced"


def _merge_seat(ctx: bytes, number, a: Seat, b: Seat) -> Seat | None:
    """The seat knowing what both a and b know, or None if they contradict each other."""
    if a.joined != b.joined:
        return a if a.joined else b
    if a.name != b.name or a.anchor != b.anchor or a.key != b.key:
        return None
    if not a.joined:
        return a            # open in both copies: nothing to compare
    low, high = sorted((a, b), key=lambda s: s.index)
    if not verify_step(ctx, number, low.index, low.latest, high.index, high.latest):
        return None
    if a.key:
        return _merge_signed(a, b)
    tagged = sorted((s for s in (a, b) if s.tag), key=lambda s: s.tag_moves)
    if len(tagged) == 2 and tagged[0].tag_moves == tagged[1].tag_moves \
            and tagged[0].tag != tagged[1].tag:
        return None
    if a.seed and b.seed and a.seed != b.seed:
        return None
    if a.index == b.index and (a.claim, a.resigned) != (b.claim, b.resigned):
        return None                         # one chain value spent on two messages
    tag = tagged[-1] if tagged else a
    return replace(high, tag_moves=tag.tag_moves, tag=tag.tag, seed=a.seed or b.seed)


def _merge_signed(a: Seat, b: Seat) -> Seat | None:
    """`_merge_seat` for a signed seat: the copy furthest on, taken whole (its signatures sign
    its index, flags and covered length together), unless the two contradict each other:
    two signatures for one message, a copy further on covering fewer moves, or one chain
    value spent on two different things."""
    first, last = sorted((a, b), key=lambda s: (s.index, s.tag_moves))
    if (first.index, first.tag_moves) == (last.index, last.tag_moves) \
            and (first.signature, first.end_signature) != (last.signature, last.end_signature):
        return None
    if first.tag_moves > last.tag_moves or first.message_index > last.message_index or \
            (first.index == last.index and (first.claim, first.resigned)
             != (last.claim, last.resigned)):
        return None
    if a.seed and b.seed and a.seed != b.seed:
        return None
    return replace(last, seed=a.seed or b.seed)
