"""mkdocs hooks for the reference site (``hooks:`` in ``mkdocs.yml``).

The tutorials carry cell tags for the tests (``nbval-check-output`` and the like); mkdocs-jupyter
draws every tag as a chip above its cell, which means nothing to a reader. The chips are taken out
of the rendered page; the tags stay in the notebooks.

>>> chip = '<span class="tag-container"><span class="cell-tag">nbval-check-output</span></span>'
>>> strip_tag_chips('<div class="celltoolbar">\\n<div class="button_container '
...     f'tags_button_container">{chip}</div>\\n</div><pre>code</pre>')
'<pre>code</pre>'

The browser course is not a page of this site: ``make lite`` builds it into ``lite-site/``, and
the build copies it beside the pages, in ``lite/``, when it is there. A build without it keeps no
link into ``lite/`` that would lead nowhere: the link's words stay, saying how to build it.

>>> link = '<a href="lite/lab/index.html?path=01.ipynb">the course</a> runs'
>>> course_links(link, built=True) == link
True
>>> course_links(link, built=False)
'the course (not in this build of the site: `make site` builds it beside the pages) runs'
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

_TOOLBAR = re.compile(
    r'<div class="celltoolbar">\s*'
    r'(?:<div class="button_container tags_button_container">.*?</div>\s*)*'
    r"</div>",
    re.DOTALL,
)


def strip_tag_chips(html: str) -> str:
    """``html`` without mkdocs-jupyter's cell-tag toolbars."""
    return _TOOLBAR.sub("", html)


def on_page_content(html: str, **_: Any) -> str:
    """mkdocs' hook: every page's HTML once rendered (the tutorials' included)."""
    return strip_tag_chips(html)


LITE = Path(__file__).resolve().parent.parent / "lite-site"
"""Where ``make lite`` builds the browser course."""
_COURSE_LINK = re.compile(r'<a href="(?:\.\./)*lite/[^"]*">(?P<words>.*?)</a>', re.DOTALL)


def course_links(markdown: str, built: bool) -> str:
    """``markdown`` with its links into the browser course as they are when the course is
    ``built``, else their words and how to build it."""
    if built:
        return markdown
    note = " (not in this build of the site: `make site` builds it beside the pages)"
    return _COURSE_LINK.sub(lambda found: found["words"] + note, markdown)


def _course_built() -> bool:
    return (LITE / "index.html").is_file()


def on_page_markdown(markdown: str, **_: Any) -> str:
    """mkdocs' hook: every page's Markdown before it is rendered."""
    return course_links(markdown, _course_built())


def on_post_build(config: Any, **_: Any) -> None:
    """mkdocs' hook: once the site is written, the browser course goes beside it, when built."""
    if _course_built():
        target = Path(config["site_dir"]) / "lite"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(LITE, target)
