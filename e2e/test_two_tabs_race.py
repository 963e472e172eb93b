"""Issue 24, class 7 in Chromium: two tabs of one phone open a newer and an older link of one
game at the same moment. Each tab's Python reads what is kept, merges and writes on its own,
so the older may be written last; the tab that holds the newer hears of that write (the
storage event) and writes its copy back. After the tabs settle the phone keeps the newer
position, every time (seeds/fair-play.md F7, I3)."""
import json

from playwright.sync_api import expect

from harness import PHONE, app_tab, guard_origin, open_link
from parlor.links import device as linkplay
from parlor.links.record import decode, encode
from parlor.play.saves import MemoryBackend

TRIES = 6


def honest_links(game: str, options: dict, messages: int):
    """Links of an honest Tsuro game between two simulated phones, one per message, and the
    private seat link of the creator's seat as of the first of them."""
    stores = [linkplay.LinkStore(MemoryBackend()) for _ in range(2)]
    ana = linkplay.create(stores[0], game, "Ana", options, seed=bytes(15) + b"\1")
    held, _note = linkplay.open_link(stores[1], encode(ana.record))
    bo = linkplay.LinkSession(held, stores[1])
    bo.join("Bo", seed=bytes(15) + b"\2")
    sessions, links = [ana, bo], [encode(bo.record)]
    while len(links) < messages:
        for session in sessions:    # each phone opens the latest link
            session.held = linkplay.open_link(session.store, links[-1])[0]
        if encode(ana.record) not in links:
            links.append(encode(ana.record))    # a link the creator's phone made on opening
            continue
        mover = next(s for s in sessions if s.my_turn())
        while mover.my_turn() and not mover.sent:
            mover.act(mover.legal()[0])
        links.append(encode(mover.record))
    seat = linkplay.seat_link(linkplay.open_link(stores[0], links[0])[0])
    return links, seat


def kept_moves(page) -> str:
    """The moves of the game this phone keeps (one game)."""
    text = page.evaluate("""() => Object.keys(localStorage)
        .filter(k => /^parlor:link:[0-9a-f]+$/.test(k)).map(k => localStorage.getItem(k))[0]""")
    return decode(json.loads(text)["link"]).moves


def settled(page, want: str, seconds: float = 6) -> bool:
    """Whether the kept moves are `want` once the tabs' writes have settled (a late write of
    the older copy is answered by the other tab within moments)."""
    for _ in range(int(seconds / 0.25)):
        page.wait_for_timeout(250)
        if kept_moves(page) == want:
            page.wait_for_timeout(500)
            if kept_moves(page) == want:
                return True
    return False


def test_two_tabs_opening_a_newer_and_an_older_link_at_once_keep_the_newer(browser, base_url):
    links, seat = honest_links("tsuro", {"players": 2}, 2 * TRIES + 3)
    context = browser.new_context(**PHONE)
    outside = guard_origin(context, base_url)
    first, first_errors = app_tab(context, base_url)
    second, second_errors = app_tab(context, base_url)
    open_link(first, f"{base_url}#{seat}")
    expect(first.locator(".notice")).to_contain_text("now holds your seat")
    for attempt in range(TRIES):
        older, newer = links[2 * attempt + 2], links[2 * attempt + 3]
        at = first.evaluate("Date.now() + 400")     # one moment for both tabs
        for page, link in ((first, newer), (second, older)):
            page.evaluate("""([url, at]) => setTimeout(() => { location.href = url },
                                                       at - Date.now())""",
                          [f"{base_url}#{link}", at])
        for page in (first, second):
            page.wait_for_function("url => location.href === url",
                                   arg=f"{base_url}#{newer}" if page is first
                                   else f"{base_url}#{older}")
        want = decode(newer).moves
        assert settled(first, want), f"try {attempt}: the older link's copy was kept"
    assert first_errors == second_errors == []
    assert outside == []
    context.close()
