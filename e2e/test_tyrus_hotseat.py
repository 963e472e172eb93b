"""A whole hot-seat Tyrus game played by real taps at a phone viewport."""
import re

from playwright.sync_api import expect

from harness import new_game

NAMES = ("Ana", "Bo")


def start_game(page, names=NAMES):
    new_game(page, "tyrus")
    for i, name in enumerate(names):
        page.fill(f"#name-tyrus-{i}", name)
    page.click("button[data-action=start][data-game=tyrus]")


def hand_codes(page):
    return page.locator(".hand-row [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")


def play_one_turn(page, turn):
    """From the pass screen or the board: place one tile by taps and confirm it."""
    if page.locator("button[data-action=reveal]").count():
        mover = page.locator(".screen-pass h2").inner_text()
        page.click("button[data-action=reveal]")
        assert page.locator(".turn-line").inner_text() == f"{mover} to play"
    place_by_taps(page, turn)


def place_by_taps(page, turn):
    """Tap a tile of the hand, then a lit building, then Confirm (choices vary with `turn`)."""
    codes = hand_codes(page)
    assert codes, "a player on turn must see their hand"
    page.locator(f".hand-row [data-tile='{codes[turn % len(codes)]}']").tap()
    targets = page.locator("[data-building]")
    expect(targets.first).to_be_visible()
    targets.nth(turn % targets.count()).tap()
    page.click("button[data-action=confirm]")


def test_full_hotseat_game_to_the_end_screen(page):
    start_game(page)
    for turn in range(80):
        if page.locator(".screen-over").count():
            break
        if page.locator("button[data-action=continue]").count():
            expect(page.locator(".screen-news")).to_contain_text("Election")
            page.click("button[data-action=continue]")
            continue
        play_one_turn(page, turn)
        # after handing over, nothing of the mover's hand may stay on screen
        if page.locator("button[data-action=reveal]").count():
            assert page.locator("[data-tile]").count() == 0
    over = page.locator(".screen-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text(re.compile(r"^(Ana won|Bo won|A draw)$"))
    expect(page.locator("button[data-action=rematch]")).to_be_visible()
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game")).to_contain_text(re.compile(r"Ana won|Bo won|A draw"))


def test_a_placement_can_be_taken_back_before_handing_over(page):
    start_game(page)
    page.click("button[data-action=reveal]")
    first = hand_codes(page)
    page.locator(f"[data-tile='{first[0]}']").tap()
    page.locator("[data-building]").first.tap()
    assert first[0] not in hand_codes(page)
    page.click("button[data-action=take-back]")
    assert hand_codes(page) == first
    expect(page.locator("button[data-action=confirm]")).to_have_count(0)


def test_a_game_survives_a_reload_and_reopens_on_the_pass_screen(page):
    start_game(page)
    play_one_turn(page, 0)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'")
    expect(page.locator(".screen-pass h2")).to_be_visible()
    assert page.locator("[data-tile]").count() == 0
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game")).to_have_count(1)
    expect(page.locator(".saved-game")).to_contain_text("Ana vs Bo")


def test_names_are_shown_as_text_never_as_markup(page):
    hostile = '<img src=x onerror="document.title=1">'
    start_game(page, (hostile, "Bo"))
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game")).to_contain_text(hostile[:24])
    assert page.locator(".saved-game img").count() == 0
    assert page.title() == "Parlor"
