"""The class server: every table of a class, each seat sent only its own view.

A layer of its own, between the class record (``classroom``) and the notebook widget
(``widget``): it reads the engine, the players, the table sessions and the classroom, and the
widget reads it (a student's seat and the projector are thin clients of a server). Inside it:
:mod:`~.codes` (room codes and seat tokens), :mod:`~.seats` (the sessions of a shared table),
:mod:`~.views` (the one view function), :mod:`~.room` (rooms and their tables), :mod:`~.store`
(SQLite), :mod:`~.protocol` (checking every frame), :mod:`~.app` (the websocket server,
:class:`ClassServer`), :mod:`~.client` (the kernel's side), :mod:`~.seatbook` (where a
student's seat tokens are kept) and :mod:`~.hub` (the server as a JupyterHub service: where to
listen, who is calling), :mod:`~.site` (the browser course served beside the tables) and
:mod:`~.browser` (a seat from the browser course, through the browser's own WebSocket).

The server's names are imported when first asked for: in the browser course (Pyodide) there is
no Starlette or uvicorn, and a seat there imports only the modules it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import ClassServer
    from .room import Room, Seat

__all__ = ["ClassServer", "Room", "Seat"]


def __getattr__(name: str) -> Any:
    if name == "ClassServer":
        from .app import ClassServer

        return ClassServer
    if name in ("Room", "Seat"):
        from . import room

        return getattr(room, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
