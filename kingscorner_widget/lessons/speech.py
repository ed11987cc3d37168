"""A lesson's own texts said in the language the table speaks.

A lesson's data (its title, summary, and each step's title, narration, hints, after-text and
reason) is written in English and kept so: ``make locale-extract`` reads the built-in lessons'
files into the ``lessons`` catalogue, and the runner says each text through :func:`said` at the
moment it is said, so that the same lesson plays in every language a table speaks. A text the
catalogue lacks (a teacher's own lesson, written in any language) is said as it is written.

>>> from kingscorner_widget.display.language import speaking
>>> said("Every kind of move")
'Every kind of move'
>>> with speaking("fr"):
...     said("Every kind of move")
'Tous les types de coups'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..display.language import ENGLISH, PSEUDO, active, gettext, listing, pseudo, template
from ..engine.words import listed
from .corners import IDENTITY, Corners, relabel_text

__all__ = ["joined", "percent", "pseudo_markdown", "said"]


def said(text: str, corners: Corners = IDENTITY) -> str:
    """``text`` (as the lesson writes it) in the active language, the corners it names where
    ``corners`` puts them (see :mod:`.corners`): a step carried to the learner's own corners
    names them in every language."""
    if not text:
        return text
    code = active()
    if code == ENGLISH:
        return relabel_text(text, corners)
    if code == PSEUDO:
        shown = relabel_text(text, corners)
        return pseudo_markdown(shown) if (None, text) in template() else shown
    return relabel_text(gettext(text), corners, code)


def percent(share: float) -> str:
    r"""``share`` (0 to 1) as a whole percentage, written as the active language writes one
    (CLDR: Spanish, French and German put a no-break space before the sign).

    >>> from kingscorner_widget.display.language import speaking
    >>> percent(0.375)
    '38%'
    >>> with speaking("fr"):
    ...     percent(0.375)
    '38\xa0%'
    """
    whole = f"{share:.0%}".removesuffix("%")
    return f"{whole}%" if active() in (ENGLISH, PSEUDO) else f"{whole}\xa0%"


def joined(items: Sequence[str]) -> str:
    """``items`` in a sentence: "a, b and c" as the lessons write English, and as CLDR lists
    them in another language.

    >>> from kingscorner_widget.display.language import speaking
    >>> joined(["a new south pile", "a new stock", "new corners kept"])
    'a new south pile, a new stock and new corners kept'
    >>> with speaking("es"):
    ...     joined(["uno", "dos", "tres"])
    'uno, dos y tres'
    """
    if active() in (ENGLISH, PSEUDO):
        return listed(items)
    return listing(items)


def pseudo_markdown(text: str) -> str:
    r"""A lesson's text (a little Markdown) in the test language, each paragraph bracketed on
    its own and a table's every cell, as the page draws each in its own box.

    >>> print(pseudo_markdown("Go out.\n\n| you | 0 |\n|---|---|"))
    [Ĝö öûţ. ~~~]
    <BLANKLINE>
    | [ýöû ~~] | 0 |
    |---|---|
    """
    paragraphs = []
    for paragraph in text.split("\n\n"):
        if paragraph.lstrip().startswith("|"):
            cells = re.split(r"(\|)", paragraph)
            paragraphs.append(
                "".join(
                    f" {pseudo(cell.strip())} " if re.search(r"[A-Za-z]", cell) else cell
                    for cell in cells
                )
            )
        else:
            paragraphs.append(pseudo(paragraph))
    return "\n\n".join(paragraphs)
