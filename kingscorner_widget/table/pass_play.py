"""Pass-and-play: two to four people at one laptop, each at a seat of their own, computer
players in any other seat.

What pass-and-play allows, beside what play allows (:mod:`~kingscorner_widget.table.play`):

- the table names each person (``"Ada plays the ten of hearts..."``), never by a seat code;
- the laptop shows one person's hand at a time: whenever the next person to play is someone
  else, the hand at the bottom is **covered** ("Ben's turn: pass the laptop to Ben, then press
  Show my hand"), and while it is covered the snapshot, the legal moves, the hints and the
  picture hold no card of it (nor of anyone else's, as always); the computer players move on
  under the cover;
- only the uncovered person acts, on their own turn; "Show my hand" is the only way to uncover;
- the hands are laid face up once the hand is over, as at any table; the match and its score
  sheet go on with the same people, and nothing else opens here ("Review this hand" and the other
  modes would show one person's turns to everyone: each reviews on a table of their own).

>>> from kingscorner_widget import Game
>>> s = PassAndPlaySession(Game.new(players=2, seed=3), people=["Ada", "Ben"])
>>> s.status()
"Ada's turn: pass the laptop to Ada, then press Show my hand."
>>> s.snapshot(1)["hands"][0]["cards"], s.legal()
(None, [])
>>> s.act("draw").status
"Ada's hand is covered: pass the laptop to Ada, then press Show my hand."
>>> s.act("uncover").status.startswith("Ada, your turn.")
True
>>> s.act("draw").status
"Ada draws a card and ends the turn. Ben's turn: pass the laptop to Ben, then press Show my hand."
>>> s.snapshot(2)["hands"][1]["cards"], s.snapshot(2)["cover"]["name"]
(None, 'Ben')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from ..analysis.judging.review import Judge
from ..display.language import Later, gettext
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Move
from ..engine.rules import Rules
from .actions import action
from .guide import next_step
from .page_words import SHOW_MY_HAND, cover_refusal, cover_text, shown_words
from .play import Opponents, PlaySession
from .reply import Reply
from .snapshot import Control, Cover

__all__ = ["MAX_NAME", "MAX_PEOPLE", "MIN_PEOPLE", "PassAndPlaySession", "check_people"]

MIN_PEOPLE = 2
"""The fewest people a pass-and-play table seats (one person plays an ordinary table)."""
MAX_PEOPLE = 4
"""The most people a pass-and-play table seats."""
MAX_NAME = 24
"""The longest name a person may give."""
COMPUTER_CONTROLS = frozenset({"speed", "pause", "step", "skip"})
"""The computer players' controls, drawn only at a table where a computer plays a seat."""


def check_people(people: Sequence[str] | Mapping[int, str], seats: int) -> dict[int, str]:
    """The people by seat (a list seats them from seat 1 in order), checked: two to four
    names, each plain text of at most :data:`MAX_NAME` characters, no two alike, none that
    reads as a computer seat's code (``P3``) or as the viewer's ``You``, each at a seat of a
    table of ``seats``. A bad list raises ``ValueError`` saying what is wrong.

    >>> check_people(["Ada", "Ben"], 3)
    {1: 'Ada', 2: 'Ben'}
    >>> check_people(["Ada", "ada"], 2)
    Traceback (most recent call last):
    ...
    ValueError: two people are called 'ada': give each person a name of their own
    >>> check_people(["Ada", "Ben", "Cy"], 2)
    Traceback (most recent call last):
    ...
    ValueError: 3 people cannot sit at a table of 2 seats
    """
    if isinstance(people, str) or not isinstance(people, Sequence | Mapping):
        raise TypeError(f"players names the people at the table, as a list: not {people!r}")
    by_seat = dict(people) if isinstance(people, Mapping) else dict(enumerate(people, start=1))
    if not MIN_PEOPLE <= len(by_seat) <= MAX_PEOPLE:
        raise ValueError(
            f"pass-and-play seats {MIN_PEOPLE} to {MAX_PEOPLE} people, not {len(by_seat)} "
            "(one person plays an ordinary table: learner= keeps their record)"
        )
    if len(by_seat) > seats:
        raise ValueError(f"{len(by_seat)} people cannot sit at a table of {seats} seats")
    seen: set[str] = set()
    for seat, name in by_seat.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
            raise ValueError(f"there is no seat {seat!r} at a table of {seats}")
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            raise ValueError(f"a person's name is text with no space around it, not {name!r}")
        if len(name) > MAX_NAME or not name.isprintable() or any(c in name for c in "<>&"):
            raise ValueError(
                f"a person's name is plain text of at most {MAX_NAME} characters, not {name!r}"
            )
        key = name.casefold()
        if key == "you" or (key[:1] == "p" and key[1:].isdigit()):
            raise ValueError(f"{name!r} reads as a seat of the table: give a person's own name")
        if key in seen:
            raise ValueError(f"two people are called {key!r}: give each person a name of their own")
        seen.add(key)
    return by_seat


class PassAndPlaySession(PlaySession):
    """Play mode for ``people`` at one laptop (a list seats them from seat 1; a mapping names
    their seats); the other seats of ``source`` are computer players named by ``opponents`` (one
    name for all, or one per computer seat in seat order). The hand at the bottom is covered
    until its person presses "Show my hand" (:meth:`uncover`)."""

    withheld: ClassVar[frozenset[str]] = frozenset({"review"})

    def __init__(
        self,
        source: Game | Match,
        *,
        people: Sequence[str] | Mapping[int, str],
        opponents: Opponents = "greedy",
        rules: Rules | None = None,
        seed: int = 0,
        title: str | Later = "",
        judge: Judge = "cards",
    ) -> None:
        seats = source.seats if isinstance(source, Match) else source.players
        self.people = check_people(people, seats)
        """The people at the table, by seat."""
        if rules is not None and rules.players != seats:
            check_people(self.people, rules.players)
        self.covered = True
        """True while the hand at the bottom is covered (until its person shows it)."""
        super().__init__(
            source,
            viewer=min(self.people),
            opponents=opponents,
            rules=rules,
            seed=seed,
            title=title,
            judge=judge,
        )
        self._pass_on(first=True)

    # -- who is who ---------------------------------------------------------------------------

    def name(self, player: int) -> str:
        return self.seat_name(self._seat_of(player))

    def seat_name(self, seat: int) -> str:
        return self.people.get(seat, f"P{seat}")

    def players_of_people(self) -> dict[str, int]:
        """Each person's player in the hand on the table, by name (a person an elimination
        match has put out is left out)."""
        found = {name: self._player_of(seat) for seat, name in self.people.items()}
        return {name: player for name, player in found.items() if player is not None}

    def _player_of(self, seat: int) -> int | None:
        return self.match.player_of(seat) if self.match is not None else seat

    def computers(self) -> list[int]:
        players = range(1, self.game.players + 1)
        return [p for p in players if self._seat_of(p) not in self.people]

    def _computer_seats(self) -> list[int]:
        return [seat for seat in range(1, 7) if seat not in self.people]

    @property
    def waiting(self) -> int | None:
        game = self.game
        if self.reviewing or game.is_over():
            return None
        return None if self._seat_of(game.turn) in self.people else game.turn

    def to_move(self) -> bool:
        return not self.covered and super().to_move()

    def _pass_on(self, first: bool = False) -> None:
        """After a move: when the next person to play is someone else, their hand is covered
        and the laptop waits for them. Once the hand is over every hand is face up."""
        game = self.game
        if game.is_over():
            self.covered = False
            return
        count = game.players
        for step in range(count):
            seat = self._seat_of((game.turn - 1 + step) % count + 1)
            if seat in self.people:
                break
        else:  # every person is out of this hand (an elimination match)
            return
        if first or seat != self.seat:
            self.seat, self.covered = seat, True
            self._hint = self._hint_at = None

    def _score(self) -> None:
        super()._score()
        self._pass_on()

    def _reset(self, title: str | Later) -> None:
        super()._reset(title)
        self._pass_on(first=True)

    # -- what the table says ------------------------------------------------------------------

    def cover(self) -> Cover | None:
        if not self.covered or self.game.is_over():
            return None
        name = self.seat_name(self.seat)
        return {
            "name": name,
            "text": cover_text(name),
            "action": "uncover",
            "label": gettext(SHOW_MY_HAND),
        }

    def prompt(self) -> str:
        # TRANSLATORS: {name} is the person whose turn it is, at a pass-and-play table
        said = gettext("{name}, your turn.").format(name=self.seat_name(self.seat))
        return f"{said} {next_step(self.game)}" if self.guided else said

    def status(self, last: str = "") -> str:
        if self.covered and not self.game.is_over():
            return f"{last} {cover_text(self.seat_name(self.seat))}".strip()
        return super().status(last)

    def cannot_end_turn(self) -> str | None:
        if self.covered and not self.game.is_over():
            return cover_refusal(self.seat_name(self.seat))
        return super().cannot_end_turn()

    def cannot_hint(self) -> str | None:
        if self.covered and not self.game.is_over():
            return cover_refusal(self.seat_name(self.seat))
        return super().cannot_hint()

    def refusal(self, move: Move) -> str | None:
        if self.covered and not self.game.is_over() and not self.reviewing:
            return cover_refusal(self.seat_name(self.seat))
        return super().refusal(move)

    def controls(self) -> list[Control]:
        """Play's controls; the computer players' (Faster, Pause, Next move, Skip) only when
        a computer plays a seat here."""
        shown = super().controls()
        if self.computers():
            return shown
        return [control for control in shown if control["kind"] not in COMPUTER_CONTROLS]

    # -- the cover ----------------------------------------------------------------------------

    @action(
        "uncover",
        SHOW_MY_HAND,
        key="M",
        offered=lambda s: s.cover() is not None,
        check=lambda s: None if s.cover() is not None else gettext("no hand is covered now"),
        primary=lambda s: True,
    )
    def uncover(self) -> Reply:
        """Show the hand at the bottom to its person (who now holds the laptop)."""
        self.covered = False
        if self.to_move():
            return Reply(self.status())
        return Reply(self.status(shown_words(self.seat_name(self.seat))))
