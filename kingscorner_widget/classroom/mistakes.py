"""The class's mistakes by rule, in words: what the refused moves of every learner were.

Each refused move a record keeps has its reason code (the engine's
:data:`~kingscorner_widget.engine.reasons.CODES`, or the table's own ``not_the_step``,
``not_in_hand`` and ``refused``); :data:`DOING` says what a learner did to get it, so the board
can say "12 learners put a card of the same colour on a pile".

>>> said(12, "colour")
'12 learners put a card of the same colour on a pile'
>>> said(1, "rank")
'1 learner put a card on a pile where it was not exactly one rank lower'
"""

from __future__ import annotations

from ..display.language import Nn_, ngettext

__all__ = ["DOING", "said"]

DOING: dict[str, tuple[str, str]] = {
    "unreadable": Nn_(
        "{n} learner typed a move the table could not read",
        "{n} learners typed a move the table could not read",
    ),
    "over": Nn_(
        "{n} learner tried to move after the hand was over",
        "{n} learners tried to move after the hand was over",
    ),
    "not_in_hand": Nn_(
        "{n} learner played a card that was not in their hand",
        "{n} learners played a card that was not in their hand",
    ),
    "pending": Nn_(
        "{n} learner played another card before the card they drew (draw until it fits)",
        "{n} learners played another card before the card they drew (draw until it fits)",
    ),
    "pending_end": Nn_(
        "{n} learner ended the turn before playing the card they drew (draw until it fits)",
        "{n} learners ended the turn before playing the card they drew (draw until it fits)",
    ),
    "corner_taken": Nn_(
        "{n} learner put a king into a corner that was already taken",
        "{n} learners put a king into a corner that was already taken",
    ),
    "on_ace": Nn_("{n} learner played a card on an ace", "{n} learners played a card on an ace"),
    "rank": Nn_(
        "{n} learner put a card on a pile where it was not exactly one rank lower",
        "{n} learners put a card on a pile where it was not exactly one rank lower",
    ),
    "colour": Nn_(
        "{n} learner put a card of the same colour on a pile",
        "{n} learners put a card of the same colour on a pile",
    ),
    "corner_needs_king": Nn_(
        "{n} learner opened an empty corner with a card that is not a king",
        "{n} learners opened an empty corner with a card that is not a king",
    ),
    "kings_first": Nn_(
        "{n} learner played something else before putting a king in an empty corner",
        "{n} learners played something else before putting a king in an empty corner",
    ),
    "corner_fixed": Nn_(
        "{n} learner tried to move a corner pile", "{n} learners tried to move a corner pile"
    ),
    "empty_source": Nn_(
        "{n} learner tried to move a pile from an empty space",
        "{n} learners tried to move a pile from an empty space",
    ),
    "onto_itself": Nn_(
        "{n} learner tried to move a pile onto itself",
        "{n} learners tried to move a pile onto itself",
    ),
    "pile_no_fit": Nn_(
        "{n} learner moved a pile onto a card its bottom card does not fit",
        "{n} learners moved a pile onto a card its bottom card does not fit",
    ),
    "pile_into_space": Nn_(
        "{n} learner moved a pile into an empty side space",
        "{n} learners moved a pile into an empty side space",
    ),
    "end_with_pass_draw_first": Nn_(
        "{n} learner ended the turn with draw where the rules ask for pass",
        "{n} learners ended the turn with draw where the rules ask for pass",
    ),
    "end_with_pass": Nn_(
        "{n} learner ended the turn with draw when the stock was empty",
        "{n} learners ended the turn with draw when the stock was empty",
    ),
    "end_with_draw": Nn_(
        "{n} learner ended the turn with pass while the stock still had cards",
        "{n} learners ended the turn with pass while the stock still had cards",
    ),
    "must_play": Nn_(
        "{n} learner ended the turn holding a card that had to be played (must play)",
        "{n} learners ended the turn holding a card that had to be played (must play)",
    ),
    "not_the_step": Nn_(
        "{n} learner played a legal move that the step did not ask for",
        "{n} learners played a legal move that the step did not ask for",
    ),
    "refused": Nn_(
        "{n} learner tried a move when it was not theirs to make",
        "{n} learners tried a move when it was not theirs to make",
    ),
}
"""What a learner did to have a move refused, by reason code: the whole sentence, for one
learner and for more (a verb agrees with the count in some languages)."""


def said(learners: int, code: str) -> str:
    """How many learners made the mistake of ``code``, in words (in the language spoken)."""
    if code not in DOING:
        # TRANSLATORS: {code} is a reason code the board does not know, as the record gave it
        return ngettext(
            "{n} learner had moves refused for a reason coded {code}",
            "{n} learners had moves refused for a reason coded {code}",
            learners,
        ).format(n=learners, code=repr(code))
    return ngettext(*DOING[code], learners).format(n=learners)
