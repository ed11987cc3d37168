"""Charts and tables in JupyterLab: each Vega-Lite chart the package makes is drawn by JupyterLab
itself (no plotting package, no request) rather than its fallback table, and a table shows as an
HTML table. (The tooltips are checked in the specs, tests/analysis/test_charts.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot, into_view

CHARTS = """from kingscorner_widget import Match, Rules
from kingscorner_widget.analysis import review, simulate, tournament
from kingscorner_widget.analysis.runs.plots import plot_game_lengths, plot_going_out, plot_win_rates
two = simulate(["greedy", "greedy"], games=20, seed=1, workers=1, progress=False)
four = simulate(["greedy"] * 4, games=20, seed=1, workers=1, progress=False)
duel = tournament(["greedy", "random"], games=10, seed=1, workers=1, progress=False)
"""


def test_every_chart_is_drawn_and_tables_show(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    notebook(
        [
            CHARTS,
            "plot_win_rates(duel)",
            'plot_game_lengths({"2 players": two, "4 players": four})',
            "plot_going_out(four)",
            "from kingscorner_widget import Game\n"
            "g = Game.new(players=2, seed=3)\n"
            "while not g.is_over():\n"
            "    g.play(g.legal_moves()[0])\n"
            "review(g, player=1, progress=False).plot()",
            "match = Match(Rules(players=2, target=200), seed=1)\n"
            "g = match.game\n"
            "while not g.is_over():\n"
            "    g.play(g.legal_moves()[0])\n"
            "match.score_hand()\n"
            "match.score_sheet()",
        ]
    )
    charts = page.locator(".jp-OutputArea-output .vega-embed")
    expect(charts).to_have_count(4, timeout=60_000)
    for index in range(4):
        chart = charts.nth(index)
        into_view(chart)
        expect(chart.locator(".marks").first).to_be_visible()
    # The score sheet is an HTML table of its own (no chart beside it).
    sheet = page.locator(".jp-OutputArea-output .kc-table").last
    into_view(sheet)
    expect(sheet.locator("caption")).to_have_text("Score sheet (target 200)")
    expect(sheet.locator("tbody tr")).to_have_count(2)
    going = charts.nth(2)
    into_view(going)
    screenshot(page, "chart-going-out")
