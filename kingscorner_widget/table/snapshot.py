"""What the widget sends to the browser: the snapshot of what the viewer may see, in one place.

:class:`Snapshot` is the whole contract with the page, one typed structure: every key, its type
and what it means. :func:`build_snapshot` writes the table (:class:`Table`: piles, hands, stock,
whose turn), :meth:`Session.snapshot <kingscorner_widget.table.session.Session.snapshot>` writes
the rest, each key once (a mode supplies its own part through :class:`Extra`).
``scripts/snapshot_types.py`` writes the TypeScript declaration the page's type check reads
(``js/src/snapshot.d.ts``) from these classes.

The table is built from the viewer's
:class:`~kingscorner_widget.engine.observation.Observation`, so it holds no card the viewer
cannot see; other hands appear only as counts unless the teacher asked to show every hand
(explore mode). Cards are written in card notation (``Th``).

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> snap = build_snapshot(g, viewer=1, version=3, mode="explore")
>>> snap["piles"]["N"], snap["hands"][0]["cards"], snap["hands"][1]["cards"], snap["stock"]
(['Jc'], ['Th', 'Ks', '4h'], None, 39)
>>> from kingscorner_widget.engine.moves import parse_move
>>> log_entry(g, parse_move("Th>N"), 1, "P1")["words"]
'P1 plays the ten of hearts on the north pile'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NotRequired, TypedDict

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move, MovePile
from ..engine.naming import seat_shown
from ..engine.spaces import SPACES, Space
from ..engine.words import fits_words, kings_moved, logged, outcome_line
from .page_words import hand_title, hand_whose

LOG_WINDOW = 40
"""How many of the latest log entries a snapshot carries: ten rounds of a four-player hand, so
a viewer can read back what the computer players did while they waited, and the state message
stays small however long the hand runs (a finished four-player hand's snapshot stays under
10 KB; the whole log stays in Python, and in the game record)."""

__all__ = [
    "LOG_WINDOW",
    "Control",
    "Cover",
    "Extra",
    "LookView",
    "Phrases",
    "Snapshot",
    "Table",
    "build_snapshot",
    "describe_outcome",
    "fitting",
    "log_entry",
    "log_window",
    "opening_entries",
]

Json = dict[str, Any]
_SPACE_NAMES = frozenset(str(space) for space in SPACES)


class Input(TypedDict):
    """The text a control sends with its intent (Load's position), typed in a box beside it."""

    name: str
    """The field's name in the message."""
    prompt: str
    """What to type, for screen readers."""
    example: str
    """An example, shown in the empty box."""


class Control(TypedDict):
    """One control the table offers now (the snapshot's ``actions``): the page draws exactly
    these, as buttons carrying ``data-action`` = ``kind``."""

    kind: str
    """The intent the control sends."""
    label: str
    """Its words."""
    enabled: bool
    """False when the action would only refuse now."""
    primary: bool
    """True for the control to press next (drawn as the main button)."""
    key: str | None
    """The key that does it, if any."""
    teacher: bool
    """True for a teacher's control (listed only on a teacher's table)."""
    why: str | None
    """When disabled: why, in a sentence (shown on hover and focus); else ``None``."""
    input: Input | None
    """The text the intent carries, typed beside the button (``None`` for most controls)."""


class Hand(TypedDict):
    """One player's hand as the viewer may see it."""

    player: int
    """The seat, from 1."""
    name: str
    """How the table names the player ("You", "P2")."""
    title: str
    """The hand's heading ("Your hand", "P2's hand")."""
    whose: str
    """The hand within a sentence ("your hand", "P2's hand")."""
    count: int
    """How many cards the hand holds."""
    cards: list[str] | None
    """The cards, only when the viewer may see them."""
    computer: bool
    """True when a computer plays the seat."""
    kept: int
    """Corners kept (the corners version)."""


class LogEntry(TypedDict):
    """One move of the log."""

    player: int | None
    """Who moved (``None``: the rules moved a dealt king)."""
    notation: str
    words: str
    """The move in words, as the log says it."""
    comment: NotRequired[str]
    """Explore: the comment on the position after the move."""


class Turn(TypedDict):
    """One turn of the log window: its entries ``log[start:start + count]``."""

    player: int | None
    name: str
    start: int
    count: int
    recap: str
    """The turn in a few words ("P2 played 3 cards and drew")."""


class Place(TypedDict):
    """Where the table stands in the hand's moves."""

    at: int
    length: int


class Hint(TypedDict):
    """A hint shown with this snapshot only."""

    move: str
    reason: str
    exact: bool
    whole: NotRequired[bool]
    """A lesson's early hints light up only the card (false); else the pile too."""
    shown: NotRequired[bool]
    """Show me: the move is outlined now and the table plays it after a beat."""


class Question(TypedDict):
    """A question waiting for an answer before an action throws something away."""

    kind: str
    question: str
    yes: str
    no: str


class ScoreRow(TypedDict):
    hand: int
    points: list[int | None]
    winners: list[int]


class Score(TypedDict):
    """A match's score sheet (play mode)."""

    seats: list[str]
    rows: list[ScoreRow]
    totals: list[int]
    target: int
    end: str
    hand: int
    scored: bool
    over: bool
    winners: list[int]
    caption: str
    """What the sheet says above its rows: the hand and how the match ends, or who won it."""


class SummaryHand(TypedDict):
    player: int
    name: str
    cards: list[str]
    count: int
    points: int
    out: bool
    won: bool
    kept: int


class SummaryRow(TypedDict):
    label: str
    names: list[str]
    points: list[int | None]
    totals: list[int] | None
    winners: list[str]


class Summary(TypedDict):
    """The finished hand: every hand left, why it ended and the score row it adds."""

    reason: str
    why: str
    line: str
    hands: list[SummaryHand]
    row: SummaryRow
    said: str
    """The score row in one sentence (what a screen reader hears when the hand ends)."""


class LessonPart(TypedDict):
    """One item of a set of lessons (a homework): its title, where its steps are, whether the
    learner is in it now."""

    title: str
    first: int
    """Its first step in the set, counted from 1."""
    steps: int
    current: bool


class LessonView(TypedDict):
    """The lesson's narration and progress."""

    title: str
    stepTitle: str
    narration: str
    progress: list[int]
    index: int
    stepDone: bool
    done: bool
    interactive: bool
    nextLesson: str | None
    stars: int | None
    """The learner's stars for the lesson (0 to 3) once it is done, else ``None``."""
    starsSaid: str | None
    """The stars in a sentence (shown beside them, and what a screen reader reads)."""
    parts: list[LessonPart] | None
    """A set's items in order (a homework's lessons and puzzles), else ``None``."""
    partsTitle: str | None
    """The heading over the set's items ("In this homework")."""


class TreeAlt(TypedDict):
    id: int
    move: str


class TreeMove(TypedDict):
    id: int
    n: int
    move: str
    ahead: NotRequired[bool]
    comment: NotRequired[str]
    alts: NotRequired[list[TreeAlt]]


class TreeStart(TypedDict):
    id: int
    comment: str


class Tree(TypedDict):
    """Explore's lines: the current line around the table's position."""

    at: int
    start: TreeStart
    comment: str
    first: int
    last: int
    lines: int
    moves: list[TreeMove]
    hidden: str | None
    """The player to move when their hand is face down (their cards are never named)."""


class ReviewMove(TypedDict):
    notation: str
    words: str


class ReviewSummary(TypedDict):
    accuracy: float
    counts: dict[str, int]
    shed: int
    possible: int
    judge: str
    """What the accuracy and counts judge by: ``"cards"``, or ``"win"`` once every turn's
    chances are in."""
    note: str
    """Why the accuracy reads under what the cards shed alone would give ("" when nothing
    needs saying): turns that shed as many as the best but lost on corners, points or openings."""
    estimated: int
    """Turns whose verdict is known (a review by win chance fills them in the background)."""


class ReviewWin(TypedDict):
    """A turn's chances of winning (shares from 0 to 1), judged by win chance."""

    before: float
    played: float
    mostCards: float
    best: float
    loss: float
    stderr: float
    worlds: int
    shed: int
    mostCardsShed: int


class ReviewView(TypedDict):
    """Review mode: the turn on the table and its verdict."""

    turn: int
    turns: int
    hand: int
    match: bool
    who: str
    heading: str
    judge: str
    estimating: bool
    """True while the turn's chances of winning are being worked out (no verdict yet)."""
    verdict: str | None
    words: str
    played: list[ReviewMove]
    best: list[ReviewMove]
    shed: int
    bestShed: int
    proven: bool
    win: ReviewWin | None
    showing: bool
    shown: bool
    mistakes: list[int]
    nextMistake: int | None
    summary: ReviewSummary
    resume: str | None


class Cover(TypedDict):
    """Pass-and-play: the hand at the bottom is covered until its person holds the laptop."""

    name: str
    """Whose hand it is."""
    text: str
    """What the cover says ("Ben's turn: pass the laptop to Ben, then press Show my hand.")."""
    action: str
    """The intent its button sends."""
    label: str
    """The button's words."""


class Table(TypedDict):
    """What :func:`build_snapshot` writes: the table itself, as the viewer may see it."""

    version: int
    """The snapshot's number: an intent says which one it was made on."""
    mode: str
    """The mode's name (for the reader; the page decides nothing by it)."""
    players: int
    """How many seats the table has."""
    viewer: int | None
    """The player whose hand is at the bottom (``None``: a spectator)."""
    turn: int
    """The player to move."""
    piles: dict[str, list[str]]
    """Each space's cards, bottom first."""
    hands: list[Hand]
    """Every seat's hand, by seat: cards only where the viewer may see them."""
    stock: int
    """How many cards the stock holds."""
    end: str | None
    """The end-of-turn move: ``"draw"`` or ``"pass"`` (``None`` once the hand is over)."""
    pending: str | None
    """A card drawn that must be played (draw until it fits)."""
    played: int
    """Cards played this turn."""
    over: bool
    """True once the hand is over."""
    outcome: str | None
    """The finished hand in one line."""
    history: Place
    """Where the table stands in the hand's moves (back and forward)."""
    waiting: int | None
    """The player the table waits for (a computer, or a move being shown)."""
    rules: dict[str, str | int | bool]
    """The table's rules, as :meth:`Rules.to_dict <kingscorner_widget.engine.rules.Rules.to_dict>`
    writes them."""


class LookView(TypedDict):
    """The table's look (:mod:`kingscorner_widget.table.look`), as the snapshot and the
    learner's record carry it."""

    deck: str
    """``"two"`` (red and black) or ``"four"`` (clubs green, diamonds blue)."""
    contrast: str
    """``"normal"`` or ``"high"``."""


class Snapshot(Table):
    """Everything the page draws, each key written once (:meth:`Session.snapshot
    <kingscorner_widget.table.session.Session.snapshot>` adds these to the :class:`Table`)."""

    title: str
    """The heading: a deal, a match's hand, a lesson's title."""
    actions: list[Control]
    """The controls the table offers now, in order: the page draws exactly these."""
    log: list[LogEntry]
    """The last :data:`LOG_WINDOW` moves (the whole log stays in Python and the record)."""
    logStart: int
    """The number of the first move in ``log`` (1 when nothing is left out)."""
    turns: list[Turn]
    """``log`` grouped by turn."""
    hint: Hint | None
    """A hint to light up on the table, on this snapshot only."""
    summary: Summary | None
    """Once the hand is over: the end-of-hand summary."""
    refusal: str | None
    """The last refusal, kept until the viewer's next accepted action."""
    confirm: Question | None
    """A question waiting for an answer before an action throws something away."""
    score: Score | None
    """A match's score sheet (play mode)."""
    lesson: LessonView | None
    """The lesson's narration and progress (lesson mode)."""
    tree: Tree | None
    """Explore's lines around the table's position (explore mode)."""
    acting: bool
    """True when the viewer may move now for the player to move (explore: any seat)."""
    review: ReviewView | None
    """The turn on the table and its verdict (review mode)."""
    guide: str | None
    """Play: what the gold outlines mean, said once in the viewer's first hand."""
    paused: bool
    """Play: the computer players wait for Next move (the learner steps them)."""
    fits: dict[str, str]
    """What each card or pile the viewer may move fits on, in words, by its notation: what a
    screen reader hears when it is picked up."""
    look: LookView
    """How the table looks: the deck's colours and the contrast the learner chose."""
    cover: Cover | None
    """Pass-and-play: the hand at the bottom is covered (``hands`` then holds no card of it)."""


class Extra(TypedDict, total=False):
    """What a mode adds to the snapshot (each key is written by one mode)."""

    score: Score
    lesson: LessonView
    tree: Tree
    review: ReviewView
    guide: str | None
    """Play: what the gold outlines mean, said once in the viewer's first hand (else ``None``)."""
    paused: bool
    """Play: the computer players wait for Next move (the learner steps them)."""


class Phrases(TypedDict):
    """The page's phrasebook (the widget's ``phrases`` trait, sent with the table and again
    only when it changes language): every word the page shows besides the snapshot's own
    sentences, written by :mod:`kingscorner_widget.table.page_words`."""

    lang: str
    """The phrasebook's language: its plural rules pick a counted phrase's form."""
    cards: dict[str, str]
    """Every card's name for a screen reader, by its notation ("Th": "ten of hearts")."""
    spaces: dict[str, str]
    """Every space's name ("N": "the north pile")."""
    text: dict[str, str]
    """The fixed labels and the templates, whose ``{slots}`` the page fills."""
    counted: dict[str, dict[str, str]]
    """Counted phrases by plural category ("one", "other"), the count in ``{n}``."""
    verdicts: dict[str, str]
    """A review verdict's name on the panel."""
    keys: list[list[str]]
    """The keys for moving about the table, each with what it does."""


def fitting(game: Game, legal: Sequence[str]) -> dict[str, str]:
    """Where each card or pile of ``legal`` (the viewer's moves, in notation) fits, in words.

    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
    >>> fitting(g, [str(m) for m in g.legal_moves()])["Th"]
    'The ten of hearts fits on the north pile and the west space.'
    >>> fitting(g, ["S>E", "draw"])
    {'S': 'The south pile fits on the east pile.'}
    """
    targets: dict[str, list[Space]] = {}
    for move in legal:
        source, _, target = move.partition(">")
        if target:
            targets.setdefault(source, []).append(Space.parse(target))
    return {
        source: fits_words(
            game, Space.parse(source) if source in _SPACE_NAMES else Card.parse(source), spaces
        )
        for source, spaces in targets.items()
    }


def log_entry(
    game: Game, move: Move, player: int, name: str, drawn: int = 1, ends: bool = True
) -> LogEntry:
    """One log line: who moved, the move in notation and in words."""
    return {
        "player": player,
        "notation": str(move),
        "words": logged(game, move, name, drawn, ends),
    }


def opening_entries(game: Game) -> list[LogEntry]:
    """Log lines for the dealt kings the rules moved to corners at the first turn (``player``
    is ``None``: the rules made these moves)."""
    entries: list[LogEntry] = []
    for move in game.opening:
        if isinstance(move, MovePile):
            king = game.pile(move.target)[0] if game.pile(move.target) else None
            entries.append(
                {
                    "player": None,  # the rules made it, for the first player
                    "notation": str(move),
                    "words": kings_moved(king, move.source, move.target),
                }
            )
    return entries


def build_snapshot(
    game: Game,
    *,
    viewer: int | None,
    version: int,
    mode: str,
    show_all: bool = False,
    shown: Sequence[int] = (),
    names: Callable[[int], str] | None = None,
    order: Sequence[int] | None = None,
    computers: Sequence[int] = (),
    history: tuple[int, int] = (0, 0),
    waiting: int | None = None,
    outcome: str | None = None,
    covered: bool = False,
) -> Table:
    """The table part of the snapshot: ``game`` as ``viewer`` (1-based, or ``None`` for a
    spectator) sees it.

    ``show_all`` adds every hand face up (the teacher's choice in explore mode), ``shown`` the
    hands of those players (a lesson's position may set them out face up). ``outcome`` says a
    finished hand in the table's words (default: :func:`describe_outcome`). ``covered``: the
    viewer's own hand is covered too (pass-and-play, between two people's turns): the table
    holds no card of any hand, nor the card the viewer drew.
    """
    if covered:
        show_all, shown = False, ()
    name_of = names or (lambda player: f"P{player}")
    look = game.observation(viewer or game.turn)
    hands: list[Hand] = []
    for player, count in enumerate(look.hand_sizes, start=1):
        cards: list[str] | None = None
        if player == viewer and not covered:
            cards = [str(card) for card in look.hand]
        elif show_all or player in shown:
            cards = [str(card) for card in game.hand(player)]
        hands.append(
            {
                "player": player,
                "name": seat_shown(name_of(player)),
                "title": hand_title(name_of(player)),
                "whose": hand_whose(name_of(player)),
                "count": count,
                "cards": cards,
                "computer": player in computers,
                "kept": len(look.kept[player - 1]) // 13,
            }
        )
    over = game.outcome() is not None
    if over and outcome is None:
        outcome = describe_outcome(game, name_of, order)
    mine = viewer is not None and look.turn == viewer and not covered
    return {
        "version": version,
        "mode": mode,
        "players": game.players,
        "viewer": viewer,
        "turn": look.turn,
        "piles": {str(space): _cards(look.piles[space.index]) for space in SPACES},
        "hands": hands,
        "stock": look.stock_size,
        "end": None if over else str(game.end_move()),
        "pending": str(look.pending_card) if mine and look.pending_card else None,
        "played": look.cards_played_this_turn,
        "over": over,
        "outcome": outcome if over else None,
        "history": {"at": history[0], "length": history[1]},
        "waiting": waiting,
        "rules": game.rules.to_dict(),
    }


def log_window(log: Sequence[LogEntry]) -> tuple[list[LogEntry], int]:
    """The last :data:`LOG_WINDOW` entries of ``log``, and the number of the first of them.

    The window starts at the start of a turn, so each turn in it is whole.

    >>> entries = [{"player": 1 + n % 2, "notation": "draw", "words": "draws"} for n in range(50)]
    >>> window, start = log_window(entries)
    >>> len(window), start
    (40, 11)
    >>> log_window(entries[:3])[1]
    1
    """
    start = max(len(log) - LOG_WINDOW, 0)
    while 0 < start < len(log) and log[start]["player"] == log[start - 1]["player"]:
        start += 1
    return list(log[start:]), start + 1


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def describe_outcome(
    game: Game, name_of: Callable[[int], str], order: Sequence[int] | None = None
) -> str:
    """The finished ``game``'s outcome in one line with the table's player names.

    >>> g = Game.new(players=2, seed=1)
    >>> while not g.is_over():
    ...     g.play(g.legal_moves()[0])
    >>> describe_outcome(g, {1: "You", 2: "P2"}.get)
    'You went out and won the hand. Left in hand: P2 7 cards (16 points).'
    """
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("the hand is not over: there is no outcome to describe")
    cards_left = game.hand_sizes()
    corners = game.rules.corners_version
    return outcome_line(outcome, name_of, cards_left, order, corners_version=corners)
