"""Game review: every best count checked against an independent search, the verdict rules, twins,
and the review read from games, matches and saved records."""

from __future__ import annotations

import ast
import json
import pathlib

import pytest

from kingscorner_widget import Card, Count, Game, Match, Rules
from kingscorner_widget.analysis import Budget, Review, TurnValue, review
from kingscorner_widget.analysis.judging.review_view import VERDICT_COLOURS
from kingscorner_widget.analysis.players import GreedyPlayer, PlannerPlayer, Player, RandomPlayer
from kingscorner_widget.display.charts import VegaLiteChart
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.record import game_to_dict, match_to_dict, save
from kingscorner_widget.engine.words import count_words
from kingscorner_widget.lessons import Lesson

from .support import RULE_VARIANTS


def reference_value(game: Game) -> TurnValue:
    """The best turn's value by the tests' own search, sharing nothing with the package's but the
    engine's judge (the one place this file reaches for a reference solver)."""
    from .oracle import brute_force

    return brute_force(game)


def play_out(game: Game, players: list[Player]) -> Game:
    while not game.is_over():
        game.play(players[game.turn - 1].choose(game.observation(game.turn)))
    return game


def mixed_games(count: int, seed: int = 0) -> list[Game]:
    games = []
    for i in range(count):
        rules = RULE_VARIANTS[i % len(RULE_VARIANTS)]
        bots: list[Player] = [RandomPlayer(seed=i), GreedyPlayer()]
        games.append(play_out(Game.new(seed=seed * 1000 + i, rules=rules), bots))
    return games


def play_match(seed: int, players: list[Player]) -> Match:
    match = Match(players=len(players), seed=seed)
    while True:
        game = match.game
        while not game.is_over():
            seat = match.seat_of(game.turn)
            game.play(players[seat - 1].choose(game.observation(game.turn)))
        match.score_hand()
        if match.is_over():
            return match
        match.next_hand()


def test_best_counts_equal_an_independent_search_on_seeded_games() -> None:
    checked = 0
    for game in mixed_games(12, seed=3):
        for player in (1, 2):
            for turn in review(game, player, progress=False).turns:
                table = Game.from_position(turn.position, rules=turn.rules)
                if len(table.hand()) > 8:
                    continue
                expected = reference_value(table)
                assert turn.proven
                assert turn.best_shed == expected.cards, turn.position
                assert turn.best.value == expected, turn.position
                checked += 1
    assert checked >= 150


def test_a_turn_that_sheds_the_best_count_is_never_a_mistake() -> None:
    seen = {"best": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}
    for game in mixed_games(12, seed=4):
        for player in (1, 2):
            for turn in review(game, player, progress=False).turns:
                seen[turn.verdict] += 1
                if turn.shed >= turn.best_shed:
                    assert turn.verdict not in ("mistake", "blunder"), turn
                    assert not turn.missed_out
                if turn.missed_out and not turn.rules.corners_version:
                    assert turn.verdict == "blunder"  # going out wins: a sure win declined
                elif turn.best_shed - turn.shed >= 2 or turn.missed_out:
                    assert turn.verdict in ("mistake", "blunder")
                elif turn.best_shed - turn.shed == 1:
                    assert turn.verdict == "inaccuracy"
    assert all(seen[v] for v in ("best", "inaccuracy", "mistake")), seen  # the checks above bite


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: r.describe()[:40])
def test_the_best_turn_player_alone_scores_full_accuracy(rules: Rules) -> None:
    for seed in range(3):
        game = play_out(Game.new(seed=seed, rules=rules), [PlannerPlayer(), PlannerPlayer()])
        for player in (1, 2):
            result = review(game, player, progress=False)
            assert result.accuracy == 1.0
            assert [turn.verdict for turn in result.turns] == ["best"] * len(result.turns)


def twin(game: Game, viewer: int) -> Game | None:
    """The same game dealt with one card the viewer never sees swapped between another hand and
    the stock; both were never played or drawn, so the same moves replay. ``None`` if no pair."""
    final = game.copy()
    states = [game.copy()]
    while states[-1].moves:
        states.append(states[-1].copy())
        states[-1].undo()
    seen = {card for g in states for card in g.hand(viewer)}
    seen |= {card for g in states for pile in g.piles().values() for card in pile}
    other = next(p for p in range(1, game.players + 1) if p != viewer)
    table = parse_position(game.start_position)
    dealt = table.hands[other - 1]
    assert isinstance(dealt, list)
    held = [c for c in final.hand(other) if c not in seen and c in dealt]
    stock = table.stock
    assert isinstance(stock, list)
    undrawn = stock[len(stock) - final.stock_size :]
    spare = [c for c in undrawn if c not in seen]
    if not held or not spare:
        return None
    a, b = held[0], spare[-1]
    dealt[dealt.index(a)] = b
    stock[stock.index(b)] = a
    copy = Game(table, game.rules, fresh_deal=game.fresh_deal)
    for move in game.moves:
        copy.play(move)
    return copy


def test_twins_identical_from_the_players_side_get_identical_reviews() -> None:
    made = 0
    for seed in range(8):
        game = play_out(Game.new(seed=seed, players=2), [GreedyPlayer(), GreedyPlayer()])
        other = twin(game, viewer=1)
        if other is None:
            continue
        assert other.position() != game.position()
        assert review(other, 1, progress=False) == review(game, 1, progress=False)
        made += 1
    assert made >= 3


def test_a_match_is_reviewed_by_seat_and_reads_the_same_from_its_record(
    tmp_path: pathlib.Path,
) -> None:
    match = play_match(2, [GreedyPlayer(), RandomPlayer(seed=1), PlannerPlayer(), GreedyPlayer()])
    assert len(match.hands) > 1
    result = review(match, 3, progress=False)
    played = {
        number
        for number, game in enumerate(match.hands, start=1)
        if match.seats_of(number).index(3) + 1 in game.movers()
    }
    assert {turn.hand for turn in result.turns} == played
    assert len(played) >= 2
    for turn in result.turns:
        game = match.hands[turn.hand - 1]
        assert game.movers()[turn.ply] == turn.player
    assert review(match_to_dict(match), 3, progress=False) == result
    save(match, tmp_path / "match.json")
    assert review(tmp_path / "match.json", 3, progress=False) == result
    assert review(str(tmp_path / "match.json"), 3, progress=False) == result
    game = match.hands[0]
    assert review(json.dumps(game_to_dict(game)), 2, progress=False) == review(
        game, 2, progress=False
    )


def test_the_review_exports_to_json_and_shows_itself() -> None:
    (game,) = mixed_games(1, seed=9)
    result = review(game, 1, progress=False)
    data = json.loads(result.to_json())
    assert data["format"] == "kingscorner-review/1"
    assert data["accuracy"] == result.accuracy
    assert [t["verdict"] for t in data["turns"]] == [t.verdict for t in result.turns]
    assert [t["best_shed"] for t in data["turns"]] == [t.best_shed for t in result.turns]
    for row in data["turns"]:
        replay = Game.from_position(row["position"], rules=game.rules)
        for move in row["best"]:
            replay.play(move)  # every claim replays through the engine
    html = result._repr_html_()
    assert html.count("<tr data-verdict=") == len(result.turns)
    assert "accuracy" in result.summary()


def test_the_chart_has_one_bar_per_turn_coloured_by_verdict() -> None:
    (game,) = mixed_games(1, seed=9)
    result = review(game, 2, progress=False)
    chart = result.plot()
    assert isinstance(chart, VegaLiteChart)
    values = chart.spec["data"]["values"]
    assert [v["turn"] for v in values] == [t.number for t in result.turns]
    assert [v["verdict"] for v in values] == [t.verdict for t in result.turns]
    assert [v["best turn shed"] for v in values] == [t.best_shed for t in result.turns]
    bars = chart.spec["layer"][0]["encoding"]["color"]["scale"]
    assert dict(zip(bars["domain"], bars["range"], strict=True)) == VERDICT_COLOURS
    assert "<table" in chart._repr_mimebundle_()["text/markdown"]
    assert result.table().column("verdict") == [t.verdict for t in result.turns]


def test_the_chart_draws_one_bar_per_turn_on_given_axes() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (game,) = mixed_games(1, seed=9)
    result = review(game, 2, progress=False)
    _, given = plt.subplots()
    ax = result.plot(ax=given)
    assert ax is given
    assert len(given.patches) == len(result.turns)
    plt.close("all")


def test_a_turn_not_proven_within_the_budget_says_so() -> None:
    game = Game.new(seed=11, players=2)
    play_out(game, [GreedyPlayer(), GreedyPlayer()])
    result = review(game, 1, budget=Budget(states=1), progress=False)
    unproven = [turn for turn in result.turns if not turn.proven]
    assert unproven
    assert "not proven" in result.summary()
    assert all(turn.verdict == "best" for turn in unproven if turn.shed >= turn.best_shed)


@pytest.mark.parametrize(
    ("player", "message"),
    [(0, "there is no player P0"), (3, "there is no player P3"), (True, "player must be")],
)
def test_a_bad_player_is_refused(player: int, message: str) -> None:
    game = Game.new(seed=1, players=2)
    with pytest.raises(ValueError, match=message):
        review(game, player, progress=False)


def test_a_bad_source_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="no saved record"):
        review(tmp_path / "missing.json", 1, progress=False)
    with pytest.raises(TypeError, match="a path, JSON text, a dict, a Game or a Match"):
        review(42, 1, progress=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seat 5"):
        review(Match(players=4, seed=0), 5, progress=False)


def test_a_review_is_a_value() -> None:
    game = Game.new(seed=5, players=2)
    play_out(game, [GreedyPlayer(), RandomPlayer(seed=2)])
    assert isinstance(review(game, 1, progress=False), Review)
    assert review(game, 1, progress=False) == review(game.copy(), 1, progress=False)


CORNERS_BUILT = "NE:KsQd SE:KdQcJd SW:KcQhJs NW:Kh"
LINE_4D = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c4d P2:?7 stock:37 turn:P1"


def one_turn(line: str, moves: list[str], rules: Rules | None = None) -> tuple[str, str]:
    game = Game.from_position(line, rules=rules)
    for move in moves:
        game.play(move)
    (turn,) = review(game, 1, progress=False).turns
    return turn.verdict, turn.reason


def test_the_same_cards_leaving_more_openings_is_an_inaccuracy() -> None:
    line = f"N:9d E:- S:5s W:4c {CORNERS_BUILT} P1:5c7c P2:?7 stock:31 turn:P1"
    assert one_turn(line, ["5c>E", "draw"])[0] == "best"
    verdict, reason = one_turn(line, ["7c>E", "draw"])
    assert verdict == "inaccuracy"
    assert "left the next player" in reason


def test_the_same_cards_shedding_fewer_points_is_an_inaccuracy() -> None:
    line = f"N:9d E:- S:5s W:4c {CORNERS_BUILT} P1:Jh5c P2:?7 stock:31 turn:P1"
    rules = Rules(count=Count.PICTURES)
    assert one_turn(line, ["Jh>E", "draw"], rules)[0] == "best"
    verdict, reason = one_turn(line, ["5c>E", "draw"], rules)
    assert verdict == "inaccuracy"
    jack, five = Card.parse("Jh"), Card.parse("5c")
    points = Count.PICTURES.value_of
    assert (points(five), points(jack)) == (1, 2)
    assert reason == (
        f"Shed {count_words(1)}, as many as the best turn, but shed "
        f"{count_words(points(five), 'penalty point')} where the best turn shed {points(jack)}."
    )


CORNER_TO_FINISH = (
    "N:5d E:3c S:7d W:Jd NE:KsQhJsTh9s8h7s6h5s4h3s SE:- SW:- NW:- P1:Ac2d9h P2:?7 stock:27 turn:P1"
)


@pytest.mark.parametrize(
    ("line", "moves", "rules"),
    [
        (CORNER_TO_FINISH, ["2d>E", "Ac>E", "draw"], Rules(corners_version=True)),
        (
            f"N:9d E:- S:5s W:4c {CORNERS_BUILT} P1:5c7c P2:?7 stock:31 turn:P1",
            ["7c>E", "draw"],
            None,
        ),
    ],
    ids=["corners version: a corner left unfinished", "standard: more openings left"],
)
def test_an_inaccuracy_that_shed_every_card_still_costs_accuracy(
    line: str, moves: list[str], rules: Rules | None
) -> None:
    game = Game.from_position(line, rules=rules)
    for move in moves:
        game.play(move)
    result = review(game, 1, progress=False)
    (turn,) = result.turns
    assert (turn.verdict, turn.shed) == ("inaccuracy", turn.best_shed)
    assert turn.credit == turn.best_shed - 0.5
    assert result.accuracy == (turn.best_shed - 0.5) / turn.best_shed < 1.0
    assert f"accuracy {result.accuracy:.0%}" in result.summary()
    assert "half a card short" in result.summary()  # the summary says why it is not 100%


def test_accuracy_is_full_only_when_every_turn_is_best() -> None:
    seen = 0
    for game in mixed_games(12, seed=4):
        for player in (1, 2):
            result = review(game, player, progress=False)
            assert (result.accuracy == 1.0) == (not result.to_learn), result.summary()
            seen += sum(1 for turn in result.to_learn if turn.tie_lost)
    assert seen  # a turn lost on a tie-break was met, so the check bites


def test_practice_can_take_the_inaccuracies_that_shed_a_card_too_few() -> None:
    for game in mixed_games(6, seed=4):
        result = review(game, 1, progress=False)
        short = [t for t in result.turns if t.verdict == "inaccuracy" and t.shed < t.best_shed]
        if not short or not result.mistakes:
            continue
        only = Lesson.from_review(result)
        both = Lesson.from_review(result, inaccuracies=True)
        assert len(both.steps) > len(only.steps)
        return
    pytest.fail("no game with both mistakes and inaccuracies")


def test_a_turn_still_being_played_is_not_reviewed_yet() -> None:
    game = Game.from_position(LINE_4D)
    game.play("6c>W")
    assert review(game, 1, progress=False).turns == ()
    for move in ("W>N", "draw"):
        game.play(move)
    (turn,) = review(game, 1, progress=False).turns
    assert turn.shed == 1
    assert turn.verdict == "blunder"
    assert turn.best_shed == 3
    assert turn.missed_out


def test_the_analysis_never_imports_a_higher_layer() -> None:
    """Analysis sits below lessons, the table and the widget: no module of it imports them, not
    even inside a function (the practice lesson is built by ``Lesson.from_review``)."""
    package = pathlib.Path(review.__code__.co_filename).parent
    root = package.parent.parent
    higher = (
        "kingscorner_widget.lessons",
        "kingscorner_widget.table",
        "kingscorner_widget.widget",
    )
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts  # ("kingscorner_widget", ...)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = parts[: len(parts) - node.level] if node.level else ()
                names = [".".join([*base, *([node.module] if node.module else [])])]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found += [(path.name, name) for name in names if name.startswith(higher)]
    assert found == []
