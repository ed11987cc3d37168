"""The leak test: random hands at server tables of 2, 3 and 4 seats (seeded), every frame every
seat and the watchers receive read for a card they may not see and for another seat's hint.
``python -m bench server`` runs the 2,000-hand version."""

from __future__ import annotations

import pytest

from kingscorner_widget.server.audit import Audit, audit_hands
from kingscorner_widget.server.seats import SeatSession, WatchSession
from kingscorner_widget.table.play import PlaySession

HANDS = {2: 70, 3: 60, 4: 50}
"""Hands at each table size: 180 in all."""


@pytest.mark.parametrize("seats", sorted(HANDS))
def test_no_frame_names_a_card_of_another_hand_the_stock_or_another_seats_hint(
    seats: int,
) -> None:
    audit = audit_hands(HANDS[seats], seats, seed=seats, hint_rate=0.004)
    assert audit.hands == HANDS[seats]
    assert audit.frames > 50 * HANDS[seats]
    assert audit.hints > 0
    assert audit.clean(), str(audit)
    assert (audit.hand_leaks, audit.stock_leaks, audit.hint_leaks) == ([], [], [])


def test_the_audit_finds_hands_shown_to_the_wrong_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(WatchSession, "show_all", lambda self: True)
    audit = audit_hands(2, 2, seed=1, hint_rate=0)
    assert audit.hand_leaks
    assert not audit.clean()
    assert all("watcher" in leak for leak in audit.hand_leaks)


def test_the_audit_finds_another_seats_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    told: dict[str, object] = {}
    hint = SeatSession.hint

    def hint_for_everyone(self: SeatSession) -> object:
        reply = hint(self)
        told["hint"] = reply.hint
        return reply

    def snapshot(self: SeatSession, version: int, hint: object = None) -> dict[str, object]:
        return {**PlaySession.snapshot(self, version), "hint": told.get("hint")}

    monkeypatch.setattr(SeatSession, "hint", hint_for_everyone)
    monkeypatch.setattr(SeatSession, "snapshot", snapshot)
    audit = Audit()
    audit_hands(3, 2, seed=4, hint_rate=0.3, audit=audit)
    assert audit.hints
    assert audit.hint_leaks
