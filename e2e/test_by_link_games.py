"""Tod dem Tyrannen and Tsuro played to the end by two phones passing links, by taps."""
from playwright.sync_api import expect

from harness import new_game, open_link, phone_page

from test_tsuro_hotseat import choose_start_mark, try_a_tile
from test_tyrannen_hotseat import choose_assassins, one_action
from test_tyrus_by_link import protocol_step, shared_link


def pass_links(ana, bo, take_turn, turns):
    """Whoever's turn it is plays it; the link they send is opened by the other phone."""
    url = shared_link(ana)
    holder, other = ana, bo
    for turn in range(turns):
        open_link(other, url)
        holder, other = other, holder
        line = holder.locator(".turn-line").inner_text()
        if line.startswith("Game over"):
            return holder
        if not (line.startswith("Your turn") or holder.locator("#join-name").count()):
            if holder.locator("#share-link").count():
                url = shared_link(holder)     # e.g. the game its creator's phone started:
                continue                      # the other phone opens it next
            holder, other = other, holder     # nothing to do here: the other phone moves
            continue
        take_turn(holder, turn)
        url = shared_link(holder)
    raise AssertionError("the game did not end")


def tyrannen_turn(page, turn):
    if page.locator("#join-name").count():
        protocol_step(page)         # the rebel chooses once the creator's phone starts it
        return
    if protocol_step(page):
        return
    if "hide your assassins" in page.locator(".hint").inner_text():
        choose_assassins(page)
        return
    for step in range(2):
        if not one_action(page, turn, step) or page.locator("#share-link").count():
            break
    if not page.locator("#share-link").count():
        page.click("button[data-action=end-turn]")
        sure = page.locator("button[data-action=end-turn]", has_text="Yes, end my turn")
        if sure.count():                 # points were left: End turn asked to be sure
            sure.click()


def tsuro_turn(page, turn):
    if protocol_step(page):
        return
    if page.locator("[data-mark]").count():
        choose_start_mark(page, turn)
    elif page.locator("button[data-action=keep]").count():
        page.click("button[data-action=keep]")
    else:
        try_a_tile(page, turn)
    page.click("button[data-action=confirm]")


def play_by_link(browser, base_url, game, take_turn, turns):
    """Ana creates a game by link, Bo joins, and they pass links to a verified end."""
    outside = []
    ana, ana_errors = phone_page(browser, base_url, outside)
    bo, bo_errors = phone_page(browser, base_url, outside)
    new_game(ana, game)
    ana.fill(f"#name-{game}-0", "Ana")
    ana.click(f"button[data-action=link-new][data-game={game}]")
    first = " ".join(ana.locator(".meta").all_text_contents())    # "Why?" included
    last = pass_links(ana, bo, take_turn, turns)
    expect(last.locator(".audit")).to_contain_text("Verified fair")
    assert ana_errors == bo_errors == [] and all(a == [] for a in outside)
    return first


def test_tod_dem_tyrannen_by_link_to_a_verified_end(browser, base_url):
    play_by_link(browser, base_url, "tyrannen", tyrannen_turn, 120)


def test_two_player_tsuro_by_link_to_a_verified_end(browser, base_url):
    note = play_by_link(browser, base_url, "tsuro", tsuro_turn, 80)
    assert "not cryptographically" in note, "the casual tier says what it does not hide"
