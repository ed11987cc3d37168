"""The expert player: play-outs as the engine plays them, fair, legal, reproducible, on budget."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from kingscorner_widget import Count, Game, IllegalMoveError, Rules, parse_move
from kingscorner_widget.analysis import best_turn
from kingscorner_widget.analysis.judging.winning_hint import winning_hint
from kingscorner_widget.analysis.players import GreedyPlayer, make_player
from kingscorner_widget.analysis.players.expert import ExpertPlayer, sample_world
from kingscorner_widget.analysis.runs.simulate import simulate, tournament
from kingscorner_widget.analysis.search.playout import PlayoutState, play_to_end
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.words import card_label, move_sentences

from .support import RULE_VARIANTS, played_games, position, resample_hidden

ROOT = Path(__file__).resolve().parents[2]


def small(seed: int = 5, **options: object) -> ExpertPlayer:
    """An expert small enough for the tests to play whole games with."""
    settings: dict[str, object] = {"worlds": 10, "candidates": 8}
    settings.update(options)
    return ExpertPlayer(seed=seed, **settings)  # type: ignore[arg-type]


# -- play-outs -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_playouts_finish_hands_exactly_as_greedy_players_do_through_the_engine(
    players: int,
) -> None:
    variants = (*RULE_VARIANTS, Rules(count=Count.HEAVY), Rules(kings_first=True, must_play=True))
    for i, rules in enumerate(variants):
        game = Game.new(seed=300 + 10 * players + i, rules=rules.with_players(players))
        state = PlayoutState.from_game(game)
        play_to_end(state)
        bot = GreedyPlayer()
        while not game.is_over():
            game.play(bot.choose(game.observation(game.turn)))
        outcome = game.outcome()
        assert outcome is not None
        assert (state.over, state.winners(), state.penalties()) == (
            outcome.reason,
            outcome.winners,
            outcome.penalties,
        ), rules.describe()
        assert state.kept == list(outcome.corners)


def test_playouts_pick_up_mid_turn_positions_from_played_games() -> None:
    for game in played_games(18, seed=8):
        state = PlayoutState.from_game(game)
        play_to_end(state)
        bot = GreedyPlayer()
        while not game.is_over():
            game.play(bot.choose(game.observation(game.turn)))
        outcome = game.outcome()
        assert outcome is not None
        assert state.winners() == outcome.winners
        assert state.penalties() == outcome.penalties


def test_sampled_worlds_keep_every_count_and_hide_nothing_the_viewer_sees() -> None:
    game = list(played_games(6, seed=3))[-1]
    view = game.observation(game.turn)
    seen = {c.index for pile in view.piles for c in pile}
    for k in range(5):
        hands, stock = sample_world(view, random.Random(k))
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert len(stock) == view.stock_size
        everything = [c for h in hands for c in h] + stock
        assert len(set(everything)) == len(everything)
        assert not seen & set(everything)
        assert len(everything) + len(seen) == 52 - sum(len(k) for k in view.kept)


# -- fairness, legality, determinism -----------------------------------------------------------


def test_twins_identical_from_the_experts_side_get_the_same_decision() -> None:
    rng = random.Random(21)
    checked = searched = 0
    for game in played_games(24, seed=6):
        mover = game.turn
        view = game.observation(mover)
        decision = small().decide(view)
        searched += bool(decision.candidates)
        first_move = small().choose(view)
        assert first_move == decision.moves[0]
        strong = small(lookahead=1).decide(view).moves
        for _ in range(3):
            twin = resample_hidden(game, mover, rng)
            if twin.stock_size > 1:
                assert twin.position() != game.position()  # other hidden cards, other stock
            assert twin.observation(mover) == view
            assert small().decide(twin.observation(mover)).moves == decision.moves
            assert small().choose(twin.observation(mover)) == first_move
            assert small(lookahead=1).decide(twin.observation(mover)).moves == strong
        checked += 1
    assert checked >= 8
    assert searched >= 3


def test_thousands_of_decisions_are_all_legal_under_every_rule_option() -> None:
    decisions = 0
    seed = 0
    while decisions < 2000:
        rules = RULE_VARIANTS[seed % len(RULE_VARIANTS)].with_players(2 + seed % 3)
        game = Game.new(seed=900 + seed, rules=rules)
        bots = [small(seed=seed, worlds=4, candidates=4, lookahead=seed % 2)] + [
            GreedyPlayer() for _ in range(rules.players - 1)
        ]
        while not game.is_over():
            view = game.observation(game.turn)
            move = bots[game.turn - 1].choose(view)
            assert move in view.legal_moves, (game.position(), str(move))
            game.play(move)
            decisions += game.turn == 1 or isinstance(move, EndTurn)
        seed += 1
    assert seed >= 6  # every rule option got whole games


_SCRIPT = """
import json, sys
from kingscorner_widget import Game
from kingscorner_widget.analysis.players.expert import ExpertPlayer
game = Game.new(players=2, seed=17)
bots = [ExpertPlayer(seed=s, worlds=12, candidates=10, lookahead=s % 2) for s in (4, 9)]
while not game.is_over():
    game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
print(json.dumps([str(m) for m in game.moves]))
"""


def test_the_same_seed_gives_the_same_game_in_other_processes() -> None:
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        runs.append(json.loads(out.stdout))
    game = Game.new(players=2, seed=17)
    bots = [small(seed=s, worlds=12, candidates=10, lookahead=s % 2) for s in (4, 9)]
    while not game.is_over():
        game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
    assert runs[0] == runs[1] == [str(m) for m in game.moves]


def test_make_player_builds_the_expert_and_it_survives_pickling() -> None:
    expert = make_player("expert", seed=3, worlds=20, candidates=12, time_budget=0.3)
    assert isinstance(expert, ExpertPlayer)
    assert (expert.seed, expert.worlds, expert.candidates, expert.time_budget) == (3, 20, 12, 0.3)
    assert pickle.loads(pickle.dumps(expert)) == expert


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"worlds": 0}, "worlds must be a whole number of at least 1"),
        ({"candidates": 2.5}, "candidates must be a whole number"),
        ({"time_budget": 0}, "time_budget must be a positive number"),
        ({"margin": -1}, "margin must be 0 or more"),
        ({"lookahead": 4}, "lookahead must be a whole number from 0 to 3"),
        ({"lookahead": True}, "lookahead must be a whole number"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExpertPlayer(**options)  # type: ignore[arg-type]


def test_the_expert_refuses_a_view_when_it_is_not_its_turn() -> None:
    game = Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="turn"):
        small().choose(game.observation(2))


# -- what it decides ---------------------------------------------------------------------------


def test_it_goes_out_when_the_turn_can() -> None:
    line = position("N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c")
    game = Game.from_position(line)
    decision = small().decide(game.observation(1))
    assert decision.note == "this turn can go out"
    for move in decision.moves:
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.went_out == 1


def test_candidates_are_played_out_in_the_same_deals_and_include_the_best_turn() -> None:
    for game in played_games(10, seed=2):
        view = game.observation(game.turn)
        decision = small(worlds=20, candidates=6).decide(view)
        if not decision.candidates:
            assert decision.note
            continue
        plan = best_turn(view).moves
        assert decision.best_turn == plan
        assert len(decision.candidates) <= 7
        assert decision.chosen is not None
        assert decision.chosen.moves == decision.moves
        assert decision.chosen.worlds == decision.worlds_played == 20
        widest = max(c.worlds for c in decision.candidates)
        assert widest == 20
        assert {c.moves for c in decision.candidates} & {plan} or any(
            c.cards == best_turn(view).cards_played for c in decision.candidates
        )
        most = max(c.cards for c in decision.candidates)
        assert all(most - 4 <= c.cards <= most for c in decision.candidates)


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float, jump_after: int | None = None) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0
        self.jump_after = jump_after

    def __call__(self) -> float:
        self.reads += 1
        if self.jump_after is not None and self.reads > self.jump_after:
            self.now += 1000.0
        self.now += self.step
        return self.now


def _open_position() -> Game:
    """A position with many tables reachable and no way out this turn."""
    line = position("N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh")
    return Game.from_position(line)


def test_the_time_budget_stops_sampling_before_it_runs_out() -> None:
    game = _open_position()
    view = game.observation(1)
    unlimited = small(worlds=100, candidates=12).decide(view)
    assert unlimited.worlds_played == 100
    clock = FakeClock(step=0.01)
    decision = small(worlds=100, candidates=12, time_budget=0.25, clock=clock).decide(view)
    assert 1 <= decision.worlds_played < 100
    assert decision.seconds <= 0.25 + clock.step
    assert decision.moves in {c.moves for c in decision.candidates}


def test_a_budget_spent_before_any_deal_falls_back_to_the_best_turn_and_says_so() -> None:
    game = _open_position()
    view = game.observation(1)
    decision = small(time_budget=0.5, clock=FakeClock(step=0.001, jump_after=2)).decide(view)
    assert decision.worlds_played == 0
    assert "time budget" in decision.note
    assert decision.moves == best_turn(view).moves


# -- comparing turns and the winning hint ------------------------------------------------------


def test_compare_plays_every_turn_in_every_deal_and_refuses_unfinished_or_illegal_turns() -> None:
    game = _open_position()
    view = game.observation(1)
    turns = [[parse_move("draw")], [parse_move(m) for m in ("6c>W", "3h>E", "draw")]]
    decision = small(worlds=24).compare(view, turns)
    assert sorted(c.worlds for c in decision.candidates) == [24, 24]
    assert {c.moves for c in decision.candidates} == {tuple(t) for t in turns}
    with pytest.raises(ValueError, match="must end the turn"):
        small().compare(view, [[parse_move("6c>W")]])
    with pytest.raises(IllegalMoveError):
        small().compare(view, [[parse_move("6c>N"), parse_move("draw")]])


def test_the_winning_hint_says_what_it_holds_back_and_why() -> None:
    game = _open_position()
    hint = winning_hint(game, worlds=30, candidates=16)
    assert hint.move in game.legal_moves()
    assert hint.turn[0] == hint.move
    best = best_turn(game)
    assert set(hint.held) <= set(best.cards)
    assert hint.win_chance is not None
    if hint.held:
        assert f"the {card_label(hint.held[0])}" in hint.reason
        assert "hold the" in hint.reason or "rather than" in hint.reason
        assert hint.best_turn_win_chance is not None
        assert f"{hint.best_turn_win_chance:.0%}" in hint.reason
    for move in hint.turn:
        game.play(move)


def test_the_winning_hint_depends_only_on_what_the_player_sees() -> None:
    rng = random.Random(3)
    for game in list(played_games(10, seed=9))[:4]:
        mover = game.turn
        hint = winning_hint(game, worlds=12, candidates=8)
        twin = resample_hidden(game, mover, rng)
        again = winning_hint(twin, worlds=12, candidates=8)
        assert (again.move, again.reason) == (hint.move, hint.reason)


def test_the_winning_hint_names_a_forced_move_and_a_way_out() -> None:
    out = Game.from_position(position("N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c"))
    assert winning_hint(out, worlds=8).reason.endswith("this turn goes out and wins the hand.")
    forced = Game.from_position(position("N:9d E:4c S:5s W:Qs NE:- SE:- SW:- NW:- P1:Ah"))
    only = winning_hint(forced, worlds=8)
    assert forced.legal_moves() == [only.move] == [EndTurn("draw")]
    draw = move_sentences([], (), [only.move])[0]
    assert only.reason == f"{draw.removesuffix('.')}: it is the only move the rules allow now."


# -- paired deals, which the expert's figures are measured on ------------------------------------


def test_paired_deals_play_each_deal_once_from_every_seat() -> None:
    players = ["greedy", "random", "planner"]
    result = simulate(players, games=6, seed=4, workers=1, progress=False, rotate=True, paired=True)
    records = result.records
    assert [r.seed for r in records[:3]] == [records[0].seed] * 3
    assert [r.seed for r in records[3:]] == [records[3].seed] * 3
    assert records[0].seed != records[3].seed
    assert {r.players[0] for r in records[:3]} == set(players)
    duel = tournament(["greedy", "random"], games=4, seed=4, workers=1, progress=False, paired=True)
    seeds = [r.seed for r in duel.results[0].records]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    with pytest.raises(ValueError, match="games must be a multiple of 3"):
        simulate(players, games=4, workers=1, progress=False, rotate=True, paired=True)
    with pytest.raises(ValueError, match="games must be a multiple of 2"):
        tournament(["greedy", "random"], games=3, workers=1, progress=False, paired=True)
