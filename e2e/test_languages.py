"""Parlor in each of its languages, as players meet it: the browser's language on a first
start (before Python runs too), a choice that is kept and never travels in a link, a game in
each language, offline in each, and, in the pseudo-locale (accented, about 40 % longer), nothing
cut off or sticking out at 360x640 on any screen."""
import gettext
import shutil
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness import DIST, PHONE, guard_origin, new_game, open_link, wait_ready
from test_tyrus_by_link import shared_link

LOCALE = Path(__file__).resolve().parent.parent / "py/parlor/locale"
LANGUAGES = ("fr", "de", "it")
GAMES = ("tyrus", "tsuro", "tyrannen", "tyros")
TITLES = {"de": "Tod dem Tyrannen!"}       # seeds/languages.md; the others: King & Assassins


def words(code: str) -> gettext.GNUTranslations:
    """The compiled catalog, as the app ships it."""
    with (LOCALE / code / "LC_MESSAGES/parlor.mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)


@pytest.fixture(scope="session")
def pseudo_zip(tmp_path_factory):
    """The app zip with the pseudo-locale's catalog added (the shipped site has none)."""
    target = tmp_path_factory.mktemp("pseudo") / "parlor.zip"
    shutil.copy(DIST / "app/parlor.zip", target)
    with zipfile.ZipFile(target, "a") as archive:
        archive.write(LOCALE / "qps/LC_MESSAGES/parlor.mo", "parlor/locale/qps/LC_MESSAGES/parlor.mo")
    return target.read_bytes()


@pytest.fixture
def device(browser, base_url, pseudo_zip):
    """Phones of their own with a browser language; each fails the test if a request left the
    origin or the page raised. A pseudo-locale phone gets the app zip with that catalog (with
    no service worker, so that the page's own request for it is the one answered)."""
    made = []

    def make(locale: str, pseudo: bool = False):
        context = browser.new_context(locale=locale, service_workers="block" if pseudo else "allow",
                                      **PHONE)
        outside = guard_origin(context, base_url)
        if pseudo:
            context.route("**/app/parlor.zip", lambda route: route.fulfill(
                body=pseudo_zip, headers={"Content-Type": "application/zip"}))
            context.add_init_script("localStorage.setItem('parlor.language', 'qps')")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        made.append((context, outside, errors))
        return page

    yield make
    for context, outside, errors in made:
        context.close()
        assert outside == [] and errors == [], (outside, errors)


def english_left(page, code: str) -> list[str]:
    """Buttons and headings that still read as an English message this language translates."""
    catalog = words(code)
    texts = page.locator("#app button:visible, #app h1:visible, #app h2:visible").all_inner_texts()
    return [t for t in texts if t.strip() and catalog.gettext(t.strip()) != t.strip()]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_first_start_speaks_the_browsers_language_before_and_after_python(device, base_url, code):
    page = device(f"{code}-{code.upper()}")
    tr = words(code).gettext
    page.goto(base_url, wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.lang") == code
    shell = page.locator("#shell-home button[data-action=rules]")
    if shell.count():               # the static shell, drawn at build time in each language
        assert shell.first.inner_text() == tr("How to play")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == code
    expect(page.locator("button[data-action=rules]").first).to_have_text(tr("How to play"))
    expect(page.locator(".game-card[data-game=tyrannen] h2")).to_have_text(
        TITLES.get(code, "King & Assassins"))
    assert english_left(page, code) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_game_in_each_language(device, base_url, code):
    page = device(f"{code}-{code.upper()}")
    tr = words(code).gettext
    page.goto(base_url)
    wait_ready(page)
    new_game(page, "tyrus")
    page.fill("#name-tyrus-0", "Ana")
    page.fill("#name-tyrus-1", "Bo")
    page.click("button[data-action=start][data-game=tyrus]")
    page.click("button[data-action=reveal]")
    page.locator(".hand-row [data-tile]").first.tap()
    page.locator("[data-building]").first.tap()
    expect(page.locator("button[data-action=confirm]")).to_have_text(tr("Confirm"))
    assert english_left(page, code) == []
    page.click("button[data-action=confirm]")
    expect(page.locator(".screen-pass")).to_be_visible()
    assert english_left(page, code) == []


def test_the_choice_is_kept_and_each_friend_reads_a_link_in_their_own_language(device, base_url):
    ana = device("de-DE")
    ana.goto(base_url)
    wait_ready(ana)
    ana.select_option("#language", "it")
    expect(ana.locator("html")).to_have_attribute("lang", "it")
    expect(ana.locator("button[data-action=rules]").first).to_have_text(words("it").gettext("How to play"))
    ana.reload()
    wait_ready(ana)
    expect(ana.locator("html")).to_have_attribute("lang", "it")   # kept on this device
    new_game(ana, "tyrus")
    ana.fill("#name-tyrus-0", "Ana")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    link = shared_link(ana)
    bo = device("fr-FR")
    bo.goto(base_url)
    wait_ready(bo)
    open_link(bo, link)
    expect(bo.locator("#join-name")).to_be_visible()
    assert bo.evaluate("document.documentElement.lang") == "fr"
    assert english_left(bo, "fr") == []
    fr = words("fr").gettext
    expect(bo.locator("button[data-action=join]")).to_have_text(fr("Join"))


def test_offline_in_each_language(device, base_url):
    page = device("en-GB")
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_function("window.parlorCached === true")
    page.context.set_offline(True)
    for code in LANGUAGES:
        page.select_option("#language", code)
        page.reload()
        wait_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("button[data-action=rules]").first).to_have_text(
            words(code).gettext("How to play"))


# Whatever is wider than the phone must be inside something that scrolls sideways on purpose
# (a board); text must never be clipped by its box.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width + 1)
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  const scroller = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('#app *')) {
    if (el.closest('svg') || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) continue;    // for screen readers only (1 px box)
    if ((box.right > width + 1 || box.left < -1) && !scroller(el))
      problems.push('sticks out of the screen: ' + name(el));
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1 && el.childElementCount === 0)
      problems.push('text cut off: ' + name(el));
  }
  return problems;
}"""


def pseudo_page(device, base_url):
    page = device("en-US", pseudo=True)
    page.goto(base_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "qps"
    return page


def fits(page, where: str) -> None:
    problems = page.evaluate(OVERFLOW)
    assert problems == [], f"{where}: {problems[:8]}"


def test_nothing_is_cut_off_in_long_words_on_home_setup_and_rules_pages(device, base_url):
    page = pseudo_page(device, base_url)
    fits(page, "home")
    for game in GAMES:
        new_game(page, game)
        fits(page, f"{game} new game")
        page.go_back()
        page.click(f"button[data-action=rules][data-game={game}]")
        fits(page, f"{game} how to play")
        page.go_back()


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_cut_off_in_long_words_on_a_game_screen(device, base_url, game):
    page = pseudo_page(device, base_url)
    new_game(page, game)
    page.click(f"button[data-action=start][data-game={game}]:not([data-bots])")
    for step in range(3):
        if page.locator("button[data-action=reveal]").count():
            fits(page, f"{game} pass screen")
            page.click("button[data-action=reveal]")
        fits(page, f"{game} board, step {step}")
        acts = page.locator(".board [role=button]")
        if not acts.count():
            break
        acts.first.click()
        fits(page, f"{game} after a tap, step {step}")
    page.click("button[data-action=home]")
    fits(page, "home with a kept game")
