"""Two phones play a whole Tyrus game by passing links (and nothing else); a third watches."""
import re
import sys
from pathlib import Path

from playwright.sync_api import expect

from harness import new_game, open_link, phone_page, wait_ready
from test_tyrus_hotseat import place_by_taps

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor.links import record as records  # noqa: E402
from parlor import catalog  # noqa: E402




def shared_link(page):
    return page.locator("#share-link").input_value()


def assert_public_only(url):
    """The raw link gives away no hand and no face-down tile."""
    view = catalog.entry("tyrus").link.view(records.decode(url.split("#", 1)[1]))
    shown_hands = [h for h in view["hands"] if not isinstance(h, int)]
    if len(view["chart"]) < 9:  # only the tiebreak after nine elections shows the hands
        assert shown_hands == []
    election = view["election"]
    for building in view["buildings"]:
        for tile in building["tiles"]:
            if tile["tile"] is not None:  # turned up for a count: all six placements made
                assert election and len(election["placements"]) == 6
                assert building["kind"] == election["kind"]


def protocol_step(page) -> bool:
    """Take the open seat, or press the protocol's own action (start, reveal, publish):
    whether there was one."""
    if page.locator("#join-name").count():
        page.fill("#join-name", "Bo")
        page.click("button[data-action=join]")
        return True
    acts = page.locator("button[data-action=link-act]")
    if acts.count():
        acts.first.click()
        return True
    return False


def take_turn(page, turn):
    """Do whatever this device's turn asks: take the seat, start, place, reveal, publish."""
    if not protocol_step(page):
        place_by_taps(page, turn)


def test_two_phones_play_a_whole_game_by_links_and_a_spectator_watches(browser, base_url):
    outside = []
    ana, ana_errors = phone_page(browser, base_url, outside)
    bo, bo_errors = phone_page(browser, base_url, outside)
    watcher, watcher_errors = phone_page(browser, base_url, outside)
    new_game(ana, "tyrus")
    ana.fill("#name-tyrus-0", "Ana")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    url = shared_link(ana)
    expect(ana.locator(".share-text")).to_contain_text("Join Ana's Tyrus game")
    holder, other = ana, bo
    for turn in range(200):
        open_link(other, url)
        assert_public_only(url)
        open_link(watcher, url)
        assert watcher.locator(".hand-row [data-tile]").count() == 0
        holder, other = other, holder
        if "Game over" in holder.locator(".turn-line").inner_text():
            break
        expect(holder.locator(".turn-line")).to_have_text(re.compile("Your turn|A seat is open"))
        take_turn(holder, turn)
        url = shared_link(holder)
    for page in (ana, bo, watcher):
        expect(page.locator(".audit")).to_contain_text("Verified fair")
    expect(watcher.locator(".notice")).to_contain_text("You are watching")
    assert ana_errors == bo_errors == watcher_errors == []
    assert all(attempts == [] for attempts in outside)


def start_by_link(browser, base_url, outside):
    """Ana invites, Bo joins: returns both pages and the links seen so far, oldest first."""
    ana, _ = phone_page(browser, base_url, outside)
    bo, _ = phone_page(browser, base_url, outside)
    new_game(ana, "tyrus")
    ana.fill("#name-tyrus-0", "Ana")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    links = [shared_link(ana)]
    open_link(bo, links[-1])
    take_turn(bo, 0)
    links.append(shared_link(bo))
    open_link(ana, links[-1])
    return ana, bo, links


def test_an_old_link_after_a_newer_one_changes_nothing_and_says_so(browser, base_url):
    outside = []
    ana, bo, links = start_by_link(browser, base_url, outside)
    take_turn(ana, 1)
    links.append(shared_link(ana))
    open_link(bo, links[-1])
    before = bo.locator(".turn-line").inner_text()
    open_link(bo, links[0])                 # the invitation: the game started since
    expect(bo.locator(".notice").first).to_contain_text("has already started: here is where")
    assert bo.locator(".turn-line").inner_text() == before
    assert all(attempts == [] for attempts in outside)


def test_a_tampered_or_cut_link_gets_a_clear_message_and_loses_nothing(browser, base_url):
    outside = []
    ana, bo, links = start_by_link(browser, base_url, outside)
    base, fragment = links[-1].split("#", 1)
    swapped = fragment[:20] + ("A" if fragment[20] != "A" else "B") + fragment[21:]
    for bad, message in ((swapped, "damaged"), (fragment[:-9], "damaged|incomplete"),
                         ("hello-world", "not a Parlor game link")):
        open_link(bo, f"{base}#{bad}")
        expect(bo.locator(".notice").first).to_contain_text(re.compile(message))
        assert "Traceback" not in bo.content()
    expect(bo.locator(".link-game")).to_have_count(1)
    bo.click(".link-game button[data-action=open-link]")
    expect(bo.locator(".turn-line")).to_be_visible()
    assert all(attempts == [] for attempts in outside)


def test_an_offline_device_opens_a_link(browser, base_url):
    outside = []
    ana, bo, links = start_by_link(browser, base_url, outside)
    take_turn(ana, 1)
    newest = shared_link(ana)
    bo.wait_for_function("navigator.serviceWorker.controller !== null")
    bo.context.set_offline(True)
    bo.goto(newest)
    wait_ready(bo)
    expect(bo.locator(".turn-line")).to_have_text("Your turn")
    assert all(attempts == [] for attempts in outside)


def test_copying_the_link_says_what_happened(browser, base_url):
    outside = []
    ana, errors = phone_page(browser, base_url, outside)
    new_game(ana, "tyrus")
    ana.click("button[data-action=link-new][data-game=tyrus]")
    ana.click("button[data-action=copy]")
    expect(ana.locator("#toast")).to_contain_text(re.compile("link copied|copy it"))
    expect(ana.locator("#toast")).to_be_hidden(timeout=5000)
    ana.click("button[data-action=qr]")
    expect(ana.locator(".qr-box svg")).to_be_visible()
    assert errors == [] and all(a == [] for a in outside)
