"""The tutorials in Spanish, French and German: each language claimed complete has every paragraph
of its tutorials translated, keeping the notation; its notebooks are built whole from the English
ones, code untouched, and their first code cell makes the tables speak the language.

(The French notebooks 01 and 03 also run top to bottom under nbval with the English ones, from
``notebooks/fr/``, which ``make course`` builds; pyproject's ``--ignore-glob`` keeps the others
out of the suite's time.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from kingscorner_widget import KingsCornerWidget, course_words
from kingscorner_widget.course import TUTORIALS
from kingscorner_widget.display.language import LOCALE_DIR, active, use_language

ROOT = Path(__file__).resolve().parents[1]

COMPLETE: dict[str, tuple[str, ...]] = {"es": TUTORIALS, "fr": TUTORIALS, "de": TUTORIALS}
"""The tutorials each language claims whole (a missing paragraph in one of them fails here)."""

CODE_SPAN = re.compile(r"`[^`]+`")
LINK = re.compile(r"\]\(([^)]+)\)")


def kept_as_written(text: str) -> set[str]:
    """The code spans (a line break in one is a space, as Markdown reads it) and link targets."""
    return {" ".join(span.split()) for span in CODE_SPAN.findall(text)} | set(LINK.findall(text))


def translations(code: str) -> dict[tuple[str | None, str], str]:
    """Each entry of ``code``'s course catalogue by its notebook and its English."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "course.po").open("rb") as file:
        found = read_po(file, locale=code)
    assert not [m.id for m in found if m.id and m.fuzzy], f"fuzzy entries in {code}'s course.po"
    return {
        (m.context, m.id): m.string if isinstance(m.string, str) else ""
        for m in found
        if isinstance(m.id, str) and m.id
    }


def english(name: str) -> dict[str, Any]:
    return course_words.read_notebook(ROOT / "notebooks" / name)


def test_each_language_s_catalogue_is_merged_with_the_template() -> None:
    with (LOCALE_DIR / "course.pot").open("rb") as file:
        template = {(m.context, m.id) for m in read_po(file) if m.id}
    entries = {(context, paragraph) for context, paragraph, _, _ in course_words.entries(ROOT)}
    assert template == entries, "course.pot is stale: run make locale-extract"
    for code in course_words.LANGUAGES:
        assert set(translations(code)) == template, f"{code}: run make locale-extract"


@pytest.mark.parametrize("code", sorted(COMPLETE))
def test_a_language_claimed_complete_translates_every_paragraph_keeping_the_notation(
    code: str,
) -> None:
    said = translations(code)
    assert said[None, course_words.LANGUAGE_COMMENT], "the language cell's comment"
    missing, notation, shape = [], [], []
    for name in COMPLETE[code]:
        for _, paragraph in course_words.paragraphs(english(name)):
            words = said[name, paragraph]
            if not words:
                missing.append(f"{name}: {paragraph[:60]!r}")
                continue
            # Cards, moves, positions and code stay as written; so do the links' targets.
            kept, lost = kept_as_written(words), kept_as_written(paragraph)
            if lost - kept:
                notation.append(f"{name}: {sorted(lost - kept)}")
            heading = re.match(r"#+ ", paragraph)
            table_changed = words.count("|") != paragraph.count("|")
            if (heading and not words.startswith(heading[0])) or table_changed:
                shape.append(f"{name}: {paragraph[:60]!r} -> {words[:60]!r}")
    assert missing == [], f"{len(missing)} paragraphs not translated into {code}: {missing}"
    assert notation == [], f"notation or links lost in {code}: {notation}"
    assert shape == [], f"headings or tables changed shape in {code}: {shape}"


@pytest.mark.parametrize("code", sorted(COMPLETE))
def test_each_complete_tutorial_is_built_whole_with_its_code_untouched(
    code: str, tmp_path: Path
) -> None:
    built = course_words.build(ROOT, tmp_path, (code,))[code]
    assert set(COMPLETE[code]) <= set(built)
    for name in built:
        source = english(name)
        notebook = json.loads((tmp_path / code / name).read_text(encoding="utf-8"))
        assert notebook["metadata"]["kingscorner"] == {"language": code}
        code_cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        first = course_words.source(code_cells[0])
        assert f'use_language("{code}")' in first
        assert [course_words.source(c) for c in code_cells[1:]] == [
            course_words.source(c) for c in source["cells"] if c["cell_type"] == "code"
        ]
        assert all(c["outputs"] == [] for c in code_cells), "English outputs left in"
        said = translations(code)
        prose = [
            block
            for c in notebook["cells"]
            if c["cell_type"] == "markdown"
            for block in course_words.blocks(course_words.source(c))
        ]
        expected = [
            said[name, block] if course_words.is_prose(block) else block
            for c in source["cells"]
            if c["cell_type"] == "markdown"
            for block in course_words.blocks(course_words.source(c))
        ]
        assert prose == expected


def test_a_tutorial_missing_one_paragraph_is_not_built_at_all() -> None:
    name = TUTORIALS[0]
    notebook = english(name)
    said = {e: w for (c, e), w in translations("fr").items() if c == name}
    one = next(paragraph for _, paragraph in course_words.paragraphs(notebook))
    assert course_words.translated(notebook, "fr", said.get, "en français") is not None
    partial = {**said, one: ""}
    assert course_words.translated(notebook, "fr", partial.get, "en français") is None
    assert course_words.translated(notebook, "fr", said.get, None) is None


def test_a_paragraph_in_two_notebooks_is_said_as_each_notebook_says_it() -> None:
    """The teachers' notebook addresses a teacher: its "In this notebook" is not a learner's."""
    shared = "**In this notebook** (about 40 minutes) you will:"
    learners, teachers = "03-play-against-the-computer.ipynb", "09-for-teachers.ipynb"
    for code, learner, teacher in (
        ("fr", "tu vas", "vous allez"),
        ("de", "wirst du", "werden Sie"),
    ):
        said = translations(code)
        assert learner in said[learners, shared]
        assert teacher in said[teachers, shared]


@pytest.mark.parametrize("code", sorted(COMPLETE))
def test_the_built_notebooks_in_the_checkout_are_current(code: str, tmp_path: Path) -> None:
    """What nbval runs from ``notebooks/<code>/`` is what the catalogue makes now."""
    course_words.build(ROOT, tmp_path, (code,))
    fresh = sorted(p.name for p in (tmp_path / code).glob("*.ipynb"))
    folder = ROOT / "notebooks" / code
    kept = sorted(p.name for p in folder.glob("*.ipynb"))
    assert kept == fresh, f"notebooks/{code}/ is not built: run make course"
    for name in fresh:
        same = (folder / name).read_text(encoding="utf-8") == (tmp_path / code / name).read_text(
            encoding="utf-8"
        )
        assert same, f"notebooks/{code}/{name} is stale: run make course"


def test_the_language_cell_makes_the_tables_below_speak_the_language() -> None:
    notebook = json.loads((ROOT / "notebooks" / "fr" / TUTORIALS[0]).read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    try:
        exec(course_words.source(cell), {})
        assert active() == "fr"
        widget = KingsCornerWidget(lesson="moves", mode="lesson")
        assert widget.table.language == "fr"
        assert widget.phrases["lang"] == "fr"
        assert widget.phrases["cards"]["Ac"] == "as de trèfle"
        assert KingsCornerWidget(language="de").table.language == "de"
        assert not widget._follows  # the notebook's choice, not the page's language
    finally:
        use_language(None)
    assert KingsCornerWidget()._follows


@given(
    st.lists(
        st.text(alphabet=st.sampled_from("ab `#*|-\t"), min_size=1).filter(
            lambda t: t.strip() and "```" not in t
        ),
        min_size=1,
        max_size=6,
    )
)
def test_blocks_cut_at_blank_lines_and_join_back(paragraphs: list[str]) -> None:
    one_line = [" ".join(p.split()) for p in paragraphs]
    text = "\n\n".join(one_line)
    found = course_words.blocks(text)
    assert found == one_line
    assert "\n\n".join(found) == text


def test_a_fenced_block_with_a_blank_line_stays_whole_and_is_not_prose() -> None:
    text = "Run this:\n\n```python\nx = 1\n\ny = 2\n```\n\nThen read."
    found = course_words.blocks(text)
    assert found == ["Run this:", "```python\nx = 1\n\ny = 2\n```", "Then read."]
    assert [course_words.is_prose(b) for b in found] == [True, False, True]
