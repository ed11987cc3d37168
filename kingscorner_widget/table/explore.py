"""Explore mode: one person plays every seat, from any position, and may try anything.

What explore allows: every move of the player to move; undo; back and forward along the current
line; a different move at an earlier point starts a new line beside the old one, kept in a move
tree (:mod:`~kingscorner_widget.table.tree`) the page lists and jumps in; comments on positions;
new and daily deals; loading any position or saved record. The table keeps its seats: the viewer
(the player to move when the table opened) stays at the bottom whoever is to move, and the other
hands stay face down unless the teacher asks for every hand (``show_all_hands``). A face-down
hand's cards are never named: its player moves piles, draws or passes from the table, or lets the
computer play the turn (``skip``, ``step``).

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> s = ExploreSession(Game.from_position(line))
>>> s.play("Th>N").status
'P1 plays the ten of hearts on the north pile. P1 to play.'
>>> s.back().status
'The start of the hand (1 move in this line). Step forward, or play another move for a new line. P1 to play.'
>>> print(s.play("4h>W").status)  # doctest: +NORMALIZE_WHITESPACE
P1 plays the four of hearts into the empty west space. A new line branches off here (2 lines
now). P1 to play.
>>> s.back().status, s.play("Th>N").status  # doctest: +NORMALIZE_WHITESPACE
('The start of the hand (1 move in this line). Step forward, or play another move for a new line.
P1 to play.', 'P1 plays the ten of hearts on the north pile. That move was played here before:
the table follows its line. P1 to play.')
"""  # noqa: E501

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..analysis import make_player
from ..analysis.judging.verdict_words import items_listed
from ..display.language import N_, Later, gettext, ngettext, pgettext, say
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Move, PlayCard, as_move
from ..engine.notation import parse_position
from ..engine.record import read_record
from ..engine.rules import Rules
from ..engine.turns import TurnRules
from ..engine.words import move_at, phrase, refusal, sentence
from ..lessons import Lesson, lesson_from_game
from .actions import Field, action
from .advice import advise
from .play import MAX_COMPUTER_MOVES
from .reply import Reply, refuse
from .session import Session, today
from .snapshot import Extra, Tree
from .tree import Line, MoveTree, Node, TreeError, check_comment

__all__ = ["ExploreSession", "deal_title", "read_source"]

Json = dict[str, Any]

START = N_("this is the start of the hand: there is nothing further back")
JUMP_ERROR = "a jump message needs the number of a position in the list of lines"
POSITION = Field(
    "position",
    str,
    most=600,
    error="write a position in notation to load it",
    too_long="that position is too long to be a position line",
    prompt="Position to load, in notation",
    example="N:… E:… S:… W:… … turn:P1",
)
COMMENT = Field(
    "text",
    str,
    most=2000,
    blank=True,
    error="a comment must be text",
    too_long="that comment is far too long: keep it to a few sentences",
)


class ExploreSession(Session):
    """Every seat played from one keyboard, on ``game``; ``rules`` are those of new deals
    (default: the game's); ``viewer`` is the seat at the bottom (default: the player to move)."""

    mode = "explore"
    history: MoveTree
    NEW_WORDS: ClassVar[dict[str, str]] = Session.NEW_WORDS

    def __init__(
        self,
        game: Game,
        *,
        rules: Rules | None = None,
        show_all_hands: bool = False,
        title: str | Later = "",
        viewer: int | None = None,
    ) -> None:
        self.rules = rules or game.rules
        """The rules of new deals."""
        self.show_all_hands = bool(show_all_hands)
        """Every hand face up (the teacher's choice)."""
        self.seat = viewer if viewer is not None and 1 <= viewer <= game.players else game.turn
        """The viewer: the seat at the bottom of the table, whoever is to move."""
        super().__init__(game, title=title)
        self.history = MoveTree(game, self.name)
        """Every line tried on the table, with the comments."""

    # -- reading ------------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        return self.seat

    def show_all(self) -> bool:
        return bool(self.show_all_hands)

    def to_move(self) -> bool:
        return not self.game.is_over() and self.waiting is None

    def hidden_turn(self) -> bool:
        """True when the player to move holds a face-down hand (not the viewer's, and every
        hand is not shown): their cards may not be named."""
        game = self.game
        return not game.is_over() and game.turn != self.seat and not self.show_all()

    def hand_decides(self) -> bool:
        """True when a face-down hand is to move and what it may do turns on its cards: under
        kings first or must play, or with a drawn card it must play (draw until it fits). Then
        nothing is offered or judged from the table, so no answer gives a hidden card away."""
        game = self.game
        turn = TurnRules.of(game.rules)
        return self.hidden_turn() and turn.cards_decide(pending=game.pending_card is not None)

    def legal(self) -> list[str]:
        """The moves of the player to move; from a face-down hand, those naming no card, and
        none at all when its cards decide what it may do (:meth:`hand_decides`)."""
        if not self.to_move() or self.hand_decides():
            return []
        hidden = self.hidden_turn()
        moves = self.game.legal_moves()
        return [str(move) for move in moves if not (hidden and isinstance(move, PlayCard))]

    def refusal(self, move: Move) -> str | None:
        if self.hidden_turn() and (isinstance(move, PlayCard) or self.hand_decides()):
            who = self.name(self.game.turn)
            # TRANSLATORS: {name} is a face-down hand's player ("P2")
            if isinstance(move, PlayCard):
                said = gettext(
                    "{name}'s hand is face down: let the computer play {name}'s turn, or show "
                    "every hand to play it yourself"
                )
            else:
                said = gettext(
                    "{name}'s hand is face down, and the rules make its cards decide: let the "
                    "computer play {name}'s turn, or show every hand to play it yourself"
                )
            return said.format(name=who)
        return refusal(self.game.violation(move))

    def at_stake(self) -> str | None:
        """The lines tried and the comments written, which a new deal or a load would lose."""
        tree = self.history
        lines = tree.line_count if tree.root.children else 0
        comments = sum(1 for node in [tree.root, *tree._below(tree.root)] if node.comment)
        if not lines and not comments:
            return None
        parts = []
        # TRANSLATORS: what a new deal or a load would throw away, in "That throws away ..."
        if lines == 1:
            parts.append(pgettext("thrown away", "the line you tried"))
        elif lines:
            said = ngettext("the {n} line you tried", "the {n} lines you tried", lines)
            parts.append(said.format(n=lines))
        if comments == 1:
            parts.append(pgettext("thrown away", "a comment"))
        elif comments:
            parts.append(ngettext("{n} comment", "{n} comments", comments).format(n=comments))
        return items_listed(parts)

    @property
    def title(self) -> str | Later:
        """The table's title: a new deal's seed only while every hand is face up (Reveal,
        New, Hide leaves no seed in it)."""
        seed = getattr(self, "_deal_seed", None)
        if seed is not None:
            return deal_title(seed, shown=self.show_all_hands)
        return getattr(self, "_title", "")

    @title.setter
    def title(self, value: str | Later) -> None:
        self._title = value
        self._deal_seed: int | None = None

    def heading(self) -> str:
        return say(self.title) or gettext("Explore")

    def extra(self) -> Extra:
        outline = self.history.outline()
        outline["hidden"] = self.name(self.game.turn) if self.hidden_turn() else None
        return {"tree": cast(Tree, outline)}

    @property
    def lines(self) -> list[Line]:
        """Every line tried on the table (see :meth:`MoveTree.variations`)."""
        return self.history.variations()

    def to_lesson(self, title: str, *, summary: str = "") -> Lesson:
        """The current line (to its end, wherever the table stands on it) as a lesson: the
        comments are the narration, the moves the expected steps, checked by the engine (see
        :func:`~kingscorner_widget.lessons.lesson_from_game`)."""
        game = self.game.copy()
        for move, _line in reversed(self.history.ahead):
            game.play(move)
        if not game.moves:
            raise TreeError("play the line first: a lesson needs at least one move")
        comments = self.history.line_comments()
        return lesson_from_game(game, title, comments=comments, summary=summary)

    # -- the actions ------------------------------------------------------------------------------

    def played(self, move: Move) -> Reply:
        line = self.history.play(move)
        said = sentence(line["words"])
        if self.history.played == "branched":
            n = self.history.line_count
            # TRANSLATORS: {said} is the move played, a sentence; {n} the lines tried now
            note = ngettext(
                "{said} A new line branches off here ({n} line now).",
                "{said} A new line branches off here ({n} lines now).",
                n,
            )
            said = note.format(said=said, n=n)
        elif self.history.played == "followed":
            # TRANSLATORS: {said} is the move played, a sentence
            note = gettext("{said} That move was played here before: the table follows its line.")
            said = note.format(said=said)
        return Reply(self.status(said))

    @action("hint", N_("Hint"), key="H", check=lambda s: s._no_hint())
    def hint(self) -> Reply:
        game = self.game
        advice = advise(game.observation(game.turn))
        payload = {"move": advice.move, "reason": advice.reason, "exact": advice.exact}
        return Reply(advice.line(), hint=payload)

    def _no_hint(self) -> str | None:
        if not self.to_move():
            return gettext("the hand is over: there is nothing to hint")
        if self.hidden_turn():
            # TRANSLATORS: {name} is a face-down hand's player ("P2")
            said = gettext("{name}'s hand is face down: there is no hint for it")
            return said.format(name=self.name(self.game.turn))
        return None

    @action(
        "undo",
        "Undo",
        key="U",
        check=lambda s: s._nothing_back(gettext("there is no move to take back")),
    )
    def undo(self) -> Reply:
        later = _count_below(self.history.node)
        move = self.history.undo()
        if isinstance(move, PlayCard) and self.hidden_turn():  # the card is face down again
            # TRANSLATORS: {name} is a face-down hand's player ("P2"); {n} moves tried after it
            if later:
                said = ngettext(
                    "Took back {name}'s move (and {n} move tried after it): the card is back in "
                    "hand.",
                    "Took back {name}'s move (and {n} moves tried after it): the card is back in "
                    "hand.",
                    later,
                )
            else:
                said = gettext("Took back {name}'s move: the card is back in hand.")
            return Reply(self.status(said.format(name=self.name(self.game.turn), n=later)))
        # TRANSLATORS: {move} is the move in words ("the ten of hearts to the north pile"),
        # {code} in notation; {n} moves tried after it
        if later:
            said = ngettext(
                "Took back {move} ({code}) (and {n} move tried after it).",
                "Took back {move} ({code}) (and {n} moves tried after it).",
                later,
            )
        else:
            said = gettext("Took back {move} ({code}).")
        return Reply(self.status(said.format(move=phrase(move), code=move, n=later)))

    @action("back", N_("◀ Back"), key="[", check=lambda s: s._nothing_back(gettext(START)))
    def back(self) -> Reply:
        self.history.back()
        return Reply(self._where())

    def _nothing_back(self, why: str) -> str | None:
        self._resync()
        return None if self.game.moves else why

    @action("forward", N_("Forward ▶"), key="]", check=lambda s: s._nothing_ahead())
    def forward(self) -> Reply:
        self.history.forward()
        return Reply(self._where())

    def _nothing_ahead(self) -> str | None:
        self._resync()
        return (
            None
            if self.history.ahead
            else gettext("this is the end of the line: there is nothing further forward")
        )

    @action("jump", fields=(Field("node", int, most=2**53, error=JUMP_ERROR),))
    def jump(self, node: object = None) -> Reply:
        """Put the table at a position of the tree: its id (as the page sends it), a
        :class:`Line` (its end), or the moves from the start that reach it."""
        self._resync()
        try:
            self.history.jump(self._target(node))
        except TreeError as error:
            return refuse(str(error))
        return Reply(self._where())

    @action("comment", fields=(COMMENT,))
    def comment(self, text: object = None, node: object = None) -> Reply:
        """Put a comment (plain text) on the table's position, or on position ``node``; empty
        text removes it."""
        self._resync()
        try:
            target = self.history.node if node is None else self._target(node)
            kept = check_comment(text)
        except TreeError as error:
            return refuse(str(error))
        target.comment = kept
        # TRANSLATORS: {ply} is a move's number in the line, {code} the move in notation;
        # {comment} the comment as written
        if target.ply and kept:
            said = gettext("Comment on move {ply} ({code}): {comment}")
        elif target.ply:
            said = gettext("Comment on move {ply} ({code}) removed.")
        elif kept:
            said = gettext("Comment on the start of the hand: {comment}")
        else:
            said = gettext("Comment on the start of the hand removed.")
        said = said.format(ply=target.ply, code=target.notation, comment=kept)
        return Reply(self.status(sentence(said)))

    def _target(self, node: object) -> Node:
        if isinstance(node, Node):
            return self.history.find(node.id)
        if isinstance(node, Line):
            return self.history.find(node.end)
        if isinstance(node, str):
            return self.history.locate(node.split())
        if isinstance(node, Sequence):
            return self.history.locate(node)
        return self.history.find(node)

    def _resync(self) -> None:
        if not self.history.current():
            self.history.reread()  # the game was changed from code: find its moves in the tree

    def _where(self) -> str:
        history = self.history
        node = history.node
        # The move as the log and play write it ("the ten of hearts"), not in card symbols.
        words = str(node.line["words"]) if node.line is not None else node.shown
        where = move_at(history.at, history.length, words)
        if history.ahead:
            # TRANSLATORS: {where} says which move the table is at, a sentence
            where = gettext("{where} Step forward, or play another move for a new line.").format(
                where=where
            )
        return self.status(where)

    def _all_in_view(self) -> str | None:
        if not self.hidden_turn() or not self.to_move():
            return gettext("no computer plays here: every hand in view is yours to play")
        return None

    @action("step", check=lambda s: s._all_in_view(), quiet=True)
    def step(self) -> Reply:
        """The computer makes one move for a face-down hand."""
        move = self._computer_move()
        return Reply(self.status(sentence(self.history.play(move)["words"])), moves=(move,))

    @action(
        "skip",
        # TRANSLATORS: a button: {name} is a face-down hand's player ("P2")
        lambda s: gettext("Computer plays {name}'s turn").format(name=s.name(s.game.turn)),
        key="K",
        offered=lambda s: s._all_in_view() is None,
        check=lambda s: s._all_in_view(),
    )
    def skip(self) -> Reply:
        """The computer plays the turns of face-down hands, up to a hand in view."""
        made: list[Move] = []
        last = ""
        while self.hidden_turn() and len(made) < MAX_COMPUTER_MOVES:
            move = self._computer_move()
            last = sentence(self.history.play(move)["words"])
            made.append(move)
        return Reply(self.status(last), moves=tuple(made))

    def _computer_move(self) -> Move:
        game = self.game
        bot = make_player("greedy", seed=len(game.moves))
        move = as_move(bot.choose(game.observation(game.turn)))
        return move if game.violation(move) is None else game.end_move()

    @action("new", N_("New deal"), key="G", asks=True)
    def new(self, seed: int | None = None) -> Reply:
        """A new deal from ``seed`` (or a random one)."""
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self._replace(Game.new(seed=seed, rules=self.rules), "", self.seat)
        self._deal_seed = seed
        return Reply(self.status())

    @action("daily", N_("Daily deal"), key="Y", asks=True)
    def daily(self, date: datetime.date | str | None = None) -> Reply:
        """The daily deal (the same for everyone on ``date``; default today, UTC)."""
        try:
            day = today() if date is None else datetime.date.fromisoformat(str(date))
        except ValueError:
            # TRANSLATORS: {date} is what was given for a date, quoted
            return refuse(
                gettext("{date} is not a date: write it as 2026-11-30").format(date=repr(date))
            )
        game = Game.daily(day, rules=self.rules)
        # TRANSLATORS: a deal's title: {date} is the day, in ISO form (2026-11-30)
        self._replace(game, Later(N_("Daily deal, {date}"), date=day.isoformat()), self.seat)
        return Reply(self.status())

    @action("load", N_("Load"), key="L", fields=(POSITION,), asks=True)
    def load(self, position: str) -> Reply:
        """Put a position in notation, or a saved game or match record, on the table."""
        try:
            source = read_source(position, self.rules)
        except ValueError as error:
            return refuse(str(error))
        game = source.game.copy() if isinstance(source, Match) else source
        self._replace(game, "", game.turn)
        return Reply(self.status(gettext("Loaded.")))

    def question(self, kind: str) -> Json:
        """The question before Load throws away the game on the table (the position typed
        stays in its box whatever the answer).

        >>> from kingscorner_widget import Game
        >>> ExploreSession(Game.new(players=2, seed=1)).question("load")["question"]
        'Load this position? That throws away the game on the table.'
        """
        if kind != "load":
            return super().question(kind)
        stake = self.at_stake() or pgettext("thrown away", "the game on the table")
        # TRANSLATORS: {stake} is what loading throws away ("the line you tried and a comment")
        return {
            "kind": kind,
            "question": gettext("Load this position? That throws away {stake}.").format(
                stake=stake
            ),
            "yes": gettext("Yes, load it"),
            "no": gettext("No, keep playing"),
        }

    def _replace(self, game: Game, title: str | Later, seat: int) -> None:
        self._game = game
        self.title = title
        self.seat = seat if 1 <= seat <= game.players else game.turn
        self.history = MoveTree(game, self.name)


def deal_title(seed: int, *, shown: bool) -> Later:
    """A new deal's title, said when shown: its seed only when every hand is face up (a seed
    deals every hidden card again, so a face-down deal must not give it).

    >>> str(deal_title(7, shown=True)), str(deal_title(7, shown=False))
    ('Deal 7', 'A new deal')
    """
    return Later(N_("Deal {seed}"), seed=seed) if shown else Later(N_("A new deal"))


def _count_below(node: Node) -> int:
    count, stack = 0, list(node.children)
    while stack:
        here = stack.pop()
        count += 1
        stack.extend(here.children)
    return count


def read_source(text: str, rules: Rules) -> Game | Match:
    """A position line, or a saved game or match record (JSON), read into a game or a match.

    >>> read_source("N:Qq", Rules())
    Traceback (most recent call last):
    ...
    kingscorner_widget.PositionError: N: 'Qq' is not a card: write a rank (A 2-9 T J Q K)...
    """
    text = text.strip()
    if text.startswith("{"):
        return read_record(text)
    players = len(parse_position(text).hands)
    return Game.from_position(text, rules=rules.with_players(players))
