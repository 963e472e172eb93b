"""Moving about the app as a phone user does: taps on anything, Back and Forward, scrolling."""
import random
import sys
from pathlib import Path

from playwright.sync_api import expect

from harness import new_game, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor import catalog  # noqa: E402
from parlor.play.saves import SavedGame  # noqa: E402

CONTROLS = "[data-action],[data-tile],[data-building],button,input,textarea,summary,a,label"
TAP_EVERY_KIND = """([controls]) => {
  const root = document.getElementById('app');
  const kinds = new Map();
  for (const el of root.querySelectorAll('*')) {
    const kind = el.tagName + '.' + (el.getAttribute('class') || '');
    if (!el.closest(controls) && !kinds.has(kind)) kinds.set(kind, el);
  }
  const before = root.innerHTML;
  for (const el of kinds.values()) {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
  return { kinds: [...kinds.keys()], unchanged: root.innerHTML === before };
}"""


def tap_everything(page, at_least):
    """Tap one element of every kind that is not a control: nothing happens, nothing raises
    (the page fixture fails the test on any uncaught error)."""
    result = page.evaluate(TAP_EVERY_KIND, [CONTROLS])
    assert len(result["kinds"]) >= at_least, result["kinds"]
    assert result["unchanged"], "a tap on something that is not a control changed the screen"


def finished_game(key: str) -> SavedGame:
    """A game of `key` played to its end by random legal moves."""
    entry = catalog.entry(key)
    saved = SavedGame(id=f"{catalog.keys().index(key) + 1:016x}", game=key, seed="a1" * 16,
                      names=("Ana", "Bo", "Cy", "Di")[:entry.players[0]],
                      options=entry.default_options(), created=1, updated=1)
    engine, state, moves, pick = entry.engine, saved.initial_state(), "", random.Random(7)
    while engine.outcome(state) is None:
        move = pick.choice(engine.legal(state))
        moves += engine.encode(move)
        state = engine.apply(state, move)
    return saved.with_moves(moves)


def store(page, saved: SavedGame) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"parlor:game:{saved.id}", saved.to_json()])


def test_a_tap_on_anything_that_is_not_a_control_does_nothing_on_every_screen(page):
    tap_everything(page, 2)                                           # home
    for key in catalog.keys():
        new_game(page, key)
        page.click(f"button[data-action=start][data-game={key}][data-bots]:not([data-value])")
        expect(page.locator(".board svg")).to_be_visible()
        tap_everything(page, 10)                                      # the board, one player
        page.locator(".board svg").tap(position={"x": 16, "y": 3})  # a real touch on the felt
        page.click("button[data-action=home]")
        new_game(page, key)
        page.click(f"button[data-action=start][data-game={key}]:not([data-bots])")
        expect(page.locator(".screen-pass")).to_be_visible()
        tap_everything(page, 4)                                       # the pass screen
        page.click("button[data-action=home]")
        store(page, finished_game(key))
        page.reload()
        wait_ready(page)
        page.click(f".saved-game[data-id='{finished_game(key).id}'] button[data-action=open]")
        expect(page.locator(".screen-over")).to_be_visible()
        tap_everything(page, 8)                                       # the end
        page.click("button[data-action=home]")
    new_game(page, "tyrus")
    tap_everything(page, 4)                                           # a new-game page
    page.click("button[data-action=link-new][data-game=tyrus]")
    expect(page.locator("#share-link")).to_be_visible()
    tap_everything(page, 6)                                           # a game by link


def test_back_and_forward_go_between_the_apps_screens(page, base_url):
    new_game(page, "tyrus")
    page.click("button[data-action=start][data-game=tyrus]:not([data-bots])")
    expect(page.locator(".screen-pass")).to_be_visible()
    page.go_back()
    expect(page.locator("#name-tyrus-0")).to_be_visible()
    page.go_back()
    expect(page.locator(".game-card").first).to_be_visible()
    assert page.url == base_url, "still in the app, at its home"
    page.go_forward()
    page.go_forward()
    expect(page.locator(".screen-pass")).to_be_visible()
    page.click("button[data-action=home]")
    new_game(page, "tsuro")
    page.click("button[data-action=link-new][data-game=tsuro]")
    link = page.locator("#share-link").input_value()
    assert page.url == link, "a game by link has its link as the address"
    page.go_back()
    expect(page.locator("#name-tsuro-0")).to_be_visible()
    assert "#" not in page.url
    page.go_back()
    page.go_back()
    expect(page.locator(".screen-pass")).to_be_visible()
    page.go_forward()
    page.go_forward()
    page.go_forward()
    expect(page.locator("#app h1")).to_have_text("Tsuro by link")
    assert page.url == link


def test_back_from_a_link_opened_on_a_new_visit_stays_in_the_app(phone, base_url):
    first = phone.new_page()
    first.goto(base_url)
    wait_ready(first)
    new_game(first, "tyrus")
    first.click("button[data-action=link-new][data-game=tyrus]")
    link = first.locator("#share-link").input_value()
    friend = phone.browser.new_context().new_page()
    friend.goto(link)
    wait_ready(friend)
    expect(friend.locator("#join-name")).to_be_visible()
    friend.go_back()
    expect(friend.locator(".game-card").first).to_be_visible()
    assert friend.url == base_url
    friend.context.close()


def scrolled_then(page, selector):
    """Scroll well down, then tap `selector` where it is (no scrolling to it first)."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200
    page.evaluate(f"document.querySelector({selector!r}).click()")


def test_a_new_screen_starts_at_the_top(page):
    new_game(page, "tsuro")
    for _ in range(6):
        page.click("button[data-action=players][data-game=tsuro][data-delta='1']")
    scrolled_then(page, "button[data-action=start][data-game=tsuro]:not([data-bots])")
    expect(page.locator(".screen-pass")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    page.click("button[data-action=home]")
    store(page, finished_game("tsuro"))
    page.reload()
    wait_ready(page)
    page.click(f".saved-game[data-id='{finished_game('tsuro').id}'] button[data-action=open]")
    expect(page.locator(".screen-over")).to_be_visible()
    scrolled_then(page, "button[data-action=replay]")
    expect(page.locator(".replay h2")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0


def test_how_to_play_from_a_home_card_and_from_a_game_and_back(page):
    page.click("button[data-action=rules][data-game=tsuro]")
    expect(page.locator("#app h1")).to_have_text("How to play Tsuro")
    expect(page.locator(".howto-board svg")).to_have_count(1)
    page.go_back()
    expect(page.locator(".game-card").first).to_be_visible()
    new_game(page, "tyrus")
    page.click("button[data-action=start][data-game=tyrus][data-bots]")
    page.click("button[data-action=rules][data-game=tyrus]")
    expect(page.locator("#app h1")).to_have_text("How to play Tyrus")
    page.click("button[data-action=back]")
    expect(page.locator(".board svg")).to_be_visible()
    expect(page.locator("#app h1")).to_have_text("Tyrus")


def test_nothing_in_the_app_chrome_is_cut_off_upright_or_on_its_side(page):
    new_game(page, "tyrannen")
    page.click("button[data-action=start][data-game=tyrannen][data-bots]:not([data-value])")
    for size in ({"width": 360, "height": 640}, {"width": 640, "height": 360}):
        page.set_viewport_size(size)
        page.locator(".board svg").wait_for()
        header = page.evaluate("""() => [...document.querySelectorAll('#app .bar > *')].map(e =>
            [e.tagName, e.scrollWidth <= e.clientWidth + 1])""")
        assert all(fits for _, fits in header), (size, header)
        assert page.locator(".bar button[data-action=home]").bounding_box()["height"] < 50, \
            "‹ Games on one line"
        board = page.locator(".board svg").bounding_box()
        assert (board["height"] >= 0.9 * (size["height"] - 12)
                or board["width"] >= 0.9 * (size["width"] - 16)), ("the board uses the space", size, board)


def test_the_home_screen_fits_one_phone_screen(page):
    assert page.evaluate("document.documentElement.scrollHeight") <= 640
    expect(page.locator(".game-card .picture")).to_have_count(len(catalog.entries()))
