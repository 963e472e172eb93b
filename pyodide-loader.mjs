// PyScript's "interpreter" module (dist/pyodide/loader.mjs): Pyodide's own loadPyodide, plus
// what PyScript cannot pass to it.
// - lockFileContents: the lock file's header, put here by the build, so the page never fetches
//   pyodide-lock.json (Parlor loads no packages; info.abi_version must match the runtime).
// - A memory snapshot of a started Python with the app's modules imported, when one made for
//   exactly this build is stored (its cache name holds the digest of everything it depends
//   on); Pyodide's runtime loads while it is read. Snapshots are a private Pyodide API: any
//   failure to restore one deletes it and starts normally. After a restore Python's random
//   module is reseeded (the snapshot froze its state).
// - The app: boot.js starts downloading app/parlor.zip while PyScript loads; as soon as Python
//   runs it is written whole into Python's file system and imported from there (zipimport:
//   one file written, nothing unpacked), and PyScript's bytecode is put where PyScript writes
//   its package (installApp, also used by the snapshot and computer workers).
// - After a start without a snapshot, once the app is ready and the page calm, a throwaway
//   worker (snapshot.mjs) makes one for the next visit: made on the page, a snapshot would
//   need every JS object wrapped (DOM calls then fail), and it takes the worker ~1 s. The page
//   stores what it hands back (WebKit drops the worker's own Cache Storage writes).
// - Performance marks "parlor:loader", "parlor:snapshot-read", "parlor:pyodide", "parlor:seeded"
//   (Python's first run after the runtime is up) and "parlor:app" time the start's phases
//   (bench/startup.py prints them).
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

const START = self.PARLOR_START;
const SNAPSHOT_URL = new URL("snapshot.bin", import.meta.url).href;
const APP_ZIP = "/home/pyodide/parlor.zip";
const status = (globalThis.parlorStart = { snapshot: "none" });

/** Whether a snapshot made for this very build is stored (known at once; its read takes a while). */
async function snapshotStored() {
  try {
    return "caches" in globalThis && await caches.has(START.snapshotCache);
  } catch (error) {
    console.warn("Parlor: cannot read the start-up snapshot", error);
    return false;
  }
}

/** The stored snapshot's bytes: read while Pyodide's runtime loads (it waits for them only to
 *  instantiate). */
async function readSnapshot() {
  const early = await globalThis.parlorSnapshotRead;   // boot.js starts reading it early
  let bytes = early && early.cache === START.snapshotCache ? early.bytes : null;
  if (!bytes) {
    const response = await caches.match(SNAPSHOT_URL, { cacheName: START.snapshotCache });
    bytes = response ? new Uint8Array(await response.arrayBuffer()) : null;
  }
  performance.mark("parlor:snapshot-read");
  if (!bytes) throw new Error("the snapshot's cache holds no snapshot");
  return bytes;
}

function makeSnapshotLater() {
  if (!("caches" in globalThis) || (navigator.deviceMemory && navigator.deviceMemory < 2)) return;
  const start = () => {
    status.snapshot = "making";
    const worker = new Worker(new URL("snapshot.mjs", import.meta.url), { type: "module" });
    worker.onmessage = async ({ data }) => {
      worker.terminate();
      try {
        if (data.error) throw new Error(data.error);
        const cache = await caches.open(START.snapshotCache);
        await cache.put(SNAPSHOT_URL, new Response(data.snapshot, {
          headers: { "Content-Type": "application/octet-stream" } }));
        status.snapshot = "stored";
      } catch (error) {
        status.snapshot = "not stored";
        console.warn("Parlor: no start-up snapshot this time:", error);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      status.snapshot = "not stored";
      console.warn("Parlor: the snapshot worker failed:", event.message);
    };
  };
  const ready = () => document.documentElement.dataset.ready === "1";
  // Two calm seconds first: not while the computer's worker starts or thinks (data-busy), as
  // two workers at once would share a phone's cores with the page.
  let calm = 0;
  const later = () => setTimeout(() => {
    calm = document.documentElement.dataset.busy ? 0 : calm + 1;
    if (calm >= 4) start(); else later();
  }, 500);
  if (ready()) return later();
  const watch = new MutationObserver(() => {
    if (ready()) {
      watch.disconnect();
      later();
    }
  });
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
}

/** The app zip into `pyodide`: kept whole at APP_ZIP, first on sys.path (after a snapshot's
 *  restore the zip's directory is read again: a test may serve a changed zip), and PyScript's
 *  bytecode (unchecked .pyc, the build's list) written beside the package PyScript writes. */
export function installApp(pyodide, zip) {
  pyodide.FS.writeFile(APP_ZIP, new Uint8Array(zip));
  pyodide.runPython(`import os, sys, zipimport
app = ${JSON.stringify(APP_ZIP)}
if app not in sys.path:
    sys.path.insert(0, app)
reader = sys.path_importer_cache.get(app)
if reader is None:
    reader = zipimport.zipimporter(app)
else:
    reader.invalidate_caches()
for name in ${JSON.stringify(START.pyscriptCache)}:
    target = os.path.join("/home/pyodide", name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as out:
        out.write(reader.get_data(name))`, { globals: pyodide.toPy({}) });
}

async function withApp(pyodide) {
  const zip = await (globalThis.parlorApp ?? fetch(new URL("../app/parlor.zip", import.meta.url))
    .then((response) => response.arrayBuffer()));
  installApp(pyodide, zip);
  globalThis.parlorPython = pyodide;
  performance.mark("parlor:app");
  return pyodide;
}

export async function loadPyodide(options = {}) {
  performance.mark("parlor:loader");
  const config = { ...options, lockFileContents: { info: START.lockInfo, packages: {} } };
  if (await snapshotStored()) {
    try {
      const bytes = readSnapshot();
      bytes.catch(() => {});   // a failed read fails the load below, or is moot if that failed first
      const pyodide = await load({ ...config, _loadSnapshot: bytes });
      performance.mark("parlor:pyodide");
      // The snapshot must hold what the worker imported, and randomness must be fresh.
      pyodide.runPython(`import random, sys
random.seed()
if not all(name in sys.modules for name in ${JSON.stringify(START.imports)}):
    raise RuntimeError("the snapshot lacks the app's modules")`);
      performance.mark("parlor:seeded");
      status.snapshot = "restored";
      return withApp(pyodide);
    } catch (error) {
      console.warn("Parlor: the start-up snapshot did not load, starting normally:", error);
      status.snapshot = "failed";
      await caches.delete(START.snapshotCache).catch(() => {});
    }
  }
  performance.mark("parlor:snapshot-read");
  const pyodide = await load(config);
  performance.mark("parlor:pyodide");
  performance.mark("parlor:seeded");
  makeSnapshotLater();
  return withApp(pyodide);
}
