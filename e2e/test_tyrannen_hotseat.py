"""A whole hot-seat game of Tod dem Tyrannen! played by real taps at a phone viewport."""
import re

from playwright.sync_api import expect

from harness import new_game

NAMES = ("Ana", "Bo")
ACTIONS_PER_TURN = 2


def start_game(page, side="A", names=NAMES):
    new_game(page, "tyrannen")
    for i, name in enumerate(names):
        page.fill(f"#name-tyrannen-{i}", name)
    if side != "A":
        page.click(f"button[data-action=option][data-game=tyrannen][data-value={side}]")
    page.click("button[data-action=start][data-game=tyrannen]")


def take_device(page):
    """From the pass screen: the named player takes the device; returns their name."""
    mover = page.locator(".screen-pass h2").inner_text()
    page.click("button[data-action=reveal]")
    expect(page.locator(".turn-line")).to_have_text(f"{mover} to play")
    return mover


def choose_assassins(page, citizens=(8, 12, 15)):
    """The rebel taps three citizens (figure numbers) and confirms them."""
    for fig in citizens:
        page.locator(f".board [data-figure='{fig}']").tap()
    assert page.locator(".board .secret-badge").count() == 3
    page.click("button[data-action=assassins]")


def dismiss_news(page):
    while page.locator("button[data-action=continue]").count():
        page.click("button[data-action=continue]")


def one_action(page, turn, step):
    """Tap a figure with lit fields, then a lit field; press the action button if asked."""
    figures = page.locator(".board [data-action=pick]")
    count = figures.count()
    for i in range(count):
        figures.nth((turn + step + i) % count).tap()
        lit = page.locator(".board [data-cell]")
        if lit.count():
            lit.nth((turn + step) % lit.count()).tap()
            do = page.locator("button[data-action^=do-], button[data-action=castle]")
            if do.count():
                do.first.click()
            return True
    return False


def play_turn(page, turn):
    """A few actions by taps, then End turn (stops early if the game ends)."""
    for step in range(ACTIONS_PER_TURN):
        if not one_action(page, turn, step):
            break
        dismiss_news(page)
        if page.locator(".screen-over").count():
            return
    page.click("button[data-action=end-turn]")
    sure = page.locator("button[data-action=end-turn]", has_text="Yes, end my turn")
    if sure.count():                 # points were left: End turn asked to be sure
        sure.click()


def test_full_hotseat_game_to_the_end_screen(page):
    start_game(page)
    assert take_device(page) == "Bo"
    choose_assassins(page)
    for turn in range(40):
        dismiss_news(page)
        if page.locator(".screen-over").count():
            break
        mover = take_device(page)
        secrets = page.locator(".board .secret-badge, .board .secret-list").count()
        # the rebel sees his assassins; the king's player never sees who they are
        assert secrets > 0 if mover == "Bo" else secrets == 0
        play_turn(page, turn)
    over = page.locator(".screen-over")
    expect(over).to_be_visible()
    expect(over.locator("h2")).to_have_text(re.compile(r"^(Ana|Bo) won$"))
    expect(page.locator(".tyrannen-summary")).to_contain_text("The assassins were")
    expect(page.locator(".tyrannen-summary li")).to_have_count(3)
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game")).to_contain_text(re.compile(r"(Ana|Bo) won"))


def test_side_b_king_chooses_a_start_field_after_the_assassins(page):
    start_game(page, side="B")
    take_device(page)
    choose_assassins(page, (9, 10, 19))
    take_device(page)
    starts = page.locator(".board [data-cell]")
    expect(starts).to_have_count(2)
    starts.nth(1).tap()
    expect(page.locator(".board .ghost")).to_have_count(8)
    page.click("button[data-action=king-start]")
    expect(page.locator(".screen-news")).to_contain_text("Round 1 of 14")
    dismiss_news(page)
    expect(page.locator(".board .king")).to_have_count(1)
    expect(page.locator(".board .knight")).to_have_count(7)
