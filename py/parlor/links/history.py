"""What happened in a game by link, message by message, as one device may know it.

A record is read again message by message (the protocol's own `start` and `read`), and the
public table after each message is kept. From those tables alone come:
- `frame(k)`: the board after k messages, drawn from the protocol's view for this device's
  seat (`seat_view` with the seat's own device, or a spectator's), as the replay shows it;
- `lines()`: each message in words, the game log, from the engine's `describe` for the
  reader's seat over the state the message's sender acted on (worked out from chain values
  the record shows, so from nothing anyone holding the link could not work out), or for a
  protocol whose messages are not engine moves, from the game's own `describe_message`;
- `since(count)`: the lines of the other seats' messages after the first `count`, and
  `since_by_seat(count)` the same grouped by player, for the since-you-looked summary.
Nothing here reads another seat's secret: the only secret it is given is this device's seed.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from .. import i18n
from ..engine.protocol import MoveError, SeatView
from ..i18n import _
from .base import JOINING, OVER
from .casual import CasualDevice, CasualLink

KEEP = 4                        # games whose tables and lines are kept, the one on screen first
_tables: OrderedDict = OrderedDict()     # game -> (record, its tables)
_lines: OrderedDict = OrderedDict()      # (game, seat, language) -> (moves, lines)


def game_of(record) -> tuple:
    """What fixes how a game's messages read: its id and every seat's anchor (two copies of
    one invitation may have different players in a seat)."""
    return record.game_id, tuple(seat.anchor for seat in record.seats)


def _kept(cache: OrderedDict, key, value=None):
    """Look up (or, given `value`, keep) an entry of a small cache of recent games."""
    if value is not None:
        cache[key] = value
    if key in cache:
        cache.move_to_end(key)
    if len(cache) > KEEP:
        cache.popitem(last=False)
    return cache.get(key)


def tables(protocol, record) -> tuple:
    """The public table before any message and after each message of `record`, up to the
    first message that does not read (none when the seat data does not). A message reads the
    same in every record that holds it, so the tables of a shorter record of the game are
    taken up where they stop (a new link adds a few messages to a game of hundreds)."""
    game = game_of(record)
    kept = _kept(_tables, game)
    found = []
    try:
        values = protocol.values(record)
        if kept is not None and len(kept[1]) > 1 and record.moves.startswith(kept[0].moves) \
                and kept[1][-1].ends[-1] == len(kept[0].moves) \
                and not getattr(kept[1][-1], "open", False):      # (a turn being written)
            found = list(kept[1])
        else:
            found = [protocol.start(record)]
        table = found[-1]
        cursor = protocol.Cursor(record.moves)
        cursor.at = table.ends[-1] if len(found) > 1 else 0
        while cursor.peek() is not None and table.phase not in (JOINING, OVER):
            table = protocol.read(table, cursor, record, values)
            found.append(table)
    except MoveError:
        pass
    return _kept(_tables, game, (record, tuple(found)))[1]


class _Shown:
    """A seat's chain as far as the record shows it: its values once they were sent (public),
    standing in for the seat's device where only those values are needed."""

    def __init__(self, seat: int, values):
        self.seat, self.chain, self._values = seat, self, values[seat]

    def value(self, index: int) -> bytes:
        return self._values[index]


def acted_on(protocol, record, table, shown: _Shown):
    """The engine state the sender of the message after `table` acted on, in the casual tier:
    the draws it saw fixed, by the chain value its message shows (`shown`)."""
    if table.late:
        return protocol.own_state(record, table, shown)
    return CasualDevice.state(shown, protocol, record, table)


@dataclass
class History:
    """A game by link read message by message for one device: its seat and seed (none for a
    spectator). `count` is the number of messages read."""

    protocol: object
    record: object
    seat: int | None = None
    seed: bytes | None = None

    def __post_init__(self):
        self.tables = tables(self.protocol, self.record)
        self.values = self.protocol.values(self.record) if self.tables else ()

    @property
    def count(self) -> int:
        return max(0, len(self.tables) - 1)

    def sender(self, message: int) -> int:
        """The seat that sent message `message` (0-based)."""
        return self.tables[message + 1].senders[-1]

    def frame(self, step: int) -> SeatView:
        """The board after `step` messages as this device's seat saw it (a spectator: as the
        link makes public); no moves."""
        table = self.tables[max(0, min(step, self.count))]
        device = None
        if self.seat is not None and self.seed is not None:     # proven by the whole record
            device = self.protocol.Device(self.record, self.tables[-1], self.values,
                                          self.seat, self.seed)
        return SeatView(self.protocol.seat_view(self.record, table, device), (), self.seat)

    def lines(self) -> list[str]:
        """Each message in words, oldest first, as this device's seat may read it ("Seat n"
        where a name goes: the screens put the names in)."""
        key = (game_of(self.record), self.seat, i18n.language())
        moves, lines = _kept(_lines, key) or ("", [])
        if not self.record.moves.startswith(moves):
            lines = []
        lines = lines[:self.count]
        for message in range(len(lines), self.count):
            lines.append(self._line(message))
        done = self.count - bool(self.tables and getattr(self.tables[-1], "open", False))
        upto = self.tables[done].ends[-1] if done else 0    # (a turn being written may grow)
        _kept(_lines, key, (self.record.moves[:upto], lines[:done]))
        return lines

    def messages_in(self, moves: str) -> int:
        """How many whole messages the first len(moves) characters of the moves hold."""
        return sum(1 for table in self.tables[1:] if table.ends[-1] <= len(moves))

    def since(self, count: int) -> list[tuple[int, str]]:
        """(sender, line) of every message after the first `count` that another seat sent.
        A count inside a round of messages sent at once (a table `open`: Tyros's kept cards,
        seeds/tyros.md YL10) counts from the round's start, since the others' messages of the
        round may stand before the ones this device had."""
        lines = self.lines()
        count = min(max(0, count), self.count)
        while count > 0 and getattr(self.tables[count], "open", False):
            count -= 1
        return [(self.sender(m), lines[m]) for m in range(max(0, count), self.count)
                if self.sender(m) != self.seat]

    def turns(self) -> list[int | None]:
        """The game's turn after each number of messages (engine games by link; None where
        the game has no turns or none is dealt yet), for the replay's jumps."""
        if not isinstance(self.protocol, CasualLink):
            return [None] * (self.count + 1)
        engine = self.protocol.engine
        return [None if table.state is None else engine.turn_of(table.state)
                for table in self.tables]

    def since_by_seat(self, count: int) -> list[tuple[int, list[str]]]:
        """`since` grouped by sender: (seat, its lines oldest first) per other seat, in the
        order each first sent a message after the first `count`."""
        grouped: dict[int, list[str]] = {}
        for seat, line in self.since(count):
            grouped.setdefault(seat, []).append(line)
        return list(grouped.items())

    def _line(self, message: int) -> str:
        protocol, before = self.protocol, self.tables[message]
        after = self.tables[message + 1]
        describe = getattr(protocol, "describe_message", None)
        sender = after.senders[-1]
        if not isinstance(protocol, CasualLink) and describe is None:
            # Translators: a game by link's log, for a game that cannot say more of a message.
            return _("{who} plays their turn").format(who=f"Seat {sender}")
        if describe is not None:
            device = None
            if self.seat is not None and self.seed is not None:
                device = protocol.Device(self.record, self.tables[-1], self.values,
                                         self.seat, self.seed)
            return describe(self.record, before, after, self.values, device)
        start = before.ends[-1] if len(before.ends) else 0
        token = self.record.moves[start:after.ends[-1]]
        if getattr(before, "starting", False):
            # Translators: a game by link's log: a player's start message, which adds that
            # player's secret to the shuffle before the deal ({who} is a player's name).
            return _("{who} cuts the deck").format(who=f"Seat {sender}")
        if getattr(before, "helper", None) is not None:
            # Translators: a game by link's log: a player's help message, whose secret keys
            # the tile another player's own move drew it (tier casual-6; {who}: a name).
            return _("{who} helps fix another player's draw").format(who=f"Seat {sender}")
        state = acted_on(protocol, self.record, before, _Shown(sender, self.values))
        return protocol.engine.describe(state, protocol.engine.decode(token), self.seat)
