"""A player who comes back to a game by link: what the others did since, the game log, and a
replay that jumps to any move by its slider (by keys too); a game on one device likewise."""
import re

from playwright.sync_api import expect

from harness import open_link, wait_ready
from test_navigation import finished_game, store

from parlor import catalog
from parlor.engine.rng import Stream, derive
from parlor.links.base import seat_of
from parlor.links.device import Held, seat_link
from parlor.links.history import History
from parlor.links.record import encode
from parlor.screens.html import with_names

NAMES = ("Ana", "Bo", "Cy")


def tyros_by_link(messages: int):
    """A Tyros game for three between seeded devices, random legal actions (a pass half the
    time it may, so turns end): the seeds and the record after each message."""
    protocol = catalog.entry("tyros").link
    seeds = [derive(b"since you looked", seat)[:16] for seat in range(3)]
    record = protocol.create(NAMES[0], seeds[0], {"players": 3})
    for seat in (1, 2):
        record = protocol.join(record, NAMES[seat], seeds[seat])
    record = protocol.start_game(record, seeds[0])         # the creator's phone starts it
    seeds = sorted(seeds, key=lambda seed: seat_of(record, seed))
    stream, records = Stream(seeds[0], "choices"), []
    while protocol.replay(record).applied < messages:
        seat = protocol.to_move(record)[0]
        actions = protocol.legal(record, seat, seeds[seat])
        passes = [a for a in actions if type(a).__name__ == "Pass"]
        if passes and stream.below(2):
            actions = passes
        record = protocol.play(record, seat, seeds[seat], actions[stream.below(len(actions))])
        records.append(record)
    return protocol, seeds, records


def url_of(base_url: str, fragment: str) -> str:
    return f"{base_url}#{fragment}"


def test_a_returning_player_reads_what_happened_since_and_replays_any_move(page, base_url):
    protocol, seeds, records = tyros_by_link(60)
    first = next(r for r in records if protocol.replay(r).applied == 12)
    last = records[-1]
    # Ana takes her seat to this phone after 12 messages, then comes back after 60.
    open_link(page, url_of(base_url, seat_link(Held(first, 0, seeds[0]))))
    expect(page.locator(".notice")).to_contain_text("This device now holds your seat")
    expect(page.locator(".since")).to_have_count(0)
    open_link(page, url_of(base_url, encode(last)))
    history = History(protocol, last, 0, seeds[0])
    names = tuple(s.name for s in last.seats)
    grouped = history.since_by_seat(12)
    assert len(grouped) == 2 and 0 not in dict(grouped)       # one line for Bo, one for Cy
    since = page.locator(".since")
    expect(since.locator("h2")).to_have_text("Since you last looked")
    expect(since.locator("li")).to_have_count(2)
    for item, (seat, lines) in zip(since.locator("li").all(), grouped):
        newest = "; ".join(with_names(line, names) for line in lines[-3:])
        expect(item).to_contain_text(newest)
        assert item.inner_text().startswith(names[seat] + " ")
    expect(page.locator(".log li")).to_have_count(history.count)
    # Opened again with nothing new: no summary.
    page.reload()
    wait_ready(page)
    expect(page.locator(".since")).to_have_count(0)
    # The replay: from now to any move by the slider's keys, and by dragging it to a value.
    page.click("button[data-action=replay]")
    total = history.count
    heading = page.locator(".replay h2")
    expect(heading).to_have_text(f"Move {total} of {total}")
    slider = page.locator("#replay-to")
    slider.focus()
    page.keyboard.press("Home")
    expect(heading).to_have_text(f"Move 0 of {total}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(heading).to_have_text(f"Move 2 of {total}")
    expect(page.locator(".replay p")).to_have_text(with_names(history.lines()[1], names))
    expect(slider).to_be_focused()
    slider.evaluate("(el) => { el.value = 37; el.dispatchEvent(new Event('change', "
                    "{bubbles: true})); }")
    expect(heading).to_have_text(f"Move 37 of {total}")
    expect(page.locator(".replay p")).to_have_text(with_names(history.lines()[36], names))
    box = slider.bounding_box()
    assert box["height"] >= 44, box
    page.click("button[data-action=replay-done]")
    expect(page.locator(".log")).to_be_visible()


def test_the_replay_of_a_game_on_this_device_jumps_by_its_slider(page):
    store(page, finished_game("tsuro"))
    page.reload()
    wait_ready(page)
    page.click(".saved-game button[data-action=open]")
    page.click("button[data-action=replay]")
    total = int(re.search(r"of (\d+)", page.locator(".replay h2").inner_text()).group(1))
    page.locator("#replay-to").focus()
    page.keyboard.press("Home")
    expect(page.locator(".replay h2")).to_have_text(f"Move 0 of {total}")
    page.keyboard.press("End")
    expect(page.locator(".replay h2")).to_have_text(f"Move {total} of {total}")
