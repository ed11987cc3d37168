"""A real JupyterHub for the tests: the dummy authenticator, its own proxy
(configurable-http-proxy from the front end's packages), its database in a temporary folder,
and the services a test asks for. The tests talk to it through its public address, as a
student's notebook would.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "js" / "node_modules" / ".bin" / "configurable-http-proxy"
#: How long a Hub may take to answer after it starts (a busy two-core machine).
READY_WITHIN = 120.0


def free_port() -> int:
    """A port nothing listens on now (the Hub and its proxy need fixed ones)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class RealHub:
    """A running Hub: its public ``url``, and the ``admin_token`` of a service allowed to make
    users and their tokens."""

    url: str
    admin_token: str
    log: Path

    def api(self, method: str, path: str, body: object = None, token: str | None = None) -> Any:
        """One Hub API call (``path`` after ``/hub/api``) with ``token`` (default: the admin's)."""
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {token or self.admin_token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
        return json.loads(text) if text else None

    def user_token(self, name: str, scopes: Sequence[str] = ()) -> str:
        """A new token of the user ``name`` (made first if the Hub has no such user)."""
        try:
            self.api("POST", f"/users/{name}")
        except urllib.error.HTTPError as error:
            if error.code != 409:  # already there
                raise
        made = self.api("POST", f"/users/{name}/tokens", {"note": "test", "scopes": list(scopes)})
        token: str = made["token"]
        return token

    def wait_for(self, path: str, within: float = READY_WITHIN) -> None:
        """Wait until ``path`` on the Hub's public address answers with anything but a proxy
        error (the Hub, or a service behind it, has started); fail with the Hub's log if not."""
        deadline = time.monotonic() + within
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}{path}", timeout=5):
                    return
            except urllib.error.HTTPError as error:
                if error.code not in (502, 503, 404):
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterHub gave no answer at {path}:\n{self.log.read_text()[-4000:]}")
            time.sleep(0.2)  # polling what we read, bounded by the deadline above


@contextmanager
def real_hub(folder: Path, services: Sequence[Mapping[str, object]] = ()) -> Iterator[RealHub]:
    """Start a Hub in ``folder`` with ``services`` (dicts as in ``c.JupyterHub.services``) beside
    the test's admin service; stop it (and what it started) afterwards."""
    if not PROXY.exists():
        pytest.fail(f"{PROXY} is missing: `make js` installs the front end's packages")
    hub_bin = Path(sys.executable).with_name("jupyterhub")
    admin_token = secrets.token_hex(16)
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = folder / "jupyterhub_config.py"
    settings = {
        "bind_url": f"http://127.0.0.1:{port}",
        "hub_bind_url": f"http://127.0.0.1:{hub_port}",
        "proxy_api": f"http://127.0.0.1:{api_port}",
        "proxy": str(PROXY),
        "db": f"sqlite:///{folder / 'hub.sqlite'}",
        "services": [{"name": "tests-admin", "api_token": admin_token}, *services],
    }
    config.write_text(
        "import json\n"
        f"s = json.loads({json.dumps(json.dumps(settings))})\n"
        "c.JupyterHub.authenticator_class = 'dummy'\n"
        "c.Authenticator.allow_all = True\n"
        "c.JupyterHub.bind_url = s['bind_url']\n"
        "c.JupyterHub.hub_bind_url = s['hub_bind_url']\n"
        "c.ConfigurableHTTPProxy.api_url = s['proxy_api']\n"
        "c.ConfigurableHTTPProxy.command = [s['proxy']]\n"
        "c.JupyterHub.db_url = s['db']\n"
        "c.JupyterHub.services = s['services']\n"
        "c.JupyterHub.load_roles = [{'name': 'tests-admin', 'services': ['tests-admin'],\n"
        "    'scopes': ['admin:users', 'admin:groups', 'tokens', 'read:hub']}]\n"
    )
    log = folder / "hub.log"
    env = {
        **os.environ,
        "PATH": f"{PROXY.parent}:{Path(sys.executable).parent}:{os.environ['PATH']}",
    }
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(hub_bin), "-f", str(config)],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    hub = RealHub(url=f"http://127.0.0.1:{port}", admin_token=admin_token, log=log)
    try:
        hub.wait_for("/hub/api/")
        yield hub
    finally:
        process.terminate()  # the Hub stops its proxy and the services it started
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)  # a busy machine may take longer: then it is killed
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # anything of its group left behind
        process.wait()
        kill_started_in(folder)  # a service the Hub had no time to stop (its own session)


def kill_started_in(folder: Path) -> None:
    """Kill every process whose command line names ``folder``: the Hub starts each managed
    service in a session of its own, so a Hub killed before it stopped them leaves them running."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue  # gone already, or not ours to read
        if str(folder) in command:
            with suppress(ProcessLookupError, PermissionError):
                os.kill(int(entry.name), signal.SIGKILL)
