"""A marimo app for the browser suite: an explore-mode table and a cell that reads it.

The second cell depends on the table's value, so marimo re-runs it after each move played on the
table (``marimo run tests/browser/apps/marimo_table.py`` shows it by hand).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App()

with app.setup:
    from typing import Any


@app.cell
def _() -> tuple[Any, Any]:
    import marimo as mo

    from kingscorner_widget import Game, KingsCornerWidget

    # A cross of a black jack, a red six and a black five; P1 holds a red ten, a king, a red four.
    opening = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    table = mo.ui.anywidget(KingsCornerWidget(Game.from_position(opening), mode="explore"))
    table  # noqa: B018 (marimo shows a cell's last expression)
    return mo, table


@app.cell
def _(mo: Any, table: Any) -> None:
    played = [entry["notation"] for entry in table.value["snapshot"]["log"]]
    mo.md(f"Moves read from the table: {len(played)} ({', '.join(played) or 'none yet'})")
    return


if __name__ == "__main__":
    app.run()
