"""Play mode: the viewer at one seat against computer players, as at a real table.

What play allows:

- the viewer acts only for their own seat, and only on their turn; the computer players move
  when the table asks them (:meth:`PlaySession.step`, :meth:`PlaySession.skip`);
- a move once made stays made (a card once played stays on the table, even before the turn
  ends): there is no undo and no branching;
- back and forward only *review* the hand on a copy; the game itself never goes back, and play
  resumes at the present;
- a scored hand stays scored; no position or record is loaded over a match;
- nothing the viewer could not see at the table is shown or confirmed: the snapshot, the hints
  and every reply come from the viewer's own view; the other hands are turned face up (reveal,
  the end-of-hand summary) only once the hand is over, as players lay their cards down to count;
- New match and Daily match ask before throwing away a match in progress;
- the daily game is a daily match: every hand of it dealt from the date
  (:meth:`~kingscorner_widget.engine.match.Match.daily`), with its score sheet;
- in the viewer's first hand at the table the message line says what can be done now, and
  what the gold outlines mean the first time they appear (:mod:`~kingscorner_widget.table.guide`);
- the viewer may pause the computer players (Pause) and see them one move at a time (Next
  move), then let them play on;
- with ``watch`` (a player object or a computer player's name), the viewer's own seat is played
  by that player: the table shows its hand and steps its moves like the others', so a student
  watches their player play a whole hand from its own seat (the viewer makes no move).

>>> from kingscorner_widget import Game
>>> s = PlaySession(Game.new(players=2, seed=3), opponents="greedy")
>>> s.act("back").status
'This is the start of the hand: there is nothing further back.'
>>> s.status()
'Your turn. Pick a card (or a pile), then a pile it fits on, or Draw & end turn.'
>>> s.draw().status
'You draw a card and end your turn.'
>>> s.undo().status
'A card once played stays on the table, even before your turn ends: try ideas out in explore mode.'
>>> s.act("reveal").status
'The other hands stay face down while the hand is played: they are shown when it ends.'
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..analysis.judging.review import Judge
from ..analysis.players import GreedyPlayer, Player, make_player
from ..analysis.players.timed import Late, OnTime
from ..display.language import N_, Later, gettext, ngettext
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Move, as_move
from ..engine.naming import seat_shown
from ..engine.observation import Observation
from ..engine.rules import MatchEnd, Rules
from ..engine.words import match_line, refusal, sentence
from .actions import Field, action
from .advice import COMPUTER_OPTIONS, HINT_LEVELS, PLAY_HINT, TurnHint, turn_hint
from .guide import OUTLINES, next_step
from .history import History
from .page_words import sheet_caption
from .reply import Reply, refuse
from .review import ReviewSession
from .session import MAX_SPEED, SPEED_ERROR, Session, today
from .snapshot import Extra, Summary
from .summary import hand_summary

__all__ = ["MAX_COMPUTER_MOVES", "PlaySession"]

Json = dict[str, Any]
Opponents = str | Sequence[str | Player]

NO_UNDO = N_(
    "a card once played stays on the table, even before your turn ends: "
    "try ideas out in explore mode"
)
START = N_("this is the start of the hand: there is nothing further back")
REVIEW_AT_HAND_END = N_("finish the hand first: it can be reviewed once it is over")
"""Why "Review this hand" waits: it keeps its place on the toolbar all hand long, so the
buttons after it never move when the hand ends."""
HAND_OVER_COMPUTERS = N_("the hand is over: the computer players have nothing left to play")
"""Why Faster and Pause are disabled once the hand is over (they stay on the toolbar); each of
these reasons is marked, and said through ``gettext`` where it is given."""
MAX_COMPUTER_MOVES = 5000
"""A guard for :meth:`PlaySession.skip`: far more moves than any hand needs."""


class PlaySession(Session):
    """The viewer at seat ``viewer`` of ``source`` (a game or a match); the other seats are
    computer players named by ``opponents`` (one name for all, or one per seat, or objects with
    a ``choose(observation)`` method). ``rules`` are those of new deals (default: the source's).
    A seat outside the table is refused before anything is set up. ``watch`` (a player or a
    name) plays the viewer's seat while the viewer watches. ``judge`` is what "Review this hand"
    judges by first: ``"cards"`` or ``"win"``."""

    mode = "play"
    NEW_WORDS: ClassVar[dict[str, str]] = {
        "new": N_("a new match"),
        "daily": N_("the daily match"),
    }

    def __init__(
        self,
        source: Game | Match,
        *,
        viewer: int = 1,
        opponents: Opponents = "greedy",
        rules: Rules | None = None,
        seed: int = 0,
        title: str | Later = "",
        watch: str | Player | None = None,
        judge: Judge = "cards",
    ) -> None:
        game = source.game if isinstance(source, Match) else source
        self.rules = rules or (source.rules if isinstance(source, Match) else game.rules)
        """The rules of new deals at this table."""
        seats = source.seats if isinstance(source, Match) else game.players
        for count in (seats, self.rules.players):
            if not 1 <= viewer <= count:
                raise ValueError(f"there is no seat {viewer} at a table of {count}")
        check_opponents(opponents)
        if watch is not None:
            check_opponents([watch])
        self.watch = watch
        """The player that plays the viewer's seat while the viewer watches (``None``: the
        viewer plays)."""
        self.seat = viewer
        """The viewer's seat (it keeps its number all match)."""
        self.judge: Judge = judge
        """What "Review this hand" judges the viewer's turns by first (the review switches)."""
        self.opponents = opponents
        self.seed = seed
        self.match = source if isinstance(source, Match) else None
        """The match being played, if the table plays one."""
        self._bots: dict[int, Player] = {}
        self._timed: dict[int, OnTime] = {}
        """The seats played by a player object, each asked within its time limit."""
        self._review: History | None = None
        self._daily = ""
        self.paused = False
        """True while the viewer holds the computer players: each moves on Next move only."""
        self.guided = True
        """True in the viewer's first hand at this table: the message line says what to do."""
        self._moved = False
        self._hint: tuple[Game, int, TurnHint] | None = None
        """The Hint being told: the game and the number of its moves when its plan starts."""
        self._hint_at: tuple[tuple[int, int], int] | None = None
        """Where the last Hint was asked (the game's id and its moves) and at which level."""
        self.hinted = False
        """True once the viewer asked for a Hint in this hand: its review opens on the Hint's
        judge (chance of winning), so the review judges by the measure the Hint gave."""
        default: str | Later = ""
        if isinstance(source, Match):
            default = Later(N_("Hand {n}"), n=source.hand_number)
        super().__init__(game, title=title or default)

    # -- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game if self.match is not None else self._game

    @property
    def viewer(self) -> int | None:
        """The viewer's player number in this hand (``None`` once an elimination match has put
        their seat out)."""
        if self.match is not None:
            return self.match.player_of(self.seat)
        return self.seat

    @property
    def reviewing(self) -> bool:
        """True while the viewer looks back over the hand (the game itself stays where it is)."""
        return self._review is not None

    @property
    def waiting(self) -> int | None:
        game = self.game
        if self.reviewing or game.is_over():
            return None
        if game.turn == self.viewer and self.watch is None:
            return None
        return game.turn

    def to_move(self) -> bool:
        return not self.reviewing and super().to_move()

    def cannot_end_turn(self) -> str | None:
        if self.watch is not None and not self.game.is_over():
            return self._watching()
        return super().cannot_end_turn()

    def _watching(self) -> str:
        """Why the viewer plays nothing while watching their player."""
        # TRANSLATORS: {name} is a computer player's name; Pause, Next move and Skip are buttons
        said = gettext("this seat is played by {name}: watch it play (Pause, Next move or Skip)")
        return said.format(name=self.watched_name())

    @property
    def revealable(self) -> bool:
        """Only once the hand is over: during it, the other hands are the other players'."""
        return self.game.is_over()

    def hidden(self) -> str:
        return gettext(
            "the other hands stay face down while the hand is played: they are shown when it ends"
        )

    def at_stake(self) -> str | None:
        match = self.match
        if match is not None:
            if match.is_over() or (match.hand_number == 1 and not self.game.moves):
                return None
            done = len(match.sheet)
            if not done:
                return gettext("the match in progress (hand 1 begun)")
            return ngettext(
                "the match in progress ({n} hand scored)",
                "the match in progress ({n} hands scored)",
                done,
            ).format(n=done)
        if self.game.is_over() or not self.game.moves:
            return None
        return gettext("the hand in progress")

    def summary(self, game: Game) -> Summary | None:
        match = self.match
        if match is None or not match.is_scored():
            return super().summary(game)
        return hand_summary(game, self.name, self.order(), match, self.seat_name)

    def watched_name(self) -> str:
        """The name of the player watched at the viewer's seat."""
        watch = self.watch
        return watch if isinstance(watch, str) else str(getattr(watch, "name", "your player"))

    def name(self, player: int) -> str:
        if player == self.viewer:
            return "You" if self.watch is None else self.watched_name()
        return f"P{self.match.seat_of(player)}" if self.match is not None else f"P{player}"

    def seat_name(self, seat: int) -> str:
        """How the score sheet names a seat."""
        if seat == self.seat:
            return "You" if self.watch is None else self.watched_name()
        return f"P{seat}"

    def order(self) -> list[int]:
        players = range(1, self.game.players + 1)
        match = self.match
        return sorted(players, key=match.seat_of) if match is not None else list(players)

    def computers(self) -> list[int]:
        players = range(1, self.game.players + 1)
        return [p for p in players if p != self.viewer or self.watch is not None]

    def prompt(self) -> str:
        if self.guided:
            # TRANSLATORS: {step} says what the viewer can do now, in a sentence or two
            return gettext("Your turn. {step}").format(step=next_step(self.game))
        return gettext("Your turn.")

    def status(self, last: str = "") -> str:
        game = self.game
        if game.is_over():
            parts = [last, self.outcome()]
            if self.match is not None:
                over = self.match.is_over()
                parts.append(
                    match_line(self.match, self.seat_name)
                    if over
                    else gettext("Press Next hand to deal the next hand.")
                )
            return " ".join(filter(None, parts))
        if self.waiting is not None:
            name = self.name(game.turn)
            said = last or gettext("{name} to play.").format(name=name)
            if self.paused:
                # TRANSLATORS: {name} is the computer player to move; Next move is a button
                paused = gettext("Paused: press Next move to see {name}'s next move.")
                said += " " + paused.format(name=name)
            return said
        if self.viewer is None:
            return last or gettext("You are out of this match: the computer players play on.")
        return super().status(last)

    def view(self) -> History:
        return self._review or self.history

    def resay(self) -> None:
        super().resay()
        if self._review is not None:  # the viewer is looking back: their place is kept
            self._review.resay()

    def extra(self) -> Extra:
        guide: Extra = {
            "guide": gettext(OUTLINES) if self.guided and self.to_move() else None,
            "paused": self.paused,
        }
        match = self.match
        if match is None:
            return guide
        seats = [self.seat_name(s) for s in range(1, match.seats + 1)]
        shown = [seat_shown(seat) for seat in seats]
        return {
            **guide,
            "score": {
                "seats": shown,
                "rows": [
                    {"hand": row.hand, "points": list(row.points), "winners": list(row.winners)}
                    for row in match.sheet
                ],
                "totals": list(match.totals),
                "target": match.rules.target,
                "end": match.rules.match_end.value,
                "hand": match.hand_number,
                "scored": match.is_scored(),
                "over": match.is_over(),
                "winners": list(match.winners()),
                "caption": sheet_caption(
                    seats,
                    list(match.winners()) if match.is_over() else None,
                    hand=match.hand_number,
                    target=match.rules.target,
                    elimination=match.rules.match_end is MatchEnd.ELIMINATION,
                ),
            },
        }

    # -- the viewer's moves ---------------------------------------------------------------------

    def refusal(self, move: Move) -> str | None:
        game = self.game
        if self._review is not None:
            at, length = self._review.at, self._review.length
            said = gettext(
                "you are looking back at move {at} of {length}: step forward to the present to play"
            )
            return said.format(at=at, length=length)
        if self.match is not None and self.match.is_scored():
            return gettext("this hand is over and on the score sheet: deal the next hand")
        if self.viewer is None:
            return gettext("you are out of this match: the computer players play on")
        if self.watch is not None:
            return self._watching()
        if not game.is_over() and game.turn != self.viewer:
            said = gettext("it is {name}'s turn, not yours: wait for them (or skip)")
            return said.format(name=self.name(game.turn))
        return refusal(game.violation(move))

    def played(self, move: Move) -> Reply:
        line = self.history.play(move)
        self._moved = True
        self._score()
        return Reply(self.status(sentence(line["words"])))

    @action(
        "hint",
        N_("Hint"),
        key="H",
        check=lambda s: s.cannot_hint(),
    )
    def hint(self) -> Reply:
        """The next level of the Hint: the idea, then the card (outlined), then the whole turn
        (the card and its pile outlined). The plan is the winning hint's whole turn from the
        start of the plan: while the viewer follows it, each Hint goes on with the same turn."""
        viewer = self.viewer
        assert viewer is not None  # to_move says the viewer sits at the table
        game = self.game
        here = (id(game), len(game.moves))
        plan = self._current_plan()
        if plan is None:
            plan = turn_hint(game.observation(viewer))
            self._hint = (game, len(game.moves), plan)
            level = 1
        elif self._hint_at is not None and self._hint_at[0] == here:
            level = min(HINT_LEVELS, self._hint_at[1] + 1)
        else:
            level = 2 if plan.at else 1  # going on with the same turn: its idea is told
        self._hint_at = (here, level)
        self.hinted = True
        return Reply(plan.text(level), hint=plan.payload(level))

    def cannot_hint(self) -> str | None:
        """Why the Hint would only refuse now, or ``None``."""
        return None if self.to_move() else gettext("a hint is for your own turn")

    def _current_plan(self) -> TurnHint | None:
        """The Hint's plan, moved on to the moves made since it started, if they follow it."""
        if self._hint is None:
            return None
        game, start, plan = self._hint
        if game is not self.game or len(game.moves) < start:
            return None
        return plan.follows(tuple(game.moves[start:]))

    @property
    def hint_judge(self) -> Judge:
        """The judge the Hint uses (:data:`~kingscorner_widget.table.advice.PLAY_HINT`)."""
        return "win" if PLAY_HINT == "win" else "cards"

    # -- looking back -------------------------------------------------------------------------

    @action("undo", N_("Undo"), key="U", check=lambda s: gettext(NO_UNDO))
    def undo(self) -> Reply:
        """Never: a card once played stays played (the control says so)."""
        return refuse(gettext(NO_UNDO))

    @action("back", N_("◀ Back"), key="[", check=lambda s: s._at_start())
    def back(self) -> Reply:
        review = self._review
        if review is None:
            if not self.history.current():
                self.history.reread()
            review = self.history.copy(self.game.copy())
        review.back()
        self._review = review
        return Reply(self._looking(review))

    def _at_start(self) -> str | None:
        review = self._review or self.history
        if not review.current():
            review.reread()
        return gettext(START) if review.at == 0 else None

    @action(
        "forward",
        N_("Forward ▶"),
        key="]",
        check=lambda s: (
            None
            if s.reviewing
            else gettext("this is the present: there is nothing further forward")
        ),
    )
    def forward(self) -> Reply:
        review = self._review
        assert review is not None  # the check: only while looking back
        review.forward()
        if review.ahead:
            return Reply(self._looking(review))
        self._review = None
        return Reply(self.status(gettext("Back to the present.")))

    def _looking(self, review: History) -> str:
        if not review.lines:
            said = gettext(
                "Looking back, move {at} of {length}: the deal. Step forward to return to the game."
            )
            return said.format(at=review.at, length=review.length)
        # TRANSLATORS: {move} is the move looked at, as the log says it ("P2 plays the ten...")
        said = gettext(
            "Looking back, move {at} of {length}: {move}. Step forward to return to the game."
        )
        move = sentence(review.lines[-1]["words"]).rstrip(".")
        return said.format(at=review.at, length=review.length, move=move)

    # -- computer players ---------------------------------------------------------------------
    # Their controls (Faster, Pause, Next move, Skip) are always on the toolbar, disabled when
    # they do nothing (Faster and Pause once the hand is over), so the buttons never move under
    # the pointer when the computers start or stop.

    @action(
        "speed",
        N_("Faster"),
        key="+",
        fields=(Field("value", float, most=MAX_SPEED, error=SPEED_ERROR),),
        any_version=True,
        check=lambda s: gettext(HAND_OVER_COMPUTERS) if s.game.is_over() else None,
    )
    def speed(self, value: float) -> Reply:
        """The seconds the table waits between computer moves (kept for their next turns)."""
        said = gettext("The computer players now take {seconds} s a move.")
        return Reply(said.format(seconds=f"{value:g}"))

    @action(
        "pause",
        lambda s: gettext("Play on") if s.paused else gettext("Pause"),
        key="P",
        check=lambda s: gettext(HAND_OVER_COMPUTERS) if s.game.is_over() else None,
    )
    def pause(self) -> Reply:
        """Hold the computer players (each then moves on Next move), or let them play on."""
        self.paused = not self.paused
        if not self.paused:
            return Reply(self.status(gettext("The computer players play on.")))
        if self.waiting is None:
            return Reply(self.status(gettext("The computer players will wait for Next move.")))
        return Reply(self.status(gettext("The computer players wait.")))

    @action(
        "step",
        N_("Next move"),
        key=".",
        check=lambda s: (
            None
            if s.waiting is not None
            else gettext("there is no computer move to make: it is your turn")
        ),
        quiet=True,
    )
    def step(self) -> Reply:
        player = self.waiting
        assert player is not None  # the check: a computer is to move
        move, note = self._computer_move(player)
        line = self.history.play(move)
        self._score()
        return Reply(self.status(sentence(line["words"]) + note), moves=(move,))

    @action(
        "skip",
        N_("Skip"),
        key="K",
        check=lambda s: (
            None
            if s.waiting is not None
            else gettext("there is no computer move to skip: it is your turn")
        ),
    )
    def skip(self) -> Reply:
        made: list[Move] = []
        last = ""
        while (player := self.waiting) is not None and len(made) < MAX_COMPUTER_MOVES:
            move, note = self._computer_move(player)
            last = sentence(self.history.play(move)["words"]) + note
            self._score()
            made.append(move)
        if not made:
            return refuse(gettext("there is no computer move to skip: it is your turn"))
        return Reply(self.status(last), moves=tuple(made))

    def _computer_move(self, player: int) -> tuple[Move, str]:
        """The computer player's choice, checked by the engine; a bad choice ends its turn. A
        player object (a student's) has
        :data:`~kingscorner_widget.analysis.players.timed.PLAYER_LIMIT` seconds: past it, or
        while an earlier call of its still runs, the greedy player makes this one move for it,
        said, so the kernel is never held."""
        game = self.game
        seen = game.observation(player)
        try:
            move = as_move(self._ask(player, seen))  # type: ignore[arg-type]
            reason = refusal(game.violation(move))
        except Late as late:
            stand_in = GreedyPlayer().choose(seen)
            name = self.name(player)
            # TRANSLATORS: {name} is a student's computer player; {late} says how it was late
            said = gettext(" ({name} {late}: the greedy player made this move for it)")
            return stand_in, said.format(name=name, late=late)
        except Exception as error:  # a player that fails must not stop the table
            reason = f"{type(error).__name__}: {error}"
            move = game.end_move()
        if reason is None:
            return move, ""
        legal = game.legal_moves()
        fallback = game.end_move() if game.end_move() in legal else legal[0]
        said = gettext(" ({name} chose a move the rules refuse: {reason})")
        return fallback, said.format(name=self.name(player), reason=reason)

    def _ask(self, player: int, seen: Observation) -> object:
        """The answer of ``player``'s computer player: a built-in one directly, a player object
        within its time limit (:class:`~kingscorner_widget.analysis.players.timed.OnTime`)."""
        bot = self._bot(player)
        timed = self._timed.get(self._seat_of(player))
        if timed is None:
            return bot.choose(seen)
        return timed.choose(seen)

    def _seat_of(self, player: int) -> int:
        """The match's seat of this hand's ``player`` (the player itself at a single hand)."""
        return self.match.seat_of(player) if self.match is not None else player

    def _bot(self, player: int) -> Player:
        seat = self._seat_of(player)
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.opponents
            choice: str | Player
            if seat == self.seat and self.watch is not None:
                choice = self.watch
            elif isinstance(spec, str):
                choice = spec
            else:
                others = self._computer_seats()
                choice = spec[others.index(seat) % len(spec)] if seat in others else spec[0]
            if isinstance(choice, str):
                options = COMPUTER_OPTIONS.get(choice, {})
                bot = make_player(choice, seed=self.seed * 7919 + seat, **options)
            else:
                bot = choice
                self._timed[seat] = OnTime(bot)
            self._bots[seat] = bot
        return bot

    def _computer_seats(self) -> list[int]:
        """The seats computer players may take, in order (``opponents`` lists one per seat)."""
        return [seat for seat in range(1, 7) if seat != self.seat]

    def _score(self) -> None:
        """Put a finished hand of the match on the score sheet."""
        match = self.match
        if match is not None and self.game.is_over() and not match.is_scored():
            match.score_hand()

    # -- new deals ----------------------------------------------------------------------------

    @action("new", N_("New match"), key="G", asks=True)
    def new(self, seed: int | None = None) -> Reply:
        """A new match to the target, from ``seed`` or a random one."""
        seats = self.rules.players
        if not 1 <= self.seat <= seats:
            return refuse(f"there is no seat {self.seat} at a table of {seats}")
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.match = Match(self.rules, seed=seed)
        self._daily = ""
        self._reset(Later(N_("Hand 1 of a match to {target}"), target=self.rules.target))
        said = ngettext(
            "A new match to {n} point.", "A new match to {n} points.", self.rules.target
        )
        return Reply(self.status(said.format(n=self.rules.target)))

    @action("daily", N_("Daily match"), key="Y", asks=True)
    def daily(self, date: datetime.date | str | None = None) -> Reply:
        """The daily match: the same for everyone on ``date`` (default today, UTC), every hand
        dealt from the date; its first hand is the daily deal."""
        try:
            day = today() if date is None else datetime.date.fromisoformat(str(date))
        except ValueError:
            return refuse(f"{date!r} is not a date: write it as 2026-11-30")
        if not 1 <= self.seat <= self.rules.players:
            return refuse(f"there is no seat {self.seat} at a table of {self.rules.players}")
        self.match = Match.daily(day, self.rules)
        self._daily = f"Daily match, {day.isoformat()}"
        self._reset(self._daily_title(1))
        said = ngettext(
            "The daily match of {date}, to {n} point.",
            "The daily match of {date}, to {n} points.",
            self.rules.target,
        )
        return Reply(self.status(said.format(date=day.isoformat(), n=self.rules.target)))

    def _daily_title(self, hand: int) -> Later:
        """The heading of the daily match's hand ``hand``, said in the table's language."""
        day = self._daily.removeprefix("Daily match, ")
        return Later(N_("Daily match, {date}: hand {n}"), date=day, n=hand)

    @action(
        "next",
        N_("Next hand"),
        key="N",
        offered=lambda s: s.match is not None and s.match.is_scored() and not s.match.is_over(),
        primary=lambda s: True,
    )
    def next(self) -> Reply:
        """Deal the next hand of the match once this one is scored."""
        match = self.match
        if match is None:
            return refuse(gettext("this table plays a single hand: start a new match with New"))
        if not match.is_scored():
            return refuse(gettext("finish this hand first: the next one is dealt once it is over"))
        if match.is_over():
            return refuse(gettext("the match is over: start a new one with New"))
        match.next_hand()
        number = match.hand_number
        title = self._daily_title(number) if self._daily else Later(N_("Hand {n}"), n=number)
        self._reset(title)
        return Reply(self.status(gettext("Hand {n} is dealt.").format(n=match.hand_number)))

    @action(
        "review",
        N_("Review this hand"),
        key="R",
        offered=lambda s: s.viewer is not None,
        check=lambda s: None if s.game.is_over() else gettext(REVIEW_AT_HAND_END),
    )
    def review_hand(self) -> Reply:
        """Once the hand is over: review it from the viewer's side (review mode), with a way
        back to this table as it is."""
        if not self.game.is_over():
            return refuse(gettext(REVIEW_AT_HAND_END))
        if self.viewer is None:
            return refuse(gettext("you were out of this hand: there is no turn of yours to review"))
        match = self.match
        try:
            review = ReviewSession(
                match or self.game,
                viewer=self.seat,
                hand=match.hand_number if match is not None else None,
                came_from=self,
                judge=self.hint_judge if self.hinted else self.judge,
            )
        except ValueError as error:
            return refuse(str(error))
        return Reply(review.status(), opens=review)

    def _reset(self, title: str | Later) -> None:
        if self._moved:
            self.guided = False  # the viewer has played a hand here: no more guidance
        self.title = title
        self._review = None
        self.show_all_hands = False  # the next hand is played face down again
        self.hinted = False
        self._hint = self._hint_at = None
        self.history = History(self.game, self.name)


def check_opponents(opponents: Opponents) -> None:
    """Refuse unknown computer players at once, rather than when they first have to move."""
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if not names:
        raise ValueError("opponents needs at least one computer player")
    for name in names:
        if isinstance(name, str):
            make_player(name)
        elif not callable(getattr(name, "choose", None)):
            raise TypeError(f"a computer player needs a choose(observation) method: {name!r}")
