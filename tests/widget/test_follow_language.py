"""A table made without ``language=`` follows the page's language (JupyterLab's, Notebook 7's and
JupyterLite's interface language, which they write to the page's ``lang``), then the notebook
kernel's locale, then English; a language given explicitly always wins. The page's report is
untrusted: one that names no language the table speaks changes nothing. The table changes
language in place: it is said again, whole, as a table made in that language says it, and
nothing on it is lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kingscorner_widget.display.language import PSEUDO, speaking, system_language
from kingscorner_widget.table.page_words import phrases
from kingscorner_widget.widget.adapter import KingsCornerWidget
from tests.widget.helpers import FirstMove

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def kernel_locale(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set the kernel's locale variables (the suite pins LANGUAGE=en: this clears it)."""

    def set_locale(**variables: str) -> None:
        for name in LOCALE_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)

    return set_locale


def report(w: KingsCornerWidget, lang: Any) -> list[list[str]]:
    """The page reports its ``lang``, as index.js does; returns the traits Python sent back
    (the page's copy put back, or the report as the table names it: ``"fr"`` for
    ``"fr-FR"``)."""
    sent: list[list[str]] = []

    def send_state(key: str | list[str] | None = None) -> None:
        sent.append([key] if isinstance(key, str) else list(key or []))

    w.send_state = send_state
    w.set_state({"page_language": lang})
    return sent


# -- the default: the kernel's locale, then English ----------------------------------------------


def test_the_suite_speaks_english_whatever_the_machine() -> None:
    assert system_language() == "en"
    assert KingsCornerWidget(seed=1).language == "en"


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "de_DE@euro", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_ALL": "es_MX.UTF-8", "LC_MESSAGES": "de_DE"}, "es"),
        ({"LANGUAGE": "ja:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),  # a language the table does not speak
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # C: the source language
        ({"LANG": "<script>"}, "en"),
    ],
)
def test_without_a_language_the_table_speaks_the_kernels_locale(
    kernel_locale: Callable[..., None], variables: dict[str, str], expected: str
) -> None:
    kernel_locale(**variables)
    w = KingsCornerWidget(seed=1)
    assert w.language == expected
    assert w.phrases == phrases(expected)
    assert w.snapshot == KingsCornerWidget(seed=1, language=expected).snapshot


def test_with_no_locale_variable_python_s_locale_decides(
    kernel_locale: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    kernel_locale()
    monkeypatch.setattr("locale.getlocale", lambda: ("es_ES", "UTF-8"))
    assert KingsCornerWidget(seed=1).language == "es"
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert KingsCornerWidget(seed=1).language == "en"

    def unknown() -> tuple[str, str]:
        raise ValueError("unknown locale: xx")

    monkeypatch.setattr("locale.getlocale", unknown)
    assert KingsCornerWidget(seed=1).language == "en"


def test_a_language_given_wins_over_the_kernel_and_the_page(
    kernel_locale: Callable[..., None],
) -> None:
    kernel_locale(LANG="fr_FR.UTF-8")
    w = KingsCornerWidget(seed=1, language="de")
    before = (w.snapshot, w.phrases, w.status)
    report(w, "es-ES")
    assert (w.language, w.page_language) == ("de", "es")
    assert (w.snapshot, w.phrases, w.status) == before


# -- following the page --------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "code"), [("fr-FR", "fr"), ("de", "de"), ("es_419", "es")])
def test_the_page_s_language_is_spoken_from_its_report(lang: str, code: str) -> None:
    w = KingsCornerWidget(seed=1)
    version = w.snapshot["version"]
    report(w, lang)
    assert (w.language, w.page_language) == (code, code)
    assert w.phrases == phrases(code)
    made = KingsCornerWidget(seed=1, language=code)
    assert w.snapshot == made.snapshot
    assert w.status == made.status
    assert w.snapshot["version"] == version  # nothing on the table changed: a click still counts


def test_the_page_wins_over_the_kernel_and_a_new_report_is_followed(
    kernel_locale: Callable[..., None],
) -> None:
    kernel_locale(LANG="de_DE.UTF-8")
    w = KingsCornerWidget(seed=1)
    assert w.language == "de"
    report(w, "fr")
    assert w.language == "fr"
    report(w, "en")  # JupyterLab in English: the page's language, not the kernel's
    assert w.language == "en"
    assert w.snapshot == KingsCornerWidget(seed=1, language="en").snapshot


@pytest.mark.parametrize(
    "bad",
    ["ja", "klingon", "fr-", "<img src=x onerror=alert(1)>", "x" * 10_000, 7, None, ["fr"], {}],
)
def test_a_report_that_names_no_language_the_table_speaks_changes_nothing(bad: Any) -> None:
    w = KingsCornerWidget(seed=1)
    report(w, "es")
    before = (w.snapshot, w.phrases, w.status, w.language, w.page_language)
    sent = report(w, bad)
    assert (w.snapshot, w.phrases, w.status, w.language, w.page_language) == before
    assert sent == [["page_language"]]  # the page's copy is put back


def test_an_empty_report_is_no_language() -> None:
    w = KingsCornerWidget(seed=1)
    before = (w.snapshot, w.status)
    assert report(w, "") == []
    assert (w.language, w.page_language) == ("en", "")
    assert (w.snapshot, w.status) == before


def test_python_may_not_set_a_language_the_table_does_not_speak() -> None:
    w = KingsCornerWidget(seed=1)
    with pytest.raises(Exception, match="names no language the table speaks"):
        w.page_language = "klingon"
    assert w.language == "en"


# -- in place, losing nothing --------------------------------------------------------------------


def _play_some(w: KingsCornerWidget, moves: int) -> None:
    for _ in range(moves):
        if w.game.is_over():
            return
        if w.waiting is not None:
            w.skip()
        else:
            w.play(w.legal[0])


def _to_review(w: KingsCornerWidget) -> None:
    _play_some(w, 3000)
    assert w.game.is_over()
    w.table.act("review")
    w.table.act("forward")
    w.table.act("forward")


def _in_lesson(w: KingsCornerWidget) -> None:
    w.hint()
    w.show_me()


def _looking_back(w: KingsCornerWidget) -> None:
    _play_some(w, 9)
    for _ in range(3):
        assert not w.table.act("back").refused
    assert w.snapshot["history"]["at"] < w.snapshot["history"]["length"]


def _daily_match(w: KingsCornerWidget) -> None:
    assert not w.table.act("daily", date="2026-11-30").refused
    assert "2026-11-30" in w.snapshot["title"]
    _play_some(w, 5)


def _explore_branched(w: KingsCornerWidget) -> None:
    """Two lines in the tree, and the table stepped back on the second: moves ahead."""
    _play_some(w, 4)
    for _ in range(2):
        assert not w.table.act("back").refused
    ahead = str(w.table.session.history.ahead[-1][0])
    assert not w.table.act("play", move=next(m for m in w.legal if m != ahead)).refused
    _play_some(w, 1)
    assert not w.table.act("back").refused
    assert w.snapshot["tree"]["lines"] == 2
    assert w.snapshot["history"]["at"] < w.snapshot["history"]["length"]


SETUPS: dict[str, tuple[dict[str, Any], Callable[[KingsCornerWidget], None]]] = {
    "mid-hand": ({"players": 3, "seed": 5, "speed": 0}, lambda w: _play_some(w, 9)),
    "hand over": ({"players": 2, "seed": 5, "speed": 0}, lambda w: _play_some(w, 3000)),
    "review": ({"players": 2, "seed": 5, "speed": 0}, _to_review),
    "lesson": ({"lesson": "moves"}, _in_lesson),
    "explore": ({"mode": "explore", "seed": 2}, lambda w: _play_some(w, 4)),
    "looking back": ({"players": 3, "seed": 5, "speed": 0}, _looking_back),
    "daily match": ({"players": 2, "seed": 5, "speed": 0}, _daily_match),
    "explore branched": ({"mode": "explore", "seed": 2}, _explore_branched),
}


@pytest.mark.parametrize("code", ["fr", PSEUDO])
@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_a_table_changing_language_is_said_as_one_made_in_it(setup: str, code: str) -> None:
    arguments, actions = SETUPS[setup]
    followed = KingsCornerWidget(**arguments, opponents=[FirstMove(), FirstMove()])
    made = KingsCornerWidget(**arguments, opponents=[FirstMove(), FirstMove()], language=code)
    actions(followed)
    actions(made)
    moves, mode, english = list(followed.game.moves), followed.mode, followed.snapshot
    report(followed, code)
    assert followed.snapshot != english
    assert followed.language == code
    assert followed.snapshot == made.snapshot
    assert followed.phrases == made.phrases
    assert (list(followed.game.moves), followed.mode) == (moves, mode)  # nothing lost
    assert followed.snapshot["history"] == english["history"]  # nor the place in the history
    with speaking(code):  # the session says its standing line in the language it is asked in
        assert followed.status == made.table.session.status()


@pytest.mark.parametrize("code", ["de", PSEUDO])
def test_every_line_of_the_tree_is_said_again(code: str) -> None:
    """After the change, walking the tree (forward along the line, then to the other line) says
    each move as a table made in the language says it: the status line naming the step too."""
    arguments: dict[str, Any] = {"mode": "explore", "seed": 2}
    followed = KingsCornerWidget(**arguments)
    made = KingsCornerWidget(**arguments, language=code)
    for w in (followed, made):
        _explore_branched(w)
    report(followed, code)
    steps: list[tuple[str, dict[str, Any]]] = [("forward", {}), ("back", {}), ("back", {})]
    for kind, fields in steps:
        said = [w.table.act(kind, **fields).status for w in (followed, made)]
        assert said[0] == said[1]
        assert followed.snapshot == made.snapshot
    other = next(m for m in made.snapshot["tree"]["moves"] if m.get("alts"))["alts"][0]["id"]
    said = [w.table.act("jump", node=other).status for w in (followed, made)]
    assert said[0] == said[1]
    assert followed.snapshot == made.snapshot
