"""Tyros played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered YL1.. in seeds/tyros.md ("Play by link"). It is
parlor.links.casual's engine-driven protocol for 3 or 4 seats: one message per move token
(YL2). New games are made in the tier `casual-7`: once every seat is taken, the seats that
joined before the last one send a start message each, and the setup and first deal are keyed
from every anchor, those values and seat 0's first chain value (YL3); each later draw is keyed
from the chain values shown after the message that caused it, each seat's share fixed when
that seat is next to move (YL4), but for cards a seat's own move dealt it, which wait for its
next move after another seat's (YL8); at the end of a turn every player who keeps cards
keeps them from the same link, in any order, and copies holding different players' keeps
merge (YL10). Games of the earlier tiers (`casual` to `casual-5`) still play as they began
(YL7, YL9). A trade is two messages of the proposer (the offer, whose cards are steps of
the same link) and one of the partner (YL5).
"""
from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass, fields, replace

from ...engine.protocol import MalformedMove, MoveError, Replay
from ...engine.rng import shuffled
from ...i18n import N_, _, ngettext
from ...links.base import JOINING, OVER, Cursor, IllegalMove, signed_by, spend, with_seat
from ...links.casual import AT_ONCE, CASUAL, LATE, OTHERS, ROUND, SHARES, TIER, CasualLink, Table
from ...links.record import merge
from .rules import TILES as TILE_PHASE
from .rules import (ENGINE, KEEP, KEEPING, Build, Cards, City, Exchange, Pass, Sail, State, Tile,
                    Under, _keep, add, counts, sub)

TILES, PRESET, AUTO = "tiles_per_player", "preset_start", "auto_pass"
READ_KEEP = 64                  # tables kept to read a longer record from (YL2)
READ_BACK = 12                  # messages back a kept table may be
RECORD_TILES, RECORD_PRESET = "tiles", "preset"     # kept only when not the default (YL1)
RECORD_AUTO = "auto"                                # the forced passes made for the players


@dataclass(frozen=True)
class TyrosTable(Table):
    """The casual table, with the rounds of kept cards of tier casual-7 (YL10)."""

    at_once: bool = False                 # tier casual-7 in a signed game: keeps sent at once
    before: object = None                 # while a round of keeps is open: the table when it
    keeps: tuple = ()                     #   began, and (seat, text) of each keep read since
    marks: tuple = ()                     # (seat, start, text): each seat whose latest message
                                          #   is a keep of a round, signed over the moves
                                          #   before the round and its own text
    rounds: tuple = ()                    # (start, last message, keepers) of each round done

    @property
    def open(self) -> bool:
        """A round of keeps not complete: what the next keep means depends on the seat data,
        so no cache takes this table up (history.tables, `TyrosLink._replay`)."""
        return bool(self.keeps)


def _start_of(table) -> int:
    """Where a round that begins after `table` begins in the move string."""
    return table.applied * table.width


def _keeps_at_once(record) -> bool:
    """Whether a game's keeps of a round are sent at once: tier casual-7, signed (YL10)."""
    return dict(record.options).get(TIER) == AT_ONCE and record.signed


def _keeps_in(moves: str, start: int, keepers: tuple, width: int) -> dict:
    """{seat: its keep} of a round whose keeps stand at `start` of `moves`, in the keepers'
    order."""
    return {s: moves[start + i * width:start + (i + 1) * width] for i, s in enumerate(keepers)}


class TyrosLink(CasualLink):
    game = "tyros"
    engine = ENGINE
    tier, tiers = AT_ONCE, (CASUAL, LATE, ROUND, SHARES, OTHERS, AT_ONCE)
    start_round = True
    # Translators: Tyros by link: how safe the players' hands are in this kind of game.
    hidden_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes the "
                     "links could work out a card or tile once it is drawn. But nobody can "
                     "choose a draw, nor know what their own move draws while choosing it: a "
                     "draw is fixed by the moves after it, and you see yours when you next "
                     "play.")
    # Translators: Tyros by link, a game begun before late draws (tier "casual").
    first_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes the "
                    "links of this game could work out every player's cards and tiles, and the "
                    "player whose move causes a draw could work it out while choosing.")

    def __init__(self):
        super().__init__()
        self._read = OrderedDict()       # (game, moves) -> the table after those moves

    def record_options(self, options: dict) -> dict:
        """4 tiles each is kept as tiles=4, the fixed starts as preset=1, the forced passes
        made for the players (D34) as auto=1 (YL1)."""
        kept = {}
        if options.get(TILES, 5) == 4:
            kept[RECORD_TILES] = "4"
        if options.get(PRESET):
            kept[RECORD_PRESET] = "1"
        if options.get(AUTO):
            kept[RECORD_AUTO] = "1"
        return kept

    def engine_options(self, kept: dict) -> dict:
        tiles = kept.pop(RECORD_TILES, None)
        preset = kept.pop(RECORD_PRESET, None)
        auto = kept.pop(RECORD_AUTO, None)
        if kept or tiles not in (None, "4") or preset not in (None, "1") or auto not in (None, "1"):
            raise MalformedMove(_("This link has Tyros options that make no sense."))
        return {TILES: 4 if tiles else 5, PRESET: preset == "1", AUTO: auto == "1"}

    def current_options(self, options: tuple) -> tuple:
        """A rematch is made in the current tier and with D34's forced passes (YL11)."""
        return tuple((dict(super().current_options(options)) | {RECORD_AUTO: "1"}).items())

    # Tier casual-7: the kept cards sent at once (YL10).

    def start(self, record) -> TyrosTable:
        table = super().start(record)
        return TyrosTable(**{f.name: getattr(table, f.name) for f in fields(table)},
                          at_once=_keeps_at_once(record))

    def signs_late(self, record) -> bool:
        """A keep of a round signs the moves before the round and its own text: where that
        text stands in the move string is known once the moves are read (YL10)."""
        return _keeps_at_once(record)

    @staticmethod
    def keepers(state: State) -> tuple:
        """The seats still to keep in the keeping phase, in the order the engine asks (D27)."""
        n = state.players
        return tuple((state.first + i) % n for i in range(state.step, n)
                     if sum(state.hands[(state.first + i) % n]) > KEEP)

    def round_of(self, table):
        """While a round of keeps is open at `table` (YL10): the table when it began, its
        keepers in the engine's order and those still to keep; else None. A round opens where
        at least two seats keep, the deal is fixed and none of them waits for a card or tile
        (else the keeps go one after another, as in casual-5)."""
        if not getattr(table, "at_once", False) or table.phase != KEEPING:
            return None
        before = table.before or table
        keepers = self.keepers(before.state)
        if table.before is None and (len(keepers) < 2 or before.base is None or any(
                before.unknown and before.unknown[s] for s in keepers)):
            return None
        done = {seat for seat, _text in table.keeps}
        return before, keepers, tuple(s for s in keepers if s not in done)

    def sender(self, table) -> int | None:
        found = self.round_of(table)
        return found[2][0] if found else super().sender(table)

    def owed(self, table) -> tuple:
        """Every keeper of an open round who has not kept yet (YL10)."""
        found = self.round_of(table)
        return found[2] if found else super().owed(table)

    def read(self, table, cursor, record, values):
        found = self.round_of(table)
        if found:
            return self._read_keep(table, cursor, record, values, *found)
        table = super().read(table, cursor, record, values)
        if getattr(table, "marks", ()):
            sender = table.senders[-1]
            table = replace(table, marks=tuple(m for m in table.marks if m[0] != sender))
        return table

    def _read_keep(self, table, cursor, record, values, before, keepers, pending):
        """One keep of a round: the move string holds the keeps of the seats whose chain
        shows one, in the engine's order; once every keeper's is in, they are played in that
        order, exactly as keeps sent one after another (YL10)."""
        kept = [s for s in keepers if record.seats[s].message_index > before.sent[s]]
        number = len(table.keeps)
        seat = kept[number] if number < len(kept) else pending[0]
        # Translators: names a message in an error, as in "Seat 2's move 5 comes without..."
        sent = spend(table.sent, seat, values, _("move {number}").format(
            number=table.applied + 1))
        text = "".join(cursor.take() for _n in range(table.width))
        problem = self.engine.why_not(self._turn_of(before.state, seat), self.engine.decode(text))
        if problem:
            raise IllegalMove(problem)
        start = _start_of(before)
        keeps = table.keeps + ((seat, text),)
        marks = tuple(m for m in table.marks if m[0] != seat) + ((seat, start, text),)
        if len(keeps) < len(keepers):
            return replace(table, before=before, keeps=keeps, sent=sent, marks=marks,
                           senders=table.senders + (seat,))
        done, group = before, Cursor("".join(text for _seat, text in keeps))
        for _seat in keepers:
            done = super().read(done, group, record, values)
        last = len(before.moves) + len(keepers) - 1
        return replace(done, before=None, keeps=(), marks=marks,
                       rounds=before.rounds + ((start, last, keepers),))

    @staticmethod
    def _turn_of(state: State, seat: int) -> State:
        """The keeping state with `seat` the one asked (the engine asks one at a time)."""
        return replace(state, step=(seat - state.first) % state.players)

    def _senders(self, table, seat: int) -> tuple:
        """As in casual-5, but the message that completes a round of keeps counts as sent by
        every keeper of it: any of them may be the last to keep on its device, and see the deal
        that follows (YL8, YL10)."""
        senders = CasualLink._senders(table, seat)
        if not senders or not getattr(table, "rounds", ()):
            return senders
        senders = list(senders)
        for _start, last, keepers in table.rounds:
            if last < len(senders):
                senders[last] = frozenset(keepers)
        return tuple(senders)

    def own_table(self, record, table, device):
        """During a round, the keeping state as this seat may see it: the cards each keeper
        kept set aside (D33), and this seat the one asked while it has not kept (YL10)."""
        own = super().own_table(record, table, device)
        found = self.round_of(table)
        if found is None:
            return own
        return replace(own, state=self._kept_state(found, table.keeps, device.seat))

    def _kept_state(self, found, keeps, seat):
        before, _keepers, pending = found
        state = before.state
        for kept, text in keeps:
            state = _keep(state, kept, self.engine.decode(text).counts)
        return self._turn_of(state, seat if seat in pending else pending[0])

    def seat_view(self, record, table, device) -> dict:
        found = self.round_of(table)
        if found and device is None:
            shown = replace(table, state=self._kept_state(found, table.keeps, None))
            view = super().seat_view(record, shown, device)
            view["to_move"] = list(found[2])
            return view
        return super().seat_view(record, table, device)

    def _send(self, record, device, text: str, begins: bool = True):
        """A keep of a round goes in the move string in the engine's order among the keeps
        already there, signed over the moves before the round and its own text (YL10)."""
        table = self.table(record)
        found = self.round_of(table)
        if found is None:
            return super()._send(record, device, text, begins)
        before, keepers, _pending = found
        start = _start_of(before)
        keeps = dict(table.keeps)
        keeps[device.seat] = text
        moves = record.moves[:start] + "".join(keeps[s] for s in keepers if s in keeps)
        old = record.seats[device.seat]
        new = replace(old, index=old.index + 1, value=device.chain.value(old.index + 1),
                      tag_moves=start + len(text))
        new = signed_by(record, record.moves[:start] + text, device.seat, new, device.seed)
        return replace(record, moves=moves, seats=with_seat(record.seats, device.seat, new))

    def asks(self, record, names: tuple) -> str:
        """Every keeper of an open round, named together (YL10)."""
        found = self.round_of(self.table(record))
        if not found or len(found[2]) < 2:
            return super().asks(record, names)
        # Translators: the text sent with a link, at the end of a Tyros turn: each of the
        # players named (e.g. "Bo, Cy") keeps 3 of their cards, all from this same link.
        return ngettext("{names}: keep {n} of your cards",
                        "{names}: keep {n} of your cards", KEEP).format(
            names=", ".join(names[s] for s in found[2]), n=KEEP)

    # Merging copies that hold different keeps of one round (YL10).

    def kept_rounds(self, record, table):
        """(start, keepers, {seat: text}) of each round `record` holds, the open one last."""
        for start, _last, keepers in getattr(table, "rounds", ()):
            yield start, keepers, _keeps_in(record.moves, start, keepers, table.width)
        found = self.round_of(table)
        if found and table.keeps:
            yield _start_of(found[0]), found[1], dict(table.keeps)

    def _round_holding(self, record, moves: str):
        """The round of `record` inside which the move string `moves` ends, with the same
        moves before it: (start, keepers, {seat: text}), or None."""
        result = self.replay(record)
        if not getattr(result.state, "at_once", False):
            return None
        width = result.state.width
        for start, keepers, texts in self.kept_rounds(record, result.state):
            if start < len(moves) <= start + len(keepers) * width \
                    and moves[:start] == record.moves[:start]:
                return start, keepers, texts
        return None

    def holds(self, record, moves: str) -> bool:
        """Whether `record` holds every message of `moves`, whose keeps of a round may stand
        in another order among other keeps (YL10)."""
        if record.moves.startswith(moves):
            return True
        found = self._round_holding(record, moves)
        if found is None:
            return False
        start, _keepers, texts = found
        width = self.engine.token_width
        mine = Counter(moves[i:i + width] for i in range(start, len(moves), width))
        return not mine - Counter(texts.values())

    def concurrent(self, record, moves: str) -> bool:
        """Whether `record` and a copy with the move string `moves` hold keeps of the same
        round that do not contradict each other, so that a merge joins them (YL10)."""
        if self._round_holding(record, moves) is not None:
            return True
        table = self.replay(record).state
        if not getattr(table, "open", False):
            return False
        start, width = _start_of(table.before), table.width
        keepers = self.keepers(table.before.state)
        if moves[:start] != record.moves[:start] or len(moves) < start + len(keepers) * width:
            return False
        theirs = _keeps_in(moves, start, keepers, width)
        return all(theirs[s] == text for s, text in table.keeps)

    def merge(self, local, incoming):
        """`record.merge`, and two copies that hold different keeps of one round merge into
        the copy that holds them all, unless one seat kept differently in the two (YL10)."""
        merged, status = merge(local, incoming)
        tables = [self.replay(r) for r in (local, incoming)]
        if status == "foreign" or not all(t.ok and getattr(t.state, "at_once", False)
                                          for t in tables) \
                or not any(t.state.open for t in tables):
            return merged, status
        moves = self._joined(local, tables[0].state, incoming, tables[1].state)
        if moves is None or any(r.moves != moves and any(s.claim or s.resigned for s in r.seats)
                                for r in (local, incoming)):
            return local, "diverged"
        both, status = merge(replace(local, moves=moves), replace(incoming, moves=moves))
        if status in ("foreign", "diverged"):
            return local, status
        if both == local:
            return local, "same" if both == incoming else "older"
        return both, "advanced"

    def _joined(self, a, ta, b, tb) -> str | None:
        """The move string holding the messages of both copies (at least one with a round
        open), or None when they contradict each other."""
        copies = sorted(((r, t) for r, t in ((a, ta), (b, tb)) if t.open),
                        key=lambda c: _start_of(c[1].before))
        first, table = copies[0]
        other, other_table = (b, tb) if first is a else (a, ta)
        start, keepers = _start_of(table.before), self.keepers(table.before.state)
        if other.moves[:start] != first.moves[:start]:
            return first.moves if first.moves.startswith(other.moves) else None
        if len(other.moves) == start:
            return first.moves
        theirs = next((texts for at, _k, texts in self.kept_rounds(other, other_table)
                       if at == start), None)
        if theirs is None or any(theirs.get(s, text) != text for s, text in table.keeps):
            return None
        if other_table.open and _start_of(other_table.before) == start:
            keeps = {**theirs, **dict(table.keeps)}
            return first.moves[:start] + "".join(keeps[s] for s in keepers if s in keeps)
        return other.moves

    def started(self, table, key: bytes):
        """The engine's start from a key, with seat 0, who sends the first message, as the
        first player (YL3)."""
        return replace(super().started(table, key), first=0)

    def keyed(self, state: State, key: bytes) -> State:
        """The deck, the tile pile and the next deal drawn from a draw key (YL4)."""
        return replace(state, seed=key, deck=tuple(shuffled(state.deck, key, "tyros", "deck")),
                       pile=tuple(shuffled(state.pile, key, "tyros", "pile")))

    def settled(self, state: State) -> State:
        """The public form kept between messages: deck and pile sorted, no key (YL4)."""
        return replace(state, seed=b"", deck=tuple(sorted(state.deck)),
                       pile=tuple(sorted(state.pile)))

    def draws(self, move) -> bool:
        """Tiles and exchanges draw; a pass may end the actions and a kept hand the turn, and
        the next deal follows (YL4); so may a voyage, a galleon or a city paid with the last
        cards of the hand, when the passes it forces on empty hands (D34) end the actions."""
        return isinstance(move, (Tile, Under, Exchange, Pass, Cards, Sail, Build, City))

    def kind(self, value) -> str:
        """Cards come from the deck, tiles from the tile pile (YL4)."""
        return value[0]

    def pool(self, state: State) -> tuple:
        """What the last move drew from: the deck and the tile pile, and what it drew (YL4)."""
        drawn = tuple(value for share in state.drawn for value in share)
        return tuple(("card", c) for c in state.deck) + tuple(("tile", t) for t in state.pile) \
            + drawn

    def reassigned(self, state: State, dealt: dict) -> State:
        """Each seat in `dealt` holding the cards and tiles given there instead of those the
        last move drew it (YL4)."""
        deck, pile = Counter(state.deck), Counter(state.pile)
        hands, tiles, drawn = list(state.hands), list(state.tile_hands), list(state.drawn)
        for seat in dealt:
            hands[seat] = sub(hands[seat], counts(c for kind, c in drawn[seat] if kind == "card"))
            tiles[seat] = tuple(t for t in tiles[seat] if ("tile", t) not in drawn[seat])
            deck.update(c for kind, c in drawn[seat] if kind == "card")
            pile.update(t for kind, t in drawn[seat] if kind == "tile")
        for seat, values in dealt.items():
            cards = [c for kind, c in values if kind == "card"]
            new_tiles = [t for kind, t in values if kind == "tile"]
            hands[seat] = add(hands[seat], counts(cards))
            tiles[seat] = tuple(sorted(tiles[seat] + tuple(new_tiles)))
            deck.subtract(cards)
            pile.subtract(new_tiles)
            drawn[seat] = tuple(values)
        return replace(state, hands=tuple(hands), tile_hands=tuple(tiles), drawn=tuple(drawn),
                       deck=tuple(sorted(deck.elements())), pile=tuple(sorted(pile.elements())))

    def phase_of(self, state: State) -> str:
        return state.phase

    def drawn(self, state: State) -> tuple:
        """The cards and tiles each seat drew unseen on the last move (YL4)."""
        return state.drawn or ((),) * state.players

    def sees(self, state: State) -> frozenset:
        """The seat to move plays with its cards and tiles in mind, whatever the phase (YL4)."""
        return frozenset(ENGINE.to_move(state))

    def waits(self, state: State, like: tuple) -> bool:
        """Cards are used only from the actions on, tiles only in the tile phase: a share the
        seat to move does not use now can wait (YL8)."""
        used = "tile" if state.phase == TILE_PHASE else "card"
        return all(kind != used for kind, _value in like)

    def masked_own(self, view: dict, seat: int, values: tuple) -> dict:
        """In the tile phase, how many of the seat's waiting cards its own move dealt it (the
        move that ended the turn), under "own" (YL8)."""
        own = sum(1 for kind, _v in values if kind == "card")
        if view["phase"] != TILE_PHASE or not own:
            return view
        return {**view, "waiting": {seat: {**view["waiting"][seat], "own": own}}}

    def masked(self, view: dict, seat: int, unknown: tuple) -> dict:
        """The seat's own cards and tiles without those whose draw is not fixed yet, and how
        many of each those are, under the seat's number (YL4)."""
        own = view["hands"][seat]["own"]
        cards = list(own["cards"])
        for kind, value in unknown:
            if kind == "card":
                cards[value] -= 1
        tiles = [t for t in own["tiles"] if ("tile", t) not in unknown]
        hands = list(view["hands"])
        hands[seat] = {**hands[seat], "own": {"cards": cards, "tiles": tiles}}
        waiting = {"cards": sum(own["cards"]) - sum(cards),
                   "tiles": len(own["tiles"]) - len(tiles)}
        return {**view, "hands": hands, "waiting": {seat: waiting}}

    def waiting_line(self, view: dict, names: tuple = ()) -> str:
        seat = view["seat"]
        waiting = view.get("waiting", {}).get(seat, {"cards": 0, "tiles": 0})
        own = waiting.get("own", 0)
        cards, tiles = waiting["cards"] - own, waiting["tiles"]
        lines = []
        if own:
            after = (seat + 1) % view["players"]
            name = names[after] if after < len(names) else _("Player {number}").format(
                number=after + 1)
            # Translators: Tyros by link, under the board: the move that ended the turn dealt
            # the player its new cards, which wait for the next player's move (YL8).
            lines.append(ngettext(
                "{n} new card dealt to you waits for {name}'s move: your own move dealt it, so "
                "another player's move must help fix it. You see it at your first action, "
                "where you need it.",
                "{n} new cards dealt to you wait for {name}'s move: your own move dealt "
                "them, so another player's move must help fix them. You see them at your first "
                "action, where you need them.", own).format(n=own, name=name))
        if cards and tiles:
            # Translators: Tyros by link, under the board: cards and tiles the player drew that
            # are not shown yet (they are fixed by the next moves, "Why?" says more).
            lines.append(_("You drew {cards} and {tiles}: you see them when you next "
                           "play.").format(
                cards=ngettext("{n} card", "{n} cards", cards).format(n=cards),
                tiles=ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles)))
        elif cards:
            lines.append(ngettext("You drew {n} card: you see it when you next play.",
                                  "You drew {n} cards: you see them when you next play.",
                                  cards).format(n=cards))
        elif tiles:
            lines.append(ngettext("You drew {n} tile: you see it when you next play.",
                                  "You drew {n} tiles: you see them when you next play.",
                                  tiles).format(n=tiles))
        return " ".join(lines)

    def _replay(self, record, values) -> Replay:
        """The base class's replay, taken up from the table of a shorter record of the same
        game read before: a Tyros game has hundreds of messages, and each new link adds a few
        to the last. Reading a message needs only the record's context, the anchors and chain
        values up to it, so the table after a kept prefix is the one a whole replay reaches."""
        game = (record.context, tuple(s.anchor for s in record.seats))
        width, moves = self.engine.token_width, record.moves
        table = None
        for back in range(min(READ_BACK, len(moves) // width) + 1):
            table = self._read.get((game, moves[:len(moves) - back * width]))
            if table is not None:
                break
        if table is None or table.phase == JOINING:
            return self._remember(game, record, super()._replay(record, values))
        cursor = self.Cursor(moves)
        cursor.at = table.applied * width
        while cursor.peek() is not None:
            start = cursor.at
            try:
                if table.phase == OVER:
                    raise IllegalMove(_("There is a move where no move can be: the game is "
                                        "over."))
                table = self.read(table, cursor, record, values)
            except MoveError as err:
                return Replay(table, table.applied, err, moves[start:max(cursor.at, start + 1)])
        try:
            self._check_seats(record, table)
        except MoveError as err:
            return Replay(table, table.applied, err)
        return self._remember(game, record, Replay(table, table.applied))

    def _remember(self, game, record, result: Replay) -> Replay:
        if result.ok and not getattr(result.state, "open", False):
            self._read[game, record.moves] = result.state
            self._read.move_to_end((game, record.moves))
            if len(self._read) > READ_KEEP:
                self._read.popitem(last=False)
        return result


PROTOCOL = TyrosLink()
