"""The browser course in headless Chromium with nothing from outside, for the tests that open
it (``test_lite.py``, ``test_classroom_course.py``): the site ``make lite`` builds, a local proxy
that refuses every request for another host and records it, and the Chromium flags that keep
the browser's own background calls down. The fixtures over these (``lite_site``, ``proxy_log``,
``offline_browser``) are in ``conftest.py``.
"""

from __future__ import annotations

import http.server
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from tests.browser.jupyter_server import REPO, free_port

SITE = REPO / "lite-site"
LOCAL_HOST = "127.0.0.1"
# Pyodide boots and loads its wheels in the page: slow on CI's two busy cores, but bounded.
BOOT_TIMEOUT_MS = 240_000
RUN_TIMEOUT_MS = 300_000
KERNEL_IDLE = "Python (Pyodide) | Idle"

#: Hosts Chromium itself calls in the background whatever page is open (flags turn off the rest).
CHROMIUM_SERVICES = frozenset(
    {"update.googleapis.com", "accounts.google.com", "clients2.google.com"}
)
QUIET_CHROMIUM_ARGS = (
    "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
    "--disable-default-apps",
    "--no-pings",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-extensions",
)


class RefusingProxy(http.server.BaseHTTPRequestHandler):
    """A proxy that forwards nothing: it records what the browser asked for and refuses it."""

    asked: list[str]

    def refuse(self) -> None:
        host = self.path.rsplit(":", 1)[0] if self.command == "CONNECT" else None
        host = host or urllib.parse.urlsplit(self.path).hostname or self.path
        self.asked.append(host)
        self.send_error(403, "nothing leaves this machine")

    def __getattr__(self, name: str) -> Any:
        # http.server looks up ``do_<METHOD>``; every method (CONNECT for https too) is refused.
        if name.startswith("do_"):
            return self.refuse
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def build_site() -> Path:
    """The built site: ``make lite`` builds it, or finds it up to date."""
    done = subprocess.run(
        ["make", "--no-print-directory", "lite"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"`make lite` failed:\n{(done.stdout + done.stderr)[-4000:]}")
    assert (SITE / "index.html").is_file()
    return SITE


def serve(handler: Any) -> Iterator[str]:
    """Serve ``handler`` on 127.0.0.1 (a free port) while the generator runs: its address."""
    server = http.server.ThreadingHTTPServer((LOCAL_HOST, free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL_HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def refusing_proxy() -> Iterator[tuple[str, list[str]]]:
    """A :class:`RefusingProxy` served while the generator runs: its address and the hosts it
    was asked for."""
    asked: list[str] = []
    handler = type("Recording", (RefusingProxy,), {"asked": asked})
    for url in serve(handler):
        yield url, asked


def run_in_first_cell(page: Page, code: str) -> Locator:
    """Replace the first cell's code with ``code``, run it, and return its output area."""
    editor = page.locator(".jp-Notebook .jp-Cell .cm-content").first
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    return page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-OutputArea-output")
