"""The screen of a game played on this device (hot-seat or against the computer)."""
from __future__ import annotations

from .html import action_bar, button, sentence, with_names
from .replay import replay_button, replay_screen
from .status import result_line
from .svg import esc


def game_screen(session, replay_step: int | None = None) -> str:
    """Whatever the session's phase calls for, or the replay at `replay_step`."""
    names = session.saved.names
    title = esc(session.saved.entry.title())
    header = (f'<header class="bar">{button("‹ Games", "home")}<h1>{title}</h1>'
              f'<span class="turn-line" data-announce>{esc(turn_line(session))}</span></header>')
    if replay_step is not None:
        return replay_screen(session, header, replay_step)
    notice = f'<p class="notice" role="alert">{esc(session.notice)}</p>' if session.notice else ""
    board = session.board
    if session.phase == "pass":
        mover = names[session.mover]
        return (header + notice +
                f'<section class="screen-pass card"><p data-announce>Pass the device to</p>'
                f'<h2 data-announce>{esc(mover)}</h2>'
                f'<p>Everyone else: look away while {esc(mover)} plays.</p>'
                f'{button(f"I am {mover}: show my game", "reveal", True)}</section>')
    if session.phase == "news":
        return (header + notice + '<section class="screen-news card" data-announce>' + session.news +
                button("Continue", "continue", True) + "</section>")
    if session.phase == "over":
        outcome = session.engine.outcome(session.state)
        everyone = session.seen(None)
        return (header + notice +
                f'<section class="screen-over card"><h2 data-announce>{esc(result_line(outcome, names))}'
                f'</h2><p data-announce>{esc(sentence(outcome.reason))}</p>'
                f'{button("Play again", "rematch", True)}{button("All games", "home")}</section>'
                f'<div class="board">{board.svg(everyone, None, names, False)}</div>'
                f'<section class="screen-news card">{board.summary(everyone.view, names)}</section>'
                + more(session) + log(session, None))
    seat = session.holder
    playing = session.phase == "play"
    seen = session.seen(seat)
    actions = ""
    if playing:
        undo = [("Take back", "undo", False)] if session.can_undo() else []
        actions = action_bar(board.hint(seen, session.pending), session.pending is not None,
                             undo + board.buttons(seen, session.pending))
    elif session.phase == "bot":
        actions = ('<p class="hint thinking" role="status">'
                   f'{esc(names[session.mover])} is thinking<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span></p>')
    return (header + notice
            + f'<div class="board">{board.svg(seen, session.pending, names, playing)}</div>'
            + actions + more(session) + log(session, seat))


def more(session) -> str:
    """The replay of the moves so far and the game's rules."""
    return (f'<p class="more">{replay_button(session)}'
            f'{button("How to play", "rules", game=session.saved.game)}</p>')


def turn_line(session) -> str:
    if session.phase == "over":
        return "Game over"
    return f"{session.saved.names[session.mover]} to play"


def log(session, seat) -> str:
    """The moves so far, newest first, as `seat` may read them."""
    names = session.saved.names
    items = [f"<li>{esc(with_names(line, names))}</li>" for line in session.log(seat)]
    if not items:
        return ""
    items[-1] = items[-1].replace("<li>", "<li data-announce>", 1)   # the newest move is news
    return ('<details class="log card"><summary>Game log</summary><ol reversed>'
            + "".join(reversed(items)) + "</ol></details>")
