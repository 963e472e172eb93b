"""The computer's thinking time per move on the phone profile: the app's own worker
(dist/pyodide/bots.mjs, Pyodide in a module Web Worker) in Debian's Chromium, 4x slower CPU.

A small page of the built site's origin starts the worker, as the app does, and asks it for
moves of saved games where the computer holds every seat. Each answer is timed twice: the
renderer's CPU time (CDP SystemInfo.getProcessInfo) times SLOWDOWN, the phone profile's time
on a machine of its own, which is the figure; and the wall clock on the page, which on this
shared 2-core machine also counts the time other programs held the CPU. CDP's CPU throttling
(Emulation.setCPUThrottlingRate, on the page's and the worker's targets) can be asked for
with `throttle`; on a loaded machine its wall times were not reproducible (the same move
took from 0.7 to 3.4 s at 4x), and its own work inflates the CPU time, so it is off by
default. Used by bench/bots.py (`phone`).
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
from harness import chromium, serve  # noqa: E402

SLOWDOWN = 4        # the phone profile: a CPU four times slower than this machine's
PAGE = "<!doctype html><title>bots bench</title><p>bots bench"
START = """async () => {
  window.benchWorker = new Worker('pyodide/bots.mjs', { type: 'module' });
  window.benchAnswers = {};
  window.benchWorker.onmessage = ({ data }) => {
    if (data.ready) window.benchReady = true;
    else window.benchAnswers[data.ask] = { ...data, at: performance.now() };
  };
}"""
ASK = """async ([ask, saved]) => {
  const start = performance.now();
  window.benchWorker.postMessage({ ask, saved });
  while (!window.benchAnswers[ask]) await new Promise((r) => setTimeout(r, 5));
  const answer = window.benchAnswers[ask];
  return { token: answer.token, error: answer.error, ms: answer.at - start };
}"""


class PhoneWorker:
    """The app's bot worker in a throttled Chromium page; `ask(saved_json)` -> (token, ms)."""

    def __init__(self, browser, url: str, throttle: int = 1):
        self.context = browser.new_context()
        self.context.route(url + "bots-bench.html",
                           lambda route: route.fulfill(body=PAGE, content_type="text/html"))
        self.page = self.context.new_page()
        self.system = browser.new_browser_cdp_session()
        self.throttled = []
        self.page.goto(url + "bots-bench.html")
        self.cdp = self.context.new_cdp_session(self.page)
        self.throttle = throttle
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        self.cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False,
                                               "flatten": False})
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.page.evaluate(START)
        self.page.wait_for_function("window.benchReady === true", timeout=300_000)
        self.asked = 0

    def _attached(self, event) -> None:
        """Throttle the worker's own target too (a dedicated worker runs on its own thread)."""
        session = event["sessionId"]
        try:
            self.cdp.send("Target.sendMessageToTarget", {   # legacy route, works unflattened
                "sessionId": session,
                "message": '{"id":1,"method":"Emulation.setCPUThrottlingRate","params":{"rate":%d}}'
                           % self.throttle})
            self.throttled.append(event["targetInfo"]["type"])
        except Exception as error:          # noqa: BLE001 (reported, the figure says so)
            print(f"  (could not throttle the worker target: {error})", flush=True)

    def cpu_s(self) -> float:
        """CPU seconds used so far by Chromium's renderers (the page and its worker)."""
        processes = self.system.send("SystemInfo.getProcessInfo")["processInfo"]
        return sum(p["cpuTime"] for p in processes if p["type"] == "renderer")

    def ask(self, saved_json: str) -> tuple[str, float, float]:
        """The worker's move for a saved game: (token, wall ms, CPU ms x SLOWDOWN)."""
        self.asked += 1
        cpu = self.cpu_s()
        answer = self.page.evaluate(ASK, [self.asked, saved_json])
        cpu = self.cpu_s() - cpu
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return answer["token"], answer["ms"], 1000 * cpu * SLOWDOWN

    def close(self) -> None:
        self.context.close()


def summary(times_ms: list[float]) -> dict:
    """Moves timed, median, 90th percentile and longest, in seconds."""
    ordered = sorted(times_ms)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return {"moves": len(ordered), "median_s": round(statistics.median(ordered) / 1000, 2),
            "p90_s": round(p90 / 1000, 2), "max_s": round(ordered[-1] / 1000, 2)}


def warm_up_game() -> str:
    """A saved game to ask first: the worker's first question imports the app's modules."""
    from parlor.play.saves import SavedGame
    return SavedGame(id="f" * 16, game="tyrus", seed="5e" * 16, names=("A", "B"), bots=(0, 1),
                     created=1.0, updated=1.0).to_json()


# name: (game, players); the computer holds every seat, so both sides of Tod dem Tyrannen.
PHONE_GAMES = {"tyrus": ("tyrus", 2), "tyrannen": ("tyrannen", 2), "tsuro-2": ("tsuro", 2),
               "tsuro-4": ("tsuro", 4), "tsuro-8": ("tsuro", 8), "tyros-3": ("tyros", 3),
               "tyros-4": ("tyros", 4)}


def phone_game(worker: PhoneWorker, name: str, level: str, stride: int, limit: int,
               game_number: int = 0) -> tuple[list[float], list[float]]:
    """One game of `name` where the computer holds every seat: every `stride`-th move asked
    of the worker and timed (ms), the moves between played at random here (so a game is
    sampled from start to end in fewer questions), at most `limit` timed moves.
    The wall times and the CPU times x the slowdown, in ms."""
    from parlor import catalog
    from parlor.engine.rng import Stream, derive
    from parlor.play.bots import random_bot
    from parlor.play.saves import SavedGame
    key, players = PHONE_GAMES[name]
    entry = catalog.entry(key)
    seed = derive(b"bench-phone", name, game_number)[:16].hex()
    saved = SavedGame(id=f"{game_number + 1:016x}", game=key, seed=seed,
                      names=tuple(f"Computer {i + 1}" for i in range(players)),
                      bots=tuple(range(players)), options=entry.default_options(),
                      created=1.0, updated=1.0, level=level)
    engine, state, times = entry.engine, entry.engine.initial(bytes.fromhex(seed), players,
                                                               entry.default_options()), []
    cpu_times = []
    ply = 0
    while engine.outcome(state) is None and len(times) < limit:
        if ply % stride == 0 and len(engine.legal(state)) > 1:
            token, ms, cpu_ms = worker.ask(saved.to_json())
            times.append(ms)
            cpu_times.append(cpu_ms)
            move = engine.decode(token)
        else:
            move = random_bot(engine, state, derive(bytes.fromhex(seed), "bench-random", ply))
        state = engine.apply(state, move)
        saved = saved.with_moves(saved.moves + engine.encode(move))
        ply += 1
    return times, cpu_times
