"""The Tyros map keeps each field's markup between screens: what it draws from the kept
markup is what it would draw afresh, for every seat, every way of tapping and every language."""
import pytest

from parlor import i18n
from parlor.engine.rng import Stream
from parlor.games.tyros import view as draw
from parlor.games.tyros.board import STATIC
from parlor.games.tyros.rules import ENGINE, Build, City, Offer, Sail, Tile

NAMES = ("Ana", "Bo", "Cy", "Di")


def positions(seed: bytes, players: int, moves: int):
    """The positions of a game of random moves, up to `moves` moves; a move that builds, else
    one that places a tile or sails, is picked when there is one, and never an offer (a trade
    leaves the map as it is): the map changes often."""
    state = ENGINE.initial(seed, players, {})
    stream = Stream(seed, "test-tyros-view")
    for _ in range(moves):
        yield state
        if ENGINE.outcome(state) is not None:
            return
        legal = ENGINE.legal(state)
        builds = [m for m in legal if isinstance(m, (City, Build))]
        mapped = (builds or [m for m in legal if isinstance(m, (Tile, Sail))]
                  or [m for m in legal if not isinstance(m, Offer)])
        state = ENGINE.apply(state, mapped[stream.below(len(mapped))])


def fresh(view, ui, names):
    """The map drawn with no field kept (the kept ones are put back after)."""
    kept = dict(draw.FIELDS)
    draw.FIELDS.clear()
    try:
        return draw.render(view, ui, names)
    finally:
        draw.FIELDS.clear()
        draw.FIELDS.update(kept)


@pytest.mark.parametrize("players", [3, 4])
def test_the_kept_fields_draw_what_a_fresh_drawing_does(players):
    states = list(positions(bytes([players]) * 16, players, 300))[::2]
    assert any(city is not None for state in states for city in ENGINE.view(state, None)["cities"])
    draw.FIELDS.clear()
    for i in range(6):                      # a way of looking at the map, a whole game long
        seat = (None, *range(players))[i % (players + 1)]
        lit = list(range(33))[i::4]                 # locations: 0 (Tyre) to 32
        ui = {"interactive": i % 2 == 0, "map": STATIC, "lit": lit if i % 3 else []}
        names = NAMES[:players] if i % 4 else ("Zoë", "Bo & <i>", "Cy", "Di")[:players]
        for k, state in enumerate(states):
            ui["picked"] = lit[k % len(lit)] if i % 3 == 1 else None
            view = ENGINE.view(state, seat)
            assert draw.render(view, ui, names) == fresh(view, ui, names)


def test_a_change_of_language_draws_the_fields_in_the_new_language():
    view = ENGINE.view(ENGINE.initial(b"\x07" * 16, 3, {}), None)
    ui = {"interactive": False, "map": STATIC, "lit": [], "picked": None}
    try:
        english = draw.render(view, ui, NAMES[:3])
        i18n.use("fr")
        french = draw.render(view, ui, NAMES[:3])
        assert french != english and french == fresh(view, ui, NAMES[:3])
    finally:
        i18n.use("en")
    assert draw.render(view, ui, NAMES[:3]) == english


def test_the_kept_fields_stay_few():
    draw.FIELDS.clear()
    for state in positions(b"\x09" * 16, 4, 400):
        draw.render(ENGINE.view(state, None), {"map": STATIC}, NAMES)
    assert 0 < len(draw.FIELDS) <= draw.FIELDS_KEPT
