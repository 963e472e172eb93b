import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from parlor import catalog  # noqa: E402
from toygame import ENTRY  # noqa: E402

# The toy game joins the catalog for the whole test run, by its one Entry: every test that
# goes over the catalog's games (conformance, link conformance) plays it too.
if ENTRY.key not in catalog.keys():
    catalog.register(ENTRY)
