"""The explore table's history as a move tree, as analysis boards keep one.

Every line tried from the hand's start stays: playing a different move at an earlier point makes
a new line beside the old one, and replaying the move already there follows the existing line
(no twin lines). Back and forward walk the current line: the path from the start to where the
table is, and on through the moves last followed from there. Each position can carry a comment
(on the move that led to it; the start's comment is on the hand's first position).

The tree keeps :class:`~kingscorner_widget.table.history.History`'s lists, so the table's
snapshot and the play mode's look back read it as they read a plain history.

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> t = MoveTree(Game.from_position(line), "P{}".format)
>>> _ = t.play("Th>N"); _ = t.play("Ks>NE")
>>> _ = t.back(); _ = t.play("4h>W"); t.played
'branched'
>>> [line.moves for line in t.variations()]
[('Th>N', 'Ks>NE'), ('Th>N', '4h>W')]
>>> _ = t.back(); _ = t.play("Ks>NE"); t.played, t.at, t.length
('followed', 2, 2)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..display.language import gettext
from ..engine.game import Game
from ..engine.moves import EndTurn, Move, MovePile, PlayCard, as_move
from ..engine.words import move_shown
from .history import History

__all__ = ["MAX_COMMENT", "Line", "MoveTree", "Node", "TreeError"]

Json = dict[str, Any]

MAX_COMMENT = 500
"""The longest comment, in characters."""
_MARKUP = re.compile(r"<\s*/?\s*[A-Za-z!?]")
"""The start of an HTML tag, a comment or a declaration."""
OUTLINE_WINDOW = 40
"""How many moves of the current line a snapshot's outline carries at most (around the table's
place), so the state message stays small however long the line."""


class TreeError(ValueError):
    """A jump to a position the tree does not hold, or a comment it cannot take."""


@dataclasses.dataclass(eq=False)
class Node:
    """One position of the tree: the move that led to it (``None`` at the start) and what
    grows from it."""

    id: int
    """A number naming the position for as long as it stays in the tree (the start is 0)."""
    move: Move | None
    """The move that led here."""
    line: Json | None
    """That move's log line."""
    shown: str
    """That move as a step through the history names it ("P2 plays the 7♦ on the 8♠ (north)")."""
    parent: Node | None
    """The position before the move."""
    ply: int = 0
    """Moves from the start."""
    children: list[Node] = dataclasses.field(default_factory=list)
    """The moves tried from here, oldest first."""
    chosen: Node | None = None
    """The child the current line goes on through."""
    comment: str = ""
    """The teacher's comment on this position (on the move that led to it)."""

    def child(self, notation: str) -> Node | None:
        """The child reached by the move written ``notation``, if it was tried."""
        return next((node for node in self.children if node.notation == notation), None)

    @property
    def notation(self) -> str:
        """The move that led here, in notation (empty at the start)."""
        return "" if self.move is None else str(self.move)

    def path(self) -> list[Node]:
        """The positions from the start's first move to this one (empty at the start)."""
        nodes: list[Node] = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of the tree, from the start to a position where nothing more was tried."""

    moves: tuple[str, ...]
    """The moves, in notation."""
    end: int
    """The id of its last position (jump there with ``jump(end)``)."""
    comments: dict[int, str]
    """The comments on its positions, by moves played before them (``0``: the start)."""


class MoveTree(History):
    """Every line played on ``game`` from its first position (``name_of`` names the players).

    After :meth:`play`, :attr:`played` says what the move did: ``"extended"`` the line,
    ``"branched"`` a new line beside others, or ``"followed"`` a line already there.
    """

    def __init__(self, game: Game, name_of: Callable[[int], str]) -> None:
        self.root = Node(0, None, None, "", None)
        """The hand's first position."""
        self.node = self.root
        """Where the table is."""
        self.played = ""
        """What the last :meth:`play` did: ``"extended"``, ``"branched"`` or ``"followed"``."""
        self._ids: dict[int, Node] = {0: self.root}
        self._serial = 0
        self._ends = 0  # positions after the start where nothing more was tried: one per line
        super().__init__(game, name_of)

    # -- History's operations, over the tree -------------------------------------------------

    def reread(self) -> None:
        """Find the game's moves in the tree again (code played on the game directly): the moves
        already there are followed, new ones make a new line; nothing tried is lost."""
        replay = self.game.copy()
        moves = replay.moves
        while replay.moves:
            replay.undo()
        self.node, self.lines = self.root, []
        for move in moves:
            self._enter(replay, move)
        self.ahead = self._continuation()

    def play(self, move: Move | str) -> Json:
        """Play a legal ``move`` from where the table is: follow the line that already has it,
        or start a new one. Returns its log line."""
        line = self._enter(self.game, as_move(move))
        self.ahead = self._continuation()
        return line

    def back(self) -> Move:
        move = super().back()
        assert self.node.parent is not None
        self.node = self.node.parent
        return move

    def forward(self) -> Json:
        line = super().forward()
        assert self.node.chosen is not None
        self.node = self.node.chosen
        return line

    def undo(self) -> Move:
        """Take the last move back and forget it, with every move tried after it."""
        node, parent = self.node, self.node.parent
        assert parent is not None
        move = super().undo()
        parent.children.remove(node)
        for gone in [node, *self._below(node)]:
            del self._ids[gone.id]
            self._ends -= not gone.children
        self._ends += not parent.children and parent is not self.root
        parent.chosen = parent.children[-1] if parent.children else None
        self.node = parent
        self.ahead = self._continuation()
        return move

    def resay(self) -> None:
        """Say every move of every line again, in the language spoken now, from the moves
        themselves: the tree, the table's place on it and its comments stay as they are."""
        replay = self.game.copy()
        while replay.moves:
            replay.undo()
        stack: list[tuple[Node, bool]] = [(node, False) for node in self.root.children[::-1]]
        while stack:
            node, leaving = stack.pop()
            if leaving:  # every line through it is said: back to its parent's position
                replay.undo()
                continue
            move = node.move
            assert move is not None
            assert node.line is not None
            shown = (
                ""
                if isinstance(move, EndTurn)
                else move_shown(replay, move, self.name_of(replay.turn))
            )
            node.line = {**node.line, **self._say(replay, move)}
            node.shown = shown or str(node.line["words"])
            stack.append((node, True))
            stack.extend((child, False) for child in node.children[::-1])
        self.lines = [node.line for node in self.node.path() if node.line is not None]
        self.ahead = self._continuation()

    def note(self, before: Game, move: Move) -> Json:
        line = self._line(before, move, self.game)
        self._grow(line, move_shown(before, move, self.name_of(before.turn)))
        self.ahead = self._continuation()
        return line

    def log(self) -> list[Json]:
        """The log of the line up to the table, each commented move with its ``comment`` (cut
        short)."""
        lines = super().log()
        start = len(lines) - len(self.lines)
        for i, node in enumerate(self.node.path()):
            if node.comment:
                lines[start + i] = {**lines[start + i], "comment": _brief(node.comment)}
        return lines

    # -- the tree ------------------------------------------------------------------------------

    def find(self, node_id: object) -> Node:
        """The position numbered ``node_id``; a :class:`TreeError` if the tree has none."""
        node = None
        if isinstance(node_id, int) and not isinstance(node_id, bool):
            node = self._ids.get(node_id)
        if node is None:
            raise TreeError(f"there is no position {node_id!r} in the tree of lines")
        return node

    def locate(self, moves: Sequence[object]) -> Node:
        """The position reached by ``moves`` from the start (in notation or as moves)."""
        node = self.root
        for count, move in enumerate(moves, start=1):
            if not isinstance(move, str | PlayCard | MovePile | EndTurn):
                raise TreeError(
                    f"move {count} of the line must be a move in notation, not {move!r}"
                )
            try:
                notation = str(as_move(move))
            except ValueError as error:
                raise TreeError(f"move {count} of the line: {error}") from None
            child = node.child(notation)
            if child is None:
                raise TreeError(f"no line was played with {notation} as move {count}")
            node = child
        return node

    def jump(self, node: Node) -> None:
        """Put the table at ``node``: back to the point its line shares with the current one,
        then forward along its line; from there the current line goes on as it last did."""
        on_path = {id(n) for n in [self.root, *node.path()]}
        while id(self.node) not in on_path:
            self.back()
        for step in node.path()[self.node.ply :]:
            self.node.chosen = step
            assert step.move is not None
            assert step.line is not None
            self.game.play(step.move)
            self.lines.append(step.line)
            self.node = step
        self.ahead = self._continuation()

    def comment(self, text: str, node: Node | None = None) -> None:
        """Put ``text`` on ``node`` (default: the table's position); empty text removes it."""
        (node or self.node).comment = check_comment(text)

    @property
    def line_count(self) -> int:
        """How many lines the tree holds (as many as :meth:`variations` lists), kept as the tree
        grows, so saying it costs nothing however big the tree."""
        return self._ends or 1

    def variations(self) -> list[Line]:
        """Every line, from the start to each position where nothing more was tried, in the
        order they were first played."""
        ends = [node for node in self._below(self.root) if not node.children]
        return [self._as_line(end) for end in ends] or [self._as_line(self.root)]

    def tried(self) -> list[Move]:
        """Every move in the tree, on every line (the cards the table has shown played)."""
        return [node.move for node in self._below(self.root) if node.move is not None]

    def current_line(self) -> list[Node]:
        """The positions of the current line, after the start: up to the table and on."""
        nodes = self.node.path()
        node = self.node.chosen
        while node is not None:
            nodes.append(node)
            node = node.chosen
        return nodes

    def line_comments(self) -> dict[int, str]:
        """The comments on the current line's positions, by moves played before them."""
        nodes = [self.root, *self.current_line()]
        return {node.ply: node.comment for node in nodes if node.comment}

    def outline(self) -> Json:
        """The current line for the table's panel: each move with its id, the other moves tried
        at its place (``alts``) and its comment (cut short; ``comment`` is the table's position's
        whole); ``at`` is the table's position's id. At most
        :data:`OUTLINE_WINDOW` moves around the table's place are sent (``first``: how many
        are left out before them)."""
        nodes = self.current_line()
        here = self.node.ply
        first = max(0, min(here - OUTLINE_WINDOW // 2, len(nodes) - OUTLINE_WINDOW))
        shown = nodes[first : first + OUTLINE_WINDOW]
        return {
            "at": self.node.id,
            "start": {"id": 0, "comment": _brief(self.root.comment)},
            "comment": self.node.comment,
            "first": first,
            "last": len(nodes) - first - len(shown),
            "lines": self.line_count,
            "moves": [self._entry(node, node.ply > here) for node in shown],
        }

    # -- inside --------------------------------------------------------------------------------

    def _entry(self, node: Node, ahead: bool) -> Json:
        """One move of the outline, kept small: fields at their defaults are left out."""
        assert node.parent is not None
        entry: Json = {"id": node.id, "n": node.ply, "move": node.notation}
        if ahead:
            entry["ahead"] = True
        if node.comment:
            entry["comment"] = _brief(node.comment)
        alts = [{"id": n.id, "move": n.notation} for n in node.parent.children if n is not node]
        if alts:
            entry["alts"] = alts
        return entry

    def _enter(self, game: Game, move: Move) -> Json:
        """Play ``move`` on ``game`` from :attr:`node`, following or growing the tree."""
        child = self.node.child(str(move))
        if child is not None:
            assert child.line is not None
            game.play(move)
            self.lines.append(child.line)
            self.node.chosen = child
            self.node = child
            self.played = "followed"
            return child.line
        shown = "" if isinstance(move, EndTurn) else move_shown(game, move, self.name_of(game.turn))
        line = self._append(game, move)
        self._grow(line, shown or str(line["words"]))
        return line

    def _grow(self, line: Json, shown: str) -> None:
        """A new child of :attr:`node` for the move just logged as ``line``; the table moves
        there."""
        self.played = "branched" if self.node.children else "extended"
        self._ends += bool(self.node.children) or self.node is self.root
        self._serial += 1
        move = as_move(line["notation"])
        child = Node(self._serial, move, line, shown, self.node, self.node.ply + 1)
        self._ids[child.id] = child
        self.node.children.append(child)
        self.node.chosen = child
        self.node = child

    def _continuation(self) -> list[tuple[Move, Json]]:
        """The moves after the table along the current line, the next one last."""
        ahead = []
        node = self.node.chosen
        while node is not None:
            assert node.move is not None
            assert node.line is not None
            ahead.append((node.move, node.line))
            node = node.chosen
        return ahead[::-1]

    def _below(self, node: Node) -> Iterator[Node]:
        """Every position after ``node``, depth first, oldest lines first."""
        stack = node.children[::-1]
        while stack:
            here = stack.pop()
            yield here
            stack.extend(here.children[::-1])

    def _as_line(self, end: Node) -> Line:
        nodes = [self.root, *end.path()]
        return Line(
            moves=tuple(node.notation for node in nodes[1:]),
            end=end.id,
            comments={node.ply: node.comment for node in nodes if node.comment},
        )


def _brief(text: str, most: int = 80) -> str:
    """A comment cut to ``most`` characters for the outline (the table's own is sent whole)."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def check_comment(text: object) -> str:
    """A comment as the tree keeps it: plain text, at most :data:`MAX_COMMENT` characters,
    spaces trimmed. Anything else is refused with a :class:`TreeError` saying why.

    >>> check_comment("  Free the west space first. ")
    'Free the west space first.'
    >>> check_comment("Th>N, since 7 < 8")
    'Th>N, since 7 < 8'
    >>> check_comment("<b>bold</b>")
    Traceback (most recent call last):
    ...
    kingscorner_widget.table.tree.TreeError: a comment is plain text: it may not hold HTML tags
    """
    if not isinstance(text, str):
        raise TreeError("a comment must be text")
    text = text.strip()
    if len(text) > MAX_COMMENT:
        # TRANSLATORS: {most} is the longest a comment may be, {n} how long the one written is
        said = gettext("a comment may be at most {most} characters, not {n}")
        raise TreeError(said.format(most=MAX_COMMENT, n=len(text)))
    if _MARKUP.search(text):
        raise TreeError(gettext("a comment is plain text: it may not hold HTML tags"))
    if any((ord(ch) < 32 and ch not in "\n\t") or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise TreeError(gettext("a comment is plain text: it may not hold control characters"))
    return text
