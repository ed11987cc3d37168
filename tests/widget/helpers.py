"""Shared pieces for the widget tests: stand-in computer players and a hidden-card checker."""

from __future__ import annotations

import random
import re
from typing import Any

from kingscorner_widget import Card, Game, Rank
from kingscorner_widget.engine.moves import EndTurn, Move, PlayCard
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.observation import Observation
from kingscorner_widget.engine.record import match_to_json
from kingscorner_widget.engine.words import refusal, sentence
from kingscorner_widget.table import ExploreSession
from kingscorner_widget.widget.adapter import KingsCornerWidget

OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
TWO_PILE_MOVES = "N:Jc E:6h S:5s W:Td NE:- SE:- SW:- NW:- P1:Ks4h9c P2:?7 stock:38 turn:P1"


def control(w: KingsCornerWidget, kind: str) -> dict[str, Any] | None:
    """The control of ``kind`` the table offers now (from the snapshot's ``actions``), if any."""
    found = [c for c in w.snapshot["actions"] if c["kind"] == kind]
    assert len(found) <= 1, f"two {kind} controls"
    return dict(found[0]) if found else None


class FirstMove:
    """A test stand-in for a computer player: the first legal card play, else the end of turn."""

    name = "first move"

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def choose(self, observation: Observation) -> Move:
        self.seen.append(observation)
        plays = [m for m in observation.legal_moves if isinstance(m, PlayCard)]
        return (
            plays[0]
            if plays
            else next(m for m in observation.legal_moves if isinstance(m, EndTurn))
        )


class Broken:
    """A computer player that fails: the table must carry on without it."""

    name = "broken"

    def __init__(self, answer: Any = None, error: Exception | None = None) -> None:
        self.answer, self.error = answer, error

    def choose(self, observation: Observation) -> Any:
        if self.error is not None:
            raise self.error
        return self.answer


_TOKEN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
_WORDS = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
    r"(clubs|diamonds|hearts|spades)\b"
)
_RANKS = [rank.word for rank in Rank]


def strings(value: Any) -> list[str]:
    """Every string (keys too) anywhere in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [str(k), *strings(v)]]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings(item)]
    return []


def cards_named(value: Any) -> set[Card]:
    """Every card a JSON value mentions, in notation (``Th``) or in words (ten of hearts)."""
    found: set[Card] = set()
    for text in strings(value):
        found.update(Card.parse(token) for token in _TOKEN.findall(text))
        for rank, suit in _WORDS.findall(text):
            found.add(Card.parse("A23456789TJQK"[_RANKS.index(rank)] + suit[0]))
    return found


def visible_cards(game: Game, viewer: int | None, show_all: bool = False) -> set[Card]:
    """The cards the viewer may see: the piles, kept corners, their own hand (or every hand)."""
    seen = {card for pile in game.piles().values() for card in pile}
    for player in range(1, game.players + 1):
        seen.update(game.kept(player))
        if show_all or player == viewer:
            seen.update(game.hand(player))
    return seen


def assert_no_hidden_card(widget: KingsCornerWidget, status: bool = True) -> None:
    """Every card in the synced state is one the viewer may see.

    ``status=False`` leaves the status line out: a refusal may repeat the card the viewer named
    ("As is not in your hand"), which tells them nothing they did not say.
    """
    game = widget.game
    # every hand may show once the teacher reveals them (where the mode allows it), and once
    # the hand is over (the players lay their cards down to count them)
    show_all = widget.session.show_all() or game.is_over()
    allowed = visible_cards(game, widget.viewer, show_all)
    if widget.mode == "lesson" and widget.lesson is not None:  # the lesson shows these hands
        table = parse_position(widget.lesson.step.position)
        for player, hand in enumerate(table.hands, start=1):
            if not isinstance(hand, int):
                allowed.update(game.hand(player))
    if isinstance(widget.session, ExploreSession):  # played on this table: seen on a pile
        tried = widget.session.history.tried()
        allowed.update(move.card for move in tried if isinstance(move, PlayCard))
    # a kept refusal repeats a refused status line word for word: like that line, it may name
    # the card the viewer asked for (the twins test checks it tells them nothing else)
    shown = {k: v for k, v in widget.snapshot.items() if k != "refusal"}
    named = cards_named([shown, widget.legal, widget.status if status else ""])
    leaked = named - allowed
    assert not leaked, f"hidden cards in the snapshot: {sorted(map(str, leaked))}"


def random_game(seed: int, players: int = 3, moves: int = 40) -> Game:
    """A deal played ``moves`` random legal moves on."""
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def state(widget: KingsCornerWidget) -> tuple[object, ...]:
    """Everything a refused message must leave as it was."""
    game = widget.game
    return (
        game.state_key(),
        tuple(map(str, game.moves)),
        tuple(str(move) for move, _line in widget.session.history.ahead),
        len(widget.session.history.lines),
        match_to_json(widget.match) if widget.match is not None else None,
        widget.snapshot["version"],
        tuple(widget.legal),
        widget.mode,
        id(game),
        id(widget.session),
    )


def refused_words(w: KingsCornerWidget, move: str, code: str, *, plain: bool = False) -> str:
    """What the table says of a refused move: the judge's reason (of ``code``) in its words
    (``plain``: in words alone, as a lesson says it to a child)."""
    reason = w.game.violation(move)
    assert reason is not None
    assert reason.code == code
    return sentence(refusal(reason, plain=plain) or "")
