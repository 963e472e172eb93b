"""Tyros played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered YL1.. in seeds/tyros.md ("Play by link"). It is
parlor.links.casual's engine-driven protocol for 3 or 4 seats: one message per move token
(YL2). New games are made in the tier `casual-5`: once every seat is taken, the seats that
joined before the last one send a start message each, and the setup and first deal are keyed
from every anchor, those values and seat 0's first chain value (YL3); each later draw is keyed
from the chain values shown after the message that caused it, each seat's share fixed when
that seat is next to move (YL4), but for cards a seat's own move dealt it, which wait for its
next move after another seat's (YL8). Games of the earlier tiers (`casual` to `casual-4`)
still play as they began (YL7). A trade is two messages of the proposer (the
offer, whose cards are steps of the same link) and one of the partner (YL5).
"""
from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import replace

from ...engine.protocol import MalformedMove, MoveError, Replay
from ...engine.rng import shuffled
from ...i18n import N_, _, ngettext
from ...links.base import JOINING, OVER, IllegalMove
from ...links.casual import CASUAL, LATE, OTHERS, ROUND, SHARES, CasualLink
from .rules import TILES as TILE_PHASE
from .rules import (ENGINE, Build, Cards, City, Exchange, Pass, Sail, State, Tile, Under, add,
                    counts, sub)

TILES, PRESET, AUTO = "tiles_per_player", "preset_start", "auto_pass"
READ_KEEP = 64                  # tables kept to read a longer record from (YL2)
READ_BACK = 12                  # messages back a kept table may be
RECORD_TILES, RECORD_PRESET = "tiles", "preset"     # kept only when not the default (YL1)
RECORD_AUTO = "auto"                                # the forced passes made for the players


class TyrosLink(CasualLink):
    game = "tyros"
    engine = ENGINE
    tier, tiers = OTHERS, (CASUAL, LATE, ROUND, SHARES, OTHERS)
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
        """A rematch is made in the current tier and with D34's forced passes (YL10)."""
        return tuple((dict(super().current_options(options)) | {RECORD_AUTO: "1"}).items())

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
        if result.ok:
            self._read[game, record.moves] = result.state
            self._read.move_to_end((game, record.moves))
            if len(self._read) > READ_KEEP:
                self._read.popitem(last=False)
        return result


PROTOCOL = TyrosLink()
