"""Tsuro played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered L1.. in seeds/tsuro.md ("Play by link"); comments cite it. A link
holds a record.Record for 2 to 8 seats. The rules are the hot-seat engine's
(parlor.games.tsuro): `replay` drives its State with its own apply(), one message per move
token, after keying the pile with randomness from every seat's reveal chain (L5, L6). Every
draw is therefore unbiased and unforeseeable, but anybody who decodes the public history can
work out every hand: `HIDDEN_NOTE` says so to the players. `audit` checks seeds and history
tags once the game is over.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import linkcore
from .fairplay import Chain, event_random
from .games.tsuro import ENGINE, Pick, Place, State
from .games.tsuro import _phase as engine_phase
from .linkcore import LinkError, Verdict      # part of this protocol's API
from .protocol import IllegalMove, MalformedMove, Replay
from .record import Record, Seat, game_context
from .rng import shuffled

GAME = "tsuro"
TIER, CASUAL = "tier", "casual"          # the tier marker kept in the record's options (L2)
TIERS = (CASUAL,)                        # tiers this version can play
BONUS = "elimination_bonus"              # engine option, written "1" when on (L2)
SEED = "seed"                            # the one action besides engine moves (L12)
ACTION_LABELS = {SEED: "Publish my secret for the fairness check"}
HIDDEN_NOTE = ("Hands are hidden from view, not cryptographically: anyone who decodes the "
               "links of this game could work out every player's tiles, though nobody can "
               "choose or foresee a draw.")

JOINING, OPENING, STARTING, PLAYING, EXCHANGING, OVER = (
    "joining", "opening", "starting", "playing", "exchanging", "over")
_PHASES = {"start": STARTING, "play": PLAYING, "exchange": EXCHANGING, "over": OVER}


@dataclass(frozen=True)
class Table:
    """Everything anyone holding the link can compute: the public state of the game.

    `state` is the hot-seat engine's State (None until the deal, L4), kept with its pile in
    sorted order and an empty seed: no draw is fixed before the message that makes it (L5).
    """

    phase: str = JOINING
    players: int = 2
    bonus: bool = False
    state: State | None = None
    sent: tuple[int, ...] = ()            # messages sent per seat = its chain index (L3)
    senders: tuple[int, ...] = ()         # the sender of each message (one character each)

    @property
    def ends(self) -> range:
        """Where each message ends in the move string: one character each."""
        return range(1, len(self.senders) + 1)

    @property
    def applied(self) -> int:
        """Messages read so far."""
        return len(self.senders)


def context(record: Record) -> bytes:
    """The chain context of a Tsuro record: game, options and seat count (L1). Unlike Tyrus
    it is no constant: it depends on the number of seats and the options."""
    return record.context


def seed_fits(record: Record, seat: int, seed: bytes) -> bool:
    """Whether `seed` is the secret behind `seat`'s anchor (for private seat links)."""
    return (0 <= seat < len(record.seats) and record.seats[seat].joined
            and linkcore.chain(record.context, seat, seed).anchor == record.seats[seat].anchor)


def _options(record: Record) -> bool:
    """Whether the elimination bonus is on; MalformedMove unless the options are valid (L2)."""
    options = dict(record.options)
    tier = options.pop(TIER, None)
    if tier not in TIERS:
        raise MalformedMove("This link uses a way of hiding hands that this version of Parlor "
                            "does not know: reload the page to update."
                            if tier else "This Tsuro link does not say how hands are hidden.")
    bonus = options.pop(BONUS, None)
    if options or bonus not in (None, "1"):
        raise MalformedMove("This link has Tsuro options that make no sense.")
    return bonus == "1"


def _values(record: Record) -> tuple[tuple[bytes, ...], ...]:
    """Every chain value each seat has shown, from the anchor up (L1, L9)."""
    if record.game != GAME or not ENGINE.seats[0] <= len(record.seats) <= ENGINE.seats[1]:
        raise MalformedMove("This link is not a Tsuro game for 2 to 8 players.")
    _options(record)
    joined = [s.joined for s in record.seats]
    if joined != sorted(joined, reverse=True):
        raise MalformedMove("Seats are taken in order, but this link has a gap among them.")
    return linkcore.chain_values(record, record.context)


def _engine_options(bonus: bool) -> dict:
    return {BONUS: bonus}


def _deal(ctx: bytes, players: int, bonus: bool, opening: tuple[bytes, ...]) -> State:
    """The hands, dealt by the engine from seat 0's value 1 and the others' anchors (L5)."""
    key = event_random(ctx, "deal", opening)
    return _settled(ENGINE.initial(key, players, _engine_options(bonus)))


def _keyed(ctx: bytes, message: int, latest: tuple[bytes, ...], state: State) -> State:
    """The state with its pile put in draw order, and the reshuffle key set, from every seat's
    latest chain value once message `message` is sent (L6)."""
    key = event_random(ctx, f"turn {message}", latest)
    return replace(state, seed=key, pile=tuple(shuffled(state.pile, key, "tsuro", "pile")))


def _settled(state: State) -> State:
    """The public form kept between messages: pile sorted, no key (L6)."""
    return replace(state, seed=b"", pile=tuple(sorted(state.pile)))


def _sender(table: Table) -> int | None:
    """The seat whose message comes next (L4); None while joining or once over."""
    if table.phase == OPENING:
        return 0
    if table.phase in (JOINING, OVER):
        return None
    return table.state.turn


def _spend(table: Table, seat: int, values) -> tuple[int, ...]:
    """Messages sent per seat once `seat` sends one more, which needs its next chain value."""
    return linkcore.spend(table.sent, seat, values, f"move {len(table.senders) + 1}")


def _read(table: Table, char: str, ctx: bytes, values) -> Table:
    """The table after the one-character message `char` (L4-L6)."""
    message, seat = len(table.senders), _sender(table)
    sent = _spend(table, seat, values)
    state = table.state
    if table.phase == OPENING:
        state = _deal(ctx, table.players, table.bonus, linkcore.latest(sent, values))
    move = ENGINE.decode(char)
    if isinstance(move, (Place, Pick)):
        state = _keyed(ctx, message, linkcore.latest(sent, values), state)
    state = _settled(ENGINE.apply(state, move))
    return replace(table, phase=_PHASES[engine_phase(state)], state=state, sent=sent,
                   senders=table.senders + (seat,))


def _start(record: Record) -> Table:
    players = len(record.seats)
    everyone = all(s.joined for s in record.seats)
    return Table(phase=OPENING if everyone else JOINING, players=players,
                 bonus=_options(record), sent=(0,) * players)


def replay(record: Record) -> Replay:
    """The public table of a record, stopping at the first message that breaks the protocol
    (L4, L9, L11); see linkcore.replay."""
    return linkcore.replay(record, _values, _replay, Table())


def _replay(record: Record, values) -> Replay:
    ctx = record.context
    return linkcore.read_moves(record, _start(record), linkcore.Cursor(record.moves),
                               lambda table, cursor: _read(table, cursor.take(), ctx, values),
                               "not every seat has been taken yet.")


_load = linkcore.loader(_values, _replay)      # record -> (Table, chain values)


def _table(record: Record) -> Table:
    return _load(record)[0]


# One seat's device.

class _Device:
    """A seat proven by its seed (L10): its chain, and the deal it sees before the opening."""

    def __init__(self, record: Record, seat: int, seed: bytes):
        if not (type(seat) is int and 0 <= seat < len(record.seats)
                and record.seats[seat].joined):
            raise LinkError(0, f"Seat {seat!r} has no player in this game.")
        self.seat, self.seed = seat, seed
        self.chain = linkcore.proven_chain(record, seat, seed)

    def state(self, record: Record, table: Table) -> State | None:
        """The engine state this seat can see: seat 0 knows the deal before opening (L5)."""
        if table.phase == OPENING and self.seat == 0:
            opening = (self.chain.value(1),) + tuple(s.anchor for s in record.seats[1:])
            return _deal(record.context, table.players, table.bonus, opening)
        return table.state


def _setup(record: Record, seat: int, seed: bytes) -> tuple[Table, _Device]:
    return _table(record), _Device(record, seat, seed)


def _legal(record: Record, table: Table, device: _Device) -> list:
    if table.phase == OVER:
        return [] if record.seats[device.seat].seed else [SEED]
    if _sender(table) != device.seat:
        return []
    return ENGINE.legal(device.state(record, table))


# The public API.

def create(name: str, seed: bytes, options: dict | None = None) -> Record:
    """A new game for options["players"] seats (2 by default): the creator takes seat 0 and
    publishes its anchor; the other seats are open (L2). Other options go to the engine."""
    options = dict(options or {})
    players = options.pop("players", 2)
    if type(players) is not int or not ENGINE.seats[0] <= players <= ENGINE.seats[1]:
        raise ValueError(f"Tsuro is for 2 to 8 players, not {players!r}")
    bonus = ENGINE.initial(b"", players, options).bonus      # the engine checks the options
    kept = {TIER: CASUAL, **({BONUS: "1"} if bonus else {})}
    anchor = Chain(game_context(GAME, kept, players), 0, seed).anchor
    return Record(GAME, (Seat(name, anchor),) + (Seat(),) * (players - 1), tuple(kept.items()))


def join(record: Record, name: str, seed: bytes) -> Record:
    """The record with the first open seat taken by a new player's anchor (L3)."""
    if _table(record).phase != JOINING:
        raise IllegalMove("Every seat of this game is taken.")
    number = next(n for n, s in enumerate(record.seats) if not s.joined)
    seat = Seat(name, Chain(record.context, number, seed).anchor)
    return replace(record, seats=linkcore.with_seat(record.seats, number, seat))


def joined_seat(record: Record, seed: bytes) -> int:
    """The seat whose anchor this seed made; IllegalMove if it made none (L3)."""
    number = linkcore.seat_of(record, seed)
    if number is None:
        raise IllegalMove("This secret belongs to no seat of this game.")
    return number


def phase(record: Record) -> str:
    """joining, opening, starting, playing, exchanging or over."""
    return _table(record).phase


def to_move(record: Record) -> tuple[int, ...]:
    """The seats that must send the next link: the first open seat while joining, the next
    message's sender in play, and after the end the seats whose seed is not out yet (L11)."""
    table = _table(record)
    if table.phase == JOINING:
        return (next(n for n, s in enumerate(record.seats) if not s.joined),)
    if table.phase == OVER:
        return linkcore.unpublished(record)
    return (_sender(table),)


def legal(record: Record, seat: int, seed: bytes) -> list:
    """What `seat` may do now: the engine's legal moves (StartMark, Place, Pick) on its turn,
    SEED after the end until its seed is out; empty otherwise."""
    table, device = _setup(record, seat, seed)
    return _legal(record, table, device)


def play(record: Record, seat: int, seed: bytes, action) -> Record:
    """The record after `seat` takes `action` (one of `legal`): one more message (L4)."""
    if action == SEED:
        return publish_seed(record, seat, seed)
    table, device = _setup(record, seat, seed)
    if action not in _legal(record, table, device):
        raise IllegalMove(f"Seat {seat + 1} cannot play {action!r} now.")
    return _send(record, device, ENGINE.encode(action))


def _send(record: Record, device: _Device, text: str) -> Record:
    """Append a message with the sender's next chain value and history tag; the message that
    ends the game also carries the sender's seed (L4, L11)."""
    record = linkcore.append(record, device.seat, device.chain, device.seed, text)
    if _table(record).phase == OVER:
        record = linkcore.with_seed(record, device.seat, device.seed)
    return record


def publish_seed(record: Record, seat: int, seed: bytes) -> Record:
    """The record with `seat`'s seed added for the audit; only once the game is over (L11)."""
    table, _ = _setup(record, seat, seed)
    return linkcore.publish_seed(record, seat, seed, table)


# Never in this tier: nobody ever owes a reveal, and a player who has not moved yet may just
# be thinking (L13).
may_claim = linkcore.never_claims


def claim_forfeit(record: Record, seat: int, seed: bytes) -> Record:
    """Always refused in this tier (L13)."""
    raise IllegalMove("In Tsuro by link nobody owes a reveal, so there is no forfeit to claim.")


def state(record: Record, seat: int | None = None, seed: bytes | None = None) -> State | None:
    """The engine state this device draws its board from (None before the deal)."""
    table = _table(record)
    if seat is None or seed is None:
        return table.state
    return _Device(record, seat, seed).state(record, table)


def view(record: Record, seat: int | None = None, seed: bytes | None = None) -> dict:
    """What this device may show, in the shape of parlor.games.tsuro.Tsuro.view: with the
    seat's seed its own hand (and bonus candidates), else only what the link shows (L8)."""
    table = _table(record)
    device = _Device(record, seat, seed) if seat is not None and seed is not None else None
    state = device.state(record, table) if device else table.state
    if state is None:                       # before the deal: nobody's tiles are known yet
        placeholder = _settled(ENGINE.initial(b"", table.players,
                                              _engine_options(table.bonus)))
        shown = ENGINE.view(placeholder, None)
    else:
        shown = ENGINE.view(state, seat if device else None)
    shown["seat"] = seat
    if table.phase != OVER:
        shown["to_move"] = list(to_move(record))
    return shown


# The audit (L12).

def audit(record: Record) -> Verdict:
    """Check a finished game with every seed: the link's own checks, each seed against its
    anchor (so every chain value, deal and draw was what the chains fixed), and every seat's
    history check (L12)."""
    return linkcore.audit(record, _values, _replay, _due)


def _due(table: Table) -> int:
    """The seat to blame for a message that failed to read: the one it was due from."""
    sender = _sender(table)
    if sender is not None:
        return sender
    if table.phase == JOINING:
        return 0
    return table.senders[-1] if table.senders else 0
