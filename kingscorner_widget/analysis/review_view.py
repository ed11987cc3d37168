"""How a :class:`~kingscorner_widget.analysis.review.Review` shows itself: a table of turns with
their verdicts (HTML in a notebook, text elsewhere), and a Vega-Lite chart of cards shed against
the best turn's (matplotlib only for a caller who passes ``ax=``).

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis.review import review
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> html = review_html(review(game, player=1, progress=False))
>>> 'data-verdict="mistake"' in html, "Th&gt;N draw" in html
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, overload

from ..engine.tables import Column, HtmlTable, Value
from .charts import VegaLiteChart, base_spec, field, tooltip

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .review import Review

__all__ = ["VERDICT_COLOURS", "plot_review", "review_html", "review_table"]

VERDICT_COLOURS = {"best": "#2e7d32", "inaccuracy": "#ef6c00", "mistake": "#c62828"}
"""A colour per verdict, shared by the table and the chart."""

UNPROVEN_NOTE = "A ? after the best count: not proven within the search budget."


def review_table(review: Review) -> HtmlTable:
    """The review as a table: one row per turn (its hand when there are several), the moves
    played, the cards shed, the best turn's count and moves, the verdict and why."""
    several_hands = len({turn.hand for turn in review.turns}) > 1
    columns = [Column("turn")]
    if several_hands:
        columns.append(Column("hand"))
    columns += [
        Column("played", code=True),
        Column("shed"),
        Column("best", align="right", description="cards the best turn sheds"),
        Column("best turn", code=True),
        Column("verdict", colours=VERDICT_COLOURS),
        Column("why"),
    ]
    rows: list[tuple[Value, ...]] = []
    for turn in review.turns:
        best: Value = turn.best_shed if turn.proven else f"{turn.best_shed}?"
        cells: list[Value] = [turn.number]
        if several_hands:
            cells.append(turn.hand)
        cells += [
            " ".join(map(str, turn.moves)),
            turn.shed,
            best,
            " ".join(map(str, turn.best.moves)),
            turn.verdict,
            turn.reason,
        ]
        rows.append(tuple(cells))
    notes = [] if review.proven else [UNPROVEN_NOTE]
    return HtmlTable(
        columns,
        rows,
        title=f"Review of P{review.player}",
        notes=notes,
        row_marks=[turn.verdict for turn in review.turns],
        mark_name="verdict",
    )


def review_html(review: Review) -> str:
    """The review's summary and its table of turns, as HTML."""
    summary = "<br>".join(escape(line) for line in review.summary().splitlines())
    return f'<div class="kc-review"><p>{summary}</p>{review_table(review).to_html()}</div>'


def _chart_table(review: Review) -> HtmlTable:
    columns = [
        Column("turn"),
        Column("hand"),
        Column("shed"),
        Column("best turn shed"),
        Column("verdict"),
        Column("played", code=True),
    ]
    rows: list[tuple[Value, ...]] = [
        (
            turn.number,
            turn.hand,
            turn.shed,
            turn.best_shed,
            turn.verdict,
            " ".join(map(str, turn.moves)),
        )
        for turn in review.turns
    ]
    return HtmlTable(columns, rows)


@overload
def plot_review(review: Review, ax: None = None) -> VegaLiteChart: ...
@overload
def plot_review(review: Review, ax: Axes) -> Axes: ...
def plot_review(review: Review, ax: Axes | None = None) -> VegaLiteChart | Axes:
    """Cards shed (bars, coloured by verdict) against the best turn's (a tick), turn by turn."""
    title = f"P{review.player}: shed against the best turn (accuracy {review.accuracy:.0%})"
    if ax is not None:
        return _draw_review(review, ax, title)
    table = _chart_table(review)
    turn = {
        "field": "turn",
        "type": "ordinal",
        "sort": None,
        "axis": {"title": f"P{review.player}'s turn", "labelAngle": 0},
    }
    cards = {"type": "quantitative", "axis": {"title": "cards shed", "tickMinStep": 1}}
    colours = {"domain": list(VERDICT_COLOURS), "range": list(VERDICT_COLOURS.values())}
    tips = tooltip(table)
    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "bar"},
            "encoding": {
                "x": turn,
                "y": {**cards, "field": field("shed")},
                "color": {"field": "verdict", "type": "nominal", "scale": colours},
                "tooltip": tips,
            },
        },
        {
            "mark": {"type": "tick", "thickness": 3, "color": "#555555"},
            "encoding": {
                "x": turn,
                "y": {**cards, "field": field("best turn shed")},
                "tooltip": tips,
            },
        },
    ]
    spec = base_spec(table, title, width=max(240, 28 * len(table)))
    spec["layer"] = layers
    return VegaLiteChart(spec, table)


def _draw_review(review: Review, ax: Axes, title: str) -> Axes:
    numbers = [turn.number for turn in review.turns]
    ax.bar(
        numbers,
        [turn.shed for turn in review.turns],
        color=[VERDICT_COLOURS[turn.verdict] for turn in review.turns],
        label="shed",
    )
    ax.plot(
        numbers,
        [turn.best_shed for turn in review.turns],
        "k_",
        markersize=14,
        markeredgewidth=2,
        label="best turn",
    )
    ax.set_xlabel(f"P{review.player}'s turn")
    ax.set_ylabel("cards shed")
    ax.set_title(title)
    ax.legend(loc="upper right")
    return ax
