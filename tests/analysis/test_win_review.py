"""Review by win chance: the estimates, their paired standard error, the verdict rules, the reasons
in words and the accuracy, on seeded games and on built positions."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import review
from kingscorner_widget.analysis.judging.win_chance import (
    WIN_THRESHOLDS,
    WinChances,
    greedy_turn,
    turn_accuracy,
    turn_win_chances,
    win_accuracy,
    win_verdict,
)
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer
from kingscorner_widget.analysis.players.expert import ExpertPlayer, viewer_table_game
from kingscorner_widget.engine.moves import EndTurn, parse_move
from kingscorner_widget.engine.rules import DrawTiming

LINE = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"


def play_out(game: Game, players: list[Player]) -> Game:
    while not game.is_over():
        game.play(players[game.turn - 1].choose(game.observation(game.turn)))
    return game


def chances(loss: float, stderr: float) -> WinChances:
    return WinChances(0.4, 0.5 - loss, 0.45, 0.5, (), (), stderr, 200)


@pytest.fixture(scope="module")
def game() -> Game:
    return play_out(Game.new(seed=21), [RandomPlayer(seed=4), GreedyPlayer()])


@pytest.fixture(scope="module")
def reviewed(game: Game) -> object:
    return review(game, player=1, judge="win", worlds=60, progress=False)


def test_every_turn_gets_paired_win_chances(game: Game, reviewed: object) -> None:
    from kingscorner_widget.analysis import Review

    assert isinstance(reviewed, Review)
    assert reviewed.judge == "win"
    by_cards = review(game, player=1, progress=False)
    assert [t.moves for t in reviewed.turns] == [t.moves for t in by_cards.turns]
    for turn, cards in zip(reviewed.turns, by_cards.turns, strict=True):
        w = turn.win
        assert w is not None
        assert w.worlds == 60
        assert 0 <= w.played <= w.best <= 1
        assert 0 <= w.before <= 1
        assert 0 <= w.most_cards <= w.best
        assert w.loss == w.best - w.played >= 0
        assert turn.verdict == win_verdict(w)
        assert w.most_cards_moves == cards.best.moves
        assert turn.better_moves == w.best_moves
        assert "chance of winning" in turn.reason
        if w.best_moves == turn.moves:
            assert w.loss == 0
            assert w.stderr == 0
            assert turn.verdict == "best"
        # the best turn is a real turn from what the player saw
        seen = Game.from_position(turn.position, turn.rules).observation(turn.player)
        table = viewer_table_game(seen)
        for move in w.best_moves:
            if isinstance(move, EndTurn):
                assert table.violation(move) is None
                break
            table.play(move)


def test_the_same_seed_gives_the_same_review(game: Game, reviewed: object) -> None:
    again = review(game, player=1, judge="win", worlds=60, progress=False)
    assert again.to_dict() == reviewed.to_dict()  # type: ignore[attr-defined]


def test_the_standard_error_comes_from_the_paired_differences() -> None:
    seen = Game.from_position(LINE).observation(1)
    w = turn_win_chances(seen, "draw", worlds=50, search_worlds=20, candidates=6, seed=3)
    judge = ExpertPlayer(seed=3 + 7919, worlds=50)
    outcomes = {
        c.moves: c.outcomes
        for c in judge.compare(seen, [w.best_moves, (parse_move("draw"),)]).candidates
    }
    diffs = [
        b - p for b, p in zip(outcomes[w.best_moves], outcomes[(parse_move("draw"),)], strict=False)
    ]
    mean = sum(diffs) / len(diffs)
    expected = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    assert w.stderr == pytest.approx(expected)
    assert w.loss == pytest.approx(mean)


def test_a_turn_that_goes_out_is_best_and_certain() -> None:
    game = Game.from_position(
        "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    )
    for move in ("4h>S", "Th>N", "Ks>NE"):
        game.play(move)
    r = review(game, player=1, judge="win", worlds=20, progress=False)
    (turn,) = r.turns
    assert turn.win is not None
    assert turn.win.played == 1.0
    assert turn.verdict == "best"
    assert r.accuracy == 1.0


def test_missing_the_way_out_is_judged_by_its_cost() -> None:
    game = Game.from_position(
        "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    )
    game.play("Th>N")
    game.play("draw")
    r = review(game, player=1, judge="win", worlds=60, progress=False)
    (turn,) = r.turns
    assert turn.win is not None
    assert turn.win.best == 1.0
    assert turn.win.played < 1.0
    assert turn.verdict == "blunder"  # a sure win declined, whatever the deals say
    assert turn.win.missed_win
    assert turn.missed_win
    assert "could have gone out this turn" in turn.reason
    assert "points" not in turn.reason  # the penalty count's word, not a chance's
    assert r.counts[turn.verdict] == 1
    assert r.mistakes == (turn,)
    assert r.to_learn == (turn,)
    assert r.accuracy < 1.0
    assert "by chance of winning" in r.summary()
    assert "blunder" in r.summary()
    assert r.to_dict()["turns"][0]["win"]["best"] == 1.0


@pytest.mark.parametrize(
    ("loss", "stderr", "verdict"),
    [
        (0.30, 0.02, "blunder"),
        (0.20, 0.02, "blunder"),
        (0.15, 0.02, "mistake"),
        (0.10, 0.02, "mistake"),
        (0.07, 0.02, "inaccuracy"),
        (0.05, 0.01, "inaccuracy"),
        (0.04, 0.001, "best"),  # significant, but under the smallest threshold
        (0.10, 0.05, "best"),  # within twice its standard error: no verdict against it
        (0.0, 0.0, "best"),
    ],
)
def test_verdicts_follow_the_thresholds_only_beyond_the_noise(
    loss: float, stderr: float, verdict: str
) -> None:
    assert win_verdict(chances(loss, stderr)) == verdict
    assert [v for _, v in WIN_THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]


@given(st.floats(0, 1), st.floats(0, 1))
def test_turn_accuracy_falls_with_the_loss(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert 0 <= turn_accuracy(high) <= turn_accuracy(low) <= 1


@settings(max_examples=50)
@given(st.lists(st.tuples(st.floats(0, 0.5), st.floats(0, 0.1)), min_size=1, max_size=12))
def test_review_accuracy_lies_between_its_turns(pairs: list[tuple[float, float]]) -> None:
    turns = [chances(loss, stderr) for loss, stderr in pairs]
    each = [turn_accuracy(0.0 if win_verdict(c) == "best" else c.loss) for c in turns]
    assert min(each) - 1e-9 <= win_accuracy(turns) <= max(each) + 1e-9


@settings(max_examples=100)
@given(st.lists(st.tuples(st.floats(0, 0.5), st.floats(0, 0.1)), min_size=1, max_size=12))
def test_accuracy_is_full_exactly_when_every_verdict_is_best(
    pairs: list[tuple[float, float]],
) -> None:
    """A loss beyond the deals' luck but under the smallest threshold is still "best", and
    counts nothing against the accuracy; any other verdict takes it under 100%."""
    turns = [chances(loss, stderr) for loss, stderr in pairs]
    every_best = all(win_verdict(c) == "best" for c in turns)
    assert (win_accuracy(turns) == 1.0) == every_best


@settings(max_examples=50)
@given(st.lists(st.tuples(st.floats(0, 0.5), st.floats(0, 0.1)), max_size=8), st.floats(0, 0.2))
def test_a_declined_sure_win_never_sits_beside_full_accuracy(
    pairs: list[tuple[float, float]], stderr: float
) -> None:
    """A blunder whatever the deals: even when its estimated loss is inside their luck, the
    review's accuracy falls below 100% and by no less than a blunder's loss would take."""
    declined = dataclasses.replace(chances(0.0, stderr), missed_win=True)
    assert win_verdict(declined) == "blunder"
    turns = [chances(loss, err) for loss, err in pairs] + [declined]
    assert win_accuracy(turns) < 1.0
    blunder = chances(WIN_THRESHOLDS[0][0], 0.0)
    assert win_accuracy(turns) <= win_accuracy([*turns[:-1], blunder]) + 1e-9


def test_greedy_turn_is_greedy_play() -> None:
    game = Game.from_position(LINE)
    turn = greedy_turn(game.observation(1))
    for move in turn:
        assert move == GreedyPlayer().choose(game.observation(1))
        if isinstance(move, EndTurn):
            break
        game.play(move)
    assert isinstance(turn[-1], EndTurn)


def test_bad_options_are_refused_before_any_work(game: Game) -> None:
    with pytest.raises(ValueError, match="judge must be"):
        review(game, player=1, judge="luck", progress=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="worlds"):
        review(game, player=1, judge="win", worlds=1, progress=False)
    with pytest.raises(ValueError, match="seed"):
        review(game, player=1, judge="win", seed="x", progress=False)  # type: ignore[arg-type]
    seen = Game.from_position(LINE).observation(1)
    with pytest.raises(ValueError, match="cannot"):
        turn_win_chances(seen, "Qh>N draw", worlds=10)


def test_a_variant_with_the_draw_at_the_start_is_judged() -> None:
    rules = Rules(draw_timing=DrawTiming.START, draw_until_fits=False)
    g = play_out(Game.new(seed=5, rules=rules), [GreedyPlayer(), GreedyPlayer()])
    r = review(g, player=2, judge="win", worlds=20, progress=False)
    assert r.turns
    assert all(t.win is not None for t in r.turns)


def test_the_table_of_a_review_by_win_chance_has_its_chances(reviewed: object) -> None:
    from kingscorner_widget.analysis import Review

    assert isinstance(reviewed, Review)
    table = reviewed.table()
    names = [column.name for column in table.columns]
    assert names[names.index("before") : names.index("luck") + 1] == [
        "before",
        "after",
        "most cards",
        "best",
        "lost",
        "luck",
    ]
    for record, turn in zip(table.records(), reviewed.turns, strict=True):
        w = turn.win
        assert w is not None
        assert (record["before"], record["after"], record["best"]) == (w.before, w.played, w.best)
        assert record["lost"] == pytest.approx(100 * w.loss)
        assert record["luck"] == pytest.approx(200 * w.stderr)
        assert record["best turn"] == " ".join(map(str, w.best_moves))
        assert record["verdict"] == turn.verdict
    assert "by chance of winning" in table.to_html()
    assert "60 sampled deals a turn" in str(table)


def test_the_chart_of_a_review_by_win_chance_plots_the_chances(reviewed: object) -> None:
    from kingscorner_widget.analysis import Review

    assert isinstance(reviewed, Review)
    from kingscorner_widget.display.charts import VegaLiteChart

    chart = reviewed.plot()
    assert isinstance(chart, VegaLiteChart)
    spec = chart.spec
    bars, ticks = spec["layer"]
    assert bars["encoding"]["y"]["axis"]["title"] == "chance of winning"
    values = spec["data"]["values"]
    assert [v[bars["encoding"]["y"]["field"]] for v in values] == [
        t.win.played for t in reviewed.turns if t.win is not None
    ]
    assert [v[ticks["encoding"]["y"]["field"]] for v in values] == [
        t.win.best for t in reviewed.turns if t.win is not None
    ]
