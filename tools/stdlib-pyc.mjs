// Rebuild Pyodide's python_stdlib.zip with bytecode compiled by Pyodide itself.
// Usage: node tools/stdlib-pyc.mjs <source zip> <output zip>
// The stock zip holds only .py files, so every start compiles ~150 modules; shipping .pyc
// (made by the same interpreter, so the magic number matches) skips that work.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [source, output] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(source));
const summary = pyodide.runPython(`
import importlib.util, marshal, zipfile

def bytecode(name, source):
    code = compile(source, name, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)

compiled = kept = 0
with zipfile.ZipFile("/tmp/in.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            try:
                out.writestr(info.filename + "c", bytecode(info.filename, data))
                compiled += 1
                continue
            except SyntaxError:
                pass  # test fixtures with deliberate errors: keep the source
        out.writestr(info.filename, data)
        kept += 1
f"{compiled} modules compiled, {kept} files kept as they were"
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`stdlib: ${summary}`);
