"""A griffe extension for the reference site: doctest examples in docstrings become ``pycon``
code blocks, so they render as code (Markdown would otherwise read ``>>>`` lines as text), and
Sphinx roles such as ``:class:`~kingscorner_widget.Game``` become inline code."""

from __future__ import annotations

import re
from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    r"""Wrap each run of ``>>>`` lines and their expected output in a fenced ``pycon`` block.

    >>> fence_doctests("Adds.\n\n>>> 1 + 1\n2\n\nDone.").splitlines()
    ['Adds.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    in_example = False
    in_fence = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and not in_example and stripped.startswith(">>>"):
            out.append("```pycon")
            in_example = True
        elif in_example and not stripped:
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):`(~?)([^`]+)`")


def plain_roles(text: str) -> str:
    """Sphinx cross-reference roles as inline code (``~`` keeps the last name only).

    >>> plain_roles("A :class:`~kingscorner_widget.engine.game.Game` or :func:`best_turn`.")
    'A `Game` or `best_turn`.'
    """
    return _ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", text)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples and plain the Sphinx roles of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(fence_doctests(obj.docstring.value))
