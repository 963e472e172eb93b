"""Start-up time in headless Chromium: navigation start to the app's ready marker.

cold: a fresh browser profile (no HTTP cache, no service worker); warm: a reload once the
service worker holds the site; warm_throttled: the same at 4x CPU slowdown (a rough phone).
Prints each run, then one JSON line with the medians in seconds.
"""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from harness import PHONE, chromium, serve, wait_ready  # noqa: E402

RUNS = 5
TARGETS = {"cold_s": 2.5, "warm_s": 0.8, "warm_throttled_s": 2.5}


def ready_seconds(page) -> float:
    wait_ready(page)
    return page.evaluate("window.parlorReadyAt") / 1000


def main() -> None:
    cold, warm, throttled = [], [], []
    with serve() as url, chromium() as browser:
        for _ in range(RUNS):
            context = browser.new_context(**PHONE)
            page = context.new_page()
            page.goto(url)
            cold.append(ready_seconds(page))
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            page.reload()
            ready_seconds(page)  # first controlled load; warm runs start after it
            page.reload()
            warm.append(ready_seconds(page))
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.reload()
            throttled.append(ready_seconds(page))
            context.close()
            print(f"cold {cold[-1]:.2f} s   warm {warm[-1]:.2f} s   warm 4x CPU {throttled[-1]:.2f} s")
    result = {"cold_s": round(statistics.median(cold), 3),
              "warm_s": round(statistics.median(warm), 3),
              "warm_throttled_s": round(statistics.median(throttled), 3)}
    for key, target in TARGETS.items():
        verdict = "ok" if result[key] <= target else "over target"
        print(f"{key}: median {result[key]:.2f} s (target <= {target} s: {verdict})")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
