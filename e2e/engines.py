"""Drive Debian's WebKitGTK and Firefox ESR, for the smoke test and bench/startup.py.

Playwright's own WebKit and Firefox builds cannot be downloaded here, so each engine is driven
over its standard protocol: WebKit through WebKitWebDriver (W3C WebDriver over plain HTTP)
running MiniBrowser under an Xvfb display of its own, Firefox through WebDriver BiDi (its
websocket). `profile(engine)` gives a fresh profile (a new browser process with empty storage)
as a `Tab` with the same few verbs in both: go, run (a JS expression, awaited), wait, tap.

Every request that leaves 127.0.0.1 goes to a `Sink`, a proxy that refuses it and lists it:
the browsers are set to use it for every other host, so a test can fail on any request that
left the page's origin.
"""
from __future__ import annotations

import contextlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
ENGINES = ("firefox", "webkit")
PHONE_WIDTH, PHONE_HEIGHT = 360, 640   # MiniBrowser's window is never narrower than 447 px


class EngineMissing(RuntimeError):
    """The engine's Debian package is not installed."""


class Sink:
    """A proxy on loopback that answers every request with 403 and records what was asked."""

    def __init__(self):
        self.requests: list[str] = []
        sink = self

        class Refuse(http.server.BaseHTTPRequestHandler):
            def handle_one_request(self):
                self.raw_requestline = self.rfile.readline(65537)
                if not self.raw_requestline or not self.parse_request():
                    self.close_connection = True
                    return
                sink.requests.append(self.requestline)
                self.send_error(403, "Parlor's tests keep to the page's origin")
                self.close_connection = True

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wrap(expression: str) -> str:
    """A JS expression whose value (awaited) comes back as JSON text."""
    return (f"Promise.resolve((async () => ({expression}))())"
            ".then(v => JSON.stringify(v === undefined ? null : v))")


class Tab:
    """One fresh profile of an engine with one tab in it."""

    name = ""

    def go(self, url: str) -> None:
        raise NotImplementedError

    def run(self, expression: str):
        raise NotImplementedError

    def actions(self, actions: list) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait(self, expression: str, timeout: float = 60, every: float = 0.1):
        """Poll until the expression is truthy; returns its value."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.run(expression)
            except EngineError:
                value = None          # the page was navigating
            if value:
                return value
            if time.monotonic() > end:
                try:
                    shown = self.run("document.body.innerText.slice(0, 400)")
                except EngineError as error:
                    shown = str(error)
                raise TimeoutError(f"{self.name}: still false after {timeout} s: {expression}\n"
                                   f"the page shows: {shown!r}")
            time.sleep(every)

    def tap(self, selector: str, index: int = 0, timeout: float = 30) -> None:
        """A pointer press and release at the middle of the element matching `selector` (the
        index-th), scrolled into view (WebKit's WebDriver cannot click SVG groups as elements)."""
        where = self.wait(f"""(() => {{
            const node = document.querySelectorAll({json.dumps(selector)})[{index}];
            if (!node) return null;
            node.scrollIntoView({{block: "center", inline: "center"}});
            const box = node.getBoundingClientRect();
            if (!box.width || !box.height) return null;
            return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
        }})()""", timeout)
        self.actions([{"type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"},
                       "actions": [{"type": "pointerMove", "x": where[0], "y": where[1], "origin": "viewport"},
                                   {"type": "pointerDown", "button": 0},
                                   {"type": "pause", "duration": 30},
                                   {"type": "pointerUp", "button": 0}]}])


class EngineError(RuntimeError):
    """The browser answered a command with an error."""


class WebKitTab(Tab):
    """MiniBrowser driven by WebKitWebDriver, both under an Xvfb display of their own."""

    name = "webkit"

    def __init__(self, sink: Sink):
        for tool in ("WebKitWebDriver", "Xvfb"):
            if not shutil.which(tool):
                raise EngineMissing(f"{tool} is missing: ./build.sh test installs "
                                    "webkit2gtk-driver and xvfb from Debian")
        self.home = tempfile.mkdtemp(prefix="parlor-webkit-")
        self.processes = []
        read, write = os.pipe()
        self.processes.append(subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1024x768x24"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display:
            self.close()
            raise EngineError("Xvfb did not start")
        port = free_port()
        env = {**os.environ, "DISPLAY": f":{display}", "HOME": self.home,
               "XDG_DATA_HOME": f"{self.home}/data", "XDG_CACHE_HOME": f"{self.home}/cache",
               "XDG_CONFIG_HOME": f"{self.home}/config", "XDG_RUNTIME_DIR": self.home,
               "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        self.processes.append(subprocess.Popen(["WebKitWebDriver", f"--port={port}"], env=env,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            with contextlib.suppress(OSError):
                self.http("GET", "/status")
                break
            time.sleep(0.1)
        options = {"binary": MINIBROWSER,
                   "args": ["--automation", f"--proxy=http://127.0.0.1:{sink.port}",
                            "--ignore-host=127.0.0.1"]}
        session = self.http("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": options, "pageLoadStrategy": "normal"}}})
        self.session = f"/session/{session['sessionId']}"
        self.http("POST", f"{self.session}/timeouts", {"script": 180000, "pageLoad": 180000})
        self.http("POST", f"{self.session}/window/rect", {"width": PHONE_WIDTH, "height": PHONE_HEIGHT})

    def http(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                return json.loads(response.read() or b"null")["value"]
        except urllib.error.HTTPError as error:
            raise EngineError(f"webkit {path}: {error.read().decode(errors='replace')[:500]}") from None

    def go(self, url: str) -> None:
        self.http("POST", f"{self.session}/url", {"url": url})

    def run(self, expression: str):
        script = (f"const done = arguments[arguments.length - 1];"
                  f"{wrap(expression)}.then(done, e => done(JSON.stringify({{thrown: String(e)}})));")
        text = self.http("POST", f"{self.session}/execute/async", {"script": script, "args": []})
        value = json.loads(text)
        if isinstance(value, dict) and set(value) == {"thrown"}:
            raise EngineError(f"webkit: {value['thrown']}")
        return value

    def actions(self, actions: list) -> None:
        self.http("POST", f"{self.session}/actions", {"actions": actions})
        self.http("DELETE", f"{self.session}/actions")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if hasattr(self, "session"):
                self.http("DELETE", self.session)
        for process in reversed(self.processes):
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
            if process.poll() is None:
                process.kill()
                process.wait()
        shutil.rmtree(self.home, ignore_errors=True)


class FirefoxTab(Tab):
    """Headless Firefox ESR with a fresh profile, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, sink: Sink):
        from websockets.sync.client import connect   # requirements.txt; only Firefox needs it
        binary = shutil.which("firefox-esr") or shutil.which("firefox")
        if not binary:
            raise EngineMissing("firefox-esr is missing: ./build.sh test installs it from Debian")
        self.home = tempfile.mkdtemp(prefix="parlor-firefox-")
        prefs = {"network.proxy.type": 1, "network.proxy.http": "127.0.0.1",
                 "network.proxy.http_port": sink.port, "network.proxy.ssl": "127.0.0.1",
                 "network.proxy.ssl_port": sink.port, "network.proxy.no_proxies_on": "127.0.0.1",
                 "network.proxy.allow_hijacking_localhost": False,
                 "network.proxy.share_proxy_settings": True,
                 # background traffic of the browser itself, never the page's
                 "network.captive-portal-service.enabled": False,
                 "network.connectivity-service.enabled": False,
                 "browser.safebrowsing.update.enabled": False,
                 "browser.safebrowsing.downloads.remote.enabled": False,
                 "services.settings.server": "data:,#remote-settings-dummy/v1",
                 "toolkit.telemetry.enabled": False, "datareporting.policy.dataSubmissionEnabled": False,
                 "app.update.enabled": False, "app.update.disabledForTesting": True,
                 "extensions.update.enabled": False, "media.gmp-manager.updateEnabled": False,
                 "media.gmp-manager.url": "", "media.gmp-widevinecdm.enabled": False,
                 "media.gmp-gmpopenh264.enabled": False,
                 "browser.region.network.url": "", "network.dns.disablePrefetch": True,
                 "network.prefetch-next": False, "dom.serviceWorkers.testing.enabled": True}
        with open(os.path.join(self.home, "user.js"), "w") as out:
            for key, value in prefs.items():
                out.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", self.home],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1", "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"})
        address = None
        end = time.monotonic() + 60
        while address is None and time.monotonic() < end:
            line = self.process.stderr.readline()
            if not line:
                break
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            address = found and found.group(1)
        if not address:
            self.close()
            raise EngineError("firefox did not open its WebDriver BiDi port")
        threading.Thread(target=lambda: [None for _ in self.process.stderr], daemon=True).start()
        self.socket = connect(address + "/session", max_size=None, open_timeout=30)
        self.ids = 0
        self.command("session.new", {"capabilities": {}})
        tree = self.command("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]
        self.command("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": PHONE_WIDTH, "height": PHONE_HEIGHT},
            "devicePixelRatio": 2})

    def command(self, method: str, params: dict):
        self.ids += 1
        self.socket.send(json.dumps({"id": self.ids, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=300))
            if message.get("id") != self.ids:
                continue          # an event
            if message.get("type") == "error":
                raise EngineError(f"firefox {method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def go(self, url: str) -> None:
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def run(self, expression: str):
        result = self.command("script.evaluate", {
            "expression": wrap(expression), "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") == "exception":
            raise EngineError(f"firefox: {result['exceptionDetails'].get('text')}")
        return json.loads(result["result"]["value"])

    def actions(self, actions: list) -> None:
        self.command("input.performActions", {"context": self.context, "actions": actions})
        self.command("input.releaseActions", {"context": self.context})

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.command("session.end", {})
        with contextlib.suppress(Exception):
            self.socket.close()
        if getattr(self, "process", None):
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.home, ignore_errors=True)


@contextlib.contextmanager
def profile(engine: str, sink: Sink):
    """A fresh profile of `engine` ("firefox" or "webkit") with one tab; closed afterwards."""
    tab = {"firefox": FirefoxTab, "webkit": WebKitTab}[engine](sink)
    try:
        yield tab
    finally:
        tab.close()
