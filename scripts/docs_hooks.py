"""mkdocs hooks for the reference site (``hooks:`` in ``mkdocs.yml``).

The tutorials carry cell tags for the tests (``nbval-check-output`` and the like); mkdocs-jupyter
draws every tag as a chip above its cell, which means nothing to a reader. The chips are taken out
of the rendered page; the tags stay in the notebooks.

>>> chip = '<span class="tag-container"><span class="cell-tag">nbval-check-output</span></span>'
>>> strip_tag_chips('<div class="celltoolbar">\\n<div class="button_container '
...     f'tags_button_container">{chip}</div>\\n</div><pre>code</pre>')
'<pre>code</pre>'
"""

from __future__ import annotations

import re
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
