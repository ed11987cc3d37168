"""The browser course served by the class server itself (``kingscorner classroom``).

:func:`course_site` checks a built JupyterLite course (the folder ``make lite`` writes,
``lite-site/``) and returns the Starlette application that serves it: every file with the
media type a browser insists on (``application/wasm`` for Pyodide's runtime, ``text/javascript``
for modules, ``application/json`` for settings), the files named by their content kept for a
year, and everything else asked again each time (``no-cache``: the browser revalidates with the
file's ETag, so a rebuilt site is seen at once and an unchanged one costs a 304).

>>> import tempfile
>>> try:
...     course_site(tempfile.mkdtemp())
... except SiteError as error:
...     print(str(error).partition(" is not ")[2])
a built course site (no index.html, jupyter-lite.json): build it with `make lite` in a checkout \
of kingscorner-widget (it writes lite-site/), then give that folder: kingscorner classroom --site \
lite-site
>>> media_type("static/pyodide-0123456789abcdef/pyodide.asm.wasm"), kept_for_good("index.html")
('application/wasm', False)
>>> kept_for_good("static/pyodide-0123456789abcdef/pyodide.asm.wasm")
True
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from typing import Any

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

__all__ = ["SITE_FILES", "CourseSite", "SiteError", "course_site", "find_site"]

SITE_FILES = ("index.html", "jupyter-lite.json")
"""What a built course site holds at its root."""

MEDIA_TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".map": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".md": "text/markdown; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
"""Media types by suffix, fixed here rather than taken from the machine's ``mimetypes`` table
(which on some systems lacks ``.wasm`` or calls ``.js`` ``application/x-javascript``)."""

FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
PYODIDE_FOLDER = re.compile(r"static/pyodide-[0-9a-f]{16}/[^/]+")
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,}\.(?:js|css)$")
"""The rule of ``scripts/build_lite.py``'s ``immutable_files``: Pyodide and the wheels in their
content-named folder, and the hash-named scripts of ``build/`` and ``extensions/``."""


class SiteError(ValueError):
    """No built course site where one was looked for; the message says how to build it."""


def media_type(path: str) -> str:
    """The media type of the site's file at ``path`` (relative to the site)."""
    return MEDIA_TYPES.get(PurePosixPath(path).suffix.lower(), "application/octet-stream")


def kept_for_good(path: str) -> bool:
    """True when the file at ``path`` (relative to the site) is named by its content: another
    build with other content puts it at another address, so a browser may keep it for good."""
    top = path.split("/", 1)[0]
    hashed = top in ("build", "extensions") and HASHED_NAME.search(path) is not None
    return PYODIDE_FOLDER.fullmatch(path) is not None or hashed


def check_site(folder: str | os.PathLike[str]) -> Path:
    """``folder`` as a built course site, or a :class:`SiteError` saying how to build one."""
    path = Path(folder).resolve()
    missing = [name for name in SITE_FILES if not (path / name).is_file()]
    if missing:
        raise SiteError(
            f"{folder} is not a built course site (no {', '.join(missing)}): build it with "
            "`make lite` in a checkout of kingscorner-widget (it writes lite-site/), then give "
            "that folder: kingscorner classroom --site lite-site"
        )
    return path


def find_site(given: str | os.PathLike[str] | None, here: str | os.PathLike[str] = ".") -> Path:
    """The course site to serve: ``given``, or else ``lite-site/`` in the folder ``here``."""
    if given is not None:
        return check_site(given)
    found = Path(here) / "lite-site"
    if not found.is_dir():
        raise SiteError(
            "no course site given (--site DIR) and no lite-site/ here: build it with `make lite` "
            "in a checkout of kingscorner-widget, then run kingscorner classroom there, or give "
            "the folder: kingscorner classroom --site path/to/lite-site"
        )
    return check_site(found)


class CourseSite(StaticFiles):
    """The course's files, each with its media type and how long a browser may keep it."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # the tables' websocket is at the root, not here
            await WebSocket(scope, receive, send).close(1008)
            return
        await super().__call__(scope, receive, send)

    def file_response(
        self, full_path: Any, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        relative = Path(full_path).resolve().relative_to(Path(str(self.directory)).resolve())
        name = relative.as_posix()
        if response.status_code != 304:
            response.headers["content-type"] = media_type(name)
        response.headers["cache-control"] = FOREVER if kept_for_good(name) else REVALIDATE
        return response


def course_site(folder: str | os.PathLike[str]) -> CourseSite:
    """The application serving the built course site in ``folder`` (checked first)."""
    return CourseSite(directory=check_site(folder), html=True)
