"""Review mode through the widget: opened from Python (a game, a match, a saved record; ``w.mode``),
from play's "Review this hand", on to the practice lesson and back; every browser message goes
through the real message path, and every refused one changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
import traitlets

from kingscorner_widget import Game, Match, Rules
from kingscorner_widget.engine.record import game_to_json, match_to_json
from kingscorner_widget.widget.adapter import KingsCornerWidget
from tests.table.test_review_session import played_hand, played_match, with_mistakes

from .helpers import FirstMove, assert_no_hidden_card, state
from .test_attacks import custom, to_the_end_of_the_hand, update


def send(w: KingsCornerWidget, kind: str, **fields: Any) -> bool:
    return w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})


def test_review_opens_on_a_game_a_match_or_a_saved_record() -> None:
    game = played_hand(2)
    for source in (game, game_to_json(game)):
        w = KingsCornerWidget(source, mode="review", viewer=1)
        assert w.mode == "review"
        assert w.snapshot["mode"] == "review"
        assert w.status.startswith("Turn 1 of ")
        assert w.legal == []
        assert_no_hidden_card(w)
    match = played_match(3)
    for reviewed in (match, match_to_json(match)):
        w = KingsCornerWidget(reviewed, mode="review", viewer=2)
        review = w.snapshot["review"]
        assert review["who"] == "seat 2"
        assert review["match"] is True
        assert w.snapshot["title"].startswith("Review of seat 2, ")
    with pytest.raises(ValueError, match="review mode needs a hand or a match to review"):
        KingsCornerWidget(mode="review")
    with pytest.raises(ValueError, match="no finished turn to review"):
        KingsCornerWidget(Game.new(players=2, seed=1), mode="review")


def test_stepping_showing_and_next_mistake_through_messages() -> None:
    w = KingsCornerWidget(with_mistakes(), mode="review", viewer=1, speed=0)
    turns = w.snapshot["review"]["turns"]
    mistakes = w.snapshot["review"]["mistakes"]
    assert send(w, "forward")
    assert w.snapshot["review"]["turn"] == 2
    assert send(w, "back")
    assert w.snapshot["review"]["turn"] == 1
    if w.snapshot["review"]["verdict"] != "mistake":
        assert send(w, "next")
    assert w.snapshot["review"]["turn"] == mistakes[0]
    assert send(w, "show")
    assert w.waiting == w.viewer
    while w.waiting is not None:
        assert send(w, "step")
        assert_no_hidden_card(w)
    assert w.snapshot["review"]["shown"] is True
    assert "That is the best turn here" in w.status
    for _ in range(turns):
        send(w, "forward")
    assert w.snapshot["review"]["turn"] == turns


def test_every_refused_message_changes_nothing() -> None:
    w = KingsCornerWidget(with_mistakes(), mode="review", viewer=1, speed=0)
    rng = random.Random(7)
    junk: list[Any] = [
        None,
        [],
        "review",
        {"kind": "review"},
        {"kind": "practise", "version": -1},
        {"kind": "resume", "version": True},
        {"kind": "mode", "version": 1, "value": "play"},
    ]
    for content in junk:
        before = state(w)
        assert not w.handle_message(content)
        assert state(w) == before
    for kind in ["play", "draw", "hint", "undo", "back", "new", "daily", "step", "skip"]:
        for fields in ({}, {"move": "Ks>NE"}, {"position": "N:Jc"}):
            if kind != "play" and "move" in fields:
                continue
            before = state(w)
            assert not send(w, kind, **fields), kind
            assert state(w) == before, kind
    assert not send(w, "load", position="N:Jc E:6h")
    assert not send(w, "resume")  # a review opened on its own has no table to go back to
    assert not send(w, "review")  # only play mode reviews its hand
    before = state(w)
    stale = {"kind": "forward", "version": w.snapshot["version"] - 1}
    assert not w.handle_message(stale)
    assert state(w) == before
    sent = update(w, mode="play")
    assert w.mode == "review"
    assert state(w) == before
    assert any(m.get("state", {}).get("mode") == "review" for m in sent)
    for _ in range(60):  # random clicks never show a hidden card
        kind = rng.choice(["forward", "back", "next", "show", "step", "skip", "hint", "play"])
        custom(w, kind, **({"move": "draw"} if kind == "play" else {}))
        assert_no_hidden_card(w)


def test_play_offers_review_this_hand_then_goes_back_to_the_match() -> None:
    w = KingsCornerWidget(Match(Rules(players=3), seed=4), opponents=[FirstMove()], seed=4, speed=0)
    before = state(w)
    assert not send(w, "review")
    assert w.status == "Finish the hand first: it can be reviewed once it is over."
    assert state(w) == before
    to_the_end_of_the_hand(w)
    play, table = w.session, state(w)
    assert send(w, "review")
    assert w.mode == "review"
    assert w.snapshot["review"]["resume"] == "Back to the match"
    assert w.snapshot["review"]["hand"] == 1
    assert_no_hidden_card(w)
    send(w, "forward")
    assert send(w, "resume")
    assert w.mode == "play"
    assert w.session is play
    assert state(w)[:5] == table[:5]  # the game, its history and the match as they were
    assert send(w, "next")  # and the match goes on
    assert w.match is not None
    assert w.match.hand_number == 2


def test_practise_opens_the_lesson_and_comes_back_to_the_review() -> None:
    w = KingsCornerWidget(with_mistakes(), mode="review", viewer=1, speed=0)
    send(w, "forward")
    assert send(w, "practise")
    assert w.mode == "lesson"
    assert [c["label"] for c in w.snapshot["actions"] if c["kind"] == "resume"] == [
        "Back to the review"
    ]
    assert w.lesson is not None
    assert w.lesson.lesson.title == "Practise P1's mistakes"
    assert w.status.startswith("Step 1 of ")
    assert_no_hidden_card(w)
    assert send(w, "show")
    assert send(w, "resume")
    assert w.mode == "review"
    assert w.snapshot["review"]["turn"] == 2
    w.mode = "lesson"  # from Python: the practice lesson again, its step afresh
    assert w.lesson.lesson.title == "Practise P1's mistakes"
    w.mode = "review"
    assert w.snapshot["review"]["turn"] == 2


def test_setting_the_mode_from_python_reviews_the_hand_on_the_table() -> None:
    w = KingsCornerWidget(players=3, opponents=[FirstMove()], seed=4, speed=0)
    with pytest.raises(traitlets.TraitError, match="finish the hand first"):
        w.mode = "review"
    assert w.mode == "play"
    to_the_end_of_the_hand(w)
    w.mode = "review"
    assert w.session.mode == "review"
    assert w.snapshot["review"]["resume"] == "Back to the match"
    w.mode = "play"
    assert w.session.game.is_over()
    w.mode = "explore"
    w.mode = "review"  # the explore table's game, from the viewer's seat
    assert w.viewer == 1
    w2 = KingsCornerWidget(played_hand(1), mode="explore")
    w2.mode = "review"
    w2.load(played_hand(2))
    assert w2.mode == "review"
    assert w2.status.startswith("Turn 1 of ")
