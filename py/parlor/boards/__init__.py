"""Per-game input on screen: turn taps into moves, and say what to do next."""
from __future__ import annotations

from importlib import import_module

PLAYABLE = ("tyrus", "tyrannen", "tsuro")   # games with a board on screen, in menu order


def board_for(game_key: str):
    """A fresh input handler for one game being played."""
    return import_module(f"{__name__}.{game_key}").Board()
