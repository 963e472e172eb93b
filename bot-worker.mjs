// The computer's thinking, off the page's main thread (dist/pyodide/bots.mjs): a module worker
// with its own Pyodide and the app's modules (from the start-up snapshot when one made for this
// build is stored, which starts it in about a second). The page posts {ask, saved} (a saved
// game's JSON, the computer to move); the worker answers {ask, token} (the move it chose, in
// the game's move notation) or {ask, error}. Messages are answered one at a time, in order;
// {ready} says once that Python has started.
// The build puts the lock header and the snapshot cache name here.
import { installApp } from "./loader.mjs";
import { loadPyodide } from "./pyodide.mjs";

const START = self.PARLOR_START;
const INDEX = new URL("./", import.meta.url).href;

async function snapshot() {
  try {
    if (!("caches" in self) || !(await caches.has(START.snapshotCache))) return null;
    const response = await caches.match(new URL("snapshot.bin", INDEX).href,
                                        { cacheName: START.snapshotCache });
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function python() {
  const config = { indexURL: INDEX, lockFileContents: { info: START.lockInfo, packages: {} } };
  const [stored, zip] = await Promise.all([
    snapshot(),
    fetch(new URL("../app/parlor.zip", import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`app/parlor.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  let pyodide = null;
  if (stored) {
    pyodide = await loadPyodide({ ...config, _loadSnapshot: stored }).catch((error) => {
      console.warn("Parlor: the computer starts without the snapshot:", error);
      return null;
    });
  }
  pyodide ??= await loadPyodide(config);
  installApp(pyodide, zip);
  return pyodide.pyimport("parlor.play.session").think;
}

const ready = python();
ready.then(() => postMessage({ ready: true }), () => {});   // a failure: with the first question
let queue = Promise.resolve();

self.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    try {
      const think = await ready;
      postMessage({ ask: data.ask, token: think(data.saved) });
    } catch (error) {
      postMessage({ ask: data.ask, error: String(error?.message ?? error).slice(-2000) });
    }
  });
};
