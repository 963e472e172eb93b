"""Tod dem Tyrannen! played by sending links: no server, nobody trusted, no secret in a link.

The protocol is numbered L1.. in seeds/tod-dem-tyrannen.md ("Play by link"); comments cite
it. The shared flow is parlor.links.base's. `replay` recomputes everything public from a
record (a `Table` around an engine State whose assassins are only the public candidates);
the rebel's device adds the real assassins from its own seed, the king's device the round
card it is about to turn up. Once the game is over and both seeds are out, `audit` checks
the hidden choice, every unmasking and the last-assassin announcement. The rules of play are
the engine's beside this module: its `apply` moves the public state.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...i18n import N_, _
from ...links import base
from ...links.base import Cursor, Device, LinkProtocol
from ...links.fairplay import Problem, draw_index, event_random, hide, reveal
from .rules import (CARDS, END, ENGINE, FIRST_CITIZEN, KING, KING_SEAT, N_CITIZENS,
                             N_SUBSETS, REBEL_SEAT, Move, State, occupancy,
                             rank_subset, unrank_subset)
from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, IllegalMove, MalformedMove, Outcome
from ...links.record import Record, game_context

GAME = "tyrannen"
SIDES = ("A", "B")
CONTEXTS = {side: game_context(GAME, {"side": side}, 2) for side in SIDES}
CONTEXT = CONTEXTS["A"]              # side B games use CONTEXTS["B"] (= record.context)
CHOICE = "assassins"                 # label of the hidden choice's pad (L4)
ANNOUNCE, SEED = "announce", base.SEED  # actions besides engine moves
LAST_GONE = N_("The last assassin has left the board: the king is safe.")

JOINING, CHOOSING, START, KING_TURN, REBEL_TURN, OVER = (
    "joining", "assassins", "start", "king", "rebel", "over")

# One character per action (L6): king turn fig * 8 + strike * 4 + dir, the king's
# never-legal "strike" codes hold the end of turn; rebel turn below.
KING_END = 4
REBEL_UNMASK, REBEL_END, REBEL_ANNOUNCE = 48, 60, 61   # citizens' steps are 0..47


@dataclass(frozen=True, slots=True)
class Table:
    """Everything anyone holding the link can compute: the public state of the game."""

    phase: str = JOINING
    state: State | None = None        # engine state; assassins = public candidates (L7)
    hidden: int | None = None         # the published (rank + pad) mod 220 (L4)
    card_due: bool = False            # the round's card waits for the king's message (L5)
    unmasks: tuple[tuple[int, int], ...] = ()    # (message, citizen)
    announced: tuple[int, int] | None = None     # (message, rank) (L8)
    kinds: tuple[str, ...] = ()       # per message: choice, turn or announce
    citizens: tuple[tuple, ...] = ()  # per message: citizens' fields after it
    sent: tuple[int, int] = (0, 0)    # messages begun per seat = chain index (L3)
    ends: tuple[int, ...] = ()        # where each message ends in the move string
    senders: tuple[int, ...] = ()
    open: bool = False                # the last message is a turn still being written

    @property
    def applied(self) -> int:
        """Messages read to their end so far."""
        return len(self.ends) - self.open


def _char(n: int) -> str:
    return TOKEN_ALPHABET[n]


def _pair(n: int) -> str:
    return TOKEN_ALPHABET[n // 64] + TOKEN_ALPHABET[n % 64]


class _Cursor(Cursor):
    """The move string read front to back, as numbers below 64."""

    def take(self) -> int:
        return TOKEN_INDEX[super().take()]

    def subset(self) -> int:
        n = self.take() * 64 + self.take()
        if n >= N_SUBSETS:
            raise MalformedMove(_("A choice of assassins is a number below 220."))
        return n


# Public candidates for the assassins and the round cards.

def _candidates(state: State) -> tuple[int, ...]:
    """Who may be an assassin as far as the public knows: the unmasked once all three are
    shown, else every citizen (so only removing them all ends the game in public) (L7)."""
    shown = tuple(c for c in range(N_CITIZENS) if state.unmasked[c])
    return shown if len(shown) == 3 else tuple(range(N_CITIZENS))


def _public_start(side: str) -> State:
    state = ENGINE.initial(b"tyrannen by link", 2, {"side": side})
    return replace(state, deck=tuple(sorted(state.deck)))


def _chosen(state: State) -> State:
    """The state after the hidden choice: the engine's, with the public candidates (L4)."""
    state = ENGINE.apply(state, Move("assassins", 0, 0))
    return replace(state, assassins=_candidates(state))


def _turn_up(state: State, ctx: bytes, latest) -> State:
    """The round's card, drawn from the king's fresh chain value and the rebel's latest (L5)."""
    rest = state.deck[state.drawn - 1:]
    card = rest[draw_index(event_random(ctx, f"round {state.drawn}", latest), len(rest))]
    deck = state.deck[:state.drawn - 1] + (card,) + tuple(c for c in rest if c != card)
    c = CARDS[card]
    return replace(state, deck=deck, ap_king=c.king_ap, ap_knights=c.knight_ap,
                   ap_rebel=c.rebel_ap)


# Actions as characters (L6).

def _king_move(v: int) -> Move:
    fig, strike, d = v >> 3, v >> 2 & 1, v & 3
    if fig == KING and strike:
        if v != KING_END:
            raise MalformedMove(_("{code} names no action of the king's player.").format(
            code=repr(_char(v))))
        return END
    return Move("strike" if strike else "step", fig, d)


def _rebel_move(state: State, v: int) -> Move:
    if v < REBEL_UNMASK:
        fig, d = FIRST_CITIZEN + (v >> 2), v & 3
        target = state.board.nbr[state.citizens[v >> 2]][d] \
            if state.citizens[v >> 2] is not None else None
        hits = target is not None and 0 <= occupancy(state)[target] < FIRST_CITIZEN
        return Move("strike" if hits else "step", fig, d)
    if v < REBEL_END:
        return Move("unmask", FIRST_CITIZEN + v - REBEL_UNMASK)
    if v == REBEL_END:
        return END
    raise MalformedMove(_("{code} names no action of the rebel.").format(code=repr(_char(v))))


def _action_char(phase: str, move: Move) -> str:
    if move == END:
        return _char(KING_END if phase == KING_TURN else REBEL_END)
    if phase == KING_TURN:
        return _char(move.fig * 8 + (move.kind == "strike") * 4 + move.arg)
    if move.kind == "unmask":
        return _char(REBEL_UNMASK + move.fig - FIRST_CITIZEN)
    return _char((move.fig - FIRST_CITIZEN) * 4 + move.arg)


# Reading the move string.

def _sender(table: Table) -> int | None:
    """The seat whose message comes next or is being written (L3); None once over."""
    if table.phase in (JOINING, CHOOSING, REBEL_TURN):
        return REBEL_SEAT
    if table.phase in (START, KING_TURN):
        return KING_SEAT
    return None


def _apply(state: State, move: Move) -> State:
    state = ENGINE.apply(state, move)
    return state if state.phase == OVER else replace(state, assassins=_candidates(state))


def _read(table: Table, cursor: _Cursor, ctx: bytes, values, said=None) -> Table:
    """The table after the message (or the rest of the open message) at the cursor; `said`,
    if given, is told each engine move the message makes, with the public state before it."""
    said = said or (lambda state, move: None)
    seat = _sender(table)
    state, message = table.state, table.applied
    if not table.open:
        # Translators: names a message of a link inside an error sentence.
        label = _("message {number}").format(number=message + 1)
        table = replace(table, sent=base.spend(table.sent, seat, values, label))
    if table.phase == CHOOSING:
        table = replace(table, hidden=cursor.subset(), state=_chosen(state), card_due=True)
        return _close(table, cursor, seat, "choice", done=True)
    if table.phase == START and not table.open:
        start = cursor.take()
        if start >= len(state.board.setup["starts"]):
            raise MalformedMove(_("A start field is 0 or 1."))
        said(state, Move("start", 0, start))
        state = _apply(state, Move("start", 0, start))
    if table.card_due:
        state = _turn_up(state, ctx, base.latest(table.sent, values))
        table = replace(table, card_due=False)
    if table.phase == REBEL_TURN and not table.open and cursor.peek() is not None \
            and TOKEN_INDEX[cursor.peek()] == REBEL_ANNOUNCE:
        cursor.take()
        rank = cursor.subset()
        real = unrank_subset(rank)
        if any(state.citizens[c] is not None for c in real) \
                or any(state.unmasked[c] and c not in real for c in range(N_CITIZENS)):
            raise IllegalMove(_("The announced assassins are not all off the board, or leave "
                                "out one that was unmasked."))
        state = replace(state, phase=OVER, assassins=real, ap_king=0, ap_knights=0, ap_rebel=0,
                        outcome=Outcome((KING_SEAT,), LAST_GONE))
        table = replace(table, state=state, announced=(message, rank))
        return _close(table, cursor, seat, "announce", done=True)
    mover = state.phase
    done = False
    while cursor.peek() is not None:
        v = cursor.take()
        move = _king_move(v) if mover == KING_TURN else _rebel_move(state, v)
        if move.kind == "unmask":
            table = replace(table, unmasks=table.unmasks + ((message, move.fig - FIRST_CITIZEN),))
        said(state, move)
        state = _apply(state, move)
        if move == END or state.phase == OVER:
            done = True
            break
    table = replace(table, state=state,
                    card_due=done and mover == REBEL_TURN and state.phase != OVER)
    return _close(table, cursor, seat, "turn", done)


def _close(table: Table, cursor: _Cursor, seat: int, kind: str, done: bool) -> Table:
    """Record where the message ends; a turn not closed yet is the link's tail (L6)."""
    state = table.state
    phase = JOINING if state is None else state.phase
    entry = (cursor.at,)
    if table.open:
        ends = table.ends[:-1] + entry
        kinds, senders, citizens = table.kinds, table.senders, table.citizens[:-1]
    else:
        ends, kinds, senders = table.ends + entry, table.kinds + (kind,), table.senders + (seat,)
        citizens = table.citizens
    return replace(table, phase=phase, ends=ends, kinds=kinds, senders=senders,
                   citizens=citizens + (state.citizens,), open=not done)


# One seat's device.

class _Device(Device):
    """What one seat's own seed adds to the public table (L5, L7, L10)."""

    def __init__(self, record: Record, table: Table, values, seat: int, seed: bytes):
        super().__init__(record, table, values, seat, seed)
        self.assassins = None
        if seat == REBEL_SEAT and table.hidden is not None:
            self.assassins = unrank_subset(reveal(table.hidden, seed, CHOICE, N_SUBSETS))
        self.ctx, self.values = record.context, values

    def state(self, table: Table) -> State | None:
        """The engine state as this seat knows it: the round's card turned up for the king's
        player, the real assassins for the rebel."""
        state = table.state
        if state is None:
            return None
        if table.card_due and self.seat == KING_SEAT and state.phase == KING_TURN:
            fresh = self.chain.value(table.sent[0] + 1)
            state = _turn_up(state, self.ctx, (fresh, self.values[1][table.sent[1]]))
        if self.assassins is not None and state.phase != OVER:
            state = replace(state, assassins=self.assassins)
        return state

    def must_announce(self, table: Table) -> bool:
        """The rebel's duty when the last assassin has silently left the board (L8)."""
        return (self.assassins is not None and table.phase == REBEL_TURN and not table.open
                and all(table.state.citizens[c] is None for c in self.assassins))


def _moves(table: Table, device: _Device) -> list:
    if device.must_announce(table):
        return [ANNOUNCE]
    moves = ENGINE.legal(device.state(table))
    if sum(table.state.unmasked) == 3:       # only after a false unmasking (L7)
        moves = [m for m in moves if m.kind != "unmask"]
    return moves


def _known_assassins(record: Record, table: Table) -> tuple[int, ...] | None:
    """The assassins once the public may know them: announced, or opened by the rebel's
    published seed after the end."""
    if table.announced is not None:
        return unrank_subset(table.announced[1])
    seed = record.seats[REBEL_SEAT].seed
    if table.phase == OVER and seed and table.hidden is not None:
        return unrank_subset(reveal(table.hidden, seed, CHOICE, N_SUBSETS))
    return None


def _view(record: Record, table: Table, device: _Device | None) -> dict:
    """What a device may show, in the shape of the engine's view: the rebel's device adds
    its assassins, the king's device the round card it is about to turn up."""
    seat = device.seat if device else None
    if table.state is None:
        table = replace(table, state=_public_start(dict(record.options)["side"]))
    state = device.state(table) if device else table.state
    over = table.phase == OVER
    if over:
        known = _known_assassins(record, table)
        state = replace(state, assassins=known or ())
    out = ENGINE.view(state, seat)
    if table.phase == JOINING:
        out.update(phase=JOINING, to_move=[REBEL_SEAT])
    if over and not state.assassins:
        out["assassins"] = None
        for c, citizen in enumerate(out["citizens"]):
            citizen["assassin"] = True if state.unmasked[c] else None
    if table.card_due and state.phase == KING_TURN and not (device and device.seat == KING_SEAT):
        out.update(card=None, played=out["played"][:-1],
                   ap={"king": 0, "knights": 0, "rebel": 0})
    return out


# The audit (L12).

def _due(table: Table) -> int:
    """The seat to blame for a message that failed to read: the one writing it, else 0."""
    return _sender(table) or 0


def _choice_checks(record: Record, table: Table, values, seeds) -> list[Problem]:
    """Everything the rebel claimed, recomputed from its seed (if it fits its anchor)."""
    problems = []
    rebel = seeds[REBEL_SEAT]
    if rebel is not None and table.hidden is not None:
        rank = reveal(table.hidden, rebel, CHOICE, N_SUBSETS)
        real = unrank_subset(rank)
        names = ", ".join(str(c + 1) for c in real)
        for message, citizen in table.unmasks:
            if citizen not in real:
                problems.append(Problem("false unmasking", REBEL_SEAT, message,
                                        _("The rebel unmasked citizen {citizen} at move "
                                          "{move}, but chose citizens {citizens}.").format(
                                            citizen=citizen + 1, move=message + 1,
                                            citizens=names)))
        if table.announced is not None and table.announced[1] != rank:
            problems.append(Problem("false announcement", REBEL_SEAT, table.announced[0],
                                    _("The rebel's announcement at move {move} does not show "
                                      "the citizens it chose ({citizens}).").format(
                                        move=table.announced[0] + 1, citizens=names)))
        withheld = _withheld(table, real)
        if withheld is not None:
            problems.append(Problem("withheld announcement", REBEL_SEAT, withheld,
                                    _("The last assassin had left the board, but the rebel's "
                                      "move {move} did not say so: the king had won.").format(
                                        move=withheld + 1)))
    return problems


def _withheld(table: Table, real: tuple[int, ...]) -> int | None:
    """The first rebel message that should have been the announcement of L8, if any."""
    for message, citizens in enumerate(table.citizens):
        if table.senders[message] == KING_SEAT and all(citizens[c] is None for c in real):
            later = message + 1
            if later < len(table.kinds) and table.kinds[later] != "announce":
                return later
            return None
    return None


class TyrannenLink(LinkProtocol):
    """The link protocol of Tod dem Tyrannen (L1-L13)."""

    game = GAME
    Device = _Device
    Cursor = _Cursor
    empty = Table()
    JOINING, CHOOSING, START, KING_TURN, REBEL_TURN, OVER = (
        JOINING, CHOOSING, START, KING_TURN, REBEL_TURN, OVER)
    action_labels = {
        ANNOUNCE: N_("Show my assassins: the last one has left the board"),
        SEED: N_("Publish my secret for the fairness check"),
    }

    def check(self, record: Record) -> None:
        """Two seats and a board side (L1, L9)."""
        if record.game != GAME or len(record.seats) != 2 \
                or record.options not in ((("side", "A"),), (("side", "B"),)):
            raise MalformedMove(_("This link is not a two-player game of King & Assassins."))

    def setup(self, options: dict):
        """The creator plays the king in seat 0 on the board side it chose (L2)."""
        side = options.get("side", "A")
        if side not in SIDES or set(options) - {"side"}:
            raise ValueError("Tod dem Tyrannen takes only the option side A or B, "
                             f"not {options!r}")
        return (("side", side),), 2

    def start(self, record: Record) -> Table:
        side = dict(record.options)["side"]
        return Table(phase=CHOOSING, state=_public_start(side)) if record.seats[1].joined \
            else Table()

    def read(self, table: Table, cursor, record: Record, values) -> Table:
        return _read(table, cursor, record.context, values)

    def sender(self, table: Table) -> int | None:
        return _sender(table)

    def moves(self, record: Record, table: Table, device: _Device) -> list:
        """The engine's moves (the choice, the start, a round's actions with END last) or
        ANNOUNCE."""
        return _moves(table, device)

    def message(self, record: Record, table: Table, values, device: _Device, action):
        """A turn is one message: its first action begins it, END (or the end of the game)
        closes it (L3, L6)."""
        if action == ANNOUNCE:
            text = _char(REBEL_ANNOUNCE) + _pair(reveal(table.hidden, device.seed, CHOICE,
                                                        N_SUBSETS))
        elif action.kind == "assassins":
            text = _pair(hide(action.arg, device.seed, CHOICE, N_SUBSETS))
        elif action.kind == "start":
            text = _char(action.arg)
        else:
            text = _action_char(device.state(table).phase, action)
        return text, not table.open

    def seat_view(self, record: Record, table: Table, device: _Device | None) -> dict:
        return _view(record, table, device)

    def describe_message(self, record: Record, before: Table, after: Table, values,
                         device: _Device | None) -> str:
        """The message that leads from `before` to `after` in words, as the game log says it
        to `device`'s seat (None: anyone): the engine's lines for the moves it makes, over
        the public state, the rebel's own assassins added for the rebel."""
        seat = device.seat if device else None
        if before.phase == CHOOSING:
            rank = rank_subset(device.assassins) if device and device.assassins else 0
            return ENGINE.describe(before.state, Move("assassins", 0, rank), seat)
        if after.announced is not None and before.announced is None:
            return _(LAST_GONE)
        made = []
        cursor = _Cursor(record.moves)
        cursor.at = before.ends[-1] if before.ends else 0
        _read(before, cursor, record.context, values, said=lambda state, move: made.append(
            (state, move)))
        known = device.assassins if device and device.assassins else None
        return "; ".join(ENGINE.describe(
            replace(state, assassins=known) if known and state.phase != OVER else state, move,
            seat) for state, move in made)

    def blame(self, table: Table) -> int:
        return _due(table)

    def checks(self, record: Record, table: Table, values, seeds) -> list[Problem]:
        return _choice_checks(record, table, values, seeds)


PROTOCOL = TyrannenLink()
