"""A league's results for a class to look at together: the standings, a leaderboard (an HTML
table for the projector), a chart of the ratings with their uncertainty, and JSON.

The two displays are one function each (:func:`leaderboard_html`, :func:`ratings_chart`).
"""

from __future__ import annotations

import dataclasses
import html
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..simulate import wilson_interval
from .ratings import Rating, rate
from .sandbox import forfeit_kind

__all__ = ["LeagueResult", "Standing", "leaderboard_html", "ratings_chart", "standings"]

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
        """Its forfeits in words: ``"3 (too slow 2, illegal move 1)"``, or ``"none"``."""
        if not self.forfeits:
            return "none"
        kinds = ", ".join(f"{kind} {count}" for kind, count in self.forfeits)
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


_STYLE = (
    "<style>.kc-league{border-collapse:collapse;font:1.05em system-ui,sans-serif}"
    ".kc-league th,.kc-league td{padding:.35em .8em;border-bottom:1px solid #8886;"
    "text-align:right;white-space:nowrap}.kc-league th:nth-child(2),.kc-league td:nth-child(2),"
    ".kc-league td:last-child,.kc-league th:last-child{text-align:left}"
    ".kc-league caption{text-align:left;font-weight:600;padding:.3em 0}</style>"
)


def leaderboard_html(lines: Sequence[Standing], caption: str = "") -> str:
    """The leaderboard as an HTML table (rank, player, hands, heads-up win rate with its 95%
    interval, four-seat win rate, rating, forfeits and why)."""
    head = (
        "<tr><th>Rank</th><th>Player</th><th>Hands</th><th>Heads-up win rate (95% interval)</th>"
        "<th>Four-seat wins</th><th>Rating</th><th>Forfeits</th></tr>"
    )
    rows = []
    for line in lines:
        low, high = line.interval
        four = f"{line.four_seat_wins / line.four_seat:.0%}" if line.four_seat else "-"
        why = html.escape(line.forfeit_words())
        title = f' title="{html.escape(line.example)}"' if line.example else ""
        rows.append(
            f"<tr><td>{line.rank}</td><td>{html.escape(line.name)}</td><td>{line.hands}</td>"
            f"<td>{line.win_rate:.0%} ({low:.0%} to {high:.0%})</td><td>{four}</td>"
            f"<td>{line.rating.mu:.1f} ± {2 * line.rating.sigma:.1f}</td>"
            f"<td{title}>{why}</td></tr>"
        )
    caption_html = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f'{_STYLE}<table class="kc-league">{caption_html}<thead>{head}</thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class Chart:
    """A chart that shows itself: a Vega-Lite spec where the front end draws them, else HTML."""

    def __init__(self, spec: Json, fallback: str) -> None:
        self.spec = spec
        """The Vega-Lite specification."""
        self.fallback = fallback
        """The same chart as plain HTML."""

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> Json:
        return {
            "application/vnd.vegalite.v5+json": self.spec,
            "text/html": self.fallback,
            "text/plain": "Ratings chart",
        }


def ratings_chart(lines: Sequence[Standing]) -> Chart:
    """Each entry's rating with its 95% band (two sigmas either side), best at the top."""
    data: list[dict[str, Any]] = [
        {
            "player": line.name,
            "rating": round(line.rating.mu, 2),
            "low": round(line.rating.interval[0], 2),
            "high": round(line.rating.interval[1], 2),
        }
        for line in lines
    ]
    order = [line.name for line in lines]
    y = {"field": "player", "type": "nominal", "sort": order, "title": None}
    spec: Json = {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": "Ratings (openskill), with 95% bands",
        "data": {"values": data},
        "width": 420,
        "layer": [
            {
                "mark": {"type": "rule", "strokeWidth": 3, "opacity": 0.5},
                "encoding": {
                    "y": y,
                    "x": {"field": "low", "type": "quantitative", "title": "rating"},
                    "x2": {"field": "high"},
                },
            },
            {
                "mark": {"type": "point", "filled": True, "size": 80},
                "encoding": {
                    "y": y,
                    "x": {"field": "rating", "type": "quantitative"},
                    "tooltip": [{"field": f} for f in ("player", "rating", "low", "high")],
                },
            },
        ],
    }
    low = min((item["low"] for item in data), default=0.0)
    high = max((item["high"] for item in data), default=1.0)
    span = (high - low) or 1.0

    def at(value: float) -> float:
        return round(100 * (value - low) / span, 2)

    bars = "".join(
        f'<div style="display:flex;align-items:center;gap:.6em;margin:.2em 0">'
        f'<span style="width:9em;text-align:right">{html.escape(item["player"])}</span>'
        f'<span style="position:relative;flex:1;height:1em">'
        f'<span style="position:absolute;left:{at(item["low"])}%;'
        f"width:{at(item['high']) - at(item['low'])}%;top:.4em;height:.25em;"
        f'background:#3b7dd880"></span>'
        f'<span style="position:absolute;left:calc({at(item["rating"])}% - .35em);top:.15em;'
        f'width:.7em;height:.7em;border-radius:50%;background:#3b7dd8"></span></span>'
        f'<span style="width:7em">{item["rating"]:.1f}</span></div>'
        for item in data
    )
    fallback = (
        '<div style="font:1em system-ui,sans-serif;max-width:640px">'
        f"<strong>Ratings (openskill), with 95% bands</strong>{bars}</div>"
    )
    return Chart(spec, fallback)


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

    def leaderboard(self) -> str:
        """The leaderboard as HTML."""
        return leaderboard_html(self.standings, self.caption())

    def caption(self) -> str:
        """One line under the title: hands played and how the entries ran."""
        return f"League of {len(self.standings)} players, {len(self.hands)} hands. {self.note}"

    def chart(self) -> Chart:
        """The ratings with their uncertainty."""
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
        rows = [
            f"{'rank':>4}  {'player':<16} {'hands':>6} {'heads-up wins':>22} "
            f"{'rating':>12}  forfeits"
        ]
        for line in self.standings:
            low, high = line.interval
            rate_text = f"{line.win_rate:.0%} ({low:.0%}-{high:.0%})"
            rating = f"{line.rating.mu:.1f} ± {2 * line.rating.sigma:.1f}"
            rows.append(
                f"{line.rank:>4}  {line.name:<16} {line.hands:>6} {rate_text:>22} "
                f"{rating:>12}  {line.forfeit_words()}"
            )
        return "\n".join([self.caption(), *rows])

    def _repr_html_(self) -> str:
        return self.leaderboard()

    def __repr__(self) -> str:
        return self.describe()


def dumps(result: LeagueResult) -> str:
    """The result as JSON text."""
    return json.dumps(result.to_json(), indent=2)
