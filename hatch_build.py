"""The package's build hook (hatchling runs it before hatch-jupyter-builder's).

Two jobs:

- The tutorials travel as a list (``kingscorner_widget/course.py``'s ``TUTORIALS``), not as a
  copy of ``notebooks/``: the wheel's ``kingscorner_widget/tutorials/`` and the sdist's
  ``notebooks/`` hold exactly those notebooks, whatever else a learner's JupyterLab left there
  (checkpoints, an ``Untitled.ipynb``, a ``kingscorner-progress/`` folder).
- A build that has to make the table's bundle and finds no Node or npm stops with one line
  saying what to install (the Makefile's words), instead of hatch-jupyter-builder's traceback.
  A tree that already holds the bundle (an sdist, or a checkout after ``make js``) needs neither.
"""

from __future__ import annotations

import os
import runpy
import shutil
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


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the listed tutorials to the build and checks for Node before npm is needed."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        skip_npm = os.environ.get("HATCH_JUPYTER_BUILDER_SKIP_NPM") == "1"
        needs_npm = not (skip_npm or bundle_is_current(root, version))
        if needs_npm and (shutil.which("node") is None or shutil.which("npm") is None):
            raise SystemExit(NEEDS_NODE)
        if version == "editable":
            return  # an editable install reads the checkout's notebooks/ in place
        target = "kingscorner_widget/tutorials" if self.target_name == "wheel" else "notebooks"
        for name in tutorials(root):
            build_data["force_include"][str(root / "notebooks" / name)] = f"{target}/{name}"
