"""Run JupyterLab and headless Chromium for the end-to-end tests and the latency benchmark.

Everything here is plain code (no pytest), so ``bench/bench_browser.py`` can share it:

- :func:`chromium_path` and :func:`launch_chromium`: Debian's Chromium driven by Playwright;
- :class:`JupyterServer`: a JupyterLab server on 127.0.0.1 with its own token, port and temporary
  ``JUPYTER_*`` and ``HOME`` directories, stopped by its process id;
- :func:`write_notebook`: a notebook file from a list of code cells;
- :class:`NotebookPage`: a notebook open in JupyterLab or Notebook 7, with helpers to run its cells
  and to read Python values back from a cell's printed output.

>>> notebook = notebook_json(["1 + 1"])
>>> notebook["cells"][0]["source"], notebook["nbformat"]
('1 + 1', 4)
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import Browser, Locator, Page, Playwright, expect

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
README_PICTURE = REPO / "docs" / "widget.png"

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# The card table of a widget: the output area that holds the pile hooks of section 5 of the SPEC.
WIDGET_SELECTOR = ".jp-OutputArea-output:has([data-pile='N'])"

App = Literal["lab", "notebook"]


class BrowserUnavailableError(RuntimeError):
    """Chromium is not installed where the tests look for it."""


class PortTakenError(RuntimeError):
    """Another program took the server's port between choosing it and listening on it."""


def chromium_path(playwright: Playwright | None = None) -> str:
    """The Chromium executable: ``$KCW_CHROMIUM``, Debian's package, or Playwright's own build.

    Raises :class:`BrowserUnavailableError` with the way to install it when none is found.
    """
    wanted = os.environ.get("KCW_CHROMIUM")
    candidates = [wanted] if wanted else list(CHROMIUM_CANDIDATES)
    if not wanted and playwright is not None:  # where `playwright install chromium` puts it
        candidates.append(playwright.chromium.executable_path)
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    where = f"KCW_CHROMIUM={wanted}" if wanted else " or ".join(candidates)
    raise BrowserUnavailableError(
        f"The browser tests need Chromium, but none was found at {where}. "
        "Install it with `make chromium` (scripts/ensure-chromium.sh: Debian's `chromium`), "
        "or point KCW_CHROMIUM at a Chromium executable."
    )


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch headless Chromium with a fresh profile (Playwright makes a new user-data-dir)."""
    return playwright.chromium.launch(
        executable_path=chromium_path(playwright), headless=True, args=list(CHROMIUM_ARGS)
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def notebook_json(cells: Sequence[str]) -> dict[str, Any]:
    """An nbformat 4 notebook of code cells with the Python 3 kernel."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{index}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for index, source in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """Write a notebook of code cells to ``path`` and return the path."""
    path.write_text(json.dumps(notebook_json(cells), indent=1), encoding="utf-8")
    return path


class JupyterServer:
    """A JupyterLab server in a sandbox of temporary directories, serving ``root``.

    ``JUPYTER_CONFIG_DIR``, ``JUPYTER_DATA_DIR``, ``JUPYTER_RUNTIME_DIR`` and ``HOME`` point into a
    temporary directory, so no user setting, workspace or extension outside the virtual environment
    takes part. The Python kernel spec is written into the temporary data directory and runs this
    interpreter, so kernels import the package under test.
    """

    name = "JupyterLab"

    def __init__(self, root: Path, *, startup_timeout: float = 60.0) -> None:
        self.root = root
        self.startup_timeout = startup_timeout
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base_url = f"http://127.0.0.1:{self.port}"
        self._sandbox = Path(tempfile.mkdtemp(prefix="kcw-jupyter-"))
        self.env = self._environment()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = self._sandbox / "server.log"

    def _environment(self) -> dict[str, str]:
        dirs = {name: self._sandbox / name for name in ("config", "data", "runtime", "home")}
        for path in dirs.values():
            path.mkdir()
        kernel_dir = dirs["data"] / "kernels" / "python3"
        kernel_dir.mkdir(parents=True)
        kernel_spec = {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (kingscorner-widget tests)",
            "language": "python",
            "metadata": {"debugger": False},
        }
        (kernel_dir / "kernel.json").write_text(json.dumps(kernel_spec), encoding="utf-8")
        # No "get Jupyter news?" toast over the page.
        settings = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8"
        )
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("JUPYTER", "JPY_", "IPYTHON"))
        }
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            HOME=str(dirs["home"]),
            IPYTHONDIR=str(dirs["home"] / ".ipython"),
            JUPYTER_PLATFORM_DIRS="1",
            JUPYTER_PREFER_ENV_PATH="0",  # the sandbox (its kernel spec) before the venv
            PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        env["PATH"] = os.pathsep.join([str(VENV_BIN), env.get("PATH", "")])
        return env

    def command(self) -> list[str]:
        """The command line that starts the server."""
        command = [
            str(VENV_BIN / "jupyter"),
            "lab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",
            "--LabApp.extension_manager=readonly",
            "--ServerApp.terminals_enabled=False",
        ]
        if os.geteuid() == 0:  # CI containers run as root
            command.append("--allow-root")
        return command

    def start(self, attempts: int = 3) -> JupyterServer:
        """Start the server and wait until its API answers (on another port if one was taken)."""
        for _ in range(attempts - 1):
            try:
                return self._start()
            except PortTakenError:
                self.port = free_port()
                self.base_url = f"http://127.0.0.1:{self.port}"
        return self._start()

    def _start(self) -> JupyterServer:
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.root,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.log()
                self.process = None
                if "already in use" in output:
                    raise PortTakenError(output)
                self.stop()
                raise RuntimeError(f"{self.name} exited early:\n{output}")
            with contextlib.suppress(OSError, urllib.error.URLError):
                if self.ready():
                    return self
            time.sleep(0.2)
        output = self.log()
        self.stop()
        raise RuntimeError(f"{self.name} did not answer in {self.startup_timeout:.0f} s:\n{output}")

    def ready(self) -> bool:
        """Whether the server answers (another host's server says so its own way)."""
        return bool(self.api("status").get("started"))

    def log(self) -> str:
        """The server's output so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def api(self, path: str, method: str = "GET") -> Any:
        """Call the server's REST API (``/api/<path>``) with the token; decode the JSON answer."""
        request = urllib.request.Request(
            f"{self.base_url}/api/{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def url(self, path: str, *, reset: bool = True) -> str:
        """The address of ``path`` (e.g. ``lab/tree/x.ipynb``), with the token and ``?reset``."""
        query = f"token={self.token}" + ("&reset" if reset else "")
        return f"{self.base_url}/{path.lstrip('/')}?{query}"

    def shutdown_kernels(self) -> None:
        """Shut down every kernel (each notebook a test opens starts one)."""
        for session in self.api("sessions"):
            with contextlib.suppress(urllib.error.URLError):
                self.api(f"sessions/{session['id']}", method="DELETE")
        for kernel in self.api("kernels"):  # kernels without a session (none expected)
            with contextlib.suppress(urllib.error.URLError):
                self.api(f"kernels/{kernel['id']}", method="DELETE")

    def nbconvert_html(self, notebook: Path, *, timeout: int = 120) -> Path:
        """Execute ``notebook`` with nbconvert in the server's sandbox and export it to HTML."""
        subprocess.run(
            [
                str(VENV_BIN / "jupyter"),
                "nbconvert",
                "--to",
                "html",
                "--execute",
                f"--ExecutePreprocessor.timeout={timeout}",
                str(notebook),
            ],
            cwd=notebook.parent,
            env=self.env,
            check=True,
            capture_output=True,
            timeout=timeout + 60,
        )
        return notebook.with_suffix(".html")

    def stop(self) -> None:
        """Shut its kernels down, then stop the server by its process id (and process group)."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
                self.shutdown_kernels()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        shutil.rmtree(self._sandbox, ignore_errors=True)

    def __enter__(self) -> JupyterServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


_MARKS = itertools.count(1)


class NotebookPage:
    """A notebook opened in JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``)."""

    def __init__(self, page: Page, server: JupyterServer, name: str, app: App = "lab") -> None:
        self.page = page
        self.server = server
        self.name = name
        self.app = app

    def open(self) -> NotebookPage:
        """Load the notebook page and wait until its kernel is ready."""
        prefix = "lab/tree" if self.app == "lab" else "notebooks"
        self.page.goto(self.server.url(f"{prefix}/{self.name}"))
        self.page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.sessionContext",
            timeout=60_000,
        )
        self.page.evaluate(
            """async () => {
                const panel = window.jupyterapp.shell.currentWidget;
                await panel.context.ready;
                await panel.sessionContext.ready;
                const kernel = panel.sessionContext.session.kernel;
                await kernel.info;
            }"""
        )
        return self

    def command(self, name: str, args: dict[str, Any] | None = None) -> Any:
        """Run a JupyterLab command (as the menus and shortcuts do) and return its result."""
        return self.page.evaluate(
            "([name, args]) => window.jupyterapp.commands.execute(name, args)",
            [name, args or {}],
        )

    def run_all(self) -> None:
        """Run every cell, then wait until the kernel has finished."""
        self.command("notebook:run-all-cells")
        self.wait_idle()

    def wait_idle(self) -> None:
        """Wait until no cell of the notebook is queued or running."""
        self.page.wait_for_function(
            """() => {
                const panel = window.jupyterapp.shell.currentWidget;
                const cells = panel.content.widgets;
                return panel.sessionContext.session.kernel.status === 'idle'
                    && cells.every(c => c.model.type !== 'code' || c.promptNode === null
                        || !c.promptNode.textContent.includes('*'));
            }""",
            timeout=60_000,
        )

    def start_code(self, code: str) -> str:
        """Append a cell holding ``code`` and start it; return the mark :meth:`output` waits for."""
        mark = f"KCW{next(_MARKS)}"
        source = (
            f"print('<{mark}>')\n"
            "try:\n"
            + "".join(f"    {line}\n" for line in code.splitlines())
            + "except Exception as error:\n"
            "    print(f'{type(error).__name__}: {error}')\n"
            f"print('</{mark}>')"
        )
        self.page.evaluate(
            """(source) => {
                const panel = window.jupyterapp.shell.currentWidget;
                const notebook = panel.content;
                const count = notebook.model.cells.length;
                notebook.model.sharedModel.insertCell(count, {cell_type: 'code', source});
                notebook.activeCellIndex = count;
                window.jupyterapp.commands.execute('notebook:run-cell');
            }""",
            source,
        )
        return mark

    def output(self, mark: str) -> str:
        """What the cell started with ``mark`` printed, once it has finished."""
        output = self.page.locator(".jp-OutputArea-output", has_text=f"</{mark}>")
        expect(output).to_have_count(1, timeout=30_000)
        text = output.inner_text()
        found = re.search(rf"<{mark}>\n?(.*?)\n?</{mark}>", text, re.DOTALL)
        assert found, f"cell output not understood: {text!r}"
        return found.group(1).strip()

    def run_code(self, code: str) -> str:
        """Append a cell holding ``code``, run it and return what it printed."""
        return self.output(self.start_code(code))

    def value(self, expression: str) -> str:
        """``str()`` of a Python expression evaluated in the notebook's kernel, read in the page."""
        return self.run_code(f"print({expression})")

    def json(self, expression: str) -> Any:
        """A JSON-able Python expression evaluated in the kernel, read back from the page."""
        return json.loads(self.value(f"__import__('json').dumps({expression})"))

    def widget(self, index: int = 0) -> Locator:
        """The output area that shows the ``index``-th card table of the notebook."""
        return self.page.locator(WIDGET_SELECTOR).nth(index)


TABLE_STATE_JS = """(root) => {
    const cards = (el) => [...el.querySelectorAll('[data-card]')].map(c => c.dataset.card);
    const piles = {};
    for (const pile of root.querySelectorAll('[data-pile]')) piles[pile.dataset.pile] = cards(pile);
    const hand = root.querySelector('[data-hand]');
    const status = root.querySelector('[data-status]');
    return {
        piles,
        hand: hand ? cards(hand) : null,
        legal: [...root.querySelectorAll('[data-legal]')]
            .map(el => el.dataset.pile ?? el.dataset.card ?? el.tagName).sort(),
        status: status ? status.textContent.trim() : null,
    };
}"""


def table_state(widget: Locator) -> dict[str, Any]:
    """What the page shows, read through the SPEC's hooks only.

    ``piles``: each ``data-pile`` with the ``data-card`` values inside it (the top card and the
    bottom card peeking out); ``hand``: the ``data-card`` values in ``data-hand``; ``legal``: the
    piles (or cards) marked ``data-legal``; ``status``: the text of ``data-status``.
    """
    state: dict[str, Any] = widget.evaluate(TABLE_STATE_JS)
    return state


@contextlib.contextmanager
def running_server(root: Path) -> Iterator[JupyterServer]:
    """A started :class:`JupyterServer` serving ``root``, stopped on exit."""
    server = JupyterServer(root).start()
    try:
        yield server
    finally:
        server.stop()


def update_readme_picture(path: Path) -> bool:
    """Copy ``path`` to ``docs/widget.png`` if ``KCW_UPDATE_README_PICTURE=1``; say if it did."""
    if os.environ.get("KCW_UPDATE_README_PICTURE") != "1":
        return False
    README_PICTURE.parent.mkdir(exist_ok=True)
    shutil.copyfile(path, README_PICTURE)
    return True
