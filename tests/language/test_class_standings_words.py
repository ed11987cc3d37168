"""A tournament's standings, its rounds' lines and its refusals, a learner's save-failure
sentence and the teacher's live view of a room in the language spoken: in the test language
(``qps``) every word of them comes out bracketed (a word left unbracketed never went through the
catalogue), and in Spanish, French and German they read with per-language places ("1er", "2.",
"1.º"), decimal commas and no English sentence left, filled with the same facts as in English.
The live view keeps its teacher's language whatever is spoken where it is refreshed from.

What stays as it is, by design: players' names (data), lessons' titles (data, as each lesson
names itself), numbers, ``UTC``, and ``progress_dir=`` (the table's argument, as a Python
programmer types it).
"""

from __future__ import annotations

import datetime
import errno
import pathlib
import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from kingscorner_widget.classroom import store
from kingscorner_widget.classroom.recorder import Recorder
from kingscorner_widget.classroom.rounds import Hand, Round, Start, TournamentError
from kingscorner_widget.classroom.standings import Standings, ordinal, said_number
from kingscorner_widget.classroom.store import RecordStore, Writer
from kingscorner_widget.classroom.tournament import ClassTournament
from kingscorner_widget.display.language import PSEUDO, speaking
from kingscorner_widget.engine.game import Outcome
from kingscorner_widget.server.records import Doing, ServerRecords
from kingscorner_widget.server.store import Store

TRANSLATED = ("es", "fr", "de")
NAMES = {"Ada", "Ben", "Cy", "Dee", "Eve"}
BRACKETED = re.compile(r"\[[^\[\]]*\]")
WORD = re.compile(r"[^\W\d_]{2,}")


def _unbracketed(text: str, data: set[str]) -> list[str]:
    while True:
        stripped = BRACKETED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return [w for w in WORD.findall(text) if w not in data]


def _won(table: int, players: tuple[str, ...], winner: str, left: tuple[int, ...]) -> Hand:
    seat = players.index(winner) + 1
    outcome = Outcome("out", seat, (seat,), left, (0,) * len(players))
    return Hand(1, table, players, Start(1), moves=(), outcome=outcome, cards_left=left)


def _rounds() -> list[Round]:
    """Two rounds whose standings hold every tie-break: a shared place, a place decided by
    opponents' points and one decided by cards left per hand, a bye and an unplayed hand."""
    first = Round(
        1,
        "swiss",
        ("Ada", "Ben", "Cy", "Dee", "Eve"),
        Start(1),
        (_won(1, ("Ada", "Ben"), "Ada", (0, 3)), _won(2, ("Cy", "Dee"), "Cy", (0, 5))),
        byes=("Eve",),
    )
    second = Round(
        2,
        "swiss",
        ("Ada", "Ben", "Cy", "Dee", "Eve"),
        Start(2),
        (_won(1, ("Ada", "Eve"), "Eve", (2, 0)), Hand(2, 2, ("Ben", "Cy"), Start(2))),
        byes=("Dee",),
    )
    return [first, second]


def _said() -> str:
    rounds = _rounds()
    said = [rounds[1].hands[1].describe()]
    for standings in (Standings.of(rounds[:1]), Standings.of(rounds)):
        said += [standings.text(), standings.table().to_html()]
    return "\n".join(said)


def test_the_standings_hold_every_kind_of_tie_break() -> None:
    """The walk below is worth something only if it meets every sentence."""
    said = _said()
    for words in (
        "shared with",
        "level on points with",
        "level on points and opponents' points",
        "not played yet",
        "shared 1st",
    ):
        assert words in said


def test_standings_and_rounds_say_nothing_outside_the_catalogue() -> None:
    with speaking(PSEUDO):
        said = _said()
    html_tags = re.compile(r"<[^>]*>")
    left = _unbracketed(html_tags.sub(" ", said), NAMES | {"nbsp"})
    assert left == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_standings_read_in_each_language_with_the_same_facts(code: str) -> None:
    english = Standings.of(_rounds())
    assert "shared 1st" in Standings.of(_rounds()[:1]).text()
    with speaking(code):
        standings = Standings.of(_rounds())
        text = standings.text() + Standings.of(_rounds()[:1]).text()
        for row, same in zip(standings, english, strict=True):
            assert (row.player, row.place, row.points) == (same.player, same.place, same.points)
            assert bool(row.tie_break) == bool(same.tie_break)
            for name in NAMES:
                assert (name in row.tie_break) == (name in same.tie_break)
        for english_word in ("shared", "level on points", "Standings", "opponents", "tie-break"):
            assert english_word not in text
    places = {"es": "1.º", "fr": "1er", "de": "1."}
    assert places[code] in text


def test_places_and_decimals_per_language() -> None:
    assert [ordinal(n) for n in (1, 2, 11, 21, 23)] == ["1st", "2nd", "11th", "21st", "23rd"]
    with speaking("fr"):
        assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]
        assert said_number(Fraction(4, 3)) == "1,33"
        assert said_number(Fraction(5, 2)) == "2½"
    with speaking("de"):
        assert [ordinal(n) for n in (1, 3, 22)] == ["1.", "3.", "22."]
    with speaking("es"):
        assert ordinal(2) == "2.º"
        assert said_number(Fraction(5, 2), halves=False) == "2,5"


def _failing_recorder(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, language: str, error: Exception
) -> list[str]:
    def broken(path: pathlib.Path, data: bytes) -> None:
        raise error

    monkeypatch.setattr(store, "atomic_write", broken)
    recorder = Recorder(
        RecordStore("Ada", tmp_path), writer=Writer(threads=False), language=language
    )
    said: list[str] = []
    recorder.say = said.append
    with pytest.warns(UserWarning, match=r"Errno|could not be saved"):
        recorder.flush()
    monkeypatch.undo()
    recorder.flush()
    return said


@pytest.mark.parametrize(
    ("code", "full", "again"),
    [
        ("en", "the disk is full", "Your progress is saved again."),
        ("fr", "le disque est plein", "Ta progression est de nouveau enregistrée."),
        ("de", "die Festplatte ist voll", "Dein Fortschritt wird wieder gespeichert."),
        ("es", "el disco está lleno", "Tu progreso vuelve a guardarse."),
    ],
)
def test_a_failed_save_is_said_in_the_tables_language(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, code: str, full: str, again: str
) -> None:
    """The write happens off the table's thread, so the recorder says it in its own language
    (not whatever the writer's thread speaks)."""
    said = _failing_recorder(tmp_path, monkeypatch, code, OSError(errno.ENOSPC, "No space"))
    assert len(said) == 2
    assert full in said[0]
    assert said[1] == again
    if code != "en":
        assert "could not be saved" not in said[0]


def test_a_failed_save_says_nothing_outside_the_catalogue(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = _failing_recorder(tmp_path, monkeypatch, PSEUDO, OSError(errno.EROFS, "Read-only"))
    assert _unbracketed(" ".join(said), set()) == []


def test_a_record_too_large_is_said_in_the_tables_language(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MAX_BYTES", 10)
    recorder = Recorder(RecordStore("Ada", tmp_path), writer=Writer(threads=False), language="de")
    said: list[str] = []
    recorder.say = said.append
    with pytest.warns(UserWarning, match="over the cap of 10"):
        recorder.flush()
    assert len(said) == 1
    assert "über der Grenze von 10" in said[0]
    assert "Ada" in said[0]
    assert "could not" not in said[0]


def _live_records() -> ServerRecords:
    """A room's live rows as the server keeps them: one learner on a lesson's step (stuck on
    it), one back at their table and away, one at the daily deal, refused again and again."""
    records = ServerRecords(Store(None), writer=Writer(threads=False))
    ada = records.live_of("ROOM", "Ada")
    ada.table, ada.seat, ada.connected = 1, 1, True
    ada.what = Doing("step", title="A worked turn", step=0, steps=3)
    ada.step, ada.step_help = ("A worked turn", 0), 2
    ben = records.live_of("ROOM", "Ben")
    ben.table, ben.seat = 1, 2
    ben.what = Doing("table", table=1)
    ben.away_since = datetime.datetime(2026, 1, 5, 9, 41, tzinfo=datetime.UTC)
    cy = records.live_of("ROOM", "Cy")
    cy.table, cy.seat, cy.connected, cy.refused_in_a_row = 2, 1, True, 4
    cy.what = Doing("step", title="A worked turn", step=2, steps=3, done=True)
    dee = records.live_of("ROOM", "Dee")
    dee.table, dee.seat, dee.what = 2, 2, Doing("daily")
    return records


def test_the_live_view_says_nothing_outside_the_catalogue() -> None:
    """Lessons' titles are data (the lessons area says them); the rest is the catalogue's."""
    text = str(_live_records().live("ROOM", PSEUDO))
    assert _unbracketed(text, NAMES | {"worked", "turn", "UTC"}) == []


def test_the_live_view_speaks_its_teachers_language_whatever_is_spoken_when_it_refreshes() -> None:
    records = _live_records()
    english = str(records.live("ROOM"))
    for said in (
        "A worked turn, step 1 of 3",
        "A worked turn, step 3 of 3, done",
        "table 1",
        "the daily deal",
        "away since 09:41 UTC",
        "2 hints and Show me on this step",
        "4 moves refused in a row",
        "The class now",
    ):
        assert said in english
    french, german = records.live("ROOM", "fr"), records.live("ROOM", "de")
    with speaking("es"):  # a refresh comes from wherever the server is: the view keeps its own
        fr, de = str(french), str(german)
    assert "A worked turn, étape 1 sur 3" in fr
    assert "absent depuis 09:41 UTC" in fr
    assert "4 coups refusés à la suite" in fr
    assert "la donne du jour" in fr
    assert "A worked turn, Schritt 3 von 3, fertig" in de
    assert "Tisch 1" in de
    assert "2 Tipps und „Zeig es mir“ in diesem Schritt" in de
    for english_words in ("step", "hints", "away", "refused", "daily deal", "The class now"):
        assert english_words not in fr
        assert english_words not in de.replace("Schritt", "")


def test_a_live_view_in_a_language_no_table_speaks_is_refused() -> None:
    records = _live_records()
    for bad in ("xx", "../fr", 3, "fr; drop"):
        with pytest.raises((ValueError, TypeError)):
            records.live("ROOM", bad)  # type: ignore[arg-type]


def _refusals() -> list[str]:
    """What a tournament refuses to a teacher in class, each said in the language spoken."""
    said: list[str] = []

    def refused(step: Callable[[], object]) -> None:
        with pytest.raises(TournamentError) as caught:
            step()
        said.append(str(caught.value))

    t = ClassTournament(seats=2, pairing="round robin", seed=1)
    refused(lambda: t.enter_result(1, []))
    for name in ("Ada", "Ben", "Cy"):
        t.add_player(name)
    refused(lambda: t.add_player("ada"))
    refused(lambda: t.draw_round(["Zed"]))
    refused(lambda: t.draw_round(["Ada", "ada"]))
    refused(lambda: t.draw_round([]))
    refused(lambda: t.draw_round(["Ada"]))
    t.draw_round()
    refused(lambda: t.draw_round())
    t.play_round()
    refused(lambda: t.enter_result(1, []))
    t.add_player("Dee")
    refused(lambda: t.draw_round())
    for _ in range(2):
        t.draw_round(["Ada", "Ben", "Cy"])
        t.play_round()
    refused(lambda: t.draw_round(["Ada", "Ben", "Cy"]))
    return said


def test_a_tournaments_refusals_say_nothing_outside_the_catalogue() -> None:
    english = _refusals()
    assert len(english) == 10
    assert english[6] == "round 1 is not finished: table 1 has no result yet"
    with speaking(PSEUDO):
        pseudo = _refusals()
    assert len(pseudo) == len(english)
    for said in pseudo:
        assert said.startswith("[")
        assert _unbracketed(said, NAMES | {"Zed", "ada"}) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_tournaments_refusals_read_in_each_language(code: str) -> None:
    english = _refusals()
    with speaking(code):
        said = _refusals()
    for mine, theirs in zip(said, english, strict=True):
        assert mine != theirs
        for name in ("Ada", "Dee", "'Zed'"):
            assert (name in mine) == (name in theirs)
    first = {"es": "la mesa 1", "fr": "la table 1", "de": "Tisch 1"}
    assert first[code] in said[6]
