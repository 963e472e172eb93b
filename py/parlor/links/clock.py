"""The clock of a game by link, as in correspondence chess: days per move, counted by each
device on its own.

The creator picks the days a seat has for each message it owes (a move, a reveal, its
secret at the end), or none. The choice travels in the record's options as `clock`. There
is no shared time without a server, so each device counts from the moment it came to hold
the position that made the debt (for the seat that sent it: when it sent that link), and
only then offers a forfeit claim. All times are seconds since the epoch, passed in, so tests
set them.
"""
from __future__ import annotations

from dataclasses import replace

from ..i18n import _, ngettext

CLOCK = "clock"
CHOICES = (0, 1, 3, 7)          # days per move; 0: no clock
DEFAULT_CLOCK = 3
DAY = 86_400


def clock_option(days) -> tuple[tuple[str, str], ...]:
    """The record option for a clock of `days` per move (none for no clock)."""
    if days not in CHOICES or isinstance(days, bool):
        raise ValueError(f"a clock is one of {CHOICES} days per move, not {days!r}")
    return ((CLOCK, str(days)),) if days else ()


def days_of(record) -> int:
    """Days per move of a record's game; 0 when it has no clock (or an unknown one, which
    `without_clock` leaves for the game's own check to refuse)."""
    text = dict(record.options).get(CLOCK, "0")
    return int(text) if text in {str(d) for d in CHOICES[1:]} else 0


def without_clock(record):
    """The record as its game sees it: the clock option taken out when it is a known one."""
    if not days_of(record):
        return record
    return replace(record, options=tuple(kv for kv in record.options if kv[0] != CLOCK))


def left(record, since: float, now: float) -> float | None:
    """Seconds left for the seat that owes a message held since `since`; None: no clock."""
    days = days_of(record)
    return None if not days else since + days * DAY - now


def describe_days(days: int) -> str:
    """"1 day", "3 days", in the reader's language."""
    return ngettext("{n} day", "{n} days", days).format(n=days)


def describe_per_move(days: int) -> str:
    """"3 days per move", in the reader's language (one message, so a language may reorder)."""
    return ngettext("{n} day per move", "{n} days per move", days).format(n=days)


def describe_left(seconds: float) -> str:
    """Time left in words: "2 days 3 h", "5 h", "40 min"."""
    seconds = max(0, int(seconds))
    days, hours, minutes = seconds // DAY, seconds % DAY // 3600, seconds % 3600 // 60
    # Translators: hours left, short (as on a clock), e.g. "5 h"
    hours_text = ngettext("{n} h", "{n} h", hours).format(n=hours)
    if days:
        if not hours:
            return describe_days(days)
        # Translators: time left, days then hours, e.g. "2 days 3 h"
        return _("{days} {hours}").format(days=describe_days(days), hours=hours_text)
    if hours:
        return hours_text
    minutes = max(1, minutes)
    # Translators: minutes left, short, e.g. "40 min"
    return ngettext("{n} min", "{n} min", minutes).format(n=minutes)
