"""Issue 13: resign, on one device and by link, and a rematch by link.

On one device the player to move resigns (confirmed first): the game ends, every other seat
wins by the rule of a forfeit by link (`forfeit_winners`), the saved game keeps who resigned
(older saves without it open as before) and the replay still works. By link a seat that has
joined resigns with its chain value two steps on and a flag (bit 32), on its own turn; a
resignation its seat did not send is refused as altered, blaming nobody; no seed follows it,
and the end never reads "Verified fair".
"""
import json
from dataclasses import replace

import pytest

from parlor import catalog
from parlor.engine.rng import Stream
from parlor.engine.protocol import IllegalMove
from parlor.links import device as linkplay, standing
from parlor.links.base import AlteredLink
from parlor.links.record import decode, encode
from parlor.play.saves import MemoryBackend, SavedGame, Store, parse
from parlor.play.session import Session, think
from parlor.screens import link as link_screens
from parlor.screens.game import game_screen
from parlor.screens.status import game_status, link_status

import linktools
from test_link_clock import Table

NAMES = ("Ana", "Bo", "Cy", "Di")


def one_device_cases():
    out = []
    for entry in catalog.entries():
        low, high = entry.players
        out.append((entry.key, low))
        if high > low:
            out.append((entry.key, min(high, 3)))
    return out


ONE = one_device_cases()


def opened(key, players, moves=4):
    """A hot-seat game of `key` after a few first legal moves, on the player to move's turn."""
    entry = catalog.entry(key)
    options = entry.default_options()
    saved = SavedGame(id="00000000000000ab", game=key, seed="5e" * 16,
                      names=NAMES[:players], options=options)
    engine = entry.engine
    state, record = saved.initial_state(), ""
    pick = Stream(b"resign", key)
    for _ in range(moves):
        legal = engine.legal(state)
        if engine.outcome(state) is not None or not legal:
            break
        move = legal[pick.below(len(legal))]
        record += engine.encode(move)
        state = engine.apply(state, move)
    store = Store(MemoryBackend())
    session = Session.open(replace(saved, moves=record), store)
    if session.phase == "news":
        session.dismiss_news()
    session.reveal()
    assert session.phase == "play", session.phase
    return session


@pytest.mark.parametrize("key,players", ONE, ids=[f"{k}-{n}p" for k, n in ONE])
def test_resign_on_one_device_ends_the_game_is_saved_and_replays(key, players):
    session = opened(key, players)
    mover, played = session.mover, len(session.played)
    assert session.may_resign() and 'data-action="resign"' in game_screen(session)
    session.ask_resign()
    page = game_screen(session)
    assert "This cannot be taken back" in page and 'data-action="resign-yes"' in page
    assert session.phase == "play", "nothing ends before it is confirmed"
    session.resign()
    assert session.phase == "over" and session.saved.resigned == mover
    others = tuple(n for n in range(players) if n != mover)
    assert session.outcome.winners == others
    page = game_screen(session)
    assert f"{NAMES[mover]} resigned." in page
    assert (f"{NAMES[others[0]]} won" if players == 2 else "Shared win") in page
    assert 'data-action="resign"' not in page
    # Kept: the saved game says who resigned, and opens again to the same end.
    kept = session.store.load(session.saved.id)
    assert kept.resigned == mover and kept.moves == session.saved.moves
    again = Session.open(parse(kept.to_json()), session.store)
    assert again.phase == "over" and again.outcome.winners == others
    assert game_status(kept) == (f"{NAMES[others[0]]} won" if players == 2
                                 else "Shared win: " + ", ".join(NAMES[n] for n in others))
    assert f"{NAMES[mover]} resigned." in game_screen(again)
    # The replay still works, from the start to the end.
    if played:
        assert "Move 0 of" in game_screen(again, 0)
        assert f"Move {played} of {played}" in game_screen(again, played)
    with pytest.raises(ValueError, match="over"):
        think(kept.to_json())
    # The engine never saw a resignation: the moves alone replay to a game that goes on.
    assert kept.engine.outcome(kept.replay().state) is None


def test_keep_playing_cancels_and_a_tap_on_the_board_too():
    session = opened("tyrus", 2)
    session.ask_resign()
    session.keep_playing()
    session.resign()
    assert session.phase == "play" and session.saved.resigned is None
    session.ask_resign()
    session.tap({"tile": "S1"})
    assert not session.resigning


def test_only_a_person_on_their_own_turn_may_resign():
    saved = SavedGame(id="00000000000000ac", game="tsuro", seed="ef" * 16,
                      names=("Ana", "Computer 1", "Computer 2"), bots=(1, 2))
    session = Session.open(saved, Store(MemoryBackend()))
    session._commit(session.engine.legal(session.state)[0])
    assert session.phase == "bot" and not session.may_resign()
    session.ask_resign()
    session.resign()
    assert session.saved.resigned is None
    shared = Session.open(SavedGame(id="00000000000000ad", game="tyrus", seed="cd" * 16,
                                    names=("Ana", "Bo")), Store(MemoryBackend()))
    assert shared.phase == "pass" and not shared.may_resign(), "not from the pass screen"


def test_a_save_without_a_resignation_is_written_as_before_and_a_bad_one_is_refused():
    session = opened("tyrus", 2)
    data = json.loads(session.saved.to_json())
    assert "resigned" not in data
    from parlor.play.saves import SaveError
    for bad in (5, -1, "0", True):
        with pytest.raises(SaveError):
            parse(json.dumps({**data, "resigned": bad}))
    assert parse(json.dumps({**data, "resigned": None})).resigned is None


def test_a_three_player_tsuro_resignation_is_a_shared_win_of_the_seats_still_on_the_board():
    session = opened("tsuro", 3, moves=0)
    mover = session.mover
    session.ask_resign()
    assert "share the win" in game_screen(session)
    session.resign()
    assert session.outcome.winners == tuple(n for n in range(3) if n != mover)


# By link.

LINK = [(e.key, e.players[0]) for e in catalog.entries() if e.link_tier]


def link_table(key, players):
    low, high = catalog.entry(key).players
    return Table(key, players, {"players": players} if low != high else {})


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_a_seat_resigns_by_link_on_its_turn_and_every_device_reads_the_win(key, players):
    table = link_table(key, players)
    waiting, sender = table.play_until_owed()          # `sender` owes the next message
    assert not table.sessions[waiting].may_resign()    # off its turn: no resignation (F11)
    assert 'data-action="resign"' not in link_screens.link_screen(
        table.sessions[waiting], "https://x/", False, False)
    quitter = table.sessions[sender]
    protocol = quitter.protocol
    assert quitter.may_resign() and quitter.my_turn()
    page = link_screens.link_screen(quitter, "https://x/", False, False)
    assert 'data-action="resign"' in page
    quitter.ask_resign()
    assert "This cannot be taken back" in link_screens.link_screen(quitter, "https://x/", False,
                                                                   False)
    before = quitter.record
    quitter.resign()
    record = quitter.record
    assert protocol.resigned_of(record) == sender and protocol.phase(record) == protocol.OVER
    assert record.seats[sender].index == before.seats[sender].index + 2
    assert record.moves == before.moves and protocol.to_move(record) == ()
    winners = protocol.winners(record)
    assert sender not in winners and set(winners) <= set(range(players)) and winners
    name = quitter.names[sender]
    expected = f"Won by resignation: {name} resigned."
    assert standing.verdict(quitter.held, quitter.now()) == (expected, "resigned")
    assert quitter.sent and expected in link_screens.share_text(quitter)
    table.send(sender)
    for n, session in enumerate(table.sessions):
        assert standing.verdict(session.held, session.now())[0] == expected
        assert link_status(session.held, session.now()) == expected
        page = link_screens.link_screen(session, "https://x/", False, False)
        assert "Verified fair" not in page and expected in page
        assert session.legal() == [] and not session.may_resign()
    # No seed follows a resignation, as after a forfeit claim: none is offered, none taken.
    audit = protocol.audit(record)
    assert not audit.ok and "resignation" in audit.reason and not audit.problems
    for n, session in enumerate(table.sessions):
        assert protocol.legal(record, n, session.held.seed) == []
        with pytest.raises(IllegalMove):
            protocol.publish_seed(record, n, session.held.seed)
    seeded = linktools.with_seat(record, waiting, replace(
        record.seats[waiting], seed=table.sessions[waiting].held.seed))
    seeded = replace(record, seats=seeded.seats)
    assert isinstance(protocol.replay(seeded).error, AlteredLink)
    assert "Verified fair" not in standing.verdict(linkplay.Held(seeded), 0)[0]


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_the_seat_to_move_may_resign_too_and_the_clock_stops(key, players):
    table = link_table(key, players)
    table.play_until_owed()
    mover = table.mover()
    session = table.sessions[mover]
    session.ask_resign()
    session.resign()
    assert session.protocol.resigned_of(session.record) == mover
    assert standing.time_left(session.held, session.now()) is None
    assert not standing.may_claim(session.held, session.now() + 10 ** 8)


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_a_resignation_its_seat_did_not_send_is_refused_as_altered_blaming_nobody(key, players):
    table = link_table(key, players)
    sender, debtor = table.play_until_owed()
    protocol = table.sessions[sender].protocol
    honest = table.sessions[debtor].record
    victim = sender
    old = honest.seats[victim]
    forgeries = [
        # a made-up chain value two steps on
        linktools.forged_seat(honest, victim, index=old.index + 2, value=bytes(16),
                              resigned=True),
        # the flag alone, with the chain value the seat showed last
        linktools.forged_seat(honest, victim, resigned=True) if old.index >= 2 else None,
    ]
    # a forfeit claim (one step) turned into a resignation
    table.times[sender].now += 30 * 86400
    table.sessions[sender].claim_forfeit()
    claimed = table.sessions[sender].record
    forgeries.append(linktools.forged_seat(claimed, victim, claim=False, resigned=True)
                     if claimed.seats[victim].index >= 2 else None)
    store = table.stores[debtor]
    kept = store.get(honest.game_id)
    for seat in filter(None, forgeries):
        forged = replace(honest, seats=linktools.with_seat(honest, victim, seat).seats)
        result = protocol.replay(forged)
        assert isinstance(result.error, AlteredLink), result.error
        assert "did not send the resignation" in str(result.error)
        audit = protocol.audit(forged)
        assert not audit.ok and not audit.problems, "nobody is blamed"
        with pytest.raises(linkplay.LinkProblem, match="altered"):
            linkplay.open_link(store, encode(forged))
        assert store.get(honest.game_id) == kept


def test_a_resignation_is_flag_32_and_adds_only_its_signature():
    table = link_table("tyrus", 2)
    _, sender = table.play_until_owed()          # the seat that owes the next message
    session = table.sessions[sender]
    plain = encode(session.record)
    session.ask_resign()
    session.resign()
    text = encode(session.record)
    assert decode(text) == session.record and session.record.seats[sender].resigned
    from parlor.links.fairplay import unb64
    raw_plain, raw = unb64(plain.split(".")[2]), unb64(text.split(".")[2])
    assert len(raw) == len(raw_plain) + 64, "the index and value were there already; a " \
        "signed game adds the resignation's signature"
    assert any(b & 32 for b in raw)


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_rematch_by_link_invites_to_the_same_game_with_the_same_options_and_clock(key, players):
    table = link_table(key, players)
    _, sender = table.play_until_owed()          # the seat that owes the next message
    table.sessions[sender].ask_resign()
    table.sessions[sender].resign()
    table.send(sender)
    presser = table.sessions[0]
    old = presser.record
    page = link_screens.link_screen(presser, "https://x/", False, False)
    assert 'data-action="link-rematch"' in page
    fresh = linkplay.rematch(table.stores[0], presser.held, seed=bytes(15) + b"\x09")
    record = fresh.record
    assert record.game == old.game
    # the same options, and a Tyros game made before D34's forced passes gets them
    assert dict(record.options) == dict(old.options) | ({"auto": "1"} if key == "tyros" else {})
    assert len(record.seats) == len(old.seats) and record.game_id != old.game_id
    assert record.seats[0].name == "Ana" and not any(s.joined for s in record.seats[1:])
    assert fresh.protocol.phase(record) == fresh.protocol.JOINING and fresh.sent
    others = [n for i, n in enumerate(presser.names) if i != 0]
    line = link_screens.share_text(fresh)
    assert "Join Ana's" in line and "A rematch of the game with" in line
    assert all(n in line for n in others)
    assert "A rematch of the game with" in link_screens.link_screen(fresh, "https://x/", False,
                                                                    False)
    # It is shared like any invitation: a friend opens it and joins; the seat comes at the start.
    store = linkplay.LinkStore(MemoryBackend())
    held, _ = linkplay.open_link(store, encode(record))
    joining = linkplay.LinkSession(held, store)
    assert joining.joinable()
    joining.join("Bo", seed=bytes(15) + b"\x0a")
    assert joining.waiting_to_start() and [j.name for j in joining.record.joins] == ["Bo"]


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_a_resignation_before_the_first_move_ends_the_game_on_every_screen(key, players):
    """The seat that owes the first message resigns at once: no board is dealt yet, the
    verdict is shown."""
    table = link_table(key, players)
    first = table.mover()
    last = table.sessions[first]
    last.ask_resign()
    last.resign()
    assert last.protocol.resigned_of(last.record) == first
    table.send(first)
    for session in table.sessions:
        page = link_screen(session)
        assert "Won by resignation" in page and "Verified fair" not in page


def link_screen(session):
    return link_screens.link_screen(session, "https://x/", False, False)



TWO = [(key, players) for key, players in LINK if players == 2]


@pytest.mark.parametrize("key,players", TWO, ids=[k for k, _ in TWO])
def test_the_creator_of_a_game_for_two_may_ask_for_a_rematch_with_the_seats_swapped(key, players):
    """Whoever opens a game takes its first seat (in Tod dem Tyrannen, the king): the creator
    sends the finished game's link asking the other player to open the rematch."""
    table = link_table(key, players)
    _, sender = table.play_until_owed()
    table.sessions[sender].ask_resign()
    table.sessions[sender].resign()
    table.send(sender)
    ana, other = table.sessions
    ask = 'data-action="link-ask-rematch"'
    assert ask in link_screens.link_screen(ana, "https://x/", False, False)
    assert ask not in link_screens.link_screen(other, "https://x/", False, False)
    ana.asking_rematch = True
    page = link_screens.link_screen(ana, "https://x/", False, False)
    assert ask not in page and encode(ana.record) in page
    assert link_screens.share_text(ana).startswith("Ana asks you for a rematch of")
    table.send(0)                                   # the other player opens that link
    fresh = linkplay.rematch(table.stores[1], table.sessions[1].held, seed=bytes(15) + b"\x0b")
    assert fresh.record.seats[0].name == "P1" and not fresh.record.seats[1].joined
    held, _ = linkplay.open_link(table.stores[0], encode(fresh.record))
    joining = linkplay.LinkSession(held, table.stores[0])
    joining.join("Ana", seed=bytes(15) + b"\x0c")
    started, _ = linkplay.open_link(table.stores[1], encode(joining.record))  # full: it starts
    held, _ = linkplay.open_link(table.stores[0], encode(started.record))
    assert started.seat == 0 and held.seat == 1, "the seats are swapped"

def test_f11_every_word_of_resigning_and_of_a_rematch_goes_through_the_catalogs():
    from parlor import i18n
    from test_i18n_screens import NAMES as SHOWN, assert_translated
    assert i18n.use(i18n.PSEUDO) == i18n.PSEUDO
    try:
        screens = {}
        for players in (2, 3):
            session = opened("tsuro", players, moves=0)
            session.saved = replace(session.saved, names=SHOWN[:players])
            session.ask_resign()
            screens[f"asking, {players} players"] = game_screen(session)
            session.resign()
            screens[f"over, {players} players"] = game_screen(session)
        table = link_table("tyrus", 2)
        _, owing = table.play_until_owed()
        quitter = table.sessions[owing]
        quitter.ask_resign()
        screens["by link, asking"] = link_screen(quitter)
        quitter.resign()
        screens["by link, resigned"] = link_screen(quitter)
        fresh = linkplay.rematch(table.stores[owing], quitter.held)
        screens["rematch"] = link_screen(fresh)
        assert_translated(screens, names=SHOWN + ("Ana", "P1"))
    finally:
        i18n.use(i18n.SOURCE)


def test_f11_a_tsuro_seat_whose_marker_left_the_board_cannot_resign():
    table = link_table("tsuro", 3)
    protocol = table.sessions[0].protocol
    for _ in range(400):
        record = table.sessions[0].record
        if protocol.phase(record) == protocol.OVER:
            break
        state = protocol.table(record).state
        out = [n for n, on in enumerate(state.alive)] if state is not None else []
        out = [n for n in out if not state.alive[n]]
        if out:
            gone = table.sessions[out[0]]
            assert not gone.may_resign()
            with pytest.raises(IllegalMove):
                protocol.resign(gone.record, gone.seat, gone.held.seed)
            alive = table.mover()
            assert state.alive[alive] and table.sessions[alive].may_resign()
            return
        n = table.mover()
        table.take_turn(n)
        table.send(n)
    pytest.skip("no marker left the board before the end in this game")


@pytest.mark.parametrize("key,players", LINK, ids=[k for k, _ in LINK])
def test_f11_a_resignation_off_its_seats_turn_is_refused_so_it_cannot_become_a_claim(
        key, players):
    """Made by hand where its seat does not owe the next message (where that seat's forfeit
    claim could stand), a resignation is refused as altered, blaming nobody."""
    table = link_table(key, players)
    waiting, sender = table.play_until_owed()
    session = table.sessions[waiting]
    record, seed = session.record, session.held.seed
    device = session.protocol._device(record, waiting, seed)[2]
    old = record.seats[waiting]
    forged = replace(record, seats=linktools.with_seat(record, waiting, linktools.sealed(
        record, record.moves, waiting, replace(old, index=old.index + 2,
                                               value=device.chain.value(old.index + 2),
                                               resigned=True), seed)).seats)
    assert isinstance(session.protocol.replay(forged).error, AlteredLink)
    with pytest.raises(linkplay.LinkProblem):
        linkplay.open_link(table.stores[sender], encode(forged))
    with pytest.raises(IllegalMove):
        session.protocol.resign(record, waiting, seed)
