"""Issue 25: one invitation, any number of friends (record format 3, seeds/fair-play.md F13).

Friends open one invitation posted to a group chat, join in any order, at the same time,
some twice; no join is refused because another came first, every device that has seen the
same joins holds the same game, the creator's device starts it when the seats are full (or
with those who came) and every device computes the same seats.
"""
import itertools
from dataclasses import replace

import pytest

from parlor import catalog
from parlor.engine.rng import derive
from parlor.links import device as linkplay, invitation
from parlor.links.base import seat_of
from parlor.links.record import (GROUP, MAX_JOINS, Join, decode, encode, join_statement, merge,
                                 seat_rank, union_joins)
from parlor.links.fairplay import public_key, sign
from parlor.play.saves import MemoryBackend

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy")


def seeds(label, n):
    return [derive(b"invitation test", label, i)[:16] for i in range(n)]


def lobby(game, players, keys, options=None):
    """The invitation and each friend's own join link made from it (nobody saw another's)."""
    protocol = catalog.entry(game).link
    opts = {"players": players} if game in ("tsuro", "tyros") else {}
    created = protocol.create(NAMES[0], keys[0], {**opts, **(options or {})})
    joins = [protocol.join(decode(encode(created)), NAMES[n % len(NAMES)], keys[n])
             for n in range(1, len(keys))]
    return protocol, created, joins


def merged(records):
    out = records[0]
    for record in records[1:]:
        out = merge(out, record)[0]
    return out


def test_f13_format_3_round_trips_and_new_games_are_invitations():
    keys = seeds("round", 4)
    protocol, created, joins = lobby("tyros", 4, keys)
    assert encode(created).startswith("p3.tyros.") and created.version == GROUP
    assert not created.started and created.capacity == 4 and len(created.seats) == 4
    together = merged([created] + joins)
    assert decode(encode(together)) == together and len(together.joins) == 3
    started = protocol.start_game(together, keys[0])
    assert decode(encode(started)) == started and started.started and not started.joins
    assert started.game_id == created.game_id           # r fits the invitation's commitment


def test_f13_joins_merge_as_a_set_in_any_order_and_twice():
    keys = seeds("order", 5)
    protocol, created, joins = lobby("tsuro", 6, keys)
    results = {encode(merged(list(order))) for order in itertools.permutations(joins)}
    assert len(results) == 1, "every order of meeting gives the same game"
    once = merged(joins)
    assert merge(once, joins[2]) == (once, "older"), "a join seen twice changes nothing"
    assert merge(once, once) == (once, "same")
    assert protocol.join(once, "Bo again", keys[1]) == once, "a second join by one key is none"
    # the creator's copy without any join is older than every copy with one
    assert merge(once, created)[1] == "older" and merge(created, once) == (once, "advanced")


def test_f13_seats_follow_the_rule_and_every_device_computes_the_same():
    keys = seeds("rule", 4)
    protocol, created, joins = lobby("tyros", 4, keys)
    a = protocol.start_game(merged(joins), keys[0])
    b = protocol.start_game(merged(list(reversed(joins))), keys[0])
    assert a == b
    value = invitation.seating_value(keys[0])
    ranks = [seat_rank(a.game_id, value, s.key) for s in a.seats[1:]]
    assert ranks == sorted(ranks) and a.seats[0].key == public_key(keys[0])
    assert sorted(seat_of(a, k) for k in keys) == [0, 1, 2, 3]
    assert protocol.replay(a).ok and protocol.phase(a) == protocol.OPENING


def test_f13_an_over_full_invitation_seats_the_lowest_ranks_and_tells_the_others():
    keys = seeds("full", 5)
    protocol, created, joins = lobby("tyrus", 2, keys)
    crowd = merged(joins)
    assert len(crowd.joins) == 4 and protocol.full(crowd)
    started = protocol.start_game(crowd, keys[0])
    assert len(started.seats) == 2
    value = invitation.seating_value(keys[0])
    lowest = min(crowd.joins, key=lambda j: seat_rank(crowd.game_id, value, j.key))
    assert started.seats[1].key == lowest.key
    # on a phone, a join that was not seated learns it plainly, and can watch
    outsider = next(k for k in keys[1:] if seat_of(started, k) is None)
    phone = linkplay.LinkStore(MemoryBackend())
    mine = next(j for j in joins if j.joins[0].key == public_key(outsider))
    session = linkplay.LinkSession(linkplay.open_link(phone, encode(created))[0], phone)
    session.join("me", seed=outsider)
    held, _ = linkplay.open_link(phone, encode(started))
    assert held.seat is None and held.seed == outsider and linkplay.left_out(held)
    assert held.record == started and mine.joins[0].key == public_key(outsider)


def test_f13_the_creator_may_start_with_who_came_where_the_game_allows_that_count():
    keys = seeds("early", 3)
    protocol, created, joins = lobby("tsuro", 8, keys)
    one = merged(joins[:1])
    assert protocol.may_start(one, 0) and not protocol.may_start(one, 1)
    assert not protocol.may_start(created, 0), "Tsuro needs two players"
    started = protocol.start_game(merged(joins), keys[0])
    assert len(started.seats) == 3 and protocol.replay(started).ok
    assert protocol.table(started).players == 3
    protocol4, created4, joins4 = lobby("tyros", 4, seeds("early tyros", 3))
    assert not protocol4.may_start(merged(joins4[:1]), 0), "Tyros needs three"
    assert protocol4.may_start(merged(joins4), 0)


def test_f13_a_forged_or_borrowed_join_and_a_forged_start_are_refused():
    keys = seeds("forged", 3)
    protocol, created, joins = lobby("tyros", 3, keys)
    real = joins[0].joins[0]
    renamed = replace(real, name="Mallory")                     # another name, same key
    borrowed = Join("Mal", real.anchor, public_key(keys[2]), real.signature)
    for join in (renamed, borrowed):
        forged = replace(created, joins=union_joins((join,)))
        assert not protocol.replay(forged).ok
        with pytest.raises(linkplay.LinkProblem, match="altered"):
            linkplay.open_link(linkplay.LinkStore(MemoryBackend()), encode(forged))
    # a join signed for another game does not fit this one
    other = protocol.create("Ana", keys[2], {"players": 3})
    elsewhere = protocol.join(other, "Bo", keys[1]).joins[0]
    assert not protocol.replay(replace(created, joins=(elsewhere,))).ok
    # a start the creator did not sign, or seats out of the rule's order
    started = protocol.start_game(merged(joins), keys[0])
    swapped = replace(started, seats=(started.seats[0], started.seats[2], started.seats[1]))
    assert not protocol.replay(swapped).ok
    with pytest.raises(Exception):
        protocol.start_game(merged(joins), keys[1])


def test_f13_a_join_signature_fits_only_its_statement():
    keys = seeds("statement", 2)
    protocol, created, joins = lobby("tyrus", 2, keys)
    j = joins[0].joins[0]
    assert j.signature == sign(keys[1], join_statement(created.game_id, j.name, j.anchor, j.key))


def test_f13_the_union_keeps_at_most_sixteen_joins_whatever_the_order():
    keys = seeds("many", MAX_JOINS + 3)
    protocol, created, joins = lobby("tsuro", 8, keys)
    forwards, backwards = merged(joins), merged(list(reversed(joins)))
    assert forwards == backwards and len(forwards.joins) == MAX_JOINS
    assert decode(encode(forwards)) == forwards


def group_chat(game, players, order, twice=()):
    """Friends on separate phones: the creator posts the invitation, each friend opens what the
    chat holds in `order` and joins (some open a link twice); every link goes to the chat.
    Returns the phones' stores and the chat."""
    keys = seeds(f"chat {game} {players} {order}", players)
    stores = [linkplay.LinkStore(MemoryBackend()) for _ in keys]
    creator = linkplay.create(stores[0], game, NAMES[0],
                              {"players": players} if game in ("tsuro", "tyros") else {},
                              seed=keys[0])
    chat = [encode(creator.record)]
    for friend in order:
        for link in list(chat)[:1] + ([chat[0]] if friend in twice else []):
            held, _ = linkplay.open_link(stores[friend], link)
            session = linkplay.LinkSession(held, stores[friend])
            if session.joinable():
                session.join(NAMES[friend], seed=keys[friend])
                chat.append(encode(session.record))
    for link in chat:                      # the creator reads the chat
        held, note = linkplay.open_link(stores[0], link)
    chat.append(encode(held.record))
    for phone in range(1, players):        # everyone reads the creator's last link
        linkplay.open_link(stores[phone], chat[-1])
    return stores, keys, chat


@pytest.mark.parametrize("game,players", [("tyrus", 2), ("tyros", 3), ("tyros", 4),
                                          ("tsuro", 6)])
def test_f13_friends_joining_from_one_invitation_in_any_order_all_get_seats(game, players):
    friends = list(range(1, players))
    for order in (friends, list(reversed(friends))):
        stores, keys, chat = group_chat(game, players, order, twice={order[0]})
        helds = [s.readable(decode(chat[0]).game_id) for s in stores]
        assert all(h.record == helds[0].record for h in helds), "every phone holds one game"
        assert helds[0].record.started
        assert sorted(h.seat for h in helds) == list(range(players))
        protocol = catalog.entry(game).link
        owing = protocol.to_move(helds[0].record)[0]
        phone = next(n for n, h in enumerate(helds) if h.seat == owing)
        session = linkplay.LinkSession(helds[phone], stores[phone])
        assert session.my_turn() and session.legal()


def test_f13_an_invitation_opened_after_the_start_says_where_the_game_is():
    stores, keys, chat = group_chat("tyros", 3, [1, 2])
    late = linkplay.LinkStore(MemoryBackend())
    held, _ = linkplay.open_link(late, chat[0])
    session = linkplay.LinkSession(held, late)
    session.join("Zed", seed=derive(b"late")[:16])
    held, note = linkplay.open_link(stores[0], encode(session.record))
    assert "already started" in note and "Zed" in note and held.record.started
    held, note = linkplay.open_link(stores[1], chat[0])
    assert "already started" in note and held.seat is not None


def test_f13_a_tab_waiting_for_the_start_refreshes_when_another_tab_learns_of_it():
    """Bo joins in one tab, then opens the creator's start in another tab of the same phone:
    the waiting tab shows his seat (App.on_storage), as a seated tab shows another tab's
    newer copy. A tab that showed the invitation before the other tab joined shows the join."""
    keys = seeds("tabs", 2)
    creator_store, shared = linkplay.LinkStore(MemoryBackend()), MemoryBackend()
    creator = linkplay.create(creator_store, "tyrus", NAMES[0], seed=keys[0])
    invited, _ = linkplay.open_link(linkplay.LinkStore(shared), encode(creator.record))
    before_join = linkplay.LinkSession(invited, linkplay.LinkStore(shared))
    waiting = linkplay.LinkSession(invited, linkplay.LinkStore(shared))
    waiting.join(NAMES[1], seed=keys[1])
    assert waiting.waiting_to_start()
    assert linkplay.refreshed(waiting) is None, "nothing newer stored: nothing changes"
    shown = linkplay.refreshed(before_join)
    assert shown is not None and shown.waiting_to_start() and not shown.joinable()
    started, _ = linkplay.open_link(creator_store, encode(waiting.record))
    assert started.record.started
    linkplay.open_link(linkplay.LinkStore(shared), encode(started.record))   # the other tab
    fresh = linkplay.refreshed(waiting)
    assert fresh is not None and fresh.seat == 1 and fresh.record == started.record
    assert not fresh.waiting_to_start() and fresh.notice
    watcher = linkplay.LinkSession(linkplay.Held(creator.record), linkplay.LinkStore(
        MemoryBackend()))
    assert linkplay.refreshed(watcher) is None, "a game only watched is not kept"


def test_f13_the_join_form_suggests_a_name_as_a_new_game_s_form_does():
    """The name this device's player last played under, else the seat numbers a nameless
    join may get; an untouched field joins under the suggestion; names stay text."""
    from parlor.screens import link as link_screens
    from linktools import in_order
    keys = seeds("form", 2)
    tyros = catalog.entry("tyros").link.create("Ana", keys[0], {"players": 4})
    tyrus = catalog.entry("tyrus").link.create("Ana", keys[0], {})
    invited = linkplay.LinkSession(linkplay.Held(tyros), linkplay.LinkStore(MemoryBackend()))
    assert 'placeholder="Player 2–4"' in link_screens.link_screen(invited, "https://x/",
                                                                   False, False)
    form = link_screens.link_screen(invited, "https://x/", False, False, remembered="<b>Bo</b>")
    assert 'placeholder="&lt;b&gt;Bo&lt;/b&gt;"' in form and "<b>Bo" not in form
    assert link_screens.join_default(tyrus) == "Player 2"
    for typed, remembered, name in (("", "", ""), ("Player 2–4", "", ""), ("", " Bo ", "Bo"),
                                    ("Bo", "Bo", "Bo"), (" Cy ", "Bo", "Cy")):
        assert link_screens.joining_name(tyros, typed, remembered) == name
    older = in_order(tyrus, keys[0])                     # format 2: seats taken in order
    assert link_screens.join_default(older) == "Player 2"
    assert link_screens.joining_name(older, "Player 2") == "Player 2"   # as a record keeps it
    assert link_screens.joining_name(older, "", "Bo") == "Bo"


def test_f13_a_start_that_the_storage_cannot_keep_is_not_made():
    """A creator's phone whose storage is full does not start the game (neither by Start
    nor when the last join fills the seats): a start it could not keep could be made again
    later with other joins, and two seatings would travel."""
    from parlor.play.saves import MemoryBackend
    backend = MemoryBackend()
    ana = linkplay.create(linkplay.LinkStore(backend), "tsuro", "Ana", {"players": 4},
                          seed=bytes(15) + b"\1")
    invitation = encode(ana.record)
    joins = []
    for n in (2, 3, 4):
        friend = linkplay.LinkSession(linkplay.open_link(
            linkplay.LinkStore(MemoryBackend()), invitation)[0], linkplay.LinkStore(MemoryBackend()))
        friend.join(f"P{n}", seed=bytes(15) + bytes([n]))
        joins.append(encode(friend.record))
    ana.held = linkplay.open_link(ana.store, joins[0])[0]
    ana.held = linkplay.open_link(ana.store, joins[1])[0]
    assert ana.may_start()
    backend.limit = sum(map(len, backend.data.values()))       # full from now on
    ana.start()
    assert not ana.record.started and not ana.sent and "not started" in ana.notice
    held, note = linkplay.open_link(ana.store, joins[2])        # the last seat filled
    assert not held.record.started and "storage is full" in note
    backend.limit = None
    ana.held = linkplay.open_link(ana.store, joins[2])[0]
    assert ana.record.started and len(ana.record.seats) == 4


def test_f13_a_tab_that_only_showed_the_game_takes_the_kept_join_and_keeps_nothing_it_showed():
    """A tab showing the started game (this phone holds no secret in what it shows) hears
    that another tab joined the invitation: it shows the kept join, and what it showed is not
    merged into that copy (it was never checked as a kept copy is: I5's clock for a claim)."""
    keys = seeds("shown", 3)
    creator_store, shared = linkplay.LinkStore(MemoryBackend()), MemoryBackend()
    creator = linkplay.create(creator_store, "tyrus", NAMES[0], seed=keys[0])
    invitation = encode(creator.record)
    other = linkplay.LinkSession(linkplay.open_link(linkplay.LinkStore(MemoryBackend()),
                                                    invitation)[0],
                                 linkplay.LinkStore(MemoryBackend()))
    other.join(NAMES[2], seed=keys[2])
    started, _ = linkplay.open_link(creator_store, encode(other.record))
    assert started.record.started
    showing = linkplay.LinkSession(linkplay.Held(started.record), linkplay.LinkStore(shared))
    joining = linkplay.LinkSession(linkplay.open_link(linkplay.LinkStore(shared), invitation)[0],
                                   linkplay.LinkStore(shared))
    joining.join(NAMES[1], seed=keys[1])
    kept = dict(shared.data)
    fresh = linkplay.refreshed(showing)
    assert fresh is not None and fresh.held.seed == keys[1] and not fresh.record.started
    assert shared.data == kept, "what the tab showed was merged into the kept copy"


@pytest.mark.parametrize("game,players,friends", [("tyrus", 2, 1), ("tsuro", 4, 2),
                                                  ("tyros", 3, 2)])
def test_f13_a_creator_who_moves_first_is_asked_to_move_before_sending(game, players, friends):
    """Where the creator owes the first message (Tyrus's opening, Tsuro's first tile), the start
    says to move first and the board takes the move; no link is offered before it, since the
    move's link carries the start. Otherwise the start's link is offered at once."""
    store = linkplay.LinkStore(MemoryBackend())
    options = {"players": players} if game != "tyrus" else {}
    ana = linkplay.create(store, game, "Ana", options, seed=bytes(15) + b"\1")
    invitation = encode(ana.record)
    for n in range(friends):
        phone = linkplay.LinkStore(MemoryBackend())
        friend = linkplay.LinkSession(linkplay.open_link(phone, invitation)[0], phone)
        friend.join(NAMES[n + 1], seed=bytes(15) + bytes([n + 2]))
        held, note = linkplay.open_link(store, encode(friend.record))
    ana = linkplay.opened_session(held, store, note)
    if not ana.record.started:
        ana.start()                                   # fewer than the seats offered
    protocol = catalog.entry(game).link
    first = 0 in protocol.to_move(ana.record)
    assert ana.record.started and first == (game != "tyros")
    assert ana.sent == (not first)
    assert ("Make your first move" in ana.notice) == first
    if first:
        assert ana.my_turn() and ana.legal()
