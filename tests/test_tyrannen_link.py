"""Tod dem Tyrannen by link (seeds/tod-dem-tyrannen.md, rules L1-L14): two devices, links only.

Every game here is played by two `Device`s that only exchange link text: each decodes the
other's link, merges it into its own copy, asks for its legal actions and plays one. A
greedy policy (strikes and unmaskings first) reaches every ending in a few games.
"""
import json
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from math import comb

import pytest
from hypothesis import given, strategies as st

from parlor.games.tyrannen import link as tyrannen_link
from parlor.links.base import seat_of

from parlor.links.fairplay import b64, rank_subset, draw_index, event_random, hide, reveal
from parlor.games.tyrannen.rules import ENGINE, Move, unrank_subset
from parlor.engine.protocol import TOKEN_ALPHABET, IllegalMove, MoveError
from parlor.links.record import decode, encode, merge
from parlor.engine.rng import Stream, derive

import linktools
from linktools import (any_char, damage, edit, edits, move_changes, moves_of, resealed_moves,
                       resealed_seats, seat_changes, signed)

link = tyrannen_link.PROTOCOL

GAMES = (0, 1, 21, 7)      # the king killed, deck spent, last assassin unmasked, announced
KILLED, SPENT, PUBLIC_LAST, ANNOUNCED = GAMES


class Device(linktools.Device):
    protocol = link


def pick(actions, stream, greedy=True, unmask=True):
    """Strikes first, then unmaskings (if allowed), else any action."""
    if not unmask:
        actions = [a for a in actions if isinstance(a, str) or a.kind != "unmask"]
    for kind in ("strike", "unmask") if greedy else ():
        chosen = [a for a in actions if not isinstance(a, str) and a.kind == kind]
        if chosen:
            return chosen[stream.below(len(chosen))]
    return actions[stream.below(len(actions))]


def seeds_for(i):
    return derive(b"t", i, 0)[:16], derive(b"t", i, 1)[:16]


@dataclass(frozen=True)
class Game:
    seeds: tuple
    links: tuple            # creation, join, then one per action
    actions: tuple          # (seat, action) behind each link after the join


@lru_cache(maxsize=None)
def played(i, side=None, unmask=True):
    side = side or "AB"[i % 2]
    seeds = seeds_for(i)
    stream = Stream(seeds[0], "c")
    links = [encode(linktools.unsigned(link.create("Ann", seeds[0], {"side": side}), seeds[0]))]
    ann = Device(0, seeds[0], decode(links[0]))
    bob = Device(1, seeds[1], link.join(decode(links[0]), "Bob", seeds[1]))
    links.append(encode(bob.record))
    devices, actions = (ann, bob), []
    while movers := link.to_move(decode(links[-1])):
        device = devices[movers[0]]
        assert device.receive(links[-1]) in ("advanced", "same")
        action = pick(link.legal(device.record, device.seat, device.seed), stream,
                      unmask=unmask)
        actions.append((device.seat, action))
        links.append(device.act(action))
    return Game(seeds, tuple(links), tuple(actions))


def table_of(record):
    result = link.replay(record)
    assert result.ok, result.error
    return result.state


def final(i):
    return decode(played(i).links[-1])


# L3, L6, L11, L12: whole games.

@pytest.mark.parametrize("i", GAMES)
def test_l3_two_devices_play_whole_games_to_a_passing_audit(i):
    game = played(i)
    record = final(i)
    assert link.phase(record) == link.OVER and link.to_move(record) == ()
    assert all(seat.seed == seed for seat, seed in zip(record.seats, game.seeds))
    assert link.audit(record).ok


def test_l8_the_games_cover_every_ending():
    reasons = {i: table_of(final(i)).state.outcome.reason for i in GAMES}
    assert "killed the king" in reasons[KILLED]
    assert "deck is spent" in reasons[SPENT]
    assert reasons[PUBLIC_LAST] == reasons[ANNOUNCED] == tyrannen_link.LAST_GONE
    assert table_of(final(PUBLIC_LAST)).announced is None
    assert table_of(final(ANNOUNCED)).announced is not None


def test_l6_one_message_per_turn_and_a_short_link():
    """Each seat's chain index counts its messages: one for the choice, one per turn."""
    for i in GAMES:
        table = table_of(final(i))
        assert table.kinds[0] == "choice" and table.senders[0] == 1
        assert Counter(table.senders) == Counter({0: table.sent[0], 1: table.sent[1]})
        rounds = table.state.drawn
        assert len(table.kinds) <= 2 * rounds + 2
        assert len(played(i).links[-1]) < 600


def test_l6_views_equal_the_hot_seat_views_of_the_same_game():
    """The devices' views are Tyrannen.view of the hot-seat game with the same cards and
    the real assassins, as long as the hot-seat game goes on."""
    for i in GAMES:
        game, record = played(i), final(i)
        table = table_of(record)
        rank = reveal(table.hidden, game.seeds[1], tyrannen_link.CHOICE, 220)
        state = ENGINE.initial(b"x", 2, dict(record.options))
        state = replace(state, deck=table.state.deck)
        for text, (seat, action) in zip(game.links[2:], game.actions):
            if isinstance(action, str):
                break
            state = ENGINE.apply(state, Move("assassins", 0, rank)
                                 if action.kind == "assassins" else action)
            if state.phase == "over":
                break
            if state.phase in ("king", "rebel") and ENGINE.to_move(state) == (seat,):
                mine = link.view(decode(text), seat, game.seeds[seat])
                assert mine == ENGINE.view(state, seat)


def test_l5_round_cards_follow_from_the_kings_fresh_value_and_the_rebels_latest():
    """Recomputed here from the chain values alone: nobody could steer or foresee them."""
    for i in (SPENT, ANNOUNCED):
        game, record = played(i), final(i)
        from parlor.links.fairplay import Chain
        chains = [Chain(record.context, s, game.seeds[s]) for s in (0, 1)]
        table = table_of(record)
        left = sorted(table.state.deck)
        drawn, king_msgs, rebel_msgs = [], 0, 0
        for sender in table.senders:
            if sender == 0:
                king_msgs += 1
                latest = (chains[0].value(king_msgs), chains[1].value(rebel_msgs))
                r = event_random(record.context, f"round {len(drawn) + 1}", latest)
                drawn.append(left.pop(draw_index(r, len(left))))
            else:
                rebel_msgs += 1
        assert tuple(drawn) == table.state.deck[:len(drawn)]


def test_l5_before_the_kings_message_no_screen_but_his_shows_the_round_card():
    """Until the king's message of a round arrives its card is not drawn: the rebel's and a
    spectator's screens show no card (the round's title says it is not turned up yet), the
    king's screen shows the card his message will turn up. Drawn from the views alone: the
    screens once showed an undrawn card here."""
    from parlor.links import device as linkplay
    from parlor.play.saves import MemoryBackend
    from parlor.screens import link as link_screens
    game = played(SPENT)
    due = [t for t in game.links if table_of(decode(t)).card_due
           and link.phase(decode(t)) == link.KING_TURN]
    assert due
    for text in due[:3]:
        record = decode(text)
        king = link.view(record, 0, game.seeds[0])["card"]
        assert king is not None
        for seat in (1, None):
            held = linkplay.Held(record, seat, None if seat is None else game.seeds[seat])
            session = linkplay.LinkSession(held, linkplay.LinkStore(MemoryBackend()))
            assert session.seen().view["card"] is None
            html = link_screens.link_screen(session, "https://example.org/", False, False)
            assert "not turned up yet" in html
            assert f"{king['rebel_ap']} / " not in html.split("Rebel AP")[1][:80]


# L7: secrecy.

def masked_secret(view):
    return view["assassins"] is None and all(
        c["assassin"] is (True if c["unmasked"] else None) for c in view["citizens"])


@pytest.mark.parametrize("i", GAMES)
def test_l7_no_spectator_or_king_view_shows_a_hidden_assassin_before_the_end(i):
    game = played(i)
    for text in game.links[1:]:
        record = decode(text)
        if link.phase(record) == link.OVER:
            break
        assert masked_secret(link.view(record))
        assert masked_secret(link.view(record, 0, game.seeds[0]))
        assert b64(game.seeds[1]) not in text and not record.seats[1].seed
    rebel = link.view(final(i), 1, game.seeds[1])
    assert link.view(final(i))["assassins"] == rebel["assassins"] is not None


def test_l7_the_rebels_own_view_shows_its_assassins():
    game = played(SPENT)
    record = decode(game.links[3])
    table = table_of(record)
    real = list(unrank_subset(reveal(table.hidden, game.seeds[1], tyrannen_link.CHOICE, 220)))
    assert link.view(record, 1, game.seeds[1])["assassins"] == real
    assert game.actions[0][1] == Move("assassins", 0, sum(comb(c, k + 1)
                                                          for k, c in enumerate(real)))


def test_l4_the_published_choice_is_uniform_whatever_the_choice():
    """For one fixed choice, the published value over many seeds covers 0..219 evenly."""
    counts = Counter(hide(17, derive(b"pads", n)[:16], tyrannen_link.CHOICE, 220) for n in range(4400))
    assert len(counts) == 220
    chi2 = sum((c - 20) ** 2 / 20 for c in counts.values())
    assert chi2 < 320


def test_l7_public_views_do_not_depend_on_the_hidden_choice():
    """The same public moves under two different secret choices give the same spectator
    and king views at every step (the rebel never unmasks here)."""
    game = played(SPENT, unmask=False)
    seeds = game.seeds
    views = []
    for choice in (game.actions[0][1].arg, (game.actions[0][1].arg + 77) % 220):
        record = link.join(linktools.unsigned(link.create("Ann", seeds[0], {"side": "B"}),
                                              seeds[0]), "Bob", seeds[1])   # as `played`
        out = []
        for seat, action in game.actions:
            if isinstance(action, str) or link.phase(record) == link.OVER:
                break
            if action.kind == "assassins":
                action = Move("assassins", 0, choice)
            if action not in link.legal(record, seat, seeds[seat]):
                break
            record = link.play(record, seat, seeds[seat], action)
            if link.phase(record) != link.OVER:      # the end shows the choice (L11)
                out.append((link.view(record), link.view(record, 0, seeds[0])))
        views.append(out)
    n = min(map(len, views))
    assert n > 20 and views[0][:n] == views[1][:n]


# L2, L9, L10: links anyone checks.

def test_l2_create_join_joined_seat_and_options():
    seeds = seeds_for(0)
    record = linktools.in_order(link.create("Ann", seeds[0], {"side": "B"}), seeds[0])
    assert link.phase(record) == link.JOINING and link.to_move(record) == (1,)
    assert record.context != link.create("Ann", seeds[0], {"side": "A"}).context
    joined = link.join(record, "Bob", seeds[1])
    assert seat_of(joined, seeds[1]) == 1 and seat_of(joined, seeds[0]) == 0
    assert link.phase(joined) == link.CHOOSING and link.to_move(joined) == (1,)
    assert len(link.legal(joined, 1, seeds[1])) == 220 and link.legal(joined, 0, seeds[0]) == []
    with pytest.raises(IllegalMove):
        link.join(joined, "Cy", derive(b"c")[:16])
    with pytest.raises(ValueError):
        link.create("Ann", seeds[0], {"side": "C"})
    assert seat_of(joined, derive(b"c")[:16]) is None
    assert json.dumps(link.view(record)) and link.view(record)["phase"] == link.JOINING


def test_l9_a_message_needs_its_chain_value_and_no_seed_before_the_end():
    game = played(SPENT)
    record = decode(game.links[6])
    for seat in (0, 1):
        stale = tuple(decode(game.links[1]).seats[s] if s == seat else record.seats[s]
                      for s in (0, 1))
        assert "chain value" in str(link.replay(replace(record, seats=stale)).error)
    early = replace(record, seats=(record.seats[0], replace(record.seats[1],
                                                            seed=game.seeds[1])))
    assert "seed" in str(link.replay(early).error)
    done = final(SPENT)
    assert "over" in str(link.replay(replace(done, moves=done.moves + "A")).error)


def test_l6_a_turn_in_progress_is_kept_open_and_merges_as_advanced():
    game = played(SPENT)
    opened = [decode(t) for t in game.links[2:40] if table_of(decode(t)).open]
    assert opened
    for old, new in zip(game.links[1:40], game.links[2:41]):
        assert merge(decode(old), decode(new)) == (decode(new), "advanced")
        assert merge(decode(new), decode(old))[1] == "older"


def test_l10_a_device_refuses_a_link_whose_history_was_rewritten():
    game = played(SPENT)
    record = decode(game.links[12])
    moves = record.moves
    forged = replace(record, moves=moves[:3] + ("B" if moves[3] != "B" else "C") + moves[4:])
    for seat in (0, 1):
        with pytest.raises(MoveError):
            link.legal(forged, seat, game.seeds[seat])


def test_l13_a_forfeit_may_be_claimed_while_the_other_seat_owes_a_message():
    record = decode(played(SPENT).links[5])
    seeds = seeds_for(SPENT)
    debtor = link.to_move(record)[0]
    assert link.may_claim(record, 1 - debtor) and not link.may_claim(record, debtor)
    claimed = decode(encode(link.claim_forfeit(record, 1 - debtor, seeds[1 - debtor])))
    assert link.claim_of(claimed) == (1 - debtor, debtor) and link.to_move(claimed) == ()
    assert link.forfeit_winners(link.table(claimed), debtor) == (1 - debtor,)


# L12: the audit catches each cheat.

def finish(record, seeds, stream, withhold=False):
    """Both devices play on to the end and publish their seeds; a withholding rebel ends
    its turn instead of announcing."""
    while movers := link.to_move(record):
        seat = movers[0]
        actions = link.legal(record, seat, seeds[seat])
        if withhold and actions == [tyrannen_link.ANNOUNCE]:
            record = signed(record, 1, seeds[1], TOKEN_ALPHABET[tyrannen_link.REBEL_END], True)
            continue
        record = link.play(record, seat, seeds[seat], pick(actions, stream))
    return record


def test_l12_an_honest_audit_passes_and_needs_the_end():
    assert link.audit(final(ANNOUNCED)).ok
    assert not link.audit(decode(played(ANNOUNCED).links[9])).ok


def test_l12_audit_catches_a_false_unmasking():
    game = played(SPENT)
    seeds = game.seeds
    at = next(n for n, t in enumerate(game.links[2:], 2)
              if link.phase(decode(t)) == link.REBEL_TURN and not table_of(decode(t)).open)
    record = decode(game.links[at])
    real = link._device(record, 1, seeds[1])[2].assassins
    state = table_of(record).state
    liar = next(c for c in range(12) if c not in real and state.citizens[c] is not None)
    record = signed(record, 1, seeds[1], TOKEN_ALPHABET[tyrannen_link.REBEL_UNMASK + liar], True)
    message = len(table_of(record).kinds) - 1
    record = finish(record, seeds, Stream(b"go on"))
    verdict = link.audit(record)
    assert not verdict.ok and verdict.move == message
    assert verdict.problems[0].check == "false unmasking"


def test_l12_audit_catches_a_withheld_announcement():
    game = played(ANNOUNCED)
    seeds = game.seeds
    at = max(n for n, (_, a) in enumerate(game.actions) if a == tyrannen_link.ANNOUNCE) + 1
    record = decode(game.links[at])
    assert link.legal(record, 1, seeds[1]) == [tyrannen_link.ANNOUNCE]
    message = len(table_of(record).kinds)
    record = finish(record, seeds, Stream(b"go on"), withhold=True)
    assert table_of(record).state.outcome.winners == (1,) or table_of(record).announced is None
    verdict = link.audit(record)
    assert not verdict.ok and verdict.move == message
    assert any(p.check == "withheld announcement" for p in verdict.problems)


def richer_turn(record, seeds):
    """King steps beyond the AP of the card drawn (as under a richer card), or None."""
    state = link._device(record, 0, seeds[0])[2].state(table_of(record))
    need, text = state.ap_king + 1, ""
    state = replace(state, ap_king=9)
    for _ in range(need):
        steps = [m for m in ENGINE.legal(state) if m.kind == "step" and m.fig == 0]
        if not steps:
            return None
        text += TOKEN_ALPHABET[steps[0].arg]
        state = ENGINE.apply(state, steps[0])
        if state.phase == "over":
            return None
    return text


def test_l12_a_biased_card_is_refused_and_the_audit_names_its_message():
    """A king's client that plays under a richer card than the one drawn is caught at that
    message; a chain value forged to steer the card does not lead to the anchor."""
    game = played(SPENT)
    seeds = game.seeds
    found = ((decode(t), richer_turn(decode(t), seeds)) for t in game.links[2:]
             if link.phase(decode(t)) == link.KING_TURN and not table_of(decode(t)).open)
    record, text = next((r, t) for r, t in found if t)
    message = len(table_of(record).kinds)
    biased = signed(record, 0, seeds[0], text, True)
    assert not link.replay(biased).ok
    done = replace(biased, seats=tuple(replace(s, seed=seed)
                                       for s, seed in zip(biased.seats, seeds)))
    verdict = link.audit(done)
    assert not verdict.ok and verdict.move == message
    forged = replace(record, seats=(replace(record.seats[0], value=bytes(16)),
                                    record.seats[1]))
    assert "anchor" in str(link.replay(forged).error)
    assert not link.audit(forged).ok


def test_l8_l12_a_false_announcement_is_refused_and_a_wrong_seed_caught():
    record = final(ANNOUNCED)
    table = table_of(record)
    start = table.ends[table.announced[0] - 1]
    assert not link.audit(replace(record, seats=(record.seats[0],
                                                 replace(record.seats[1],
                                                         seed=seeds_for(99)[1])))).ok
    seeds = seeds_for(ANNOUNCED)
    before = decode(played(ANNOUNCED).links[-3])
    assert link.legal(before, 1, seeds[1]) == [tyrannen_link.ANNOUNCE]
    real = unrank_subset(table.announced[1])
    on_board = next(c for c in range(12) if table.state.citizens[c] is not None)
    fake = rank_subset(real[:2] + (on_board,), 12)
    text = TOKEN_ALPHABET[tyrannen_link.REBEL_ANNOUNCE] + TOKEN_ALPHABET[fake // 64] \
        + TOKEN_ALPHABET[fake % 64]
    assert "announced" in str(link.replay(signed(before, 1, seeds[1], text, True)).error)
    assert record.moves[start] == TOKEN_ALPHABET[tyrannen_link.REBEL_ANNOUNCE]


def test_l12_a_missing_seed_is_reported_against_its_seat():
    record = final(SPENT)
    verdict = link.audit(replace(record, seats=(replace(record.seats[0], seed=b""),
                                                record.seats[1])))
    assert not verdict.ok and verdict.problems[0].seat == 0


# L9: damaged links end in a clear error or a valid state.

@lru_cache(maxsize=None)
def sample_links():
    return played(SPENT).links[1::25] + played(ANNOUNCED).links[-4:]


def ends_cleanly(text):
    linktools.ends_cleanly(link, text, seeds_for(SPENT))


@damage(600)
@given(st.data(), edits, st.integers(0, 10_000), any_char)
def test_l9_damaged_and_truncated_links_end_cleanly(data, kind, at, char):
    ends_cleanly(edit(data.draw(st.sampled_from(sample_links())), kind, at, char))


@damage(1200)
@given(st.data(), move_changes)
def test_l9_resealed_changes_to_the_moves_end_cleanly(data, changes):
    ends_cleanly(resealed_moves(data.draw(st.sampled_from(sample_links())), changes))


@damage(500)
@given(st.data(), seat_changes)
def test_l9_resealed_changes_to_the_seat_data_end_cleanly(data, changes):
    ends_cleanly(resealed_seats(data.draw(st.sampled_from(sample_links())), changes))


def test_l9_the_damage_tests_reach_the_protocol_checks():
    text = sample_links()[3]
    results = [link.replay(decode(resealed_moves(text, [("replace", at, "_")])))
               for at in range(0, len(moves_of(text)), 3)]
    assert any(not r.ok for r in results)
