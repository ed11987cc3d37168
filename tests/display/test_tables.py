"""HtmlTable: the same values as HTML, text, records and (where installed) a data frame."""

from __future__ import annotations

import html.parser
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingscorner_widget.display.tables import MISSING, Column, HtmlTable


class _Cells(html.parser.HTMLParser):
    """Reads a table's HTML back: its headings, its cells' text, the tags it uses."""

    def __init__(self) -> None:
        super().__init__()
        self.heads: list[str] = []
        self.rows: list[list[str]] = []
        self.tags: set[str] = set()
        self.marks: list[str | None] = []
        self._where: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        if tag == "tr" and self._in_body:
            self.rows.append([])
            self.marks.append(dict(attrs).get("data-mark"))
        if tag in ("th", "td"):
            self._where = tag
            if tag == "th":
                self.heads.append("")
            else:
                self.rows[-1].append("")
        if tag == "tbody":
            self._in_body = True

    _in_body = False

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._where = None

    def handle_data(self, data: str) -> None:
        if self._where == "th":
            self.heads[-1] += data
        elif self._where == "td":
            self.rows[-1][-1] += data


def read(table: HtmlTable) -> _Cells:
    parser = _Cells()
    parser.feed(table._repr_html_())
    return parser


def test_html_holds_every_heading_and_formatted_cell() -> None:
    table = HtmlTable(
        [Column("pairing"), Column("rate", format=".1%"), Column("games")],
        [("expert v greedy", 0.7662, 1000), ("greedy v random", None, 0)],
        title="Heads-up",
        notes=["Shared hands count half."],
    )
    cells = read(table)
    assert cells.heads == ["pairing", "rate", "games"]
    assert cells.rows == [["expert v greedy", "76.6%", "1000"], ["greedy v random", MISSING, "0"]]
    page = table._repr_html_()
    assert "Heads-up" in page
    assert "Shared hands count half." in page


def test_html_is_safe_and_plain() -> None:
    """Text is escaped, and only tags an untrusted notebook keeps are used (no style, no script)."""
    table = HtmlTable(["move"], [("<script>alert(1)</script>",)], title="<b>x</b>")
    page = table._repr_html_()
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert read(table).tags <= {"div", "table", "caption", "thead", "tbody", "tr", "th", "td", "p"}


def test_marks_colours_and_code() -> None:
    verdict = Column("verdict", colours={"mistake": "#c62828"})
    table = HtmlTable(
        [Column("move", code=True), verdict],
        [("Th>N", "best"), ("draw", "mistake")],
        row_marks=["best", "mistake"],
    )
    page = table._repr_html_()
    assert read(table).marks == ["best", "mistake"]
    named = HtmlTable(["verdict"], [("best",)], row_marks=["best"], mark_name="verdict")
    assert '<tr data-verdict="best">' in named.to_html()
    with pytest.raises(ValueError, match="mark_name must be"):
        HtmlTable(["verdict"], [("best",)], row_marks=["best"], mark_name='x" onclick="')
    assert "<code>Th&gt;N</code>" in page
    assert "color:#c62828" in page
    assert page.count("color:#") == 1


def test_text_aligns_numbers_right_and_words_left() -> None:
    table = HtmlTable(["name", "n"], [("ab", 1), ("a", 100)])
    assert table.text().splitlines() == ["name    n", "ab      1", "a     100"]
    assert repr(table) == str(table) == table.text()


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="two columns share a name"):
        HtmlTable(["a", "a"], [])
    with pytest.raises(ValueError, match="row 2 has 3 values for 2 columns"):
        HtmlTable(["a", "b"], [(1, 2), (1, 2, 3)])
    with pytest.raises(TypeError, match="a cell holds a word, a number or None"):
        HtmlTable(["a"], [([1],)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="1 row marks for 2 rows"):
        HtmlTable(["a"], [(1,), (2,)], row_marks=["x"])
    with pytest.raises(KeyError, match="the columns are a, b"):
        HtmlTable(["a", "b"], []).column("c")


def test_records_and_from_records_round_trip() -> None:
    table = HtmlTable(["hand", "seat 1"], [(1, 3), (2, None)], title="Sheet")
    again = HtmlTable.from_records(table.records(), title="Sheet")
    assert again == table
    assert HtmlTable.from_records([]).rows == ()


def test_to_pandas_keeps_the_numbers() -> None:
    pandas = pytest.importorskip("pandas")
    table = HtmlTable([Column("rate", format=".1%"), "name"], [(0.25, "a"), (0.5, "b")])
    frame = table.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["rate", "name"]
    assert frame["rate"].tolist() == [0.25, 0.5]


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        HtmlTable(["a"], [(1,)]).to_pandas()


values = st.one_of(
    st.none(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=False, width=32),
    st.text(max_size=8),
)


@given(st.integers(1, 4).flatmap(lambda n: st.lists(st.tuples(*[values] * n), max_size=6)))
def test_every_value_reaches_the_html_and_the_text(rows: list[tuple[object, ...]]) -> None:
    width = len(rows[0]) if rows else 1
    columns = [f"c{i}" for i in range(width)]
    table = HtmlTable(columns, rows)  # type: ignore[arg-type]
    cells = read(table)
    assert len(cells.rows) == len(rows)
    for row, shown in zip(rows, cells.rows, strict=True):
        for value, text in zip(row, shown, strict=True):
            if value is None or (isinstance(value, float) and math.isnan(value)):
                assert text == MISSING
            else:
                assert text == str(value)
