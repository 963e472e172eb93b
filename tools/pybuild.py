"""The build steps that need Pyodide's own Python: bytecode, the app zip and the trimmed stdlib.

Run inside Pyodide by tools/python-build.mjs (never under CPython: the bytecode must come from
the interpreter that loads it). It reads a job (JSON) and writes:

- the app zip: every shipped .py compiled to a sourceless .pyc (asserts kept; docstrings left
  out, unless the module reads a docstring: nothing else shows them in the page),
  data files as they are, and PyScript's own package as unchecked hash-based .pyc in
  pyscript/__pycache__/ (PyScript writes its .py sources at every start; with these it never
  compiles them; the page copies them there from the zip, by the report's list), for the modules that load with the package or that the app names; the
  others (pyscript.web, fs, media) are compiled from PyScript's sources if ever imported. Stored, not deflated: the host's brotli then compresses across entries.
- the stdlib zip: only the modules the app can import, as "slim" bytecode (optimize=2, and the
  job runs with PYTHONNODEBUGRANGES=1: no docstrings, asserts or column tables), stored. Modules
  Python takes from the copies frozen into Pyodide's runtime (os, codecs, site, importlib's
  bootstrap...) are left out: their files in the zip would never be read.
- a report: what was kept and why, and which modules a memory snapshot may pre-import.

The keep-list is derived, never written by hand: every import statement of every shipped
module (at any depth, so lazy imports count) that names a stdlib module is a root; the build
imports each root here and keeps every stdlib module that loading it loaded, plus what
Pyodide itself loads to start and a few codecs that are looked up by name at run time.
A root that is nowhere to be found fails the build. A module is left out as frozen only when
the probe saw the interpreter load it from its frozen copy (its spec's origin is "frozen").
"""
from __future__ import annotations

import ast
import importlib.util
import json
import marshal
import sys
import zipfile
from pathlib import Path

STDLIB = "/lib/python314.zip"
# Not Python files: modules that JavaScript registers at run time (Pyodide, PyScript).
JS_MODULES = {"js", "pyodide_js", "_pyscript", "polyscript"}
# The app's link to the browser: a module importing one of these cannot be pre-imported in a
# memory snapshot (it would hold JS objects, which a snapshot cannot carry).
BROWSER = {"js", "pyodide.ffi", "pyodide_js", "pyscript", "_pyscript", "polyscript"}
# Looked up by name (codecs.lookup, str.encode) rather than imported, so no import names them.
CODECS = ("encodings.utf_8", "encodings.utf_8_sig", "encodings.utf_16", "encodings.utf_16_le",
          "encodings.utf_16_be", "encodings.utf_32", "encodings.latin_1", "encodings.ascii",
          "encodings.idna", "encodings.punycode", "encodings.raw_unicode_escape",
          "encodings.unicode_escape", "encodings.cp1252", "encodings.base64_codec",
          "encodings.hex_codec")


# Names a shipped module imports that are no file: six makes six.moves when it is imported,
# and six.py imports StringIO only on Python 2 (ecdsa imports both through six).
NOT_FILES = {"six.moves", "StringIO"}


def module_name(path: str) -> tuple[str, bool]:
    """'a/b/__init__.py' -> ('a.b', True); 'a/b/c.py' -> ('a.b.c', False)."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def imported_names(source: str, name: str, is_package: bool) -> tuple[set[str], set[str]]:
    """The modules import statements in `source` load, at any depth: (names that must be
    modules, names that may be: the Y of "from X import Y", and any import under a try
    statement, which handles its absence: e.g. PyScript's MicroPython fallbacks)."""
    modules, maybe = set(), set()

    def visit(node, optional: bool) -> None:
        if isinstance(node, (ast.Try, ast.TryStar)):
            optional = True
        if isinstance(node, ast.Import):
            (maybe if optional else modules).update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            (maybe if optional else modules).add(module)
            maybe.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(ast.parse(source), False)
    return modules, maybe


def top_level_imports(source: str, name: str, is_package: bool) -> set[str]:
    """The names imported when the module loads (not inside functions or classes)."""
    tree = ast.parse(source)
    tree.body = [node for node in tree.body
                 if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    modules, maybe = imported_names(ast.unparse(tree), name, is_package)
    return modules | maybe


def parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def bytecode(source: bytes | ast.Module, filename: str, optimize: int) -> bytes:
    """A sourceless .pyc: timestamp-style header with zeros (never checked without a source)."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def without_docstrings(source: bytes, filename: str) -> bytes | ast.Module:
    """The module's syntax tree without its docstrings (module, classes, functions); line
    numbers unchanged. A module that names __doc__ or getdoc keeps them (source returned)."""
    if b"__doc__" in source or b"getdoc" in source:
        return source
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
                and isinstance(node.body[0].value.value, str)):
            docstring = node.body.pop(0)
            if not node.body:
                node.body.append(ast.copy_location(ast.Pass(), docstring))
    return tree


def unchecked_bytecode(source: bytes, filename: str) -> bytes:
    """A hash-based .pyc that Python uses without reading or hashing the source (flags=1)."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def stored(target: str) -> zipfile.ZipFile:
    return zipfile.ZipFile(target, "w", zipfile.ZIP_STORED)


def write_entry(out: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible zips
    info.external_attr = 0o644 << 16
    out.writestr(info, data)


def stdlib_files() -> dict[str, str]:
    """Module name -> path of its source in Pyodide's stdlib zip."""
    with zipfile.ZipFile(STDLIB) as stdlib:
        return {module_name(path)[0]: path for path in stdlib.namelist() if path.endswith(".py")}


def shipped_modules(job: dict) -> tuple[dict, dict]:
    """The app's modules (the job lists zip name -> file on disk) and PyScript's package:
    module name -> (source bytes, is a package, name in the zip)."""
    shipped, pyscript = {}, {}
    for zip_name, host_path in job["app_files"]:
        if zip_name.endswith(".py"):
            name, is_package = module_name(zip_name)
            shipped[name] = (Path(host_path).read_bytes(), is_package, zip_name)
    for zip_name, source in job["pyscript_files"].items():
        name, is_package = module_name(zip_name)
        pyscript[name] = (source.encode(), is_package, zip_name)
    return shipped, pyscript


def plan(job: dict) -> dict:
    """Step 1, in the build's Pyodide: write the app zip; list the stdlib roots (every stdlib
    module the shipped code names); fail if it names a module that exists nowhere."""
    std_files = stdlib_files()
    shipped, pyscript = shipped_modules(job)
    ours = set(shipped) | set(pyscript)
    roots, problems = set(), []
    known = ours | set(std_files) | set(sys.builtin_module_names)
    for name, (source, is_package, zip_name) in {**shipped, **pyscript}.items():
        modules, maybe = imported_names(source.decode(), name, is_package)
        for imported in modules | maybe:
            if imported in std_files:
                roots.add(imported)
            elif (imported in modules and imported not in known and imported not in NOT_FILES
                    and imported.split(".")[0] not in JS_MODULES):
                where = "shipped" if imported.split(".")[0] in ours else "in the standard library"
                problems.append(f"{zip_name} imports {imported}, which is not {where}")
    if problems:
        raise SystemExit("build: the app can import modules that are missing:\n  "
                         + "\n  ".join(sorted(set(problems))))

    named = {imported for name, (source, is_package, _) in shipped.items()
             for imported in set().union(*imported_names(source.decode(), name, is_package))}
    pyscript_loaded = loaded_with(pyscript, {"pyscript"} | (named & set(pyscript)))
    tag = sys.implementation.cache_tag
    pyscript_cache = []
    with stored(job["app_zip_out"]) as out:
        for zip_name, host_path in job["app_files"]:
            data = Path(host_path).read_bytes()
            if zip_name.endswith(".py"):
                code = bytecode(without_docstrings(data, zip_name), zip_name, optimize=0)
                write_entry(out, zip_name + "c", code)
            else:
                write_entry(out, zip_name, data)
        for name, (source, is_package, zip_name) in sorted(pyscript.items()):
            if name not in pyscript_loaded:
                continue
            folder, file = zip_name.rsplit("/", 1)
            pyscript_cache.append(f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc")
            write_entry(out, pyscript_cache[-1], unchecked_bytecode(source, zip_name))
    return {"roots": sorted(roots), "cache_tag": tag, "app_modules": sorted(shipped),
            "pyscript_cache": pyscript_cache}


def loaded_with(modules: dict, roots: set[str]) -> set[str]:
    """The modules of `modules` (name -> (source, is a package, zip name)) that importing
    `roots` loads: their top-level imports, followed, with every package on the way."""
    loaded, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        for candidate in parents(name):
            if candidate in modules and candidate not in loaded:
                loaded.add(candidate)
                source, is_package, _ = modules[candidate]
                todo.extend(top_level_imports(source.decode(), candidate, is_package))
    return loaded


def frozen(name: str) -> bool:
    """Whether the loaded module `name` came from the runtime's frozen copy, not from a file:
    os, codecs, site... and importlib._bootstrap(_external), which importlib takes from
    _frozen_importlib(_external). Python's FrozenImporter comes before the path finder, so
    the zip's copy of such a module is never read."""
    spec = getattr(sys.modules[name], "__spec__", None)
    return getattr(spec, "origin", None) == "frozen"


def probe(roots: list[str], app_zip: str, app_modules: list[str]) -> dict:
    """Step 2, in a fresh Pyodide (nothing imported but what Pyodide needs to start): import
    every root and the codecs, import every app module from the app zip as the page does
    (zipimport; data files read through the zip's loader), and say why each stdlib module got
    loaded, and which of them were loaded from the runtime's frozen copies."""
    std_files = stdlib_files()
    reasons = {name: "Pyodide start-up" for name in sys.modules if name in std_files}

    def note(why: str, before: set) -> None:
        for loaded in sorted(set(sys.modules) - before):
            reasons.setdefault(loaded, why)

    for root in roots + list(CODECS):
        before = set(sys.modules)
        __import__(root)
        note(f"loaded by importing {root}", before)
        reasons.setdefault(root, "imported by the app" if root in roots else "codec")
    # Every app module, loaded as the page loads it: its top-level code runs (reading data
    # files, for one), which may import more of the stdlib.
    sys.path.insert(0, app_zip)
    for module in app_modules:
        before = set(sys.modules)
        __import__(module)
        note(f"loaded by importing {module}", before)
    for name in list(reasons):
        for parent in parents(name)[:-1]:
            reasons.setdefault(parent, f"package of {name}")
    reasons = {name: why for name, why in sorted(reasons.items()) if name in std_files}
    return {"reasons": reasons, "frozen": sorted(name for name in reasons if frozen(name))}


def finish(job: dict, planned: dict, probed: dict) -> dict:
    """Step 3, in the build's Pyodide: the stdlib zip (without the modules the runtime has
    frozen), and what a snapshot may pre-import."""
    std_files = stdlib_files()
    reasons, frozen_names = probed["reasons"], set(probed["frozen"])
    with zipfile.ZipFile(STDLIB) as stdlib, stored(job["stdlib_out"]) as out:
        for name in reasons:
            if name not in frozen_names:
                path = std_files[name]
                write_entry(out, path + "c", bytecode(stdlib.read(path), path, optimize=2))

    # The app's modules that load with the entry module, except those that touch the browser
    # at import (directly or through another): a snapshot cannot hold JS objects.
    shipped, pyscript = shipped_modules(job)
    graph = {name: top_level_imports(source.decode(), name, is_package)
             for name, (source, is_package, _) in shipped.items()}
    browser, changed = set(), True
    while changed:
        changed = False
        for name, imports in graph.items():
            if name not in browser and (imports & browser or any(
                    p in BROWSER for i in imports for p in parents(i))):
                browser.add(name)
                changed = True
    reachable, todo = set(), [job["entry"]]
    while todo:
        for imported in graph.get(todo.pop(), ()):
            for candidate in parents(imported):
                if candidate in shipped and candidate not in reachable:
                    reachable.add(candidate)
                    todo.append(candidate)
    pyscript_std = sorted({i for name, (source, is_package, _) in pyscript.items()
                           for i in top_level_imports(source.decode(), name, is_package)
                           if i in std_files})
    return {
        "kept": {name: why for name, why in reasons.items() if name not in frozen_names},
        "frozen": {name: reasons[name] for name in sorted(frozen_names)},
        "roots": planned["roots"],
        "app_modules": planned["app_modules"],
        "stdlib_modules_total": len(std_files),
        "snapshot_imports": pyscript_std + sorted(reachable - browser),
        "browser_modules": sorted(browser),
        "cache_tag": planned["cache_tag"],
        "pyscript_cache": planned["pyscript_cache"],
    }
