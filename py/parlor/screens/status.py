"""One-line status texts for the games a device holds: who is to play, who won, when."""
from __future__ import annotations

import time

from .. import catalog
from ..i18n import N_, _, ngettext
from ..links import standing
from ..links.clock import describe_left
from ..links.record import shown_name

# Translators: a month, short, in a date such as "5 Mar 2025"
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def result_line(outcome, names) -> str:
    if not outcome.winners:
        return _("A draw")
    if len(outcome.winners) == 1:
        return _("{name} won").format(name=names[outcome.winners[0]])
    return _("Shared win: {names}").format(names=", ".join(names[s] for s in outcome.winners))


def game_status(saved) -> str:
    """A saved game on this device: its result, or who is to play."""
    state = saved.replay().state
    engine = saved.engine
    outcome = saved.outcome(state)
    names = saved.shown_names
    if outcome is not None:
        return result_line(outcome, names)
    return _("{name} to play").format(name=names[engine.to_move(state)[0]])


def link_status(held, now: float | None = None, clock: bool = True) -> str:
    """A game by link held by this device: whose move it is and (with `clock`) the time
    left, a claim that may be made, or the verdict, in a few words."""
    now = time.time() if now is None else now
    record = held.record
    protocol = catalog.entry(record.game).link
    if not protocol.replay(record).ok:
        return _("Link damaged")
    phase = protocol.phase(record)
    if phase == protocol.JOINING:
        return _("Waiting for players")
    verdict, kind = standing.verdict(held, now)
    if kind in ("fair", "unfair"):
        return _("Game over · verified fair") if kind == "fair" else _("Game over · not fair")
    if kind in ("forfeit", "resigned"):
        return verdict
    movers = protocol.to_move(record)
    remaining = standing.time_left(held, now)
    if standing.may_claim(held, now):
        return _("Time is up: you may claim a forfeit")
    if held.seat in movers:
        line = _("Your turn: publish your secret") if phase == protocol.OVER else _("Your turn")
    elif phase != protocol.OVER and len(movers) > 1:      # choices made at once (Tyros YL10)
        line = _("{names} to play").format(names=", ".join(
            shown_name(record.seats[m], m) for m in movers))
    else:
        name = shown_name(record.seats[movers[0]], movers[0])
        line = (_("Not yet verified: {name} to publish their secret") if phase == protocol.OVER
                else _("{name} to play")).format(name=name)
    if remaining is None or not clock:
        return line
    # Translators: a status and the time left to answer, e.g. "Your turn · 2 days 3 h left"
    return (_("{status} · time is up") if remaining <= 0 else _("{status} · {time} left")).format(
        status=line, time=describe_left(max(0, remaining)))


def your_turns(links) -> int:
    """How many of the games by link a device holds wait for its move."""
    count = 0
    for held in links:
        protocol = catalog.entry(held.record.game).link
        if held.seat is not None and protocol.replay(held.record).ok \
                and held.seat in protocol.to_move(held.record):
            count += 1
    return count


def when(stamp: float) -> str:
    seconds = max(0, time.time() - stamp)
    if seconds < 90:
        return _("just now")
    if seconds < 5400:
        minutes = round(seconds / 60)
        return ngettext("{n} min ago", "{n} min ago", minutes).format(n=minutes)
    if seconds < 36 * 3600:
        hours = round(seconds / 3600)
        return ngettext("{n} h ago", "{n} h ago", hours).format(n=hours)
    day = time.localtime(stamp)
    # Translators: a date, e.g. "5 Mar 2025" (the month is translated on its own)
    return _("{day} {month} {year}").format(day=f"{day.tm_mday:02d}",
                                            month=_(MONTHS[day.tm_mon - 1]), year=day.tm_year)
