"""A sandbox without root, through bubblewrap (``bwrap``, Debian's ``bubblewrap`` package):
where the kernel lets an ordinary user make user namespaces, an entry's process starts in
user, process, mount, network, IPC and UTS namespaces of its own, sees a read-only copy of only
what its Python needs (the system's ``/usr``, this Python and this package, the league's
folders covered), and gets private bounded ``/tmp``, ``/dev/shm``, ``/var/tmp`` and
``/run/lock`` that vanish with it: no file, IPC object or process of an entry outlives its
sandbox, and it may make no further user namespace.

>>> args = command(["python3", "-c", "pass"], binds=["/opt/py"], hidden=["/opt/py/league"])
>>> args[:2], "--unshare-ipc" in args, "--disable-userns" in args
(['bwrap', '--unshare-user'], True, True)
>>> args[args.index("/opt/py/league") - 1]
'--tmpfs'
>>> args = command(["python3"], binds=["/tmp/checkout"])  # a checkout under /tmp stays seen
>>> args.index("/tmp/checkout") > args.index("/tmp")  # bound after the private /tmp
True
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence

__all__ = ["PRIVATE", "command", "needed_paths", "problem"]

PRIVATE = {"/tmp": 16 << 20, "/dev/shm": 4 << 20, "/var/tmp": 4 << 20, "/run/lock": 1 << 20}
"""The entry's own writable folders and their sizes in bytes (memory, bounded)."""

_NAMESPACES = (
    "--unshare-user",
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--disable-userns",
    "--die-with-parent",
    "--cap-drop",
    "ALL",
    "--uid",
    "65534",
    "--gid",
    "65534",
)

ASK = (
    "ask for Debian's or Ubuntu's 'bubblewrap' package (bwrap) and for unprivileged user "
    "namespaces (sysctl user.max_user_namespaces above 0, kernel.unprivileged_userns_clone=1 "
    "where it exists, or a container started with them allowed)"
)


def _system() -> list[str]:
    """The system's own folders every program needs, bound read-only (a merged ``/usr``'s
    links made as links)."""
    out = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = f"/{name}"
        if os.path.islink(path):
            out += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            out += ["--ro-bind", path, path]
    for name in ("/etc/ld.so.cache", "/etc/localtime", "/etc/ssl"):
        if os.path.exists(name):
            out += ["--ro-bind", name, name]
    return out


def command(
    child: Sequence[str],
    binds: Sequence[str],
    hidden: Sequence[str] = (),
    env: dict[str, str] | None = None,
) -> list[str]:
    """``bwrap`` running ``child`` in the sandbox: ``binds`` read-only, each of ``hidden``
    covered by an empty folder nobody may open."""
    args = ["bwrap", *_NAMESPACES, *_system(), "--proc", "/proc", "--dev", "/dev"]
    # The private folders first: a checkout or a venv under /tmp is then bound on top of the
    # private /tmp, not covered by it, and the hidden folders last, on top of both.
    for path, size in PRIVATE.items():
        args += ["--perms", "1777", "--size", str(size), "--tmpfs", path]
    for path in sorted(set(binds)):
        if not path.startswith("/usr/"):
            args += ["--ro-bind", path, path]
    for path in sorted(set(hidden)):
        args += ["--perms", "0000", "--size", "4096", "--tmpfs", path]
    args += ["--chdir", "/tmp", "--hostname", "entry", "--clearenv"]
    for name, value in sorted((env or {}).items()):
        args += ["--setenv", name, value]
    return [*args, "--", *child]


def needed_paths(root: str) -> list[str]:
    """What this Python and this package need, read-only: the interpreter's prefixes, the
    folder it runs from and every folder on ``sys.path``, plus ``root`` (this package's)."""
    found = {root, sys.prefix, sys.base_prefix, sys.exec_prefix}
    found.add(os.path.dirname(os.path.realpath(sys.executable)))
    found.add(os.path.dirname(os.path.abspath(sys.executable)))
    found |= {entry for entry in sys.path if entry and os.path.isabs(entry)}
    paths = sorted(os.path.realpath(path) for path in found if os.path.exists(path))
    paths += [path for path in found if os.path.exists(path)]
    kept: list[str] = []
    for path in sorted(set(paths)):
        if path in ("/", "/usr") or path.startswith("/usr/"):
            continue
        if not any(path == k or path.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(path)
    return kept


@functools.lru_cache(maxsize=1)
def problem() -> str | None:
    """Why no sandbox can be made here (tried once), or ``None`` when one can."""
    if sys.platform != "linux":
        return f"the league's sandbox needs Linux, not {sys.platform}"
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed"
    try:
        done = subprocess.run(
            command(["/usr/bin/true"], []),
            capture_output=True,
            timeout=20,
            check=False,
            cwd="/",
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not run: {error}"
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        reason = said[-1] if said else f"exit status {done.returncode}"
        return f"this machine does not let bwrap make namespaces ({reason})"
    return None
