"""The snapshot is one typed structure: every mode's snapshot has exactly its keys, the trait's
docstring names them all, the page's type declaration is generated from it and is current, and
a finished four-player hand's snapshot stays small."""

from __future__ import annotations

import ast
import itertools
import json
import random
import sys
from pathlib import Path
from typing import get_type_hints

import pytest

from kingscorner_widget import Game, KingsCornerWidget
from kingscorner_widget.table import PlaySession, ReviewSession, Session
from kingscorner_widget.table.pass_play import PassAndPlaySession
from kingscorner_widget.table.snapshot import LOG_WINDOW, Control, Snapshot
from kingscorner_widget.widget import adapter

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import snapshot_types

KEYS = set(get_type_hints(Snapshot))
CONTROL_KEYS = set(get_type_hints(Control))


def finished_hand(seed: int, players: int = 4) -> PlaySession:
    """A hand played to its end: computer players, and a viewer who mostly draws (long hands)."""
    s = PlaySession(Game.new(players=players, seed=seed), opponents="greedy")
    rng = random.Random(seed)
    while not s.game.is_over():
        if s.waiting is not None:
            s.act("skip")
            continue
        legal = s.legal()
        plays = [m for m in legal if m not in ("draw", "pass")]
        s.act("play", move=rng.choice(plays) if plays and rng.random() < 0.3 else legal[-1])
    return s


def sessions() -> list[tuple[str, Session]]:
    played = finished_hand(1, players=2)
    explore = KingsCornerWidget(Game.new(players=3, seed=2), mode="explore").session
    lesson = KingsCornerWidget(lesson="worked-turn", teacher=True).session
    review = ReviewSession(played.game, viewer=1)
    practice = review.act("practise").opens
    assert practice is not None
    return [
        ("play", played),
        ("play, mid-hand", PlaySession(Game.new(players=4, seed=3))),
        ("explore", explore),
        ("lesson", lesson),
        ("review", review),
        ("practice", practice),
        (
            "pass-and-play, covered",
            PassAndPlaySession(Game.new(players=3, seed=4), people=["Ada", "Ben"]),
        ),
    ]


@pytest.mark.parametrize(
    ("name", "session"), sessions(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_snapshot_has_exactly_the_typed_keys(name: str, session: Session) -> None:
    snap = session.snapshot(1)
    assert set(snap) == KEYS, name
    for control in snap["actions"]:
        assert set(control) == CONTROL_KEYS
        assert (control["why"] is None) == control["enabled"], control
        assert control["label"], control
    kinds = [c["kind"] for c in snap["actions"]]
    assert len(kinds) == len(set(kinds)), f"a control listed twice: {kinds}"
    keys = [c["key"] for c in snap["actions"] if c["key"]]
    assert len(keys) == len(set(keys)), f"two controls on one key: {keys}"
    assert sum(c["primary"] for c in snap["actions"]) <= 1
    json.dumps(snap)  # plain JSON


def test_the_trait_docstring_names_every_key() -> None:
    tree = ast.parse(Path(adapter.__file__).read_text(encoding="utf-8"))
    docs = {
        here.targets[0].id: after.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for here, after in itertools.pairwise(node.body)
        if isinstance(here, ast.Assign)
        and isinstance(here.targets[0], ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
    }
    doc = str(docs["snapshot"])
    missing = sorted(key for key in KEYS | CONTROL_KEYS if f"``{key}``" not in doc)
    assert missing == []


def test_the_committed_type_declaration_is_current() -> None:
    committed = snapshot_types.TARGET.read_text(encoding="utf-8")
    assert committed == snapshot_types.declaration(), (
        "js/src/snapshot.d.ts is stale: run python scripts/snapshot_types.py"
    )
    assert "export interface Snapshot extends Table {" in committed
    assert "  actions: Control[];" in committed


def test_the_declaration_follows_the_python_types() -> None:
    assert snapshot_types.ts(list[int | None]) == "(number | null)[]"
    assert snapshot_types.ts(dict[str, list[str]]) == "Record<string, string[]>"
    with pytest.raises(TypeError):
        snapshot_types.ts(set[int])


def test_a_finished_four_player_hand_stays_under_10_kb() -> None:
    sizes = []
    for seed in range(12):
        s = finished_hand(seed)
        snap = s.snapshot(1)
        assert len(s.history.log()) > 0
        assert len(snap["log"]) <= LOG_WINDOW
        assert snap["logStart"] + len(snap["log"]) - 1 == len(s.history.log())
        sizes.append(len(json.dumps(snap).encode()))
    assert max(sizes) < 10_000, sizes


def test_the_log_window_starts_at_a_turn_and_its_turns_index_it() -> None:
    s = finished_hand(5)
    snap = s.snapshot(1)
    log, turns = snap["log"], snap["turns"]
    assert turns[0]["start"] == 0
    assert sum(t["count"] for t in turns) == len(log)
    whole = s.history.log()
    first = snap["logStart"] - 1
    assert first == 0 or whole[first - 1]["player"] != whole[first]["player"]
