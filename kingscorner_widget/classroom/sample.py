"""A made-up class: records as a class's tables would write them, for trying the board out.

The learners are invented and their work is drawn at random (seeded): each item started or not,
each step's refusals, hints and Show me, puzzles solved or missed by theme, a daily deal won or
lost. The records are written exactly as a learner's table writes them
(:class:`~kingscorner_widget.classroom.store.RecordStore`), so the board reads them as it reads a
real class's.

>>> import tempfile
>>> from kingscorner_widget.classroom import ClassBoard
>>> folder = tempfile.mkdtemp()
>>> len(sample_class(folder, learners=3, items=4))
3
>>> len(ClassBoard(folder).learners)
3
"""

from __future__ import annotations

import os
import pathlib
import random
import uuid
from typing import Any

from .record import lesson_stars, step_stars
from .store import RecordStore
from .themes import THEMES

__all__ = ["sample_class"]

Json = dict[str, Any]
NAMES = (
    "ada", "bo", "cleo", "dev", "eli", "fay", "gus", "hana", "ivo", "jun", "kai", "lea", "mo",
    "nia", "oz", "pia", "quin", "ravi", "sol", "tam", "uma", "vik", "wen", "xia", "yas", "zed",
)  # fmt: skip
CODES = ("rank", "colour", "not_the_step", "corner_needs_king", "not_in_hand", "on_ace")
MOVES = ("Th>N", "Ks>NE", "4h>S", "W>N", "6s>E", "Qd>W", "9c>S", "8h>E")


def _name(number: int) -> str:
    base = NAMES[number % len(NAMES)]
    return base if number < len(NAMES) else f"{base}{number // len(NAMES) + 1}"


def _step(rng: random.Random, skill: float, reached: bool) -> Json:
    slips = 0 if rng.random() < skill else rng.randrange(1, 4)
    shows = int(rng.random() > skill + 0.25)
    refused = [{"move": rng.choice(MOVES), "code": rng.choice(CODES)} for _ in range(slips)]
    moves = rng.randrange(1, 4)
    return {
        "title": "A step",
        "position": "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1",
        "attempts": moves + slips,
        "moves": moves,
        "refused": refused,
        "tried": [rng.choice(MOVES) for _ in range(moves)],
        "hints": int(rng.random() > skill),
        "shows": shows,
        "seconds": round(rng.uniform(3, 90), 1),
        "done": reached,
    }


def _item(rng: random.Random, number: int, skill: float) -> tuple[str, Json]:
    kind = "lesson" if number % 2 == 0 else "puzzle"
    steps = rng.randrange(3, 7) if kind == "lesson" else 1
    reached = steps if rng.random() < 0.35 + skill * 0.6 else rng.randrange(0, steps)
    made = [_step(rng, skill, n < reached) for n in range(steps)]
    finished = reached == steps
    item: Json = {
        "kind": kind,
        "title": f"Lesson {number + 1}" if kind == "lesson" else f"Puzzle {number + 1}",
        "order": number,
        "finished": finished,
        "stars": lesson_stars(step_stars(s) for s in made) if finished else 0,
        "steps": made,
    }
    if kind == "puzzle":
        item["theme"] = THEMES[number // 2 % len(THEMES)]
        item["difficulty"] = round(rng.random(), 2)
        item["solved"] = (finished and not made[0]["shows"]) if reached or finished else None
    return f"{kind}:{number + 1}", item


def sample_class(
    folder: str | os.PathLike[str], learners: int = 30, items: int = 20, seed: int = 0
) -> list[pathlib.Path]:
    """Write ``learners`` made-up records of ``items`` items each (and a daily deal) under
    ``folder``; returns their paths."""
    rng = random.Random(seed)
    paths = []
    for number in range(learners):
        skill = rng.random()
        table: Json = {
            "id": uuid.UUID(int=rng.getrandbits(128)).hex,
            "opened": "2026-12-01T09:00:00+00:00",
            "homework": "Week 3",
            "items": dict(_item(rng, n, skill) for n in range(items)),
            "hands": [],
            "reviews": [{"accuracy": round(rng.uniform(0.4, 1), 3), "turns": 9, "judge": "cards"}],
        }
        if rng.random() < 0.8:
            won = rng.random() < skill
            table["items"]["daily:2026-12-01"] = {
                "kind": "daily",
                "title": "Daily deal 2026-12-01",
                "order": items,
                "finished": True,
                "stars": 3 if won else 1,
                "result": {"won": won, "cardsLeft": 0 if won else rng.randrange(1, 12),
                           "moves": rng.randrange(20, 80), "opponents": ["greedy"]},
            }  # fmt: skip
        store = RecordStore(_name(number), folder)
        store.write(table)
        paths.append(store.path)
    return paths
