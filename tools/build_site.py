"""Build dist/: a self-contained static site (no request ever leaves its origin)."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("PARLOR_DIST", ROOT / "dist")).resolve()
CACHE = ROOT / ".cache"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
SHELL = ("index.html", "boot.js", "manifest.webmanifest")
# PyScript chunks a page with one <script type="py"> loads; others are fetched (and then
# cached by the service worker) only if ever needed.
PYSCRIPT_BOOT = ("core.js", "core.css", "core-", "py-", "error-", "deprecations-manager-", "donkey-")

sys.path.insert(0, str(ROOT / "tools"))
from icons import write_icons  # noqa: E402


def package_version(name: str) -> str:
    return json.loads((NODE / name / "package.json").read_text())["version"]


def stdlib_zip() -> Path:
    """Pyodide's stdlib precompiled to .pyc by Pyodide itself, cached per Pyodide version."""
    target = CACHE / f"python_stdlib-{package_version('pyodide')}.zip"
    if not target.exists():
        CACHE.mkdir(exist_ok=True)
        subprocess.run(["node", str(ROOT / "tools/stdlib-pyc.mjs"),
                        str(NODE / "pyodide/python_stdlib.zip"), str(target)], check=True)
    return target


def app_wheels() -> list[Path]:
    """The wheels of requirements-app.txt, downloaded once (hash-checked) into .cache/."""
    pins = (ROOT / "requirements-app.txt").read_bytes()
    folder = CACHE / f"wheels-{hashlib.sha256(pins).hexdigest()[:12]}"
    if not folder.exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--require-hashes",
                        "-r", str(ROOT / "requirements-app.txt"), "-d", str(folder)], check=True)
    return sorted(folder.glob("*.whl"))


def app_zip(target: Path) -> None:
    """Our Python package and the app's pure-Python dependencies as one zip for PyScript."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted((ROOT / "py").rglob("*")):
            if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                out.write(path, path.relative_to(ROOT / "py").as_posix())
        for wheel in app_wheels():
            with zipfile.ZipFile(wheel) as source:
                for name in source.namelist():
                    if name.endswith(".py") or name.endswith("/LICENSE"):
                        out.writestr(name, source.read(name))


def pyscript_files() -> list[Path]:
    source = NODE / "@pyscript/core/dist"
    keep = []
    for path in sorted(source.iterdir()):
        if path.suffix != ".map":
            keep.append(path)
    return keep


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(DIST).as_posix().encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:12]


def main() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "pyodide").mkdir(parents=True)
    (DIST / "pyscript").mkdir()
    (DIST / "app").mkdir()
    for name in SHELL:
        shutil.copy(ROOT / name, DIST / name)
    shutil.copytree(ROOT / "css", DIST / "css")
    shutil.copy(ROOT / "py/main.py", DIST / "app/main.py")
    app_zip(DIST / "app/parlor.zip")
    write_icons(DIST / "icons")
    for name in PYODIDE_FILES:
        shutil.copy(NODE / "pyodide" / name, DIST / "pyodide" / name)
    shutil.copy(stdlib_zip(), DIST / "pyodide/python_stdlib.zip")
    for path in pyscript_files():
        shutil.copy(path, DIST / "pyscript" / path.name)

    runtime = sorted((DIST / "pyodide").iterdir()) + sorted(
        p for p in (DIST / "pyscript").iterdir() if p.name.startswith(PYSCRIPT_BOOT))
    shell = sorted(p for p in DIST.rglob("*")
                   if p.is_file() and p not in runtime and p.parent.name != "pyscript")
    build = {
        "version": digest(shell + runtime),
        "runtimeVersion": f"pyodide-{package_version('pyodide')}-pyscript-"
                          f"{package_version('@pyscript/core')}-{digest(runtime)}",
        "shell": ["./"] + [p.relative_to(DIST).as_posix() for p in shell],
        "runtime": [{"url": p.relative_to(DIST).as_posix(), "size": p.stat().st_size}
                    for p in runtime],
    }
    sw = (ROOT / "sw.js").read_text().replace("self.BUILD_INFO", json.dumps(build), 1)
    (DIST / "sw.js").write_text(sw)
    (DIST / "build.json").write_text(json.dumps(build, indent=1))
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"dist/ built: version {build['version']}, {size / 1e6:.1f} MB, "
          f"{len(shell)} app files, {len(runtime)} runtime files")


if __name__ == "__main__":
    main()
