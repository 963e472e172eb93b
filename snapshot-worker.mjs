// A throwaway module worker (dist/pyodide/snapshot.mjs): start Pyodide and install the app zip
// as the page does (loader.mjs), import the modules the app loads at start (except those that
// touch the browser at import), and hand the page a memory snapshot to keep for
// the next visit: posts {snapshot} (its buffer transferred) or {error}. The page stores it, as
// WebKit (2.50) silently drops a Cache Storage put made in a worker of a page a service worker
// controls. The build puts the module list here.
import { installApp } from "./loader.mjs";
import { loadPyodide } from "./pyodide.mjs";

const START = self.PARLOR_START;

try {
  const [pyodide, zip] = await Promise.all([
    loadPyodide({
      indexURL: new URL("./", import.meta.url).href,
      lockFileContents: { info: START.lockInfo, packages: {} },
      _makeSnapshot: true,
    }),
    fetch(new URL("../app/parlor.zip", import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`app/parlor.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  installApp(pyodide, zip);
  pyodide.runPython(`import importlib
for name in ${JSON.stringify(START.imports)}:
    importlib.import_module(name)`);
  const snapshot = pyodide.makeMemorySnapshot();
  postMessage({ snapshot }, [snapshot.buffer]);
} catch (error) {
  postMessage({ error: String(error?.message ?? error) });
}
