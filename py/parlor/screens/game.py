"""The screen of a game played on this device (hot-seat or against the computer)."""
from __future__ import annotations

from ..i18n import _
from .html import action_bar, button, language_picker, sentence, with_names
from .replay import replay_button, replay_screen
from .status import result_line
from .svg import esc


def game_screen(session, replay_step: int | None = None) -> str:
    """Whatever the session's phase calls for, or the replay at `replay_step`."""
    names = session.names
    title = esc(session.saved.entry.title())
    # (No _() inside an f-string: the extractor would not see the message.)
    header = ('<header class="bar">' + button(_("‹ Games"), "home") + f'<h1>{title}</h1>'
              f'<span class="turn-line" data-announce>{esc(turn_line(session))}</span></header>')
    if replay_step is not None:
        return replay_screen(session, header, replay_step)
    notice = ('<p class="notice" role="alert">' + esc(_(session.notice)) + '</p>'
              if session.notice else "")
    board = session.board
    if session.phase == "pass":
        mover = names[session.mover]
        away = _("Everyone else: look away while {name} plays.").format(name=mover)
        show = _("I am {name}: show my game").format(name=mover)
        return (header + notice + '<section class="screen-pass card"><p data-announce>'
                + esc(_("Pass the device to")) + f'</p><h2 data-announce>{esc(mover)}</h2>'
                f'<p>{esc(away)}</p>{button(show, "reveal", True)}</section>')
    if session.phase == "news":
        return (header + notice + '<section class="screen-news card" data-announce>' + session.news +
                button(_("Continue"), "continue", True) + "</section>")
    if session.phase == "over":
        outcome = session.engine.outcome(session.state)
        everyone = session.seen(None)
        return (header + notice +
                f'<section class="screen-over card"><h2 data-announce>{esc(result_line(outcome, names))}'
                f'</h2><p data-announce>{esc(sentence(_(outcome.reason)))}</p>'
                + button(_("Play again"), "rematch", True) + button(_("All games"), "home")
                + '</section>'
                f'<div class="board">{board.svg(everyone, None, names, False)}</div>'
                f'<section class="screen-news card">{board.summary(everyone.view, names)}</section>'
                + more(session) + log(session, None))
    seat = session.holder
    playing = session.phase == "play"
    seen = session.seen(seat)
    actions = ""
    if playing:
        undo = [(_("Take back"), "undo", False)] if session.can_undo() else []
        actions = action_bar(board.hint(seen, session.pending), session.pending is not None,
                             undo + board.buttons(seen, session.pending))
    elif session.phase == "bot":
        thinking = _("{name} is thinking").format(name=names[session.mover])
        actions = ('<p class="hint thinking" role="status">'
                   f'{esc(thinking)}<span class="dots" aria-hidden="true"><i></i><i></i><i></i>'
                   '</span></p>')
    return (header + notice
            + f'<div class="board">{board.svg(seen, session.pending, names, playing)}</div>'
            + actions + more(session) + log(session, seat))


def more(session) -> str:
    """The replay of the moves so far, the game's rules and the app's language."""
    return (f'<p class="more">{replay_button(session)}'
            + button(_("How to play"), "rules", game=session.saved.game)
            + f'{language_picker()}</p>')


def turn_line(session) -> str:
    if session.phase == "over":
        return _("Game over")
    return _("{name} to play").format(name=session.names[session.mover])


def log(session, seat) -> str:
    """The moves so far, newest first, as `seat` may read them."""
    names = session.names
    items = [f"<li>{esc(with_names(line, names))}</li>" for line in session.log(seat)]
    if not items:
        return ""
    items[-1] = items[-1].replace("<li>", "<li data-announce>", 1)   # the newest move is news
    return ('<details class="log card"><summary>' + esc(_("Game log")) + '</summary><ol reversed>'
            + "".join(reversed(items)) + "</ol></details>")
