"""Tyros by link, tier casual-7 (seeds/tyros.md YL10): at the end of a turn every player who
keeps cards keeps them from the same link, in any order, and every device merges the keeps
it receives, in any order and some twice, into one game; a seat that sends two different
keeps is caught, and games of the earlier tiers keep one after another (YL9)."""
from dataclasses import replace
from functools import lru_cache
from itertools import permutations

import pytest

from parlor.engine.rng import derive
from parlor.games.tyros.link import PROTOCOL, TyrosLink
from parlor.games.tyros.rules import KEEPING, PASS, TILES
from parlor.links import device as linkplay
from parlor.links.base import AlteredLink
from parlor.links.history import History
from parlor.links.record import decode, encode
from parlor.play.saves import MemoryBackend

import linktools

FIFTH = TyrosLink()                     # makes games of tier casual-5, which still play (YL9)
FIFTH.tier = "casual-5"
NAMES = ("Ann", "Bo", "Cy", "Di")


def keys(players: int) -> list:
    return [derive(b"tyros keeps test", players, s)[:16] for s in range(players)]


@lru_cache(maxsize=None)
def at_keeping(players: int = 3, maker=PROTOCOL):
    """A game by link played up to the first end of a turn where two players or more keep
    cards: tiles the first legal ones, every action a pass."""
    seeds = keys(players)
    record = linktools.in_order(maker.create(NAMES[0], seeds[0], {"players": players}), seeds[0])
    for seat in range(1, players):
        record = PROTOCOL.join(record, NAMES[seat], seeds[seat])
    for _message in range(400):
        table = PROTOCOL.table(record)
        if table.state is not None and table.phase == KEEPING \
                and len(PROTOCOL.keepers(table.state)) >= 2:
            return record
        seat = PROTOCOL.to_move(record)[0]
        legal = PROTOCOL.legal(record, seat, seeds[seat])
        record = PROTOCOL.play(record, seat, seeds[seat], PASS if PASS in legal else legal[0])
    raise AssertionError("no turn ended with two players keeping cards")


def keeps_from(record, players: int, choice: int = 0) -> dict:
    """Each keeper's link, all answering `record`: seat -> the record it sends."""
    seeds = keys(players)
    return {seat: PROTOCOL.play(record, seat, seeds[seat],
                                PROTOCOL.legal(record, seat, seeds[seat])[choice])
            for seat in PROTOCOL.to_move(record)}


def phone(record, seat: int, players: int):
    """A device holding `seat` of the game `record` is at."""
    store = linkplay.LinkStore(MemoryBackend(), clock=lambda: 1.9e9)
    store.put(linkplay.Held(record, seat, keys(players)[seat]), authored=True)
    return store


@pytest.mark.parametrize("players", [3, 4])
def test_yl10_every_keeper_keeps_from_the_same_link_and_any_order_of_links_merges_alike(players):
    record = at_keeping(players)
    keepers = PROTOCOL.keepers(PROTOCOL.table(record).state)
    assert PROTOCOL.to_move(record) == keepers and len(keepers) >= 2
    sent = keeps_from(record, players)
    finals = set()
    for order in list(permutations(keepers))[:6]:
        for seat in keepers:                # each keeper's phone, holding its own keep
            store = phone(sent[seat], seat, players)
            links = [encode(sent[s]) for s in order if s != seat]
            notes = [linkplay.open_link(store, text)[1] for text in links]
            again = linkplay.open_link(store, links[0])[1]      # one of them twice
            assert all(note == "" for note in notes)            # each one advanced the game
            assert again == linkplay.status_note("older")
            finals.add(encode(store.readable(record.game_id).record))
    assert len(finals) == 1, "every device holds the same game, whatever the order"
    final = decode(finals.pop())
    table = PROTOCOL.table(final)
    assert table.phase == TILES and table.state.turn == 2 and not table.open
    start = len(record.moves)      # the keeps in the engine's order, as one after another
    assert final.moves == record.moves + "".join(sent[s].moves[start:] for s in keepers)
    assert len(PROTOCOL.to_move(final)) == 1


def test_yl10_a_keeper_replays_the_game_while_its_keep_is_its_latest_message():
    """The replay and the log of a device whose latest message is a keep that stands after
    another keeper's in the move string: every frame and line reads (its signature covers
    the moves before the round and its own keep, whatever the frame)."""
    record = at_keeping(3)
    sent = keeps_from(record, 3)
    keepers = PROTOCOL.to_move(record)
    last = keepers[-1]
    sent[last] = keeps_from(record, 3, -1)[last]        # another keep than the first one's
    assert sent[last].moves[-2:] != sent[keepers[0]].moves[-2:]
    final = sent[keepers[0]]
    for seat in keepers[1:]:
        final = PROTOCOL.merge(final, sent[seat])[0]
    assert final.seats[last].tag_moves == len(record.moves) + 2 < len(final.moves)
    history = History(PROTOCOL, final, last, keys(3)[last])
    assert len(history.lines()) == history.count
    assert all(history.frame(step).view["seat"] == last for step in range(history.count + 1))
    seen = PROTOCOL.replay(sent[last]).applied          # what its own copy held: the others'
    assert {seat for seat, _line in history.since(seen)} == set(keepers[:-1])   # keeps are news


def test_yl10_a_partial_round_shows_who_kept_and_hides_what_they_kept():
    record = at_keeping(3)
    seeds = keys(3)
    first, *others = PROTOCOL.to_move(record)
    choices = PROTOCOL.legal(record, first, seeds[first])
    after = [PROTOCOL.play(record, first, seeds[first], move)
             for move in (choices[0], choices[-1])]
    other = others[0]
    seen = [PROTOCOL.view(r, other, seeds[other]) for r in after]
    assert seen[0] == seen[1] and seen[0]["discards"] == PROTOCOL.view(record)["discards"]
    assert PROTOCOL.view(after[0]) == PROTOCOL.view(after[1])
    assert seen[0]["hands"][first]["cards"] == 3 < PROTOCOL.view(record)["hands"][first]["cards"]
    assert PROTOCOL.to_move(after[0]) == tuple(others)
    assert PROTOCOL.legal(after[0], first, seeds[first]) == []
    assert PROTOCOL.legal(after[0], other, seeds[other])        # the others still keep
    lines = [History(PROTOCOL, r, other, seeds[other]).lines()[-1] for r in after]
    assert lines[0] == lines[1] == f"Seat {first} keeps 3 cards"


def test_yl10_the_text_sent_with_the_link_names_every_keeper():
    record = at_keeping(4)
    names = ("Ann", "Bo", "Cy", "Di")
    keepers = PROTOCOL.to_move(record)
    assert PROTOCOL.asks(record, names) == \
        ", ".join(names[s] for s in keepers) + ": keep 3 of your cards"
    sent = keeps_from(record, 4)
    last = keepers[-1]
    merged = sent[keepers[0]]
    for seat in keepers[1:-1]:
        merged = PROTOCOL.merge(merged, sent[seat])[0]
    assert PROTOCOL.to_move(merged) == (last,)
    assert PROTOCOL.asks(merged, names) == ""        # one keeper left: the board says it


def test_yl10_two_different_keeps_from_one_seat_are_never_merged():
    """A keeper who sends one keep to one friend and another to another: any device that gets
    both says the histories differ, before or after the round is complete."""
    record = at_keeping(3)
    seeds = keys(3)
    cheat, honest, third = PROTOCOL.to_move(record)
    choices = PROTOCOL.legal(record, cheat, seeds[cheat])
    one, two = (PROTOCOL.play(record, cheat, seeds[cheat], m) for m in (choices[0], choices[-1]))
    assert one.moves != two.moves
    assert PROTOCOL.merge(one, two) == (one, "diverged")
    store = phone(record, honest, 3)
    linkplay.open_link(store, encode(one))
    with pytest.raises(linkplay.LinkProblem):
        linkplay.open_link(store, encode(two))
    # the round completed on the honest phone, the other keep comes after
    for seat in (honest, third):
        answer = PROTOCOL.play(record, seat, seeds[seat], PROTOCOL.legal(record, seat,
                                                                         seeds[seat])[0])
        linkplay.open_link(store, encode(answer))
    done = store.readable(record.game_id).record
    assert PROTOCOL.table(done).phase == TILES
    assert PROTOCOL.merge(done, two)[1] == "diverged" == PROTOCOL.merge(two, done)[1]
    with pytest.raises(linkplay.LinkProblem):
        linkplay.open_link(store, encode(two))
    assert store.readable(record.game_id).record == done


def test_yl10_a_keep_changed_in_a_link_is_refused_as_altered():
    record = at_keeping(3)
    seeds = keys(3)
    seat = PROTOCOL.to_move(record)[-1]
    choices = PROTOCOL.legal(record, seat, seeds[seat])
    kept = PROTOCOL.play(record, seat, seeds[seat], choices[0])
    other = PROTOCOL.play(record, seat, seeds[seat], choices[-1])
    forged = replace(kept, moves=other.moves)
    assert PROTOCOL.replay(kept).ok and isinstance(PROTOCOL.replay(forged).error, AlteredLink)


def test_yl9_games_of_tier_casual_5_still_keep_one_after_another():
    record = at_keeping(3, FIFTH)
    assert dict(record.options)["tier"] == "casual-5"
    keepers = PROTOCOL.keepers(PROTOCOL.table(record).state)
    seeds = keys(3)
    assert PROTOCOL.to_move(record) == keepers[:1]
    assert PROTOCOL.legal(record, keepers[1], seeds[keepers[1]]) == []
    first = PROTOCOL.play(record, keepers[0], seeds[keepers[0]],
                          PROTOCOL.legal(record, keepers[0], seeds[keepers[0]])[0])
    assert PROTOCOL.to_move(first) == keepers[1:2]


def test_yl10_the_status_line_names_every_keeper_still_to_keep():
    """While a round of keeps is open, a phone that owes nothing reads every keeper's name;
    a keeper reads that it is its turn."""
    from parlor.screens.status import link_status
    record = at_keeping(4)
    seeds = keys(4)
    watcher = PROTOCOL.to_move(record)[0]                # it keeps first: then owes nothing
    record = keeps_from(record, 4)[watcher]
    keepers = PROTOCOL.to_move(record)
    assert len(keepers) >= 2 and watcher not in keepers
    line = link_status(linkplay.Held(record, watcher, seeds[watcher]), clock=False)
    assert line == ", ".join(NAMES[s] for s in keepers) + " to play"
    keeper = keepers[-1]
    assert link_status(linkplay.Held(record, keeper, seeds[keeper]), clock=False) == "Your turn"
