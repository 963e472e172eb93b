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


# What each game's How to play must tell a first-time player, by rule (seeds/<game>.md).
MUST_SAY = {
    "tyros": {
        "Y4": "2 galleons on Tyre", "Y9": "12 cards (10 with four players)",
        "Y10": "exactly one map tile", "Y12": "your choice when it touches several",
        "Y13": "Tyre takes the colour", "Y15": "put one under the pile",
        "Y19": "as many cards as there will be galleons there",
        "Y19 colour": "at least one of the place's colour", "Y20": "starts on the west coast",
        "Y21": "cross only sea borders", "Y21 fields": "the desert or the open sea",
        "Y22": "one card for each place entered, all of the destination's colour",
        "Y24 west": "from the west coast first to 11 or 17",
        "Y24 east": "from the east coast first to 15 or 17", "Y25": "at most 2 galleons",
        "Y26": "nobody else has one", "Y27": "5 cards of the place's colour, 4 if you",
        "Y28": "replaces one of your galleons", "Y29 D17": "in any colours",
        "Y30": "discard 3 cards and draw 3", "Y31": "take one card of your choice from the discards",
        "Y32": "passed may act again", "Y33": "passed in a row", "Y34": "keeps 3 cards",
        "Y35": "ran out of map tiles", "Y37": "most galleons",
        "Y39": "green, orange, purple, yellow", "Y40 cities": "12, 10, 9 or 7",
        "Y40 galleons": "8, 6, 5 or 4", "Y41": "a city in all four empires",
        "Y42": "the most cities there",
    },
    "tsuro": {"U2": "three tiles", "U8": "may not put yourself out", "U12": "dragon tile",
              "U16": "share the win", "U18": "elimination bonus"},
    "tyrannen": {"K1": "15 rounds on side A, 14 on side B", "K7": "two to climb up",
                 "K8": "never off the board", "K11": "capture one citizen",
                 "K16": "two for the second", "K17": "the second kills him"},
    "tyrus": {"T1": "1 to 10 votes", "T2": "9 tiles", "T3": "the first placer changing",
              "T14": "breaks a run", "T17": "tiles left in hand", "T18": "it is a draw"},
}


@pytest.mark.parametrize("game", sorted(MUST_SAY))
def test_how_to_play_says_every_rule_a_first_game_needs_y9_y19_y24_y27_y30_y31(game):
    from parlor import catalog
    text = " ".join(text for _, text, _ in catalog.entry(game).module("howto").STEPS)
    missing = {rule: words for rule, words in MUST_SAY[game].items() if words not in text}
    assert missing == {}


@pytest.mark.parametrize("code", LANGUAGES)
def test_tyrus_tile_letters_and_the_null_election_mark_never_coincide(speak, code):
    from parlor.games.tyrus.rules import kind_letter
    speak(code)
    labels = [kind_letter(kind) for kind in "SMP"]
    labels.append(i18n.pgettext("Tyrus chart: null election", "N"))
    assert len(set(labels)) == len(labels), labels
