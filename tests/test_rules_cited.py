"""Every numbered rule of a game's rules page (seeds/<game>.md) is cited by a test of that
game, so a rule nobody tests shows up here.

Rule ids are the bold numbers that open a rule ("- **K12 Hidden captures.**"); a test cites
one by name or in its text (test_k12_..., "D7", u03 for U3). A game's tests are the files
of tests/ and e2e/ whose names hold its key.
"""
import re
from pathlib import Path

import pytest

from parlor import catalog

REPO = Path(__file__).resolve().parent.parent
RULE = re.compile(r"^- \*\*([A-Z]{1,2})(\d+)\b", re.M)
PAGES = [e for e in catalog.entries() if e.rules_page]


def rule_ids(page: str) -> list[tuple[str, str]]:
    return RULE.findall((REPO / page).read_text(encoding="utf-8"))


def game_tests_text(key: str) -> str:
    return "".join(p.read_text(encoding="utf-8") for folder in ("tests", "e2e")
                   for p in sorted((REPO / folder).glob(f"*{key}*.py")))


def cited(letters: str, number: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){letters}0*{number}(?![0-9])", text, re.I) is not None


def test_every_shipped_game_has_a_rules_page_with_numbered_rules():
    for entry in catalog.GAMES:
        assert entry.rules_page and len(rule_ids(entry.rules_page)) >= 10, entry.key


@pytest.mark.parametrize("entry", PAGES, ids=lambda e: e.key)
def test_every_numbered_rule_is_cited_by_a_test(entry):
    ids = rule_ids(entry.rules_page)
    assert len(set(ids)) == len(ids), "a rule number is used twice"
    text = game_tests_text(entry.key)
    missing = [f"{a}{n}" for a, n in ids if not cited(a, n, text)]
    assert not missing, f"{entry.rules_page}: no test cites {', '.join(missing)}"


def test_the_citation_check_can_fail():
    assert cited("K", "12", "def test_k12_hidden_captures")
    assert cited("U", "3", "def test_u03_start_marks") and not cited("U", "3", "u31 d3")
    assert not cited("D", "1", "D10 and D11") and not cited("L", "1", "xl1")
