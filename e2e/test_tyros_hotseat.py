"""Tyros on one phone by taps: a whole 3-player hot-seat game with trades, and the end of a
game of one person against three computers. The moves are chosen here (a short, pass-heavy
plan with a trade, a voyage and a galleon built) from the saved game; the page is driven
only by taps on the map and the panel."""
import re
import sys
from pathlib import Path

from playwright.sync_api import expect
from harness import new_game  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from parlor.engine.rng import derive  # noqa: E402
from parlor.games.tyros import bot  # noqa: E402
from parlor.games.tyros.rules import (  # noqa: E402
    ACCEPT, ACTIONS, CARDS, ENGINE, LOC_OF, PASS, REFUSE, Answer, Build, Cards, Offer, Sail,
    Tile)
from parlor.play.saves import PREFIX, SavedGame, parse  # noqa: E402

NAMES = ("Ana", "Bo", "Cy")


def plan(state, seat: int, done: set):
    """A short game: in turn 1 the first player offers a trade to the next, from turn 2 one
    voyage and one galleon are made as soon as they can be paid (the deal is random, so not
    always in turn 2), everything else is a pass; tiles and kept cards come first."""
    legal = ENGINE.legal(state)
    if state.phase != ACTIONS:
        return next((m for m in legal if isinstance(m, Tile)), legal[0])
    p = state.pending
    if p is not None and p.kind == "offer":
        if p.ask != (0, 0, 0, 0):
            return ACCEPT if ACCEPT in legal else REFUSE
        hand = state.hands[seat]
        if p.give == (0, 0, 0, 0):
            colour = max(range(4), key=lambda c: hand[c])
            return CARDS[tuple(int(c == colour) for c in range(4))]
        held = state.hands[p.target]          # a colour the partner holds and is not given,
        free = next((c for c in range(4) if not p.give[c] and held[c]),   # so it can accept
                    next(c for c in range(4) if not p.give[c]))
        return CARDS[tuple(int(c == free) for c in range(4))]
    if p is not None:
        return next(m for m in legal if isinstance(m, Cards))
    if state.turn == 1 and "trade" not in done and seat == state.first:
        offer = Offer((seat + 1) % state.players)
        if offer in legal:
            done.add("trade")
            return offer
    if state.turn >= 2 and "sail" not in done:
        sails = [m for m in legal if isinstance(m, Sail) and LOC_OF[m.dst]]
        if sails:
            done.add("sail")
            return sails[0]
    if state.turn >= 2 and "build" not in done and Build(0) in legal:
        done.add("build")
        return Build(0)
    return PASS


def saved_game(page):
    """The game this page is playing, read from its storage and replayed here."""
    texts = page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('{PREFIX}'))
                              .map(k => localStorage.getItem(k))""")
    assert len(texts) == 1
    return parse(texts[0])


def click_move(page, move):
    """Stage `move` by taps as a player would, then Confirm it."""
    kind = type(move)
    if kind is Tile:
        page.click(f"svg [data-action=ty-loc][data-value='{move.tile}']")
        if not page.locator("button[data-action=confirm]").count():
            page.click(f"button[data-action=ty-move][data-value='{ENGINE.encode(move)}']")
    elif kind is Sail:
        page.click(f"svg [data-action=ty-loc][data-value='{LOC_OF[move.src]}']")
        page.click(f"svg [data-action=ty-loc][data-value='{LOC_OF[move.dst]}'].lit")
        if not page.locator("button[data-action=confirm]").count():
            page.click(f"button[data-action=ty-move][data-value='{ENGINE.encode(move)}']")
    elif kind is Build:
        page.click(f"svg [data-action=ty-loc][data-value='{move.loc}']")
        page.click(f"button[data-action=ty-move][data-value='{ENGINE.encode(move)}']")
    elif kind is Cards:
        for colour, count in enumerate(move.counts):
            for _ in range(count):
                page.click(f"button[data-action=ty-more][data-value='{colour}']")
        page.click("button[data-action=ty-done]")
    elif kind is Offer:
        page.click("button[data-action=ty-mode][data-value=trade]")
        page.click(f"button[data-action=ty-move][data-value='{ENGINE.encode(move)}']")
    else:
        page.click(f"button[data-action=ty-move][data-value='{ENGINE.encode(move)}']")
    expect(page.locator(".hint")).to_contain_text("Confirm")
    page.click("button[data-action=confirm]")


def check_phone_sizes(page):
    """At 360 px: map places and panel buttons at least 44 px, text at least 11 px, each
    tappable map place a named button that keys reach (one tab stop for the map, the arrows
    move between places)."""
    sizes = page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('svg.tyros [data-action], .tyros-panel button, .tyros-controls button')]
            .map(e => e.getBoundingClientRect()).map(r => Math.min(r.width, r.height));
        const svg = document.querySelector('svg.tyros');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const fonts = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale);
        const html = [...document.querySelectorAll('.tyros-panel *')].filter(e => e.childElementCount === 0 && e.textContent.trim())
            .map(e => parseFloat(getComputedStyle(e).fontSize));
        const places = [...document.querySelectorAll('svg.tyros [data-action]')];
        const named = places.length > 0 && places.every(e => e.getAttribute('aria-label')
            && e.getAttribute('role') === 'button' && ['0', '-1'].includes(e.getAttribute('tabindex')))
            && places.filter(e => e.getAttribute('tabindex') === '0').length === 1;
        return {target: Math.min(...boxes), svgText: Math.min(...fonts), htmlText: Math.min(...html), named};
    }""")
    assert sizes["target"] >= 44 and sizes["svgText"] >= 11 and sizes["htmlText"] >= 11, sizes
    assert sizes["named"]


def test_a_whole_three_player_hot_seat_game_with_a_trade_by_taps(page):
    new_game(page, "tyros")
    page.click("button[data-action=players][data-game=tyros][data-delta='1']")
    page.click("button[data-action=players][data-game=tyros][data-delta='-1']")
    for i, name in enumerate(NAMES):
        page.fill(f"#name-tyros-{i}", name)
    page.click("button[data-action=start][data-game=tyros]:not([data-bots])")
    done, answered, played = set(), [], 0
    for _ in range(400):
        if page.locator(".screen-over").count():
            break
        if page.locator("button[data-action=reveal]").count():
            assert page.locator("[data-action^=ty-]").count() == 0, "a pass screen shows no hand"
            page.click("button[data-action=reveal]")
            continue
        saved = saved_game(page)
        state = saved.replay().state
        seat = ENGINE.to_move(state)[0]
        offer = ENGINE.view(state, seat)["pending"]
        if offer and offer["kind"] == "offer" and offer["waiting"]:     # the header asks
            expect(page.locator(".turn-line")).to_have_text(re.compile(
                f"^{NAMES[offer['seat']]} offers you .+: accept or refuse.$"))
        else:
            expect(page.locator(".turn-line")).to_have_text(f"{NAMES[seat]} to play")
        if played in (0, 40):
            check_phone_sizes(page)
        move = plan(state, seat, done)
        if isinstance(move, Answer):
            expect(page.locator(".tyros-offer")).to_be_visible()
            answered.append(move.accept)
        click_move(page, move)
        played += 1
        expect(page.locator("button[data-action=confirm]")).to_have_count(0)
        assert len(saved_game(page).moves) == 2 * (len(saved.moves) // 2 + 1)
    over = page.locator(".screen-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text(re.compile(r"^((Ana|Bo|Cy) won|Shared win: .+)$"))
    expect(page.locator(".tyros-score")).to_contain_text("Final score")
    assert answered == [True] and {"trade", "sail", "build"} <= done
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game").filter(has_text="Ana vs Bo vs Cy")).to_be_visible()


def late_game(players: int = 4):
    """A saved game of Ana against three computers, played by the computer for every seat
    up to the start of the actions of its last turn."""
    seed = derive(b"e2e tyros late", players)[:16]
    state, moves, ply = ENGINE.initial(seed, players), "", 0
    while not (state.last_turn and state.phase == ACTIONS and state.step == 0):
        move = bot.choose(ENGINE, state, ENGINE.to_move(state)[0], derive(seed, "ply", ply))
        state, moves, ply = ENGINE.apply(state, move), moves + ENGINE.encode(move), ply + 1
    return SavedGame(id="00000000000000e2", game="tyros", seed=seed.hex(),
                     names=("Ana", "Computer 1", "Computer 2", "Computer 3"), bots=(1, 2, 3),
                     moves=moves, created=1.0, updated=1.0)


def test_one_person_against_three_computers_plays_the_last_turn_to_the_end(page):
    saved = late_game()
    page.evaluate("""([id, text]) => { localStorage.setItem('parlor:game:' + id, text);
                                        localStorage.setItem('parlor:current', id); }""",
                  [saved.id, saved.to_json()])
    page.reload()                 # a reload keeps the screen it was on: home
    page.wait_for_function("document.documentElement.dataset.ready === '1'")
    page.click(".saved-game button[data-action=open]")
    done = set()
    for _ in range(200):
        page.wait_for_selector(".screen-over, .hint:has-text('Confirm'), .tyros-controls button")
        if page.locator(".screen-over").count():
            break
        assert page.locator("button[data-action=reveal]").count() == 0, "one person: no pass screen"
        state = saved_game(page).replay().state
        if ENGINE.to_move(state)[0] != 0:
            page.wait_for_timeout(200)                # the computers are still playing
            continue
        click_move(page, plan(state, 0, done))
    expect(page.locator(".screen-over h2")).to_have_text(
        re.compile(r"^((Ana|Computer \d) won|Shared win: .+)$"))
    expect(page.locator(".tyros-score")).to_contain_text("Final score")
