"""The computer's level, chosen on the new-game page: kept in the saved game, played by the
worker, offered only where thinking longer plays better."""
from playwright.sync_api import expect

from harness import new_game


def test_a_strong_computer_is_chosen_kept_and_answers(page):
    new_game(page, "tsuro")
    quick = page.locator("button[data-action=level][data-value=quick]")
    strong = page.locator("button[data-action=level][data-value=strong]")
    expect(quick).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("group", name="The computer's level")).to_be_visible()
    strong.click()
    expect(strong).to_have_attribute("aria-pressed", "true")
    expect(quick).to_have_attribute("aria-pressed", "false")
    page.screenshot(path="test-results/computer-level-tsuro-phone.png")
    page.click("button[data-action=start][data-game=tsuro][data-bots]")
    marks = page.locator("[data-mark]")
    expect(marks.first).to_be_attached()
    marks.first.tap()
    page.click("button[data-action=confirm]")
    saved = page.evaluate("JSON.parse(localStorage.getItem("
                          "'parlor:game:' + localStorage.getItem('parlor:current')))")
    assert saved["level"] == "strong" and saved["bots"] == [1]
    page.wait_for_function(   # the computer chose its start mark too: two moves in the record
        "JSON.parse(localStorage.getItem('parlor:game:' + "
        "localStorage.getItem('parlor:current'))).moves.length >= 2", timeout=120_000)


def test_a_game_with_one_level_offers_none(page):
    new_game(page, "tyrannen")
    computer = page.locator("button[data-action=start][data-game=tyrannen][data-bots]")
    expect(computer.first).to_be_visible()
    assert page.locator("[data-action=level]").count() == 0
