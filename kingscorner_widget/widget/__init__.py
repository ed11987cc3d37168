"""The anywidget adapter: the table in a notebook, over a :mod:`kingscorner_widget.table` session.

:class:`KingsCornerWidget` syncs the session's snapshot, takes the page's intents
(:mod:`~kingscorner_widget.table.intents`) and publishes the replies; the front end's bundle is
found by :mod:`~kingscorner_widget.widget.bundle`. This is the top layer: nothing in the engine,
the analysis, the lessons or the table imports it.
"""

from __future__ import annotations

from .adapter import MODES, KingsCornerWidget

__all__ = ["MODES", "KingsCornerWidget"]
