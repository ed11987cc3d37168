"""The frames a class server takes from a client, checked before anything acts on them.

A client (a student's kernel, a projector's, a browser) is untrusted. Each frame it sends must
be one JSON object of at most :data:`MAX_FRAME` bytes of text, with a ``type`` this server knows
and exactly the fields that type carries, each of its JSON type; anything else is refused with
a :class:`FrameError` whose ``code`` names the problem and whose message says it in words, and
nothing changes. A client sending faster than :class:`RateLimit` allows has its frames refused
until it slows down. The intent a seat sends (``{"type": "intent", "intent": {...}}``) is then
checked by its table as a page's is (kind, fields, the snapshot version it was made on:
:mod:`kingscorner_widget.table.intents`).

The frames:

- ``{"type": "join", "room": CODE, "learner": NAME}``: sit at the next free seat;
- ``{"type": "rejoin", "room": CODE, "table": N, "seat": S, "token": TOKEN}``: take a seat back;
- ``{"type": "watch", "room": CODE, "table": N}``: watch a table (the projector);
- ``{"type": "room", "room": CODE, "key": KEY}``: the teacher's room view (the server's key);
- ``{"type": "intent", "intent": {"kind": ..., "version": ..., ...}}``: a seat's action;
- ``{"type": "open", "what": WHAT, "name": NAME}``: a seated learner's own table at the server
  (:mod:`~.desks`): ``what`` ``"lesson"`` (``name`` a built-in lesson's), ``"homework"`` (the
  room's homework; ``name`` ``""`` from its start, or an item's key: ``"puzzle:2"``),
  ``"puzzle"`` (``name`` its number in the homework), ``"daily"`` (``name`` ``""``), or
  ``"table"`` (``""``: back to the shared table). The server answers ``{"type": "opened",
  "what": WHAT, "name": NAME, "title": TITLE}``, then the views of that table; the seat's
  intents go to it until the learner opens another. No frame reports a step done or asks for
  an answer: the server judges every move itself;
- on a JupyterHub (:mod:`~.hub`), a kernel's Hub token instead of a typed name or the server's
  key: ``{"type": "hub-join", "room": CODE, "hub": TOKEN}`` (sit, or take one's seat back, as
  the Hub user holding the token), ``{"type": "hub-open", "name": NAME, "seats": N, "hub":
  TOKEN}`` (a teacher opens a room) and ``{"type": "hub-room", "room": CODE, "hub": TOKEN}``
  (a teacher's room view);
- ``{"type": "homework", "room": CODE, "key": KEY, "homework": {...}}`` (on a Hub
  ``hub-homework``, with ``hub`` instead of ``key``): the teacher sets the room's homework (a
  homework file's JSON, :meth:`Homework.to_dict
  <kingscorner_widget.classroom.homework.Homework.to_dict>`; its puzzles' answers are found
  again on the server); the answer is ``{"type": "homework", "room": CODE, "title": TITLE,
  "items": [KEY, ...]}``;
- a room's class tournament (:mod:`~.tournament`), by the teacher (the server's ``key``, or on a
  Hub a teacher's ``hub`` token instead, as ``hub-tournament-...``):
  ``{"type": "tournament-start", "room": CODE, "key": KEY, "pairing": "auto" | "round-robin" |
  "swiss", "seats": N, "position": LINE}`` (``""``: the standard deal) starts it,
  ``{"type": "tournament-round", "room": CODE, "key": KEY}`` draws and seats the next round,
  ``{"type": "tournament-standings", "room": CODE, "key": KEY}`` asks for the standings.

The server sends a seat ``{"type": "moved", "room": CODE, "table": N, "seat": S, "learner":
NAME, "status": WORDS}`` when a tournament's round moves it to another table, then that
table's view: the seat's token stays the same, and a client takes the new seat back with it.

>>> read_frame('{"type": "join", "room": "KXT-4PQ", "learner": "Ada"}')
{'type': 'join', 'room': 'KXT-4PQ', 'learner': 'Ada'}
>>> read_frame('{"type": "join", "room": "KXT-4PQ", "learner": "Ada", "seat": 2}')
Traceback (most recent call last):
...
kingscorner_widget.server.protocol.FrameError: a join frame carries room and learner, nothing \
else (not seat)
>>> def refused(data):
...     try:
...         read_frame(data)
...     except FrameError as error:
...         return error.code
>>> refused(b"\\x00\\x01"), refused("[1, 2"), refused("[" * 5000), refused('{"type": "fly"}')
('binary', 'not-json', 'too-big', 'type')
"""

from __future__ import annotations

import json
import time
from typing import Any

__all__ = ["FIELDS", "MAX_FRAME", "FrameError", "RateLimit", "error_frame", "read_frame"]

Json = dict[str, Any]

MAX_FRAME = 4096
"""The most bytes of text a client's frame may hold (an intent is well under 200)."""
MAX_TRANSPORT = 65536
"""The most bytes the websocket layer reads of one frame: past it the connection is closed
(code 1009, message too big) without the frame being read at all."""

FIELDS: dict[str, dict[str, type]] = {
    "join": {"room": str, "learner": str},
    "rejoin": {"room": str, "table": int, "seat": int, "token": str},
    "watch": {"room": str, "table": int},
    "room": {"room": str, "key": str},
    "intent": {"intent": dict},
    "open": {"what": str, "name": str},
    "homework": {"room": str, "key": str, "homework": dict},
    "hub-homework": {"room": str, "hub": str, "homework": dict},
    "hub-join": {"room": str, "hub": str},
    "hub-open": {"name": str, "seats": int, "hub": str},
    "hub-room": {"room": str, "hub": str},
    "tournament-start": {"room": str, "key": str, "pairing": str, "seats": int, "position": str},
    "tournament-round": {"room": str, "key": str},
    "tournament-standings": {"room": str, "key": str},
    "hub-tournament-start": {
        "room": str,
        "hub": str,
        "pairing": str,
        "seats": int,
        "position": str,
    },
    "hub-tournament-round": {"room": str, "hub": str},
    "hub-tournament-standings": {"room": str, "hub": str},
}
"""Each frame type's fields and their JSON types."""


class FrameError(ValueError):
    """A frame refused: ``code`` names the problem for programs, the message says it in words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def read_frame(data: str | bytes | None) -> Json:
    """The checked frame ``data`` (the text of one websocket message, ``bytes`` for a binary
    one); a bad one raises :class:`FrameError`."""
    if not isinstance(data, str):
        raise FrameError("binary", "this server reads text frames of JSON, not binary ones")
    if len(data) > MAX_FRAME or len(data.encode()) > MAX_FRAME:
        raise FrameError("too-big", f"a frame is at most {MAX_FRAME} bytes: this one is larger")
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):
        raise FrameError("not-json", "a frame is one JSON object: this one is not JSON") from None
    if not isinstance(frame, dict):
        raise FrameError("shape", 'a frame is one JSON object with a "type"')
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        known = ", ".join(FIELDS)
        raise FrameError("type", f"a frame's type is one of {known}")
    fields = FIELDS[kind]
    extra = sorted(set(frame) - set(fields) - {"type"})
    if extra:
        raise FrameError(
            "shape",
            f"a {kind} frame carries {_and(list(fields))}, nothing else (not {_and(extra)})",
        )
    for name, wanted in fields.items():
        value = frame.get(name)
        if isinstance(value, bool) or not isinstance(value, wanted):
            what = {str: "text", int: "a whole number", dict: "a JSON object"}[wanted]
            raise FrameError("shape", f"a {kind} frame's {name} is {what}")
    return frame


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def error_frame(code: str, message: str) -> Json:
    """The frame that tells a client what was refused."""
    return {"type": "error", "code": code, "error": message}


class RateLimit:
    """At most ``rate`` frames a second on average, ``burst`` at once (a token bucket): a
    person clicks a few times a second; a flood is refused frame by frame.

    >>> limit = RateLimit(rate=1, burst=3, clock=iter([0, 0, 0, 0, 1, 1, 9]).__next__)
    >>> [limit.allow() for _ in range(6)], limit.refused
    ([True, True, True, False, True, False], 2)
    >>> limit.allow(), limit.refused  # slowed down: the bucket is full again
    (True, 0)
    """

    def __init__(self, rate: float = 20.0, burst: float = 40.0, clock: Any = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.at: float | None = None
        self.refused = 0
        """Frames refused since the client last slowed down enough to fill its bucket again
        (the server closes a connection that goes on flooding)."""

    def allow(self) -> bool:
        now = self.clock()
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= self.burst:
            self.refused = 0
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
