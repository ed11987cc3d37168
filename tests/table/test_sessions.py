"""The table sessions on their own: plain Python, no widget, no traitlets."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from kingscorner_widget import Card, Game, Match, Rules
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.words import count_words, logged, move_at, phrase, refusal, sentence
from kingscorner_widget.lessons import load_lesson
from kingscorner_widget.table import ExploreSession, LessonSession, PlaySession, Reply

OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def test_the_sessions_need_no_widget_library() -> None:
    code = (
        "import sys, kingscorner_widget.table as t, kingscorner_widget as k\n"
        "s = t.PlaySession(k.Game.new(players=2, seed=1)); s.act('hint'); s.act('draw')\n"
        "assert 'anywidget' not in sys.modules and 'traitlets' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_each_action_answers_with_a_reply_and_a_refusal_changes_nothing() -> None:
    s = ExploreSession(Game.from_position(OPENING))
    before = (s.game.state_key(), list(s.history.lines))
    reply = s.act("play", move="4h>NE")
    assert reply == Reply(
        "Only a king can open an empty corner, and the four of hearts (4h) is not a king.",
        refused=True,
        reason="only a king can open an empty corner, and the four of hearts (4h) is not a king",
    )
    assert (s.game.state_key(), list(s.history.lines)) == before
    assert s.act("fly").status == "This table does not offer that."
    elsewhere = "This table does not offer that: it is done on the {} table."
    assert s.act("practise").status == elsewhere.format("review")
    assert s.act("resume").status == elsewhere.format("review or lesson")
    assert s.act("review").status == elsewhere.format("play")
    assert (s.game.state_key(), list(s.history.lines)) == before
    assert not s.act("play", move="Th>N").refused


def test_explore_undoes_steps_and_branches() -> None:
    s = ExploreSession(Game.from_position(OPENING))
    s.play("Th>N")
    s.play("Ks>NE")
    ten = parse_move("Th>N")
    start = Game.from_position(OPENING)
    back = s.back().status
    assert back.startswith(move_at(1, 2, logged(start, ten, "P1")))
    assert back.endswith("Step forward, or play another move for a new line. P1 to play.")
    assert s.undo().status == (
        f"Took back {phrase(ten)} ({ten}) (and {count_words(1, 'move')} tried after it). "
        "P1 to play."
    )
    assert s.history.ahead == []
    assert s.game.moves == []
    assert s.act("load", position="N:Qq").refused
    assert s.load(OPENING).status == "Loaded. P1 to play."


def test_back_costs_the_same_however_long_the_hand() -> None:
    s = ExploreSession(Game.new(players=2, seed=4))
    while len(s.game.moves) < 130 and not s.game.is_over():
        s.draw()
    start = time.perf_counter()
    for _ in range(100):
        s.back()
    for _ in range(100):
        s.forward()
    per_step = (time.perf_counter() - start) / 200
    assert per_step < 0.002, f"{per_step * 1000:.2f} ms a step"


def test_play_looks_back_on_a_copy_and_scores_once() -> None:
    s = PlaySession(Match(Rules(players=2), seed=5), opponents="greedy")
    game = s.game
    while not game.is_over():
        s.skip() if s.waiting is not None else s.play(s.legal()[0])
    assert s.match is not None
    assert s.match.is_scored()
    moves = list(game.moves)
    s.back()
    assert s.reviewing
    assert game.moves == moves
    assert s.play("draw").status.startswith("You are looking back at move")
    while s.reviewing:
        s.forward()
    assert s.status().endswith("Press Next hand to deal the next hand.") or s.match.is_over()
    assert len(s.match.sheet) == 1


def test_play_words_for_the_viewer() -> None:
    s = PlaySession(Game.from_position(OPENING), opponents="greedy")
    ten = parse_move("Th>N")
    # The viewer's first hand at the table: the message line says what can be done now.
    guide = "Pick a card (or a pile), then a pile it fits on, or Draw & end turn."
    assert s.status() == f"Your turn. {guide}"
    assert s.snapshot(1)["guide"] is not None  # what the gold outlines mean, said once
    played = s.play("Th>N").status
    assert played.startswith(sentence(logged(Game.from_position(OPENING), ten, "You")))
    assert played.endswith(" Your turn. " + guide.replace("Pick a card", "Pick another card"))
    assert s.step().status == "There is no computer move to make: it is your turn."
    assert s.next().status == "This table plays a single hand: start a new match with New."
    # A hand played: the next one says only whose turn it is.
    assert s.new(seed=1).status == f"A new match to {count_words(25, 'point')}. Your turn."
    assert s.snapshot(2)["guide"] is None


def test_the_first_hand_says_what_can_be_done_now() -> None:
    stuck = "N:Jc E:6h S:5d W:Qs NE:- SE:- SW:- NW:- P1:3h P2:?7 stock:40 turn:P1"
    assert PlaySession(Game.from_position(stuck)).status() == (
        "Your turn. Nothing in your hand fits now: press Draw & end turn."
    )
    empty = "N:Jc E:6h S:5d W:Qs NE:- SE:- SW:- NW:- P1:3h P2:?47 stock:0 turn:P1"
    passes = PlaySession(Game.from_position(empty, seed=1))
    assert passes.status().endswith("press Pass.")
    must = Rules(must_play=True)
    forced = PlaySession(Game.from_position(OPENING, rules=must))
    assert "must be played before you end your turn" in forced.status()
    piles = "N:Jc E:Th S:5s W:Qd NE:- SE:- SW:- NW:- P1:3h P2:?7 stock:40 turn:P1"
    assert PlaySession(Game.from_position(piles)).status() == (
        "Your turn. Pick a pile, then a pile it fits on, or Draw & end turn."
    )


def test_a_seat_outside_the_table_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match=r"^there is no seat 3 at a table of 2$"):
        PlaySession(Game.new(players=2, seed=1), viewer=3)


def test_a_lesson_session_checks_the_learners_moves() -> None:
    s = LessonSession(load_lesson("worked-turn"))
    assert s.status() == "Step 1 of 3: The ten on the jack."
    assert s.game.violation("Qs>N") == Reason("not_in_hand", Card.parse("Qs"))
    said = refusal(s.game.violation("Qs>N"), plain=True) or ""
    assert s.play("Qs>N").status == sentence(said)  # in words alone: a child reads it
    assert not s.play("Th>N").refused
    assert s.new().status == (
        "A lesson sets out its own positions: use Next and Back to move through it."
    )
    shown = s.next()
    assert shown.status.startswith("Step 2 of 3")
    assert s.show().status.startswith("Watch: you play the king of spades")
    assert s.step().status.startswith("Shown: you play the king of spades")
    assert s.waiting is None
    assert s.run.step_done


def test_a_hint_says_when_it_is_the_best_found_in_time() -> None:
    from kingscorner_widget.analysis import Budget
    from kingscorner_widget.table import advise

    line = (
        "N:QhJcTd9s E:3d2sAh S:Th W:- NE:KhQcJhTs SE:KcQdJs SW:Ks NW:- "
        "P1:9h4cJd5h7s7cTc6h5d3s6c8h9cQs8s6dAc7hAd P2:?17 stock:0 turn:P1"
    )
    game = Game.from_position(line, rules=Rules(corners_version=True))
    advice = advise(game.observation(1), Budget(states=5))
    assert not advice.exact
    assert advice.line().endswith("(This is the best found in the time allowed.)")
    assert advice.move in [str(m) for m in game.legal_moves()]
    assert advise(Game.from_position(OPENING).observation(1)).exact


def test_a_finished_hand_is_shown_from_the_seat_the_lesson_names() -> None:
    """Lesson 9, hand 2: the player on your left went out, so the second seat is yours."""
    s = LessonSession("scoring-match")
    while not s.status().startswith("Step 2 of"):
        assert not s.skip().refused
    assert s.learner == 2
    assert s.name(2) == "You"
    assert s.name(1) == "The player on your left"  # never a seat code
    assert not s.next().refused
    assert s.learner == 1  # hand 3: you went out, so the empty hand is yours


def test_an_expert_opponent_plays_within_the_tables_budget() -> None:
    from kingscorner_widget.analysis import ExpertPlayer

    s = PlaySession(Match(Rules(players=2), seed=5), opponents="expert", seed=5)
    bot = s._bot(2)
    assert isinstance(bot, ExpertPlayer)
    assert bot.time_budget == 0.5  # a computer turn never stalls the table
    assert not s.draw().refused
    moves = 0
    while s.waiting is not None and moves < 60:
        assert not s.step().refused
        moves += 1
    assert s.waiting is None
    assert s.game.turn == 1 or s.game.is_over()


def test_the_play_tables_hint_is_the_winning_hint() -> None:
    from kingscorner_widget.table.advice import PLAY_HINT

    s = PlaySession(Game.new(players=2, seed=3), opponents="greedy")
    reply = s.act("hint")
    assert PLAY_HINT == "win"
    assert reply.status.startswith("Hint (to win the hand): ")
    assert reply.hint is not None
    assert reply.hint["move"] in [str(m) for m in s.game.legal_moves()]


def test_the_viewer_pauses_the_computer_players_and_steps_them_one_move_at_a_time() -> None:
    # P2's five of clubs fits on the red six: the greedy computer player plays it.
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:5c9d2d3d8d7s6s stock:39 turn:P1"
    s = PlaySession(Game.from_position(line), opponents="greedy")
    # The computers' controls are on the toolbar all along (it never changes shape), and do
    # nothing on the viewer's turn.
    before = {c["kind"]: c for c in s.snapshot(1)["actions"]}
    assert not before["skip"]["enabled"]
    assert not before["step"]["enabled"]
    s.draw()
    controls = {c["kind"]: c for c in s.snapshot(2)["actions"]}
    assert list(controls) == list(before)
    assert controls["pause"]["label"] == "Pause"
    assert controls["skip"]["enabled"]
    assert s.act("pause").status.startswith("The computer players wait.")
    snap = s.snapshot(3)
    controls = {c["kind"]: c for c in snap["actions"]}
    assert snap["paused"] is True
    assert (controls["pause"]["label"], controls["step"]["label"]) == ("Play on", "Next move")
    assert controls["step"]["enabled"]
    # One move a click, said in words on the message line.
    reply = s.act("step")
    assert [str(m) for m in reply.moves] == ["5c>E"]
    assert reply.status.startswith("P2 plays the five of clubs on the east pile.")
    assert "Paused: press Next move" in reply.status
    while s.waiting is not None:
        assert not s.act("step").refused
    assert s.paused  # still held for the computers' next turn
    assert s.act("pause").status.startswith("The computer players play on.")
    assert s.snapshot(4)["paused"] is False


def test_the_toolbar_keeps_its_buttons_when_the_hand_ends() -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:5c9d2d3d8d7s6s stock:41 turn:P1"
    s = PlaySession(Game.from_position(line), opponents="greedy")
    before = {c["kind"]: c for c in s.snapshot(1)["actions"]}
    assert before["speed"]["enabled"]
    assert before["pause"]["enabled"]
    assert not s.play("Th>N").refused  # the viewer goes out: the hand is over
    assert s.game.is_over()
    after = {c["kind"]: c for c in s.snapshot(2)["actions"]}
    # the toolbar keeps its shape: Review this hand held its place, disabled, all hand long
    assert list(after) == list(before)
    assert not before["review"]["enabled"]
    assert before["review"]["why"] == "Finish the hand first: it can be reviewed once it is over."
    assert after["review"]["enabled"]
    why = "The hand is over: the computer players have nothing left to play."
    for kind in ("speed", "pause"):
        assert not after[kind]["enabled"], kind
        assert after[kind]["why"] == why
        assert after[kind]["label"] == before[kind]["label"]
    assert s.act("pause").refused
    assert not s.paused
    assert s.act("speed", value=0.4).refused
