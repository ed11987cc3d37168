"""Vega-Lite charts: a spec with its numbers inline and tooltips, a table of the same numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kingscorner_widget.display.charts import (
    VEGA_LITE_MIME,
    VegaLiteChart,
    bar_chart,
    field,
    interval_chart,
    line_chart,
)
from kingscorner_widget.display.tables import Column, HtmlTable

RATES = HtmlTable(
    [
        Column("pairing"),
        Column("win rate", format=".1%"),
        Column("low", format=".1%"),
        Column("high", format=".1%"),
    ],
    [("expert v greedy", 0.766, 0.739, 0.791), ("greedy v random", 0.9, 0.88, 0.92)],
)


def _marks(spec: dict[str, Any]) -> list[dict[str, Any]]:
    layers = spec.get("layer")
    return list(layers) if isinstance(layers, list) else [spec]


@pytest.mark.parametrize(
    "chart",
    [
        bar_chart(RATES, "pairing", "win rate", horizontal=True, domain=(0, 1)),
        line_chart(RATES, "low", "high"),
        interval_chart(RATES, "pairing", "win rate", "low", "high", reference=0.5),
    ],
)
def test_every_chart_offers_spec_html_and_text(chart: VegaLiteChart) -> None:
    bundle = chart._repr_mimebundle_()
    spec = bundle[VEGA_LITE_MIME]
    json.dumps(spec)  # plain JSON
    assert spec["$schema"].endswith("vega-lite/v5.json")
    assert spec["data"]["values"] == RATES.records()
    assert bundle["text/markdown"] == RATES.to_html()
    assert bundle["text/plain"] == RATES.text()
    tipped = [m for m in _marks(spec) if "tooltip" in m.get("encoding", {})]
    assert tipped, "the marks carry tooltips"
    for mark in tipped:
        tips = mark["encoding"]["tooltip"]
        assert [t["title"] for t in tips] == list(RATES.names)
        assert {t.get("format") for t in tips if t["type"] == "quantitative"} == {".1%"}


def test_include_and_exclude_pick_forms() -> None:
    chart = bar_chart(RATES, "pairing", "win rate")
    assert list(chart._repr_mimebundle_(include=["text/plain"])) == ["text/plain"]
    assert "text/html" not in chart._repr_mimebundle_()  # JupyterLab would show it, not the chart
    assert VEGA_LITE_MIME not in chart._repr_mimebundle_(exclude=[VEGA_LITE_MIME])


def test_spec_is_a_copy() -> None:
    chart = bar_chart(RATES, "pairing", "win rate")
    chart.to_dict()["data"]["values"].clear()
    assert chart.to_dict()["data"]["values"] == RATES.records()


def test_colours_by_a_column() -> None:
    table = HtmlTable(["turn", "shed", "verdict"], [(1, 2, "best"), (2, 0, "mistake")])
    spec = bar_chart(table, "turn", "shed", colour="verdict", colours={"best": "#2e7d32"}).spec
    assert spec["encoding"]["color"]["scale"] == {"domain": ["best"], "range": ["#2e7d32"]}


def test_reference_line_and_unknown_columns() -> None:
    spec = interval_chart(RATES, "pairing", "win rate", "low", "high", reference=0.5).spec
    assert spec["layer"][-1]["data"]["values"] == [{"reference": 0.5}]
    with pytest.raises(KeyError, match="no column 'rate'"):
        bar_chart(RATES, "pairing", "rate")


def test_field_escapes_paths() -> None:
    assert field("a.b") == "a\\.b"
    assert field("plain name") == "plain name"
    assert field('first\'s "wins"') == 'first\\\'s \\"wins\\"'
