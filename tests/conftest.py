import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from parlor import catalog, i18n  # noqa: E402
from parlor.i18n import DOMAIN, LANGUAGES, PSEUDO, SOURCE  # noqa: E402
from toygame import ENTRY  # noqa: E402

# The toy game joins the catalog for the whole test run, by its one Entry: every test that
# goes over the catalog's games (conformance, link conformance) plays it too.
if ENTRY.key not in catalog.keys():
    catalog.register(ENTRY)


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs():
    """The catalogs compiled once per test run when any .mo is missing or older than its .po
    or than a module of the app (the pseudo-locale is made from the messages in the code)."""
    locale = ROOT / "py" / "parlor" / "locale"
    sources = list((ROOT / "py" / "parlor").rglob("*.py"))
    newest_code = max(path.stat().st_mtime for path in sources)
    stale = False
    for code in (*LANGUAGES, PSEUDO):
        if code == SOURCE:
            continue
        mo = locale / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        po = mo.with_suffix(".po")
        if not mo.exists() or mo.stat().st_mtime < newest_code or (
                po.exists() and mo.stat().st_mtime < po.stat().st_mtime):
            stale = True
    if stale:
        sys.path.insert(0, str(ROOT / "tools"))
        from catalogs import compile_all
        compile_all()
        i18n._loaded.clear()        # read the fresh files on the next use()
