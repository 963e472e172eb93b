"""Against the computer in either role, thinking off the page; the replay, during and after."""
import json
import re

from playwright.sync_api import expect

from harness import new_game, wait_ready
from test_navigation import finished_game, store
from test_tyrannen_hotseat import choose_assassins


def test_the_rebels_against_the_computer_king_then_a_replay_of_the_moves(page):
    new_game(page, "tyrannen")
    page.fill("#name-tyrannen-0", "Ana")
    page.click("button[data-action=start][data-game=tyrannen][data-value='1']")
    choose_assassins(page)           # the rebels' hidden choice comes first, then the king's turn
    page.click("button[data-action=continue]")                      # the first round's card
    expect(page.locator(".thinking")).to_contain_text("Computer is thinking")
    for _ in range(20):     # the king's turn, with news of a capture to read on the way
        page.wait_for_function("""() => document.querySelector('.turn-line').textContent === 'Ana to play'
            || document.querySelector('button[data-action=continue]')""", timeout=60000)
        if page.locator(".turn-line").inner_text() == "Ana to play":
            break
        page.click("button[data-action=continue]")
    expect(page.locator(".turn-line")).to_have_text("Ana to play")
    saved = json.loads(page.evaluate(
        "localStorage.getItem('parlor:game:' + localStorage.getItem('parlor:current'))"))
    assert saved["names"] == ["Computer", "Ana"] and saved["bots"] == [0]
    moves = len(page.locator(".log li").all_inner_texts())
    page.click("button[data-action=replay]")
    expect(page.locator(".replay h2")).to_have_text(f"Move {moves} of {moves}")
    page.click("button[data-action=replay-step][data-delta='-1']")
    expect(page.locator(".replay h2")).to_have_text(f"Move {moves - 1} of {moves}")
    page.click("button[data-action=replay-done]")
    expect(page.locator(".turn-line")).to_have_text("Ana to play")


def test_a_finished_game_steps_back_to_its_start(page):
    game = finished_game("tsuro")
    store(page, game)
    page.reload()
    wait_ready(page)
    page.click(".saved-game button[data-action=open]")
    page.click("button[data-action=replay]")
    total = int(re.search(r"of (\d+)", page.locator(".replay h2").inner_text()).group(1))
    for _ in range(total):
        page.click("button[data-action=replay-step][data-delta='-1']")
    expect(page.locator(".replay h2")).to_have_text(f"Move 0 of {total}")
    expect(page.locator(".replay p")).to_have_text("The start of the game.")
    expect(page.locator("button[data-action=replay-step][data-delta='-1']")).to_be_disabled()
