"""Record which files a real first visit fetches: the service worker precaches exactly those.

    .venv/bin/python tools/log_visit.py        (after ./build.sh; then build again)

Opens the built site in Chromium with service workers blocked (so only the page's own requests
reach the server), once on the home screen and once on a game link, waits until the app is
ready and the start-up snapshot is made, and writes tools/first-visit.json. Rerun it when
Pyodide or PyScript is upgraded or the page starts loading different files; the build fails
when the list names a file it does not produce, and e2e/test_startup.py fails when a first
visit fetches anything else.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "tools"))
from harness import DIST, PHONE, chromium, wait_ready  # noqa: E402
from serve import serve  # noqa: E402

LINK = "#p1.tyrus.AAI.AAAA"   # any link: the game page loads the same files as the home screen


def visit(browser, url: str, log: list) -> int:
    """One visit; returns how many of the logged requests came before the app was ready."""
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    before_ready = len(log)
    page.wait_for_function("['stored', 'not stored'].includes(window.parlorStart?.snapshot)",
                           timeout=60000)
    context.close()
    return before_ready


def names(entries) -> set[str]:
    return {"index.html" if path == "/" else path.lstrip("/")
            for path, status, _, _ in entries if status in (200, 304)} - {"sw.js"}


def main() -> None:
    log: list = []
    with serve(DIST, log=log) as url, chromium() as browser:
        start = names(log[:visit(browser, url, log)])
        visit(browser, url + LINK, log)
    files = sorted(names(log))
    missing = [name for name in files if not (DIST / name).is_file()]
    if missing:
        raise SystemExit(f"log_visit: requests for files dist/ lacks: {missing}")
    target = ROOT / "tools/first-visit.json"
    target.write_text(json.dumps({
        "about": "Files a first visit fetches (tools/log_visit.py): the service worker's precache "
                 "list; 'start': those fetched before the app was ready.",
        "files": files, "start": sorted(start)}, indent=1) + "\n")
    print(f"{len(files)} files written to {target.relative_to(ROOT)}:", *files, sep="\n  ")


if __name__ == "__main__":
    main()
