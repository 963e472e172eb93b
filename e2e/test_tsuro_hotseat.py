"""A whole three-player hot-seat Tsuro game played by real taps at a phone viewport."""
import re

from playwright.sync_api import expect

from harness import new_game

NAMES = ("Ana", "Bo", "Cy")
RESULT = re.compile(r"^((Ana|Bo|Cy) won|Shared win: .+)$")


def start_game(page, names=NAMES):
    new_game(page, "tsuro")
    page.click("button[data-action=players][data-game=tsuro][data-delta='1']")
    for i, name in enumerate(names):
        page.fill(f"#name-tsuro-{i}", name)
    page.click("button[data-action=start][data-game=tsuro]")


def choose_start_mark(page, turn):
    marks = page.locator("[data-mark]")
    expect(marks.first).to_be_attached()
    marks.nth((turn * 7) % marks.count()).tap()
    expect(page.locator(".chosen")).to_have_count(1)


def try_a_tile(page, turn):
    """Tap a tile that keeps the marker in (if any), turn it once if it can be, see its path."""
    tiles = page.locator(".hand-row [data-tile]:not(.blocked)")
    if tiles.count() == 0:                      # only self-eliminating tiles are left
        tiles = page.locator(".hand-row [data-tile]")
    tile = tiles.nth(turn % tiles.count())
    code = tile.get_attribute("data-tile")
    tile.tap()
    expect(page.locator(".ghost")).to_have_count(1)
    if turn % 2 and page.locator("button[data-action=rotate]").count():
        before = page.locator(".ghost").inner_html()
        page.click("button[data-action=rotate]")
        assert page.locator(".ghost").inner_html() != before, "turning shows the tile turned"
    expect(page.locator(f".hand-row .sel[data-tile='{code}']")).to_have_count(1)
    expect(page.locator(".trail.preview").first).to_be_attached()


def test_full_three_player_hotseat_game_to_the_end_screen(page):
    start_game(page)
    expect(page.locator(".screen-pass h2")).to_have_text("Ana")
    news_seen = 0
    for turn in range(200):
        if page.locator(".screen-over").count():
            break
        if page.locator("button[data-action=continue]").count():
            expect(page.locator(".screen-news")).to_contain_text("Out of the game")
            news_seen += 1
            page.click("button[data-action=continue]")
            continue
        if page.locator("button[data-action=reveal]").count():
            mover = page.locator(".screen-pass h2").inner_text()
            assert page.locator("[data-tile]").count() == 0, "the pass screen shows no tiles"
            page.click("button[data-action=reveal]")
            assert page.locator(".turn-line").inner_text() == f"{mover} to play"
            continue
        if page.locator("[data-mark]").count():
            choose_start_mark(page, turn)
        elif page.locator("button[data-action=keep]").count():
            page.click("button[data-action=keep]" if turn % 2 else "button[data-action=give-up]")
        else:
            try_a_tile(page, turn)
        page.click("button[data-action=confirm]")
    over = page.locator(".screen-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text(RESULT)
    expect(page.locator(".tsuro-summary")).to_be_visible()
    steps = page.locator(".tsuro-summary li").count()
    # every elimination is news, except one that ends the game (shown on the end screen)
    assert news_seen in (steps - 1, steps)
    expect(page.locator(".board svg.tsuro")).to_be_visible()
    page.click("button[data-action=home]")
    saved = page.locator(".saved-game").filter(has_text="Ana vs Bo vs Cy")
    expect(saved).to_contain_text(re.compile(r"(Ana|Bo|Cy) won|Shared win"))


def test_a_tried_tile_can_be_taken_back(page):
    start_game(page)
    for turn in range(3):
        page.click("button[data-action=reveal]")
        choose_start_mark(page, turn)
        page.click("button[data-action=confirm]")
    page.click("button[data-action=reveal]")
    try_a_tile(page, 0)
    page.click("button[data-action=take-back]")
    expect(page.locator(".ghost")).to_have_count(0)
    expect(page.locator("button[data-action=confirm]")).to_have_count(0)
    expect(page.locator(".hand-row [data-tile]")).to_have_count(3)


def test_the_bonus_option_chosen_at_setup_is_the_one_the_game_keeps(page):
    new_game(page, "tsuro")
    on = page.locator("button[data-action=option][data-game=tsuro][data-value=True]")
    on.click()
    expect(page.locator("button[data-action=option][data-game=tsuro][data-value=True]")) \
        .to_have_attribute("aria-pressed", "true")
    page.click("button[data-action=start][data-game=tsuro]")
    saved = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('parlor:game:'))
                             .map(k => JSON.parse(localStorage.getItem(k)))""")
    assert [game["options"] for game in saved] == [{"elimination_bonus": True}]
