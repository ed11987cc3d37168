"""The actions a table offers, each declared once, beside the session method that does it.

A declaration (:func:`action`) says everything about one action: the intent's ``kind``, the
fields its message carries with their types and limits (:class:`Field`), and, when the page
draws a control for it, its label, its key, whether it is a teacher's control, when the session
offers it and why it would only refuse now. From the declarations come the list of intent kinds
(:func:`all_kinds`), the browser's message parsing (:mod:`kingscorner_widget.table.intents`)
and the ``actions`` the snapshot lists for the page to draw (:meth:`Action.control`).

>>> class Door:
...     teacher = False
...     is_open = False
...     @action("open", "Open the door", key="O",
...             check=lambda door: "it is open already" if door.is_open else None)
...     def open(self):
...         self.is_open = True
...         return "Opened."
>>> opening = declared(Door)["open"]
>>> opening.control(Door())
{'kind': 'open', 'label': 'Open the door', 'enabled': True, 'primary': False, 'key': 'O', \
'teacher': False, 'why': None, 'input': None}
>>> door = Door()
>>> door.open()
'Opened.'
>>> opening.control(door)["enabled"], opening.control(door)["why"]
(False, 'It is open already.')
>>> door.open().status  # the method checks first, however it is called
'It is open already.'
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

from ..display.language import gettext
from ..engine.words import sentence
from .reply import refuse
from .snapshot import Control, Input

__all__ = ["Action", "Field", "action", "all_kinds", "declared"]

F = TypeVar("F", bound=Callable[..., Any])
Check = Callable[[Any], "str | None"]
Test = Callable[[Any], bool]
Label = str | Callable[[Any], str]

_KINDS: dict[str, list[Action]] = {}
"""Every declaration made, by kind (one kind may be declared by several modes)."""


@dataclasses.dataclass(frozen=True)
class Field:
    """One field an intent's message carries: its name, its type and its limit.

    >>> Field("node", int, most=9, error="a node is a number").read(3)
    3
    >>> Field("node", int, most=9, error="a node is a number").read("3")
    Traceback (most recent call last):
    ...
    ValueError: a node is a number
    """

    name: str
    """The key in the message, and the keyword the session method takes."""
    type: type[str] | type[int] | type[float]
    """``str`` (text), ``int`` (a whole number, 0 or more) or ``float`` (a finite number, 0 or
    more)."""
    most: float
    """The longest text, or the largest number."""
    error: str
    """What to say when the field is missing or of the wrong type (or out of range)."""
    blank: bool = False
    """Text only: True when empty text is accepted (a comment removed)."""
    too_long: str = ""
    """Text only: what to say when it is longer than :attr:`most` (default :attr:`error`)."""
    prompt: str = ""
    """Text typed beside the control: what to type (the box's label for screen readers)."""
    example: str = ""
    """Text typed beside the control: an example, shown in the empty box."""

    def read(self, value: object) -> str | int | float:
        """The checked value; a ``ValueError`` says in words what is wrong with it."""
        if self.type is str:
            if not isinstance(value, str) or (not self.blank and not value.strip()):
                raise ValueError(self.error)
            if len(value) > self.most:
                raise ValueError(self.too_long or self.error)
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(self.error)
        if self.type is int:
            if not isinstance(value, int) or not 0 <= value <= self.most:
                raise ValueError(self.error)
            return value
        if not math.isfinite(value) or not 0 <= value <= self.most:
            raise ValueError(self.error)
        return float(value)


@dataclasses.dataclass(frozen=True)
class Action:
    """One action a table may be asked for (see :func:`action`)."""

    kind: str
    """The intent's kind, as the page sends it and as ``data-action`` names its control."""
    method: str
    """The name of the session method that does it."""
    label: Label = ""
    """The control's words, in English (the catalogue extracts a declaration's second argument
    and :meth:`control` says it in the table's language), or a function of the session giving
    them already said (through :func:`~kingscorner_widget.display.language.gettext`); empty: no
    control is drawn for it (a move, a timer's step, an answer to a question)."""
    key: str | None = None
    """The key that does it on the table."""
    teacher: bool = False
    """True for a teacher's control: listed, and taken from the page, only on a table opened
    with ``teacher=True``."""
    fields: tuple[Field, ...] = ()
    """The fields its message carries."""
    offered: Test | None = None
    """When the session offers the control now (default: always)."""
    check: Check | None = None
    """Why the action would only refuse now (then its control is disabled and says so), or
    ``None`` when it may go ahead."""
    primary: Test | None = None
    """When the control is the one to press next (drawn as the main button)."""
    asks: bool = False
    """True when it asks before throwing away what the session has at stake."""
    quiet: bool = False
    """True when a stale message of this kind is dropped without a status line (a timer's)."""
    any_version: bool = False
    """True when it changes no game state, so a message made on any snapshot is taken."""

    def is_offered(self, session: Any) -> bool:
        """True when ``session`` shows the control now."""
        return bool(self.label) and (self.offered is None or self.offered(session))

    def why_not(self, session: Any) -> str | None:
        """Why the action would only refuse on ``session`` now, or ``None``."""
        return self.check(session) if self.check is not None else None

    def control(self, session: Any) -> Control:
        """The control as the snapshot lists it for ``session`` now."""
        why = self.why_not(session)
        label = self.label(session) if callable(self.label) else gettext(self.label)
        return {
            "kind": self.kind,
            "label": label,
            "enabled": why is None,
            "primary": why is None and self.primary is not None and self.primary(session),
            "key": self.key,
            "teacher": self.teacher,
            "why": sentence(why) if why is not None else None,
            "input": next(
                (
                    Input(name=field.name, prompt=field.prompt, example=field.example)
                    for field in self.fields
                    if field.prompt
                ),
                None,
            ),
        }


def action(
    kind: str,
    label: Label = "",
    *,
    key: str | None = None,
    teacher: bool = False,
    fields: tuple[Field, ...] = (),
    offered: Test | None = None,
    check: Check | None = None,
    primary: Test | None = None,
    asks: bool = False,
    quiet: bool = False,
    any_version: bool = False,
) -> Callable[[F], F]:
    """Declare the decorated method as the one that does ``kind`` (the rest: :class:`Action`).

    The method checks first: called while the declaration's ``check`` says why not, it refuses
    with that reason and changes nothing, however it is called."""

    def declare(method: F) -> F:
        made = Action(
            kind,
            method.__name__,
            label,
            key,
            teacher,
            fields,
            offered,
            check,
            primary,
            asks,
            quiet,
            any_version,
        )

        @functools.wraps(method)
        def checked(session: Any, *args: Any, **kwargs: Any) -> Any:
            why = made.why_not(session)
            return refuse(why) if why is not None else method(session, *args, **kwargs)

        checked.__dict__["action"] = made
        _KINDS.setdefault(kind, []).append(made)
        return cast(F, checked)

    return declare


def declared(cls: type) -> dict[str, Action]:
    """The actions ``cls`` offers, by kind, in the order they are declared (base classes first;
    a subclass's declaration of a kind replaces its base's). A name in ``cls.withheld`` is not
    offered."""
    found: dict[str, Action] = {}
    for klass in reversed(cls.__mro__):
        for value in vars(klass).values():
            made = getattr(value, "__dict__", {}).get("action")
            if isinstance(made, Action):
                found[made.kind] = made
    withheld: frozenset[str] = getattr(cls, "withheld", frozenset())
    return {kind: made for kind, made in found.items() if kind not in withheld}


def all_kinds() -> dict[str, list[Action]]:
    """Every intent kind declared so far, with its declarations (one per mode that does it)."""
    return {kind: list(made) for kind, made in _KINDS.items()}
