"""Saved games: round trips, and every kind of damage reported without losing other games."""
import hashlib
import json
from pathlib import Path

import pytest

from parlor.games.tyrus.rules import ENGINE
from parlor.play.saves import (PREFIX, MemoryBackend, SavedGame, SaveError, StorageFull, Store,
                          clean_name, parse)


def game(moves: str = "", gid: str = "0123456789abcdef", **extra) -> SavedGame:
    return SavedGame(id=gid, game="tyrus", seed="ab" * 16, names=("Ana", "Bo"), moves=moves,
                     updated=1.0, **extra)


def first_moves(n: int) -> str:
    saved = game()
    state, record = saved.initial_state(), ""
    for _ in range(n):
        move = ENGINE.legal(state)[0]
        record += ENGINE.encode(move)
        state = ENGINE.apply(state, move)
    return record


def test_a_saved_game_round_trips_and_replays_to_the_same_position():
    saved = game(first_moves(7))
    again = parse(saved.to_json())
    assert again == saved
    assert again.replay().state == saved.replay().state and again.replay().applied == 7


def test_the_computers_level_is_kept_and_a_default_level_game_is_saved_as_before():
    strong = game(first_moves(2), level="strong")
    assert parse(strong.to_json()).level == "strong"
    quick = game(first_moves(2))
    assert quick.level == "quick" and "level" not in json.loads(quick.to_json())
    assert parse(quick.to_json()) == quick


@pytest.mark.parametrize("mutate, message", [
    (lambda d: json.dumps({**d, "level": "godlike"}), "cannot be right"),
    (lambda d: json.dumps({**d, "level": 2}), "cannot be right"),
    (lambda d: "{not json", "not readable"),
    (lambda d: json.dumps([1, 2]), "not a game"),
    (lambda d: json.dumps({**d, "format": 99}), "format"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "missing"),
    (lambda d: json.dumps({**d, "game": "chess"}), "cannot be right"),
    (lambda d: json.dumps({**d, "names": ["Ana"]}), "wrong number of players"),
    (lambda d: json.dumps({**d, "names": ["x" * 300, "Bo"]}), "cannot be right"),
    (lambda d: json.dumps({**d, "bots": [True]}), "cannot be right"),
    (lambda d: json.dumps({**d, "moves": d["moves"][:-1]}), "move 4"),
    (lambda d: json.dumps({**d, "moves": d["moves"] + "__"}), "move 5"),
])
def test_damaged_saves_raise_a_readable_error(mutate, message):
    data = json.loads(game(first_moves(4)).to_json())
    with pytest.raises(SaveError, match=message):
        parse(mutate(data))


def test_a_damaged_entry_is_listed_apart_and_the_other_games_survive():
    store = Store(MemoryBackend())
    store.save(game(first_moves(3)))
    store.backend.set(PREFIX + "ffffffffffffffff", '{"format": 1, "id": "oops"')
    store.backend.set("unrelated", "left alone")
    games, damaged = store.all()
    assert [g.id for g in games] == ["0123456789abcdef"]
    assert [d.key for d in damaged] == [PREFIX + "ffffffffffffffff"]
    store.remove(damaged[0].key)
    assert store.all() == (games, []) and store.backend.get("unrelated") == "left alone"


def test_a_full_store_raises_storage_full_and_keeps_what_it_had():
    store = Store(MemoryBackend(limit=400))
    small = game()
    store.save(small)
    with pytest.raises(StorageFull):
        store.save(game(first_moves(40), gid="fedcba9876543210", options={"pad": "x" * 400}))
    assert store.load(small.id) == small


def test_names_are_cleaned_and_limited():
    assert clean_name("  Ana\x00\u202e ", "Player 1") == "Ana"
    assert clean_name("\n\t", "Player 2") == "Player 2"
    assert len(clean_name("x" * 100, "P")) == 24


SAVES_CORPUS = json.loads((Path(__file__).parent / "corpus" / "saves-v1.json").read_text())


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", SAVES_CORPUS["games"], ids=lambda c: c["label"])
def test_games_saved_by_an_older_version_open_to_the_same_position(case):
    saved = parse(case["json"])
    engine = saved.engine
    result = saved.replay()
    state = result.state
    outcome = engine.outcome(state)
    assert result.ok and {
        "moves": result.applied, "to_move": list(engine.to_move(state)),
        "view": _digest(engine.view(state, None)),
        "outcome": None if outcome is None else list(outcome.winners),
    } == case["expect"]
