"""The table a child reads, at a laptop's 1366x768 in JupyterLab: the whole message in the room
kept for it and no control covered, nothing lit as the next step while Show me plays its move,
the end-of-hand summary whole, and a finished lesson's stars and the course map in view.

Screenshots of lessons 01, 03 and 14 (their first step and their end, with the stars) and of
the course map are saved with the session's screenshots.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.test_widget import card_in_hand, pile, table

WIDE, TALL = 1366, 768

# Finds, in every built-in lesson, the step and the move whose refusal is the longest sentence
# the table says, and opens that step: the test plays the move by clicks.
LONGEST_REFUSAL = """
from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.lessons import LessonRun, lesson_names, load_lesson
from kingscorner_widget.engine.moves import PlayCard
from kingscorner_widget.table import LessonSession

found = (0, "", 0, "")
for name in lesson_names():
    s = LessonSession(name)
    for index in range(len(s.run.lesson.steps)):
        s.run.go_to(index)
        if s.game.turn != s.learner or not s.run.step.interactive:
            continue
        for move in s.game.legal_moves():
            if not isinstance(move, PlayCard):
                continue
            reply = s.act("play", move=str(move))
            if reply.refused and len(reply.status) > found[0]:
                found = (len(reply.status), name, index, str(move))
            elif not reply.refused:
                s.run.restart_step()
said, name, index, move = found
run = LessonRun(load_lesson(name))
run.go_to(index)
print("REFUSE", move)
w = KingsCornerWidget(lesson=run)
w
"""

# Every control drawn is the element at its own middle: nothing lies over it.
UNCOVERED_JS = """root => {
    const covered = [];
    for (const button of root.querySelectorAll('.kcw-controls [data-action]')) {
        const r = button.getBoundingClientRect();
        if (r.width === 0) continue;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !button.contains(hit)) covered.push(button.dataset.action);
    }
    const status = root.querySelector('[data-status]');
    const box = status.getBoundingClientRect();
    const controls = root.querySelector('.kcw-controls').getBoundingClientRect();
    return {
        covered,
        whole: status.scrollHeight <= status.clientHeight + 1,
        statusBottom: box.bottom, controlsTop: controls.top, bottom: controls.bottom,
        text: status.textContent, width: box.width, height: box.height,
        scroll: status.scrollHeight,
    };
}"""


def printed(page: Page, prefix: str) -> str:
    """What a cell printed after ``prefix`` on its line."""
    output = page.locator(".jp-OutputArea-output").filter(has_text=prefix).first
    expect(output).to_be_visible()
    found = re.search(rf"{prefix} (\S+)", output.inner_text())
    assert found, output.inner_text()
    return found.group(1)


def check_uncovered(widget: Locator) -> dict[str, object]:
    into_view(widget.locator(".kcw-controls"))
    seen: dict[str, object] = widget.evaluate(UNCOVERED_JS)
    assert seen["covered"] == [], seen
    assert float(str(seen["statusBottom"])) <= float(str(seen["controlsTop"])) + 0.5, seen
    return seen


def test_a_long_refusal_shows_whole_and_covers_no_control(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": WIDE, "height": TALL})
    opened = notebook([LONGEST_REFUSAL])
    widget = table(opened)
    move = printed(page, "REFUSE")
    card, space = move.split(">")
    into_view(widget.locator("[data-hand]"))
    before = check_uncovered(widget)
    card_in_hand(widget, card).click()
    pile(widget, space).click()
    status = widget.locator("[data-status]")
    expect(status).not_to_have_text(str(before["text"]))
    widget.hover(position={"x": 5, "y": 5})  # the pointer away: nothing opens on hover
    seen = check_uncovered(widget)
    print(f"refusal of {len(str(seen['text']))} characters:", seen)
    assert seen["whole"], f"the message is cut: {seen}"
    assert float(str(seen["scroll"])) > 2 * 1.35 * 16 - 1, (
        f"not a message of two lines or more: {seen}"
    )
    # Hovering over the message opens nothing over the buttons either.
    status.hover()
    check_uncovered(widget)
    assert float(str(seen["bottom"])) <= TALL, "the buttons are below the window's fold"
    screenshot(page, "child-long-refusal-1366x768")


def test_while_show_me_plays_nothing_else_is_lit_as_the_next_step(
    notebook: OpenNotebook, page: Page
) -> None:
    page.set_viewport_size({"width": WIDE, "height": TALL})
    opened = notebook(
        [
            "from kingscorner_widget import KingsCornerWidget\n"
            'w = KingsCornerWidget(lesson="worked-turn", speed=10)\nw'
        ]
    )
    widget = table(opened)
    widget.locator("[data-action='show']").click()
    expect(widget.locator("[data-hint]").first).to_be_visible()
    lit = widget.locator(".kcw-controls .kcw-primary")
    expect(lit).to_have_count(0)


def finish_lesson(name: str, slips: int = 0) -> str:
    """A cell that opens lesson ``name`` and plays it through as a learner would (``slips``
    hints first), so the table ends on the lesson's stars."""
    return (
        "from kingscorner_widget import KingsCornerWidget\n"
        f'w = KingsCornerWidget(lesson="{name}")\n'
        "s = w.table.session\n"
        f"for _ in range({slips}):\n"
        '    w.table.act("hint")\n'
        "while not s.run.done:\n"
        "    if s.run.step_done:\n"
        '        w.table.act("next")\n'
        "        continue\n"
        "    move = str(s.run.show_me()[0])\n"
        '    w.draw() if move in ("draw", "pass") else w.play(move)\n'
        "w"
    )


def test_lessons_show_their_stars_at_the_end_and_the_summary_whole(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": WIDE, "height": TALL})
    for number, name in (("01", "moves"), ("03", "pile-transfer"), ("14", "draw-until-fits")):
        opened = notebook(
            [
                "from kingscorner_widget import KingsCornerWidget\n"
                f'KingsCornerWidget(lesson="{name}")'
            ]
        )
        widget = table(opened)
        into_view(widget.locator(".kcw-controls"))
        check_uncovered(widget)
        screenshot(page, f"child-lesson-{number}-start-1366x768")
    opened = notebook([finish_lesson("worked-turn", slips=2)])
    widget = table(opened)
    stars = widget.locator(".kcw-stars")
    expect(stars).to_be_visible()
    into_view(stars)
    said = widget.locator(".kcw-stars-said").inner_text()
    assert re.fullmatch(r"You earned (all 3|[0-3] of 3) stars for this lesson\..*", said), said
    # The end-of-hand summary beside the lesson shows whole: every row of it, none cut.
    summary = widget.locator(".kcw-side > .kcw-summary")
    expect(summary).to_have_count(1)  # the lesson ends as the learner goes out
    room = summary.evaluate("el => ({inner: el.scrollHeight, shown: el.clientHeight})")
    assert room["inner"] <= room["shown"] + 1, room
    screenshot(page, "child-lesson-02-end-stars-1366x768")
    for number, name in (("01", "moves"), ("03", "pile-transfer"), ("14", "draw-until-fits")):
        opened = notebook([finish_lesson(name)])
        widget = table(opened)
        expect(widget.locator(".kcw-stars")).to_have_attribute("data-stars", "3")
        into_view(widget.locator(".kcw-stars"))
        check_uncovered(widget)
        screenshot(page, f"child-lesson-{number}-end-1366x768")


def test_the_course_map_shows_the_stars_earned_and_the_next_lesson(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": WIDE, "height": TALL})
    cells = [
        "import tempfile\n"
        "from kingscorner_widget import KingsCornerWidget, course_map\n"
        "folder = tempfile.mkdtemp()\n"
        + finish_lesson("moves").replace(
            'KingsCornerWidget(lesson="moves")',
            'KingsCornerWidget(lesson="moves", learner="sam", progress_dir=folder)',
        )
        + "\nw.record.flush()",
        'course_map(learner="sam", progress_dir=folder)',
    ]
    opened = notebook(cells)
    rows = opened.page.locator("tr[data-course]")
    expect(rows.first).to_be_visible()
    expect(opened.page.locator("tr[data-course='done']")).to_have_count(1)
    expect(opened.page.locator("tr[data-course='done']")).to_contain_text("3 of 3")
    expect(opened.page.locator("tr[data-course='next']")).to_contain_text("A worked turn")
    into_view(opened.page.locator("tr[data-course='next']"))
    screenshot(page, "child-course-map-1366x768")


def test_a_homework_table_lists_its_items(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": WIDE, "height": TALL})
    opened = notebook(
        [
            "from kingscorner_widget import Homework, KingsCornerWidget\n"
            'week3 = Homework(title="Week 3", lessons=["worked-turn", "pile-transfer"], '
            "puzzles=2, seed=3)\n"
            "KingsCornerWidget(homework=week3)"
        ]
    )
    widget = table(opened)
    items = widget.locator(".kcw-parts li")
    expect(items).to_have_count(4)
    expect(items.nth(0)).to_have_text("A worked turn")
    expect(items.nth(1)).to_have_text("The pile-transfer combo")
    expect(widget.locator(".kcw-parts [aria-current='step']")).to_have_text("A worked turn")
    into_view(widget.locator(".kcw-parts"))
    check_uncovered(widget)
    screenshot(page, "child-homework-items-1366x768")
