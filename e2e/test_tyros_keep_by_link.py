"""Three phones keep their cards at the end of a Tyros turn by link, all from the same posted
link (seeds/tyros.md YL10), and each takes in the others' keeps in its own order; then one
comes back after the others have played on and reads what each of them did since, one line
a player.

The moves before and after the keep round are played here between the seeded devices (the
phones hold the same seats through their private seat links), so the test spends its time
on what it checks: each keep made by taps from the one link, the kept cards hidden from the
other keepers (D33, YL9), the text sent with the link naming every keeper still to keep, the
three phones ending with one game whatever order the links came in, and the grouped
summary."""
from playwright.sync_api import expect

from harness import open_link, phone_page
from test_tyros_hotseat import click_move

from parlor.engine.rng import Stream, derive
from parlor.games.tyros.link import PROTOCOL
from parlor.links.base import seat_of
from parlor.links.device import Held, seat_link
from parlor.links.history import History
from parlor.links.record import decode, encode

NAMES = ("Ana", "Bo", "Cy")


def play_until(record, seeds, stream, done) -> object:
    """Random legal actions (a pass whenever one is allowed, so turns end) until `done`."""
    while not done(record):
        seat = PROTOCOL.to_move(record)[0]
        actions = PROTOCOL.legal(record, seat, seeds[seat])
        passes = [a for a in actions if type(a).__name__ == "Pass"]
        choice = passes[0] if passes else actions[stream.below(len(actions))]
        record = PROTOCOL.play(record, seat, seeds[seat], choice)
    return record


def phase(record) -> str:
    state = PROTOCOL.table(record).state
    return state.phase if state is not None else "start"


def test_three_phones_keep_their_cards_unseen_and_one_reads_the_others_news(browser,
                                                                              base_url):
    seeds = [derive(b"keep by link", seat)[:16] for seat in range(3)]
    record = PROTOCOL.create(NAMES[0], seeds[0], {"players": 3})
    for seat in (1, 2):
        record = PROTOCOL.join(record, NAMES[seat], seeds[seat])
    record = PROTOCOL.start_game(record, seeds[0])       # seats by the seating rule (F13)
    seeds = sorted(seeds, key=lambda seed: seat_of(record, seed))
    names = [seat.name for seat in record.seats]
    stream = Stream(seeds[0], "keep by link")
    record = play_until(record, seeds, stream, lambda r: phase(r) == "keep")
    outside = []
    pages = [phone_page(browser, base_url, outside) for _ in NAMES]
    for seat, (page, _errors) in enumerate(pages):
        open_link(page, f"{base_url}#{seat_link(Held(record, seat, seeds[seat]))}")
        expect(page.locator(".notice")).to_contain_text("This device now holds your seat")
    start = record
    keepers = PROTOCOL.to_move(start)               # every keeper, from the same link
    assert len(keepers) == 3
    sent = {}
    for seat in keepers:
        page = pages[seat][0]
        open_link(page, f"{base_url}#{encode(start)}")
        legal = PROTOCOL.legal(start, seat, seeds[seat])
        click_move(page, legal[len(legal) // 2])
        url = page.locator("#share-link").input_value()
        sent[seat] = decode(url.split("#", 1)[1])
        others = ", ".join(names[s] for s in keepers if s != seat)
        expect(page.locator(".share-text")).to_contain_text(f"{others}: keep 3 of your cards")
    for seat in keepers:                            # each phone takes the others' links in
        page = pages[seat][0]                       # its own order, the first one twice
        order = [s for s in (keepers[::-1] if seat % 2 else keepers) if s != seat]
        open_link(page, f"{base_url}#{encode(sent[order[0]])}")
        expect(page.locator(".log li").first).to_be_attached()
        log = page.locator(".log").text_content()                  # (the log is folded)
        assert f"{names[order[0]]} keeps 3 cards" in log           # what it kept stays hidden
        assert f"{names[order[0]]} keeps 3 cards and" not in log
        expect(page.locator(".since")).to_contain_text(f"{names[order[0]]} keeps 3 cards")
        open_link(page, f"{base_url}#{encode(sent[order[1]])}")
        open_link(page, f"{base_url}#{encode(sent[order[0]])}")
        expect(page.locator(".notice")).to_contain_text("older than the game on this device")
    record = sent[keepers[0]]
    for seat in keepers[1:]:
        record, status = PROTOCOL.merge(record, sent[seat])
        assert status == "advanced"
    assert phase(record) == "tiles"
    for page, _errors in pages:                     # every phone holds that very game
        open_link(page, f"{base_url}#{encode(record)}")
        expect(page.locator(".notice")).to_contain_text("You already had this link")
    # The others play on; Cy's phone opens the game again only when Cy must act.
    cy = pages[2][0]
    seen = PROTOCOL.replay(record).applied
    record = play_until(record, seeds, stream, lambda r: PROTOCOL.replay(r).applied >= seen + 8
                        and PROTOCOL.to_move(r)[0] == 2)
    open_link(cy, f"{base_url}#{encode(record)}")
    since = cy.locator(".since")
    expect(since.locator("h2")).to_have_text("Since you last looked")
    history = History(PROTOCOL, record, 2, seeds[2])
    grouped = history.since_by_seat(seen)
    assert {seat for seat, _lines in grouped} == {0, 1}
    expect(since.locator("li")).to_have_count(2)
    for item, (seat, _lines) in zip(since.locator("li").all(), grouped):
        assert item.inner_text().startswith(names[seat] + " ")
    # The replay jumps from turn to turn.
    turns = history.turns()
    starts = [k for k in range(1, len(turns)) if turns[k] != turns[k - 1]]
    cy.click("button[data-action=replay]")
    expect(cy.locator(".replay-turn")).to_have_text(f"Turn {turns[-1]}")
    heading = cy.locator(".replay h2")
    for start in [k for k in starts[::-1] if k < history.count][:2]:
        cy.click("button[data-action=replay-step]:has-text('Previous turn')")
        expect(heading).to_have_text(f"Move {start} of {history.count}")
        expect(cy.locator(".replay-turn")).to_have_text(f"Turn {turns[start]}")
    for _page, errors in pages:
        assert errors == []
    assert all(attempts == [] for attempts in outside)
