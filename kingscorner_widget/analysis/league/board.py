"""A league's results for a class to look at together: the standings, a leaderboard (a table
for the projector), a chart of the ratings with their uncertainty, and JSON. The leaderboard is
an :class:`~kingscorner_widget.display.tables.HtmlTable` and the chart a
:class:`~kingscorner_widget.display.charts.VegaLiteChart`, like the other tables and plots.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...display.charts import VegaLiteChart, interval_chart
from ...display.language import NP_, active, check_language, gettext, pgettext, speaking
from ...display.tables import Column, HtmlTable
from ...sandbox.process import forfeit_kind
from ..stats import wilson_interval
from .ratings import Rating, rate

__all__ = ["LeagueResult", "Standing", "leaderboard_table", "ratings_chart", "standings"]

Json = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Standing:
    """One entry's line on the leaderboard."""

    rank: int
    """Its place, by rating (1 is first)."""
    name: str
    """The entry."""
    hands: int
    """Hands it played."""
    heads_up: int
    """Of which heads-up."""
    heads_up_wins: float
    """Heads-up hands it won."""
    four_seat: int
    """Hands at four-seat tables."""
    four_seat_wins: float
    """Four-seat hands it won (a shared win counts its share)."""
    rating: Rating
    """Its openskill rating."""
    forfeits: tuple[tuple[str, int], ...]
    """Hands it forfeited, by kind (``("too slow", 3)``), most first."""
    example: str
    """One forfeit's full reason, if any."""
    decisions: int
    """Decisions it made."""
    seconds: float
    """Seconds it spent deciding."""

    @property
    def win_rate(self) -> float:
        """Its heads-up win rate (an even player wins half)."""
        return self.heads_up_wins / self.heads_up if self.heads_up else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% (Wilson) interval for :attr:`win_rate`."""
        return wilson_interval(self.heads_up_wins, self.heads_up)

    @property
    def forfeited(self) -> int:
        """Hands it forfeited."""
        return sum(count for _, count in self.forfeits)

    def forfeit_words(self) -> str:
        """Its forfeits in words: ``"3 (too slow 2, illegal move 1)"``, or ``"none"`` (in the
        language spoken)."""
        if not self.forfeits:
            return pgettext("no forfeit", "none")
        kinds = ", ".join(f"{kind_said(kind)} {count}" for kind, count in self.forfeits)
        return f"{self.forfeited} ({kinds})"

    def to_json(self) -> Json:
        """A JSON-ready dict."""
        low, high = self.interval
        return {
            "rank": self.rank,
            "player": self.name,
            "hands": self.hands,
            "heads_up": self.heads_up,
            "heads_up_wins": self.heads_up_wins,
            "win_rate": self.win_rate,
            "win_rate_95": [low, high],
            "four_seat": self.four_seat,
            "four_seat_wins": self.four_seat_wins,
            "rating": self.rating.mu,
            "rating_sigma": self.rating.sigma,
            "forfeits": dict(self.forfeits),
            "forfeit_example": self.example,
            "decisions": self.decisions,
            "seconds": self.seconds,
        }


FORFEIT_KINDS = (
    NP_("a kind of forfeit", "out of time"),
    NP_("a kind of forfeit", "too much memory"),
    NP_("a kind of forfeit", "too much processor"),
    NP_("a kind of forfeit", "too slow"),
    NP_("a kind of forfeit", "too slow to start"),
    NP_("a kind of forfeit", "its file fails"),
    NP_("a kind of forfeit", "crashed"),
    NP_("a kind of forfeit", "answered no move"),
    NP_("a kind of forfeit", "raised an error"),
    NP_("a kind of forfeit", "illegal move"),
    NP_("a kind of forfeit", "other"),
)
"""The kinds :func:`~kingscorner_widget.sandbox.process.forfeit_kind` sorts forfeits into
(kept in English in the results; said in the language spoken)."""


def kind_said(kind: str) -> str:
    """A forfeit's kind in the language spoken (a kind the list lacks is shown as it is).

    >>> with speaking("de"):
    ...     kind_said("too slow")
    'zu langsam'
    """
    return pgettext("a kind of forfeit", kind) if kind in FORFEIT_KINDS else kind


def standings(hands: Sequence[Json], names: Sequence[str]) -> list[Standing]:
    """The leaderboard's lines, best first."""
    ratings = rate(hands, names)
    tallies: dict[str, Counter[str]] = {name: Counter() for name in names}
    wins: dict[str, dict[str, float]] = {name: {"pair": 0.0, "four": 0.0} for name in names}
    kinds: dict[str, Counter[str]] = {name: Counter() for name in names}
    examples: dict[str, str] = {}
    timing: dict[str, list[float]] = {name: [0.0, 0.0] for name in names}
    for hand in hands:
        kind = str(hand["kind"])
        share = 1 / len(hand["winners"]) if hand["winners"] else 0.0
        for seat, name in enumerate(hand["seats"]):
            tallies[name][kind] += 1
            if name in hand["winners"]:
                wins[name][kind] += share
            timing[name][0] += hand["decisions"][seat]
            timing[name][1] += hand["seconds"][seat]
        for name, reason in hand["forfeits"].items():
            kinds[name][forfeit_kind(reason)] += 1
            examples.setdefault(name, reason)
    order = sorted(names, key=lambda name: (-ratings[name].mu, name))
    return [
        Standing(
            rank=rank,
            name=name,
            hands=sum(tallies[name].values()),
            heads_up=tallies[name]["pair"],
            heads_up_wins=wins[name]["pair"],
            four_seat=tallies[name]["four"],
            four_seat_wins=wins[name]["four"],
            rating=ratings[name],
            forfeits=tuple(kinds[name].most_common()),
            example=examples.get(name, ""),
            decisions=int(timing[name][0]),
            seconds=timing[name][1],
        )
        for rank, name in enumerate(order, 1)
    ]


def leaderboard_table(lines: Sequence[Standing], caption: str = "") -> HtmlTable:
    """The leaderboard: rank, player, hands, heads-up win rate with its 95% interval, four-seat
    win rate, rating, forfeits and why (one full reason per player under the table)."""
    rows = []
    for line in lines:
        low, high = line.interval
        rows.append(
            (
                line.rank,
                line.name,
                line.hands,
                line.win_rate if line.heads_up else None,
                # TRANSLATORS: a win rate's 95% interval, "40% to 60%"
                gettext("{low} to {high}").format(low=f"{low:.0%}", high=f"{high:.0%}"),
                line.four_seat_wins / line.four_seat if line.four_seat else None,
                f"{line.rating.mu:.1f} ± {2 * line.rating.sigma:.1f}",
                line.forfeit_words(),
            )
        )
    reasons = tuple(f"{line.name}: {line.example}" for line in lines if line.example)
    return HtmlTable(
        [
            Column(pgettext("league column", "rank")),
            Column(pgettext("league column", "player")),
            Column(pgettext("league column", "hands")),
            Column(
                pgettext("league column", "heads-up win rate"),
                format=".0%",
                description=gettext("hands won heads-up"),
            ),
            Column(
                # TRANSLATORS: {percent} is "95%"
                pgettext("league column", "{percent} interval").format(percent="95%"),
                align="right",
                description=gettext("Wilson score interval"),
            ),
            Column(
                pgettext("league column", "four-seat wins"),
                format=".0%",
                description=gettext("share of four-seat hands won"),
            ),
            Column(
                pgettext("league column", "rating"),
                align="right",
                description=gettext("openskill rating, ± two sigmas"),
            ),
            Column(pgettext("league column", "forfeits")),
        ],
        rows,
        title=caption,
        # TRANSLATORS: before the first forfeit's full reason (which stays in English)
        notes=((gettext("Why, for example: {reason}").format(reason=reasons[0]), *reasons[1:]))
        if reasons
        else (),
    )


def ratings_chart(lines: Sequence[Standing]) -> VegaLiteChart:
    """Each entry's rating with its 95% band (two sigmas either side), best at the top."""
    player, rating = pgettext("league column", "player"), pgettext("league column", "rating")
    low, high = pgettext("league column", "low"), pgettext("league column", "high")
    table = HtmlTable(
        [
            Column(player),
            Column(rating, format=".1f"),
            Column(low, format=".1f"),
            Column(high, format=".1f"),
        ],
        [
            (line.name, line.rating.mu, line.rating.interval[0], line.rating.interval[1])
            for line in lines
        ],
    )
    return interval_chart(
        table,
        player,
        rating,
        low,
        high,
        title=gettext("Ratings (openskill), with 95% bands"),
        value_title=rating,
    )


@dataclasses.dataclass(frozen=True)
class LeagueResult:
    """A league's standings and every hand it played."""

    standings: tuple[Standing, ...]
    """The leaderboard's lines, best first."""
    hands: tuple[Json, ...]
    """Every hand's result, as in the results file."""
    isolated: bool
    """True when every entry ran in a process of its own."""
    note: str
    """How the entries ran, in words (isolation, their users)."""
    results: str
    """The results file."""
    language: str = dataclasses.field(default_factory=active)
    """The language it speaks (its :attr:`note` is written in it): the one spoken where the
    league ran, unless told."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "language", check_language(self.language))

    def leaderboard(self) -> HtmlTable:
        """The leaderboard, a table that shows itself (HTML in a notebook, text elsewhere)."""
        with speaking(self.language):
            return leaderboard_table(self.standings, self.caption())

    def caption(self) -> str:
        """One line under the title: hands played and how the entries ran."""
        with speaking(self.language):
            # TRANSLATORS: {note} says how the entries ran (sentences of their own)
            return gettext("League of {players} players, {hands} hands. {note}").format(
                players=len(self.standings), hands=len(self.hands), note=self.note
            )

    def chart(self) -> VegaLiteChart:
        """The ratings with their uncertainty."""
        with speaking(self.language):
            return ratings_chart(self.standings)

    def to_json(self) -> Json:
        """The standings and how the league ran, JSON-ready (the hands are in the results
        file)."""
        return {
            "players": [line.to_json() for line in self.standings],
            "hands": len(self.hands),
            "isolated": self.isolated,
            "note": self.note,
            "results": self.results,
        }

    def describe(self) -> str:
        """The leaderboard as plain text."""
        return self.leaderboard().text()

    def _repr_html_(self) -> str:
        return self.leaderboard().to_html()

    def __repr__(self) -> str:
        return self.describe()


def dumps(result: LeagueResult) -> str:
    """The result as JSON text."""
    return json.dumps(result.to_json(), indent=2)
