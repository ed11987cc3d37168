"""The league's workers: the processors this process may use, not every core reported."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kingscorner_widget.sandbox import machine


def _cgroups(tmp_path: Path, files: dict[str, str], own: str) -> tuple[Path, Path]:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "self").write_text(own)
    return tmp_path, tmp_path / "self"


def test_a_v2_quota_of_the_cgroup_or_one_above_it_counts(tmp_path: Path) -> None:
    root, own = _cgroups(
        tmp_path,
        {"hub/cpu.max": "200000 100000\n", "hub/user/cpu.max": "max 100000\n"},
        "0::/hub/user\n",
    )
    assert machine.cgroup_quota(root, own) == 2.0


def test_a_v1_quota_counts_and_none_is_none(tmp_path: Path) -> None:
    root, own = _cgroups(
        tmp_path,
        {
            "cpu,cpuacct/job/cpu.cfs_quota_us": "50000\n",
            "cpu,cpuacct/job/cpu.cfs_period_us": "100000\n",
        },
        "4:cpu,cpuacct:/job\n1:name=systemd:/\n",
    )
    assert machine.cgroup_quota(root, own) == 0.5
    root, own = _cgroups(tmp_path / "none", {}, "0::/\n")
    assert machine.cgroup_quota(root, own) is None


def test_processors_follow_the_affinity_and_the_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(32)))
    monkeypatch.setattr(machine, "cgroup_quota", lambda: 2.5)
    assert machine.processors() == 3
    monkeypatch.setattr(machine, "cgroup_quota", lambda: None)
    assert machine.processors() == 32


def test_a_notebook_starts_a_few_workers_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "processors", lambda: 32)
    monkeypatch.setattr(machine, "in_notebook", lambda: True)
    assert machine.workers() == machine.NOTEBOOK_WORKERS
    assert machine.workers(12) == 12
    monkeypatch.setattr(machine, "in_notebook", lambda: False)
    assert machine.workers() == 32


def test_two_root_leagues_at_once_never_share_an_entrys_user() -> None:
    """A number another process holds (a league started at the same moment, whose entries
    have no process yet) is skipped; this process's own numbers are its until released."""
    import subprocess
    import sys

    from kingscorner_widget.sandbox import process

    if os.geteuid() != 0:
        pytest.skip("entries get users of their own only as root")
    first = process._free_users(1)[0]
    process._release([first])
    mine: list[int] = []
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600); "
         "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()",
         f"{process.CLAIMS}/kingscorner-uid-{first}"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"  # waits for what it reads
        mine = process._free_users(2)
        assert first not in mine
        assert process._free_users(2) == mine  # asked again: the same, still this process's
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait()
        process._release(mine)
