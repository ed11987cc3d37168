"""The leak audit: does a frame name a card its reader may not see?

For a seat, the hidden cards are every other hand's (until the hand is over, when hands are
laid down to count) and the stock's, always; for a watcher, every hand's and the stock's. A
frame names a card by its notation (``Th``, anywhere, as in ``Th>N``) or its words (``ten of
hearts``). :func:`leaks` lists the hidden cards a frame's text names: the leak test and its
benchmark run it on every frame every seat and watcher receives.

>>> from kingscorner_widget import Game
>>> game = Game.new(players=2, seed=3)
>>> [str(card) for card in game.hand(2)][:2], len(hidden_cards(game, 1)), len(stock_cards(game))
(['8c', '5s'], 41, 34)
>>> leaks('{"log": "P2 holds the eight of clubs", "move": "5s>N"}', hidden_cards(game, 1))
['5s', '8c']
>>> mine = str(game.hand(1)[0])
>>> leaks(mine, hidden_cards(game, 1)), leaks(mine, hidden_cards(game, None)) == [mine]
([], True)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from collections.abc import Iterable

from ..engine.cards import DECK, Card
from ..engine.game import Game
from ..engine.words import card_words
from ..table.table import View

__all__ = ["Audit", "audit_hands", "hidden_cards", "leaks", "stock_cards"]

_NOTATION = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")


def hidden_cards(game: Game, seat: int | None) -> set[Card]:
    """The cards ``seat`` (``None``: a watcher) may not be shown in ``game`` now."""
    unseen = set(game.unseen_cards(1)) | set(game.hand(1))  # every hand and the stock
    on_show: set[Card] = set()
    if seat is not None:
        on_show |= set(game.hand(seat))
    if game.is_over():  # the hands are laid down to count: only the stock stays hidden
        for player in range(1, game.players + 1):
            on_show |= set(game.hand(player))
    return unseen - on_show


def stock_cards(game: Game) -> set[Card]:
    """The cards in the stock now."""
    in_hands = {card for player in range(1, game.players + 1) for card in game.hand(player)}
    return (set(game.unseen_cards(1)) | set(game.hand(1))) - in_hands


def leaks(text: str, hidden: Iterable[Card]) -> list[str]:
    """The hidden cards ``text`` names, in notation, in deck order."""
    secret = set(hidden)
    if not secret:
        return []
    named = {Card.parse(found) for found in _NOTATION.findall(text)}
    lowered = text.lower()
    found = [
        card
        for card in DECK
        if card in secret and (card in named or card_words(card).removeprefix("the ") in lowered)
    ]
    return [str(card) for card in found]


@dataclasses.dataclass
class Audit:
    """What the leak audit found: how many hands and frames it read, and every leak."""

    hands: int = 0
    frames: int = 0
    hints: int = 0
    """Hints asked for (each one's frame went to its seat alone, or counts in ``hint_leaks``)."""
    hand_leaks: list[str] = dataclasses.field(default_factory=list)
    """Each frame naming a card of another hand (or any hand, to a watcher): who read it."""
    stock_leaks: list[str] = dataclasses.field(default_factory=list)
    """Each frame naming a card in the stock."""
    hint_leaks: list[str] = dataclasses.field(default_factory=list)
    """Each frame carrying a hint to a seat that did not ask for it."""

    def clean(self) -> bool:
        return not (self.hand_leaks or self.stock_leaks or self.hint_leaks)

    def __str__(self) -> str:
        return (
            f"{self.hands} hands, {self.frames} frames, {self.hints} hints: "
            f"{len(self.hand_leaks)} cards of another hand, {len(self.stock_leaks)} stock cards, "
            f"{len(self.hint_leaks)} hints of another seat"
        )


def audit_hands(
    hands: int, seats: int, seed: int = 0, hint_rate: float = 0.01, audit: Audit | None = None
) -> Audit:
    """Play ``hands`` random hands at server tables of ``seats`` seats (people at a random
    choice of seats, computers at the rest; seeded) and read every frame every seat and the
    watchers receive. The people play random legal moves, and now and then ask for a Hint
    (``hint_rate`` of their moves), try a card of someone else's hand or the stock, act out of
    turn or send a stale message; every refusal is read too (a card a seat typed itself is
    said back to it, and is no leak: the refusal is the same wherever the card is)."""
    found = audit or Audit()
    rng = random.Random(seed)
    for number in range(hands):
        _audit_hand(f"hand {number}", seats, rng, hint_rate, found)
        found.hands += 1
    return found


def _audit_hand(name: str, seats: int, rng: random.Random, hint_rate: float, found: Audit) -> None:
    from .room import ServerTable  # the audit reads the tables it checks
    from .views import frame

    people = sorted(rng.sample(range(1, seats + 1), rng.randint(1, seats)))
    shared = ServerTable(
        1, seats=seats, seed=rng.randrange(2**31), names={s: f"Learner{s}" for s in people}
    )
    asker: list[int | None] = [None]
    typed: dict[int | None, set[Card]] = {seat: set() for seat in [*people, None]}
    """The cards each seat named itself (its refusal says them back: "the ace of clubs is not
    in your hand", the same for any card not in it)."""

    def probe(seat: int | None, view: View) -> None:
        text = json.dumps(frame(view))
        game = shared.game
        found.frames += 1
        who = f"{name}, {'watcher' if seat is None else f'seat {seat}'}"
        stock = {str(card) for card in stock_cards(game)}
        for card in leaks(text, hidden_cards(game, seat) - typed[seat]):
            (found.stock_leaks if card in stock else found.hand_leaks).append(f"{who}: {card}")
        if view.snapshot is not None and view.snapshot.get("hint") and asker[0] != seat:
            found.hint_leaks.append(f"{who}: a hint")

    tables = {seat: shared.table(seat) for seat in [*people, None]}
    for seat, table in tables.items():
        table.subscribe(functools.partial(probe, seat))
    for _ in range(MAX_AUDIT_MOVES):
        game = shared.game
        if game.is_over():
            return
        if shared.computer_move() is not None:
            continue
        turn = game.turn
        table = tables[turn]
        roll = rng.random()
        if roll < hint_rate:
            asker[0] = turn
            found.hints += 1
            table.intent({"kind": "hint", "version": table.version})
            asker[0] = None
        elif roll < 0.05:  # a card of another hand or the stock, played by name
            card = rng.choice(sorted(hidden_cards(game, turn), key=DECK.index))
            typed[turn].add(card)
            table.intent({"kind": "play", "version": table.version, "move": f"{card}>N"})
        elif roll < 0.08 and len(people) > 1:  # someone else acts out of turn
            other = tables[rng.choice([seat for seat in people if seat != turn])]
            move = rng.choice(other.session.game.hand(other.session.viewer or 1) or ("draw",))
            other.intent({"kind": "play", "version": other.version, "move": f"{move}>N"})
        elif roll < 0.10:  # a stale message
            table.intent({"kind": "draw", "version": max(table.version - 1, 0)})
        else:
            move = rng.choice(table.legal())
            table.intent({"kind": "play", "version": table.version, "move": move})
    raise AssertionError(f"{name} did not end in {MAX_AUDIT_MOVES} moves")


MAX_AUDIT_MOVES = 3000
"""A guard: far more moves than a random hand takes."""
