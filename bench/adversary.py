"""The adversary model's long run: random walks over the four games until a number of steps,
every invariant of seeds/fair-play.md (I1-I11) checked after every step (tests/adversary.py).

Run with `.venv/bin/python bench/adversary.py [steps] [steps per walk] [first seed] [game]
[keeps]` (defaults: 200,000 steps, walks of 150 steps, seeds from 0, every game); with a game
key, only that game's walks; with `keeps` (Tyros), each walk starts at a round of kept cards
that the keepers send at once (seeds/tyros.md YL10, `Walk(keeps=True)`). Prints the steps run, the walks (games),
and each violation found with the shortest reproduction the shrinker finds (at most three
reproductions per invariant and game); the last line is one JSON object {"steps", "walks",
"violations": {rule: count}, "seconds"}.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for folder in ("py", "tests"):
    if str(REPO / folder) not in sys.path:
        sys.path.insert(0, str(REPO / folder))

import adversary  # noqa: E402

REPRODUCTIONS = 3


def main() -> None:
    words = [a for a in sys.argv[1:] if not a.isdigit()]
    args = [int(a) for a in sys.argv[1:] if a.isdigit()]
    total, length, seed = (args + [200_000, 150, 0][len(args):])[:3]
    keeps = "keeps" in words
    games = [g for g in words if g != "keeps"] or sorted(adversary.GAMES)
    steps = walks = 0
    found: Counter = Counter()
    started = time.time()
    while steps < total:
        game = games[walks % len(games)]
        walk = adversary.Walk(seed + walks, game, length, keeps=keeps)
        violation = walk.run()
        steps += len(walk.log)
        walks += 1
        if violation is not None:
            found[f"{violation.rule} {game}"] += 1
            if found[f"{violation.rule} {game}"] <= REPRODUCTIONS:
                print(adversary.report(violation, seed + walks - 1, game, length, keeps),
                      flush=True)
        if walks % 100 == 0:
            print(f"{steps} steps, {walks} walks, {sum(found.values())} violations "
                  f"({time.time() - started:.0f} s)", flush=True)
    seconds = round(time.time() - started)
    print(f"{steps} steps in {walks} walks over {', '.join(games)}: "
          f"{sum(found.values())} violations in {seconds} s")
    print(json.dumps({"steps": steps, "walks": walks, "violations": dict(found),
                      "seconds": seconds}))


if __name__ == "__main__":
    main()
