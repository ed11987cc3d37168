"""The reference site asks no other host for anything, hides the test markers, and links to the
browser course.

It reads the site ``make docs-build`` writes (``make test`` builds it before the tests run), or
builds it when it is not there. Links to other sites are fine (a reader chooses to follow them);
what a page loads by itself (scripts, style sheets, fonts, pictures, frames) must come from the
site. The theme's script can fetch two things from another host, each only in a case this site
never has: a ResizeObserver polyfill (every current browser has one) and a diagram library (no
page has a diagram); nbconvert's page does the same for diagrams.
"""

from __future__ import annotations

import html.parser
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILT = ROOT / ".docs-site"
LOADS = {("script", "src"), ("img", "src"), ("iframe", "src"), ("source", "src"), ("embed", "src")}
"""Tag and attribute pairs whose URL the browser fetches by itself."""
LOADING_LINKS = {"stylesheet", "preload", "modulepreload", "icon", "manifest", "prefetch"}


class _Requests(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self._in_style = False
        self.styles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if (tag, name) in LOADS and value:
                self.urls.append(value)
        rel = set((values.get("rel") or "").split())
        if tag == "link" and rel & LOADING_LINKS and values.get("href"):
            self.urls.append(values["href"] or "")
        if values.get("style"):
            self.styles.append(values["style"] or "")
        self._in_style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


def _outside(url: str) -> bool:
    return bool(re.match(r"^(https?:)?//", url.strip(), re.IGNORECASE))


_CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])(?P<url>[^'")\s]+)""", re.IGNORECASE)


def _docs_build_command() -> list[str]:
    """The Makefile's ``docs-build`` recipe, run with this Python's mkdocs."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^docs-build:.*\n\t(?P<line>.+)$", makefile, re.MULTILINE)
    assert recipe is not None, "the Makefile has no docs-build recipe"
    words = recipe["line"].split()
    assert words[0] == "$(BIN)/mkdocs", words
    return [sys.executable, "-m", "mkdocs", *words[1:]]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if (BUILT / "index.html").is_file():
        return BUILT
    out = tmp_path_factory.mktemp("docs") / "site"
    subprocess.run(
        [*_docs_build_command(), "-d", str(out)], cwd=ROOT, check=True, capture_output=True
    )
    return out


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    found = []
    for page in pages:
        if "lite" in page.relative_to(site).parts[:1]:
            continue  # the browser course, when published beside: tested by its own browser test
        reader = _Requests()
        reader.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(site)}: {url}" for url in reader.urls if _outside(url)]
        for style in reader.styles:
            found += [
                f"{page.relative_to(site)}: {m['url']}"
                for m in _CSS_URL.finditer(style)
                if _outside(m["url"])
            ]
    for sheet in site.rglob("*.css"):
        text = sheet.read_text(encoding="utf-8", errors="replace")
        found += [
            f"{sheet.relative_to(site)}: {m['url']}"
            for m in _CSS_URL.finditer(text)
            if _outside(m["url"])
        ]
    assert found == []


def test_the_tutorials_show_no_test_markers(site: Path) -> None:
    pages = sorted((site / "tutorials").glob("*/index.html"))
    assert len(pages) >= 7
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "# NBVAL_" not in text, page
        assert 'class="cell-tag"' not in text, page  # mkdocs-jupyter's chip for a cell tag
        assert "nbval-" not in _visible_text(text), page


def _visible_text(html_text: str) -> str:
    reader = _Text()
    reader.feed(html_text)
    return " ".join(reader.parts)


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("script", "style") and self._hidden > 0

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(?P<body>.*?)</script>", re.DOTALL)
_LITERAL_URL = re.compile(r"""["'`](?P<url>(?:https?:)?//[^"'`\s]+)""")
_DIAGRAM_LOADER = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/mermaid[\w./-]*$")
"""nbconvert's page script imports mermaid from a CDN only when the page has a diagram."""
_NOT_FETCHED = {"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"}
"""Names that appear in a script as text, never asked for (an SVG document type)."""


def test_no_page_script_asks_another_host(site: Path) -> None:
    """What an inline script would load by itself (the widget manager from unpkg, for a
    notebook saved with widget state): only nbconvert's diagram loader, on pages with no
    diagram, where it never runs."""
    found = []
    for page in sorted(site.rglob("*.html")):
        if "lite" in page.relative_to(site).parts[:1]:
            continue
        text = page.read_text(encoding="utf-8")
        diagrams = 'class="mermaid"' in text
        for script in _SCRIPT.finditer(text):
            for match in _LITERAL_URL.finditer(script["body"]):
                url = match["url"]
                if url in _NOT_FETCHED or (_DIAGRAM_LOADER.match(url) and not diagrams):
                    continue
                found.append(f"{page.relative_to(site)}: {url}")
    assert found == []


def test_the_notebooks_are_saved_without_widget_state() -> None:
    """Saved widget state makes the rendered page load a widget manager from a CDN; the table
    draws its static picture without it."""
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 8
    with_state = [
        notebook.name
        for notebook in notebooks
        if "widgets" in json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
    ]
    assert with_state == []


def test_the_docs_build_fails_on_a_warning(tmp_path: Path) -> None:
    """The Makefile's build, as it is (no --quiet or filter hiding a warning), on this site's
    settings with one broken link injected: it must fail and say why."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [a page that is not there](missing.md).\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\n"
        f"docs_dir: {docs}\n"
        f"site_dir: {tmp_path / 'site'}\n"
        "nav:\n  - Home: index.md\n"
        f"hooks:\n  - {ROOT / 'scripts' / 'docs_hooks.py'}\n"
    )
    done = subprocess.run(
        [*_docs_build_command(), "-f", str(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert "WARNING -  Doc file 'index.md' contains a link 'missing.md'" in said


def test_the_home_page_links_to_the_browser_course(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="lite/lab/index.html?path=01-learn-the-rules.ipynb"' in home
    assert "Try it in your browser" in home
