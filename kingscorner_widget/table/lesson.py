"""Lesson mode: narration beside the table, the learner's moves checked, hints, "show me".

What a lesson allows:

- the learner acts for the learner's seat (the player to move when the step starts), and only
  on their turn; other seats move only as the lesson says;
- a move for a card the learner does not hold gets "not in your hand", whatever the card, so no
  reply depends on a hidden card; a legal move the step does not want is explained, not played;
- undo takes back the learner's moves within the step; back and forward go through the steps;
- "show me" outlines the next move the step expects on the table (the card and the pile), then
  the table plays it after a beat (:meth:`LessonSession.step`, as it plays a computer's move),
  one move a click; the log says the move was shown, not that the learner played it;
- a hint names what to look for and lights up the card (or pile) on the table; the last, most
  specific hint lights up the pile it goes to as well;
- Next goes on once the step is done; Skip (for a teacher) goes on without it;
- every hand may be turned face up (reveal): a lesson keeps no secrets from its teacher;
- no new deal, no daily deal and no loading: the lesson sets out its own positions; once the
  lesson is done, "new" starts it again and "forward" goes on to the next built-in lesson;
- a step that does not continue from the table the learner left says so in its status.

>>> from kingscorner_widget.lessons import load_lesson
>>> s = LessonSession(load_lesson("worked-turn"))
>>> s.status()
'Step 1 of 3: The ten on the jack.'
>>> s.play("Qs>N").status
'The queen of spades is not in your hand.'
>>> s.act("next").status
'This step is not done yet: make its move, or press Show me to see it.'
>>> s.show().status
'Watch: you play the ten of hearts on the north pile.'
>>> print(s.step().status)  # doctest: +NORMALIZE_WHITESPACE
Shown: you play the ten of hearts on the north pile. One card gone, two to go. Press Next to
go on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..display.language import N_, gettext, ngettext
from ..engine.game import Game
from ..engine.moves import Move, PlayCard
from ..engine.notation import Table, parse_position
from ..engine.spaces import SPACES
from ..engine.words import (
    card_words,
    logged,
    phrase,
    seat_words,
    sentence,
)
from ..lessons import Lesson, LessonRun, lesson_names, load_lesson
from ..lessons.speech import joined, said
from .actions import action
from .history import History
from .marks import LessonMarks, stars_words
from .page_words import YOU, fill
from .reply import Reply, refuse
from .session import Session
from .snapshot import Extra, LessonPart

__all__ = ["LessonSession", "afresh", "as_run"]

Json = dict[str, Any]
FIXED = N_("a lesson sets out its own positions: use Next and Back to move through it")
LAST_LESSON = N_("this is the last lesson: press Restart lesson to go through it again")
AFRESH = "This step starts from a new table"
"""How every sentence of :func:`afresh` opens, in English (each is whole in the catalogue)."""
MOST_CHANGES = 3
"""The most changes :func:`afresh` names one by one; a step that changes more starts from a
table of its own."""
NOT_DONE = N_("this step is not done yet: make its move, or press Show me to see it")
READ_ONLY = N_("there is nothing to play in this step: read it, then press Next")
FIRST_STEP = N_("this is the first step of the lesson")
LAST_STEP = N_("this is the last step of the lesson")


class LessonSession(Session):
    """A learner's way through ``lesson`` (a :class:`Lesson`, a :class:`LessonRun` or a
    built-in lesson's name)."""

    mode = "lesson"

    def __init__(self, lesson: Lesson | LessonRun | str) -> None:
        self.run = as_run(lesson)
        """The lesson being followed."""
        self.learner = self.run.step.learner
        """The learner's player number in the current step."""
        self._hints = 0
        self._showing: Move | None = None
        self.marks = LessonMarks()
        """What the learner's attempt at the lesson counted, step by step (its stars)."""
        super().__init__(self.run.game, title=self.run.lesson.title)

    # -- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.run.game

    @property
    def viewer(self) -> int:
        return self.learner

    @property
    def waiting(self) -> int | None:
        """While "show me" outlines a move, the learner's seat: the table plays it after a beat."""
        return self.learner if self._showing is not None else None

    def name(self, player: int) -> str:
        """A player as the learner reads them: "You", or where they sit ("The player on your
        left"), never a seat code. The learner's own seat is the table's You, which the table
        says in its language wherever it names a seat (their hand is "Deine Hand", not "Hand
        von Du")."""
        if player == self.run.step.learner:
            return YOU
        return self.run.seat_name(player)

    def notation_shown(self) -> bool:
        """A child reads the lesson's log in words alone; a teacher's table adds the notation."""
        return self.teacher

    def shown(self) -> Sequence[int]:
        """The players whose hands the step's position writes out: the lesson shows them."""
        table = parse_position(self.run.step.position)
        return [i for i, hand in enumerate(table.hands, start=1) if not isinstance(hand, int)]

    def status(self, last: str = "") -> str:
        if not last:
            i, n = self.run.progress
            title = self.run.words("title") or self.run.title_words()
            return gettext("Step {i} of {n}: {title}.").format(i=i, n=n, title=title)
        run = self.run
        text = sentence(last)
        if run.done:
            # TRANSLATORS: {said} is what the table has just said, as a sentence
            if self.following() is not None:
                end = gettext(
                    "{said} That is the end of the lesson: press Restart lesson to go through "
                    "it again or Next lesson to go on."
                )
            else:
                end = gettext(
                    "{said} That is the end of the lesson: press Restart lesson to go through "
                    "it again."
                )
            return end.format(said=text)
        if run.step_done and run.step.interactive:
            # TRANSLATORS: {said} is what the table has just said, as a sentence
            return gettext("{said} Press Next to go on.").format(said=text)
        return text

    def view(self) -> History:
        if self.history.game is not self.run.game:  # a new step, or the step afresh
            self.history = History(self.run.game, self.name)
        return self.history

    def heading(self) -> str:
        return self.run.title_words()

    def snapshot(self, version: int, hint: Json | None = None) -> Json:
        """The table's snapshot, a move Show me played logged as shown ("Show me: you play
        ..."), in the language the table speaks as it is drawn."""
        snap = super().snapshot(version, hint)
        snap["log"] = [
            {**line, "words": _shown_line().format(move=_lower(line["words"]))}
            if line.get("shown")
            else line
            for line in snap["log"]
        ]
        return snap

    def stars(self) -> int | None:
        """The learner's stars for this attempt at the lesson, once it is done (by the learner's
        record's rule), else ``None``."""
        run = self.run
        if not run.done:
            return None
        return self.marks.stars([step.interactive for step in run.lesson.steps])

    def act(self, kind: str, **fields: Any) -> Reply:
        index, lesson = self.run.index, self.run.lesson
        reply = super().act(kind, **fields)
        restarted = kind == "new" and not reply.refused  # the lesson again from its start
        if self.run.lesson is not lesson or restarted:  # a new attempt
            self.marks.clear()
        else:
            done = self.run.index == index and self.run.step_done
            self.marks.take(index, kind, refused=reply.refused, made=reply.moves, done=done)
        return reply

    def parts(self) -> Sequence[tuple[str, int]]:
        """The items this lesson is made of, as ``(title, steps)`` in order (a homework's
        lessons and puzzles); none for a lesson of its own."""
        return ()

    def parts_view(self) -> tuple[list[LessonPart] | None, str | None]:
        """:meth:`parts` as the snapshot's ``parts`` (the item the learner is in marked) and
        their heading, or ``(None, None)``."""
        parts: list[LessonPart] = []
        first = 1
        at = self.run.index + 1
        for title, steps in self.parts():
            current = first <= at < first + steps
            shown = said(title)  # a built-in lesson's title in the language, another as it is
            parts.append({"title": shown, "first": first, "steps": steps, "current": current})
            first += steps
        if not parts:
            return None, None
        # TRANSLATORS: {title} is the lesson's title (a homework's items are listed under it)
        return parts, gettext("In {title}").format(title=self.run.title_words())

    def extra(self) -> Extra:
        run = self.run
        step = run.step
        stars = self.stars()
        parts, parts_title = self.parts_view()
        return {
            "lesson": {
                "title": run.title_words(),
                "stepTitle": run.words("title"),
                "narration": run.words("narration"),
                "progress": list(run.progress),
                "index": run.index,
                "stepDone": run.step_done,
                "done": run.done,
                "interactive": step.interactive,
                "nextLesson": said(self.following() or "") or None,
                "stars": stars,
                "starsSaid": stars_words(stars) if stars is not None else None,
                "parts": parts,
                "partsTitle": parts_title,
            },
        }

    # -- the learner's moves ------------------------------------------------------------------

    def refusal(self, move: Move) -> str | None:
        if isinstance(move, PlayCard) and move.card not in self.game.hand(self.learner):
            # TRANSLATORS: {card} is a card's name with its article ("the ten of hearts")
            return gettext("{card} is not in your hand").format(card=card_words(move.card))
        return self.cannot_end_turn()

    def cannot_end_turn(self) -> str | None:
        """Why the learner may not move now: the step (or the lesson) is done, the hand is
        over, or the learner's part of the step is played."""
        game = self.game
        if self.finished() is not None:
            return self.finished()
        if game.is_over():
            return gettext("the hand is over: press Next to go on")
        if game.turn != self.learner:
            return gettext("your part of this step is done: press Next to go on")
        return None

    def finished(self) -> str | None:
        """What to say when the step or the whole lesson is done (nothing is left to play)."""
        run = self.run
        if run.done:
            if self.following() is not None:
                return gettext("the lesson is done: press Next lesson to go on")
            return gettext("the lesson is done: press Restart lesson to go through it again")
        if run.step_done and run.step.interactive:
            return gettext("this step is done: press Next to go on")
        return None

    def played(self, move: Move) -> Reply:
        before = self.game.copy()
        count = len(self.run.played)
        feedback = self.run.try_move(move)
        if not feedback.accepted:  # refused: the move "show me" outlines stays shown
            return refuse(feedback.message)
        self._showing = None  # the learner played it (or another move) before the beat
        self._log(before, count)
        return Reply(self.status(feedback.message))

    def _log(self, before: Game, count: int, shown: bool = False) -> list[Move]:
        """Log the moves the run accepted since it had ``count``: the learner's, then any the
        lesson played for the other seats; ``before`` is the game before the first of them.
        ``shown``: the first was shown by "show me", and its line says so."""
        made = self.run.played[count:]
        for index, move in enumerate(made):
            after = before.copy()
            after.play(move)
            line = self.view().note(before, move)
            if shown and index == 0:
                line["shown"] = True  # the snapshot says so in its words (:meth:`snapshot`)
            before = after
        return made

    @action("hint", N_("Hint"), key="H", check=lambda s: s._no_hint())
    def hint(self) -> Reply:
        """The step's next hint; the card (or pile) to move lights up on the table, and with the
        last, most specific hint the pile it goes to as well."""
        run = self.run
        text = run.next_hint()
        wanted = run.show_me() if run.step.interactive and not run.step_done else []
        # TRANSLATORS: {hint} is the step's hint
        said_hint = gettext("Hint: {hint}").format(hint=text)
        if not wanted or self.game.turn != self.learner:
            return Reply(said_hint)
        move = wanted[0]
        specific = self._hints >= len(run.step.hints)
        self._hints += 1
        payload = {"move": str(move), "reason": text, "exact": True, "whole": specific}
        return Reply(said_hint, hint=payload)

    def _no_hint(self) -> str | None:
        if not self.run.step.interactive:
            return gettext(READ_ONLY)
        return self.cannot_end_turn()

    def _learners_last(self) -> int | None:
        """Where the learner's last move of the step is in ``run.played`` (the lesson may have
        played other seats' replies after it), or ``None``."""
        game = self.run.step.new_game(self.run.lesson.rules)
        last = None
        for index, move in enumerate(self.run.played):
            if game.turn == self.learner:
                last = index
            game.play(move)
        return last

    @action(
        "undo",
        N_("Undo"),
        key="U",
        check=lambda s: (
            gettext("there is no move of yours to take back in this step")
            if s._learners_last() is None
            else None
        ),
    )
    def undo(self) -> Reply:
        """Take back the learner's last move of the step, with the replies the lesson played
        after it."""
        run = self.run
        cut = self._learners_last()
        assert cut is not None  # the check: the learner has a move to take back
        kept, last = run.played[:cut], run.played[cut]
        run.restart_step()
        while len(run.played) < len(kept):  # the lesson replays the other seats' replies itself
            if not run.try_move(kept[len(run.played)]).accepted:
                break
        self._showing = None
        self.history = History(run.game, self.name)
        # TRANSLATORS: {move} is the move taken back, in words ("the ten of hearts onto the
        # jack of clubs")
        return Reply(gettext("Took back {move}.").format(move=phrase(last)))  # words only

    def following(self) -> str | None:
        """The title of the built-in lesson after this one, if this is a built-in lesson."""
        names = lesson_names()
        for number, name in enumerate(names[:-1]):
            if load_lesson(name) is self.run.lesson:
                return load_lesson(names[number + 1]).title
        return None

    @action(
        "back",
        N_("Back"),
        key="[",
        check=lambda s: gettext(FIRST_STEP) if s.run.index == 0 else None,
    )
    def back(self) -> Reply:
        left = self.game.position(player=self.learner)
        if not self.run.back():
            return refuse(gettext(FIRST_STEP))
        return self._started(left)

    @action(
        "forward",
        lambda s: fill(gettext("Next lesson: {title}"), title=said(s.following() or "")),
        key="N",
        offered=lambda s: s.run.done and s.following() is not None,
        check=lambda s: s._no_forward(),
        primary=lambda s: True,
    )
    def forward(self) -> Reply:
        """Once the lesson is done: the next built-in lesson (else as :meth:`next`)."""
        following = self.following()
        if self.run.done and following is not None:
            self.run = LessonRun(load_lesson(following))
            return self._started()
        return self.next()

    def _no_forward(self) -> str | None:
        if self.run.done:
            return None if self.following() is not None else gettext(LAST_LESSON)
        return self._no_next()

    def _last_step(self) -> bool:
        return self.run.index == len(self.run.lesson.steps) - 1

    def _no_next(self) -> str | None:
        if not self.run.step_done:
            return gettext(NOT_DONE)
        return gettext(LAST_STEP) if self._last_step() else None

    @action(
        "next",
        N_("Next"),
        key="N",
        offered=lambda s: not s._last_step(),
        check=lambda s: s._no_next(),
        primary=lambda s: True,
    )
    def next(self) -> Reply:
        """The next step, once this one is done."""
        return self._go_on()

    @action(
        "skip",
        N_("Skip step"),
        key="K",
        teacher=True,
        offered=lambda s: s.run.step.interactive and not s.run.step_done,
        check=lambda s: gettext(LAST_STEP) if s._last_step() else None,
    )
    def skip(self) -> Reply:
        """The next step, done or not (a teacher's way through a lesson)."""
        return self._go_on()

    def _go_on(self) -> Reply:
        left = self.game.position(player=self.learner)
        self.run.next()
        return self._started(left)

    def restart(self) -> None:
        """Start the current step afresh (when the table comes back to the lesson)."""
        self.run.restart_step()
        self._started()

    def _started(self, left: str | None = None) -> Reply:
        """Say which step this is; ``left`` is the table the learner left (as they saw it), and
        a step that starts anywhere else says that the table was set out afresh."""
        self.learner = self.run.step.learner
        self._hints = 0
        self._showing = None
        self.view()
        status = self.status()
        now = self.game.position(player=self.learner)
        if left is not None and now != left:
            status += " " + afresh(left, now, self.learner)
        return Reply(status)

    @action(
        "reveal",
        lambda s: gettext("Hide hands") if s.show_all() else gettext("Show all hands"),
        key="A",
        teacher=True,
        offered=lambda s: s.revealable,
    )
    def reveal(self) -> Reply:
        """A teacher's Show all hands: every hand face up (or down again), and the message line
        still says where the step is and what to do in it."""
        reply = Session.reveal(self)
        if reply.refused:
            return reply
        step = self.status()
        done = self.finished()
        todo = f" {sentence(done)}" if done else ""
        return Reply(f"{reply.status} {step}{todo}")

    # -- show me ------------------------------------------------------------------------------

    def _nothing_to_show(self) -> str | None:
        if not self.run.step.interactive:
            return gettext(READ_ONLY)
        if self.run.show_me():
            return None
        return self.finished() or self.run.show_me_blocked()

    @action("show", N_("Show me"), key="M", check=lambda s: s._nothing_to_show())
    def show(self) -> Reply:
        """Outline the next move the step expects on the table (the card, or the pile to move,
        and where it goes); the table plays it after a beat (:meth:`step`). A second click plays
        it at once."""
        if self._showing is not None:
            return self.step()
        move = self.run.show_me()[0]
        words = _lower(logged(self.game, move, "You"))
        self._showing = move
        outline = {"move": str(move), "reason": words, "exact": True, "whole": True, "shown": True}
        # TRANSLATORS: {move} is the move shown, in words ("you play the ten of hearts on the
        # north pile")
        return Reply(gettext("Watch: {move}.").format(move=words), hint=outline, moves=(move,))

    @action(
        "step",
        check=lambda s: gettext("there is no move to wait for") if s._showing is None else None,
        quiet=True,
    )
    def step(self) -> Reply:
        """Play the move "show me" outlined (one move a click; the lesson plays any other
        seat's part that follows it). The log says it was shown."""
        move = self._showing
        assert move is not None  # the check: a move is being shown
        self._showing = None
        run = self.run
        before = self.game.copy()
        count = len(run.played)
        feedback = run.try_move(move)
        if not feedback.accepted:  # the lesson and its answer disagree: say so, change nothing
            return refuse(feedback.message)
        made = self._log(before, count, shown=True)
        lines = self.history.lines[-len(made) :]
        moves = "; ".join(_lower(line["words"]) for line in lines)
        if run.step_done:
            # TRANSLATORS: {moves} are the moves shown, in words; {said} what the lesson says
            # to them, as a sentence
            text = gettext("Shown: {moves}. {said}")
            return Reply(
                self.status(text.format(moves=moves, said=sentence(feedback.message))),
                moves=tuple(made),
            )
        more = len(run.show_me())
        if more == 1:
            text = gettext("Shown: {moves}. Press Show me for the next move, or play it yourself.")
        else:
            text = ngettext(
                "Shown: {moves}. Press Show me for the next move ({n} to go), or play it yourself.",
                "Shown: {moves}. Press Show me for the next move ({n} to go), or play it yourself.",
                more,
            )
        return Reply(text.format(moves=moves, n=more), moves=tuple(made))

    @action(
        "new",
        N_("Restart lesson"),
        key="G",
        offered=lambda s: s.run.done,
        check=lambda s: None if s.run.done else gettext(FIXED),
        primary=lambda s: s.following() is None,
    )
    def new(self, seed: int | None = None) -> Reply:
        """Once the lesson is done: start it again from its first step."""
        self.run.go_to(0)
        return self._started()


def _shown_line() -> str:
    """A log line the learner was shown by Show me, ``{move}`` the line's words."""
    # TRANSLATORS: a move in the lesson's log that Show me played; {move} is the move in words
    return gettext("Show me: {move}")


def _lower(words: str) -> str:
    """A log line told to the learner mid-sentence: "You play ..." becomes "you play ...", and
    "The player on your left plays ..." "the player on your left plays ..."."""
    if words.startswith(("You ", "The player ")):
        return words[:1].lower() + words[1:]
    return words


def as_run(lesson: Lesson | LessonRun | str) -> LessonRun:
    """A lesson to follow, from a :class:`Lesson`, a :class:`LessonRun` or a built-in name."""
    if isinstance(lesson, str):
        lesson = load_lesson(lesson)
    if isinstance(lesson, Lesson):
        lesson = LessonRun(lesson)
    if not isinstance(lesson, LessonRun):
        raise TypeError(f"lesson takes a Lesson, a LessonRun or a name, not {lesson!r}")
    return lesson


def afresh(left: str, now: str, learner: int) -> str:
    """Why the table a step starts from is not the one the learner ``left``: what the step
    sets out itself (both positions as ``learner`` sees them).

    >>> print(afresh(
    ...     "N:JcTh E:6h S:5d W:9d NE:Ks SE:- SW:- NW:- P1:7d2c P2:?7 stock:37 turn:P1",
    ...     "N:JcTh E:6h S:5s4h W:9d NE:Ks SE:- SW:- NW:- P1:7d2cQc P2:?7 stock:35 turn:P1",
    ...     1,
    ... ))  # doctest: +NORMALIZE_WHITESPACE
    This step starts from a new table: it starts with a new south pile, new cards in your hand
    and a new stock.
    """
    was, new = parse_position(left), parse_position(now)
    changes = _changes(was, new, learner)
    if changes is None or len(changes) > MOST_CHANGES:
        return gettext("This step starts from a new table: it starts from a table of its own.")
    mover = seat_words(learner, new.turn + 1, len(new.hands))
    listed_changes = joined(changes)
    if was.turn == new.turn:
        # TRANSLATORS: {changes} lists what is new ("a new south pile and a new stock")
        text = gettext("This step starts from a new table: it starts with {changes}.")
    elif new.turn + 1 == learner:
        text = (
            gettext("This step starts from a new table: it starts on your turn, with {changes}.")
            if changes
            else gettext("This step starts from a new table: it starts on your turn.")
        )
    else:
        # TRANSLATORS: {player} is where the player sits ("the player on your left")
        text = (
            gettext(
                "This step starts from a new table: it starts on the turn of {player}, with "
                "{changes}."
            )
            if changes
            else gettext("This step starts from a new table: it starts on the turn of {player}.")
        )
    return text.format(changes=listed_changes, player=mover)


_NEW_SPACE = {
    "N": N_("a new north pile"),
    "E": N_("a new east pile"),
    "S": N_("a new south pile"),
    "W": N_("a new west pile"),
    "NE": N_("a new north-east corner"),
    "SE": N_("a new south-east corner"),
    "SW": N_("a new south-west corner"),
    "NW": N_("a new north-west corner"),
}
"""What is new on the table, a space at a time, as :func:`afresh` lists it."""


def _changes(was: Table, new: Table, learner: int) -> list[str] | None:
    """The parts of the table that differ, in words (``None``: a table of other players)."""
    if len(was.hands) != len(new.hands):
        return None
    changes = [
        gettext(_NEW_SPACE[str(space)])
        for space in SPACES
        if was.piles[space.index] != new.piles[space.index]
    ]
    for number, (before, after) in enumerate(zip(was.hands, new.hands, strict=True), start=1):
        if before != after:
            changes.append(
                gettext("new cards in your hand")
                if number == learner
                # TRANSLATORS: {player} is where the player sits ("the player on your left")
                else gettext("a new hand for {player}").format(
                    player=seat_words(learner, number, len(new.hands))
                )
            )
    if was.kept != new.kept:
        changes.append(gettext("new corners kept"))
    if was.stock != new.stock:
        changes.append(gettext("a new stock"))
    return changes
