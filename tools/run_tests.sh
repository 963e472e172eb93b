#!/usr/bin/env bash
# Every test: engines and app logic under CPython, the same tests under Pyodide in Node,
# then the browser suite against the built dist/. Run through ./build.sh test.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
status=0

echo "== tests/ under CPython"
"$PY" -m pytest -q -p no:cacheprovider tests || status=1

echo "== tests/ under Pyodide in Node"
node tools/pyodide-tests.mjs || status=1

echo "== e2e/ in Chromium"
"$PY" -m pytest -q -p no:cacheprovider e2e || status=1

exit $status
