"""Draw & play by link: the casual tier from four hooks."""
from __future__ import annotations

from dataclasses import replace

from parlor.engine.protocol import MalformedMove
from parlor.engine.rng import shuffled
from parlor.links.casual import CasualLink

from .rules import DECKS, ENGINE


class ToyLink(CasualLink):
    game = "toy"
    engine = ENGINE
    hidden_note = "Hands are hidden from view only: decoding the links would show them."

    def record_options(self, options: dict) -> dict:
        return {"deck": options["deck"]} if "deck" in options else {}

    def engine_options(self, kept: dict) -> dict:
        if set(kept) - {"deck"} or kept.get("deck", "full") not in DECKS:
            raise MalformedMove("This link has Draw & play options that make no sense.")
        return dict(kept)

    def keyed(self, state, key: bytes):
        return replace(state, seed=key, deck=tuple(shuffled(state.deck, key, "toy", "draw")))

    def settled(self, state):
        return replace(state, seed=b"", deck=tuple(sorted(state.deck)))

    def draws(self, move) -> bool:
        return True

    def phase_of(self, state) -> str:
        return "over" if state.outcome else "playing"


PROTOCOL = ToyLink()
