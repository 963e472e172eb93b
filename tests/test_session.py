"""The hot-seat flow without a browser: pass screens, staging, confirm, news, the end."""
import pytest

from parlor.engine.protocol import SeatView
from parlor.games.tyrus.rules import ENGINE
from parlor.play.saves import MemoryBackend, SavedGame, Store
from parlor.play.session import Session, think


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


def computer_game():
    """Tsuro: a person in seat 0, the computer in seats 1 and 2; the person has moved."""
    saved = SavedGame(id="00000000000000bb", game="tsuro", seed="ef" * 16,
                      names=("Ana", "Computer 1", "Computer 2"), bots=(1, 2))
    session = Session.open(saved, Store(MemoryBackend()))
    assert session.phase == "play" and session.mover == 0
    session._commit(session.engine.legal(session.state)[0])
    assert session.phase == "bot"
    return session


def test_the_computer_thinks_from_the_saved_game_alone_and_its_answer_is_played():
    session = computer_game()
    here = Session.open(session.saved, Store(MemoryBackend()))
    here.bot_move()                                  # worked out on the page
    token = think(session.saved.to_json())           # worked out in the worker
    assert session.bot_answer(len(session.saved.moves), token)
    assert session.saved.moves == here.saved.moves, "the same move wherever it is worked out"
    assert session.mover == 2 and session.phase == "bot"


def test_a_stale_or_illegal_answer_is_not_played():
    session = computer_game()
    token = think(session.saved.to_json())
    asked = len(session.saved.moves)
    assert not session.bot_answer(asked - 1, token), "an answer for another position"
    assert session.bot_answer(asked, token)
    played = session.saved.moves
    # the same tile again, now for the next computer, which does not hold it
    assert not session.bot_answer(len(played), token)
    assert session.saved.moves == played and session.phase == "bot"


def test_the_worker_refuses_a_position_where_no_computer_is_to_move():
    saved = SavedGame(id="00000000000000cc", game="tsuro", seed="ef" * 16,
                      names=("Ana", "Computer"), bots=(1,))
    with pytest.raises(ValueError, match="not to move"):
        think(saved.to_json())


def test_the_replay_draws_each_position_from_the_view_of_the_player_at_the_screen():
    from parlor.screens.game import game_screen
    session = new_session()
    place_first_legal(session)
    place_first_legal(session)
    session.reveal()
    seat = session.holder
    for step in range(3):
        html = game_screen(session, step)
        assert f"Move {step} of 2" in html
        state = session.played[step][0] if step < 2 else session.state
        expected = session.board.svg(
            SeatView(ENGINE.view(state, seat), (), seat), None, session.saved.names, False)
        assert expected in html
        other = session.board.svg(
            SeatView(ENGINE.view(state, 1 - seat), (), 1 - seat), None, session.saved.names, False)
        assert other != expected and other not in html, "never the other seat's view"
