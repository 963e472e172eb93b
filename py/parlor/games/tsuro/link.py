"""Tsuro played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered L1.. in seeds/tsuro.md ("Play by link"); comments cite it. It is
parlor.links.casual's engine-driven protocol for 2 to 8 seats: one message per move token
(L4), the deal keyed from seat 0's first chain value and every other anchor (L5), the pile
put in draw order from every seat's latest chain value before each placement or bonus pick
(L6). `hidden_note` tells the players what this tier hides and how.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine.protocol import MalformedMove
from ...engine.rng import shuffled
from ...i18n import N_, _
from ...links.casual import CasualLink
from .rules import ENGINE, Pick, Place, State
from .rules import _phase as engine_phase

BONUS = "elimination_bonus"              # engine option, written "1" when on (L2)
STARTING, PLAYING, EXCHANGING = "starting", "playing", "exchanging"
_PHASES = {"start": STARTING, "play": PLAYING, "exchange": EXCHANGING, "over": "over"}


class TsuroLink(CasualLink):
    game = "tsuro"
    engine = ENGINE
    STARTING, PLAYING, EXCHANGING = STARTING, PLAYING, EXCHANGING
    # Shown on the link screen, translated there.
    # Translators: Tsuro by link: how safe the players' hands are in this kind of game.
    hidden_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes "
                     "the links of this game could work out every player's tiles, though "
                     "nobody can choose or foresee a draw.")

    def record_options(self, options: dict) -> dict:
        """The elimination bonus is kept as "1" when on, left out when off (L2)."""
        return {BONUS: "1"} if options.get(BONUS) else {}

    def engine_options(self, kept: dict) -> dict:
        bonus = kept.pop(BONUS, None)
        if kept or bonus not in (None, "1"):
            raise MalformedMove(_("This link has Tsuro options that make no sense."))
        return {BONUS: bonus == "1"}

    def keyed(self, state: State, key: bytes) -> State:
        """The pile in draw order and the reshuffle key, from a draw key (L6)."""
        return replace(state, seed=key, pile=tuple(shuffled(state.pile, key, "tsuro", "pile")))

    def settled(self, state: State) -> State:
        """The public form kept between messages: pile sorted, no key (L6)."""
        return replace(state, seed=b"", pile=tuple(sorted(state.pile)))

    def draws(self, move) -> bool:
        """A placement refills hands; a bonus pick may return tiles to the pile (L6)."""
        return isinstance(move, (Place, Pick))

    def forfeit_winners(self, table, debtor: int) -> tuple[int, ...]:
        """A seat that stops answering stalls everyone: a claim ends the game and every
        other seat still on the board shares the win (L13)."""
        alive = table.state.alive if table.state is not None else (True,) * table.players
        return tuple(n for n, on in enumerate(alive) if on and n != debtor)

    def in_play(self, table, seat: int) -> bool:
        """A seat whose marker left the board has nothing left to resign (L13)."""
        return table.state is None or table.state.alive[seat]

    def phase_of(self, state: State) -> str:
        return _PHASES[engine_phase(state)]


PROTOCOL = TsuroLink()
