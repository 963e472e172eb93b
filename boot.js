// Start-up: check the device, make sure the service worker holds the site, then start
// PyScript on the self-hosted Pyodide. Python takes over the page once it is running.
"use strict";
(() => {
  const stage = document.getElementById("boot-stage");
  const bar = document.getElementById("boot-progress");
  const MB = 1e6;
  let failed = false;

  function show(text, fraction) {
    stage.textContent = text;
    if (fraction === undefined) bar.removeAttribute("value");
    else bar.value = fraction;
  }

  function fail(title, detail) {
    if (failed || document.documentElement.dataset.ready) return;
    failed = true;
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
      fail("Not enough memory",
           "This device ran out of memory while starting the games. Close other apps or tabs and try again.");
    } else {
      fail("Parlor could not start",
           "Something went wrong while loading. Check your connection and try again.");
    }
  }

  function deviceCanRun() {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      fail("This browser cannot run Parlor",
           "Parlor needs WebAssembly, which this browser does not offer. Try an up-to-date Chrome, Firefox or Safari.");
      return false;
    }
    try {
      new WebAssembly.Memory({ initial: 1024 }); // 64 MB: what Python needs to start
    } catch (error) {
      fail("Not enough memory",
           "This device does not have enough free memory to run the games. Close other apps or tabs and try again.");
      return false;
    }
    return true;
  }

  async function serviceWorkerReady() {
    if (!("serviceWorker" in navigator)) return;
    const sw = navigator.serviceWorker;
    sw.addEventListener("message", ({ data }) => {
      if (data && data.type === "parlor:download" && data.total) {
        show(`Downloading the games: ${(data.loaded / MB).toFixed(1)} of ${(data.total / MB).toFixed(1)} MB`,
             0.9 * data.loaded / data.total);
      }
    });
    if (sw.controller) {
      sw.register("sw.js").catch(console.warn); // look for an update in the background
      return;
    }
    try {
      const claimed = new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
      await sw.register("sw.js");
      await claimed;
    } catch (error) {
      console.warn("service worker unavailable, loading from the network", error);
    }
  }

  function startPython() {
    show("Starting Python…", 0.92);
    const script = document.createElement("script");
    script.type = "py";
    script.src = "app/main.py";
    script.setAttribute("config", JSON.stringify({
      interpreter: "pyodide/pyodide.mjs",
      files: { "app/parlor.zip": "./*" },
    }));
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
  setTimeout(() => fail("Parlor is taking too long to start",
                        "Loading has stalled. Check your connection and try again."), 90000);

  if (deviceCanRun()) serviceWorkerReady().then(startPython).catch(failFrom);
})();
