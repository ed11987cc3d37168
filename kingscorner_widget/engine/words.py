"""Cards, spaces, moves and outcomes in words: the one place the project phrases them.

Three voices, each for one kind of line a learner reads:

- the **log** says what a player did: "P2 plays the ten of hearts on the north pile";
- the **instruction** says what to do: "Play the ten of hearts onto the jack of clubs";
- the **explanation** walks through a planned turn, naming colours because the strategy turns on
  them: "Play the black 6 (6c) on the red 7 (7h) on the west pile."

Words come first; notation, when it helps, follows in brackets. Spaces carry their own words
(:attr:`Space.words`, :attr:`Space.place`, :attr:`Space.direction`).

>>> from kingscorner_widget import Game
>>> g = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
... )
>>> logged(g, parse_move("4h>W"), "P1")
'P1 plays the four of hearts into the empty west space'
>>> instruction(g, parse_move("Th>N"))
'Play the ten of hearts onto the jack of clubs'
>>> phrase(parse_move("S>E"))
'the south pile onto the east pile'
>>> sentence("the hand is over")
'The hand is over.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from typing import Protocol

from ..display.language import N_, NP_, gettext, ngettext, npgettext, pgettext
from .cards import Card, Rank, Suit
from .moves import EndTurn, Move, MovePile, PlayCard, parse_move
from .naming import (
    YOU,
    landing,
    listed_and,
    listed_or,
    player_within,
    space_object,
    space_place,
    space_subject,
    suit_name,
    the_card,
)
from .reasons import Reason
from .spaces import Space


class Finished(Protocol):
    """What the phrasing reads from a finished hand (the engine's ``Outcome`` has it): how it
    ended, who went out, who won, each player's count left and the corners each kept."""

    @property
    def reason(self) -> str: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def penalties(self) -> tuple[int, ...]: ...
    @property
    def corners(self) -> tuple[int, ...]: ...


class Piles(Protocol):
    """What the phrasing reads from a table: its piles (a game and an observation have them).
    Words know nothing else of the game, so every module of the engine may use them."""

    def pile(self, space: Space | str) -> tuple[Card, ...]:
        """The cards on ``space``, bottom first."""
        ...


class _Target(Protocol):
    @property
    def target(self) -> int: ...


class Match(Protocol):
    """What :func:`match_line` reads from a match."""

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def sheet(self) -> Sized: ...

    @property
    def rules(self) -> _Target: ...

    def is_over(self) -> bool: ...

    def winners(self) -> Sequence[int]: ...


__all__ = [
    "card_kind",
    "card_label",
    "card_name",
    "card_spoken",
    "card_symbol",
    "card_words",
    "cards_listed",
    "count_words",
    "fits_words",
    "hand_end_reason",
    "hand_winners",
    "instruction",
    "instruction_end",
    "kings_moved",
    "listed",
    "logged",
    "match_line",
    "move_at",
    "move_sentences",
    "move_shown",
    "named",
    "needed",
    "no_or_count",
    "outcome_line",
    "phrase",
    "pile_name",
    "players_listed",
    "rank_words",
    "reason_words",
    "refusal",
    "review_line",
    "sentence",
    "space_spoken",
    "takes",
    "turn_recap",
    "turn_words",
    "win_clause",
    "within",
]


# -- cards ------------------------------------------------------------------------------------


def card_label(card: Card) -> str:
    """``"ten of hearts"``: a card's label for a screen reader, with no article.

    >>> card_label(Card.parse("Th")), card_label(Card.parse("As"))
    ('ten of hearts', 'ace of spades')
    """
    return f"{card.rank.word} of {card.suit.word}"


def _rank_names() -> dict[Rank, str]:
    """Each rank's name in the language spoken now, as its players say it in a card's name (the
    names are marked once, in :mod:`~kingscorner_widget.engine.cards`)."""
    return {rank: pgettext("a card's rank", rank.word) for rank in Rank}


def _suit_names() -> dict[Suit, str]:
    """Each suit's name in the language spoken now, as it is said in a card's name."""
    return {
        Suit.CLUBS: pgettext("a suit, in a card's name", "clubs"),
        Suit.DIAMONDS: pgettext("a suit, in a card's name", "diamonds"),
        Suit.HEARTS: pgettext("a suit, in a card's name", "hearts"),
        Suit.SPADES: pgettext("a suit, in a card's name", "spades"),
    }


def card_spoken(card: Card) -> str:
    """A card's name for a screen reader in the language spoken now (see
    :mod:`kingscorner_widget.display.language`), as that language's players say it; in English
    :func:`card_label`'s.

    >>> from kingscorner_widget.display.language import speaking
    >>> [card_spoken(Card.parse(c)) for c in ("Th", "Js")]
    ['ten of hearts', 'jack of spades']
    >>> for code in ("es", "fr", "de"):
    ...     with speaking(code):
    ...         print(card_spoken(Card.parse("Th")), "/", card_spoken(Card.parse("Js")))
    diez de corazones / jota de picas
    dix de cœur / valet de pique
    Herz-Zehn / Pik-Bube
    """
    # TRANSLATORS: a card's name from its rank ("ten") and suit ("hearts"), as players say it
    name = pgettext("a card's name", "{rank} of {suit}")
    return name.format(rank=_rank_names()[card.rank], suit=_suit_names()[card.suit])


def space_spoken(space: Space) -> str:
    """A space and its pile in the language spoken now (in English :attr:`Space.words`).

    >>> from kingscorner_widget.display.language import speaking
    >>> with speaking("fr"):
    ...     space_spoken(Space.N), space_spoken(Space.NE)
    ('la pile nord', 'le coin nord-est')
    """
    names = {
        Space.N: pgettext("a space", "the north pile"),
        Space.E: pgettext("a space", "the east pile"),
        Space.S: pgettext("a space", "the south pile"),
        Space.W: pgettext("a space", "the west pile"),
        Space.NE: pgettext("a space", "the north-east corner"),
        Space.SE: pgettext("a space", "the south-east corner"),
        Space.SW: pgettext("a space", "the south-west corner"),
        Space.NW: pgettext("a space", "the north-west corner"),
    }
    return names[space]


def card_words(card: Card) -> str:
    """``"the ten of hearts"``: the log's and the instruction's name for a card, in the
    language spoken now."""
    return the_card(card)


def named(card: Card) -> str:
    """``"the ten of hearts (Th)"``: words first, the notation in brackets."""
    return f"{the_card(card)} ({card})"


def card_name(card: Card) -> str:
    """``"the red 7 (7h)"``: the explanation's name, by colour and rank, notation in brackets.

    >>> card_name(Card.parse("Qs")), card_name(Card.parse("Td"))
    ('the black queen (Qs)', 'the red 10 (Td)')
    """
    if Rank.TWO <= card.rank <= Rank.TEN:
        # TRANSLATORS: a card by its colour and its number ("the red 7")
        said = gettext("the red {n}") if card.red else gettext("the black {n}")
    else:
        said = pgettext("a card by its colour", _BY_COLOUR[card.rank, card.red])
    return f"{said.format(n=int(card.rank))} ({card})"


_BY_COLOUR = {
    (Rank.ACE, True): NP_("a card by its colour", "the red ace"),
    (Rank.ACE, False): NP_("a card by its colour", "the black ace"),
    (Rank.JACK, True): NP_("a card by its colour", "the red jack"),
    (Rank.JACK, False): NP_("a card by its colour", "the black jack"),
    (Rank.QUEEN, True): NP_("a card by its colour", "the red queen"),
    (Rank.QUEEN, False): NP_("a card by its colour", "the black queen"),
    (Rank.KING, True): NP_("a card by its colour", "the red king"),
    (Rank.KING, False): NP_("a card by its colour", "the black king"),
}
"""The picture cards and aces by colour, as the explanations name them."""


def pile_name(pile: Sequence[Card]) -> str:
    """A pile by its cards: ``"the black 8 (8s)"``, or
    ``"the black 8 (8s) down to the red 7 (7h)"``."""
    if len(pile) == 1:
        return card_name(pile[0])
    # TRANSLATORS: a pile by its bottom card and its top card
    said = gettext("{bottom} down to {top}")
    return said.format(bottom=card_name(pile[0]), top=card_name(pile[-1]))


def count_words(n: int, noun: str = "card", plural: str | None = None) -> str:
    """A number and its noun, agreeing: the one helper every count in a sentence goes through
    (``plural`` for a noun that does not just take an s).

    >>> count_words(1), count_words(3), count_words(1, "hand"), count_words(2, "inaccuracy", "inaccuracies")
    ('1 card', '3 cards', '1 hand', '2 inaccuracies')
    """  # noqa: E501
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def no_or_count(n: int, noun: str = "card", plural: str | None = None) -> str:
    """:func:`count_words`, but ``"no card"`` for none (where "0 cards" reads badly).

    >>> no_or_count(0), no_or_count(2)
    ('no card', '2 cards')
    """
    return f"no {noun}" if n == 0 else count_words(n, noun, plural)


def players_listed(names: Sequence[str], start: bool = False) -> str:
    """Players named in a sentence, as :func:`listed` joins them, "You" written "you" unless
    it opens the sentence (``start``): the one helper every list of players goes through.

    >>> players_listed(["P1", "You", "P3"]), players_listed(["You", "P2"], start=True)
    ('P1, you and P3', 'You and P2')
    """
    said = [within(name) if i or not start else name for i, name in enumerate(names)]
    return listed(said)


def win_clause(names: Sequence[str], start: bool = False, what: str = "the win") -> str:
    """Who wins, with the verb agreeing: ``"P2 wins"``, ``"you win"``, ``"P1, you and P3 share
    the win"`` (``start``: the clause opens the sentence).

    >>> win_clause(["P2"]), win_clause(["You"]), win_clause(["P1", "You", "P3"])
    ('P2 wins', 'you win', 'P1, you and P3 share the win')
    """
    if not names:
        return f"{players_listed(names, start)} {wins_verb(names, what)}"
    if len(names) > 1:
        shares = {
            "the win": gettext("{names} share the win"),
            "the hand": gettext("{names} share the hand"),
            "it": gettext("{names} share it"),
        }
        said = shares.get(what, "{names} share " + what)
        said = said.format(names=players_listed(names, start))
    elif names[0].lower() == "you":
        said = gettext("you win")
    else:
        said = gettext("{name} wins").format(name=within(names[0]))
    return said[:1].upper() + said[1:] if start else said


def wins_verb(names: Sequence[str], what: str = "the win") -> str:
    """The verb for who wins, agreeing with them: ``"wins"``, ``"win"`` (you) or ``"share the
    win"`` (``what``: what several share).

    >>> wins_verb(["P2"]), wins_verb(["You"]), wins_verb(["P1", "P3"])
    ('wins', 'win', 'share the win')
    """
    if len(names) > 1:
        return f"share {what}"
    return "win" if names and names[0].lower() == "you" else "wins"


def sentence(text: str) -> str:
    """A reason or remark as a sentence: a capital first letter and a closing full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def listed(items: Sequence[str], joiner: str = "and") -> str:
    """``"a, b and c"``: items in a sentence (``joiner`` between the last two; "and" and "or"
    are said in the language spoken now).

    >>> listed(["the ten of hearts"]), listed(["a", "b", "c"]), listed(["a", "b"], "or")
    ('the ten of hearts', 'a, b and c', 'a or b')
    """
    if joiner == "and":
        return listed_and(items)
    if joiner == "or":
        return listed_or(items)
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def cards_listed(cards: Sequence[Card]) -> str:
    """Cards in a sentence, words first and each card's notation in brackets.

    >>> cards_listed([Card.parse("4h"), Card.parse("Th"), Card.parse("Ks")])
    'the four of hearts (4h), the ten of hearts (Th) and the king of spades (Ks)'
    """
    return listed([named(card) for card in cards])


# -- reasons ------------------------------------------------------------------------------------


def rank_words(card: Card, in_question: Sequence[Card] = ()) -> str:
    """``"the eight"``: a card by its rank alone, once the sentence has named it, unless another
    card of that rank is ``in_question`` (then ``"the eight of diamonds"``).

    >>> rank_words(Card.parse("8d")), rank_words(Card.parse("8d"), [Card.parse("8s")])
    ('the eight', 'the eight of diamonds')
    """
    if any(other.rank is card.rank and other != card for other in in_question):
        return card_words(card)
    return f"the {card.rank.word}"


def takes(top: Card) -> str:
    """The card ``top`` takes, by colour and rank: ``"a red ten"`` (``""`` for an ace).

    >>> takes(Card.parse("Jc")), takes(Card.parse("Ah"))
    ('a red ten', '')
    """
    if top.rank is Rank.ACE:
        return ""
    return card_kind(top.rank - 1, not top.red)


def card_kind(rank: int, red: bool) -> str:
    """A card by colour and rank alone: ``"a red seven"`` (any card of that kind would do).

    >>> card_kind(7, True), card_kind(12, False)
    ('a red seven', 'a black queen')
    """
    return f"a {'red' if red else 'black'} {Rank(rank).word}"


def needed(top: Card) -> str:
    """What ``top`` takes: ``"the jack takes a red ten"``.

    >>> needed(Card.parse("Jc")), needed(Card.parse("Ah"))
    ('the jack takes a red ten', 'nothing goes on an ace')
    """
    if top.rank is Rank.ACE:
        return gettext("nothing goes on an ace")
    return pgettext(_TAKES, _TAKES_WORDS[top.rank, top.red])


_TAKES = "what a card takes"
_TAKES_WORDS = {
    (Rank.TWO, True): NP_("what a card takes", "the two takes a black ace"),
    (Rank.TWO, False): NP_("what a card takes", "the two takes a red ace"),
    (Rank.THREE, True): NP_("what a card takes", "the three takes a black two"),
    (Rank.THREE, False): NP_("what a card takes", "the three takes a red two"),
    (Rank.FOUR, True): NP_("what a card takes", "the four takes a black three"),
    (Rank.FOUR, False): NP_("what a card takes", "the four takes a red three"),
    (Rank.FIVE, True): NP_("what a card takes", "the five takes a black four"),
    (Rank.FIVE, False): NP_("what a card takes", "the five takes a red four"),
    (Rank.SIX, True): NP_("what a card takes", "the six takes a black five"),
    (Rank.SIX, False): NP_("what a card takes", "the six takes a red five"),
    (Rank.SEVEN, True): NP_("what a card takes", "the seven takes a black six"),
    (Rank.SEVEN, False): NP_("what a card takes", "the seven takes a red six"),
    (Rank.EIGHT, True): NP_("what a card takes", "the eight takes a black seven"),
    (Rank.EIGHT, False): NP_("what a card takes", "the eight takes a red seven"),
    (Rank.NINE, True): NP_("what a card takes", "the nine takes a black eight"),
    (Rank.NINE, False): NP_("what a card takes", "the nine takes a red eight"),
    (Rank.TEN, True): NP_("what a card takes", "the ten takes a black nine"),
    (Rank.TEN, False): NP_("what a card takes", "the ten takes a red nine"),
    (Rank.JACK, True): NP_("what a card takes", "the jack takes a black ten"),
    (Rank.JACK, False): NP_("what a card takes", "the jack takes a red ten"),
    (Rank.QUEEN, True): NP_("what a card takes", "the queen takes a black jack"),
    (Rank.QUEEN, False): NP_("what a card takes", "the queen takes a red jack"),
    (Rank.KING, True): NP_("what a card takes", "the king takes a black queen"),
    (Rank.KING, False): NP_("what a card takes", "the king takes a red queen"),
}
"""What each card takes, by its rank and colour (``True``: red), as a whole phrase."""


def reason_words(
    reason: Reason,
    whose: str = "your",
    *,
    plain: bool = False,
    name_of: Callable[[int], str] | None = None,
) -> str:
    """The judge's reason as a learner reads it (lower case, no closing stop: see :func:`sentence`).

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> reason_words(g.violation("Th>E"))  # doctest: +NORMALIZE_WHITESPACE
    'the ten of hearts (Th) cannot go on the six of hearts (6h): a card must be exactly one rank
    lower (the six takes a black five)'
    >>> reason_words(g.violation("4h>NE"))
    'only a king can open an empty corner, and the four of hearts (4h) is not a king'

    ``whose`` is whose hand the reason speaks of (a report on a computer player says "its"):

    >>> reason_words(g.violation("Qh>N"), "its")
    'the queen of hearts (Qh) is not in its hand'

    ``plain`` (a lesson a child reads) names the cards in words alone, and ``name_of`` names
    the player who went out (else their seat code):

    >>> reason_words(g.violation("Th>E"), plain=True)  # doctest: +NORMALIZE_WHITESPACE
    'the ten of hearts cannot go on the six of hearts: a card must be exactly one rank lower (the
    six takes a black five)'
    """
    if reason.code == "not_in_hand":
        if whose in ("your", "its"):
            hands = {
                "your": gettext("{card} is not in your hand"),
                "its": gettext("{card} is not in its hand"),
            }
            text = hands[whose].format(card=_card(reason))
        else:
            text = f"{_card(reason)} is not in {whose} hand"
    elif reason.code == "over" and reason.player is not None and name_of is not None:
        text = _went_out(name_of(reason.player))
    else:
        text = _REASONS[reason.code](reason)
    if plain:
        for card in (reason.card, reason.top):
            if card is not None:
                text = text.replace(f" ({card})", "")
    return text


def refusal(
    reason: Reason | None,
    whose: str = "your",
    *,
    plain: bool = False,
    name_of: Callable[[int], str] | None = None,
) -> str | None:
    """:func:`reason_words`, passing ``None`` (a legal move) through."""
    if reason is None:
        return None
    return reason_words(reason, whose, plain=plain, name_of=name_of)


def _card(reason: Reason) -> str:
    assert reason.card is not None
    return named(reason.card)


def _top(reason: Reason) -> str:
    assert reason.top is not None
    return named(reason.top)


def _space(reason: Reason) -> Space:
    assert reason.space is not None
    return reason.space


def _source(reason: Reason) -> Space:
    assert reason.source is not None
    return reason.source


def _went_out(name: str) -> str:
    """``"the hand is over: P2 went out"`` (``name``: the player's name, ``"You"`` the viewer)."""
    if name == YOU:
        return gettext("the hand is over: you went out")
    # TRANSLATORS: {name} is the player who played their last card
    return gettext("the hand is over: {name} went out").format(name=within(name))


def _over(reason: Reason) -> str:
    if reason.player is None:
        return gettext("the hand is over: it is blocked")
    return _went_out(f"P{reason.player}")


def _corner_taken(reason: Reason) -> str:
    if reason.source is not None:
        said = gettext("{corner} is taken: a king's pile opens only an empty corner")
    else:
        said = gettext("{corner} is taken: a king opens only an empty corner")
    return said.format(corner=space_subject(_space(reason)))


def _corner_needs_king(reason: Reason) -> str:
    if reason.source is not None:
        # TRANSLATORS: {pile} is a pile moved towards an empty corner; {card} its bottom card
        said = gettext("only a king can open an empty corner, and {pile} starts with {card}")
        return said.format(pile=space_subject(reason.source), card=_card(reason))
    said = gettext("only a king can open an empty corner, and {card} is not a king")
    return said.format(card=_card(reason))


def _must_play(reason: Reason) -> str:
    space = _space(reason)
    if reason.top is not None:
        said = gettext("must play: {card} can go on {pile}, so it must be played")
        return said.format(card=_card(reason), pile=space_object(space))
    if space.is_corner:
        said = gettext("must play: {card} can go in {corner}, so it must be played")
        return said.format(card=_card(reason), corner=space_object(space))
    said = gettext("must play: {card} can go in {space}, so it must be played")
    return said.format(card=_card(reason), space=_empty_space(space))


def _empty_corner(space: Space) -> str:
    """``"the empty north-east corner"``: an empty corner as the object of a sentence."""
    names = {
        Space.NE: gettext("the empty north-east corner"),
        Space.SE: gettext("the empty south-east corner"),
        Space.SW: gettext("the empty south-west corner"),
        Space.NW: gettext("the empty north-west corner"),
    }
    return names[space]


def _empty_space(space: Space) -> str:
    """``"the empty west space"``: an empty side space as the object of a sentence."""
    names = {
        Space.N: gettext("the empty north space"),
        Space.E: gettext("the empty east space"),
        Space.S: gettext("the empty south space"),
        Space.W: gettext("the empty west space"),
    }
    return names[space]


def _rank_rule(reason: Reason) -> str:
    assert reason.top is not None
    # TRANSLATORS: {card} cannot go on {top}; {needed} says what {top} takes
    said = gettext("{card} cannot go on {top}: a card must be exactly one rank lower ({needed})")
    return said.format(card=_card(reason), top=_top(reason), needed=needed(reason.top))


def _colour_rule(reason: Reason) -> str:
    assert reason.top is not None
    # TRANSLATORS: {card} cannot go on {top}; {needed} says what {top} takes
    said = gettext("{card} cannot go on {top}: colours must alternate ({needed})")
    return said.format(card=_card(reason), top=_top(reason), needed=needed(reason.top))


def _said(message: str, **slots: Callable[[Reason], str]) -> Callable[[Reason], str]:
    """A reason's sentence: ``message`` (marked ``N_``) said now, its slots filled from the
    reason."""
    return lambda r: gettext(message).format(**{k: fill(r) for k, fill in slots.items()})


_REASONS: dict[str, Callable[[Reason], str]] = {
    "unreadable": lambda r: r.text,
    "over": _over,
    "not_in_hand": _said(N_("{card} is not in your hand"), card=_card),
    "pending": _said(N_("draw until it fits: play {card} you drew first"), card=_card),
    "pending_end": _said(
        N_("draw until it fits: play {card} you drew before ending your turn"), card=_card
    ),
    "corner_taken": _corner_taken,
    "on_ace": _said(
        N_("nothing can be played on an ace: {top} ends {pile}"),
        top=_top,
        pile=lambda r: space_object(_space(r)),
    ),
    "rank": _rank_rule,
    "colour": _colour_rule,
    "corner_needs_king": _corner_needs_king,
    "kings_first": _said(
        N_("kings first: put {card} in an empty corner before anything else"), card=_card
    ),
    "corner_fixed": _said(N_("corner piles never move")),
    "empty_source": _said(
        N_("{space} is empty: there is no pile to move"),
        space=lambda r: space_place(_source(r)),
    ),
    "onto_itself": _said(N_("a pile cannot move onto itself")),
    "pile_no_fit": _said(
        N_(
            "{pile} starts with {card}, which cannot go on {top}: a pile moves only when its "
            "bottom card is one rank lower and the other colour"
        ),
        pile=lambda r: space_subject(_source(r)),
        card=_card,
        top=_top,
    ),
    "pile_into_space": _said(
        N_(
            "a pile moves onto another pile, not into an empty side space; {space} takes a "
            "card from your hand"
        ),
        space=lambda r: space_place(_space(r)),
    ),
    "end_with_pass_draw_first": _said(
        N_("with the draw at the start of the turn, end your turn with pass")
    ),
    "end_with_pass": _said(N_("the stock is empty: end your turn with pass")),
    "end_with_draw": _said(N_("the stock still has cards: end your turn with draw")),
    "must_play": _must_play,
}


# -- moves --------------------------------------------------------------------------------------


def where_to(game: Piles, target: Space) -> str:
    """A space a card or pile may go to, as a place: ``"the north pile"`` (a pile there),
    ``"the west space"`` (an empty cross space), ``"the north-east corner"``."""
    return space_object(target) if game.pile(target) else space_place(target)


def fits_words(game: Piles, source: Card | Space, targets: Sequence[Space]) -> str:
    """What a picked card (or pile) fits on, as a screen reader says it when it is picked up.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
    >>> fits_words(g, Card.parse("Th"), [Space.N, Space.W])
    'The ten of hearts fits on the north pile and the west space.'
    >>> fits_words(g, Space.S, [Space.E])
    'The south pile fits on the east pile.'
    >>> fits_words(g, Card.parse("Ks"), [Space.NE, Space.SE])
    'The king of spades fits on the north-east corner and the south-east corner.'
    """
    what = card_words(source) if isinstance(source, Card) else space_subject(source)
    places = listed([where_to(game, t) for t in targets])
    # TRANSLATORS: {what} is a card or a pile picked up; {places}: the spaces it can go to
    return sentence(gettext("{what} fits on {places}").format(what=what, places=places))


def logged(
    game: Piles, move: Move, name: str, drawn: int = 1, ends: bool = True, past: bool = False
) -> str:
    """The log's line for ``move`` made by ``name`` in ``game`` (the game *before* the move).

    A draw never names the card drawn: only its owner may see it.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> logged(g, parse_move("Ks>NE"), "You")
    'You play the king of spades into the north-east corner'
    >>> logged(g, parse_move("S>E"), "P1")
    'P1 moves the south pile onto the east pile'
    >>> logged(g, parse_move("draw"), "P2", drawn=3)
    'P2 draws 3 cards and ends the turn'

    With ``past``, what was just done, as a lesson confirms it:

    >>> logged(g, parse_move("S>E"), "You", past=True)
    'You moved the south pile onto the east pile'
    """
    if past:
        return _done(game, move, name, drawn, ends)
    you = name == YOU
    if isinstance(move, EndTurn):
        return _logged_end(move, name, drawn, ends)
    empty = not game.pile(move.target)
    if isinstance(move, PlayCard):
        # TRANSLATORS: {card} is a card played; {where}: where it lands ("on the north pile")
        said = gettext("You play {card} {where}") if you else gettext("{name} plays {card} {where}")
        where = landing(move.target, empty=empty)
        return said.format(name=name, card=the_card(move.card), where=where)
    # TRANSLATORS: {pile} is the pile moved; {where}: where it lands ("onto the east pile")
    said = gettext("You move {pile} {where}") if you else gettext("{name} moves {pile} {where}")
    where = landing(move.target, pile=True, empty=empty)
    return said.format(name=name, pile=space_object(move.source), where=where)


def kings_moved(king: Card | None, source: Space, corner: Space) -> str:
    """The log's line for a dealt king the rules moved to a corner (kings first).

    >>> kings_moved(Card.parse("Ks"), Space.N, Space.NE)
    'The rules move the dealt king of spades from the north pile to the north-east corner'
    """
    where = {"source": space_subject(source), "corner": space_object(corner)}
    if king is None:
        said = gettext("The rules move a dealt king from {source} to {corner}")
        return said.format(**where)
    # TRANSLATORS: the kings-first rule moves a dealt king of {suit} to a corner
    said = gettext("The rules move the dealt king of {suit} from {source} to {corner}")
    return said.format(suit=suit_name(king.suit), **where)


def _logged_end(move: EndTurn, name: str, drawn: int, ends: bool) -> str:
    """The log's line for the end of a turn (or a draw that does not end it)."""
    you = name == YOU
    if move.kind == "pass":
        said = gettext("You pass") if you else gettext("{name} passes")
    elif drawn == 1 and ends:
        if you:
            said = gettext("You draw a card and end your turn")
        else:
            said = gettext("{name} draws a card and ends the turn")
    elif drawn == 1:
        said = gettext("You draw a card") if you else gettext("{name} draws a card")
    elif ends and you:
        said = ngettext(
            "You draw {n} card and end your turn", "You draw {n} cards and end your turn", drawn
        )
    elif ends:
        said = ngettext(
            "{name} draws {n} card and ends the turn",
            "{name} draws {n} cards and ends the turn",
            drawn,
        )
    elif you:
        said = ngettext("You draw {n} card", "You draw {n} cards", drawn)
    else:
        said = ngettext("{name} draws {n} card", "{name} draws {n} cards", drawn)
    return said.format(name=name, n=drawn)


def _done(game: Piles, move: Move, name: str, drawn: int, ends: bool) -> str:
    """:func:`logged`'s line in the past tense (``name`` ``"You"`` or ``"you"``: the viewer)."""
    you = name.lower() == "you"
    if isinstance(move, EndTurn):
        said = _done_end(move, you, drawn, ends)
    else:
        empty = not game.pile(move.target)
        if isinstance(move, PlayCard):
            said = (
                gettext("You played {card} {where}")
                if you
                else (gettext("{name} played {card} {where}"))
            )
            where = landing(move.target, empty=empty)
        else:
            said = (
                gettext("You moved {pile} {where}")
                if you
                else (gettext("{name} moved {pile} {where}"))
            )
            where = landing(move.target, pile=True, empty=empty)
        source = space_object(move.source) if isinstance(move, MovePile) else ""
        card = the_card(move.card) if isinstance(move, PlayCard) else ""
        said = said.format(name=name, card=card, pile=source, where=where)
    said = said.format(name=name, n=drawn) if isinstance(move, EndTurn) else said
    return said[:1].lower() + said[1:] if name == "you" else said


def _done_end(move: EndTurn, you: bool, drawn: int, ends: bool) -> str:
    """The end of a turn (or a draw that does not end it), in the past tense."""
    if move.kind == "pass":
        return gettext("You passed") if you else gettext("{name} passed")
    if drawn == 1 and ends:
        if you:
            return gettext("You drew a card and ended your turn")
        return gettext("{name} drew a card and ended the turn")
    if drawn == 1:
        return gettext("You drew a card") if you else gettext("{name} drew a card")
    if ends and you:
        return ngettext(
            "You drew {n} card and ended your turn", "You drew {n} cards and ended your turn", drawn
        )
    if ends:
        return ngettext(
            "{name} drew {n} card and ended the turn",
            "{name} drew {n} cards and ended the turn",
            drawn,
        )
    if you:
        return ngettext("You drew {n} card", "You drew {n} cards", drawn)
    return ngettext("{name} drew {n} card", "{name} drew {n} cards", drawn)


def move_done(game: Piles, move: Move, name: str = "You") -> str:
    """What ``move`` (not yet played on ``game``) did, as a lesson confirms it: in words only,
    with no notation (a learner reads it).

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> move_done(g, parse_move("S>E"), "you")
    'you moved the south pile onto the east pile.'
    """
    return f"{logged(game, move, name, past=True)}."


def seat_words(learner: int, player: int, players: int) -> str:
    """Another player as the learner sees them round the table, never a seat code: play
    passes to the left.

    >>> seat_words(1, 2, 2), seat_words(1, 3, 3), seat_words(2, 4, 4), seat_words(1, 3, 5)
    ('the player on your left', 'the player on your right', 'the player across from you', 'the player two seats to your left')
    """  # noqa: E501
    if player == learner:
        return pgettext("the viewer, within a sentence", "you")
    offset = (player - learner) % players
    if offset == 1:
        return gettext("the player on your left")
    if offset == players - 1:
        return gettext("the player on your right")
    if players == 4:
        return gettext("the player across from you")
    further = {
        2: gettext("the player two seats to your left"),
        3: gettext("the player three seats to your left"),
        4: gettext("the player four seats to your left"),
    }
    return further[offset]


def move_kind(game: Piles, move: Move) -> str:
    """The kind of a move in a few words, as a lesson suggests one.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> move_kind(g, parse_move("S>E")), move_kind(g, parse_move("Ks>NE"))
    ('a pile move', 'a king in a corner')
    """
    if isinstance(move, MovePile):
        return gettext("a pile move")
    if isinstance(move, EndTurn):
        return gettext("ending the turn")
    if game.pile(move.target):
        return gettext("playing a card onto a pile")
    if move.target.is_corner:
        return gettext("a king in a corner")
    return gettext("filling the empty space")


def kind_again(kind: str) -> str:
    """What to try instead of a move of the same :func:`move_kind`: ``"pile move"``.

    >>> kind_again("a pile move"), kind_again("ending the turn")
    ('pile move', 'move')
    """
    again = {
        gettext("a pile move"): gettext("pile move"),
        gettext("playing a card onto a pile"): gettext("card or pile"),
        gettext("a king in a corner"): gettext("king or corner"),
        gettext("filling the empty space"): gettext("card in the empty space"),
    }
    return again.get(kind, gettext("move"))


class _GameOver(Piles, Protocol):
    def is_over(self) -> bool: ...

    def outcome(self) -> Finished | None: ...


def went_out_words(game: _GameOver, learner: int = 0) -> str:
    """What going out did, by the engine's outcome of ``game`` (over): ``"You went out and won
    the hand"``; in the corners version, when another player has more corners, ``"You went
    out, which ends the hand; P2 wins it on corners"``."""
    outcome = game.outcome()
    if outcome is None or outcome.went_out is None:
        return gettext("The hand is over")
    me = learner or outcome.went_out
    if outcome.winners == (me,):
        return gettext("You went out and won the hand")
    others = [f"P{p}" if p != me else YOU for p in outcome.winners]
    # TRANSLATORS: {win} says who wins the hand ("P2 wins", "P2 and you share it")
    said = gettext("You went out, which ends the hand; {win} on corners")
    return said.format(win=win_clause(others, what="it"))


def card_symbol(card: Card) -> str:
    """``"7♦"``, ``"10♥"``, ``"K♠"``: a card as a player says it at a glance.

    >>> card_symbol(Card.parse("Td")), card_symbol(Card.parse("Ks"))
    ('10♦', 'K♠')
    """
    rank = card.rank
    letter = str(int(rank)) if Rank.TWO <= rank <= Rank.TEN else rank.letter
    return f"{letter}{card.suit.symbol}"


def move_shown(game: Piles, move: Move, name: str) -> str:
    """What a step back or forward shows: ``move`` by ``name`` on ``game`` (before the move),
    naming the card it lands on and the pile's direction. A draw is said as the log says it.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:8s E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:7dKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> move_shown(g, parse_move("7d>N"), "P1")
    'P1 plays the 7♦ on the 8♠ (north)'
    >>> move_shown(g, parse_move("Ks>NE"), "P1"), move_shown(g, parse_move("S>E"), "P1")
    ('P1 plays the K♠ into the north-east corner', 'P1 moves the 5♠ (south) onto the 6♥ (east)')
    """
    if isinstance(move, EndTurn):
        return logged(game, move, name)
    you = name == YOU
    pile = game.pile(move.target)
    if isinstance(move, PlayCard):
        card = card_symbol(move.card)
        if pile:
            # TRANSLATORS: {card} and {top} are cards by symbol ("7♦"); {direction}: the pile's
            said = (
                gettext("You play the {card} on the {top} ({direction})")
                if you
                else (gettext("{name} plays the {card} on the {top} ({direction})"))
            )
        else:
            said = (
                gettext("You play the {card} {where}")
                if you
                else (gettext("{name} plays the {card} {where}"))
            )
    else:
        source = game.pile(move.source)
        card = card_symbol(source[0]) if source else ""
        if pile:
            said = (
                gettext("You move the {card} ({from}) onto the {top} ({direction})")
                if you
                else (gettext("{name} moves the {card} ({from}) onto the {top} ({direction})"))
            )
        else:
            said = (
                gettext("You move the {card} ({from}) {where}")
                if you
                else (gettext("{name} moves the {card} ({from}) {where}"))
            )
    return said.format(
        name=name,
        card=card,
        top=card_symbol(pile[-1]) if pile else "",
        direction=_direction(move.target),
        where=landing(move.target, empty=True),
        **{"from": _direction(move.source) if isinstance(move, MovePile) else ""},
    )


def _direction(space: Space) -> str:
    """Where a space lies, in one word (``"north"``), in the language spoken now."""
    names = {
        Space.N: pgettext("where a space lies", "north"),
        Space.E: pgettext("where a space lies", "east"),
        Space.S: pgettext("where a space lies", "south"),
        Space.W: pgettext("where a space lies", "west"),
        Space.NE: pgettext("where a space lies", "north-east"),
        Space.SE: pgettext("where a space lies", "south-east"),
        Space.SW: pgettext("where a space lies", "south-west"),
        Space.NW: pgettext("where a space lies", "north-west"),
    }
    return names[space]


def move_at(at: int, length: int, shown: str) -> str:
    """The line a step through the history shows: ``"Move 5 of 20: P2 plays ..."``.

    >>> move_at(5, 20, "P2 plays the 7♦ on the 8♠ (north)")
    'Move 5 of 20: P2 plays the 7♦ on the 8♠ (north).'
    >>> move_at(0, 20, "")
    'The start of the hand (20 moves in this line).'
    """
    if at == 0:
        said = ngettext(
            "The start of the hand ({n} move in this line).",
            "The start of the hand ({n} moves in this line).",
            length,
        )
        return said.format(n=length)
    # TRANSLATORS: {shown} is the move, as a step through the history shows it
    return sentence(
        gettext("Move {at} of {length}: {shown}").format(at=at, length=length, shown=shown)
    )


def instruction(game: Piles, move: Move) -> str:
    """What ``move`` does on ``game``'s table, as an instruction.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... )
    >>> instruction(g, parse_move("Ks>W"))
    'Put the king of spades in the empty west space'
    >>> instruction(g, parse_move("Ks>NE"))
    'Put the king of spades in the north-east corner'
    >>> instruction(g, parse_move("S>E")), instruction(g, parse_move("draw"))
    ('Move the south pile onto the six of hearts', 'Draw a card to end your turn')
    >>> k = Game.from_position(
    ...     "N:Kc E:6h S:5s W:Jd NE:- SE:- SW:- NW:- P1:Th4h P2:?7 stock:39 turn:P1"
    ... )
    >>> instruction(k, parse_move("N>NE"))
    'Move the north pile into the north-east corner'

    """
    if isinstance(move, EndTurn):
        return instruction_end(move)
    pile = game.pile(move.target)
    target = move.target
    if isinstance(move, PlayCard):
        card = the_card(move.card)
        if pile:
            return gettext("Play {card} onto {top}").format(card=card, top=the_card(pile[-1]))
        if target.is_corner:
            return gettext("Put {card} in {corner}").format(card=card, corner=space_object(target))
        return gettext("Put {card} in {space}").format(card=card, space=_empty_space(target))
    source = space_object(move.source)
    if pile:
        return gettext("Move {pile} onto {top}").format(pile=source, top=the_card(pile[-1]))
    if target.is_corner:
        return gettext("Move {pile} into {corner}").format(pile=source, corner=space_object(target))
    return gettext("Move {pile} into {space}").format(pile=source, space=_empty_space(target))


def phrase(move: Move | str) -> str:
    """A move in words without a table or a player (``Th>N``: the ten of hearts to the north
    pile), for lines that name a move the reader can see on the table."""
    move = parse_move(move) if isinstance(move, str) else move
    if isinstance(move, PlayCard):
        # TRANSLATORS: a move named alone: {card} goes to {space} ("the ten of hearts to the
        # north pile")
        said = gettext("{card} to {space}")
        return said.format(card=the_card(move.card), space=space_object(move.target))
    if isinstance(move, MovePile):
        said = gettext("{pile} onto {space}")
        return said.format(pile=space_subject(move.source), space=space_object(move.target))
    if move.kind == "draw":
        return gettext("draw a card to end the turn")
    return gettext("pass to end the turn")


def move_sentences(
    piles: Sequence[Sequence[Card]], hand: Sequence[Card], moves: Sequence[Move]
) -> tuple[str, ...]:
    """The explanation's sentences: one per move of a turn played from ``piles`` (in space
    order) and ``hand``, each saying what the move does and, when a later move of the same turn
    builds on it, what it makes possible (a freed space, a card that can follow).

    >>> from kingscorner_widget import Game
    >>> from kingscorner_widget.engine.spaces import SPACES
    >>> g = Game.from_position(
    ...     "N:9d E:- S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:39 turn:P1"
    ... )
    >>> turn = [parse_move(m) for m in ("W>N", "Qh>W", "6c>N", "draw")]
    >>> for line in move_sentences([g.pile(s) for s in SPACES], g.hand(), turn):
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    Move the west pile (the black 8 (8s) down to the red 7 (7h)) onto the red 9 (9d) on the
    north pile, which frees the west space for the red queen (Qh).
    Put the red queen (Qh) in the empty west space.
    Play the black 6 (6c) on the red 7 (7h) on the north pile.
    Draw a card to end your turn.
    """
    table = [list(pile) for pile in piles]
    held = list(hand)
    out: list[str] = []
    for i, move in enumerate(moves):
        later = moves[i + 1 :]
        if isinstance(move, PlayCard):
            pile = table[move.target.index]
            card, space = card_name(move.card), move.target
            if pile:
                # TRANSLATORS: {card} goes on {top}, the top card of the pile {where} names
                text = gettext("Play {card} on {top} {where}")
                text = text.format(card=card, top=card_name(pile[-1]), where=landing(space))
            elif space.is_corner:
                text = gettext("Put {card} in {corner}")
                text = text.format(card=card, corner=_empty_corner(space))
            else:
                text = gettext("Put {card} in {space}").format(card=card, space=_empty_space(space))
            follower = _follower(later, move.target)
            if follower is not None:
                # TRANSLATORS: {move} is the sentence so far; {card} can follow it on the pile
                text = gettext("{move}, so {card} can follow").format(
                    move=text, card=card_name(follower)
                )
            pile.append(move.card)
            if move.card in held:
                held.remove(move.card)
        elif isinstance(move, MovePile):
            moving = table[move.source.index]
            target = table[move.target.index]
            # TRANSLATORS: a pile moved, and its cards ("the west pile (the black 8 (8s))")
            what = gettext("{pile} ({cards})").format(
                pile=space_object(move.source), cards=pile_name(moving)
            )
            if target:
                text = gettext("Move {pile} onto {top} {where}").format(
                    pile=what, top=card_name(target[-1]), where=landing(move.target)
                )
            else:
                text = gettext("Move {pile}, headed by a king, into {corner}").format(
                    pile=what, corner=_empty_corner(move.target)
                )
            filler = _filler(later, move.source)
            place = space_place(move.source)
            if filler is not None:
                # TRANSLATORS: {move} is the sentence so far; it frees {space} for {card}
                text = gettext("{move}, which frees {space} for {card}").format(
                    move=text, space=place, card=card_name(filler)
                )
            else:
                text = gettext("{move}, which empties {space}").format(move=text, space=place)
            target.extend(moving)
            moving.clear()
        else:
            text = instruction_end(move)
        out.append(text + ".")
    return tuple(out)


def instruction_end(move: EndTurn) -> str:
    """The end of a turn as an instruction."""
    if move.kind == "draw":
        return gettext("Draw a card to end your turn")
    return gettext("Pass to end your turn")


def _follower(later: Sequence[Move], space: Space) -> Card | None:
    """The next card played on ``space`` by the following moves, before the pile moves away."""
    for move in later:
        if isinstance(move, PlayCard) and move.target is space:
            return move.card
        if isinstance(move, MovePile) and space in (move.source, move.target):
            return None
    return None


def _filler(later: Sequence[Move], space: Space) -> Card | None:
    """The card from hand that next fills the freed ``space``, if the turn does so."""
    for move in later:
        if isinstance(move, PlayCard) and move.target is space:
            return move.card
    return None


# -- outcomes -----------------------------------------------------------------------------------


def outcome_line(
    outcome: Finished,
    name_of: Callable[[int], str],
    cards_left: Sequence[int],
    order: Sequence[int] | None = None,
    corners_version: bool = False,
) -> str:
    """A finished hand in one line: how it ended and who won it, then each player's cards left
    in hand and what they cost (``cards_left`` per player; ``order``: the players in seat
    order). A blocked hand has no winner: it is scored by the cards left. In the corners
    version going out ends the hand, and the most corners wins it.

    >>> from kingscorner_widget.engine.game import Outcome
    >>> name = {1: "You", 2: "P2"}.get
    >>> outcome_line(Outcome("out", 1, (1,), (0, 13), (0, 0)), name, (0, 4))
    'You went out and won the hand. Left in hand: P2 4 cards (13 points).'
    >>> outcome_line(Outcome("blocked", None, (), (2, 2), (0, 0)), name, (2, 2))
    'The hand is blocked: nobody wins it, and it is scored by the cards left. Left in hand: you 2 cards, P2 2 cards.'
    >>> outcome_line(Outcome("out", 2, (1,), (3, 0), (2, 1)), name, (3, 0), corners_version=True)
    'P2 went out, which ends the hand; you win it with 2 corners to 1. Left in hand: you 3 cards.'
    >>> outcome_line(Outcome("out", 1, (1,), (0, 2), (0, 0)), name, (0, 2), corners_version=True)
    'You went out and won the hand. Left in hand: P2 2 cards.'
    """  # noqa: E501
    names = [name_of(p) for p in outcome.winners]
    if outcome.reason == "out" and outcome.went_out is not None:
        went = name_of(outcome.went_out)
        you = went == YOU
        by_corners = corners_version and any(outcome.corners)  # else going out won
        if by_corners:
            if you:
                said = gettext("You went out, which ends the hand; {win}.")
            else:
                said = gettext("{name} went out, which ends the hand; {win}.")
            win = _corners_win(outcome, names)
        elif outcome.winners == (outcome.went_out,):
            said = (
                gettext("You went out and won the hand.")
                if you
                else (gettext("{name} went out and won the hand."))
            )
            win = ""
        else:
            # TRANSLATORS: {win} says who wins the hand ("P2 wins", "you and P3 share the hand")
            said = gettext("You went out; {win}.") if you else gettext("{name} went out; {win}.")
            win = win_clause(names, what="the hand")
        head = said.format(name=went, win=win)
    elif corners_version and any(outcome.corners):
        # TRANSLATORS: {win} says who wins the hand on corners ("you win it with 2 corners to 1")
        head = gettext("The hand is blocked; {win}.").format(win=_corners_win(outcome, names))
    else:
        head = gettext(BLOCKED)
    players = order or range(1, len(outcome.penalties) + 1)
    parts = []
    for player in players:
        cards = cards_left[player - 1]
        if not cards:
            continue
        points = outcome.penalties[player - 1]
        who, left = within(name_of(player)), ngettext("{n} card", "{n} cards", cards)
        if points == cards:
            # TRANSLATORS: a player and the cards left in their hand ("P2 4 cards")
            part = gettext("{name} {cards}").format(name=who, cards=left.format(n=cards))
        else:
            cost = ngettext("{n} point", "{n} points", points).format(n=points)
            # TRANSLATORS: a player, the cards left in their hand and what they cost
            part = gettext("{name} {cards} ({points})")
            part = part.format(name=who, cards=left.format(n=cards), points=cost)
        parts.append(part)
    if not parts:
        return head
    # TRANSLATORS: {head} says how the hand ended; {left}: each player's cards left in hand
    return gettext("{head} Left in hand: {left}.").format(head=head, left=", ".join(parts))


def within(name: str) -> str:
    """A player's name inside a sentence: "You" is "you" there, and so is "The player on your
    left" (a seat said in words, not a name); a name stays as it is.

    >>> within("You"), within("The player on your left"), within("Ada")
    ('you', 'the player on your left', 'Ada')
    """
    return player_within(name)


BLOCKED = N_("The hand is blocked: nobody wins it, and it is scored by the cards left.")
"""A blocked hand, as the rules texts and SPEC say it: no winner, scored by the cards left
(marked: said through ``gettext``)."""


def outcome_words(outcome: Finished) -> str:
    """The engine's own line for a finished hand, players named ``Pn``: how it ended and who won
    it, then each player's penalty count left in hand (:meth:`Outcome.describe`). The corners
    version is read from the corners kept (none kept: going out wins, a blocked hand has none).

    >>> from kingscorner_widget.engine.game import Outcome
    >>> outcome_words(Outcome("out", 2, (2,), (13, 0), (0, 0)))
    'P2 went out and wins. Left in hand: P1 13, P2 0.'
    >>> outcome_words(Outcome("out", 2, (1,), (3, 0), (1, 0)))
    'P2 went out, which ends the hand; P1 wins it with 1 corner to 0. Left in hand: P1 3, P2 0.'
    >>> outcome_words(Outcome("blocked", None, (), (2, 2), (0, 0)))
    'The hand is blocked: nobody wins it, and it is scored by the cards left. Left in hand: P1 2, P2 2.'
    """  # noqa: E501
    names = [f"P{p}" for p in outcome.winners]
    if any(outcome.corners):
        went = f"P{outcome.went_out} went out, which ends the hand"
        how = went if outcome.reason == "out" else "The hand is blocked"
        head = f"{how}; {_corners_win(outcome, names)}."
    elif outcome.reason == "out" and outcome.went_out is not None:
        went = f"P{outcome.went_out}"
        if outcome.winners == (outcome.went_out,):
            head = f"{went} went out and {wins_verb(names)}."
        else:
            head = f"{went} went out; {win_clause(names, what='the hand')}."
    else:
        head = BLOCKED
    counts = ", ".join(f"P{i} {n}" for i, n in enumerate(outcome.penalties, start=1))
    return f"{head} Left in hand: {counts}."


def hand_winners(outcome: Finished, corners_version: bool = False) -> tuple[int, ...]:
    """Who won a finished hand, as the words say it: nobody for a blocked hand (it is scored
    by the cards left), unless the corners version gives it to the most corners kept.

    >>> from kingscorner_widget.engine.game import Outcome
    >>> hand_winners(Outcome("blocked", None, (), (2, 5), (0, 0)))
    ()
    >>> hand_winners(Outcome("out", 2, (2,), (3, 0), (0, 0)))
    (2,)
    """
    if outcome.reason == "blocked" and not (corners_version and any(outcome.corners)):
        return ()
    return outcome.winners


def _corners_win(outcome: Finished, names: Sequence[str]) -> str:
    """``"you win it with 2 corners to 1"``: the corners version's winner of a hand."""
    ranked = sorted(outcome.corners, reverse=True)
    best = ranked[0]
    who = players_listed(names)
    if len(names) > 1:
        said = ngettext(
            "{names} share it with {n} corner each", "{names} share it with {n} corners each", best
        )
        return said.format(names=who, n=best)
    others = [n for n in ranked if n < best]
    you = bool(names) and names[0] == YOU
    if others and you:
        said = ngettext(
            "you win it with {n} corner to {other}", "you win it with {n} corners to {other}", best
        )
    elif others:
        # TRANSLATORS: {name} wins the hand with {n} corners kept, the next best kept {other}
        said = ngettext(
            "{name} wins it with {n} corner to {other}",
            "{name} wins it with {n} corners to {other}",
            best,
        )
    elif you:
        said = ngettext("you win it with {n} corner", "you win it with {n} corners", best)
    else:
        said = ngettext("{name} wins it with {n} corner", "{name} wins it with {n} corners", best)
    return said.format(name=who, n=best, other=others[0] if others else 0)


def match_line(match: Match, seat_name: Callable[[int], str]) -> str:
    """The match's standing in one line, seats named by ``seat_name``.

    >>> from kingscorner_widget.engine.match import Match
    >>> match_line(Match(players=2), {1: "You", 2: "P2"}.get)
    'After 0 hands: you 0, P2 0 (target 25).'
    """
    totals = ", ".join(f"{within(seat_name(s))} {t}" for s, t in enumerate(match.totals, start=1))
    hands = len(match.sheet)
    if match.is_over():
        winners = match.winners()
        said = win_clause([seat_name(s) for s in winners])
        # TRANSLATORS: {won} says who won the match ("you win"); {totals}: "you 12, P2 30"
        line = ngettext(
            "The match is over after {n} hand: {won}. Totals: {totals}.",
            "The match is over after {n} hands: {won}. Totals: {totals}.",
            hands,
        )
        return line.format(n=hands, won=said, totals=totals)
    # TRANSLATORS: {totals} is each seat's total ("you 12, P2 30"); {target}: the match's target
    line = ngettext(
        "After {n} hand: {totals} (target {target}).",
        "After {n} hands: {totals} (target {target}).",
        hands,
    )
    return line.format(n=hands, totals=totals, target=match.rules.target)


# -- reviews ----------------------------------------------------------------------------------

VERDICT_WORDS = {
    "best": N_("The best turn"),
    "inaccuracy": N_("A small slip"),
    "mistake": N_("A mistake"),
    "blunder": N_("A big mistake"),
}
"""How a review names each verdict (marked: said through ``gettext``)."""


def turn_words(moves: Sequence[Move]) -> str:
    """A turn's moves in words, in order (``Th>N draw``: the ten of hearts to the north pile,
    then draw a card to end the turn).

    >>> turn_words([parse_move("4h>S"), parse_move("draw")])
    'the four of hearts to the south pile, then draw a card to end the turn'
    """
    said = [phrase(move) for move in moves]
    if not said:
        return gettext("no move")
    line = said[0]
    for following in said[1:]:
        # TRANSLATORS: the moves of a turn so far, then the next one
        line = gettext("{moves}, then {move}").format(moves=line, move=following)
    return line


def review_line(
    verdict: str,
    reason: str,
    shed: int,
    best: Sequence[Move],
    *,
    goes_out: bool,
    exact: bool,
    moves: bool = True,
    head: bool = True,
) -> str:
    """A reviewed turn's verdict for the player who played it: what they shed against the best
    turn (``best``, its moves, said in words unless ``moves`` is false), in words, after the
    verdict's name unless ``head`` is false; ``reason`` is the analysis' reason, read for a
    verdict that turns on more than the count of cards.

    >>> best = [parse_move(m) for m in ("4h>S", "Th>N", "Ks>NE")]
    >>> print(review_line("mistake", "", 1, best, goes_out=True, exact=True))
    ... # doctest: +NORMALIZE_WHITESPACE
    A mistake: you played 1 card; the best turn here plays 3 and goes out: the four of hearts to
    the south pile, then the ten of hearts to the north pile, then the king of spades to the
    north-east corner.
    >>> review_line("inaccuracy", "", 0, best[:1], goes_out=False, exact=True, moves=False)
    'A small slip: you played no card; the best turn here plays 1.'
    >>> review_line("best", "", 3, best, goes_out=True, exact=True, head=False)
    'You played 3 cards, as many as the best turn here.'
    """
    line = _review_words(verdict, reason, shed, best, goes_out, exact, moves)
    if not head:
        return sentence(line)
    # TRANSLATORS: {verdict} names the verdict ("A mistake"); {line} says why
    return gettext("{verdict}: {line}").format(verdict=gettext(VERDICT_WORDS[verdict]), line=line)


def _review_words(
    verdict: str,
    reason: str,
    shed: int,
    best: Sequence[Move],
    goes_out: bool,
    exact: bool,
    moves: bool,
) -> str:
    best_shed = sum(1 for move in best if isinstance(move, PlayCard))
    if exact:
        found = gettext("the best turn here")
    else:
        found = gettext("the best turn found within the search budget")
    cards = ngettext("{n} card", "{n} cards", shed).format(n=shed)
    if verdict != "best" and shed < best_shed:
        mine = cards if shed else gettext("no card")
        if goes_out and verdict == "blunder":  # a sure win declined
            said = gettext(
                "you played {mine}; {found} plays {n} and goes out, which wins the hand at once"
            )
        elif goes_out:
            said = gettext("you played {mine}; {found} plays {n} and goes out")
        else:
            said = gettext("you played {mine}; {found} plays {n}")
        said = said.format(mine=mine, found=found, n=best_shed)
        if moves:
            # TRANSLATORS: {said} is the line so far; {moves}: the best turn's moves in words
            return gettext("{said}: {moves}.").format(said=said, moves=turn_words(best))
        return f"{said}."
    if verdict != "best":  # as many cards, a worse finish: the analysis says which
        return f"you {reason[:1].lower()}{reason[1:]}"
    return gettext("you played {mine}, as many as {found}.").format(mine=cards, found=found)


# -- the teacher's table: how a hand ended, what a turn did ---------------------------------------


def hand_end_reason(outcome: Finished, name_of: Callable[[int], str]) -> str:
    """Why a finished hand ended, in one sentence.

    >>> from kingscorner_widget.engine.game import Outcome
    >>> hand_end_reason(Outcome("out", 2, (2,), (3, 0), (0, 0)), {1: "You", 2: "P2"}.get)
    'P2 played their last card, so the hand ended at once.'
    >>> hand_end_reason(Outcome("blocked", None, (), (2, 5), (0, 0)), {1: "You", 2: "P2"}.get)
    'The stock was empty and a full round went by without a card played, so the hand is blocked.'
    """
    if outcome.reason == "out" and outcome.went_out is not None:
        name = name_of(outcome.went_out)
        if name == YOU:
            return gettext("You played your last card, so the hand ended at once.")
        said = gettext("{name} played their last card, so the hand ended at once.")
        return said.format(name=name)
    return gettext(
        "The stock was empty and a full round went by without a card played, "
        "so the hand is blocked."
    )


def turn_recap(name: str, moves: Sequence[str]) -> str:
    """What one turn did, counted (``moves``: the turn's moves in notation, in order).

    >>> turn_recap("P2", ["Th>N", "W>E", "4h>W", "draw"])
    'P2 played 2 cards, moved a pile and drew'
    >>> turn_recap("You", ["pass"]), turn_recap("P3", ["draw", "Ks>NE", "pass"])
    ('You passed', 'P3 drew, played 1 card and passed')
    """
    parts: list[str] = []
    cards = piles = 0
    you = name == YOU

    def counted() -> None:  # the cards played and piles moved since the last draw or pass
        if cards:
            parts.append(_did(you, "played", cards))
        if piles:
            parts.append(_did(you, "moved", piles))

    for move in map(parse_move, moves):
        if isinstance(move, PlayCard):
            cards += 1
        elif isinstance(move, MovePile):
            piles += 1
        else:
            counted()
            cards = piles = 0
            parts.append(_did(you, "drew" if move.kind == "draw" else "passed"))
    counted()
    if not parts:
        if you:
            return gettext("You: no move yet")
        return gettext("{name}: no move yet").format(name=name)
    said = listed(parts)
    if you:
        # TRANSLATORS: {did} is what the viewer did in a turn ("played 2 cards and drew")
        return gettext("You {did}").format(did=said)
    # TRANSLATORS: {did} is what a player did in a turn ("played 2 cards and drew")
    return gettext("{name} {did}").format(name=name, did=said)


def _did(you: bool, what: str, n: int = 1) -> str:
    """One thing a turn did, said of the viewer (``you``) or of another player: the verb takes
    the person in most languages ("robaste", "P2 robó")."""
    if what == "played" and you:
        said = npgettext("what you did in a turn", "played {n} card", "played {n} cards", n)
    elif what == "played":
        said = npgettext("what a player did in a turn", "played {n} card", "played {n} cards", n)
    elif what == "moved" and n == 1:
        said = (
            pgettext("what you did in a turn", "moved a pile")
            if you
            else pgettext("what a player did in a turn", "moved a pile")
        )
    elif what == "moved" and you:
        said = npgettext("what you did in a turn", "moved {n} pile", "moved {n} piles", n)
    elif what == "moved":
        said = npgettext("what a player did in a turn", "moved {n} pile", "moved {n} piles", n)
    elif what == "drew":
        said = (
            pgettext("what you did in a turn", "drew")
            if you
            else pgettext("what a player did in a turn", "drew")
        )
    else:
        said = (
            pgettext("what you did in a turn", "passed")
            if you
            else pgettext("what a player did in a turn", "passed")
        )
    return said.format(n=n)
