"""Issue 10, items 4, 5, 6, 8 and 9: what a device keeps of its games by link.

A device remembers every message it authored apart from its copies of games, never lets
one write replace a more advanced copy (two tabs share one storage), lists a damaged entry
on its own with Export and Discard, tells the truth when its storage is full, and says
whose message differs when two versions meet.
"""
import json
from dataclasses import replace

import pytest

from parlor.links import device as linkplay
from parlor.links.record import encode
from parlor.play.saves import MemoryBackend
from parlor.screens.home import home, new_setup
from parlor import catalog

import linktools

GAMES = [("tyrus", {}), ("tyrannen", {}), ("tsuro", {})]


def store(backend=None):
    return linkplay.LinkStore(backend or MemoryBackend())


def pair(game, options):
    """Ana's and Bo's sessions, each on its own device, once Bo has joined."""
    ana = linkplay.create(store(), game, "Ana", options, seed=bytes(15) + b"\1")
    held, _ = linkplay.open_link(store(), encode(ana.record))
    bo = linkplay.LinkSession(held, store())
    bo.join("Bo", seed=bytes(15) + b"\2")
    ana.held = linkplay.open_link(ana.store, encode(bo.record))[0]   # full: Ana's device starts it
    bo.held = linkplay.open_link(bo.store, encode(ana.record))[0]
    return ana, bo


def turn(session):
    """One whole message of the session's seat."""
    while True:
        session.act(session.legal()[0])
        if not session.my_turn():
            return encode(session.record)


def deliver(text, *sessions):
    for session in sessions:
        session.held = linkplay.open_link(session.store, text)[0]


@pytest.mark.parametrize("game,options", GAMES)
def test_a_link_that_rewrites_a_move_i_made_is_refused_even_when_my_copy_lags(game, options):
    """Item 4: Ana's stored copy lags behind her last message (a failed save, another tab);
    a link rewriting that message is refused, and her game still opens."""
    ana, bo = pair(game, options)
    if not ana.my_turn():
        ana, bo = bo, ana           # the seat to move plays Ana's part
    before = ana.record
    deliver(turn(ana), bo)
    mine = ana.record
    ana.store.backend.set(ana.held.key, replace(ana.held, record=before).to_json())
    start = len(before.moves)
    changed = mine.moves[:start] + ("B" if mine.moves[start] != "B" else "C") \
        + mine.moves[start + 1:]
    rewritten = replace(mine, moves=changed)
    with pytest.raises(linkplay.LinkProblem, match="altered"):
        linkplay.open_link(ana.store, encode(rewritten))    # nobody's signature fits it
    # signed by Ana's own secret (another tab of hers, a modified app): still refused
    own = linktools.resign(rewritten, {ana.held.seat: ana.held.seed}, (ana.held.seat,))
    with pytest.raises(linkplay.LinkProblem, match="changes a move you made"):
        linkplay.open_link(ana.store, encode(own))
    assert ana.store.get(mine.game_id).record == before
    held, _ = linkplay.open_link(ana.store, encode(mine))
    assert held.record == mine and linkplay.LinkSession(held, ana.store).seen()


@pytest.mark.parametrize("game,options", GAMES)
def test_two_tabs_never_replace_a_more_advanced_copy(game, options):
    """Item 5: two tabs share one storage; the older tab's write keeps the newer game, and
    opening an old and a new link in either order keeps the newer."""
    ana, bo = pair(game, options)
    shared = ana.store.backend
    old_tab = linkplay.LinkSession(ana.held, linkplay.LinkStore(shared))
    new_tab = linkplay.LinkSession(ana.held, linkplay.LinkStore(shared))
    older = encode(ana.record)
    newer = turn(bo) if bo.my_turn() else (turn(ana), deliver(encode(ana.record), bo),
                                            turn(bo))[-1]
    deliver(newer, new_tab)
    advanced = new_tab.record
    old_tab.store.put(old_tab.held)
    assert linkplay.LinkStore(shared).get(advanced.game_id).record == advanced
    for first, second in ((newer, older), (older, newer)):
        linkplay.open_link(linkplay.LinkStore(shared), first)
        linkplay.open_link(linkplay.LinkStore(shared), second)
        assert linkplay.LinkStore(shared).get(advanced.game_id).record == advanced


def entries(held):
    """Stored entries that each break one thing a kept game must have."""
    data = json.loads(held.to_json())
    other = 1 - held.seat
    return {
        "unknown game": {**data, "link": data["link"].replace(".tyrus.", ".chess.")},
        "seat the game lacks": {**data, "seat": 7},
        "another seat's number": {**data, "seat": other},
        "secret of the wrong length": {**data, "seed": linkplay.b64(bytes(9))},
        "not json": "{",
    }


def test_each_damaged_entry_is_listed_apart_with_export_and_discard_removes_it():
    """Item 6: one bad entry never hides the others or the home screen."""
    ana, _ = pair("tyrus", {})
    backend = ana.store.backend
    for n, (label, data) in enumerate(entries(ana.held).items()):
        text = data if isinstance(data, str) else json.dumps(data)
        backend.set(f"{linkplay.PREFIX}{n:02d}", text)
    games, damaged = ana.store.all()
    assert [h.record for h in games] == [ana.record]
    assert len(damaged) == 5 and all(text for _, text in damaged)
    for key, _ in damaged:
        with pytest.raises(linkplay.LinkProblem):
            linkplay.parse_held(backend.get(key))
    page = home([], [], {e.key: new_setup(e) for e in catalog.entries()}, "", games, damaged)
    assert page.count("A damaged game by link") == 5 and page.count("Export") >= 5
    for key, _ in damaged:
        ana.store.remove(key)
    assert ana.store.all()[1] == [] and len(ana.store.all()[0]) == 1


def test_full_storage_is_told_truthfully_and_the_link_stays_on_screen():
    """Item 8: nothing claims the seat is held or both versions kept when nothing was
    stored."""
    ana, bo = pair("tyrus", {})
    private = linkplay.seat_link(ana.held)
    full = linkplay.LinkStore(MemoryBackend(limit=10))
    held, note = linkplay.open_link(full, private)
    assert note == linkplay.NOT_KEPT and "holds your seat" not in note
    assert held.record == ana.record and held.seat == 0, "the game stays on screen"
    # a game begun in format 2, where two joins of one invitation diverge (format 3: none)
    seed = bytes(15) + b"\5"
    record = linktools.in_order(catalog.entry("tyrus").link.create("Ana", seed), seed)
    ana = linkplay.LinkSession(linkplay.Held(record, 0, seed), store())
    ana.store.put(ana.held, authored=True)
    invite = encode(ana.record)
    for name in ("Bo", "Cy"):
        joiner = linkplay.LinkSession(linkplay.open_link(store(), invite)[0], store())
        joiner.join(name)
        if name == "Bo":
            deliver(encode(joiner.record), ana)
    backend = ana.store.backend
    backend.limit = sum(map(len, backend.data.values()))
    with pytest.raises(linkplay.LinkProblem) as err:
        linkplay.open_link(ana.store, encode(joiner.record))
    assert "storage is full" in str(err.value)
    assert "Both versions are kept" not in str(err.value)


def test_two_different_moves_from_one_seat_are_named_when_they_meet():
    """Item 9: Cy sends one move to Ana and another to Bo; when the two versions meet on Bo's
    device, it says whose message differs and shows both, blaming nobody."""
    sessions = [linkplay.create(store(), "tsuro", "Ana", {"players": 3},
                                seed=bytes(15) + b"\1")]
    for n, name in ((1, "Bo"), (2, "Cy")):
        held, _ = linkplay.open_link(store(), encode(sessions[-1].record))
        session = linkplay.LinkSession(held, store())
        session.join(name, seed=bytes(15) + bytes([n + 1]))
        sessions.append(session)
    deliver(encode(sessions[2].record), *sessions[:2])
    ana, bo, cy = sessions
    while not cy.my_turn():
        mover = next(s for s in sessions if s.my_turn())
        deliver(turn(mover), *[s for s in sessions if s is not mover])
    position = cy.held
    other = cy.legal()[1]
    first = turn(cy)
    # Cy's app refuses a second move from a position it has moved from (in this tab or
    # another), so the second version is made as a modified app would.
    second = encode(cy.protocol.play(position.record, cy.seat, position.seed, other))
    deliver(second, bo)
    with pytest.raises(linkplay.LinkProblem, match=r"differs .* at message \d+, Cy's") as err:
        linkplay.open_link(bo.store, first)
    assert "Both versions are kept" in str(err.value) and "nobody is blamed" in str(err.value)


@pytest.mark.parametrize("fragment,words", [
    ("p1.tyrus.AAIBA0FubqSWaiXK97DHdvkFSrm6uYYBA0JvYmxXSJ_amEtlFI2r5euonJs.zz.AfgsIH",
     "message 1"),
    ("p1.tyrus.AAIBA0FubqSWaiXK97DHdvkFSrm6uYYBA0JvYmxXSJ_amEtlFI2r5euonJs.zz", "incomplete"),
    ("p1.chess.AAIBA0FubqSWaiXK97DHdvkFSrm6uYYBA0JvYmxXSJ_amEtlFI2r5euonJs.zz.AfgsIH",
     "damaged"),
    ("https://example.org/", "not a Parlor game link"),
])
def test_truncated_tampered_or_foreign_links_say_what_is_wrong(fragment, words):
    """Item 9: the issue's malformed Tyrus opening and its cousins: a sentence about the
    link, never an error from deep in a view."""
    try:
        held, note = linkplay.open_link(store(), fragment)
    except linkplay.LinkProblem as err:
        assert words in str(err)
    else:
        assert words in note
        assert linkplay.LinkSession(held, store()).seen()


def test_a_damaged_game_that_was_on_screen_is_not_reopened_at_start():
    """Issue 24, class 7: the app reopens the last screen at start only for a game it can
    read; a damaged one is listed apart (F9) instead of failing at every start."""
    ana, _bo = pair("tyrus", {})
    game = ana.held.record.game_id.hex()
    assert ana.store.holds(game)
    ana.store.backend.set(ana.held.key, "{damaged")
    assert not ana.store.holds(game) and not ana.store.holds("not hex")
    assert ana.store.all()[1] == [(ana.held.key, "{damaged")]


def damaged_copy(session):
    """Damage the game in the session's kept copy, leaving its seat and secret readable."""
    data = json.loads(session.store.backend.get(session.held.key))
    data["link"] = data["link"][:-9]
    session.store.backend.set(session.held.key, json.dumps(data))
    assert session.store.readable(session.held.record.game_id) is None


@pytest.mark.parametrize("game,options", GAMES)
def test_a_damaged_copy_gets_its_seat_back_from_the_games_latest_link(game, options):
    """F9a: where only the game in a kept copy was damaged, the seat's secret is still read
    from it, and the game's public link brings the seat back, once the link holds every
    message this device sent; an older link shows the game and says why the seat waits."""
    ana, bo = pair(game, options)
    if not ana.my_turn():
        deliver(turn(bo), ana)
    older = encode(ana.record)
    sent = turn(ana)
    damaged_copy(ana)
    shown, note = linkplay.open_link(ana.store, older)
    assert shown.seat is None and "older than your last move" in note
    assert ana.store.damaged_seat(ana.held.record) == (ana.held.seat, ana.held.seed)
    back, note = linkplay.open_link(ana.store, sent)
    assert (back.seat, back.seed) == (ana.held.seat, ana.held.seed) and "seat in it is back" in note
    assert ana.store.readable(ana.held.record.game_id).seat == ana.held.seat


def test_a_seat_link_never_replaces_the_seat_of_a_damaged_copy():
    """F9a with class 1: another player's private seat link, opened on a device whose copy is
    damaged, does not take the place of the seat still readable in that copy."""
    ana, bo = pair("tyrus", {})
    damaged_copy(ana)
    held, note = linkplay.open_link(ana.store, linkplay.seat_link(bo.held))
    assert (held.seat, held.seed) == (ana.held.seat, ana.held.seed)
    assert "another player's private seat link" in note


def test_an_unreadable_copy_is_kept_apart_when_a_seat_link_replaces_it():
    """F9a: when nothing can be read from a damaged copy, a seat link of that game may take
    its place, and the damaged text stays listed apart for Export."""
    ana, _bo = pair("tyrus", {})
    link = linkplay.seat_link(ana.held)
    ana.store.backend.set(ana.held.key, "{damaged")
    held, _note = linkplay.open_link(ana.store, link)
    assert held.seat == ana.held.seat
    assert ana.store.all()[1] == [(ana.held.key + ":damaged", "{damaged")]


def test_an_invitation_never_takes_the_place_of_a_damaged_seat():
    """F9a with F13: the invitation of a game that has started, opened where the copy of that
    game is damaged, gives the seat back to neither player (its creator's device would start
    the game again) and lets nobody join again (a new secret would replace the one the
    damaged copy still holds)."""
    ana = linkplay.create(store(), "tyrus", "Ana", {}, seed=bytes(15) + b"\1")
    invitation = encode(ana.record)
    bo = linkplay.LinkSession(linkplay.open_link(store(), invitation)[0], store())
    bo.join("Bo", seed=bytes(15) + b"\2")
    ana.held = linkplay.open_link(ana.store, encode(bo.record))[0]
    assert ana.record.started
    deliver(encode(ana.record), bo)
    for player in (ana, bo):
        damaged_copy(player)
        shown, note = linkplay.open_link(player.store, invitation)
        assert shown.seat is None and "older than your last move" in note
        again = linkplay.LinkSession(shown, player.store)
        again.join("Cy", seed=bytes(15) + b"\3")
        assert again.held.seed is None and "older than your last move" in again.notice
        assert player.store.damaged_secret(ana.record.game_id) == (player.seat, player.held.seed)
        back, note = linkplay.open_link(player.store, encode(ana.record))
        assert back.seat == player.seat and "seat in it is back" in note


def test_a_tab_from_before_the_last_message_moves_nothing_over_a_damaged_copy():
    """F9a with F7: a second tab that read the game before this device's last message cannot
    move once the copy is damaged: nothing is kept or sent, the sent move and the secret
    stay, and the tab says why."""
    ana, bo = pair("tsuro", {})
    if not ana.my_turn():
        deliver(turn(bo), ana)
    stale = linkplay.LinkSession(ana.held, ana.store)      # a second tab, read before the move
    before = stale.record
    sent = turn(ana)
    damaged_copy(ana)
    other = stale.legal()[-1]           # not the move the first tab sent (legal()[0])
    assert other != stale.legal()[0]
    stale.act(other)
    assert not stale.sent and stale.record == before
    assert "from before your last move" in stale.notice
    back, _note = linkplay.open_link(ana.store, sent)
    assert back.record.moves == ana.record.moves and back.seed == ana.held.seed


def test_a_damaged_join_is_seated_by_the_link_of_the_start():
    """F9a with F13: a join waiting for the start whose copy was damaged cannot join again
    (its secret is still in the damaged copy), and the creator's start seats it."""
    ana = linkplay.create(store(), "tsuro", "Ana", {"players": 3}, seed=bytes(15) + b"\1")
    invitation = encode(ana.record)
    bo = linkplay.LinkSession(linkplay.open_link(store(), invitation)[0], store())
    bo.join("Bo", seed=bytes(15) + b"\2")
    assert bo.seat is None and bo.held.seed is not None
    ana.held = linkplay.open_link(ana.store, encode(bo.record))[0]
    damaged_copy(bo)
    shown, note = linkplay.open_link(bo.store, invitation)
    again = linkplay.LinkSession(shown, bo.store)
    again.join("Bo", seed=bytes(15) + b"\3")
    assert again.held.seed is None
    ana.start()
    back, note = linkplay.open_link(bo.store, encode(ana.record))
    assert back.seed == bytes(15) + b"\2" and back.seat is not None and "seat in it is back" in note
