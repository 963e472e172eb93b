"""The translation catalogs (Babel, at build time only; the app reads .mo with gettext).

    python tools/catalogs.py update [--prune] [LANG ...]
        extract the messages of py/parlor and bring each language's .po up to date (all of them
        by default): new messages come in empty; gone ones are kept as obsolete (#~) entries,
        so a reworded message's old translation stays at hand, or dropped with --prune
    python tools/catalogs.py todo LANG     the messages LANG has no translation for yet
    python tools/catalogs.py compile       write each .po as .mo beside it, and the pseudo-locale

The .po files are the sources (py/parlor/locale/<language>/LC_MESSAGES/parlor.po); the .mo
files are build output. The pseudo-locale (parlor.i18n.PSEUDO) is made from the messages
themselves: accented, about 40 % longer in long words, placeholders and markup kept, so a layout
test sees long words everywhere and any text that skipped the catalogs stands out.
"""
from __future__ import annotations

import math
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "py"
sys.path.insert(0, str(SOURCES))
from parlor.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, PSEUDO, SOURCE  # noqa: E402

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
KEPT = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-z]+;|%\([a-z_]+\)[sd]|%[sd])")
ACCENTS = str.maketrans("AaCcEeGgIiLlNnOoRrSsTtUuWwYyZz",
                        "ÅàÇçÉéĜĝÎîĻļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extracted() -> Catalog:
    """Every message marked in py/parlor (_, N_, ngettext, pgettext), as a template."""
    template = Catalog(project="Parlor", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(SOURCES / "parlor"), method_map=[("**.py", "python")],
            comment_tags=("Translators:",), strip_comment_tags=True):
        template.add(message, None, [(f"parlor/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def read(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def update(codes=TRANSLATED, prune: bool = False) -> None:
    template = extracted()
    for code in codes:
        path = po_path(code)
        if path.exists():
            catalog = read(code)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Parlor", fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True)
            path.parent.mkdir(parents=True, exist_ok=True)
        if prune:
            catalog.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, include_lineno=False, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {len(todo(catalog))} to "
              f"translate, {len(catalog.obsolete)} obsolete")


def todo(catalog: Catalog) -> list:
    return [m for m in catalog if m.id and not all_translated(m)]


def all_translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(strings) and all(strings) and not message.fuzzy


def pseudo(text: str) -> str:
    """Accented and about 40 % longer (the growth spread over its words, as long words are
    what breaks a layout), with placeholders and markup untouched."""
    parts = KEPT.split(text)
    letters = sum(len(w) for part in parts[::2] for w in re.findall(r"[A-Za-z]+", part)) or 1
    extra = math.ceil(0.4 * len(text))
    out = []
    for index, part in enumerate(parts):
        if index % 2:
            out.append(part)
            continue
        out.append(re.sub(r"[A-Za-z]+", lambda m: m.group().translate(ACCENTS)
                          + "ļ" * math.ceil(len(m.group()) * extra / letters), part))
    return "".join(out)


def pseudo_catalog() -> Catalog:
    catalog = Catalog(locale="en", domain=DOMAIN, project="Parlor", fuzzy=False)
    for message in extracted():
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            string = tuple(pseudo(part) for part in message.id)
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context)
    return catalog


def write_compiled(catalog: Catalog, code: str) -> None:
    target = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)


def compile_all() -> list[Path]:
    """Every language's .mo and the pseudo-locale's; returns the files written."""
    for code in TRANSLATED:
        write_compiled(read(code), code)
    write_compiled(pseudo_catalog(), PSEUDO)
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def main(argv: list[str]) -> None:
    command, args = (argv[0], argv[1:]) if argv else ("", [])
    codes = [a for a in args if not a.startswith("--")]
    if command == "update" and set(codes) <= set(TRANSLATED):
        update(tuple(codes) or TRANSLATED, prune="--prune" in args)
    elif command == "todo" and len(codes) == 1 and codes[0] in TRANSLATED:
        for message in todo(read(codes[0])):
            print(repr(message.id) + (f"  [context: {message.context}]" if message.context else ""))
    elif command == "compile" and not args:
        for path in compile_all():
            print(f"compiled {path.relative_to(ROOT)}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
