"""How a :class:`~kingscorner_widget.analysis.judging.review.Review` shows itself: a table of turns
with their verdicts (HTML in a notebook, text elsewhere), and a Vega-Lite chart of cards shed
against the best turn's (matplotlib only for a caller who passes ``ax=``).

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis.judging.review import review
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> html = review_html(review(game, player=1, progress=False))
>>> 'data-verdict="blunder"' in html, "Th&gt;N draw" in html
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, overload

from ...display.charts import VegaLiteChart, base_spec, field, tooltip
from ...display.language import N_, gettext, ngettext, pgettext
from ...display.tables import Column, HtmlTable, Value
from .review_types import ShownReview, ShownTurn
from .verdict_words import percent

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["VERDICT_COLOURS", "plot_review", "review_html", "review_table"]

VERDICT_COLOURS = {
    "best": "#2e7d32",
    "inaccuracy": "#ef6c00",
    "mistake": "#c62828",
    "blunder": "#6a1b9a",
}
"""A colour per verdict, shared by the table and the chart."""

UNPROVEN_NOTE = N_("A ? after the best count: not proven within the search budget.")


def review_table(review: ShownReview) -> HtmlTable:
    """The review as a table: one row per turn (its hand when there are several), the moves
    played, the cards shed, the best turn's count and moves, the verdict and why; judged by win
    chance, the chances before and after the turn, after the turn that sheds the most and after
    the best turn, and the points lost with the luck of the deals beside them."""
    several_hands = len({turn.hand for turn in review.turns}) > 1
    win = review.judge == "win"
    columns = [Column("turn")] + ([Column("hand")] if several_hands else [])
    columns += [Column("played", code=True), Column("shed")]
    columns += _WIN_COLUMNS if win else _CARD_COLUMNS
    columns += [Column("verdict", colours=VERDICT_COLOURS), Column("why")]
    rows: list[tuple[Value, ...]] = []
    for turn in review.turns:
        cells: list[Value] = [turn.number]
        if several_hands:
            cells.append(turn.hand)
        cells += [" ".join(map(str, turn.moves)), turn.shed]
        cells += _win_cells(turn) if win else _card_cells(turn)
        rows.append((*cells, turn.verdict, turn.reason))
    if win:
        worlds = [turn.win.worlds for turn in review.turns if turn.win is not None]
        notes = (
            [
                ngettext(
                    "Chances from {n} sampled deal a turn.",
                    "Chances from {n} sampled deals a turn.",
                    max(worlds),
                ).format(n=max(worlds))
            ]
            if worlds
            else []
        )
    else:
        notes = [] if review.proven else [gettext(UNPROVEN_NOTE)]
    # TRANSLATORS: {name} is the reviewed player ("P1")
    if win:
        title = gettext("Review of {name} by chance of winning").format(name=f"P{review.player}")
    else:
        title = gettext("Review of {name}").format(name=f"P{review.player}")
    return HtmlTable(
        columns,
        rows,
        title=title,
        notes=notes,
        row_marks=[turn.verdict for turn in review.turns],
        mark_name="verdict",
    )


_CARD_COLUMNS = [
    Column("best", align="right", description="cards the best turn sheds"),
    Column("best turn", code=True),
]
_CHANCE = "chance of winning"
_WIN_COLUMNS = [
    Column("before", format=".0%", description=f"{_CHANCE} before the turn, played greedily"),
    Column("after", format=".0%", description=f"{_CHANCE} after the turn played"),
    Column("most cards", format=".0%", description=f"{_CHANCE} after shedding the most"),
    Column("best", format=".0%", description=f"{_CHANCE} after the best turn found"),
    Column("lost", format=".1f", description="points of chance lost against the best turn"),
    Column(
        "luck",
        format=".1f",
        description="twice the loss's standard error, in points: a loss within it is luck",
    ),
    Column("best turn", code=True),
]


def _card_cells(turn: ShownTurn) -> list[Value]:
    best: Value = turn.best_shed if turn.proven else f"{turn.best_shed}?"
    return [best, " ".join(map(str, turn.best.moves))]


def _win_cells(turn: ShownTurn) -> list[Value]:
    win = turn.win
    if win is None:  # not judged by win chance (a review put together by hand)
        missing: list[Value] = [None] * 6
        return [*missing, " ".join(map(str, turn.best.moves))]
    return [
        win.before,
        win.played,
        win.most_cards,
        win.best,
        100 * win.loss,
        200 * win.stderr,
        " ".join(map(str, win.best_moves)),
    ]


def review_html(review: ShownReview) -> str:
    """The review's summary and its table of turns, as HTML."""
    summary = "<br>".join(escape(line) for line in review.summary().splitlines())
    return f'<div class="kc-review"><p>{summary}</p>{review_table(review).to_html()}</div>'


def _chart_table(review: ShownReview) -> HtmlTable:
    """The chart's data: each turn's cards shed and the best turn's, or (judged by win chance)
    its chance of winning after the turn and after the best turn."""
    win = review.judge == "win"
    columns = [Column("turn"), Column("hand")]
    if win:
        columns += [Column("after", format=".0%"), Column("best", format=".0%")]
    else:
        columns += [Column("shed"), Column("best turn shed")]
    columns += [Column("verdict"), Column("played", code=True)]
    rows: list[tuple[Value, ...]] = []
    for turn in review.turns:
        chances = (turn.win.played, turn.win.best) if turn.win else (None, None)
        values = chances if win else (turn.shed, turn.best_shed)
        rows.append((turn.number, turn.hand, *values, turn.verdict, " ".join(map(str, turn.moves))))
    return HtmlTable(columns, rows)


@overload
def plot_review(review: ShownReview, ax: None = None) -> VegaLiteChart: ...
@overload
def plot_review(review: ShownReview, ax: Axes) -> Axes: ...
def plot_review(review: ShownReview, ax: Axes | None = None) -> VegaLiteChart | Axes:
    """Cards shed (bars, coloured by verdict) against the best turn's (a tick), turn by turn;
    judged by win chance, the chance of winning after each turn against the best turn's."""
    win = review.judge == "win"
    player, accuracy = f"P{review.player}", percent(review.accuracy)
    # TRANSLATORS: a chart's title: {player} is the reviewed player ("P1"), {accuracy} a share
    if win:
        said = gettext("{player}: chance of winning against the best turn (accuracy {accuracy})")
    else:
        said = gettext("{player}: shed against the best turn (accuracy {accuracy})")
    title = said.format(player=player, accuracy=accuracy)
    if ax is not None:
        return _draw_review(review, ax, title)
    table = _chart_table(review)
    turn = {
        "field": "turn",
        "type": "ordinal",
        "sort": None,
        "axis": {"title": _turn_axis(review), "labelAngle": 0},
    }
    played, best = ("after", "best") if win else ("shed", "best turn shed")
    axis = (
        {"title": gettext("chance of winning"), "format": "%"}
        if win
        else {"title": gettext("cards shed"), "tickMinStep": 1}
    )
    values = {"type": "quantitative", "axis": axis}
    colours = {"domain": list(VERDICT_COLOURS), "range": list(VERDICT_COLOURS.values())}
    tips = tooltip(table)
    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "bar"},
            "encoding": {
                "x": turn,
                "y": {**values, "field": field(played)},
                "color": {"field": "verdict", "type": "nominal", "scale": colours},
                "tooltip": tips,
            },
        },
        {
            "mark": {"type": "tick", "thickness": 3, "color": "#555555"},
            "encoding": {
                "x": turn,
                "y": {**values, "field": field(best)},
                "tooltip": tips,
            },
        },
    ]
    spec = base_spec(table, title, width=max(240, 28 * len(table)))
    spec["layer"] = layers
    return VegaLiteChart(spec, table)


def _draw_review(review: ShownReview, ax: Axes, title: str) -> Axes:
    numbers = [turn.number for turn in review.turns]
    win = review.judge == "win"
    ax.bar(
        numbers,
        [(t.win.played if t.win else 0.0) if win else t.shed for t in review.turns],
        color=[VERDICT_COLOURS[turn.verdict] for turn in review.turns],
        label=gettext("after the turn")
        if win
        else pgettext("a chart's legend: cards a turn shed", "shed"),
    )
    ax.plot(
        numbers,
        [(t.win.best if t.win else 0.0) if win else t.best_shed for t in review.turns],
        "k_",
        markersize=14,
        markeredgewidth=2,
        label=gettext("best turn"),
    )
    ax.set_xlabel(_turn_axis(review))
    ax.set_ylabel(gettext("chance of winning") if win else gettext("cards shed"))
    ax.set_title(title)
    ax.legend(loc="upper right")
    return ax


def _turn_axis(review: ShownReview) -> str:
    """The chart's axis of turns: ``"P1's turn"``."""
    # TRANSLATORS: a chart's axis: {player} is the reviewed player ("P1")
    return gettext("{player}'s turn").format(player=f"P{review.player}")
