"""A match: several hands with running totals, the deal passing left, a target and a winner.

>>> from kingscorner_widget import Rules
>>> match = Match(Rules(players=3, target=50), seed=11)
>>> match.hand_number, match.dealer, match.seat_of(1)
(1, 3, 1)
>>> game = match.game
>>> while not game.is_over():
...     game.play(game.legal_moves()[-1])  # everyone just draws or passes
>>> row = match.score_hand()
>>> row.points, match.totals
((34, 25, 25), (34, 25, 25))
>>> match.next_hand().players, match.dealer, match.seat_of(1)
(3, 1, 2)
>>> match.describe()
'Hand 2. Totals: seat 1 34, seat 2 25, seat 3 25 (target 50).'
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from html import escape

from ..display.tables import Column, HtmlTable
from .game import Game, daily_seed
from .rules import MatchEnd, Rules
from .words import count_words, win_clause

__all__ = ["HandScore", "Match"]


@dataclasses.dataclass(frozen=True)
class HandScore:
    """One row of the score sheet."""

    hand: int
    """The hand's number, from 1."""
    dealer: int
    """The dealer's seat (1-based)."""
    points: tuple[int | None, ...]
    """Points each seat added (``None`` for a seat already out of an elimination match)."""
    corners: tuple[int | None, ...]
    """Corners version: corner piles each seat kept this hand."""
    reason: str
    """``"out"`` or ``"blocked"``."""
    winners: tuple[int, ...]
    """The seats that won the hand."""


class Match:
    """Hands played until a running total reaches the target.

    Seats are numbered from 1 and keep their number all match; in each hand the seat at the
    dealer's left is that hand's P1. Hand 1 is dealt by the last seat, so seat 1 leads it.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        players: int | None = None,
        seed: int = 0,
        first_hand: Game | None = None,
    ):
        """A match under ``rules`` (``players`` overrides their count), dealt from ``seed``.

        ``first_hand`` gives hand 1 (played or not) instead of dealing it from the seed; it must
        be played under the match's rules, like any hand given to :meth:`next_hand`.
        """
        rules = rules or Rules()
        if players is not None:
            rules = rules.with_players(players)
        self.rules = rules
        """The rules of the match; each hand uses them for the seats still in."""
        self.seed = seed
        """The seed every hand's deal derives from."""
        self.seats = rules.players
        """How many seats started the match."""
        self.totals: tuple[int, ...] = (0,) * self.seats
        """Each seat's running total of penalty points."""
        self.corner_totals: tuple[int, ...] = (0,) * self.seats
        """Corners version: each seat's running total of corner piles kept."""
        self.sheet: list[HandScore] = []
        """The score sheet, one row per scored hand."""
        self.hands: list[Game] = []
        """Every hand dealt so far; the last is :attr:`game`."""
        self.eliminated: list[int] = []
        """Elimination: seats that reached the target, in the order they went out."""
        self._dealers: list[int] = []
        self._active: list[tuple[int, ...]] = []
        self._deal(self.seats, first_hand)

    @classmethod
    def daily(cls, date: datetime.date | str | None = None, rules: Rules | None = None) -> Match:
        """The daily match: the same for everyone on ``date`` (default today, UTC) under
        ``rules``. Every hand is dealt from the date: the first is the daily deal
        (:meth:`Game.daily`), the later ones from the date's seed.

        >>> match = Match.daily("2026-11-30", Rules(players=2))
        >>> match.game.position() == Game.daily("2026-11-30", players=2).position()
        True
        >>> match.seed == Match.daily("2026-11-30", Rules(players=2)).seed
        True
        """
        rules = rules or Rules()
        first = Game.daily(date, rules=rules)
        return cls(rules, seed=daily_seed(date, rules.players), first_hand=first)

    @property
    def game(self) -> Game:
        """The hand in play (or the last one, once the match is over)."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1."""
        return len(self.hands)

    @property
    def dealer(self) -> int:
        """The current hand's dealer (seat)."""
        return self._dealers[-1]

    def active_seats(self) -> tuple[int, ...]:
        """The seats dealt into the current hand, in the hand's player order (P1 first)."""
        return self._active[-1]

    def seats_of(self, hand: int) -> tuple[int, ...]:
        """The seats dealt into hand number ``hand`` (from 1), in that hand's player order (P1
        first), so a player number of any hand can be read as a seat.

        >>> Match(players=3, seed=0).seats_of(1)
        (1, 2, 3)
        >>> Match(players=3, seed=0).seats_of(2)
        Traceback (most recent call last):
        ...
        ValueError: there is no hand 2 in this match (hands 1 to 1 have been dealt)
        """
        if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= len(self.hands):
            raise ValueError(
                f"there is no hand {hand!r} in this match "
                f"(hands 1 to {len(self.hands)} have been dealt)"
            )
        return self._active[hand - 1]

    def seat_of(self, player: int) -> int:
        """The seat of the current hand's player ``player`` (1-based)."""
        return self.active_seats()[player - 1]

    def player_of(self, seat: int) -> int | None:
        """The current hand's player number of ``seat``, or ``None`` if the seat is out."""
        seats = self.active_seats()
        return seats.index(seat) + 1 if seat in seats else None

    def hand_seed(self, hand: int) -> int:
        """The deal seed of hand number ``hand``."""
        return (self.seed * 1_000_003 + hand) % 2**63

    def _deal(self, previous_dealer: int, game: Game | None = None) -> Game:
        still_in = [seat for seat in range(1, self.seats + 1) if seat not in self.eliminated]
        dealer = (
            _next_seat(previous_dealer, still_in, self.seats) if self.hands else previous_dealer
        )
        start = still_in.index(_next_seat(dealer, still_in, self.seats))
        order = tuple(still_in[start:] + still_in[:start])
        if game is None:
            rules = self.rules.with_players(len(order))
            game = Game.new(seed=self.hand_seed(len(self.hands) + 1), rules=rules)
        elif game.players != len(order):
            raise ValueError(
                f"hand {len(self.hands) + 1} needs {len(order)} players, not {game.players}"
            )
        elif game.rules != self.rules.with_players(len(order)):
            raise ValueError(
                f"hand {len(self.hands) + 1} is played under other rules than the match "
                f"({game.rules.describe()}, not {self.rules.describe()})"
            )
        self.hands.append(game)
        self._dealers.append(dealer)
        self._active.append(order)
        return game

    def is_scored(self) -> bool:
        """True once the current hand's result is on the sheet."""
        return len(self.sheet) == len(self.hands)

    def score_hand(self) -> HandScore:
        """Put the finished current hand on the sheet (once) and return its row."""
        if self.is_scored():
            return self.sheet[-1]
        outcome = self.game.outcome()
        if outcome is None:
            raise ValueError("the hand is still being played: it can be scored once it ends")
        points: list[int | None] = [None] * self.seats
        corners: list[int | None] = [None] * self.seats
        for player, seat in enumerate(self.active_seats()):
            points[seat - 1] = outcome.penalties[player]
            corners[seat - 1] = outcome.corners[player]
        self.totals = tuple(t + (p or 0) for t, p in zip(self.totals, points, strict=True))
        self.corner_totals = tuple(
            t + (c or 0) for t, c in zip(self.corner_totals, corners, strict=True)
        )
        row = HandScore(
            hand=self.hand_number,
            dealer=self.dealer,
            points=tuple(points),
            corners=tuple(corners),
            reason=outcome.reason,
            winners=tuple(self.seat_of(p) for p in outcome.winners),
        )
        self.sheet.append(row)
        if self.rules.match_end is MatchEnd.ELIMINATION:
            for seat in self.active_seats():
                if self.totals[seat - 1] >= self.rules.target:
                    self.eliminated.append(seat)
        return row

    def is_over(self) -> bool:
        """True once the scored totals end the match."""
        if not self.is_scored():
            return False
        if self.rules.match_end is MatchEnd.ELIMINATION:
            return self.seats - len(self.eliminated) <= 1
        return max(self.totals) >= self.rules.target

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (ties share), else ``()``."""
        if not self.is_over():
            return ()
        if self.rules.corners_version and any(self.corner_totals):
            best = max(self.corner_totals)
            return tuple(s for s in range(1, self.seats + 1) if self.corner_totals[s - 1] == best)
        if self.rules.match_end is MatchEnd.ELIMINATION:
            left = [s for s in range(1, self.seats + 1) if s not in self.eliminated]
            if left:
                return tuple(left)
            # Everyone still in reached the target in the same hand: the lowest of them wins.
            candidates = list(self.active_seats())
        else:
            candidates = list(range(1, self.seats + 1))
        low = min(self.totals[s - 1] for s in candidates)
        return tuple(s for s in candidates if self.totals[s - 1] == low)

    def next_hand(self, game: Game | None = None) -> Game:
        """Score the finished hand if needed and deal the next (``game``: a given deal)."""
        self.score_hand()
        if self.is_over():
            raise ValueError("the match is over: " + self.describe())
        return self._deal(self.dealer, game)

    def score_sheet(self, names: Sequence[str] | None = None) -> HtmlTable:
        """The score sheet as a table: a row per scored hand (the points each seat added, who
        dealt, how the hand ended) and a last row of running totals; in the corners version, the
        corners each seat kept as well. ``names`` heads the seats' columns (default
        ``seat 1``, ``seat 2``...). It shows itself in a notebook; ``.to_pandas()`` gives a
        data frame where pandas is installed.

        >>> match = Match(Rules(players=2, target=100), seed=3)
        >>> game = match.game
        >>> while not game.is_over():
        ...     game.play(game.legal_moves()[-1])
        >>> _ = match.score_hand()
        >>> print(match.score_sheet(names=["you", "computer"]))
        Score sheet (target 100)
        hand   dealer  you  computer  ended
        1      seat 2   51        33  blocked
        total           51        33
        """
        labels = list(names) if names is not None else [f"seat {s}" for s in self.seat_range]
        if len(labels) != self.seats:
            raise ValueError(f"names gives {len(labels)} names for {self.seats} seats")
        corners = self.rules.corners_version
        columns = [Column("hand", align="left"), Column("dealer")]
        columns += [Column(label) for label in labels]
        if corners:
            columns += [Column(f"{label} corners") for label in labels]
        columns.append(Column("ended"))
        rows: list[tuple[int | str | None, ...]] = []
        for row in self.sheet:
            cells: list[int | str | None] = [row.hand, f"seat {row.dealer}", *row.points]
            if corners:
                cells += list(row.corners)
            rows.append((*cells, row.reason))
        corner_totals = self.corner_totals if corners else ()
        rows.append(("total", "", *self.totals, *corner_totals, ""))
        notes = [self.describe()] if self.is_over() else []
        title = f"Score sheet (target {self.rules.target})"
        return HtmlTable(columns, rows, title=title, notes=notes)

    @property
    def seat_range(self) -> range:
        """The seats' numbers, 1 to :attr:`seats`."""
        return range(1, self.seats + 1)

    def _repr_html_(self) -> str:
        return f"<p>{escape(self.describe())}</p>" + self.score_sheet().to_html()

    def describe(self) -> str:
        """The standings in one line.

        >>> Match(players=2).describe()
        'Hand 1. Totals: seat 1 0, seat 2 0 (target 25).'
        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:41 turn:P1"
        >>> hand = Game.from_position(line, Rules(players=2, target=5))
        >>> hand.play("Th>N")
        >>> match = Match(Rules(players=2, target=5), first_hand=hand)
        >>> _ = match.score_hand()
        >>> match.describe()
        'Match over after 1 hand: seat 1 wins. Totals: seat 1 0, seat 2 7.'
        """
        totals = ", ".join(f"seat {s} {t}" for s, t in enumerate(self.totals, start=1))
        if self.is_over():
            said = win_clause([f"seat {s}" for s in self.winners()])
            hands = count_words(len(self.sheet), "hand")
            return f"Match over after {hands}: {said}. Totals: {totals}."
        return f"Hand {self.hand_number}. Totals: {totals} (target {self.rules.target})."


def _next_seat(seat: int, still_in: list[int], seats: int) -> int:
    """The first seat still in to the left of ``seat`` (seats wrap around)."""
    for step in range(1, seats + 1):
        candidate = (seat - 1 + step) % seats + 1
        if candidate in still_in:
            return candidate
    raise ValueError("no seat is still in the match")
