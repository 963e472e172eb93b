"""Phone first (issue 26): in every game against the computer, at 360x640 (touch) and at
1280x800, the decision the player must make is on screen without scrolling at every step
played (its sentence and its controls), the header names it, no board is wider than the
screen, disabled controls are marked (aria-disabled with a reason, never the bare disabled
attribute) and a tap on one says why; the end screen lists every player's total. Each
game's main screens are kept as screenshots in test-results/screens/ (looked at by hand).

A few steps of each game, not whole games: the computer's moves take seconds, and this file
must stay short in the test run."""
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest
from harness import PHONE, all_computer_game, guard_origin, new_game, open_at_start, wait_ready
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
    if (board.scrollWidth > board.clientWidth + 1 && !board.classList.contains('zoomed'))
      out.push(`board overflows: ${board.scrollWidth} > ${board.clientWidth}`);
    for (const svg of board.querySelectorAll(':scope > svg')) {
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
DECISIONS = 2


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


def play_the_first_decisions(page, key: str, size: str) -> None:
    game = Game(page, key, size)
    new_game(page, key)
    start = page.locator(f"button[data-action=start][data-game={key}][data-bots]").first
    box, height = start.bounding_box(), page.viewport_size["height"]
    assert box and box["y"] + box["height"] <= height, f"{key}: start buttons below the fold"
    game.shot("setup")
    start.click()
    for _ in range(DECISIONS):
        game.decide(STEPS[key])
    if size == "phone" and page.locator("button[data-action=zoom]").count():
        page.click("button[data-action=zoom]")              # the board at full size pans
        expect(page.locator("div.board.zoomed")).to_have_count(1)
        game.shot("zoomed")
        page.click("button[data-action=zoom]")
        game.check("after zooming back")
    open_finished(page, key)
    end_screen(game, key)
    print(f"{key} at {size}: {game.checked} screens checked, {game.waited:.1f} s waiting for "
          "the computer")
