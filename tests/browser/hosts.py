"""The other notebook hosts for the browser suite: Voila and marimo, beside JupyterLab.

Each server runs in the sandbox :class:`~tests.browser.jupyter_server.JupyterServer` sets up
(temporary ``JUPYTER_*`` and ``HOME`` directories, the Python kernel spec of this interpreter,
the package under test on ``PYTHONPATH``), on 127.0.0.1 with its own token, and is stopped by its
process group id. Neither asks the network for anything (marimo's update check is off).
"""

from __future__ import annotations

import contextlib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

from tests.browser.jupyter_server import VENV_BIN, JupyterServer

APPS = Path(__file__).parent / "apps"
"""The small app files the host tests serve (a marimo app)."""


class HostServer(JupyterServer):
    """A server that serves one file as an app: started, checked and stopped as JupyterLab is."""

    name = "host"

    def __init__(self, app: Path, *, startup_timeout: float = 90.0) -> None:
        super().__init__(app.parent, startup_timeout=startup_timeout)
        self.app = app

    def answers(self, path: str) -> bool:
        """Whether the server answers a GET of ``path`` at all (any HTTP status will do)."""
        try:
            with urllib.request.urlopen(f"{self.base_url}/{path}", timeout=5):
                return True
        except urllib.error.HTTPError:
            return True

    def shutdown_kernels(self) -> None:
        """Nothing to do here: the host's kernels end with its process group."""


class VoilaServer(HostServer):
    """Voila serving one notebook as a dashboard: its code hidden, its widgets live."""

    name = "Voila"

    def command(self) -> list[str]:
        return [
            str(VENV_BIN / "voila"),
            str(self.app),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--Voila.port_retries=0",
            f"--token={self.token}",
            "--show_tracebacks=True",
        ]

    def ready(self) -> bool:
        # Not the page itself: each GET of it starts a kernel and runs the notebook.
        return self.answers("voila/static/extension.js")

    def page_url(self) -> str:
        """The dashboard's address (each visit runs the notebook in a new kernel)."""
        return f"{self.base_url}/?token={self.token}"


class MarimoServer(HostServer):
    """``marimo run``: a marimo notebook served as a read-only app."""

    name = "marimo"

    def __init__(self, app: Path, *, startup_timeout: float = 90.0) -> None:
        super().__init__(app, startup_timeout=startup_timeout)
        self.env["MARIMO_SKIP_UPDATE_CHECK"] = "1"

    def command(self) -> list[str]:
        return [
            str(VENV_BIN / "marimo"),
            "--yes",  # never stop to ask a question on the terminal
            "run",
            str(self.app),
            "--headless",
            "--host=127.0.0.1",
            f"--port={self.port}",
            f"--token-password={self.token}",
            "--no-sandbox",
        ]

    def ready(self) -> bool:
        return self.answers("health")

    def page_url(self) -> str:
        """The app's address (each visit is a new session, its cells run afresh)."""
        return f"{self.base_url}/?access_token={self.token}"


Server = TypeVar("Server", bound=HostServer)


@contextlib.contextmanager
def serving(server: Server) -> Iterator[Server]:
    """``server``, started, and stopped on exit."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
