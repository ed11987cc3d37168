"""What a teacher needs at the table: reveal, the end-of-hand summary, the whole log with the
computer turns narrated, a refusal that stays, lessons one move a click, and New and Daily deal
asking before a match is thrown away. Sessions on their own, and the widget's message path."""

from __future__ import annotations

import datetime
import itertools
from typing import Any

import pytest

from kingscorner_widget import Game, Match, Rules
from kingscorner_widget.engine.record import match_from_json, match_to_json
from kingscorner_widget.lessons import LessonRun, load_lesson
from kingscorner_widget.table import ExploreSession, LessonSession, PlaySession
from kingscorner_widget.widget.adapter import STALE, KingsCornerWidget
from tests.widget.helpers import FirstMove, assert_no_hidden_card, control, state

OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def send(w: KingsCornerWidget, kind: str, **fields: Any) -> bool:
    """One browser message through the real path; a refused one must change nothing."""
    before = state(w)
    accepted = w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})
    if not accepted:
        assert state(w) == before, f"a refused {kind} changed the table"
    return accepted


def finish_hand(s: PlaySession) -> None:
    """Play the hand to its end: the viewer plays the first legal move, computers move."""
    for _ in range(3000):
        if s.game.is_over():
            return
        if s.waiting is not None:
            s.step()
        else:
            s.play(s.legal()[0])
    raise AssertionError("the hand did not end")


def asked(w: KingsCornerWidget) -> dict[str, Any]:
    """The question the table is asking (it must be asking one)."""
    question = w.snapshot["confirm"]
    assert question is not None
    return dict(question)


def play_widget(**options: Any) -> KingsCornerWidget:
    options.setdefault("teacher", True)
    return KingsCornerWidget(players=2, seed=5, speed=0, opponents=[FirstMove()], **options)


def finish_widget_hand(w: KingsCornerWidget) -> None:
    for _ in range(3000):
        if w.game.is_over():
            return
        if w.waiting is not None:
            w.skip()
        else:
            w.play(w.legal[0])
    raise AssertionError("the hand did not end")


# -- 1: reveal all hands ------------------------------------------------------------------------


def test_reveal_is_refused_during_a_hand_in_play_and_changes_nothing() -> None:
    w = play_widget()
    assert not w.session.revealable
    assert control(w, "reveal") is None  # not offered during the hand
    assert not send(w, "reveal")
    assert w.status == (
        "The other hands stay face down while the hand is played: they are shown when it ends."
    )
    assert all(h["cards"] is None for h in w.snapshot["hands"] if h["player"] != w.viewer)
    assert not w.reveal()  # from code too: play never peeks
    assert_no_hidden_card(w)


def test_reveal_in_play_once_the_hand_is_over_and_face_down_again_next_hand() -> None:
    w = play_widget()
    finish_widget_hand(w)
    assert control(w, "reveal") == {
        "kind": "reveal",
        "label": "Show all hands",
        "enabled": True,
        "primary": False,
        "key": "A",
        "teacher": True,
        "why": None,
        "input": None,
    }
    assert send(w, "reveal")
    assert w.status.startswith("Every hand is face up.")
    for hand in w.snapshot["hands"]:
        assert hand["cards"] == [str(c) for c in w.game.hand(hand["player"])]
    assert (control(w, "reveal") or {})["label"] == "Hide hands"
    assert_no_hidden_card(w)
    assert w.match is not None
    if not w.match.is_over():
        assert send(w, "next")
        assert control(w, "reveal") is None
        assert all(h["cards"] is None for h in w.snapshot["hands"] if h["player"] != w.viewer)
        assert_no_hidden_card(w)


@pytest.mark.parametrize("mode", ["explore", "lesson"])
def test_reveal_toggles_in_explore_and_lessons(mode: str) -> None:
    w = (
        KingsCornerWidget(lesson="moves", teacher=True)
        if mode == "lesson"
        else KingsCornerWidget(Game.from_position(OPENING), mode="explore", teacher=True)
    )
    hidden = [h for h in w.snapshot["hands"] if h["cards"] is None]
    assert hidden, "some hand starts face down"
    assert send(w, "reveal")
    assert all(h["cards"] is not None for h in w.snapshot["hands"])
    assert w.show_all_hands
    assert send(w, "reveal")
    assert [h for h in w.snapshot["hands"] if h["cards"] is None] == hidden
    assert w.status.startswith("The hands are face down again.")


def test_twins_get_the_same_refusal_to_reveal() -> None:
    line = Game.new(players=3, seed=8).position(player=1)
    tables = [
        KingsCornerWidget(Game.from_position(line, seed=hidden), speed=0, seed=1)
        for hidden in (1, 2)
    ]
    assert tables[0].game.hand(2) != tables[1].game.hand(2)
    replies = []
    for w in tables:
        assert not send(w, "reveal")
        replies.append((w.status, {k: v for k, v in w.snapshot.items() if k != "version"}))
    assert replies[0] == replies[1]


# -- 2: the end-of-hand summary -----------------------------------------------------------------


def test_the_summary_shows_every_hand_why_and_the_score_row() -> None:
    s = PlaySession(Match(Rules(players=3), seed=2), opponents="greedy")
    assert s.snapshot(1)["summary"] is None  # not during the hand
    finish_hand(s)
    summary = s.snapshot(2)["summary"]
    game, match = s.game, s.match
    assert match is not None
    assert match.is_scored()
    outcome = game.outcome()
    assert outcome is not None
    assert [h["player"] for h in summary["hands"]] == s.order()
    for hand in summary["hands"]:
        assert hand["cards"] == [str(c) for c in game.hand(hand["player"])]
        assert hand["count"] == len(game.hand(hand["player"]))
        assert hand["points"] == outcome.penalties[hand["player"] - 1]
        assert hand["name"] == s.name(hand["player"])
    assert summary["reason"] == outcome.reason
    if outcome.went_out is not None:
        assert summary["why"].startswith(s.name(outcome.went_out) + " played")
    row = match.sheet[-1]
    assert summary["row"]["points"] == list(row.points)
    assert summary["row"]["totals"] == list(match.totals)
    assert summary["row"]["label"] == "Hand 1"
    assert summary["row"]["names"] == ["You", "P2", "P3"]
    assert summary["line"] == s.outcome()


def test_a_single_hands_summary_gives_the_row_it_would_add() -> None:
    s = ExploreSession(Game.new(players=2, seed=1))
    while not s.game.is_over():
        s.play(s.legal()[0])
    summary = s.snapshot(1)["summary"]
    assert summary["row"]["totals"] is None
    assert summary["row"]["points"] == list(s.game.outcome().penalties)  # type: ignore[union-attr]


def test_looking_back_over_a_finished_hand_hides_the_summary() -> None:
    s = PlaySession(Match(Rules(players=2), seed=5), opponents="greedy")
    finish_hand(s)
    s.back()
    assert s.snapshot(1)["summary"] is None  # the table shows an earlier moment
    while s.reviewing:
        s.forward()
    assert s.snapshot(2)["summary"] is not None


def test_a_blocked_hand_says_why() -> None:
    s = ExploreSession(Game.new(players=2, seed=4))
    while not s.game.is_over():
        s.play(s.game.end_move())
    summary = s.snapshot(1)["summary"]
    assert summary["reason"] == "blocked"
    assert "a full round went by without a card played" in summary["why"]


# -- 3: the whole log, computer turns narrated, a refusal that stays ---------------------------


def test_the_log_is_whole_and_grouped_by_turn_with_a_recap() -> None:
    s = PlaySession(Match(Rules(players=3), seed=3), opponents="greedy")
    for _ in range(12):
        s.draw() if s.to_move() else s.skip()
    snap = s.snapshot(1)
    log, turns = snap["log"], snap["turns"]
    assert len(log) == len(s.game.moves) + len(s.game.opening)
    assert sum(t["count"] for t in turns) == len(log)
    for turn in turns:
        lines = log[turn["start"] : turn["start"] + turn["count"]]
        assert {line["player"] for line in lines} == {turn["player"]}
        if turn["player"] is not None:
            assert turn["recap"].startswith(s.name(turn["player"]) + " ")
    mine = [t for t in turns if t["player"] == s.viewer]
    assert mine
    assert all(t["recap"] == "You drew" for t in mine)
    computers = [t for t in turns if t["player"] not in (None, s.viewer)]
    assert computers
    for a, b in itertools.pairwise(turns):
        assert a["player"] != b["player"]


def test_a_refusal_during_a_computer_turn_stays_until_the_next_accepted_action() -> None:
    w = KingsCornerWidget(players=3, seed=7, speed=0)
    assert send(w, "draw")
    assert w.waiting is not None
    assert not send(w, "play", move="Th>N")
    refusal = w.status
    assert refusal.startswith("It is P2's turn, not yours")
    assert send(w, "step")  # a computer move: the status line moves on...
    assert w.status != refusal
    assert w.snapshot["refusal"] == refusal  # ...and the refusal stays on the table
    w.handle_message({"kind": "hint", "version": w.snapshot["version"] - 1})  # a stale click
    assert w.status == STALE
    assert send(w, "skip")
    assert w.snapshot["refusal"] is None  # the viewer's next accepted action clears it


def test_a_stale_click_during_a_computer_turn_is_kept_too() -> None:
    w = KingsCornerWidget(players=3, seed=7, speed=0)
    assert send(w, "draw")
    w.handle_message({"kind": "hint", "version": w.snapshot["version"] - 1})
    assert send(w, "step")
    assert w.snapshot["refusal"] == STALE


# -- 4: lessons ---------------------------------------------------------------------------------


def test_show_me_plays_the_expected_turn_one_move_a_click() -> None:
    s = LessonSession(LessonRun(load_lesson("pile-transfer"), start=4))  # a whole turn: 4 moves
    expected = [str(m) for m in s.run.show_me()]
    assert len(expected) >= 2
    for i, move in enumerate(expected):
        # Show me outlines the move on the table first (the card and the pile: a whole hint),
        # and the table waits a beat before it plays it (the learner's seat is waited for).
        outlined = s.show()
        assert outlined.status.startswith("Watch: you ")
        assert outlined.hint is not None
        assert (outlined.hint["move"], outlined.hint["whole"], outlined.hint["shown"]) == (
            move,
            True,
            True,
        )
        assert s.waiting == s.learner
        assert len(s.run.played) == i  # nothing played yet
        reply = s.step()
        assert s.waiting is None
        assert [str(m) for m in reply.moves][:1] == [move]
        assert [str(m) for m in s.run.played][: i + 1] == expected[: i + 1]
        if i < len(expected) - 1:
            assert "Press Show me for the next" in reply.status
            assert not s.snapshot(1)["lesson"]["stepDone"]
    assert s.snapshot(1)["lesson"]["stepDone"]
    assert "That is the end of the lesson" in reply.status  # the last step of its lesson
    assert s.show().refused
    # The log says the moves were shown, not that the learner made them.
    snap = s.snapshot(2)
    shown = [line for line in snap["log"] if line.get("shown")]
    assert [line["notation"] for line in s.view().lines if line.get("shown")] == expected
    assert {line["notation"] for line in shown} == {""}  # a learner's log: words alone
    assert all(line["words"].startswith("Show me: you ") for line in shown)
    recaps = [turn["recap"] for turn in snap["turns"]]
    assert any(recap.startswith("Show me played") for recap in recaps), recaps
    assert not any(recap.startswith("You played") for recap in recaps), recaps


def test_a_move_shown_is_forgotten_when_the_learner_plays_or_the_step_changes() -> None:
    s = LessonSession("worked-turn")
    wanted = str(s.run.show_me()[0])
    assert s.show().hint is not None
    s.play(wanted)  # the learner makes it before the beat
    assert s.waiting is None
    assert s.step().refused
    s.skip()
    assert s.show().hint is not None
    s.back()  # another step: nothing is waiting to be shown
    assert s.waiting is None
    assert s.show().hint is not None
    assert s.show().moves  # a second click plays it at once
    assert s.waiting is None


def test_lesson_hints_light_up_the_card_then_the_pile() -> None:
    s = LessonSession("worked-turn")
    written = len(s.run.step.hints)
    wanted = str(s.run.show_me()[0])
    for number in range(written + 1):
        hint = s.hint().hint
        assert hint is not None
        assert hint["move"] == wanted
        assert hint["whole"] is (number >= written)  # the last hint names the pile too
    assert s.snapshot(1, s.hint().hint)["hint"]["move"] == wanted


def test_next_waits_for_the_step_and_skip_goes_on() -> None:
    w = KingsCornerWidget(lesson="worked-turn", teacher=True)
    assert not w.snapshot["lesson"]["stepDone"]
    assert not send(w, "next")
    assert w.status.startswith("This step is not done yet")
    assert send(w, "skip")
    assert w.snapshot["lesson"]["progress"] == [2, 3]
    assert send(w, "show")  # outlined: the page's timer asks for the move after a beat
    assert w.snapshot["waiting"] == w.viewer
    assert w.snapshot["hint"]["shown"]
    assert not w.snapshot["lesson"]["stepDone"]
    assert send(w, "step")
    assert w.snapshot["lesson"]["stepDone"]
    assert send(w, "next")
    assert w.snapshot["lesson"]["progress"] == [3, 3]


def test_every_built_in_lesson_is_shown_one_click_at_a_time() -> None:
    from kingscorner_widget.lessons import lesson_names

    for name in lesson_names():
        s = LessonSession(load_lesson(name))
        while True:
            if s.run.step.interactive:
                clicks = 0
                while not s.run.step_done:
                    assert not s.show().refused, (name, s.run.index)
                    assert not s.step().refused, (name, s.run.index)
                    clicks += 1
                    assert clicks < 40
            if s.run.done or s.next().refused:
                break
        assert s.run.done, name


# -- 5: asking before a match is thrown away; the daily match -----------------------------------


def test_new_match_asks_first_and_a_stale_confirm_changes_nothing() -> None:
    w = play_widget()
    assert send(w, "new")  # nothing played yet: nothing to lose, no question
    assert w.snapshot["confirm"] is None
    assert send(w, "draw")
    match = w.match
    assert send(w, "new")
    question = asked(w)
    assert question["kind"] == "new"
    assert question["question"] == (
        "Start a new match? That throws away the match in progress (hand 1 begun)."
    )
    assert w.match is match
    assert w.status == question["question"]
    stale = w.snapshot["version"]
    assert send(w, "step")  # a computer moves: the question stays
    assert w.snapshot["confirm"] == question
    before = state(w)
    assert not w.handle_message({"kind": "confirm", "version": stale})
    assert state(w) == before
    assert w.match is match
    assert send(w, "cancel")
    assert w.snapshot["confirm"] is None
    assert w.match is match
    assert not send(w, "confirm")  # nothing to confirm now
    assert send(w, "new")
    assert send(w, "confirm")
    assert w.match is not match
    assert w.snapshot["confirm"] is None


def test_another_action_drops_the_question() -> None:
    w = play_widget()
    send(w, "draw")
    w.skip()
    assert send(w, "daily")
    assert w.snapshot["confirm"]["kind"] == "daily"
    assert send(w, "hint")
    assert w.snapshot["confirm"] is None
    assert not send(w, "confirm")


def test_code_means_it_and_a_finished_match_needs_no_question() -> None:
    w = play_widget()
    send(w, "draw")
    match = w.match
    w.new_game(seed=4)  # from code: no question
    assert w.match is not match
    assert w.snapshot["confirm"] is None


def test_the_daily_match_is_dealt_from_the_date() -> None:
    day = datetime.date(2026, 11, 30)
    rules = Rules(players=2)
    a, b = Match.daily(day, rules), Match.daily("2026-11-30", rules)
    assert a.game.position() == Game.daily(day, rules=rules).position()  # hand 1: the daily deal
    for match in (a, b):
        for _ in range(3):
            game = match.game
            while not game.is_over():
                game.play(game.legal_moves()[0])
            match.score_hand()
            if match.is_over():
                break
            match.next_hand()
    assert [g.start_position for g in a.hands] == [g.start_position for g in b.hands]
    assert len(a.hands) > 1
    assert match_to_json(match_from_json(match_to_json(a))) == match_to_json(a)
    other = Match.daily("2026-12-01", rules)
    assert other.game.start_position != a.hands[0].start_position


def test_daily_in_play_mode_is_a_daily_match_with_its_score_sheet() -> None:
    w = play_widget()
    w.daily("2026-11-30")
    match = w.match
    assert match is not None
    assert w.snapshot["title"] == "Daily match, 2026-11-30: hand 1"
    assert w.snapshot["score"]["hand"] == 1
    assert match.game.start_position == Game.daily("2026-11-30", players=2).start_position
    finish_widget_hand(w)
    if not match.is_over():
        assert send(w, "next")
        assert w.snapshot["title"] == "Daily match, 2026-11-30: hand 2"
        dealt = Game.new(seed=Match.daily("2026-11-30", Rules(players=2)).hand_seed(2))
        assert match.game.start_position == dealt.start_position  # whatever was played
