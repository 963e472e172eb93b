"""Issue 10: every game's links fuzzed through the path the app opens them by.

A device holding a seat at some point of an honest game opens a damaged link (truncated,
flipped, spliced between games or seats, an old one replayed, links out of order), then
draws the screen and the list of games; so does a device that holds nothing of the game yet
(its screen shows a damaged link's last good position). Never an uncaught exception; the kept
game is never lost nor replaced by a less advanced copy. A small sample runs every time; the
large run (25,000 cases per game, 100,000 in all) is marked slow:
`pytest -m slow tests/test_link_fuzz.py`.
"""
import random

import pytest

from parlor.links import device as linkplay
from parlor.links.record import decode, encode, merge
from parlor.play.saves import MemoryBackend
from parlor.screens import link as link_screens
from parlor.screens.status import link_status

from linktools import seal

GAMES = [("tyrus", {}), ("tyrannen", {}), ("tsuro", {"players": 3}), ("tyros", {"players": 3})]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."


def honest_game(game, options, seed_byte=1):
    """The links of one game, in order, and each seat's seed (the seating rule gives the
    seats: F13)."""
    stores = [linkplay.LinkStore(MemoryBackend())]
    sessions = [linkplay.create(stores[0], game, "Ana", {**options, "clock": 1},
                                seed=bytes(15) + bytes([seed_byte]))]
    links = [encode(sessions[0].record)]
    for n in range(1, options.get("players", 2)):
        stores.append(linkplay.LinkStore(MemoryBackend()))
        held, _ = linkplay.open_link(stores[n], links[-1])
        sessions.append(linkplay.LinkSession(held, stores[n]))
        sessions[n].join(f"<b>P{n}</b>", seed=bytes(15) + bytes([seed_byte + n]))
        links.append(encode(sessions[n].record))
    sessions[0].held = linkplay.open_link(stores[0], links[-1])[0]     # full: it starts
    links.append(encode(sessions[0].record))
    for session in sessions:
        session.held = linkplay.open_link(session.store, links[-1])[0]
    rng = random.Random(game)
    for _ in range(120):
        movers = [s for s in sessions if s.my_turn()]
        if not movers:
            break
        mover = movers[0]
        legal = mover.legal()
        mover.act(legal[rng.randrange(len(legal))])
        links.append(encode(mover.record))
        for session in sessions:
            if session is not mover:
                session.held = linkplay.open_link(session.store, links[-1])[0]
    return links, [s.held.seed for s in sorted(sessions, key=lambda s: s.seat)]  # seat order


@pytest.fixture(scope="module")
def corpus():
    return {game: honest_game(game, options) for game, options in GAMES}


def mutate(rng, text, links, others):
    """One damaged or misplaced link."""
    kind = rng.randrange(7)
    if kind == 0:
        return text[:rng.randrange(len(text))]
    if kind == 1:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice(ALPHABET) + text[at + 1:]
    if kind == 2:                       # splice a field from another game's link
        mine, theirs = text.split("."), rng.choice(others).split(".")
        if len(mine) == len(theirs):
            at = rng.randrange(len(mine))
            mine[at] = theirs[at]
        return ".".join(mine)
    if kind == 3:                       # seat data or moves from another point of this game
        mine, theirs = text.split("."), rng.choice(links).split(".")
        if len(mine) == len(theirs) == 5:
            at = rng.choice((2, 3))
            mine[at] = theirs[at]
        return ".".join(mine)
    if kind == 4:                       # an old link replayed as it was
        return rng.choice(links)
    if kind == 5:                       # a checksum redone over flipped moves
        parts = text.split(".")
        if len(parts) == 5 and parts[3]:
            at = rng.randrange(len(parts[3]))
            parts[3] = parts[3][:at] + rng.choice(ALPHABET[:64]) + parts[3][at + 1:]
            return seal(".".join(parts[:4]))
        return text
    return rng.choice(links[:rng.randrange(1, len(links) + 1)])   # out of order


def run(game, corpus, cases, seed):
    """`cases` damaged links opened on seat 1's device, held at a random point of the game."""
    links, seeds = corpus[game]
    rng = random.Random(seed)
    others = [text for g, (texts, _) in corpus.items() if g != game for text in texts]
    private = [linkplay.seat_link(linkplay.Held(decode(t), s, seeds[s]))
               for t in links[len(seeds):] for s in range(len(seeds))]
    for case in range(cases):
        store = linkplay.LinkStore(MemoryBackend())
        at = rng.randrange(len(seeds), len(links))
        fresh = rng.random() < 0.3          # a device that holds nothing of the game yet
        before = None if fresh else linkplay.open_link(store, linkplay.seat_link(
            linkplay.Held(decode(links[at]), 1, seeds[1])))[0]
        fragment = mutate(rng, rng.choice(links + private), links, others)
        try:
            held, note = linkplay.open_link(store, fragment)
        except linkplay.LinkProblem as err:
            assert str(err), fragment
        else:
            session = linkplay.LinkSession(held, store, notice=note)
            assert "<b>" not in link_screens.link_screen(session, "https://x/", False, False)
            link_status(held, 0.0)
        if before is None:
            continue
        kept = store.get(before.record.game_id)
        assert kept is not None, f"the kept game was lost by {fragment!r}"
        assert merge(kept.record, before.record)[1] in ("same", "older") and \
            len(kept.record.moves) >= len(before.record.moves), \
            f"{fragment!r} replaced the kept game by a less advanced one (case {case})"
        assert not store.all()[1], "a kept entry became unreadable"


@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_a_sample_of_fuzzed_links_never_crashes_nor_loses_the_game(game, options, corpus):
    run(game, corpus, cases=25, seed=f"sample {game}")


@pytest.mark.slow
@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_twenty_five_thousand_fuzzed_links_per_game(game, options, corpus):
    run(game, corpus, cases=25_000, seed=f"large {game}")
