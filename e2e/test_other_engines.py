"""The app in Firefox ESR and WebKitGTK (every iPhone browser is WebKit), Debian's both, driven
over their own protocols (e2e/engines.py): it starts, takes a move, makes and opens a link,
reloads offline and plays a whole game against the computer. Any request that leaves the
page's origin is refused and fails the test."""
import re

import pytest

from engines import ENGINES, Sink, profile
from harness import DIST, serve

READY = "document.documentElement.dataset.ready === '1'"
TURN = ".screen-over, button[data-action=continue], .hand-row [data-tile]"
NOTHING_WRONG = ("document.getElementById('fatal')?.hidden !== false"
                 " && !document.querySelector('.py-error')")


@pytest.fixture(scope="module")
def sink():
    refused = Sink()
    yield refused
    refused.close()


def has(tab, selector: str) -> bool:
    return tab.run(f"document.querySelector({selector!r}) !== null")


def text(tab, selector: str) -> str:
    return tab.wait(f"document.querySelector({selector!r})?.textContent.trim()", 30)


def fill(tab, selector: str, value: str) -> None:
    tab.run(f"""(() => {{ const field = document.querySelector({selector!r});
        field.value = {value!r}; field.dispatchEvent(new Event("input", {{bubbles: true}})); }})()""")


def start_page(tab, url: str) -> None:
    tab.go(url)
    tab.wait(READY, 120)
    assert tab.run(NOTHING_WRONG)


def place_a_tile(tab, turn: int) -> None:
    """Tap a tile of the hand, then a lit building, then Confirm (choices vary with `turn`)."""
    tiles = tab.wait("document.querySelectorAll('.hand-row [data-tile]').length", 30)
    tab.tap(".hand-row [data-tile]", turn % tiles)
    buildings = tab.wait("document.querySelectorAll('[data-building]').length", 30)
    tab.tap("[data-building]", turn % buildings)
    tab.tap("button[data-action=confirm]")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_app_plays_in_another_engine(engine, sink):
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run ./build.sh test")
    sink.requests.clear()
    with profile(engine, sink) as tab:
        with serve() as url:
            start_page(tab, url)
            tab.wait("window.parlorCached === true", 120)   # the worker holds every file

            # a link: Ana invites; opening the link, as a chat would, shows that game again
            tab.tap("button[data-action=setup][data-game=tyrus]")
            fill(tab, "#name-tyrus-0", "Ana")
            tab.tap("button[data-action=link-new][data-game=tyrus]")
            link = tab.wait("document.querySelector('#share-link')?.value", 30)
            assert link.startswith(url) and "#p3.tyrus." in link     # an invitation (format 3)
            tab.tap("button[data-action=home]")
            tab.wait("history.state !== null && !document.querySelector('#share-link')", 30)
            tab.run(f"location.href = {link!r}")
            tab.wait("history.state !== null && document.querySelector('main')"
                     ".textContent.includes('You already had this link')", 30)
            assert "Tyrus by link" in text(tab, "main")

            # one move against the computer
            tab.tap("button[data-action=home]")
            tab.tap("button[data-action=setup][data-game=tyrus]")
            fill(tab, "#name-tyrus-0", "Ana")
            tab.tap("button[data-action=start][data-game=tyrus][data-bots]")
            tab.wait(f"document.querySelector('{TURN}') !== null", 180)
            moved = has(tab, ".hand-row [data-tile]")
            if moved:
                place_a_tile(tab, 0)

        # the server is gone: the worker serves everything and the game goes on, to its end
        start_page(tab, url)
        for turn in range(1, 200):
            tab.wait(f"document.querySelector('{TURN}') !== null", 180)
            if has(tab, ".screen-over"):
                break
            assert not has(tab, "button[data-action=reveal]"), "one player: no pass screen"
            if has(tab, "button[data-action=continue]"):
                tab.tap("button[data-action=continue]")
                continue
            place_a_tile(tab, turn)   # the computer's placement follows by itself
            moved = True
        assert moved
        assert re.fullmatch(r"Ana won|Computer won|A draw", text(tab, ".screen-over h2"))
        assert tab.run(NOTHING_WRONG)
    assert sink.requests == [], f"requests left the page's origin: {sink.requests}"
