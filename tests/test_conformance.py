"""Every catalog engine keeps the protocol, checked over many seeded random playouts."""
import copy
import json
import os

import pytest

from parlor import catalog
from parlor.engine.protocol import IllegalMove, MalformedMove, TOKEN_ALPHABET, replay
from parlor.engine.rng import Stream, derive

PLAYOUTS = int(os.environ.get("PARLOR_PLAYOUTS", "40"))
ENGINES = {e.key: e.engine for e in catalog.entries()}


def option_sets(key):
    """Every other choice of every option, each on its own (defaults otherwise)."""
    return [{option.key: value} for option in catalog.entry(key).options
            for value, _ in option.choices[1:]]


def options_of(key, seed_index):
    """Default options for even seeds, the game's other option choices in turn for odd ones."""
    extra = option_sets(key)
    return extra[seed_index // 2 % len(extra)] if extra and seed_index % 2 else {}


def playout(game, seed_index, players):
    """One random game: the list of (state, move) pairs and the final state."""
    seed = derive(b"conformance", game.key, seed_index, players)[:16]
    state = game.initial(seed, players, options_of(game.key, seed_index))
    stream = Stream(seed, "moves")
    steps = []
    for _ in range(5000):
        moves = game.legal(state)
        assert bool(moves) == (game.outcome(state) is None), "moves exist exactly when not over"
        assert bool(game.to_move(state)) == bool(moves)
        if not moves:
            return steps, state
        move = moves[stream.below(len(moves))]
        steps.append((state, move))
        state = game.apply(state, move)
    raise AssertionError("game did not end in 5000 moves")


def player_counts(game):
    low, high = game.seats
    return sorted({low, (low + high) // 2, high})


CASES = [(key, i, n) for key, game in ENGINES.items() for n in player_counts(game)
         for i in range(PLAYOUTS)]


@pytest.mark.parametrize("key,seed_index,players", CASES)
def test_random_playout_keeps_protocol(key, seed_index, players):
    game = ENGINES[key]
    steps, final = playout(game, seed_index, players)
    outcome = game.outcome(final)
    assert outcome is not None and all(0 <= w < players for w in outcome.winners)
    record = ""
    for state, move in steps:
        token = game.encode(move)
        assert len(token) == game.token_width and set(token) <= set(TOKEN_ALPHABET)
        assert game.decode(token) == move, "decode inverts encode"
        before = copy.deepcopy(state)
        game.apply(state, move)
        assert state == before, "apply must not mutate its input"
        assert game.describe(state, move)
        record += token
    again = replay(game, steps[0][0] if steps else final, record)
    assert again.ok and again.state == final, "replaying the record reproduces the state"


@pytest.mark.parametrize("key,seed_index,players", CASES[::3])
def test_views_hide_what_a_seat_cannot_know(key, seed_index, players):
    game = ENGINES[key]
    steps, final = playout(game, seed_index, players)
    states = [s for s, _ in steps] + [final]
    resampled_differs = 0
    for n, state in enumerate(states[:: max(1, len(states) // 12)]):
        for seat in [None, *range(players)]:
            view = game.view(state, seat)
            json.dumps(view)  # plain data only
            key = derive(b"resample", n, str(seat))
            other = game.sample_hidden(state, seat, key)
            assert game.view(other, seat) == view, "a view must not depend on hidden values"
            again = game.sample_hidden(other, seat, derive(key, "again"))
            assert game.sample_hidden(again, seat, key) == other, \
                "a sample must depend only on what the seat knows, not on the hidden values"
            assert game.legal(other) == game.legal(state) or seat not in game.to_move(state)
            resampled_differs += other != state
    assert resampled_differs, "sample_hidden never changed anything: the check proved nothing"


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_bad_tokens_are_reported_not_raised(key):
    game = ENGINES[key]
    state = game.initial(b"\x00" * 16, game.seats[0], {})
    with pytest.raises(MalformedMove):
        game.decode("!" * game.token_width)
    with pytest.raises(MalformedMove):
        game.decode("A" * (game.token_width + 1))
    legal = {game.encode(m) for m in game.legal(state)}
    illegal = None
    for c in TOKEN_ALPHABET:
        token = c * game.token_width
        if token in legal:
            continue
        try:
            move = game.decode(token)
        except MalformedMove:
            continue
        illegal = move
        break
    if illegal is not None:
        with pytest.raises(IllegalMove):
            game.apply(state, illegal)
    good = game.encode(game.legal(state)[0])
    result = replay(game, state, good + "!" * game.token_width)
    assert not result.ok and result.applied == 1 and isinstance(result.error, MalformedMove)
    assert result.state == game.apply(state, game.legal(state)[0])
