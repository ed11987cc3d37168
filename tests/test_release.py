"""What the README, the changelog and the version say is true: the layout table against the
folders, the dependencies against ``pyproject.toml``, the command line against its parser, the
changelog's form, and the version from git tags in a fresh clone with and without a tag."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from kingscorner_widget.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PACKAGE = ROOT / "kingscorner_widget"


def _layout() -> dict[str, str]:
    section = README.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(?P<path>[^`]+)` \| (?P<what>.+) \|$", section, re.MULTILINE)
    return dict(rows)


def test_the_layout_table_names_real_folders_and_every_package() -> None:
    rows = _layout()
    for path in rows:
        assert (ROOT / path).is_dir(), f"the README's layout names {path}, which is not a folder"
    packages = {
        f"{folder.relative_to(ROOT).as_posix()}/"
        for folder in [PACKAGE, *PACKAGE.glob("*/"), *PACKAGE.glob("analysis/*/")]
        if (folder / "__init__.py").is_file()
    }
    assert packages - set(rows) == set(), "packages the layout table leaves out"


def test_the_layout_names_only_modules_that_are_there() -> None:
    what = _layout()["kingscorner_widget/"]
    for name in re.findall(r"`(\w+)`", what):
        assert (PACKAGE / f"{name}.py").is_file(), name


def _prose(text: str) -> str:
    return " ".join(text.split())


def test_the_dependencies_are_named_as_pyproject_has_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [str(re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0]) for spec in project["dependencies"]]
    numbers = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    words = numbers[len(names)]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    assert f"its {words} dependencies: {listed})" in _prose(README)


def test_the_command_line_paragraph_names_every_subcommand() -> None:
    start = README.index("The `kingscorner` command answers")
    paragraph = _prose(README[start:].split("\n\n", 1)[0])
    for command in COMMANDS:
        assert re.search(rf"`(kingscorner )?{command.name}\b", paragraph), command.name


def test_no_install_line_asks_an_index_for_what_it_does_not_have() -> None:
    """There is no release on a package index yet: every page installs from the source tree or
    the built wheel."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "pip install kingscorner-widget" not in text, page


def test_the_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    for heading in headings[1:]:
        assert re.fullmatch(r"\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", heading), heading
    kinds = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    assert set(re.findall(r"^### (.+)$", text, re.MULTILINE)) <= kinds
    unreleased = text.split("## [Unreleased]", 1)[1].split("\n## ", 1)[0]
    for news in ("league", "review(", "browser course", "expert", "kingscorner review"):
        assert news in unreleased, news


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of this checkout's commit, as CI makes one: no tags come with it here."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("the version test needs git and a git checkout")
    target = tmp_path_factory.mktemp("clone") / "kingscorner-widget"
    subprocess.run(["git", "clone", "--quiet", "--no-tags", str(ROOT), str(target)], check=True)
    return target


def _version(tree: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "hatchling", "version"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_the_version_comes_from_git_tags(clone: Path) -> None:
    def git(*argv: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(clone), *argv], check=True, capture_output=True, text=True
        )
        return done.stdout.strip()

    for tag in git("tag").split():
        git("tag", "-d", tag)
    head = git("rev-parse", "--short=9", "HEAD")
    assert re.fullmatch(rf"0\.1\.dev\d+\+g{head[:7]}\w*", _version(clone))  # no tag yet
    git("tag", "v0.1.0", "HEAD~1")
    # Past a tag: the next patch version's development release, numbered by the commits since
    # the tag (one, or more when HEAD merges a branch).
    since = git("rev-list", "--count", "v0.1.0..HEAD")
    assert re.fullmatch(rf"0\.1\.1\.dev{since}\+g{head[:7]}\w*", _version(clone))
    git("tag", "v0.2.0")
    assert _version(clone) == "0.2.0"  # on a tag
