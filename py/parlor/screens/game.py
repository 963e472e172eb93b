"""The screen of a game played on this device (hot-seat or against the computer)."""
from __future__ import annotations

from ..i18n import _, and_list
from .html import action_bar, board_area, board_controls, button, language_picker, sentence, with_names
from .replay import replay_button, replay_screen
from .status import result_line
from .svg import esc


def game_screen(session, replay_step: int | None = None, zoomed: bool = False) -> str:
    """Whatever the session's phase calls for, or the replay at `replay_step`; `zoomed`: the
    board drawn at its full size where it is wider than the screen (it pans)."""
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
        outcome = session.outcome
        everyone = session.seen(None)
        resigned = session.saved.resigned
        reason = _(outcome.reason) if resigned is None else \
            _(outcome.reason).format(name=names[resigned])
        return (header + notice +
                f'<section class="screen-over card"><h2 data-announce>{esc(result_line(outcome, names))}'
                f'</h2><p data-announce>{esc(sentence(reason))}</p>'
                + totals(board, everyone.view, names)
                + button(_("Play again"), "rematch", True) + button(_("All games"), "home")
                + '</section>'
                f'<section class="screen-news card">{board.summary(everyone.view, names)}</section>'
                + board_area(board.svg(everyone, None, names, False), board, zoomed)
                + more(session) + log(session, None))
    seat = session.holder
    playing = session.phase == "play"
    seen = session.seen(seat)
    actions = ""
    if playing and session.resigning:
        actions = resign_card(session.saved.resign_winners(session.state, seat), names)
    elif playing:
        undo = [(_("Take back"), "undo", False)] if session.can_undo() else []
        actions = action_bar(decision(session, seen), session.pending is not None,
                             undo + board.buttons(seen, session.pending),
                             board_controls(board, seen, session.pending, names))
    elif session.phase == "bot":
        thinking = _("{name} is thinking").format(name=names[session.mover])
        actions = ('<p class="hint thinking" role="status">'
                   f'{esc(thinking)}<span class="dots" aria-hidden="true"><i></i><i></i><i></i>'
                   '</span></p>')
    return (header + notice + '<div class="play">'
            + board_area(board.svg(seen, session.pending, names, playing), board, zoomed)
            + f'<div class="side">{actions}{more(session)}{log(session, seat)}</div></div>')


def totals(board, view, names) -> str:
    """Every player's total and what it is made of, at the end (boards that count points)."""
    lines = getattr(board, "totals", None)
    if lines is None:
        return ""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines(view, names))
    return f'<ul class="totals" data-announce>{items}</ul>'



def resign_card(winners, names) -> str:
    """Resign asks to be confirmed: who would win, and that it cannot be taken back (by link
    too: the player's device sends it, so it is as final)."""
    if len(winners) == 1:
        ask = _("Resign now? {name} wins the game. This cannot be taken back.").format(
            name=names[winners[0]])
    else:
        ask = _("Resign now? {names} share the win. This cannot be taken back.").format(
            names=and_list(names[s] for s in winners))
    label = esc(_("Resign"))
    return (f'<section class="card resign" role="group" aria-label="{label}">'
            f'<p data-announce>{esc(ask)}</p><div class="actions">'
            + button(_("Keep playing"), "keep-playing", True) + button(_("Yes, resign"), "resign-yes")
            + '</div></section>')


def resign_button(may: bool) -> str:
    return button(_("Resign"), "resign") if may else ""


def more(session) -> str:
    """The replay of the moves so far, the game's rules, Resign (for the player to move) and
    the app's language."""
    return (f'<p class="more">{replay_button(session)}'
            + resign_button(session.may_resign() and not session.resigning)
            + button(_("How to play"), "rules", game=session.saved.game)
            + f'{language_picker()}</p>')


def turn_line(session) -> str:
    """The header's line: whose turn, and the decision they face when it has a name (a staged
    move to confirm, an offer to answer)."""
    if session.phase == "over":
        return _("Game over")
    name = session.names[session.mover]
    if session.phase == "play" and session.holder == session.mover:
        if session.pending is not None:
            return _("{name}: confirm or take back your move").format(name=name)
        question = asked(session.board, session.seen(session.holder), session.names)
        if question:
            return question
    return _("{name} to play").format(name=name)


def asked(board, seen, names) -> str:
    """The question a board puts to the seat (an offer to answer), or ""."""
    ask = getattr(board, "question", None)
    return (ask(seen, names) or "") if ask else ""


def staged_words(session, seen) -> str:
    """The staged move in words: the board's (from the view, with its cost) or else the log's
    line for it (engine.describe, as the holder may read it, like the game log)."""
    board, move = session.board, session.pending
    if hasattr(board, "staged"):
        return board.staged(seen, move)
    return sentence(with_names(session.engine.describe(session.state, move, session.holder),
                               session.names))


def decision(session, seen) -> str:
    """The decision bar's sentence: the staged move and how to settle it, the question put
    to the player, or the board's hint."""
    hint = session.board.hint(seen, session.pending)
    if session.pending is not None:
        return " ".join(filter(None, (staged_words(session, seen), hint)))
    return asked(session.board, seen, session.names) or hint


def log(session, seat) -> str:
    """The moves so far, newest first, as `seat` may read them."""
    names = session.names
    items = [f"<li>{esc(with_names(line, names))}</li>" for line in session.log(seat)]
    if not items:
        return ""
    items[-1] = items[-1].replace("<li>", "<li data-announce>", 1)   # the newest move is news
    return ('<details class="log card"><summary>' + esc(_("Game log")) + '</summary><ol reversed>'
            + "".join(reversed(items)) + "</ol></details>")
