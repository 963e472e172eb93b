"""Words players read in every language: the labels drawn on boards never read alike, and the
buttons speak as a native speaker expects them to."""
import re
from pathlib import Path

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


def button_labels() -> set[str]:
    """The messages the code puts on buttons: button(_("...")), (_("..."), "action", ...) and
    label=_("...")."""
    found = set()
    patterns = (r'button\(\s*_\("([^"]+)"\)', r'\(_\("([^"]+)"\),\s*"[a-z-]+"',
                r'label\s*=\s*_\("([^"]+)"\)')
    for path in (Path(i18n.__file__).parent).rglob("*.py"):
        text = path.read_text()
        for pattern in patterns:
            found.update(re.findall(pattern, text))
    return found


def test_italian_buttons_are_imperatives_not_infinitives(speak):
    """Italian software says "Conferma", "Annulla": an infinitive ("Confermare") on a button
    reads as a translation (seeds/languages.md)."""
    labels = button_labels()
    assert {"Confirm", "Take back", "Accept", "Refuse", "Pass", "Play again"} <= labels
    speak("it")
    infinitive = re.compile(r"^[A-ZÀ-Ý][a-zà-ÿ]*(are|ere|ire)$")
    actions = [label for label in labels if ":" not in label]    # not "Desert: never entered"
    wrong = {label: i18n._(label) for label in actions
             if infinitive.match((i18n._(label).split() or [""])[0])}
    assert wrong == {}


def test_italian_says_tiro_and_giro():
    """The Italian rulebook's English loans (Tyre, round) are said in Italian."""
    with (Path(i18n.__file__).parent / "locale/it/LC_MESSAGES/parlor.po").open() as handle:
        text = handle.read()
    translations = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', text, flags=re.M)
    assert not [t for t in translations if re.search(r"\bTyre\b|\bround\b", t.replace("{round}", ""))]
