"""The language the table speaks: gettext catalogues chosen per table, English by default.

The project's words are marked in the source (``_("...")`` to translate now, ``N_("...")`` to
mark a word translated later) and extracted with Babel (``babel.cfg``, ``make locale-extract``)
into one template per area of the product (``locale/<area>.pot``: the play, the lessons, the
reviews, the class, the page); each language's ``locale/<code>/LC_MESSAGES/<area>.po`` is
compiled into a ``.mo`` by the package's build (and ``make``), and the areas are read as one.
A table speaks one language, given by :func:`speaking`; everything it says while it speaks
goes through :func:`gettext`, :func:`ngettext` and :func:`pgettext`, which read the active
language and fall back to the English source for a word a catalogue lacks.
Plural categories and lists follow CLDR's rules for the four languages, kept here as a small
table (:data:`PLURAL_RULES`, :data:`LIST_PATTERNS`; the tests check them against Babel's CLDR
data), so that the package needs no Babel at runtime: Babel extracts and compiles the
catalogues when the package is built.

The reserved code :data:`PSEUDO` is no language: it takes every English word the catalogue
knows and writes it accented, about 40% longer and in brackets, so that a test can see any text
that never went through the catalogue.

>>> gettext("Hint")
'Hint'
>>> with speaking("fr"):
...     gettext("Hint")
'Indice'
>>> with speaking(PSEUDO):
...     pseudo = gettext("Hint")
>>> pseudo.startswith("[") and pseudo.endswith("]") and len(pseudo) > len("Hint") * 1.4
True
>>> check_language("klingon")
Traceback (most recent call last):
...
ValueError: the table speaks en, es, fr or de (or qps, the test language), not 'klingon'
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import gettext as _gettext
import locale as _locale
import math
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

__all__ = [
    "COURSE_AREA",
    "ENGLISH",
    "LANGUAGES",
    "LIST_PATTERNS",
    "LOCALE_DIR",
    "N_",
    "PLURAL_RULES",
    "PSEUDO",
    "Later",
    "Nn_",
    "active",
    "catalogue",
    "check_language",
    "chosen",
    "gettext",
    "listing",
    "ngettext",
    "npgettext",
    "percent",
    "pgettext",
    "plural_category",
    "plural_samples",
    "pseudo",
    "read_template",
    "say",
    "speaking",
    "spoken",
    "system_language",
    "template",
    "use_language",
]

ENGLISH = "en"
"""The source language: the words as the code writes them."""
LANGUAGES = ("en", "es", "fr", "de")
"""The languages a table speaks."""
PSEUDO = "qps"
"""The test language (a code reserved for private use): English, accented, longer, bracketed."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<code>/LC_MESSAGES/<area>.po`` (and the compiled ``.mo``), and
each area's template ``<area>.pot``."""
COURSE_AREA = "course"
"""The area of the tutorials' prose (:mod:`kingscorner_widget.course_words`): the table never
says those words, so the runtime neither reads nor needs it compiled."""

_ACTIVE: contextvars.ContextVar[str] = contextvars.ContextVar("language")
_CHOSEN: list[str | None] = [None]
"""The language :func:`use_language` chose for this Python, if it did."""


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Mark ``message`` for the catalogue without translating it (it is translated where it is
    said, by :func:`gettext`).

    >>> N_("Undo")
    'Undo'
    """
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (after N_)
    """Mark a counted phrase's two English forms for the catalogue (translated where it is said,
    by :func:`ngettext`).

    >>> Nn_("{n} card", "{n} cards")
    ('{n} card', '{n} cards')
    """
    return singular, plural


def NP_(context: str, message: str) -> str:  # noqa: N802 (after N_)
    """Mark ``message``, in the sense ``context`` names, for the catalogue without translating it
    (it is translated where it is said, by :func:`pgettext` with the same context).

    >>> NP_("a card's rank", "jack")
    'jack'
    """
    return message


class Later:
    """A sentence kept unsaid: a marked ``message`` and its slots, said in the language spoken
    when it is shown (:func:`say`), so a table that changes language says it again in the new
    one. A slot may hold another :class:`Later`.

    >>> title = Later(N_("Hand {n}"), n=2)
    >>> say(title)
    'Hand 2'
    >>> with speaking("de"):
    ...     say(title)
    'Runde 2'
    >>> with speaking(PSEUDO):
    ...     say(title).startswith("[")
    True
    """

    __slots__ = ("message", "slots")

    def __init__(self, message: str, **slots: object) -> None:
        self.message = message
        """The English message, marked for the catalogue where the sentence is made."""
        self.slots = slots
        """What fills its ``{slots}`` (facts, not words)."""

    def __str__(self) -> str:
        return gettext(self.message).format(
            **{
                name: say(value) if isinstance(value, Later) else value
                for name, value in self.slots.items()
            }
        )

    def __repr__(self) -> str:
        return f"Later({self.message!r}, {self.slots!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Later):
            return NotImplemented
        return (self.message, self.slots) == (other.message, other.slots)

    def __hash__(self) -> int:
        return hash((self.message, tuple(sorted(self.slots))))

    def __bool__(self) -> bool:
        return True


def say(words: str | Later) -> str:
    """``words`` in the active language: a :class:`Later` said now, a literal (a teacher's own
    title) as it is.

    >>> say("Deal 4 of my own"), say(Later(N_("Explore")))
    ('Deal 4 of my own', 'Explore')
    """
    return str(words) if isinstance(words, Later) else words


_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{2,8})*")
"""A language tag (BCP 47's shape, or a POSIX locale's): the language, then its region..."""


def check_language(code: object) -> str:
    """``code`` as the table's language (a region is dropped: ``"fr-CA"`` speaks ``"fr"``), or a
    ``ValueError`` naming the languages there are.

    >>> check_language("de"), check_language("es-MX"), check_language("EN_gb")
    ('de', 'es', 'en')
    """
    found = _TAG.fullmatch(code) if isinstance(code, str) else None
    if found is not None and found[1].lower() in (*LANGUAGES, PSEUDO):
        return found[1].lower()
    raise ValueError(
        f"the table speaks {', '.join(LANGUAGES[:-1])} or {LANGUAGES[-1]} "
        f"(or {PSEUDO}, the test language), not {code!r}"
    )


def spoken(code: object) -> str | None:
    """``code`` as a language the table speaks, or ``None`` when it names none (another
    language, or no language at all): what an untrusted report of a language is read with.

    >>> spoken("fr-FR"), spoken("ja"), spoken("<script>"), spoken(None)
    ('fr', None, None, None)
    """
    try:
        return check_language(code)
    except ValueError:
        return None


_MESSAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the language of messages, the first set one deciding
(GNU gettext's order, and Python's :func:`gettext.find`'s)."""


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the system's locale names (the notebook kernel's), if the table speaks it:
    the first of ``LANGUAGE`` (a ``:``-separated list of preferences), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set decides, as it does for gettext (``C`` and
    ``POSIX`` name no language); with none set, :func:`locale.getlocale`. ``None`` when it names
    none the table speaks.

    >>> system_language({"LANG": "de_DE.UTF-8"}), system_language({"LANGUAGE": "ja:es_MX"})
    ('de', 'es')
    >>> system_language({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}) is None
    True
    """
    environ = os.environ if environ is None else environ
    for variable in _MESSAGE_VARIABLES:
        if environ.get(variable):
            return _first_spoken(environ[variable].split(":"))
    try:
        found = _locale.getlocale()[0]
    except (ValueError, TypeError, AttributeError, _locale.Error):  # one Python cannot name
        return None
    return _first_spoken([found or ""])


def _first_spoken(names: Sequence[str]) -> str | None:
    """The first of POSIX locale names (``fr_FR.UTF-8@euro``) that the table speaks; ``C`` or
    ``POSIX`` ends the search (the source language)."""
    for name in names:
        bare = re.split(r"[.@]", name, maxsplit=1)[0]
        if bare in ("C", "POSIX"):
            return None
        found = spoken(bare)
        if found is not None:
            return found
    return None


def active() -> str:
    """The language spoken now: the :func:`speaking` block's, else the one :func:`use_language`
    chose (English unless it was called).

    >>> active()
    'en'
    """
    return _ACTIVE.get(_CHOSEN[0] or ENGLISH)


def chosen() -> str | None:
    """The language :func:`use_language` chose for this Python, or ``None`` (tables follow the
    page's language)."""
    return _CHOSEN[0]


def use_language(code: str | None) -> str | None:
    """Speak ``code`` (checked by :func:`check_language`) from now on in this Python wherever no
    table or :func:`speaking` block says otherwise: a table made without ``language=`` speaks
    it rather than follow the page's language, and so does everything said outside a table. A
    translated tutorial's first code cell calls it. ``None`` undoes the choice (tables follow
    the page again). Returns the choice.

    >>> use_language("de")
    'de'
    >>> gettext("Hint"), active(), chosen()
    ('Tipp', 'de', 'de')
    >>> with speaking("fr"):
    ...     active()
    'fr'
    >>> use_language(None) is None and active() == "en"
    True
    """
    _CHOSEN[0] = None if code is None else check_language(code)
    return _CHOSEN[0]


@contextlib.contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` (checked by :func:`check_language`) inside the ``with`` block.

    >>> with speaking("es"):
    ...     active()
    'es'
    >>> active()
    'en'
    """
    token = _ACTIVE.set(check_language(code))
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


@cache
def catalogue(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English and the test language read the source).

    A language without its ``.mo`` is a broken install or a checkout never built: it says so
    rather than speak English under another language's name."""
    code = check_language(code)
    if code in (ENGLISH, PSEUDO):
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    compiled = [po.with_suffix(".mo") for po in _sources(folder)]
    missing = ", ".join(mo.name for mo in compiled if not mo.is_file()) or (
        "" if compiled else "every .mo"
    )
    if missing:
        raise FileNotFoundError(
            f"the {code!r} catalogue is not compiled ({folder} lacks {missing}): "
            "run `make locale`, or install the package from its wheel"
        )
    whole: _gettext.NullTranslations | None = None
    for po in _sources(folder):
        with po.with_suffix(".mo").open("rb") as file:
            area = _gettext.GNUTranslations(file)
        if whole is None:
            whole = area
        else:
            whole.add_fallback(area)
    assert whole is not None
    return whole


def _sources(folder: Path) -> list[Path]:
    """The areas' catalogues in ``folder``: each ``.po`` (in a checkout), or each ``.mo`` (in a
    wheel, which carries only the compiled files)."""
    found = {path.with_suffix("") for path in folder.glob("*.po")}
    found |= {path.with_suffix("") for path in folder.glob("*.mo")}
    return [path.with_suffix(".po") for path in sorted(found) if path.name != COURSE_AREA]


_ACCENTS = str.maketrans(
    "AaBCcDdEeFfGgHhIiJjKkLlNnOoPpRrSsTtUuWwYyZz",
    "ÅåßÇçÐđÉéƑƒĜĝĤĥÎîĴĵĶķĻļÑñÖöÞþŘřŠšŢţÛûŴŵÝýŽž",
)
_SLOT = re.compile(r"(\{\w+\}|%\(\w+\)[sd])")


def pseudo(text: str) -> str:
    """``text`` in the test language: letters accented, slots kept, about 40% longer, bracketed.
    The padding comes in words of at most ten, so that a long text wraps as a translation would.

    >>> pseudo("Step {i} of {n}")
    '[Šţéþ {i} öƒ {n} ~~~~]'
    >>> pseudo("A card from your hand goes on a pile")[-16:]
    '~~~~~~~~~ ~~~~~]'
    """
    if not text.strip():
        return text
    parts = _SLOT.split(text)
    accented = "".join(p if _SLOT.fullmatch(p) else p.translate(_ACCENTS) for p in parts)
    visible = len(_SLOT.sub("", text))
    tildes = "~" * max(1, math.ceil(visible * 0.4))
    padding = " ".join(tildes[i : i + 10] for i in range(0, len(tildes), 10))
    return f"[{accented} {padding}]"


@cache
def template() -> frozenset[tuple[str | None, str]]:
    """Every word the catalogue holds, as ``(context, English)`` (a counted phrase by its English
    singular): the areas' templates ``locale/<area>.pot`` that extraction writes.

    >>> (None, "Hint") in template(), ("a card's rank", "jack") in template()
    (True, True)
    """
    words: set[tuple[str | None, str]] = set()
    for path in sorted(LOCALE_DIR.glob("*.pot")):
        words |= read_template(path.read_text(encoding="utf-8"))
    return frozenset(words)


_ENTRY_LINE = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")\s*')
_CONTINUED = re.compile(r'\s*(".*")\s*')


def read_template(text: str) -> set[tuple[str | None, str]]:
    """The words of one template (the text of a ``.pot``), as ``(context, English)``: what
    Babel's ``read_po`` lists, read with the standard library alone (the header, whose English
    is empty, and obsolete ``#~`` entries are not words).

    >>> read_template('''msgid ""
    ... msgstr "Content-Type: text/plain; charset=utf-8\\\\n"
    ...
    ... msgctxt "a card's rank"
    ... msgid "jack"
    ... msgstr ""
    ...
    ... msgid "{n} card"
    ... msgid_plural "{n} cards"
    ... msgstr[0] ""
    ... ''') == {("a card's rank", "jack"), (None, "{n} card")}
    True
    """
    words: set[tuple[str | None, str]] = set()
    entry: dict[str, str] = {}  # the entry being read: its fields' text so far
    field = ""  # the field a continued string adds to

    def close() -> None:
        if entry.get("msgid"):
            words.add((entry.get("msgctxt"), entry["msgid"]))
        entry.clear()

    for line in text.splitlines():
        keyword = _ENTRY_LINE.fullmatch(line)
        continued = _CONTINUED.fullmatch(line)
        if keyword is not None:
            if keyword[1] in ("msgctxt", "msgid") and "msgstr" in entry:
                close()  # the next entry begins
            field = keyword[1].split("[")[0]  # msgstr[1] is a msgstr
            entry[field] = _unquote(keyword[2])
        elif continued is not None and field:
            entry[field] += _unquote(continued[1])
        elif "msgstr" in entry:  # a blank line or the next entry's comments
            close()
            field = ""
    close()
    return words


def _unquote(quoted: str) -> str:
    """A quoted PO string's text (its C escapes read as Python reads them)."""
    text = ast.literal_eval(quoted)
    if not isinstance(text, str):  # pragma: no cover (a quoted literal is a str)
        raise ValueError(f"not a PO string: {quoted}")
    return text


def _pseudo(context: str | None, message: str, said: str) -> str:
    """The test language's ``said``: transformed when the catalogue holds ``message``, as it
    is when it does not (so that a test sees it)."""
    return pseudo(said) if (context, message) in template() else said


def gettext(message: str) -> str:
    """``message`` in the active language.

    >>> with speaking("de"):
    ...     gettext("Undo")
    'Rückgängig'
    >>> with speaking(PSEUDO):  # a word the catalogue lacks stays as it is
    ...     gettext("Not a catalogue word")
    'Not a catalogue word'
    """
    code = active()
    if code == PSEUDO:
        return _pseudo(None, message, message)
    return catalogue(code).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase that ``n`` takes in the active language.

    >>> ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 0)
    ('{n} card', '{n} cards')
    >>> with speaking("fr"):
    ...     ngettext("{n} card", "{n} cards", 0)
    '{n} carte'
    """
    code = active()
    if code == PSEUDO:
        return _pseudo(None, singular, singular if n == 1 else plural)
    return catalogue(code).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, in the sense ``context`` gives it (a word with two
    senses, or one said in two places).

    >>> with speaking("es"):
    ...     pgettext("within a sentence", "your hand")
    'tu mano'
    """
    code = active()
    if code == PSEUDO:
        return _pseudo(context, message, message)
    return catalogue(code).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in the sense ``context`` gives the phrase."""
    code = active()
    if code == PSEUDO:
        return _pseudo(context, singular, singular if n == 1 else plural)
    return catalogue(code).npgettext(context, singular, plural, n)


def _base(code: str | None) -> str:
    """The language whose CLDR rules ``code`` (default: the active language) follows: the test
    language follows English's."""
    code = check_language(code or active())
    return ENGLISH if code == PSEUDO else code


def _one_only(n: int) -> str:
    return "one" if n == 1 else "other"


def _one_many(ones: tuple[int, ...]) -> Callable[[int], str]:
    def category(n: int) -> str:
        if n in ones:
            return "one"
        return "many" if n != 0 and n % 1_000_000 == 0 else "other"

    return category


PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": _one_only,  # one: i = 1 and v = 0
    "de": _one_only,  # one: i = 1 and v = 0
    "es": _one_many((1,)),  # one: n = 1; many: i != 0 and i % 1000000 = 0 (and v = 0)
    "fr": _one_many((0, 1)),  # one: i = 0,1; many: as Spanish's
}
"""CLDR's plural rules of each language, for whole numbers (the rules' ``v = 0``, ``e = 0``
cases: a count of cards, moves or hands is never a fraction), of the number's size (``-1``
counts as ``1``)."""

LIST_PATTERNS: dict[str, dict[str, str]] = {
    "en": {"2": "{0} and {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0}, and {1}"},
    "es": {"2": "{0} y {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} y {1}"},
    "fr": {"2": "{0} et {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} et {1}"},
    "de": {"2": "{0} und {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} und {1}"},
}
"""CLDR's standard list patterns of each language (how two items are joined, and the first two,
the middle ones and the last of three or more)."""


def plural_category(n: int, code: str | None = None) -> str:
    """The CLDR plural category of the whole number ``n`` in ``code`` (default: the active
    language).

    >>> plural_category(0, "en"), plural_category(0, "fr"), plural_category(1_000_000, "es")
    ('other', 'one', 'many')
    >>> plural_category(1.5, "fr")
    Traceback (most recent call last):
    ...
    TypeError: a plural category is a whole number's, not 1.5's
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"a plural category is a whole number's, not {n!r}'s")
    return PLURAL_RULES[_base(code)](abs(n))


_CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


@cache
def plural_samples(code: str) -> dict[str, int]:
    """A whole number in each CLDR plural category of ``code``, the smallest there is: what a
    counted phrase's form for the category is chosen with.

    >>> plural_samples("en"), plural_samples("fr")
    ({'one': 1, 'other': 0}, {'one': 0, 'many': 1000000, 'other': 2})
    """
    rule = PLURAL_RULES[_base(code)]
    samples: dict[str, int] = {}
    for n in [*range(200), 1_000_000]:
        samples.setdefault(rule(n), n)
    return dict(sorted(samples.items(), key=lambda item: _CATEGORIES.index(item[0])))


PERCENT_PATTERNS = {"en": "{0}%", "es": "{0}\u00a0%", "fr": "{0}\u00a0%", "de": "{0}\u00a0%"}
"""CLDR's percent pattern of each language, for a whole percentage (a no-break space before
the sign where the language puts one)."""


def percent(share: float, code: str | None = None) -> str:
    """A share from 0 to 1 as a whole percentage, written as ``code`` (default: the active
    language) writes it, by CLDR's pattern.

    >>> percent(0.44, "en"), percent(0.44, "fr") == "44\u00a0%", percent(1, "de") == "100\u00a0%"
    ('44%', True, True)
    """
    return PERCENT_PATTERNS[_base(code)].format(f"{share * 100:.0f}")


def listing(items: Sequence[str], code: str | None = None) -> str:
    """``items`` as a list in ``code`` (default: the active language), by CLDR's rules.

    >>> listing(["Ada", "Ben", "Cy"]), listing(["Ada", "Ben"], "fr")
    ('Ada, Ben, and Cy', 'Ada et Ben')
    >>> listing(["Ada", "Ben", "Cy", "Dee"], "de"), listing(["Ada"], "es"), listing([])
    ('Ada, Ben, Cy und Dee', 'Ada', '')
    """
    patterns = LIST_PATTERNS[_base(code)]
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return patterns["2"].format(*items)
    said = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        said = patterns["middle"].format(said, item)
    return patterns["end"].format(said, items[-1])
