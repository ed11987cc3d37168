"""Build the tutorials as a JupyterLite site that runs in the browser with nothing installed.

    .venv-lite/bin/python scripts/build_lite.py          # what `make lite` runs; site in lite-site/

Every file the site loads is in the output folder, so any static web server (or a school's
intranet) can serve it with no internet:

- Pyodide itself comes from the npm ``pyodide`` package, at the version the installed
  ``jupyterlite-pyodide-kernel`` was made for;
- the kernel's Python side (``pyodide-kernel``, ``piplite`` and its ``ipykernel`` and
  ``widgetsnbextension`` stand-ins) comes from that kernel's PyPI package;
- this project's wheel is built here, and the pure-Python wheels it and the kernel need come from
  PyPI (at the versions Pyodide's own lock file lists, where it lists them).

The npm package carries Pyodide's runtime and lock file but none of the wheels the lock names, so
the site gets its own ``pyodide-lock.json`` listing exactly the wheels it ships, and the kernel is
told to load the tutorials' packages at start, so a notebook begins with ``import
kingscorner_widget`` and no ``%pip`` cell. Run it with the interpreter of a venv that holds the
``lite`` extra (``pip install -e '.[lite]'``); that venv should hold no other JupyterLab
extensions, since the build copies every extension it finds there into the site.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import importlib
import json
import re
import runpy
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "lite-site"
COURSE = ROOT / "kingscorner_widget" / "course.py"
"""The list of the tutorials (read as a file: this script's venv need not have the package)."""
COURSE_WORDS = ROOT / "kingscorner_widget" / "course_words.py"
"""The tutorials in other languages (read as a file too)."""
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch"}
"""Each language of the course as its speakers write it, in the order the first page lists them."""
START = {
    "en": "Start the course",
    "es": "Empezar el curso",
    "fr": "Commencer le cours",
    "de": "Den Kurs beginnen",
}
"""What each language's link says under its name."""
DEFAULT_CACHE = ROOT / "build" / "lite-cache"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: What the Pyodide kernel installs when it starts (its worker skips each one named in
#: ``loadPyodideOptions.packages``), and then what the tutorials import.
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
PROJECT = canonicalize_name("kingscorner-widget")

#: The kernel's stand-ins for packages whose real versions need a server process.
KERNEL_STAND_INS = ("ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel")

#: Wheels whose JupyterLab extension the site needs (the widget manager, and anywidget's front end).
FRONT_END_WHEELS = (canonicalize_name("jupyterlab-widgets"), canonicalize_name("anywidget"))

#: The files of the npm package the site uses (the rest are type stubs, demos and source maps).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)


#: JupyterLite's own service worker (it serves the kernels' file access), renamed so that the
#: course's worker can load it.
JUPYTERLITE_WORKER = "jupyterlite-service-worker.js"
SERVICE_WORKER = "service-worker.js"

#: A file named with a content hash (``1031.b91a70b.js``, ``remoteEntry.c8c9eed2cdefdeac.js``):
#: another build with other content gives it another name.
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,}\.(?:js|css)$")


class LiteBuildError(ValueError):
    """The site cannot be built as asked; the message names the missing or inconsistent piece."""


@dataclass(frozen=True)
class Wheel:
    """One wheel the site ships, with what Pyodide's lock file needs to know about it."""

    path: Path
    name: NormalizedName
    version: str
    requires: tuple[Requirement, ...]
    imports: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> Wheel:
        name, version, _, tags = parse_wheel_filename(path.name)
        if not any(tag.platform == "any" and tag.abi == "none" for tag in tags):
            raise LiteBuildError(f"{path.name} is not a pure-Python wheel")
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            metadata_name = next(
                (n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")),
                None,
            )
            if metadata_name is None:
                raise LiteBuildError(f"{path.name} has no METADATA")
            metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode())
        requires = tuple(Requirement(text) for text in metadata.get_all("Requires-Dist") or [])
        return cls(path, name, str(version), requires, _top_level_imports(names))

    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def _top_level_imports(names: Iterable[str]) -> tuple[str, ...]:
    """The importable top-level names in a wheel's file list (packages and single modules)."""
    found: set[str] = set()
    for name in names:
        top, _, rest = name.partition("/")
        if top.endswith((".dist-info", ".data")):
            continue
        if rest.endswith(".py") if rest else top.endswith(".py"):
            found.add(top.removesuffix(".py"))
    return tuple(sorted(found))


def marker_environment(python: str) -> dict[str, str]:
    """The values of the environment markers inside Pyodide running Python ``python``."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "platform_python_implementation": "CPython",
        "python_version": major_minor,
        "sys_platform": "emscripten",
        "extra": "",
    }


def dependencies(wheel: Wheel, environment: Mapping[str, str]) -> list[NormalizedName]:
    """The packages ``wheel`` needs in that environment (no extras), in the order it names them."""
    needed: list[NormalizedName] = []
    for requirement in wheel.requires:
        marker: Marker | None = requirement.marker
        if marker is not None and not marker.evaluate(dict(environment)):
            continue
        name = canonicalize_name(requirement.name)
        if name not in needed:
            needed.append(name)
    return needed


def closure(
    roots: Iterable[str], wheels: Mapping[NormalizedName, Wheel], environment: Mapping[str, str]
) -> dict[NormalizedName, list[NormalizedName]]:
    """Every package reachable from ``roots``, each with its dependencies; a missing one is an
    error naming who needs it."""
    graph: dict[NormalizedName, list[NormalizedName]] = {}
    todo = [(canonicalize_name(root), "the site itself") for root in roots]
    while todo:
        name, needed_by = todo.pop()
        if name in graph:
            continue
        if name not in wheels:
            raise LiteBuildError(f"no wheel for {name} (needed by {needed_by})")
        graph[name] = dependencies(wheels[name], environment)
        todo.extend((dep, name) for dep in graph[name])
    return graph


def lock_file(
    info: Mapping[str, Any],
    wheels: Mapping[NormalizedName, Wheel],
    graph: Mapping[NormalizedName, list[NormalizedName]],
) -> dict[str, Any]:
    """A ``pyodide-lock.json`` listing exactly the shipped wheels, beside Pyodide's own ``info``."""
    packages = {}
    for name in sorted(graph):
        wheel = wheels[name]
        packages[name] = {
            "depends": sorted(graph[name]),
            "file_name": wheel.path.name,
            "imports": list(wheel.imports),
            "install_dir": "site",
            "name": name,
            "package_type": "package",
            "sha256": wheel.sha256(),
            "unvendored_tests": False,
            "version": wheel.version,
        }
    return {"info": dict(info), "packages": packages}


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("$", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def kernel_module(name: str) -> Any:
    try:
        return importlib.import_module(f"jupyterlite_pyodide_kernel.{name}")
    except ImportError as error:
        raise LiteBuildError(
            "jupyterlite-pyodide-kernel is not installed in this Python; run `make lite`,"
            " or install the lite extra: pip install -e '.[lite]'"
        ) from error


def kernel_extension_dir() -> Path:
    """The Pyodide kernel's JupyterLab extension as installed beside this interpreter."""
    extension = Path(sys.prefix, "share", "jupyter", "labextensions", "@jupyterlite")
    path = extension / "pyodide-kernel-extension" / "static" / "pypi"
    if not path.is_dir():
        raise LiteBuildError(f"the Pyodide kernel's wheels are not at {path}")
    return path


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm ``pyodide`` package at ``version``, unpacked in the cache (fetched once)."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "pyodide-lock.json").is_file():
        return unpacked
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        run("npm", "pack", f"pyodide@{version}", "--pack-destination", cache, "--silent")
    with tempfile.TemporaryDirectory(dir=cache) as scratch, tarfile.open(tarball) as archive:
        archive.extractall(scratch, filter="data")
        missing = [f for f in PYODIDE_FILES if not (Path(scratch) / "package" / f).is_file()]
        if missing:
            raise LiteBuildError(f"the npm package pyodide@{version} lacks {', '.join(missing)}")
        shutil.move(Path(scratch) / "package", unpacked)
    return unpacked


def build_project_wheel(into: Path) -> Path:
    """This checkout's wheel (with its front-end bundle), built afresh."""
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", into, ROOT)
    built = sorted(into.glob("kingscorner_widget-*.whl"))
    if len(built) != 1:
        raise LiteBuildError(f"expected one project wheel in {into}, found {len(built)}")
    return built[0]


def download_wheels(
    project_wheel: Path, pins: Mapping[NormalizedName, str], python: str, into: Path
) -> None:
    """The pure-Python wheels the project and the kernel need, from PyPI, for Pyodide's Python."""
    constraints = into / "constraints.txt"
    constraints.write_text("".join(f"{name}=={version}\n" for name, version in pins.items()))
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--only-binary=:all:",
        "--platform=any",
        "--abi=none",
        "--implementation=py",
        f"--python-version={'.'.join(python.split('.')[:2])}",
        "-c",
        constraints,
        "-d",
        into,
        project_wheel,
        *(name for name in KERNEL_PACKAGES if name not in KERNEL_STAND_INS),
    )


def pure_pins(npm_lock: Mapping[str, Any]) -> dict[NormalizedName, str]:
    """Versions of the pure-Python packages Pyodide's lock file lists (the versions it tests)."""
    return {
        canonicalize_name(entry["name"]): entry["version"]
        for entry in npm_lock["packages"].values()
        if entry["file_name"].endswith("-none-any.whl")
    }


def newest_by_name(paths: Iterable[Path]) -> dict[NormalizedName, Wheel]:
    wheels: dict[NormalizedName, Wheel] = {}
    for path in paths:
        wheel = Wheel.read(path)
        known = wheels.get(wheel.name)
        if (
            known is None
            or parse_wheel_filename(path.name)[1] > parse_wheel_filename(known.path.name)[1]
        ):
            wheels[wheel.name] = wheel
    return wheels


def without_outputs(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook with every code cell's outputs and count cleared (and no widget state).

    In the browser the saved outputs are pictures of tables no kernel holds: the page drew them
    while Pyodide started, only for the learner's first run to replace them.

    >>> cell = {"cell_type": "code", "outputs": [{"output_type": "stream"}], "execution_count": 3}
    >>> without_outputs({"cells": [cell], "metadata": {"widgets": {}}})
    {'cells': [{'cell_type': 'code', 'outputs': [], 'execution_count': None}], 'metadata': {}}
    """
    cells = [
        {**cell, "outputs": [], "execution_count": None} if cell["cell_type"] == "code" else cell
        for cell in notebook["cells"]
    ]
    metadata = {key: value for key, value in notebook["metadata"].items() if key != "widgets"}
    return {**notebook, "cells": cells, "metadata": metadata}


def course_tutorials() -> tuple[str, ...]:
    """The tutorials the package ships (``kingscorner_widget.course.TUTORIALS``)."""
    return tuple(str(name) for name in runpy.run_path(str(COURSE))["TUTORIALS"])


def stage_contents(notebooks: Path, files: Path, names: Iterable[str]) -> list[str]:
    """Copy the tutorials ``names`` in ``notebooks`` as they are now, without their outputs,
    into the site's files (nothing else a session left there); returns their names."""
    sources = [notebooks / name for name in names]
    missing = [source.name for source in sources if not source.is_file()]
    if missing:
        raise LiteBuildError(f"the tutorials {', '.join(missing)} are not in {notebooks}")
    if not sources:
        raise LiteBuildError("no tutorials to stage")
    files.mkdir(parents=True)
    for source in sources:
        notebook = without_outputs(json.loads(source.read_text(encoding="utf-8")))
        text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
        (files / source.name).write_text(text, encoding="utf-8")
    for source in notebooks.glob("README.md"):
        shutil.copy2(source, files / source.name)
    return [source.name for source in sources]


def stage_languages(files: Path) -> dict[str, list[str]]:
    """Build each language's tutorials (``course_words.build``) into ``files/<code>/``;
    returns the tutorials built per language (only those translated whole)."""
    built: dict[str, list[str]] = runpy.run_path(str(COURSE_WORDS))["build"](ROOT, files)
    return {code: names for code, names in built.items() if names}


CHOOSER = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kings in the Corner: the course</title>
<!-- Each JupyterLite page reads its parents' configuration as it starts: this page has none. -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
body {{ font: 1.25rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto;
  padding: 0 1rem; color: #1a1a1a; background: #fff; }}
h1 {{ font-size: 1.6rem; }}
ul {{ list-style: none; padding: 0; }}
li {{ margin: 0.6rem 0; }}
a {{ display: block; padding: 0.8rem 1rem; border: 2px solid #1f6f43; border-radius: 0.5rem;
  color: #0b4f2c; text-decoration: none; font-weight: 600; }}
a:hover, a:focus {{ background: #e8f4ec; }}
.start {{ display: block; font-weight: 400; font-size: 1rem; color: #1a1a1a; }}
</style>
</head>
<body>
<main>
<h1>Kings in the Corner</h1>
<p>Choose your language · Elige tu idioma · Choisis ta langue · Wähle deine Sprache</p>
<ul>
{links}
</ul>
</main>
</body>
</html>
"""


ORDER = list(LANGUAGE_NAMES)


def chooser_page(languages: Mapping[str, str]) -> str:
    """The course's first page: a link to each language's first tutorial, named in its own
    language (``languages`` maps a code to the first tutorial's path in the site's files).

    >>> page = chooser_page({"en": "01-a.ipynb", "fr": "fr/01-a.ipynb"})
    >>> '<a href="lab/index.html?path=fr/01-a.ipynb" hreflang="fr" lang="fr">' in page
    True
    """
    links = "\n".join(
        f'<li><a href="lab/index.html?path={path}" hreflang="{code}" lang="{code}">'
        f'<span class="name">{LANGUAGE_NAMES[code]}</span>'
        f'<span class="start">{START[code]}</span></a></li>'
        for code, path in sorted(languages.items(), key=lambda item: ORDER.index(item[0]))
    )
    return CHOOSER.format(links=links)


def kernel_settings(
    preload: Iterable[str], pyodide_url: str = "./static/pyodide/pyodide.mjs"
) -> dict[str, Any]:
    """The kernel's settings: local Pyodide, no PyPI, the tutorials' packages loaded at start."""
    return {
        "pyodideUrl": pyodide_url,
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": sorted(preload)},
    }


def build(output: Path, cache: Path, notebooks: Path) -> None:
    version = kernel_module("constants").PYODIDE_VERSION
    pyodide = fetch_pyodide(version, cache)
    npm_lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    python = npm_lock["info"]["python"]

    work = cache / "work"
    shutil.rmtree(work, ignore_errors=True)
    stage, wheel_dir = work / "stage", work / "wheels"
    wheel_dir.mkdir(parents=True)
    project_wheel = build_project_wheel(work / "project")
    download_wheels(project_wheel, pure_pins(npm_lock), python, wheel_dir)
    wheels = newest_by_name([*wheel_dir.glob("*.whl"), project_wheel])
    wheels.update(newest_by_name(kernel_extension_dir().glob("*.whl")))
    roots = [*KERNEL_PACKAGES, PROJECT]
    graph = closure(roots, wheels, marker_environment(python))

    # Pyodide and the wheels in a folder named by their content, so that a browser may keep them
    # for good: a rebuilt site with other wheels puts them at another address. (Not in the
    # stage's static/pyodide, where the kernel's build step would take them as its own.)
    scratch = work / "pyodide"
    scratch.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, scratch / name)
    for name in graph:
        shutil.copy2(wheels[name].path, scratch / wheels[name].path.name)
    lock = lock_file(npm_lock["info"], wheels, graph)
    (scratch / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    pyodide_folder = f"static/pyodide-{folder_digest(scratch)}"

    english = stage_contents(notebooks, stage / "files", course_tutorials())
    languages = {"en": english[0]}
    for code, names in stage_languages(stage / "files").items():
        languages[code] = f"{code}/{names[0]}"
    pyodide_url = f"./{pyodide_folder}/pyodide.mjs"
    plugins = {KERNEL_PLUGIN: kernel_settings(roots, pyodide_url)}
    settings = {"jupyter-config-data": {"litePluginSettings": plugins}}
    (stage / "jupyter-lite.json").write_text(json.dumps(settings, indent=2))
    build_config = {
        "LiteBuildConfig": {
            "apps": ["lab", "notebooks", "tree"],
            "contents": ["files"],
            "federated_extensions": [str(wheels[name].path) for name in FRONT_END_WHEELS],
            "no_sourcemaps": True,
            "output_dir": str(output),
        }
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))
    shutil.rmtree(output, ignore_errors=True)
    run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", stage, cwd=stage)
    shutil.copytree(scratch, output / pyodide_folder)
    # The site's first page asks for the learner's language (JupyterLite's own only sent the
    # browser on to the lab app, which every link here opens).
    (output / "index.html").write_text(chooser_page(languages), encoding="utf-8")
    write_service_worker(output)
    check_site(output)
    print(f"site: {output} ({site_size(output) / 2**20:.1f} MiB)")


def check_site(site: Path) -> None:
    """Fail when the built site points the kernel anywhere but its own folder."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    url = settings["pyodideUrl"]
    if not url.startswith("./") or not (site / url).is_file():
        raise LiteBuildError(f"the kernel's Pyodide is not in the site: {url}")
    if not settings.get("disablePyPIFallback"):
        raise LiteBuildError("the kernel may still reach PyPI: disablePyPIFallback is off")
    lock = json.loads((site / url).with_name("pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = (site / url).with_name(entry["file_name"])
        if not wheel.is_file() or hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]:
            raise LiteBuildError(f"the lock names {entry['file_name']}, which the site lacks")


def folder_digest(folder: Path) -> str:
    """16 hex digits of a SHA-256 over every file's relative path and content in ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def immutable_files(site: Path) -> list[str]:
    """The site's files whose address changes with their content, relative to the site's root:
    Pyodide and the wheels (in their content-named folder) and the hash-named scripts."""
    found = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        top = relative.split("/", 1)[0]
        in_pyodide = re.fullmatch(r"static/pyodide-[0-9a-f]{16}/[^/]+", relative) is not None
        if in_pyodide or (top in ("build", "extensions") and HASHED_NAME.search(path.name)):
            found.append(relative)
    return found


SERVICE_WORKER_JS = """\
// The course's service worker, written by scripts/build_lite.py: the files whose address changes
// with their content (Pyodide, the wheels, the hash-named scripts) are kept in a cache named by
// this build's version and read from it on every later visit, so a second visit downloads none
// of them again. Everything else goes to JupyterLite's own worker, loaded below, unchanged.
// (In a block: the scripts share one global scope, and JupyterLite's declares names of its own.)
{
  const PREFIX = "kingscorner-course-";
  const VERSIONED = PREFIX + "%(version)s";
  const ROOT = new URL("./", self.location.href).href;
  const KEPT = new Set(%(files)s);

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches.keys().then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== VERSIONED)
            .map((name) => caches.delete(name)),
        ),
      ),
    );
  });

  const keptOrFetched = async (event, address) => {
    const cache = await caches.open(VERSIONED);
    const kept = await cache.match(address);
    if (kept) return kept;
    const response = await fetch(event.request);
    if (response.status === 200) event.waitUntil(cache.put(address, response.clone()));
    return response;
  };

  self.addEventListener("fetch", (event) => {
    if (event.request.method !== "GET") return;
    const url = new URL(event.request.url);
    const address = url.origin + url.pathname;
    if (!address.startsWith(ROOT) || !KEPT.has(address.slice(ROOT.length))) return;
    event.stopImmediatePropagation();
    event.respondWith(keptOrFetched(event, address));
  });
}

importScripts("./%(jupyterlite)s");
"""


def write_service_worker(site: Path) -> str:
    """Put the course's service worker in front of JupyterLite's; returns the cache's version.

    JupyterLite registers ``service-worker.js`` at the site's root; its own worker (which
    caches nothing unless told, and then fetches everything again behind the cache) becomes
    ``jupyterlite-service-worker.js``, which the course's worker loads after its own handler.
    """
    original = site / SERVICE_WORKER
    if not original.is_file():
        raise LiteBuildError(f"JupyterLite wrote no {SERVICE_WORKER} in {site}")
    original.rename(site / JUPYTERLITE_WORKER)
    files = immutable_files(site)
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:16]
    source = SERVICE_WORKER_JS % {
        "version": version,
        "files": json.dumps(files, indent=0),
        "jupyterlite": JUPYTERLITE_WORKER,
    }
    (site / SERVICE_WORKER).write_text(source, encoding="utf-8")
    return version


def site_size(site: Path) -> int:
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the site's folder")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="downloads and staging")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    try:
        build(output, args.cache.resolve(), args.notebooks.resolve())
    except (LiteBuildError, subprocess.CalledProcessError) as error:
        # No half-built site is left behind for make to take as up to date.
        shutil.rmtree(output, ignore_errors=True)
        print(f"make lite: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
