"""The catalog: one Entry per game, cheap to import, and every part of every game found."""
import subprocess
import sys
from pathlib import Path

import pytest

from parlor import catalog
from parlor.engine.protocol import Game
from parlor.links.base import LinkProtocol

ENTRIES = catalog.entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.key)
def test_every_entry_resolves_its_parts_and_agrees_with_its_engine(entry):
    engine = entry.engine
    assert isinstance(engine, Game) and engine.key == entry.key
    assert engine.seats == entry.players
    assert entry.title() and entry.blurb and entry.title("xx") == entry.title()
    assert len(entry.seat_labels) in (0, entry.players[1])
    board = entry.board()
    assert board is not entry.board(), "a fresh board per game on screen"
    assert isinstance(board.hidden_hands, bool) and isinstance(board.stages_moves, bool)
    assert callable(entry.view.render)
    if entry.link_tier:
        assert isinstance(entry.link, LinkProtocol) and entry.link.game == entry.key
    for option in entry.options:
        for value, label in option.choices:
            assert label
            engine.initial(b"\x00" * 16, entry.players[0], {option.key: value})
    assert entry.default_options() == {o.key: o.default for o in entry.options} \
        | dict(entry.new_game_options)
    engine.initial(b"\x00" * 16, entry.players[0], entry.default_options())


def test_keys_are_unique_and_the_shipped_games_come_first():
    keys = catalog.keys()
    assert len(set(keys)) == len(keys)
    assert keys[:len(catalog.GAMES)] == tuple(e.key for e in catalog.GAMES)
    with pytest.raises(KeyError):
        catalog.entry("no-such-game")
    with pytest.raises(ValueError):
        catalog.register(catalog.GAMES[0])
    with pytest.raises(ValueError):
        catalog.unregister(catalog.GAMES[0].key)


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs a fresh interpreter")
def test_the_home_screen_is_drawn_from_metadata_without_loading_any_game():
    code = ("import sys; from parlor import catalog; from parlor.screens import home; "
            "home.home([], [], {e.key: home.new_setup(e) for e in catalog.entries()}); "
            "loaded = [m for m in sys.modules if m.startswith('parlor.games.') "
            "and m.count('.') > 2]; print(loaded); assert not loaded, loaded")
    py = Path(__file__).resolve().parent.parent / "py"
    result = subprocess.run([sys.executable, "-c", code], cwd=py, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
