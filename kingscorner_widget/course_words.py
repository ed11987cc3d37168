"""The tutorials in other languages: their prose as a catalogue, their notebooks built from it.

The English notebooks in ``notebooks/`` stay the one source. Their markdown is cut into
paragraphs (:func:`blocks`: a heading, a paragraph, a list or a table; a fenced code block is
code and stays as it is), and each paragraph is one entry of the catalogue area ``course``
(``locale/course.pot``, and per language ``locale/<code>/LC_MESSAGES/course.po``, which
``make locale-extract`` keeps merged). A language's notebook (:func:`translated`) is the English
one with each paragraph replaced by its translation, its outputs cleared (they were said in
English), and a first code cell that makes every table below speak the language
(:func:`~kingscorner_widget.display.language.use_language`); its code cells are the English
notebook's own. A notebook with any paragraph not yet translated is not built in that language:
a learner never gets a notebook half in English.

The runtime never reads this area (the table does not say these words), so it is never compiled
into a ``.mo``: the built notebooks are its compiled form, made by the package's build (the
wheel's ``tutorials/<code>/``), by the browser course's build, and by ``make course`` (into
``notebooks/<code>/``, git-ignored).

This module needs only the standard library and Babel: the builds read it as a file, without
importing the package.

>>> blocks("# Title\\n\\nSome *prose*,\\nwrapped.\\n\\n```python\\nx = 1\\n\\ny = 2\\n```")
['# Title', 'Some *prose*,\\nwrapped.', '```python\\nx = 1\\n\\ny = 2\\n```']
>>> [is_prose(block) for block in _ + ["`Th>N` `Ks>NE`", "    kingscorner league"]]
[True, True, False, False, False]
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

AREA = "course"
"""The catalogue area of the tutorials' prose."""
LANGUAGES = ("es", "fr", "de")
"""The languages the course may be built in."""
TUTORIALS_FILE = Path("kingscorner_widget") / "course.py"
NOTEBOOKS = Path("notebooks")
LOCALE = Path("kingscorner_widget") / "locale"

LANGUAGE_COMMENT = "every table in this notebook speaks English"
"""The comment beside a translated notebook's first code cell (translated like the prose)."""
LANGUAGE_COMMENT_NOTE = (
    "TRANSLATORS: the comment beside use_language(...) in the first code cell of each "
    "translated notebook: name your own language"
)
LANGUAGE_CELL = 'from kingscorner_widget import use_language\n\nuse_language("{code}")  # {comment}'
"""A translated notebook's first code cell."""

AUDIENCE = {
    "06": "older learners",
    "08": "older learners",
    "09": "teachers",
}
"""Who reads each tutorial, when it is not a learner of 10 to 14 (a note for translators)."""

_FENCE = re.compile(r"^\s*(```|~~~)")
_INLINE_CODE = re.compile(r"`[^`]*`")


def blocks(markdown: str) -> list[str]:
    """``markdown`` cut at its blank lines into blocks, a fenced code block kept whole."""
    found: list[list[str]] = [[]]
    fenced = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and not line.strip() and not _FENCE.match(line):
            found.append([])
        else:
            found[-1].append(line)
    return ["\n".join(lines) for lines in found if lines and "\n".join(lines).strip()]


def is_prose(block: str) -> bool:
    """Whether ``block`` has words to translate (not a fenced or indented code block, not only
    notation)."""
    if _FENCE.match(block) or all(line.startswith(("    ", "\t")) for line in block.split("\n")):
        return False
    return re.search(r"[A-Za-z]{2}", _INLINE_CODE.sub("", block)) is not None


def tutorials(root: Path) -> tuple[str, ...]:
    """The shipped tutorials' names (``kingscorner_widget/course.py``, read as a file)."""
    text = (root / TUTORIALS_FILE).read_text(encoding="utf-8")
    return tuple(re.findall(r'"(\d\d-[\w-]+\.ipynb)"', text))


def read_notebook(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def source(cell: Mapping[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def paragraphs(notebook: Mapping[str, Any]) -> Iterator[tuple[int, str]]:
    """Each paragraph to translate in ``notebook``, with the index of its cell."""
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            yield from ((index, block) for block in blocks(source(cell)) if is_prose(block))


def entries(root: Path) -> Iterator[tuple[str | None, str, str, str]]:
    """Every entry of the course's template, in the course's order: ``(context, paragraph,
    where, note)``. A paragraph's context is its notebook's name, so that the same English in two
    notebooks may be said two ways (the teachers' notebook addresses a teacher); ``where`` is
    the notebook's path, ``note`` a comment for its translator."""
    yield None, LANGUAGE_COMMENT, "kingscorner_widget/course_words.py", LANGUAGE_COMMENT_NOTE
    for name in tutorials(root):
        notebook = read_notebook(root / NOTEBOOKS / name)
        reader = AUDIENCE.get(name[:2], "learners of 10 to 14")
        for index, block in paragraphs(notebook):
            note = f"TRANSLATORS: cell {index}, for {reader}"
            yield name, block, f"notebooks/{name}", note


def translated(
    notebook: Mapping[str, Any],
    code: str,
    translate: Callable[[str], str | None],
    comment: str | None,
) -> dict[str, Any] | None:
    """``notebook`` in the language ``code``, each paragraph as ``translate`` says it and
    ``comment`` beside its first code cell, or ``None`` when it lacks one (a notebook is built
    whole or not at all).

    >>> notebook = {"metadata": {}, "nbformat": 4, "nbformat_minor": 5, "cells": [
    ...     {"cell_type": "markdown", "metadata": {}, "source": "# Hello\\n\\n`Th>N`"},
    ...     {"cell_type": "code", "metadata": {}, "source": "1 + 1", "outputs": [{}],
    ...      "execution_count": 3}]}
    >>> built = translated(notebook, "fr", {"# Hello": "# Bonjour"}.get, "tout en français")
    >>> for cell in built["cells"]:
    ...     print(source(cell))
    # Bonjour
    <BLANKLINE>
    `Th>N`
    from kingscorner_widget import use_language
    <BLANKLINE>
    use_language("fr")  # tout en français
    1 + 1
    >>> built["cells"][2]["outputs"], built["metadata"]["kingscorner"]
    ([], {'language': 'fr'})
    >>> translated(notebook, "de", {}.get, "alles auf Deutsch") is None
    True
    """
    if not comment:
        return None
    cells = []
    for cell in notebook["cells"]:
        cell = copy.deepcopy(dict(cell))
        if cell["cell_type"] == "markdown":
            said = []
            for block in blocks(source(cell)):
                words = translate(block) if is_prose(block) else block
                if not words:
                    return None
                said.append(words)
            cell["source"] = "\n\n".join(said)
        elif cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    first_code = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    language_cell: dict[str, Any] = {
        "id": "use-language",
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": LANGUAGE_CELL.format(code=code, comment=comment),
    }
    cells.insert(first_code, language_cell)
    metadata = {key: value for key, value in notebook["metadata"].items() if key != "widgets"}
    metadata["kingscorner"] = {"language": code}
    return {**notebook, "metadata": metadata, "cells": cells}


def catalogue(root: Path, code: str) -> dict[tuple[str | None, str], str]:
    """The course's translations into ``code`` (``locale/<code>/LC_MESSAGES/course.po``): each
    paragraph, by its notebook and its English, and its translation (a fuzzy or empty one left
    out)."""
    from babel.messages.pofile import read_po

    path = root / LOCALE / code / "LC_MESSAGES" / f"{AREA}.po"
    if not path.is_file():
        return {}
    with path.open("rb") as file:
        found = read_po(file, locale=code, abort_invalid=True)
    return {
        (message.context, message.id): message.string
        for message in found
        if isinstance(message.id, str)
        and message.id
        and isinstance(message.string, str)
        and message.string
        and not message.fuzzy
    }


def _in(words: Mapping[tuple[str | None, str], str], name: str) -> Callable[[str], str | None]:
    """How the notebook ``name``'s paragraphs are said in ``words``."""
    return lambda paragraph: words.get((name, paragraph))


def notebook_text(notebook: Mapping[str, Any]) -> str:
    """A notebook as JSON, as Jupyter writes it."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def build(root: Path, into: Path, languages: tuple[str, ...] = LANGUAGES) -> dict[str, list[str]]:
    """Write each language's translated tutorials into ``into/<code>/`` (each folder made anew,
    only with the tutorials translated whole); returns the names written per language."""
    import shutil

    written: dict[str, list[str]] = {}
    for code in languages:
        words = catalogue(root, code)
        folder = into / code
        shutil.rmtree(folder, ignore_errors=True)
        written[code] = []
        comment = words.get((None, LANGUAGE_COMMENT))
        for name in tutorials(root):
            source = read_notebook(root / NOTEBOOKS / name)
            notebook = translated(source, code, _in(words, name), comment)
            if notebook is not None:
                folder.mkdir(parents=True, exist_ok=True)
                (folder / name).write_text(notebook_text(notebook), encoding="utf-8")
                written[code].append(name)
    return written


def main() -> None:  # pragma: no cover (make course)
    root = Path(__file__).resolve().parent.parent
    for code, names in build(root, root / NOTEBOOKS).items():
        print(f"notebooks/{code}/: {len(names)} tutorials")


if __name__ == "__main__":  # pragma: no cover
    main()
