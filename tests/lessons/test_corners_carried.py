"""A king the learner placed stays where they put it: a next step that continues the table is
shown with its corners relabelled to the learner's choice (its position, expected moves and
words); a step with a table of its own is shown as the lesson writes it."""

from __future__ import annotations

from kingscorner_widget.engine.spaces import Space
from kingscorner_widget.lessons import Lesson, LessonRun, load_lesson
from kingscorner_widget.lessons.corners import IDENTITY, placement, relabel_text, swapped

FIRST = "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:KsQh P2:?7 stock:39 turn:P1"
SECOND = "N:Jc E:6h S:5s W:9d NE:Ks SE:- SW:- NW:- P1:Qh P2:?7 stock:39 turn:P1"
KING_THEN_QUEEN = Lesson.from_dict(
    {
        "title": "A king, then its queen",
        "steps": [
            {
                "position": FIRST,
                "narration": "Put the king in any corner.",
                "expect": [["Ks>NE"], ["Ks>SE"], ["Ks>SW"], ["Ks>NW"]],
            },
            {
                "position": SECOND,
                "narration": "The **north-east corner** holds your king: build on it.",
                "expect": [["Qh>NE"]],
                "hints": ["The king in the north-east corner (NE) takes a red queen."],
                "after": "The NE corner now reads king, queen.",
            },
        ],
    }
)


def test_the_next_step_keeps_the_corner_the_learner_chose() -> None:
    run = LessonRun(KING_THEN_QUEEN)
    assert run.try_move("Ks>SW").step_done
    assert run.next()
    assert run.step.position == SECOND.replace("NE:Ks SE:- SW:-", "NE:- SE:- SW:Ks")
    assert run.game.position(player=1) == run.step.position
    assert run.step.expect == (("Qh>SW",),)
    assert run.step.narration == "The **south-west corner** holds your king: build on it."
    assert run.next_hint() == "The king in the south-west corner (SW) takes a red queen."
    assert run.next_hint() == "Play the queen of hearts onto the king of spades."
    assert [str(move) for move in run.show_me()] == ["Qh>SW"]
    assert run.try_move("Qh>NE").accepted is False  # the lesson's corner is empty on this table
    done = run.try_move("Qh>SW")
    assert done.accepted
    assert done.step_done
    assert done.message == "The SW corner now reads king, queen."
    assert run.lesson is KING_THEN_QUEEN  # the lesson itself is unchanged


def test_the_lessons_own_corner_changes_nothing() -> None:
    run = LessonRun(KING_THEN_QUEEN)
    run.try_move("Ks>NE")
    run.next()
    assert run.step is KING_THEN_QUEEN.steps[1]


def test_a_step_with_a_table_of_its_own_is_shown_as_the_lesson_writes_it() -> None:
    ace = load_lesson("ace")
    run = LessonRun(ace)
    for move in ace.steps[0].expect[0]:
        run.try_move(move)
    run.next()
    assert run.step is ace.steps[1]


def test_going_back_and_choosing_again_moves_the_king_with_the_new_choice() -> None:
    run = LessonRun(KING_THEN_QUEEN)
    run.try_move("Ks>SW")
    run.next()
    run.back()
    assert run.step is KING_THEN_QUEEN.steps[0]
    run.try_move("Ks>NW")
    run.next()
    assert "NW:Ks" in run.step.position
    assert run.step.expect == (("Qh>NW",),)


def test_placement_reads_only_a_corner_relabelling() -> None:
    ours = SECOND
    assert placement(ours, ours) == IDENTITY
    assert placement(ours, ours.replace("NE:Ks SE:-", "NE:- SE:Ks")) == swapped(Space.NE, Space.SE)
    assert placement(ours, ours.replace("?7 stock:39", "?8 stock:38")) is None


def test_corner_words_keep_their_case() -> None:
    swap = swapped(Space.NE, Space.SW)
    assert relabel_text("North-east (NE), ne, SE and south-west.", swap) == (
        "South-west (SW), sw, SE and north-east."
    )
