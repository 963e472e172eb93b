"""Every word a player sees, in this device's language.

Source strings are English and are the message ids; `_`, `ngettext` and `pgettext` look them
up in the active catalog, compiled by tools/catalogs.py from
py/parlor/locale/<language>/LC_MESSAGES/parlor.po. Text is translated when it is drawn, never
when it is stored: records, saves, game logs and audits hold codes and parameters only.
Module-level text is marked with `N_` (kept for extraction) and translated where it is shown.
Placeholders are named (`_("{name} wins").format(name=...)`) so a translation may reorder them.
"""
from __future__ import annotations

import gettext
import io
import pkgutil
from pathlib import Path

DOMAIN = "parlor"
# The catalogs on disk, for tools/catalogs.py (the app reads them through its loader).
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE = "en"
# Each language's name in itself, as the picker shows it.
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
# A test locale (accented and about 40 % longer); never offered, chosen only by asking for it.
PSEUDO = "qps"

_loaded: dict[str, gettext.NullTranslations] = {}
_active: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def _(message: str) -> str:
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short word whose translation depends on where it stands (a verb, a noun...)."""
    return _active.pgettext(context, message)


def and_list(items) -> str:
    """Names joined with "and" in the language in use: "a", "a and b", "a and b and c"."""
    items = list(items)
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{first} and {second}").format(first=text, second=item)
    return text


def N_(message: str) -> str:
    """Marks module-level text for the catalogs; translate it with `_` where it is shown."""
    return message


def language() -> str:
    return _language


def supported(code: str) -> bool:
    return code in LANGUAGES or code == PSEUDO


def choose(preferences) -> str:
    """The first of the browser's languages (e.g. navigator.languages) we speak, else English."""
    for tag in preferences or ():
        code = str(tag).strip().lower().replace("_", "-")
        if supported(code):
            return code
        base = code.split("-")[0]
        if base in LANGUAGES:
            return base
    return SOURCE


def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language, read once (English needs none)."""
    if code not in _loaded:
        if code == SOURCE:
            _loaded[code] = gettext.NullTranslations()
        else:
            # Read through the package's loader (the page imports the app from its zip), not
            # gettext.translation(), which would import `locale` to normalise the name.
            data = pkgutil.get_data(__package__, f"locale/{code}/LC_MESSAGES/{DOMAIN}.mo")
            _loaded[code] = gettext.GNUTranslations(io.BytesIO(data))
    return _loaded[code]


def use(code: str) -> str:
    """Make `code` the active language; an unknown or missing one leaves English. Returns the
    language now in use."""
    global _active, _language
    if not supported(code):
        code = SOURCE
    try:
        found = catalog(code)
    except OSError:
        code, found = SOURCE, catalog(SOURCE)
    _active, _language = found, code
    return code
