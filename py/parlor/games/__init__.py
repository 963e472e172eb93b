"""The registry of rules engines: each game module adds its engine object here."""
from __future__ import annotations

from importlib import import_module

from ..protocol import Game

GAME_MODULES = ("tyrus",)


def registry() -> dict[str, Game]:
    """Every registered engine by key, in menu order."""
    engines = {}
    for name in GAME_MODULES:
        engine = import_module(f"{__name__}.{name}").ENGINE
        engines[engine.key] = engine
    return engines
