"""Extract the project's words into one catalogue per area and merge them into every language.

``make locale-extract`` runs this. Babel extracts every word the package's modules mark (the
keywords of ``KEYWORDS``); each word then goes to the area of the first file that marks it
(``AREAS``, the longest prefix that matches), and each area has its own template
``kingscorner_widget/locale/<area>.pot`` and, per language, ``<code>/LC_MESSAGES/<area>.po``.
The table reads every area's compiled catalogue as one (:func:`~kingscorner_widget.display.
language.catalogue`), so an area is only how the words are kept: a translator, or a change,
works on the words of one part of the product without touching the others' files.

The lessons' data (``lessons/data/*.json``) is read directly: each text field a learner reads
(a lesson's title and summary; a step's title, narration, hints, after-text and reason) joins
the ``lessons`` area, its location the lesson file and the field (``01-moves.json:steps[0].
narration``); the lesson runner says each through ``gettext`` when it is said.

The tutorials' prose is one more area, ``course`` (:mod:`kingscorner_widget.course_words`: each
markdown paragraph of each tutorial is an entry); the table never says these words, so the
runtime does not read that area.

Run ``python scripts/extract_words.py`` (or ``make locale-extract``); ``--check`` writes nothing
and fails when a template is stale.
"""

from __future__ import annotations

import argparse
import io
import json
import runpy
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kingscorner_widget"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("es", "fr", "de")
COURSE_WORDS = runpy.run_path(str(PACKAGE / "course_words.py"))
"""The tutorials' prose (read as a file: ``course_words`` needs none of the package)."""
COURSE = str(COURSE_WORDS["AREA"])
KEYWORDS = ("Nn_:1,2", "NP_:1c,2")
"""Besides gettext's own: a counted phrase's two forms, and a word with its context."""

AREAS: dict[str, tuple[str, ...]] = {
    "lessons": (
        "lessons/",
        "table/lesson.py",
        "table/guide.py",
        "table/marks.py",
        "classroom/course_map.py",
    ),
    "review": (
        "table/review.py",
        "table/estimates.py",
        "table/advice.py",
        "table/explore.py",
        "table/tree.py",
        "analysis/judging/",
        "analysis/players/",
        "analysis/search/",
        "analysis/stats.py",
        "analysis/positions.py",
        "analysis/progress.py",
        "display/charts.py",
        "display/tables.py",
    ),
    "class": (
        "classroom/",
        "server/",
        "analysis/league/",
        "analysis/runs/",
        "sandbox/",
        "cli.py",
        "__main__.py",
        "course.py",
    ),
    "play": ("engine/", "table/"),
    "page": ("",),
}
"""Each area and the files (paths under ``kingscorner_widget/``, a folder ends with ``/``) whose
words it keeps: the lessons; reviews, hints and analysis; the class (board, server, league,
command line); a hand's play (the rules' words and the table's); the rest of the page. A file
belongs to the area of the longest prefix it starts with."""

SHARED_GO_TO = ("play", "page", "review", "lessons", "class")
"""Where a word marked in files of several areas is kept: the first of its areas in this order
(a hand's words are the most shared, so a lesson's "Hint" is kept with the table's)."""


LESSON_DATA = PACKAGE / "lessons" / "data"
LESSON_FIELDS = ("title", "summary")
STEP_FIELDS = ("title", "narration", "hints", "after", "reason")
"""The text fields of a lesson and of each of its steps (the rest is notation and options)."""
MARKDOWN = "Markdown: keep the ** around the words in bold and the blank lines between paragraphs."


def lesson_texts(path: Path) -> list[tuple[str, str]]:
    """Every learner's text of the lesson file ``path``, with its field, in the file's order.

    >>> lesson_texts(LESSON_DATA / "01-moves.json")[:3]  # doctest: +ELLIPSIS
    [('title', 'Every kind of move'), ('summary', 'The five things ...'), ('steps[0].title', ...)]
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    found = [(field, data[field]) for field in LESSON_FIELDS if data.get(field)]
    for number, step in enumerate(data["steps"]):
        for field in STEP_FIELDS:
            value = step.get(field)
            texts = value if isinstance(value, list) else [value]
            for index, text in enumerate(texts):
                where = f"[{index}]" if isinstance(value, list) else ""
                if text:
                    found.append((f"steps[{number}].{field}{where}", text))
    return found


def lesson_messages() -> Catalog:
    """The lessons' data as a catalogue: each text once, located at every file and field that
    says it."""
    found = Catalog(fuzzy=False, charset="utf-8")
    for path in sorted(LESSON_DATA.glob("*.json")):
        for field, text in lesson_texts(path):
            where = (f"kingscorner_widget/lessons/data/{path.name}:{field}", 0)
            comments = [MARKDOWN] if "**" in text or "\n" in text else []
            message = found.get(text)
            if message is None:
                found.add(text, locations=[where], auto_comments=comments)
            else:
                message.locations.append(where)
    return found


def area_of(path: str) -> str:
    """The area keeping the words of ``path`` (a path under ``kingscorner_widget/``).

    >>> area_of("table/lesson.py"), area_of("table/play.py"), area_of("widget/remote.py")
    ('lessons', 'play', 'page')
    """
    matches = [(prefix, area) for area, prefixes in AREAS.items() for prefix in prefixes]
    return max(
        ((prefix, area) for prefix, area in matches if path.startswith(prefix)),
        key=lambda match: len(match[0]),
    )[1]


def extracted() -> Catalog:
    """Every word the package marks, as Babel extracts it (file locations, no line numbers)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "all.pot"
        keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
        CommandLineInterface().run(  # type: ignore[no-untyped-call]
            [
                *("pybabel", "--quiet", "extract", "-F", str(ROOT / "babel.cfg"), *keywords),
                *("--add-comments=TRANSLATORS:", "--project=kingscorner-widget"),
                "--copyright-holder=The kingscorner-widget developers",
                *("-o", str(out), str(PACKAGE)),
            ]
        )
        with out.open("rb") as file:
            return read_po(file)


def templates() -> dict[str, Catalog]:
    """The extracted words, split into one template per area."""
    found = extracted()
    split = {area: _empty(found) for area in AREAS}
    for message in found:
        if not message.id:
            continue
        paths = [Path(path).resolve().relative_to(PACKAGE) for path, _ in message.locations]
        message.locations = [(f"kingscorner_widget/{path.as_posix()}", 0) for path in paths]
        area = min((area_of(path.as_posix()) for path in paths), key=SHARED_GO_TO.index)
        split[area][message.id] = message
    for message in lesson_messages():
        if not message.id:
            continue
        kept = next((area for area, c in split.items() if c.get(message.id) is not None), None)
        if kept is None:
            split["lessons"][message.id] = message
        elif kept == "lessons":  # a word the lessons' code marks too
            split["lessons"][message.id].locations += message.locations
        # else a word another area keeps (a step titled "Pass"): said with its translation
    split[COURSE] = course_template(_empty(found))
    return split


def course_template(template: Catalog) -> Catalog:
    """The tutorials' paragraphs, one entry each, its notebook's name its context."""
    for context, paragraph, where, note in COURSE_WORDS["entries"](ROOT):
        message = Message(paragraph, locations=[(where, 0)], auto_comments=[note], context=context)
        template[paragraph] = message  # keyed by its context too
    return template


def _empty(like: Catalog) -> Catalog:
    return Catalog(
        project=like.project,
        copyright_holder=like.copyright_holder,
        fuzzy=False,
        charset="utf-8",
    )


def _written(catalogue: Catalog, area: str = "") -> bytes:
    """The catalogue as a ``.po`` file: sorted, but the course's in the tutorials' order (a
    translator reads a tutorial from top to bottom)."""
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalogue,
        width=0,
        sort_output=area != COURSE,
        ignore_obsolete=True,
        include_lineno=False,
        omit_header=False,
    )
    return buffer.getvalue()


def _without_dates(po: bytes) -> bytes:
    return b"\n".join(line for line in po.split(b"\n") if b"-Date:" not in line)


def _translated(code: str) -> dict[tuple[str | None, object], Message]:
    """Every word translated in any area's ``.po`` of ``code``, by its context and id."""
    found: dict[tuple[str | None, object], Message] = {}
    for po in sorted((LOCALE / code / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as file:
            for message in read_po(file, locale=code):
                if message.id and _translated_whole(message) and not message.fuzzy:
                    found[(message.context, message.id)] = message
    return found


def _translated_whole(message: Message) -> bool:
    """Whether every form of ``message`` (a counted phrase has several) is translated."""
    forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
    return bool(forms) and all(forms)


def _carry_over(catalogue: Catalog, known: dict[tuple[str | None, object], Message]) -> None:
    """Keep the translation of a word that moved from another area (or that another branch of
    the code translated there): a word is translated once, wherever it is kept."""
    for message in list(catalogue):
        before = known.get((message.context, message.id))
        if message.id and before is not None and not _translated_whole(message):
            moved = message.clone()  # the template's own message is shared by every language
            moved.string = before.string
            moved.user_comments = list(before.user_comments)
            catalogue.delete(message.id, context=message.context)  # setting would merge
            catalogue[message.id] = moved


def write(check: bool = False) -> list[Path]:
    """Write each area's template and merge it into each language's ``.po`` (new words wait
    there, untranslated, for tests/test_language.py to name); returns the files that changed.
    With ``check``, nothing is written."""
    changed = []
    known = {code: _translated(code) for code in LANGUAGES}
    for area, template in templates().items():
        target = LOCALE / f"{area}.pot"
        new = _written(template, area)
        old = target.read_bytes() if target.is_file() else b""
        if _without_dates(new) != _without_dates(old):
            changed.append(target)
            if not check:
                target.write_bytes(new)
        for code in LANGUAGES:
            po = LOCALE / code / "LC_MESSAGES" / f"{area}.po"
            if po.is_file():
                with po.open("rb") as file:
                    catalogue = read_po(file, locale=code)
            else:
                catalogue = Catalog(
                    locale=code,
                    project=template.project,
                    copyright_holder=template.copyright_holder,
                    fuzzy=False,
                )
            catalogue.update(template, no_fuzzy_matching=True)
            _carry_over(catalogue, known[code])
            merged = _written(catalogue, area)
            if not po.is_file() or _without_dates(merged) != _without_dates(po.read_bytes()):
                changed.append(po)
                if not check:
                    po.parent.mkdir(parents=True, exist_ok=True)
                    po.write_bytes(merged)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail when stale")
    check = parser.parse_args(argv).check
    stale = write(check=check)
    for path in stale:
        print(f"{'stale' if check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if stale and check else 0


if __name__ == "__main__":
    sys.exit(main())
