"""Every house-rule lesson, one per rule option, finished by clicks in a real JupyterLab: each
step's first expected turn played card by card (or pile by pile) on the page, under the lesson's
own rules, until the table says the lesson is over and Python agrees."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from kingscorner_widget import Rules
from kingscorner_widget.engine.moves import EndTurn, parse_move
from kingscorner_widget.lessons import Step, lesson_names, load_lesson
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.test_classroom import click_move
from tests.browser.test_widget import IMPORTS

HOUSE_RULES = [n for n in lesson_names() if load_lesson(n).title.startswith("House rule: ")]

TABLES = f"""from IPython.display import display
names = {HOUSE_RULES!r}
tables = [KingsCornerWidget(lesson=name, speed=0) for name in names]
display(*tables)"""


def play_turn(widget: Locator, step: Step, rules: Rules | None) -> None:
    """The step's first expected sequence by clicks: the learner's own moves only, a card (or a
    pile) then its target, Draw or Pass to end a turn; the lesson plays the other seats'."""
    game = step.new_game(rules)
    for text in step.expect[0]:
        mine = game.turn == step.learner
        game.play(text)
        if not mine:
            continue
        if isinstance(parse_move(text), EndTurn):
            end_turn = widget.locator("[data-action='draw']")
            expect(end_turn).to_be_enabled()
            end_turn.click()
        else:
            click_move(widget, text)


def test_every_house_rule_lesson_finishes_by_clicks(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    assert len(HOUSE_RULES) == 8  # one lesson per rule option (the two counts apart)
    opened = notebook([IMPORTS, TABLES])
    for index, name in enumerate(HOUSE_RULES):
        lesson = load_lesson(name)
        widget = opened.widget(index)
        widget.scroll_into_view_if_needed()
        progress = widget.locator(".kcw-progress").first
        status = widget.locator("[data-status]")
        for number, step in enumerate(lesson.steps, start=1):
            if number > 1:
                widget.locator("[data-action='next']").click()
            expect(progress).to_contain_text(f"Step {number} of {len(lesson.steps)}")
            play_turn(widget, step, lesson.rules)
            if number < len(lesson.steps):
                expect(status).to_contain_text("Press Next to go on.")
        expect(status).to_contain_text("That is the end of the lesson")
        assert opened.json(f"tables[{index}].snapshot['lesson']['done']") is True, name
        assert opened.json(f"tables[{index}].snapshot['refusal']") is None, name
        if index == len(HOUSE_RULES) - 1:
            screenshot(widget, "house-rule-lesson-end")
