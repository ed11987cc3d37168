"""A lesson for every house rule, each on a table the engine plays under that rule, and what each
lesson says checked against the engine; a lesson started under a class's own rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kingscorner_widget import Count, Game, MatchEnd, Rules
from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.rules import DrawTiming
from kingscorner_widget.lessons import LessonRun, load_lesson, under_rules
from kingscorner_widget.table import LessonSession

OPTIONS: dict[str, Callable[[Rules], bool]] = {
    "draw-first": lambda r: r.draw_timing is DrawTiming.START,
    "must-play": lambda r: r.must_play,
    "kings-first": lambda r: r.kings_first,
    "draw-until-fits": lambda r: r.draw_until_fits,
    "pictures-count": lambda r: r.count is Count.PICTURES,
    "heavy-count": lambda r: r.count is Count.HEAVY,
    "elimination": lambda r: r.match_end is MatchEnd.ELIMINATION,
    "corners-version": lambda r: r.corners_version,
}


def test_there_is_one_house_rule_lesson_per_rule_option_in_teaching_order() -> None:
    from kingscorner_widget.lessons import lesson_names

    house = [n for n in lesson_names() if load_lesson(n).title.startswith("House rule: ")]
    assert house == list(OPTIONS)
    assert len(house) == 8  # draw first, must play, kings first, draw until it fits, two counts,
    # elimination and the corners version
    for name in OPTIONS:  # each lesson's rules hold its own option and no other's
        rules = load_lesson(name).rules
        assert rules is not None, name  # a house-rule lesson is played under its own rules
        assert [other for other, test in OPTIONS.items() if test(rules)] == [name]


def step_game(name: str, number: int = 1) -> Game:
    lesson = load_lesson(name)
    return lesson.steps[number - 1].new_game(lesson.rules)


@pytest.mark.parametrize("name", OPTIONS)
def test_each_house_rule_has_a_lesson_played_under_it_to_the_end_at_the_table(name: str) -> None:
    lesson = load_lesson(name)
    for step in lesson.steps:
        assert OPTIONS[name](step.new_game(lesson.rules).rules), (name, step.title)
        assert step.interactive  # played, not only read
    session = LessonSession(name)
    while True:
        for move in session.run.show_me():
            assert not session.play(move).refused, (name, move)
        assert session.run.step_done
        if session.run.done:
            break
        assert not session.next().refused
    assert "That is the end of the lesson" in session.status("done")


def test_the_first_lesson_says_the_deal() -> None:
    first = load_lesson("moves").steps[0].narration
    assert "seven cards" in first
    assert "**cross**" in first
    assert "stock" in first


def test_draw_first_the_table_draws_and_the_turn_ends_with_pass() -> None:
    game = step_game("draw-first")
    assert [str(m) for m in game.legal_moves() if isinstance(m, EndTurn)] == ["pass"]
    sizes = game.hand_sizes()
    for move in ("Th>N", "4c>S", "pass"):
        game.play(move)
    assert game.hand_sizes() == (sizes[0] - 2, sizes[1] + 1)  # P2's turn began with a draw


def test_must_play_refuses_to_end_the_turn_while_a_card_fits() -> None:
    game = step_game("must-play")
    assert game.violation("draw") is not None
    for move in ("Th>N", "9s>N"):
        game.play(move)
    assert game.violation("draw") is None  # the four of diamonds fits nowhere
    assert [str(m) for m in game.legal_moves()] == ["draw"]


def test_kings_first_puts_the_king_before_anything_else() -> None:
    game = step_game("kings-first")
    assert game.violation("Th>N") is not None
    game.play("Ks>NE")
    assert game.violation("Th>N") is None


def test_draw_until_it_fits_draws_two_then_the_card_that_fits_must_go() -> None:
    game = step_game("draw-until-fits")
    before = len(game.hand(1))
    game.play("draw")
    assert len(game.hand(1)) == before + 2
    assert str(game.pending_card) == "4c"
    assert game.violation("draw") is not None
    game.play("4c>S")
    game.play("draw")
    assert game.turn == 2


@pytest.mark.parametrize(
    ("name", "shed", "kept"), [("pictures-count", "Qc", "4c"), ("heavy-count", "Ad", "3c")]
)
def test_each_count_sheds_the_card_that_costs_more(name: str, shed: str, kept: str) -> None:
    game = step_game(name)
    count = game.rules.count
    cards = {str(c): count.value_of(c) for c in game.hand(1)}
    assert cards[shed] > cards[kept]
    standard = Count.STANDARD
    assert standard.value_of(Card.parse(shed)) == standard.value_of(
        Card.parse(kept)
    )  # the rule decides
    plays = [str(m) for m in game.legal_moves() if not isinstance(m, EndTurn)]
    assert sorted(plays) == sorted([f"{shed}>W", f"{kept}>W"])  # only one can go, there
    game.play(f"{shed}>W")
    assert [str(m) for m in game.legal_moves()] == ["draw"]  # nothing follows it


def test_elimination_step_goes_out() -> None:
    run = LessonRun(load_lesson("elimination"))
    for move in run.show_me():
        run.try_move(move)
    assert run.game.is_over()
    assert run.game.outcome().went_out == 1  # type: ignore[union-attr]


def test_the_corners_version_keeps_the_finished_corner_and_empties_it() -> None:
    game = step_game("corners-version")
    game.play("Ad>NE")
    assert game.pile("NE") == ()
    assert len(game.kept(1)) == 13


def test_a_lesson_starts_under_the_class_rules_and_refuses_clearly() -> None:
    from kingscorner_widget import KingsCornerWidget

    heavy = Rules(count=Count.HEAVY, target=100)
    w = KingsCornerWidget(lesson="must-play", rules=heavy)
    assert w.lesson is not None
    rules = w.game.rules
    assert (rules.must_play, rules.count, rules.target) == (True, Count.HEAVY, 100)
    with pytest.raises(ValueError, match=r"cannot be played under these rules \(kings first\)"):
        KingsCornerWidget(lesson="worked-turn", rules=Rules(kings_first=True))
    with pytest.raises(ValueError, match=r"step 1 \(The ten on the jack\)"):
        under_rules("worked-turn", Rules(kings_first=True))


def test_every_built_in_lesson_runs_under_the_standard_rules_given_by_a_class() -> None:
    from kingscorner_widget.lessons import lesson_names

    for name in lesson_names():
        assert under_rules(name, Rules()).title == load_lesson(name).title
