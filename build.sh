#!/usr/bin/env bash
# Parlor's one entry point. On a fresh machine it installs what it needs first.
#   ./build.sh          build the static site into dist/
#   ./build.sh serve    build, then serve dist/ on http://localhost:${PORT:-8000}, with its
#                       precompressed .br/.gz files, as a good static host does (tools/serve.py)
#   ./build.sh test     build, then run every test (CPython, Pyodide in Node, Chromium e2e,
#                       and a smoke test in Firefox ESR and WebKitGTK)
#   ./build.sh bench    build, then run the benchmark scripts in bench/
set -euo pipefail
cd "$(dirname "$0")"

PY=.venv/bin/python
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

need_node_modules() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

need_venv() {
  if [ ! -x "$PY" ] || ! cmp -s requirements.txt .venv/requirements.txt; then
    python3 -m venv .venv
    "$PY" -m pip install --quiet --disable-pip-version-check -r requirements.txt
    cp requirements.txt .venv/requirements.txt
  fi
}

# The browsers the e2e tests and bench/startup.py drive, from Debian: Chromium; Firefox ESR;
# WebKitGTK's WebKitWebDriver and MiniBrowser, which run under Xvfb (xauth for its display).
need_browsers() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/firefox-esr ] || [ ! -x /usr/bin/WebKitWebDriver ] \
     || [ ! -x /usr/bin/Xvfb ] || [ ! -x /usr/bin/xauth ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
      chromium firefox-esr webkit2gtk-driver xvfb xauth >/dev/null
  fi
}

build() {
  need_node_modules
  need_venv
  "$PY" tools/build_site.py
}

case "${1:-build}" in
  build) build ;;
  serve)
    build
    exec "$PY" tools/serve.py dist --port "${PORT:-8000}" ;;
  test)
    need_browsers
    build
    tools/run_tests.sh ;;
  bench)
    need_browsers
    build
    for script in bench/*.py; do "$PY" "$script"; done ;;
  *) echo "usage: ./build.sh [build|serve|test|bench]" >&2; exit 2 ;;
esac
