"""Tyrus by link (seeds/tyrus.md, rules L1-L15): two devices with their own seeds, links only.

Every game here is played by two `Device`s that only ever exchange link text: each decodes
the other's link, merges it into its own copy, asks for its legal actions and plays one.
The truth (real tiles, real tallies) is recomputed independently from the seeds with the
formulas of the rules and the hot-seat engine.
"""
import copy
import json
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from math import sqrt

import pytest
from hypothesis import given, strategies as st

from parlor.games.tyrus import link as tyrus_link
from parlor.links import device as linkplay, standing
from parlor.links.base import LinkError, chain_values
from parlor.play.saves import MemoryBackend

from parlor.links.fairplay import Chain, b64, derived, draw_index, event_random, hide, reveal, unb64
from parlor.games.tyrus.rules import DECK, ENGINE, FIVE_WINS, HAND_TIEBREAK, THREE_IN_A_ROW, Move, \
    State, tally, tile_code
from parlor.engine.protocol import TOKEN_ALPHABET, TOKEN_INDEX, IllegalMove
from parlor.links.record import decode, encode, game_context, merge
from parlor.engine.rng import Stream, derive, shuffled

import linktools
from linktools import (any_char, damage, edit, edits, move_changes, moves_of, resealed_moves,
                       resealed_seats, resign, seat_changes)

link = tyrus_link.PROTOCOL

GAMES = (*range(10), 11, 13, 15)   # seeded games; between them every ending and both coin tosses
TIEBREAK_GAME, THREE_GAME, FIVE_GAME = 6, 4, 15


class Device(linktools.Device):
    protocol = link

    def act(self, stream: Stream):
        """A random legal action, and the link it makes."""
        actions = link.legal(self.record, self.seat, self.seed)
        action = actions[stream.below(len(actions))]
        return action, super().act(action)


@dataclass(frozen=True)
class Game:
    seeds: tuple[bytes, bytes]
    links: tuple[str, ...]          # every link sent: creation, join, then one per action
    actions: tuple                  # (seat, action) behind each link after the join


def seeds_for(i: int) -> tuple[bytes, bytes]:
    return derive(b"tyrus link tests", i, 0)[:16], derive(b"tyrus link tests", i, 1)[:16]


@lru_cache(maxsize=None)
def played(i: int, tier: str = tyrus_link.KEYED) -> Game:
    """A whole game between two devices, random legal actions, through link text only, in
    format 1 (history tags: these tests pin its rules; tests/test_signed_links.py plays the
    signed format), its draws keyed as `tier` says (L5; the first tier: L16)."""
    seeds = seeds_for(i)
    stream = Stream(seeds[0], "choices")
    maker = copy.copy(link)
    maker.tier = tier
    links = [encode(linktools.unsigned(maker.create("Ann", seeds[0]), seeds[0]))]
    ann = Device(0, seeds[0], decode(links[0]))
    bob = Device(1, seeds[1], link.join(decode(links[0]), "Bob", seeds[1]))
    links.append(encode(bob.record))
    devices, actions = (ann, bob), []
    while movers := link.to_move(decode(links[-1])):
        device = devices[movers[0]]
        assert device.receive(links[-1]) == "advanced"
        action, text = device.act(stream)
        actions.append((device.seat, action))
        links.append(text)
    return Game(seeds, tuple(links), tuple(actions))


def records(game: Game):
    return [decode(text) for text in game.links]


def table_of(record) -> tyrus_link.Table:
    result = link.replay(record)
    assert result.ok, result.error
    return result.state


def real_bags(game: Game):
    """Both draw orders from the seeds by L5, computed here without the module: each seat's
    first order under the other's start value, then, in the keyed format (not in the first,
    L16), the tiles left shuffled again, sorted first, at each draw with the other seat's
    latest chain value as the link that made the draw shows it."""
    final = decode(game.links[-1])
    x1 = Chain(final.context, 0, game.seeds[0]).value(1)
    bags = [shuffled(range(30), derived(game.seeds[0], "bag"), final.seats[1].anchor),
            shuffled(range(30), derived(game.seeds[1], "bag"), x1)]
    if dict(final.options).get("tier") != "trustless-2":
        return tuple(bags)
    drawn = 9
    for text in game.links[2:]:
        record = decode(text)
        if table_of(record).drawn[0] == drawn:
            continue
        k = (drawn - 9) // 3
        for s in (0, 1):
            bags[s] = bags[s][:drawn] + shuffled(sorted(bags[s][drawn:]),
                                                 derived(game.seeds[s], "bag"), "draw", k,
                                                 record.seats[1 - s].value)
        drawn += 3
    return tuple(bags)


def true_tile(record, seeds, bags, placement) -> int:
    """The tile behind a face-down placement, opened with its owner's seed (L6)."""
    position = reveal(placement.hidden, seeds[placement.seat], ("place", placement.message), 30)
    return bags[placement.seat][position]


def hot_seat_start(game: Game) -> State:
    """The hot-seat engine's state with the same bags, first player and card order."""
    final = decode(game.links[-1])
    table = table_of(final)
    kinds = [kind for kind, _ in table.chart] + list(table.cards)
    bags = real_bags(game)
    return State(first=table.first, number=1, kind=kinds[0], placed=0, deck=tuple(kinds[1:]),
                 hands=tuple(tuple(sorted(b[:9])) for b in bags),
                 bags=tuple(tuple(b[9:]) for b in bags), buildings=((),) * 6)


@lru_cache(maxsize=None)
def side_by_side(game: Game):
    """Each link after the join with its table and the hot-seat state after the same actions,
    plus every tally the rules give on the real tiles, in order."""
    state, tallies, out = hot_seat_start(game), [], []
    for text, (_, action) in zip(game.links[2:], game.actions):
        if isinstance(action, Move):
            if state.placed == 5:
                b = action.building
                grid = state.buildings[:b] + (state.buildings[b] + ((ENGINE.to_move(state)[0],
                                                                     action.tile),),) \
                    + state.buildings[b + 1:]
                tallies.append(tally(grid, state.kind, state.number))
            state = ENGINE.apply(state, action)
        record = decode(text)
        out.append((record, table_of(record), state))
    return out, tallies


# L1-L3, L5, L7-L9, L12, L13: whole games between two devices.

@pytest.mark.parametrize("i", GAMES)
def test_l3_two_devices_play_a_whole_game_by_link_to_a_passing_audit(i):
    """Every election's count is tyrus.tally on the real tiles; the result is the rules'."""
    game = played(i)
    steps, tallies = side_by_side(game)
    for record, table, state in steps:
        assert table.chart == state.chart[:len(table.chart)]
        if table.chart:
            assert table.last_tally == tallies[len(table.chart) - 1]
    final_record, final, state = steps[-1]
    assert final.phase == link.OVER and state.outcome is not None
    assert final.outcome == state.outcome and final.tiebreak == state.tiebreak
    assert len(tallies) == len(final.chart)
    verdict = link.audit(final_record)
    assert verdict.ok and verdict.move is None and verdict.problems == (), verdict.reason


@pytest.mark.parametrize("i", GAMES)
def test_l5_views_equal_the_hot_seat_views_of_the_same_game(i):
    """Between elections each device's view is exactly the hot-seat engine's view."""
    game = played(i)
    compared = 0
    for record, table, state in side_by_side(game)[0]:
        if table.phase not in (link.PLACING, link.OVER):
            continue
        for seat in (None, 0, 1):
            seed = None if seat is None else game.seeds[seat]
            assert link.view(record, seat, seed) == ENGINE.view(state, seat), (seat, table.phase)
        compared += 1
    assert compared > 40


def test_l5_every_phase_gives_a_view_in_the_hot_seat_shape():
    game = played(TIEBREAK_GAME)
    reference = ENGINE.view(hot_seat_start(game), 0)
    phases = set()
    for record in records(game):
        phases.add(link.phase(record))
        for seat in (None, 0, 1):
            if seat == 1 and not record.seats[1].joined:
                continue
            shown = link.view(record, seat, None if seat is None else game.seeds[seat])
            json.dumps(shown)
            assert shown.keys() == reference.keys()
            if shown["election"]:
                assert shown["election"].keys() == reference["election"].keys()
            assert [b.keys() for b in shown["buildings"]] == [b.keys()
                                                             for b in reference["buildings"]]
    assert phases == {link.JOINING, link.OPENING, link.PLACING, link.REVEALING, link.TIEBREAK,
                      link.OVER}


def test_l9_the_games_cover_every_ending_and_both_coin_tosses():
    endings = {i: table_of(decode(played(i).links[-1])) for i in GAMES}
    assert endings[TIEBREAK_GAME].outcome.reason == HAND_TIEBREAK
    assert endings[TIEBREAK_GAME].tiebreak is not None
    assert endings[THREE_GAME].outcome.reason == THREE_IN_A_ROW
    assert endings[FIVE_GAME].outcome.reason == FIVE_WINS
    assert {t.first for t in endings.values()} == {0, 1}


def test_l3_messages_alternate_and_each_shows_the_next_chain_value():
    game = played(TIEBREAK_GAME)
    for record in records(game)[2:-1]:
        table = table_of(record)
        assert list(table.senders) == [m % 2 for m in range(len(table.ends))]
        for seat in (0, 1):
            assert record.seats[seat].index == table.sent[seat]
            chain = Chain(record.context, seat, game.seeds[seat])
            assert record.seats[seat].latest == chain.value(table.sent[seat])


def test_l12_the_ending_message_carries_its_senders_seed_and_one_link_adds_the_other():
    for i in (0, TIEBREAK_GAME, THREE_GAME):
        game = played(i)
        recs = records(game)
        over = [n for n, r in enumerate(recs) if table_of(r).phase == link.OVER]
        assert len(over) == 2, "the ending message, then the other seat's seed"
        ending, last = recs[over[0]], recs[over[1]]
        sender = game.actions[over[0] - 2][0]
        assert ending.seats[sender].seed == game.seeds[sender]
        assert not ending.seats[1 - sender].seed
        assert [s.seed for s in last.seats] == list(game.seeds)
        assert all(not s.seed for r in recs[:over[0]] for s in r.seats)
        assert game.actions[-1] == (1 - sender, link.SEED)


def test_l3_a_whole_game_link_is_short():
    lengths = {i: len(played(i).links[-1]) for i in GAMES}
    print("\nfinal Tyrus link lengths:", lengths)
    assert max(lengths.values()) <= 1000
    long_names = link.create("\U0001F600" * 24, seeds_for(0)[0])
    game = played(TIEBREAK_GAME)
    final = decode(game.links[-1])
    worst = replace(final, seats=tuple(replace(s, name=long_names.seats[0].name)
                                       for s in final.seats))
    print("with two 24-emoji names:", len(encode(worst)))
    assert len(encode(worst)) <= 1000


# L2, L4: creating, joining, the opening.

def test_l2_create_join_and_spectators():
    seeds = seeds_for(100)
    created = linktools.in_order(link.create("Ann", seeds[0]), seeds[0])
    assert link.phase(created) == link.JOINING and link.to_move(created) == (1,)
    assert link.legal(created, 0, seeds[0]) == []
    spectator = link.view(created)
    assert spectator["election"] is None and spectator["hands"] == [9, 9]
    joined = link.join(decode(encode(created)), "Bob", seeds[1])
    assert link.phase(joined) == link.OPENING and link.to_move(joined) == (0,)
    with pytest.raises(IllegalMove):
        link.join(joined, "Eve", seeds_for(101)[0])
    with pytest.raises(LinkError, match="does not belong"):
        link.legal(joined, 1, seeds[0])
    with pytest.raises(LinkError):
        link.view(created, 1, seeds[1])
    assert link.legal(joined, 1, seeds[1]) == []
    assert merge(created, joined) == (joined, "advanced")


def test_l4_seat_1_learns_its_hand_and_the_first_card_only_from_the_opening():
    seeds = seeds_for(102)
    joined = link.join(linktools.in_order(link.create("Ann", seeds[0]), seeds[0]), "Bob", seeds[1])
    bob = link.view(joined, 1, seeds[1])
    assert bob["election"] is None and bob["first_player"] is None and bob["hands"] == [9, 9]
    ann = link.view(joined, 0, seeds[0])
    assert ann["election"]["number"] == 1 and len(ann["hands"][0]) == 9
    action = link.legal(joined, 0, seeds[0])[0]
    opened = link.play(joined, 0, seeds[0], action)
    bob = link.view(opened, 1, seeds[1])
    assert bob["first_player"] == ann["first_player"]
    assert bob["election"]["kind"] == ann["election"]["kind"]
    assert len(bob["hands"][1]) == 9
    assert (action == tyrus_link.OPEN) == (ann["first_player"] == 1)


def test_l4_coin_toss_and_first_card_are_even_over_many_games():
    firsts, kinds = Counter(), Counter()
    for i in range(300):
        seeds = (derive(b"toss", i, 0)[:16], derive(b"toss", i, 1)[:16])
        joined = link.join(linktools.in_order(link.create("", seeds[0]), seeds[0]), "", seeds[1])
        ann = link.view(joined, 0, seeds[0])
        firsts[ann["first_player"]] += 1
        kinds[ann["election"]["kind"]] += 1
    assert abs(firsts[0] - 150) < 4 * sqrt(75), firsts
    assert all(abs(kinds[k] - 100) < 4 * sqrt(300 * 2 / 9) for k in "SMP"), kinds


@pytest.mark.parametrize("i", [0, THREE_GAME])
def test_l4_l8_toss_and_cards_follow_from_both_seats_chain_values(i):
    """Recomputed here by the rules' formulas: the toss and first card from seat 0's value 1
    and seat 1's anchor, each later card from both values after the previous reveal."""
    game = played(i)
    recs = records(game)
    final = recs[-1]
    ctx = game_context("tyrus", {}, 2)        # events: a two-seat Tyrus game's, whatever format
    chains = [Chain(final.context, s, game.seeds[s]) for s in (0, 1)]
    opening = (chains[0].value(1), final.seats[1].anchor)
    table = table_of(final)
    assert table.first == draw_index(event_random(ctx, "first", opening), 2)
    cards = sorted(DECK)
    turned = [cards.pop(draw_index(event_random(ctx, "card 1", opening), len(cards)))]
    for record in recs[2:]:
        now = table_of(record)
        if len(now.chart) == len(turned) and now.number == len(turned) + 1:
            latest = (chains[0].value(now.sent[0]), chains[1].value(now.sent[1]))
            event = event_random(ctx, f"card {now.number}", latest)
            turned.append(cards.pop(draw_index(event, len(cards))))
    assert turned == [kind for kind, _ in table.chart]


def draws_made(recs):
    """(index of the link that made a draw of T13, tiles drawn per seat before it)."""
    drawn = [table_of(r).drawn[0] for r in recs[2:]]
    return [(j + 3, drawn[j]) for j in range(len(drawn) - 1) if drawn[j + 1] > drawn[j]]


def test_l5_no_seat_can_list_a_draw_before_the_other_seat_s_message_that_fixes_it():
    """Each draw of three (T13) is keyed by the other seat's latest chain value when it is
    made: the revealer's by the last placement before its reveal, the last placer's by that
    reveal. Before that message, what a modified app computes from the seat's seed and the
    links so far is not the draw (but for the last, which takes the three tiles left); in a
    game of the first format (L16) its device holds every draw from the start."""
    game = played(0)
    recs, bags, checked = records(game), real_bags(game), 0
    for j, drawn in draws_made(recs):
        for s in (0, 1):
            fixing = recs[j].seats[1 - s].value
            before = recs[j - 2] if recs[j - 1].seats[1 - s].value == fixing else recs[j - 1]
            assert fixing not in chain_values(before)[1 - s]
            guess = link._device(before, s, game.seeds[s])[2].bag[drawn:drawn + 3]
            real = bags[s][drawn:drawn + 3]
            assert sorted(real) == sorted(link._device(recs[j], s, game.seeds[s])[2]
                                          .bag[drawn:drawn + 3])
            if drawn < 27:
                assert set(guess) != set(real), (j, s)
                checked += 1
    assert checked >= 10
    first = played(0, tyrus_link.FIRST)
    recs, bags = records(first), real_bags(first)
    for s in (0, 1):
        assert link._device(recs[2], s, first.seeds[s])[2].bag == tuple(bags[s])


def test_l16_a_game_of_the_first_format_keeps_its_keys_and_a_rematch_is_keyed():
    game = played(TIEBREAK_GAME, tyrus_link.FIRST)
    final = decode(game.links[-1])
    assert final.options == () and link.audit(final).ok
    table = table_of(final)
    assert not table.keyed and table.draw_keys == ((), ())
    bags = real_bags(game)
    for s in (0, 1):
        assert link._device(final, s, game.seeds[s])[2].bag == tuple(bags[s])
    again = link.rematch(final, "Ann", seeds_for(99)[0])
    assert dict(again.options) == {"tier": tyrus_link.KEYED}
    keyed = decode(played(TIEBREAK_GAME).links[-1])
    assert dict(keyed.options) == {"tier": tyrus_link.KEYED} and table_of(keyed).keyed
    assert [len(k) for k in table_of(keyed).draw_keys] == [7, 7]
    unknown = replace(keyed, options=(("tier", "trustless-9"),))
    assert "reload the page" in str(link.replay(unknown).error)


# L1, L6, L7, L10: secrecy.

@pytest.mark.parametrize("i", [0, TIEBREAK_GAME, THREE_GAME])
def test_l7_spectators_learn_exactly_the_tiles_the_counts_have_shown(i):
    """At every link, the tiles anyone can read from it are exactly those of the counts so
    far (plus the last placer's, between the sixth placement and the reveal, plus the hands
    of a tiebreak), according to the hot-seat engine on the real tiles."""
    game = played(i)
    steps, tallies = side_by_side(game)
    final_hands = steps[-1][2].hands
    for record, table, _ in steps:
        public = {(table.placements[p].seat, tile) for _, p, tile in table.reveals}
        public |= {(s, t) for s, shown in enumerate(table.shown) if shown for t in shown[1]}
        truth = {(owner, tile) for result in tallies[:len(table.chart)]
                 for side in result.sides for owner, tile, _ in side.tiles}
        if table.phase == link.REVEALING:
            last_placer = 1 - tyrus_link._starter(table)
            truth |= {(o, t) for side in tallies[len(table.chart)].sides
                      for o, t, _ in side.tiles if o == last_placer}
        truth |= {(s, t) for s, shown in enumerate(table.shown) if shown for t in final_hands[s]}
        assert public == truth
        spectator = link.view(record)
        seen = {(t["owner"], t["tile"]) for b in spectator["buildings"] for t in b["tiles"]
                if t["tile"]}
        assert seen <= {(o, tile_code(t)) for o, t in public}
        if table.phase == link.PLACING:
            own = link.view(record, 0, game.seeds[0])
            assert isinstance(own["hands"][0], list) and isinstance(spectator["hands"][0], int)


def test_l6_face_down_placements_say_nothing_about_their_tiles():
    """The published value is uniform whatever the bag position and whatever the tile
    (both known here from the action played and the bag recomputed from the seed).

    The same check on a design that forgot the pad (publishing the position) fails."""
    pads, tile_offsets, unpadded = Counter(), Counter(), Counter()
    for i in GAMES:
        game = played(i)
        final = decode(game.links[-1])
        bags = real_bags(game)
        moves = [(seat, action) for seat, action in game.actions if isinstance(action, Move)]
        placements = table_of(final).placements
        assert len(moves) == len(placements)
        for (seat, move), p in zip(moves, placements):
            position = bags[seat].index(move.tile)
            pads[(p.hidden - position) % 30] += 1
            tile_offsets[(p.hidden - move.tile) % 30] += 1
            unpadded[(position - position) % 30] += 1
    assert sum(pads.values()) > 600
    assert chi_square_ok(pads, 30) and chi_square_ok(tile_offsets, 30)
    assert not chi_square_ok(unpadded, 30), "the check can fail"


def chi_square_ok(counts: Counter, bins: int) -> bool:
    """Whether counts over range(bins) look uniform (loose bound: false alarms ~never)."""
    total = sum(counts.values())
    expected = total / bins
    stat = sum((counts.get(b, 0) - expected) ** 2 / expected for b in range(bins))
    return stat < bins - 1 + 6 * sqrt(2 * (bins - 1))


def test_l1_links_in_progress_hold_no_seed_and_no_secret_made_from_one():
    game = played(0)
    secrets = [x for seed in game.seeds for x in (seed, derived(seed, "bag")[:16],
                                                   derived(seed, "bag")[16:])]
    recs = records(game)
    ending = next(n for n, r in enumerate(recs) if table_of(r).phase == link.OVER)
    for text in game.links[:ending]:
        data = unb64(text.split(".")[2])
        for secret in secrets:
            assert secret not in data and b64(secret)[:16] not in text
    data = unb64(game.links[-1].split(".")[2])
    assert all(seed in data for seed in game.seeds), "the check can fail: seeds at the end"


# L10, L11: checks on every link.

def midgame(i: int = 0, at: int = 20):
    """Two consecutive records of a game in progress, and the seat that made the second."""
    game = played(i)
    return decode(game.links[at]), decode(game.links[at + 1]), game.actions[at - 1][0]


def test_l10_a_message_needs_its_chain_value_and_the_chain_its_message():
    before, after, seat = midgame()
    no_value = replace(after, seats=before.seats)
    result = link.replay(no_value)
    assert not result.ok and "without its chain value" in str(result.error)
    ahead = replace(before.seats[seat], index=after.seats[seat].index,
                    value=after.seats[seat].value)
    result = link.replay(replace(before, seats=tuple(ahead if n == seat else s
                                                     for n, s in enumerate(before.seats))))
    assert not result.ok and "ahead of its moves" in str(result.error)
    forged = replace(after.seats[seat], value=derive(b"forged", 1)[:16])
    result = link.replay(replace(after, seats=tuple(forged if n == seat else s
                                                    for n, s in enumerate(after.seats))))
    assert not result.ok and "anchor" in str(result.error)
    assert link.replay(after).ok


def test_l10_history_tags_must_cover_the_seats_last_message():
    _, after, seat = midgame()
    short = replace(after.seats[seat], tag_moves=after.seats[seat].tag_moves - 1)
    result = link.replay(replace(after, seats=tuple(short if n == seat else s
                                                    for n, s in enumerate(after.seats))))
    assert not result.ok and "history check" in str(result.error)


def test_l10_no_seed_before_the_end_and_no_move_after_it():
    game = played(0)
    _, after, seat = midgame()
    early = replace(after.seats[seat], seed=game.seeds[seat])
    result = link.replay(replace(after, seats=tuple(early if n == seat else s
                                                    for n, s in enumerate(after.seats))))
    assert not result.ok and "before the end" in str(result.error)
    final = decode(game.links[-1])
    result = link.replay(replace(final, moves=final.moves + "_"))
    assert not result.ok and "game is over" in str(result.error)


def test_l10_a_tile_cannot_be_shown_twice():
    game = played(0)
    final = decode(game.links[-1])
    table = table_of(final)
    first, later = next((a, b) for a in table.reveals for b in table.reveals
                        if b[0] > a[0] and table.placements[a[1]].seat
                        == table.placements[b[1]].seat)
    at = reveal_offset(table, table.reveals.index(later))
    moves = final.moves[:at] + TOKEN_ALPHABET[first[2]] + final.moves[at + 1:]
    result = link.replay(replace(final, moves=moves))
    assert not result.ok and "second time" in str(result.error)
    assert result.applied == later[0]


def test_l11_a_device_refuses_a_link_whose_history_was_rewritten():
    """Bob changes one of Ann's earlier placements, signs with his own tag and plays on."""
    game = played(0)
    before, _, _ = midgame(0, 20)
    table = table_of(before)
    victim = next(p for p in table.placements if p.seat == 0)
    at = table.ends[victim.message - 1] if victim.message else 0
    n = TOKEN_INDEX[before.moves[at]] * 64 + TOKEN_INDEX[before.moves[at + 1]]
    changed = (n // 30) * 30 + (n % 30 + 1) % 30
    moves = before.moves[:at] + TOKEN_ALPHABET[changed // 64] + TOKEN_ALPHABET[changed % 64] \
        + before.moves[at + 2:]
    rewritten = resign(replace(before, moves=moves), game.seeds, seats=(1,))
    assert link.replay(rewritten).ok, "the rewrite is invisible to spectators"
    with pytest.raises(LinkError, match="rewritten"):
        link.legal(rewritten, 0, game.seeds[0])
    assert merge(before, rewritten)[1] == "diverged"
    verdict = link.audit(resign(replace(decode(game.links[-1]), moves=moves
                                        + decode(game.links[-1]).moves[len(moves):]),
                                game.seeds, seats=(1,)))
    assert not verdict.ok and not verdict.problems and "altered" in verdict.reason, \
        "a tag that does not fit proves only that the link was changed: nobody is blamed"


# L13: the audit catches each cheat.

def test_l13_a_lie_is_named_only_by_a_device_that_saw_it_before_the_seed():
    """Issue 10 (2): once both seeds are out anyone can rewrite a face and redo the tag, so a
    spectator's screen blames nobody; the opponent's device, which held the cheater's tag
    before its seed came out, names the cheater."""
    game = played(0)
    final = decode(game.links[-1])
    table = table_of(final)
    message, pid, _ = table.reveals[4]
    seat = table.placements[pid].seat
    revealed = {t for _, p, t in table.reveals if table.placements[p].seat == seat}
    lie = next(t for t in range(30) if t not in revealed)
    at = reveal_offset(table, 4)
    cheat = resign(replace(final, moves=final.moves[:at] + TOKEN_ALPHABET[lie]
                           + final.moves[at + 1:]), game.seeds)
    assert link.audit(cheat).problems[0].seat == seat
    spectator = linkplay.Held(cheat)
    text, kind = standing.verdict(spectator, 0.0)
    assert "nobody is blamed" in text and f"Seat {seat + 1}" not in text and kind != "fair"
    store = linkplay.LinkStore(MemoryBackend())
    other = 1 - seat
    before = replace(cheat, seats=tuple(replace(s, seed=b"") for s in cheat.seats))
    store.put(linkplay.Held(before, other, game.seeds[other]))
    held, _ = linkplay.open_link(store, encode(cheat))
    text, kind = standing.verdict(held, 0.0)
    assert kind == "unfair" and f"Seat {seat + 1}" in text and f"message {message + 1}" in text


def reveal_offset(table, k: int) -> int:
    """Where the k-th face shown in the game sits in the move string."""
    message, _, _ = table.reveals[k]
    start = table.ends[message - 1] if message else 0
    placement = any(p.message == message for p in table.placements)
    return start + 2 * placement + sum(1 for m, _, _ in table.reveals[:k] if m == message)


def set_hidden(record, placement, position, seeds):
    """The record with one placement re-aimed at another bag position, re-signed."""
    table = table_of(record)
    at = table.ends[placement.message - 1] if placement.message else 0
    hidden = hide(position, seeds[placement.seat], ("place", placement.message), 30)
    n = placement.building * 30 + hidden
    moves = record.moves[:at] + TOKEN_ALPHABET[n // 64] + TOKEN_ALPHABET[n % 64] \
        + record.moves[at + 2:]
    return resign(replace(record, moves=moves), seeds)


def test_l13_audit_of_an_honest_game_passes_and_needs_the_end():
    game = played(THREE_GAME)
    assert link.audit(decode(game.links[-1])).ok
    verdict = link.audit(decode(game.links[20]))
    assert not verdict.ok and "not over" in verdict.reason


def test_l13_audit_catches_a_false_tally_claim():
    game = played(0)
    final = decode(game.links[-1])
    table = table_of(final)
    bags = real_bags(game)
    k = 4
    message, pid, shown = table.reveals[k]
    seat = table.placements[pid].seat
    revealed = {t for _, p, t in table.reveals if table.placements[p].seat == seat}
    lie = next(t for t in range(30) if t not in revealed)
    at = reveal_offset(table, k)
    assert final.moves[at] == TOKEN_ALPHABET[shown]
    cheat = resign(replace(final, moves=final.moves[:at] + TOKEN_ALPHABET[lie]
                           + final.moves[at + 1:]), game.seeds)
    verdict = link.audit(cheat)
    assert not verdict.ok and verdict.move == message
    first = next(p for p in verdict.problems if p.move == message)
    assert first.check == "false tally claim" and first.seat == seat
    assert tile_code(lie) in first.detail
    assert tile_code(true_tile(final, game.seeds, bags, table.placements[pid])) in first.detail


def test_l13_audit_catches_a_tile_never_drawn():
    game = played(0)
    final = decode(game.links[-1])
    placement = next(p for p in table_of(final).placements if p.seat == 1 and p.drawn < 30)
    verdict = link.audit(set_hidden(final, placement, placement.drawn + 2, game.seeds))
    assert not verdict.ok and verdict.move == placement.message
    assert verdict.problems[0].check == "tile never drawn" and verdict.problems[0].seat == 1


def test_l13_audit_catches_a_tile_used_twice():
    game = played(0)
    final = decode(game.links[-1])
    placements = [p for p in table_of(final).placements if p.seat == 0]
    early, late = placements[0], placements[5]
    position = reveal(early.hidden, game.seeds[0], ("place", early.message), 30)
    verdict = link.audit(set_hidden(final, late, position, game.seeds))
    assert not verdict.ok and verdict.move == late.message
    assert "tile used twice" in [p.check for p in verdict.problems if p.move == late.message]


def test_l13_audit_catches_a_swapped_seed():
    game = played(0)
    final = decode(game.links[-1])
    swapped = replace(final, seats=(replace(final.seats[0], seed=game.seeds[1]),
                                    final.seats[1]))
    verdict = link.audit(swapped)
    assert not verdict.ok and verdict.move is None and not verdict.problems
    assert "altered" in verdict.reason, "anyone can put a wrong seed in a link: nobody is blamed"


def test_l13_audit_catches_rewritten_history():
    """Seat 1 rewrote a face seat 0 showed; only seat 1 could redo its own tag."""
    game = played(0)
    final = decode(game.links[-1])
    table = table_of(final)
    k = next(k for k, (_, p, _) in enumerate(table.reveals) if table.placements[p].seat == 0)
    at = reveal_offset(table, k)
    revealed = {t for _, p, t in table.reveals if table.placements[p].seat == 0}
    lie = next(t for t in range(30) if t not in revealed)
    rewritten = resign(replace(final, moves=final.moves[:at] + TOKEN_ALPHABET[lie]
                               + final.moves[at + 1:]), game.seeds, seats=(1,))
    verdict = link.audit(rewritten)
    assert not verdict.ok and not verdict.problems
    assert "differ from the ones Seat 1 sent" in verdict.reason


def test_l13_a_missing_seed_is_reported_against_its_seat():
    game = played(0)
    ending = next(r for r in records(game) if table_of(r).phase == link.OVER)
    verdict = link.audit(ending)
    assert not verdict.ok and "did not reveal its seed" in verdict.reason


# L14: forfeit.

def test_l14_a_forfeit_may_be_claimed_whenever_the_opponent_owes_a_message():
    """The protocol allows a claim while the other seat owes a move or a reveal; whether its
    time is up is the claimant's clock's to say (tests/test_link_clock.py)."""
    game = played(0)
    recs = records(game)
    for phase in (link.REVEALING, link.PLACING):
        owing = next(r for r in recs[2:] if table_of(r).phase == phase)
        debtor = link.to_move(owing)[0]
        claimant = 1 - debtor
        assert link.may_claim(owing, claimant) and not link.may_claim(owing, debtor)
        with pytest.raises(IllegalMove):
            link.claim_forfeit(owing, debtor, game.seeds[debtor])
        claimed = decode(encode(link.claim_forfeit(owing, claimant, game.seeds[claimant])))
        assert link.phase(claimed) == link.OVER and link.to_move(claimed) == ()
        assert link.claim_of(claimed) == (claimant, debtor)
        assert claimed.moves == owing.moves and not any(s.seed for s in claimed.seats)
        assert claimed.seats[claimant].index == owing.seats[claimant].index + 1
        late = link.play(owing, debtor, game.seeds[debtor], link.legal(
            owing, debtor, game.seeds[debtor])[0])
        assert merge(claimed, late)[1] == "diverged" and merge(late, claimed)[1] == "diverged"
        assert not link.audit(claimed).ok, "a game ended by a claim is never verified"
    assert link.phase(recs[0]) == link.JOINING
    assert not any(link.may_claim(recs[0], s) for s in (0, 1)), "nobody owes while joining"


def test_l14_a_claim_needs_the_claimants_chain_value():
    game = played(0)
    owing = next(r for r in records(game)[2:] if table_of(r).phase == link.REVEALING)
    claimant = 1 - link.to_move(owing)[0]
    seat = owing.seats[claimant]
    with pytest.raises(ValueError):
        replace(seat, index=0, value=b"", claim=True)
    forged = linktools.with_seat(owing, claimant, replace(seat, claim=True))
    assert not link.replay(forged).ok, "a claim flag without the next chain value"


# Actions that are not allowed.

def test_l3_actions_out_of_turn_or_not_in_hand_are_illegal():
    game = played(0)
    record = next(r for r in records(game)[2:] if table_of(r).phase == link.PLACING)
    mover = link.to_move(record)[0]
    hand = link.view(record, mover, game.seeds[mover])["hands"][mover]
    missing = next(t for t in range(30) if tile_code(t) not in hand)
    with pytest.raises(IllegalMove):
        link.play(record, mover, game.seeds[mover], Move(missing, 0))
    with pytest.raises(IllegalMove):
        link.play(record, 1 - mover, game.seeds[1 - mover],
                  link.legal(record, mover, game.seeds[mover])[0])
    for action in (tyrus_link.REVEAL, tyrus_link.OPEN, link.SEED, "nonsense"):
        with pytest.raises(IllegalMove):
            link.play(record, mover, game.seeds[mover], action)


# L15: merging.

def test_l15_links_merge_as_advanced_older_same_or_diverged():
    game = played(TIEBREAK_GAME)
    recs = records(game)
    for old, new in zip(recs, recs[1:]):
        assert merge(old, new) == (new, "advanced")
        assert merge(new, old) == (new, "older")
        assert merge(new, decode(encode(new))) == (new, "same")
    record = next(r for r in recs[2:] if table_of(r).phase == link.PLACING)
    mover = link.to_move(record)[0]
    options = link.legal(record, mover, game.seeds[mover])
    one, other = (link.play(record, mover, game.seeds[mover], a) for a in (options[0],
                                                                          options[-1]))
    assert merge(one, other) == (one, "diverged")


# L10: damaged links end in a clear error or a valid state.

@lru_cache(maxsize=None)
def sample_links() -> tuple[str, ...]:
    return played(0).links[1::3] + played(TIEBREAK_GAME).links[-8:]


def ends_cleanly(text: str) -> None:
    linktools.ends_cleanly(link, text, seeds_for(0), (link.JOINING, link.OPENING, link.PLACING,
                                                      link.REVEALING, link.TIEBREAK, link.OVER))


@damage(800)
@given(st.data(), edits, st.integers(0, 10_000), any_char)
def test_l10_damaged_and_truncated_links_end_cleanly(data, kind, at, char):
    text = data.draw(st.sampled_from(sample_links()))
    ends_cleanly(edit(text, kind, at, char))


@damage(1500)
@given(st.data(), move_changes)
def test_l10_resealed_changes_to_the_moves_end_cleanly(data, changes):
    """Moves edited and the checksum redone: only the protocol's own checks are left."""
    ends_cleanly(resealed_moves(data.draw(st.sampled_from(sample_links())), changes))


@damage(700)
@given(st.data(), seat_changes)
def test_l10_resealed_changes_to_the_seat_data_end_cleanly(data, changes):
    ends_cleanly(resealed_seats(data.draw(st.sampled_from(sample_links())), changes))


def test_l10_the_damage_tests_reach_the_protocol_checks():
    """Resealed edits of moves do get past decode, and some fail in replay: the property
    tests above exercise replay, not just the checksum."""
    text = sample_links()[5]
    results = [link.replay(decode(resealed_moves(text, [("replace", at, "Z")])))
               for at in range(0, len(moves_of(text)), 3)]
    assert any(not r.ok for r in results)
