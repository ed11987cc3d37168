"""What the package ships and how it builds, tried as a user's machine does: the wheel holds the
course's tutorials and nothing a learner's session leaves beside them, a tree with no Node says
in one line what to install, an archive of the tree (no ``.git``) installs with its version, and
a development build sorts after the last release the changelog names.

The builds run without an isolated environment (the package group in ``.venv`` holds the build
backend and its plugins), so they need no network.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from packaging.version import Version

from kingscorner_widget.course import TUTORIALS

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "kingscorner_widget" / "static"
LEFT_BY_A_SESSION = {
    "notebooks/.ipynb_checkpoints/01-learn-the-rules-checkpoint.ipynb": "{}",
    "notebooks/Untitled.ipynb": "{}",
    "notebooks/kingscorner-progress/ada.json": '{"learner": "ada"}',
    "Untitled.ipynb": "{}",
    "kingscorner-progress/ada.json": '{"learner": "ada"}',
}
"""What `make lab` and a learner leave in a checkout: JupyterLab's checkpoints, a new notebook,
a progress record (the kernel's folder is the notebook's)."""

pytestmark = pytest.mark.slow


def _git(*argv: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *argv], cwd=cwd, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def _tracked_tree(target: Path, *, bundle: bool) -> Path:
    """The checkout's tracked files as they are now (no ``.git``), with the built bundle or
    without it (a fresh checkout before ``make js``)."""
    for name in _git("ls-files", "-z").split("\0"):
        if not name:
            continue
        source, copy = ROOT / name, target / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            copy.symlink_to(os.readlink(source))
        elif source.is_file():
            shutil.copy2(source, copy)
    if bundle:
        if not (BUNDLE / "widget.js").is_file():
            pytest.fail("the table's bundle is not built: run `make js` first")
        shutil.copytree(BUNDLE, target / "kingscorner_widget" / "static")
    return target


def _no_node_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A PATH with nothing on it (no node, no npm, no git): a pip user's machine."""
    empty = tmp_path / "empty-path"
    empty.mkdir(exist_ok=True)
    return {**os.environ, "PATH": str(empty), **extra}


def _build(source: Path, out: Path, target: str, env: dict[str, str]) -> Path:
    done = subprocess.run(
        [sys.executable, "-m", "build", f"--{target}", "--no-isolation", "-o", str(out), source],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    suffix = ".whl" if target == "wheel" else ".tar.gz"
    (built,) = out.glob(f"*{suffix}")
    return built


def test_the_course_is_the_notebooks_git_tracks() -> None:
    tracked = _git("ls-files", "notebooks/*.ipynb").split()
    assert sorted(TUTORIALS) == sorted(Path(name).name for name in tracked)


def test_the_packages_hold_the_course_and_nothing_a_session_leaves(tmp_path: Path) -> None:
    """`make lab` then `make package`: the sdist and the wheel built from it (with no Node, from
    the sdist's bundle) hold exactly the nine tutorials."""
    tree = _tracked_tree(tmp_path / "tree", bundle=True)
    for name, text in LEFT_BY_A_SESSION.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    env = _no_node_env(tmp_path, SETUPTOOLS_SCM_PRETEND_VERSION="0.1.1.dev1")
    sdist = _build(tree, tmp_path / "sdist", "sdist", env)
    wheel = _build(sdist, tmp_path / "wheel", "wheel", env)

    with tarfile.open(sdist) as archive:
        in_sdist = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = archive.namelist()
    for names in (in_sdist, in_wheel):
        leftovers = [n for n in names if re.search(r"checkpoint|Untitled|kingscorner-progress", n)]
        assert leftovers == []
    assert sorted(n for n in in_sdist if n.startswith("notebooks/")) == sorted(
        ["notebooks/README.md", *(f"notebooks/{name}" for name in TUTORIALS)]
    )
    tutorials = sorted(n for n in in_wheel if n.startswith("kingscorner_widget/tutorials/"))
    assert tutorials == sorted(
        f"kingscorner_widget/tutorials/{folder}{name}"
        for folder in ("", "es/", "fr/", "de/")
        for name in TUTORIALS
    )  # and each language's, built from the course's catalogue
    # the tutorials' prose: its catalogue in the sdist, in the wheel only as the notebooks
    assert "kingscorner_widget/locale/fr/LC_MESSAGES/course.po" in in_sdist
    assert not [n for n in in_wheel if "/course.po" in n or n.endswith("course.pot")]
    assert "kingscorner_widget/static/widget.js" in in_wheel
    # the catalogues: their sources in the sdist, compiled by the build into the wheel
    locale = "kingscorner_widget/locale"
    areas = ("play", "lessons", "review", "class", "page")
    for code in ("es", "fr", "de"):
        for area in areas:
            assert f"{locale}/{code}/LC_MESSAGES/{area}.po" in in_sdist
            assert f"{locale}/{code}/LC_MESSAGES/{area}.mo" in in_wheel
    assert not [n for n in in_sdist if n.endswith(".mo")]  # compiled, never shipped as source
    assert all(f"{locale}/{area}.pot" in in_wheel for area in areas)  # the test language reads them
    with zipfile.ZipFile(wheel) as archive:
        french = archive.read(f"{locale}/fr/LC_MESSAGES/play.mo")
    assert gettext.GNUTranslations(io.BytesIO(french)).gettext("Hint") == "Indice"


def test_without_node_the_install_says_in_one_line_what_to_install(tmp_path: Path) -> None:
    """`pip install .` from a checkout with no bundle on a machine with no Node."""
    tree = _tracked_tree(tmp_path / "tree", bundle=False)
    env = _no_node_env(tmp_path, SETUPTOOLS_SCM_PRETEND_VERSION="0.1.1.dev1")
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"),
            *("--disable-pip-version-check", "-w", str(tmp_path / "out"), str(tree)),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode != 0
    assert "[1 lines of output]" in said, said
    assert "needs Node.js 20 or newer and npm to build its table: install them" in said
    assert "Traceback" not in said
    assert "ValueError" not in said


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of this checkout, tags and all, as ``git clone`` makes one."""
    target = tmp_path_factory.mktemp("clone") / "kingscorner-widget"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True)
    return target


def _version(tree: Path, *, git: bool = True) -> Version:
    """The version hatch-vcs gives ``tree``; without git on the PATH when ``git`` is false (an
    archive's machine may have none)."""
    done = subprocess.run(
        [sys.executable, "-m", "hatchling", "version"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
        env=None if git else _no_node_env(tree.parent),
    )
    assert done.returncode == 0, done.stderr
    return Version(done.stdout.strip())


def _releases() -> list[str]:
    """Every release the changelog names (``## [X.Y.Z] - date``), newest first."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.MULTILINE)


def test_a_development_build_sorts_after_every_release_the_changelog_names(clone: Path) -> None:
    """A release the changelog names is tagged, and a build from here sorts after it; with no
    release named, a build is a development release of the first version. Nothing here needs
    tags that a clone may not bring: the changelog claims no release that has no tag."""
    version = _version(clone)
    for release in _releases():
        tags = _git("tag", "--list", f"v{release}", cwd=clone)
        assert tags == f"v{release}", f"the changelog's [{release}] was never tagged v{release}"
        assert version > Version(release)
    if not _releases():
        assert version.release == (0, 1), version
        assert version.dev is not None, version


def _archive(clone: Path, into: Path) -> Path:
    """What `git archive` (a code host's "Download ZIP") gives of ``clone``: no .git."""
    archived = subprocess.run(
        ["git", "-C", str(clone), "archive", "--format=tar", "HEAD"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archived)) as archive:
        archive.extractall(into, filter="data")
    assert not (into / ".git").exists()
    return into


def test_an_archive_of_the_tree_installs_with_its_version(clone: Path, tmp_path: Path) -> None:
    """An archive's version comes from .git_archival.txt, and a wheel builds from it with no git
    and no Node. Past a tag it is the very version a clone gives. With no tag in the repository
    git writes no distance into the archive, so it is 0.0, below any release (and the changelog
    names none then)."""
    tree = _archive(clone, tmp_path / "archive")
    version = _version(tree, git=False)
    if _releases():
        assert version.public == _version(clone).public
    else:
        assert version == Version("0.0")
    shutil.copytree(BUNDLE, tree / "kingscorner_widget" / "static")  # as `make js` builds it
    wheel = _build(tree, tmp_path / "out", "wheel", _no_node_env(tmp_path))
    assert wheel.name.startswith(f"kingscorner_widget-{version}-")

    tagged = tmp_path / "tagged"
    subprocess.run(["git", "clone", "--quiet", str(clone), str(tagged)], check=True)
    _git("tag", "-a", "v0.1.0", "-m", "a release", "HEAD~1", cwd=tagged)
    in_clone = _version(tagged)
    assert in_clone > Version("0.1.0")
    archived = _version(_archive(tagged, tmp_path / "tagged-archive"), git=False)
    assert archived.public == in_clone.public
