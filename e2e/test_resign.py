"""Issue 13 in the browser: resign a hot-seat game at a phone's size, and resign by link."""
import re
from pathlib import Path

from playwright.sync_api import expect

from harness import new_game, open_link, phone_page
from test_tyrus_by_link import protocol_step, shared_link
from test_tyrus_hotseat import play_one_turn, start_game

BOOT = (Path(__file__).resolve().parent.parent / "boot.js").read_text()


def resign(page):
    page.click("button[data-action=resign]")
    expect(page.locator(".resign")).to_contain_text("This cannot be taken back")
    page.click("button[data-action=resign-yes]")


def test_resign_a_hot_seat_tyrus_game_after_confirming(page):
    """At 360x640: after one move, the next player resigns; the end screen says so, and the
    replay still shows the move."""
    start_game(page)
    play_one_turn(page, 0)
    page.click("button[data-action=reveal]")
    mover = page.locator(".turn-line").inner_text().removesuffix(" to play")
    winner = "Bo" if mover == "Ana" else "Ana"
    page.click("button[data-action=resign]")
    page.click("button[data-action=keep-playing]")
    expect(page.locator(".resign")).to_have_count(0)
    resign(page)
    over = page.locator(".screen-over")
    expect(over.locator("h2")).to_have_text(f"{winner} won")
    expect(over).to_contain_text(f"{mover} resigned.")
    expect(page.locator("button[data-action=resign]")).to_have_count(0)
    page.click("button[data-action=replay]")
    expect(page.locator(".replay h2")).to_have_text("Move 1 of 1")
    page.click("button[data-action=replay-done]")
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game").first).to_contain_text(f"{winner} won")


def read_link(page, url):
    """boot.js's own reading of a link's seats (before Python runs), run on `url`."""
    body = re.search(r"function readLink\(fragment\) \{.*?\n  \}\n", BOOT, re.S).group(0)
    return page.evaluate(f"(hash) => {{ {body}; return readLink(hash); }}",
                         "#" + url.split("#", 1)[1])


def test_ana_resigns_by_link_on_her_turn_and_bo_sees_the_win_by_resignation(browser, base_url):
    outside = []
    ana, ana_errors = phone_page(browser, base_url, outside)
    bo, bo_errors = phone_page(browser, base_url, outside)
    new_game(ana, "tyrus")
    ana.fill("#name-tyrus-0", "Ana")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    open_link(bo, shared_link(ana))
    assert protocol_step(bo)               # Bo takes his seat; Ana owes the opening now
    expect(bo.locator("button[data-action=resign]")).to_have_count(0)   # not Bo's turn
    open_link(ana, shared_link(bo))
    resign(ana)
    expect(ana.locator(".audit")).to_have_text("Won by resignation: Ana resigned.")
    url = shared_link(ana)
    assert read_link(ana, url) == {"game": "tyrus", "seats": [
        {"joined": True, "name": "Ana"}, {"joined": True, "name": "Bo"}]}
    open_link(bo, url)
    expect(bo.locator(".audit")).to_have_text("Won by resignation: Ana resigned.")
    expect(bo.locator("body")).not_to_contain_text("Verified fair")
    expect(bo.locator(".turn-line")).to_have_text("Won by resignation: Ana resigned.")
    bo.click("button[data-action=link-rematch]")
    expect(bo.locator(".share-text")).to_contain_text("Join Bo's Tyrus game")
    expect(bo.locator(".share-text")).to_contain_text("A rematch of the game with Ana.")
    ana.click("button[data-action=link-ask-rematch]")     # or Ana asks Bo to open it
    expect(ana.locator(".share-text")).to_have_text(
        "Ana asks you for a rematch of Tyrus with the seats swapped: open this link and tap Rematch.")
    expect(ana.locator("#share-link")).to_have_value(url)
    assert ana_errors == bo_errors == [] and all(a == [] for a in outside)
