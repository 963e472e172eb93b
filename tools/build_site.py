"""Build dist/: a self-contained static site (no request ever leaves its origin).

What it writes and why (README, "How it starts fast"):
- the page, its start-up script, the service worker (with this build's file list and hashes)
  and the static shell the page shows before Python is ready;
- Pyodide's runtime without its lock file (the loader passes the lock's header instead), a
  loader that restores a memory snapshot when one fits this build, and the worker that makes it;
- the app zip (the page imports from it as it is) and a trimmed stdlib zip, both bytecode, made
  inside Pyodide (tools/pybuild.py);
- a `.br` and a `.gz` twin beside every large file, for hosts that serve precompressed files.
It ends by checking the result under its own Pyodide (tools/check-build.mjs).
"""
from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("PARLOR_DIST", ROOT / "dist")).resolve()
CACHE = ROOT / ".cache"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
SHELL = ("boot.js", "manifest.webmanifest")
# From each app wheel, the files the app uses. segno: its encoder alone; the package's
# __init__ imports its file writers, which pull in urllib, http and email (py/parlor/screens/qr.py).
# ecdsa: its Ed25519 module (eddsa) and what that imports; its __init__ imports every other
# curve and key format too. six: one module, installed at the top level (no package).
WHEEL_FILES = {"segno": ("segno/encoder.py", "segno/consts.py", "*/licenses/LICENSE"),
               "ecdsa": tuple(f"ecdsa/{name}.py" for name in (
                   "eddsa", "_sha3", "ellipticcurve", "numbertheory", "_compat", "errors",
                   "util", "der")) + ("*.dist-info/LICENSE",),
               "six": ("six.py", "*.dist-info/LICENSE")}
WHEEL_INIT = {"segno": '"""segno\'s QR code encoder alone, as Parlor ships it (tools/build_site.py)."""\n',
              "ecdsa": '"""python-ecdsa\'s Ed25519 alone, as Parlor ships it (tools/build_site.py)."""\n'}
# The visit whose requests the service worker precaches (tools/log_visit.py records it).
FIRST_VISIT = ROOT / "tools/first-visit.json"
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".zip", ".py",
                ".svg", ".txt")
COMPRESS_MIN_BYTES = 1024

sys.path.insert(0, str(ROOT / "tools"))
from catalogs import PSEUDO, compile_all  # noqa: E402
from icons import write_icons  # noqa: E402


def package_version(name: str) -> str:
    return json.loads((NODE / name / "package.json").read_text())["version"]


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def app_wheels() -> list[Path]:
    """The wheels of requirements-app.txt, downloaded once (hash-checked) into .cache/."""
    pins = (ROOT / "requirements-app.txt").read_bytes()
    folder = CACHE / f"wheels-{hashlib.sha256(pins).hexdigest()[:12]}"
    if not folder.exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--require-hashes",
                        "-r", str(ROOT / "requirements-app.txt"), "-d", str(folder)], check=True)
    return sorted(folder.glob("*.whl"))


def app_files(stage: Path) -> list[tuple[str, str]]:
    """(name in the app zip, file on disk): every .py, .json and compiled catalog (.mo) under
    py/ (main.py runs inline on its own; the pseudo-locale is for tests, which add it, see
    e2e/test_languages.py), and from the wheels the files WHEEL_FILES names."""
    files = []
    for path in sorted((ROOT / "py").rglob("*")):
        if (path.is_file() and path.suffix in (".py", ".json", ".mo") and "__pycache__" not in path.parts
                and path != ROOT / "py/main.py" and PSEUDO not in path.parts):
            files.append((path.relative_to(ROOT / "py").as_posix(), str(path)))
    for wheel in app_wheels():
        package = wheel.name.split("-")[0]
        with zipfile.ZipFile(wheel) as source:
            for pattern in WHEEL_FILES[package]:
                found = [n for n in source.namelist() if fnmatch.fnmatch(n, pattern)]
                if len(found) != 1:
                    raise SystemExit(f"build: {wheel.name} has {found or 'no'} {pattern}")
                name = found[0] if not pattern.startswith("*") else \
                    f"{package}/LICENSE" if package in WHEEL_INIT else f"{package}-LICENSE"
                target = stage / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read(found[0]))
                files.append((name, str(target)))
        if package in WHEEL_INIT:
            init = stage / package / "__init__.py"
            init.write_text(WHEEL_INIT[package])
            files.append((f"{package}/__init__.py", str(init)))
    return files


def pyscript_sources() -> dict[str, str]:
    """PyScript's Python package exactly as PyScript writes it at start-up (its build artifact),
    checked against the chunk the page runs, so the bytecode we ship matches it."""
    artifact = NODE / "@pyscript/core/src/stdlib/pyscript.js"
    out = subprocess.run(
        ["node", "--input-type=module", "-e",
         f"import m from {json.dumps(artifact.as_uri())};"
         "const flat = {}; const walk = (o, p) => { for (const [k, v] of Object.entries(o))"
         " typeof v === 'string' ? flat[p + k] = v : walk(v, p + k + '/'); };"
         "walk(m, ''); process.stdout.write(JSON.stringify(flat));"],
        check=True, capture_output=True, text=True).stdout
    sources = json.loads(out)
    chunks = "".join(p.read_text() for p in (NODE / "@pyscript/core/dist").glob("core-*.js"))
    for name, text in sources.items():
        if json.dumps(text, ensure_ascii=False)[1:-1] not in chunks:
            raise SystemExit(f"build: PyScript's {name} differs from the one its core runs")
    return sources


def lock_info() -> dict:
    """The header of pyodide-lock.json: the loader passes it instead of fetching the file."""
    return json.loads((NODE / "pyodide/pyodide-lock.json").read_text())["info"]


def python_build(stage: Path) -> dict:
    """App zip and trimmed stdlib zip, compiled inside Pyodide (tools/pybuild.py)."""
    job = {
        "app_files": app_files(stage),
        "pyscript_files": pyscript_sources(),
        "entry": "parlor.app",
        "stdlib_out": str(DIST / "pyodide/python_stdlib.zip"),
        "app_zip_out": str(DIST / "app/parlor.zip"),
    }
    (stage / "job.json").write_text(json.dumps(job))
    subprocess.run(["node", str(ROOT / "tools/python-build.mjs"), str(stage / "job.json"),
                    str(stage / "report.json")], check=True)
    return json.loads((stage / "report.json").read_text())


def shell_language(code: str) -> dict:
    """One language's static shell, drawn at build time by the app's own screens from the game
    catalog (no engine imported): the home screen a first-time visitor sees, the words boot.js
    shows before Python runs, and each game's title (to name a game link)."""
    sys.path.insert(0, str(ROOT / "py"))
    from parlor import catalog, i18n
    from parlor.screens import home
    from parlor.screens.shell import shell_words

    i18n.use(code)
    try:
        return {"home": home.home([], [], {e.key: home.new_setup(e) for e in catalog.entries()}),
                "words": shell_words(),
                "games": {entry.key: entry.title() for entry in catalog.entries()}}
    finally:
        i18n.use(i18n.SOURCE)


def write_page() -> None:
    """index.html with the static shell in every language (the page holds the English one;
    boot.js swaps in the player's) and what boot.js needs before Python runs: the app's entry
    code (py/main.py, run inline: one request less) and the modules to preload on visits the
    service worker serves (from the recorded visit)."""
    from parlor.i18n import LANGUAGES, SOURCE

    page = (ROOT / "index.html").read_text()
    languages = {code: shell_language(code) for code in LANGUAGES}
    home = languages[SOURCE].pop("home")
    start = json.loads(FIRST_VISIT.read_text())["start"]
    shell = {"languages": languages, "source": SOURCE, "main": (ROOT / "py/main.py").read_text(),
             "preload": [name for name in start
                         if name.endswith((".js", ".mjs")) and name != "boot.js"]}
    data = json.dumps(shell, ensure_ascii=False).replace("<", "\\u003c")
    for marker, text in (("<!-- parlor:home -->", home), ("{} /* parlor:shell */", data)):
        if marker not in page:
            raise SystemExit(f"build: index.html lost its {marker} marker")
        page = page.replace(marker, text, 1)
    (DIST / "index.html").write_text(page)


def digest(dist: Path, paths: list[Path], extra: str = "") -> str:
    h = hashlib.sha256(extra.encode())
    for path in paths:
        h.update(path.relative_to(dist).as_posix().encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def write_loader(dist: Path, report: dict) -> str:
    """The loader PyScript imports as its interpreter, the worker that makes snapshots and the
    one where the computer thinks.
    Returns the snapshot cache name: its key changes with anything a snapshot depends on."""
    start = {"lockInfo": lock_info(), "imports": report["snapshot_imports"],
             "pyscriptCache": report["pyscript_cache"]}
    sources = {name: (ROOT / source).read_text()
               for name, source in (("loader.mjs", "pyodide-loader.mjs"),
                                    ("snapshot.mjs", "snapshot-worker.mjs"),
                                    ("bots.mjs", "bot-worker.mjs"))}
    inputs = [dist / "pyodide" / name for name in PYODIDE_FILES + ("python_stdlib.zip",)]
    key = digest(dist, inputs + [dist / "app/parlor.zip"],
                 json.dumps(start) + "".join(sources.values()))
    start["snapshotCache"] = f"parlor-snapshot-{key}"
    for name, text in sources.items():
        if "self.PARLOR_START" not in text:
            raise SystemExit(f"build: {name} lost its self.PARLOR_START placeholder")
        (dist / "pyodide" / name).write_text(text.replace("self.PARLOR_START", json.dumps(start), 1))
    return start["snapshotCache"]


def precache_list(dist: Path) -> list[str]:
    """Files the service worker keeps: those a real first visit fetched, plus the manifest and
    its icons (installing to the home screen needs them, offline too) and the computer's worker
    (a first visit need not play the computer), and no others."""
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    visit = sorted(set(json.loads(FIRST_VISIT.read_text())["files"]) | {"manifest.webmanifest"}
                   | {icon["src"] for icon in manifest["icons"]} | {"pyodide/bots.mjs"})
    missing = [name for name in visit if not (dist / name).is_file()]
    if missing:
        raise SystemExit(f"build: {FIRST_VISIT.name} names files this build lacks: {missing}.\n"
                         "The runtime changed: record a new visit with "
                         ".venv/bin/python tools/log_visit.py, then build again.")
    return visit


def write_service_worker(dist: Path, snapshot_cache: str) -> dict:
    """Put this build's file list (url, size, sizes as sent, hash) and version into sw.js and
    build.json."""
    shell = ["index.html", "boot.js", "css/parlor.css", "manifest.webmanifest", "icons/icon-192.png"]
    build = {"snapshotCache": snapshot_cache, "lockInfo": lock_info(),
             "shell": ["./" if n == "index.html" else n for n in shell],
             "precache": precache_list(dist)}
    start = set(json.loads(FIRST_VISIT.read_text())["start"])
    files = []
    for name in build["precache"]:
        path = dist / name
        sent = {enc: (path.with_name(path.name + suffix).stat().st_size
                      if path.with_name(path.name + suffix).exists() else path.stat().st_size)
                for enc, suffix in (("br", ".br"), ("gzip", ".gz"))}
        files.append({"url": "./" if name == "index.html" else name, "size": path.stat().st_size,
                      "sent": sent, "hash": file_hash(path), "start": name in start})
    template = (ROOT / "sw.js").read_text()
    build["files"] = files
    build["version"] = hashlib.sha256((json.dumps([files, build["shell"]]) + template).encode()).hexdigest()[:12]
    if "self.BUILD_INFO" not in template:
        raise SystemExit("build: sw.js lost its self.BUILD_INFO placeholder")
    (dist / "sw.js").write_text(template.replace("self.BUILD_INFO", json.dumps(
        {k: build[k] for k in ("version", "snapshotCache", "shell", "files")}), 1))
    (dist / "build.json").write_text(json.dumps(build, indent=1))
    return build


def finish(dist: Path, report: dict) -> dict:
    """The last steps, once every file of the site is in `dist`: the loader (its snapshot key
    digests the files a snapshot depends on), the compressed twins, the service worker's file
    list. The e2e tests call it to make a new deployment from a changed copy of dist/."""
    snapshot_cache = write_loader(dist, report)
    compress(dist)              # first, so the file list knows each file's size as sent
    build = write_service_worker(dist, snapshot_cache)
    compress(dist)              # sw.js itself (the rest is unchanged: cached)
    return build


def compress(dist: Path) -> None:
    """A .br (brotli 11) and a .gz (gzip 9) twin beside every large compressible file
    (stale twins of changed files are replaced)."""
    names = [p for p in sorted(dist.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE
             and p.stat().st_size >= COMPRESS_MIN_BYTES]
    subprocess.run(["node", str(ROOT / "tools/compress.mjs"), str(CACHE / "compressed"),
                    *map(str, names)], check=True)


def main() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    for folder in ("pyodide", "pyscript", "app"):
        (DIST / folder).mkdir(parents=True)
    for name in SHELL:
        shutil.copy(ROOT / name, DIST / name)
    shutil.copytree(ROOT / "css", DIST / "css")
    compile_all()               # the catalogs, before the page and the app zip use them
    write_page()
    write_icons(DIST / "icons")
    for name in PYODIDE_FILES:
        shutil.copy(NODE / "pyodide" / name, DIST / "pyodide" / name)
    for path in sorted((NODE / "@pyscript/core/dist").iterdir()):
        if path.suffix != ".map":
            shutil.copy(path, DIST / "pyscript" / path.name)
    with tempfile.TemporaryDirectory() as stage:
        report = python_build(Path(stage))
    (DIST / "build-report.json").write_text(json.dumps(report, indent=1))
    build = finish(DIST, report)
    subprocess.run(["node", str(ROOT / "tools/check-build.mjs"), str(DIST)], check=True)
    size = sum(p.stat().st_size for p in DIST.rglob("*")
               if p.is_file() and p.suffix not in (".br", ".gz"))
    print(f"dist/ built: version {build['version']}, {size / 1e6:.1f} MB before compression, "
          f"{len(build['files'])} files precached, stdlib {len(report['kept'])} of "
          f"{report['stdlib_modules_total']} modules (and {len(report['frozen'])} frozen in the runtime)")


if __name__ == "__main__":
    main()
