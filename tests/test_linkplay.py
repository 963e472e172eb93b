"""Games by link on one device: merging links, seat links, damage and full storage."""
import pytest

from parlor import catalog
from parlor.links import device as linkplay
from parlor.links.base import seat_of
from parlor.links.record import encode
from parlor.play.saves import MemoryBackend

import linktools


def device(limit=None):
    return linkplay.LinkStore(MemoryBackend(limit))


def joined():
    """Ana's device with a game Bo has joined (Ana has his answer), and Bo's device."""
    ana_store, bo_store = device(), device()
    ana = linkplay.create(ana_store, "tyrus", "Ana")
    invite = encode(ana.record)
    held, _ = linkplay.open_link(bo_store, invite)
    bo = linkplay.LinkSession(held, bo_store)
    assert bo.joinable() and held.seat is None
    bo.join("Bo")
    held, note = linkplay.open_link(ana_store, encode(bo.record))
    return linkplay.LinkSession(held, ana_store), bo, invite


def test_a_newer_link_advances_an_older_one_changes_nothing_and_says_so():
    ana, bo, invite = joined()
    assert ana.my_turn() and ana.held.seat == 0
    held, note = linkplay.open_link(ana.store, invite)
    assert note.startswith("This invitation is for a game that has already started") \
        and held.record == ana.record
    older = ana.record
    ana.act(ana.legal()[0])
    held, note = linkplay.open_link(ana.store, encode(older))
    assert note.startswith("This link is older") and held.record == ana.record
    held, note = linkplay.open_link(ana.store, encode(ana.record))
    assert note.startswith("You already had this link")


def test_a_diverging_link_is_refused_and_both_versions_are_kept():
    ana, bo, invite = joined()
    # a friend who joins once the game has started is not refused: told it started without
    # him, he can watch (format 3); nothing diverges
    cy_store = device()
    cy = linkplay.LinkSession(linkplay.open_link(cy_store, invite)[0], cy_store)
    cy.join("Cy")
    held, note = linkplay.open_link(ana.store, encode(cy.record))
    assert held.record == ana.record and "Cy joined after it started" in note
    # two different moves of one seat from one position meet on the other player's device
    bo.held = linkplay.open_link(bo.store, encode(ana.record))[0]
    mover, other = ana, bo
    while len(mover.legal()) < 2:
        mover.act(mover.legal()[0])
        other.held = linkplay.open_link(other.store, encode(mover.record))[0]
        mover, other = (ana, bo) if ana.my_turn() else (bo, ana)
    one, two = (mover.protocol.play(mover.record, mover.seat, mover.held.seed, move)
                for move in mover.legal()[:2])
    linkplay.open_link(other.store, encode(one))
    with pytest.raises(linkplay.LinkProblem, match="history differs"):
        linkplay.open_link(other.store, encode(two))
    assert other.store.get(one.game_id).record == one
    kept = [k for k in other.store.backend.keys() if k.startswith(linkplay.CONFLICT_PREFIX)]
    assert len(kept) == 1 and other.store.backend.get(kept[0]) == encode(two)


def test_a_private_seat_link_moves_the_seat_and_a_wrong_one_is_refused():
    ana, bo, _ = joined()
    private = linkplay.seat_link(ana.held)
    other = device()
    held, note = linkplay.open_link(other, private)
    assert held.seat == 0 and held.seed == ana.held.seed and "holds your seat" in note
    forged = private.replace(linkplay.seat_link(ana.held).split(".")[2],
                             linkplay.b64(bytes(16)), 1)
    with pytest.raises(linkplay.LinkProblem, match="does not belong"):
        linkplay.open_link(device(), forged)


def test_a_private_seat_link_older_than_the_game_held_for_that_seat_says_so():
    ana, bo, _ = joined()
    private = linkplay.seat_link(ana.held)
    other = device()
    linkplay.open_link(other, private)
    ana.act(ana.legal()[0])
    held, note = linkplay.open_link(other, encode(ana.record))
    assert held.seat == 0 and held.record == ana.record and note == ""
    for store in (other, ana.store):
        held, note = linkplay.open_link(store, private)
        assert note.startswith("This link is older") and "holds your seat" not in note
        assert held.seat == 0 and store.get(ana.record.game_id).record == ana.record
    held, note = linkplay.open_link(ana.store, linkplay.seat_link(ana.held))
    assert note.startswith("You already had this link")


def test_a_link_from_a_game_without_my_seat_is_only_watched_and_not_kept():
    ana, bo, _ = joined()
    watcher = device()
    held, note = linkplay.open_link(watcher, encode(ana.record))
    session = linkplay.LinkSession(held, watcher)
    assert held.seat is None and not session.joinable() and not session.my_turn()
    assert watcher.all() == ([], [])


@pytest.mark.parametrize("text", ["", "nonsense", "p1.tyrus.AAAA.x.yyyyyy", "#p1.chess.AA..AAAAAA"])
def test_bad_links_raise_a_message_for_the_player(text):
    with pytest.raises(linkplay.LinkProblem) as caught:
        linkplay.open_link(device(), text)
    assert str(caught.value).endswith(".")


def test_a_damaged_kept_game_is_listed_apart():
    store = device()
    linkplay.create(store, "tyrus", "Ana")
    store.backend.set(linkplay.PREFIX + "00", "{broken")
    games, damaged = store.all()
    assert len(games) == 1 and damaged == [(linkplay.PREFIX + "00", "{broken")]


def test_full_storage_takes_no_seat_but_a_move_is_kept_in_memory_and_the_link_offered():
    """A seat's secret that could not be kept would live in the page alone: with full storage
    no game is created and no seat is joined (seeds/fair-play.md F8, I1); a move made once the
    storage filled up is offered as a link, saying it may be the only copy."""
    with pytest.raises(linkplay.LinkProblem, match="cannot take a seat"):
        linkplay.create(device(limit=10), "tyrus", "Ana")
    invitation = linkplay.create(device(), "tyrus", "Cy").record
    newcomer = linkplay.LinkSession(linkplay.Held(invitation), device(limit=10))
    newcomer.join("Di")
    assert newcomer.seat is None and "cannot take a seat" in newcomer.notice
    assert newcomer.store.backend.keys() == []
    ana, bo, _ = joined()
    mover = ana if ana.my_turn() else bo
    mover.store.backend.limit = 0
    mover.act(mover.legal()[0])
    assert mover.store.full and "storage is full" in mover.notice and mover.sent


def play_some(ana, bo, messages):
    """Each device in turn plays its first legal action and sends the link; the last record."""
    for _ in range(messages):
        mover = ana if ana.my_turn() else bo
        mover.act(mover.legal()[0])
        other = bo if mover is ana else ana
        other.held = linkplay.open_link(other.store, encode(mover.record))[0]
    return mover.record


def test_a_link_with_a_bad_move_shows_the_last_good_position_and_keeps_the_local_game():
    from dataclasses import replace

    tyrus_link = catalog.entry("tyrus").link
    ana, bo, _ = joined()
    before = play_some(ana, bo, 5)
    good = play_some(ana, bo, 1)
    last = good.moves[len(before.moves):]
    bad = replace(good, moves=before.moves + "_" * len(last))
    assert "altered" in str(tyrus_link.replay(bad).error), "nobody's signature fits it"
    bad = linktools.resign(bad, {0: ana.held.seed, 1: bo.held.seed})   # its sender signs it
    assert not tyrus_link.replay(bad).ok
    author, other = (ana, bo) if ana.store.authored(good.game_id) == good.moves else (bo, ana)
    with pytest.raises(linkplay.LinkProblem, match="changes a move you made"):
        linkplay.open_link(author.store, encode(bad))
    held, note = linkplay.open_link(other.store, encode(bad))
    assert "bad move" in note and "unchanged" in note
    assert held.record == good
    held, note = linkplay.open_link(device(), encode(bad))
    assert "last good position" in note and held.seat is None
    shown, expected = tyrus_link.view(bad), tyrus_link.view(before)
    assert shown["buildings"] == expected["buildings"] and shown["chart"] == expected["chart"]


@pytest.mark.parametrize("game", linkplay.link_games())
def test_names_from_a_link_reach_the_screen_as_text(game):
    from parlor.screens import link as link_screens
    hostile = '<img src=x onerror=alert(1)>&"'
    store = device()
    creator = linkplay.create(store, game, hostile)
    other = device()
    joiner = linkplay.LinkSession(linkplay.open_link(other, encode(creator.record))[0], other)
    for session in (creator, joiner):
        html = link_screens.link_screen(session, "https://example.org/parlor/", True, True)
        assert "<img" not in html and "&lt;img src=x" in html
    joiner.join(hostile)
    html = link_screens.link_screen(joiner, "https://example.org/parlor/", False, False)
    assert "<img" not in html


def test_a_link_with_a_history_tag_of_my_seat_that_i_did_not_make_is_refused():
    """Anyone can put bytes in my seat's signature (a history tag in format 1). A device whose
    copy lags refuses such a newer link, keeps its game and still draws it; it used to store
    the link and then fail to draw it (found by the link fuzz)."""
    from dataclasses import replace

    from parlor.links.base import with_seat
    from parlor.screens import link as link_screens

    ana, bo, _ = joined()
    early = play_some(ana, bo, 2)
    lagging = device()
    linkplay.open_link(lagging, linkplay.seat_link(linkplay.Held(early, 0, ana.held.seed)))
    latest = play_some(ana, bo, 6)
    junk = replace(latest, seats=with_seat(latest.seats, 0, replace(latest.seats[0],
                                                                    signature=bytes(64))))
    with pytest.raises(linkplay.LinkProblem, match="altered"):
        linkplay.open_link(lagging, encode(junk))
    held = lagging.get(early.game_id)
    assert held.record == early and held.seat == 0
    assert "Tyrus" in link_screens.link_screen(linkplay.LinkSession(held, lagging),
                                               "https://x/", False, False)
    assert linkplay.open_link(lagging, encode(latest))[0].record == latest
    with pytest.raises(linkplay.LinkProblem, match="altered"):
        linkplay.open_link(device(), encode(junk))      # a signature: a spectator can tell


def test_a_tsuro_player_is_told_why_its_hand_lacks_tiles():
    """Before the deal every hand is hidden, and a tile a player drew stays out of its hand
    until the others' moves fix it (seeds/tsuro.md L5, L6): the screen says so, in words."""
    from parlor.games.tsuro.rules import Place, StartMark
    from parlor.screens import link as link_screens
    stores, seeds = [device(), device()], [bytes([s]) * 16 for s in (3, 4)]  # a game that goes on
    ana = linkplay.create(stores[0], "tsuro", "Ana", {"players": 2}, seed=seeds[0])
    bo = linkplay.LinkSession(linkplay.open_link(stores[1], encode(ana.record))[0], stores[1])
    bo.join("Bo", seed=seeds[1])
    sessions = [linkplay.LinkSession(linkplay.open_link(stores[0], encode(bo.record))[0],
                                     stores[0]), bo]

    def turn(seat, kind):
        """`seat` makes a move of `kind` that does not end the game (Ana the first such, Bo
        the last)."""
        session, protocol = sessions[seat], sessions[seat].protocol
        moves = session.legal()[::1 if seat == 0 else -1]    # start marks far apart
        session.act(next(m for m in moves if isinstance(m, kind) and protocol.phase(
            protocol.play(session.record, seat, session.held.seed, m)) != protocol.OVER))
        other = 1 - seat
        sessions[other] = linkplay.LinkSession(
            linkplay.open_link(stores[other], encode(session.record))[0], stores[other])
        return link_screens.link_screen(session, "https://example.org/parlor/", False, False)

    dealing = "The tiles are dealt once everyone has picked a starting mark"
    assert dealing in turn(0, StartMark)
    watcher = device()
    watching = linkplay.LinkSession(linkplay.open_link(watcher, encode(sessions[0].record))[0],
                                    watcher)
    assert watching.seen().view["undealt"] and dealing not in link_screens.link_screen(
        watching, "https://example.org/", False, False)       # a spectator holds no hand
    assert dealing in turn(1, StartMark)       # Bo's hand waits for Ana's first placement
    assert dealing not in link_screens.link_screen(sessions[0], "https://example.org/", False,
                                                   False)      # Ana's turn: her hand is dealt
    placed = turn(0, Place)
    assert "You drew 1 tile: you see it when your turn comes." in placed
    assert len(sessions[0].seen().view["hands"][0]) == 2
    assert sessions[0].seen().view["waiting"] == {0: 1}
    assert "You drew 1 tile: you see it when your turn comes." in turn(1, Place)    # Bo's own draw
    assert "waiting" not in sessions[0].seen().view     # Bo's move fixed Ana's tile
    assert len(sessions[0].seen().view["hands"][0]) == 3


def test_tyros_players_are_told_who_cuts_the_deck_before_the_start():
    """In a Tyros game for four, Bo then Cy send a start message once everyone has joined
    (seeds/tyros.md YL3): each is asked to on its own screen, the others are told whom they
    wait for, and Ana is asked to start the game after both."""
    from parlor.screens import link as link_screens
    names = ("Ana", "Bo", "Cy", "Di")
    stores = [device() for _ in names]
    sessions = [linkplay.create(stores[0], "tyros", "Ana", {"players": 4}, seed=bytes(16))]
    for seat in range(1, 4):
        session = linkplay.LinkSession(
            linkplay.open_link(stores[seat], encode(sessions[-1].record))[0], stores[seat])
        session.join(names[seat], seed=bytes([seat]) * 16)
        sessions.append(session)

    def screens(text):
        """Every device's link screen after opening `text`."""
        out = []
        for seat, store in enumerate(stores):
            sessions[seat] = linkplay.LinkSession(linkplay.open_link(store, text)[0], store)
            out.append(link_screens.link_screen(sessions[seat], "https://example.org/", False,
                                                False))
        return out

    held, _ = linkplay.open_link(stores[0], encode(sessions[3].record))   # full: it starts
    text = encode(held.record)
    order = sorted(range(4), key=lambda n: seat_of(held.record, bytes([n]) * 16 if n else
                                                   bytes(16)))
    stores, sessions = [stores[n] for n in order], [sessions[n] for n in order]
    names = tuple(names[n] for n in order)
    for starter in (1, 2):
        shown = screens(text)
        assert "Cut the deck, then send the link on" in shown[starter]
        assert ">Cut the deck</button>" in shown[starter]
        waiting = f"Waiting for {names[starter]} to cut the deck."
        assert all(waiting in shown[seat] for seat in range(4) if seat != starter)
        sessions[starter].act("start")
        text = encode(sessions[starter].record)
    shown = screens(text)
    assert "Cut the deck" not in shown[0] and "Waiting for" not in shown[0]
    assert all("Waiting for Ana to start the game." in shown[seat] for seat in (1, 2, 3))
