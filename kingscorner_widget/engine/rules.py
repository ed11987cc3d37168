"""The rule options: one frozen :class:`Rules` value whose defaults are the standard sheet.

>>> Rules().count, Rules().target
(<Count.STANDARD: 'standard'>, 25)
>>> Rules(players=7)
Traceback (most recent call last):
...
kingscorner_widget.engine.rules.RuleError: players must be 2 to 6, not 7
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from .cards import Card, Rank
from .errors import excerpt

__all__ = [
    "DEFAULT_PLAYERS",
    "Count",
    "DrawTiming",
    "MatchEnd",
    "RuleError",
    "Rules",
    "option_names",
]

DEFAULT_PLAYERS = 2
"""How many play when nobody says: the one default the rules, the game and the table read."""


class RuleError(ValueError):
    """A rule option refused: ``option`` names it (``None`` when the options clash), and the
    message is the option's name and the problem, so a reader can say where it was."""

    def __init__(self, option: str | None, problem: str) -> None:
        super().__init__(f"{option} {problem}" if option else problem)
        self.option = option
        self.problem = problem


class DrawTiming(enum.Enum):
    """When the turn's card is drawn."""

    END = "end"
    """Draw one card to end the turn (standard)."""
    START = "start"
    """Draw at the start of the turn; ``pass`` ends it."""


class Count(enum.Enum):
    """How the cards left in a hand are counted when the hand ends."""

    STANDARD = "standard"
    """King 10, any other card 1."""
    PICTURES = "pictures"
    """King 10, queen and jack 2, any other card 1."""
    HEAVY = "heavy"
    """Ace 25, king, queen, jack and ten 10, any other card its pip value."""

    def value_of(self, card: Card) -> int:
        """What ``card`` left in hand costs in this count.

        >>> from kingscorner_widget.engine.cards import Card
        >>> [Count.HEAVY.value_of(Card.parse(t)) for t in ("Ah", "Kc", "7d")]
        [25, 10, 7]
        """
        rank = card.rank
        if self is Count.STANDARD:
            return 10 if rank is Rank.KING else 1
        if self is Count.PICTURES:
            if rank is Rank.KING:
                return 10
            return 2 if rank in (Rank.QUEEN, Rank.JACK) else 1
        if rank is Rank.ACE:
            return 25
        return min(int(rank), 10)


class MatchEnd(enum.Enum):
    """How a match ends once a running total reaches the target."""

    LOWEST = "lowest"
    """When anyone reaches the target, the lowest total wins (ties share)."""
    ELIMINATION = "elimination"
    """A player who reaches the target is out; the last one in wins."""


@dataclasses.dataclass(frozen=True)
class Rules:
    """The rules in force. The defaults are the standard sheet."""

    players: int = DEFAULT_PLAYERS
    """Number of players, 2 to 6."""
    hand_size: int = 7
    """Cards dealt to each player."""
    draw_timing: DrawTiming = DrawTiming.END
    """Draw at the end of the turn (standard) or at its start."""
    must_play: bool = False
    """A card that can be played from hand must be played before the turn ends."""
    kings_first: bool = False
    """A king in hand must go to an empty corner before any other move."""
    draw_until_fits: bool = False
    """With no card played and none playable, ``draw`` keeps drawing until a card fits; it must be
    played, then ``draw`` ends the turn."""
    count: Count = Count.STANDARD
    """How leftover cards are counted."""
    target: int = 25
    """The running total that ends a match."""
    match_end: MatchEnd = MatchEnd.LOWEST
    """Lowest total wins, or elimination."""
    corners_version: bool = False
    """A player who finishes a corner (its ace goes on) keeps it; most corners wins."""

    def __post_init__(self) -> None:
        for name in ("draw_timing", "count", "match_end"):
            value = getattr(self, name)
            field_type = _ENUM_FIELDS[name]
            if not isinstance(value, field_type):
                try:
                    object.__setattr__(self, name, field_type(value))
                except ValueError:
                    choices = ", ".join(member.value for member in field_type)
                    raise RuleError(name, f"must be one of {choices}, not {value!r}") from None
        for name in ("players", "hand_size", "target"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(name, f"must be a whole number, not {excerpt(value)}")
        if not 2 <= self.players <= 6:
            raise RuleError("players", f"must be 2 to 6, not {excerpt(self.players)}")
        if not 1 <= self.hand_size <= 7 or self.players * self.hand_size + 4 > 52:
            raise RuleError("hand_size", f"must be 1 to 7, not {excerpt(self.hand_size)}")
        if self.target < 1:
            raise RuleError("target", f"must be a positive whole number, not {self.target!r}")
        if self.draw_until_fits and self.draw_timing is DrawTiming.START:
            raise RuleError(
                None,
                "draw until it fits needs the end-of-turn draw: it cannot be combined with "
                "drawing at the start of the turn",
            )

    def with_players(self, players: int) -> Rules:
        """The same rules for another number of players."""
        return dataclasses.replace(self, players=players)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back.

        >>> Rules.from_dict(Rules(count=Count.HEAVY).to_dict()) == Rules(count=Count.HEAVY)
        True
        """
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out[field.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, players: int | None = None) -> Rules:
        """Rules from :meth:`to_dict`'s output or any part of it (a missing option keeps its
        default), read strictly: the one reader for records, ``--rules`` and the API.

        An unknown option, a switch that is not ``true`` or ``false``, a count that is not a
        whole number and a choice not among its values are each refused with a ``ValueError``
        that names the option. With ``players``, the caller plays that many: the rules take it,
        and a different ``players`` entry is refused rather than ignored.

        >>> Rules.from_dict({"must_play": True, "count": "heavy"}).describe()
        'must play, heavy count'
        >>> Rules.from_dict({"must_play": "false"})
        Traceback (most recent call last):
        ...
        kingscorner_widget.engine.rules.RuleError: must_play must be true or false, not 'false'
        >>> Rules.from_dict({"players": 3}, players=2)
        Traceback (most recent call last):
        ...
        kingscorner_widget.engine.rules.RuleError: players is 3 in the rules, but 2 play here
        >>> Rules.from_dict({}, players=4).players
        4
        """
        if not isinstance(data, Mapping):
            raise RuleError(None, f"rules must be an object of rule options, not {excerpt(data)}")
        names = option_names()
        unknown = sorted(str(key) for key in data if key not in names)
        if unknown:
            raise RuleError(
                None,
                f"unknown rule option(s): {', '.join(unknown)} (the options: {', '.join(names)})",
            )
        defaults = cls()
        options = {
            name: _option(name, value, getattr(defaults, name)) for name, value in data.items()
        }
        if players is not None:
            options.setdefault("players", players)
        rules = cls(**options)
        if players is not None and rules.players != players:
            raise RuleError("players", f"is {rules.players} in the rules, but {players} play here")
        return rules

    def describe(self) -> str:
        """The options that differ from the standard sheet, in words.

        >>> Rules(must_play=True, target=50).describe()
        'must play, target 50'
        >>> Rules().describe()
        'standard rules'
        """
        default = Rules(players=self.players)
        words = []
        if self.draw_timing is not default.draw_timing:
            words.append("draw at the start of the turn")
        if self.must_play:
            words.append("must play")
        if self.kings_first:
            words.append("kings first")
        if self.draw_until_fits:
            words.append("draw until it fits")
        if self.count is not default.count:
            words.append(f"{self.count.value} count")
        if self.target != default.target:
            words.append(f"target {self.target}")
        if self.match_end is not default.match_end:
            words.append("elimination")
        if self.corners_version:
            words.append("corners version")
        if self.hand_size != default.hand_size:
            words.append(f"{self.hand_size} cards each")
        return ", ".join(words) or "standard rules"


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "draw_timing": DrawTiming,
    "count": Count,
    "match_end": MatchEnd,
}


def _option(name: str, value: Any, default: Any) -> Any:
    """One rule option checked against its default's kind: a switch, a whole number or a
    choice (its value in text, or the member itself)."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RuleError(name, f"must be true or false, not {excerpt(value)}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(name, f"must be a whole number, not {excerpt(value)}")
    elif isinstance(default, enum.Enum):
        kind = type(default)
        if not isinstance(value, kind):
            choices = [member.value for member in kind]
            if not isinstance(value, str) or value not in choices:
                raise RuleError(name, f"must be one of {', '.join(choices)}, not {excerpt(value)}")
    return value


def option_names() -> tuple[str, ...]:
    """Every rule option's name, in :class:`Rules`' order (what ``--rules`` takes).

    >>> option_names()[:3]
    ('players', 'hand_size', 'draw_timing')
    """
    return tuple(field.name for field in dataclasses.fields(Rules))
