"""What a table tells whoever listens after each action: one plain event, no files, no widget.

A session with a :attr:`~kingscorner_widget.table.session.Session.listener` calls it after every
action with a :class:`TableEvent`: the action's kind, whether it was refused (and why, as the
engine's reason code when a move broke a rule), and where the table stands now (a lesson's step,
a finished hand, a review's accuracy). The class record
(:mod:`kingscorner_widget.classroom`) keeps a learner's progress from these; the table knows
nothing of where it goes.

>>> from kingscorner_widget.table import LessonSession
>>> seen = []
>>> s = LessonSession("worked-turn")
>>> s.listener = seen.append
>>> _ = s.act("play", move="Th>E")
>>> seen[-1].kind, seen[-1].refused, seen[-1].code, seen[-1].lesson["step"]
('play', True, 'rank', 0)
>>> _ = s.act("play", move="Th>N")
>>> seen[-1].lesson["stepDone"], seen[-1].move
(True, 'Th>N')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.moves import PlayCard, as_move
from .look import LOOK_KINDS

if TYPE_CHECKING:
    from .reply import Reply
    from .session import Session

__all__ = ["Listener", "TableEvent", "table_event"]

Json = dict[str, Any]

NOT_IN_HAND = "not_in_hand"
NOT_THE_STEP = "not_the_step"
"""A legal move a lesson step does not ask for."""
REFUSED = "refused"
"""A move the table refused for a reason of its own (not your turn, the step is done)."""


@dataclasses.dataclass(frozen=True)
class TableEvent:
    """One action at a table, and where the table stands after it."""

    kind: str
    """The action's kind (``play``, ``draw``, ``hint``, ``show``, ``step``, ``next``...)."""
    mode: str
    """The table's mode when the action was taken."""
    refused: bool
    """True when the table refused it (nothing changed)."""
    move: str | None = None
    """The move tried, in notation (a play or a draw)."""
    made: tuple[str, ...] = ()
    """The moves the action made on the table, in notation (a computer's, Show me's)."""
    code: str | None = None
    """Why a move was refused: the engine's reason code, ``not_the_step`` or ``refused``."""
    lesson: Json | None = None
    """Lesson mode: ``key`` (a built-in lesson's name, else its title), ``title``, ``step``
    (0-based), ``steps``, ``stepTitle``, ``position`` (the step's table), ``stepDone``,
    ``done``."""
    hand: Json | None = None
    """Play mode, once the hand is over: ``players``, ``opponents`` (their names),
    ``won``, ``cardsLeft``, ``winners``, ``daily`` (the date, or ``None``), ``record``
    (the hand as a saved game, JSON) and ``hand`` (its number in the match); at a
    pass-and-play table also ``people``: each person's ``viewer`` (their player in the hand),
    ``won``, ``cardsLeft`` and ``opponents``, by name."""
    review: Json | None = None
    """Review mode: ``accuracy`` (``None`` while estimating), ``turns``, ``judge``."""
    session: int = 0
    """Which table session it came from (stable while the session lives)."""
    look: Json | None = None
    """After the learner chose how the table looks (``deck``, ``contrast``): the look now,
    ``deck`` and ``contrast`` (their record remembers it for their next table)."""


Listener = Callable[[TableEvent], None]
"""What a session calls after each action."""


def table_event(session: Session, kind: str, fields: Json, reply: Reply) -> TableEvent:
    """The event ``session`` reports after doing ``kind`` with ``fields`` and answering
    ``reply``."""
    move = fields.get("move")
    if kind == "draw" and not reply.refused:
        move = "draw"
    text = str(move) if move is not None else None
    code = _code(session, text) if reply.refused and kind == "play" and text else None
    return TableEvent(
        kind=kind,
        mode=session.mode,
        refused=reply.refused,
        move=text,
        made=tuple(str(m) for m in reply.moves) if kind != "show" else (),
        code=code,
        lesson=_lesson(session),
        hand=_hand(session) if kind in ("play", "draw", "step", "skip") else None,
        review=_review(session),
        session=id(session),
        look=dict(session.look.view()) if kind in LOOK_KINDS and not reply.refused else None,
    )


def _code(session: Session, move: str) -> str:
    """The reason code of a refused move, from the rules of the table (what the learner saw)."""
    try:
        parsed = as_move(move)
    except ValueError:
        return "unreadable"
    learner = getattr(session, "learner", session.viewer)
    if isinstance(parsed, PlayCard) and learner and parsed.card not in session.game.hand(learner):
        return NOT_IN_HAND
    if session.game.turn != learner:
        return REFUSED
    reason = session.game.violation(parsed)
    if reason is not None:
        return reason.code
    return NOT_THE_STEP if session.mode == "lesson" else REFUSED


def _lesson(session: Session) -> Json | None:
    run = getattr(session, "run", None)
    if session.mode != "lesson" or run is None:
        return None
    from ..lessons import lesson_names, load_lesson

    key = next((n for n in lesson_names() if load_lesson(n) is run.lesson), run.lesson.title)
    return {
        "key": key,
        "title": run.lesson.title,
        "step": run.index,
        "steps": len(run.lesson.steps),
        "stepTitle": run.step.title,
        "position": run.step.position,
        "interactive": run.step.interactive,
        "stepDone": run.step_done,
        "done": run.done,
    }


def _hand(session: Session) -> Json | None:
    game = session.game
    if session.mode != "play" or not game.is_over():
        return None
    outcome = game.outcome()
    viewer = session.viewer
    if outcome is None or viewer is None:
        return None
    from ..engine.record import game_to_dict

    opponents = getattr(session, "opponents", "greedy")
    names = [opponents if isinstance(opponents, str) else str(getattr(opponents, "name", "player"))]
    if isinstance(opponents, list | tuple):
        names = [o if isinstance(o, str) else str(getattr(o, "name", "player")) for o in opponents]
    match = getattr(session, "match", None)
    daily = str(getattr(session, "_daily", "")).removeprefix("Daily match, ") or None
    people: dict[str, int] = getattr(session, "players_of_people", dict)()
    extra: Json = {}
    if people:
        computers = [
            session.name(p) for p in range(1, game.players + 1) if p not in people.values()
        ]
        extra["people"] = {
            name: {
                "viewer": player,
                "won": player in outcome.winners,
                "cardsLeft": len(game.hand(player)),
                "opponents": [other for other in people if other != name] + computers,
            }
            for name, player in people.items()
        }
    return {
        **extra,
        "players": game.players,
        "opponents": names,
        "won": viewer in outcome.winners,
        "cardsLeft": len(game.hand(viewer)),
        "winners": [session.name(p) for p in outcome.winners],
        "daily": daily,
        "hand": match.hand_number if match is not None else 1,
        "moves": len(game.moves),
        "record": game_to_dict(game),
        "viewer": viewer,
    }


def _review(session: Session) -> Json | None:
    review = getattr(session, "review", None)
    if session.mode != "review" or review is None:
        return None
    estimating = bool(getattr(session, "estimating", False))
    judged = getattr(session, "judged", None)
    shown = judged() if callable(judged) else review  # the figure the table shows now
    return {
        "accuracy": None if estimating else shown.accuracy,
        "turns": len(shown.turns),
        "judge": shown.judge,
    }
