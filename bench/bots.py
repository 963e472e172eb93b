"""The computer opponent: its strength and its thinking time.

- `.venv/bin/python bench/bots.py [games per match] [match names...]` (default: all matches,
  CPython): each match plays the bot (default level) against random bots or against greedy
  bots (`greedy_bot`: the move that brings the most points at once), the bot's seat rotating
  from game to game; Tod dem Tyrannen is played once per side, and once bot against bot. A
  score counts a win 1, a shared win 1/k, a draw 1/2; "share" is what an equal player would
  score. Pyodide runs the same code about 2x slower.
- `bench/bots.py versus [--strong] [games] [names...]` (CPython): the default level against
  the computer as it was before issue 26 (`todays_bot`), or the strong level against the
  default one, at equal seats: the score with its 95% interval.
- `bench/bots.py phone [--dist DIR] [--levels quick,strong] [--moves N] [--throttle R]
  [games...]`: the time per move of the app's own worker (Pyodide in a Web Worker in
  Chromium) on the phone profile, per game and level (bench/bot_phone.py says how).
Each prints its figures and ends with one JSON line.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))
sys.path.insert(0, str(REPO / "bench"))

from parlor import catalog  # noqa: E402
from parlor.play import bots  # noqa: E402
from parlor.play.bots import DEFAULT_LEVEL, LEVELS  # noqa: E402
from parlor.engine.protocol import Game, Outcome  # noqa: E402
from parlor.engine.rng import Stream, derive  # noqa: E402

GAMES = 12
MOVE_LIMIT = 5000
TIME_TARGET_S = {"tyrus": 0.5, "tsuro": 0.5}      # CPython, per move (the slowest move)
MEAN_TARGET_MS = {"tyros": 250}                   # CPython, mean per move
ENGINES = {e.key: e.engine for e in catalog.entries()}
# name: (game, players, options, seats the bot plays (None: rotate), an equal player's score,
# opponents); in Tod dem Tyrannen random play leaves the king in town: random kings win
# about 7%.
MATCHES = {
    "tyrus": ("tyrus", 2, {}, None, 0.5, "random"),
    "tsuro-2": ("tsuro", 2, {}, None, 0.5, "random"),
    "tsuro-4": ("tsuro", 4, {}, None, 0.25, "random"),
    "tyrannen-king": ("tyrannen", 2, {}, (0,), 0.07, "random"),
    "tyrannen-rebel": ("tyrannen", 2, {}, (1,), 0.93, "random"),
    "tyrannen-both": ("tyrannen", 2, {}, (0, 1), None, "random"),
    "tyros-3": ("tyros", 3, {}, None, 1 / 3, "random"),
    "tyros-4": ("tyros", 4, {}, None, 0.25, "random"),
    "tyrus-greedy": ("tyrus", 2, {}, None, 0.5, "greedy"),
    "tsuro-2-greedy": ("tsuro", 2, {}, None, 0.5, "greedy"),
    "tsuro-4-greedy": ("tsuro", 4, {}, None, 0.25, "greedy"),
    "tyrannen-king-greedy": ("tyrannen", 2, {}, (0,), None, "greedy"),
    "tyrannen-rebel-greedy": ("tyrannen", 2, {}, (1,), None, "greedy"),
    "tyros-3-greedy": ("tyros", 3, {}, None, 1 / 3, "greedy"),
    "tyros-4-greedy": ("tyros", 4, {}, None, 0.25, "greedy"),
}
# Moves timed: every 2nd (Tyros: every 6th); the moves between are played at random.
PHONE_STRIDE = {"tyros-3": 6, "tyros-4": 6}
GREEDY_BREADTH = (6, 24)    # follow-up steps of the same seat tried, two and one deep


def _tyrus_points(engine, state, seat: int) -> float:
    """Elections won less elections lost."""
    chart = engine.view(state, seat)["chart"]
    return sum((c["winner"] == seat) - (c["winner"] not in (seat, None)) for c in chart)


def _tsuro_points(engine, state, seat: int) -> float:
    """Staying on the board, then opponents put out."""
    markers = engine.view(state, seat)["markers"]
    return 10 * markers[seat]["alive"] + sum(not m["alive"] for m in markers)


def _tyrannen_points(engine, state, seat: int) -> float:
    """The king's side: citizens taken off the board, less wounds and lost knights."""
    view = engine.view(state, seat)
    king = (sum(c["at"] is None for c in view["citizens"]) - 3 * view["king"]["wounds"]
            - sum(k["at"] is None for k in view["knights"]))
    return king if seat == 0 else -king


def _tyros_points(engine, state, seat: int) -> float:
    """The points the seat would score if the game ended now (public)."""
    return catalog.entry(engine.key).module("rules").scores(state)[seat]["total"]


POINTS = {"tyrus": _tyrus_points, "tsuro": _tsuro_points, "tyrannen": _tyrannen_points,
          "tyros": _tyros_points}


def greedy_bot(engine, state, seat: int, key: bytes):
    """The move after which the seat has the most points at once (POINTS, a win 1000),
    looking through its own next steps (a payment, a further action) up to two deep, a
    sample of them where there are many; ties at random. It decides on a sample of what it
    cannot see, like the real bot."""
    world = engine.sample_hidden(state, seat, derive(key, "greedy world"))
    stream = Stream(key, "greedy")
    points = POINTS[engine.key]

    def value(after, depth: int) -> float:
        outcome = engine.outcome(after)
        if outcome is not None:
            return 1000 * bots.score(outcome, seat)
        if depth and seat in engine.to_move(after):
            moves = engine.legal(after)
            breadth = GREEDY_BREADTH[depth - 1]
            if len(moves) > breadth:
                moves = [moves[stream.below(len(moves))] for _ in range(breadth)]
            return max(value(engine.apply(after, m), depth - 1) for m in moves)
        return points(engine, after, seat)

    ranked = [(value(engine.apply(world, m), 2), stream.below(1 << 30), i)
              for i, m in enumerate(engine.legal(world))]
    return engine.legal(world)[max(ranked)[2]]


def play(game, seed: bytes, players: int, options: dict, bot_seats, thinking: list,
         opponents: str = "random"):
    """One game; the final outcome. Bot thinking times (seconds) are appended to `thinking`."""
    state = game.initial(seed, players, options)
    for ply in range(MOVE_LIMIT):
        if game.outcome(state) is not None:
            return game.outcome(state)
        seat = game.to_move(state)[0]
        key = derive(seed, "bench-bot", ply)
        if seat in bot_seats:
            start = time.perf_counter()
            move = catalog.entry(game.key).bot(state, seat, key)
            thinking.append(time.perf_counter() - start)
        elif opponents == "greedy":
            move = greedy_bot(game, state, seat, key)
        else:
            move = bots.random_bot(game, state, key)
        state = game.apply(state, move)
    raise RuntimeError(f"{game.key}: a game did not end in {MOVE_LIMIT} moves")


def match(name: str, games: int) -> dict:
    """Play one match; its figures."""
    key, players, options, seats, expected, opponents = MATCHES[name]
    game = ENGINES[key]
    thinking: list[float] = []
    total = 0.0
    wins = [0] * players
    for i in range(games):
        bot_seats = seats if seats is not None else (i % players,)
        outcome = play(game, derive(b"bench-bots", name, i)[:16], players, options, bot_seats,
                       thinking, opponents)
        for w in outcome.winners:
            wins[w] += 1
        if len(bot_seats) == 1:
            total += bots.score(outcome, bot_seats[0])
    figures = {"games": games, "ms_per_move": round(1000 * sum(thinking) / len(thinking), 1),
               "max_ms": round(1000 * max(thinking), 1)}
    if len(seats or (0,)) == 1:
        figures.update(score=round(total / games, 3), share=expected)
    else:
        figures["wins_by_seat"] = wins
    return figures


def phone(args: list[str]) -> None:
    """`phone [--dist DIR] [--levels quick,strong] [--moves N] [games...]`: the time per move
    of the app's own worker on the phone profile (bench/bot_phone.py), per game and level."""
    import bot_phone
    dist, levels, limit, throttle = REPO / "dist", list(LEVELS), 20, 1
    while args and args[0].startswith("--"):
        flag, value, args = args[0], args[1], args[2:]
        if flag == "--dist":
            dist = Path(value)
        elif flag == "--levels":
            levels = value.split(",")
        elif flag == "--moves":
            limit = int(value)
        elif flag == "--throttle":
            throttle = int(value)
    names = args or list(bot_phone.PHONE_GAMES)
    print(f"Pyodide in a Web Worker (the app's bots.mjs from {dist}) in Chromium; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs. Times: the worker's CPU time x "
          f"{bot_phone.SLOWDOWN} (a phone {bot_phone.SLOWDOWN}x slower, on a machine of its own; "
          f"goal at the default level: median <= 2 s, max <= 4 s), then the wall clock here "
          f"(CDP CPU throttling {throttle}x).")
    results = {}
    with bot_phone.serve(dist) as url, bot_phone.chromium() as browser:
        worker = bot_phone.PhoneWorker(browser, url, throttle)
        if throttle > 1:
            print(f"  (throttled targets: page and {', '.join(worker.throttled) or 'no worker'})")
        try:
            worker.ask(bot_phone.warm_up_game())        # the first question imports the games
            for name in names:
                for level in levels:
                    wall, cpu = bot_phone.phone_game(worker, name, level,
                                                     PHONE_STRIDE.get(name, 2), limit)
                    figures = bot_phone.summary(cpu)
                    figures["wall"] = bot_phone.summary(wall)
                    results[f"{name}/{level}"] = figures
                    verdict = "" if level != DEFAULT_LEVEL else (
                        "  goal " + ("met" if figures["median_s"] <= 2 and figures["max_s"] <= 4
                                     else "MISSED"))
                    print(f"  {name:9} {level:7} {figures['moves']:3} moves: median "
                          f"{figures['median_s']:5.2f} s, 90% {figures['p90_s']:5.2f} s, max "
                          f"{figures['max_s']:5.2f} s{verdict}; wall clock "
                          f"{figures['wall']['median_s']:.2f} / {figures['wall']['max_s']:.2f} s"
                          f" (load {os.getloadavg()[0]:.1f})", flush=True)
        finally:
            worker.close()
    print(json.dumps(results))


# Today's computer (before issue 26), for `versus` only: the same search with the budgets of
# then, every move weighed (no Game.distinct), the win alone scored and HMAC streams for its
# playouts.
TODAY_BUDGETS = {"tyrus": 32_000, "tsuro": 16_000}
VERSUS = {"tyrus": ("tyrus", 2), "tsuro-2": ("tsuro", 2), "tsuro-4": ("tsuro", 4),
          "tsuro-8": ("tsuro", 8)}


class _HmacPlayouts:
    """Today's playout randomness: an HMAC stream per playout."""

    def __init__(self, key: bytes):
        self.below = Stream(key).below


def _win_only(playout):
    """A playout that ends in an outcome without the order seats went out in (today's
    computer scored the win alone)."""
    def plain(self, state, below, limit):
        outcome, made = playout(self, state, below, limit)
        return (outcome if outcome is None else Outcome(outcome.winners, outcome.reason)), made
    return plain


def todays_bot(game, state, seat: int, key: bytes):
    """Today's computer player, as it was before issue 26: every move weighed, the win alone
    scored, HMAC playouts."""
    every_move = type("Today", (type(game),), {
        "distinct": Game.distinct, "playout": _win_only(type(game).playout)})()
    shipped, bots.PlayoutRandom = bots.PlayoutRandom, _HmacPlayouts
    try:
        return bots.choose(every_move, state, seat, key, TODAY_BUDGETS[game.key])
    finally:
        bots.PlayoutRandom = shipped


def versus(args: list[str]) -> None:
    """`versus [--strong | --budget N] [--from K] [games] [names...]`: the default level (with
    --strong: the strong level against the default one; with --budget N: today's search
    against today's computer, both with N playout moves, to tell what the budget brings from
    what the rest brings) against today's computer, each holding half the seats,
    seats alternating (so each side holds every seat equally often). The score is the share
    of the game's win the first side takes (a draw or a win shared evenly is 1/2); 0.5 is
    as strong as the other side. `--from K` plays games K, K+1.. (to run a match in parts)."""
    strong = args[:1] == ["--strong"]
    args = args[1:] if strong else args
    budget = int(args[1]) if args[:1] == ["--budget"] else None
    args = args[2:] if budget else args
    if budget:
        for key in TODAY_BUDGETS:
            TODAY_BUDGETS[key] = budget
    first = int(args[1]) if args[:1] == ["--from"] else 0
    args = args[2:] if args[:1] == ["--from"] else args
    games = int(args[0]) if args else 20
    level, other = (("strong", "the default level") if strong
                    else (f"{DEFAULT_LEVEL} (at {budget} playout moves)" if budget
                          else DEFAULT_LEVEL, "today's computer" + (
                              f" (at {budget})" if budget else "")))
    print(f"CPython {sys.version.split()[0]}: the {level} level against {other}, {games} games "
          f"each, seats alternating; load average {os.getloadavg()[0]:.1f}")
    results = {}
    for name in args[1:] or VERSUS:
        key, players = VERSUS[name]
        entry = catalog.entry(key)
        game, scores, new_ms, today_ms = entry.engine, [], [], []
        for i in range(first, first + games):
            ours = {s for s in range(players) if (s + i) % 2 == 0}
            seed = derive(b"bench-versus", name, i)[:16]
            state = game.initial(seed, players, entry.default_options())
            for ply in range(MOVE_LIMIT):
                if game.outcome(state) is not None:
                    break
                seat = game.to_move(state)[0]
                key_ = derive(seed, "versus", ply)
                start = time.process_time()
                if seat in ours:
                    move = entry.bot(state, seat, key_, level, budget)
                    new_ms.append(time.process_time() - start)
                else:
                    move = (entry.bot(state, seat, key_) if strong
                            else todays_bot(game, state, seat, key_))
                    today_ms.append(time.process_time() - start)
                state = game.apply(state, move)
            winners = game.outcome(state).winners
            scores.append(sum(w in ours for w in winners) / len(winners) if winners else 0.5)
            print(f"    {name} game {i}: {scores[-1]:.2f} (so far {sum(scores):.1f} of "
                  f"{len(scores)})", flush=True)
        mean = sum(scores) / games
        spread = (sum((x - mean) ** 2 for x in scores) / max(1, games - 1)) ** 0.5
        half = 1.96 * spread / games ** 0.5
        results[name] = {"games": games, "score": round(mean, 3), "ci95": [round(mean - half, 3),
                         round(mean + half, 3)],
                         "cpu_s_per_move": [round(sum(new_ms) / len(new_ms), 3),
                                            round(sum(today_ms) / len(today_ms), 3)]}
        print(f"  {name:8} score {mean:.3f} in {games} games (95% interval {mean - half:.2f}-"
              f"{mean + half:.2f}); CPU per move {sum(new_ms) / len(new_ms):.3f} s against "
              f"{sum(today_ms) / len(today_ms):.3f} s, CPython", flush=True)
    print(json.dumps(results))


def main() -> None:
    if sys.argv[1:2] == ["phone"]:
        return phone(sys.argv[2:])
    if sys.argv[1:2] == ["versus"]:
        return versus(sys.argv[2:])
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    if load > cpus / 2:
        print(f"Note: load average {load:.1f} on {cpus} CPUs: other work skews the times")
    print(f"CPython {sys.version.split()[0]}: the bot against random and greedy play, "
          f"{games} games a match")
    results = {}
    for name in sys.argv[2:] or MATCHES:
        figures = results[name] = match(name, games)
        target, mean = TIME_TARGET_S.get(MATCHES[name][0]), MEAN_TARGET_MS.get(MATCHES[name][0])
        verdict = "" if target is None else (
            f"  (target < {1000 * target:.0f} ms: "
            f"{'ok' if figures['max_ms'] < 1000 * target else 'MISSED'})")
        if mean is not None:
            verdict = (f"  (target mean <= {mean} ms: "
                       f"{'ok' if figures['ms_per_move'] <= mean else 'MISSED'})")
        share = figures.get("share")
        result = (f"score {figures['score']:.3f} (share {'-' if share is None else f'{share:.2f}'})"
                  if "score" in figures else f"wins by seat {figures['wins_by_seat']}")
        print(f"  {name:21} {result:28} {figures['ms_per_move']:7.1f} ms/move, "
              f"max {figures['max_ms']:.1f}{verdict}", flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
