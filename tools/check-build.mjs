// Check a built site's Python under its own Pyodide and trimmed stdlib, as the page loads it
// (the app zip installed by the page's own loader, dist/pyodide/loader.mjs):
// import every module in the app zip and every stdlib module the app names, draw a QR code,
// sign and check with the shipped Ed25519 (python-ecdsa, imported on first use),
// read every language's catalog; the modules left out of the stdlib zip as frozen must load
// from the runtime's frozen copies.
// Usage: node tools/check-build.mjs [dist]      Exit status 1 on any failure.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const dist = resolve(process.argv[2] ?? "dist");
const build = JSON.parse(readFileSync(`${dist}/build.json`, "utf8"));
const report = JSON.parse(readFileSync(`${dist}/build-report.json`, "utf8"));
try {
  const pyodide = await loadPyodide({
    indexURL: `${dist}/pyodide/`,
    lockFileContents: { info: build.lockInfo, packages: {} },
  });
  const { installApp } = await import(pathToFileURL(`${dist}/pyodide/loader.mjs`).href);
  installApp(pyodide, readFileSync(`${dist}/app/parlor.zip`));
  pyodide.globals.set("roots", pyodide.toPy(report.roots));
  pyodide.globals.set("frozen", pyodide.toPy(Object.keys(report.frozen)));
  pyodide.globals.set("modules", pyodide.toPy(report.app_modules.filter((name) => name.startsWith("parlor"))));
  pyodide.globals.set("pyscript_cache", pyodide.toPy(report.pyscript_cache));
  const summary = pyodide.runPython(`
import importlib, os, sys
missing = [name for name in pyscript_cache if not os.path.isfile(os.path.join("/home/pyodide", name))]
assert not missing, f"PyScript's bytecode not installed: {missing}"
for name in sorted(roots) + sorted(modules) + sorted(frozen):
    importlib.import_module(name)
not_frozen = [name for name in frozen if sys.modules[name].__spec__.origin != "frozen"]
assert not not_frozen, f"left out of the stdlib zip as frozen, but loaded from a file: {not_frozen}"
drawers = [m for m in modules if hasattr(sys.modules[m], "qr_svg")]
assert drawers, "no module defines qr_svg"
svg = sys.modules[drawers[0]].qr_svg("https://example.org/parlor/#p1.tyrus.AAAA.BBBB.CCCCCC")
assert svg.startswith("<svg") and svg.count("M") > 50, svg[:200]
from parlor.links import fairplay
import time
begun = time.perf_counter()
signature = fairplay.sign(bytes(16), b"check-build")
signed = time.perf_counter()
key = fairplay.public_key(bytes(16))
assert fairplay.signature_fits(key, b"check-build", signature), "a signature does not check"
checked = time.perf_counter()
assert not fairplay.signature_fits(key, b"check-build!", signature), "a forgery checks"
ed25519 = f"Ed25519 signs ({(signed - begun) * 1000:.0f} ms with the key made) and checks ({(checked - signed) * 1000:.0f} ms)"
from parlor import i18n
from parlor.screens.shell import shell_words
spoken = [code for code in i18n.LANGUAGES if i18n.use(code) == code]
assert spoken == list(i18n.LANGUAGES), spoken
assert i18n.use("fr") == "fr" and shell_words()["retry"] != "Retry", "the French catalog is empty"
i18n.use(i18n.SOURCE)
f"{len(modules)} app modules and {len(roots)} stdlib roots import, QR code drawn by {drawers[0]}, {ed25519}, catalogs {', '.join(spoken)}"
`);
  console.log(`check-build: ${summary} (trimmed stdlib, ${Object.keys(report.kept).length} modules, ${Object.keys(report.frozen).length} more frozen in the runtime)`);
} catch (error) {
  process.stderr.write(`check-build: FAILED\n${String(error.message ?? error).slice(-3000)}\n`);
  process.exit(1);
}
