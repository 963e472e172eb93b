// Run tools/pybuild.py inside Pyodide (the interpreter that will load its bytecode).
// Usage: node tools/python-build.mjs <job.json> <report.json>
// Two interpreters: the build's (plan, finish) and a fresh one for the probe, so that what the
// build itself imports never hides a module the page needs. The host's file system is
// mounted at /host in both; the job's paths are host paths.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const [job, report] = process.argv.slice(2).map((p) => resolve(p));
const tools = dirname(fileURLToPath(import.meta.url));

async function python() {
  // No column tables in the bytecode (PYTHONNODEBUGRANGES): smaller, same behaviour.
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.FS.mkdirTree("/host");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
  return pyodide;
}

function call(pyodide, code, values) {
  for (const [name, value] of Object.entries(values)) pyodide.globals.set(name, pyodide.toPy(value));
  return JSON.parse(pyodide.runPython(`
import json, sys
if ${JSON.stringify("/host" + tools)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify("/host" + tools)})
import pybuild
${code}`));
}

try {
  const [builder, fresh] = await Promise.all([python(), python()]);
  const setup = `
from pathlib import Path
job = json.loads(Path("/host" + job_path).read_text())
host = lambda p: "/host" + p
job["app_files"] = [(name, host(path)) for name, path in job["app_files"]]
job["stdlib_out"], job["app_zip_out"] = host(job["stdlib_out"]), host(job["app_zip_out"])`;
  const planned = call(builder, `${setup}
json.dumps(pybuild.plan(job))`, { job_path: job });
  const probed = call(fresh, `${setup}
json.dumps(pybuild.probe(roots, job["app_zip_out"], modules))`,
                       { job_path: job, roots: planned.roots, modules: planned.app_modules });
  const result = call(builder, `${setup}
Path("/host" + report_path).write_text(json.dumps(
    pybuild.finish(job, planned, probed), indent=1))
"null"`,
                      { job_path: job, report_path: report, planned, probed });
} catch (error) {
  process.stderr.write(`${String(error.message ?? error).slice(-3000)}\n`);
  process.exit(1);
}
