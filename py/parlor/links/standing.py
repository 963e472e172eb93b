"""Where a game by link stands on this device: who owes what, how long they have left, when a
forfeit may be claimed, and the verdict the end screen and "Your games" show.

Time is this device's own (links/clock.py): `now` is passed in, and the clock of the
position runs from `Held.since`, when this device came to hold it (sent it, or opened it).
"""
from __future__ import annotations

from .. import catalog
from .clock import days_of, describe_days, describe_left, left
from .fairplay import history_tag, transcript_hash

FAIR = "Verified fair: every hidden choice, draw and claim was checked."


def _protocol(held):
    return catalog.entry(held.record.game).link


def _name(held, seat: int) -> str:
    return held.record.seats[seat].name


def owed(held) -> tuple[int, ...]:
    """The seats that owe a message now: the mover in play, the seats whose secret is not out
    after the end; none while joining, after a claim or in a damaged link."""
    protocol = _protocol(held)
    if not protocol.replay(held.record).ok or protocol.phase(held.record) == protocol.JOINING:
        return ()
    return protocol.to_move(held.record)


def time_left(held, now: float) -> float | None:
    """Seconds left to the seats that owe (negative once the time is up); None: no clock or
    nobody owes."""
    return left(held.record, held.since, now) if owed(held) else None


def may_claim(held, now: float) -> bool:
    """Whether this device's seat may claim a forfeit: another seat owes a move or a reveal
    and its time, counted on this device, has run out."""
    remaining = time_left(held, now)
    return (held.seat is not None and remaining is not None and remaining <= 0
            and _protocol(held).may_claim(held.record, held.seat))


def waiting(held, now: float) -> str:
    """Who owes a message and how long they have, in one sentence."""
    movers = owed(held)
    if not movers:
        return "nobody owes a message."
    remaining = time_left(held, now)
    who = "you" if held.seat in movers else ", ".join(_name(held, m) for m in movers)
    if remaining is None:
        return f"this game has no clock; waiting for {who}."
    if remaining <= 0:
        return f"{who}: the time is up."
    verb = "have" if who == "you" or len(movers) > 1 else "has"
    return f"{who} {verb} {describe_left(remaining)} left."


def clock_line(held, now: float) -> str:
    """The clock on screen: the days per move and who has how long left."""
    days = days_of(held.record)
    if not days:
        return ""
    return f"Clock: {describe_days(days)} per move; {waiting(held, now)}"


def verdict(held, now: float) -> tuple[str, str]:
    """The end of a game as text and a class (fair, unfair, pending, forfeit); ("", "") while
    the game goes on. "Verified fair" only when every seed is out and the audit passed."""
    protocol, record = _protocol(held), held.record
    if not protocol.replay(record).ok or protocol.phase(record) != protocol.OVER:
        return "", ""
    claim = protocol.claim_of(record)
    days = describe_days(days_of(record))
    if claim:
        return f"Won by forfeit: {_name(held, claim[1])} did not answer in {days}.", "forfeit"
    missing = protocol.to_move(record)
    if missing:
        names = ", ".join(_name(held, m) for m in missing)
        remaining = time_left(held, now)
        if remaining is not None and remaining <= 0:
            return (f"Not verified: {names} did not publish their secret in {days}, which "
                    f"counts as a forfeit by {names}.", "forfeit")
        return (f"Not yet verified: waiting for {names} to publish their secret"
                + (f" ({describe_left(remaining)} left)." if remaining is not None else ".")
                + " Everything hidden is checked then.", "pending")
    audit = protocol.audit(record)
    if audit.ok:
        return FAIR, "fair"
    proven = [p for p in audit.problems if witnessed(held, protocol, p)]
    if not proven:
        where = f"at message {audit.move + 1}" if audit.move is not None else ""
        return (f"Not verified: the fairness check failed {where}, but this device did not "
                "see that part of the game before its player's secret was out, so anyone "
                "holding a link could have changed it: nobody is blamed.", "pending")
    first = proven[0]
    where = f"message {first.move + 1}" if first.move is not None else "the game's history"
    return f"Not fair: {where}: {first.detail}", "unfair"


def witnessed(held, protocol, problem) -> bool:
    """Whether a problem names a seat on evidence only that seat could have made: a message
    covered by its history tag as this device held it before the seat's secret was out, the
    tag proven by that secret."""
    record = held.record
    seed = record.seats[problem.seat].seed
    ends = protocol.table(record).ends
    if problem.move is None or problem.move >= len(ends) or not seed:
        return False
    return any(n == problem.seat and ends[problem.move] <= moves and tag == history_tag(
        seed, transcript_hash(record.game_id, record.moves[:moves]))
        for n, moves, tag in held.witness)
