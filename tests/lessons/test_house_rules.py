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
        while not session.run.step_done:  # the lesson plays the other seats' part itself
            move = session.run.show_me()[0]
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


def test_draw_until_it_fits_draws_three_then_the_card_that_fits_must_go() -> None:
    game = step_game("draw-until-fits")
    before = len(game.hand(1))
    game.play("draw")
    assert len(game.hand(1)) == before + 3  # several cards: the seven, the queen, the four
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


def test_the_corners_version_keeps_a_corner_finished_by_a_pile_move_and_empties_it() -> None:
    game = step_game("corners-version")
    game.play("W>NE")
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


# -- each house-rule lesson shows its rule at work, played through the table as by clicks --


def test_each_house_rule_lesson_has_three_to_five_steps() -> None:
    for name in OPTIONS:
        assert 3 <= len(load_lesson(name).steps) <= 5, name


def learner_plays(session: LessonSession, choose: Callable[[list[str]], str]) -> None:
    """Play the lesson to its end as a learner at the table would: on each of their turns a
    move the step accepts (``choose`` picks among them, by their notation), sent as the page
    sends a click; Next between steps."""
    while True:
        run = session.run
        while run.step.interactive and not run.step_done:
            accepted = [str(m) for m in run.game.legal_moves() if run.accepts(m)]
            assert accepted, (run.lesson.title, run.step.title)  # the goal can be met
            reply = session.act("play", move=choose(accepted))
            assert not reply.refused, (run.step.title, reply.status)
        if run.done:
            return
        assert not session.act("next").refused


@pytest.mark.parametrize("name", OPTIONS)
@pytest.mark.parametrize("pick", ["first", "last"])
def test_a_learner_meeting_each_goal_finishes_each_house_rule_lesson(name: str, pick: str) -> None:
    session = LessonSession(name)
    learner_plays(session, (lambda moves: moves[0]) if pick == "first" else (lambda m: m[-1]))
    assert session.run.done
    assert "That is the end of the lesson" in session.status("done")


def refused(session: LessonSession, move: str) -> str:
    before = session.game.position()
    reply = session.act("play", move=move)
    assert reply.refused, move
    assert session.game.position() == before  # a refusal changes nothing
    return reply.status


def played(run: LessonRun) -> Game:
    """The step's table once the learner has played its answer (the lesson plays the rest)."""
    while not run.step_done:
        assert run.try_move(run.show_me()[0]).accepted
    return run.game


def test_must_play_refuses_the_draw_while_a_card_fits() -> None:
    session = LessonSession("must-play")
    assert refused(session, "draw") == (
        "Must play: the ten of hearts can go on the north pile, so it must be played."
    )


def test_kings_first_refuses_another_card_and_the_draw_before_the_king() -> None:
    session = LessonSession("kings-first")
    said = "Kings first: put the king of spades in an empty corner before anything else."
    assert refused(session, "Th>N") == said
    for _ in range(2):
        assert not session.act("skip").refused
    assert refused(session, "draw") == said  # the king cannot be kept back either


def test_draw_until_it_fits_draws_several_cards_and_holds_the_turn_for_the_one_that_fits() -> None:
    session = LessonSession("draw-until-fits")
    held = len(session.game.hand(1))
    assert session.act("play", move="draw").status.startswith(
        "Yes: you drew 3 cards until one fitted: the four of clubs. It must be played now."
    )
    assert len(session.game.hand(1)) == held + 3
    assert refused(session, "draw") == (
        "Draw until it fits: play the four of clubs you drew before ending your turn."
    )


def test_draw_first_makes_the_learner_pass_and_starts_each_turn_with_a_draw() -> None:
    session = LessonSession("draw-first")
    buttons = {a["kind"]: a["label"] for a in session.snapshot(0)["actions"]}
    assert buttons["draw"] == "Pass"  # the button that ends the turn, as the hint says
    assert refused(session, "draw") == (
        "With the draw at the start of the turn, end your turn with pass."
    )
    assert not session.act("skip").refused
    held = len(session.game.hand(1))
    assert not session.act("play", move="pass").refused  # the lesson plays the other's turn
    assert session.game.turn == 1  # the other player has drawn, played and passed
    assert len(session.game.hand(1)) == held + 1  # the learner's next turn began with a draw
    assert not session.act("next").refused
    assert Card.parse("4s") in session.game.hand(1)  # the card step 3 says was drawn


@pytest.mark.parametrize(
    ("name", "theirs", "standard", "mine"),
    [("pictures-count", 16, 14, (3, 3)), ("heavy-count", 47, 13, (3, 13))],
)
def test_each_count_scores_a_real_hand(
    name: str, theirs: int, standard: int, mine: tuple[int, int]
) -> None:
    """Step 2: the other player's hand, as the after-text counts it; step 3: the learner's."""
    lesson = load_lesson(name)
    ends = []
    for number in (2, 3):
        ends.append(played(LessonRun(lesson, start=number - 1)))
    first, second = (game.outcome() for game in ends)
    assert first is not None
    assert second is not None
    assert first.penalties[1] == theirs
    assert sum(Count.STANDARD.value_of(card) for card in ends[0].hand(2)) == standard
    assert f"= {theirs} points" in lesson.steps[1].after
    assert f"charged them {standard}" in lesson.steps[1].after
    cards, points = mine
    assert (len(ends[1].hand(1)), second.penalties[0]) == (cards, points)
    assert f"{points} points" in lesson.steps[2].after


def test_an_elimination_match_puts_a_player_out_and_the_last_one_left_wins() -> None:
    from kingscorner_widget.engine.match import Match

    lesson = load_lesson("elimination")
    ends = []
    for number in (2, 3):
        ends.append(played(LessonRun(lesson, start=number - 1)))
    three = Match(ends[0].rules, first_hand=ends[0])
    three.totals = (20, 22, 10)  # the totals step 2 states
    three.score_hand()
    assert three.totals == (20, 25, 14)
    assert three.eliminated == [2]
    assert not three.is_over()
    two = Match(ends[1].rules, first_hand=ends[1])
    two.totals = (20, 14)  # the totals step 3 states
    two.score_hand()
    assert two.totals == (20, 25)
    assert two.eliminated == [2]
    assert two.is_over()
    assert two.winners() == (1,)


def test_a_corners_version_hand_is_played_to_its_end_and_won_on_corners() -> None:
    session = LessonSession("corners-version")
    learner_plays(session, lambda moves: moves[0])
    outcome = session.game.outcome()
    assert outcome is not None
    assert outcome.went_out == 1
    assert outcome.winners == (1,)
    assert outcome.corners == (2, 0)
    assert "two corners to none" in session.run.step.after
