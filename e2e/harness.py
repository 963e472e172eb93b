"""Serve dist/ on loopback and drive Debian's Chromium with Playwright (tests and benchmarks)."""
from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import serve as site_server  # noqa: E402  (tools/serve.py: precompressed files, Cache-Control)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor import catalog  # noqa: E402
from parlor.play.saves import SavedGame  # noqa: E402

DIST = Path(os.environ.get("PARLOR_DIST", Path(__file__).resolve().parent.parent / "dist")).resolve()
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@contextlib.contextmanager
def serve(directory: Path = DIST, log: list | None = None, rate: int | None = None):
    """Serve `directory` on a free loopback port as a good static host does (tools/serve.py);
    yields its base URL. `log`, if given, receives (path, status, encoding, bytes) per response;
    `rate` slows every response to that many bytes per second."""
    with site_server.serve(directory, log=log, rate=rate) as url:
        yield url


@contextlib.contextmanager
def chromium():
    """A headless Debian Chromium under Playwright."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def guard_origin(context, base_url: str) -> list[str]:
    """Abort every request that leaves base_url's origin; return the list of those attempted."""
    outside: list[str] = []

    def check(route):
        url = route.request.url
        if url.startswith(base_url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", check)
    return outside


def new_game(page, key: str) -> None:
    """From the home screen, open the new-game page of the game `key`."""
    page.click(f"button[data-action=setup][data-game={key}]")


def wait_ready(page, timeout_ms: int = 60000) -> None:
    """Wait for the app's ready marker (set once it answers clicks)."""
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout_ms)


def phone_page(browser, base_url: str, outside: list):
    """A phone of its own (a new browser context) with the app ready; its guard of requests
    to other origins goes into `outside`. Returns the page and its list of uncaught errors."""
    context = browser.new_context(**PHONE)
    outside.append(guard_origin(context, base_url))
    return app_tab(context, base_url)


def app_tab(context, base_url: str):
    """One more tab of the app in `context`, ready; the page and its uncaught errors."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    wait_ready(page)
    return page, errors


def open_link(page, url: str) -> None:
    """Open a link in an app that is already running, as tapping it in a chat would (the new
    history entry has no state until the app has shown the link)."""
    page.evaluate("url => { location.href = url }", url)
    page.wait_for_function("history.state !== null")


def all_computer_game(key: str, players: int) -> SavedGame:
    """A new game of `key` where the computer holds every seat."""
    entry = catalog.entry(key)
    return SavedGame(id=f"{catalog.keys().index(key) + 1:016x}", game=key, seed="5e" * 16,
                     names=tuple(f"Computer {i + 1}" for i in range(players)),
                     bots=tuple(range(players)), options=entry.default_options(),
                     created=1.0, updated=1.0)


def open_at_start(context, saved: SavedGame) -> None:
    """The device holds `saved` as the game played last, so the first visit opens it."""
    context.add_init_script(
        f"if (!localStorage.getItem('parlor:current')) {{"
        f"localStorage.setItem('parlor:game:{saved.id}', {json.dumps(saved.to_json())});"
        f"localStorage.setItem('parlor:current', '{saved.id}'); }}")
