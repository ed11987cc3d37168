"""What a teacher needs, in a real JupyterLab at 1366 by 768: the end-of-hand summary on the felt,
every hand revealed once the hand is over (never during it), New match asking on the table
before it throws a match away, and a lesson's Show me playing one move a click with its hint lit
up on the table."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from kingscorner_widget.engine.outcome import Outcome
from kingscorner_widget.engine.words import count_words, hand_end_reason
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.test_widget import IMPORTS, table

# Seed 6, two players, the viewer always playing the engine's first legal move: the viewer goes
# out and P2 is left holding 4 cards (checked by the first assertions below).
PLAY = 'w = KingsCornerWidget(players=2, seed=6, speed=0, opponents="greedy", teacher=True)\nw'
FINISH = """while not w.game.is_over():
    w.skip() if w.waiting is not None else w.play(w.legal[0])
print(len(w.game.hand(1)), len(w.game.hand(2)))"""


def test_the_summary_reveal_and_new_match_asking_first(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, PLAY])
    widget = table(opened)
    expect(widget.locator("[data-action='reveal']")).to_have_count(0)  # no peeking in a hand
    expect(widget.locator("[data-summary]")).to_have_count(0)
    assert opened.run_code(FINISH).split() == ["0", "4"]

    summary = widget.locator("[data-summary]")
    expect(summary).to_be_visible()
    assert opened.json("w.game.outcome().went_out") == 1
    ended = hand_end_reason(
        Outcome("out", 1, (1,), (0, 4), (0, 0)), {1: "You", 2: "P2"}.__getitem__
    )
    expect(summary).to_contain_text(ended)  # the words' reason for the hand the viewer won
    rows = summary.locator(".kcw-summary-hands tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("[data-card]")).to_have_count(4)
    expect(rows.nth(1)).to_contain_text(count_words(4))
    points = opened.json("list(w.match.sheet[-1].points)")
    expect(summary.locator(".kcw-summary-row tbody tr").first).to_have_text(
        f"Hand 1{points[0]}{points[1]}"
    )
    screenshot(widget, "teacher-1-summary")

    summary.locator("[data-action='summary']").click()
    expect(summary).to_have_count(0)
    reveal = widget.locator("[data-action='reveal']")
    expect(reveal).to_have_text("Show all hands")
    reveal.click()
    seat = widget.locator("[data-player='2']")
    expect(seat.locator("[data-card]")).to_have_count(4)
    shown = seat.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(opened.json("[str(c) for c in w.game.hand(2)]"))
    expect(reveal).to_have_text("Hide hands")
    screenshot(widget, "teacher-2-revealed")

    match = opened.value("id(w.match)")
    widget.locator("[data-action='new']").click()
    question = widget.locator("[data-confirm]")
    expect(question).to_contain_text(
        "Start a new match? That throws away the match in progress (1 hand scored)."
    )
    expect(question.locator("[data-action='cancel']")).to_be_focused()
    screenshot(widget, "teacher-3-confirm")
    question.locator("[data-action='cancel']").click()
    expect(question).to_have_count(0)
    assert opened.value("id(w.match)") == match
    widget.locator("[data-action='new']").click()
    widget.locator("[data-confirm] [data-action='confirm']").click()
    expect(widget.locator("[data-confirm]")).to_have_count(0)
    expect(widget.locator("[data-status]")).to_contain_text("A new match to 25 points.")
    assert opened.value("id(w.match)") != match
    assert opened.json("[w.match.hand_number, len(w.game.moves)]") == [1, 0]
    expect(widget.locator("[data-action='reveal']")).to_have_count(0)


LESSON = """from kingscorner_widget.lessons import LessonRun, load_lesson
w = KingsCornerWidget(lesson=LessonRun(load_lesson("pile-transfer"), start=4), teacher=True)
w"""


def test_a_lesson_shows_one_move_a_click_and_lights_its_hint(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, LESSON])
    widget = table(opened)
    status = widget.locator("[data-status]")
    next_step = widget.locator("[data-action='next']")
    expect(next_step).to_have_count(0)  # the last step: Next lesson comes once it is done
    expected = opened.json("[str(m) for m in w.lesson.show_me()]")
    assert len(expected) >= 3

    widget.locator("[data-action='hint']").click()
    card = expected[0].split(">")[0]
    lit = widget.locator(".kcw-hinted")
    expect(lit.first).to_be_visible()
    hinted = lit.evaluate_all("els => els.map(e => e.dataset.card || e.dataset.pile)")
    assert card in hinted
    screenshot(widget, "teacher-4-lesson-hint")

    show = widget.locator("[data-action='show']")
    for done, _move in enumerate(expected[:-1], start=1):
        show.click()
        # Show me outlines the move first, then the table plays it after a beat.
        expect(status).to_contain_text("Watch: you ")
        expect(status).to_contain_text("Press Show me for the next")
        assert opened.json("[str(m) for m in w.game.moves]") == expected[:done]
        expect(next_step).to_have_count(0)
        if done == 1:
            screenshot(widget, "teacher-5-lesson-show-me")
    show.click()
    expect(status).to_contain_text("That is the end of the lesson")
    assert opened.json("[str(m) for m in w.game.moves]") == expected
    expect(widget.locator(".kcw-controls [data-action='new']")).to_have_text("Restart lesson")
    screenshot(widget, "teacher-6-lesson-done")
