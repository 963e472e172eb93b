"""Replay: step back and forward through a game on this device, each position drawn from the
view of the player at the screen (at the end, what everyone may see)."""
from __future__ import annotations

from ..engine.protocol import SeatView
from ..i18n import _
from .html import button, with_names
from .svg import esc


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
    steps = (step_button(_("‹ Back"), -1, step > 0) + step_button(_("Forward ›"), 1, step < total)
             + button(_("Back to the game"), "replay-done", True))
    heading = _("Move {number} of {total}").format(number=step, total=total)
    return (header + f'<section class="card replay" aria-live="polite"><h2>{esc(heading)}</h2>'
            f'<p>{esc(line)}</p></section>'
            f'<div class="board">{session.board.svg(seen, None, names, False)}</div>'
            f'<div class="actions">{steps}</div>')


def step_button(label: str, delta: int, enabled: bool) -> str:
    why = None if enabled else (_("This is the start of the game.") if delta < 0 else
                                _("This is the latest position."))
    return button(label, "replay-step", why=why, delta=delta)
