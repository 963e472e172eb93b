"""Tyros played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered YL1.. in seeds/tyros.md ("Play by link"). It is
parlor.links.casual's engine-driven protocol for 3 or 4 seats: one message per move token
(YL2), the setup and first deal keyed from seat 0's first chain value and every other anchor
(YL3), and before each message that may draw (a tile played or put under, an exchange, a
pass, a card choice that may end the turn), the deck, the tile pile and the key of the next
deal drawn again from every seat's latest chain value (YL4). A trade is two messages of the
proposer (the offer, whose cards are steps of the same link) and one of the partner (YL5).
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from ...engine.protocol import MalformedMove, MoveError, Replay
from ...engine.rng import shuffled
from ...i18n import N_, _
from ...links.base import JOINING, OVER, IllegalMove
from ...links.casual import CasualLink
from .rules import ENGINE, Cards, Exchange, Pass, State, Tile, Under

TILES, PRESET = "tiles_per_player", "preset_start"
READ_KEEP = 64                  # tables kept to read a longer record from (YL2)
READ_BACK = 12                  # messages back a kept table may be
RECORD_TILES, RECORD_PRESET = "tiles", "preset"     # kept only when not the default (YL1)


class TyrosLink(CasualLink):
    game = "tyros"
    engine = ENGINE
    # Translators: Tyros by link: how safe the players' hands are in this kind of game.
    hidden_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes the "
                     "links of this game could work out every player's cards and tiles, and the "
                     "player whose move causes a draw could work it out while choosing.")

    def __init__(self):
        super().__init__()
        self._read = OrderedDict()       # (game, moves) -> the table after those moves

    def record_options(self, options: dict) -> dict:
        """4 tiles each is kept as tiles=4, the fixed starts as preset=1 (YL1)."""
        kept = {}
        if options.get(TILES, 5) == 4:
            kept[RECORD_TILES] = "4"
        if options.get(PRESET):
            kept[RECORD_PRESET] = "1"
        return kept

    def engine_options(self, kept: dict) -> dict:
        tiles = kept.pop(RECORD_TILES, None)
        preset = kept.pop(RECORD_PRESET, None)
        if kept or tiles not in (None, "4") or preset not in (None, "1"):
            raise MalformedMove(_("This link has Tyros options that make no sense."))
        return {TILES: 4 if tiles else 5, PRESET: preset == "1"}

    def deal(self, ctx: bytes, table, opening: tuple):
        """The engine's start from the opening key, with seat 0, who sends the first message,
        as the first player (YL3)."""
        return replace(super().deal(ctx, table, opening), first=0)

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
        the next deal follows (YL4)."""
        return isinstance(move, (Tile, Under, Exchange, Pass, Cards))

    def phase_of(self, state: State) -> str:
        return state.phase

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
        if result.ok:
            self._read[game, record.moves] = result.state
            self._read.move_to_end((game, record.moves))
            if len(self._read) > READ_KEEP:
                self._read.popitem(last=False)
        return result


PROTOCOL = TyrosLink()
