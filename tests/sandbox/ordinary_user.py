"""An ordinary user of this machine for the tests that run a league as a teacher who is not
root: made once, whichever test (in whichever worker) asks first."""

from __future__ import annotations

import os
import pwd
import subprocess

import pytest

UNPRIVILEGED = "kcleague"
"""The ordinary user's name."""

_ALREADY_EXISTS = 9
"""useradd's status when the user is there already (another worker made it a moment ago)."""


def ordinary_user() -> pwd.struct_passwd:
    """The ordinary user, made if this machine has none yet; a test not run as root skips."""
    if os.geteuid() != 0:
        pytest.skip("making an ordinary user needs root (the suite runs as root in CI)")
    try:
        return pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        made = subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                UNPRIVILEGED,
            ],
            check=False,
            capture_output=True,
            text=True,
        )
        assert made.returncode in (0, _ALREADY_EXISTS), made.stderr
        return pwd.getpwnam(UNPRIVILEGED)
