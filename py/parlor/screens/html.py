"""Small pieces of HTML every screen uses. Every piece of text that is not ours goes through esc()."""
from __future__ import annotations

import re

from ..i18n import LANGUAGES, _, language
from .svg import esc, off, reason

SEAT_WORD = re.compile(r"\bSeat (\d)\b")


def with_names(text: str, names) -> str:
    """Engine log lines say 'Seat 0'; players want names."""
    return SEAT_WORD.sub(lambda m: names[int(m.group(1))], text)


def button(label: str, action: str, primary: bool = False, why: str | None = None,
           **data) -> str:
    """A button; with `why` a disabled one that says why (svg.off, svg.reason)."""
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in data.items())
    cls = "primary" if primary else "secondary"
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}{off(why)}>' \
        + esc(label) + reason(why) + "</button>"


def action_bar(hint: str, staged: bool, extra, controls: str = "") -> str:
    """The decision bar (in view at the screen's foot): the sentence naming what to decide,
    the board's controls for it (HTML, if it has any), Take back/Confirm for a staged move and
    the board's buttons, each a tuple (label, action, primary[, data]) where data holds data-*
    values and "why" for a disabled one."""
    buttons = [(_("Take back"), "take-back", False), (_("Confirm"), "confirm", True)] \
        if staged else []
    drawn = []
    for label, action, primary, *more in buttons + list(extra):
        data = dict(more[0]) if more else {}
        drawn.append(button(label, action, primary, data.pop("why", None), **data))
    label = esc(_("Your decision"))
    return (f'<section class="decision" aria-label="{label}"><p class="hint" aria-live="polite">'
            f'{esc(hint)}</p>{controls}<div class="actions">{"".join(drawn)}</div></section>')


def board_controls(board, seen, pending, names) -> str:
    """The controls a board puts in the decision bar (a panel of buttons), or ""."""
    controls = getattr(board, "controls", None)
    return controls(seen, pending, names) if controls else ""


def board_area(svg: str, board, zoomed: bool) -> str:
    """The board. One wider than a phone (`board.zoomable`) is drawn there at full size, so
    that every target is at least 44 CSS px, and pans (`zoomed`, the start); its button fits
    it to the screen to see it whole, where a tap zooms in again at the place tapped
    (web/pan.py). The button and the line saying how the board moves show on a phone only."""
    if not getattr(board, "zoomable", False):
        return f'<div class="board">{svg}</div>'
    label = _("Fit the board to the screen") if zoomed else _("Zoom in on the board")
    # Translators: under a board wider than a phone, drawn at full size.
    how = (_("Swipe sideways to see the rest of the board.") if zoomed
           # Translators: under a board fitted to a phone's screen, too small to tap.
           else _("Tap the board to zoom in there."))
    return (f'<div class="zoom-bar"><p class="pan-hint">{esc(how)}</p>'
            '<button type="button" class="secondary zoom" data-action="zoom" aria-pressed="'
            + ("true" if zoomed else "false") + f'">{esc(label)}</button></div>'
            + '<div class="board zoomable' + (" zoomed" if zoomed else "") + f'">{svg}</div>')


def sentence(text: str) -> str:
    """`text` with a capital first letter and one full stop at the end."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def language_picker() -> str:
    """The languages the app speaks, each named in itself (the app's change handler picks up
    name="language"; choosing one redraws the screen). The pseudo-locale is never offered."""
    now = language()
    picks = "".join(f'<option value="{code}" lang="{code}"{" selected" if code == now else ""}>'
                    f'{esc(name)}</option>' for code, name in LANGUAGES.items())
    name = esc(_("Language"))
    return (f'<select id="language" class="language" name="language" aria-label="{name}">'
            f'{picks}</select>')
