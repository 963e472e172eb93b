"""Start-up as players meet it: a first visit, the static shell, taps while starting, the stall
timer, and the start-up snapshot (restored, reseeded, and refused when corrupt or stale)."""
import base64
import hashlib
import json
import re
import shutil
import zipfile

import pytest
from playwright.sync_api import expect

import build_site  # tools/ is on the path through harness
from harness import DIST, PHONE, all_computer_game, guard_origin, open_at_start, serve, wait_ready
from test_tyrus_hotseat import play_one_turn, start_game

SLOW = 600_000       # bytes per second: a first visit then takes several seconds
SNAPSHOT_DONE = "['stored', 'not stored'].includes(window.parlorStart?.snapshot)"


def new_page(browser, url, route=True, **options):
    """A fresh phone-sized profile; returns (context, page, uncaught errors, outside requests).
    Requests leaving the origin are aborted (which turns the HTTP cache off) or, with
    route=False, only listed."""
    context = browser.new_context(**PHONE, **options)
    if route:
        outside = guard_origin(context, url)
    else:
        outside = []
        context.on("request", lambda r: r.url.startswith((url, "data:", "blob:")) or outside.append(r.url))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors, outside


def first_visit(page, url):
    """A first visit, until the worker holds every file and the start-up snapshot is made."""
    page.goto(url)
    wait_ready(page)
    try:
        page.wait_for_function(f"window.parlorCached === true && {SNAPSHOT_DONE}", timeout=90000)
    finally:
        state = page.evaluate("JSON.stringify([window.parlorCached, window.parlorStart])")
    assert page.evaluate("parlorStart.snapshot") == "stored", state


def test_a_first_visit_shows_the_shell_and_progress_and_fetches_each_file_once(browser):
    log = []
    with serve(DIST, log=log, rate=SLOW) as url:
        context, page, errors, outside = new_page(browser, url, route=False)  # HTTP cache on
        page.goto(url)
        # before Python runs: the home screen drawn at build time, and the download in numbers
        expect(page.locator("#shell-home .game-card").first).to_be_visible()
        expect(page.locator("#boot-stage")).to_have_text(
            re.compile(r"Downloading the games: \d+ % \(\d+\.\d of \d+\.\d MB left\)"), timeout=30000)
        assert not page.evaluate("document.documentElement.dataset.ready")
        first_visit(page, url)
        fetched = {}
        for path, status, encoding, size in log:
            if status == 200:
                fetched.setdefault(path, []).append(encoding)
        build = json.loads((DIST / "build.json").read_text())
        wanted = {"/" + ("" if f["url"] == "./" else f["url"]) for f in build["files"]} | {"/sw.js"}
        assert set(fetched) == wanted, "the precache list is exactly what a visit needs"
        twice = {path: n for path, n in fetched.items() if len(n) > 1}
        assert not twice, f"fetched more than once: {twice}"
        assert fetched["/pyodide/pyodide.asm.wasm"] == ["br"], "sent precompressed"
        context.close()
    assert errors == [] and outside == []


def record_fragment(game: str, names: list[str]) -> str:
    """A format-1 game link (py/parlor/links/record.py) whose first seats have joined with `names`;
    one more seat is open. The anchors are made up: enough for the shell to read."""
    data = bytes([0, len(names) + 1])
    for name in names:
        raw = name.encode()
        data += bytes([1, len(raw)]) + raw + bytes(16)
    data += bytes([0, 0])
    body = f"p1.{game}.{base64.urlsafe_b64encode(data).decode().rstrip('=')}."
    check = base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).decode()[:6]
    return f"#{body}.{check}"


def test_a_game_link_is_named_before_python_runs_and_names_stay_text(browser):
    hostile = '<img src=x onerror="window.hacked=1">'
    with serve(DIST, rate=SLOW) as url:
        context, page, errors, outside = new_page(browser, url)
        page.goto(url + record_fragment("tsuro", ["Ana", hostile]))
        expect(page.locator("#shell-game")).to_have_text("Tsuro")
        expect(page.locator("#shell-players")).to_have_text(f"Ana vs {hostile[:24]}, 1 seat open")
        assert page.locator("#boot img").count() == 0
        expect(page.locator("#shell-home")).to_be_hidden()
        wait_ready(page)
        assert not page.evaluate("window.hacked")
        context.close()
    assert errors == [] and outside == []


def test_a_tap_while_starting_is_not_lost(browser):
    with serve(DIST, rate=SLOW) as url:
        context, page, errors, outside = new_page(browser, url)
        page.goto(url)
        page.click("#shell-home button[data-action=setup][data-game=tsuro]")
        expect(page.locator("#boot-stage")).to_contain_text("Your tap will count")
        assert not page.evaluate("document.documentElement.dataset.ready")
        wait_ready(page)
        expect(page.locator("#app .new-game h2")).to_have_text("Tsuro")
        assert page.locator("#boot").count() == 0, "the shell is gone: one set of ids"
        page.fill("#name-tsuro-0", "Zed")
        page.click("button[data-action=start][data-game=tsuro]:not([data-bots])")
        page.click("button[data-action=home]")
        expect(page.locator(".saved-game")).to_contain_text("Zed vs Player 2")
        context.close()
    assert errors == [] and outside == []


def test_a_language_picked_while_starting_is_kept(browser):
    with serve(DIST, rate=SLOW) as url:
        context, page, errors, outside = new_page(browser, url, locale="en-GB")
        page.goto(url)
        page.select_option("#shell-home #language", "it")
        assert not page.evaluate("document.documentElement.dataset.ready"), "picked while loading"
        expect(page.locator("html")).to_have_attribute("lang", "it")
        expect(page.locator("#shell-home button[data-action=rules]").first).to_have_text("Come si gioca")
        wait_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "it")
        expect(page.locator("#app button[data-action=rules]").first).to_have_text("Come si gioca")
        expect(page.locator("#app #language")).to_have_value("it")
        page.select_option("#app #language", "en")
        expect(page.locator("#app button[data-action=rules]").first).to_have_text("How to play")
        context.close()
    assert errors == [] and outside == []


@pytest.mark.alone       # its 4 s of patience is measured on a machine doing nothing else
def test_a_download_that_keeps_moving_is_never_called_stalled(browser):
    with serve(DIST, rate=300_000) as url:    # over 10 s of download, progress all along
        context, page, errors, outside = new_page(browser, url)
        context.add_init_script("window.parlorStallMs = 4000")
        page.goto(url)
        seen_stall = False
        while not page.evaluate("document.documentElement.dataset.ready"):
            seen_stall |= page.evaluate("!document.getElementById('boot-stall')?.hidden")
            page.wait_for_timeout(200)
        assert not seen_stall, "Retry was offered while bytes were arriving"
        context.close()
    assert errors == [] and outside == []


def test_a_download_that_stops_offers_retry(browser, base_url):
    context, page, errors, outside = new_page(browser, base_url, service_workers="block")
    context.add_init_script("window.parlorStallMs = 1500")
    context.route("**/pyodide.asm.wasm", lambda route: None)    # never answered
    page.goto(base_url)
    expect(page.locator("#boot-stall")).to_be_visible(timeout=10000)
    expect(page.locator("#boot-stall")).to_contain_text("Nothing has arrived")
    context.unroute("**/pyodide.asm.wasm")
    with page.expect_navigation():
        page.click("#boot-retry")
    wait_ready(page)
    context.close()
    assert outside == []


def python(page, code: str):
    return page.evaluate("code => parlorPython.runPython(code)", code)


def test_a_warm_visit_restores_the_snapshot_with_fresh_randomness(browser, base_url):
    context, page, errors, outside = new_page(browser, base_url)
    first_visit(page, base_url)
    draws, seeds = [], []
    for _ in range(2):
        page.reload()
        wait_ready(page)
        assert page.evaluate("parlorStart.snapshot") == "restored"
        draws.append(python(page, "import random, secrets; (random.random(), secrets.token_hex(8))"))
        start_game(page)                       # the app's seeds come from secrets
        play_one_turn(page, 0)
        seeds.append(page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('parlor:game:'))
            .map(k => JSON.parse(localStorage.getItem(k)).seed).sort()"""))
        page.click("button[data-action=home]")
    assert draws[0][0] != draws[1][0], "random is reseeded after each restore"
    assert draws[0][1] != draws[1][1]
    assert len(set(seeds[1])) == 2 and set(seeds[0]) < set(seeds[1]), "two games, two seeds"
    context.close()
    assert errors == [] and outside == []


WATCH_BUSY = """window.busyLog = []; window.snapshotAt = null;
new MutationObserver(() => busyLog.push([performance.now(), document.documentElement.hasAttribute('data-busy')]))
  .observe(document, {attributes: true, subtree: true, attributeFilter: ['data-busy']});
{ const Real = window.Worker;
  window.Worker = function (url, options) {
    if (String(url).includes('snapshot.mjs')) window.snapshotAt = performance.now();
    return new Real(url, options);
  }; }"""


def test_the_snapshot_waits_for_a_calm_moment_while_the_computer_starts_and_thinks(browser, base_url):
    """On a first visit straight into a game of computers, the snapshot's worker would share
    the phone's cores with the computer's: it is made only after two calm seconds."""
    context, page, errors, outside = new_page(browser, base_url)
    saved = all_computer_game("tsuro", 3)
    context.add_init_script(WATCH_BUSY)
    open_at_start(context, saved)
    page.goto(base_url)
    wait_ready(page)
    expect(page.locator(".thinking")).to_be_visible()
    page.wait_for_function("document.documentElement.hasAttribute('data-busy')")
    page.wait_for_timeout(3000)                     # the computer keeps playing meanwhile
    assert page.evaluate("[parlorStart.snapshot, snapshotAt]") == ["none", None]
    page.click("button[data-action=home]")          # the computer stops: a calm moment comes
    page.wait_for_function(SNAPSHOT_DONE, timeout=90000)
    assert page.evaluate("parlorStart.snapshot") == "stored"
    busy, started = page.evaluate("[busyLog, snapshotAt]")
    assert any(on for _, on in busy), "the computer's worker marked the page busy"
    last_at, last_on = [change for change in busy if change[0] < started][-1]
    assert not last_on and started - last_at >= 1500, (busy, started)
    assert not page.evaluate("document.documentElement.hasAttribute('data-busy')")
    context.close()
    assert errors == [] and outside == []


SPOIL = {
    "garbage": "crypto.getRandomValues(new Uint8Array(4096))",
    "truncated": "bytes.slice(0, bytes.length >> 1)",
    "another Pyodide build": "(() => { const b = bytes.slice(); b[20] ^= 0xff; return b; })()",
}


def test_a_corrupt_or_foreign_snapshot_falls_back_to_a_normal_start(browser, base_url):
    context, page, errors, outside = new_page(browser, base_url)
    first_visit(page, base_url)
    start_game(page)
    for kind, replacement in SPOIL.items():
        page.evaluate(f"""async () => {{
            const name = (await caches.keys()).find(n => n.startsWith('parlor-snapshot-'));
            const cache = await caches.open(name);
            const [request] = await cache.keys();
            const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
            await cache.put(request, new Response({replacement}));
        }}""")
        page.reload()
        wait_ready(page)
        assert page.evaluate("parlorStart.snapshot") == "failed", kind
        expect(page.locator(".screen-pass")).to_be_visible()    # the game reopens as usual
        page.wait_for_function(SNAPSHOT_DONE, timeout=60000)    # and a good snapshot replaces it
        assert page.evaluate("parlorStart.snapshot") == "stored", kind
    page.reload()
    wait_ready(page)
    assert page.evaluate("parlorStart.snapshot") == "restored"
    context.close()
    assert errors == [] and outside == []


def test_a_snapshot_of_an_older_deployment_is_never_restored(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with serve(site) as url:
        context, page, errors, outside = new_page(browser, url)
        first_visit(page, url)
        old = json.loads((site / "build.json").read_text())["snapshotCache"]
        # a new deployment whose app differs: its snapshot key changes with it
        with zipfile.ZipFile(site / "app/parlor.zip", "a") as app:
            app.writestr("parlor/release.txt", "two")
        new = build_site.finish(site, json.loads((site / "build-report.json").read_text()))
        assert new["snapshotCache"] != old
        page.reload()           # the old version, its own snapshot; the update installs meanwhile
        wait_ready(page)
        for _ in range(240):    # the new version takes over once it holds every file
            if old not in page.evaluate("caches.keys()"):
                break
            page.wait_for_timeout(250)
        assert new["snapshotCache"] not in page.evaluate("caches.keys()")
        page.reload()
        wait_ready(page)
        assert python(page, "import pkgutil; pkgutil.get_data('parlor', 'release.txt') == b'two'"), \
            "the new app runs"
        assert page.evaluate("parlorStart.snapshot") == "none", "the old snapshot is not used"
        page.wait_for_function(SNAPSHOT_DONE, timeout=60000)
        page.reload()
        wait_ready(page)
        assert page.evaluate("parlorStart.snapshot") == "restored"
        context.close()
    assert errors == [] and outside == []
