"""A class tournament's standings: points, the tie-breaks said in words, a table and a chart.

**Points.** Winning a hand scores 1 point (a win shared in the corners version splits it). A
blocked hand has no winner, so nobody scores from it. A bye (no table that round) scores 1. A
win is worth 1 at a table of any size, so where a round mixes tables of different sizes (seven
players at tables of three sit three, two and two), a win at a smaller table is the likelier.

**Order.** More points first. Players level on points are ordered by their **opponents'
points** (the points, now, of everyone they sat with, once for each hand: a win against strong
players counts for more), then by **fewer cards left per hand** (the rules' count of the cards
left in their hand at the end of each hand played, averaged). Players level on all three share
their place ("shared 2nd"), and the next place is numbered after them.

>>> from kingscorner_widget.classroom.rounds import Hand, Round, Start
>>> from kingscorner_widget.engine.game import Outcome
>>> def won(table, players, winner, left):
...     seat = players.index(winner) + 1
...     outcome = Outcome("out", seat, (seat,), left, (0,) * len(players))
...     return Hand(1, table, players, Start(1), moves=(), outcome=outcome, cards_left=left)
>>> hands = (won(1, ("Ada", "Ben"), "Ada", (0, 3)), won(2, ("Cy", "Dee"), "Cy", (0, 3)))
>>> print(Standings.of([Round(1, "swiss", ("Ada", "Ben", "Cy", "Dee"), Start(1), hands)]).text())
Standings after round 1
place       player  points  hands  wins  byes  opponents' points  cards left per hand  tie-break
shared 1st  Ada          1      1     1     0                  0                    0  shared with Cy: nothing separates them
shared 1st  Cy           1      1     1     0                  0                    0  shared with Ada: nothing separates them
shared 3rd  Ben          0      1     0     0                  1                    3  shared with Dee: nothing separates them
shared 3rd  Dee          0      1     0     0                  1                    3  shared with Ben: nothing separates them
Points: 1 for winning a hand (a shared win splits it), 1 for a bye; a blocked hand has no winner.
Level on points: more opponents' points first, then fewer cards left per hand; still level: the place is shared.
"""  # noqa: E501

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction

from ..display.charts import VegaLiteChart, line_chart
from ..display.language import ENGLISH, N_, NP_, PSEUDO, active, gettext, listing, pgettext
from ..display.tables import Column, HtmlTable, ShownAsTable
from ..engine.words import listed
from .rounds import Round

__all__ = [
    "BYE_POINTS",
    "RULES_SAID",
    "Standing",
    "Standings",
    "TieBreak",
    "ordinal",
    "said_number",
]

BYE_POINTS = Fraction(1)
"""What a bye scores."""

RULES_SAID = (
    N_(
        "Points: 1 for winning a hand (a shared win splits it), 1 for a bye; a blocked hand has "
        "no winner."
    ),
    N_(
        "Level on points: more opponents' points first, then fewer cards left per hand; still "
        "level: the place is shared."
    ),
)
"""The scoring and the order, in the words printed under every standings table (marked: said
with :func:`~kingscorner_widget.display.language.gettext` in the language spoken)."""

TIE_BREAKS = ("points", "opponents' points", "cards left per hand")
"""What orders the standings, most important first."""


_FIRST = NP_("place", "1st")
"""First place on its own: a language may say it unlike every other place ("1er", "21e")."""
_ORDINALS = {
    1: NP_("place", "{n}st"),
    2: NP_("place", "{n}nd"),
    3: NP_("place", "{n}rd"),
    0: NP_("place", "{n}th"),
}
"""A place's number by English's ending (each language says every ending its own way)."""


def ordinal(n: int) -> str:
    """A place in the language spoken: ``"1st"``, ``"2nd"``, ``"11th"``, ``"23rd"`` in English
    (``"1er"``, ``"2e"`` in French; ``"1."`` in German; ``"1.º"`` in Spanish).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    >>> from kingscorner_widget.display.language import speaking
    >>> with speaking("fr"):
    ...     [ordinal(n) for n in (1, 2, 21)]
    ['1er', '2e', '21e']
    """
    if n == 1:
        return pgettext("place", _FIRST)
    ending = 0 if 10 <= n % 100 <= 20 else n % 10 if n % 10 in (1, 2, 3) else 0
    return pgettext("place", _ORDINALS[ending]).format(n=n)


def said_number(value: Fraction | None, halves: bool = True) -> str:
    """A number of points as a class reads it: ``"2"``, ``"1½"``, ``"0.33"``; a dash for none
    (``halves=False``: a half as a decimal too, for a column of averages).

    >>> said_number(Fraction(5, 2)), said_number(Fraction(1, 2)), said_number(Fraction(4, 3))
    ('2½', '½', '1.33')
    >>> said_number(Fraction(5, 2), halves=False), said_number(None) == "\u2013"
    ('2.5', True)
    """
    if value is None:
        return "\u2013"
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2) and halves:
        return f"{int(whole) or ''}½"
    # TRANSLATORS: the mark between a number's whole part and its decimals ("1.33", "1,33").
    return f"{float(value):.2f}".rstrip("0").rstrip(".").replace(".", pgettext("decimal", "."))


@dataclasses.dataclass(frozen=True)
class TieBreak:
    """What placed a player against the one level on points above them, kept as facts and said
    in the language spoken when read (:meth:`words`)."""

    kind: str
    """``"shared"`` (level on everything), ``"opponents"`` (fewer opponents' points) or
    ``"cards"`` (more cards left per hand)."""
    others: tuple[str, ...]
    """Who they share the place with, or the player just above them."""
    mine: Fraction | None = None
    """Their own figure for the tie-break that placed them."""
    theirs: Fraction | None = None
    """The figure of the player above."""

    def said(self) -> str:
        """The tie-break in words, in the language spoken."""
        if self.kind == "shared":
            # TRANSLATORS: {players}: the names of the players sharing the place, as a list.
            return gettext("shared with {players}: nothing separates them").format(
                players=listed(self.others)
                if active() in (ENGLISH, PSEUDO)
                else listing(self.others)
            )
        if self.kind == "opponents":
            # TRANSLATORS: {player}: the name of the player above; {mine} and {theirs}: the two
            # players' opponents' points.
            return gettext(
                "level on points with {player}: fewer opponents' points ({mine} to {theirs})"
            ).format(
                player=self.others[0],
                mine=said_number(self.mine),
                theirs=said_number(self.theirs),
            )
        # TRANSLATORS: {player}: the name of the player above; {mine} and {theirs}: the two
        # players' cards left per hand.
        return gettext(
            "level on points and opponents' points with {player}: more cards left per hand "
            "({mine} to {theirs})"
        ).format(
            player=self.others[0],
            mine=said_number(self.mine, False),
            theirs=said_number(self.theirs, False),
        )


@dataclasses.dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    place: int
    """Their place, from 1 (players sharing a place share its number)."""
    shared: bool
    """True when someone else is level with them on points and every tie-break."""
    player: str
    """Their name."""
    points: Fraction
    """Their points."""
    hands: int
    """Hands played."""
    wins: int
    """Hands won (a shared win counts)."""
    byes: int
    """Rounds with a bye."""
    opponents_points: Fraction
    """The points of everyone they sat with, once for each hand."""
    cards_left: int
    """The rules' count of the cards left in their hand, over every hand played."""
    why: TieBreak | None
    """What placed them against the player level on points above them, or who they share the
    place with (``None`` when points alone placed them)."""

    @property
    def tie_break(self) -> str:
        """:attr:`why` in words, in the language spoken (empty when points alone placed them)."""
        return self.why.said() if self.why else ""

    @property
    def cards_per_hand(self) -> Fraction | None:
        """Cards left per hand played (``None`` before their first hand)."""
        return Fraction(self.cards_left, self.hands) if self.hands else None

    @property
    def place_words(self) -> str:
        """``"2nd"`` or ``"shared 2nd"``, in the language spoken."""
        if not self.shared:
            return ordinal(self.place)
        # TRANSLATORS: {place}: a place in the standings, such as "2nd".
        return gettext("shared {place}").format(place=ordinal(self.place))

    def key(self) -> tuple[Fraction, Fraction, Fraction]:
        """What orders the standings, smaller first (no hand played counts as the most cards)."""
        per_hand = self.cards_per_hand
        cards = Fraction(10**9) if per_hand is None else per_hand
        return (-self.points, -self.opponents_points, cards)


@dataclasses.dataclass(frozen=True, repr=False)
class Standings(ShownAsTable):
    """Every player's standing after a round, best first (see the module's docstring for the
    scoring and the order)."""

    rows: tuple[Standing, ...]
    """The players, best first; players sharing a place are listed by name."""
    after: int
    """The number of rounds counted."""

    @classmethod
    def of(cls, rounds: Sequence[Round], players: Iterable[str] | None = None) -> Standings:
        """The standings over ``rounds`` (hands without a result yet count for nothing), for
        ``players`` (default: everyone present in any of the rounds)."""
        if players is None:
            players = dict.fromkeys(name for r in rounds for name in r.present)
        names = list(players)
        points: dict[str, Fraction] = dict.fromkeys(names, Fraction(0))
        hands: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        byes: Counter[str] = Counter()
        cards: Counter[str] = Counter()
        opponents: dict[str, list[str]] = defaultdict(list)
        for round_ in rounds:
            for name in round_.byes:
                points[name] = points.get(name, Fraction(0)) + BYE_POINTS
                byes[name] += 1
            for hand in round_.hands:
                if hand.outcome is None:
                    continue
                for seat, name in enumerate(hand.players, start=1):
                    hands[name] += 1
                    cards[name] += hand.outcome.penalties[seat - 1]
                    opponents[name].extend(p for p in hand.players if p != name)
                for name in hand.winners:
                    points[name] = points.get(name, Fraction(0)) + Fraction(1, len(hand.winners))
                    wins[name] += 1
        unplaced = [
            Standing(
                0,
                False,
                name,
                points.get(name, Fraction(0)),
                hands[name],
                wins[name],
                byes[name],
                sum((points.get(o, Fraction(0)) for o in opponents[name]), Fraction(0)),
                cards[name],
                None,
            )
            for name in names
        ]
        unplaced.sort(key=lambda s: (s.key(), s.player))
        return cls(_placed(unplaced), len(rounds))

    def __iter__(self) -> Iterator[Standing]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, player: str) -> Standing:
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(f"{player!r} is not in the standings")

    def table(self) -> HtmlTable:
        """The standings as a table (HTML in a notebook, text elsewhere), in the language
        spoken."""
        return HtmlTable(
            [
                Column(pgettext("standings column", "place")),
                Column(pgettext("standings column", "player")),
                Column(
                    pgettext("standings column", "points"),
                    align="right",
                    description=gettext("1 for a hand won, 1 for a bye"),
                ),
                Column(pgettext("standings column", "hands")),
                Column(pgettext("standings column", "wins")),
                Column(pgettext("standings column", "byes")),
                Column(
                    pgettext("standings column", "opponents' points"),
                    align="right",
                    description=gettext("the points of everyone they played, once for each hand"),
                ),
                Column(
                    pgettext("standings column", "cards left per hand"),
                    align="right",
                    description=gettext("the count of the cards left in hand at the end, per hand"),
                ),
                Column(pgettext("standings column", "tie-break")),
            ],
            [
                (
                    row.place_words,
                    row.player,
                    said_number(row.points),
                    row.hands,
                    row.wins,
                    row.byes,
                    said_number(row.opponents_points),
                    said_number(row.cards_per_hand, halves=False),
                    row.tie_break,
                )
                for row in self.rows
            ],
            title=(
                gettext("Standings after round {round}").format(round=self.after)
                if self.after
                else gettext("Standings")
            ),
            notes=tuple(gettext(rule) for rule in RULES_SAID),
            row_marks=[str(row.place) for row in self.rows],
            mark_name="place",
        )


def _placed(rows: list[Standing]) -> tuple[Standing, ...]:
    """``rows`` (sorted) with their places, shared places and tie-break words."""
    placed: list[Standing] = []
    for i, row in enumerate(rows):
        level = [other.player for other in rows if other is not row and other.key() == row.key()]
        above = rows[i - 1] if i else None
        tied = above is not None and above.key() == row.key()
        place = placed[-1].place if tied else i + 1
        placed.append(
            dataclasses.replace(row, place=place, shared=bool(level), why=_why(row, above, level))
        )
    return tuple(placed)


def _why(row: Standing, above: Standing | None, level: list[str]) -> TieBreak | None:
    """What separates ``row`` from the player just above it when they are level on points."""
    if level:
        return TieBreak("shared", tuple(level))
    if above is None or above.points != row.points:
        return None
    if above.opponents_points != row.opponents_points:
        return TieBreak("opponents", (above.player,), row.opponents_points, above.opponents_points)
    return TieBreak("cards", (above.player,), row.cards_per_hand, above.cards_per_hand)


def standings_chart(rounds: Sequence[Round], players: Iterable[str] | None = None) -> VegaLiteChart:
    """Each player's points after each round: a line per player, with the same numbers as a
    table for hosts that draw no chart."""
    names = list(players) if players is not None else None
    rows = []
    for after in range(1, len(rounds) + 1):
        for row in Standings.of(rounds[:after], names):
            rows.append((after, row.player, float(row.points), row.place_words))
    said = [
        pgettext("standings column", "round"),
        pgettext("standings column", "player"),
        pgettext("standings column", "points"),
        pgettext("standings column", "place"),
    ]
    table = HtmlTable(
        [Column(said[0]), Column(said[1]), Column(said[2], format="g"), Column(said[3])], rows
    )
    return line_chart(
        table, said[0], said[2], colour=said[1], title=gettext("Points after each round")
    )
