"""The lessons in the class's language: walked in the test language (``qps``) every built-in
lesson, at every step and under every rule option it runs under, says nothing of its own
outside the catalogues; and in Spanish, French and German it says none of its English.

The walk is the one tests/lessons/test_child_words.py makes (every hint, every Show me, every
refusal of every move tried, the log and the end of the hand), sorted by where each text comes
from: the lesson's own words (the step, its hints and after-texts, the lesson table's
sentences) must be whole in the language; the engine's words for a move, a refusal, the log and
the end of a hand are the play area's (:data:`PLAY_AREA`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.display.language import LOCALE_DIR, PSEUDO, gettext, speaking
from kingscorner_widget.lessons import Lesson, LessonRun, lesson_names, load_lesson
from kingscorner_widget.lessons.corners import relabel_text
from kingscorner_widget.lessons.puzzles import Puzzle, generate_puzzles, puzzle_lesson
from kingscorner_widget.table import LessonSession
from kingscorner_widget.table.marks import stars_words

from ..lessons.test_child_words import playable, tries
from ..test_language import fields, kind_of, unbracketed

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import extract_words  # the script `make locale-extract` runs

LESSON_FIELDS = ("title", "stepTitle", "narration", "nextLesson", "starsSaid", "partsTitle")
"""The snapshot's lesson fields that hold words."""

PLAY_AREA = {
    "move": "what a move did and why a move is refused (engine/words.py), inside a lesson's reply",
    "play": "the move a step's last hint names (engine/words.py's instruction, in the lesson's "
    "Hint: sentence), the log's lines, the hand's outcome and its summary (engine/words.py, "
    "table/summary.py)",
}
"""What a lesson shows that is not its own words: the play area's, catalogued there (a lesson's
reply may carry them beside its own sentence)."""


def walk(lesson: Lesson) -> Iterator[tuple[str, str]]:
    """Every text a learner reads walking ``lesson`` at the table by its own answers, with where
    it comes from: ``lesson`` (the lesson's own words, whole), ``move`` (a reply to a move: the
    lesson's sentence, or the engine's words) or ``play`` (the play area's)."""
    session = LessonSession(lesson)

    def shown() -> Iterator[tuple[str, str]]:
        part = session.snapshot(1)["lesson"]
        for field in LESSON_FIELDS:
            if part.get(field):
                yield "lesson", part[field]
        yield "lesson", session.heading()

    yield "lesson", session.status()
    while True:
        step = session.run.step
        yield from shown()
        if step.interactive:
            for number in range(len(step.hints) + 2):  # the step's own, then the engine's
                yield "lesson" if number < len(step.hints) else "play", session.hint().status
        while step.interactive and not session.run.step_done:
            if session.game.turn == session.learner and not session.game.is_over():
                yield from (("move", text) for text in tries(session))
            yield "lesson", session.show().status
            yield "move", session.step().status
        for line in session.view().log():
            yield "play", line["words"]
        yield "lesson", session.status(gettext("Well done: that completes the step."))
        if session.game.is_over():
            summary = session.summary(session.game)
            yield "play", session.outcome()
            yield "play", summary["said"] if summary is not None else ""
        if session.run.done:
            yield from shown()
            return
        yield "lesson", session.next().status


@cache
def lesson_english() -> frozenset[str]:
    """Each clause of the lessons' English between its slots (four words or more): a piece
    found in a text the table says in another language is a lesson word left untranslated."""
    with (LOCALE_DIR / "lessons.pot").open("rb") as file:
        template = read_po(file)
    pieces = set()
    for message in template:
        for english in [message.id] if isinstance(message.id, str) else message.id:
            for line in re.split(r"\{\w+\}|\n|[:;.?!] ", english):
                piece = line.strip(" .,:;?!*")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 4 and not CARD.fullmatch(piece):
                    pieces.add(piece)
    return frozenset(pieces)


CARD = re.compile(r"(?:the|The) \w+ of (?:clubs|diamonds|hearts|spades)")
"""A card's name, which the engine says too (in the play area's words)."""


def english_left(text: str) -> list[str]:
    return [piece for piece in lesson_english() if piece in text]


def test_the_english_scan_would_see_a_lesson_sentence_left_in_english() -> None:
    assert english_left("Hinweis: Look at each pile's top card and ask: which card is one") == [
        "Look at each pile's top card and ask"
    ]
    assert english_left("Tipp: Schau dir die oberste Karte jedes Stapels an.") == []


WALKS = [(name, option, lesson) for name in lesson_names() for option, lesson in playable(name)]


@pytest.mark.parametrize(("name", "option", "lesson"), WALKS, ids=[f"{n}-{o}" for n, o, _ in WALKS])
def test_every_lesson_in_the_test_language_says_its_own_words_bracketed(
    name: str, option: str, lesson: Lesson
) -> None:
    with speaking(PSEUDO):
        said = list(walk(lesson))
    own = [text for kind, text in said if kind == "lesson" and text]
    assert len(own) > 5
    left = [text for text in own if re.search(r"[A-Za-z]", unbracketed(text))]
    assert left == [], f"{name} ({option}): lesson words outside the catalogue: {left[:5]}"
    for kind, text in said:
        assert kind in ("lesson", *PLAY_AREA)
        if kind != "play":  # the play area's own lines, whose words are that area's
            assert english_left(unbracketed(text)) == [], (name, option, kind, text)


@pytest.mark.parametrize("code", ["es", "fr", "de"])
@pytest.mark.parametrize("name", lesson_names())
def test_every_lesson_plays_in_the_language_with_none_of_its_english(code: str, name: str) -> None:
    lesson = load_lesson(name)
    english = list(walk(lesson))
    with speaking(code):
        said = list(walk(lesson))
    assert [kind for kind, _ in said] == [kind for kind, _ in english]  # the same walk
    for (kind, text), (_, source) in zip(said, english, strict=True):
        if kind != "play":
            assert english_left(text) == [], (code, name, kind, text)
        if kind == "lesson" and re.search(r"[a-z]{3}", source):
            assert text != source, (code, name, source)


@pytest.mark.parametrize(
    ("code", "narration", "hint", "title"),
    [
        (
            "es",
            "A cada jugador se le reparten **siete cartas**;",
            "Pista: Mira la carta de arriba de cada montón",
            "Todas las jugadas",
        ),
        (
            "fr",
            "Chaque joueur reçoit **sept cartes** ;",
            "Indice : Regarde la carte du dessus de chaque pile",
            "Tous les types de coups",
        ),
        (
            "de",
            "Jeder Spieler bekommt **sieben Karten**;",
            "Tipp: Schau dir die oberste Karte jedes Stapels an",
            "Alle Arten von Spielzügen",
        ),
    ],
)
def test_the_first_lesson_reads_in_the_language(
    code: str, narration: str, hint: str, title: str
) -> None:
    session = LessonSession("moves")
    with speaking(code):
        part = session.snapshot(1)["lesson"]
        assert part["title"] == title
        assert part["narration"].startswith(narration)
        assert "\n\n" in part["narration"]  # the paragraphs kept
        assert session.hint().status.startswith(hint)
        status = session.status()
    assert (
        status
        == {
            "es": f"Paso 1 de 6: {part['stepTitle']}.",
            "fr": f"Étape 1 sur 6 : {part['stepTitle']}.",
            "de": f"Schritt 1 von 6: {part['stepTitle']}.",
        }[code]
    )
    # the English lesson is as it was: the data is never rewritten
    assert load_lesson("moves").steps[0].narration.startswith("Each player is dealt")
    assert LessonSession("moves").snapshot(1)["lesson"]["title"] == "Every kind of move"


@pytest.mark.parametrize(
    ("code", "all_three", "two"),
    [
        ("es", "Has ganado las 3 estrellas", "Has ganado 2 de 3 estrellas"),
        ("fr", "Tu as gagné les 3 étoiles", "Tu as gagné 2 sur 3 étoiles"),
        ("de", "Du hast alle 3 Sterne", "Du hast 2 von 3 Sternen"),
    ],
)
def test_the_stars_are_said_in_the_language(code: str, all_three: str, two: str) -> None:
    with speaking(code):
        assert stars_words(3).startswith(all_three)
        assert stars_words(2).startswith(two)


CORNER_HINT = "Drag the west pile onto the two of spades in the north-east corner."
"""A catalogue sentence that names a corner (a hint of the corners version's lesson)."""


def test_a_step_carried_to_the_learner_s_own_corner_names_it_in_every_language() -> None:
    """The learner puts the king in the south-west corner where the lesson's answer is the
    north-east: the next step, which continues that table, names the corner the learner chose,
    in each language (a built-in lesson's carried steps name no corner yet: this one is made
    so, with a sentence the catalogue holds)."""
    data = load_lesson("worked-turn").to_dict()
    data["steps"][2]["hints"] = [CORNER_HINT]
    run = LessonRun(Lesson.from_dict(data), start=1)
    assert run.try_move("Ks>SW").accepted
    assert run.next()
    assert run.hint_words() == [
        "Drag the west pile onto the two of spades in the south-west corner."
    ]
    said = {}
    for code in ("es", "fr", "de"):
        with speaking(code):
            said[code] = run.hint_words()[0]
            assert said[code] == relabel_text(gettext(CORNER_HINT), run._shown, code)
    assert "esquina suroeste" in said["es"]
    assert "noreste" not in said["es"]
    assert "coin sud-ouest" in said["fr"]
    assert "nord-est" not in said["fr"]
    assert "Südwest-Ecke" in said["de"]
    assert "Nordost" not in said["de"]
    with speaking(PSEUDO):
        assert unbracketed(run.hint_words()[0]).strip() == ""


def test_every_text_of_every_lesson_file_is_extracted_with_its_file_and_field() -> None:
    """`make locale-extract` reads the lessons' data: each text of each lesson file is in the
    lessons' template, located at the file and the field (a text another area keeps, a step
    titled "Pass", is said with that area's word)."""
    fresh = extract_words.templates()
    template = fresh["lessons"]
    files = sorted(extract_words.LESSON_DATA.glob("*.json"))
    assert len(files) == len(lesson_names()) == 18
    texts = 0
    for path in files:
        for field, text in extract_words.lesson_texts(path):
            texts += 1
            message = template.get(text)
            if message is None:  # kept by another area, said all the same
                assert any(c.get(text) is not None for c in fresh.values()), text
                continue
            where = f"kingscorner_widget/lessons/data/{path.name}:{field}"
            assert where in [location for location, _ in message.locations], (where, text)
    assert texts > 300
    narration = template.get(load_lesson("moves").steps[0].narration)
    assert narration is not None
    assert narration.auto_comments == [extract_words.MARKDOWN]


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return generate_puzzles(2, seed=2026)


@pytest.mark.parametrize(
    ("code", "title", "find"),
    [
        ("es", "Problema 1", "Encuentra el mejor turno: suelta **"),
        ("fr", "Énigme 1", "Trouve le meilleur tour : pose **"),
        ("de", "Rätsel 1", "Finde den besten Zug: Werde **"),
    ],
)
def test_a_puzzle_lesson_made_in_a_language_plays_in_it(
    puzzles: list[Puzzle], code: str, title: str, find: str
) -> None:
    """A lesson the code writes (puzzles, a review's practice) is written in the language spoken
    as it is made, and the table says it as it is; made in English it is as it was."""
    english = puzzle_lesson(puzzles)
    with speaking(code):
        made = puzzle_lesson(puzzles)
        session = LessonSession(made)
        part = session.snapshot(1)["lesson"]
        hints = [session.hint().status for _ in made.steps[0].hints]
    assert made.steps[0].position == english.steps[0].position
    assert part["stepTitle"] == title
    assert part["narration"].startswith(find)
    assert all(english_left(text) == [] for text in [part["title"], part["narration"], *hints])
    assert english.steps[0].narration.startswith("Find the best turn: shed **")
    with speaking(PSEUDO):
        pseudo_lesson = puzzle_lesson(puzzles)
        said = LessonSession(pseudo_lesson).snapshot(1)["lesson"]
    assert all(unbracketed(said[field]).strip() == "" for field in ("title", "narration"))


def test_a_lesson_table_s_catalogued_fields_are_bracketed_in_the_test_language() -> None:
    """At a widget, the lesson's snapshot fields tests/test_language.py counts as catalogued
    hold no English, from the first step to the lesson's end (its stars and next lesson)."""
    w = KingsCornerWidget(lesson="worked-turn", language=PSEUDO)
    seen = list(fields(w.snapshot))
    for _ in range(20):
        if w.table.act("show").refused and w.table.act("next").refused:
            break
        w.table.act("step")
        seen += fields(w.snapshot)
    lesson = {path for path, text in seen if path.startswith(".lesson.") and text}
    assert {".lesson.narration", ".lesson.starsSaid", ".lesson.nextLesson"} <= lesson
    wrong = [
        (path, text)
        for path, text in seen
        if path.startswith(".lesson.") and kind_of(path, text) != "catalogued" and text
    ]
    assert wrong == []
    left = [  # a word left, not the stop a sentence is closed with after its bracket
        (p, t)
        for p, t in seen
        if kind_of(p, t) == "catalogued" and re.search(r"[A-Za-z]", unbracketed(t))
    ]
    assert left == []


@pytest.mark.parametrize(
    ("code", "title", "name"), [("de", "Deine Hand", "Du"), ("fr", "Ta main", "Toi")]
)
def test_the_learner_s_own_hand_is_theirs_in_the_language(code: str, title: str, name: str) -> None:
    """A lesson names the learner's seat as the table does: "Deine Hand", never "Hand von Du"."""
    w = KingsCornerWidget(lesson="moves", language=code)
    own = next(hand for hand in w.snapshot["hands"] if hand["player"] == w.snapshot["viewer"])
    assert own["title"] == title
    assert own["name"] == name
