#!/usr/bin/env bash
# Every test: engines and app logic under CPython and the same tests under Pyodide in Node,
# side by side (one core each), then the browser suite against the built dist/: Chromium, and
# the smoke test in Firefox ESR and WebKitGTK (e2e/test_other_engines.py). The browser suite
# runs alone: started beside the Pyodide run (tried 2026-11-28) it saved some 4 minutes, but
# its timing tests (a download that keeps moving is never called stalled) failed on a busy CPU.
# Each run prints its 15 slowest tests, to show where the time goes. Run through ./build.sh test.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
status=0
cpython_log=$(mktemp)
trap 'rm -f "$cpython_log"' EXIT

"$PY" -m pytest -q -p no:cacheprovider --durations=15 tests >"$cpython_log" 2>&1 &
cpython=$!

echo "== tests/ under Pyodide in Node"
node tools/pyodide-tests.mjs --durations=15 || status=1

echo "== tests/ under CPython (run alongside)"
wait "$cpython" || status=1
cat "$cpython_log"

echo "== e2e/ in Chromium, and the smoke test in Firefox and WebKit"
"$PY" -m pytest -q -p no:cacheprovider --durations=15 e2e || status=1

exit $status
