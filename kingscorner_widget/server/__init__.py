"""The class server: every table of a class, each seat sent only its own view.

A layer of its own, between the class record (``classroom``) and the notebook widget
(``widget``): it reads the engine, the players, the table sessions and the classroom, and the
widget reads it (a student's seat and the projector are thin clients of a server). Inside it:
:mod:`~.codes` (room codes and seat tokens), :mod:`~.seats` (the sessions of a shared table),
:mod:`~.views` (the one view function), :mod:`~.room` (rooms and their tables), :mod:`~.store`
(SQLite), :mod:`~.protocol` (checking every frame), :mod:`~.app` (the websocket server,
:class:`ClassServer`), :mod:`~.client` (the kernel's side) and :mod:`~.hub` (the server as a
JupyterHub service: where to listen, who is calling).
"""

from __future__ import annotations

from .app import ClassServer
from .room import Room, Seat

__all__ = ["ClassServer", "Room", "Seat"]
