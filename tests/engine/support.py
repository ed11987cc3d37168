"""Shared helpers for the engine tests: rule sets, invariant checks and checked random play.

The checks here are written from SPEC section 1 directly and do not call the engine's own
validation (``check_table``), so they can catch it being wrong too.

>>> game = Game.new(players=3, seed=1)
>>> check_invariants(game)
>>> len(candidate_moves(game)) > len(game.legal_moves())
True
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from collections.abc import Iterator

import pytest

from kingscorner_widget import DECK, Card, Game, IllegalMoveError, Rank, Rules
from kingscorner_widget.engine.moves import (
    DRAW,
    PASS,
    EndTurn,
    Move,
    MovePile,
    PlayCard,
    parse_move,
)
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.rules import Count, DrawTiming, MatchEnd
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.engine.words import named, refusal

OPTION_RULES: dict[str, dict[str, object]] = {
    "standard": {},
    "draw-first": {"draw_timing": DrawTiming.START},
    "must-play": {"must_play": True},
    "kings-first": {"kings_first": True},
    "draw-until-fits": {"draw_until_fits": True},
    "corners": {"corners_version": True},
    "pictures": {"count": Count.PICTURES},
    "heavy+elimination": {"count": Count.HEAVY, "target": 100, "match_end": MatchEnd.ELIMINATION},
    "must-play+kings-first+corners": {
        "must_play": True,
        "kings_first": True,
        "corners_version": True,
    },
    "draw-until-fits+must-play+kings-first": {
        "draw_until_fits": True,
        "must_play": True,
        "kings_first": True,
    },
    "draw-first+must-play+corners": {
        "draw_timing": DrawTiming.START,
        "must_play": True,
        "corners_version": True,
    },
    "draw-until-fits+corners": {"draw_until_fits": True, "corners_version": True},
}
"""Named rule sets covering every option of SPEC section 1, alone and combined (the target and
the match end belong to a match, but the games must play under them all the same)."""

OPTION_WORDS = {
    "must_play": "must play",
    "kings_first": "kings first",
    "draw_until_fits": "draw until it fits",
}
"""The words a refusal uses when an option forbids ending the turn."""


def rules_for(name: str, players: int) -> Rules:
    """The named rule set of :data:`OPTION_RULES` for ``players``."""
    return Rules(players=players, **OPTION_RULES[name])  # type: ignore[arg-type]


def game_cards(game: Game) -> list[Card]:
    """Every card of the game wherever it is: piles, hands, kept corners, stock."""
    cards = [card for pile in game.piles().values() for card in pile]
    for player in range(1, game.players + 1):
        cards.extend(game.hand(player))
        cards.extend(game.kept(player))
    stock = game.table().stock
    assert isinstance(stock, list)
    assert len(stock) == game.stock_size
    cards.extend(stock)
    return cards


def builds_down(cards: tuple[Card, ...] | list[Card]) -> bool:
    """True when each card is one rank below the one under it and the other colour."""
    return all(
        upper.rank == lower.rank - 1 and upper.red != lower.red
        for lower, upper in itertools.pairwise(cards)
    )


def check_invariants(game: Game) -> None:
    """Assert what must hold in every state: 52 cards once each, well-built piles, one winner."""
    cards = game_cards(game)
    assert len(cards) == 52, f"{len(cards)} cards in play"
    assert set(cards) == set(DECK), "a card is missing or doubled"
    for space, pile in game.piles().items():
        assert builds_down(pile), f"{space} does not build down in alternating colours: {pile}"
        if space.is_corner and pile:
            assert pile[0].rank is Rank.KING, f"{space} starts with {pile[0]}"
            if game.rules.corners_version:
                assert pile[-1].rank is not Rank.ACE, "a finished corner was not kept"
    for player in range(1, game.players + 1):
        kept = game.kept(player)
        assert len(kept) % 13 == 0
        if kept:
            assert game.rules.corners_version
        for start in range(0, len(kept), 13):
            corner = kept[start : start + 13]
            assert corner[0].rank is Rank.KING
            assert corner[-1].rank is Rank.ACE
            assert builds_down(corner)
    empty = [p for p in range(1, game.players + 1) if not game.hand(p)]
    assert len(empty) <= 1, "two players went out"
    if empty:
        assert game.is_over()
        outcome = game.outcome()
        assert outcome is not None
        assert outcome.went_out == empty[0]
    assert 1 <= game.turn <= game.players


def candidate_moves(game: Game) -> list[Move]:
    """Every move worth asking about: each hand card to each space, each pile pair, both ends.

    Built without the engine's move generator, to cross-check it.
    """
    moves: list[Move] = [PlayCard(card, space) for card in game.hand() for space in SPACES]
    moves.extend(MovePile(source, target) for source in SPACES for target in SPACES)
    moves.extend((DRAW, PASS))
    return moves


def check_moves(game: Game, legal: list[Move] | None = None) -> list[Move]:
    """Assert the legal moves are unique, judged legal, hold one end of turn, and never run dry."""
    if legal is None:
        legal = game.legal_moves()
    assert len(set(legal)) == len(legal), "a legal move is listed twice"
    if game.is_over():
        assert legal == []
        assert game.violation(game.end_move()) is not None
        return legal
    assert legal, f"no legal move in a running game: {game.position()}"
    ends = [move for move in legal if isinstance(move, EndTurn)]
    if ends:
        assert ends == [game.end_move()]
        assert legal[-1] == game.end_move()
    else:
        reason = refusal(game.violation(game.end_move()))
        assert reason is not None
        named = [word for option, word in OPTION_WORDS.items() if reason.startswith(word)]
        assert named, f"ending the turn refused without naming an option: {reason}"
        option = next(o for o, w in OPTION_WORDS.items() if w == named[0])
        assert getattr(game.rules, option), f"{option} is off but was used: {reason}"
    for move in legal:
        assert game.violation(move) is None, f"{move} listed but judged illegal"
    return legal


def check_candidates(game: Game, legal: list[Move]) -> list[Move]:
    """Assert the engine's list is exactly the candidates its judge accepts; return the rest."""
    legal_set = set(legal)
    refused = []
    for move in candidate_moves(game):
        accepted = game.violation(move) is None
        assert accepted == (move in legal_set), f"{move}: judge and list disagree"
        if not accepted:
            refused.append(move)
    return refused


def check_refused(game: Game, move: Move, *, lines: bool = True) -> str:
    """Assert ``move`` is refused with a reason and changes nothing; return the reason.

    The state key and the history are compared before and after; with ``lines``, the position
    line too (a caller that compares it once after several refusals may skip it).
    """
    key = game.state_key()
    position = game.position() if lines else ""
    history = list(game.moves)
    reason = refusal(game.violation(move))
    assert reason, f"{move} should be illegal"
    with pytest.raises(IllegalMoveError) as refused:
        game.play(move)
    assert str(refused.value) == reason
    assert game.state_key() == key
    assert not lines or game.position() == position
    assert game.moves == history
    return reason


def refused_for(game: Game, move: str, reason: Reason) -> str:
    """The move is refused for ``reason`` (the judge's value) and changes nothing; the words
    said are the reason's words, naming the card it concerns, words first."""
    said = check_refused(game, parse_move(move))
    assert game.violation(move) == reason
    assert said == refusal(reason)
    assert reason.card is None or named(reason.card) in said, said
    return said


def checked_step(game: Game, rng: random.Random, *, full: bool = True) -> Move:
    """Check the state, then play one random legal move and return it.

    Always: the invariants, the legal list, every legal move played and undone exactly, and a
    few random illegal moves refused with nothing changed. With ``full``, also every candidate
    move judged against the list, and the invariants after each legal move.
    """
    check_invariants(game)
    legal = check_moves(game)
    key, position = game.state_key(), game.position()
    if full:
        refused = check_candidates(game, legal)
    else:
        legal_set = set(legal)
        refused = [m for m in rng.sample(candidate_moves(game), 4) if m not in legal_set]
    for move in rng.sample(refused, min(3, len(refused))):
        check_refused(game, move, lines=False)
    for move in legal:
        game.play(move)
        if full:
            check_invariants(game)
        assert game.undo() == move
        assert game.state_key() == key, f"undo of {move} did not restore the state"
    assert game.position() == position
    move = rng.choice(legal)
    game.play(move)
    return move


def random_game(rules: Rules, seed: int, *, full: bool = True) -> Iterator[tuple[Game, Move]]:
    """Play a seeded random game with checks at every step, yielding after each move."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, rules=rules)
    while not game.is_over():
        move = checked_step(game, rng, full=full)
        yield game, move
        assert len(game.moves) < 5000, "a game that never ends"
    check_invariants(game)
    check_moves(game)


def trajectory_hash(rules: Rules, seed: int) -> str:
    """A digest of a seeded random game: every move and every position, in order."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, rules=rules)
    digest = hashlib.sha256(game.position().encode())
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        game.play(move)
        digest.update(f"|{move}|{game.position()}".encode())
    return digest.hexdigest()


def complete(partial: str) -> str:
    """A full position line from a partial one: missing spaces are empty, the stock (or, when
    the stock is given, a hand written ``?``) holds the cards not otherwise given, a hand written
    ``?`` is otherwise seven hidden cards, and P1 moves unless ``turn:`` says otherwise.

    >>> complete("N:Jc P1:Th P2:?7")
    'N:Jc E:- S:- W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:43 turn:P1'
    >>> complete("N:Jc P1:Th P2:? stock:9h3c turn:P2")
    'N:Jc E:- S:- W:- NE:- SE:- SW:- NW:- P1:Th P2:?48 stock:9h3c turn:P2'
    >>> complete("N:Jc P1:Th P2:?")
    'N:Jc E:- S:- W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:43 turn:P1'
    """
    fields = dict(field.split(":", 1) for field in partial.split())
    for space in SPACES:
        fields.setdefault(str(space), "-")
    known = 0
    rest = [key for key, value in fields.items() if value == "?"]
    if "stock" not in fields:
        fields.update(dict.fromkeys(rest, "?7"))
        rest = []
    for key, value in fields.items():
        if key == "turn" or value == "?" or (key == "stock" and value.isdigit()):
            known += int(value) if key == "stock" else 0
        elif value.startswith("?"):
            known += int(value[1:])
        elif value != "-":
            known += len(value.replace("10", "T")) // 2
    for key in rest:  # a bare ``?`` hand holds every card not given elsewhere
        fields[key] = f"?{52 - known}"
        known = 52
    fields.setdefault("stock", str(52 - known))
    fields.setdefault("turn", "P1")
    order = [str(space) for space in SPACES]
    players = sorted((k for k in fields if k.startswith("P")), key=lambda k: (len(k), k))
    order += [*players, "stock", "turn"]
    return " ".join(f"{key}:{fields[key]}" for key in order)


def game_at(partial: str, **options: object) -> Game:
    """A game from a partial position (see :func:`complete`) under rules with ``options``."""
    line = complete(partial)
    players = len(re.findall(r" P\d+:", line))
    return Game.from_position(line, rules=Rules(players=players, **options))  # type: ignore[arg-type]
