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
import os
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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if (BUILT / "index.html").is_file():
        return BUILT
    out = tmp_path_factory.mktemp("docs") / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
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
        assert "# NBVAL_" not in page.read_text(encoding="utf-8"), page


def test_the_home_page_links_to_the_browser_course(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="lite/lab/index.html?path=01-learn-the-rules.ipynb"' in home
    assert "Try it in your browser" in home
