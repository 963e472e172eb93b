"""The translation catalogs: every message the app marks has a real translation in every
language, with the same placeholders, and the catalogs hold nothing else."""
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import catalogs  # noqa: E402

from parlor import i18n  # noqa: E402

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module")
def extracted():
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context): m
            for m in catalogs.extracted() if m.id}


def forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def sources(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_every_message_has_a_translation_with_the_same_placeholders(code, extracted):
    catalog = catalogs.read(code)
    problems = []
    for key, source in extracted.items():
        message = catalog.get(*key)
        if message is None:
            problems.append(f"missing: {key[0]!r}")
            continue
        if message.fuzzy or not all(forms(message)):
            problems.append(f"fuzzy or empty: {key[0]!r}")
            continue
        if len(forms(message)) != (catalog.num_plurals if source.pluralizable else 1):
            problems.append(f"wrong number of plural forms: {key[0]!r}")
        wanted = set().union(*map(placeholders, sources(source)))
        for form in forms(message):
            if placeholders(form) != wanted:
                problems.append(f"placeholders {sorted(placeholders(form))} for {key[0]!r}")
    assert not problems, f"{code}: {len(problems)} problems, e.g.\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_catalog_holds_no_message_the_app_no_longer_has(code, extracted):
    catalog = catalogs.read(code)
    stale = [m.id for m in catalog if m.id and (sources(m)[0], m.context) not in extracted]
    assert not stale, f"{code}: run tools/catalogs.py update; no longer in the code: {stale[:20]}"


def test_placeholders_pass_through_the_pseudo_locale():
    text = "{name} wins with {count} votes"
    assert placeholders(catalogs.pseudo(text)) == placeholders(text)
    assert catalogs.pseudo(text) != text and len(catalogs.pseudo(text)) >= 1.3 * len(text)


def test_choose_follows_the_browser_and_falls_back_to_english():
    assert i18n.choose(["fr-CH", "en"]) == "fr"
    assert i18n.choose(["pt-BR", "de-AT"]) == "de"
    assert i18n.choose(["pt-BR"]) == "en"
    assert i18n.choose([]) == "en"


def test_an_unknown_language_leaves_english():
    try:
        assert i18n.use("xx") == "en"
        assert i18n._("Retry") == "Retry"
    finally:
        i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_compiled_catalog_translates(code):
    try:
        assert i18n.use(code) == code
        assert i18n._("Retry") not in ("", "Retry")
    finally:
        i18n.use(i18n.SOURCE)


def test_a_translated_expression_holds_no_string_the_extractor_would_take_for_a_message():
    """`_(NAMES[view["kind"]])` makes the extractor file "kind" as a message: look the value
    up first, then translate the variable."""
    import ast

    root = Path(__file__).resolve().parent.parent / "py/parlor"
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and not isinstance(node.args[0], ast.Constant)
                    and any(isinstance(inner, ast.Constant) and isinstance(inner.value, str)
                            for inner in ast.walk(node.args[0]))):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not found, found
