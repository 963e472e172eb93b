"""Where a game by link stands on this device: who owes what, how long they have left, when a
forfeit may be claimed, and the verdict the end screen and "Your games" show.

Time is this device's own (links/clock.py): `now` is passed in, and the clock of the
position runs from `Held.since`, when this device came to hold it (sent it, or opened it).
"""
from __future__ import annotations

from .. import catalog
from ..i18n import N_, _, ngettext
from .base import signed_covers
from .clock import days_of, describe_left, left
from .fairplay import history_tag, transcript_hash
from .record import shown_name

FAIR = N_("Verified fair: every hidden choice, draw and claim was checked.")


def _protocol(held):
    return catalog.entry(held.record.game).link


def _name(held, seat: int) -> str:
    return shown_name(held.record.seats[seat], seat)


def _names(held, seats) -> str:
    return ", ".join(_name(held, m) for m in seats)


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
        return _("nobody owes a message.")
    remaining = time_left(held, now)
    you = held.seat in movers
    names = _names(held, movers)
    if remaining is None:
        return (_("this game has no clock; waiting for you.") if you
                else _("this game has no clock; waiting for {names}.").format(names=names))
    if remaining <= 0:
        return (_("you: the time is up.") if you
                else _("{names}: the time is up.").format(names=names))
    time = describe_left(remaining)
    if you:
        return _("you have {time} left.").format(time=time)
    return ngettext("{names} has {time} left.", "{names} have {time} left.",
                    len(movers)).format(names=names, time=time)


def clock_line(held, now: float) -> str:
    """The clock on screen: the days per move and who has how long left."""
    days = days_of(held.record)
    if not days:
        return ""
    return ngettext("Clock: {n} day per move; {waiting}", "Clock: {n} days per move; {waiting}",
                    days).format(n=days, waiting=waiting(held, now))


def verdict(held, now: float) -> tuple[str, str]:
    """The end of a game as text and a class (fair, unfair, pending, forfeit, resigned); ("", "") while
    the game goes on. "Verified fair" only when every seed is out and the audit passed.
    The text is made in the reader's language each time: nothing of it is kept."""
    protocol, record = _protocol(held), held.record
    if not protocol.replay(record).ok or protocol.phase(record) != protocol.OVER:
        return "", ""
    claim = protocol.claim_of(record)
    days = days_of(record)
    resigned = protocol.resigned_of(record)
    if resigned is not None:
        return _("Won by resignation: {name} resigned.").format(
            name=_name(held, resigned)), "resigned"
    if claim:
        return ngettext("Won by forfeit: {name} did not answer in {n} day.",
                        "Won by forfeit: {name} did not answer in {n} days.",
                        days).format(name=_name(held, claim[1]), n=days), "forfeit"
    missing = protocol.to_move(record)
    if missing:
        names = _names(held, missing)
        remaining = time_left(held, now)
        if remaining is not None and remaining <= 0:
            return ngettext("Not verified: {names} did not publish their secret in {n} day, "
                            "which counts as a forfeit by {names}.",
                            "Not verified: {names} did not publish their secret in {n} days, "
                            "which counts as a forfeit by {names}.",
                            days).format(names=names, n=days), "forfeit"
        if remaining is not None:
            return _("Not yet verified: waiting for {names} to publish their secret ({time} "
                     "left). Everything hidden is checked then.").format(
                names=names, time=describe_left(remaining)), "pending"
        return _("Not yet verified: waiting for {names} to publish their secret. Everything "
                 "hidden is checked then.").format(names=names), "pending"
    audit = protocol.audit(record)
    if audit.ok:
        return _(FAIR), "fair"
    proven = [p for p in audit.problems if witnessed(held, protocol, p)]
    if not proven:
        if audit.move is not None:
            return _("Not verified: the fairness check failed at message {number}, but this "
                     "device did not see that part of the game before its player's secret was "
                     "out, so anyone holding a link could have changed it: nobody is "
                     "blamed.").format(number=audit.move + 1), "pending"
        return _("Not verified: the fairness check failed, but this device did not see that "
                 "part of the game before its player's secret was out, so anyone holding a "
                 "link could have changed it: nobody is blamed."), "pending"
    first = proven[0]
    if first.move is not None:
        return _("Not fair: message {number}: {problem}").format(
            number=first.move + 1, problem=first.detail), "unfair"
    return _("Not fair: the game's history: {problem}").format(problem=first.detail), "unfair"


def witnessed(held, protocol, problem) -> bool:
    """Whether a problem names a seat on evidence only that seat could have made: in a signed
    game, a message its signature covers; else a message covered by its history tag as this
    device held it before the seat's secret was out, the tag proven by that secret."""
    record = held.record
    seed = record.seats[problem.seat].seed
    ends = protocol.table(record).ends
    if problem.move is None or problem.move >= len(ends):
        return False
    if record.signed:           # its signature, checked on arrival, proves it (F12)
        return signed_covers(record, problem.seat, ends[problem.move])
    if not seed:
        return False
    return any(n == problem.seat and ends[problem.move] <= moves and tag == history_tag(
        seed, transcript_hash(record.game_id, record.moves[:moves]))
        for n, moves, tag in held.witness)
