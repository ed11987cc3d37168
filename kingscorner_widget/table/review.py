"""Review mode: a finished hand (or a whole match) turn by turn of one player, each turn against
the best turn from what that player could see.

What review allows:

- nothing is played: the table shows the position at the start of one of the reviewed player's
  turns, as that player saw it (the other hands and the stock face down), with the turn's verdict
  in words beside it;
- back and forward step through the player's turns; next (:meth:`ReviewSession.next`) jumps to
  the next mistake;
- "show the better turn" plays the best turn's moves one at a time on the table (the table's
  timer sends ``step``; ``skip`` plays the rest at once). The turn's closing draw is said, never
  played: it would turn up a card the player never saw;
- "practise these" opens the mistakes as a practice lesson (lesson mode), and from the lesson,
  ``resume`` comes back to the review; a review opened from a hand of play goes back to that
  table the same way;
- no hint, undo, new deal, daily deal or loading: the review is of the game it was given.

The whole review is worked out once, when the mode opens (every turn's search within
:data:`~kingscorner_widget.table.advice.REVIEW_BUDGET`, counted in states); a four-player match
takes well under a second, and each click after that only sets out a position.

>>> from kingscorner_widget import Game
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> s = ReviewSession(game, viewer=1)
>>> print(s.status())  # doctest: +NORMALIZE_WHITESPACE
Turn 1 of 1. A big mistake: you played 1 card; the best turn here plays 3 and goes out, which
wins the hand at once.
>>> s.act("play", move="Th>N").status
'This is a review: nothing is played here. Press Show the better turn to see the best turn.'
>>> s.show().status
'Watch the better turn: it plays 3 cards and goes out.'
>>> while s.waiting:
...     _ = s.step()
>>> s.game.hand_sizes(), s.snapshot(1)["outcome"]
((0, 7), 'You go out here with the best turn.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..analysis import Review, ReviewedTurn
from ..analysis.judging.review import Judge, turn_views
from ..analysis.judging.verdict_words import after_colon, percent, review_line, verdict_name
from ..analysis.judging.win_chance import WIN_WORLDS
from ..display.language import N_, Later, gettext, ngettext, pgettext, say
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import EndTurn, Move
from ..engine.words import sentence, turn_words
from ..lessons import Lesson, LessonRun
from ..lessons.practice import practice_run
from .actions import action
from .advice import review_of
from .estimates import WinEstimates
from .history import History
from .lesson import LessonSession
from .reply import Reply, refuse
from .session import Session
from .snapshot import Extra, ReviewMove, ReviewWin, Summary

__all__ = ["PracticeSession", "ReviewSession"]

Json = dict[str, Any]


class ReviewSession(Session):
    """The turns of ``viewer`` in ``source``: a finished :class:`Game` (``viewer`` is a player
    number) or a :class:`Match` (``viewer`` is a seat; ``hand`` keeps the review to that hand of
    the match). ``came_from`` is the table to go back to (``resume``). A player with no finished
    turn to review is refused with a ``ValueError``."""

    mode = "review"
    withheld = frozenset({"draw"})

    def __init__(
        self,
        source: Game | Match,
        *,
        viewer: int,
        hand: int | None = None,
        came_from: Session | None = None,
        title: str | Later = "",
        judge: Judge = "cards",
        worlds: int = WIN_WORLDS,
    ) -> None:
        if judge not in ("cards", "win"):
            raise ValueError(f"judge must be 'cards' or 'win', not {judge!r}")
        if not isinstance(source, Game | Match):
            raise TypeError(f"review mode reviews a Game or a Match, not {source!r}")
        if isinstance(source, Game):  # a copy: later play on the caller's game changes nothing
            source = source.copy()
        self.match = source if isinstance(source, Match) else None
        """The match reviewed (or the match of the hand reviewed), if any."""
        self._single = source if isinstance(source, Game) else None
        self.seat = viewer
        """The reviewed player: a seat in a match, else the player number."""
        self._hand = hand
        if hand is not None:
            if self.match is None:
                raise ValueError("only a match has hands to choose from")
            seats = self.match.seats_of(hand)  # refuses a hand that does not exist
            if viewer not in seats:
                raise ValueError(f"seat {viewer} did not play hand {hand}")
            self._reviewed: Game | Match = self.match.hands[hand - 1]
            reviewed = review_of(self._reviewed, seats.index(viewer) + 1)
        else:
            self._reviewed = source
            reviewed = review_of(source, viewer)
        self.review: Review = reviewed
        """The review: every turn of the player, with its verdict."""
        if not self.review.turns:
            raise ValueError(f"{self.review_name()} has no finished turn to review yet")
        self.came_from = came_from
        """The table to go back to, if the review was opened from one."""
        self.index = 0
        """The turn on the table (0-based, in :attr:`Review.turns`)."""
        self._showing: list[Move] = []
        self._shown = False
        self.judge: Judge = judge
        """What the turns are judged by: ``"cards"`` or ``"win"`` (worked out in the
        background, :attr:`estimates`); the table's "Judge by ..." switches it."""
        self._worlds = worlds
        self._estimates: WinEstimates | None = None
        if judge == "win":
            self._estimate()
        super().__init__(self._start_of(self.turn), title=title)

    def close(self) -> None:
        """Stop working out the win chances (the ones in stay; the table still reads as it
        did)."""
        if self._estimates is not None:
            self._estimates.close()

    @property
    def estimates(self) -> WinEstimates | None:
        """The win chances as they arrive (while judging by win chance; kept when the table
        switches to cards and back, so no turn is estimated twice)."""
        return self._estimates if self.judge == "win" else None

    def _estimate(self) -> None:
        """Start working out the win chances, the turn on the table first (once)."""
        if self._estimates is None:
            views = turn_views(self._reviewed, self.review)
            self._estimates = WinEstimates(self.review, views, worlds=self._worlds)
        self._estimates.want(self.index)

    # -- reading ------------------------------------------------------------------------------

    @property
    def turn(self) -> ReviewedTurn:
        """The reviewed turn on the table (judged by win chance once its estimate is in)."""
        if self.estimates is not None:
            judged = self.estimates.get(self.index)
            if judged is not None:
                return judged
        return self.review.turns[self.index]

    @property
    def estimating(self) -> bool:
        """True while the turn on the table waits for its win chances."""
        return self.estimates is not None and self.estimates.get(self.index) is None

    def judged(self) -> Review:
        """The review as far as it is judged: by win chance once every estimate is in."""
        if self.estimates is not None:
            whole = self.estimates.review()
            if whole is not None:
                return whole
        return self.review

    def _known_turns(self) -> list[ReviewedTurn]:
        """Every turn with its verdict known (judged by win chance: those estimated so far)."""
        if self.estimates is None:
            return list(self.review.turns)
        estimates = self.estimates
        return [t for i in range(len(self.review.turns)) if (t := estimates.get(i)) is not None]

    @property
    def hand(self) -> int:
        """The number of the hand the turn on the table was played in (1 for a single game)."""
        return self._hand if self._hand is not None else self.turn.hand

    @property
    def viewer(self) -> int:
        return self.turn.player

    @property
    def waiting(self) -> int | None:
        return self.viewer if self._showing else None

    def to_move(self) -> bool:
        return False

    def name(self, player: int) -> str:
        if player == self.viewer:
            return "You"
        if self.match is not None:
            return f"P{self.match.seats_of(self.hand)[player - 1]}"
        return f"P{player}"

    def order(self) -> list[int]:
        players = list(range(1, self.game.players + 1))
        if self.match is None:
            return players
        seats = self.match.seats_of(self.hand)
        return sorted(players, key=lambda player: seats[player - 1])

    def status(self, last: str = "") -> str:
        if last:
            return last
        line = self.verdict_line(moves=False)
        turn, turns = self.index + 1, len(self.review.turns)
        if self.match is not None:
            # TRANSLATORS: the review's status: {turn} of {turns} reviewed, in hand {hand} of
            # the match; {line} is the turn's verdict, a sentence
            said = gettext("Turn {turn} of {turns} (hand {hand}). {line}")
            return said.format(turn=turn, turns=turns, hand=self.hand, line=line)
        # TRANSLATORS: the review's status: {line} is the turn's verdict, a sentence
        return gettext("Turn {turn} of {turns}. {line}").format(turn=turn, turns=turns, line=line)

    def verdict_line(self, moves: bool = True, head: bool = True) -> str:
        """The verdict on the turn on the table, in words (with the best turn's ``moves``, after
        the verdict's name unless ``head`` is false)."""
        turn = self.turn
        if self.estimating:
            return gettext("Estimating the chances of winning...")
        if turn.win is not None:
            if not head:
                return turn.reason
            said = pgettext("a review line", "{verdict}: {line}")
            return said.format(verdict=verdict_name(turn.verdict), line=after_colon(turn.reason))
        return review_line(
            turn.verdict,
            turn.reason,
            turn.shed,
            turn.best.moves,
            goes_out=turn.best.goes_out,
            exact=turn.proven,
            moves=moves,
            head=head,
        )

    @property
    def revealable(self) -> bool:
        """Never: a review sets out each turn as the reviewed player saw it."""
        return False

    def hidden(self) -> str:
        return gettext("a review shows each turn as you saw it, so the other hands stay face down")

    def summary(self, game: Game) -> Summary | None:
        # no end-of-hand summary: the table shows a turn's start or the better turn, never the
        # hand's real end, and a summary would show the hidden hands' cards
        return None

    def ending(self, game: Game) -> str | None:
        # the best turn went out: the hidden hands' points stay hidden
        return gettext("You go out here with the best turn.")

    def extra(self) -> Extra:
        turn, review = self.turn, self.judged()
        counts = review.counts
        to_learn = [t.number for t in self._known_turns() if t.verdict != "best"]
        better = turn.better_moves
        return {
            "review": {
                "turn": self.index + 1,
                "turns": len(review.turns),
                "hand": self.hand,
                "match": self.match is not None,
                "who": self.review_name(),
                "heading": gettext("Your turns") if self.came_from is not None else self.heading(),
                "judge": self.judge,
                "estimating": self.estimating,
                "verdict": None if self.estimating else turn.verdict,
                "words": self.verdict_line(moves=False, head=False),
                "played": _lines(turn.moves),
                "best": _lines(better),
                "shed": turn.shed,
                "bestShed": turn.best_shed,
                "proven": turn.proven,
                "win": None if turn.win is None else _win(turn),
                "showing": bool(self._showing),
                "shown": self._shown,
                "mistakes": to_learn,
                "nextMistake": next((n for n in to_learn if n > turn.number), None),
                "summary": {
                    "accuracy": review.accuracy,
                    "counts": {str(kind): count for kind, count in counts.items()},
                    "shed": sum(min(t.shed, t.best_shed) for t in review.turns),
                    "possible": sum(t.best_shed for t in review.turns),
                    "judge": review.judge,
                    "note": review.accuracy_note(),
                    "estimated": (
                        len(review.turns) if self.estimates is None else self.estimates.done
                    ),
                },
                "resume": self._resume_label(),
            }
        }

    # -- stepping through the turns -----------------------------------------------------------

    def refusal(self, move: Move) -> str | None:
        # TRANSLATORS: {button} is the button's label, "Show the better turn"
        said = gettext(
            "this is a review: nothing is played here. Press {button} to see the best turn"
        )
        return said.format(button=gettext("Show the better turn"))

    @action(
        "back",
        N_("◀ Previous turn"),
        key="[",
        check=lambda s: (
            gettext("this is the first turn of the review: there is nothing further back")
            if s.index == 0
            else None
        ),
    )
    def back(self) -> Reply:
        return self._go(self.index - 1)

    @action(
        "forward",
        N_("Next turn ▶"),
        key="]",
        check=lambda s: (
            gettext("this is the last turn of the review: there is nothing further forward")
            if s.index == len(s.review.turns) - 1
            else None
        ),
    )
    def forward(self) -> Reply:
        return self._go(self.index + 1)

    def _later_to_learn(self) -> list[ReviewedTurn]:
        return [
            t for t in self._known_turns() if t.verdict != "best" and t.number > self.turn.number
        ]

    def _nothing_later_to_learn(self) -> str | None:
        if not any(t.verdict != "best" for t in self._known_turns()):
            if self.estimates is not None and not self.estimates.complete:
                return gettext(
                    "the chances are still being estimated: no turn to learn from is known yet"
                )
            return gettext(
                "every turn in this review was a best turn: there is nothing to learn from"
            )
        if self._later_to_learn():
            return None
        return gettext("there is no small slip or mistake after this turn")

    @action(
        "judge",
        lambda s: (
            gettext("Judge by cards played")
            if s.judge == "win"
            else gettext("Judge by chance of winning")
        ),
        key="J",
    )
    def switch_judge(self) -> Reply:
        """Judge the turns the other way: by chance of winning (worked out in the background,
        the turn on the table first) or by cards shed. The turn is set out afresh."""
        self.judge = "cards" if self.judge == "win" else "win"
        if self.judge == "win":
            self._estimate()
        self._set_out()
        # TRANSLATORS: {status} is the review's status line after the switch
        if self.judge == "win":
            said = gettext("Judging by chance of winning. {status}")
        else:
            said = gettext("Judging by cards played. {status}")
        return Reply(said.format(status=self.status()))

    @action("next", N_("Next to learn"), key="N", check=lambda s: s._nothing_later_to_learn())
    def next(self) -> Reply:
        """Jump to the next turn that was not best (an inaccuracy, a mistake or a blunder)."""
        return self._go(self._later_to_learn()[0].number - 1)

    def _go(self, index: int) -> Reply:
        self.index = index
        if self.estimates is not None:
            self.estimates.want(index)
        self._set_out()
        return Reply(self.status())

    def _set_out(self) -> None:
        """Put the turn's starting position on the table, as the player saw it."""
        self._showing.clear()
        self._shown = False
        self._game = self._start_of(self.turn)
        self.history = History(self._game, self.name)

    def _start_of(self, turn: ReviewedTurn) -> Game:
        if self._hand is not None:
            assert self.match is not None
            game = self.match.hands[self._hand - 1]
        elif self.match is not None:
            game = self.match.hands[turn.hand - 1]
        else:
            assert self._single is not None
            game = self._single
        table = game.copy()
        while len(table.moves) > turn.ply:
            table.undo()
        return table

    # -- showing the better turn --------------------------------------------------------------

    def _best_plays(self) -> list[Move]:
        return [move for move in self.turn.better_moves if not isinstance(move, EndTurn)]

    def _nothing_to_show(self) -> str | None:
        if self._showing:
            # TRANSLATORS: {button} is the button's label, "Skip"
            said = gettext("the table is already showing the better turn (or press {button})")
            return said.format(button=gettext("Skip"))
        if self.estimating:
            return gettext("the chances of winning are still being estimated for this turn")
        if self.turn.verdict == "best":
            return gettext("you played a best turn here: there is no better turn to show")
        return None

    def _show_label(self) -> str:
        if self.estimating:
            return gettext("Estimating...")
        if self.turn.verdict == "best":
            return gettext("You played a best turn")
        return gettext("Show the better turn")

    @action(
        "show",
        lambda s: s._show_label(),
        key="M",
        check=lambda s: s._nothing_to_show(),
        primary=lambda s: not s.estimating and s.turn.verdict != "best" and not s._shown,
    )
    def show(self) -> Reply:
        plays = self._best_plays()
        self._set_out()
        self._showing[:] = plays
        turn = self.turn
        if not plays:  # the better turn keeps the whole hand back: nothing moves on the table
            self._shown = True
            ends = turn_words([move for move in turn.better_moves if isinstance(move, EndTurn)])
            # TRANSLATORS: {ends} is how the turn ends, in words ("draw a card to end the
            # turn"); {best} and {played} are chances of winning ("38%")
            if turn.win is not None:
                said = gettext(
                    "The better turn plays no card: keep your whole hand, then {ends}. That is "
                    "the best turn found by chance of winning: {best}, against {played} for the "
                    "turn played."
                )
                return Reply(
                    said.format(
                        ends=ends, best=percent(turn.win.best), played=percent(turn.win.played)
                    )
                )
            said = gettext("The better turn plays no card: keep your whole hand, then {ends}.")
            return Reply(said.format(ends=ends))
        if turn.win is not None:
            # TRANSLATORS: {best} and {played} are chances of winning ("38%")
            said = gettext(
                "Watch the better turn: its chance of winning is {best}, against {played} for "
                "the turn played."
            )
            return Reply(
                said.format(best=percent(turn.win.best), played=percent(turn.win.played)),
                moves=tuple(plays),
            )
        n = turn.best_shed
        if turn.best.goes_out:
            said = ngettext(
                "Watch the better turn: it plays {n} card and goes out.",
                "Watch the better turn: it plays {n} cards and goes out.",
                n,
            )
        else:
            said = ngettext(
                "Watch the better turn: it plays {n} card.",
                "Watch the better turn: it plays {n} cards.",
                n,
            )
        return Reply(said.format(n=n), moves=tuple(plays))

    @action("step", check=lambda s: s._not_showing(), quiet=True)
    def step(self) -> Reply:
        move = self._showing.pop(0)
        line = self.history.play(move)
        if self._showing:
            return Reply(sentence(line["words"]), moves=(move,))
        self._shown = True
        return Reply(self._shown_line(line["words"]), moves=(move,))

    def _not_showing(self) -> str | None:
        return None if self._showing else gettext("there is no move to wait for")

    @action(
        "skip",
        N_("Skip"),
        key="K",
        offered=lambda s: bool(s._showing),
        check=lambda s: s._not_showing(),
    )
    def skip(self) -> Reply:
        made: list[Move] = []
        reply = Reply("")
        while self._showing:
            reply = self.step()
            made.extend(reply.moves)
        return Reply(reply.status, moves=tuple(made))

    def _shown_line(self, last: str) -> str:
        """The better turn's last card said (``last``, the move in words), then how the turn
        ends and what it was."""
        turn = self.turn
        moves = turn.better_moves if turn.win is not None else turn.best.moves
        ending = [move for move in moves if isinstance(move, EndTurn)]
        ends = turn_words(ending)
        # TRANSLATORS: {last} is the last move shown, a sentence ("You play the ten of hearts on
        # the north pile."); {ends} how the turn ends ("draw a card to end the turn")
        then = gettext("{last} Then {ends}.") if ending else "{last}"
        head = then.format(last=sentence(last), ends=ends)
        if turn.win is not None:
            # TRANSLATORS: {said} is the better turn's last move and its end, sentences; {best}
            # its chance of winning ("38%")
            said = gettext("{said} That is the best turn found by chance of winning: {best}.")
            return said.format(said=head, best=percent(turn.win.best))
        best = turn.best
        n = best.cards_played
        # TRANSLATORS: {said} is the better turn's last move and its end, sentences
        if best.goes_out:
            form = ngettext(
                "{said} That is the best turn here: {n} card shed and out.",
                "{said} That is the best turn here: {n} cards shed and out.",
                n,
            )
        else:
            form = ngettext(
                "{said} That is the best turn here: {n} card shed.",
                "{said} That is the best turn here: {n} cards shed.",
                n,
            )
        return form.format(said=head, n=n)

    # -- other tables -------------------------------------------------------------------------

    def _nothing_to_practise(self) -> str | None:
        if self.estimates is not None and not self.estimates.complete:
            done, total = self.estimates.done, len(self.review.turns)
            said = ngettext(
                "the chances are still being estimated ({done} of {n} turn)",
                "the chances are still being estimated ({done} of {n} turns)",
                total,
            )
            return said.format(done=done, n=total)
        if not self.judged().to_learn:
            return gettext("there are no inaccuracies or mistakes to practise")
        return None

    @action("practise", N_("Practise these"), key="T", check=lambda s: s._nothing_to_practise())
    def practise(self) -> Reply:
        """Open the reviewed inaccuracies and mistakes as a practice lesson (lesson mode)."""
        judged = self.judged()
        if self.came_from is not None:
            title = gettext("Practise your turns to learn from")
        else:
            # TRANSLATORS: {name} is the reviewed player ("seat 2", "P2")
            title = gettext("Practise {name}'s turns to learn from").format(name=self.review_name())
        try:
            run = practice_run(judged, self._reviewed, title=title, inaccuracies=True)
        except ValueError as error:
            return refuse(str(error))
        practice = PracticeSession(run, came_from=self)
        return Reply(practice.status(), opens=practice)

    @action(
        "resume",
        lambda s: s._resume_label() or "",
        key="B",
        offered=lambda s: s.came_from is not None,
        check=lambda s: (
            None
            if s.came_from is not None
            else gettext("this review was opened on its own: there is no table to go back to")
        ),
    )
    def resume(self) -> Reply:
        """Go back to the table the review was opened from."""
        assert self.came_from is not None  # the check
        return Reply(self.came_from.status(gettext("Back to the table.")), opens=self.came_from)

    def _resume_label(self) -> str | None:
        if self.came_from is None:
            return None
        if getattr(self.came_from, "match", None):
            return gettext("Back to the match")
        return gettext("Back to the game")

    def review_name(self) -> str:
        """The reviewed player as the review names them: ``seat 2`` in a match, ``P2``."""
        if self.match is None:
            return f"P{self.seat}"
        return pgettext("a seat of a match, named", "seat {seat}").format(seat=self.seat)

    def heading(self) -> str:
        """The review's title, said now: the one it was given, else what it reviews."""
        return say(self.title) or self._default_title()

    def _default_title(self) -> str:
        if self._hand is not None:
            return gettext("Review of hand {hand}").format(hand=self._hand)
        if self.match is not None:
            n = len(self.match.hands)
            # TRANSLATORS: {name} is the reviewed seat ("seat 2"), {n} the hands of the match
            said = ngettext("Review of {name}, {n} hand", "Review of {name}, {n} hands", n)
            return said.format(name=self.review_name(), n=n)
        return gettext("Review of {name}").format(name=self.review_name())


class PracticeSession(LessonSession):
    """The practice lesson a review opened: a lesson, with ``resume`` back to the review."""

    def __init__(self, lesson: Lesson | LessonRun, *, came_from: ReviewSession) -> None:
        super().__init__(lesson)
        self.came_from = came_from
        """The review to go back to."""

    @action("resume", N_("Back to the review"), key="B")
    def resume(self) -> Reply:
        """Go back to the review."""
        review = self.came_from
        return Reply(review.status(), opens=review)


def _lines(moves: Sequence[Move]) -> list[ReviewMove]:
    """Moves for the review panel: notation, and words."""
    return [{"notation": str(move), "words": turn_words([move])} for move in moves]


def _win(turn: ReviewedTurn) -> ReviewWin:
    """A turn's chances of winning for the review panel (shares from 0 to 1)."""
    win = turn.win
    assert win is not None
    return {
        "before": win.before,
        "played": win.played,
        "mostCards": win.most_cards,
        "best": win.best,
        "loss": win.loss,
        "stderr": win.stderr,
        "worlds": win.worlds,
        "shed": turn.shed,
        "mostCardsShed": turn.best_shed,
    }
