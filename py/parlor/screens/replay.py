"""Replay: step back and forward through a game, or jump to any move with the slider, each
position drawn from the view of the player at the screen (at the end, what everyone may see).
A game on this device replays its saved moves; a game by link replays its messages as this
device's seat saw them (parlor.links.history)."""
from __future__ import annotations

from ..engine.protocol import SeatView
from ..i18n import _
from .html import button, with_names
from .svg import esc

SLIDER = "replay-to"            # the slider's name: the app's change handler reads it


def replay_seat(session):
    """Whose eyes are on the replay: the player holding the device, everyone at the end."""
    return None if session.phase == "over" else session.holder


def replay_button(session) -> str:
    """The way into the replay, once there is a move to look back on."""
    if not session.played or session.phase not in ("play", "bot", "over"):
        return ""
    return button(_("Replay the moves"), "replay")


def replay_screen(session, header: str, step: int) -> str:
    """Position `step` (0: the start, len(played): now) with the move that led to it."""
    seat, total = replay_seat(session), len(session.played)
    names = session.names
    state = session.played[step][0] if step < total else session.state
    if step == 0:
        line = _("The start of the game.")
    else:
        before, move = session.played[step - 1]
        line = with_names(session.engine.describe(before, move, seat), names)
    seen = SeatView(session.engine.view(state, seat), (), seat)
    turns = [session.engine.turn_of(before) for before, _move in session.played] \
        + [session.engine.turn_of(session.state)]
    return replay_page(header, step, total, line, session.board.svg(seen, None, names, False),
                       turns)


def link_replay_screen(session, history, header: str, step: int) -> str:
    """A game by link after `step` of its messages, as this device's seat saw it."""
    total = history.count
    step = max(0, min(step, total))
    line = (with_names(history.lines()[step - 1], session.names) if step
            else _("The start of the game."))
    board = session.board.svg(history.frame(step), None, session.names, False)
    return replay_page(header, step, total, line, board, history.turns())


def turn_starts(turns: list) -> list[int]:
    """The positions where a turn begins (the first position of each turn number)."""
    return [k for k, turn in enumerate(turns)
            if turn is not None and (k == 0 or turns[k - 1] != turn)]


def turn_buttons(turns: list, step: int) -> str:
    """Jumps to the start of the turn before and the next one, for a game with turns: a
    360-move game is crossed in a dozen taps, besides the slider ("" without turns)."""
    starts = turn_starts(turns)
    if len(starts) < 2:
        return ""
    back = max((k for k in starts if k < step), default=None)
    ahead = min((k for k in starts if k > step), default=None)
    return (step_button(_("‹ Previous turn"), (back or 0) - step, back is not None, True)
            + step_button(_("Next turn ›"), (ahead or step) - step, ahead is not None, False))


def replay_page(header: str, step: int, total: int, line: str, board: str,
                turns: list | None = None) -> str:
    """The replay's page: which move (and turn), what it did, the board, and the ways to move
    on: a move back or forward, a turn back or forward, the slider to any move."""
    heading = _("Move {number} of {total}").format(number=step, total=total)
    turn = turns[step] if turns and step < len(turns) else None
    turn_line = ('<span class="meta replay-turn">' + esc(_("Turn {turn}").format(turn=turn))
                 + '</span>') if turn is not None else ""
    steps = (step_button(_("‹ Back"), -1, step > 0) + step_button(_("Forward ›"), 1, step < total)
             + button(_("Back to the game"), "replay-done", True))
    jumps = turn_buttons(turns or [], step)
    if jumps:                            # a row of their own: four buttons fit a phone's width
        steps = jumps + '</div><div class="actions">' + steps
    label = esc(_("Go to move"))
    slider = (f'<label class="replay-to">{label} <input type="range" id="{SLIDER}" '
              f'name="{SLIDER}" min="0" max="{total}" step="1" value="{step}" '
              f'aria-valuetext="{esc(heading)}"></label>')
    return (header + f'<section class="card replay" aria-live="polite"><h2>{esc(heading)}</h2>'
            f'{turn_line}<p>{esc(line)}</p>{slider}</section>'
            f'<div class="board">{board}</div>'
            f'<div class="actions">{steps}</div>')


def step_button(label: str, delta: int, enabled: bool, backward: bool | None = None) -> str:
    """A jump of `delta` moves (`backward`: which way it points, by default the sign)."""
    backward = delta < 0 if backward is None else backward
    why = None if enabled else (_("This is the start of the game.") if backward else
                                _("This is the latest position."))
    return button(label, "replay-step", why=why, delta=delta)
