"""Every tutorial runs top to bottom with no compiled analysis package.

A fresh venv gets the package's own dependencies (read from ``pyproject.toml``), a kernel and the
notebook runner, and nothing else: no numpy, pandas, matplotlib or distributed. Each notebook in
``notebooks/`` then runs there, whole, with the source tree on the path. This is what a browser
course or a school laptop with only ``pip install kingscorner-widget`` has; the Dask section must
say in one line that it needs a machine with Dask.

The notebooks run at the sizes they take in the browser course (a first cell tells the package
it is in a browser's Python), so that notebook 06 takes seconds here: nbval runs every notebook
at full size in the developer's venv, and this test is about what a notebook imports.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
COMPILED = ("numpy", "pandas", "matplotlib", "distributed", "dask", "scipy")
"""What a tutorial must not need (Pyodide's builds of these cannot be fetched)."""
TOOLS = ("ipykernel", "nbclient", "nbformat")
"""A kernel and what runs a notebook in it."""

RUNNER = """
import json, pathlib, sys, time
import nbformat
from nbclient import NotebookClient

path = pathlib.Path(sys.argv[1])
notebook = nbformat.read(path, as_version=4)
# The browser course's sizes (simulate.IN_BROWSER), set before the notebook's own first cell.
first = "import kingscorner_widget.analysis.runs.simulate as sizes; sizes.IN_BROWSER = True"
notebook.cells.insert(0, nbformat.v4.new_code_cell(first))
start = time.monotonic()
NotebookClient(
    notebook, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
).execute()
printed = [
    "".join(output.get("text", ""))
    for cell in notebook.cells if cell.cell_type == "code"
    for output in cell.outputs if output.get("output_type") == "stream"
]
print(json.dumps({"seconds": time.monotonic() - start, "printed": printed}))
"""


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv: the package's dependencies, a kernel and nbclient; the source tree on the path."""
    if not (ROOT / "kingscorner_widget" / "static" / "widget.js").is_file():
        pytest.fail("the table's front end is not built: run `make js` first")
    folder = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    python = folder / "bin" / "python"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *project["dependencies"], *TOOLS],
        check=True,
    )
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    (Path(purelib) / "kingscorner_widget_source.pth").write_text(str(ROOT) + "\n")
    assert sysconfig.get_paths()["purelib"] != purelib  # not this test run's own environment
    return python


def test_the_bare_venv_holds_no_compiled_analysis_package(bare_python: Path) -> None:
    found = subprocess.run(
        [
            str(bare_python),
            "-c",
            "import importlib.util as u, json, sys; "
            f"print(json.dumps([m for m in {COMPILED!r} if u.find_spec(m)]))",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    assert json.loads(found.stdout) == []
    where = subprocess.run(
        [str(bare_python), "-c", "import kingscorner_widget; print(kingscorner_widget.__file__)"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()).parent == ROOT / "kingscorner_widget"


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_each_tutorial_runs_whole_with_no_compiled_package(
    notebook: Path, bare_python: Path, tmp_path: Path
) -> None:
    copy = tmp_path / notebook.name  # a notebook's files land beside it, not in the source tree
    copy.write_bytes(notebook.read_bytes())
    done = subprocess.run(
        [str(bare_python), "-c", RUNNER, str(copy)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    printed = "".join(result["printed"])
    if "from distributed import" in notebook.read_text():
        assert "This section needs a machine with Dask" in printed
    print(f"{notebook.stem}: {result['seconds']:.0f} s")


def test_every_tutorial_is_found() -> None:
    assert len(NOTEBOOKS) >= 7
