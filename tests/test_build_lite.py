"""The JupyterLite site build's own logic: which wheels the site needs, its lock file, its checks.

The whole build and the site in a browser are tested by ``tests/browser/test_lite.py``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import build_lite
from build_lite import LiteBuildError, Wheel

PYODIDE = build_lite.marker_environment("3.14.2")


def make_wheel(
    folder: Path, name: str, requires: tuple[str, ...] = (), tag: str = "py3-none-any"
) -> Path:
    stem = name.replace("-", "_")
    path = folder / f"{stem}-1.0-{tag}.whl"
    metadata = "".join(
        [f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n"]
        + [f"Requires-Dist: {requirement}\n" for requirement in requires]
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{stem}-1.0.dist-info/METADATA", metadata)
        archive.writestr(f"{stem}/__init__.py", "")
        archive.writestr(f"{stem}_helper.py", "")
        archive.writestr(f"{stem}-1.0.data/scripts/tool", "")
    return path


def test_a_wheel_knows_its_name_version_and_imports(tmp_path: Path) -> None:
    wheel = Wheel.read(make_wheel(tmp_path, "Some-Thing"))
    assert (wheel.name, wheel.version) == ("some-thing", "1.0")
    assert wheel.imports == ("Some_Thing", "Some_Thing_helper")


def test_a_compiled_wheel_is_refused(tmp_path: Path) -> None:
    path = make_wheel(tmp_path, "fast", tag="cp314-cp314-manylinux_2_17_x86_64")
    with pytest.raises(LiteBuildError, match="not a pure-Python wheel"):
        Wheel.read(path)


def test_dependencies_are_those_of_pyodide_not_of_the_building_machine(tmp_path: Path) -> None:
    wheel = Wheel.read(
        make_wheel(
            tmp_path,
            "app",
            (
                "comm>=0.1",
                'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
                'colorama; sys_platform == "win32"',
                'typing-extensions; python_version < "3.12"',
                'exceptiongroup; python_version < "3.11"',
                'Extra_Thing[fast]; platform_system == "Emscripten"',
                "comm",
            ),
        )
    )
    assert build_lite.dependencies(wheel, PYODIDE) == ["comm", "extra-thing"]
    on_linux = {
        **PYODIDE,
        "sys_platform": "linux",
        "platform_system": "Linux",
        "python_version": "3.11",
    }
    assert build_lite.dependencies(wheel, on_linux) == [
        "comm",
        "pexpect",
        "typing-extensions",
    ]


def test_closure_follows_dependencies_and_names_who_needs_a_missing_one(tmp_path: Path) -> None:
    wheels = {
        wheel.name: wheel
        for wheel in map(
            Wheel.read,
            [
                make_wheel(tmp_path, "top", ("middle",)),
                make_wheel(tmp_path, "middle", ("bottom",)),
                make_wheel(tmp_path, "bottom"),
                make_wheel(tmp_path, "unused"),
            ],
        )
    }
    graph = build_lite.closure(["Top"], wheels, PYODIDE)
    assert graph == {"top": ["middle"], "middle": ["bottom"], "bottom": []}
    del wheels["bottom"]  # type: ignore[arg-type]
    with pytest.raises(LiteBuildError, match="no wheel for bottom \\(needed by middle\\)"):
        build_lite.closure(["top"], wheels, PYODIDE)


def test_the_lock_lists_each_shipped_wheel_with_its_checksum(tmp_path: Path) -> None:
    top, bottom = (
        Wheel.read(make_wheel(tmp_path, "top", ("bottom",))),
        Wheel.read(make_wheel(tmp_path, "bottom")),
    )
    info = {"python": "3.14.2", "platform": "emscripten_5_0_3"}
    lock = build_lite.lock_file(
        info, {top.name: top, bottom.name: bottom}, {top.name: [bottom.name], bottom.name: []}
    )
    assert lock["info"] == info
    assert sorted(lock["packages"]) == ["bottom", "top"]
    entry = lock["packages"]["top"]
    assert entry["depends"] == ["bottom"]
    assert entry["file_name"] == top.path.name
    assert entry["sha256"] == hashlib.sha256(top.path.read_bytes()).hexdigest()
    assert entry["imports"] == ["top", "top_helper"]
    assert (entry["install_dir"], entry["package_type"]) == ("site", "package")


def write_site(site: Path, url: str = "./static/pyodide/pyodide.mjs") -> Path:
    pyodide = site / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide.mjs").write_text("export {}")
    wheel = Wheel.read(make_wheel(pyodide, "top"))
    lock = build_lite.lock_file({}, {wheel.name: wheel}, {wheel.name: []})
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))
    settings = {**build_lite.kernel_settings(["top"]), "pyodideUrl": url}
    config = {"litePluginSettings": {build_lite.KERNEL_PLUGIN: settings}}
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": config}))
    return wheel.path


def test_a_sound_site_passes_the_check(tmp_path: Path) -> None:
    write_site(tmp_path)
    build_lite.check_site(tmp_path)
    settings = build_lite.kernel_settings(["b", "a"])
    assert settings["disablePyPIFallback"] is True
    assert settings["loadPyodideOptions"] == {"packages": ["a", "b"]}


def test_a_site_whose_wheel_differs_from_its_lock_fails_the_check(tmp_path: Path) -> None:
    write_site(tmp_path).write_bytes(b"not the wheel the lock names")
    with pytest.raises(LiteBuildError, match=r"top-1\.0-py3-none-any\.whl, which the site lacks"):
        build_lite.check_site(tmp_path)


def test_a_site_whose_kernel_loads_pyodide_from_elsewhere_fails_the_check(tmp_path: Path) -> None:
    write_site(tmp_path, url="https://example.org/pyodide/pyodide.mjs")
    with pytest.raises(LiteBuildError, match="Pyodide is not in the site"):
        build_lite.check_site(tmp_path)


def test_the_folder_digest_follows_every_name_and_byte(tmp_path: Path) -> None:
    (tmp_path / "a.whl").write_bytes(b"one")
    first = build_lite.folder_digest(tmp_path)
    assert len(first) == 16
    (tmp_path / "a.whl").write_bytes(b"two")
    assert build_lite.folder_digest(tmp_path) != first
    (tmp_path / "a.whl").write_bytes(b"one")
    assert build_lite.folder_digest(tmp_path) == first
    (tmp_path / "a.whl").rename(tmp_path / "b.whl")
    assert build_lite.folder_digest(tmp_path) != first


def write_built_site(site: Path) -> None:
    for relative in (
        "static/pyodide-0123456789abcdef/pyodide.asm.wasm",
        "static/pyodide-0123456789abcdef/top-1.0-py3-none-any.whl",
        "build/1031.b91a70b.js",
        "extensions/anywidget/static/remoteEntry.698dcaf7.js",
        "build/lab/bundle.js",
        "files/01-learn-the-rules.ipynb",
        "jupyter-lite.json",
        "static/pyodide/pyodide.asm.wasm",
    ):
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_text(relative)
    (site / "service-worker.js").write_text('"use strict";const CACHE="precache";')


def test_only_files_whose_address_follows_their_content_are_kept_for_good(tmp_path: Path) -> None:
    write_built_site(tmp_path)
    assert build_lite.immutable_files(tmp_path) == [
        "build/1031.b91a70b.js",
        "extensions/anywidget/static/remoteEntry.698dcaf7.js",
        "static/pyodide-0123456789abcdef/pyodide.asm.wasm",
        "static/pyodide-0123456789abcdef/top-1.0-py3-none-any.whl",
    ]


def test_the_course_worker_keeps_those_files_and_then_loads_jupyterlites(tmp_path: Path) -> None:
    write_built_site(tmp_path)
    version = build_lite.write_service_worker(tmp_path)
    worker = (tmp_path / "service-worker.js").read_text()
    assert (tmp_path / build_lite.JUPYTERLITE_WORKER).read_text().startswith('"use strict"')
    assert f'const VERSIONED = PREFIX + "{version}";' in worker
    assert '"static/pyodide-0123456789abcdef/pyodide.asm.wasm"' in worker
    assert "build/lab/bundle.js" not in worker
    assert "jupyter-lite.json" not in worker
    assert worker.rstrip().endswith(f'importScripts("./{build_lite.JUPYTERLITE_WORKER}");')
    # Its own names are in a block, apart from the names JupyterLite's worker declares.
    assert worker.index("{\n  const PREFIX") < worker.index("const VERSIONED")


def test_a_site_without_jupyterlites_worker_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LiteBuildError, match=r"JupyterLite wrote no service-worker\.js"):
        build_lite.write_service_worker(tmp_path)


def test_the_sites_tutorials_keep_their_cells_but_not_their_outputs(tmp_path: Path) -> None:
    notebooks, files = tmp_path / "notebooks", tmp_path / "files"
    notebooks.mkdir()
    cells: list[dict[str, Any]] = [
        {"cell_type": "markdown", "metadata": {}, "source": "# One"},
        {
            "cell_type": "code",
            "execution_count": 4,
            "metadata": {"tags": ["x"]},
            "outputs": [{"output_type": "stream", "name": "stdout", "text": "2\n"}],
            "source": "1 + 1",
        },
    ]
    saved = {"cells": cells, "metadata": {"widgets": {"state": {}}, "kernelspec": {}}}
    (notebooks / "01-one.ipynb").write_text(json.dumps(saved))
    (notebooks / "README.md").write_text("read me")
    (notebooks / "Untitled.ipynb").write_text(json.dumps(saved))  # left by a session: not staged
    assert build_lite.stage_contents(notebooks, files, ["01-one.ipynb"]) == ["01-one.ipynb"]
    assert sorted(path.name for path in files.iterdir()) == ["01-one.ipynb", "README.md"]
    staged = json.loads((files / "01-one.ipynb").read_text())
    assert staged["cells"][0] == cells[0]
    assert staged["cells"][1] == {**cells[1], "execution_count": None, "outputs": []}
    assert staged["metadata"] == {"kernelspec": {}}
    assert (files / "README.md").read_text() == "read me"


def test_the_first_page_offers_each_built_language_in_its_own_words() -> None:
    page = build_lite.chooser_page(
        {"de": "de/01-a.ipynb", "en": "01-a.ipynb", "fr": "fr/01-a.ipynb"}
    )
    link = r'<a href="([^"]+)" hreflang="(\w+)" lang="\w+"><span class="name">([^<]+)</span>'
    assert re.findall(link, page) == [
        ("lab/index.html?path=01-a.ipynb", "en", "English"),
        ("lab/index.html?path=fr/01-a.ipynb", "fr", "Français"),
        ("lab/index.html?path=de/01-a.ipynb", "de", "Deutsch"),
    ]
    assert "Commencer le cours" in page
    # JupyterLite's pages read the root page's configuration block as they start.
    config = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', page)
    assert config is not None
    assert json.loads(config[1]) == {}
