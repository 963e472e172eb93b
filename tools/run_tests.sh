#!/usr/bin/env bash
# Every test: engines and app logic under CPython and the same tests under Pyodide in Node,
# side by side (one core each); the browser suite against the built dist/ (Chromium, and the
# smoke test in Firefox ESR and WebKitGTK: e2e/test_other_engines.py) starts as soon as the
# CPython run is done, beside the rest of the Pyodide run. Tests marked `alone` (timed against
# the clock: a download that keeps moving is never called stalled) run last, with nothing
# beside them. Each run prints its 15 slowest tests, to show where the time goes. Run
# through ./build.sh test.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
status=0
cpython_log=$(mktemp)
pyodide_log=$(mktemp)
trap 'rm -f "$cpython_log" "$pyodide_log"' EXIT

"$PY" -m pytest -q -p no:cacheprovider --durations=15 tests >"$cpython_log" 2>&1 &
cpython=$!
node tools/pyodide-tests.mjs --durations=15 >"$pyodide_log" 2>&1 &
pyodide=$!

echo "== tests/ under CPython"
wait "$cpython" || status=1
cat "$cpython_log"

echo "== e2e/ in Chromium, and the smoke test in Firefox and WebKit (beside the Pyodide run)"
"$PY" -m pytest -q -p no:cacheprovider --durations=15 -m "not slow and not alone" e2e || status=1

echo "== tests/ under Pyodide in Node"
wait "$pyodide" || status=1
cat "$pyodide_log"

echo "== e2e/ timed against the clock, alone"
"$PY" -m pytest -q -p no:cacheprovider -m alone e2e || status=1

exit $status
