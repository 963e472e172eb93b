"""The app as a static, installable, offline site, and its messages when things go wrong."""
import json
import shutil

from playwright.sync_api import expect

from harness import DIST, serve, wait_ready

import build_site  # tools/ is on the path through harness
from test_tyrus_hotseat import play_one_turn, start_game


def test_manifest_and_icons_make_it_installable(page, base_url):
    manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        size = page.evaluate(f"""new Promise(ok => {{ const i = new Image();
            i.onload = () => ok(i.naturalWidth + 'x' + i.naturalHeight); i.src = '{icon["src"]}'; }})""")
        assert size == icon["sizes"]


def test_after_one_visit_the_app_loads_resumes_and_plays_offline(phone, base_url):
    page = phone.new_page()
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_function("window.parlorCached === true")   # the worker holds every file
    start_game(page)
    play_one_turn(page, 0)
    phone.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator(".screen-pass h2")).to_be_visible()
    play_one_turn(page, 1)
    expect(page.locator(".screen-pass")).to_be_visible()
    page.click("button[data-action=home]")
    expect(page.locator(".saved-game")).to_have_count(1)


def test_a_corrupt_saved_game_is_reported_and_can_be_discarded_alone(page):
    start_game(page)
    play_one_turn(page, 0)
    page.click("button[data-action=home]")
    page.evaluate("""localStorage.setItem('parlor:game:ffffffffffffffff', '{"format":1,"id":');
                     localStorage.removeItem('parlor:current')""")
    page.reload()
    wait_ready(page)
    damaged = page.locator(".saved-game.damaged")
    expect(damaged).to_contain_text("cannot be opened")
    expect(page.locator(".saved-game:not(.damaged)")).to_contain_text("Ana vs Bo")
    damaged.locator("button[data-action=discard]").click()
    expect(page.locator(".saved-game")).to_have_count(1)
    assert page.evaluate("localStorage.getItem('parlor:game:ffffffffffffffff')") is None


def test_full_storage_gets_a_message_and_the_game_goes_on(page):
    start_game(page)
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    play_one_turn(page, 0)
    expect(page.locator(".notice")).to_contain_text("storage is full")
    expect(page.locator(".screen-pass")).to_be_visible()


def test_a_browser_without_webassembly_gets_a_plain_message(phone, base_url):
    phone.add_init_script("delete window.WebAssembly")
    page = phone.new_page()
    page.goto(base_url)
    expect(page.locator("#fatal")).to_be_visible()
    expect(page.locator("#fatal-title")).to_have_text("This browser cannot run Parlor")


def test_a_device_short_of_memory_gets_a_plain_message(phone, base_url):
    phone.add_init_script("""WebAssembly.Memory = function () {
        throw new RangeError('WebAssembly.Memory(): could not allocate memory'); }""")
    page = phone.new_page()
    page.goto(base_url)
    expect(page.locator("#fatal-title")).to_have_text("Not enough memory")


def test_a_new_deployment_is_fully_kept_before_it_takes_over_and_keeps_the_games(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with serve(site) as url:
        context = browser.new_context(viewport={"width": 360, "height": 640})
        console = []
        context.on("console", lambda m: console.append(m.text[:300]))
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        page.wait_for_function("window.parlorCached === true && parlorStart.snapshot === 'stored'",
                               timeout=60000)
        start_game(page)
        page.click("button[data-action=home]")
        old = json.loads((site / "build.json").read_text())
        # deploy a new version as a host does, all at once: a changed page and the build's own
        # last step on a copy, then swapped in (the page checks for updates meanwhile: built in
        # place, a half-written deployment could be served to it)
        staged = tmp_path / "staged"
        shutil.copytree(site, staged)
        index = staged / "index.html"
        index.write_text(index.read_text().replace("<title>Parlor</title>",
                                                   "<title>Parlor</title><meta name=release content=two>"))
        new = build_site.finish(staged, json.loads((staged / "build-report.json").read_text()))
        site.rename(tmp_path / "previous")
        staged.rename(site)
        assert new["version"] != old["version"]
        page.reload()
        wait_ready(page)
        wanted = sorted([f"parlor-{new['version']}", new["snapshotCache"]])
        for _ in range(480):  # the update is fetched and installed in the background (2 min at most)
            if sorted(page.evaluate("caches.keys()")) == wanted:
                break
            page.wait_for_timeout(250)
        assert sorted(page.evaluate("caches.keys()")) == wanted, (
            "old version dropped, snapshot kept", page.evaluate(
                "navigator.serviceWorker.getRegistration().then(r => JSON.stringify([!!r.installing, !!r.waiting, !!r.active]))"), console)
        # the old cache went only after the new one held every file of the new version
        kept = page.evaluate(f"""caches.open('parlor-{new["version"]}')
            .then(c => c.keys()).then(keys => keys.map(r => r.url))""")
        assert sorted(kept) == sorted(url + ("" if f["url"] == "./" else f["url"]) for f in new["files"])
        context.set_offline(True)    # the new version works offline at once
        page.reload()
        wait_ready(page)
        assert page.locator("meta[name=release]").count() == 1, "the new page is served"
        expect(page.locator(".saved-game")).to_contain_text("Ana vs Bo")
        assert page.evaluate("parlorStart.snapshot") == "restored", "an unchanged app keeps its snapshot"
        context.close()
