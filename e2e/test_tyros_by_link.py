"""Three phones play a whole Tyros game by passing links only, with a trade: the offer goes
to the partner in a link and the answer comes back in the next. Moves are chosen here from
what the mover's own device holds (its seat and secret, read from its storage), and made
by taps."""
import json
import sys
from pathlib import Path

from playwright.sync_api import expect

from harness import new_game, open_link, phone_page
from test_tyros_hotseat import click_move, plan

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor.games.tyros.link import PROTOCOL  # noqa: E402
from parlor.games.tyros.rules import Answer, Tile  # noqa: E402
from parlor.links.fairplay import unb64  # noqa: E402
from parlor.links.record import decode  # noqa: E402

NAMES = ("Ana", "Bo", "Cy")


def held(page):
    """This device's copy of the game: (record, seat, seed)."""
    texts = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('parlor:link:'))
                             .map(k => localStorage.getItem(k))""")
    assert len(texts) == 1
    data = json.loads(texts[0])
    return decode(data["link"]), data["seat"], unb64(data["seed"])


def test_three_phones_play_a_whole_game_by_links_with_a_trade(browser, base_url):
    outside = []
    pages = [phone_page(browser, base_url, outside) for _ in NAMES]
    ana = pages[0][0]
    new_game(ana, "tyros")
    ana.fill("#name-tyros-0", "Ana")
    ana.click("button[data-action=link-new][data-game=tyros]")
    url = ana.locator("#share-link").input_value()
    for seat in (1, 2):
        page = pages[seat][0]
        open_link(page, url)
        page.fill("#join-name", NAMES[seat])
        page.click("button[data-action=join]")
        url = page.locator("#share-link").input_value()
    open_link(ana, url)                     # the last join fills it: Ana's phone starts it
    url = ana.locator("#share-link").input_value()
    for page, _errors in pages[1:]:
        open_link(page, url)
    pages = sorted(pages, key=lambda p: held(p[0])[1])      # by seat: the rule's order
    done, answers, starts, hops = set(), [], [], 0
    for _ in range(300):
        movers = PROTOCOL.to_move(decode(url.split("#", 1)[1]))
        if not movers:
            break
        page = pages[movers[0]][0]
        open_link(page, url)
        hops += 1
        while True:
            record, seat, seed = held(page)
            if seat not in PROTOCOL.to_move(record):
                break
            legal = PROTOCOL.legal(record, seat, seed)
            if legal == ["start"]:          # Bo's start message: his secret in the deal
                expect(page.locator(".card.waiting")).to_contain_text("Cut the deck, then send the link on")
                starts.append(seat)
            if legal in (["seed"], ["start"]):
                page.click("button[data-action=link-act]")
                continue
            table = PROTOCOL.table(record)      # the state this seat's own device plays on:
            state = PROTOCOL.own_state(record, table, PROTOCOL.Device(record, table, None, seat,
                                                                        seed))  # its new cards
            # Before the deal the opener's first action is a tile, or whatever its dealt hand
            # allows instead (a hand with no tile to play is shown).
            move = (next((m for m in legal if isinstance(m, Tile)), legal[0]) if state is None
                    else plan(state, seat, done))
            if isinstance(move, Answer):
                expect(page.locator(".tyros-offer")).to_contain_text("Ana gives")
                answers.append(seat)
            click_move(page, move)
        url = page.locator("#share-link").input_value()
        assert len(url.split("#", 1)[1]) <= 2000
    assert answers == [1] and "trade" in done and starts == [1]
    for page, errors in pages:
        open_link(page, url)
        expect(page.locator(".audit")).to_contain_text("Verified fair")
        assert errors == []
    assert hops > 20 and all(attempts == [] for attempts in outside)
