"""What happened since you last looked: the game log, the replay and the summary of a game
by link (parlor.links.history), and the replay's slider on one device; none of them shows a
seat what it may not see."""
import re
from functools import lru_cache

import pytest

from parlor import catalog
from parlor.engine.rng import Stream, derive
from parlor.links import device as linkplay
from parlor.links.history import History
from parlor.links.record import decode, encode
from parlor.play.looked import PREFIX, Looked, last_looked
from parlor.play.saves import MemoryBackend, SavedGame, StorageFull, Store
from parlor.play.session import Session
from parlor.screens import link as link_screens
from parlor.screens.game import game_screen
from parlor.screens.replay import turn_buttons

import linktools
from linktools import leaves
from test_conformance import ENGINES, playout, player_counts

NAMES = ("Ana", "Bo", "Cy", "Di")
LINK_GAMES = sorted(e.key for e in catalog.entries() if e.link_tier)
BASE = "https://example.org/parlor/"


@lru_cache(maxsize=None)
def link_game(key: str, players: int, cap: int = 120):
    """A game by link between seeded devices with random legal actions, cut after `cap`
    actions: the seeds and the record after each action."""
    entry = catalog.entry(key)
    protocol = entry.link
    seeds = [derive(b"history", key, players, seat)[:16] for seat in range(players)]
    options = {"players": players} if entry.players[0] != entry.players[1] else {}
    record = linktools.in_order(protocol.create(NAMES[0], seeds[0], options), seeds[0])
    for seat in range(1, players):
        record = protocol.join(record, NAMES[seat], seeds[seat])
    stream, records = Stream(seeds[0], "history choices"), [record]
    for _ in range(cap):
        movers = protocol.to_move(record)
        if not movers:
            break
        actions = protocol.legal(record, movers[0], seeds[movers[0]])
        passes = [a for a in actions if type(a).__name__ == "Pass"]     # (Tyros: on to the
        if passes and stream.below(2):                                   # end of a turn)
            actions = passes
        record = protocol.play(record, movers[0], seeds[movers[0]],
                               actions[stream.below(len(actions))])
        records.append(record)
    return protocol, seeds, records


def players_of(key):
    low, high = catalog.entry(key).players
    return min(high, max(low, 3))


@pytest.fixture(scope="module", params=LINK_GAMES)
def game(request):
    key = request.param
    return (key,) + link_game(key, players_of(key))


def test_each_replay_frame_is_the_view_the_seat_had_when_that_link_came(game):
    """Frame k of a seat's replay is the protocol's view for that seat of the game after k
    messages, as the link of that moment showed it (a game whose seat learns its own hidden
    values later may show them earlier: only the seat's own), and the last frame is now."""
    key, protocol, seeds, records = game
    final = records[-1]
    for seat in [None, *range(len(seeds))]:
        seed = None if seat is None else seeds[seat]
        history = History(protocol, final, seat, seed)
        assert history.count == messages(protocol, final) > 0
        now = protocol.view(final, seat, seed)
        assert history.frame(history.count).view == now
        for record in records[1:]:
            if getattr(protocol.table(record), "open", False):
                continue            # a Tod dem Tyrannen turn still being written on its device
            k = protocol.replay(record).applied
            then = protocol.view(record, seat, seed)
            frame = history.frame(k).view
            if key != "tyrus":      # (Tyrus: a seat's own hand is known before its bag key)
                assert frame == then, (seat, k)
            assert frame["to_move"] == then["to_move"]


def messages(protocol, record) -> int:
    """Messages in a record, the last one counted even while its turn is being written."""
    table = protocol.table(record)
    return table.applied + getattr(table, "open", False)


def test_no_replay_frame_or_log_line_shows_one_seat_what_only_another_may_see(game):
    """What a seat's frame or line holds beyond the spectator's is never in another seat's:
    each seat adds only its own secrets."""
    key, protocol, seeds, records = game
    final = records[-1]
    histories = {seat: History(protocol, final, seat, seeds[seat]) for seat in range(len(seeds))}
    public = History(protocol, final)
    private_lines = 0
    for step in range(0, public.count + 1, max(1, public.count // 30)):
        shown = dict(leaves(public.frame(step).view))
        frames = {s: dict(leaves(h.frame(step).view)) for s, h in histories.items()}
        for seat, mine in frames.items():
            own = {p: v for p, v in mine.items() if p != ("seat",) and shown.get(p) != v}
            for other, theirs in frames.items():
                if other != seat:
                    assert not [p for p, v in own.items() if theirs.get(p) == v], (seat, other)
    for message, line in enumerate(public.lines()):
        for seat, history in histories.items():
            mine = history.lines()[message]
            if mine != line:
                private_lines += 1
                others = [h.lines()[message] for s, h in histories.items() if s != seat]
                assert mine not in others, (seat, message, mine)
    assert public.lines() and all(public.lines())
    if key in ("tyrus", "tyros"):
        assert private_lines, "no seat read more than the public: the check proved nothing"


def test_the_log_describes_the_other_seats_messages_as_the_public_does_but_for_own_secrets(game):
    """A seat reads the others' messages as a spectator does, except where the rules let it
    know more (Tod dem Tyrannen's rebel knows its assassins)."""
    key, protocol, seeds, records = game
    final = records[-1]
    public = History(protocol, final).lines()
    for seat, seed in enumerate(seeds):
        history = History(protocol, final, seat, seed)
        for message, line in enumerate(history.lines()):
            if history.sender(message) != seat and key != "tyrannen":
                assert line == public[message], (seat, message)


def test_the_summary_is_the_other_seats_messages_after_what_this_device_showed(game):
    key, protocol, seeds, records = game
    final = records[-1]
    history = History(protocol, final, 0, seeds[0])
    since = history.count // 2
    news = history.since(since)
    start = since               # a count inside a round of keeps sent at once (Tyros YL10):
    while getattr(history.tables[start], "open", False):        # from the round's start
        start -= 1
    expected = [(history.sender(m), history.lines()[m]) for m in range(start, history.count)
                if history.sender(m) != 0]
    assert news == expected and news
    assert history.since(history.count) == []


@pytest.mark.parametrize("language", ["en", "fr", "de", "it"])
def test_the_summary_has_one_line_per_other_player_and_nothing_the_public_log_lacks(game,
                                                                                    language):
    from parlor import i18n
    key, protocol, seeds, records = game
    final = records[-1]
    history = History(protocol, final, 0, seeds[0])
    public = History(protocol, final).lines()
    since = history.count // 3
    grouped = history.since_by_seat(since)
    assert [seat for seat, _lines in grouped] == list(dict.fromkeys(
        history.sender(m) for m in range(since, history.count) if history.sender(m) != 0))
    assert len(grouped) >= 1 and all(seat != 0 for seat, _lines in grouped)
    for seat, lines in grouped:
        mine = [m for m in range(since, history.count) if history.sender(m) == seat]
        assert lines == [history.lines()[m] for m in mine]
        if key != "tyrannen":                 # (seat 0 is the king there: it knows less)
            assert lines == [public[m] for m in mine]
    names = NAMES[:len(seeds)]
    try:
        i18n.use(language)
        card = link_screens.since_card(history, since, names)
        items = re.findall(r'<li data-seat="(\d)">(.*?)</li>', card)
        assert [int(seat) for seat, _text in items] == [seat for seat, _lines in grouped]
        for (seat, text), (_seat, lines) in zip(items, grouped):
            assert text.count("; ") >= min(len(lines), link_screens.SHOWN_PER_PLAYER) - 1
            if len(lines) > link_screens.SHOWN_PER_PLAYER:
                earlier = len(lines) - link_screens.SHOWN_PER_PLAYER
                assert str(earlier) in text.rsplit(". ", 1)[-1]
                assert ("game log" in text) == (language == "en")
            assert "Seat " not in text
        assert link_screens.since_card(history, history.count, names) == ""
    finally:
        i18n.use("en")


def test_lines_and_tables_taken_up_from_a_shorter_record_equal_a_fresh_reading():
    from parlor.links import history as module
    protocol, seeds, records = link_game("tsuro", 3)
    module._tables.clear(), module._lines.clear()
    step = [History(protocol, record, 1, seeds[1]).lines()[:] for record in records[1:]]
    module._tables.clear(), module._lines.clear()
    fresh = History(protocol, records[-1], 1, seeds[1])
    assert step[-1] == fresh.lines()
    assert [t for t in module.tables(protocol, records[-1])] == list(fresh.tables)


def test_a_damaged_record_reads_up_to_its_last_good_message():
    protocol, seeds, records = link_game("toy", 2, cap=6)
    from dataclasses import replace
    from parlor.engine.protocol import TOKEN_ALPHABET
    import linktools
    record = records[-1]
    sender = protocol.table(record).senders[-1]

    def bad_move(char):
        """The last message with its text changed by its own sender's (modified) app."""
        changed = replace(record, moves=record.moves[:-1] + char)
        seat = linktools.sealed(changed, changed.moves, sender, changed.seats[sender],
                                seeds[sender])
        return linktools.with_seat(changed, sender, seat)
    broken = next(b for b in map(bad_move, TOKEN_ALPHABET) if not protocol.replay(b).ok)
    history = History(protocol, broken, 0, seeds[0])
    assert history.count == protocol.replay(broken).applied == len(records) - 2
    assert len(history.lines()) == history.count


# On screen: the summary, the log and the replay of a game by link.

def sessions_of(key, players):
    """Devices that played a game by link to some way into it: their stores and the links."""
    entry = catalog.entry(key)
    seeds = [derive(b"history screens", key, seat)[:16] for seat in range(players)]
    stores = [linkplay.LinkStore(MemoryBackend()) for _ in range(players)]
    options = {"players": players} if entry.players[0] != entry.players[1] else {}
    first = linkplay.create(stores[0], key, NAMES[0], options, seed=seeds[0])
    links = [encode(first.record)]
    for seat in range(1, players):
        session = linkplay.LinkSession(linkplay.open_link(stores[seat], links[-1])[0],
                                       stores[seat])
        session.join(NAMES[seat], seed=seeds[seat])
        links.append(encode(session.record))
    stores, seeds = linktools.started(stores, seeds, links)
    return stores, links, seeds


def play_on(stores, links, turns, stream):
    """`turns` more messages, each by the device that owes it, from the latest link."""
    for _ in range(turns):
        record = decode(links[-1])
        seat = catalog.entry(record.game).link.to_move(record)[0]
        session = linkplay.LinkSession(linkplay.open_link(stores[seat], links[-1])[0],
                                       stores[seat])
        actions = session.legal()
        session.act(actions[stream.below(len(actions))])
        links.append(encode(session.record))


def test_a_returning_player_sees_what_the_others_did_since_and_the_log_and_replay():
    stores, links, _seeds = sessions_of("tsuro", 3)
    stream = Stream(b"returning", "choices")
    play_on(stores, links, 3, stream)                  # the three start marks
    ana = linkplay.LinkSession(linkplay.open_link(stores[0], links[-1])[0], stores[0])
    looked = Looked(stores[0].backend)
    looked.saw(ana.record.game_id, link_screens.history_of(ana).count)
    play_on(stores, links, 4, stream)
    ana = linkplay.LinkSession(linkplay.open_link(stores[0], links[-1])[0], stores[0])
    history = link_screens.history_of(ana)
    since = last_looked(looked, stores[0], history)
    assert since == 3 and history.count == 7
    html = link_screens.link_screen(ana, BASE, False, False, since)
    card = re.search(r'<section class="card since".*?</section>', html).group(0)
    items = re.findall(r'<li data-seat="\d">(.*?)</li>', card)
    others = [m for m in range(3, 7) if history.sender(m) != 0]
    players = list(dict.fromkeys(history.sender(m) for m in others))
    assert len(items) == len(players) > 0               # one line per other player
    for item, seat in zip(items, players):
        assert item.startswith(NAMES[seat] + " plays tile"), item
        assert item.count("plays tile") == sum(history.sender(m) == seat for m in others)
    assert "Since you last looked" in card and "Seat " not in card
    assert "Game log" in html and html.count("<li>") >= 7
    assert 'data-action="replay"' in html
    assert "Since you last looked" not in link_screens.link_screen(ana, BASE, False, False,
                                                                   history.count)
    replay = link_screens.link_screen(ana, BASE, False, False, None, 2)
    assert "Move 2 of 7" in replay and 'type="range"' in replay and 'max="7"' in replay
    assert 'value="2"' in replay and "Game log" not in replay
    assert ana.board.svg(history.frame(2), None, ana.names, False) in replay


def test_a_game_kept_before_looks_were_counted_sums_up_since_the_devices_own_last_link():
    stores, links, _seeds = sessions_of("tsuro", 3)
    play_on(stores, links, 5, Stream(b"kept before", "choices"))
    ana = linkplay.LinkSession(linkplay.open_link(stores[0], links[-1])[0], stores[0])
    history = link_screens.history_of(ana)
    looked = Looked(stores[0].backend)
    assert looked.last(ana.record.game_id) is None
    mine = max(m for m in range(history.count) if history.sender(m) == 0) + 1
    assert last_looked(looked, stores[0], history) == mine
    spectator = History(ana.protocol, ana.record)
    assert last_looked(looked, stores[0], spectator) is None


def test_what_the_device_last_looked_at_is_kept_per_game_and_tolerates_damage():
    backend = MemoryBackend()
    looked = Looked(backend)
    game = bytes(range(16))
    assert looked.last(game) is None
    looked.saw(game, 12)
    assert looked.last(game) == 12 and backend.get(PREFIX + game.hex()) == "12"
    backend.set(PREFIX + game.hex(), "twelve")
    assert looked.last(game) is None
    looked.forget(game)
    assert backend.get(PREFIX + game.hex()) is None
    full = MemoryBackend(limit=0)
    Looked(full).saw(game, 3)               # a full storage loses only the summary
    assert Looked(full).last(game) is None
    with pytest.raises(StorageFull):
        full.set("x", "y")


def test_the_text_sent_with_a_tyros_link_names_the_offer_or_the_cards_to_keep():
    protocol, seeds, records = link_game("tyros", 4)
    said = set()
    for record in records:
        view = protocol.view(record)
        if not view.get("to_move") or view.get("undealt"):
            continue
        session = linkplay.LinkSession(linkplay.Held(record, 0, seeds[0]),
                                       linkplay.LinkStore(MemoryBackend()))
        text, mover = link_screens.share_text(session), NAMES[view["to_move"][0]]
        if view["pending"] and view["pending"]["waiting"]:
            proposer = NAMES[view["pending"]["seat"]]
            assert text.startswith(f"{mover}, {proposer}'s offer waits for your answer: ")
            said.add("offer")
        elif view["phase"] == "keep":
            keepers = ", ".join(NAMES[s] for s in view["to_move"])     # at once (tyros YL10)
            assert text.startswith(f"{keepers}: keep 3 of your cards: Tyros with "
                                   if len(view["to_move"]) > 1
                                   else f"{mover}, keep 3 of your cards: Tyros with ")
            said.add("keep")
        else:
            assert text.startswith(f"Your turn, {mover}: Tyros with ")
    assert said == {"offer", "keep"}


@pytest.mark.parametrize("language,turn,offer,keep", [
    ("fr", "À vous, ", "attend votre réponse", "gardez 3 de vos cartes"),
    ("de", "Du bist dran", "wartet auf deine Antwort", "behaltet je 3 eurer Karten"),
    ("it", "Tocca a voi", "attende la vostra risposta", "tenete 3 delle vostre carte")])
def test_the_text_sent_with_a_tyros_link_says_what_to_do_in_every_language(language, turn,
                                                                          offer, keep):
    from parlor import i18n
    protocol, seeds, records = link_game("tyros", 4)
    english = {}
    try:
        for code in ("en", language):
            i18n.use(code)
            said = english if code == "en" else {}
            for record in records:
                view = protocol.view(record)
                if not view.get("to_move") or view.get("undealt"):
                    continue
                kind = ("offer" if view["pending"] and view["pending"]["waiting"] else
                        "keep" if view["phase"] == "keep" else "turn")
                session = linkplay.LinkSession(linkplay.Held(record, 0, seeds[0]),
                                               linkplay.LinkStore(MemoryBackend()))
                said.setdefault(kind, link_screens.share_text(session))
        assert set(said) == set(english) == {"turn", "offer", "keep"}
        for kind, expected in (("turn", turn), ("offer", offer), ("keep", keep)):
            assert said[kind] != english[kind] and "Parlor" in said[kind]
            if expected:
                assert expected in said[kind], said[kind]
    finally:
        i18n.use("en")


def test_the_text_sent_with_a_link_names_what_the_receiver_must_do():
    from parlor.games.tyros.board import Board
    board, names = Board(), ("Ana", "Bo", "Cy")
    view = {"to_move": [2], "pending": {"seat": 1, "waiting": True}, "phase": "actions"}
    assert board.asks(view, names) == "Cy, Bo's offer waits for your answer"
    assert board.asks({**view, "pending": None, "phase": "keep"}, names) == \
        "Cy, keep 3 of your cards"
    assert board.asks({**view, "pending": None}, names) == ""


def test_the_text_sent_with_a_tyrus_link_names_the_opening_the_count_and_the_tiebreak(
        monkeypatch):
    from dataclasses import replace
    from parlor.games.tyrus import link as tyrus
    protocol, seeds, records = link_game("tyrus", 2)
    said = {}
    for record in records:
        session = linkplay.LinkSession(linkplay.Held(record, 0, seeds[0]),
                                       linkplay.LinkStore(MemoryBackend()))
        phase, movers = protocol.table(record).phase, protocol.to_move(record)
        if movers and phase != tyrus.OVER:
            said.setdefault(phase, (NAMES[movers[0]], link_screens.share_text(session)))
    assert said[tyrus.OPENING] == ("Ana", "Ana, start the game: Tyrus with Bo on Parlor.")
    name, text = said[tyrus.REVEALING]
    assert text.startswith(f"{name}, turn up your tiles for the count: Tyrus with ")
    assert said[tyrus.PLACING][1].startswith("Your turn, ")
    counting = next(r for r in records if protocol.table(r).phase == tyrus.REVEALING)
    table = replace(protocol.table(counting), phase=tyrus.TIEBREAK, shown=(None, None))
    monkeypatch.setattr(protocol, "table", lambda record: table)
    assert protocol.asks(counting, ("Ana", "Bo")) == \
        f"{name}, show the tiles left in your hand for the tiebreak"


@pytest.mark.parametrize("key,players", [("tyros", 3), ("tyrannen", 2)])
def test_the_text_sent_with_the_creator_s_start_names_the_seats_and_the_first_step(key,
                                                                                   players):
    stores, links, seeds = sessions_of(key, players)
    creator = linkplay.LinkSession(stores[0].readable(decode(links[-1]).game_id), stores[0],
                                   sent=True)          # as the start left it (invited())
    assert creator.seat == 0 and creator.record.started and not creator.record.moves
    names = creator.names
    text = link_screens.share_text(creator)
    first = names[creator.protocol.to_move(creator.record)[0]]
    if key == "tyros":
        assert text == (f"Ana's Tyros game has started. Seats in order: {', '.join(names)}. "
                        f"{first}, cut the deck: open this link.")
    else:
        assert text == ("Ana's King & Assassins game has started. Seats in order: Ana (The "
                        f"king), Bo (The rebels). Your turn, {first}: open this link.")
    from parlor import i18n
    try:
        i18n.use("de")
        german = link_screens.share_text(creator)
    finally:
        i18n.use("en")
    assert "hat begonnen" in german and first in german and "Ana" in german


# On one device: the replay jumps to any move; its lines never tell a seat a hidden value.

def test_the_replay_of_a_game_on_this_device_has_a_slider_to_any_move():
    saved = SavedGame(id="00000000000000ab", game="tsuro", seed="ab" * 16,
                      names=("Computer 0", "Computer 1"), bots=(0, 1))
    session = Session.open(saved, Store(MemoryBackend()))
    while len(session.played) < 6:
        session.bot_move()
    total = len(session.played)
    html = game_screen(session, 4)
    assert f"Move 4 of {total}" in html
    assert f'max="{total}"' in html and 'value="4"' in html and 'name="replay-to"' in html


def taps_to_the_start(turns: list) -> list[int]:
    """Following "‹ Previous turn" from the latest position: where each tap lands."""
    step, landed = len(turns) - 1, []
    while True:
        jump = re.search(r'data-delta="(-?\d+)"(?![^>]*aria-disabled)[^>]*>‹ Previous turn<',
                         turn_buttons(turns, step))
        if jump is None:
            return landed
        step += int(jump.group(1))
        landed.append(step)


def test_a_long_tyros_game_is_crossed_turn_by_turn_in_the_replay():
    steps, final = playout(ENGINES["tyros"], 0, 3)
    turns = [state.turn for state, _move in steps] + [final.turn]
    starts = [k for k in range(len(turns)) if k == 0 or turns[k] != turns[k - 1]]
    assert len(turns) > 200 and len(starts) < len(turns) // 10
    assert taps_to_the_start(turns) == [k for k in starts[::-1] if k < len(turns) - 1]
    middle = starts[2] + 1
    ahead = re.search(r'data-delta="(-?\d+)"[^>]*>Next turn ›<', turn_buttons(turns, middle))
    assert middle + int(ahead.group(1)) == starts[3]
    assert "aria-disabled" in turn_buttons(turns, len(turns) - 1).split("‹ Previous")[1]
    assert turn_buttons([None] * 30, 12) == ""            # a game without turns: no jumps


def test_the_replay_of_a_tyros_game_by_link_has_its_turns_and_jumps():
    protocol, seeds, records = link_game("tyros", 3)
    final = records[-1]
    history = History(protocol, final, 1, seeds[1])
    turns = history.turns()
    assert len(turns) == history.count + 1 and turns[-1] == protocol.table(final).state.turn
    assert turns[-1] > turns[next(k for k, t in enumerate(turns) if t is not None)]
    session = linkplay.LinkSession(linkplay.Held(final, 1, seeds[1]),
                                   linkplay.LinkStore(MemoryBackend()))
    html = link_screens.link_screen(session, BASE, False, False, replay_step=history.count)
    assert f"Turn {turns[-1]}" in html and "‹ Previous turn" in html and SLIDER_NAME in html
    other, other_seeds, other_records = link_game("tsuro", 3)
    assert set(History(other, other_records[-1]).turns()) == {None}


SLIDER_NAME = 'name="replay-to"'


CASES = [(key, i, n) for key in sorted(ENGINES) for n in player_counts(ENGINES[key])
         for i in range(2)]


@pytest.mark.parametrize("key,seed_index,players", CASES)
def test_a_log_line_never_depends_on_a_value_hidden_from_its_reader(key, seed_index, players):
    """Hidden values re-dealt (as the seat could not tell apart) give the same line, whenever
    the move is still legal and leaves the seat seeing the same after it."""
    game = ENGINES[key]
    steps, _final = playout(game, seed_index, players)
    compared = 0
    for n, (state, move) in enumerate(steps[:: max(1, len(steps) // 40)]):
        for seat in [None, *range(players)]:
            other = game.sample_hidden(state, seat, derive(b"log resample", n, str(seat)))
            if move not in game.legal(other):
                continue
            if game.view(game.apply(other, move), seat) != game.view(game.apply(state, move),
                                                                      seat):
                continue
            assert game.describe(other, move, seat) == game.describe(state, move, seat), \
                (seat, move)
            compared += other != state
    assert compared, "no re-deal was compared: the check proved nothing"


def test_the_line_of_a_turn_still_being_written_follows_it_as_it_grows():
    """Tod dem Tyrannen: a turn is one message of several actions, written on its device
    action by action; its line is read again as the turn grows."""
    protocol, seeds, records = link_game("tyrannen", 2, cap=12)
    growing = [r for r in records if getattr(protocol.table(r), "open", False)]
    assert growing
    from parlor.links import history as module
    for record in records:
        lines = History(protocol, record, 0, seeds[0]).lines()[:]
        kept = dict(module._lines)
        module._lines.clear()
        assert lines == History(protocol, record, 0, seeds[0]).lines()
        module._lines.update(kept)
