"""The browser course and the class server at one address (``kingscorner classroom``), without a
browser: the site's files with the media types browsers insist on and honest caching, the
tables' websocket on the same port, and a clear error when no built site is there."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from kingscorner_widget import ClassServer
from kingscorner_widget.server.site import SiteError, find_site, kept_for_good

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

from build_lite import immutable_files  # noqa: E402

PYODIDE = "static/pyodide-0123456789abcdef"


def built_site(folder: Path) -> Path:
    """A site shaped as ``make lite`` builds it (the files the tests ask for)."""
    files = {
        "index.html": "<!doctype html><title>course</title>",
        "jupyter-lite.json": json.dumps({"jupyter-config-data": {}}),
        "lab/index.html": "<!doctype html><title>lab</title>",
        "service-worker.js": "// the worker",
        "build/1031.b91a70b.js": "export {}",
        "build/bootstrap.js": "export {}",
        "extensions/anywidget/static/remoteEntry.c8c9eed2cdefdeac.js": "export {}",
        "files/01-learn-the-rules.ipynb": "{}",
        f"{PYODIDE}/pyodide.mjs": "export {}",
        f"{PYODIDE}/pyodide-lock.json": "{}",
        f"{PYODIDE}/kingscorner_widget-1.0-py3-none-any.whl": "PK",
    }
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    (folder / PYODIDE / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    return folder


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_course_and_the_tables_are_served_at_one_address(tmp_path: Path) -> None:
    site = built_site(tmp_path / "lite-site")
    with ClassServer(port=0, pace=0, away_after=None, site=site) as server:
        room = server.open_room("Year 7", seats=2)
        root = f"{server.address}/"
        wanted = {
            "": ("text/html; charset=utf-8", "no-cache"),
            "lab/": ("text/html; charset=utf-8", "no-cache"),
            "jupyter-lite.json": ("application/json", "no-cache"),
            "service-worker.js": ("text/javascript; charset=utf-8", "no-cache"),
            "build/bootstrap.js": ("text/javascript; charset=utf-8", "no-cache"),
            "build/1031.b91a70b.js": ("text/javascript; charset=utf-8", "immutable"),
            f"{PYODIDE}/pyodide.asm.wasm": ("application/wasm", "immutable"),
            f"{PYODIDE}/pyodide.mjs": ("text/javascript; charset=utf-8", "immutable"),
            f"{PYODIDE}/kingscorner_widget-1.0-py3-none-any.whl": ("application/zip", "immutable"),
        }
        for path, (media, caching) in wanted.items():
            status, headers, body = fetch(root + path)
            assert status == 200, path
            assert headers["content-type"] == media, path
            assert caching in headers["cache-control"], path
        assert body == b"PK"
        _, headers, _ = fetch(root + "index.html")
        status, again, body = fetch(root + "index.html", **{"If-None-Match": headers["etag"]})
        assert (status, body) == (304, b"")  # no-cache: asked again, unchanged costs nothing
        assert again["cache-control"] == "no-cache"
        assert fetch(root + "nothing.js")[0] == 404
        assert fetch(root + "..%2f..%2fetc%2fpasswd")[0] == 404

        with connect(f"ws://127.0.0.1:{server.port}/", open_timeout=10) as websocket:
            websocket.send(json.dumps({"type": "join", "room": room.code, "learner": "ada"}))
            seat = json.loads(websocket.recv(timeout=10))
            view = json.loads(websocket.recv(timeout=10))
        assert (seat["type"], seat["table"], seat["seat"]) == ("seat", 1, 1)
        assert view["type"] == "view"
        with pytest.raises(InvalidStatus, match="403"):  # a websocket anywhere else is refused
            connect(f"ws://127.0.0.1:{server.port}/lab/", open_timeout=10)


def test_a_server_without_a_site_says_what_it_is_at_its_address() -> None:
    with ClassServer(port=0, pace=0) as server:
        status, _, body = fetch(f"{server.address}/")
    assert status == 200
    assert body.startswith(b"Kings in the Corner class server")


def test_no_built_site_is_a_clear_error_that_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match=r"no course site given .* `make lite`"):
        find_site(None, here=tmp_path)
    (tmp_path / "lite-site").mkdir()
    (tmp_path / "lite-site" / "index.html").write_text("half a site")
    with pytest.raises(SiteError, match=r"no jupyter-lite\.json\): build it with `make lite`"):
        find_site(None, here=tmp_path)
    with pytest.raises(SiteError, match="not a built course site"):
        ClassServer(port=0, site=tmp_path / "elsewhere")
    assert find_site(built_site(tmp_path / "other")) == (tmp_path / "other").resolve()


def test_kept_for_good_is_the_rule_of_the_sites_service_worker(tmp_path: Path) -> None:
    site = built_site(tmp_path / "lite-site")
    every = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert [path for path in every if kept_for_good(path)] == immutable_files(site)


def test_classroom_prints_the_address_and_a_room_code(tmp_path: Path) -> None:
    site = built_site(tmp_path / "lite-site")
    argv = [sys.executable, "-m", "kingscorner_widget", "classroom", "--port", "0"]
    argv += ["--site", str(site), "--seats", "3", "--minutes", "0.01"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    address = re.search(
        r"The course and the class server at (http://127\.0\.0\.1:\d+/) \(this", done.stdout
    )
    code = re.search(r"Room 'Class', tables of 3: code ([A-Z0-9]{3}-[A-Z0-9]{3})", done.stdout)
    assert address, done.stdout
    assert code, done.stdout
    assert f"a student opens {address[1]} in a browser" in done.stdout
    assert f'KingsCornerWidget(join="{code[1]}", learner="their name")' in done.stdout


def test_classroom_without_a_site_says_how_to_build_one(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [sys.executable, "-m", "kingscorner_widget", "classroom", "--port", str(port)]
    done = subprocess.run(
        argv, capture_output=True, text=True, check=False, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 1
    assert done.stderr.startswith("kingscorner: no course site given (--site DIR)")
    assert "`make lite`" in done.stderr
    assert "Traceback" not in done.stderr
