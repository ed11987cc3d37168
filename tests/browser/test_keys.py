"""Keys stay in the table: while the focus is inside a table, no key reaches the notebook.

In JupyterLab 4 and Notebook 7, a notebook in command mode takes single letters and digits as
commands (``x`` cuts a cell, ``m`` makes it Markdown, ``0 0`` restarts the kernel, ``a``/``b``
insert cells, ``j``/``k`` move between them) and Ctrl+Enter re-runs a cell. The test focuses
every focusable part of each table (play, a lesson, explore, a review), presses every letter,
every digit and the usual notebook shortcuts there, and asserts that the notebook's cells, their
types and sources, their run counts, the active cell and the kernel are all as they were, that
no dialog opened, and that the focus never left the table. Escape then hands the focus back to
the notebook.
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook
from tests.browser.jupyter_server import App, NotebookPage
from tests.browser.test_widget import IMPORTS

FINISHED = (
    "review = KingsCornerWidget(players=2, seed=11, speed=0)\n"
    "review.skip()\n"
    "while not review.game.is_over():\n"
    "    review.play(review.legal[0]); review.skip()\n"
    'review.mode = "review"\n'
    "review"
)
CELLS = [
    IMPORTS,
    "play = KingsCornerWidget(players=3, seed=11, speed=0)\nplay",
    'lesson = KingsCornerWidget(lesson="stock-and-blocked")\nlesson',
    'explore = KingsCornerWidget(players=2, seed=4, mode="explore")\nexplore',
    FINISHED,
]

SHORTCUTS = [
    "Shift+Enter",
    "Control+Enter",
    "Alt+Enter",
    "Shift+M",
    "Shift+J",
    "Shift+K",
    "Shift+ArrowDown",
    "Shift+ArrowUp",
    "Shift+L",
    "Control+S",
    "Control+Z",
    "Control+Shift+Z",
    "Control+C",
    "Control+X",
    "Control+V",
    "Control+B",
    "Control+Shift+C",
    "Control+Shift+Minus",
]
KEYS = [*string.ascii_lowercase, *string.digits, *SHORTCUTS]
"""Every letter, every digit and the notebook's usual shortcuts (Escape is tested apart; Tab
and Shift+Tab leave the table, as they must: no keyboard trap)."""

NOTEBOOK_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = [...panel.content.model.cells].map(c => [
        c.type, c.sharedModel.getSource(), c.sharedModel.execution_count ?? null]);
    const kernel = panel.sessionContext.session?.kernel;
    return {
        cells,
        kernel: kernel?.id ?? null,
        restarts: window.kcwRestarts ?? 0,
        dialogs: document.querySelectorAll('.jp-Dialog, .lm-CommandPalette:not(.lm-mod-hidden)')
            .length,
    };
}"""

WATCH_KERNEL_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    window.kcwRestarts = 0;
    const count = (_, status) => {
        if (status === 'restarting' || status === 'autorestarting') window.kcwRestarts += 1;
    };
    panel.sessionContext.statusChanged.connect(count);
    panel.sessionContext.kernelChanged.connect(() => { window.kcwRestarts += 1; });
}"""

FOCUSABLE = "button, input, [tabindex]:not([tabindex='-1'])"

# One part of each kind: each control by its action, a card of a hand, a pile, a jump in explore's
# lines, the log, the status line... (the seven cards of one hand take the same keys).
FOCUS_JS = """([root, index, selector]) => {
    const kind = (el) => [el.tagName, el.dataset.action ?? '', el.dataset.pile ? 'pile' : '',
        el.dataset.card ? (el.closest('[data-hand]') ? 'hand' : 'card') : '',
        el.classList[0] ?? ''].join('/');
    const seen = new Set();
    const parts = [...root.querySelectorAll(selector)].filter(el => {
        if (!el.getClientRects().length || seen.has(kind(el))) return false;
        seen.add(kind(el));
        return true;
    });
    const part = parts[index];
    if (!part) return null;
    part.focus();
    const panel = window.jupyterapp.shell.currentWidget;
    return {
        count: parts.length,
        name: part.dataset.action || part.dataset.pile || part.dataset.card || part.className,
        active: panel.content.activeCellIndex,
        focused: document.activeElement === part,
    };
}"""

INSIDE_JS = """([root]) => {
    const panel = window.jupyterapp.shell.currentWidget;
    return {inside: root.contains(document.activeElement),
            active: panel.content.activeCellIndex,
            mode: panel.content.mode};
}"""

# What happens while the keys are pressed, recorded in the page: the focus going anywhere out of
# the table, and the notebook's active cell changing.
WATCH_FOCUS_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    window.kcwLeft = [];
    document.addEventListener('focusin', (event) => {
        if (!event.target.closest?.('.kcw-table'))
            window.kcwLeft.push(`focus went to ${event.target.tagName}.${event.target.className}`);
    }, true);
    panel.content.activeCellChanged.connect(() => {
        window.kcwLeft.push(`the active cell became ${panel.content.activeCellIndex}`);
    });
}"""
LEFT_JS = """([root]) => {
    const left = window.kcwLeft.splice(0);
    if (!root.contains(document.activeElement)) left.push('the focus is out of the table');
    return left;
}"""


def notebook_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(NOTEBOOK_JS)
    return state


def press_everywhere(page: Page, root: Locator) -> tuple[int, list[str]]:
    """Press every key on every focusable part of the table ``root``; return how many presses
    and what left the table meanwhile (the focus, the notebook's active cell)."""
    handle = root.element_handle()
    presses, faults = 0, []
    index = 0
    while True:
        part = page.evaluate(FOCUS_JS, [handle, index, FOCUSABLE])
        if part is None:
            break
        page.evaluate(LEFT_JS, [handle])  # focusing the part may make its cell the active one
        for key in KEYS:
            page.keyboard.press(key)
        presses += len(KEYS)
        faults += [f"on {part['name']}: {left}" for left in page.evaluate(LEFT_JS, [handle])]
        index += 1
    # F (Present) filled the screen with this table: leave, as a learner would, for the next.
    if root.evaluate("t => t.classList.contains('kcw-present')"):
        root.locator("[data-action='present']").click()
        expect(root).not_to_have_class(re.compile("kcw-present"))
    return presses, faults


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_no_key_on_the_table_reaches_the_notebook(
    notebook: OpenNotebook, page: Page, app: App
) -> None:
    opened = notebook(CELLS, app=app)
    tables = [opened.widget(i) for i in range(4)]
    for widget in tables:
        expect(widget.locator("[data-pile='N']")).to_be_visible()
    escape_hands_the_focus_back(opened, tables[1])
    page.evaluate(WATCH_KERNEL_JS)
    page.evaluate(WATCH_FOCUS_JS)
    before = notebook_state(page)
    report: dict[str, int] = {}
    for widget in tables:
        root = widget.locator(".kcw-table")
        presses, faults = press_everywhere(page, root)
        mode = root.evaluate("t => t.querySelector('.kcw-title').textContent")
        report[mode] = presses
        assert not faults, f"keys left the table {mode!r}:\n" + "\n".join(faults[:20])
        assert notebook_state(page) == before, f"the notebook changed on the table {mode!r}"
    print(f"\nkey presses per table ({app}): {report}")


def escape_hands_the_focus_back(opened: NotebookPage, widget: Locator) -> None:
    """Escape with nothing picked up leaves the table for its notebook cell, in command mode:
    the notebook's own keys work again from there."""
    page = opened.page
    card = widget.locator("[data-hand] [data-card]").first
    card.focus()
    page.keyboard.press("Enter")  # pick it up: the first Escape puts it back
    expect(widget.locator("[data-hand] .kcw-selected")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(widget.locator("[data-hand] .kcw-selected")).to_have_count(0)
    assert widget.evaluate("w => w.contains(document.activeElement)")
    page.keyboard.press("Escape")
    root = widget.locator(".kcw-table").element_handle()
    where = page.evaluate(INSIDE_JS, [root])
    assert not where["inside"], where
    assert where["mode"] == "command", where
    focused = page.evaluate(
        "() => document.activeElement.closest('.jp-Notebook, .jp-Cell') !== null"
    )
    assert focused, "Escape left the focus outside the notebook"
