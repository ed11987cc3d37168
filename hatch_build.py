"""The package's build hook (hatchling runs it before hatch-jupyter-builder's).

Three jobs:

- The tutorials travel as a list (``kingscorner_widget/course.py``'s ``TUTORIALS``), not as a
  copy of ``notebooks/``: the wheel's ``kingscorner_widget/tutorials/`` and the sdist's
  ``notebooks/`` hold exactly those notebooks, whatever else a learner's JupyterLab left there
  (checkpoints, an ``Untitled.ipynb``, a ``kingscorner-progress/`` folder).
- A build that has to make the table's bundle and finds no Node or npm stops with one line
  saying what to install (the Makefile's words), instead of hatch-jupyter-builder's traceback.
  A tree that already holds the bundle (an sdist, or a checkout after ``make js``) needs neither.
- Each language's catalogue (``kingscorner_widget/locale/<code>/LC_MESSAGES/<area>.po``, the
  source git keeps) is compiled with Babel into the ``.mo`` gettext reads: into the wheel (from a
  checkout and from an sdist alike, so a compiled file is never stale or committed), and into the
  tree for an editable install (``make locale`` keeps it current as the ``.po`` files change).
  The tutorials' prose (the area ``course``) is no ``.mo``: it is built into each language's
  tutorials, the wheel's ``kingscorner_widget/tutorials/<code>/`` (``course_words.py``).
"""

from __future__ import annotations

import os
import runpy
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

NEEDS_NODE = (
    "kingscorner-widget needs Node.js 20 or newer and npm to build its table: install them "
    "(https://nodejs.org), then run the install again; or install from the sdist or wheel "
    "`make package` builds, which carry the table."
)
BUNDLE = ("kingscorner_widget/static/widget.js", "kingscorner_widget/static/widget.css")


def tutorials(root: Path) -> tuple[str, ...]:
    """The shipped notebooks' names, read from the package without importing it."""
    names = runpy.run_path(str(root / "kingscorner_widget" / "course.py"))["TUTORIALS"]
    return tuple(str(name) for name in names)


def bundle_is_current(root: Path, version: str) -> bool:
    """Whether the build can use the bundle already in the tree (no npm): for a wheel or an
    sdist, it is there; for an editable install, it is also newer than ``js/src``."""
    if not all((root / path).is_file() for path in BUNDLE):
        return False
    if version != "editable":
        return True
    from hatch_jupyter_builder.utils import is_stale

    return not is_stale(root / "kingscorner_widget" / "static", root / "js" / "src")


LOCALE = "kingscorner_widget/locale"
COURSE_AREA = "course"


def course_notebooks(root: Path, into: Path) -> dict[str, str]:
    """Build each language's translated tutorials (``kingscorner_widget/course_words.py``)
    under ``into``; returns each by its path in the wheel (``tutorials/<code>/<name>``)."""
    words = runpy.run_path(str(root / "kingscorner_widget" / "course_words.py"))
    built = {}
    for code, names in words["build"](root, into).items():
        for name in names:
            built[str(into / code / name)] = f"kingscorner_widget/tutorials/{code}/{name}"
    return built


def compile_catalogues(root: Path, into: Path) -> dict[str, str]:
    """Compile every language's ``.po`` under ``root`` into a ``.mo`` under ``into`` (the same
    relative path); returns each compiled file by its path in the package. A ``.po`` that does
    not parse stops the build with Babel's error."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = {}
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        if po.stem == COURSE_AREA:
            continue  # the tutorials' prose: built into notebooks (course_notebooks), not read
        relative = po.relative_to(root).with_suffix(".mo")
        with po.open("rb") as file:
            catalogue = read_po(file, abort_invalid=True)
        target = into / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_mo(file, catalogue)
        compiled[str(target)] = relative.as_posix()
    return compiled


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the listed tutorials and the compiled catalogues to the build and checks for Node
    before npm is needed."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        skip_npm = os.environ.get("HATCH_JUPYTER_BUILDER_SKIP_NPM") == "1"
        needs_npm = not (skip_npm or bundle_is_current(root, version))
        if needs_npm and (shutil.which("node") is None or shutil.which("npm") is None):
            raise SystemExit(NEEDS_NODE)
        if version == "editable":
            compile_catalogues(root, root)  # read in place, as the code is
            return  # an editable install reads the checkout's notebooks/ in place
        if self.target_name == "wheel":
            self._compiled = Path(tempfile.mkdtemp(prefix="kingscorner-locale-"))
            build_data["force_include"].update(compile_catalogues(root, self._compiled))
            course = self._compiled / "course"
            build_data["force_include"].update(course_notebooks(root, course))
        target = "kingscorner_widget/tutorials" if self.target_name == "wheel" else "notebooks"
        for name in tutorials(root):
            build_data["force_include"][str(root / "notebooks" / name)] = f"{target}/{name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            shutil.rmtree(compiled, ignore_errors=True)
