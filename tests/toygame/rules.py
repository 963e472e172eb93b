"""Draw & play's rules engine (see the package docstring)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from parlor.engine.protocol import TOKEN_ALPHABET, Game, IllegalMove, MalformedMove, Outcome
from parlor.engine.rng import shuffled

HAND = 2
DECKS = {"full": 12, "short": 8}


@dataclass(frozen=True)
class Play:
    """Play the card in hand slot `slot` (hands are sorted)."""

    slot: int


@dataclass(frozen=True)
class State:
    seed: bytes
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]                 # draw order: the first card is drawn first
    piles: tuple[tuple[int, ...], ...]
    turn: int
    outcome: Outcome | None = None


class Toy(Game):
    key = "toy"
    seats = (2, 4)
    token_width = 1

    def initial(self, seed: bytes, players: int, options: dict | None = None) -> State:
        options = dict(options or {})
        size = DECKS.get(options.pop("deck", "full"))
        if size is None or options or not 2 <= players <= 4:
            raise ValueError(f"no Draw & play for {players} players with {options}")
        deck = tuple(shuffled(range(1, size + 1), seed, "toy", "deck"))
        hands = tuple(tuple(sorted(deck[HAND * s:HAND * s + HAND])) for s in range(players))
        return State(seed, hands, deck[HAND * players:], ((),) * players, 0)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.outcome else (state.turn,)

    def legal(self, state: State) -> list:
        return [] if state.outcome else [Play(i) for i in range(len(state.hands[state.turn]))]

    def apply(self, state: State, move) -> State:
        if not isinstance(move, Play) or move not in self.legal(state):
            raise IllegalMove(f"{move!r} is not legal now")
        seat = state.turn
        hand = list(state.hands[seat])
        card = hand.pop(move.slot)
        deck = state.deck
        if deck:
            hand, deck = sorted(hand + [deck[0]]), deck[1:]
        hands = tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands))
        piles = tuple(p + (card,) if s == seat else p for s, p in enumerate(state.piles))
        state = replace(state, hands=hands, deck=deck, piles=piles)
        players = len(hands)
        for k in range(1, players + 1):
            if hands[(seat + k) % players]:
                return replace(state, turn=(seat + k) % players)
        totals = [sum(p) for p in piles]
        best = max(totals)
        return replace(state, outcome=Outcome(tuple(s for s, t in enumerate(totals) if t == best),
                                              "the highest pile"))

    def outcome(self, state: State):
        return state.outcome

    def view(self, state: State, seat: int | None) -> dict:
        return {"game": self.key, "seat": seat, "players": len(state.hands),
                "to_move": list(self.to_move(state)),
                "hands": [list(h) if s == seat else len(h) for s, h in enumerate(state.hands)],
                "piles": [list(p) for p in state.piles], "deck": len(state.deck),
                "outcome": None if state.outcome is None else {
                    "winners": list(state.outcome.winners), "reason": state.outcome.reason}}

    def sample_hidden(self, state: State, seat: int | None, key: bytes) -> State:
        others = [s for s in range(len(state.hands)) if s != seat]
        pool = sorted([c for s in others for c in state.hands[s]] + list(state.deck))
        deal = shuffled(pool, key, "toy", "sample")
        hands, at = list(state.hands), 0
        for s in others:
            hands[s] = tuple(sorted(deal[at:at + len(hands[s])]))
            at += len(hands[s])
        return replace(state, hands=tuple(hands), deck=tuple(deal[at:]), seed=key[:16])

    def encode(self, move) -> str:
        return TOKEN_ALPHABET[move.slot]

    def decode(self, token: str):
        self.check_token(token)
        slot = TOKEN_ALPHABET.index(token)
        if slot >= HAND:
            raise MalformedMove(f"{token!r} is not a Draw & play move")
        return Play(slot)

    def describe(self, state: State, move, seat: int | None = None) -> str:
        return f"Seat {state.turn} plays {state.hands[state.turn][move.slot]}"


ENGINE = Toy()
