"""Tyrus played by sending links: no server, nobody trusted, nothing secret in a link.

The protocol is numbered L1.. in seeds/tyrus.md ("Play by link"); comments cite it. The
shared flow is parlor.links.base's; this module reads and writes Tyrus's messages. `replay`
recomputes everything public from a record (a `Table`); a player's device adds what only its
own seed shows. Once the game is over and both seeds are out, `audit` checks every hidden
value and claim again. The rules themselves (tally, chart, tile codes, the view's shape)
come from the rules module beside this one.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...i18n import N_, _
from ...links import base
from ...links.base import Cursor, Device, LinkProtocol
from ...links.fairplay import Problem, derived, draw_index, event_random, hide, reveal
from .rules import (DECK, DRAW_SIZE, HAND_SIZE, HAND_TIEBREAK, DRAWN, KINDS, MOVES_OF_TILE,
                          PLACEMENTS, TIED, Move, Tally, tally_view, chart_verdict, tally,
                          tile_code, tile_label, tile_value, _placed, _placed_face_down)
from ...engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, IllegalMove, MalformedMove, Outcome
from ...links.record import Record, game_context
from ...engine.rng import shuffled

GAME = "tyrus"
CONTEXT = game_context(GAME, {}, 2)
TIER, FIRST, KEYED = "tier", "trustless", "trustless-2"   # link formats (L2, L16)
TILES = 30
BUILDINGS = 6
PLACE = "place"                      # label of a placement's pad (L6)
OPEN, REVEAL, SEED = "open", "reveal", base.SEED     # actions besides placements
EMPTY = "_"                          # an empty message (L3)

JOINING, OPENING, PLACING, REVEALING, TIEBREAK, OVER = (
    "joining", "opening", "placing", "revealing", "tiebreak", "over")


@dataclass(frozen=True, slots=True)
class Placement:
    """One face-down placement as the link shows it (L6)."""

    message: int        # index of the message that made it (names its pad)
    seat: int
    building: int
    hidden: int         # (bag position + pad) mod 30
    drawn: int          # tiles the seat had drawn by then: its hand was positions below this


@dataclass(frozen=True, slots=True)
class Table:
    """Everything anyone holding the link can compute: the public state of the game."""

    phase: str = JOINING
    first: int | None = None                 # coin toss winner (L4)
    number: int = 0                          # election under way, 1..9; 0 before the opening
    kind: int | None = None
    placed: int = 0
    cards: tuple[int, ...] = DECK            # election cards not turned yet, sorted
    drawn: tuple[int, int] = (HAND_SIZE, HAND_SIZE)
    placements: tuple[Placement, ...] = ()
    buildings: tuple[tuple[int, ...], ...] = ((),) * BUILDINGS   # placement numbers
    reveals: tuple[tuple[int, int, int], ...] = ()   # (message, placement, tile) (L7)
    shown: tuple = (None, None)              # per seat: (message, hand) shown for T17 (L9)
    chart: tuple[tuple[int, int | None], ...] = ()
    last_tally: Tally | None = None
    outcome: Outcome | None = None
    tiebreak: tuple[int, int] | None = None
    sent: tuple[int, int] = (0, 0)           # messages sent per seat = chain index (L3)
    ends: tuple[int, ...] = ()               # where each message ends in the move string
    senders: tuple[int, ...] = ()
    keyed: bool = False                      # each draw keyed by the other seat (L5; L16)
    draw_keys: tuple = ((), ())              # per seat: the other seat's value at each draw

    @property
    def applied(self) -> int:
        """Messages read so far."""
        return len(self.ends)


# Reading the move string.

class _Cursor(Cursor):
    """The move string read front to back, tile by tile where it names tiles."""

    def tile(self) -> int:
        char = self.take()
        if TOKEN_INDEX[char] >= TILES:
            raise MalformedMove(_("{char} names no tile.").format(char=repr(char)))
        return TOKEN_INDEX[char]


def _token(building: int, hidden: int) -> str:
    n = building * TILES + hidden
    return TOKEN_ALPHABET[n // 64] + TOKEN_ALPHABET[n % 64]


def _chars(tiles) -> str:
    return "".join(TOKEN_ALPHABET[t] for t in tiles)


def _starter(table: Table) -> int:
    return table.first if table.number % 2 else 1 - table.first              # T3


def _sender(table: Table) -> int | None:
    """The seat whose message comes next (L3); None once the game is over."""
    if table.phase == JOINING:
        return 1
    if table.phase == OPENING:
        return 0
    if table.phase == PLACING:
        return _starter(table) ^ (table.placed & 1)
    if table.phase == REVEALING:
        return _starter(table)
    if table.phase == TIEBREAK:
        return next(s for s in (_starter(table), 1 - _starter(table)) if table.shown[s] is None)
    return None


def _faces(table: Table) -> dict[int, int]:
    return {placement: tile for _message, placement, tile in table.reveals}


def _own_in(table: Table, seat: int, kind: int) -> list[int]:
    """The seat's placements in the two buildings of `kind`, in building then placement order."""
    return [p for b in (kind, 3 + kind) for p in table.buildings[b]
            if table.placements[p].seat == seat]


def _hand_size(table: Table, seat: int) -> int:
    return table.drawn[seat] - sum(1 for p in table.placements if p.seat == seat)


def _spend(table: Table, seat: int, values) -> tuple[int, int]:
    """Messages sent per seat once `seat` sends one more; it must come with its next chain
    value (L3)."""
    # Translators: names a message of a link inside an error sentence, e.g. "Seat 2's move 7
    # comes without its chain value".
    label = _("move {number}").format(number=len(table.ends) + 1)
    return base.spend(table.sent, seat, values, label)


def _draw_card(table: Table, event: str, latest) -> Table:
    """Turn up the next election card from both seats' latest chain values (L4, L8)."""
    i = draw_index(event_random(CONTEXT, event, latest), len(table.cards))
    return replace(table, phase=PLACING, number=table.number + 1, kind=table.cards[i],
                   cards=table.cards[:i] + table.cards[i + 1:], placed=0)


def _opened(table: Table, x1: bytes, anchor1: bytes) -> Table:
    """The coin toss and the first card, from seat 0's chain value 1 and seat 1's anchor (L4)."""
    latest = (x1, anchor1)
    first = draw_index(event_random(CONTEXT, "first", latest), 2)
    return _draw_card(replace(table, first=first), "card 1", latest)


def _add_placement(table: Table, seat: int, building: int, hidden: int, message: int) -> Table:
    pid = len(table.placements)
    placement = Placement(message, seat, building, hidden, table.drawn[seat])
    buildings = table.buildings[:building] + (table.buildings[building] + (pid,),) \
        + table.buildings[building + 1:]
    return replace(table, placements=table.placements + (placement,), buildings=buildings,
                   placed=table.placed + 1)


def _revealed(table: Table, seat: int) -> set[int]:
    tiles = {t for _message, p, t in table.reveals if table.placements[p].seat == seat}
    return tiles | set(table.shown[seat][1] if table.shown[seat] else ())


def _check_new(table: Table, seat: int, tiles) -> None:
    """No seat can show the same tile twice in a game (L10)."""
    taken = _revealed(table, seat)
    for tile in tiles:
        if tile in taken:
            # Translators: Tyrus by link: {tile} is a tile such as "M7".
            raise IllegalMove(_("Seat {seat} showed {tile} a second time.").format(
                seat=seat + 1, tile=tile_label(tile_code(tile))))
        taken.add(tile)


def _show_tiles(table: Table, seat: int, pids, tiles, message: int) -> Table:
    """Record the faces a seat names for its tiles (L7)."""
    _check_new(table, seat, tiles)
    return replace(table, reveals=table.reveals + tuple((message, p, t)
                                                        for p, t in zip(pids, tiles)))


def _count(table: Table, latest) -> Table:
    """Tally the election once its tiles are face up (T6-T12), then end the game, call for
    the tiebreak, or draw and turn up the next card (T13, L8)."""
    faces = _faces(table)
    grid = tuple(tuple((table.placements[p].seat, faces[p]) for p in pids)
                 if b % 3 == table.kind else () for b, pids in enumerate(table.buildings))
    result = tally(grid, table.kind, table.number)
    buildings = tuple(() if b % 3 == table.kind else pids
                      for b, pids in enumerate(table.buildings))
    chart = table.chart + ((table.kind, result.winner),)
    table = replace(table, buildings=buildings, chart=chart, last_tally=result)
    verdict = chart_verdict([w for _kind, w in chart])
    if verdict is None:
        drawn = tuple(min(TILES, d + DRAW_SIZE) for d in table.drawn)
        if table.keyed and table.drawn[0] < TILES:                          # L5
            table = replace(table, draw_keys=tuple(
                keys + (latest[1 - s],) for s, keys in enumerate(table.draw_keys)))
        return _draw_card(replace(table, drawn=drawn), f"card {table.number + 1}", latest)
    if verdict[1] == TIED:
        return replace(table, phase=TIEBREAK)
    return replace(table, phase=OVER, outcome=Outcome((verdict[0],), verdict[1]))


def _show_hand(table: Table, seat: int, hand: tuple[int, ...], message: int) -> Table:
    """A hand shown for the tiebreak; once both are out, T17/T18 decide (L9)."""
    if list(hand) != sorted(set(hand)):
        raise MalformedMove(_("A hand is shown in increasing order."))
    _check_new(table, seat, hand)
    shown = tuple((message, hand) if s == seat else table.shown[s] for s in (0, 1))
    table = replace(table, shown=shown)
    if None in shown:
        return table
    sums = tuple(sum(tile_value(t) for t in hand) for _message, hand in shown)
    winners = () if sums[0] == sums[1] else ((0,) if sums[0] > sums[1] else (1,))
    return replace(table, phase=OVER, tiebreak=sums,
                   outcome=Outcome(winners, HAND_TIEBREAK if winners else DRAWN))


def _read_placement(table: Table, cursor: _Cursor, seat: int, message: int) -> Table:
    n = TOKEN_INDEX[cursor.take()] * 64 + TOKEN_INDEX[cursor.take()]
    if n >= BUILDINGS * TILES:
        raise MalformedMove(_("A placement names no building."))
    table = _add_placement(table, seat, n // TILES, n % TILES, message)
    if table.placed < PLACEMENTS:
        return table
    pids = _own_in(table, seat, table.kind)                                    # L7
    table = _show_tiles(table, seat, pids, [cursor.tile() for _pid in pids], message)
    return replace(table, phase=REVEALING)


def _read(table: Table, cursor: _Cursor, values) -> Table:
    """The table after the message at the cursor (L3-L9)."""
    message, start, phase = len(table.ends), cursor.at, table.phase
    seat = _sender(table)
    sent = _spend(table, seat, values)
    table = replace(table, sent=sent)
    if phase == OPENING:
        table = _opened(table, values[0][1], values[1][0])
        if table.first == 0:
            table = _read_placement(table, cursor, seat, message)
    elif phase == PLACING:
        table = _read_placement(table, cursor, seat, message)
    elif phase == REVEALING:
        pids = _own_in(table, seat, table.kind)
        table = _show_tiles(table, seat, pids, [cursor.tile() for _pid in pids], message)
        table = _count(table, base.latest(table.sent, values))
        if table.phase == TIEBREAK:
            hand = tuple(cursor.tile() for _n in range(_hand_size(table, seat)))
            table = _show_hand(table, seat, hand, message)
    else:
        hand = tuple(cursor.tile() for _n in range(_hand_size(table, seat)))
        table = _show_hand(table, seat, hand, message)
    if cursor.at == start and cursor.take() != EMPTY:
        raise MalformedMove(_("A message with nothing to say is written '_'."))
    return replace(table, ends=table.ends + (cursor.at,), senders=table.senders + (seat,))


# One seat's device.

class _Device(Device):
    """What one seat's own seed adds to the public table (L5, L6, L11)."""

    def __init__(self, record: Record, table: Table, values, seat: int, seed: bytes):
        super().__init__(record, table, values, seat, seed)
        key = _bag_key(record, values, seat)
        self.bag = tuple(_bag_order(seed, key, table.draw_keys[seat])) if key else None
        self.position = {pid: reveal(p.hidden, seed, (PLACE, p.message), TILES)
                         for pid, p in enumerate(table.placements) if p.seat == seat}

    def tile(self, pid: int) -> int:
        return self.bag[self.position[pid]]

    def hand(self, table: Table) -> tuple[int, ...] | None:
        if self.bag is None:
            return None
        used = set(self.position.values())
        return tuple(sorted(self.bag[i] for i in range(table.drawn[self.seat]) if i not in used))

    def opened(self, record: Record, table: Table) -> Table:
        """Seat 0 knows the coin toss and first card before it sends the opening (L4)."""
        if self.seat == 0 and table.phase == OPENING:
            return _opened(table, self.chain.value(1), record.seats[1].anchor)
        return table


def _bag_key(record: Record, values, seat: int) -> bytes | None:
    """The public value a seat's bag order is keyed with, once it exists (L5)."""
    if seat == 0:
        return record.seats[1].anchor or None
    return values[0][1] if len(values[0]) > 1 else None


def _bag_order(seed: bytes, key: bytes, draws: tuple = ()) -> list[int]:
    """A seat's 30 tiles in draw order, from its seed and the opponent's key value (L5); in
    the keyed format, the tiles left before each draw are shuffled again, sorted first, with
    the opponent's chain value at that draw (`draws`), so only the positions drawn so far are
    the real ones (L5; L16: a game of the first format keeps its first order)."""
    order = shuffled(range(TILES), derived(seed, "bag"), key)
    for k, value in enumerate(draws):
        at = HAND_SIZE + DRAW_SIZE * k
        order = order[:at] + shuffled(sorted(order[at:]), derived(seed, "bag"), "draw", k, value)
    return order


def _moves(record: Record, table: Table, device: _Device) -> list:
    seat = device.seat
    if table.phase in (REVEALING, TIEBREAK):
        return [REVEAL]
    table = device.opened(record, table)
    if _sender(table) != seat:
        return [OPEN]
    return [m for t in device.hand(table) for m in MOVES_OF_TILE[t]]


def _placement_text(table: Table, device: _Device, move: Move, message: int) -> str:
    """A placement: building and padded bag position; the sixth adds the mover's faces (L6, L7)."""
    hidden = hide(device.bag.index(move.tile), device.seed, (PLACE, message), TILES)
    text = _token(move.building, hidden)
    if table.placed == PLACEMENTS - 1:
        new = len(table.placements)
        after = _add_placement(table, device.seat, move.building, hidden, message)
        text += _chars(move.tile if p == new else device.tile(p)
                       for p in _own_in(after, device.seat, after.kind))
    return text


def _reveal_text(table: Table, device: _Device, message: int, values) -> str:
    """The reveal owed after the sixth placement, with the hand if T17 needs it (L7, L9)."""
    if table.phase == TIEBREAK:
        return _chars(device.hand(table))
    pids = _own_in(table, device.seat, table.kind)
    tiles = [device.tile(p) for p in pids]
    latest = list(base.latest(table.sent, values))
    latest[device.seat] = device.chain.value(table.sent[device.seat] + 1)
    after = _count(_show_tiles(table, device.seat, pids, tiles, message), tuple(latest))
    text = _chars(tiles)
    if after.phase == TIEBREAK:
        text += _chars(device.hand(table))
    return text or EMPTY


def _view(record: Record, table: Table, device: _Device | None) -> dict:
    """What a device may show, in the shape of the engine's view: with the seat's seed its
    own hand and face-down tiles, else only what the link makes public."""
    seat = device.seat if device else None
    over = table.phase == OVER
    movers = [] if over else [_sender(table)]
    if device is not None:
        table = device.opened(record, table)
    faces = _faces(table)
    hand = device.hand(table) if device else None

    def face(pid: int, owner: int):
        if pid in faces:
            return tile_code(faces[pid])
        return tile_code(device.tile(pid)) if device and owner == seat else None

    def hand_of(s: int):
        if table.shown[s] is not None:
            return [tile_code(t) for t in table.shown[s][1]]
        if s == seat and hand is not None:
            return [tile_code(t) for t in hand]
        return _hand_size(table, s)

    return {
        "game": GAME,
        "seat": seat,
        "to_move": movers,
        "first_player": table.first,
        "election": None if over or not table.number else {
            "number": table.number, "kind": KINDS[table.kind],
            "placements": [_starter(table) ^ (i & 1) for i in range(table.placed)]},
        "deck_left": len(table.cards),
        "buildings": [
            {"owner": b // 3, "kind": KINDS[b % 3],
             "tiles": [{"owner": table.placements[p].seat,
                        "tile": face(p, table.placements[p].seat)} for p in pids]}
            for b, pids in enumerate(table.buildings)],
        "hands": [hand_of(s) for s in (0, 1)],
        "bag": [TILES - d for d in table.drawn],
        "chart": [{"number": n, "kind": KINDS[kind], "winner": winner}
                  for n, (kind, winner) in enumerate(table.chart, 1)],
        "last_tally": tally_view(table.last_tally),
        "outcome": None if not over else {
            "winners": list(table.outcome.winners), "reason": table.outcome.reason,
            "tiebreak": list(table.tiebreak) if table.tiebreak else None},
    }


# The audit (L13).

def _due(table: Table) -> int:
    """The seat to blame for a message that failed to read: the one it was due from."""
    if table.phase == JOINING:
        return 0
    if table.phase == OVER:
        return 1 - table.senders[-1]
    return _sender(table)


def _tile_checks(record: Record, table: Table, values, seeds) -> list[Problem]:
    """Every tile a seat placed, showed or held, recomputed from its seed (`seeds`: those
    that fit their anchors, so each fixes its chain)."""
    problems = []
    keys = [_bag_key(record, values, s) for s in (0, 1)]
    bags = [_bag_order(seed, key, table.draw_keys[s]) if seed and key else None
            for s, (seed, key) in enumerate(zip(seeds, keys))]
    used, tiles = [set(), set()], {}
    for pid, p in enumerate(table.placements):
        if bags[p.seat] is None:
            continue
        position = reveal(p.hidden, seeds[p.seat], (PLACE, p.message), TILES)
        if position >= p.drawn:
            problems.append(Problem("tile never drawn", p.seat, p.message, _(
                "Seat {seat}'s placement at move {move} used a tile that was still in its "
                "bag.").format(seat=p.seat + 1, move=p.message + 1)))
        elif position in used[p.seat]:
            problems.append(Problem("tile used twice", p.seat, p.message, _(
                "Seat {seat}'s placement at move {move} used a tile it had already "
                "placed.").format(seat=p.seat + 1, move=p.message + 1)))
        used[p.seat].add(position)
        tiles[pid] = bags[p.seat][position]
    for message, pid, shown in table.reveals:
        if pid in tiles and tiles[pid] != shown:
            p = table.placements[pid]
            # Translators: Tyrus by link, the fairness check: {shown} and {placed} are tiles
            # such as "M7", {move} and {placed_at} move numbers.
            problems.append(Problem("false tally claim", p.seat, message, _(
                "Seat {seat} showed {shown} at move {move}, but the tile it placed at move "
                "{placed_at} was {placed}.").format(
                    seat=p.seat + 1, shown=tile_label(tile_code(shown)), move=message + 1,
                    placed_at=p.message + 1, placed=tile_label(tile_code(tiles[pid])))))
    for s, shown in enumerate(table.shown):
        if shown is not None and bags[s] is not None:
            held = tuple(sorted(bags[s][i] for i in range(TILES) if i not in used[s]))
            if held != shown[1]:
                # Translators: Tyrus by link, the fairness check: {shown} and {held} are lists
                # of tiles such as "S1 M4 P10".
                problems.append(Problem("false hand", s, shown[0], _(
                    "Seat {seat} showed {shown} as its hand at move {move}, but it held "
                    "{held}.").format(seat=s + 1, shown=_codes(shown[1]), move=shown[0] + 1,
                                      held=_codes(held))))
    return problems


def _codes(tiles) -> str:
    return " ".join(tile_label(tile_code(t)) for t in tiles)


def _said(before: Table, after: Table, device: _Device | None) -> str:
    """The message from `before` to `after` in words for the game log, as `device`'s seat
    (None: anyone) may read it: its own tiles named, the others' placed face down."""
    seat, sender = (device.seat if device else None), after.senders[-1]
    said = []
    for pid in range(len(before.placements), len(after.placements)):
        p = after.placements[pid]
        owner, kind = divmod(p.building, 3)
        who = {"player": f"Seat {p.seat}", "owner": f"Seat {owner}"}
        said.append(_placed(kind).format(tile=tile_label(tile_code(device.tile(pid))), **who)
                    if p.seat == seat else _placed_face_down(kind).format(**who))
    shown = [tile for _message, _pid, tile in after.reveals[len(before.reveals):]]
    if shown:
        # Translators: Tyrus game log: a player turns up their face-down tiles for the count.
        said.append(_("{player} turns up {tiles}").format(player=f"Seat {sender}",
                                                         tiles=_codes(shown)))
    for s in (0, 1):
        if after.shown[s] is not None and before.shown[s] is None:
            # Translators: Tyrus game log: a player shows their hand for the tiebreak.
            said.append(_("{player} shows their hand: {tiles}").format(
                player=f"Seat {s}", tiles=_codes(after.shown[s][1])))
    if len(after.chart) > len(before.chart):
        number, winner = len(after.chart), after.chart[-1][1]
        # Translators: Tyrus game log: the result of an election's count.
        said.append(_("Election {number}: nobody wins it").format(number=number)
                    if winner is None else _("{player} wins election {number}").format(
                        player=f"Seat {winner}", number=number))
    if not said:
        # Translators: Tyrus game log: the first message, which tosses the coin.
        said.append(_("{player} starts the game").format(player=f"Seat {sender}"))
    return "; ".join(said)


class TyrusLink(LinkProtocol):
    """The link protocol of Tyrus (L1-L14)."""

    game = GAME
    Device = _Device
    Cursor = _Cursor
    empty = Table()
    JOINING, OPENING, PLACING, REVEALING, TIEBREAK, OVER = (
        JOINING, OPENING, PLACING, REVEALING, TIEBREAK, OVER)
    # Buttons, translated where they are drawn.
    action_labels = {
        OPEN: N_("Start the game"),
        # Translators: Tyrus by link: a button; the count is the tally of the election
        # (French rulebook: dépouillement).
        REVEAL: N_("Turn up my tiles for the count"),
        SEED: N_("Publish my secret for the fairness check"),
    }

    tier, tiers = KEYED, (FIRST, KEYED)

    def check(self, record: Record) -> None:
        """Two seats, no option but the format's tier (L1, L2, L10, L16)."""
        tier = dict(record.options).get(TIER, FIRST)
        if record.game != GAME or len(record.seats) != 2 \
                or record.options not in ((), ((TIER, tier),)):
            raise MalformedMove(_("This link is not a two-player Tyrus game."))
        if tier not in self.tiers or tier == FIRST and record.options:
            raise MalformedMove(_("This link keys its draws in a way this version of Parlor "
                                  "does not know: reload the page to update."))

    def setup(self, options: dict):
        if options:
            raise ValueError(f"Tyrus takes no options, not {options!r}")
        return self._tier_option(), 2

    def _tier_option(self) -> tuple:
        """The record option of the format new games are made in (the first had none)."""
        return ((TIER, self.tier),) if self.tier != FIRST else ()

    def current_options(self, options: tuple) -> tuple:
        """A rematch of a game of the first format is made in the keyed one (L16)."""
        return self._tier_option() + tuple(kv for kv in options if kv[0] != TIER)

    def start(self, record: Record) -> Table:
        keyed = dict(record.options).get(TIER) == KEYED
        return Table(phase=OPENING if record.seats[1].joined else JOINING, keyed=keyed)

    def read(self, table: Table, cursor, record: Record, values) -> Table:
        return _read(table, cursor, values)

    def sender(self, table: Table) -> int | None:
        return _sender(table)

    def asks(self, record: Record, names: tuple) -> str:
        """The opening, the count and the tiebreak hand, when owed next (L4, L7, L9)."""
        table = self.table(record)
        name = names[_sender(table)] if table.phase in (OPENING, REVEALING, TIEBREAK) else ""
        if table.phase == OPENING:
            # Translators: the text sent with a link, to the player who must now open the game
            return _("{name}, start the game").format(name=name)
        if table.phase == REVEALING:
            # Translators: Tyrus, the text sent with a link: the election's count needs the
            # receiver's tiles turned up (the button "Turn up my tiles for the count")
            return _("{name}, turn up your tiles for the count").format(name=name)
        if table.phase == TIEBREAK:
            # Translators: Tyrus, the text sent with a link: the tiebreak after the last
            # election (rulebook: the tiles left in hand decide)
            return _("{name}, show the tiles left in your hand for the tiebreak").format(
                name=name)
        return ""

    def moves(self, record: Record, table: Table, device: _Device) -> list:
        """Move(tile, building) placements in the hot-seat order, or OPEN or REVEAL."""
        return _moves(record, table, device)

    def message(self, record: Record, table: Table, values, device: _Device, action):
        message = len(table.ends)
        table = device.opened(record, table)
        if isinstance(action, Move):
            return _placement_text(table, device, action, message), True
        if action == OPEN:
            return EMPTY, True
        return _reveal_text(table, device, message, values), True

    def seat_view(self, record: Record, table: Table, device: _Device | None) -> dict:
        return _view(record, table, device)

    def describe_message(self, record: Record, before: Table, after: Table, values,
                         device: _Device | None) -> str:
        """The message from `before` to `after` in words, for `device`'s seat's game log."""
        return _said(before, after, device)

    def blame(self, table: Table) -> int:
        return _due(table)

    def checks(self, record: Record, table: Table, values, seeds) -> list[Problem]:
        return _tile_checks(record, table, values, seeds)


PROTOCOL = TyrusLink()
