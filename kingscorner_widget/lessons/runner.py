"""Walk a learner through a lesson: check each move, give hints, show the answer.

>>> from kingscorner_widget.lessons import load_lesson
>>> run = LessonRun(load_lesson("worked-turn"))
>>> run
<LessonRun 'A worked turn': step 1 of 3 (The ten on the jack), 0 move(s) played>
>>> print(run.try_move("Th>E").message)  # doctest: +NORMALIZE_WHITESPACE
the ten of hearts cannot go on the six of hearts: a card must be exactly one rank lower (the
six takes a black five)
>>> run.try_move("draw").accepted
False
>>> feedback = run.try_move("Th>N")
>>> feedback.accepted, feedback.step_done
(True, True)
>>> run.next()
True
>>> [str(m) for m in run.show_me()]
['Ks>NE']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..analysis.judging.win_chance import AgainstBest, against_best
from ..display.language import N_, gettext, ngettext
from ..engine.game import Game
from ..engine.moves import EndTurn, Move, PlayCard, as_move
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.words import (
    card_label,
    instruction,
    move_done,
    move_kind,
    reason_words,
    seat_words,
    sentence,
    went_out_words,
)
from .corners import IDENTITY, Corners, carried, composed, placement, relabel_step
from .goals import Goal, frees_space, met, opens_corner
from .model import Lesson, Step
from .search import best_continuation, max_shed
from .speech import percent, said

__all__ = ["Feedback", "LessonRun", "describe_move", "under_rules"]


def under_rules(lesson: Lesson | LessonRun | str, rules: Rules) -> Lesson:
    """``lesson`` (a lesson, a run of one, or a built-in lesson's name or title) under a class's
    own ``rules`` (:meth:`Lesson.under`): the options it teaches kept, the class's for the rest;
    a ``ValueError`` names the step that cannot be played under them.

    >>> from kingscorner_widget import Rules
    >>> under_rules("must-play", Rules(count="heavy")).rules.describe()
    'must play, heavy count'
    """
    if isinstance(lesson, LessonRun):
        lesson = lesson.lesson
    elif isinstance(lesson, str):
        from .builtin import load_lesson

        lesson = load_lesson(lesson)
    return lesson.under(rules)


@dataclasses.dataclass(frozen=True)
class Feedback:
    """The answer to one attempted move."""

    accepted: bool
    """True when the move was played (it is what the step asks for)."""
    message: str
    """What to tell the learner: the rule an illegal move breaks, a comparison, or praise."""
    step_done: bool
    """True once the step is complete (then ``message`` is the step's after text)."""


class LessonRun:
    """A learner's way through a lesson: the current step, its game and the moves made in it."""

    def __init__(
        self, lesson: Lesson, start: int = 0, views: Sequence[Observation | None] = ()
    ) -> None:
        """Start ``lesson`` at step ``start`` (0-based). ``views`` may give, step by step, the
        learner's view at the step's start together with the record that led there: a practice
        lesson opened from a review by win chance passes the review's own views, so the chances
        it measures are the review's (a step without one is judged from its position alone)."""
        if not lesson.steps:
            raise ValueError("a lesson needs at least one step")
        if len(views) > len(lesson.steps):
            raise ValueError(f"{len(views)} views for a lesson of {len(lesson.steps)} steps")
        for number, (view, step) in enumerate(zip(views, lesson.steps, strict=False), start=1):
            if view is not None and view.position() != step.position:
                raise ValueError(f"the view given for step {number} is not that step's position")
        self._views = tuple(views)
        self.lesson = lesson
        """The lesson being run."""
        self.game: Game
        """The game at the current step: the learner is the player to move at its start."""
        self.played: list[Move] = []
        """The moves accepted in the current step, oldest first."""
        self.index = 0
        """The current step, 0-based."""
        self._corners: dict[int, Corners] = {}
        self._step = lesson.steps[0]
        self._hint = 0
        self._judged: dict[tuple[int, tuple[str, ...]], AgainstBest] = {}
        self.goal: Goal = "read"
        """What the current step asks for (see :mod:`.goals`)."""
        self._better = False
        self._ended = False
        self._mark = (0, -1)
        self._shown: Corners = IDENTITY
        self.go_to(start)

    def __repr__(self) -> str:
        i, n = self.progress
        state = "done" if self.step_done else f"{len(self.played)} move(s) played"
        return (
            f"<LessonRun {self.lesson.title!r}: step {i} of {n} "
            f"({self.step.title or self.lesson.title}), {state}>"
        )

    # -- where we are ---------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        """The current step, its corners where the learner's own choices put them (see
        :meth:`next`)."""
        return self._step

    def seat_name(self, player: int) -> str:
        """A player as the learner reads them in this step: "You", or where they sit from the
        learner ("The player on your left"), never a seat code.

        >>> from kingscorner_widget.lessons import load_lesson
        >>> run = LessonRun(load_lesson("worked-turn"))
        >>> run.seat_name(1), run.seat_name(2)
        ('You', 'The player on your left')
        """
        return sentence(seat_words(self.step.learner, player, self.game.players)).rstrip(".")

    def title_words(self) -> str:
        """The lesson's title as the learner reads it: in the language spoken now."""
        return said(self.lesson.title)

    def words(self, field: str) -> str:
        """The current step's ``field`` (``"title"``, ``"narration"``, ``"after"`` or
        ``"reason"``) as the learner reads it now: in the language spoken now, naming the
        corners where the learner put them.

        >>> from kingscorner_widget.display.language import speaking
        >>> from kingscorner_widget.lessons import load_lesson
        >>> with speaking("de"):
        ...     LessonRun(load_lesson("worked-turn")).words("title")
        'Die Zehn auf den Buben'
        """
        if field not in ("title", "narration", "after", "reason"):
            raise ValueError(f"a step says its title, narration, after or reason, not {field!r}")
        text: str = getattr(self.lesson.steps[self.index], field)
        return said(text, self._shown)

    def hint_words(self) -> list[str]:
        """The current step's own hints, as :meth:`words` says them."""
        return [said(hint, self._shown) for hint in self.lesson.steps[self.index].hints]

    @property
    def progress(self) -> tuple[int, int]:
        """``(current step, number of steps)``, the current step counted from 1."""
        return self.index + 1, len(self.lesson.steps)

    @property
    def step_done(self) -> bool:
        """True when the current step is complete (a step with nothing to play always is)."""
        step = self.step
        goal = self.goal
        if goal == "win":
            return self._turn_over()
        if goal == "read":
            return True
        played = tuple(map(str, self.played))
        if any(tuple(sequence) == played for sequence in step.expect):
            return True
        if self._went_out():
            return True
        if goal in ("card", "line", "hold") or self._better:
            return False
        if goal == "shed":
            return self._shed() >= (step.sheds or 0)
        if goal in ("space", "corner"):
            return met(goal, step.new_game(self.lesson.rules), self.game, self.played)
        if goal == "end":
            return self._ended and not self._rest_of_sequence()
        return False  # out: the hand is not empty yet

    @property
    def done(self) -> bool:
        """True once the last step is complete."""
        return self.index == len(self.lesson.steps) - 1 and self.step_done

    # -- stepping -------------------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        """Start step ``index`` (0-based) afresh."""
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"the lesson has steps 1 to {len(self.lesson.steps)}, not {index + 1}")
        self.index = index
        self._hint = 0
        self._shown = self._corners.get(index, IDENTITY)
        self._step = relabel_step(self.lesson.steps[index], self._shown)
        self.restart_step()

    def restart_step(self) -> None:
        """Put the current step's table back as it was at the start."""
        self.game = self.step.new_game(self.lesson.rules)
        self.played = []
        self.goal = self.step.objective(self.lesson.rules)
        self._better = False
        self._ended = False
        self._mark = (0, -1)

    def next(self) -> bool:
        """Go to the next step; False (and nothing changes) at the last one.

        A next step that continues this one's table keeps the corners where the learner put
        them: a king the learner placed in another corner than the lesson's own answer stays
        there, and the step's position, moves and words follow it.

        >>> from kingscorner_widget.lessons import load_lesson
        >>> run = LessonRun(load_lesson("worked-turn"), start=1)
        >>> run.try_move("Ks>SW").accepted, run.next()
        (True, True)
        >>> run.step.position
        'N:JcTh E:6h S:5s W:- NE:- SE:- SW:Ks NW:- P1:4h P2:?7 stock:39 turn:P1'
        """
        if self.index + 1 >= len(self.lesson.steps):
            return False
        self._corners[self.index + 1] = self._carried()
        self.go_to(self.index + 1)
        return True

    def _carried(self) -> Corners:
        """Where the next step shows the lesson's corners: the learner's own placement (this
        step's answer relabelled to the table the learner leaves), carried when the next step
        continues that table."""
        following = self.index + 1
        if following < len(self._views) and self._views[following] is not None:
            return IDENTITY  # judged from a view of the lesson's own table
        step = self.step
        answer = step.new_game(self.lesson.rules)
        for text in step.expect[0] if step.expect else ():
            answer.play(text)
        here = self._corners.get(self.index, IDENTITY)
        moved = placement(
            answer.position(player=step.learner), self.game.position(player=step.learner)
        )
        candidates = (here,) if moved is None else (composed(moved, here), here)
        left = self.game.position(player=step.learner)
        return carried(left, self.lesson.steps[following].position, *candidates)

    def back(self) -> bool:
        """Go to the previous step, afresh; False (and nothing changes) at the first one."""
        if self.index == 0:
            return False
        self.go_to(self.index - 1)
        return True

    # -- moving ---------------------------------------------------------------------------------

    def try_move(self, move: Move | str) -> Feedback:
        """Check the learner's move: play it if it is what the step asks for, otherwise say why not.

        An illegal move gets the engine's reason; a legal move the step does not ask for is not
        played and gets a comparison with what the step wants. Neither changes anything.
        """
        reason = self.game.violation(move)
        if reason is not None:
            said = reason_words(reason, plain=True, name_of=self.seat_name)
            return Feedback(False, said, self.step_done)
        parsed = as_move(move)
        step = self.step
        if not step.interactive:
            done = describe_move_done(self.game, parsed)
            self.game.play(parsed)
            self.played.append(parsed)
            return Feedback(True, done, True)
        if self.step_done:
            return Feedback(False, gettext("This step is done: go on to the next one."), True)
        if step.judge == "win":
            return self._try_in_turn(parsed)
        fits = self._fits(parsed)
        detour = not fits and self._goes_out_after(parsed)
        if detour:
            self._better = True
            fits = True
        if fits:
            done = describe_move_done(self.game, parsed, "you")
            drawn = self.game.stock_size
            self.game.play(parsed)
            self.played.append(parsed)
            if isinstance(parsed, EndTurn):
                done = self._ending_words(parsed, drawn - self.game.stock_size, done)
            others = "".join(f" {line}" for line in self._play_others())
            if self.step_done:
                done = self._done_words()
                return Feedback(True, f"{others.strip()} {done}".strip(), True)
            if detour:
                # TRANSLATORS: {done} is what the learner's move did, as a sentence
                text = gettext(
                    "{done} That is not what this step asked, but you can still go out this "
                    "turn from here: keep going."
                )
                return Feedback(True, text.format(done=sentence(done)), False)
            # TRANSLATORS: {done} is what the learner's move did ("you played the ten of
            # hearts onto the jack of clubs"); {others} what the other players then did, as
            # sentences each after a space (or nothing)
            text = gettext("Yes: {done}{others} Keep going.")
            return Feedback(True, text.format(done=done, others=others), False)
        return Feedback(False, self._compare(parsed), False)

    def _done_words(self) -> str:
        """What to say as the step is done: its after text, or, when the learner went out where
        the step asked for less, that they did better."""
        step = self.step
        played = tuple(map(str, self.played))
        planned = any(tuple(sequence) == played for sequence in step.expect)
        if self._went_out() and not planned and self.goal != "out":
            return gettext("You went out: even better than this step asked, so the step is done.")
        return self.words("after") or gettext("Well done: that completes the step.")

    def _ending_words(self, move: EndTurn, drawn: int, done: str) -> str:
        """What ending the turn did: a draw that went on until a card fitted keeps the turn
        with the learner, who must play that card now."""
        learner = self.step.learner
        pending = self.game.pending_card
        if self.game.turn == learner and pending is not None and not self.game.is_over():
            self._mark = (self._shed(), -1)  # the turn goes on with the card drawn
            # TRANSLATORS: {card} is the card drawn last ("ten of hearts", no article)
            text = ngettext(
                "you drew {n} card until one fitted: the {card}. It must be played now.",
                "you drew {n} cards until one fitted: the {card}. It must be played now.",
                drawn,
            )
            return text.format(n=drawn, card=card_label(pending))
        self._ended = True
        return done

    def show_me(self) -> list[Move]:
        """The moves that complete the current step from where the learner is now.

        Nothing is played: the caller plays them (through :meth:`try_move`) to show them.
        """
        if self.step_done:
            return []
        step = self.step
        rest = self._rest_of_sequence()
        if rest:
            return rest
        if self.goal in ("win", "card", "line", "hold") or self._ended:
            return []  # the learner has left every turn the step knows: see show_me_blocked
        if self.game.turn != step.learner or self.game.is_over():
            return []
        rest = best_continuation(self.game)
        if self.goal in ("space", "corner"):
            test = frees_space if self.goal == "space" else opens_corner
            trial, moves = self.game.copy(), []
            for move in rest:
                moves.append(move)
                if test(trial, move):
                    return moves
                trial.play(move)
            return [next(m for m in self.game.legal_moves() if test(self.game, m))]
        if self.goal == "shed" and not self._better:
            moves = []
            needed = (step.sheds or 0) - self._shed()
            for move in rest:
                if needed <= 0:
                    break
                moves.append(move)
                needed -= isinstance(move, PlayCard)
            return moves
        if self.goal == "end" and not self._better:
            return [*rest, self.game.end_move()]
        return rest

    def show_me_blocked(self) -> str | None:
        """Why "show me" has nothing to show while the step is not done, else ``None``: in a
        step judged by win chance, the learner's moves so far are not the start of any turn
        the step knows."""
        if self.step_done or self.show_me():
            return None
        return gettext(
            "your moves so far are not the start of the best turn found: take them back to see it"
        )

    def next_hint(self) -> str:
        """A hint for the current step, more specific each time; the most specific repeats."""
        if not self.step.interactive:
            return gettext("Nothing to play in this step: read it, then go on to the next one.")
        if self.step_done:
            return gettext("This step is done: go on to the next one.")
        hints = self.hint_words()
        remaining = self.show_me()
        if remaining:
            hints.append(sentence(describe_move(self.game, remaining[0])))
        blocked = self.show_me_blocked()
        if blocked is not None:
            hints.append(sentence(blocked))
        hint = hints[min(self._hint, len(hints) - 1)]
        self._hint += 1
        return hint

    def judge_turn(self, moves: list[Move] | tuple[Move, ...]) -> AgainstBest:
        """A whole turn from the start of the current step (judged by win chance) set against
        the step's best turn, on the step's sampled deals; the same turn is measured once."""
        step = self.step
        key = (self.index, tuple(map(str, moves)))
        if key not in self._judged:
            view = self._views[self.index] if self.index < len(self._views) else None
            seen = view or step.new_game(self.lesson.rules).observation(step.learner)
            best = [as_move(text) for text in step.expect[0]]
            self._judged[key] = against_best(
                seen, tuple(moves), best, seed=step.seed, worlds=step.worlds
            )
        return self._judged[key]

    # -- inside ---------------------------------------------------------------------------------

    def _turn_over(self) -> bool:
        """Judged by win chance: the learner's turn has ended (only a turn the step accepts is
        ended) or gone out."""
        if any(isinstance(move, EndTurn) for move in self.played):
            return True
        return bool(self.played) and not self.game.hand(self.step.learner)

    def _try_in_turn(self, move: Move) -> Feedback:
        """A legal move in a step judged by win chance: any move that does not end the turn is
        played; ending the turn is judged (a known turn at once, another on sampled deals) and
        refused, changing nothing, when it loses beyond the luck of the deals."""
        step = self.step
        if isinstance(move, EndTurn):
            turn = (*self.played, move)
            texts = tuple(map(str, turn))
            if texts == step.expect[0]:
                praise = gettext("That is the best turn found.")
            elif texts in step.expect:
                praise = gettext(
                    "That turn is as good as the best found, within the luck of the deals."
                )
            else:
                judged = self.judge_turn(turn)
                if judged.verdict != "best":
                    return Feedback(False, _lost_words(judged, bool(self.played)), False)
                praise = _kept_words(judged)
            self.game.play(move)
            self.played.append(move)
            return Feedback(True, f"{praise} {self.words('after')}".strip(), True)
        done = describe_move_done(self.game, move, "you")
        self.game.play(move)
        self.played.append(move)
        if self.step_done:
            # TRANSLATORS: {went_out} is how going out ended the hand ("You went out and won
            # the hand"), {done} the move that did it, {after} the step's closing words
            text = gettext("{went_out}: {done} {after}")
            return Feedback(
                True,
                text.format(
                    went_out=went_out_words(self.game), done=done, after=self.words("after")
                ),
                True,
            )
        # TRANSLATORS: {done} is what the learner's move did, as a sentence
        more = gettext("{done} Play on, or end the turn to see how it does.")
        return Feedback(True, more.format(done=sentence(done)), False)

    def _play_others(self) -> list[str]:
        """Play the other seats' moves the step's sequence calls for, up to the learner's turn.

        A step such as "pass, and P2 passes too" names the other player's move in its sequence;
        the learner only ever plays their own seat, so the lesson plays the rest.
        """
        made: list[str] = []
        learner = self.step.learner
        while not self.step_done and self.game.turn != learner and not self.game.is_over():
            wanted = self.show_me()
            if not wanted or self.game.violation(wanted[0]) is not None:
                break
            other = seat_words(learner, self.game.turn, self.game.players)
            made.append(sentence(describe_move_done(self.game, wanted[0], other)))
            self.game.play(wanted[0])
            self.played.append(wanted[0])
        return made

    def _shed(self) -> int:
        return sum(isinstance(move, PlayCard) for move in self.played)

    def _fits(self, move: Move) -> bool:
        """True when ``move`` keeps the step's goal within reach: the next move of an expected
        sequence, or (for a goal other than one named move) any move after which the goal can
        still be met."""
        step = self.step
        played = (*map(str, self.played), str(move))
        if any(sequence[: len(played)] == played for sequence in step.expect):
            return True
        goal = self.goal
        if goal in ("card", "line", "hold") or self._better:
            return False
        if goal in ("space", "corner"):
            return (frees_space if goal == "space" else opens_corner)(self.game, move)
        if goal == "out":
            return not isinstance(move, EndTurn) and self._goes_out_after(move)
        if goal == "shed":
            if isinstance(move, EndTurn):
                return False
            trial = self.game.copy()
            trial.play(move)
            wanted = step.sheds or 0
            return self._shed() + isinstance(move, PlayCard) + max_shed(trial) >= wanted
        if goal == "end":
            if self.game.turn != step.learner:
                return False
            shed_before, best = self._mark
            if best < 0:
                best = max_shed(self.game) + self._shed() - shed_before
                self._mark = (shed_before, best)
            since = self._shed() - shed_before
            if isinstance(move, EndTurn):
                return since >= best
            trial = self.game.copy()
            trial.play(move)
            return since + isinstance(move, PlayCard) + max_shed(trial) >= best
        return False

    def accepts(self, move: Move | str) -> bool:
        """True when :meth:`try_move` would play ``move`` (nothing is played): it is legal and
        meets the step's goal, or keeps going out within reach."""
        if self.game.violation(move) is not None:
            return False
        if not self.step.interactive:
            return True
        if self.step_done:
            return False
        parsed = as_move(move)
        if self.goal == "win":
            return True
        return self._fits(parsed) or self._goes_out_after(parsed)

    def _goes_out_after(self, move: Move) -> bool:
        """True when the learner can still go out this turn after ``move`` (not a move that
        ends the turn)."""
        if isinstance(move, EndTurn) or self.goal in ("win", "read", "hold", "line", "card"):
            return False
        trial = self.game.copy()
        trial.play(move)
        left = len(trial.hand(self.step.learner))
        return left == 0 or (trial.turn == self.step.learner and max_shed(trial) >= left)

    def _rest_of_sequence(self) -> list[Move]:
        """The rest of the first expected sequence the moves so far begin, else ``[]``."""
        played = tuple(map(str, self.played))
        for sequence in self.step.expect:
            if sequence[: len(played)] == played and len(sequence) > len(played):
                return [as_move(text) for text in sequence[len(played) :]]
        return []

    def _went_out(self) -> bool:
        return bool(self.played) and not self.game.hand(self.step.learner)

    def _compare(self, move: Move) -> str:
        """Why a legal move is not what the step wants, comparing what it sheds with the best."""
        goal = self.goal
        wanted = self.show_me()
        if goal in ("card", "line") and wanted:
            named_move = describe_move(self.game, wanted[0])
            # TRANSLATORS: {move} is the move to make, as an instruction ("play the ten of
            # hearts onto the jack of clubs")
            if goal == "card":
                text = gettext("that is legal, but this step teaches one move: {move}")
            else:
                text = gettext(
                    "that is legal, but this step follows the line as it was played: {move}"
                )
            return text.format(move=f"{named_move[0].lower()}{named_move[1:]}")
        if goal == "hold" and self.step.reason:
            # TRANSLATORS: {reason} is the step's own words on what the cards held back open
            text = gettext("that is legal, but this step holds those cards back: {reason}")
            return text.format(reason=self.words("reason"))
        if goal == "space":
            return gettext(
                "that is legal, but this step is about freeing a space: move a pile off the cross"
            )
        if goal == "corner":
            return gettext(
                "that is legal, but this step is about putting a king into an empty corner"
            )
        suggestion = ""
        if wanted:
            kind = move_kind(self.game, wanted[0])
            same = kind == move_kind(self.game, move)
            suggestion = gettext((_ANOTHER if same else _FIRST).get(kind, _ANOTHER_MOVE))
        shed_now = self._shed()
        best = shed_now + max_shed(self.game)
        if isinstance(move, EndTurn):
            after = shed_now
        else:
            trial = self.game.copy()
            trial.play(move)
            after = shed_now + isinstance(move, PlayCard) + max_shed(trial)
        if after < best:
            # "at most": the move itself sheds one card or none, and the rest is what can follow
            if shed_now:
                best_words = ngettext(
                    "the best turn from here plays {n} card in all",
                    "the best turn from here plays {n} cards in all",
                    best,
                )
            else:
                best_words = ngettext(
                    "the best turn here plays {n} card", "the best turn here plays {n} cards", best
                )
            if isinstance(move, EndTurn) and shed_now:
                first = ngettext(
                    "ending the turn now stops this turn at {n} card",
                    "ending the turn now stops this turn at {n} cards",
                    after,
                )
            elif isinstance(move, EndTurn):
                first = gettext("ending the turn now plays no card this turn")
            elif shed_now:
                first = ngettext(
                    "after that move this turn can play at most {n} card in all ({shed} played "
                    "so far)",
                    "after that move this turn can play at most {n} cards in all ({shed} played "
                    "so far)",
                    after,
                )
            elif after:
                first = ngettext(
                    "after that move this turn can play at most {n} card",
                    "after that move this turn can play at most {n} cards",
                    after,
                )
            else:
                first = gettext("after that move this turn can play at most no card")
            # TRANSLATORS: two clauses: what the learner's move leaves this turn, then what the
            # best turn plays
            text = gettext("{first}; {best}").format(
                first=first.format(n=after, shed=shed_now), best=best_words.format(n=best)
            )
        elif isinstance(move, EndTurn):
            text = gettext("not yet: this step wants more before the turn ends")
        else:
            text = gettext("that is legal, but it is not what this step is about")
        # TRANSLATORS: why the move is refused, then what to try instead
        return (
            gettext("{why} — {suggestion}").format(why=text, suggestion=suggestion)
            if suggestion
            else text
        )


_FIRST = {
    "a pile move": N_("try a pile move first"),
    "playing a card onto a pile": N_("try playing a card onto a pile first"),
    "a king in a corner": N_("try a king in a corner first"),
    "filling the empty space": N_("try filling the empty space first"),
    "ending the turn": N_("try ending the turn first"),
}
"""What to try instead of a move of another kind, by the kind the step wants (see
:func:`~kingscorner_widget.engine.words.move_kind`)."""
_ANOTHER = {
    "a pile move": N_("try another pile move"),
    "playing a card onto a pile": N_("try another card or pile"),
    "a king in a corner": N_("try another king or corner"),
    "filling the empty space": N_("try another card in the empty space"),
}
"""What to try instead of a move of the kind the step wants."""
_ANOTHER_MOVE = N_("try another move")


def _lost_words(judged: AgainstBest, moved: bool) -> str:
    """Why a turn judged by win chance is refused (``moved``: the learner has moves to take
    back)."""
    lost = round(100 * judged.best) - round(100 * judged.played)  # as the two are shown
    if moved:
        again = gettext("Take back a move or two and try another turn.")
    else:
        again = gettext("Try another turn.")
    # TRANSLATORS: {played} and {best} are percentages ("38%"); {lost} a whole number
    text = ngettext(
        "That turn wins {played} of the time; the best turn found wins {best}: {lost} fewer "
        "wins in every 100 games, more than luck explains in {n} game played out. {again}",
        "That turn wins {played} of the time; the best turn found wins {best}: {lost} fewer "
        "wins in every 100 games, more than luck explains in {n} games played out. {again}",
        judged.worlds,
    )
    return text.format(
        played=percent(judged.played),
        best=percent(judged.best),
        lost=lost,
        n=judged.worlds,
        again=again,
    )


def _kept_words(judged: AgainstBest) -> str:
    """Why a turn judged by win chance is accepted."""
    if judged.played >= judged.best:
        # TRANSLATORS: {played} and {best} are percentages ("38%")
        text = gettext(
            "That turn wins {played} of the time, as often as the best turn found ({best}) or more."
        )
    elif judged.loss > 2 * judged.stderr:
        text = gettext(
            "That turn wins {played} of the time, close to the best turn found ({best})."
        )
    else:
        text = gettext(
            "That turn wins {played} of the time, within the luck of the deals of the best "
            "turn found ({best})."
        )
    return text.format(played=percent(judged.played), best=percent(judged.best))


def describe_move(game: Game, move: Move) -> str:
    """What ``move`` does on ``game``'s table, as an instruction (see
    :func:`kingscorner_widget.engine.words.instruction`).

    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> describe_move(g, as_move("Th>N"))
    'Play the ten of hearts onto the jack of clubs'
    """
    return instruction(game, move)


def describe_move_done(game: Game, move: Move, name: str = "You") -> str:
    """What ``move`` (not yet played on ``game``) did, as a lesson confirms it, in words.

    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> describe_move_done(g, as_move("S>E"), "you")
    'you moved the south pile onto the east pile.'
    """
    return move_done(game, move, name)
