"""The casual tier: any rules engine played by link, draws fair, hidden values hidden from view.

Each message is one move token of the engine. `replay` drives the engine's own state with
its own apply(): the deal is keyed from seat 0's first chain value and every other seat's
anchor, and before each move that draws, the state's hidden order is keyed from every
seat's latest chain value once the mover has shown its next one. Nobody can choose or
foresee a draw; but anybody who decodes the public history can work out every hidden value,
which `hidden_note` says on screen. Between messages the state is kept in a public form
(`settled`): no draw is fixed before the message that makes it.

A game fills in four hooks besides its engine: `keyed`, `settled`, `draws` and `phase_of`
(and, when its options need words in the record, `record_options` / `engine_options`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import catalog
from ..engine.protocol import MalformedMove
from ..i18n import N_, _, language
from .clock import without_clock
from .base import JOINING, OPENING, OVER, Cursor, Device, LinkProtocol, latest, spend
from .fairplay import event_random

TIER, CASUAL = "tier", "casual"          # the tier marker kept in the record's options
TIERS = (CASUAL,)                        # tiers this version can play


@dataclass(frozen=True)
class Table:
    """Everything anyone holding the link can compute: the public state of the game.

    `state` is the engine's state (None until the deal), kept in its settled form."""

    phase: str = JOINING
    players: int = 2
    options: tuple = ()                   # the engine's options, as sorted (key, value) pairs
    state: object = None
    width: int = 1                        # characters per message (the engine's token width)
    sent: tuple[int, ...] = ()            # messages sent per seat = its chain index
    senders: tuple[int, ...] = ()         # the sender of each message

    @property
    def ends(self) -> range:
        """Where each message ends in the move string: one token each."""
        return range(self.width, self.width * (len(self.senders) + 1), self.width)

    @property
    def applied(self) -> int:
        """Messages read so far."""
        return len(self.senders)


class CasualDevice(Device):
    """A seat proven by its seed: seat 0 sees the deal before it sends the opening."""

    def state(self, protocol: "CasualLink", record, table: Table):
        if table.phase == OPENING and self.seat == 0:
            opening = (self.chain.value(1),) + tuple(s.anchor for s in record.seats[1:])
            return protocol.deal(record.context, table, opening)
        return table.state


class CasualLink(LinkProtocol):
    """A game's link protocol in the casual tier; `engine` is its rules engine."""

    engine = None
    Device = CasualDevice
    empty = Table()
    joining_reason = N_("not every seat has been taken yet.")

    # Hooks of the casual tier.

    def keyed(self, state, key: bytes):
        """Hook: the state with its hidden order (a pile, a deck) drawn from `key`."""
        raise NotImplementedError

    def settled(self, state):
        """Hook: the public form of a state kept between messages (hidden order sorted away,
        no key)."""
        raise NotImplementedError

    def draws(self, move) -> bool:
        """Hook: whether playing `move` draws a hidden value."""
        raise NotImplementedError

    def phase_of(self, state) -> str:
        """Hook: the link phase of an engine state."""
        raise NotImplementedError

    def record_options(self, options: dict) -> dict:
        """Engine options as the record keeps them (strings); default: none kept."""
        return {}

    def engine_options(self, kept: dict) -> dict:
        """The engine options of the record's options (tier removed); MalformedMove if they
        make no sense. Default: none allowed."""
        if kept:
            raise MalformedMove(_("This link has options that make no sense for its game."))
        return {}

    # The flow.

    def _engine_options(self, record) -> dict:
        options = dict(without_clock(record).options)
        tier = options.pop(TIER, None)
        if tier not in TIERS:
            raise MalformedMove(_("This link uses a way of hiding hands that this version of "
                                  "Parlor does not know: reload the page to update.")
                                if tier else _("This link does not say how hands are hidden."))
        return self.engine_options(options)

    def check(self, record) -> None:
        low, high = self.engine.seats
        if record.game != self.game or not low <= len(record.seats) <= high:
            title = catalog.entry(self.game).title(language())
            raise MalformedMove(_("This link is not a {title} game for {low} to {high} "
                                  "players.").format(title=title, low=low, high=high))
        self._engine_options(record)

    def setup(self, options: dict):
        low, high = self.engine.seats
        players = options.pop("players", low)
        if type(players) is not int or not low <= players <= high:
            title = catalog.entry(self.game).title()
            raise ValueError(f"{title} is for {low} to {high} players, not {players!r}")
        self.engine.initial(b"", players, options)         # the engine checks the options
        kept = {TIER: CASUAL, **self.record_options(options)}
        return tuple(kept.items()), players

    def start(self, record) -> Table:
        players = len(record.seats)
        everyone = all(s.joined for s in record.seats)
        return Table(phase=OPENING if everyone else JOINING, players=players,
                     options=tuple(sorted(self._engine_options(record).items())),
                     width=self.engine.token_width, sent=(0,) * players)

    def deal(self, ctx: bytes, table: Table, opening: tuple[bytes, ...]):
        """The engine's start, keyed from seat 0's first chain value and the others' anchors."""
        key = event_random(ctx, "deal", opening)
        return self.settled(self.engine.initial(key, table.players, dict(table.options)))

    def draw_key(self, ctx: bytes, message: int, values_now: tuple[bytes, ...]) -> bytes:
        """The key of the draws message `message` makes: every seat's latest chain value."""
        return event_random(ctx, f"turn {message}", values_now)

    def sender(self, table: Table) -> int | None:
        if table.phase == OPENING:
            return 0
        if table.phase in (JOINING, OVER):
            return None
        return self.engine.to_move(table.state)[0]

    def read(self, table: Table, cursor: Cursor, record, values) -> Table:
        message, seat = table.applied, self.sender(table)
        # Translators: names a message in an error, as in "Seat 2's move 5 comes without..."
        sent = spend(table.sent, seat, values, _("move {number}").format(number=message + 1))
        state = table.state
        if table.phase == OPENING:
            state = self.deal(record.context, table, latest(sent, values))
        move = self.engine.decode("".join(cursor.take() for _n in range(table.width)))
        if self.draws(move):
            state = self.keyed(state, self.draw_key(record.context, message,
                                                    latest(sent, values)))
        state = self.settled(self.engine.apply(state, move))
        return replace(table, phase=self.phase_of(state), state=state, sent=sent,
                       senders=table.senders + (seat,))

    def moves(self, record, table: Table, device) -> list:
        return self.engine.legal(device.state(self, record, table))

    def message(self, record, table, values, device, action) -> tuple[str, bool]:
        return self.engine.encode(action), True

    def seat_view(self, record, table: Table, device) -> dict:
        state = device.state(self, record, table) if device else table.state
        if state is None:                   # before the deal: nobody's values are known yet
            placeholder = self.settled(self.engine.initial(b"", table.players,
                                                           dict(table.options)))
            shown = self.engine.view(placeholder, None)
        else:
            shown = self.engine.view(state, device.seat if device else None)
        shown["seat"] = device.seat if device else None
        if table.phase == JOINING:
            shown["to_move"] = [next(n for n, s in enumerate(record.seats) if not s.joined)]
        elif table.phase != OVER:
            shown["to_move"] = [self.sender(table)]
        return shown

    def blame(self, table: Table) -> int:
        sender = self.sender(table)
        if sender is not None:
            return sender
        if table.phase == JOINING:
            return 0
        return table.senders[-1] if table.senders else 0
