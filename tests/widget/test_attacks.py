"""The page is untrusted: each attack once found on the table, replayed through the real message
path (``_handle_msg``, as the browser's messages arrive), must fail and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
import traitlets

from kingscorner_widget import DECK, Game, Match
from kingscorner_widget.engine.record import match_from_json, match_to_json
from kingscorner_widget.engine.words import card_label
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import FirstMove, assert_no_hidden_card, state


def custom(w: KingsCornerWidget, kind: str, **fields: Any) -> None:
    """A custom message from the page, at the current version."""
    content = {"kind": kind, "version": w.snapshot["version"], **fields}
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def update(w: KingsCornerWidget, **traits: Any) -> list[dict[str, Any]]:
    """A standard ipywidgets ``update`` from the page; returns what the kernel sent back."""
    sent: list[dict[str, Any]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    w._handle_msg({"content": {"data": {"method": "update", "state": traits}}, "buffers": []})
    del w._send
    return sent


def to_the_end_of_the_hand(w: KingsCornerWidget) -> None:
    guard = 0
    while not w.game.is_over() and guard < 3000:
        guard += 1
        if w.waiting is not None:
            custom(w, "skip")
        else:
            custom(w, "play", move=w.legal[0])


def test_1_the_page_cannot_switch_the_mode_or_set_the_table() -> None:
    w = KingsCornerWidget(players=3, seed=4, speed=0)
    custom(w, "draw")
    hidden = w.snapshot["hands"][1]
    before = state(w)
    sent = update(w, mode="explore")
    assert w.mode == "play"
    assert w.snapshot["hands"][1] == hidden
    assert hidden["cards"] is None
    assert state(w) == before
    echoed = [m["state"] for m in sent if m.get("method") == "update"]
    assert any(s.get("mode") == "play" for s in echoed), "the page is told the mode it keeps"
    assert w.status == "Only Python code can set up the table: the page's change was undone."
    for trait, value in [
        ("snapshot", {"version": 99, "hands": []}),
        ("legal", ["Ks>NE"]),
        ("status", "You win."),
    ]:
        update(w, **{trait: value})
        assert state(w) == before, trait
        assert_no_hidden_card(w)
    update(w, speed=0.3)  # a view preference the page may set
    assert w.speed == 0.3
    update(w, speed=99)  # ... within its bounds
    assert w.speed == 0.3
    for bad in (float("nan"), float("inf"), -float("inf")):  # NaN passes min/max: refused apart
        w.status = ""
        sent = update(w, speed=bad)
        assert w.speed == 0.3, bad
        assert any(m["state"].get("speed") == 0.3 for m in sent)  # the page is told the truth
        assert w.status.startswith("Only Python code")
        with pytest.raises(traitlets.TraitError):
            w.speed = bad
        assert w.speed == 0.3


def test_2_a_lesson_never_answers_from_a_hidden_card() -> None:
    w = KingsCornerWidget(lesson="moves", speed=0, teacher=True)
    for _ in range(5):
        custom(w, "skip")  # the teacher's way past steps not done
    assert w.snapshot["lesson"]["progress"] == [6, 6]
    custom(w, "play", move="draw")
    assert w.game.turn == 2  # P2's hand is hidden and it is P2's turn in the lesson's game
    learner = set(w.game.hand(1))
    for card in DECK:
        if card in learner:
            continue
        before = state(w)
        custom(w, "play", move=f"{card}>N")
        assert w.status == f"The {card_label(card)} is not in your hand."  # words alone
        assert state(w) == before


def test_3_back_in_play_only_looks_back_and_never_branches() -> None:
    w = KingsCornerWidget(players=3, seed=7, speed=0)
    custom(w, "draw")
    drawn = w.game.hand(1)[-1]
    custom(w, "skip")
    moves = [str(m) for m in w.game.moves]
    while w.snapshot["history"]["at"] > 0:
        custom(w, "back")
    assert [str(m) for m in w.game.moves] == moves, "the game itself never goes back"
    assert w.legal == []
    before = state(w)
    custom(w, "play", move="W>E")
    assert w.status.startswith("You are looking back at move 0 of")
    assert state(w) == before
    while w.snapshot["history"]["at"] < w.snapshot["history"]["length"]:
        custom(w, "forward")
    assert w.status.startswith("Back to the present.")
    assert drawn in w.game.hand(1)
    assert w.legal == [str(m) for m in w.game.legal_moves()]


def test_4_a_load_in_play_mode_keeps_the_match() -> None:
    w = KingsCornerWidget(players=2, seed=3, speed=0)
    custom(w, "draw")
    before = state(w)
    record = match_to_json(w.match) if w.match is not None else ""
    custom(
        w,
        "load",
        position="N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1",
    )
    assert state(w) == before
    assert w.match is not None
    assert match_to_json(w.match) == record
    assert w.status == "This table does not offer that: it is done on the explore table."


def test_5_looking_back_past_a_scored_hand_keeps_the_match_whole() -> None:
    w = KingsCornerWidget(players=2, seed=5, speed=0, opponents=[FirstMove()])
    to_the_end_of_the_hand(w)
    match = w.match
    assert match is not None
    assert match.is_scored()
    for _ in range(3):
        custom(w, "back")
    assert w.game.is_over()
    assert match.is_scored()
    before = state(w)
    custom(w, "play", move="draw")
    assert state(w) == before
    custom(w, "next")
    assert match.hand_number == 2
    assert not w.game.is_over()
    again = match_from_json(match_to_json(match))
    assert match_to_json(again) == match_to_json(match)


def test_6_a_seat_outside_the_table_is_refused_before_anything_changes() -> None:
    w = KingsCornerWidget(Game.new(players=6, seed=1), mode="play", viewer=6, speed=0)
    for _ in range(20):  # a new match has a random deal: find one the first hand does not end
        custom(w, "new")
        assert isinstance(w.match, Match)
        assert w.match.seats == 6
        assert w.viewer == 6
        to_the_end_of_the_hand(w)
        if not w.match.is_over():
            break
    match = w.match
    assert isinstance(match, Match)
    assert not match.is_over()
    version = w.snapshot["version"]
    custom(w, "next")
    assert w.snapshot["version"] == version + 1
    assert match.hand_number == 2
    assert w.viewer is not None
    for options in ({"players": 4}, {"rules": Game.new(players=4).rules}):
        with pytest.raises(ValueError, match=r"^there is no seat 6 at a table of 4$"):
            KingsCornerWidget(Game.new(players=6, seed=1), viewer=6, **options)


def test_7_a_card_once_played_stays_played() -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    w = KingsCornerWidget(Game.from_position(line), mode="play", opponents=[FirstMove()])
    custom(w, "play", move="Th>N")
    before = state(w)
    custom(w, "undo")
    assert state(w) == before
    assert card_label(w.game.pile("N")[-1]) == "ten of hearts"
    assert w.status.startswith("A card once played stays on the table")
