"""A class tournament's rounds as values: how each hand starts, who sits where, the moves played
and how the hand ended. Every hand can be played again from what is kept here (its start and
its moves), so a teacher, a student or a test can check any result.

>>> start = Start(seed=7)
>>> hand = Hand(round=1, table=1, players=("Ada", "Ben"), start=start)
>>> hand.finished, hand.replay().position() == start.game(hand.rules).position()
(False, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence

from ..display.language import ENGLISH, active, gettext, listing
from ..engine.errors import IllegalMoveError
from ..engine.game import Game, Outcome
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.words import count_words, outcome_line

__all__ = ["MAX_MOVES", "Hand", "Round", "Start", "TournamentError", "deal_seed"]

MAX_MOVES = 20_000
"""The most moves a hand may hold (every hand the rules allow ends long before)."""


class TournamentError(ValueError):
    """A tournament refuses a step (a draw, a result, a file) and says why; nothing changes."""


def deal_seed(seed: int, round_number: int) -> int:
    """The standard deal's seed for round ``round_number`` of a tournament seeded with ``seed``:
    every table of the round with the same number of seats plays the same deal.

    >>> deal_seed(0, 1) == deal_seed(0, 1) != deal_seed(0, 2)
    True
    """
    digest = hashlib.sha256(f"kingscorner-tournament-deal:{seed}:{round_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _names(players: Sequence[str]) -> str:
    """A table's players in a sentence of the language spoken ("Ada and Ben and Cy" in
    English, as the class has always read it)."""
    return " and ".join(players) if active() == ENGLISH else listing(players)


@dataclasses.dataclass(frozen=True)
class Start:
    """Where a round's hands start: the standard deal from ``seed``, or the chosen ``position``
    (in the project's notation, cards it hides dealt from the unseen ones with ``seed``)."""

    seed: int
    """The deal's seed (with a position: the seed that fills its hidden cards)."""
    position: str | None = None
    """A position line (``"N:Jc E:6h ... turn:P1"``), or ``None`` for the standard deal."""

    def game(self, rules: Rules) -> Game:
        """A fresh game from this start under ``rules`` (whose player count is the table's).

        >>> Start(seed=3).game(Rules(players=3)).hand_sizes()
        (7, 7, 7)
        """
        if self.position is None:
            return Game.new(seed=self.seed, rules=rules)
        return Game.from_position(self.position, rules=rules, seed=self.seed)


@dataclasses.dataclass(frozen=True)
class Hand:
    """One table of one round: its players in seat order (the first moves first), how it starts,
    and once it is played its moves (in the move notation) and how it ended."""

    round: int
    """The round's number, from 1."""
    table: int
    """The table's number in its round, from 1."""
    players: tuple[str, ...]
    """The players by name, in seat order: the first sits at the dealer's left and moves first."""
    start: Start
    """Where the hand starts."""
    base_rules: Rules = dataclasses.field(default_factory=Rules)
    """The tournament's rules (the player count is the table's: see :attr:`rules`)."""
    moves: tuple[str, ...] | None = None
    """Every move played, in the move notation (``None`` until the result is entered)."""
    outcome: Outcome | None = None
    """How the hand ended (``None`` until the result is entered)."""
    cards_left: tuple[int, ...] = ()
    """Each seat's cards left in hand at the end (empty until the result is entered)."""

    @property
    def rules(self) -> Rules:
        """The rules this table plays by: the tournament's, for its number of players."""
        return self.base_rules.with_players(len(self.players))

    @property
    def finished(self) -> bool:
        """True once the result is entered."""
        return self.outcome is not None

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won the hand, by name (none for a blocked hand, or before the result)."""
        if self.outcome is None:
            return ()
        return tuple(self.players[seat - 1] for seat in self.outcome.winners)

    def replay(self) -> Game:
        """The hand played again from its start through its moves (the start alone before the
        result is entered)."""
        game = self.start.game(self.rules)
        for move in self.moves or ():
            game.play(move)
        return game

    def with_result(self, moves: Sequence[Move | str]) -> Hand:
        """This hand with ``moves`` as its result, checked by playing them from the start: each
        must be legal and the last must end the hand, or :class:`TournamentError` says which.

        >>> Hand(1, 2, ("Ada", "Ben"), Start(seed=7)).with_result(["Ks>N"])
        Traceback (most recent call last):
        ...
        kingscorner_widget.classroom.rounds.TournamentError: round 1, table 2: move 1 (Ks>N) is not legal: ...
        """  # noqa: E501
        if len(moves) > MAX_MOVES:
            raise TournamentError(f"{self.where}: {len(moves)} moves is more than any hand holds")
        game = self.start.game(self.rules)
        for number, move in enumerate(moves, start=1):
            if game.is_over():
                raise TournamentError(f"{self.where}: the hand was over before move {number}")
            try:
                game.play(move)
            except (IllegalMoveError, ValueError) as error:
                raise TournamentError(
                    f"{self.where}: move {number} ({move}) is not legal: {error}"
                ) from None
        outcome = game.outcome()
        if outcome is None:
            raise TournamentError(
                f"{self.where}: the hand is not over after {count_words(len(moves), 'move')}"
            )
        return dataclasses.replace(
            self,
            moves=tuple(str(move) for move in game.moves),
            outcome=outcome,
            cards_left=game.hand_sizes(),
        )

    @property
    def where(self) -> str:
        """``"round 2, table 3"``: the hand's place, for messages."""
        return f"round {self.round}, table {self.table}"

    def describe(self) -> str:
        """How the hand ended, in words with the players' names.

        >>> hand = Hand(1, 1, ("Ada", "Ben"), Start(seed=7))
        >>> hand.describe()
        'Ada and Ben: not played yet.'
        """
        if self.outcome is None:
            # TRANSLATORS: {players}: the names of the hand's players, as a list.
            return gettext("{players}: not played yet.").format(players=_names(self.players))

        def name(seat: int) -> str:
            return self.players[seat - 1]

        return outcome_line(
            self.outcome, name, self.cards_left, corners_version=self.rules.corners_version
        )


@dataclasses.dataclass(frozen=True)
class Round:
    """One round: who was present, how its hands start, its tables and its byes."""

    number: int
    """The round's number, from 1."""
    pairing: str
    """How it was drawn: ``"round robin"`` or ``"swiss"``."""
    present: tuple[str, ...]
    """The players present for the round (in the order they joined the tournament)."""
    start: Start
    """Where every hand of the round starts."""
    hands: tuple[Hand, ...]
    """The tables, numbered from 1."""
    byes: tuple[str, ...] = ()
    """Players present with no table this round (a bye scores a point)."""

    @property
    def finished(self) -> bool:
        """True once every table's result is entered."""
        return all(hand.finished for hand in self.hands)

    def waiting(self) -> list[int]:
        """The tables still without a result."""
        return [hand.table for hand in self.hands if not hand.finished]

    def hand(self, table: int) -> Hand:
        """The hand at table ``table``; :class:`TournamentError` if there is no such table."""
        if not isinstance(table, int) or not 1 <= table <= len(self.hands):
            raise TournamentError(
                f"round {self.number} has tables 1 to {len(self.hands)}, not {table!r}"
            )
        return self.hands[table - 1]
