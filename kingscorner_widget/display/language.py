"""The language the table speaks: gettext catalogues chosen per table, English by default.

The project's words are marked in the source (``_("...")`` to translate now, ``N_("...")`` to
mark a word translated later) and extracted with Babel (``babel.cfg``, ``make locale-extract``)
into one template per area of the product (``locale/<area>.pot``: the play, the lessons, the
reviews, the class, the page); each language's ``locale/<code>/LC_MESSAGES/<area>.po`` is
compiled into a ``.mo`` by the package's build (and ``make``), and the areas are read as one.
A table speaks one language, given by :func:`speaking`; everything it says while it speaks
goes through :func:`gettext`, :func:`ngettext` and :func:`pgettext`, which read the active
language and fall back to the English source for a word a catalogue lacks.
Plural categories come from CLDR (Babel).

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

import contextlib
import contextvars
import gettext as _gettext
import math
import re
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list

__all__ = [
    "COURSE_AREA",
    "ENGLISH",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "Nn_",
    "active",
    "catalogue",
    "check_language",
    "gettext",
    "listing",
    "ngettext",
    "npgettext",
    "pgettext",
    "plural_category",
    "plural_samples",
    "pseudo",
    "speaking",
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
_CHOSEN = [ENGLISH]
"""The language spoken where no :func:`speaking` block says otherwise (:func:`use_language`)."""


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


def active() -> str:
    """The language spoken now: the :func:`speaking` block's, else the one :func:`use_language`
    chose (English unless it was called).

    >>> active()
    'en'
    """
    return _ACTIVE.get(_CHOSEN[0])


def use_language(code: str) -> str:
    """Speak ``code`` (checked by :func:`check_language`) from now on in this Python wherever no
    table or :func:`speaking` block says otherwise: a table made without ``language=`` speaks
    it, and so does everything said outside a table. A translated tutorial's first code cell
    calls it; returns the language now spoken.

    >>> use_language("de")
    'de'
    >>> gettext("Hint"), active()
    ('Tipp', 'de')
    >>> with speaking("fr"):
    ...     active()
    'fr'
    >>> use_language("en")
    'en'
    """
    _CHOSEN[0] = check_language(code)
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

    >>> pseudo("Step {i} of {n}")
    '[Šţéþ {i} öƒ {n} ~~~~]'
    """
    if not text.strip():
        return text
    parts = _SLOT.split(text)
    accented = "".join(p if _SLOT.fullmatch(p) else p.translate(_ACCENTS) for p in parts)
    visible = len(_SLOT.sub("", text))
    return f"[{accented} {'~' * max(1, math.ceil(visible * 0.4))}]"


@cache
def template() -> frozenset[tuple[str | None, str]]:
    """Every word the catalogue holds, as ``(context, English)`` (a counted phrase by its English
    singular): the areas' templates ``locale/<area>.pot`` that extraction writes."""
    from babel.messages.pofile import read_po

    words: set[tuple[str | None, str]] = set()
    for path in sorted(LOCALE_DIR.glob("*.pot")):
        if path.stem == COURSE_AREA:
            continue
        with path.open("rb") as file:
            found = read_po(file)
        words |= {
            (message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in found
            if message.id
        }
    return frozenset(words)


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


def _locale(code: str) -> Locale:
    return Locale.parse(ENGLISH if code == PSEUDO else code)


def plural_category(n: float, code: str | None = None) -> str:
    """The CLDR plural category of ``n`` in ``code`` (default: the active language).

    >>> plural_category(0, "en"), plural_category(0, "fr"), plural_category(1_000_000, "es")
    ('other', 'one', 'many')
    """
    return str(_locale(check_language(code or active())).plural_form(n))


_CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


@cache
def plural_samples(code: str) -> dict[str, int]:
    """A whole number in each CLDR plural category of ``code``, the smallest there is: what a
    counted phrase's form for the category is chosen with.

    >>> plural_samples("en"), plural_samples("fr")
    ({'one': 1, 'other': 0}, {'one': 0, 'many': 1000000, 'other': 2})
    """
    form = _locale(check_language(code)).plural_form
    categories = sorted(form.tags | {"other"}, key=_CATEGORIES.index)
    candidates = [*range(200), 1_000_000]
    return {category: next(n for n in candidates if form(n) == category) for category in categories}


def listing(items: Sequence[str], code: str | None = None) -> str:
    """``items`` as a list in ``code`` (default: the active language), by CLDR's rules.

    >>> listing(["Ada", "Ben", "Cy"]), listing(["Ada", "Ben"], "fr")
    ('Ada, Ben, and Cy', 'Ada et Ben')
    """
    return format_list(list(items), locale=_locale(check_language(code or active())))
