#!/usr/bin/env bash
# Every test: engines and app logic under CPython and the same tests under Pyodide in Node,
# side by side (one core each); the browser suite against the built dist/ (Chromium, and the
# smoke test in Firefox ESR and WebKitGTK: e2e/test_other_engines.py) starts as soon as the
# CPython run ends, on the core it leaves, while the longer Pyodide run goes on.
# Each run prints its 15 slowest tests, to show where the time goes. Run through ./build.sh test.
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

wait "$cpython" || status=1
echo "== tests/ under CPython"
cat "$cpython_log"

echo "== e2e/ in Chromium, and the smoke test in Firefox and WebKit"
"$PY" -m pytest -q -p no:cacheprovider --durations=15 e2e || status=1

wait "$pyodide" || status=1
echo "== tests/ under Pyodide in Node"
cat "$pyodide_log"

exit $status
