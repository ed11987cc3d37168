"""What notebook hosts other than Jupyter need from the table widget: marimo's reactivity.

marimo's ``mo.ui.anywidget(w)`` re-runs the cells that read ``.value`` (the widget's synced
traits) when the page saves a change to the widget's model: neither a custom message (how every
move reaches Python) nor a change made in Python sets that off. So after drawing each new snapshot
the page saves :attr:`HostSync.seen`, the snapshot version it has drawn; marimo then re-runs the
dependent cells, and they read the state Python published.

Python stays the authority: ``seen`` is checked (a whole number, never past the version Python
published), nothing acts on it, and a page that sends a bad one is refused and undone like any
other forbidden update.

>>> from kingscorner_widget import KingsCornerWidget
>>> w = KingsCornerWidget(mode="explore", seed=1)
>>> w.set_state({"seen": w.snapshot["version"]}); w.seen == w.snapshot["version"]
True
>>> w.set_state({"seen": w.snapshot["version"] + 1}); w.seen == w.snapshot["version"], w.status
(True, "Only Python code can set up the table: the page's change was undone.")
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..table.table import Table

__all__ = ["HostSync"]


class Version(traitlets.Int):  # type: ignore[type-arg]
    """A snapshot version: a whole number from 0, and never ``True`` or ``False``."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, bool):
            self.error(obj, value)
        return super().validate(obj, value)


class HostSync(traitlets.HasTraits):
    """Mixed into :class:`~kingscorner_widget.KingsCornerWidget`: the page's ``seen`` trait."""

    table: Table
    """The table the widget mirrors (its ``version`` is the latest published)."""

    seen = Version(0, min=0).tag(sync=True)
    """The last snapshot ``version`` the page has drawn, set by the page after each new snapshot
    (see :mod:`kingscorner_widget.widget.hosts`). It tells nothing about the game; a cell in a
    marimo notebook that reads the table re-runs when it changes."""

    @traitlets.validate("seen")
    def _valid_seen(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        if value > self.table.version:
            raise traitlets.TraitError(
                f"seen must be a snapshot version the table published (0 to {self.table.version}), "
                f"not {value!r}"
            )
        return int(value)
