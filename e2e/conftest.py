import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import DIST, PHONE, chromium, guard_origin, serve, wait_ready  # noqa: E402

# A check waits up to 15 s for the page to get there (Playwright's default is 5 s): a CI
# machine busy with the Pyodide run beside this suite may take that long to draw a screen.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def base_url():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run ./build.sh test")
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def phone(browser, base_url):
    """A fresh phone-sized browser context; fails the test if any request left the origin."""
    context = browser.new_context(**PHONE)
    outside = guard_origin(context, base_url)
    yield context
    context.close()
    assert outside == [], f"requests left the page's origin: {outside}"


@pytest.fixture
def page(phone, base_url):
    """The app, loaded and ready, at a phone viewport."""
    p = phone.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(base_url)
    wait_ready(p)
    yield p
    assert errors == [], f"uncaught errors in the page: {errors}"
