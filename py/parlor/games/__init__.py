"""The registry of rules engines: a game's key is the name of its module here."""
from __future__ import annotations

from importlib import import_module

from ..protocol import Game

GAME_MODULES = ("tyrus", "tyrannen", "tsuro")


def engine(key: str) -> Game:
    """One engine by key, importing only its module; KeyError for an unknown game."""
    if key not in GAME_MODULES:
        raise KeyError(key)
    return import_module(f"{__name__}.{key}").ENGINE


def registry() -> dict[str, Game]:
    """Every registered engine by key, in menu order."""
    return {key: engine(key) for key in GAME_MODULES}
