"""The casual tier: any rules engine played by link, draws fair, hidden values hidden from view.

Each message is one move token of the engine. `replay` drives the engine's own state with
its own apply(). Anybody who decodes the public history can work out every hidden value once
its draw is fixed, which `hidden_note` says on screen. Between messages the state is kept in
a public form (`settled`): no draw is fixed before the message that makes it.

The ways of keying the draws, named by the record's tier:
- `casual` (the first): the deal is keyed from seat 0's first chain value and every other
  seat's anchor, and each drawing move from every seat's latest chain value, the mover's
  fresh one included. The mover can work out the draw its own move causes.
- `casual-2` (late draws): a draw is fixed only when a seat that receives it must act on it,
  keyed from every chain value shown after the message that caused it (the deal: every
  anchor and the values from the first message on). The seat's own next value is the last
  of them, so it sees its draw on its turn and everybody else with its next message; nobody
  knows a draw while choosing the move that causes it. Until then the draw is made with a
  placeholder key and its values are hidden from every view (`waiting`).
- `casual-3` (late draws and a start round): as `casual-2`, but once every seat is taken the
  seats that joined before the last one each send a start message (its chain value only),
  and their values key the deal too. So the deal waits for a value of every seat shown after
  the last anchor was fixed, or fixed before it: no coalition short of all can steer it, as
  the last to join could with seat 0 under `casual-2` (for a game whose first moves do not
  already give such a round, as Tsuro's start marks do).
- `casual-4` (shares): as `casual-2`, with the start round where the game asks for one
  (`start_round`), but the values a draw gives each seat are a share fixed when that seat
  must act on it, keyed up to its own next chain value, from the pile as the draws since the
  last reshuffle found it less the shares fixed before (parlor.links.shares). So nobody but
  the receiver knows a share before the receiver plays, where under `casual-2` a draw was
  fixed whole, with every draw before it, by the first receiver to act.
- `casual-5` (no seat alone keys its own share): as `casual-4`, but a share that a seat's own
  message drew for it waits, where the game allows (`waits`), until another seat has sent a
  message since, so its key holds another seat's value: under `casual-4`, when the seat was
  next to move again, its own next value alone keyed it, and the seat could know it, and
  steer it, while choosing the move that drew it (Tyros: the pass that ends a turn).
- `casual-7` (choices made at the same time): as `casual-5`, for a game whose rules have
  several seats choose at once (Tyros: the cards each player keeps). Such a round is a
  round of messages that every seat in it sends from the same link, in any order; each
  signs the moves before the round and its own text (`base.signed_moves`), the move string
  holds them in the order the engine asks them whatever order they came in, and they are
  played once all are in. The game's protocol reads and merges the round (Tyros:
  seeds/tyros.md YL10).
- `casual-6` (one message asked of another seat): as `casual-5`, but where such a share
  cannot wait (the seat is next to move and needs it), the next seat still in sends one
  message first, a help message (its chain value only), whose value is then in the share's
  key (Tsuro: the mover who drew for itself and plays again at once).

A game fills in four hooks besides its engine: `keyed`, `settled`, `draws` and `phase_of`
(and, when its options need words in the record, `record_options` / `engine_options`); a
game that plays `casual-2` also fills in `drawn`, `sees` and `masked`, `casual-4` adds
`pool` and `reassigned` (and `kind`), and `casual-5` adds `waits` (and `masked_own`);
`casual-6` uses `in_play` to pick the seat asked for a help message.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import catalog
from ..engine.protocol import MalformedMove
from ..i18n import N_, _, language
from . import shares
from .clock import without_clock
from .base import JOINING, OPENING, OVER, Cursor, Device, LinkProtocol, latest, spend
from .fairplay import event_random

TIER, CASUAL, LATE, ROUND, SHARES, OTHERS, HELPED, AT_ONCE = (
    "tier", "casual", "casual-2", "casual-3", "casual-4", "casual-5", "casual-6", "casual-7")
START = "start"                          # the action of a start message (tiers casual-3 to -6)
HELP = "help"                            # the action of a help message (tier casual-6)
PLACEHOLDER = b"not fixed yet"           # the key of a draw whose key values are not all out


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
    late: bool = False                    # draws fixed late (tiers casual-2 to -4)
    # Tiers casual-2 to -4 only:
    shown: tuple[bytes, ...] = ()         # the chain value each message showed
    moves: tuple = ()                     # each message's move
    base: object = None                   # settled state after the first `fixed` messages,
    fixed: int = 0                        #   every draw among them fixed; None: no deal yet
    waiting: tuple = ()                   # (message, seats it gave hidden values) per draw
    unknown: tuple = ()                   # per seat, hidden values drawn but not fixed yet
    anchors: tuple[bytes, ...] = ()       # every seat's anchor, part of the deal's key
    # Tiers casual-3 to casual-5 (where the game asks for a start round):
    starters: int = 0                     # start messages due before seat 0's first move
    round: tuple[bytes, ...] = ()         # the chain values they showed, part of the deal's key
    # Tiers casual-4 and casual-5:
    shares: bool = False                  # each seat's share of a draw is fixed apart
    others: bool = False                  # casual-5: a seat's own share waits for another seat
    opened: tuple = ()                    # (message, seat, values) of each share not fixed
    parts: tuple = ()                     # (message, seat, values): the shares fixed after
                                          #   `fixed`, in the order they were fixed
    # Tier casual-6:
    helps: bool = False                   # a share its receiver's message drew and needs
    helper: int | None = None             #   now waits for this seat's help message

    @property
    def ends(self) -> range:
        """Where each message ends in the move string: one token each."""
        return range(self.width, self.width * (len(self.senders) + 1), self.width)

    @property
    def applied(self) -> int:
        """Messages read so far."""
        return len(self.senders)

    @property
    def starting(self) -> bool:
        """Whether start messages are still due (tiers casual-3, -4)."""
        return self.phase == OPENING and len(self.round) < self.starters


class CasualDevice(Device):
    """A seat proven by its seed: seat 0 sees the deal before it sends the opening (casual);
    on its turn a seat sees the draws it waited for (casual-2)."""

    def state(self, protocol: "CasualLink", record, table: Table):
        if table.late:
            return protocol.own_state(record, table, self)
        if table.phase == OPENING and self.seat == 0:
            opening = (self.chain.value(1),) + tuple(s.anchor for s in record.seats[1:])
            return protocol.deal(record.context, table, opening)
        return table.state


class CasualLink(LinkProtocol):
    """A game's link protocol in the casual tier; `engine` is its rules engine."""

    engine = None
    tier = CASUAL                        # the tier new games are made in
    tiers = (CASUAL,)                    # the tiers this version can play
    start_round = False                  # whether casual-4 games begin with a start round
    first_note = ""                      # `hidden_note` of a game in the first tier, if other
    Device = CasualDevice
    empty = Table()
    joining_reason = N_("not every seat has been taken yet.")
    # Translators: the button of a start message in a game by link (tiers casual-3, -4): the
    # player adds a secret to the shuffle before the deal, as a player cuts a deck of cards.
    action_labels = {**LinkProtocol.action_labels, START: N_("Cut the deck"),
                     # Translators: the button of a help message in a game by link (tier
                     # casual-6): the player's message fixes another player's new tile.
                     HELP: N_("Fix their draw")}

    def note(self, record=None) -> str:
        if self.first_note and record is not None \
                and dict(record.options).get(TIER) == CASUAL:
            return _(self.first_note)
        return super().note(record)

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

    def drawn(self, state) -> tuple:
        """Hook (casual-2): per seat, the hidden values the move that led to `state` drew from
        a keyed order (a tuple each)."""
        raise NotImplementedError

    def sees(self, state) -> frozenset:
        """Hook (casual-2): the seats whose hidden values the seat to move acts on now."""
        raise NotImplementedError

    def masked(self, view: dict, seat: int, unknown: tuple) -> dict:
        """Hook (casual-2): `seat`'s view without the values in `unknown` (drawn, with their
        repeats), whose draws are not fixed yet, saying under "waiting" what it leaves out
        (for `waiting_line`; a view before the deal says "undealt")."""
        raise NotImplementedError

    def pool(self, state) -> tuple:
        """Hook (casual-4): after a move that drew, the hidden values it drew from: what is
        left to draw and what it drew."""
        raise NotImplementedError

    def reassigned(self, state, dealt: dict):
        """Hook (casual-4): `state` with each seat in `dealt` holding the values given there
        instead of those the last move drew it (back to where they were drawn from), and
        `drawn` telling the new ones."""
        raise NotImplementedError

    def kind(self, value):
        """Hook (casual-4): which pile a hidden value is drawn from (default: one pile)."""
        return None

    def waits(self, state, like: tuple) -> bool:
        """Hook (casual-5): whether the seat to move in `state` can act without the values
        `like` (a share of a draw its own message made); default: no."""
        return False

    def masked_own(self, view: dict, seat: int, values: tuple) -> dict:
        """Hook (casual-5): `seat`'s masked view, saying which of its waiting values its own
        message drew and wait for another seat's message (for `waiting_line`); default: as
        it is."""
        return view

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
        if tier not in self.tiers:
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
        kept = {TIER: self.tier, **self.record_options(options)}
        return tuple(kept.items()), players

    def current_options(self, options: tuple) -> tuple:
        """A rematch of a game of an older tier is made in the current one."""
        return tuple((key, self.tier if key == TIER else value) for key, value in options)

    def start(self, record) -> Table:
        players = len(record.seats)
        everyone = all(s.joined for s in record.seats)
        tier = dict(record.options).get(TIER)
        return Table(phase=OPENING if everyone else JOINING, players=players,
                     options=tuple(sorted(self._engine_options(record).items())),
                     width=self.engine.token_width, sent=(0,) * players,
                     late=tier in (LATE, ROUND, SHARES, OTHERS, HELPED, AT_ONCE),
                     shares=tier in (SHARES, OTHERS, HELPED, AT_ONCE),
                     others=tier in (OTHERS, HELPED, AT_ONCE), helps=tier == HELPED,
                     anchors=tuple(s.anchor for s in record.seats),
                     starters=max(0, players - 2) if tier == ROUND or (
                         tier in (SHARES, OTHERS, HELPED, AT_ONCE) and self.start_round) else 0)

    def deal(self, ctx: bytes, table: Table, opening: tuple[bytes, ...]):
        """The engine's start keyed from chain values: in tier casual seat 0's first one and
        the others' anchors, in casual-2 every anchor and the values shown up to the fixing."""
        return self.started(table, event_random(ctx, "deal", opening))

    def started(self, table: Table, key: bytes):
        """The engine's start from `key`, in its settled form."""
        return self.settled(self.engine.initial(key, table.players, dict(table.options)))

    def draw_key(self, ctx: bytes, message: int, values_now: tuple[bytes, ...]) -> bytes:
        """The key of the draws message `message` makes: every seat's latest chain value."""
        return event_random(ctx, f"turn {message}", values_now)

    def sender(self, table: Table) -> int | None:
        if table.phase == OPENING:
            return len(table.round) + 1 if table.starting else 0
        if table.phase in (JOINING, OVER):
            return None
        if table.helper is not None:
            return table.helper
        return self.engine.to_move(table.state)[0]

    def read(self, table: Table, cursor: Cursor, record, values) -> Table:
        message, seat = table.applied, self.sender(table)
        # Translators: names a message in an error, as in "Seat 2's move 5 comes without..."
        sent = spend(table.sent, seat, values, _("move {number}").format(number=message + 1))
        if table.starting:
            return self._read_start(table, cursor, sent, values[seat][sent[seat]])
        if table.helper is not None:
            return self._read_help(table, cursor, sent, values[seat][sent[seat]])
        if table.late:
            return self._read_late(table, cursor, record, sent, values[seat][sent[seat]])
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

    # Tiers casual-3 and -4: the start round.

    def _read_start(self, table: Table, cursor: Cursor, sent, value: bytes) -> Table:
        """A start message: nothing but its sender's chain value, kept for the deal's key."""
        if "".join(cursor.take() for _n in range(table.width)) != self.start_token(table):
            raise MalformedMove(_("A start message holds nothing but its chain value."))
        return replace(table, round=table.round + (value,), sent=sent,
                       senders=table.senders + (self.sender(table),))

    @staticmethod
    def start_token(table: Table) -> str:
        return "_" * table.width

    # Tier casual-6: a help message.

    def _read_help(self, table: Table, cursor: Cursor, sent, value: bytes) -> Table:
        """A help message: nothing but its sender's chain value, shown after the move that
        drew the share it helps fix (a message that moves nothing, None among the moves)."""
        if "".join(cursor.take() for _n in range(table.width)) != self.start_token(table):
            raise MalformedMove(_("A help message holds nothing but its chain value."))
        return replace(table, shown=table.shown + (value,), moves=table.moves + (None,),
                       sent=sent, senders=table.senders + (table.helper,), helper=None)

    def _helper(self, table: Table) -> int | None:
        """Tier casual-6: the seat asked for a help message before the next move, if the seat
        to move would otherwise key a share its own message drew with its own values alone
        (one it needs now: `waits` says no): the next seat clockwise still in."""
        if not table.helps or table.phase == OVER:
            return None
        seat = self.engine.to_move(table.state)[0]
        alone = shares.own_values(table, seat, self._senders(table, seat))
        if not alone or seat not in self.sees(table.state) \
                or self.waits(table.state, alone):
            return None
        return next((n % table.players for n in range(seat + 1, seat + table.players)
                     if self.in_play(table, n % table.players)), None)

    # Tiers casual-2 to -4: draws fixed late.

    def _read_late(self, table: Table, cursor: Cursor, record, sent, value: bytes) -> Table:
        """Fix the draws the sender acts on now, keyed up to the value it shows, then play its
        move, whose own draws wait."""
        seat = self.sender(table)
        table = replace(table, shown=table.shown + (value,))
        if table.state is None:
            table = self._opening(table)
        move = self.engine.decode("".join(cursor.take() for _n in range(table.width)))
        if table.shares:
            table = shares.walk(self, record.context, replace(table, moves=table.moves + (move,)),
                                self.sees(table.state), len(table.moves), PLACEHOLDER,
                                self._senders(table, seat))
        else:
            table = self._walk(record.context, replace(table, moves=table.moves + (move,)),
                               self._through(table))
        table = replace(table, phase=self.phase_of(table.state), sent=sent,
                        senders=table.senders + (seat,))
        return replace(table, helper=self._helper(table))

    @staticmethod
    def _senders(table: Table, seat: int) -> tuple:
        """Tier casual-5: the sender of each message after the start messages, `seat` sending
        the one being read (or the next one); other tiers: ()."""
        return table.senders[len(table.round):] + (seat,) if table.others else ()

    def _placeholder_deal(self, table: Table):
        return self.started(table, PLACEHOLDER)

    def _opening(self, table: Table) -> Table:
        """Before the first message: a placeholder deal, waiting for its key like any draw."""
        return replace(table, state=self._placeholder_deal(table),
                       waiting=((-1, frozenset(range(table.players))),))

    def _through(self, table: Table) -> int:
        """The last draw to fix before the seat to move acts: the latest waiting draw that gave
        hidden values to a seat it acts on (-1: the deal), or -2 for none."""
        seen = self.sees(table.state)
        return max((m for m, seats in table.waiting if seats & seen), default=-2)

    def _walk(self, ctx: bytes, table: Table, through: int) -> Table:
        """Replay every message after the fixed ones. The deal and the draws of messages up to
        `through` are keyed from the values shown after them (the deal: from the first
        message on) and become fixed; later draws are made with the placeholder key and wait."""
        shown, players = table.shown, table.players
        state, base, fixed = table.base, table.base, table.fixed
        waiting, unknown = [], [()] * players
        if state is None and through >= -1:
            state = base = self.deal(ctx, table, table.anchors + table.round + shown)
        elif state is None:
            state = self._placeholder_deal(table)
            waiting.append((-1, frozenset(range(players))))
        for m in range(fixed, len(table.moves)):
            move, now = table.moves[m], m <= through
            if self.draws(move):
                key = event_random(ctx, f"draw {m}", shown[m + 1:]) if now else PLACEHOLDER
                state = self.keyed(state, key)
            state = self.settled(self.engine.apply(state, move))
            if now:
                base, fixed = state, m + 1
                continue
            got = self.drawn(state) if self.draws(move) else ((),) * players
            unknown = [u + tuple(g) for u, g in zip(unknown, got)]
            if self.draws(move):
                waiting.append((m, frozenset(s for s, g in enumerate(got) if g)))
        return replace(table, state=state, base=base, fixed=fixed, waiting=tuple(waiting),
                       unknown=tuple(unknown))

    def own_table(self, record, table: Table, device) -> Table:
        """The table as `device`'s seat knows it: on its turn, with the draws it acts on fixed
        by its own next chain value, which only it knows before it sends."""
        if table.state is None:
            if table.phase != OPENING or table.starting:
                return table
            table = self._opening(table)
        if table.phase == OVER or self.sender(table) != device.seat or table.helper is not None:
            return table
        value = device.chain.value(table.sent[device.seat] + 1)
        mine = replace(table, shown=table.shown + (value,))
        if table.shares:
            acting = self.sees(table.state)
            if table.base is not None and not any(table.unknown[s] for s in acting):
                return table
            return shares.walk(self, record.context, mine, acting, len(table.moves), PLACEHOLDER,
                               self._senders(table, device.seat))
        through = self._through(table)
        if through == -2:
            return table
        return self._walk(record.context, mine, through)

    def own_state(self, record, table: Table, device):
        return self.own_table(record, table, device).state

    def asks(self, record, names: tuple) -> str:
        """A start message or a help message (tier casual-6) owed next."""
        table = self.table(record)
        if table.starting:
            # Translators: the text sent with a link, to a player who must now send a start
            # message (the button "Cut the deck")
            return _("{name}, cut the deck").format(name=names[self.sender(table)])
        if table.phase not in (JOINING, OVER) and table.helper is not None:
            # Translators: the text sent with a link, to a player whose message must come
            # first: {mover} drew a tile with their own move and plays again at once
            return _("{name}, send your message first: {mover} drew a tile and plays "
                     "again").format(name=names[table.helper],
                                     mover=names[self.engine.to_move(table.state)[0]])
        return ""

    def moves(self, record, table: Table, device) -> list:
        if table.starting:
            return [START]
        if table.helper is not None:
            return [HELP]
        return self.engine.legal(device.state(self, record, table))

    def message(self, record, table, values, device, action) -> tuple[str, bool]:
        if action in (START, HELP):
            return self.start_token(table), True
        return self.engine.encode(action), True

    def seat_view(self, record, table: Table, device) -> dict:
        seat = device.seat if device else None
        if table.late:
            own = self.own_table(record, table, device) if device else table
            state = own.state if own.base is not None else None
            before_deal = own.state          # start moves shown, hidden values not dealt yet
            unknown = own.unknown[seat] if device and own.unknown else ()
        else:
            state = device.state(self, record, table) if device else table.state
            before_deal, unknown = None, ()
        if state is None:                   # before the deal: nobody's values are known yet
            placeholder = before_deal or self.settled(self.engine.initial(
                b"", table.players, dict(table.options)))
            shown = self.engine.view(placeholder, None)
            if table.late and table.phase != JOINING:
                shown["undealt"] = True
        else:
            shown = self.engine.view(state, seat)
            if unknown:
                shown = self.masked(shown, seat, unknown)
                waiting = shares.own_values(own, seat, self._senders(own, seat)[:-1])
                if waiting:
                    shown = self.masked_own(shown, seat, waiting)
        shown["seat"] = seat
        if table.helper is not None:          # casual-6: who sends the help, for whom
            shown["help"] = {"by": table.helper, "for": self.engine.to_move(table.state)[0]}
        if table.phase == JOINING:
            shown["to_move"] = [next(n for n, s in enumerate(record.seats) if not s.joined)]
        elif table.phase != OVER:
            shown["to_move"] = list(self.owed(table))
        return shown

    def blame(self, table: Table) -> int:
        sender = self.sender(table)
        if sender is not None:
            return sender
        if table.phase == JOINING:
            return 0
        return table.senders[-1] if table.senders else 0
