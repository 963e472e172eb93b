"""Everyone can play: every board by keys alone to the end, every board target at least
44 x 44 CSS px and every board text at least 11 CSS px (phone and desktop), and an axe-core
scan of every screen met on the way with no serious or critical violation."""
import re
from pathlib import Path

import pytest
from harness import PHONE, guard_origin, new_game, open_link, wait_ready
from playwright.sync_api import expect

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TAP = ("data-tile", "data-building", "data-action", "data-figure", "data-cell", "data-mark")

MEASURE = """() => {
  const out = {targets: [], texts: [], loose: []};
  for (const el of document.querySelectorAll('.board [role=button]')) {
    const r = el.getBoundingClientRect();
    out.targets.push({name: el.getAttribute('aria-label'), w: r.width, h: r.height});
  }
  const tap = %s.map(a => '.board svg [' + a + ']').join(',');
  for (const el of document.querySelectorAll(tap))
    if (el.getAttribute('role') !== 'button' || !el.getAttribute('aria-label'))
      out.loose.push(el.outerHTML.slice(0, 90));
  for (const t of document.querySelectorAll('.board svg text')) {
    if (!t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    out.texts.push({text: t.textContent, px: px});
  }
  return out;
}""" % list(TAP)

ACTIVE = """() => {
  const a = document.activeElement;
  return {tag: a.tagName, action: a.getAttribute('data-action'), tile: a.getAttribute('data-tile'),
          building: a.getAttribute('data-building'), cell: a.getAttribute('data-cell'),
          figure: a.getAttribute('data-figure'), mark: a.getAttribute('data-mark'),
          pressed: a.getAttribute('aria-pressed'), name: a.getAttribute('aria-label') || '',
          text: a.textContent.trim(), html: a.outerHTML.slice(0, 80)};
}"""


class Checks:
    """What one browser page met: board figures, and axe results per kind of screen."""

    def __init__(self, page):
        self.page, self.targets, self.texts, self.loose = page, [], [], []
        self.scanned, self.violations = set(), []

    def measure(self):
        found = self.page.evaluate(MEASURE)
        self.targets += found["targets"]
        self.texts += found["texts"]
        self.loose += found["loose"]

    def scan(self, screen: str):
        """axe-core over the page, once per kind of screen; keeps serious and critical ones."""
        if screen in self.scanned:
            return
        self.scanned.add(screen)
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.add_script_tag(path=str(AXE))
        found = self.page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(' | '))")
        self.violations += [f"{screen}: {v}" for v in found]

    def assert_fit(self, label: str):
        small = [t for t in self.targets if t["w"] < 44 or t["h"] < 44]
        tiny = [t for t in self.texts if t["px"] < 11 - 1e-6]
        print(f"{label}: {len(self.targets) - len(small)}/{len(self.targets)} board targets "
              f">= 44x44 px, {len(self.texts) - len(tiny)}/{len(self.texts)} board texts >= 11 px")
        assert self.targets and self.texts
        assert self.loose == [], f"tappable but not focusable and named: {self.loose[:3]}"
        assert small == [], f"targets under 44x44 px: {small[:5]}"
        assert tiny == [], f"text under 11 px: {tiny[:5]}"


def open_app(browser, base_url, size):
    context = browser.new_context(**size)
    outside = guard_origin(context, base_url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    wait_ready(page)
    return context, page, errors, outside


@pytest.fixture(params=["phone", "desktop"])
def app(request, browser, base_url):
    context, page, errors, outside = open_app(browser, base_url,
                                              PHONE if request.param == "phone" else DESKTOP)
    yield page, request.param
    context.close()
    assert errors == [] and outside == []


def active(page):
    return page.evaluate(ACTIVE)


def key(page, name):
    page.keyboard.press(name)


def tab_to(page, selector, limit=60):
    """Tab until `selector` has the focus (keys only); fails if it never does."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
        key(page, "Tab")
    raise AssertionError(f"{selector} never took the focus")


def start_by_keys(page, game, names, more_players=0):
    tab_to(page, f"button[data-action=setup][data-game={game}]")
    key(page, "Enter")
    for _ in range(more_players):
        tab_to(page, f"button[data-action=players][data-game={game}][data-delta='1']")
        key(page, "Enter")
    for i, name in enumerate(names):
        tab_to(page, f"#name-{game}-{i}")
        page.keyboard.type(name)
    tab_to(page, f"button[data-action=start][data-game={game}]:not([data-bots])")
    key(page, "Enter")


def screen_of(page):
    for cls in ("screen-over", "screen-news", "screen-pass"):
        if page.locator(f".{cls}").count():
            return cls[7:]
    return "board"


def arrow_to(page, wanted, start=None):
    """Arrow keys from the focused target until `wanted(active)` holds; returns it or None."""
    for way in ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):
        for _ in range(10):
            before = active(page)
            key(page, way)
            now = active(page)
            if wanted(now):
                return now
            if now["html"] == before["html"]:
                break
    return None


def play_by_keys(page, checks, turn_by_keys, limit):
    """Press keys until the end screen: buttons with Enter, the board by `turn_by_keys`."""
    for step in range(limit):
        screen = screen_of(page)
        checks.scan(screen)
        if screen == "over":
            checks.measure()
            return step
        now = active(page)
        if screen == "board":
            checks.measure()
        if now["tag"] == "BUTTON" and now["action"] not in ("home", "end-turn", "zoom"):
            key(page, "Enter")
        else:
            turn_by_keys(page, now)
    raise AssertionError("the game did not end")


def tyrus_keys(page, now):
    if now["tile"] and now["pressed"] == "false":
        key(page, "Enter")                                   # choose the tile
    elif now["tile"]:
        assert arrow_to(page, lambda a: a["building"] is not None), "no lit building"
        key(page, "Enter")                                   # stage it: Confirm has the focus
    else:
        raise AssertionError(f"unexpected focus: {now}")


def tsuro_keys(page, now):
    if now["mark"] or (now["tile"] and "puts you out" not in now["name"]):
        key(page, "Enter")
    elif now["tile"]:
        if not arrow_to(page, lambda a: a["tile"] and "puts you out" not in a["name"]):
            key(page, "Enter")                               # every tile puts the marker out
    else:
        raise AssertionError(f"unexpected focus: {now}")


class TyrannenKeys:
    """The rebel hides three assassins; each side acts once in round 1, then ends turns."""

    def __init__(self):
        self.acted = set()

    def __call__(self, page, now):
        hint = page.locator(".hint").inner_text()
        if "hide your assassins" in hint or "Confirm your three" in hint:
            if now["figure"] and now["pressed"] == "false":
                key(page, "Enter")
            elif page.locator("button[data-action=assassins]").count():
                tab_to(page, "button[data-action=assassins]")
                key(page, "Enter")
            else:
                assert arrow_to(page, lambda a: a["figure"] and a["pressed"] == "false")
            return
        mover = page.locator(".turn-line").inner_text()
        if mover not in self.acted and now["figure"]:
            self.acted.add(mover)
            key(page, "Enter")                               # select the figure
            lit = arrow_to(page, lambda a: a["cell"] is not None)
            if lit:
                key(page, "Enter")
                if active(page)["cell"] is not None and "press again" in active(page)["name"]:
                    key(page, "Enter")
            return
        key(page, "Escape")
        tab_to(page, "button[data-action=end-turn]")
        key(page, "Enter")
        if page.locator("button[data-action=end-turn]", has_text="Yes").count():
            key(page, "Enter")                               # sure: the points are lost


GAMES = {
    "tyrus": (("Ana", "Bo"), 0, tyrus_keys, 400),
    "tsuro": (("Ana", "Bo"), 0, tsuro_keys, 400),
    "tyrannen": (("Ana", "Bo"), 0, None, 600),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_by_keys_alone_fits_fingers_and_eyes_and_passes_axe(app, game):
    page, size = app
    names, more, turn, limit = GAMES[game]
    checks = Checks(page)
    checks.scan("home")
    start_by_keys(page, game, names, more)
    if size == "phone" and game == "tyrannen":      # 44 px fields: it starts at full size
        if screen_of(page) == "pass":
            tab_to(page, "button[data-action=reveal]")
            key(page, "Enter")
        expect(page.locator("div.board.zoomed")).to_have_count(1)
        tab_to(page, ".board [role=button]")
    play_by_keys(page, checks, turn or TyrannenKeys(), limit)
    expect(page.locator(".screen-over h2")).to_have_text(
        re.compile(r"^(Ana|Bo) won|A draw|Shared win"))
    checks.assert_fit(f"{game} at {size}")
    assert checks.violations == []


def test_escape_takes_back_a_staged_move_and_the_live_region_tells_the_move(page):
    start_by_keys(page, "tyrus", ("Ana", "Bo"))
    key(page, "Enter")                                       # I am ...: show my game
    key(page, "Enter")                                       # the first tile
    assert arrow_to(page, lambda a: a["building"] is not None)
    key(page, "Enter")
    assert active(page)["action"] == "confirm"
    key(page, "Escape")
    expect(page.locator("button[data-action=confirm]")).to_have_count(0)
    assert page.locator(".hand-row [data-tile]").count() == 9
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    assert active(page)["tile"], "the focus went back to the hand"
    key(page, "Enter")
    assert arrow_to(page, lambda a: a["building"] is not None)
    key(page, "Enter")
    key(page, "Enter")                                       # Confirm
    expect(region).to_contain_text("Pass the device to")
    key(page, "Enter")                                       # I am ...: show my game
    expect(region).to_contain_text(re.compile(r"(Ana|Bo) places a face-down tile in"))


def test_link_screens_and_dark_mode_pass_axe(browser, base_url, page):
    """The invitation, the join screen on the friend's phone and the board by link; the
    first phone in dark mode (its contrast is checked too)."""
    checks = Checks(page)
    page.emulate_media(color_scheme="dark")
    checks.scan("home, dark")
    new_game(page, "tsuro")
    page.fill("#name-tsuro-0", "Ana")
    page.click("button[data-action=link-new][data-game=tsuro]")
    expect(page.locator("#share-link")).to_be_attached()
    checks.scan("invitation")
    url = page.locator("#share-link").input_value()
    context, friend, errors, outside = open_app(browser, base_url, PHONE)
    open_link(friend, url)
    expect(friend.locator("#join-name")).to_be_attached()
    other = Checks(friend)
    other.scan("join")
    friend.fill("#join-name", "Bo")
    friend.click("button[data-action=join]")
    other.scan("by link")
    context.close()
    assert errors == [] and outside == []
    assert checks.violations + other.violations == []


def test_reduced_motion_stills_the_board(page):
    page.emulate_media(reduced_motion="reduce")
    start_by_keys(page, "tsuro", ("Ana", "Bo"))
    for _ in range(10):                        # both players take a start mark by keys
        if page.locator(".board .pulse").count():
            break
        key(page, "Enter")
    pulse = page.locator(".board .pulse").first
    expect(pulse).to_be_attached()
    assert pulse.evaluate("el => getComputedStyle(el).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    assert pulse.evaluate("el => getComputedStyle(el).animationName") != "none"
