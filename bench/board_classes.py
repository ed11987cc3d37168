"""The classes the board's benchmark reads: made once, read by both checkouts alike.

- :func:`sample` is :func:`~kingscorner_widget.classroom.sample.sample_class`: learners with 20
  items each (about 18 kB a record), read without a homework.
- :func:`homework_class` is a class that did a real homework (a lesson, two puzzles and the
  daily deal): one learner walks it at a table with Show me, and every other record is made
  from that one so that no two learners' work is the same: each step's moves begin with a
  few refused tries that spell the learner's number, and each learner's daily deal is a game
  of their own (random legal moves from the teacher's deal, seeded by the learner). Every
  item still replays, so the board replays every learner's every item: the most work a class
  of that size can give it (no two attempts share a verdict).
- :func:`big_records`: one record of about 2 MB (the size cap) in each of the shapes that once
  made the board slow.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
import tempfile
from typing import Any

from kingscorner_widget import ClassBoard, Homework, KingsCornerWidget, Rules
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.store import WRITER
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.record import game_to_dict

__all__ = ["DAY", "big_records", "check_replays", "homework_class", "sample", "week"]

Json = dict[str, Any]
DAY = "2026-12-01"
REFUSED = ("2c>N", "3d>E", "5h>S", "7s>W", "9c>NE", "Jd>SE", "Ah>SW", "Qs>NW")
"""Moves no step of the homework accepts at its start: the tries that make each learner's
moves their own."""
DIGITS = 4
"""Refused tries at the start of each step: 8**4 = 4,096 learners with different moves."""


def sample(folder: pathlib.Path, learners: int) -> pathlib.Path:
    """``learners`` made-up records of 20 items each under ``folder``."""
    sample_class(folder, learners=learners, items=20)
    return folder


def week() -> Homework:
    """The homework: a lesson of three steps, two puzzles and the daily deal."""
    return Homework(
        "Week 3", lessons=["worked-turn"], puzzles=2, daily=DAY, rules=Rules(players=2), seed=3
    )


def _walked(homework: Homework) -> Json:
    """The record of a learner who walked ``homework`` with Show me, then played the daily
    deal to its end."""
    with tempfile.TemporaryDirectory() as folder:
        w = KingsCornerWidget(homework=homework, learner="ada", progress_dir=folder)
        while w.lesson is not None and not w.lesson.done:
            if not w.show_me():
                w.next_step()
        w.forward()
        for _ in range(600):
            if w.game.is_over():
                break
            if w.legal:
                w.play(w.legal[0])
            else:
                w.step()
        WRITER.wait()
        record: Json = json.loads(pathlib.Path(folder, "ada.json").read_text("utf-8"))
    return record


def _tries(number: int) -> list[str]:
    """Refused tries that spell ``number`` (base 8, :data:`DIGITS` of them)."""
    return [REFUSED[number // len(REFUSED) ** d % len(REFUSED)] for d in range(DIGITS)]


def _daily_hand(seed: int) -> tuple[Json, Json]:
    """A game of the teacher's daily deal (random legal moves seeded by ``seed``) as a
    record keeps it, and its result for player 1."""
    rng = random.Random(seed)
    game = Match.daily(DAY, Rules(players=2)).game
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    outcome = game.outcome()
    assert outcome is not None
    result = {"won": 1 in outcome.winners, "cardsLeft": len(game.hand(1)), "moves": len(game.moves)}
    return game_to_dict(game), result


def homework_class(folder: pathlib.Path, learners: int, homework: Homework) -> pathlib.Path:
    """``learners`` records of ``homework`` under ``folder``, no two alike (see the module)."""
    base = _walked(homework)
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(learners):
        record = copy.deepcopy(base)
        name = f"learner{number}"
        record["learner"] = name
        (table,) = record["tables"]
        table["id"] = f"table{number}"
        for key, item in table["items"].items():
            if key.startswith("daily:"):
                game, result = _daily_hand(number)
                item.update(result={**item["result"], **result}, stars=3 if result["won"] else 1)
                (hand,) = (h for h in table["hands"] if h.get("daily") == DAY)
                hand.update(record=game, viewer=1, **result)
                continue
            for step in item["steps"]:
                step["tried"] = _tries(number) + step["tried"]
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        (folder / f"{name}.json").write_text(text, "utf-8")
    return folder


def check_replays(folder: pathlib.Path, homework: Homework, learners: int) -> None:
    """That every learner's every item replays (else the benchmark would time refusals)."""
    board = ClassBoard(folder, homework=homework)
    assert len(board.learners) == learners, board.bad[:3]
    for learner in board.learners:
        for item in homework.items:
            assert board.finished(learner, item.key), (
                learner,
                item.key,
                board.item(learner, item.key),
            )


def big_records() -> dict[str, Json]:
    """Records of about 2 MB each, of the shapes that once made the board slow."""
    base: Json = {"format": "kingscorner-progress", "version": 1, "learner": "bo"}
    small = {"kind": "puzzle", "title": "P", "finished": True, "stars": 3, "solved": True}
    items = {f"puzzle:{n}": {**small, "title": f"P{n}"} for n in range(20_000)}
    title = {"lesson:big": {"kind": "lesson", "title": "W" * 1_950_000, "finished": True}}
    hand = {"won": True, "cardsLeft": 0, "moves": 30, "opponents": ["greedy"], "record": None}
    return {
        "20,000 items": {**base, "tables": [{"id": "t", "items": items}]},
        "a 2 MB title": {**base, "tables": [{"id": "t", "items": title}]},
        "20,000 hands": {**base, "tables": [{"id": "t", "hands": [hand] * 20_000}]},
    }
