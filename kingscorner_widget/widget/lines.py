"""Explore mode's tree of lines, comments and lessons written by playing, on the widget.

Mixed into :class:`~kingscorner_widget.KingsCornerWidget`; each call goes through the explore
session (:class:`~kingscorner_widget.table.ExploreSession`) as the page's intents do, and a
refusal raises :class:`~kingscorner_widget.table.tree.TreeError` with the reason the status line
shows.

>>> from kingscorner_widget import KingsCornerWidget
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> w = KingsCornerWidget(line, mode="explore")
>>> w.comment("Red ten on the black jack."); w.play("Th>N"); w.back(); w.play("Ks>NE")
>>> [line.moves for line in w.lines]
[('Th>N',), ('Ks>NE',)]
>>> w.jump(w.lines[0]); [str(move) for move in w.game.moves]
['Th>N']
>>> w.comment("<script>")
Traceback (most recent call last):
...
kingscorner_widget.table.tree.TreeError: a comment is plain text: it may not hold HTML tags
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lessons import Lesson
from ..table import ExploreSession, Reply
from ..table.table import Table
from ..table.tree import Line, TreeError

__all__ = ["TableLines"]


class TableLines:
    """Mixed into :class:`~kingscorner_widget.KingsCornerWidget`: explore's lines and comments,
    through its :attr:`table`."""

    table: Table
    """The table the widget mirrors."""

    @property
    def lines(self) -> list[Line]:
        """Explore mode: every line tried on the table, in the order first played: each a
        :class:`~kingscorner_widget.table.tree.Line` (``moves`` in notation from the start,
        ``end``: the id of its last position, ``comments`` by moves played before them)."""
        return self._explore().lines

    def jump(self, target: int | Line | Sequence[str]) -> None:
        """Explore mode: put the table at a position of the tree: a :class:`Line` (its end), the
        moves from the start (a list, or one string) or a position's id (as the page sends it)."""
        self._explore()
        self._check(self.table.act("jump", node=target))

    def comment(self, text: str) -> None:
        """Explore mode: comment on the table's position (the move that led to it; at the start,
        on the hand's first position). Plain text, at most 500 characters; empty text removes
        the comment."""
        self._explore()
        self._check(self.table.act("comment", text=text))

    def to_lesson(self, title: str, *, summary: str = "") -> Lesson:
        """Explore mode: the current line (to its end) as a :class:`Lesson`: the comments are
        its narration, the moves its expected steps, each checked by the engine; save it with
        :meth:`Lesson.to_json`, and follow it with ``KingsCornerWidget(lesson=...)``."""
        return self._explore().to_lesson(title, summary=summary)

    def _explore(self) -> ExploreSession:
        session = self.table.session
        if not isinstance(session, ExploreSession):
            raise TreeError(f"lines and comments are kept in explore mode, not in {session.mode}")
        return session

    @staticmethod
    def _check(reply: Reply) -> None:
        if reply.refused:
            raise TreeError(reply.reason)
