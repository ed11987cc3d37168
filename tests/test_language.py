"""The table in the class's language: the catalogues are what the code says, complete in Spanish,
French and German and compiled as they are written; a table speaks the language it is given; and
the test language (``qps``) shows, by every word it leaves unbracketed, what is not yet in them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from kingscorner_widget import KingsCornerWidget, Rules
from kingscorner_widget.display.language import (
    COURSE_AREA,
    LANGUAGES,
    LOCALE_DIR,
    PSEUDO,
    catalogue,
    check_language,
    gettext,
    pseudo,
    speaking,
)
from kingscorner_widget.table.page_words import KEY_LETTERS, fill, phrases, slots

from .widget.helpers import FirstMove

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import extract_words  # noqa: E402 (the script `make locale-extract` runs)

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def ids(found: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in found if m.id}


AREAS = sorted(path.stem for path in LOCALE_DIR.glob("*.pot"))
SAID = [area for area in AREAS if area != COURSE_AREA]
"""The areas the table says (the tutorials' prose is tested by tests/test_course_words.py)."""


def whole(paths: list[Path], code: str | None = None) -> Catalog:
    """The areas' catalogues as one (a word is kept by one area only: extraction says which)."""
    found = Catalog(locale=code)
    for path in paths:
        for message in read(path, code):
            if message.id:
                assert found.get(message.id, message.context) is None, f"{message.id} twice"
                found[message.id] = message
    return found


TEMPLATE = whole([LOCALE_DIR / f"{area}.pot" for area in SAID])


def po(code: str) -> Catalog:
    return whole([LOCALE_DIR / code / "LC_MESSAGES" / f"{area}.po" for area in SAID], code)


# -- the catalogues ------------------------------------------------------------------------------


def test_the_templates_hold_exactly_the_words_the_code_marks() -> None:
    """Extracted again as `make locale-extract` extracts them, each area's template is the
    committed one: a word marked in the code and not extracted (or one left behind, or kept by
    the wrong area) fails here."""
    fresh = extract_words.templates()
    assert sorted(fresh) == AREAS
    for area, template in fresh.items():
        committed = read(LOCALE_DIR / f"{area}.pot")
        assert ids(template) == ids(committed), f"{area}.pot is stale: run make locale-extract"
        plurals = {m.id for m in template if isinstance(m.id, tuple)}
        assert plurals == {m.id for m in committed if isinstance(m.id, tuple)}
    assert len(ids(TEMPLATE)) > 150


def _forms(message: Message) -> list[str]:
    string = message.string
    return [string] if isinstance(string, str) else list(string or ())


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_word_is_translated_keeping_its_slots(code: str) -> None:
    found = po(code)
    assert ids(found) == ids(TEMPLATE), f"{code}.po is not merged with the template"
    missing, fuzzy, slotted = [], [], []
    for message in found:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = _forms(message)
        if not all(forms):
            missing.append(english)
        if message.fuzzy:
            fuzzy.append(english)
        if isinstance(message.id, tuple):
            assert len(forms) == found.num_plurals, english
        slotted += [form for form in forms if form and slots(form) != slots(english)]
    assert missing == [], f"{len(missing)} words not translated into {code}: {missing}"
    assert fuzzy == [], f"words marked fuzzy in {code}: {fuzzy}"
    assert slotted == [], f"translations whose {{slots}} differ from the English: {slotted}"


STALE_MO = "the compiled catalogue is older than its .po: run make locale"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_says_what_the_po_says(code: str) -> None:
    """The .mo gettext reads (built by `make locale` or the package's build) is the .po now."""
    compiled = catalogue(code)
    for message in po(code):
        if not isinstance(message.id, str):
            one, other = message.id[0], message.id[1]
            context = message.context
            said = [
                compiled.npgettext(context, one, other, n)
                if context
                else compiled.ngettext(one, other, n)
                for n in (1, 2, 1_000_000)
            ]
            assert set(said) == set(_forms(message)), f"{message.id}: {STALE_MO}"
        elif not message.id:
            continue
        elif message.context:
            said_one = compiled.pgettext(message.context, message.id)
            assert said_one == _forms(message)[0], f"{message.id}: {STALE_MO}"
        else:
            assert compiled.gettext(message.id) == _forms(message)[0], f"{message.id}: {STALE_MO}"


def test_counted_phrases_come_in_each_language_s_plural_categories() -> None:
    assert set(phrases("de")["counted"]["cards"]) == {"one", "other"}
    french = phrases("fr")["counted"]["cards"]
    assert french == {"one": "{n} carte", "many": "{n} de cartes", "other": "{n} cartes"}
    # zero is singular in French, plural in English and German
    with speaking("fr"):
        assert fill(catalogue("fr").ngettext("{n} card", "{n} cards", 0), n=0) == "0 carte"
    assert fill(catalogue("de").ngettext("{n} card", "{n} cards", 0), n=0) == "0 Karten"


# -- a table in a language -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "hint", "title"),
    [("es", "Pista", "Tu mano"), ("fr", "Indice", "Ta main"), ("de", "Tipp", "Deine Hand")],
)
def test_a_table_speaks_the_language_it_is_given(code: str, hint: str, title: str) -> None:
    w = KingsCornerWidget(seed=3, language=code)
    assert w.table.language == code
    assert w.phrases == phrases(code)
    assert w.phrases["lang"] == code
    labels = {a["kind"]: a["label"] for a in w.snapshot["actions"]}
    assert labels["hint"] == hint
    assert w.snapshot["hands"][0]["title"] == title
    english = {a["kind"]: a["label"] for a in KingsCornerWidget(seed=3).snapshot["actions"]}
    with speaking(code):
        assert labels == {kind: gettext(label) for kind, label in english.items()}
    assert all(labels[kind] != english[kind] for kind in ("hint", "undo", "new", "review"))


def test_the_language_is_the_table_s_own_whatever_the_rules() -> None:
    rules = Rules(players=3, kings_first=True)
    german = KingsCornerWidget(seed=4, rules=rules, language="de")
    english = KingsCornerWidget(seed=4, rules=rules)
    french = KingsCornerWidget(seed=4, players=2, language="fr")
    assert german.table.setup.rules == english.table.setup.rules
    assert german.phrases["text"]["noMoves"] == "Noch keine Züge."
    assert english.phrases["text"]["noMoves"] == "No moves yet."
    assert french.phrases["text"]["noMoves"] == "Pas encore de coup."
    german.table.act("draw")  # one table acting speaks its own language, not the others'
    assert english.snapshot["hands"][0]["title"] == "Your hand"
    assert german.snapshot["hands"][0]["title"] == "Deine Hand"


@pytest.mark.parametrize("bad", ["klingon", "", "EN-", "english", 7])  # None: follow the page
def test_a_bad_language_code_is_refused_before_anything_is_opened(bad: Any, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"the table speaks en, es, fr or de .*not"):
        KingsCornerWidget(seed=1, language=bad, learner="ada", progress_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []  # no record was started


def test_a_language_with_a_region_speaks_the_language() -> None:
    assert check_language("fr-CA") == "fr"
    assert KingsCornerWidget(seed=1, language="de_AT").phrases["lang"] == "de"


# -- the test language ---------------------------------------------------------------------------


def unbracketed(text: str) -> str:
    """What is left of ``text`` once every bracketed part (the test language's words, with the
    names and numbers filled into them) is taken out."""
    while True:
        shorter = re.sub(r"\[[^\[\]]*\]", "", text)
        if shorter == text:
            return text
        text = shorter


def test_the_test_language_accents_lengthens_and_brackets_every_catalogue_word() -> None:
    for context, english in ids(TEMPLATE):
        with speaking(PSEUDO):
            said = gettext(english) if context is None else pseudo(english)
        visible = len(re.sub(r"\{\w+\}", "", english))
        assert said.startswith("["), english
        assert said.endswith("]"), english
        assert len(said) - len(english) >= 0.4 * visible, english
        assert slots(said) == slots(english), english
        if re.search(r"[a-z]{3}", re.sub(r"\{\w+\}", "", english)):
            assert said.strip("[]~ ") != english, english
    with speaking(PSEUDO):
        assert gettext("Not one of the catalogue's words") == "Not one of the catalogue's words"


CATALOGUED = {
    ".hands[].title",
    ".hands[].whose",
    ".actions[].label",
    ".score.caption",
    ".lesson.resume",
    ".review.resume",
    ".log[].words",
    ".turns[].recap",
    ".summary.*",
    ".outcome",
    ".fits.*",
    ".confirm.*",
    ".refusal",
    "viewer",
    ".guide",
    ".lesson.title",
    ".lesson.stepTitle",
    ".lesson.narration",
    ".lesson.nextLesson",
    ".lesson.starsSaid",
    ".lesson.partsTitle",
    ".review.heading",
    ".review.who",
    ".review.words",
    ".review.summary.note",
    ".review.played[].words",
    ".review.best[].words",
    "status",
    ".actions[].why",
    ".title",
}
"""Snapshot fields whose words all come from the catalogues (``*``: every field under it);
``viewer`` is the name of the viewer's own seat, You."""

NOT_YET = {
    ".lesson.*": "a homework's items' titles (a teacher's own lesson keeps its own title)",
}
"""What the table still says in English, outside the catalogues, and where it comes from: the
rest of issue 43. Each is checked to be still unbracketed, so that a part moved into the
catalogues moves from here to :data:`CATALOGUED` and this list only ever shrinks."""

NAMES = {
    ".hands[].name",
    ".score.seats[]",
    ".turns[].name",
    ".summary.hands[].name",
    ".summary.row.names[]",
    ".summary.row.winners[]",
}
"""People's and seats' names (data, not words) but the viewer's own seat, You, which the table
says in its language (``viewer``)."""

CODE = re.compile(
    r"\.(mode|end|piles\.\*(\[\])?|hands\[\]\.cards\[\]|rules\.\w+|actions\[\]\.(kind|key)"
    r"|score\.end|look\.\w+|turns\[\]\.moves\[\]|hint\.\w+|review\.(summary\.)?judge"
    r"|summary\.reason|summary\.hands\[\]\.cards\[\]"
    r"|review\.verdict|.*\.notation)"
)
"""Fields that hold notation, modes and keys: never words."""


def fields(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a snapshot with its field, a pile's or a card's key written ``*``."""
    if isinstance(value, dict):
        for key, item in value.items():
            name = "*" if re.fullmatch(r"[NESW]{1,2}|[2-9TJQKA][cdhs]", str(key)) else key
            yield from fields(item, f"{path}.{name}")
    elif isinstance(value, list):
        for item in value:
            yield from fields(item, f"{path}[]")
    elif isinstance(value, str):
        yield path, value


def _under(path: str, pattern: str) -> bool:
    return path == pattern or (pattern.endswith("*") and path.startswith(pattern[:-1]))


VIEWER = {"You", pseudo("You")}
"""The viewer's own seat, as the code names it and as the test language says it."""


def kind_of(path: str, text: str) -> str:
    if path in NAMES:
        return "catalogued" if text in VIEWER else "name"
    if path in CATALOGUED:  # a field named whole is catalogued, whatever pattern covers it
        return "catalogued"
    if CODE.fullmatch(path):
        return "code"
    for pattern in NOT_YET:
        if _under(path, pattern):
            return pattern
    if any(_under(path, pattern) for pattern in CATALOGUED):
        return "catalogued"
    return "unknown"


def test_a_hand_at_a_table_in_the_test_language_leaves_no_catalogue_word_unbracketed() -> None:
    w = KingsCornerWidget(players=2, seed=5, speed=0, opponents=[FirstMove()], language=PSEUDO)
    seen: list[tuple[str, str]] = [("status", w.status), *fields(w.snapshot)]

    w.table.subscribe(lambda view: seen.extend(fields(view.snapshot or {})))
    w.table.subscribe(lambda view: seen.append(("status", view.status)))
    for _ in range(3000):
        if w.game.is_over():
            break
        if w.waiting is not None:
            w.skip()
        else:
            w.play(w.legal[0])
    assert w.game.is_over()
    w.table.act("review")  # the hand reviewed, turn by turn
    for _ in range(60):
        if w.table.act("forward", quiet=True).refused:
            break
    by_kind: dict[str, set[str]] = {}
    for path, text in seen:
        if text:
            by_kind.setdefault(kind_of(path, text), set()).add(path)
    assert "unknown" not in by_kind, f"classify these snapshot fields: {by_kind.get('unknown')}"
    wrong = {
        (p, t)
        for p, t in seen
        if kind_of(p, t) == "catalogued" and re.search(r"[A-Za-z]", unbracketed(t))
    }
    assert wrong == set(), f"catalogued fields with English left in them: {sorted(wrong)[:10]}"
    still = sorted(
        (p, t) for p, t in seen if kind_of(p, t) in NOT_YET and re.search(r"[A-Za-z]", t)
    )
    moved = {kind_of(p, t) for p, t in seen if kind_of(p, t) in NOT_YET} - {
        kind_of(p, t) for p, t in still
    }
    assert moved == set(), f"now in the catalogues: move {moved} from NOT_YET to CATALOGUED"
    assert pseudo("You") in {t for p, t in seen if p in NAMES}  # the viewer's seat, said


def test_the_phrasebook_in_the_test_language_is_bracketed_whole() -> None:
    book = phrases(PSEUDO)
    assert book["lang"] == PSEUDO
    words = [
        *book["cards"].values(),
        *book["spaces"].values(),
        *(text for key, text in book["text"].items() if key not in KEY_LETTERS),
        *(form for forms in book["counted"].values() for form in forms.values()),
        *book["verdicts"].values(),
        *(what for key, what in book["keys"]),
        *(key for key, what in book["keys"] if key not in KEY_LETTERS),
    ]
    assert len(words) > 180
    assert [text for text in words if unbracketed(text).strip()] == []


@pytest.mark.parametrize(
    ("code", "ten", "jack", "north", "corner"),
    [
        ("en", "ten of hearts", "jack of spades", "the north pile", "the north-east corner"),
        ("es", "diez de corazones", "jota de picas", "el montón norte", "la esquina noreste"),
        ("fr", "dix de cœur", "valet de pique", "la pile nord", "le coin nord-est"),
        ("de", "Herz-Zehn", "Pik-Bube", "der Nordstapel", "die Nordost-Ecke"),
    ],
)
def test_cards_and_spaces_are_named_as_each_language_s_players_name_them(
    code: str, ten: str, jack: str, north: str, corner: str
) -> None:
    book = phrases(code)
    assert (book["cards"]["Th"], book["cards"]["Js"]) == (ten, jack)
    assert (book["spaces"]["N"], book["spaces"]["NE"]) == (north, corner)
    assert len(set(book["cards"].values())) == 52  # no two cards share a name
    assert len(set(book["spaces"].values())) == 8
    # the page's sentences around them are the language's own
    pile = fill(book["text"]["pileOne"], card=ten, space=north)
    assert (
        pile
        == {
            "en": "ten of hearts on the north pile",
            "es": "diez de corazones en el montón norte",
            "fr": "dix de cœur sur la pile nord",
            "de": "der Nordstapel: Herz-Zehn",
        }[code]
    )
