"""Words players read in every language: the labels drawn on boards never read alike, and the
buttons speak as a native speaker expects them to."""
import pytest

from parlor import i18n
from parlor.games.tyros import view as tyros_view
from parlor.games.tyros.board import STATIC
from parlor.games.tyros.rules import ENGINE as TYROS

LANGUAGES = tuple(i18n.LANGUAGES)


@pytest.fixture
def speak():
    """i18n.use for the test, English again after it."""
    yield i18n.use
    i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("code", LANGUAGES)
def test_tyros_empire_marks_and_italys_coast_letters_never_coincide(speak, code):
    speak(code)
    coasts = [i18n._("W"), i18n._("E")]
    labels = [*tyros_view.MARKS, *coasts]
    assert len(set(labels)) == len(labels), labels
    assert not any(mark.isalpha() for mark in tyros_view.MARKS), "marks need no language"


def test_tyros_map_draws_each_empire_mark_on_its_places():
    view = TYROS.view(TYROS.initial(b"w" * 16, 3, {"preset_start": True}), None)
    svg = tyros_view.render(view, {"interactive": False, "map": STATIC, "lit": []}, ("A", "B", "C"))
    assert svg.count('class="mark"') == 4          # the four empire starts
    for empire in range(4):
        assert svg.count(f'd="{tyros_view.mark_path(empire, tyros_view.CELL_W - 12, 13)}"') == 1
