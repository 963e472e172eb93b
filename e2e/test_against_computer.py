"""A whole Tyrus game against the computer, by taps at a phone viewport: no pass screens."""
import re

from playwright.sync_api import expect

from harness import new_game

from test_tyrus_hotseat import place_by_taps


def test_a_whole_tyrus_game_against_the_computer(page):
    new_game(page, "tyrus")
    page.fill("#name-tyrus-0", "Ana")
    page.click("button[data-action=start][data-game=tyrus][data-bots]")
    for turn in range(200):
        page.wait_for_selector(".screen-over, button[data-action=continue], .hand-row [data-tile]")
        if page.locator(".screen-over").count():
            break
        assert page.locator("button[data-action=reveal]").count() == 0, "one player: no pass screen"
        if page.locator("button[data-action=continue]").count():
            page.click("button[data-action=continue]")
            continue
        place_by_taps(page, turn)  # the computer's placement follows by itself
    expect(page.locator(".screen-over h2")).to_have_text(re.compile(r"^(Ana won|Computer won|A draw)$"))
