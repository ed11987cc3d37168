"""How a :class:`~kingscorner_widget.analysis.review.Review` shows itself: an HTML table of turns
with their verdicts, and a matplotlib chart of cards shed against the best turn's.

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

import html
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .review import Review

__all__ = ["VERDICT_COLOURS", "plot_review", "review_html"]

VERDICT_COLOURS = {
    "best": "#2e7d32",
    "inaccuracy": "#ef6c00",
    "mistake": "#c62828",
    "blunder": "#6a1b9a",
}
"""A colour per verdict, shared by the table and the chart."""


def review_html(review: Review) -> str:
    """The review as an HTML table: one row per turn, its verdict in words and in colour."""
    esc = html.escape
    rows = []
    several_hands = len({turn.hand for turn in review.turns}) > 1
    for turn in review.turns:
        colour = VERDICT_COLOURS[turn.verdict]
        hand = f"<td>{turn.hand}</td>" if several_hands else ""
        rows.append(
            f'<tr data-verdict="{turn.verdict}">'
            f"<td>{turn.number}</td>{hand}"
            f"<td><code>{esc(' '.join(map(str, turn.moves)))}</code></td>"
            f"<td>{turn.shed}</td><td>{turn.best_shed}{'' if turn.proven else '?'}</td>"
            f"<td><code>{esc(' '.join(map(str, turn.best.moves)))}</code></td>"
            f'<td style="color:{colour};font-weight:bold">{turn.verdict}</td>'
            f"<td>{esc(turn.reason)}</td></tr>"
        )
    head_hand = "<th>hand</th>" if several_hands else ""
    summary = "<br>".join(esc(line) for line in review.summary().splitlines())
    return (
        '<div class="kc-review">'
        f"<p>{summary}</p>"
        "<table><thead><tr><th>turn</th>"
        f"{head_hand}<th>played</th><th>shed</th><th>best</th><th>best turn</th>"
        "<th>verdict</th><th>why</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        + (
            "<p>A ? after the best count: not proven within the search budget.</p>"
            if not review.proven
            else ""
        )
        + "</div>"
    )


def plot_review(review: Review, ax: Axes | None = None) -> Axes:
    """Cards shed (bars, coloured by verdict) against the best turn's (a line), turn by turn."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 3))
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
    ax.set_title(f"P{review.player}: shed against the best turn (accuracy {review.accuracy:.0%})")
    ax.legend(loc="upper right")
    return ax
