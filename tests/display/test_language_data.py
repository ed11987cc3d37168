"""The table reads its languages without Babel at runtime: CLDR's plural rules and list patterns
kept as a small table in ``display/language.py``, and the catalogues' templates read with the
standard library. Each is checked here against Babel, which stays the build's and the tests'
tool (it extracts and compiles the catalogues)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.numbers import format_percent
from hypothesis import given
from hypothesis import strategies as st

from kingscorner_widget.display.language import (
    LANGUAGES,
    LIST_PATTERNS,
    LOCALE_DIR,
    PLURAL_RULES,
    PSEUDO,
    listing,
    percent,
    plural_category,
    plural_samples,
    read_template,
    template,
)

WHOLE_NUMBERS = [*range(-3, 2_100), 999_999, 1_000_000, 1_000_001, 2_000_000, 10**9, 10**12 + 1]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_plural_rules_are_cldrs(code: str) -> None:
    babel = Locale.parse(code).plural_form
    assert set(PLURAL_RULES) == set(LANGUAGES)
    for n in WHOLE_NUMBERS:
        assert plural_category(n, code) == babel(n), (code, n)


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from(LANGUAGES))
def test_any_whole_number_takes_cldrs_category(n: int, code: str) -> None:
    assert plural_category(n, code) == Locale.parse(code).plural_form(n)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_samples_cover_every_category_cldr_has(code: str) -> None:
    babel = Locale.parse(code).plural_form
    samples = plural_samples(code)
    assert set(samples) == set(babel.tags) | {"other"}
    for category, n in samples.items():
        assert babel(n) == category
        smaller = [m for m in WHOLE_NUMBERS if 0 <= m < n]
        assert all(babel(m) != category for m in smaller)  # the smallest there is


def test_the_test_language_counts_as_english_does() -> None:
    assert plural_samples(PSEUDO) == plural_samples("en")
    assert listing(["a", "b", "c"], PSEUDO) == listing(["a", "b", "c"], "en")


@pytest.mark.parametrize("count", range(6))
@pytest.mark.parametrize("code", LANGUAGES)
def test_lists_are_joined_as_cldr_joins_them(code: str, count: int) -> None:
    names = ["Ada", "Ben", "Cy", "Dee", "Eve"][:count]
    assert listing(names, code) == format_list(names, locale=code)
    cldr = dict(Locale.parse(code).list_patterns["standard"].items())
    assert LIST_PATTERNS[code] == cldr


@pytest.mark.parametrize("code", LANGUAGES)
def test_percentages_are_written_as_cldr_writes_them(code: str) -> None:
    for share in (0, 0.004, 0.005, 0.125, 0.44, 0.995, 1):
        assert percent(share, code) == format_percent(share, locale=code), share


def test_a_name_with_braces_is_listed_as_it_is() -> None:
    assert listing(["{0}", "a}b", "{x}"], "fr") == "{0}, a}b et {x}"


def _babel_words(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as file:
        catalogue = read_po(file)
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalogue
        if message.id
    }


CATALOGUES = sorted([*LOCALE_DIR.glob("*.pot"), *LOCALE_DIR.glob("*/LC_MESSAGES/*.po")])


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: str(path.relative_to(LOCALE_DIR)))
def test_the_templates_are_read_as_babel_reads_them(path: Path) -> None:
    assert read_template(path.read_text(encoding="utf-8")) == _babel_words(path)


def test_the_test_language_knows_every_template_word() -> None:
    words: set[tuple[str | None, str]] = set()
    for path in LOCALE_DIR.glob("*.pot"):
        words |= _babel_words(path)
    assert words
    assert template() == words


def test_po_escapes_and_entries_without_a_blank_line_between_them() -> None:
    text = (
        '#, fuzzy\nmsgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        '#: a.py\nmsgctxt "say"\nmsgid ""\n"a \\"quoted\\" word\\n"\n'
        '"\\\\ on two lines"\nmsgstr "x"\n'
        'msgid "tab\\there"\nmsgstr ""\n\n'
        '#~ msgid "gone"\n#~ msgstr "parti"\n'
    )
    assert read_template(text) == {("say", 'a "quoted" word\n\\ on two lines'), (None, "tab\there")}


def test_the_package_runs_without_babel() -> None:
    """Every language, count and list of the table, in a Python where Babel cannot be
    imported (as in the browser course, which no longer ships it)."""
    program = (
        "import sys; sys.modules['babel'] = None\n"
        "from kingscorner_widget import KingsCornerWidget\n"
        "from kingscorner_widget.display.language import listing, speaking, gettext, PSEUDO\n"
        "for code in ('en', 'es', 'fr', 'de', PSEUDO):\n"
        "    w = KingsCornerWidget(seed=1, language=code)\n"
        "    print(code, w.phrases['counted']['cards']['other'], listing(['a', 'b', 'c'], code))\n"
        "with speaking(PSEUDO):\n"
        "    print(gettext('Hint'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120
    )
    lines = done.stdout.splitlines()
    assert lines[:4] == [
        "en {n} cards a, b, and c",
        "es {n} cartas a, b y c",
        "fr {n} cartes a, b et c",
        "de {n} Karten a, b und c",
    ]
    assert lines[5].startswith("[Ĥîñţ")
