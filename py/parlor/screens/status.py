"""One-line status texts for the games a device holds: who is to play, who won, when."""
from __future__ import annotations

import time

from .. import catalog


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


def link_status(held) -> str:
    """A game by link held by this device: whose move it is, in a few words."""
    record = held.record
    protocol = catalog.entry(record.game).link
    if not protocol.replay(record).ok:
        return "Link damaged"
    phase = protocol.phase(record)
    if phase == protocol.JOINING:
        return "Waiting for players"
    movers = protocol.to_move(record)
    if not movers:
        return "Game over"
    if held.seat in movers:
        return "Your turn"
    name = record.seats[movers[0]].name or f"Player {movers[0] + 1}"
    return f"{name} to check the game" if phase == protocol.OVER else f"{name} to play"


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
