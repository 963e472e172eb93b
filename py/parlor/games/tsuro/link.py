"""Tsuro played by sending links, casual tier: fair draws, hands hidden from view only.

The protocol is numbered L1.. in seeds/tsuro.md ("Play by link"); comments cite it. It is
parlor.links.casual's engine-driven protocol for 2 to 8 seats: one message per move token
(L4). New games are made in the tier `casual-6`: the hands are dealt once every seat has
chosen its start mark (L5) and each draw is fixed when a seat that receives it must play,
from the chain values shown after the move that caused it, tiles dealt round to several
players one share at a time (L6); a tile a player's own move drew it, when that player
plays again at once, waits for one help message of the next player still in (L17). Games of
the earlier tiers (`casual`, `casual-2`, `casual-4`) still play as they began (L16, L17). `hidden_note` tells the players what this tier
hides and how.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine.protocol import MalformedMove
from ...engine.rng import shuffled
from ...i18n import N_, _, ngettext
from ...links.casual import CASUAL, HELPED, LATE, SHARES, CasualLink
from .rules import ENGINE, Pick, Place, State
from .rules import _phase as engine_phase

BONUS = "elimination_bonus"              # engine option, written "1" when on (L2)
STARTING, PLAYING, EXCHANGING = "starting", "playing", "exchanging"
_PHASES = {"start": STARTING, "play": PLAYING, "exchange": EXCHANGING, "over": "over"}


class TsuroLink(CasualLink):
    game = "tsuro"
    engine = ENGINE
    tier, tiers = HELPED, (CASUAL, LATE, SHARES, HELPED)
    STARTING, PLAYING, EXCHANGING = STARTING, PLAYING, EXCHANGING
    # Shown on the link screen, translated there.
    # Translators: Tsuro by link: how safe the players' hands are in this kind of game.
    hidden_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes "
                     "the links could work out a tile once it is drawn. But nobody can choose "
                     "or foresee a draw: a tile you draw is usually fixed by the next move of "
                     "every other player, and you see it when your turn comes.")
    # Translators: Tsuro by link, a game begun before late draws (tier "casual").
    first_note = N_("Hands are hidden from view, not cryptographically: anyone who decodes "
                    "the links of this game could work out every player's tiles, and the "
                    "player whose move causes a draw could work it out while choosing.")

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

    def drawn(self, state: State) -> tuple:
        """The tiles each seat drew on the last move (L6)."""
        return state.drawn or ((),) * state.players

    def pool(self, state: State) -> tuple:
        """What the last move drew from: the pile, and what it drew (L6)."""
        return state.pile + tuple(t for share in state.drawn for t in share)

    def reassigned(self, state: State, dealt: dict) -> State:
        """Each seat in `dealt` holding the tiles given there instead of those the last move
        drew it (L6)."""
        pile, hands, drawn = set(state.pile), list(state.hands), list(state.drawn)
        for seat in dealt:
            pile |= set(drawn[seat])
            hands[seat] = tuple(t for t in hands[seat] if t not in drawn[seat])
        for seat, tiles in dealt.items():
            pile -= set(tiles)
            hands[seat] = tuple(sorted(hands[seat] + tuple(tiles)))
            drawn[seat] = tuple(tiles)
        return replace(state, hands=tuple(hands), pile=tuple(sorted(pile)), drawn=tuple(drawn))

    def sees(self, state: State) -> frozenset:
        """Nobody's tiles during the start marks; then the mover's, and during a bonus exchange
        also those of the players it put out (L5, L6)."""
        if engine_phase(state) == "start":
            return frozenset()
        out = state.out_order[-1] if state.offer is not None else ()
        return frozenset((state.turn,) + out)

    def masked(self, view: dict, seat: int, unknown: tuple) -> dict:
        """The seat's hand without the tiles whose draw is not fixed yet, and how many
        those are, under the seat's number (L6, L8)."""
        hands = list(view["hands"])
        hands[seat] = [t for t in hands[seat] if t["tile"] not in unknown]
        return {**view, "hands": hands,
                "waiting": {seat: len(view["hands"][seat]) - len(hands[seat])}}

    def waiting_line(self, view: dict, names: tuple = ()) -> str:
        seat, help_ = view["seat"], view.get("help")
        if help_ is not None and seat is not None:
            return self._helping_line(view, names, seat, help_["by"], help_["for"])
        if view.get("undealt") and view["seat"] is not None:
            # Translators: Tsuro by link, under the board while the hands are hidden.
            return _("The tiles are dealt once everyone has picked a starting mark: you see "
                     "yours when your turn to place one comes.")
        n = view.get("waiting", {}).get(view["seat"], 0)
        if not n:
            return ""
        # Translators: Tsuro by link, under the board: tiles the player drew that are not
        # shown yet (they are fixed by the next moves, "Why?" says more).
        return ngettext("You drew {n} tile: you see it when your turn comes.",
                        "You drew {n} tiles: you see them when your turn comes.",
                        n).format(n=n)

    @staticmethod
    def _helping_line(view: dict, names: tuple, seat: int, helper: int, mover: int) -> str:
        """The line of a player whose own move drew it a tile it needs at once, and of the
        player asked for the help message that fixes it (L17)."""
        def name(n: int) -> str:
            return names[n] if n < len(names) else _("Player {number}").format(number=n + 1)
        if seat == helper:
            # Translators: Tsuro by link, under the board of the player asked for a help
            # message: another player drew a tile with their own move and plays again.
            return _("{name} drew a tile with their own move and plays again at once: send "
                     "your message first, so that nobody alone knows their tile.").format(
                name=name(mover))
        n = view.get("waiting", {}).get(seat, 0)
        if not n:
            return ""
        # Translators: Tsuro by link, under the board: the player's own move drew it tiles it
        # needs at once; they wait for another player's message (L17).
        return ngettext("Your own move drew you {n} tile: it waits for {name}'s message, so "
                        "that nobody alone knows it. You see it when your turn comes.",
                        "Your own move drew you {n} tiles: they wait for {name}'s message, so "
                        "that nobody alone knows them. You see them when your turn comes.",
                        n).format(n=n, name=name(helper))

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
