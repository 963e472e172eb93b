"""Small pieces of HTML every screen uses. Every piece of text that is not ours goes through esc()."""
from __future__ import annotations

import re

from ..i18n import LANGUAGES, _, language
from .svg import esc

SEAT_WORD = re.compile(r"\bSeat (\d)\b")


def with_names(text: str, names) -> str:
    """Engine log lines say 'Seat 0'; players want names."""
    return SEAT_WORD.sub(lambda m: names[int(m.group(1))], text)


def button(label: str, action: str, primary: bool = False, **data) -> str:
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in data.items())
    cls = "primary" if primary else "secondary"
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{esc(label)}</button>'


def action_bar(hint: str, staged: bool, extra) -> str:
    """The line saying what to do, Take back/Confirm for a staged move, the board's buttons."""
    return (f'<p class="hint" aria-live="polite">{esc(hint)}</p><div class="actions">'
            + (button(_("Take back"), "take-back") + button(_("Confirm"), "confirm", True)
               if staged else "")
            + "".join(button(label, action, primary) for label, action, primary in extra)
            + "</div>")


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
