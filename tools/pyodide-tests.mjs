// Run the engine tests with pytest inside real Pyodide under Node (no browser, no network).
// Usage: node tools/pyodide-tests.mjs [pytest args...]   (e.g. tests/test_tyrus.py -x)
// Exits with pytest's exit code. Also exports bootPyodide() for bench/pyodide_engine.mjs.
import { readdirSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadPyodide, version } from "pyodide";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The venv's site-packages folder, whatever Python version made the venv. */
function venvSitePackages() {
  const lib = join(REPO, ".venv", "lib");
  const found = readdirSync(lib).filter((name) => /^python3\.\d+$/.test(name));
  if (found.length !== 1) throw new Error(`expected one python3.N folder in ${lib}, got ${found}`);
  return join(lib, found[0], "site-packages");
}

/** Forward bytes straight to a file descriptor, so output is not re-split into lines. */
const rawWriter = (fd, stream) => ({
  write: (buffer) => writeSync(fd, buffer),
  isatty: Boolean(stream.isTTY),
});

/**
 * Pyodide from the local npm package with the repo at /proj (its py/ on sys.path) and the
 * venv's site-packages at /site-packages, appended after Pyodide's own paths.
 */
export async function bootPyodide() {
  const pyodide = await loadPyodide({
    env: {
      HOME: "/home/pyodide",
      PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1",
      HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis",  // in memory, not in the repo
      ...(process.stdout.columns ? { COLUMNS: String(process.stdout.columns) } : {}),
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("PARLOR_"))),
    },
  });
  pyodide.setStdout(rawWriter(1, process.stdout));
  pyodide.setStderr(rawWriter(2, process.stderr));
  const { FS } = pyodide;
  for (const [root, mountPoint] of [[REPO, "/proj"], [venvSitePackages(), "/site-packages"]]) {
    FS.mkdirTree(mountPoint);
    FS.mount(FS.filesystems.NODEFS, { root }, mountPoint);
  }
  pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/proj/py")
sys.path.append("/site-packages")
`);
  return pyodide;
}

/** "Pyodide 314.0.7 / Python 3.14.2" for the first line of a log. */
export function versionLine(pyodide) {
  return `Pyodide ${version} / Python ${pyodide.runPython("import platform; platform.python_version()")}`;
}

/** Await `body`; if it throws (a Python error too), print the message (traceback) and exit 3. */
export async function runOrExit(body) {
  try {
    return await body();
  } catch (error) {
    process.stderr.write(`${error.message ?? error}\n`);
    process.exit(3);
  }
}

async function main() {
  const pyodide = await bootPyodide();
  console.log(`Running the tests under ${versionLine(pyodide)} in Node ${process.version}`);
  pyodide.globals.set("extra_args", pyodide.toPy(process.argv.slice(2)));
  return pyodide.runPython(`
import os, pytest
os.chdir("/proj")
# testpaths: all of tests/ unless the arguments name files or test ids of their own
int(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "_hypothesis_pytestplugin",
                 "--rootdir=/proj", "-o", "testpaths=tests", *extra_args]))
`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await runOrExit(main));
