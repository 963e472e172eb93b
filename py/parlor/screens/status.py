"""One-line status texts for the games a device holds: who is to play, who won, when."""
from __future__ import annotations

import time

from .. import catalog
from ..links import standing
from ..links.clock import describe_left


def result_line(outcome, names) -> str:
    if not outcome.winners:
        return "A draw"
    if len(outcome.winners) == 1:
        return f"{names[outcome.winners[0]]} won"
    return "Shared win: " + ", ".join(names[s] for s in outcome.winners)


def game_status(saved) -> str:
    """A saved game on this device: its result, or who is to play."""
    state = saved.replay().state
    engine = saved.engine
    outcome = engine.outcome(state)
    if outcome is not None:
        return result_line(outcome, saved.names)
    return f"{saved.names[engine.to_move(state)[0]]} to play"


def link_status(held, now: float | None = None, clock: bool = True) -> str:
    """A game by link held by this device: whose move it is and (with `clock`) the time
    left, a claim that may be made, or the verdict, in a few words."""
    now = time.time() if now is None else now
    record = held.record
    protocol = catalog.entry(record.game).link
    if not protocol.replay(record).ok:
        return "Link damaged"
    phase = protocol.phase(record)
    if phase == protocol.JOINING:
        return "Waiting for players"
    verdict, kind = standing.verdict(held, now)
    if kind in ("fair", "unfair"):
        return "Game over · " + ("verified fair" if kind == "fair" else "not fair")
    if kind == "forfeit":
        return verdict
    movers = protocol.to_move(record)
    remaining = standing.time_left(held, now)
    clock = "" if remaining is None or not clock else (
        " · time is up" if remaining <= 0 else f" · {describe_left(remaining)} left")
    if standing.may_claim(held, now):
        return "Time is up: you may claim a forfeit"
    if held.seat in movers:
        return ("Your turn: publish your secret" if phase == protocol.OVER else "Your turn") + clock
    name = record.seats[movers[0]].name or f"Player {movers[0] + 1}"
    return (f"Not yet verified: {name} to publish their secret" if phase == protocol.OVER
            else f"{name} to play") + clock


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
        return "just now"
    if seconds < 5400:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return time.strftime("%d %b %Y", time.localtime(stamp))
