"""An oracle for the shares of tiers casual-4 and -5 (parlor.links.shares), written apart from it.

It follows the rule as seeds/tsuro.md L6 and seeds/tyros.md YL4, YL8 state it, by brute force:
before each message it replays the whole game from the deal with the shares fixed so far,
and fixes the shares the sender acts on. No table, base or kept part is involved, so it
checks the protocol's incremental reading too. It shares with the protocol only the game's
hooks (`pool`, `reassigned`, `kind`, `drawn`, `draws`, `keyed`, `settled`, `waits`) and the way values
are picked, `shares.take` (tested on its own in tests/test_tyros_link.py).
"""
from collections import Counter
from dataclasses import dataclass

from parlor.links.fairplay import event_random
from parlor.links.shares import take


@dataclass(frozen=True)
class Share:
    group: int
    like: tuple


def play(protocol, state, moves, fixed: dict):
    """The engine state after `moves` from `state`, every share in `fixed` ((message, seat) ->
    (fixing message, values)) holding its values and every other share placeholder values
    (sorted first, none that a fixed share holds); the shares and each group's pool."""
    shares, pools, taken = {}, [], []
    for m, move in enumerate(moves):
        drawing = protocol.draws(move)
        if drawing:
            state = protocol.keyed(state, b"any key")
        state = protocol.settled(protocol.engine.apply(state, move))
        got = protocol.drawn(state) if drawing else ()
        receivers = [s for s, values in enumerate(got) if values]
        if not receivers:
            continue
        pool = Counter(protocol.pool(state))
        if not pools or pool != pools[-1] - taken[-1]:
            pools.append(pool)
            taken.append(Counter())
        free = pool - Counter(v for (k, s), (_j, values) in fixed.items()
                              if k > m or (k == m and s in receivers) for v in values)
        dealt = {s: fixed[m, s][1] for s in receivers if (m, s) in fixed}
        for s in receivers:
            if s not in dealt:
                dealt[s] = take(protocol, free, got[s], None)
                free -= Counter(dealt[s])
        state = protocol.reassigned(state, dealt)
        taken[-1] += Counter(v for values in dealt.values() for v in values)
        shares.update({(m, s): Share(len(pools) - 1, tuple(got[s])) for s in receivers})
    return state, shares, pools


def drew(sender, seat: int) -> bool:
    """Whether a message of `sender` drew for `seat` by `seat`'s own message: a set of seats
    is the message that completes a round of keeps sent at once (Tyros casual-7), which any
    of them may be the last to send."""
    return sender == seat or (isinstance(sender, frozenset) and seat in sender)


def fixings(protocol, ctx: bytes, start, moves, shown, acting, senders=()) -> dict:
    """(message, seat) -> (the message that fixed the share, its values): before message j
    its sender fixes the open shares of the seats `acting(state)` names, those of an earlier
    group than its own first (all of them, in message and seat order), each from its group's
    pool less the shares of the group fixed before it, keyed from shown[m + 1:j + 1].
    In tier casual-5 (`senders`: each message's sender) a seat's share drawn by its own
    message m is not due before message j while every message from m + 1 to j is that seat's
    own and the game lets it act without the share (`waits`); a sender given as a set of
    seats counts as each of them (`drew`)."""
    fixed = {}
    for j in range(len(moves)):
        while True:
            state, shares, pools = play(protocol, start, moves[:j], fixed)
            seats = acting(state)
            still = sorted(x for x in shares if x not in fixed)
            due = [x for x in still if x[1] in seats and not (
                senders and drew(senders[x[0]], x[1]) and set(senders[x[0] + 1:j + 1]) == {x[1]}
                and protocol.waits(state, shares[x].like))]
            if not due:
                break
            first = min(shares[x].group for x in still)
            whole = first < max(shares[x].group for x in due)
            for m, s in [x for x in still if shares[x].group == first
                         and (whole or x in due)]:
                before = Counter(v for x, (_j, values) in fixed.items()
                                 if shares[x].group == first for v in values)
                key = event_random(ctx, f"draw {m} seat {s}", shown[m + 1:j + 1])
                fixed[m, s] = (j, take(protocol, pools[first] - before, shares[m, s].like, key))
    return fixed
