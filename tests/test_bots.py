"""The computer opponent of every catalog game (parlor.play.bots, or the game's own bot.py):
legal, reproducible, blind to hidden values, and clearly stronger than random play. Budgets
are kept small so the file stays fast."""
import copy

import pytest

from parlor.play import bots
from parlor import catalog
from parlor.engine.protocol import Outcome
from parlor.engine.rng import Stream, derive

ENGINES = {e.key: e.engine for e in catalog.GAMES}


def choose(game, state, seat, key, budget=None):
    """The catalog's bot for the game of `game`."""
    return catalog.entry(game.key).bot(state, seat, key, budget=budget)
SMALL = {"tyrus": 400, "tsuro": 4000, "tyrannen": None, "tyros": None}    # playout moves per decision


def match(game, index: int, bot_seat: int, players: int = 2, budget=None, options=None):
    """One game of the bot in `bot_seat` against random bots; the bot's score."""
    state = game.initial(derive(b"bot-match", game.key, index)[:16], players, options or {})
    for ply in range(5000):
        if game.outcome(state) is not None:
            return bots.score(game.outcome(state), bot_seat)
        seat = game.to_move(state)[0]
        key = derive(b"bot-match-move", game.key, index, ply)
        if seat == bot_seat:
            move = choose(game, state, seat, key, budget)
            assert move in game.legal(state), "the bot chose an illegal move"
        else:
            move = bots.random_bot(game, state, key)
        state = game.apply(state, move)
    raise AssertionError("the game did not end")


def positions(game, count: int, players: int | None = None):
    """Positions from a random game (fewest players unless given) where the mover has a real
    choice, spread over the game."""
    players = players or game.seats[0]
    state = game.initial(derive(b"bot-positions", game.key, players)[:16], players, {})
    stream = Stream(b"bot-positions", game.key, players)
    found = []
    while game.outcome(state) is None:
        moves = game.legal(state)
        if len(moves) > 1:
            found.append(state)
        state = game.apply(state, moves[stream.below(len(moves))])
    return found[:: max(1, len(found) // count)][:count]


@pytest.mark.parametrize("key", ["tyrus", "tsuro"])
def test_bot_beats_random_play_from_either_seat(key, games=14, at_least=12.5):
    """Against random play a random bot scores 12.5 of 14 with odds below 1 in 1000 (win or
    lose 1/2 each; Tsuro, with 10% draws, about the same); half the games from each seat."""
    game = ENGINES[key]
    by_seat = [0.0, 0.0]
    for i in range(games):
        by_seat[i % 2] += match(game, i, i % 2, budget=SMALL[key])
    assert sum(by_seat) >= at_least, by_seat
    assert min(by_seat) >= at_least / 2 - 1, by_seat


def test_random_bot_plays_legal_moves_and_depends_only_on_its_key():
    game = ENGINES["tyrus"]
    state = game.initial(b"\x01" * 16, 2, {})
    moves = {game.encode(bots.random_bot(game, state, derive(b"r", i))) for i in range(40)}
    assert moves <= {game.encode(m) for m in game.legal(state)} and len(moves) > 10
    assert bots.random_bot(game, state, b"k") == bots.random_bot(game, state, b"k")


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_same_key_same_move_and_the_state_is_untouched(key):
    game = ENGINES[key]
    for state in positions(game, 3):
        seat = game.to_move(state)[0]
        before = copy.deepcopy(state)
        first = choose(game, state, seat, b"same key", SMALL[key])
        assert choose(game, state, seat, b"same key", SMALL[key]) == first
        assert state == before and first in game.legal(state)


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_bot_never_reads_hidden_values(key):
    """Two positions that differ only in what the mover cannot see give the same move."""
    game = ENGINES[key]
    differed = 0
    for n, state in enumerate(positions(game, 4)):
        seat = game.to_move(state)[0]
        other = game.sample_hidden(state, seat, derive(b"other hidden values", n))
        assert game.view(other, seat) == game.view(state, seat)
        differed += other != state
        key_ = derive(b"bot key", n)
        assert (choose(game, state, seat, key_, SMALL[key])
                == choose(game, other, seat, key_, SMALL[key]))
    assert differed, "no position had hidden values to change: the check proved nothing"


def test_only_the_seat_to_move_may_ask():
    game = ENGINES["tyrus"]
    state = game.initial(b"\x03" * 16, 2, {})
    with pytest.raises(ValueError):
        choose(game, state, 1 - game.to_move(state)[0], b"k")


def test_score_counts_wins_shared_wins_draws_and_losses():
    assert bots.score(Outcome((1,), "won"), 1) == 1
    assert bots.score(Outcome((0, 2), "shared"), 2) == 0.5
    assert bots.score(Outcome((0, 1, 2), "shared"), 0) == pytest.approx(1 / 3)
    assert bots.score(Outcome((), "draw"), 0) == 0.5
    assert bots.score(Outcome((0,), "won"), 1) == 0


def test_a_playout_that_puts_seats_out_is_worth_the_win_and_how_long_the_seat_stayed_in():
    """Four seats: 3 out first, then 0 and 2 together, 1 wins; without an order, the score."""
    order = Outcome((1,), "last marker", ((3,), (0, 2)))
    assert [bots.placement(order, s) for s in range(4)] == [
        pytest.approx(1.5 / 3), 1, pytest.approx(1.5 / 3), 0]
    assert bots.playout_value(order, 1) == 1 and bots.playout_value(order, 3) == 0
    assert bots.playout_value(order, 0) == pytest.approx(0.25)
    together = Outcome((0, 1), "out together", ((0, 1),))
    assert bots.playout_value(together, 0) == 0.5
    assert bots.playout_value(Outcome((0, 2), "shared"), 2) == 0.5
    assert bots.playout_value(None, 0) == 0.5


def test_tsuro_outcomes_list_the_seats_out_in_order():
    """The engine's outcome (and its own playout's, checked equal above) says who went out
    when: every seat is out or among the winners, each once."""
    game = ENGINES["tsuro"]
    for state in positions(game, 2, 6):
        outcome, _made = game.playout(state, bots.PlayoutRandom(b"o" * 32).below, 5000)
        seats = [s for group in outcome.out_order for s in group]
        assert len(seats) == len(set(seats))
        assert set(seats) | set(outcome.winners) == set(range(6))
        assert outcome.out_order[:len(state.out_order)] == state.out_order


def test_a_level_maps_to_the_games_budget_and_the_strong_one_thinks_longer(monkeypatch):
    budgets = []
    monkeypatch.setattr(bots, "choose",
                        lambda engine, state, seat, key, budget: budgets.append(budget))
    entry = catalog.entry("tsuro")
    state = entry.engine.initial(b"\x02" * 16, 2, {})
    entry.bot(state, 0, b"k")
    entry.bot(state, 0, b"k", "quick")
    entry.bot(state, 0, b"k", "strong")
    entry.bot(state, 0, b"k", budget=123)
    assert budgets == [entry.bot_budget, entry.bot_budget, bots.STRONG * entry.bot_budget, 123]
    assert bots.STRONG > 1 and bots.LEVELS[0] == bots.DEFAULT_LEVEL == "quick"
    with pytest.raises(ValueError):
        bots.level_budget(100, "godlike")


def test_the_saved_level_reaches_the_computer(monkeypatch):
    from parlor.play import session
    from parlor.play.saves import SavedGame
    asked = []
    monkeypatch.setattr(catalog.Entry, "bot",
                        lambda self, state, seat, key, level="quick": asked.append(level))
    saved = SavedGame(id="0" * 16, game="tyrus", seed="ab" * 16, names=("A", "B"), bots=(0, 1),
                      level="strong")
    session.computer_move(saved, saved.initial_state())
    assert asked == ["strong"]


def test_playout_random_is_uniform_reproducible_and_the_same_on_every_python():
    """Pinned values: this file runs under Pyodide too, so both Pythons must draw them."""
    stream = bots.PlayoutRandom(bytes(range(32)))
    assert [stream.below(n) for n in (2, 3, 10, 36, 1000, 7, 12, 1)] == [0, 0, 9, 33, 505, 2, 6, 0]
    counts = [0] * 6
    stream = bots.PlayoutRandom(b"\x07" * 32)
    for _ in range(6000):
        counts[stream.below(6)] += 1
    assert all(900 <= c <= 1100 for c in counts), counts


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_an_engines_own_playout_plays_exactly_the_generic_one(key):
    """Game.playout may be overridden by a faster one (Tyrus): same moves, same end, and
    the same count of moves, from positions all through a game and with a short limit."""
    from parlor.engine.protocol import Game
    game = ENGINES[key]
    states = positions(game, 4)
    if key == "tsuro":          # its own playout keeps many players' turns, draws and dragon
        states += [state for players in (4, 8) for state in positions(game, 4, players)]
    for n, state in enumerate(states):
        for limit in (3, bots.PLAYOUT_LIMIT):
            own = game.playout(state, bots.PlayoutRandom(derive(b"p", n)).below, limit)
            generic = Game.playout(game, state, bots.PlayoutRandom(derive(b"p", n)).below, limit)
            assert own == generic, (n, limit)


def test_tsuro_weighs_a_symmetric_tiles_turns_once_and_drops_nothing_else():
    """Game.distinct: every move it drops does exactly what one it keeps does (the same
    markers, fates, hands and paths after it); it keeps no move twice."""
    game = ENGINES["tsuro"]
    dropped_any = False
    for state in positions(game, 12):
        moves = game.legal(state)
        kept = game.distinct(state, moves)
        assert kept and set(kept) <= set(moves) and len(set(kept)) == len(kept)

        def effect(move):
            after = game.apply(state, move)
            return after.marks, after.alive, after.hands, after.paths, after.outcome

        effects = [effect(m) for m in kept]
        for move in moves:
            if move not in kept:
                dropped_any = True
                assert effect(move) in effects, move
    assert dropped_any
