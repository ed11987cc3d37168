"""Random intent sequences through every session, on twin tables.

Twins are two games identical from the viewer's side whose hidden cards differ. Every intent
goes to both through the real message path, and the replies must be identical, status lines
included, for as long as the two tables look the same to the viewer (a draw or a computer's move
shows the viewer new cards, and from there the twins may rightly differ). On each table a
refused intent changes nothing (game, match, history, version) and the match saves and loads at
every step.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget import DECK, Game
from kingscorner_widget.engine.record import match_from_json, match_to_json
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.lessons import Lesson, lesson_names, load_lesson
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import FirstMove, assert_no_hidden_card, state

KINDS = ["play", "play", "play", "draw", "hint", "undo", "back", "forward", "next", "show"]
KINDS += ["step", "skip", "load", "daily", "new", "reveal", "confirm", "cancel"]
COMPUTER_MOVES = frozenset({"step", "skip"})
"""A computer player plays from its own hand, so its move (and the line saying so) shows the viewer
a card that was hidden: from there the twins may rightly differ."""
NEW_DEALS = frozenset({"new"})
"""A new match is dealt from a fresh random seed on each table, so its first line (what the
viewer can do with the hand they now see, in a first hand) may rightly differ between twins."""
TALLY = {"tried": 0, "differing": 0}
"""Intents compared between twins, and replies that differed (reported by the test run)."""


def twins(mode: str, seed: int) -> tuple[KingsCornerWidget, KingsCornerWidget]:
    """Two tables the viewer cannot tell apart, with different hidden cards."""
    rng = random.Random(seed)
    if mode == "lesson":
        lesson = load_lesson(rng.choice(lesson_names()))
        pair = []
        for shift in (0, 1 + rng.randrange(1000)):
            steps = tuple(dataclasses.replace(s, seed=s.seed + shift) for s in lesson.steps)
            pair.append(KingsCornerWidget(lesson=Lesson(lesson.title, steps, lesson.rules)))
        return pair[0], pair[1]
    game = Game.new(players=rng.choice([2, 3, 4]), seed=seed)
    line = game.position(player=1)
    tables = [
        KingsCornerWidget(
            Game.from_position(line, rules=game.rules, seed=hidden),
            mode=mode,
            opponents=[FirstMove()],
            speed=0,
            seed=seed,
        )
        for hidden in (seed, seed + 1)
    ]
    return tables[0], tables[1]


def an_intent(rng: random.Random, w: KingsCornerWidget) -> dict[str, Any]:
    kind = rng.choice(KINDS)
    fields: dict[str, Any] = {"kind": kind, "version": w.snapshot["version"]}
    if kind == "play":
        roll = rng.random()
        if roll < 0.4 and w.legal:
            fields["move"] = rng.choice(w.legal)
        elif roll < 0.8:  # any card of the deck, hidden ones included
            fields["move"] = f"{rng.choice(DECK)}>{rng.choice(SPACES)}"
        else:
            fields["move"] = f"{rng.choice(SPACES[:4])}>{rng.choice(SPACES)}"
    elif kind == "load":
        fields["position"] = rng.choice(
            ["N:Qq", "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"]
        )
    return fields


def send(w: KingsCornerWidget, content: dict[str, Any]) -> tuple[str, bool]:
    """One custom message through the real path; the reply the viewer reads."""
    version = w.snapshot["version"]
    before = state(w)
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    refused = w.snapshot["version"] == version
    if refused:
        assert state(w) == before, f"a refused {content['kind']} changed the table"
    if w.match is not None:
        assert match_to_json(match_from_json(match_to_json(w.match))) == match_to_json(w.match)
    assert_no_hidden_card(w, status=not refused)
    return w.status, refused


def seen(w: KingsCornerWidget) -> dict[str, Any]:
    """The table as the viewer sees it, without its version."""
    return {k: v for k, v in w.snapshot.items() if k != "version"}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 100_000), mode=st.sampled_from(["play", "explore", "lesson"]))
def test_twins_get_the_same_replies_and_refusals_change_nothing(seed: int, mode: str) -> None:
    rng = random.Random(seed)
    a, b = twins(mode, seed)
    alike = seen(a) == seen(b)
    for _ in range(30):
        content = an_intent(rng, a)
        reply_a = send(a, content)
        reply_b = send(b, {**content, "version": b.snapshot["version"]})
        shows_cards = COMPUTER_MOVES | NEW_DEALS
        computer_moved = content["kind"] in shows_cards and not (reply_a[1] or reply_b[1])
        if alike and not computer_moved:
            TALLY["tried"] += 1
            if reply_a != reply_b:
                TALLY["differing"] += 1
            assert reply_a == reply_b, f"{content}: {reply_a} against {reply_b}"
        alike = alike and seen(a) == seen(b)
