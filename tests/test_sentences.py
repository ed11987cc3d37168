"""The sweep: every sentence the built-in lessons, exercises, puzzles, hints, reviews, summaries,
``check_player`` reports and league forfeits produce over seeded games under every rule option,
read for the faults a learner would notice: a count that disagrees with its noun ("1 cards"),
notation outside brackets, code names, a capital in the middle of a sentence, a clause said
twice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from kingscorner_widget import ClassTournament, Game, Rules
from kingscorner_widget.analysis import hint
from kingscorner_widget.analysis.judging.review import review
from kingscorner_widget.analysis.judging.winning_hint import winning_hint
from kingscorner_widget.analysis.league.hands import Seating, play_hand
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer
from kingscorner_widget.analysis.runs.check_player import check_player
from kingscorner_widget.classroom import run_tournament
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.rules import Count
from kingscorner_widget.engine.words import match_line
from kingscorner_widget.lessons import LessonRun, builtin_lessons, generate_puzzles
from kingscorner_widget.lessons.exercise import (
    MoveExercise,
    PenaltyExercise,
    TurnExercise,
    WinnerExercise,
    check,
)
from kingscorner_widget.sandbox.process import Answer
from kingscorner_widget.table.summary import hand_summary
from tests.analysis.support import EVERY_OPTION

NAMES = {1: "You", 2: "P2"}

NOUNS = (
    "card|hand|turn|point|corner|decision|deal|sampled deal|move|twin table|table|mistake|"
    "blunder|inaccuracy|step|player|time|game|penalty point|king|pile|win"
)
ONE_PLURAL = re.compile(rf"(?<![\d.,])\b1 (?:{NOUNS.replace('inaccuracy', 'inaccuracie')})s\b")
MANY_SINGULAR = re.compile(rf"(?<![\d.,%])\b(?:0|[2-9]|\d\d+) (?:{NOUNS})\b(?!s|ies| of\b)")
CARD = r"(?:[2-9TJQK][cdhs]|A[cdh])"  # "As" is also a word
SPACE = r"(?:NE|SE|SW|NW|N|E|S|W)"
NOTATION = re.compile(rf"\b{CARD}\b|\b(?:{CARD}|As|{SPACE})>{SPACE}\b")
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\w+\(|\b[A-Z][a-z]+\.[A-Z_]{2,}\b|`")
MID_CAPITAL = re.compile(r"[a-z,;] (?:You|Your|The)\b")


def bare(text: str) -> str:
    """``text`` without what brackets and Markdown emphasis hold."""
    text = re.sub(r"\*\*", "", text)
    text = re.sub(r'"[^"]*"', "", text)  # what the learner is told to type
    while True:
        inner = re.sub(r"\([^()]*\)", "", text)
        if inner == text:
            return text
        text = inner


def faults(text: str) -> list[str]:
    """What is wrong with one piece of text, in words (empty when nothing is)."""
    found = []
    plain = bare(text)
    for name, pattern in (
        ("agreement", ONE_PLURAL),
        ("agreement", MANY_SINGULAR),
        ("notation outside brackets", NOTATION),
        ("code name", CODE),
        ("capital mid-sentence", MID_CAPITAL),
    ):
        match = pattern.search(plain)
        if match:
            found.append(f"{name}: {match.group(0)!r}")
    for sentence in re.split(r"(?<=[.!?])\s+", plain):
        clauses = [" ".join(re.findall(r"[\w']+", c.lower())) for c in re.split(r"[,;:]", sentence)]
        long = [c for c in clauses if len(c.split()) >= 4]
        repeated = sorted(
            {c for i, c in enumerate(long) for j, d in enumerate(long) if i != j and c in d}
        )
        if repeated:
            found.append(f"repeated clause: {repeated[0]!r}")
    return found


def test_the_sweep_finds_each_fault_it_is_for() -> None:
    for bad in (
        "Shed 1 cards.",
        "In 3 hand.",
        "Best first move: 6c>W.",
        "Made with generate_puzzles(6, seed=2026).",
        "P1 and You win.",
        "its answer 'hello' is not a move: 'hello' is not a move",
    ):
        assert faults(bad), bad
    for good in (
        "Shed 1 card; the best turn shed 3 cards (4h, Th and Ks).",
        "P1, you and P3 share the win. You went out and won the hand.",
        "Play the ten of hearts onto the jack of clubs (Th>N).",
    ):
        assert faults(good) == [], good


# -- where the sentences come from ----------------------------------------------------------------


def lesson_texts() -> Iterator[tuple[str, str]]:
    for lesson in builtin_lessons():
        yield lesson.title, lesson.title
        yield lesson.title, lesson.summary
        run = LessonRun(lesson)
        while True:
            step = run.step
            where = f"{lesson.title}, {step.title}"
            for text in (step.narration, step.after, *step.hints):
                yield where, text
            for move in run.game.legal_moves():
                if not run.accepts(move):
                    yield where, run.try_move(move).message
                    break
            for move in run.show_me():
                yield where, run.try_move(move).message
            if not run.next():
                break


def games(count: int, seed: int) -> Iterator[Game]:
    """Finished and part-played seeded games under every rule option."""
    for i in range(count):
        rules = EVERY_OPTION[i % len(EVERY_OPTION)]
        game = Game.new(seed=seed + i, rules=rules)
        bots: list[Player] = [GreedyPlayer(), RandomPlayer(seed=i)]
        while not game.is_over():
            game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
        yield game


def analysis_texts() -> Iterator[tuple[str, str]]:
    for number, game in enumerate(games(len(EVERY_OPTION), seed=40)):
        where = f"game {number} ({game.rules.describe()})"
        summary = hand_summary(game, NAMES.__getitem__)
        yield where, summary["line"]
        yield where, summary["why"]
        for player in (1, 2):
            cards = review(game, player, progress=False)
            yield where, cards.summary()
            for turn in cards.turns:
                yield f"{where}, turn {turn.number}", turn.reason
        win = review(game, 1, judge="win", worlds=12, progress=False)
        yield where, win.summary()
        for turn in win.turns[:6]:
            yield f"{where}, turn {turn.number} by win", turn.reason
        replay = game.copy()
        while len(replay.moves) > 0 and not isinstance(replay.moves[-1], EndTurn):
            replay.undo()
        for _ in range(4):  # a few positions along the hand
            if not replay.moves:
                break
            replay.undo()
            if replay.is_over():
                continue
            yield where, hint(replay).reason
            yield where, winning_hint(replay, worlds=12, candidates=6).reason


def exercise_texts() -> Iterator[tuple[str, str]]:
    line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    stuck = (
        "N:5c4d E:3d S:Ac W:2c NE:KhQsJhTs9h8s7h6s5h4s3h2sAh SE:KsQhJsTh9s8h7s6h5s4h3s2hAs "
        "SW:KdQcJdTc9d8c7d6c5d NW:KcQdJcTd9c8d7c6d P1:4c3c P2:Ad2d stock:0 turn:P1"
    )
    exercises: list[Any] = [
        TurnExercise(line),
        MoveExercise(line),
        PenaltyExercise("Ks Qh 4d"),
        PenaltyExercise("Ac Kh 7d 2s", Count.HEAVY),
        WinnerExercise(stuck, ["pass", "pass"]),
        WinnerExercise(stuck, ["pass", "pass"], rules=Rules(count=Count.HEAVY)),
    ]
    answers: list[object] = ["draw", "hello", "6c>W", "W>N Qh>W 6c>N", 3, 12, "P1", "nobody", "P3"]
    for exercise in exercises:
        yield type(exercise).__name__, exercise.question
        for answer in answers:
            yield f"{type(exercise).__name__} {answer!r}", check(exercise, answer).message


def puzzle_texts() -> Iterator[tuple[str, str]]:
    for puzzle in generate_puzzles(3, seed=5):
        step = puzzle.to_step(1)
        for text in (step.narration, step.after, *step.hints):
            yield "puzzle", text


class Broken:
    """A player that answers badly: not a move, then a card it does not hold."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: object) -> object:
        self.calls += 1
        return "hello" if self.calls % 2 else "2c>NE"


class Stub:
    """A league seat in this process answering ``answers`` in turn."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)

    def deal(self, player: int, rules: Rules) -> str | None:
        return None

    def choose(self, line: str) -> Answer:
        return Answer(move=self.answers.pop(0) if self.answers else "draw", forfeit=None, seconds=0)


def report_texts() -> Iterator[tuple[str, str]]:
    for text in check_player(Broken(), hands=2, twins=4).describe().splitlines():
        yield "check_player", text.lstrip(" -")
    for answer in ("hello", "2c>NE", "Kh>N"):
        seating = Seating(key="pair-1", kind="pair", seed=3, names=("bad", "good"))
        result = play_hand(seating, {"bad": Stub(answer), "good": Stub()}, Rules())
        for text in _strings(result):
            yield f"league forfeit {answer}", text
    match = Match(players=3, seed=2)
    yield "match", match_line(match, {1: "You", 2: "P2", 3: "P3"}.__getitem__)


def tournament_texts() -> Iterator[tuple[str, str]]:
    names = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fin", "Gus"]
    for seats, computer in ((2, "random"), (3, "greedy"), (4, "greedy")):
        played = run_tournament(names, seats=seats, rounds=3, seed=seats, computer=computer)
        for round_ in played.rounds:
            for hand in round_.hands:
                yield f"tournament {hand.where}", hand.describe()
        standings = played.standings()
        for row in standings.rows:
            yield "standings", f"{row.player} is {row.place_words}: {row.tie_break or 'points'}."
        yield from (("standings notes", note) for note in standings.table().notes)
    refused = ClassTournament(names[:2], seed=1)
    refused.draw_round()
    for attempt in (["Ks>N"], ["draw"], []):
        try:
            refused.enter_result(1, attempt)
        except ValueError as error:
            yield "tournament refusal", str(error)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        if " " in value:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize(
    "source",
    [lesson_texts, exercise_texts, puzzle_texts, report_texts, analysis_texts, tournament_texts],
)
def test_every_sentence_reads_well(source: Any) -> None:
    problems = []
    seen = 0
    for where, text in source():
        seen += 1
        for fault in faults(text):
            problems.append(f"{where}: {fault} in {text!r}")
    assert seen > 5
    assert not problems, "\n".join(dict.fromkeys(problems))
