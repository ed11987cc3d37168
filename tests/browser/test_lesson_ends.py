"""The end of every built-in lesson in a real JupyterLab, as a learner sees it: exactly one
enabled control moves on (Next lesson, or Restart after the last lesson), there is no second
Next that only refuses, and Draw and Hint are disabled with their reason. A learner's table shows
no teacher's control (and its keys do not reach them); a ``teacher=True`` table does."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, expect

from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.test_widget import IMPORTS

TABLES = """from IPython.display import display
from kingscorner_widget.lessons import lesson_names
names = lesson_names()
ends = []
for name in names:
    t = KingsCornerWidget(lesson=name, speed=0)
    while not t.snapshot["lesson"]["done"]:
        t.show_me() if not t.snapshot["lesson"]["stepDone"] else t.next_step()
    ends.append(t)
learner = KingsCornerWidget(lesson="moves", speed=0)
teacher = KingsCornerWidget(lesson="moves", speed=0, teacher=True)
display(*ends, learner, teacher)"""

MOVING_ON = {"next", "forward", "skip"}


def buttons(widget: Locator) -> list[dict[str, Any]]:
    """The toolbar as drawn: each button's kind, words, whether it is enabled and primary."""
    result: list[dict[str, Any]] = widget.locator(".kcw-controls [data-action]").evaluate_all(
        """els => els.map(b => ({
            kind: b.dataset.action,
            label: b.textContent,
            enabled: b.getAttribute('aria-disabled') !== 'true' && !b.disabled,
            primary: b.classList.contains('kcw-primary'),
            teacher: b.classList.contains('kcw-teacher'),
            why: b.getAttribute('aria-describedby')
                ? document.getElementById(b.getAttribute('aria-describedby')).textContent : null,
        }))"""
    )
    return result


def test_every_lesson_ends_with_one_way_on_and_teachers_controls_only_for_a_teacher(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, TABLES])
    names = opened.json("names")
    assert len(names) >= 10
    for index, name in enumerate(names):
        widget = opened.widget(index)
        expect(widget.locator(".kcw-progress").first).to_be_visible()
        drawn = buttons(widget)
        kinds = [b["kind"] for b in drawn]
        enabled = {b["kind"] for b in drawn if b["enabled"]}
        primary = [b["kind"] for b in drawn if b["primary"] and b["enabled"]]
        last = index == len(names) - 1
        assert primary == (["new"] if last else ["forward"]), (name, drawn)
        assert len(enabled & MOVING_ON) == (0 if last else 1), (name, drawn)
        assert "next" not in kinds, name  # no second Next that only refuses
        for kind in ("draw", "hint"):
            button = next(b for b in drawn if b["kind"] == kind)
            assert not button["enabled"], (name, button)
            assert button["why"], (name, button)
        assert not any(b["teacher"] for b in drawn), name
        # what Python lists is what the page draws
        listed = opened.json(f"[c['kind'] for c in ends[{index}].snapshot['actions']]")
        assert kinds == [*listed, "keys"], name
        if index == 0:
            into_view(widget)
            screenshot(widget, "lesson-end-moves")
        widget.locator(".kcw-primary").click()  # the one way on answers with no refusal
        expect(widget.locator(".kcw-progress").first).to_contain_text("Step 1 of")
        expect(widget.locator("[data-refusal]")).to_be_hidden()
        assert opened.json(f"ends[{index}].snapshot['refusal']") is None

    learner = opened.widget(len(names))
    teacher = opened.widget(len(names) + 1)
    expect(teacher.locator("[data-action='skip']")).to_have_text("Skip step")
    expect(teacher.locator("[data-action='reveal']")).to_have_text("Show all hands")
    expect(learner.locator(".kcw-controls [data-action]").first).to_be_visible()
    assert not any(b["teacher"] for b in buttons(learner))
    expect(learner.locator("[data-action='skip']")).to_have_count(0)
    expect(learner.locator("[data-action='reveal']")).to_have_count(0)
    learner.locator("[data-hand] [data-card]").first.focus()
    learner.locator("[data-hand] [data-card]").first.press("k")  # the teacher's key: nothing
    assert opened.json("learner.snapshot['lesson']['progress']")[0] == 1
    teacher.locator("[data-action='skip']").click()
    expect(teacher.locator(".kcw-progress").first).to_contain_text("Step 2 of")
    into_view(teacher)
    screenshot(teacher, "lesson-teacher-controls")
