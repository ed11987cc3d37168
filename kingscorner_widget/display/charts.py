"""Charts as Vega-Lite specs, with an HTML table of the same numbers for hosts that draw none.

JupyterLab, Notebook 7, a JupyterLite site and VS Code draw a Vega-Lite spec
(``application/vnd.vegalite.v5+json``) themselves, so a chart needs no Python plotting library
and makes no request off the machine. A :class:`VegaLiteChart` offers that spec beside an HTML
table of its numbers (:class:`~kingscorner_widget.display.tables.HtmlTable`) and plain text, and
the host shows the richest it can; a host that draws no chart (GitHub's notebook view, the
reference site) shows the table. The table travels as ``text/markdown`` (markdown carries HTML):
JupyterLab ranks ``text/html`` above a Vega-Lite chart, so an HTML output beside the spec would
hide the chart, while markdown ranks below it. Every mark carries a tooltip with its row's values.

>>> from kingscorner_widget.display.tables import Column, HtmlTable
>>> table = HtmlTable([Column("turns"), Column("hands")], [(10, 3), (11, 5)])
>>> chart = bar_chart(table, "turns", "hands", title="Game length")
>>> bundle = chart._repr_mimebundle_()
>>> sorted(bundle)
['application/vnd.vegalite.v5+json', 'text/markdown', 'text/plain']
>>> bundle["application/vnd.vegalite.v5+json"]["data"]["values"]
[{'turns': 10, 'hands': 3}, {'turns': 11, 'hands': 5}]
>>> print(chart)
Game length
turns  hands
   10      3
   11      5
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Literal

from .tables import Column, HtmlTable

if TYPE_CHECKING:
    import pandas

__all__ = [
    "FALLBACK_MIME",
    "VEGA_LITE_MIME",
    "VegaLiteChart",
    "bar_chart",
    "interval_chart",
    "line_chart",
]

VEGA_LITE_MIME = "application/vnd.vegalite.v5+json"
"""The MIME type JupyterLab, Notebook 7, JupyterLite and VS Code draw as a Vega-Lite chart."""

FALLBACK_MIME = "text/markdown"
"""How the table of a chart's numbers travels: HTML inside markdown, which JupyterLab ranks below
the chart (``text/html`` it ranks above, and would show instead of the chart)."""

SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
"""The spec's ``$schema``: a name for the version, never fetched when the chart is drawn."""

ACCENT = "#3b7dd8"
"""The marks' colour when they are not coloured by a column."""

_CONFIG: dict[str, Any] = {
    # Large enough to read on a projector at the back of a classroom.
    "axis": {"labelFontSize": 13, "titleFontSize": 14},
    "legend": {"labelFontSize": 13, "titleFontSize": 14},
    "title": {"fontSize": 16},
    "view": {"stroke": None},
}


@dataclasses.dataclass(frozen=True, eq=False)
class VegaLiteChart:
    """A chart: a Vega-Lite spec and the table of the numbers it draws.

    In a notebook it offers the host three forms, richest first: the spec, the table as HTML,
    the table as text. The spec carries its numbers inline (``data.values``), so a saved
    notebook redraws it with nothing else.
    """

    spec: Mapping[str, Any]
    """The Vega-Lite spec (version 5), data included."""
    table: HtmlTable
    """The same numbers as a table: the fallback, and :meth:`to_pandas`'s source. It takes the
    chart's title when it has none of its own."""

    def __post_init__(self) -> None:
        title = self.spec.get("title")
        if isinstance(title, str) and title and not self.table.title:
            object.__setattr__(self, "table", dataclasses.replace(self.table, title=title))

    def to_dict(self) -> dict[str, Any]:
        """A copy of the spec, ready for ``json.dumps`` or Altair's ``alt.Chart.from_dict``."""
        return copy.deepcopy(dict(self.spec))

    def to_pandas(self) -> pandas.DataFrame:
        """The chart's numbers as a data frame (needs pandas)."""
        return self.table.to_pandas()

    def _repr_mimebundle_(
        self, include: Sequence[str] | None = None, exclude: Sequence[str] | None = None
    ) -> dict[str, Any]:
        bundle: dict[str, Any] = {
            VEGA_LITE_MIME: self.to_dict(),
            FALLBACK_MIME: self.table.to_html(),
            "text/plain": self.text(),
        }
        if include is not None:
            bundle = {k: v for k, v in bundle.items() if k in include}
        if exclude is not None:
            bundle = {k: v for k, v in bundle.items() if k not in exclude}
        return bundle

    def text(self) -> str:
        """The chart's numbers (and title) as plain text."""
        return self.table.text()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()


def field(name: str) -> str:
    """A column name as a Vega-Lite field: dots, brackets and quotes would read as a path, so
    they are escaped.

    >>> print(field("a.b [x]"), field("first's wins"))
    a\\.b \\[x\\] first\\'s wins
    """
    for special in ("\\", ".", "[", "]", "'", '"'):
        name = name.replace(special, "\\" + special)
    return name


def _column(table: HtmlTable, name: str) -> Column:
    for column in table.columns:
        if column.name == name:
            return column
    raise KeyError(f"no column {name!r}: the columns are {', '.join(table.names)}")


def _kind(table: HtmlTable, name: str) -> str:
    values = [v for v in table.column(name) if v is not None]
    numeric = values and all(isinstance(v, (int, float)) for v in values)
    return "quantitative" if numeric else "nominal"


def tooltip(table: HtmlTable) -> list[dict[str, Any]]:
    """A tooltip showing every column of a mark's row, numbers in their columns' formats."""
    tips = []
    for column in table.columns:
        tip: dict[str, Any] = {
            "field": field(column.name),
            "type": _kind(table, column.name),
            "title": column.name,
        }
        if column.format and tip["type"] == "quantitative":
            tip["format"] = column.format
        tips.append(tip)
    return tips


def _axis(table: HtmlTable, name: str, title: str | None) -> dict[str, Any]:
    column = _column(table, name)
    axis: dict[str, Any] = {"title": title if title is not None else name}
    if column.format:
        axis["format"] = column.format
    values = [v for v in table.column(name) if v is not None]
    if values and all(isinstance(v, int) for v in values):
        axis["tickMinStep"] = 1  # whole numbers: no ticks at 2.5 cards
        axis.setdefault("format", "d")
    return axis


def base_spec(
    table: HtmlTable, title: str, *, width: int = 460, height: int = 260
) -> dict[str, Any]:
    """The parts every chart shares: schema, title, size, readable fonts, the data inline."""
    return {
        "$schema": SCHEMA,
        "title": title or table.title,
        "width": width,
        "height": height,
        "config": copy.deepcopy(_CONFIG),
        "data": {"values": table.records()},
    }


def _quantity(
    table: HtmlTable, column: str, title: str | None, domain: tuple[float, float] | None
) -> dict[str, Any]:
    """The encoding of a chart's value axis: column ``column`` as a quantity, on ``domain``
    when one is given."""
    value: dict[str, Any] = {
        "field": field(column),
        "type": "quantitative",
        "axis": _axis(table, column, title),
    }
    if domain is not None:
        value["scale"] = {"domain": list(domain)}
    return value


def bar_chart(
    table: HtmlTable,
    x: str,
    y: str,
    *,
    title: str = "",
    x_title: str | None = None,
    y_title: str | None = None,
    x_type: Literal["quantitative", "ordinal", "nominal"] | None = None,
    colour: str | None = None,
    colours: Mapping[str, str] | None = None,
    horizontal: bool = False,
    domain: tuple[float, float] | None = None,
) -> VegaLiteChart:
    """Bars of column ``y`` over column ``x`` (``horizontal``: categories down the side).

    ``colour`` names a column whose values colour the bars (``colours`` maps a value to its
    colour); ``domain`` fixes the value axis (``(0, 1)`` for a rate).
    """
    value = _quantity(table, y, y_title, domain)
    kind = x_type or ("nominal" if horizontal else "ordinal")
    category: dict[str, Any] = {"field": field(x), "type": kind, "axis": _axis(table, x, x_title)}
    if kind != "quantitative":
        category["sort"] = None  # the table's order
    encoding: dict[str, Any] = (
        {"y": category, "x": value} if horizontal else {"x": category, "y": value}
    )
    encoding["tooltip"] = tooltip(table)
    mark: dict[str, Any] = {"type": "bar", "color": ACCENT}
    if colour is not None:
        scale: dict[str, Any] = {}
        if colours:
            scale = {"domain": list(colours), "range": list(colours.values())}
        encoding["color"] = {"field": field(colour), "type": "nominal", "scale": scale}
        mark = {"type": "bar"}
    spec = base_spec(table, title, height=max(120, 28 * len(table)) if horizontal else 260)
    spec.update({"mark": mark, "encoding": encoding})
    return VegaLiteChart(spec, table)


def line_chart(
    table: HtmlTable,
    x: str,
    y: str,
    *,
    title: str = "",
    x_title: str | None = None,
    y_title: str | None = None,
    domain: tuple[float, float] | None = None,
    colour: str | None = None,
) -> VegaLiteChart:
    """Points joined by a line: column ``y`` against the numbers in column ``x``; with
    ``colour``, a line for each value of that column (a legend names them)."""
    encoding: dict[str, Any] = {
        "x": {"field": field(x), "type": "quantitative", "axis": _axis(table, x, x_title)},
        "y": _quantity(table, y, y_title, domain),
        "tooltip": tooltip(table),
    }
    mark: dict[str, Any] = {"type": "line", "color": ACCENT, "point": {"size": 70, "color": ACCENT}}
    if colour is not None:
        _column(table, colour)
        encoding["color"] = {"field": field(colour), "type": "nominal", "sort": None}
        mark = {"type": "line", "point": {"size": 70}}
    spec = base_spec(table, title)
    spec.update({"mark": mark, "encoding": encoding})
    return VegaLiteChart(spec, table)


def interval_chart(
    table: HtmlTable,
    label: str,
    value: str,
    low: str,
    high: str,
    *,
    title: str = "",
    value_title: str | None = None,
    reference: float | None = None,
    domain: tuple[float, float] | None = None,
) -> VegaLiteChart:
    """One row per ``label``: a point at ``value`` with a bar from ``low`` to ``high`` (an
    interval), and a dashed line at ``reference`` (for example an even chance, 0.5).

    Win rates with their 95% intervals, ratings with theirs.
    """
    scale: dict[str, Any] = {"domain": list(domain)} if domain is not None else {"zero": False}
    axis = _axis(table, value, value_title)
    tips = tooltip(table)
    category = {"field": field(label), "type": "nominal", "sort": None, "title": None}
    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "rule", "color": ACCENT, "strokeWidth": 3},
            "encoding": {
                "y": category,
                "x": {"field": field(low), "type": "quantitative", "scale": scale, "axis": axis},
                "x2": {"field": field(high)},
                "tooltip": tips,
            },
        },
        {
            "mark": {"type": "point", "filled": True, "size": 120, "color": ACCENT},
            "encoding": {
                "y": category,
                "x": {"field": field(value), "type": "quantitative", "scale": scale},
                "tooltip": tips,
            },
        },
    ]
    if reference is not None:
        layers.append(
            {
                "data": {"values": [{"reference": reference}]},
                "mark": {"type": "rule", "color": "#888888", "strokeDash": [5, 4]},
                "encoding": {"x": {"field": "reference", "type": "quantitative"}},
            }
        )
    spec = base_spec(table, title, height=max(80, 36 * len(table)))
    spec["layer"] = layers
    return VegaLiteChart(spec, table)


def bars_svg(
    table: HtmlTable,
    label: str,
    value: str,
    *,
    title: str = "",
    maximum: float = 1.0,
) -> str:
    """Column ``value`` as horizontal bars, one per ``label``, drawn as inline SVG: a picture
    any browser shows with nothing to load (a page written to a file for a classroom with no
    network, where a Vega-Lite chart would need its script from the web). Each bar is labelled
    with its value as the table writes it; a row with no value gets no bar. The picture has a
    title and a text label for screen readers, and escapes every word.

    >>> from kingscorner_widget.display.tables import Column, HtmlTable
    >>> t = HtmlTable([Column("theme"), Column("solved", format=".0%")], [("chain", 0.5), ("x<y", None)])
    >>> svg = bars_svg(t, "theme", "solved", title="Solved")
    >>> svg.startswith("<svg") and "role='img'" in svg and "x&lt;y" in svg
    True
    >>> svg.count("<rect")
    1
    """  # noqa: E501
    names = _column(table, label)
    values = _column(table, value)
    rows = table.records()
    row_height, left, width = 30, 150, 300
    top = 30 if title else 6
    height = top + row_height * len(rows) + 6
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' role='img' width='{left + width + 70}' "
        f"height='{height}' aria-label='{escape(title or value, quote=True)}' "
        "style='font-family:sans-serif;font-size:14px'>",
        f"<title>{escape(title or value)}</title>",
    ]
    if title:
        parts.append(f"<text x='0' y='18' font-weight='bold'>{escape(title)}</text>")
    for i, row in enumerate(rows):
        y = top + i * row_height
        name, amount = row[names.name], row[values.name]
        parts.append(
            f"<text x='{left - 8}' y='{y + 19}' text-anchor='end'>{escape(str(name))}</text>"
        )
        if isinstance(amount, int | float) and not isinstance(amount, bool) and maximum > 0:
            length = round(width * min(max(amount / maximum, 0.0), 1.0), 1)
            parts.append(
                f"<rect x='{left}' y='{y + 4}' width='{length}' height='{row_height - 8}' "
                f"fill='{ACCENT}'/>"
            )
            shown = escape(values.text(amount))
            parts.append(f"<text x='{left + length + 6}' y='{y + 19}'>{shown}</text>")
    parts.append("</svg>")
    return "".join(parts)
