"""Tyros by link (seeds/tyros.md, "Play by link", YL1-YL6): three devices that share link
text only play a short whole game with a refused and an accepted trade."""
from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest

from parlor.engine.rng import Stream, derive, shuffled
from parlor.links.fairplay import event_random
from parlor.games.tyros.link import PROTOCOL, TyrosLink
from parlor.games.tyros.rules import (ACCEPT, ACTIONS, CARDS, ENGINE, KEEPING, PASS, REFUSE,
                                      TILES, Exchange, Offer, add, counts, mine, sub)
from parlor.links.base import SEED
from parlor.links.casual import START
from parlor.links.record import decode, encode
from parlor.links.shares import take

import linktools
import sharing

NAMES = ("Ann", "Bob", "Cy")
FIRST = TyrosLink()                     # makes games of the first tier, which still play (YL7)
FIRST.tier = "casual"
SECOND = TyrosLink()                    # and of the second, before the start round (YL7)
SECOND.tier = "casual-2"
THIRD = TyrosLink()                     # and of the third, before shares (YL7)
THIRD.tier = "casual-3"


class Device(linktools.Device):
    protocol = PROTOCOL


def seeds(players):
    return [derive(b"tyros link test", players, s)[:16] for s in range(players)]


def start(players=3, options=None, maker=PROTOCOL):
    keys = seeds(players)
    record = linktools.in_order(maker.create(NAMES[0], keys[0], {"players": players, **(options or {})}), keys[0])
    for seat in range(1, players):
        record = PROTOCOL.join(record, NAMES[seat] if seat < 3 else "Di", keys[seat])
    return [Device(s, keys[s], record) for s in range(players)], encode(record)


def choose(device, trades: dict):
    """Turn 1: seat 0 offers a trade to seat 1 (refused), then to seat 2 (accepted); every
    other action is a pass; tiles and kept cards are the first legal ones."""
    record = device.record
    legal = PROTOCOL.legal(record, device.seat, device.seed)
    if legal == [SEED]:
        return SEED
    view = PROTOCOL.view(record, device.seat, device.seed)
    pending = view["pending"]
    if view["phase"] != ACTIONS:
        return legal[0]
    if pending and pending["waiting"]:
        trades.setdefault("answers", []).append(pending["partner"])
        return REFUSE if pending["partner"] == 1 else ACCEPT
    if pending:
        hand = mine(view)["cards"]
        if not any(pending["give"]):
            colour = max(range(4), key=lambda c: hand[c])
            return CARDS[tuple(1 if c == colour else 0 for c in range(4))]
        free = [c for c in range(4) if not pending["give"][c]]
        return CARDS[tuple(1 if c == free[0] else 0 for c in range(4))]
    if view["turn"] == 1 and device.seat == 0 and "done" not in trades:
        partner = 2 if view["refused"] else 1
        if partner == 2:
            trades["done"] = True
        return Offer(partner)
    return PASS


@lru_cache(maxsize=None)
def game(players=3, maker=PROTOCOL):
    """Every link sent (text, sender, who it goes to) in one whole game."""
    devices, text = start(players, maker=maker)
    trades, sent = {}, []
    for _ in range(2000):
        movers = PROTOCOL.to_move(decode(text))
        if not movers:
            return tuple(sent), devices, trades
        device = devices[movers[0]]
        device.receive(text)
        while movers and movers[0] == device.seat:
            text = device.act(choose(device, trades))
            movers = PROTOCOL.to_move(decode(text))
        sent.append((text, device.seat, movers[0] if movers else None))
    raise AssertionError("the game did not end")


def test_yl1_options_are_kept_in_the_record_only_when_not_the_default():
    keys = seeds(3)
    plain = PROTOCOL.create("Ann", keys[0], {"players": 3})
    assert dict(plain.options) == {"tier": "casual-7"}
    both = PROTOCOL.create("Ann", keys[0], {"players": 4, "tiles_per_player": 4,
                                            "preset_start": True})
    assert dict(both.options) == {"tier": "casual-7", "tiles": "4", "preset": "1"}
    assert len(both.seats) == 4
    with pytest.raises(ValueError):
        PROTOCOL.create("Ann", keys[0], {"players": 2})


def test_yl2_yl5_a_whole_game_with_a_refused_and_an_accepted_trade_ends_in_a_fair_audit():
    sent, devices, trades = game()
    final = decode(sent[-1][0])
    assert PROTOCOL.phase(final) == "over" and PROTOCOL.audit(final).ok
    assert trades["answers"] == [1, 2]
    # a link is passed on only when someone else is to move
    assert all(to != sender for _, sender, to in sent if to is not None)


def test_yl5_the_offer_travels_to_the_partner_and_the_answer_back():
    sent, devices, _ = game()
    offers = [(text, to) for text, sender, to in sent
              if (p := PROTOCOL.view(decode(text))["pending"]) and p["waiting"]]
    assert [to for _, to in offers] == [1, 2]
    for text, to in offers:
        view = PROTOCOL.view(decode(text), to, devices[to].seed)
        pending = view["pending"]
        assert pending["partner"] == to and sum(pending["give"]) == sum(pending["ask"]) == 1
        assert ENGINE.to_move(PROTOCOL.table(decode(text)).state) == (to,)
    refused = sent[[t for t, _, _ in sent].index(offers[0][0]) + 1]
    assert refused[2] == 0, "after a refusal the proposer acts again"
    assert PROTOCOL.view(decode(refused[0]))["refused"] == [1]


def started(record, keys):
    """The record after the start messages of the seats that joined before the last (YL3)."""
    while PROTOCOL.legal(record, (seat := PROTOCOL.to_move(record)[0]), keys[seat]) == [START]:
        record = PROTOCOL.play(record, seat, keys[seat], START)
    return record


@pytest.mark.parametrize("players", [3, 4])
def test_yl3_the_seats_that_joined_before_the_last_send_a_start_message_and_nobody_sees_a_deal_before(players):
    devices, text = start(players)
    keys, record = seeds(players), decode(text)
    for seat in range(1, players - 1):
        assert PROTOCOL.phase(record) == "opening" and PROTOCOL.to_move(record) == (seat,)
        assert PROTOCOL.legal(record, seat, keys[seat]) == [START]
        for other in range(players):
            view = PROTOCOL.view(record, other, keys[other])
            assert view["undealt"] and mine(view) is None, "no hand is shown before the deal"
        before = len(record.moves)
        record = PROTOCOL.play(record, seat, keys[seat], START)
        assert record.moves[before:] == "__" and record.seats[seat].index == 1
    assert PROTOCOL.to_move(record) == (0,)
    assert PROTOCOL.view(record, 0, keys[0]).get("undealt") is None
    assert PROTOCOL.view(record, players - 1, keys[-1])["undealt"]


def test_yl3_a_start_message_that_says_anything_is_refused():
    _, text = start()
    keys, record = seeds(3), decode(text)
    forged = linktools.signed(record, 1, keys[1], "AB")
    assert not PROTOCOL.replay(forged).ok
    assert "start message" in str(PROTOCOL.replay(forged).error)
    assert PROTOCOL.replay(linktools.signed(record, 1, keys[1], "__")).ok


def deal_seen_by_0(keys):
    record = linktools.in_order(PROTOCOL.create(NAMES[0], keys[0], {"players": len(keys)}), keys[0])
    for seat in range(1, len(keys)):
        record = PROTOCOL.join(record, "P", keys[seat])
    view = PROTOCOL.view(started(record, keys), 0, keys[0])
    return tuple(mine(view)["cards"]), tuple(mine(view)["tiles"]), tuple(view["markers"])


@pytest.mark.parametrize("players", [3, 4])
def test_yl3_no_coalition_short_of_all_can_steer_the_start(players):
    """Seat 0 and the last to join (the pair that could under casual-2) fix their seeds
    together; the start still changes with the seed of each seat in between, which shows its
    value only after the last anchor is fixed, and with each seat's own seed."""
    keys = seeds(players)
    start_of = deal_seen_by_0(keys)
    for middle in range(1, players - 1):
        starts = {deal_seen_by_0([*keys[:middle], derive(b"honest", n)[:16], *keys[middle + 1:]])
                  for n in range(5)}
        assert len(starts) >= 4, middle
    for seat in range(players):
        other = list(keys)
        other[seat] = derive(b"other", seat)[:16]
        assert deal_seen_by_0(other) != start_of, seat


def test_yl3_seat_0_opens_sees_the_deal_first_and_is_the_first_player():
    devices, text = start()
    record = started(decode(text), seeds(3))
    assert PROTOCOL.phase(record) == "opening" and PROTOCOL.to_move(record) == (0,)
    opener = PROTOCOL.view(record, 0, devices[0].seed)
    assert opener["first"] == 0 and sum(mine(opener)["cards"]) == 12
    other = PROTOCOL.view(record, 1, devices[1].seed)
    assert mine(other) is None or sum(mine(other)["cards"]) == 0
    assert all(isinstance(m, type(PROTOCOL.legal(record, 0, devices[0].seed)[0]))
               for m in PROTOCOL.legal(record, 0, devices[0].seed))


def test_yl4_between_messages_the_deck_and_pile_are_sorted_and_unkeyed():
    sent, _, _ = game()
    assert PROTOCOL.table(decode(sent[0][0])).state is None, "seat 1's start message: no deal"
    for text, _, _ in sent[1:][:: max(1, len(sent) // 10)]:
        state = PROTOCOL.table(decode(text)).state
        assert state.seed == b"" and list(state.deck) == sorted(state.deck)
        assert list(state.pile) == sorted(state.pile)


def test_yl4_other_secrets_give_other_draws():
    keys = seeds(3)
    others = [keys[0]] + [derive(key, "other")[:16] for key in keys[1:]]
    first, second = deal_seen_by_0(keys), deal_seen_by_0(others)
    assert first[0] != second[0] or first[1] != second[1]


def test_yl6_every_link_of_the_game_stays_under_2000_characters():
    sent, _, _ = game()
    assert max(len(text) for text, _, _ in sent) <= 2000


def test_yl2_a_replay_taken_up_from_a_kept_table_equals_a_whole_replay():
    sent, _, _ = game()
    text = sent[len(sent) // 2][0]
    PROTOCOL._read.clear()
    PROTOCOL._memo.clear()
    whole = PROTOCOL.replay(decode(text))
    later = PROTOCOL.replay(decode(sent[len(sent) // 2 + 1][0]))
    assert later.ok and whole.ok and later.applied > whole.applied
    PROTOCOL._read.clear()
    PROTOCOL._memo.clear()
    assert PROTOCOL.replay(decode(sent[len(sent) // 2 + 1][0])).state == later.state


def test_phases_of_the_link_are_the_engine_s():
    sent, _, _ = game()
    phases = {PROTOCOL.phase(decode(text)) for text, _, _ in sent}
    assert {TILES, ACTIONS, KEEPING, "over"} <= phases


# YL4: late draws.

@lru_cache(maxsize=None)
def read_one_by_one(maker=PROTOCOL):
    """The final record of the game, and the public table after each of its messages from
    seat 0's first on (the start messages, YL3, come before)."""
    final = decode(game(maker=maker)[0][-1][0])
    values = PROTOCOL.values(final)
    table, cursor, tables = PROTOCOL.start(final), PROTOCOL.Cursor(final.moves), []
    while cursor.peek() is not None:
        table = PROTOCOL.read(table, cursor, final, values)
        tables.append(table)
    return final, tables[tables[-1].starters:]


def deal_of(final, tables):
    """The settled start of YL3: keyed from every anchor, the start messages' values and
    seat 0's first, seat 0 the first player."""
    anchors = tuple(s.anchor for s in final.seats)
    deal = event_random(final.context, "deal", anchors + tables[-1].round + tables[-1].shown[:1])
    return replace(PROTOCOL.settled(ENGINE.initial(deal, len(final.seats), {})), first=0)


@lru_cache(maxsize=None)
def share_fixings(maker=PROTOCOL) -> dict:
    """Tier casual-4, by the oracle of tests/sharing.py: (message, seat) -> (the message that
    fixed the share, its values)."""
    final, tables = read_one_by_one(maker)
    return sharing.fixings(PROTOCOL, final.context, deal_of(final, tables), tables[-1].moves,
                           tables[-1].shown, PROTOCOL.sees, move_senders(tables[-1]))


def move_senders(table) -> tuple:
    """Tier casual-5: the sender of each message after the start messages (YL8), in casual-7
    the set of keepers for a message that completes a round of keeps (YL10); () before."""
    return PROTOCOL._senders(table, 0)[:-1] if table.others else ()


def truth_after(final, tables, upto: int):
    """The hot-seat state after `upto` messages: in tier casual-4 every share holding the
    values the oracle fixed for it (YL4); before, each draw keyed whole by the rule of
    casual-3 from the chain values shown after its message up to the one whose reading fixed
    it."""
    if tables[-1].shares:
        return sharing.play(PROTOCOL, deal_of(final, tables), tables[-1].moves[:upto],
                            share_fixings())[0]
    shown = tables[-1].shown
    fixed_at = {m: next((j for j, t in enumerate(tables) if t.fixed > m), None)
                for m in range(len(shown))}
    state = deal_of(final, tables)
    for m, move in enumerate(tables[-1].moves[:upto]):
        if PROTOCOL.draws(move) and fixed_at[m] is not None:
            key = event_random(final.context, f"draw {m}", shown[m + 1:fixed_at[m] + 1])
            state = replace(state, deck=tuple(shuffled(sorted(state.deck), key, "tyros", "deck")),
                            pile=tuple(shuffled(sorted(state.pile), key, "tyros", "pile")),
                            seed=key)
        state = ENGINE.apply(state, move)
    return state


def assert_fixed_by_the_receiver_after_another_seat(fixed: dict, senders: tuple,
                                                    drawers: tuple = ()) -> int:
    """Each share is fixed by its receiver's next message (YL4), or, when the receiver's own
    message drew it and the receiver sent the next ones too, by its next message after
    another seat's (YL8): its key always holds a value of a seat other than the one whose
    message drew it. `drawers`: `move_senders`, where a message that completes a round of
    keeps counts as drawn by each keeper (YL10). Returns how many waited so."""
    waited = 0
    for (m, seat), (j, _values) in fixed.items():
        own = sharing.drew(drawers[m], seat) if drawers else senders[m] == seat
        drawer = seat if own else senders[m]
        assert senders[j] == seat and set(senders[m + 1:j + 1]) - {drawer}, (m, seat)
        other = next(k for k in range(m + 1, j + 1) if senders[k] != drawer)
        assert seat not in senders[other:j], (m, seat)
        if seat in senders[m + 1:j]:
            assert own and set(senders[m + 1:other]) == {seat}, (m, seat)
            waited += 1
    return waited


def test_yl4_no_player_alone_knows_a_draw_while_choosing_the_move_that_causes_it():
    """Every share of a draw is fixed by a later message, keyed from the values shown after
    its own, and among them one of another seat: the sender could not compute it when it
    chose."""
    final, tables = read_one_by_one()
    senders = tables[-1].senders[tables[-1].starters:]
    fixed = share_fixings()
    drawn = sharing.play(PROTOCOL, deal_of(final, tables), tables[-1].moves, fixed)[1]
    assert len(fixed) > 30 and len(fixed) >= 0.9 * len(drawn), "the last ones may never be"
    for (m, _seat), (j, _values) in fixed.items():
        assert j > m
        assert set(senders[m + 1:j + 1]) - {senders[m]}, m


def test_yl4_the_seat_to_move_sees_the_draws_the_rule_gives_it():
    """Recomputed here from the chain values and the engine: the view of every seat about to
    move equals the hot-seat view of the same position, and other seats see their own
    cards and tiles less the draws still waiting."""
    final, tables = read_one_by_one()
    _, devices, _ = game()
    checked = masked = lines = seen = 0
    for upto in range(1, len(tables), 3):
        state = truth_after(final, tables, upto)
        table = tables[upto - 1]
        for player in devices:
            device = PROTOCOL.Device(final, table, None, player.seat, player.seed)
            view = PROTOCOL.seat_view(final, table, device)
            truth = ENGINE.view(state, device.seat)
            if table.phase != "over" and PROTOCOL.sender(table) == device.seat:
                assert view == truth
                checked += 1
            else:
                shown, whole = mine(view), mine(truth)
                assert all(a <= b for a, b in zip(shown["cards"], whole["cards"]))
                assert set(shown["tiles"]) <= set(whole["tiles"])
                waiting = view.get("waiting", {}).get(device.seat, {"cards": 0, "tiles": 0})
                assert waiting == {"cards": sum(whole["cards"]) - sum(shown["cards"]),
                                   "tiles": len(whole["tiles"]) - len(shown["tiles"])}
                masked += waiting["cards"] + waiting["tiles"]
                short = waiting != {"cards": 0, "tiles": 0}
                lines += bool(PROTOCOL.waiting_line(view)) == short
                seen += 1
    assert checked > 10 and masked > 0 and lines == seen


def test_yl7_games_of_the_first_tier_still_play_to_a_fair_audit_and_say_what_they_give():
    sent, _, trades = game(maker=FIRST)
    final = decode(sent[-1][0])
    assert dict(final.options)["tier"] == "casual" and trades["answers"] == [1, 2]
    assert PROTOCOL.phase(final) == "over" and PROTOCOL.audit(final).ok
    assert PROTOCOL.note(final) == PROTOCOL.first_note != PROTOCOL.note(decode(game()[0][-1][0]))


def test_yl4_each_share_is_fixed_by_its_receiver_s_own_next_message():
    """Tier casual-4: each seat's share of a draw (the deal at the end of a turn gives every
    player one) is fixed by its receiver's next message, keyed up to that message's value,
    so no group of the other players knows it before the receiver plays."""
    final, tables = read_one_by_one()
    senders = tables[-1].senders[tables[-1].starters:]
    fixed = share_fixings()
    deals = {m for m, _s in fixed if sum(1 for k, _s in fixed if k == m) == 3}
    assert len(deals) >= 3
    assert_fixed_by_the_receiver_after_another_seat(fixed, senders, move_senders(tables[-1]))


def test_yl4_the_tables_fix_the_shares_the_oracle_fixes():
    """Read message by message, a table keeps open exactly the shares the oracle has not
    fixed yet, and the values it keeps for the others are those the oracle gives them."""
    final, tables = read_one_by_one()
    fixed = share_fixings()
    drawn = sharing.play(PROTOCOL, deal_of(final, tables), tables[-1].moves, fixed)[1]
    for j, table in enumerate(tables):
        assert {(m, s) for m, seats in table.waiting for s in seats} == {
            x for x in drawn if x[0] <= j and (x not in fixed or fixed[x][0] > j)}
        for m, seat, values in table.parts:
            assert fixed[m, seat][1] == values and fixed[m, seat][0] <= j


def test_yl4_a_share_is_a_keyed_sample_of_each_kind_and_a_placeholder_the_first_sorted():
    free = Counter({("card", 0): 5, ("card", 1): 5, ("card", 2): 5,
                    ("tile", 3): 1, ("tile", 7): 1, ("tile", 9): 1})
    like = (("card", 3), ("tile", 40), ("card", 3))          # only kinds and number count
    assert take(PROTOCOL, free, like, None) == (("card", 0), ("card", 0), ("tile", 3))
    samples = [take(PROTOCOL, free, like, bytes([k])) for k in range(200)]
    assert take(PROTOCOL, free, like, bytes([7])) == samples[7]
    for sample in samples:
        assert Counter(v[0] for v in sample) == {"card": 2, "tile": 1}
        assert not Counter(sample) - free
    assert {v for sample in samples for v in sample} == set(free), "every value can come out"
    assert len(set(samples)) > 20


def test_yl4_a_share_comes_from_the_pool_and_reassigned_keeps_every_count():
    """Dealt again, the shares of a deal keep their sizes, come from the deck and the cards
    drawn, and leave every hand's other cards alone."""
    final, tables = read_one_by_one()
    m = next(m for m, move in enumerate(tables[-1].moves)
             if sum(1 for g in truth_after(final, tables, m + 1).drawn if g) == 3)
    after = ENGINE.apply(truth_after(final, tables, m), tables[-1].moves[m])
    pool = Counter(PROTOCOL.pool(after))
    dealt, free = {}, Counter(pool)
    for seat, key in ((2, b"a"), (0, b"b"), (1, b"c")):
        dealt[seat] = take(PROTOCOL, free, after.drawn[seat], key)
        free -= Counter(dealt[seat])
    again = PROTOCOL.reassigned(after, dealt)
    assert [len(g) for g in again.drawn] == [len(g) for g in after.drawn]
    assert Counter(PROTOCOL.pool(again)) == pool and again.drawn[0] == dealt[0]
    for seat in range(3):
        kept = sub(after.hands[seat], counts(c for _k, c in after.drawn[seat]))
        assert again.hands[seat] == add(kept, counts(c for _k, c in dealt[seat]))


def test_yl7_games_of_the_third_tier_still_fix_a_deal_whole_and_play_to_a_fair_audit():
    final, tables = read_one_by_one(THIRD)
    assert dict(final.options)["tier"] == "casual-3" and not tables[-1].shares
    assert not any(t.parts for t in tables)
    assert PROTOCOL.phase(final) == "over" and PROTOCOL.audit(final).ok
    for upto in range(1, len(tables), 37):
        state = truth_after(final, tables, upto)
        seat = PROTOCOL.sender(tables[upto - 1])
        if seat is not None:
            device = PROTOCOL.Device(final, tables[upto - 1], None, seat, seeds(3)[seat])
            assert PROTOCOL.seat_view(final, tables[upto - 1], device) == ENGINE.view(state, seat)


def test_yl7_games_of_the_second_tier_still_open_with_seat_0_and_play_to_a_fair_audit():
    sent, _, trades = game(maker=SECOND)
    first, final = decode(sent[0][0]), decode(sent[-1][0])
    assert dict(final.options)["tier"] == "casual-2" and trades["answers"] == [1, 2]
    assert first.seats[0].index == 1 and first.seats[1].index == 0, "no start message"
    assert PROTOCOL.phase(final) == "over" and PROTOCOL.audit(final).ok


@lru_cache(maxsize=None)
def random_prefix(players: int, length: int = 150, game: int = 0):
    """The first `length` messages of game number `game` by link where every seat picks
    random legal actions (offers and their answers out of turn included), read one by one:
    the record, the tables after the start messages and the seeds."""
    keys = [derive(b"tyros random shares", players, s, game)[:16] for s in range(players)]
    stream = Stream(keys[0], "choices")
    record = linktools.in_order(PROTOCOL.create("Ann", keys[0], {"players": players}), keys[0])
    for seat in range(1, players):
        record = PROTOCOL.join(record, f"P{seat}", keys[seat])
    record = started(record, keys)
    while len(record.moves) < 2 * (length + players) and (movers := PROTOCOL.to_move(record)):
        legal = PROTOCOL.legal(record, movers[0], keys[movers[0]])
        record = PROTOCOL.play(record, movers[0], keys[movers[0]], legal[stream.below(len(legal))])
    values = PROTOCOL.values(record)
    table, cursor, tables = PROTOCOL.start(record), PROTOCOL.Cursor(record.moves), []
    while cursor.peek() is not None:
        table = PROTOCOL.read(table, cursor, record, values)
        tables.append(table)
    return record, tables[tables[-1].starters:], keys


def test_yl4_random_games_fix_the_shares_the_oracle_fixes():
    """With random play, trades answered out of turn among them, every table keeps open
    exactly the shares the oracle has not fixed, every share is fixed by its receiver's own
    next message, and the seat to move sees the oracle's hand."""
    out_of_order = waited = 0
    # Until both cases below came up (each game is checked whole either way), at most 4 games
    # for each number of players: which games they come up in depends on every key.
    for game, players in ((g, p) for g in range(4) for p in (3, 4)):
        if game and out_of_order and waited:
            break
        record, tables, keys = random_prefix(players, game=game)
        start = deal_of(record, tables)
        fixed = sharing.fixings(PROTOCOL, record.context, start, tables[-1].moves,
                                tables[-1].shown, PROTOCOL.sees, move_senders(tables[-1]))
        drawn = sharing.play(PROTOCOL, start, tables[-1].moves, fixed)[1]
        senders = tables[-1].senders[tables[-1].starters:]
        for j, table in enumerate(tables):
            assert {(m, s) for m, seats in table.waiting for s in seats} == {
                x for x in drawn if x[0] <= j and (x not in fixed or fixed[x][0] > j)}, j
            out_of_order += any(m > k for m, _s, _v in table.parts for k, _t in table.waiting)
        waited += assert_fixed_by_the_receiver_after_another_seat(fixed, senders,
                                                                  move_senders(tables[-1]))
        for upto in range(1, len(tables), 9):
            seat = PROTOCOL.sender(tables[upto - 1])
            device = PROTOCOL.Device(record, tables[upto - 1], None, seat, keys[seat])
            truth = sharing.play(PROTOCOL, start, tables[-1].moves[:upto], fixed)[0]
            assert PROTOCOL.seat_view(record, tables[upto - 1], device) == \
                ENGINE.view(truth, seat)
    assert out_of_order, "a share fixed before one drawn earlier"
    assert waited, "a share dealt by its receiver's own move waited for another seat (YL8)"


# YL8: no seat alone keys its own share.

FOURTH = TyrosLink()                    # makes games of the fourth tier, before YL8
FOURTH.tier = "casual-4"


@lru_cache(maxsize=None)
def before_own_deal(maker=PROTOCOL, players: int = 3):
    """Random play until a player could pass to end the actions and so deal every player new
    cards, itself the first to move in the next turn: the record then, its seat and the seeds
    (YL8)."""
    keys = [derive(b"tyros own deal", players, s)[:16] for s in range(players)]
    stream = Stream(keys[0], "choices")
    record = linktools.in_order(maker.create("Ann", keys[0], {"players": players}), keys[0])
    for seat in range(1, players):
        record = PROTOCOL.join(record, f"P{seat}", keys[seat])
    record = started(record, keys)
    while movers := PROTOCOL.to_move(record):
        seat, state = movers[0], PROTOCOL.table(record).state
        if state is not None and state.phase == ACTIONS and state.pending is None and \
                seat == (state.first + 1) % players and state.passes == players - 1 \
                and not state.last_turn:
            passed = PROTOCOL.play(record, seat, keys[seat], PASS)
            if PROTOCOL.to_move(passed) == (seat,) and \
                    PROTOCOL.table(passed).state.turn > state.turn:
                return record, seat, keys
        legal = PROTOCOL.legal(record, seat, keys[seat])
        record = PROTOCOL.play(record, seat, keys[seat], legal[stream.below(len(legal))])
    raise AssertionError("no such position")


def own_cards_seen(record, seat: int, keys, action) -> list:
    """What `seat`'s own device shows of its cards after `action` and each later message of
    its own, up to the first message of another seat: (cards, waiting) per view."""
    record, seen = PROTOCOL.play(record, seat, keys[seat], action), []
    while True:
        view = PROTOCOL.view(record, seat, keys[seat])
        waiting = view.get("waiting", {}).get(seat, {"cards": 0, "own": 0})
        seen.append((tuple(mine(view)["cards"]), waiting["cards"], waiting.get("own", 0)))
        if PROTOCOL.to_move(record) != (seat,):
            return seen
        record = PROTOCOL.play(record, seat, keys[seat],
                               PROTOCOL.legal(record, seat, keys[seat])[0])


def test_yl8_no_player_alone_sees_or_steers_the_cards_its_own_move_deals_it():
    """Brute force over every move the player may make where a pass deals it new cards and it
    plays first in the next turn: before another player's message its device never shows a
    card it did not hold (the new ones wait, said as its own deal's), so it cannot choose
    among moves for a deal it likes. Under tier casual-4 the pass showed them at once."""
    record, seat, keys = before_own_deal()
    before = tuple(mine(PROTOCOL.view(record, seat, keys[seat]))["cards"])
    deals = 0
    for action in PROTOCOL.legal(record, seat, keys[seat]):
        taken = [0] * 4
        if isinstance(action, Exchange) and action.take >= 0:
            taken[action.take] = 1            # a card taken from the face-up discards
        for cards, waiting, own in own_cards_seen(record, seat, keys, action):
            assert all(c <= b + t for c, b, t in zip(cards, before, taken)), action
            deals += own > 0
            assert own in (0, waiting)
    assert deals >= 2, "the pass deals, and the tile after it still waits"
    old, old_seat, old_keys = before_own_deal(FOURTH)
    old_before = tuple(mine(PROTOCOL.view(old, old_seat, old_keys[old_seat]))["cards"])
    shown = own_cards_seen(old, old_seat, old_keys, PASS)[0][0]
    assert sum(shown) > sum(old_before), "casual-4: the passer saw the cards its pass dealt"


def test_yl8_the_cards_wait_for_the_next_player_s_move_and_the_screen_says_whose():
    record, seat, keys = before_own_deal()
    passed = PROTOCOL.play(record, seat, keys[seat], PASS)
    view = PROTOCOL.view(passed, seat, keys[seat])
    names = ("Ann", "Bo", "Cy")
    line = PROTOCOL.waiting_line(view, names)
    assert names[(seat + 1) % 3] + "'s move" in line and "your own move dealt" in line
    tiled = PROTOCOL.play(passed, seat, keys[seat], PROTOCOL.legal(passed, seat, keys[seat])[0])
    after = (seat + 1) % 3
    assert PROTOCOL.to_move(tiled) == (after,)
    assert "own" in PROTOCOL.view(tiled, seat, keys[seat])["waiting"][seat]
    nexts = PROTOCOL.play(tiled, after, keys[after], PROTOCOL.legal(tiled, after, keys[after])[0])
    waiting = PROTOCOL.view(nexts, seat, keys[seat])["waiting"][seat]
    assert waiting["cards"] and "own" not in waiting, "no longer the player's values alone"
    line = PROTOCOL.waiting_line(PROTOCOL.view(nexts, seat, keys[seat]), names)
    assert "your own move dealt" not in line and "when you next play" in line


def test_yl9_a_keep_by_link_is_hidden_from_the_others_until_all_have_kept():
    from parlor.links.history import History
    sent, devices, _ = game()
    keys = seeds(3)
    for text, _sender, mover in sent:
        record = decode(text)
        state = PROTOCOL.table(record).state
        if mover is None or state is None or state.phase != KEEPING:
            continue
        choices = PROTOCOL.legal(record, mover, keys[mover])
        after = [PROTOCOL.play(record, mover, keys[mover], move)
                 for move in (choices[0], choices[-1])]
        next_up = [PROTOCOL.to_move(r) for r in after]
        if len(choices) < 2 or next_up[0] != next_up[1] \
                or PROTOCOL.table(after[0]).state.phase != KEEPING:
            continue                                 # not a keep that others follow
        other = next_up[0][0]
        assert PROTOCOL.view(after[0]) == PROTOCOL.view(after[1])
        seen = [PROTOCOL.view(r, other, keys[other]) for r in after]
        assert seen[0] == seen[1] and seen[0]["discards"] == PROTOCOL.view(record)["discards"]
        lines = [History(PROTOCOL, r, other, keys[other]).lines()[-1] for r in after]
        assert lines[0] == lines[1] == f"Seat {mover} keeps 3 cards"
        mine = [History(PROTOCOL, r, mover, keys[mover]).lines()[-1] for r in after]
        assert mine[0] != mine[1] and "discards" in mine[0]
        return
    raise AssertionError("no keep followed by another player's keep in the game")
