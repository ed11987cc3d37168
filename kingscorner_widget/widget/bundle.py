"""The table's built front end (``static/``), with a clear error when a checkout has not built it.

>>> bundle_file("widget.js").name
'widget.js'
"""

from __future__ import annotations

import pathlib

__all__ = ["STATIC", "bundle_file"]

STATIC = pathlib.Path(__file__).parent.parent / "static"
"""The folder esbuild writes the bundle to (git-ignored; shipped in the sdist and the wheel)."""


def bundle_file(name: str, folder: pathlib.Path = STATIC) -> pathlib.Path:
    """A built front-end file's path; ``FileNotFoundError`` saying how to build it if absent."""
    path = folder / name
    if not path.is_file():
        raise FileNotFoundError(
            f"The table's front end is not built: {path} is missing. In a source checkout, run "
            "`make js` (or `cd js && npm install && npm run build`); a package installed with "
            "pip carries it already."
        )
    return path
