import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import DIST, PHONE, chromium, guard_origin, serve, wait_ready  # noqa: E402


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
