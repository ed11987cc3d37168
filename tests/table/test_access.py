"""Every learner at the table, without a browser: each control has its key, picking a card has
its words, the look a learner chooses is kept by their record, the hand's score is said.

The page's own keys (digits for the piles, ``?``, and the phrasebook's Present and Summary keys)
come from the phrasebook; each mode's controls must leave those free and never share a key while
both are offered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget import Game, KingsCornerWidget
from kingscorner_widget.engine.moves import MovePile, PlayCard
from kingscorner_widget.engine.words import card_label, within
from kingscorner_widget.table import (
    ExploreSession,
    LessonSession,
    PlaySession,
    ReviewSession,
    Session,
)
from kingscorner_widget.table.look import Look
from kingscorner_widget.table.page_words import phrases
from kingscorner_widget.table.review import PracticeSession
from kingscorner_widget.table.snapshot import fitting

MODES = [Session, ExploreSession, LessonSession, PlaySession, ReviewSession, PracticeSession]
OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def page_keys() -> set[str]:
    """The keys the page keeps for itself: the piles' digits, the keys list and its own buttons."""
    text = phrases()["text"]
    return {*"12346789", "?", text["presentKey"].lower(), text["summaryKey"].lower()}


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.__name__)
def test_every_control_has_a_key_of_its_own(mode: type[Session]) -> None:
    controls = [made for made in mode.actions().values() if made.label]
    assert controls
    for made in controls:
        assert made.key, f"{mode.__name__}'s {made.kind} control has no key"
        assert made.key.lower() not in page_keys(), f"{made.kind} takes the page's {made.key}"
    # Two controls may share a key only when never offered together (a lesson's Next and its
    # Next lesson): each snapshot below lists each key once.
    by_key: dict[str, list[str]] = {}
    for made in controls:
        by_key.setdefault(str(made.key).lower(), []).append(made.kind)
    shared = {key: kinds for key, kinds in by_key.items() if len(kinds) > 1}
    assert set(shared) <= {"n"}, shared


def snapshots() -> list[dict[str, Any]]:
    """A snapshot of every mode: at rest, and a finished hand with its review."""
    play = KingsCornerWidget(players=2, seed=11, speed=0, teacher=True)
    found = [play.snapshot]
    play.skip()
    while not play.game.is_over():
        play.play(play.legal[0])
        play.skip()
    found.append(play.snapshot)
    play.mode = "review"
    found.append(play.snapshot)
    lesson = KingsCornerWidget(lesson="stock-and-blocked", teacher=True)
    found.append(lesson.snapshot)
    lesson.mode = "explore"
    found.append(lesson.snapshot)
    return found


def test_no_two_controls_offered_together_share_a_key() -> None:
    for snap in snapshots():
        keys = [str(c["key"]).lower() for c in snap["actions"]]
        assert all(keys), snap["actions"]
        assert len(keys) == len(set(keys)), (snap["mode"], keys)


def test_picking_a_card_says_where_it_fits_in_words() -> None:
    game = Game.from_position(OPENING)
    legal = [str(move) for move in game.legal_moves()]
    fits = fitting(game, legal)
    assert fits["Th"] == "The ten of hearts fits on the north pile and the west space."
    assert fits["S"] == "The south pile fits on the east pile."
    assert "draw" not in fits


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 12))
def test_the_words_name_exactly_the_engines_targets(seed: int, moves: int) -> None:
    game = Game.new(players=3, seed=seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(game.legal_moves()[0])
    legal = [str(move) for move in game.legal_moves()]
    fits = fitting(game, legal)
    sources = {m.split(">")[0] for m in legal if ">" in m}
    assert set(fits) == sources
    for move in game.legal_moves():
        if isinstance(move, PlayCard | MovePile):
            source = str(move).split(">")[0]
            said = fits[source]
            place = move.target.words if game.pile(move.target) else move.target.place
            assert place in said, (said, str(move))
            what = card_label(move.card) if isinstance(move, PlayCard) else move.source.words
            assert what in said.lower(), said
    for source, said in fits.items():
        targets = {m.split(">")[1] for m in legal if m.startswith(f"{source}>")}
        assert said.count(", ") + said.count(" and ") == len(targets) - 1, said


def test_the_look_is_chosen_at_the_table_and_shared_by_every_mode() -> None:
    w = KingsCornerWidget(players=2, seed=3, speed=0)
    labels = {c["kind"]: c["label"] for c in w.snapshot["actions"]}
    assert labels["deck"] == "Four-colour deck"
    assert labels["contrast"] == "High contrast"
    assert w.handle_message({"kind": "deck", "version": w.snapshot["version"]})
    assert w.snapshot["look"] == {"deck": "four", "contrast": "normal"}
    assert w.status.startswith("The four-colour deck: clubs green, diamonds blue")
    assert {c["kind"]: c["label"] for c in w.snapshot["actions"]}["deck"] == "Two-colour deck"
    w.mode = "explore"
    assert w.snapshot["look"]["deck"] == "four"
    assert w.handle_message({"kind": "contrast", "version": w.snapshot["version"]})
    w.mode = "play"
    assert w.snapshot["look"] == {"deck": "four", "contrast": "high"}


def test_a_learners_record_remembers_the_look_for_their_next_table(tmp_path: Path) -> None:
    first = KingsCornerWidget(players=2, seed=3, learner="ada", progress_dir=tmp_path)
    first.handle_message({"kind": "contrast", "version": first.snapshot["version"]})
    assert first.record is not None
    first.record.flush()
    saved = json.loads((tmp_path / "ada.json").read_text())
    assert saved["tables"][-1]["look"] == {"deck": "two", "contrast": "high"}
    later = KingsCornerWidget(lesson="moves", learner="ada", progress_dir=tmp_path)
    assert later.snapshot["look"] == {"deck": "two", "contrast": "high"}
    other = KingsCornerWidget(lesson="moves", learner="bea", progress_dir=tmp_path)
    assert other.snapshot["look"] == {"deck": "two", "contrast": "normal"}


def test_a_bad_look_in_a_record_is_refused_by_name(tmp_path: Path) -> None:
    from kingscorner_widget.classroom.record import ProgressError, check_record

    record = {
        "format": "kingscorner-progress",
        "version": 1,
        "learner": "ada",
        "tables": [{"id": "t1", "look": {"deck": "six"}}],
    }
    with pytest.raises(ProgressError, match="deck 'two' or 'four', not 'six'"):
        check_record(record)
    with pytest.raises(ValueError, match="is an object"):
        Look.read("four")


def test_the_end_of_a_hand_says_its_score_in_one_sentence() -> None:
    w = KingsCornerWidget(players=2, seed=11, speed=0)
    w.skip()
    while not w.game.is_over():
        w.play(w.legal[0])
        w.skip()
    summary = w.snapshot["summary"]
    row = summary["row"]
    said = summary["said"]
    assert said.startswith(f"{row['label']} on the score sheet: ")
    for name, points in zip(row["names"], row["points"], strict=True):
        assert f"{within(name)} {points} point" in said  # "you" inside the sentence
    assert "Totals: " in said
