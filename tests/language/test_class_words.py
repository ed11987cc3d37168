"""The class's words in the class's language: the teacher's board (its text, its page, its
gradebook's headings), the rules sheet and a league's results say nothing outside the
catalogue in the test language (``qps``: every catalogued word comes out bracketed, so a word
left unbracketed never went through it), and read in Spanish, French and German with no
English sentence left; a learner's record and a homework keep the language they were made in,
and the board speaks its teacher's language whatever the learners' tables spoke.

What stays as it is, by design (the justified list): learners' names, items' titles and keys,
the names of the files a board skips, steps' titles (all data a record or a folder brings); the
reason codes an attempt shows beside each refused move (the engine's, like notation); the date
a page is made on (with ``UTC``); card and move notation (``Th>N``); the Unicode names of the
scripts a look-alike name mixes (``LATIN``, ``CYRILLIC``, as Unicode writes them); Python's own
JSON parser message in a corrupted file's reason; a forfeit's full reason, as the league's results
file keeps it (:func:`~kingscorner_widget.sandbox.process.forfeit_kind` reads it in English).
"""

from __future__ import annotations

import html.parser
import json
import pathlib
import re

import pytest

from kingscorner_widget.analysis.league import league
from kingscorner_widget.analysis.league.entries import built_in
from kingscorner_widget.classroom import ClassBoard, Homework
from kingscorner_widget.classroom.mistakes import DOING
from kingscorner_widget.classroom.record import check_record, progress_schema
from kingscorner_widget.classroom.recorder import open_record
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.sheet import rules_sheet
from kingscorner_widget.classroom.typed import typed_record
from kingscorner_widget.cli import main
from kingscorner_widget.display.language import PSEUDO, speaking

from ..classroom.test_sheet import every_rules

TRANSLATED = ("es", "fr", "de")
BRACKETED = re.compile(r"\[[^\[\]]*\]")
WORD = re.compile(r"[^\W\d_]{2,}")
NOTATION = re.compile(r"\b(?:[2-9TJQKA][cdhs])?>?(?:NE|SE|SW|NW|N|E|S|W)\b|\b[2-9TJQKA][cdhs]\b")
KEPT = {"UTC"}
"""Words outside the catalogue by design that are not data: the page's time zone."""
SCRIPTS = {"LATIN", "CYRILLIC"}
"""Unicode's names of the scripts a look-alike name mixes."""


def left_unbracketed(text: str, data: set[str]) -> list[str]:
    """The words of ``text`` that no catalogue word brackets, less the data and ``KEPT``."""
    text = NOTATION.sub(" ", text)
    while True:
        stripped = BRACKETED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return [w for w in WORD.findall(text) if w not in data and w not in KEPT]


class _Visible(html.parser.HTMLParser):
    """A page's visible text and its tooltips (``title``), not its styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._hidden += tag in ("style", "script")
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        for name in ("title", "aria-label", "alt"):
            if found.get(name):
                self.parts.append(str(found[name]))

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible(page: str) -> tuple[str, str | None]:
    parser = _Visible()
    parser.feed(page)
    return "\n".join(parser.parts), parser.lang


def data_words(board: ClassBoard) -> set[str]:
    """The words a board shows that the records and the folder brought (names, items' and
    steps' titles, keys, file names), and the reason codes an attempt shows beside each
    refused move (the engine's codes, like the notation)."""
    found = [*board.learners, *(k for k, _ in board.items), *(t for _, t in board.items)]
    found += [bad.name for bad in board.bad]
    found += [
        str(step.get("title", ""))
        for learner in board.learners
        for key, _ in board.items
        for step in (board.item(learner, key) or {}).get("steps", [])
    ]
    found += [code.replace("_", " ") for code in DOING]
    return {w for text in found for w in WORD.findall(text)}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A class of made-up records (lessons, puzzles of each theme, a daily deal, refused moves
    of several rules), with bad files of every kind the board names, and a name written with a
    Cyrillic letter that looks like another learner's."""
    made = tmp_path_factory.mktemp("collected")
    sample_class(made, learners=6, items=6, seed=4)
    (made / "empty.json").write_text("", encoding="utf-8")
    (made / "cut.json").write_text('{"format": "kingscorner-progress", "vers', encoding="utf-8")
    old = {"format": "kingscorner-progress", "version": 9, "learner": "old", "tables": []}
    (made / "old.json").write_text(json.dumps(old), encoding="utf-8")
    (made / "nolist.json").write_text(
        json.dumps({"format": "kingscorner-progress", "version": 1, "learner": "nolist"}),
        encoding="utf-8",
    )
    ada = json.loads((made / "ada.json").read_text(encoding="utf-8"))
    ada["learner"] = "\u0430da"  # a Cyrillic a
    (made / "\u0430da.json").write_text(json.dumps(ada), encoding="utf-8")
    bo = json.loads((made / "bo.json").read_text(encoding="utf-8"))
    bo["learner"] = "cleo"  # bo's file says it is cleo's record
    (made / "bo.json").write_text(json.dumps(bo), encoding="utf-8")
    return made


def every_view(board: ClassBoard) -> dict[str, str]:
    """What a teacher reads of ``board``: its text, its page's visible words, its gradebook's
    first line, a learner's attempt and the chart's title."""
    page, _ = visible(board.to_html())
    learner = board.learners[0]
    key = next(k for k, _ in board.items if not k.startswith("daily:"))
    return {
        "text": board.text(),
        "page": page,
        "notebook": visible(board._repr_html_())[0],
        "csv": board.to_csv().split("\n")[0],
        "attempt": board.attempt(learner, key).text(),
        "chart": json.dumps(board.themes().spec.get("title", "")),
    }


def test_the_board_says_nothing_outside_the_catalogue(folder: pathlib.Path) -> None:
    board = ClassBoard(folder, language=PSEUDO)
    assert board.bad
    assert any(board.flags(name) for name in board.learners)
    data = data_words(board) | SCRIPTS | {"Expecting", "value", "Unterminated", "string"}
    for view, text in every_view(board).items():
        assert left_unbracketed(text, data) == [], view
    page = board.to_html()
    assert visible(page)[1] == PSEUDO
    homework = Homework(title="Week 3", lessons=["worked-turn"], daily="2026-12-01")
    replayed = ClassBoard(folder, homework=homework, language=PSEUDO)
    assert left_unbracketed(replayed.text(), data_words(replayed) | SCRIPTS) == []


def test_a_server_board_says_nothing_outside_the_catalogue() -> None:
    from kingscorner_widget import ClassServer

    with ClassServer(port=0, pace=0) as server:
        room = server.open_room("Year 7")
        board = ClassBoard.from_server(server, room.code, language=PSEUDO)
    assert left_unbracketed(board.text(), data_words(board) | {room.code}) == []


def english_words(text: str, data: set[str]) -> set[str]:
    return {w.casefold() for w in WORD.findall(NOTATION.sub(" ", text)) if w not in data}


NAMES = {"homework", "nbgrader", "submitted", "student", "unicode", "latin", "cyrillic"}
"""Names the board's notes give as they are in every language: the ``homework=`` argument,
nbgrader's ``submitted/<student>/`` folder, Unicode and its scripts' names."""
COGNATES = {
    # Words a language writes as English does (four letters or more).
    "es": set(),
    "fr": {"machines", "normalisation", "place", "table", "tables", "version"},
    "de": {"engine", "name", "version"},
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_board_reads_in_each_language_with_no_english_left(
    folder: pathlib.Path, code: str
) -> None:
    english = ClassBoard(folder)
    board = ClassBoard(folder, language=code)
    data = data_words(board) | SCRIPTS | {"Expecting", "value", "Unterminated", "string"}
    for view, text in every_view(board).items():
        said = english_words(every_view(english)[view], data)
        left = english_words(text, data) & said
        left -= {w for w in left if len(w) < 4}  # articles and the like ("de", "la", "in")
        assert left <= COGNATES[code] | NAMES, (view, sorted(left - COGNATES[code] - NAMES))
    assert visible(board.to_html())[1] == code


def test_real_sentences_in_each_language(folder: pathlib.Path) -> None:
    expected = {
        "es": ("Panel de la clase: 7 alumnos,", "Quién necesita ayuda primero", "pistas"),
        "fr": ("Tableau de la classe : 7 élèves,", "Qui a besoin d'aide d'abord", "indices"),
        "de": ("Klassenübersicht: 7 Schüler,", "Wer zuerst Hilfe braucht", "Tipps"),
    }
    for code, lines in expected.items():
        text = ClassBoard(folder, language=code).text()
        for line in lines:
            assert line in text, (code, line)
    with speaking("fr"):
        board = ClassBoard(folder)  # the language spoken where it is made
    assert board.language == "fr"
    assert "Relevés à vérifier" in board.text()
    assert ClassBoard(folder).text().startswith("Class board: 7 learners,")  # English unchanged


def test_the_sheet_says_nothing_outside_the_catalogue_under_every_option() -> None:
    for rules in every_rules():
        sheet = rules_sheet(rules, PSEUDO)
        page, lang = visible(sheet.html())
        assert lang == PSEUDO
        for text in (sheet.text(), page):
            # the ranks' order is notation (K Q J ... A), shown as it is in every language
            assert left_unbracketed(text.replace("K Q J", ""), set()) == [], rules


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return tmp_path_factory.mktemp("league") / "results.jsonl"


def test_a_leagues_results_say_nothing_outside_the_catalogue(results: pathlib.Path) -> None:
    entries = [built_in("random"), built_in("greedy")]
    with speaking(PSEUDO):
        done = league(entries=entries, hands=2, results=results, progress=False, isolate=False)
    names = {"random", "greedy"}
    assert done.language == PSEUDO
    assert left_unbracketed(done.describe(), names) == []
    assert left_unbracketed(visible(done._repr_html_())[0], names) == []
    assert left_unbracketed(json.dumps(done.chart().spec.get("title", "")), names) == []
    with speaking("de"):  # the same league, resumed from its results: said in German
        german = league(entries=entries, hands=2, results=results, progress=False, isolate=False)
    text = german.describe()
    assert "Liga mit 2 Spielern, 2 Runden." in text
    assert "Die Isolierung ist aus" in text
    assert "Siegquote im Duell" in text
    assert "kampflos verloren" in text


def test_a_record_and_a_homework_keep_the_language_they_were_made_in(
    tmp_path: pathlib.Path,
) -> None:
    recorder = open_record("ada", tmp_path, language="fr")
    assert recorder is not None
    recorder.flush()
    record = json.loads((tmp_path / "ada.json").read_text(encoding="utf-8"))
    assert record["tables"][0]["language"] == "fr"
    assert check_record(record) is record
    assert typed_record(record).tables[0]["language"] == "fr"
    assert progress_schema()["$defs"]["table"]["properties"]["language"]["enum"][:4] == [
        "en", "es", "fr", "de",
    ]  # fmt: skip
    english = open_record("bo", tmp_path)
    assert english is not None
    english.flush()
    old = json.loads((tmp_path / "bo.json").read_text(encoding="utf-8"))
    assert "language" not in old["tables"][0]  # an old record, or an English table: English
    bad = {**record, "tables": [{**record["tables"][0], "language": "<b>"}]}
    assert typed_record(bad).problems == [
        "table 1's language skipped: it is not one a table speaks"
    ]
    assert "language" not in typed_record(bad).tables[0]
    with pytest.raises(ValueError, match="language no table speaks"):
        check_record(bad)
    # The teacher's board speaks German whatever the French table spoke.
    board = ClassBoard(tmp_path, language="de")
    assert board.text().startswith("Klassenübersicht: 2 Schüler, 0 fehlerhafte Protokolle")

    homework = Homework(title="Semaine 3", lessons=["worked-turn"], daily="2026-12-01",
                        language="es")  # fmt: skip
    assert homework.items[-1].title == "Reparto del día 2026-12-01"
    again = Homework.from_json(homework.to_json())
    assert again.language == "es"
    assert again == homework
    assert "language" not in Homework(title="Week 3", lessons=["worked-turn"]).to_dict()
    plain = Homework(title="Week 3", lessons=["worked-turn"]).to_dict()
    with speaking("fr"):
        assert Homework.from_dict(plain).language == "en"  # no language: made in English
    with pytest.raises(ValueError, match="not 'xx'"):
        Homework.from_dict({**plain, "language": "xx"})


def test_the_class_command_speaks_the_language_asked(
    folder: pathlib.Path, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page, grades = tmp_path / "tableau.html", tmp_path / "notes.csv"
    args = ["class", str(folder), "--html", str(page), "--csv", str(grades), "--language", "fr"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Tableau de la classe : 7 élèves,")
    assert f"HTML du tableau écrit dans {page}." in printed
    assert visible(page.read_text(encoding="utf-8"))[1] == "fr"
    assert grades.read_text(encoding="utf-8").startswith("élève,")
    assert main(["class", str(tmp_path / "nowhere"), "--language", "de"]) == 1
    assert "ist kein Ordner mit Protokollen" in capsys.readouterr().err


def test_the_teachers_room_view_says_nothing_outside_the_catalogue() -> None:
    from kingscorner_widget.server.room import ServerTable
    from kingscorner_widget.server.views import room_table, table_line

    shared = ServerTable(1, seats=2, seed=3, names={1: "Ada"})
    with speaking(PSEUDO):
        room = room_table("Year 7", "KXT-4PQ", [table_line(shared)]).text()
    assert left_unbracketed(room, {"Year", "Ada", "KXT", "PQ"}) == []
    with speaking("fr"):
        french = room_table("Year 7", "KXT-4PQ", [table_line(shared)]).text()
    assert french.startswith("Year 7 (code KXT-4PQ)")
    assert "à jouer" in french
    assert "en jeu" in french


class _Illegal:
    """A player that always tries to put its first card on the north pile."""

    def choose(self, seen: object) -> str:
        return "Kh>N"


def test_a_player_checks_report_speaks_the_language_it_ran_in() -> None:
    from kingscorner_widget.analysis.runs.check_player import check_player

    with speaking(PSEUDO):
        report = check_player(_Illegal(), hands=1, twins=0)
    assert report.language == PSEUDO
    described = report.describe()
    # the move's own words (engine/words: phrase, reason_words) are the play area's
    assert described.startswith("[")
    assert "[Îţ çĥöšé å mövé" in described
    with speaking("es"):
        spanish = check_player(_Illegal(), hands=1, twins=0).describe()
    assert "Eligió una jugada que las reglas no permiten" in spanish
    assert "  - mano 1, en la mesa (" in spanish


def test_a_table_in_french_keeps_its_learners_record_in_french(tmp_path: pathlib.Path) -> None:
    from kingscorner_widget import KingsCornerWidget

    widget = KingsCornerWidget(language="fr", learner="ada", progress_dir=tmp_path)
    assert widget.record is not None
    widget.record.flush()
    record = json.loads((tmp_path / "ada.json").read_text(encoding="utf-8"))
    assert record["tables"][0]["language"] == "fr"
    widget.close()
    # A German teacher's board of the French learner's record speaks German.
    assert ClassBoard(tmp_path, language="de").text().startswith("Klassenübersicht: 1 Schüler,")
