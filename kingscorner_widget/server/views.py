"""The one view function: what each seat, watcher and teacher of a server table is sent.

Every frame a person receives about a table is built here, from the table's own sessions (a
:class:`~kingscorner_widget.server.seats.SeatSession` per seat, a
:class:`~kingscorner_widget.server.seats.WatchSession` for its watchers), each sitting at a
:class:`~kingscorner_widget.table.table.Table` as a notebook's table does: the snapshot, the
legal moves and the status line come from :meth:`Table.view
<kingscorner_widget.table.table.Table.view>` and its mirrors, so a seat sees exactly what a
notebook's viewer at that seat would see (its own hand; the others as counts), a watcher sees
the public table (every hand face down until the hand is over). A refusal goes only to the
seat that made it. The teacher's line for a table (:func:`table_line`) holds only what the
whole room may see: whose turn, each hand's size, the score, who is away.

>>> from kingscorner_widget.server.room import ServerTable
>>> shared = ServerTable(1, seats=2, seed=3, names={1: "Ada"})
>>> seat = viewpoint(shared, 1)
>>> sent = frame(seat.view())
>>> sent["type"], sent["snapshot"]["viewer"], len(sent["snapshot"]["hands"][0]["cards"])
('view', 1, 7)
>>> frame(viewpoint(shared, None).view())["snapshot"]["hands"][0]["cards"] is None
True
>>> table_line(shared)["turn"], table_line(shared)["cards"]
('Ada', [7, 7])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..display.language import gettext, pgettext
from ..display.tables import Column, HtmlTable
from ..table.table import Table, View
from .seats import SeatSession, WatchSession

if TYPE_CHECKING:
    from .room import ServerTable

__all__ = ["frame", "room_table", "table_line", "viewpoint"]

Json = dict[str, Any]


def viewpoint(shared: ServerTable, seat: int | None) -> Table:
    """The table as seat ``seat`` sees it (``None``: as its watchers see it): a
    :class:`~kingscorner_widget.table.table.Table` around that seat's session on the shared
    game."""
    session = WatchSession(shared) if seat is None else SeatSession(shared, seat)
    return Table(session=session)


def frame(view: View) -> Json:
    """The frame a mirror of a seat's (or the watchers') table sends for one :class:`View`:
    the status line alone after a refusal, else the snapshot with the legal moves. A hint
    that lights up only the card (a lesson's early hints: ``whole`` false) is sent without
    the pile it goes to, so the kernel holds no more of the answer than the page shows.

    >>> hint = {"move": "Th>N", "reason": "a ten", "exact": True, "whole": False}
    >>> frame(View("Hint: a ten.", {"hint": hint}))["snapshot"]["hint"]["move"]
    'Th'
    >>> hint
    {'move': 'Th>N', 'reason': 'a ten', 'exact': True, 'whole': False}
    """
    if view.snapshot is None:
        return {"type": "status", "status": view.status}
    snapshot = view.snapshot
    hint = snapshot.get("hint")
    if isinstance(hint, dict) and hint.get("whole") is False and ">" in str(hint.get("move")):
        part = {**hint, "move": str(hint["move"]).split(">")[0]}
        snapshot = {**snapshot, "hint": part}
    return {
        "type": "view",
        "status": view.status,
        "snapshot": snapshot,
        "legal": list(view.legal),
        "mode": view.mode,
    }


def table_line(shared: ServerTable) -> Json:
    """One table as the teacher's room view lists it: only what everyone at it may see."""
    game = shared.game
    over = game.is_over()
    return {
        "table": shared.number,
        "hand": shared.hand_number,
        "turn": None if over else shared.name(game.turn),
        "cards": list(game.hand_sizes()),
        "stock": game.stock_size,
        "people": {str(seat): name for seat, name in sorted(shared.people.items())},
        "away": sorted(shared.away),
        "computer": sorted(shared.computer_seats()),
        "score": list(shared.totals),
        "over": over,
        "stuck": shared.stuck(),
    }


def room_table(name: str, code: str, lines: list[Json]) -> HtmlTable:
    """The teacher's room view as a table that shows itself: one row per table of the room
    (:func:`table_line`), each seat named with the cards left in its hand.

    >>> from kingscorner_widget.server.room import ServerTable
    >>> shared = ServerTable(1, seats=2, seed=3, names={1: "Ada"})
    >>> print(room_table("Year 7", "KXT-4PQ", [table_line(shared)]))
    Year 7 (code KXT-4PQ)
    table  hand  to play  cards left   stock  points left  state
        1     1  Ada      Ada 7, P2 7     34  Ada 0, P2 0  playing
    """
    rows = []
    for line in lines:
        seats = range(1, len(line["cards"]) + 1)
        names = [line["people"].get(str(seat), f"P{seat}") for seat in seats]
        away = [line["people"][str(seat)] for seat in line["away"]]
        state = (
            pgettext("a table's state", "over")
            if line["over"]
            else pgettext("a table's state", "stuck")
            if line["stuck"]
            else pgettext("a table's state", "playing")
        )
        if away:
            # TRANSLATORS: a table's state, then who at it is away
            state = gettext("{state}; away: {names}").format(state=state, names=", ".join(away))
        rows.append(
            (
                line["table"],
                line["hand"],
                line["turn"],
                ", ".join(f"{n} {c}" for n, c in zip(names, line["cards"], strict=True)),
                line["stock"],
                ", ".join(f"{n} {p}" for n, p in zip(names, line["score"], strict=True)),
                state,
            )
        )
    columns = [
        pgettext("room view column", "table"),
        pgettext("room view column", "hand"),
        pgettext("room view column", "to play"),
        pgettext("room view column", "cards left"),
        pgettext("room view column", "stock"),
        pgettext("room view column", "points left"),
        pgettext("room view column", "state"),
    ]
    # TRANSLATORS: a room's name and the code to join it
    title = gettext("{name} (code {code})").format(name=name, code=code)
    return HtmlTable([Column(c) for c in columns], rows, title=title)
