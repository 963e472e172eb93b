"""Start-up in Chromium, Firefox and WebKit: Parlor against a bare Pyodide (and, in Chromium, a
stock PyScript page).

    bench/startup.py [--engine chromium|firefox|webkit|all] [--runs N]

Engines: Debian's Chromium under Playwright (headless), Firefox ESR over WebDriver BiDi
(headless) and WebKitGTK's MiniBrowser over WebKitWebDriver under Xvfb (e2e/engines.py; its
window is 447 px wide at the least, DPR 1). Each engine measures its own floor in the same run.
Warm at 4x CPU only where the engine can throttle (Chromium). With several engines they run
one after another and the figures end with the ratios between them (issue 27's goals).

Three sites ((c) and the stock floor only with --reference, in Chromium), each served by tools/serve.py (precompressed files, Cache-Control: max-age=600, so
every site gets the browser cache a static host gives), measured interleaved in one run so that
machine noise hits all alike:
  (a) parlor: dist/, to its ready marker (the app answers taps);
  (b) floor:  a blank page that loads the same vendored Pyodide with loadPyodide() and nothing
              else, to loadPyodide() resolving: Pyodide's files as dist/ ships them (its
              bytecode stdlib) plus the lock file that a default loadPyodide() fetches;
      floor_stock: the same page on npm's Pyodide as published (stdlib as sources), for
              reference;
  (c) stock:  one <script type="py"> on @pyscript/core with its default config but the local
              interpreter (npm's Pyodide as published), to its code running.
Each is measured cold (a fresh profile), warm (a later visit: (a) from its service worker and
start-up snapshot, (b) and (c) from the HTTP cache; after one unmeasured warm visit) and warm
at 4x CPU slowdown. Times are from navigation start, medians of RUNS (env PARLOR_BENCH_RUNS,
default 5). For (a) the first cold visit is logged at the server until the site is fully kept
offline: every response, priced per file as a host sends it (brotli 11 and gzip 6), and the
request count; first paint is the first contentful paint of (a), worst median of the three
(beside it that of (b), which holds one line of text: what the engine and machine take to paint
a page at all).
Where the time goes: (a)'s performance marks split its start into phases (medians per visit
kind): the page up to boot.js, the service worker taking the page, PyScript up to the
interpreter, the stored snapshot's read (Pyodide's runtime loads meanwhile), Pyodide itself
(the rest of the runtime, then a snapshot restored or Python started), Python's first run after
it, the app installed, PyScript's Python up to py/main.py, and the app up to its first screen;
for (b), loadPyodide() alone.
Prints each run, then the figures against the goals of issue 27, then one JSON line per engine.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
from engines import ENGINES, Sink, profile  # noqa: E402
from harness import DIST, PHONE, chromium, serve  # noqa: E402

NODE = ROOT / "node_modules"
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
GOALS = {  # issue 27, each figure against the floor measured in the same engine and run
    "chromium": {"cold_vs_floor": 1.2, "warm_vs_floor": 0.7, "warm_throttled_vs_floor": 0.8,
                 "first_visit_brotli_bytes": 4.1e6, "first_visit_gzip_bytes": 5.3e6,
                 "first_paint_s": 0.3},
    "firefox": {"first_paint_s": 0.3},
    "webkit": {"first_paint_s": 0.3, "warm_vs_cold": 0.999},
}
BETWEEN = {"webkit_warm_vs_chromium_warm": 2.0, "firefox_warm_vs_chromium_warm": 1.5}
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>floor</title>
<p>A line of text: the first paint of a page that holds nothing else.</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
performance.mark("floor:load");
await loadPyodide();
window.benchReadyAt = performance.now();
</script>"""
STOCK_PAGE = """<!doctype html><meta charset="utf-8"><title>stock</title>
<script type="module" src="./pyscript/core.js"></script>
<script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
import js
js.window.benchReadyAt = js.performance.now()
</script>"""
READY = {"parlor": "window.parlorReadyAt", "floor": "window.benchReadyAt",
         "floor_stock": "window.benchReadyAt", "stock": "window.benchReadyAt"}
SETTLED = {"parlor": "window.parlorCached === true && ['stored', 'not stored']"
                     ".includes(window.parlorStart?.snapshot)",
           "floor": "true", "floor_stock": "true", "stock": "true"}
KINDS = ("parlor", "floor")
REFERENCE = ("floor_stock", "stock")   # Chromium with --reference
PAINT = ("(performance.getEntriesByName('first-contentful-paint')[0]"
         " || performance.getEntriesByType('paint')[0] || {}).startTime")


def compress(folder: Path) -> None:
    files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in
             (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip")]
    subprocess.run(["node", str(ROOT / "tools/compress.mjs"), str(ROOT / ".cache/compressed"),
                    *map(str, files)], check=True, capture_output=True)


def make_sites(folder: Path) -> dict[str, Path]:
    """(b) and (c) beside dist/, precompressed alike."""
    floor, floor_stock, stock = folder / "floor", folder / "floor_stock", folder / "stock"
    for site, page in ((floor, FLOOR_PAGE), (floor_stock, FLOOR_PAGE), (stock, STOCK_PAGE)):
        (site / "pyodide").mkdir(parents=True)
        for name in STOCK_PYODIDE:
            shutil.copy(NODE / "pyodide" / name, site / "pyodide" / name)
        (site / "index.html").write_text(page)
    for name in STOCK_PYODIDE:
        if (DIST / "pyodide" / name).exists():
            shutil.copy(DIST / "pyodide" / name, floor / "pyodide" / name)
    shutil.copytree(NODE / "@pyscript/core/dist", stock / "pyscript",
                    ignore=shutil.ignore_patterns("*.map"))
    for site in (floor, floor_stock, stock):
        compress(site)
    return {"parlor": DIST, "floor": floor, "floor_stock": floor_stock, "stock": stock}


class ChromiumTab:
    """A fresh Playwright context of Debian's Chromium with one page, with the verbs of
    e2e/engines.py's tabs, and CPU throttling."""

    name = "chromium"

    def __init__(self, browser):
        self.context = browser.new_context(**PHONE)
        self.page = self.context.new_page()

    def go(self, url: str) -> None:
        self.page.goto(url)

    def run(self, expression: str):
        return self.page.evaluate(f"(async () => ({expression}))()")

    def wait(self, expression: str, timeout: float = 60):
        return self.page.wait_for_function(expression, timeout=timeout * 1000).json_value()

    def throttle(self, rate: int) -> None:
        self.context.new_cdp_session(self.page).send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def close(self) -> None:
        self.context.close()


# (a)'s phases: each ends at a performance mark (boot.js, pyodide-loader.mjs, py/main.py) or
# at ready. A phase begins (or ends) at the latest of the marks it names that the build set: a
# build measured with --compare may lack a newer mark (its phase is then left out).
PHASES = (("page", (), ("parlor:boot",)),
          ("service worker", ("parlor:boot",), ("parlor:controlled",)),
          ("PyScript up to the interpreter", ("parlor:controlled",), ("parlor:loader",)),
          ("snapshot wait", ("parlor:loader",), ("parlor:snapshot-read",)),
          ("Pyodide", ("parlor:snapshot-read",), ("parlor:pyodide",)),
          ("Python's first run", ("parlor:pyodide",), ("parlor:seeded",)),
          ("app installed", ("parlor:pyodide", "parlor:seeded"), ("parlor:app",)),
          ("PyScript's Python", ("parlor:app",), ("parlor:main",)),
          ("the app's Python to its first screen", ("parlor:main",), ("ready",)))
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def phases(tab, ready: float, kind: str) -> dict[str, float]:
    """Seconds spent in each phase of this visit; (b): loadPyodide() alone."""
    kind = "parlor" if kind.startswith("other ") else kind
    marks = {name: ms / 1000 for name, ms in tab.run(MARKS).items()}
    marks["ready"] = ready
    if kind == "floor":
        return {"loadPyodide": ready - marks["floor:load"]}
    if kind != "parlor":
        return {}

    def at(names):
        present = [marks[name] for name in names if name in marks]
        return max(present) if present else None

    out = {}
    for name, start, end in PHASES:
        begun, ended = (at(start) if start else 0.0), at(end)
        if begun is not None and ended is not None:
            out[name] = ended - begun
    return out


def visit(tab, url: str, kind: str) -> tuple[float, float | None, dict]:
    kind = "parlor" if kind.startswith("other ") else kind
    tab.go(url)
    ready = tab.wait(READY[kind], 180) / 1000
    paint = tab.wait(PAINT, 30) / 1000 if kind in ("parlor", "floor") else None
    return ready, paint, phases(tab, ready, kind)


def measure(open_tab, url: str, kind: str, log: list | None = None) -> dict:
    """Cold, warm and (where the engine throttles) warm at 4x CPU for one site in a fresh
    profile."""
    settled = SETTLED["parlor" if kind.startswith("other ") else kind]
    with open_tab() as tab:
        out = {}
        out["cold"], out["paint_cold"], out["phases_cold"] = visit(tab, url, kind)
        tab.wait(settled, 180)
        time.sleep(1)
        settled_at = len(log) if log is not None else 0
        visit(tab, url, kind)          # the first warm visit primes caches (wasm code cache...)
        out["warm"], out["paint_warm"], out["phases_warm"] = visit(tab, url, kind)
        if hasattr(tab, "throttle"):
            tab.throttle(4)
            out["warm4x"], out["paint_warm4x"], out["phases_warm4x"] = visit(tab, url, kind)
    out["settled_at"] = settled_at
    return out


def price(entries: list, site: Path) -> dict:
    """A cold first visit's responses, priced per file as a host sends them."""
    files = {}
    for path, status, _, _ in entries:
        if status == 200:
            name = "index.html" if path == "/" else path.lstrip("/")
            files[name] = site / name
    out = subprocess.run(["node", str(ROOT / "tools/compress.mjs"), "--price",
                          str(ROOT / ".cache/compressed"), *map(str, files.values())],
                         check=True, capture_output=True, text=True).stdout
    sizes = json.loads(out)
    per_file = {}
    for name, path in files.items():
        size = path.stat().st_size
        per_file[name] = {"raw": size, "brotli": min(size, sizes[str(path)]["br"]),
                          "gzip": min(size, sizes[str(path)]["gzip6"])}
    total = {key: sum(f[key] for f in per_file.values()) for key in ("raw", "brotli", "gzip")}
    return {"requests": len(entries), "files": len(files), **total,
            "sent": sum(size for _, _, _, size in entries), "per_file": per_file}


def median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


@contextlib.contextmanager
def opener(engine: str, sink: Sink):
    """A function that opens a fresh profile of `engine` (a context manager)."""
    if engine != "chromium":
        yield lambda: profile(engine, sink)
        return
    with chromium() as browser:
        @contextlib.contextmanager
        def chromium_tab():
            tab = ChromiumTab(browser)
            try:
                yield tab
            finally:
                tab.close()
        yield chromium_tab


def bench(engine: str, runs_wanted: int, sites: dict, sink: Sink, reference: bool) -> dict:
    load_before = os.getloadavg()
    kinds = KINDS + tuple(kind for kind in sites if kind.startswith("other "))
    kinds += REFERENCE if reference and engine == "chromium" else ()
    runs = {kind: [] for kind in kinds}
    visit_log: list = []
    with contextlib.ExitStack() as stack:
        open_tab = stack.enter_context(opener(engine, sink))
        servers = {kind: stack.enter_context(serve(sites[kind], log=visit_log if kind == "parlor" else None))
                   for kind in kinds}
        for run in range(runs_wanted):
            order = kinds[run % len(kinds):] + kinds[:run % len(kinds)]  # who goes first
            for kind in order:
                result = measure(open_tab, servers[kind], kind,
                                 visit_log if kind == "parlor" else None)
                runs[kind].append(result)
                print(f"{engine} run {run + 1} {kind:11} cold {result['cold']:.2f} s   warm "
                      f"{result['warm']:.2f} s" + (f"   warm 4x CPU {result['warm4x']:.2f} s"
                                                    if "warm4x" in result else ""), flush=True)
    first = price(visit_log[:runs["parlor"][0]["settled_at"]], DIST)  # the first visit
    load_after = os.getloadavg()

    modes = ("cold", "warm", "warm4x") if "warm4x" in runs["parlor"][0] else ("cold", "warm")
    med = {kind: {mode: median([r[mode] for r in runs[kind]]) for mode in modes} for kind in kinds}
    paint_of = {kind: {mode: median([r[f"paint_{mode}"] for r in runs[kind]]) for mode in modes}
                for kind in kinds if kind in ("parlor", "floor") or kind.startswith("other ")}
    paints = paint_of["parlor"]
    spent = {kind: {mode: {name: median([r[f"phases_{mode}"][name] for r in runs[kind]
                                         if name in r[f"phases_{mode}"]])
                           for name in runs[kind][0][f"phases_{mode}"]}
                    for mode in modes}
             for kind in kinds if kind in ("parlor", "floor") or kind.startswith("other ")}
    result = {"engine": engine, "cold_s": med["parlor"]["cold"], "warm_s": med["parlor"]["warm"],
              "floor_cold_s": med["floor"]["cold"], "floor_warm_s": med["floor"]["warm"]}
    if "warm4x" in modes:
        result.update({"warm_throttled_s": med["parlor"]["warm4x"],
                       "floor_warm_throttled_s": med["floor"]["warm4x"]})
    for kind in kinds[2:]:
        if kind.startswith("other "):
            result[kind] = {"s": med[kind], "phases_s": spent[kind], "first_paint_s": paint_of[kind]}
            continue
        result.update({f"{kind}_{mode}_s".replace("warm4x", "warm_throttled"): med[kind][mode]
                       for mode in modes})
    result.update({
        "first_visit_gzip_bytes": first["gzip"], "first_visit_brotli_bytes": first["brotli"],
        "first_visit_sent_bytes": first["sent"], "first_visit_raw_bytes": first["raw"],
        "requests": first["requests"],
        "first_paint_s": max(paints.values()),
        **{f"first_paint_{mode}_s".replace("warm4x", "warm_throttled"): paints[mode] for mode in modes},
        **{f"floor_first_paint_{mode}_s".replace("warm4x", "warm_throttled"): paint_of["floor"][mode]
           for mode in modes},
        "runs": runs_wanted, "load_avg_before": round(load_before[0], 2),
        "load_avg_after": round(load_after[0], 2), "cores": os.cpu_count(),
        "phases_s": spent["parlor"], "floor_load_pyodide_s": {
            mode: spent["floor"][mode]["loadPyodide"] for mode in modes},
    })
    result["cold_vs_floor"] = round(result["cold_s"] / result["floor_cold_s"], 3)
    result["warm_vs_floor"] = round(result["warm_s"] / result["floor_warm_s"], 3)
    result["warm_vs_cold"] = round(result["warm_s"] / result["cold_s"], 3)
    if "warm4x" in modes:
        result["warm_throttled_vs_floor"] = round(result["warm_throttled_s"]
                                                  / result["floor_warm_throttled_s"], 3)
    if "stock" in kinds:
        result["cold_vs_stock"] = round(result["cold_s"] / result["stock_cold_s"], 3)

    print(f"\n{engine}: medians of {runs_wanted} runs, load average {load_before[0]:.1f} -> "
          f"{load_after[0]:.1f} on {os.cpu_count()} cores")
    heads = {"cold": "cold", "warm": "warm", "warm4x": "warm 4x CPU"}
    for kind in kinds:
        print(f"  {kind:11} " + "   ".join(f"{heads[mode]} {med[kind][mode]:.2f} s" for mode in modes))
    print("  where (a)'s start goes (medians per phase):   " + "  ".join(f"{heads[m]:>7}" for m in modes))
    for kind in (kind for kind in kinds if kind == "parlor" or kind.startswith("other ")):
        if kind != "parlor":
            print(f"  where {kind}'s start goes:")
        for name, _, _ in PHASES:
            print(f"    {name:40} " + "  ".join(
                f"{spent[kind][mode][name]:7.3f}" if name in spent[kind][mode] else "      -"
                for mode in modes))
    print(f"    {'(b) loadPyodide() alone':40} " + "  ".join(
        f"{spent['floor'][mode]['loadPyodide']:7.3f}" for mode in modes))
    print("  first visit of (a), per file:              raw    brotli 11       gzip 6")
    for name, sizes in sorted(first["per_file"].items(), key=lambda item: -item[1]["gzip"]):
        print(f"    {name:34} {sizes['raw']:>10,} {sizes['brotli']:>12,} {sizes['gzip']:>12,}")
    print(f"  first visit of (a): {first['requests']} requests, {first['files']} files, "
          f"{first['raw'] / 1e6:.2f} MB raw, {first['brotli'] / 1e6:.2f} MB at brotli 11, "
          f"{first['gzip'] / 1e6:.2f} MB at gzip 6, {first['sent'] / 1e6:.2f} MB sent here")
    for kind, label in [("parlor", "(a)"), ("floor", "(b), its line of text"),
                        *((k, k) for k in kinds if k.startswith("other "))]:
        print(f"  first paint of {label}: " + ", ".join(
            f"{heads[mode]} {paint_of[kind][mode]:.3f} s" for mode in modes))
    for key, goal in GOALS[engine].items():
        verdict = "met" if result[key] <= goal else "NOT met"
        print(f"  {key}: {result[key]} (goal <= {goal}: {verdict})")
    if sink.requests:
        print(f"  requests that left the origin (refused): {sink.requests}")
    print(json.dumps(result), flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="chromium", choices=("chromium", *ENGINES, "all"))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("PARLOR_BENCH_RUNS", "5")))
    parser.add_argument("--compare", action="append", default=[], metavar="DIST",
                        help="another build of the site, measured as (a) is, interleaved")
    parser.add_argument("--reference", action="store_true",
                        help="in Chromium, also the stock Pyodide and stock PyScript pages")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run ./build.sh first")
    engines = ("chromium", *ENGINES) if args.engine == "all" else (args.engine,)
    results = {}
    sink = Sink()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sites = make_sites(Path(tmp))
            for folder in args.compare:
                sites[f"other {folder}"] = Path(folder).resolve()
            for engine in engines:
                results[engine] = bench(engine, args.runs, sites, sink, args.reference)
    finally:
        sink.close()
    if len(results) > 1 and "chromium" in results:
        print("\nbetween engines (one run of this script):")
        for key, goal in BETWEEN.items():
            engine = key.split("_")[0]
            if engine in results:
                ratio = round(results[engine]["warm_s"] / results["chromium"]["warm_s"], 3)
                print(f"  {key}: {ratio} (goal <= {goal}: {'met' if ratio <= goal else 'NOT met'})")


if __name__ == "__main__":
    main()
