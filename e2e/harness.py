"""Serve dist/ on loopback and drive Debian's Chromium with Playwright (tests and benchmarks)."""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

DIST = Path(os.environ.get("PARLOR_DIST", Path(__file__).resolve().parent.parent / "dist")).resolve()
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory: Path = DIST):
    """A static server for `directory` on a free loopback port; yields its base URL."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


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


def wait_ready(page, timeout_ms: int = 60000) -> None:
    """Wait for the app's ready marker (set once it answers clicks)."""
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout_ms)
