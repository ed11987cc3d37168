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

import html
import html.parser
import inspect
import json
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

import kingscorner_widget

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import docs_hooks  # noqa: E402

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


def test_the_home_page_links_to_the_browser_course_only_when_the_site_has_it(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Try it in your browser" in home
    if (site / "lite" / "lab" / "index.html").is_file():  # `make site`
        assert 'href="lite/lab/index.html?path=01-learn-the-rules.ipynb"' in home
    else:  # `make docs-build` with no course built: its name, and how to build it
        assert 'href="lite/' not in home
        assert "<code>make site</code> builds it beside the pages" in home


def test_a_link_into_the_course_is_kept_only_when_the_course_is_built() -> None:
    link = 'Try <a href="../lite/lab/index.html?path=01.ipynb">the\n  course</a> now.'
    assert docs_hooks.course_links(link, built=True) == link
    assert docs_hooks.course_links(link, built=False) == (
        "Try the\n  course (not in this build of the site: `make site` builds it beside the "
        "pages) now."
    )


class _Links(html.parser.HTMLParser):
    """Every URL a page links to or loads, and every id (a fragment's target) it has."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"href", "src"} and value and tag != "use":
                self.urls.append(value)
            if name in {"id", "name"} and value:
                self.ids.add(value)


def _read_links(page: Path, cache: dict[Path, _Links]) -> _Links:
    if page not in cache:
        reader = _Links()
        reader.feed(page.read_text(encoding="utf-8"))
        cache[page] = reader
    return cache[page]


def _target(site: Path, page: Path, path: str) -> Path:
    """The file a link's path names, as a web server serves it (a folder by its index.html; a
    path from the root, as mkdocs writes the 404 page's, from the site's top)."""
    base = site if path.startswith("/") else page.parent
    target = (base / urllib.parse.unquote(path.lstrip("/"))).resolve() if path else page
    if target.is_dir():
        target = target / "index.html"
    return target


def test_every_internal_link_of_the_site_leads_somewhere(site: Path) -> None:
    """Each link or load on every page that stays on the site names a file the site has, and a
    fragment names an id on its page."""
    cache: dict[Path, _Links] = {}
    broken = []
    pages = [p for p in sorted(site.rglob("*.html")) if p.relative_to(site).parts[0] != "lite"]
    followed = 0
    for page in pages:
        for url in _read_links(page, cache).urls:
            parts = urllib.parse.urlsplit(url)
            if parts.scheme or parts.netloc:
                continue  # another site, or mailto:/data:
            target = _target(site, page, parts.path)
            followed += 1
            where = f"{page.relative_to(site)}: {url}"
            if not target.is_file() or not target.is_relative_to(site.resolve()):
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                fragment = urllib.parse.unquote(parts.fragment)
                if fragment not in _read_links(target, cache).ids:
                    broken.append(f"{where} (no such place on the page)")
    assert followed > 1000
    assert broken == []


def _reference_ids(site: Path) -> set[str]:
    ids: set[str] = set()
    for page in (site / "reference").rglob("*.html"):
        ids |= set(re.findall(r'id="(kingscorner_widget[\w.]*)"', page.read_text("utf-8")))
    return ids


def test_every_public_name_has_a_reference_entry(site: Path) -> None:
    ids = _reference_ids(site)
    missing = [
        name
        for name in kingscorner_widget.__all__
        if not any(entry.endswith(f".{name}") for entry in ids)
    ]
    assert missing == []


def test_the_widgets_entry_shows_its_signature_with_every_default(site: Path) -> None:
    from kingscorner_widget import KingsCornerWidget

    page = (site / "reference" / "widget" / "index.html").read_text(encoding="utf-8")
    heading = page.index('id="kingscorner_widget.widget.adapter.KingsCornerWidget"')
    signature = re.search(r'<div class="doc-signature.*?</div>', page[heading:], re.DOTALL)
    assert signature is not None, "the widget's entry has no signature"
    words = html.unescape(re.sub(r"<[^>]+>", "", signature[0]))
    parameters = inspect.signature(KingsCornerWidget.__init__).parameters
    assert len(parameters) > 15
    for name, parameter in parameters.items():
        if name == "self":
            continue
        assert name in words, name
        default = parameter.default
        if default is not inspect.Parameter.empty:  # a string as the formatter quotes it: "cards"
            shown = json.dumps(default) if isinstance(default, str) else repr(default)
            assert re.search(rf"\b{name}\b[^,]*=\s*{re.escape(shown)}", words), f"{name}={shown}"
