"""The Tyros computer player: legal, decided from its own view, and sensible in plain cases.

Strength and speed are measured by bench/bots.py, not here. Positions are built with
test_tyros.position (see there for the notation).
"""
from dataclasses import replace

import pytest

from parlor.play import bots
from parlor.games.tyros import bot
from parlor.games.tyros.rules import (
    ACCEPT, CARDS, ENGINE, KEEPING, OVER, REFUSE, TILES, TYRE, City, Exchange, Offer, Sail,
    Tile, Under)
from parlor.engine.rng import derive
from test_tyros import G, O, P, Y, node, play, position

KEY = b"tyros-bot-test"


def game(players, bot_seats, index=0):
    """A whole game, the bot in `bot_seats` and random players elsewhere: (states, moves)."""
    seed = derive(b"tyros-bot-game", index, players)[:16]
    state = ENGINE.initial(seed, players)
    states, moves = [state], []
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        key = derive(seed, "ply", len(moves))
        move = (bot.choose(ENGINE, state, seat, key) if seat in bot_seats
                else bots.random_bot(ENGINE, state, key))
        assert move in ENGINE.legal(state)
        moves.append(move)
        state = ENGINE.apply(state, move)
        states.append(state)
    return states, moves


def test_the_bot_plays_a_whole_game_with_legal_moves_and_wins_it():
    states, moves = game(3, (1,))
    assert states[-1].phase == OVER and ENGINE.outcome(states[-1]).winners == (1,)
    kinds = {type(m).__name__ for s, m in zip(states, moves) if ENGINE.to_move(s) == (1,)}
    assert {"Tile", "Sail", "Cards", "Pass"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_bots_play_whole_games_against_each_other(players):
    for index in range(3):
        states, _ = game(players, tuple(range(players)), index)
        assert states[-1].phase == OVER


def test_the_bot_decides_from_its_own_view_only():
    states, _ = game(3, (0,), index=1)
    checked = 0
    for n, state in enumerate(states[::9]):
        seat = ENGINE.to_move(state)[0] if ENGINE.to_move(state) else None
        if seat is None:
            continue
        other = ENGINE.sample_hidden(state, seat, derive(b"other", n))
        assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
        key = derive(KEY, n)
        assert bot.choose(ENGINE, other, seat, key) == bot.choose(ENGINE, state, seat, key)
        checked += other != state
    assert checked


def test_the_bot_only_moves_for_the_seat_to_move():
    state = ENGINE.initial(b"x" * 16, 3)
    other = (ENGINE.to_move(state)[0] + 1) % 3
    with pytest.raises(ValueError):
        bot.choose(ENGINE, state, other, KEY)


def test_the_bot_sails_to_a_free_location():
    state = position(markers={31: G, TYRE: G, 23: G}, galleons={0: {"T": 1}, 1: {"T": 1}},
                     hands={0: (2, 0, 0, 0)})
    move = bot.choose(ENGINE, state, 0, KEY)
    assert type(move) is Sail and move.src == node("T") and move.dst in (node("31"), node("23"))


def test_the_bot_founds_a_city_when_it_can():
    state = position(markers={22: G, 31: O}, galleons={0: {"22": 2}},
                     hands={0: (4, 0, 0, 0)})
    assert bot.choose(ENGINE, state, 0, KEY) == City(node("22"))


def test_the_bot_blocks_a_rival_s_lone_galleon_when_nothing_better_is_left():
    state = position(markers={27: Y}, galleons={0: {"T": 1}, 1: {"27": 1}, 2: {"T": 1}},
                     hands={0: (0, 0, 2, 0)})
    assert bot.choose(ENGINE, state, 0, KEY) == Sail(node("T"), node("27"))


def city_trade_position():
    """Seat 0 holds 4 green and a lone galleon on green 22: one more green is a city. Seat 1
    is known to hold 2 green and 4 purple and has a lone galleon on purple 27: one more purple
    is its city. Seat 2 has no cards."""
    state = position(markers={22: G, 27: P}, galleons={0: {"22": 1}, 1: {"27": 1}},
                     hands={0: (4, 0, 0, 3), 1: (2, 0, 0, 4)})
    return replace(state, known=((0, 0, 0, 0), (2, 0, 0, 4), (0, 0, 0, 0)))


def test_the_bot_offers_what_it_can_spare_for_what_it_needs():
    state = city_trade_position()
    move = bot.choose(ENGINE, state, 0, KEY)
    assert move == Offer(1)
    state = play(state, move)
    give = bot.choose(ENGINE, state, 0, derive(KEY, 1))
    assert give.counts[G] == 0 and give.counts[P] >= 1
    state = play(state, give)
    ask = bot.choose(ENGINE, state, 0, derive(KEY, 2))
    assert ask.counts[G] >= 1
    state = play(state, ask)
    assert ENGINE.to_move(state) == (1,)
    assert bot.choose(ENGINE, state, 1, derive(KEY, 3)) == ACCEPT      # good for both
    state = play(state, ACCEPT)
    assert state.hands[0][G] >= 5


def test_the_bot_refuses_an_offer_that_takes_what_it_needs():
    # seat 2 offers seat 1 one orange for the 4 purple of its next city
    state = position(markers={22: G, 27: P}, galleons={0: {"22": 1}, 1: {"27": 1}},
                     hands={0: (4, 0, 0, 3), 1: (2, 0, 0, 4), 2: (0, 3, 3, 0)}, step=2)
    state = play(state, Offer(1), CARDS[(0, 1, 0, 0)], CARDS[(0, 0, 0, 4)])
    assert bot.choose(ENGINE, state, 1, KEY) == REFUSE


def test_the_bot_keeps_the_cards_of_its_next_city():
    state = position(markers={22: G, 6: O, 10: Y}, galleons={0: {"22": 1}}, phase=KEEPING,
                     hands={0: (3, 2, 2, 0)})
    assert bot.choose(ENGINE, state, 0, KEY) == CARDS[(3, 0, 0, 0)]


def test_the_bot_joins_a_tile_to_the_empire_it_holds():
    # green 2 (6, 10), orange 3 (8, 3, 4): tile 7 touches 6 (green) and 8 (orange). Seat 0
    # has cities in green; joining green ties orange at 3, and green ranks first on a tie.
    state = position(markers={6: G, 10: G, 8: O, 3: O, 4: O}, cities={6: 0, 10: 0},
                     tiles={0: [7], 1: [20], 2: [21]}, phase=TILES)
    assert bot.choose(ENGINE, state, 0, KEY) == Tile(7, G)


def test_the_bot_when_stuck_puts_under_the_tile_farthest_from_the_empires():
    state = position(markers={1: G}, tiles={0: [13, 28], 1: [20], 2: [21]}, phase=TILES)
    assert bot.choose(ENGINE, state, 0, KEY) == Under(28)


def test_the_bot_exchanges_for_the_colour_of_its_city():
    state = position(markers={22: G}, galleons={0: {"22": 2}}, discards=(2, 0, 0, 0),
                     hands={0: (3, 0, 0, 4)})
    assert bot.choose(ENGINE, state, 0, KEY) == Exchange(G, (0, 0, 0, 3))
