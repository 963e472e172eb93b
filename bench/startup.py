"""Start-up in headless Chromium: Parlor against a bare Pyodide and a stock PyScript page.

Three sites, each served by tools/serve.py (precompressed files, Cache-Control: max-age=600, so
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
request count; first paint is the first contentful paint of (a), worst median of the three.
Where the time goes: (a)'s performance marks split its start into phases (medians per visit
kind): the page up to boot.js, the service worker taking the page, PyScript up to the
interpreter, the wait for the stored snapshot, Pyodide itself (runtime, then a snapshot
restored or Python started), the app unpacked, PyScript's Python up to py/main.py, and the
app up to its first screen; for (b), loadPyodide() alone.
Prints each run, then the figures against the goals of issue 14, then one JSON line.
"""
from __future__ import annotations

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
from harness import DIST, PHONE, chromium, serve  # noqa: E402

RUNS = int(os.environ.get("PARLOR_BENCH_RUNS", "5"))
NODE = ROOT / "node_modules"
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
GOALS = {  # issue 14: each figure against the floor measured in the same run
    "cold_vs_floor": 1.3, "warm_vs_floor": 0.6, "warm_throttled_vs_floor": 0.6,
    "first_visit_brotli_bytes": 4.1e6, "first_visit_gzip_bytes": 5.3e6, "first_paint_s": 0.3,
}
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>floor</title>
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


def seconds(page, kind: str) -> float:
    page.wait_for_function(f"{READY[kind]} !== undefined", timeout=120000)
    return page.evaluate(READY[kind]) / 1000


def first_paint(page) -> float:
    return page.evaluate("""new Promise(done => new PerformanceObserver((list, observer) => {
        const paint = list.getEntries().find(e => e.name === 'first-contentful-paint');
        if (paint) { observer.disconnect(); done(paint.startTime); }
    }).observe({ type: 'paint', buffered: true }))""") / 1000


# (a)'s phases: each ends at a performance mark (boot.js, pyodide-loader.mjs, py/main.py) or
# at ready.
PHASES = (("page", None, "parlor:boot"),
          ("service worker", "parlor:boot", "parlor:controlled"),
          ("PyScript", "parlor:controlled", "parlor:loader"),
          ("snapshot wait", "parlor:loader", "parlor:snapshot-read"),
          ("Pyodide", "parlor:snapshot-read", "parlor:pyodide"),
          ("app unpacked", "parlor:pyodide", "parlor:app"),
          ("PyScript's Python", "parlor:app", "parlor:main"),
          ("the app's Python to its first screen", "parlor:main", "ready"))
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def phases(page, ready: float, kind: str) -> dict[str, float]:
    """Seconds spent in each phase of this visit; (b): loadPyodide() alone."""
    marks = {name: ms / 1000 for name, ms in page.evaluate(MARKS).items()}
    marks["ready"] = ready
    if kind == "floor":
        return {"loadPyodide": ready - marks["floor:load"]}
    if kind != "parlor":
        return {}
    return {name: marks[end] - marks.get(start, 0.0) for name, start, end in PHASES}


def visit(page, url: str, kind: str) -> tuple[float, float | None, dict]:
    page.goto(url)
    ready = seconds(page, kind)
    return ready, first_paint(page) if kind == "parlor" else None, phases(page, ready, kind)


def measure(browser, url: str, kind: str, log: list | None = None) -> dict:
    """Cold, warm and warm at 4x CPU for one site in a fresh profile."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    out = {}
    out["cold"], out["paint_cold"], out["phases_cold"] = visit(page, url, kind)
    page.wait_for_function(SETTLED[kind], timeout=120000)
    page.wait_for_timeout(1000)
    settled_at = len(log) if log is not None else 0
    visit(page, url, kind)          # the first warm visit primes caches (wasm code cache...)
    out["warm"], out["paint_warm"], out["phases_warm"] = visit(page, url, kind)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    out["warm4x"], out["paint_warm4x"], out["phases_warm4x"] = visit(page, url, kind)
    context.close()
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


def main() -> None:
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run ./build.sh first")
    load_before = os.getloadavg()
    kinds = ("parlor", "floor", "floor_stock", "stock")
    runs = {kind: [] for kind in kinds}
    visit_log: list = []
    with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
        sites = make_sites(Path(tmp))
        with serve(sites["parlor"], log=visit_log) as parlor_url, \
                serve(sites["floor"]) as floor_url, serve(sites["floor_stock"]) as floor_stock_url, \
                serve(sites["stock"]) as stock_url:
            servers = {"parlor": parlor_url, "floor": floor_url, "floor_stock": floor_stock_url,
                       "stock": stock_url}
            for run in range(RUNS):
                order = kinds[run % len(kinds):] + kinds[:run % len(kinds)]  # who goes first
                for kind in order:
                    result = measure(browser, servers[kind], kind,
                                     visit_log if kind == "parlor" else None)
                    runs[kind].append(result)
                    print(f"run {run + 1} {kind:11} cold {result['cold']:.2f} s   warm "
                          f"{result['warm']:.2f} s   warm 4x CPU {result['warm4x']:.2f} s", flush=True)
        first = price(visit_log[:runs["parlor"][0]["settled_at"]], DIST)  # the first visit
    load_after = os.getloadavg()

    med = {kind: {mode: median([r[mode] for r in runs[kind]]) for mode in ("cold", "warm", "warm4x")}
           for kind in kinds}
    paints = {mode: median([r[f"paint_{mode}"] for r in runs["parlor"]])
              for mode in ("cold", "warm", "warm4x")}
    spent = {kind: {mode: {name: median([r[f"phases_{mode}"][name] for r in runs[kind]])
                           for name in runs[kind][0][f"phases_{mode}"]}
                    for mode in ("cold", "warm", "warm4x")}
             for kind in ("parlor", "floor")}
    result = {
        "cold_s": med["parlor"]["cold"], "warm_s": med["parlor"]["warm"],
        "warm_throttled_s": med["parlor"]["warm4x"],
        "floor_cold_s": med["floor"]["cold"], "floor_warm_s": med["floor"]["warm"],
        "floor_warm_throttled_s": med["floor"]["warm4x"],
        "floor_stock_cold_s": med["floor_stock"]["cold"],
        "floor_stock_warm_s": med["floor_stock"]["warm"],
        "floor_stock_warm_throttled_s": med["floor_stock"]["warm4x"],
        "stock_cold_s": med["stock"]["cold"], "stock_warm_s": med["stock"]["warm"],
        "stock_warm_throttled_s": med["stock"]["warm4x"],
        "first_visit_gzip_bytes": first["gzip"], "first_visit_brotli_bytes": first["brotli"],
        "first_visit_sent_bytes": first["sent"], "first_visit_raw_bytes": first["raw"],
        "requests": first["requests"],
        "first_paint_s": max(paints.values()), "first_paint_cold_s": paints["cold"],
        "first_paint_warm_s": paints["warm"], "first_paint_warm_throttled_s": paints["warm4x"],
        "runs": RUNS, "load_avg_before": round(load_before[0], 2),
        "load_avg_after": round(load_after[0], 2), "cores": os.cpu_count(),
        "phases_s": spent["parlor"], "floor_load_pyodide_s": {
            mode: spent["floor"][mode]["loadPyodide"] for mode in ("cold", "warm", "warm4x")},
    }
    result["cold_vs_floor"] = round(result["cold_s"] / result["floor_cold_s"], 3)
    result["warm_vs_floor"] = round(result["warm_s"] / result["floor_warm_s"], 3)
    result["warm_throttled_vs_floor"] = round(result["warm_throttled_s"]
                                              / result["floor_warm_throttled_s"], 3)
    result["cold_vs_stock"] = round(result["cold_s"] / result["stock_cold_s"], 3)
    print(f"\nmedians of {RUNS} runs, load average {load_before[0]:.1f} -> {load_after[0]:.1f} "
          f"on {os.cpu_count()} cores")
    for kind in kinds:
        print(f"  {kind:11} cold {med[kind]['cold']:.2f} s   warm {med[kind]['warm']:.2f} s   "
              f"warm 4x CPU {med[kind]['warm4x']:.2f} s")
    print("  where (a)'s start goes (medians per phase):   cold     warm  warm 4x CPU")
    for name, _, _ in PHASES:
        print(f"    {name:40} " + "  ".join(f"{spent['parlor'][mode][name]:7.3f}"
                                            for mode in ("cold", "warm", "warm4x")))
    print(f"    {'(b) loadPyodide() alone':40} " + "  ".join(
        f"{spent['floor'][mode]['loadPyodide']:7.3f}" for mode in ("cold", "warm", "warm4x")))
    print("  first visit of (a), per file:              raw    brotli 11       gzip 6")
    for name, sizes in sorted(first["per_file"].items(), key=lambda item: -item[1]["gzip"]):
        print(f"    {name:34} {sizes['raw']:>10,} {sizes['brotli']:>12,} {sizes['gzip']:>12,}")
    print(f"  first visit of (a): {first['requests']} requests, {first['files']} files, "
          f"{first['raw'] / 1e6:.2f} MB raw, {first['brotli'] / 1e6:.2f} MB at brotli 11, "
          f"{first['gzip'] / 1e6:.2f} MB at gzip 6, {first['sent'] / 1e6:.2f} MB sent here")
    print(f"  first paint of (a): cold {paints['cold']:.3f} s, warm {paints['warm']:.3f} s, "
          f"warm 4x CPU {paints['warm4x']:.3f} s")
    for key, goal in GOALS.items():
        verdict = "met" if result[key] <= goal else "NOT met"
        print(f"  {key}: {result[key]} (goal <= {goal}: {verdict})")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
