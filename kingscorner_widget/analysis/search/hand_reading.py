"""Reading the other hands from the public record: what each player cannot be holding.

A player who plays every card they can (as greedy play does, and as the expert's play-outs
assume every other player does) ends a turn holding no card that fits a pile, no king while a
corner is empty, and nothing at all while a side space is empty. So the table at the end of
each of their turns says which cards they could not hold then, and a hand gains at most one card
between two turns (:class:`HandReading`). :func:`read_hands` works this out from an
:class:`~kingscorner_widget.engine.observation.Observation` alone: it rebuilds those tables by
taking back, from the piles on view, every move made since (every move in the record is public), and
it reads nothing a player could not see.

It reads nothing when the record cannot be followed back: a hand that began from a position
(its piles are not the dealt ones) or whose pile moves can be followed in more than one way,
the corners version (finished corners leave the table) or draw until it fits (how many cards a
draw took is not in the record); nor for a player whose last turn shows they do not play every
card they can (they once left a side space empty).

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis.players import make_player
>>> game, greedy = Game.new(players=2, seed=5), make_player("greedy")
>>> while game.turn == 1:
...     game.play(greedy.choose(game.observation(1)))
>>> [text for _, text in game.observation(2).history]
['Kd>NE', 'Kh>SE', 'Kc>SW', 'draw']
>>> reading = read_hands(game.observation(2))
>>> reading[1] is None, reading[0].free
(True, 1)
>>> " ".join(str(card) for card in reading[0].cards())
'4c 4s 5c 5s 7d 7h Qc Qd Qh Qs Kc Kd Kh Ks'
"""

from __future__ import annotations

import dataclasses

from ...engine.cards import DECK, Card
from ...engine.kernel import CARDS, IS_KING, KIND, TAKES
from ...engine.moves import EndTurn, Move, MovePile, PlayCard, parse_move
from ...engine.observation import Observation
from ...engine.turns import TurnRules

__all__ = ["HandReading", "read_hands"]


@dataclasses.dataclass(frozen=True)
class HandReading:
    """What one player's hand cannot hold.

    At the end of each turn the hand held no card that fitted the table, and between two
    turns it gained at most one card. So, apart from the :attr:`free` cards drawn since the last
    turn, the cards held can be lined up, newest first, so that the first avoids what fitted at
    the last turn's end (``avoid[0]``), the second what fitted at either of the last two
    (``avoid[1]``), and so on, the rest avoiding everything that fitted at any of the player's
    turn ends (``avoid[-1]``).
    """

    free: int
    """Cards the player drew after their last turn ended: any card may be among them."""
    avoid: tuple[frozenset[int], ...]
    """Card indexes (:attr:`Card.index <kingscorner_widget.engine.cards.Card.index>`) that would
    have fitted the table at one of the player's last ``k + 1`` turn ends, for each ``k``."""

    @property
    def forbidden(self) -> frozenset[int]:
        """The cards that would have fitted the table when the player's last turn ended."""
        return self.avoid[0]

    def slots(self, size: int) -> list[frozenset[int]]:
        """For a hand of ``size`` cards, what each card must avoid, most demanding first."""
        held = max(0, size - self.free)
        last = len(self.avoid) - 1
        fixed = [self.avoid[min(k, last)] for k in range(held)]
        return fixed[::-1] + [frozenset()] * (size - held)

    def cards(self) -> list[Card]:
        """The :attr:`forbidden` cards, in deck order."""
        return [card for card in DECK if card.index in self.forbidden]

    def holds(self, hand: set[int]) -> bool:
        """True when ``hand`` (card indexes) could be this player's hand by this reading."""
        last = len(self.avoid) - 1
        needs = sorted((min(k, last) + 1 for k in range(len(hand) - self.free)), reverse=True)
        # The sets only grow, so a card that avoids one avoids every earlier one too.
        caps = sorted((sum(c not in a for a in self.avoid) for c in hand), reverse=True)
        return all(have >= need for have, need in zip(caps, needs, strict=False))


def _forbidden(tops: list[int]) -> frozenset[int]:
    """The cards a player who plays every card they can cannot hold at this table."""
    wanted = {TAKES[t] for t in tops}
    corner_open = any(t < 0 for t in tops[4:])
    return frozenset(c for c in range(CARDS) if KIND[c] in wanted or (corner_open and IS_KING[c]))


def _carried(moves: list[tuple[int, Move]], sizes_now: list[int]) -> dict[int, int] | None:
    """How many cards each pile move (by its place in ``moves``) carried, from the pile sizes
    followed forward from the deal; ``None`` unless exactly one way of following them ends at
    ``sizes_now``. A deal puts one card on each side space, but a dealt king moves at once to
    the next empty corner, and the record does not say which side spaces were dealt one."""
    answers = set()
    for dealt_kings in range(16):
        sides = [0 if dealt_kings >> s & 1 else 1 for s in range(4)]
        kings = 4 - sum(sides)
        sizes = sides + [1] * kings + [0] * (4 - kings)
        carried: dict[int, int] = {}
        for i, (_, move) in enumerate(moves):
            if isinstance(move, PlayCard):
                target = move.target.index
                if target >= 4 and not sizes[target] and not move.card.is_king:
                    break
                sizes[target] += 1
            elif isinstance(move, MovePile):
                carried[i] = sizes[move.source.index]
                if not carried[i]:
                    break
                sizes[move.target.index] += carried[i]
                sizes[move.source.index] = 0
        else:
            if sizes == sizes_now:
                answers.add(tuple(sorted(carried.items())))
    return dict(answers.pop()) if len(answers) == 1 else None


def read_hands(observation: Observation) -> tuple[HandReading | None, ...]:
    """Each seat's :class:`HandReading` (0-based seats), ``None`` for the viewer and for a seat
    the record says nothing about (see the module)."""
    seats = len(observation.hand_sizes)
    nothing: tuple[HandReading | None, ...] = (None,) * seats
    turn = TurnRules.of(observation.rules)
    # Finished corners leave the table, and a draw until it fits takes an unrecorded number.
    if turn.counts_corners() or turn.draws_until_fits(0) or not observation.history:
        return nothing
    moves = [(player - 1, parse_move(text)) for player, text in observation.history]
    piles = [[card.index for card in pile] for pile in observation.piles]
    carried = _carried(moves, [len(pile) for pile in piles])
    if carried is None:
        return nothing
    ends: list[list[frozenset[int]]] = [[] for _ in range(seats)]
    free = [0] * seats
    unread = {observation.player - 1}
    for i in range(len(moves) - 1, -1, -1):
        seat, move = moves[i]
        if isinstance(move, EndTurn):
            tops = [pile[-1] if pile else -1 for pile in piles]
            if any(t < 0 for t in tops[:4]):  # a card held, and a side space left empty
                unread.add(seat)
            elif seat not in unread:
                if not ends[seat]:
                    free[seat] = int(move.kind == "draw" and turn.end_draws(1))
                ends[seat].append(_forbidden(tops))
        elif isinstance(move, PlayCard):
            piles[move.target.index].pop()
        elif isinstance(move, MovePile):
            source, target = piles[move.source.index], piles[move.target.index]
            source[:] = target[-carried[i] :]
            del target[-carried[i] :]
    if turn.start_draws(1) and observation.drew_this_turn:
        free[observation.turn - 1] += 1  # the first draw of the turn under way
    readings: list[HandReading | None] = list(nothing)
    for seat in range(seats):
        if seat not in unread and ends[seat]:
            avoid, union = [], frozenset[int]()
            for forbidden in ends[seat]:
                union |= forbidden
                avoid.append(union)
            readings[seat] = HandReading(free[seat], tuple(avoid))
    return tuple(readings)
