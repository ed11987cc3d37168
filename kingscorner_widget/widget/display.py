"""How a table shows itself in a notebook: the live widget plus a static picture.

The picture is what exports, GitHub and untrusted notebooks show (an ``<img>``, never inline
SVG, which JupyterLab strips from untrusted output); it follows the live table through a display
id updated on every publish.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import anywidget
from IPython import display as ipython_display

from ..engine.render import Picture
from ..table.table import Table


class TableDisplay(anywidget.AnyWidget):
    """The base of :class:`~kingscorner_widget.KingsCornerWidget`: its pictures and display,
    read from its :attr:`table`."""

    table: Table
    """The table shown (set by the widget before anything is displayed)."""
    _picture_id: str | None = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus a static picture for places without a kernel (exports, GitHub)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        data["text/html"] = self.static_html()
        return data, metadata

    def _ipython_display_(self, **kwargs: Any) -> None:
        """Show the live table and, as a second output, its static picture.

        An exporter that finds the widget's saved state (``nbconvert --execute``, "save widget
        state") draws the widget view and drops every other type of its output, so an offline
        export would show a blank box. The picture therefore also goes out on its own, under a
        display id that every publish updates, so a saved notebook shows the latest position;
        the table's stylesheet hides it wherever the live table is drawn.
        """
        show: Callable[..., object] = ipython_display.display
        data, metadata = self._repr_mimebundle_(**kwargs)
        data.pop("text/html")
        show(data, metadata=metadata, raw=True)
        self._picture_id = self._picture_id or f"kcw-{uuid.uuid4().hex}"
        show(self._fallback(), raw=True, display_id=self._picture_id)

    def _fallback(self) -> dict[str, str]:
        return {"text/html": f'<div class="kcw-fallback">{self.static_html()}</div>'}

    def _update_picture(self) -> None:
        """After a publish: redraw the static picture wherever this table was displayed."""
        if self._picture_id:
            update: Callable[..., object] = ipython_display.update_display
            update(self._fallback(), raw=True, display_id=self._picture_id)

    def static_html(self) -> str:
        """A static picture of the table as the viewer sees it (no hidden card), as an ``<img>``."""
        return self.picture().img()

    def picture(self) -> Picture:
        """A picture of the table as it is now (it stays as it is when the table moves on)."""
        return self.table.picture()
