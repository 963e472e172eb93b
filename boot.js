// Start-up: show the static shell at once, check the device, let the service worker take the
// page, then start PyScript on the self-hosted Pyodide once the shell is painted. Python takes
// over the page once it is running (it sets <html data-ready="1">).
"use strict";
(() => {
  performance.mark("parlor:boot"); // the start's phases are timed by bench/startup.py
  const root = document.documentElement;
  const stage = document.getElementById("boot-stage");
  const bar = document.getElementById("boot-progress");
  const stall = document.getElementById("boot-stall");
  // No progress for this long: offer Retry (loading goes on meanwhile). Tests shorten it.
  const STALL_MS = window.parlorStallMs || 20000;
  const MB = 1e6;
  const SHELL = JSON.parse(document.getElementById("parlor-shell").textContent);
  let WORDS = speak(SHELL);
  let failed = false;
  let stallTimer = 0;
  let pendingTap = null;

  const ready = () => root.dataset.ready === "1";

  // The device's language, as the app picks it (py/parlor/app.py): the one chosen on this
  // device, else the first of the browser's that Parlor speaks. The page holds the source
  // language's shell; another one's home screen and words are swapped in here.
  function speak(shell) {
    let chosen = null;
    try {
      chosen = localStorage.getItem("parlor.language");
    } catch (error) {
      chosen = null; // storage blocked: follow the browser
    }
    const known = (code) => code && Object.hasOwn(shell.languages, code);
    const wanted = [chosen, ...(navigator.languages || [navigator.language])]
      .filter(Boolean).map((tag) => String(tag).toLowerCase());
    const code = wanted.map((tag) => (known(tag) ? tag : tag.split("-")[0])).find(known) || shell.source;
    const words = { ...shell.languages[code].words, games: shell.languages[code].games };
    if (code !== root.lang) {
      root.lang = code;
      document.getElementById("shell-home").innerHTML = shell.languages[code].home;
      document.getElementById("boot-stage").textContent = words.starting;
      document.getElementById("boot-stall-text").textContent = words.stalled;
      document.getElementById("boot-retry").textContent = words.retry;
      document.getElementById("fatal-retry").textContent = words.try_again;
    }
    return words;
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  // Any sign of life restarts the stall timer and takes back an offer to retry. While bytes
  // are expected, silence means a stalled download; once all have arrived, Python starts,
  // which a slow phone takes a while to do without a sign, so then the patience is longer.
  function moved(patience = STALL_MS) {
    clearTimeout(stallTimer);
    stall.hidden = true;
    if (!ready() && !failed) {
      stallTimer = setTimeout(() => { stall.hidden = false; }, patience);
    }
  }
  document.getElementById("boot-retry").addEventListener("click", () => location.reload());

  function show(text, fraction, patience) {
    stage.textContent = pendingTap ? `${text} ${WORDS.tap_waits}` : text;
    if (fraction === undefined) bar.hidden = true;
    else {
      bar.hidden = false;
      bar.value = fraction;
    }
    moved(patience);
  }

  function fail(title, detail) {
    if (failed || ready()) return;
    failed = true;
    clearTimeout(stallTimer);
    document.getElementById("boot").hidden = true;
    document.getElementById("fatal-title").textContent = title;
    document.getElementById("fatal-detail").textContent = detail;
    document.getElementById("fatal").hidden = false;
  }
  window.parlorFail = fail;

  function looksLikeMemory(text) {
    return /memory|RangeError: (Array buffer|WebAssembly\.Memory)|Out of memory/i.test(String(text));
  }

  function failFrom(error) {
    console.error(error);
    if (looksLikeMemory(error && (error.message || error))) {
      fail(WORDS.no_memory, WORDS.ran_out);
    } else {
      fail(WORDS.cannot_start, WORDS.load_failed);
    }
  }

  function deviceCanRun() {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      fail(WORDS.no_wasm_title, WORDS.no_wasm);
      return false;
    }
    try {
      new WebAssembly.Memory({ initial: 1024 }); // 64 MB: what Python needs to start
    } catch (error) {
      fail(WORDS.no_memory, WORDS.too_little);
      return false;
    }
    return true;
  }

  // A game link names its game and players in the fragment (record format: py/parlor/links/record.py).
  // Show them before Python runs. Names are untrusted text: textContent only.
  function readLink(fragment) {
    const match = /^#p(\d+)\.([a-z][a-z0-9_-]{0,23})\.([A-Za-z0-9_-]*)\./.exec(fragment);
    if (!match || !["1", "2", "3"].includes(match[1])) return null;
    const version = Number(match[1]);  // 2: a key and signatures; 3: joins (links/record.py)
    const signed = version >= 2;
    const text = atob(match[3].replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    let at = 0;
    const take = (n) => {
      if (at + n > bytes.length) throw new RangeError("short record");
      at += n;
      return bytes.subarray(at - n, at);
    };
    const byte = () => take(1)[0];
    const string = () => new TextDecoder("utf-8", { fatal: true }).decode(take(byte()));
    for (let options = byte(); options > 0; options--) { string(); string(); }
    if (version === 3) byte();          // the seats the invitation offers
    const seats = [];
    for (let count = byte(); count > 0; count--) {
      const flags = byte(); // 1 joined, 2 chain, 4 covers moves, 8 seed; 16 claim, 32 resigned
      const name = string();
      const keyed = signed && Boolean(flags & 1);
      if (flags & 1) take(keyed ? 48 : 16);          // anchor (and key)
      const index = flags & 2 ? take(17)[0] : 0;      // chain index and value
      const ends = (flags & 16 ? 1 : 0) + (flags & 32 ? 2 : 0);
      if (keyed && index - ends > 0) take(64);        // the latest message's signature
      if (flags & 4) take(keyed ? 2 : 10);            // covered length (and history tag)
      if (keyed && ends) take(64);                    // the claim's or resignation's signature
      if (flags & 8) take(16);
      seats.push({ joined: Boolean(flags & 1), name });
    }
    if (version === 3 && !seats.every((seat) => seat.joined)) {
      take(16);                         // the creator's seating commitment
      const open = seats.filter((seat) => !seat.joined);
      for (let count = byte(); count > 0; count--) {   // the joins, shown in the open seats
        const name = string();
        take(112);                      // anchor, key and signature
        const seat = open.shift();
        if (seat) Object.assign(seat, { joined: true, name });
      }
    }
    return { game: match[2], seats };
  }

  function clean(name) {
    return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "").replace(/\s+/g, " ").trim().slice(0, 24);
  }

  function showLink() {
    let link = null;
    try {
      link = readLink(location.hash);
    } catch (error) {
      link = null; // a damaged link: Python will say what is wrong with it
    }
    if (!link) return;
    const titles = WORDS.games;
    const joined = link.seats.map((seat, i) =>
      (seat.joined ? clean(seat.name) || fill(WORDS.player, { number: i + 1 }) : null));
    const names = joined.filter((name) => name !== null);
    const open = joined.length - names.length;
    document.getElementById("shell-home").hidden = true;
    document.getElementById("shell-link").hidden = false;
    document.getElementById("shell-game").textContent =
      Object.hasOwn(titles, link.game) ? titles[link.game] : WORDS.a_game;
    const seats = open ? WORDS.open_seats[Math.min(open, WORDS.open_seats.length) - 1] : "";
    document.getElementById("shell-players").textContent =
      names.join(` ${WORDS.versus} `) + (seats && names.length ? ", " : "") + seats;
  }

  // Taps before Python is ready: the last one on a control is kept (and shown pressed), and
  // made again on the same control of the real screen once it is there.
  function keepTaps() {
    const shell = document.getElementById("boot");
    shell.addEventListener("click", (event) => {
      const control = event.target.closest("#shell-home [data-action]");
      if (!control) return;
      event.preventDefault();
      shell.querySelectorAll(".pending").forEach((node) => node.classList.remove("pending"));
      control.classList.add("pending");
      if (!pendingTap) stage.textContent += ` ${WORDS.tap_waits}`;
      pendingTap = Object.entries(control.dataset);
    }, true);
  }

  // A language picked on the shell: kept on the device, where the app reads it when it
  // starts (py/parlor/app.py), and the shell redrawn in it at once.
  function keepLanguage() {
    document.getElementById("boot").addEventListener("change", (event) => {
      if (event.target.name !== "language") return;
      try {
        localStorage.setItem("parlor.language", event.target.value);
      } catch (error) {
        return; // storage blocked: the app cannot read it either
      }
      WORDS = speak(SHELL);
    });
  }

  function handOver() {
    clearTimeout(stallTimer);
    const app = document.getElementById("app");
    document.getElementById("boot").remove(); // its ids and classes now belong to the real screen
    if (pendingTap) {
      const selector = pendingTap.map(([key, value]) =>
        `[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${CSS.escape(value)}"]`).join("");
      const target = app.querySelector(selector);
      pendingTap = null;
      if (target) target.click();
    }
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "parlor:top-up" });
    }
  }

  function watchReady() {
    const watch = new MutationObserver(() => {
      if (ready()) {
        watch.disconnect();
        handOver();
      }
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // First visit: the worker keeps only the shell when it installs and takes the page at once;
  // runtime files are kept as the page fetches them through it. Later visits: it is in control.
  async function serviceWorkerReady() {
    if (!("serviceWorker" in navigator)) return;
    const sw = navigator.serviceWorker;
    sw.addEventListener("message", ({ data }) => {
      if (data && data.type === "parlor:cached") window.parlorCached = data.complete; // all kept
      if (data && data.type === "parlor:download" && data.total && !ready()) {
        if (data.loaded >= data.total) {
          show(WORDS.starting_python, undefined, 3 * STALL_MS);
          return;
        }
        const percent = Math.floor(100 * data.loaded / data.total);
        show(fill(WORDS.downloading, { percent, left: (data.left / MB).toFixed(1), total: (data.sent / MB).toFixed(1) }),
             data.loaded / data.total);
      }
    });
    if (sw.controller) {
      readSnapshot();
      sw.register("sw.js").catch(console.warn); // look for an update in the background
      return;
    }
    try {
      const claimed = new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
      await sw.register("sw.js");
      await Promise.race([claimed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    } catch (error) {
      console.warn("service worker unavailable, loading from the network", error);
    }
  }

  // A stored start-up snapshot (31 MB) is read while PyScript loads; the loader
  // (pyodide-loader.mjs) uses it only if it was made for this very build.
  function readSnapshot() {
    if (!("caches" in window)) return;
    const url = new URL("pyodide/snapshot.bin", location.href).href;
    window.parlorSnapshotRead = caches.keys().then(async (names) => {
      const cache = names.find((name) => name.startsWith("parlor-snapshot-"));
      const response = cache && await caches.match(url, { cacheName: cache });
      return response ? { cache, bytes: new Uint8Array(await response.arrayBuffer()) } : null;
    }).catch(() => null);
  }

  // The shell is painted before any large script is parsed: PyScript and the runtime start
  // once the next frame is out (a hidden tab paints no frame: then after a moment).
  function afterPaint() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 250);
    });
  }

  function startPython() {
    show(WORDS.starting);
    // The app's zip downloads while Python starts; the loader installs it (pyodide-loader.mjs).
    window.parlorApp = fetch("app/parlor.zip").then((response) => {
      if (!response.ok) throw new Error(`app/parlor.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    window.parlorApp.catch(() => {}); // reported by the loader
    // Modules PyScript and Pyodide import one after another, fetched side by side.
    for (const url of SHELL.preload) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: url }));
    }
    const script = document.createElement("script");
    script.type = "py";
    script.textContent = SHELL.main;   // py/main.py, put here by the build
    script.setAttribute("config", JSON.stringify({
      interpreter: "pyodide/loader.mjs",
      plugins: ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"],
    }));
    script.addEventListener("py:ready", () => show(WORDS.opening, undefined, 3 * STALL_MS));
    document.body.append(script);
    return import("./pyscript/core.js");
  }

  // PyScript reports Python errors by adding an element to the page: never show a traceback.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          node.remove();
          failFrom(node.textContent);
        }
      }
    }
  }).observe(document.body, { childList: true });

  window.addEventListener("error", (event) => failFrom(event.error || event.message));
  window.addEventListener("unhandledrejection", (event) => failFrom(event.reason));

  showLink();
  keepTaps();
  keepLanguage();
  watchReady();
  moved();
  const controlled = () => performance.mark("parlor:controlled");
  if (deviceCanRun()) serviceWorkerReady().then(controlled).then(afterPaint).then(startPython).catch(failFrom);
})();
