"""The review's area in the class's language: a hand reviewed at the table (both judges, every
turn, the better turn shown), the play table's Hint at every level and the explore table say
every word of theirs through the catalogues, in Spanish, French and German as in the test
language, with the same engine facts in their sentences as in English.

What stays English here is the play area's (``engine/words.py``: a move in words, the log's
sentence for a move, the prompt naming who is to play), listed in :data:`PLAY_AREA` with the
field or pattern it shows in; it is checked to be the play area's, not the review's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from kingscorner_widget import Game, KingsCornerWidget
from kingscorner_widget.analysis import review
from kingscorner_widget.analysis.judging.review_view import plot_review
from kingscorner_widget.display.language import PSEUDO, pseudo, speaking
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.words import turn_words
from kingscorner_widget.table.table import Table

from ..test_language import CODE, NAMES, fields, unbracketed
from ..widget.helpers import FirstMove

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

PLAY_AREA = {
    ".review.played[].words": "a reviewed turn's moves in words (engine/words.py turn_words)",
    ".review.best[].words": "the better turn's moves in words (engine/words.py turn_words)",
    ".log[].words": "each move in the log (engine/words.py)",
    ".turns[].recap": "each turn's recap (engine/words.py)",
    ".fits.*": "what a picked card fits on (engine/words.py)",
}
"""Fields of a review's snapshot whose words are the play area's, not the review's."""

LOGGED = re.compile(
    r"(You|P\d) (plays?|moves?|draws?|passe?s?|puts?) .*\."
    r"|Move \d+ of \d+: .*\.|(You|P\d) to play\."
)
"""A move said as the log says it, the explore table's place in a line and its prompt: the
play area's sentences (engine/words.py logged and move_at, table/session.py prompt)."""


def _left(text: str) -> str:
    """What a line says outside the catalogue's brackets, the play area's sentences taken out."""
    return LOGGED.sub("", unbracketed(text)).strip(" .")


def _walk_review(table: Table) -> list[tuple[str, str]]:
    """Review the hand on ``table`` turn by turn, by chance of winning and then by cards, showing
    the better turn at every turn: every status and snapshot string met, with its field."""
    said: list[tuple[str, str]] = []

    def look(reply: Any) -> None:
        said.append(("status", reply.status))
        said.extend(fields(table.snapshot()))

    look(table.act("review"))
    session: Any = table.session
    assert session.mode == "review"
    for judge in ("win", "cards"):
        if session.judge != judge:
            look(table.act("judge"))
        if session.estimates is not None:
            assert session.estimates.wait(600)
        while not (back := table.act("back", quiet=True)).refused:
            look(back)
        while True:
            look(table.act("show"))
            look(table.act("skip"))
            look(table.act("play", move="draw"))
            forward = table.act("forward", quiet=True)
            look(forward)
            if forward.refused:
                break
        look(table.act("next"))
    return said


@pytest.fixture(scope="module")
def reviewed() -> dict[str, list[tuple[str, str]]]:
    """The same hand played and reviewed at a table in each language."""
    walks = {}
    for code in ("en", PSEUDO, "es", "fr", "de"):
        w = KingsCornerWidget(players=2, seed=5, speed=0, opponents=[FirstMove()], language=code)
        for _ in range(3000):
            if w.game.is_over():
                break
            if w.waiting is not None:
                w.skip()
            else:
                w.play(w.legal[0])
        walks[code] = _walk_review(w.table)
        w.table.close()
    return walks


def test_a_review_in_the_test_language_says_nothing_outside_the_catalogues(
    reviewed: dict[str, list[tuple[str, str]]],
) -> None:
    seen = reviewed[PSEUDO]
    assert len(seen) > 500
    left = set()
    for path, text in seen:
        if path in NAMES or CODE.fullmatch(path) or path in PLAY_AREA:
            continue
        if any(path.startswith(p[:-1]) for p in PLAY_AREA if p.endswith("*")):
            continue
        if re.search(r"[A-Za-z]{2}", _left(text)):
            left.add((path, text))
    assert sorted(left) == []
    statuses = [text for path, text in seen if path == "status"]
    for judged in ("Judging by chance of winning. ", "Judging by cards played. "):
        said = pseudo(judged + "{status}").split("{status}")[0]  # both judges were walked
        assert any(t.startswith(said) for t in statuses)
    words = [text for path, text in seen if path == ".review.words"]
    chance = pseudo("your chance of winning")[1:].split(" ~")[0]
    assert any(chance in t for t in words)  # the estimates' reasons too
    # the moves in words are the play area's sentences (engine/words.py turn_words): in it too
    moves = {
        text for path, text in seen if path in (".review.played[].words", ".review.best[].words")
    }
    assert moves
    assert [text for text in moves if re.search(r"[A-Za-z]{2}", unbracketed(text))] == []


NUMBER = re.compile(r"\d+")

ENGLISH = re.compile(
    r"\b(the best turn|you played|chance of winning|Turn \d+ of|Judging by|Watch the better|"
    r"A small slip|A mistake|A big mistake|more wins|as many as|the most|kept|Estimating)\b"
)
"""The review's own English, which no sentence in another language may keep."""


@pytest.mark.parametrize("code", ["es", "fr", "de"])
def test_a_review_reads_in_the_language_with_the_same_facts_as_in_english(
    reviewed: dict[str, list[tuple[str, str]]], code: str
) -> None:
    english, there = reviewed["en"], reviewed[code]
    assert [path for path, _ in english] == [path for path, _ in there]  # the same walk
    pairs = [
        (en, said)
        for (path, en), (_, said) in zip(english, there, strict=True)
        if path in ("status", ".review.words", ".review.heading", ".review.summary.note")
        and en
        and not LOGGED.fullmatch(en)
    ]
    assert len(pairs) > 100
    for en, said in pairs:
        kept = LOGGED.sub("", said)
        for move in re.findall(r"(?:the|draw) [a-z ,-]+(?= pile| corner| space|turn)", kept):
            kept = kept.replace(move, "")  # a move in words: the play area's
        assert not ENGLISH.search(kept), (en, said)
        if en != said or code == "en":
            # the same counts, turns and chances fill the sentence, in any order
            assert sorted(NUMBER.findall(en)) == sorted(NUMBER.findall(said)), (en, said)


@pytest.mark.parametrize(
    ("code", "turn", "judging"),
    [
        ("es", "Turno 1 de 16 (mano 1).", "Juzgando por probabilidad de ganar."),
        ("fr", "Tour 1 sur 16 (manche 1).", "Jugé selon les chances de gagner."),
        ("de", "Zug 1 von 16 (Runde 1).", "Bewertet nach Gewinnchance."),
    ],
)
def test_spot_checks_of_a_review_in_each_language(
    reviewed: dict[str, list[tuple[str, str]]], code: str, turn: str, judging: str
) -> None:
    statuses = [text for path, text in reviewed[code] if path == "status"]
    assert any(text.startswith(turn) for text in statuses)
    assert any(text.startswith(judging) for text in statuses)
    # a verdict's sentence after its colon: German capitalises it, as Duden asks
    after = {
        "es": "Un error: jugaste ",
        "fr": "Une erreur : tu as joué ",
        "de": "Ein Fehler: Du hast ",
    }
    assert any(after[code] in text for text in statuses)
    heading = {text for path, text in reviewed[code] if path == ".review.heading"}
    assert heading == {{"es": "Tus turnos", "fr": "Tes tours", "de": "Deine Züge"}[code]}


LINE = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


@pytest.mark.parametrize(
    ("code", "idea", "shed"),
    [
        (
            "en",
            "Hint (to win the hand): This turn can play every card in your hand: look for the "
            "order.",
            "You played 1 card; the best turn here plays 3 and goes out, which wins the hand at "
            "once.",
        ),
        (
            "es",
            "Pista (para ganar la mano): Este turno puede jugar todas las cartas de tu mano: busca "
            "el orden.",
            "Jugaste 1 carta; el mejor turno aquí juega 3 y se queda sin cartas, con lo que gana "
            "la mano enseguida.",
        ),
        (
            "fr",
            "Indice (pour gagner la manche) : Ce tour peut jouer toutes les cartes de ta main : "
            "cherche dans quel ordre.",
            "Tu as joué 1 carte ; le meilleur tour ici en joue 3 et pose tout, ce qui gagne la "
            "manche tout de suite.",
        ),
        (
            "de",
            "Tipp (um die Runde zu gewinnen): In diesem Zug kannst du alle Karten auf deiner Hand "
            "spielen: Such die richtige Reihenfolge.",
            "Du hast 1 Karte gespielt; der beste Zug hier spielt 3 und legt alle Karten ab, womit "
            "die Runde sofort gewonnen ist.",
        ),
    ],
)
def test_the_hint_and_a_review_line_in_each_language(code: str, idea: str, shed: str) -> None:
    table = Table(Game.from_position(LINE), language=code, opponents=[FirstMove()])
    assert table.act("hint").status == idea
    game = Game.from_position(LINE)
    game.play("Th>N")
    game.play("draw")
    review = Table(game, mode="review", language=code)
    words = review.snapshot()["review"]["words"]
    assert words == shed
    with speaking(code):
        best = turn_words([parse_move(m) for m in ("4h>S", "Th>N", "Ks>NE")])
    with speaking(code):  # the line as the table says it, in its language
        line = review.session.verdict_line(moves=True)  # type: ignore[attr-defined]
    assert best in line


def test_the_hint_in_the_test_language_is_bracketed_at_every_level() -> None:
    table = Table(Game.new(players=2, seed=3), language=PSEUDO, opponents=[FirstMove()])
    levels = [table.act("hint").status for _ in range(3)]
    assert len(set(levels)) == 3
    for said in levels:
        assert said.startswith("[Ĥîñţ (")
        assert not _left(said)


def test_the_explore_table_in_the_test_language() -> None:
    table = Table(Game.new(players=2, seed=5), mode="explore", language=PSEUDO)
    said = [table.act("hint").status]
    first = table.session.legal()[0]
    said.append(table.act("play", move=first).status)
    said.append(table.act("undo").status)
    said.append(table.act("back", quiet=True).reason or "")
    said.append(table.act("play", move=first).status)
    said.append(table.act("back").status)
    said.append(table.act("play", move=table.session.legal()[-1]).status)  # a new line
    said.append(table.act("comment", text="Free the west space first").status)
    said.append(table.act("comment", text="<b>bold</b>").reason or "")
    said.append(table.act("comment", text="").status)
    said.append(table.act("daily", date="soon").reason or "")
    with speaking(PSEUDO):  # as the table says it, in its language
        said.append(table.session.question("load")["question"])
        said.append(table.session.heading())
    said = [text for text in said if text]
    assert len(said) >= 12
    assert [text for text in said if re.search(r"[A-Za-z]{2}", _left(text))] == []


@pytest.mark.parametrize(
    ("code", "first", "axis"),
    [
        ("es", "Repaso de P1: 1 turno, precisión 33", "turno de P1"),
        ("fr", "Analyse de P1 : 1 tour, précision 33", "tour de P1"),
        ("de", "Auswertung von P1: 1 Zug, Genauigkeit 33", "Zug von P1"),
    ],
)
def test_a_review_s_summary_table_and_chart_in_each_language(
    code: str, first: str, axis: str
) -> None:
    """What a notebook shows of a review (its summary, its table's title, its chart's title and
    axes) reads in the language spoken, with the English summary's numbers."""
    game = Game.from_position(LINE)
    game.play("Th>N")
    game.play("draw")
    english = review(game, 1, progress=False)
    with speaking(code):
        there = review(game, 1, progress=False)
        summary, chart, table = there.summary(), plot_review(there), there.table()
    assert summary.startswith(first)
    assert NUMBER.findall(summary) == NUMBER.findall(english.summary())
    assert not ENGLISH.search(summary)
    assert (
        table.title
        == {"es": "Repaso de P1", "fr": "Analyse de P1", "de": "Auswertung von P1"}[code]
    )
    spec = chart.to_dict()
    assert spec["layer"][0]["encoding"]["x"]["axis"]["title"] == axis
    assert "P1" in spec["title"]
    assert "against" not in spec["title"]
    assert str(english.turns[0].reason) != str(there.turns[0].reason)  # said when it was judged
