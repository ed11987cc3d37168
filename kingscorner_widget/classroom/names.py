r"""Learners' names as the board compares them: one person, one key; a look-alike is flagged.

Two spellings of one name are one learner once normalised (Unicode NFKC, then casefolded):
full-width ``\uff41\uff44\uff41`` and ``Ada`` are ``ada``. A name that mixes scripts (a
Cyrillic ``\u0430`` among Latin letters), or that looks like another learner's name without
being it (``\u0430da`` beside ``ada``), is flagged for the teacher: the board cannot know who
typed it, and says so. Look-alikes are found with a small table of the Cyrillic and Greek
letters that look like Latin ones (:data:`LOOK_ALIKES`), after normalising.

>>> name_key("\uff21\uff24\uff21"), name_key("Ada")
('ada', 'ada')
>>> scripts("\u0430da"), skeleton("\u0430da")
(['Cyrillic', 'Latin'], 'ada')
>>> look_alikes(["ada", "\u0430da", "bo"])
{'\u0430da': 'mixes Cyrillic and Latin letters; looks like ada'}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ..display.language import gettext, listing

__all__ = ["LOOK_ALIKES", "look_alikes", "name_key", "scripts", "skeleton"]

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters that look like Latin ones (lower case: names are casefolded first)
        "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u0437": "3",
        "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u043a": "k", "\u043c": "m",
        "\u043d": "h", "\u043e": "o", "\u043f": "n", "\u0440": "p", "\u0441": "c",
        "\u0442": "t", "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u0501": "d",
        "\u04bb": "h", "\u04cf": "l", "\u051b": "q", "\u051d": "w", "\u04af": "y",
        "\u0261": "g", "\u0491": "r", "\u0433": "r",
        # Greek
        "\u03b1": "a", "\u03b2": "b", "\u03b3": "y", "\u03b5": "e", "\u03b9": "i",
        "\u03ba": "k", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t",
        "\u03c5": "u", "\u03c7": "x", "\u03c9": "w", "\u03b7": "n", "\u03bc": "u",
        "\u03c3": "o", "\u03f2": "c", "\u03f3": "j",
        # Latin letters that pass for others
        "\u0131": "i", "\u0269": "i", "\u01c0": "l",
    }
)  # fmt: skip
"""Letters that look like a Latin letter or digit, mapped to it."""


def name_key(name: str) -> str:
    """The name as compared: NFKC-normalised, then casefolded (and normalised again, as
    casefolding can undo it)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def scripts(name: str) -> list[str]:
    """The scripts of the name's letters, by the letters' Unicode names (digits, spaces and
    punctuation belong to none)."""
    found = set()
    for char in unicodedata.normalize("NFKC", name):
        if char.isalpha():
            words = unicodedata.name(char, "UNKNOWN").split()
            found.add(words[0].capitalize())
    return sorted(found)


def skeleton(name: str) -> str:
    """What the name looks like: its key with every look-alike letter made the Latin one."""
    return name_key(name).translate(LOOK_ALIKES)


def look_alikes(names: Iterable[str]) -> dict[str, str]:
    """The names to flag, each with why: mixing scripts, or looking like another name."""
    found = list(dict.fromkeys(names))
    by_look: dict[str, list[str]] = {}
    for name in found:
        by_look.setdefault(skeleton(name), []).append(name)
    flagged: dict[str, str] = {}
    for name in found:
        why = []
        mixed = scripts(name)
        if len(mixed) > 1:
            # TRANSLATORS: {scripts} names Unicode scripts as Unicode does ("LATIN and CYRILLIC")
            why.append(gettext("mixes {scripts} letters").format(scripts=listing(mixed)))
        others = [o for o in by_look[skeleton(name)] if name_key(o) != name_key(name)]
        if others and not name.isascii():  # the plain Latin spelling is the one looked like
            why.append(gettext("looks like {names}").format(names=", ".join(sorted(others))))
        if why:
            flagged[name] = "; ".join(why)
    return flagged
