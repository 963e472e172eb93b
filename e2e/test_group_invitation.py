"""Issue 25: one invitation in a group chat, any number of friends. Every link is posted to
the chat and opened by everyone, in any order, some twice; friends join at the same time
(none has seen another's join); the creator's phone starts the game when the seats are full,
or with the players who came; every phone then holds the same seats, and a few moves follow.
"""
import json
import random

import pytest
from playwright.sync_api import expect

from harness import app_tab, new_game, open_link, phone_page
from test_by_link_games import tsuro_turn
from test_tyrus_by_link import protocol_step, take_turn

from parlor import catalog
from parlor.links.record import decode, encode

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture(scope="module")
def phones(browser, base_url):
    """Seven phones (browser contexts of their own) shared by this module's games, so the
    app starts seven times, not once per player of each game; each game has its own id."""
    outside = []
    made = [phone_page(browser, base_url, outside) for _ in range(7)]
    yield made, outside
    for page, _errors in made:
        page.context.close()


def kept(page, game_id=None):
    """This phone's copy of the game on screen (or of `game_id`): (record, seat)."""
    if game_id is None:
        game_id = decode(page.url.split("#", 1)[1]).game_id
    text = page.evaluate("key => localStorage.getItem(key)", "parlor:link:" + game_id.hex())
    data = json.loads(text)
    return decode(data["link"]), data["seat"]


def link_of(page):
    return page.locator("#share-link").input_value()


def group_chat(phones, game, seats, friends, late=0, order_seed=1, other_tab=False):
    """Ana invites `seats` players to `game`; `friends` of them open the invitation at once
    and join; Ana's phone opens their joins in a shuffled order (one twice). Where fewer
    came than there are seats, Ana starts with those who came; `late` more friends join
    after the start. `other_tab`: the first friend opens the start in a second tab, and
    the tab still waiting for it must show his seat by itself. Returns the pages (creator
    first), the chat and the started link."""
    (made, outside), rng = phones, random.Random(order_seed)
    pages = [page for page, _errors in made[:1 + friends + late]]
    ana = pages[0]
    if ana.locator("button[data-action=home]").count():      # back from the last game
        ana.click("button[data-action=home]")
    new_game(ana, game)
    ana.fill(f"#name-{game}-0", "Ana")
    low = catalog.entry(game).players[0]
    for _ in range(seats - low):
        ana.click(f"button[data-action=players][data-game={game}][data-delta='1']")
    ana.click(f"button[data-action=link-new][data-game={game}]")
    title = catalog.entry(game).title()
    expect(ana.locator(".share-text")).to_contain_text(f"Join Ana's {title} game")
    chat = [link_of(ana)]
    joiners = pages[1:1 + friends]
    for page in joiners:                      # everyone opens the invitation at once
        open_link(page, chat[0])
    numbers = "Player 2" if seats == 2 else f"Player 2–{seats}"
    for number, page in enumerate(joiners, 1):
        expect(page.locator(".turn-line")).to_have_text("A seat is open for you")
        suggested = page.locator("#join-name").get_attribute("placeholder")
        assert suggested in (numbers, NAMES[number]), suggested
        if suggested != NAMES[number]:      # a phone that joined before suggests its name
            page.fill("#join-name", NAMES[number])
        page.click("button[data-action=join]")
        expect(page.locator(".lobby")).to_contain_text("You have joined")
        chat.append(link_of(page))
    open_link(joiners[0], chat[0])            # the invitation opened twice
    expect(joiners[0].locator(".lobby")).to_contain_text("You have joined")
    joins = chat[1:]
    rng.shuffle(joins)
    for link in joins:
        open_link(ana, link)
    if friends + 1 < seats:
        expect(ana.locator(".lobby")).to_contain_text(f"{friends + 1} players have joined")
        ana.click("button[data-action=link-start]")
        expect(ana.locator(".notice")).to_contain_text("The game has started")
    else:
        expect(ana.locator(".notice")).to_contain_text("Every seat is taken")
    game_id = decode(chat[0].split("#", 1)[1]).game_id
    if ana.locator("#share-link").count():
        started = link_of(ana)
        expect(ana.locator(".share-text")).to_contain_text(       # and who sends next, what
            f"Ana's {title} game has started. Seats in order: Ana, ")
    else:                                     # Ana moves first: her move will carry it
        started = chat[0].split("#", 1)[0] + "#" + encode(kept(ana, game_id)[0])
    open_link(ana, joins[0])                  # a join link opened again, after the start
    expect(ana.locator(".notice")).to_contain_text("has already started")
    chat.append(started)
    if other_tab:
        waiting = pages[1]
        tab, tab_errors = app_tab(waiting.context, waiting.url.split("#", 1)[0])
        open_link(tab, started)
        expect(waiting.locator(".notice")).to_contain_text("changed in another tab")
        expect(waiting.locator(".lobby")).to_have_count(0)
        assert tab_errors == []
        tab.close()
    for page in pages[1:1 + friends]:
        open_link(page, started)
    records = [kept(page, game_id) for page in pages[:1 + friends]]
    assert all(r == records[0][0] for r, _seat in records), "every phone holds one game"
    assert sorted(s.name for s in records[0][0].seats) == sorted(NAMES[:len(records)])
    assert sorted(seat for _r, seat in records) == list(range(min(seats, friends + 1)))
    for number, page in enumerate(pages[1 + friends:], 1 + friends):    # too late
        open_link(page, chat[0])
        page.fill("#join-name", NAMES[number])
        page.click("button[data-action=join]")
        open_link(ana, link_of(page))
        expect(ana.locator(".notice")).to_contain_text(f"{NAMES[number]} joined after it "
                                                       "started")
        open_link(page, started)
        expect(page.locator(".notice")).to_contain_text("The game started without you")
    assert all(errors == [] for _page, errors in made) and all(a == [] for a in outside)
    return pages[:1 + friends], started


def play_a_few(pages, url, turn, messages):
    """`messages` messages of play, each by the phone whose seat owes it, from the chat."""
    protocol = None
    for number in range(messages):
        record = decode(url.split("#", 1)[1])
        protocol = protocol or catalog.entry(record.game).link
        seat = protocol.to_move(record)[0]
        page = next(p for p in pages if kept(p)[1] == seat)
        open_link(page, url)
        turn(page, number)
        url = link_of(page)
        assert len(decode(url.split("#", 1)[1]).moves) > len(record.moves)
    return url


def cut_the_deck(page, _number):
    expect(page.locator(".card.waiting")).to_contain_text("Cut the deck")
    assert protocol_step(page)


def test_three_friends_of_four_seats_in_tyros_start_with_who_came_and_a_late_one_watches(
        phones):
    pages, url = group_chat(phones, "tyros", 4, 2, late=1)
    play_a_few(pages, url, cut_the_deck, 1)


def test_four_in_tyros_join_at_once_in_any_order(phones):
    pages, url = group_chat(phones, "tyros", 4, 3, order_seed=4)
    play_a_few(pages, url, cut_the_deck, 2)


def test_six_in_tsuro_join_at_once_in_any_order(phones):
    pages, url = group_chat(phones, "tsuro", 6, 5, order_seed=6)
    play_a_few(pages, url, tsuro_turn, 2)


def test_two_in_tyrus_from_one_invitation(phones):
    pages, url = group_chat(phones, "tyrus", 2, 1, other_tab=True)
    play_a_few(pages, url, take_turn, 2)
