"""How the table looks to its learner: a four-colour deck, a high-contrast theme.

In this game red against black *is* the rule, so the table never lets colour carry it alone:
suits are drawn with their symbols and named for a screen reader, and a learner may choose at
the table (each a control with its key, declared here beside the method that does it)

- **the four-colour deck**: clubs green and diamonds blue beside black spades and red hearts,
  with the red suits' ranks ringed, so the red/black family shows by shape as well;
- **the high-contrast theme**: black and white, thick outlines, no tint carries a meaning.

Every session of one table shares one :class:`Look` (the table's setup hands it to each), and
a learner's record (:mod:`kingscorner_widget.classroom`) remembers it for their next table.

>>> look = Look.read({"deck": "four", "contrast": "normal"})
>>> look.view()
{'deck': 'four', 'contrast': 'normal'}
>>> Look.read({"deck": "six"})
Traceback (most recent call last):
...
ValueError: a table's look has deck 'two' or 'four', not 'six'
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..display.language import gettext
from .actions import action
from .reply import Reply
from .snapshot import LookView

__all__ = ["LOOK_KINDS", "Look", "LookChoices", "LookView"]

DECKS = ("two", "four")
"""The decks: red and black, or four colours."""
CONTRASTS = ("normal", "high")
"""The themes: the table's own colours, or high contrast."""
LOOK_KINDS = frozenset({"deck", "contrast"})
"""The actions that change the look (the record remembers what they chose)."""


@dataclasses.dataclass
class Look:
    """The look a learner chose for their table (shared by every session of one table)."""

    deck: str = "two"
    contrast: str = "normal"

    @classmethod
    def read(cls, data: object) -> Look:
        """A look from its saved form; anything else raises ``ValueError`` saying what.

        >>> Look.read({}), Look.read({"contrast": "high"}).contrast
        (Look(deck='two', contrast='normal'), 'high')
        """
        if not isinstance(data, dict):
            raise ValueError(f"a table's look is an object, not {data!r}")
        deck, contrast = data.get("deck", "two"), data.get("contrast", "normal")
        if deck not in DECKS:
            raise ValueError(f"a table's look has deck 'two' or 'four', not {deck!r}")
        if contrast not in CONTRASTS:
            raise ValueError(f"a table's look has contrast 'normal' or 'high', not {contrast!r}")
        return cls(str(deck), str(contrast))

    def view(self) -> LookView:
        """The look as the snapshot carries it."""
        return {"deck": self.deck, "contrast": self.contrast}


class LookChoices:
    """The look's controls, for every table session (a base of
    :class:`~kingscorner_widget.table.session.Session`).

    >>> class Table(LookChoices):
    ...     pass
    >>> table = Table()
    >>> table.choose_deck().status.split(":")[0]
    'The four-colour deck'
    >>> table.look.view(), Table().look.view()
    ({'deck': 'four', 'contrast': 'normal'}, {'deck': 'two', 'contrast': 'normal'})
    """

    @property
    def look(self) -> Look:
        """The table's look (its own until the setup shares one)."""
        found: Look | None = vars(self).get("_look")
        if found is None:
            found = Look()
            vars(self)["_look"] = found
        return found

    @look.setter
    def look(self, value: Look) -> None:
        vars(self)["_look"] = value

    def _status_after(self, said: str) -> str:
        """``said``, then what the table says next (a session's status line), if it has one."""
        status: Any = getattr(self, "status", None)
        return str(status(said)) if callable(status) else said

    @action(
        "deck",
        lambda s: (
            gettext("Two-colour deck") if s.look.deck == "four" else gettext("Four-colour deck")
        ),
        key="C",
    )
    def choose_deck(self) -> Reply:
        """Switch between the four-colour deck and the red and black one."""
        four = self.look.deck == "two"
        self.look.deck = "four" if four else "two"
        if four:
            said = gettext(
                "The four-colour deck: clubs green, diamonds blue, spades black, hearts red,"
                " and the red suits have their ranks ringed."
            )
        else:
            said = gettext(
                "The red and black deck: hearts and diamonds red, clubs and spades black."
            )
        return Reply(self._status_after(said))

    @action(
        "contrast",
        lambda s: (
            gettext("Usual colours") if s.look.contrast == "high" else gettext("High contrast")
        ),
        key="O",
    )
    def choose_contrast(self) -> Reply:
        """Switch between the high-contrast theme and the table's usual colours."""
        high = self.look.contrast == "normal"
        self.look.contrast = "high" if high else "normal"
        if high:
            said = gettext("High contrast is on.")
        else:
            said = gettext("The table has its usual colours again.")
        return Reply(self._status_after(said))
