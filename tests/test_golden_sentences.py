"""The few whole sentences the tests pin, a small set per voice: the hint, the review, the lesson,
the summary of a hand or a match, the command line, and the engine's own (its refusals and log).

Everywhere else the tests assert through the :mod:`kingscorner_widget.engine.words` helpers or on
the figures, the cards named and the verdicts; these sentences are the ones a reader checks by eye,
so that a change to how the table speaks is seen here, once, and judged."""

from __future__ import annotations

import io

import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import explain, hint, review
from kingscorner_widget.cli import main
from kingscorner_widget.engine.game import Outcome
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.engine.words import (
    instruction,
    logged,
    move_sentences,
    outcome_line,
    refusal,
    review_line,
)
from kingscorner_widget.lessons import LessonRun, load_lesson
from kingscorner_widget.lessons.exercise import WinnerExercise, check
from kingscorner_widget.table.page_words import sheet_caption
from kingscorner_widget.table.play import PlaySession

COMBO = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
HELD = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"
OUT = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
CORNER_TO_FINISH = (
    "N:5d E:3c S:7d W:Jd NE:KsQhJsTh9s8h7s6h5s4h3s SE:- SW:- NW:- P1:Ac2d9h P2:?7 stock:27 turn:P1"
)
CORNER = (
    "N:5s E:- S:- W:- NE:KhQsJhTs9h8s7h6s5h4s3h2s SE:- SW:- NW:- P1:Ah9c P2:4d stock:36 turn:P1"
)


def names(player: int) -> str:
    return {1: "You", 2: "P2", 3: "P3"}[player]


# -- the hint ---------------------------------------------------------------------------------


def test_hint_sentences() -> None:
    game = Game.from_position(COMBO)
    assert explain(game, "draw") == (
        "Ending the turn now sheds no card this turn; the best turn sheds 2. Best first move: "
        "play the six of clubs onto the seven of hearts (6c>W)."
    )
    stuck = Game.from_position(
        "N:9d E:4c S:5s W:8d NE:Kh SE:Kd SW:Ks NW:Kc P1:2h P2:?7 stock:36 turn:P1"
    )
    assert hint(stuck).reason == "No card can be played this turn: draw a card to end your turn."
    table = PlaySession(Game.from_position(HELD), opponents="greedy")
    table.act("hint")
    assert table.act("hint").status == (
        "Hint (to win the hand): Play the six of clubs onto the seven of hearts."
    )


# -- the review -------------------------------------------------------------------------------


def test_review_sentences() -> None:
    game = Game.from_position(OUT)
    game.play("Th>N")
    game.play("draw")
    (turn,) = review(game, 1, progress=False).turns
    assert turn.reason == (
        "Shed 1 card, but going out won the hand at once: the best turn shed 3 cards, the four of "
        "hearts (4h), the ten of hearts (Th) and the king of spades (Ks), and went out."
    )
    corners = Game.from_position(CORNER_TO_FINISH, rules=Rules(corners_version=True))
    for move in ("2d>E", "Ac>E", "draw"):
        corners.play(move)
    result = review(corners, 1, progress=False)
    assert result.summary().splitlines() == [
        "Review of P1: 1 turn, accuracy 75% (2 of 2 cards that could be shed).",
        "0 best, 1 inaccuracy, 0 mistakes.",
        "Every card that could be shed was shed, but turn 1 lost on what else the best turn did "
        "(corners finished, points, openings left): it counts half a card short in the accuracy.",
    ]
    assert result.turns[0].reason == (
        "Shed 2 cards, as many as the best turn, but finished no corner where the best turn "
        "finished 1."
    )
    best = [parse_move(m) for m in ("4h>S",)]
    assert review_line("inaccuracy", "", 0, best, goes_out=False, exact=True, moves=False) == (
        "A small slip: you played no card; the best turn here plays 1."
    )


# -- the lesson -------------------------------------------------------------------------------


def lesson_at(name: str, number: int) -> LessonRun:
    run = LessonRun(load_lesson(name))
    for _ in range(number - 1):
        run.next()
    return run


def test_lesson_sentences() -> None:
    assert lesson_at("ace", 1).try_move("4c>E").message == (
        "after that move this turn can play at most 2 cards; the best turn here plays 3 cards"
        " — try a pile move first"
    )
    assert lesson_at("pile-transfer", 1).try_move("6s>W").message == (
        "that is legal, but this step teaches one move: move the west pile onto the nine of "
        "diamonds"
    )
    run = lesson_at("pile-transfer", 1)
    hints = [run.next_hint() for _ in range(len(run.step.hints) + 1)]
    assert hints[-1] == "Move the west pile onto the nine of diamonds."
    plain = WinnerExercise(CORNER, ["Ah>NE", "draw", "4d>N"])
    assert check(plain, "P1").message == (
        "Not quite: P2 went out, and whoever goes out wins the hand."
    )


# -- the summary of a hand or a match ------------------------------------------------------------


def test_summary_sentences() -> None:
    blocked = Outcome("blocked", None, (), (2, 5, 2), (0, 0, 0))
    assert outcome_line(blocked, names, (2, 5, 2)) == (
        "The hand is blocked: nobody wins it, and it is scored by the cards left. "
        "Left in hand: you 2 cards, P2 5 cards, P3 2 cards."
    )
    out = Outcome("out", 1, (1,), (0, 31, 3), (0, 0, 0))
    assert outcome_line(out, names, (0, 4, 3)) == (
        "You went out and won the hand. Left in hand: P2 4 cards (31 points), P3 3 cards."
    )
    lost = Outcome("out", 1, (2,), (0, 7), (0, 1))
    assert lost.describe() == (
        "P1 went out, which ends the hand; P2 wins it with 1 corner to 0. Left in hand: P1 0, P2 7."
    )
    assert sheet_caption(["P1", "You", "P3", "P4", "P5"], [1, 2, 3], hand=3, target=25) == (
        "Match over: P1, you and P3 share the win"
    )


# -- the command line -------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_command_line_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    combo = "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1"
    assert run("best", combo)[1].splitlines()[0] == (
        "P1's best turn sheds 3 cards and goes out (proven best):"
    )
    one = "N:Jc E:6h S:5h W:Qc NE:- SE:- SW:- NW:- P1:Th2d P2:?7 stock:39 turn:P1"
    assert run("best", one)[1].splitlines()[0] == "P1's best turn sheds 1 card (proven best):"
    assert run("simulate", "greedy", "wizard", "--games", "2", "--workers", "1") == (2, "")
    assert capsys.readouterr().err == (
        "kingscorner: unknown player 'wizard': choose random, greedy, planner, lookahead "
        "or expert\n"
    )


# -- the engine's own: refusals, the log, instructions and explanations ----------------------------


def test_engine_sentences() -> None:
    g = Game.from_position(
        "N:9d E:- S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:39 turn:P1"
    )
    assert logged(g, parse_move("W>N"), "P2") == "P2 moves the west pile onto the north pile"
    assert instruction(g, parse_move("Qh>E")) == "Put the queen of hearts in the empty east space"
    turn = [parse_move(m) for m in ("W>N", "Qh>W", "6c>N")]
    assert move_sentences([g.pile(s) for s in SPACES], g.hand(), turn)[2] == (
        "Play the black 6 (6c) on the red 7 (7h) on the north pile."
    )
    same = Game.from_position(
        "N:Jd E:Qs S:5s W:8h NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:40 turn:P1"
    )
    assert refusal(same.violation("Th>N")) == (
        "the ten of hearts (Th) cannot go on the jack of diamonds (Jd): colours must alternate "
        "(the jack takes a black ten)"
    )
    must = Game.from_position(
        "N:Jc E:6h S:7d W:9d NE:- SE:- SW:- NW:- P1:Th9s4d P2:?7 stock:38 turn:P1",
        rules=Rules(must_play=True),
    )
    assert refusal(must.violation("draw")) == (
        "must play: the ten of hearts (Th) can go on the north pile, so it must be played"
    )
