"""The hot-seat flow without a browser: pass screens, staging, confirm, news, the end."""
from parlor.games.tyrus.rules import ENGINE
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session


def new_session(limit=None):
    saved = SavedGame(id="00000000000000aa", game="tyrus", seed="cd" * 16, names=("Ana", "Bo"))
    return Session.open(saved, Store(MemoryBackend(limit)))


def place_first_legal(session):
    """Tap the first tile of the hand, then the first lit building, then confirm."""
    if session.phase == "pass":
        session.reveal()
    move = ENGINE.legal(session.state)[0]
    session.tap({"tile": f"{'SMP'[move.tile // 10]}{move.tile % 10 + 1}"})
    session.tap({"building": str(move.building)})
    assert session.pending == move
    session.confirm()


def test_a_shared_device_game_opens_on_the_pass_screen_and_hides_the_board():
    session = new_session()
    assert session.phase == "pass" and session.holder is None
    session.tap({"tile": "S1"})
    assert session.pending is None, "nothing can be done before the device is taken"
    session.reveal()
    assert session.phase == "play" and session.holder == session.mover


def test_confirm_commits_saves_and_passes_the_device():
    session = new_session()
    first = session.mover
    place_first_legal(session)
    assert len(session.saved.moves) == 2
    assert session.store.load(session.saved.id).moves == session.saved.moves
    assert session.phase == "pass" and session.mover != first


def test_take_back_unstages_and_nothing_is_recorded():
    session = new_session()
    session.reveal()
    move = ENGINE.legal(session.state)[0]
    session.tap({"tile": f"{'SMP'[move.tile // 10]}{move.tile % 10 + 1}"})
    session.tap({"building": str(move.building)})
    session.take_back()
    assert session.pending is None and session.saved.moves == ""


def test_the_sixth_placement_shows_the_tally_to_everyone_before_play_goes_on():
    session = new_session()
    for _ in range(6):
        assert session.phase in ("pass", "play")
        last = session.mover
        place_first_legal(session)
    assert session.phase == "news" and "Election 1" in session.news
    session.dismiss_news()
    # the second player closes odd elections and opens even ones: they keep the device
    assert session.phase == "play" and session.holder == session.mover == last


def test_a_game_runs_to_its_end():
    session = new_session()
    for _ in range(80):
        if session.phase == "over":
            break
        if session.phase == "news":
            session.dismiss_news()
            continue
        place_first_legal(session)
    assert session.phase == "over" and ENGINE.outcome(session.state) is not None


def test_full_storage_is_told_and_the_game_goes_on():
    session = new_session(limit=10)
    place_first_legal(session)
    assert "storage is full" in session.notice
    assert session.phase == "pass" and len(session.saved.moves) == 2
