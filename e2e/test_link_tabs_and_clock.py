"""Issue 10 in the browser: two tabs of one phone, and a forfeit claimed by the clock."""
from playwright.sync_api import expect

from harness import PHONE, app_tab, guard_origin, new_game, open_link, phone_page, wait_ready
from test_tyrus_by_link import shared_link, take_turn

# The page's clock runs ahead by sessionStorage "skew" milliseconds (kept across reloads).
SKEWED_CLOCK = """(() => {
  const now = Date.now.bind(Date);
  Date.now = () => now() + Number(sessionStorage.getItem("skew") || 0);
})();"""
DAY_MS = 86_400_000



def test_a_tab_shows_what_another_tab_of_the_same_phone_stored(browser, base_url):
    """Item 5: Ana's first tab shows her invitation; her second tab opens Bo's answer; the
    first tab learns of it and shows her turn instead of overwriting it later."""
    context = browser.new_context(**PHONE)
    outside = [guard_origin(context, base_url)]
    first, first_errors = app_tab(context, base_url)
    second, second_errors = app_tab(context, base_url)
    bo, bo_errors = phone_page(browser, base_url, outside)
    new_game(first, "tyrus")
    first.fill("#name-tyrus-0", "Ana")
    first.click("button[data-action=link-new][data-game=tyrus]")
    expect(first.locator(".turn-line")).to_have_text("Waiting for players")
    open_link(bo, shared_link(first))
    take_turn(bo, 0)
    open_link(second, shared_link(bo))
    expect(second.locator(".turn-line")).to_have_text("Your turn")
    expect(first.locator(".turn-line")).to_have_text("Your turn")
    expect(first.locator(".notice")).to_contain_text("changed in another tab")
    assert first_errors == second_errors == bo_errors == []
    assert all(a == [] for a in outside)
    context.close()


def test_a_forfeit_is_offered_only_once_the_clock_ran_out_and_never_reads_verified_fair(
        browser, base_url):
    """Item 1: Ana picks one day per move; Bo does not answer; only after a day on Ana's own
    clock may she claim, and the end reads "won by forfeit". Bo, who never received Ana's
    last move, may still answer when the claim reaches him."""
    outside = []
    context = browser.new_context(**PHONE)
    outside.append(guard_origin(context, base_url))
    context.add_init_script(SKEWED_CLOCK)
    ana, ana_errors = app_tab(context, base_url)
    ana.on("dialog", lambda dialog: dialog.accept())
    bo, bo_errors = phone_page(browser, base_url, outside)
    new_game(ana, "tyrus")
    ana.fill("#name-tyrus-0", "Ana")
    ana.click("button[data-action=clock][data-game=tyrus][data-value='1']")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    expect(ana.locator(".share-text")).to_contain_text("1 day per move")
    open_link(bo, shared_link(ana))
    expect(bo.locator(".join")).to_contain_text("Clock: 1 day per move")
    take_turn(bo, 0)
    open_link(ana, shared_link(bo))
    for turn in range(3):
        if ana.locator("#share-link").count():
            break
        take_turn(ana, turn)
    expect(ana.locator(".clock")).to_contain_text("Bo has")
    assert ana.locator("button[data-action=forfeit]").count() == 0, "no instant forfeit"
    ana.evaluate(f"sessionStorage.setItem('skew', {DAY_MS - 3_600_000})")
    ana.reload()
    wait_ready(ana)
    expect(ana.locator(".clock")).to_contain_text("min left")
    assert ana.locator("button[data-action=forfeit]").count() == 0
    ana.evaluate(f"sessionStorage.setItem('skew', {DAY_MS + 60_000})")
    ana.reload()
    wait_ready(ana)
    ana.click("button[data-action=forfeit]")
    expect(ana.locator(".audit")).to_have_text("Won by forfeit: Bo did not answer in 1 day.")
    expect(ana.locator("body")).not_to_contain_text("Verified fair")
    open_link(bo, shared_link(ana))
    expect(bo.locator(".notice")).to_contain_text("you may still answer")
    expect(bo.locator(".turn-line")).to_contain_text("Your turn")
    assert ana_errors == bo_errors == []
    assert all(a == [] for a in outside)
    context.close()
