"""Phone first (issue 26): in every game against the computer, at 360x640 (touch) and at
1280x800, the decision the player must make is on screen without scrolling at every step
(its sentence and its controls), the header names it, no board is wider than the screen,
disabled controls are marked (aria-disabled with a reason, never the bare disabled
attribute) and a tap on one says why; the end screen lists every player's total. Each
game's main screens are kept as screenshots in test-results/screens/ (looked at by hand).

Three tests, the first two in the default run (about a minute and a half together):
- the first decision of each game played against the computer by taps, a staged move
  confirmed, King & Assassins' zoom, and the end screen;
- every kind of decision each game has (KINDS), opened as a saved game at a position where
  it is the player's: Tyrus a placement; Tsuro a start mark, a placement and, with the
  elimination bonus, a tile to keep or give up; King & Assassins the king's start, the
  king's turn, the rebel's hidden assassins and the rebel's turn; Tyros a tile to play, a
  tile to put under the pile, the action menu, paying for a galleon and for a voyage, an
  offer's cards given and asked, an offer to answer and the cards kept at the end of a turn;
- (slow, `-m slow`) a whole game of each against the computer, every step checked.
"""
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest
from harness import PHONE, all_computer_game, guard_origin, new_game, wait_ready
from parlor import catalog
from playwright.sync_api import expect

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
SHOTS = Path(__file__).resolve().parent.parent / "test-results" / "screens"
COMPUTER_WAIT_MS = 60000

# What is wrong on the screen now: the decision's parts outside the viewport, a board wider
# than the screen, a control disabled without a reason.
PROBLEMS = """() => {
  const out = [], W = innerWidth, H = innerHeight;
  const inside = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;             // not drawn (display: none)
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.push(`${what} off screen: ${Math.round(r.left)},${Math.round(r.top)} to ` +
               `${Math.round(r.right)},${Math.round(r.bottom)}: ${el.textContent.trim().slice(0, 50)}`);
  };
  for (const el of document.querySelectorAll('.decision .hint, .decision button'))
    inside(el, 'decision');
  for (const el of document.querySelectorAll('.screen-over h2, .screen-over button, .totals'))
    inside(el, 'result');
  for (const board of document.querySelectorAll('div.board')) {
    const zoomed = board.classList.contains('zoomed');    // wider than a phone: it pans
    if (board.scrollWidth > board.clientWidth + 1 && !zoomed)
      out.push(`board overflows: ${board.scrollWidth} > ${board.clientWidth}`);
    const box = board.getBoundingClientRect();
    if (zoomed && (box.left < -0.5 || box.right > W + 0.5))
      out.push(`panning board from ${box.left} to ${box.right}`);
    for (const svg of zoomed ? [] : board.querySelectorAll(':scope > svg')) {
      const r = svg.getBoundingClientRect();
      if (r.left < -0.5 || r.right > W + 0.5) out.push(`board svg from ${r.left} to ${r.right}`);
    }
  }
  if (document.documentElement.scrollWidth > W + 1)
    out.push(`page wider than the screen: ${document.documentElement.scrollWidth}`);
  for (const el of document.querySelectorAll('#app [disabled]'))
    out.push(`disabled without a reason: ${el.outerHTML.slice(0, 80)}`);
  for (const el of document.querySelectorAll('#app [aria-disabled=true]')) {
    const why = el.getAttribute('data-why') || '';
    const named = (el.getAttribute('aria-label') || el.textContent);
    if (!why || !named.includes(why)) out.push(`no reason given: ${el.outerHTML.slice(0, 80)}`);
  }
  return out;
}"""


class Game:
    """One game against the computer in one browser page: steps, checks and screenshots."""

    def __init__(self, page, key: str, size: str):
        self.page, self.key, self.size = page, key, size
        self.checked = 0
        self.waited = 0.0           # seconds spent waiting for the computer
        self.shots = set()

    def check(self, what: str) -> None:
        problems = self.page.evaluate(PROBLEMS)
        assert problems == [], f"{self.key} at {self.size}, {what}: {problems}"
        self.checked += 1

    def shot(self, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            SHOTS.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(SHOTS / f"{self.key}-{self.size}-{name}.png"))

    def wait_for_player(self) -> None:
        """Until the computer has moved and the player has a decision (or the game ended)."""
        self.page.wait_for_selector(".decision, .screen-over, .screen-news",
                                    timeout=COMPUTER_WAIT_MS)
        if self.page.locator(".screen-over").count():
            return                  # (the end screen has a summary card of that class too)
        if self.page.locator(".screen-news").count():
            self.page.click("button[data-action=continue]")
            self.wait_for_player()

    def decide(self, stage) -> None:
        """One decision of the player: checked, then `stage` taps it in; a staged move is
        checked again (the bar and the header name it) and confirmed."""
        began = time.monotonic()
        self.wait_for_player()
        self.waited += time.monotonic() - began
        if self.page.locator(".screen-over").count():
            return
        self.check("a decision")
        self.shot("play")
        stage(self.page)
        if self.page.locator(".decision button[data-action=confirm]").count():
            header = self.page.locator(".turn-line").inner_text()
            assert "confirm" in header.lower(), header
            self.check("a staged move")
            self.shot("staged")
            self.page.click(".decision button[data-action=confirm]")


def first(page, selector: str) -> None:
    """Tap the first element that `selector` finds (it must find one)."""
    found = page.locator(selector)
    assert found.count(), f"nothing to tap: {selector}"
    found.first.click()


def tyrus_step(page):
    first(page, ".board [data-tile][role=button]")
    first(page, ".board [data-building][role=button]")


def tsuro_step(page):
    first(page, ".board [data-mark][role=button], .board [data-tile][role=button]")


def tyrannen_step(page):
    if page.locator(".board [data-cell][role=button]").count() and \
            page.locator("button[data-action=king-start]").count() == 0 and \
            page.locator("button[data-action=end-turn]").count() == 0:
        first(page, ".board [data-cell][role=button]")     # where the king starts
        page.click("button[data-action=king-start]")
        return
    page.click(".decision button[data-action=end-turn]")
    if page.locator(".decision button[data-action=end-turn]", has_text="Yes").count():
        page.click(".decision button[data-action=end-turn]")


def tyros_step(page):
    first(page, ".decision .tyros-controls button[data-action=ty-move]:not([aria-disabled])")


STEPS = {"tyrus": tyrus_step, "tsuro": tsuro_step, "tyrannen": tyrannen_step,
         "tyros": tyros_step}
DECISIONS = 1


def new_context(browser, base_url, size):
    context = browser.new_context(**SIZES[size])
    return context, guard_origin(context, base_url)


def watch(page) -> list:
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def finished(key: str, players: int):
    """A game of `key` played to its end by random legal moves (no computer to wait for),
    where the player holds seat 0."""
    saved = all_computer_game(key, players)
    engine, state = saved.engine, saved.replay().state
    pick, moves = random.Random(26), []
    while engine.outcome(state) is None:
        move = pick.choice(engine.legal(state))
        moves.append(engine.encode(move))
        state = engine.apply(state, move)
    return replace(saved, moves="".join(moves), bots=tuple(range(1, players)),
                   names=("Ana",) + saved.names[1:])


def open_finished(page, key: str):
    """Put a finished game on the device and open it from the home screen (no reload)."""
    saved = finished(key, PLAYERS.get(key, 2))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"parlor:game:{saved.id}", saved.to_json()])
    page.click("button[data-action=home]")
    page.click(f"button[data-action=open][data-id='{saved.id}']")
    expect(page.locator(".screen-over h2")).to_be_visible()


def end_screen(game: Game, key: str) -> None:
    """Every player's total at a glance (games that count), then the replay's Forward at the
    latest position: marked disabled, focusable, and a tap on it says why."""
    page = game.page
    totals = page.locator(".screen-over .totals li")
    expect(totals).to_have_count(PLAYERS[key] if key in COUNTED else 0)
    for i in range(totals.count()):
        assert any(ch.isdigit() for ch in totals.nth(i).inner_text())
    game.check("the end screen")
    game.shot("over")
    page.click("button[data-action=replay]")
    forward = page.locator("button[data-action=replay-step][data-delta='1']")
    expect(forward).to_have_attribute("aria-disabled", "true")
    why = forward.get_attribute("data-why")
    assert why and why in forward.evaluate("el => el.textContent")
    forward.click(force=True)      # (Playwright waits for aria-disabled controls to enable)
    expect(page.locator("#toast")).to_have_text(why)
    page.evaluate("document.getElementById('toast').hidden = true")   # (out of the next shots)


PLAYERS = {"tyrus": 2, "tsuro": 2, "tyrannen": 2, "tyros": 3}
COUNTED = ("tyrus", "tyros")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_decision_is_in_view_at_every_step_against_the_computer(browser, base_url, size):
    """Every game in one page (one start of the app and of the computer's worker): the new
    game page, the first decisions against the computer, the zoom, the end screen."""
    context, outside = new_context(browser, base_url, size)
    page = context.new_page()
    errors = watch(page)
    page.goto(base_url)
    wait_ready(page)
    assert page.evaluate(PROBLEMS) == []                    # the home screen
    for key in sorted(STEPS):
        play_the_first_decisions(page, key, size)
        page.click("button[data-action=home]")
    context.close()
    assert errors == [] and outside == []


def fitted_and_back(page, game: Game) -> None:
    """A board wider than a phone starts at full size (44 px targets) and pans, with a line
    saying so; fitted to the screen it shows whole, and a tap on it zooms in again there,
    the tapped place in view, without playing anything."""
    board = page.locator("div.board.zoomable")
    expect(board).to_have_class("board zoomable zoomed")
    expect(page.locator("p.pan-hint")).to_be_visible()
    game.shot("zoomed")
    page.click("button[data-action=zoom]")
    expect(board).to_have_class("board zoomable")
    assert board.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    game.check("fitted to the screen")
    game.shot("fitted")
    targets = page.locator("div.board [role=button]")
    last = targets.nth(targets.count() - 1)
    which = last.evaluate("el => ['cell', 'figure', 'action'].filter(k => k in el.dataset)"
                          ".map(k => `[data-${k}='${el.dataset[k]}']`).join('')")
    before = page.locator(".turn-line").inner_text()
    last.click()
    expect(board).to_have_class("board zoomable zoomed")
    tapped = page.locator(f"div.board [role=button]{which}").first
    name = which
    box, width = tapped.bounding_box(), page.viewport_size["width"]
    assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, (name, box)
    assert box["width"] >= 44 - 0.5 and box["height"] >= 44 - 0.5, box
    assert page.locator(".turn-line").inner_text() == before      # nothing was played
    game.check("zoomed in where tapped")


def play_the_first_decisions(page, key: str, size: str) -> None:
    game = Game(page, key, size)
    new_game(page, key)
    start = page.locator(f"button[data-action=start][data-game={key}][data-bots]").first
    box, height = start.bounding_box(), page.viewport_size["height"]
    assert box and box["y"] + box["height"] <= height, f"{key}: start buttons below the fold"
    game.shot("setup")
    start.click()
    game.wait_for_player()
    if size == "phone" and page.locator("button[data-action=zoom]").count():
        fitted_and_back(page, game)
    for _ in range(DECISIONS):
        game.decide(STEPS[key])
    open_finished(page, key)
    end_screen(game, key)
    print(f"{key} at {size}: {game.checked} screens checked, {game.waited:.1f} s waiting for "
          "the computer")


# Every kind of decision, from saved games -------------------------------------------------

# (game, options other than the default ones): the kinds of decision each game must show, as
# decision_kind names them; a search over seeded random games finds a position of each.
# Tsuro's elimination bonus needs a marker out while two others stay in: four players; the
# king chooses where he starts on side B of King & Assassins' board only.
BONUS, SIDE_B = (("elimination_bonus", True),), (("side", "B"),)
KINDS = {
    ("tyrus", ()): {("play", "")},
    ("tsuro", ()): {("start", ""), ("play", "")},
    ("tsuro", BONUS): {("exchange", "")},
    ("tyrannen", ()): {("assassins", ""), ("king", ""), ("rebel", "")},
    ("tyrannen", SIDE_B): {("start", "")},
    ("tyros", ()): {("tiles", "Tile"), ("tiles", "Under"), ("actions", ""),
                       ("actions", "build"), ("actions", "sail"), ("actions", "offer-give"),
                       ("actions", "offer-ask"), ("actions", "offer-answer"), ("keep", "")},
}


def decision_kind(view: dict, legal) -> tuple[str, str]:
    """The kind of decision a seat faces: the game's phase and the step of an action under
    way (Tyros), or in a Tyros tile phase whether a tile can be played."""
    phase, step = view.get("phase") or "play", ""
    pending = view.get("pending")
    if isinstance(pending, dict):
        step = pending["kind"]
        if step == "offer":
            step += "-answer" if pending["waiting"] else "-ask" if any(pending["give"]) \
                else "-give"
    elif phase == "tiles":
        step = "Tile" if any(type(m).__name__ == "Tile" for m in legal) else "Under"
    return phase, step


def positions_of_every_kind(key: str, changed: tuple):
    """{kind: (seed, moves, seat to move, options, players)} for every kind in KINDS, from
    seeded random games."""
    entry = catalog.entry(key)
    options = dict(entry.default_options(), **dict(changed))
    players, wanted, found = 4 if changed == BONUS else PLAYERS[key], KINDS[key, changed], {}
    engine = entry.engine
    for game in range(40):
        seed = bytes([game]) * 16
        state, pick, moves = engine.initial(seed, players, options), random.Random(game), []
        while engine.outcome(state) is None and len(found) < len(wanted):
            seat = engine.to_move(state)[0]
            legal = engine.legal(state)
            kind = decision_kind(engine.view(state, seat), legal)
            if kind in wanted and kind not in found and len(legal) > 1:
                found[kind] = (seed.hex(), "".join(moves), seat, options, players)
            move = pick.choice(legal)
            moves.append(engine.encode(move))
            state = engine.apply(state, move)
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"{key}: no position of {sorted(wanted - set(found))}")


def open_saved(page, key: str, seed: str, moves: str, seat: int, options: dict,
               players: int) -> None:
    """Put a game against the computer on the device, the player holding `seat` and the
    computer every other, and open it from the home screen."""
    base = all_computer_game(key, players)
    saved = replace(base, seed=seed, moves=moves, options=options,
                    bots=tuple(s for s in range(players) if s != seat),
                    names=tuple("Ana" if s == seat else n for s, n in enumerate(base.names)))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"parlor:game:{saved.id}", saved.to_json()])
    if page.locator("button[data-action=home]").count():
        page.click("button[data-action=home]")
    else:                       # the home screen drawn before the game was put there
        page.reload()
        wait_ready(page)
    page.click(f"button[data-action=open][data-id='{saved.id}']")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_kind_of_decision_of_every_game_is_in_view(browser, base_url, size):
    """Each kind of decision of KINDS, opened where it is the player's turn: the decision
    bar's sentence and controls in the viewport, no board overflows, disabled controls
    marked with their reason; a screenshot of each."""
    context, outside = new_context(browser, base_url, size)
    page = context.new_page()
    errors = watch(page)
    page.goto(base_url)
    wait_ready(page)
    checked = 0
    for key, changed in KINDS:
        game = Game(page, key, size)
        for (phase, step), position in sorted(positions_of_every_kind(key, changed).items()):
            open_saved(page, key, *position)
            game.wait_for_player()
            if not page.locator(".decision").count():
                page.screenshot(path=str(SHOTS / f"failed-{key}-{phase}-{step}.png"))
            assert page.locator(".decision").count() == 1, (key, phase, step)
            game.check(f"{phase} {step}")
            game.shot("-".join(filter(None, ("kind", phase, step))))
            checked += 1
    context.close()
    print(f"{checked} kinds of decision checked at {size}")
    assert errors == [] and outside == []


# Whole games (slow) ------------------------------------------------------------------------

def tsuro_whole_step(page):
    """A start mark, else each tile of the hand in turn until one is staged (a tile that
    would take the marker out however turned stages nothing while another does not)."""
    marks = page.locator(".board [data-mark][role=button]")
    if marks.count():
        return marks.first.click()
    tiles = page.locator(".board [data-tile][role=button]")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        if page.locator(".decision button[data-action=confirm]").count():
            return


def tyros_whole_step(page):
    """Refuse an offer; choose cards one by one until the step's button may be used; pass
    in the action menu; else the first whole move the controls offer (a tile that joins one
    empire, or the empire a picked tile joins), else the first tile that asks for its empire."""
    bar = page.locator(".decision")
    refuse = bar.locator("button[data-action=ty-move]", has_text="Refuse")
    if refuse.count():
        return refuse.click()
    done = bar.locator("button[data-action=ty-done]")
    if done.count():
        for _ in range(40):
            if done.first.get_attribute("aria-disabled") != "true":
                return done.first.click()
            bar.locator("button[data-action=ty-more]:not([aria-disabled])").first.click()
        raise AssertionError("the cards' step never became possible")
    passing = bar.locator("button[data-action=ty-move]:not([aria-disabled])", has_text="Pass")
    if passing.count():
        return passing.first.click()
    whole = bar.locator("button[data-action=ty-move]:not([aria-disabled])")
    if whole.count():                   # a tile with one empire, or the empire of the tile
        return whole.first.click()      # picked (its buttons come after the tiles' own)
    first(page, ".decision button[data-action=ty-loc]:not([aria-disabled])")


WHOLE = {"tyrus": tyrus_step, "tsuro": tsuro_whole_step, "tyrannen": tyrannen_step,
         "tyros": tyros_whole_step}


@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_step_of_a_whole_game_against_the_computer_is_in_view(browser, base_url, size):
    """A whole game of each against the computer by taps, every decision and every staged
    move checked (King & Assassins: the king ends every turn, the computer's rebels move)."""
    context, outside = new_context(browser, base_url, size)
    page = context.new_page()
    errors = watch(page)
    page.goto(base_url)
    wait_ready(page)
    for key in sorted(WHOLE):
        game = Game(page, key, size)
        new_game(page, key)
        page.locator(f"button[data-action=start][data-game={key}][data-bots]").first.click()
        for _ in range(1000):
            game.decide(WHOLE[key])
            if page.locator(".screen-over").count():
                break
        else:
            raise AssertionError(f"{key}: the game did not end")
        game.check("the end")
        print(f"{key} at {size}: {game.checked} screens checked, {game.waited:.1f} s waiting "
              "for the computer")
        page.click("button[data-action=home]")
    context.close()
    assert errors == [] and outside == []
