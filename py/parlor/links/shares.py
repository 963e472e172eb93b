"""Tiers casual-4 and -5 of parlor.links.casual: each receiver's share of a draw fixed by its
own move.

Under late draws (casual-2) a draw is fixed whole, and with it every draw before it, when a
seat that received from it must act: the other receivers' values were fixed before they
played. Here the values a draw gives one seat are a share, and a share is fixed when its own
receiver must act, keyed from the chain values shown after its message up to that
receiver's own (label `draw m seat s`), so nobody else knows it before the receiver plays.

The draws from one pile between two moments when values come back into it (a reshuffle, a
deal of the discards) form a group: every value its draws took came from the pile as it
stood at the group's first draw, the group's pool. A share is drawn from that pool less the
shares of the group fixed before it (a keyed shuffle of what is left, sorted first), in the
order the shares were fixed, whatever order the draws came in. A share not fixed yet holds
placeholder values: the first ones in sorted order that no fixed share holds. When a share of
a later group must be fixed, every share still open in the earlier groups is fixed first,
since the later pool is what the earlier draws left.

In tier casual-5 a share that a seat's own message drew for it, fixed at that seat's very
next message, would be keyed from its own values alone: it could know it, and choose among
its moves for the share it likes. Such a share waits, where the game lets the seat act
without it (`waits`), until the seat acts after another seat's message, whose value is then
in its key.

A game fills in three hooks of CasualLink: `pool`, `reassigned` and, when its values come in
kinds drawn from separate piles (Tyros's cards and tiles), `kind`; in casual-5 also `waits`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..engine.rng import shuffled
from .fairplay import event_random


@dataclass(frozen=True)
class Share:
    """The values one draw gave one seat."""

    message: int
    seat: int
    like: tuple                # the values the engine drew for it: their kinds and number
    group: int
    fixed: bool


@dataclass
class Group:
    """The draws since the pile last grew."""

    pool: Counter              # what the group's draws could take, at its first draw
    taken: Counter             # what its draws took so far
    fixed: Counter             # what its fixed shares hold


def take(protocol, free: Counter, like: tuple, key: bytes | None) -> tuple:
    """As many values of each kind as `like` holds, from `free`: under `key` the first of a
    keyed shuffle, without a key (a placeholder) the first in sorted order."""
    values = []
    wanted = Counter(protocol.kind(value) for value in like)
    for kind in sorted(wanted, key=repr):
        candidates = sorted(v for v in free.elements() if protocol.kind(v) == kind)
        if key is not None:
            candidates = shuffled(candidates, key, protocol.game, "share")
        values += candidates[:wanted[kind]]
    return tuple(values)


def walk(protocol, ctx: bytes, table, acting: frozenset, before: int, placeholder: bytes,
         senders: tuple = ()):
    """Replay every message after the fixed ones, fixing the deal and the open shares of the
    seats in `acting` (those the seat to move acts on) drawn by the messages before `before`,
    keyed up to the last value shown. The move being read, from `before` on, is played only
    once they are fixed: the seat chose it with them in hand. In tier casual-5 (`senders`:
    the sender of each message up to the one being read) a seat's share of a draw its own
    message made waits, where the game allows, until another seat has sent a message since."""
    parts, earlier = table.parts, replace(table, moves=table.moves[:before])
    while True:
        result, shares, groups = replay(protocol, ctx, earlier, bool(acting), parts, placeholder)
        open_shares = [share for share in shares if not share.fixed]
        due = [share for share in open_shares if share.seat in acting
               and not (own(share, senders) and protocol.waits(result.state, share.like))]
        if not due and before == len(table.moves):
            return result                # no move being read: that replay was the whole one
        if not due:
            return replay(protocol, ctx, table, bool(acting), parts, placeholder)[0]
        first = min(share.group for share in open_shares)
        forced = first < max(share.group for share in due)
        group, new = groups[first], []
        for share in open_shares:
            if share.group == first and (forced or share in due):
                key = event_random(ctx, f"draw {share.message} seat {share.seat}",
                                   table.shown[share.message + 1:])
                values = take(protocol, group.pool - group.fixed, share.like, key)
                group.fixed += Counter(values)
                new.append((share.message, share.seat, values))
        parts += tuple(new)


def own(share: Share, senders: tuple) -> bool:
    """Whether `share` was drawn by its receiver's own message and no other seat has sent one
    since (tier casual-5; `senders` is empty in the tiers before): its receiver alone knows
    every value its key would hold. A sender given as a set of seats (casual-7: the message
    that completes a round sent at once, which any seat of the round may be the last to
    send on its device) counts as each of them."""
    sender = senders[share.message] if senders else None
    by_receiver = sender == share.seat or (isinstance(sender, frozenset) and share.seat in sender)
    return by_receiver and not set(senders[share.message + 1:]) - {share.seat}


def own_values(table, seat: int, senders: tuple) -> tuple:
    """Tier casual-5: the values of `seat`'s open shares that wait for another seat's message
    (`own`), as they stand in its hand for now."""
    return tuple(value for m, receiver, values in table.opened if receiver == seat
                 and own(Share(m, seat, values, 0, False), senders) for value in values)


def replay(protocol, ctx: bytes, table, deal: bool, parts: tuple, placeholder: bytes):
    """One replay from the table's base, the shares in `parts` (message, seat, values) fixed
    and the deal too when `deal`: the table, every share after the base and the groups."""
    shown, players = table.shown, table.players
    state, base, fixed = table.base, table.base, table.fixed
    waiting, unknown, shares, groups, opened = [], [()] * players, [], [], []
    if state is None and deal:
        state = base = protocol.deal(ctx, table, table.anchors + table.round + shown)
    elif state is None:
        state = protocol.started(table, placeholder)
        waiting.append((-1, frozenset(range(players))))
    stored = {(m, seat): values for m, seat, values in parts}
    for m in range(fixed, len(table.moves)):
        move = table.moves[m]
        drawing = move is not None and protocol.draws(move)
        if drawing:
            state = protocol.keyed(state, placeholder)
        if move is not None:        # None: a help message (tier casual-6) moves nothing
            state = protocol.settled(protocol.engine.apply(state, move))
        got = protocol.drawn(state) if drawing else ()
        receivers = [seat for seat, values in enumerate(got) if values]
        if receivers:
            state, late = _deal_shares(protocol, state, m, got, receivers, stored, groups)
            shares += [Share(m, seat, tuple(got[seat]), len(groups) - 1, seat not in late)
                       for seat in receivers]
            if late:
                waiting.append((m, frozenset(late)))
                opened += [(m, seat, values) for seat, values in sorted(late.items())]
                unknown = [held + late.get(seat, ()) for seat, held in enumerate(unknown)]
        if not waiting:
            base, fixed = state, m + 1
    result = replace(table, state=state, base=base, fixed=fixed, waiting=tuple(waiting),
                     unknown=tuple(unknown), parts=tuple(p for p in parts if p[0] >= fixed),
                     opened=tuple(opened))
    return result, shares, groups


def _deal_shares(protocol, state, m: int, got: tuple, receivers: list, stored: dict,
                 groups: list):
    """Give each receiver of draw m its fixed share, or placeholder values that no fixed share
    holds; returns the state and the placeholder values per seat whose share is open."""
    pool = Counter(protocol.pool(state))
    if not groups or pool != groups[-1].pool - groups[-1].taken:
        groups.append(Group(pool, Counter(), Counter()))
    group = groups[-1]
    free = pool - sum((Counter(values) for (k, _seat), values in stored.items() if k > m),
                      Counter())
    dealt, late = {}, {}
    for seat in receivers:
        if (m, seat) in stored:
            dealt[seat] = stored[m, seat]
            free -= Counter(dealt[seat])
            group.fixed += Counter(dealt[seat])
    for seat in receivers:
        if seat not in dealt:
            dealt[seat] = late[seat] = take(protocol, free, got[seat], None)
            free -= Counter(dealt[seat])
    group.taken += Counter(value for values in dealt.values() for value in values)
    return protocol.reassigned(state, dealt), late
