"""One voice, written in Python: the page's words come from the widget (its phrasebook, sent
once) and the snapshot (hands' titles, the score sheet's caption), written through
``engine/words.py``; the page may not change them, and the phrasebook the page's tests draw
with is this one."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import traitlets

from kingscorner_widget import Card, Game, KingsCornerWidget
from kingscorner_widget.engine.cards import DECK
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.engine.words import card_label, count_words, win_clause
from kingscorner_widget.table import ExploreSession, PlaySession
from kingscorner_widget.table.page_words import (
    COUNTED,
    TEXT,
    fill,
    hand_title,
    hand_whose,
    phrases,
    sheet_caption,
    slots,
)
from kingscorner_widget.widget.adapter import SnapshotTrait

from .helpers import OPENING, FirstMove

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import snapshot_types

JS_SRC = Path(__file__).resolve().parents[2] / "js" / "src"


def test_the_widget_sends_the_phrasebook_and_the_page_cannot_change_it() -> None:
    w = KingsCornerWidget(OPENING, mode="explore")
    assert w.phrases == phrases()
    assert "phrases" in w.keys  # synced to the page
    w.set_state({"phrases": {"text": {"noMoves": "hacked"}}})
    assert w.phrases == phrases()
    assert "Only Python code" in w.status


def test_every_card_and_space_is_named_by_the_words_module() -> None:
    book = phrases()
    assert book["cards"] == {str(card): card_label(card) for card in DECK}
    assert book["cards"]["Th"] == "ten of hearts"
    assert book["spaces"] == {str(space): space.words for space in SPACES}
    assert book["spaces"]["NE"] == "the north-east corner"


NOUNS = {
    "cards": "card",
    "points": "point",
    "corners": "corner",
    "lines": "line",
    "inaccuracies": "small slip",
    "mistakes": "mistake",
    "blunders": "big mistake",
}
"""The counted phrases that are a count and its noun alone, by the noun."""


@pytest.mark.parametrize("key", sorted(COUNTED))
def test_counted_phrases_agree_with_their_count(key: str) -> None:
    forms = phrases()["counted"][key]
    assert set(forms) == {"one", "other"}
    assert (forms["one"], forms["other"]) == COUNTED[key]
    assert all("{n}" in form for form in forms.values())
    if key in NOUNS:
        assert fill(forms["one"], n=1) == count_words(1, NOUNS[key])
        assert fill(forms["other"], n=3) == count_words(3, NOUNS[key])


def test_golden_counted_phrases() -> None:
    counted = phrases()["counted"]
    assert fill(counted["shedOf"]["one"], n=1, shed=1) == " (1 of 1 card that could be played)"
    assert fill(counted["earlier"]["other"], n=30) == "30 earlier moves not shown"
    assert fill(counted["inaccuracies"]["other"], n=2) == "2 small slips"
    assert fill(counted["estimatingTurns"]["one"], n=1, done=0) == "Estimating: 0 of 1 turn"
    assert fill(counted["deals"]["other"], n=100) == (
        "Chance of winning (out of 100 games played out):"
    )


def test_every_template_slot_is_a_plain_name_and_the_keys_are_the_page_s() -> None:
    for key, template in TEXT.items():
        assert re.fullmatch(r"[a-z][A-Za-z]*", key), key
        assert all(re.fullmatch(r"[a-z]+", slot) for slot in slots(template)), template
        assert "{" not in re.sub(r"\{[a-z]+\}", "", template), template
    page = "".join(path.read_text(encoding="utf-8") for path in JS_SRC.glob("*.js"))
    unused = sorted(key for key in TEXT if not re.search(rf"[\"']{key}[\"']", page))
    assert unused == [], f"phrases the page never asks for: {unused}"


def test_hands_carry_their_titles_in_the_snapshot() -> None:
    s = PlaySession(Game.new(players=3, seed=4), opponents=[FirstMove(), FirstMove()])
    hands = s.snapshot(1)["hands"]
    assert [(h["name"], h["title"], h["whose"]) for h in hands] == [
        ("You", "Your hand", "your hand"),
        ("P2", "P2's hand", "P2's hand"),
        ("P3", "P3's hand", "P3's hand"),
    ]
    explore = ExploreSession(Game.from_position(OPENING)).snapshot(1)["hands"]
    assert explore[0]["whose"] == hand_whose(explore[0]["name"])
    assert explore[0]["title"] == hand_title(explore[0]["name"])
    assert hand_whose("P1") == "P1's hand"  # never "p1's hand"


def test_the_score_sheet_says_its_caption() -> None:
    w = KingsCornerWidget(seed=5, opponents=[FirstMove(), FirstMove(), FirstMove()])
    score = w.snapshot["score"]
    assert score["caption"] == "Hand 1. When a total reaches 25, the lowest total wins."
    five = ["P1", "You", "P3", "P4", "P5"]
    for seats, winners in ((["You", "P2"], [1]), (["You", "P2", "P3"], [2, 3]), (five, [1, 2, 3])):
        said = [seats[w - 1] for w in winners]
        assert sheet_caption(seats, winners, hand=3, target=25) == (
            f"Match over: {win_clause(said, start=True)}"
        )
    assert "and You" not in sheet_caption(five, [1, 2, 3], hand=3, target=25)


def test_the_snapshot_trait_holds_only_whole_snapshots() -> None:
    class Holder(traitlets.HasTraits):
        snap = SnapshotTrait()

    w = KingsCornerWidget(OPENING, mode="explore")
    Holder(snap=w.snapshot)  # a real one passes
    with pytest.raises(traitlets.TraitError, match="table snapshot"):
        Holder(snap={**w.snapshot, "extra": 1})
    with pytest.raises(traitlets.TraitError, match="table snapshot"):
        Holder(snap=["not", "a", "dict"])


def test_the_trait_docstring_and_the_page_s_phrasebook_are_written_from_python() -> None:
    assert snapshot_types.ADAPTER.read_text(encoding="utf-8") == snapshot_types.adapter_source(), (
        "the snapshot trait's docstring is stale: run python scripts/snapshot_types.py"
    )
    committed = json.loads(snapshot_types.PHRASES.read_text(encoding="utf-8"))
    assert committed == phrases(), "js/test/phrases.json is stale: run scripts/snapshot_types.py"
    assert snapshot_types.main(["--check"]) == 0


def test_a_card_s_words_are_the_phrasebook_s() -> None:
    assert phrases()["cards"][str(Card.parse("Qs"))] == "queen of spades"
