"""The expert: a computer player that plays to win the hand, not to shed the most this turn.

It is a determinized Monte Carlo player. Once per turn it

1. lists the distinct tables it can reach this turn (two ways of playing that leave the same
   hand and the same piles are one ending), up to :attr:`ExpertPlayer.max_states` of them;
2. keeps about :attr:`~ExpertPlayer.candidates` turns: half among those that shed the most cards,
   the rest shedding one to four fewer, each group ranked by kings played and then by the fewest
   openings left to the next player, plus the best-turn plan
   (:func:`~kingscorner_widget.analysis.best_turn`);
3. deals the cards it cannot see at random :attr:`~ExpertPlayer.worlds` times, consistently with
   what it has seen (the other hands' sizes, the stock's size, every card on the table and, with
   :attr:`~ExpertPlayer.read_hands`, the cards each other player would have played at the end
   of their turns, :mod:`.hand_reading`), and uses the same deals for every candidate;
4. in each deal, ends its turn (the draw included), then plays the hand to its end with greedy
   play for everyone (:mod:`.playout`; with :attr:`~ExpertPlayer.lookahead`, its own next
   turn is searched whole instead, :mod:`.turn_search`), and scores the candidate 1 for a win
   (shared wins share) plus :attr:`~ExpertPlayer.margin` times the card margin (the other
   players' average cards left minus its own);
5. plays the candidate with the best average, narrowing the field as the deals come in (all
   candidates see the first few deals, the best sixteen, eight and four see more) so that the
   most promising ones get every deal.

It only ever reads an :class:`~kingscorner_widget.engine.observation.Observation`, so its decisions
cannot depend on a hidden card; with no :attr:`~ExpertPlayer.time_budget` they depend only on the
seed and what it sees. Every rule option is honoured, both in the turns it lists (the engine
judges every move) and in the play-outs; the one fallback is the time budget: when it runs out
before a single deal is played, the player plays the best-turn plan and its decision says so.

>>> from kingscorner_widget import Game
>>> g = Game.new(players=2, seed=3)
>>> expert = ExpertPlayer(seed=1, worlds=12, candidates=8)
>>> decision = expert.decide(g.observation(1))
>>> g.play(decision.moves[0])
>>> decision.worlds_played <= 12 and all(c.worlds <= 12 for c in decision.candidates)
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import time
from collections.abc import Callable, Sequence

from ...engine.errors import IllegalMoveError
from ...engine.game import Game
from ...engine.kernel import openings
from ...engine.moves import EndTurn, Move, PlayCard
from ...engine.observation import Observation
from ...engine.spaces import SPACES
from ...engine.words import reason_words
from ..search import best_turn
from ..search.hand_reading import HandReading, read_hands
from ..search.playout import PlayoutRules, PlayoutState, end_turn, play_to_end, play_turn
from ..search.turn_search import best_turn_in_place

__all__ = [
    "Candidate",
    "Decision",
    "ExpertPlayer",
    "deals_within",
    "playouts_for",
    "sample_world",
    "viewer_table_game",
]

_SCHEDULE = ((0.06, 16), (0.2, 8), (0.5, 4))
"""When to narrow the field: after this share of the deals, keep this many candidates (the
ones with the best average so far). Every candidate still alive has seen the same deals."""


def sample_world(
    observation: Observation, rng: random.Random, read: bool = True
) -> tuple[list[list[int]], list[int]]:
    """The cards ``observation``'s player cannot see, dealt at random from ``rng`` as the engine
    deals them (:meth:`Game.from_observation`): every hand (card indexes, the viewer's own
    as seen) and the stock (top card last). With ``read``, the other hands are kept clear of
    the cards the record says they cannot hold (:func:`~.hand_reading.read_hands`). The
    expert's one way of dealing hidden cards.

    >>> from kingscorner_widget import Game
    >>> seen = Game.new(players=3, seed=1).observation(1)
    >>> hands, stock = sample_world(seen, random.Random(0))
    >>> [len(h) for h in hands], len(stock), hands[0] == [c.index for c in seen.hand]
    ([7, 7, 7], 27, True)
    """
    unseen = [card.index for card in observation.unseen_cards()]
    own = [card.index for card in observation.hand]
    readings = read_hands(observation) if read else ()
    return _deal(unseen, own, observation.hand_sizes, observation.player - 1, rng, readings)


def _deal(
    unseen: Sequence[int],
    own: list[int],
    sizes: Sequence[int],
    player: int,
    rng: random.Random,
    readings: Sequence[HandReading | None] = (),
) -> tuple[list[list[int]], list[int]]:
    """:func:`sample_world` from what it reads of the observation (``player`` 0-based): each
    card of another hand that its reading (:mod:`.hand_reading`) says must avoid some cards is
    dealt the first card left that does, the most demanding first; a card no card left can
    satisfy is dealt with the rest, freely."""
    cards = list(unseen)
    rng.shuffle(cards)
    hands: list[list[int]] = [[] for _ in sizes]
    hands[player] = own[:]
    slots = [
        (slot, seat)
        for seat, reading in enumerate(readings)
        if reading is not None and seat != player
        for slot in reading.slots(sizes[seat])
        if slot
    ]
    slots.sort(key=lambda item: -len(item[0]))
    for avoid, seat in slots:
        for k, card in enumerate(cards):
            if card not in avoid:
                hands[seat].append(cards.pop(k))
                break
    for seat, size in enumerate(sizes):
        if seat != player:
            more = size - len(hands[seat])
            hands[seat].extend(cards[:more])
            del cards[:more]
    cards.reverse()
    return hands, cards


def viewer_table_game(observation: Observation) -> Game:
    """A game that accepts the same moves as the viewer's (for replaying the viewer's own turn,
    which needs no hidden card)."""
    return Game.from_observation(observation)


@dataclasses.dataclass(frozen=True)
class Candidate:
    """One candidate turn and how it fared in the sampled deals."""

    moves: tuple[Move, ...]
    """The turn's moves; the last ends the turn unless the hand empties."""
    cards: int
    """Cards it sheds."""
    kings: int
    """Kings it plays."""
    openings: int
    """Openings it leaves the next player (26 for each empty side space, plus one for each kind
    of card that fits on a pile or an empty corner)."""
    worlds: int
    """Deals it was played out in."""
    wins: float
    """Deals it won (a shared win counts its share)."""
    score: float
    """Its average score: a win is 1, plus the card-margin bonus."""
    outcomes: tuple[float, ...] = ()
    """Its result in each deal it was played out in, in the order of the deals (1 a win, a
    share of a shared win, 0 a loss): with :meth:`ExpertPlayer.compare`, every turn's n-th
    outcome comes from the same deal, so differences between turns are paired."""

    @property
    def win_rate(self) -> float:
        """Its share of the deals won."""
        return self.wins / self.worlds if self.worlds else 0.0


@dataclasses.dataclass(frozen=True)
class Decision:
    """The expert's choice of turn, with the evidence for it."""

    moves: tuple[Move, ...]
    """The chosen turn."""
    candidates: tuple[Candidate, ...]
    """Every candidate evaluated, the chosen one first, then by average score."""
    worlds_played: int
    """Deals sampled."""
    seconds: float
    """Time the decision took (by the player's clock)."""
    note: str = ""
    """Why the player did not search, when it did not (one turn possible, going out, the time
    budget spent)."""
    best_turn: tuple[Move, ...] = ()
    """The turn that sheds the most (the best-turn plan)."""

    @property
    def chosen(self) -> Candidate | None:
        """The chosen candidate, when candidates were played out."""
        return self.candidates[0] if self.candidates else None


@dataclasses.dataclass
class _Ending:
    """A table reachable this turn: the turn that reaches it and what later play needs of it."""

    moves: tuple[Move, ...]
    cards: int
    kings: int
    openings: int
    tops: list[int]
    bottoms: list[int]
    hand: list[int]
    kept: list[int]


def _view_key(observation: Observation, moves_made: int | None = None) -> str:
    """Everything the viewer knows that could matter to a decision, as one string
    (``moves_made``: the length of the history, when the observation's own is not the game's)."""
    made = len(observation.history) if moves_made is None else moves_made
    return (
        f"{observation.position()}|{observation.cards_played_this_turn}|"
        f"{observation.drew_this_turn}|{observation.idle_turns}|{made}"
    )


def _openings(tops: Sequence[int]) -> int:
    """Openings a table leaves: the kernel's measure of its top cards."""
    return openings(tops)


def _table_key(game: Game, player: int) -> tuple[object, ...]:
    hand = tuple(sorted(card.index for card in game.hand(player)))
    piles = tuple((p[0].index, p[-1].index) if p else None for p in map(game.pile, SPACES))
    kept = tuple(len(game.kept(p)) for p in range(1, game.players + 1))
    return hand, piles, kept


def _ending(game: Game, player: int, moves: tuple[Move, ...], start_hand: int) -> _Ending:
    piles = [game.pile(space) for space in SPACES]
    tops = [p[-1].index if p else -1 for p in piles]
    hand = game.hand(player)
    return _Ending(
        moves=moves,
        cards=start_hand - len(hand),
        kings=sum(1 for m in moves if isinstance(m, PlayCard) and m.card.is_king),
        openings=0 if not hand else _openings(tops),
        tops=tops,
        bottoms=[p[0].index if p else -1 for p in piles[:4]],
        hand=[card.index for card in hand],
        kept=[len(game.kept(p)) // 13 for p in range(1, game.players + 1)],
    )


class _OutOfStatesError(Exception):
    pass


def _reachable(
    observation: Observation, max_states: int, out_of_time: Callable[[], bool]
) -> tuple[list[_Ending], _Ending | None]:
    """The distinct tables the mover can end this turn at (merged, capped), and a turn that goes
    out, if one was found. Every move is judged by the engine."""
    game = viewer_table_game(observation)
    player = observation.player
    start_hand = len(observation.hand)
    seen: set[tuple[object, ...]] = set()
    endings: list[_Ending] = []
    path: list[Move] = []

    def visit() -> _Ending | None:
        key = _table_key(game, player)
        if key in seen:
            return None
        seen.add(key)
        if len(seen) > max_states or (len(seen) % 64 == 0 and out_of_time()):
            raise _OutOfStatesError
        moves = game.legal_moves()
        for move in moves:
            if isinstance(move, EndTurn):
                endings.append(_ending(game, player, (*path, move), start_hand))
                continue
            game.play(move)
            path.append(move)
            try:
                if game.is_over():
                    return _ending(game, player, tuple(path), start_hand)
                out = visit()
                if out is not None:
                    return out
            finally:
                path.pop()
                game.undo()
        return None

    try:
        out = visit()
    except _OutOfStatesError:
        out = None
    return endings, out


def _choose(endings: list[_Ending], count: int) -> list[_Ending]:
    """Half among the endings that shed the most, the rest shedding one to four fewer."""
    if not endings:
        return []
    most = max(e.cards for e in endings)

    def rank(e: _Ending) -> tuple[int, int, int, int]:
        return (-e.kings, e.openings, -e.cards, len(e.moves))

    top = sorted((e for e in endings if e.cards == most), key=rank)
    rest = sorted((e for e in endings if most - 4 <= e.cards < most), key=rank)
    half = max(1, count // 2)
    take_top = min(len(top), max(half, count - len(rest)))
    return top[:take_top] + rest[: count - take_top]


@dataclasses.dataclass
class ExpertPlayer:
    """Plays to win the hand: determinized Monte Carlo over candidate turns (see the module).

    With ``time_budget`` (seconds) a decision samples deals only while the time left covers
    another one (estimated from the deals already played), and it stops listing turns when the
    budget is spent; the decision then depends on the machine's speed as well as on the seed.
    """

    seed: int = 0
    """Decisions depend only on this seed and what the player sees (without a time budget)."""
    worlds: int = 100
    """Deals of the hidden cards sampled per decision, the same for every candidate."""
    candidates: int = 64
    """Candidate turns played out per decision (the best-turn plan comes on top)."""
    time_budget: float | None = None
    """Seconds a decision may take (``None``: no limit, all ``worlds`` are played)."""
    playouts: int | None = None
    """The most play-outs (one candidate turn played out in one deal) a decision may spend,
    counted, not timed, so the decision stays the same on any machine however loaded: the
    decision samples the most deals, up to :attr:`worlds`, whose play-outs fit, with the field
    narrowed on the same schedule (:func:`deals_within`); at least one deal. ``None``: no
    limit."""
    margin: float = 0.01
    """Score per card of margin over the other players' average, beside 1 for a win."""
    max_states: int = 1500
    """Distinct tables listed at most when looking for the turns reachable this turn."""
    lookahead: int = 0
    """The stronger setting: in each sampled deal, play this many of the player's own next
    turns with a search of the whole turn (:mod:`.turn_search`: it finds a way out, or the turn
    that sheds the most and leaves the fewest openings) instead of greedy play; 0 plays them
    greedily. Each turn of look-ahead makes a play-out dearer, so fewer deals fit a time
    budget."""
    read_hands: bool = True
    """Deal the hidden cards as the record reads them (:mod:`.hand_reading`): each other player
    is taken to play every card they can, as the play-outs have them do, so the cards that
    would have fitted the table at the end of their turns are kept out of the cards they held
    then. Off, the hidden cards are dealt with no reading."""
    name: str = "expert"
    clock: Callable[[], float] = dataclasses.field(
        default=time.perf_counter, repr=False, compare=False
    )
    """The clock the time budget is read from (seconds; tests pass a fake one)."""
    _planned: dict[str, Move] = dataclasses.field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("worlds", "candidates", "max_states"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
        value = self.lookahead
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise ValueError(f"lookahead must be a whole number from 0 to 3, not {value!r}")
        value = self.playouts
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise ValueError(
                f"playouts must be a whole number of at least 1 or None, not {value!r}"
            )
        if self.time_budget is not None and not self.time_budget > 0:
            raise ValueError(
                "time_budget must be a positive number of seconds or None, "
                f"not {self.time_budget!r}"
            )
        if not self.margin >= 0:
            raise ValueError(f"margin must be 0 or more, not {self.margin!r}")

    def choose(self, observation: Observation) -> Move:
        """The next move of the turn decided at this turn's first move (decided again as soon as
        the game leaves the plan, for example after a draw until it fits)."""
        _check(observation)
        key = _view_key(observation)
        move = self._planned.pop(key, None)
        if move is not None:
            return move
        self._planned.clear()
        moves = self.decide(observation).moves
        _remember(self._planned, observation, moves)
        return self._planned.pop(key)

    def decide(self, observation: Observation, *, reserve: int = 0) -> Decision:
        """The turn to play from here for the player to move, and the evidence for it.

        ``reserve`` keeps that many play-outs of :attr:`playouts` back for each deal the
        decision samples (the winning hint keeps two, to play two turns out in the same deals
        afterwards)."""
        _check(observation)
        clock = self.clock
        start = clock()
        deadline = None if self.time_budget is None else start + self.time_budget

        def out_of_time() -> bool:
            return deadline is not None and clock() >= deadline

        def done(moves: tuple[Move, ...], note: str, best: tuple[Move, ...] = ()) -> Decision:
            return Decision(moves, (), 0, clock() - start, note, best or moves)

        legal = observation.legal_moves
        if len(legal) == 1:
            return done(legal, "only one move is possible")
        endings, out = _reachable(observation, self.max_states, out_of_time)
        if out is not None:
            return done(out.moves, "this turn can go out")
        plan = best_turn(observation).moves
        if plan and not isinstance(plan[-1], EndTurn):
            return done(plan, "this turn can go out")
        chosen = _choose(endings, self.candidates)
        known = {(tuple(e.hand), tuple(e.tops), tuple(e.bottoms)) for e in chosen}
        best = _replay(observation, plan)
        if (tuple(best.hand), tuple(best.tops), tuple(best.bottoms)) not in known:
            chosen.append(best)
        if len(chosen) == 1:
            return done(chosen[0].moves, "only one table is reachable this turn", plan)
        if out_of_time():
            return done(
                plan,
                "the time budget ran out before any deal was played: playing the best-turn plan",
                plan,
            )
        return self._evaluate(observation, chosen, plan, start, deadline, reserve=reserve)

    def compare(self, observation: Observation, turns: Sequence[Sequence[Move]]) -> Decision:
        """Play each of ``turns`` (whole turns for the player to move, each ending the turn or
        going out) out in the same sampled deals, every turn in every deal, best average first.

        >>> from kingscorner_widget import Game, parse_move
        >>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
        >>> seen = Game.from_position(line).observation(1)
        >>> turns = [[parse_move(m) for m in t.split()] for t in ("draw", "6c>W 3h>E draw")]
        >>> [c.worlds for c in ExpertPlayer(worlds=20).compare(seen, turns).candidates]
        [20, 20]
        """
        _check(observation)
        start = self.clock()
        endings = []
        for turn in turns:
            moves = tuple(turn)
            if not moves:
                raise ValueError("each turn to compare must end the turn (with draw or pass)")
            endings.append(_replay(observation, moves))
        deadline = None if self.time_budget is None else start + self.time_budget
        return self._evaluate(observation, endings, (), start, deadline, narrow=False)

    def _evaluate(
        self,
        observation: Observation,
        chosen: list[_Ending],
        plan: tuple[Move, ...],
        start: float,
        deadline: float | None,
        narrow: bool = True,
        reserve: int = 0,
    ) -> Decision:
        clock = self.clock
        player = observation.player - 1
        rules = PlayoutRules.of(observation.rules)
        digest = hashlib.sha256(f"expert|{self.seed}|{_view_key(observation)}".encode()).digest()
        rng = random.Random(int.from_bytes(digest[:8], "big"))
        n = len(chosen)
        scores = [0.0] * n
        wins = [0.0] * n
        outcomes: list[list[float]] = [[] for _ in range(n)]
        worlds = [0] * n
        alive = list(range(n))
        deals = self.worlds
        if self.playouts is not None:
            deals = deals_within(self.playouts, n, self.worlds, narrow, reserve)
        schedule = _schedule(deals) if narrow else {}
        played = 0
        first = clock()
        hidden_from = [i for i in range(len(observation.hand_sizes)) if i != player]
        unseen = [card.index for card in observation.unseen_cards()]
        mine = [card.index for card in observation.hand]
        sizes = observation.hand_sizes
        readings = read_hands(observation) if self.read_hands else ()
        counters = {
            "drew": observation.drew_this_turn,
            "idle": observation.idle_turns,
        }
        for w in range(deals):
            if deadline is not None and played:
                now = clock()
                if now + (now - first) / played > deadline:
                    break
            hands, stock = _deal(
                unseen, mine, sizes, player, random.Random(rng.getrandbits(64)), readings
            )
            for i in alive:
                e = chosen[i]
                state_hands = [list(h) for h in hands]
                state_hands[player] = list(e.hand)
                state = PlayoutState(
                    rules,
                    list(e.tops),
                    list(e.bottoms),
                    state_hands,
                    list(stock),
                    player,
                    kept=list(e.kept),
                    played=observation.cards_played_this_turn + e.cards,
                    **counters,  # type: ignore[arg-type]
                )
                if state.over is None:  # a turn that goes out has no end-of-turn move
                    end_turn(state)
                    _play_out(state, player, self.lookahead)
                winners = state.winners()
                win = 1 / len(winners) if player + 1 in winners else 0.0
                own = len(state.hands[player])
                others = sum(len(state.hands[j]) for j in hidden_from) / len(hidden_from)
                wins[i] += win
                outcomes[i].append(win)
                scores[i] += win + self.margin * (others - own)
                worlds[i] += 1
            played = w + 1
            keep = schedule.get(played, n)
            if len(alive) > keep:
                alive.sort(key=lambda i: (-scores[i], i))
                alive = sorted(alive[:keep])
        ranked = sorted(range(n), key=lambda i: (-worlds[i], -scores[i], i))
        candidates = tuple(
            Candidate(
                moves=chosen[i].moves,
                cards=chosen[i].cards,
                kings=chosen[i].kings,
                openings=chosen[i].openings,
                worlds=worlds[i],
                wins=wins[i],
                score=scores[i] / worlds[i] if worlds[i] else 0.0,
                outcomes=tuple(outcomes[i]),
            )
            for i in ranked
        )
        return Decision(
            moves=candidates[0].moves,
            candidates=candidates,
            worlds_played=played,
            seconds=clock() - start,
            best_turn=plan,
        )


def _schedule(deals: int) -> dict[int, int]:
    """After how many deals the field narrows, and to how many candidates (:data:`_SCHEDULE`)."""
    return {max(1, round(share * deals)): keep for share, keep in _SCHEDULE}


def playouts_for(deals: int, candidates: int, narrow: bool = True) -> int:
    """The play-outs a decision spends on ``candidates`` turns over ``deals`` deals, the field
    narrowed as :meth:`ExpertPlayer.decide` narrows it (``narrow=False``: every turn in every
    deal, as :meth:`ExpertPlayer.compare` plays them).

    >>> playouts_for(100, 65), playouts_for(100, 2), playouts_for(10, 3, narrow=False)
    (1054, 200, 30)
    """
    schedule = _schedule(deals) if narrow else {}
    alive, spent = candidates, 0
    for played in range(1, deals + 1):
        spent += alive
        alive = min(alive, schedule.get(played, candidates))
    return spent


def deals_within(
    playouts: int, candidates: int, worlds: int, narrow: bool = True, reserve: int = 0
) -> int:
    """The most deals, up to ``worlds``, whose play-outs of ``candidates`` turns
    (:func:`playouts_for`), with ``reserve`` more for each deal, fit in ``playouts``; at least
    one.

    >>> deals_within(1054, 65, 100), deals_within(400, 65, 100), deals_within(10, 65, 100)
    (100, 39, 1)
    >>> deals_within(600, 65, 100, reserve=2)
    47
    """
    for deals in range(worlds, 1, -1):
        if playouts_for(deals, candidates, narrow) + reserve * deals <= playouts:
            return deals
    return 1


def _play_out(state: PlayoutState, player: int, lookahead: int) -> None:
    """Play ``state`` to the end of the hand: greedy play for everyone, except ``player``'s next
    ``lookahead`` turns, which the turn search plays."""
    for _ in range(lookahead):
        while state.over is None and state.turn != player:
            play_turn(state)
            if state.over is None:
                end_turn(state)
        if state.over is not None:
            return
        best_turn_in_place(state)
        if state.over is None:
            end_turn(state)
    play_to_end(state)


def _check(observation: Observation) -> None:
    if observation.over:
        raise ValueError("the hand is over: there is no move to choose")
    if observation.player != observation.turn or not observation.legal_moves:
        raise ValueError(f"it is P{observation.turn}'s turn, not P{observation.player}'s")


def _replay(observation: Observation, moves: tuple[Move, ...]) -> _Ending:
    """The ending a turn reaches (the end-of-turn move, last, not played; a turn that goes out
    has none)."""
    game = viewer_table_game(observation)
    if moves and not isinstance(moves[-1], EndTurn):
        for move in moves:
            game.play(move)
        if not game.is_over():
            raise ValueError("each turn to compare must end the turn (with draw or pass)")
        return _ending(game, observation.player, moves, len(observation.hand))
    for move in moves[:-1]:
        game.play(move)
    reason = game.violation(moves[-1])
    if reason is not None:
        raise IllegalMoveError(f"{moves[-1]} cannot end this turn: {reason_words(reason)}", reason)
    return _ending(game, observation.player, moves, len(observation.hand))


def _remember(planned: dict[str, Move], observation: Observation, moves: tuple[Move, ...]) -> None:
    """Key each move of ``moves`` by the view the player will have just before it."""
    game = viewer_table_game(observation)
    player = observation.player
    made = len(observation.history)
    for i, move in enumerate(moves):
        planned[_view_key(game.observation(player), made + i)] = move
        if isinstance(move, EndTurn):
            break
        game.play(move)
