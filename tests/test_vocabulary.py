"""Cards are phrased in one place, :mod:`kingscorner_widget.engine.words` (on the names of ranks
and suits that :mod:`~kingscorner_widget.engine.cards` defines). Every other module of the package
is read, and a card phrased there fails: reading a rank's or a suit's name (``.word``), a card's
old ``words()``, or a card written out in a string ("ten of hearts"), docstrings aside (their
examples show what words says).
"""

from __future__ import annotations

import ast
import pathlib
import re
from collections.abc import Iterator

import kingscorner_widget

PACKAGE = pathlib.Path(kingscorner_widget.__file__).parent
VOCABULARY = {PACKAGE / "engine" / "words.py", PACKAGE / "engine" / "cards.py"}
_CARD_WORDS = re.compile(
    r"\b(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)s? of "
    r"(?:clubs|diamonds|hearts|spades)\b",
    re.IGNORECASE,
)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions, and of the
    attribute docstrings that follow assignments."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, statement in enumerate(body):
            is_doc = i == 0 or isinstance(body[i - 1], ast.Assign | ast.AnnAssign)
            if (
                is_doc
                and isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                found.add(id(statement.value))
    return found


def phrasings(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for each card phrased in ``source``."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "word":
            yield node.lineno, f"a rank's or suit's name (.{node.attr})"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "words"
            and not node.args
        ):
            yield node.lineno, "a card's words()"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and (match := _CARD_WORDS.search(node.value))
        ):
            yield node.lineno, f"a card written out ({match.group()!r})"


def phrased_outside_words(root: pathlib.Path = PACKAGE) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        if path in VOCABULARY:
            continue
        for line, what in phrasings(path.read_text(encoding="utf-8")):
            out.append(f"{path.relative_to(root)}:{line}: {what}")
    return out


def test_the_reader_finds_card_phrasings() -> None:
    source = '''
def f(card):
    """Say "the ten of hearts"."""
    a = f"the {card.rank.word} of {card.suit.word}"
    b = card.words()
    return "the king of spades"
'''
    found = sorted(phrasings(source))
    assert found == [
        (4, "a rank's or suit's name (.word)"),
        (4, "a rank's or suit's name (.word)"),
        (5, "a card's words()"),
        (6, "a card written out ('king of spades')"),
    ]


def test_no_card_is_phrased_outside_words() -> None:
    assert phrased_outside_words() == []


# -- words owns plurals and lists, and one table of rank names ------------------------------------


def test_words_keeps_no_rank_name_table_of_its_own() -> None:
    source = (PACKAGE / "engine" / "words.py").read_text(encoding="utf-8")
    assert '"queen"' not in source
    assert '"jack"' not in source  # the names come from Rank.word, in cards.py


def test_counts_and_lists_agree_through_one_helper_each() -> None:
    from kingscorner_widget.engine.words import (
        count_words,
        no_or_count,
        players_listed,
        win_clause,
    )

    assert [count_words(n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count_words(1, "inaccuracy", "inaccuracies") == "1 inaccuracy"
    assert count_words(3, "inaccuracy", "inaccuracies") == "3 inaccuracies"
    assert no_or_count(0, "corner") == "no corner"
    assert players_listed(["P1", "You", "P3"]) == "P1, you and P3"
    assert players_listed(["You", "P2"], start=True) == "You and P2"
    assert win_clause(["P1", "You", "P3"]) == "P1, you and P3 share the win"
    assert win_clause(["You"]) == "you win"
    assert win_clause(["P2"]) == "P2 wins"


def test_a_card_is_named_by_rank_alone_only_when_no_other_card_of_that_rank_is_in_question() -> (
    None
):
    from kingscorner_widget.engine.cards import Card
    from kingscorner_widget.engine.words import rank_words

    seven = Card.parse("7s")
    assert rank_words(seven, [Card.parse("9h")]) == "the seven"
    assert rank_words(seven, [seven, Card.parse("7d")]) == "the seven of spades"
