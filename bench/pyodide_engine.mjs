// The Pyodide half of bench/engine.py: boot Pyodide in Node exactly as the test runner does,
// import bench/engine.py from the mounted repo and run its measure().
// Usage: node bench/pyodide_engine.mjs [seconds per game]   (last line: JSON figures)
import { bootPyodide, runOrExit, versionLine } from "../tools/pyodide-tests.mjs";

const seconds = Number(process.argv[2] ?? 2.5);
const figures = await runOrExit(async () => {
  const pyodide = await bootPyodide();
  console.log(`${versionLine(pyodide)}: about ${seconds} s of random games per engine`);
  pyodide.globals.set("seconds", seconds);
  return JSON.parse(pyodide.runPython(`
import importlib.util, json
spec = importlib.util.spec_from_file_location("parlor_bench", "/proj/bench/engine.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
json.dumps(bench.measure(seconds))
`));
});
for (const [key, rate] of Object.entries(figures)) {
  console.log(`  ${key.padEnd(10)} ${rate.toFixed(1).padStart(9)} games/s`);
}
console.log(JSON.stringify(figures));
