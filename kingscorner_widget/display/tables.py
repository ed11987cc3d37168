"""Tables that show themselves: HTML in a notebook, aligned text elsewhere, pandas on request.

A score sheet, a simulation's results, a tournament, a review: each is a small table of numbers
and words. :class:`HtmlTable` holds one (its columns, its rows of plain values) and draws it
with no compiled package: as an HTML ``<table>`` with inline styles only (an untrusted notebook
strips ``<style>`` and scripts but keeps those), sized in ``em`` so a projector's zoom scales it,
and as aligned text for a terminal and for a checked notebook output. Where pandas is installed,
:meth:`HtmlTable.to_pandas` gives the same numbers as a data frame.

>>> table = HtmlTable(
...     [Column("player"), Column("win rate", format=".1%"), Column("games")],
...     [("expert", 0.766, 1000), ("greedy", 0.234, 1000)],
...     title="Heads-up",
... )
>>> print(table)
Heads-up
player  win rate  games
expert     76.6%   1000
greedy     23.4%   1000
>>> table.column("games")
[1000, 1000]
>>> "<td" in table._repr_html_() and "76.6%" in table._repr_html_()
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import pandas

__all__ = ["Column", "HtmlTable", "ShownAsTable", "Value"]

Value = str | int | float | None
"""What a cell holds: a word, a number, or nothing (shown as a dash)."""

MISSING = "\u2013"  # an en dash
"""How an empty cell (``None``, or a float that is not a number) is shown."""


@dataclasses.dataclass(frozen=True)
class Column:
    """One column of an :class:`HtmlTable`: its heading and how its values are written."""

    name: str
    """The heading, also the key in :meth:`HtmlTable.records` and the data frame's column."""
    format: str = ""
    """A format spec for numbers (``".1%"``, ``".2f"``, ``","``); words are shown as they are."""
    code: bool = False
    """Show the values in a code font (for notation: cards, moves, positions)."""
    colours: Mapping[str, str] | None = None
    """A text colour for some values (``{"mistake": "#c62828"}``), shown in bold."""
    align: Literal["left", "right"] | None = None
    """The cells' alignment; default: numbers to the right, words to the left."""
    description: str = ""
    """What the column means, shown as the heading's tooltip."""

    def text(self, value: Value) -> str:
        """``value`` as this column writes it.

        >>> Column("rate", format=".1%").text(0.5), Column("n").text(None) == MISSING
        ('50.0%', True)
        """
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return MISSING
        if isinstance(value, (int, float)) and not isinstance(value, bool) and self.format:
            return format(value, self.format)
        return str(value)

    def right_aligned(self, values: Sequence[Value]) -> bool:
        """Whether the column's cells sit to the right (numbers do unless told otherwise)."""
        if self.align is not None:
            return self.align == "right"
        present = [v for v in values if v is not None]
        return bool(present) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in present
        )


_CELL = "padding:0.3em 0.8em;border-bottom:1px solid rgba(128,128,128,0.35)"
_HEAD = "padding:0.3em 0.8em;border-bottom:2px solid rgba(128,128,128,0.7);font-weight:bold"


class ShownAsTable:
    """What shows itself as its :meth:`table`: the table's aligned text in a terminal (``str``,
    ``repr``, IPython's pretty printer) and its HTML in a notebook. A class names its table
    (:class:`HtmlTable` is shown as itself); a dataclass among them keeps ``repr=False``.

    >>> class Scores(ShownAsTable):
    ...     def table(self) -> HtmlTable:
    ...         return HtmlTable(["player", "points"], [("Ada", 3)])
    >>> Scores()
    player  points
    Ada          3
    >>> Scores()._repr_html_() == HtmlTable(["player", "points"], [("Ada", 3)]).to_html()
    True
    """

    def table(self) -> HtmlTable:
        """The table this shows."""
        raise NotImplementedError

    def text(self) -> str:
        """The table as aligned plain text."""
        return self.table().text()

    def to_html(self) -> str:
        """The table as one HTML fragment."""
        return self.table().to_html()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(self.text())  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        return self.to_html()


@dataclasses.dataclass(frozen=True, repr=False)
class HtmlTable(ShownAsTable):
    """A table of plain values that shows itself as HTML in a notebook and as text elsewhere.

    ``rows`` are sequences of values in the order of ``columns`` (a column may be given by its
    name alone). ``title`` heads the table, ``notes`` are lines printed under it, and
    ``row_marks`` gives each row an optional word written into a ``data-`` attribute of the
    row, ``data-mark`` unless ``mark_name`` says otherwise (a review marks each turn with its
    verdict in ``data-verdict``), so a test or a style can find it.

    A row of the wrong length is refused:

    >>> HtmlTable(["a", "b"], [(1,)])
    Traceback (most recent call last):
    ...
    ValueError: row 1 has 1 value for 2 columns (a, b)
    """

    columns: tuple[Column, ...]
    """The columns, left to right."""
    rows: tuple[tuple[Value, ...], ...]
    """The rows, top to bottom, each a value per column."""
    title: str = ""
    """A heading over the table (may be empty)."""
    notes: tuple[str, ...] = ()
    """Lines under the table: what a mark means, where the numbers come from."""
    row_marks: tuple[str | None, ...] = ()
    """A word per row for its ``data-`` attribute (empty: no marks)."""
    mark_name: str = "mark"
    """The attribute's name after ``data-``."""

    def __init__(
        self,
        columns: Sequence[Column | str],
        rows: Sequence[Sequence[Value]],
        *,
        title: str = "",
        notes: Sequence[str] = (),
        row_marks: Sequence[str | None] = (),
        mark_name: str = "mark",
    ) -> None:
        cols = tuple(c if isinstance(c, Column) else Column(c) for c in columns)
        names = [c.name for c in cols]
        if len(set(names)) != len(names):
            raise ValueError(f"two columns share a name: {', '.join(names)}")
        fixed = tuple(tuple(row) for row in rows)
        for number, row in enumerate(fixed, start=1):
            if len(row) != len(cols):
                values = "value" if len(row) == 1 else "values"
                raise ValueError(
                    f"row {number} has {len(row)} {values} for {len(cols)} columns "
                    f"({', '.join(names)})"
                )
            for value in row:
                if value is not None and not isinstance(value, (str, int, float)):
                    raise TypeError(
                        f"row {number} holds a {type(value).__name__}: a cell holds a word, "
                        "a number or None"
                    )
        if row_marks and len(row_marks) != len(fixed):
            raise ValueError(f"{len(row_marks)} row marks for {len(fixed)} rows")
        if not mark_name.replace("-", "").isalnum() or not mark_name.islower():
            raise ValueError(
                f"mark_name must be lower-case letters, digits and -, not {mark_name!r}"
            )
        object.__setattr__(self, "columns", cols)
        object.__setattr__(self, "rows", fixed)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "notes", tuple(notes))
        object.__setattr__(self, "row_marks", tuple(row_marks))
        object.__setattr__(self, "mark_name", mark_name)

    @classmethod
    def from_records(
        cls,
        records: Sequence[Mapping[str, Value]],
        columns: Sequence[Column | str] | None = None,
        **options: str | Sequence[str | None],
    ) -> HtmlTable:
        """A table from dicts keyed by column name (default columns: the first dict's keys).

        >>> print(HtmlTable.from_records([{"hand": 1, "seat 1": 3}, {"hand": 2, "seat 1": 0}]))
        hand  seat 1
           1       3
           2       0
        """
        if columns is None:
            columns = list(records[0]) if records else []
        cols = [c if isinstance(c, Column) else Column(c) for c in columns]
        rows = [tuple(record.get(c.name) for c in cols) for record in records]
        return cls(cols, rows, **options)  # type: ignore[arg-type]

    # -- reading ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[tuple[Value, ...]]:
        return iter(self.rows)

    @property
    def names(self) -> tuple[str, ...]:
        """The column headings, left to right."""
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> list[Value]:
        """The values of the column called ``name``; ``KeyError`` names the columns there are."""
        index = self._index(name)
        return [row[index] for row in self.rows]

    def records(self) -> list[dict[str, Value]]:
        """The rows as dicts keyed by column name (what a chart's data and JSON want)."""
        return [dict(zip(self.names, row, strict=True)) for row in self.rows]

    def to_pandas(self) -> pandas.DataFrame:
        """The table as a pandas data frame, one column per column (needs pandas).

        The values are the numbers themselves, not their formatted text.
        """
        try:
            import pandas
        except ImportError as error:
            raise ImportError(
                "to_pandas needs pandas: pip install pandas (or the [analysis] extra). "
                "The table itself shows without it."
            ) from error
        return pandas.DataFrame(list(self.rows), columns=list(self.names))

    def _index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no column {name!r}: the columns are {', '.join(self.names)}") from None

    # -- showing ------------------------------------------------------------------------------

    def text(self) -> str:
        """The table as aligned plain text (the title, the headings, the rows, the notes)."""
        cells = [[c.text(v) for c, v in zip(self.columns, row, strict=True)] for row in self.rows]
        widths = [
            max([len(c.name), *(len(r[i]) for r in cells)]) for i, c in enumerate(self.columns)
        ]
        right = [c.right_aligned(self.column(c.name)) for c in self.columns]

        def line(values: Sequence[str]) -> str:
            parts = [
                v.rjust(w) if r else v.ljust(w)
                for v, w, r in zip(values, widths, right, strict=True)
            ]
            return "  ".join(parts).rstrip()

        lines = [self.title] if self.title else []
        lines.append(line(self.names))
        lines.extend(line(r) for r in cells)
        lines.extend(self.notes)
        return "\n".join(lines)

    def table(self) -> HtmlTable:
        """This table itself."""
        return self

    def to_html(self) -> str:
        """The table as one HTML fragment (inline styles only, readable in an untrusted notebook).

        >>> html = HtmlTable(["move"], [("Th>N",)], row_marks=["best"]).to_html()
        >>> '<tr data-mark="best">' in html, "Th&gt;N" in html
        (True, True)
        """
        right = [c.right_aligned(self.column(c.name)) for c in self.columns]
        head = "".join(
            f'<th style="{_HEAD};text-align:{"right" if r else "left"}"'
            + (f' title="{escape(c.description)}"' if c.description else "")
            + f">{escape(c.name)}</th>"
            for c, r in zip(self.columns, right, strict=True)
        )
        body = []
        marks = self.row_marks or (None,) * len(self.rows)
        for row, mark in zip(self.rows, marks, strict=True):
            cells = "".join(
                self._cell_html(c, v, r) for c, v, r in zip(self.columns, row, right, strict=True)
            )
            attribute = f' data-{self.mark_name}="{escape(mark)}"' if mark else ""
            body.append(f"<tr{attribute}>{cells}</tr>")
        title = (
            f'<caption style="caption-side:top;text-align:left;font-weight:bold;'
            f'padding:0.3em 0">{escape(self.title)}</caption>'
            if self.title
            else ""
        )
        notes = "".join(f'<p style="margin:0.3em 0">{escape(n)}</p>' for n in self.notes)
        return (
            '<div class="kc-table" style="font-size:1.05em;line-height:1.4;'
            'font-variant-numeric:tabular-nums;max-width:100%;overflow-x:auto">'
            f'<table style="border-collapse:collapse;margin:0.4em 0;font-size:inherit">{title}'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"{notes}</div>"
        )

    @staticmethod
    def _cell_html(column: Column, value: Value, right: bool) -> str:
        text = escape(column.text(value))
        if column.code:
            text = f"<code>{text}</code>"
        style = f"{_CELL};text-align:{'right' if right else 'left'}"
        colour = column.colours.get(str(value)) if column.colours and value is not None else None
        if colour:
            style += f";color:{colour};font-weight:bold"
        return f'<td style="{style}">{text}</td>'
