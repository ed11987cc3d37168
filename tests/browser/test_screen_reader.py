"""A screen reader can play a whole hand: keys alone, and the table's live log, turn by turn.

The learner never touches the mouse. Each line the table's live log adds (what a screen reader
reads out, ``[data-announce]``) is recorded in the page as it comes. Turn by turn the test checks
what the learner hears against Python: picking a card says where it fits, in the snapshot's own
words; a hint and a refused move are said; every move the computer made since the learner's last
turn is said once, in the order it was made; the end of the hand says the outcome and the score
row; and Review (its key, R) keeps the focus in the table, on the review.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from kingscorner_widget.engine.words import sentence
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import NotebookPage
from tests.browser.test_widget import IMPORTS, table

PAD = {"NW": "7", "N": "8", "NE": "9", "W": "4", "E": "6", "SW": "1", "S": "2", "SE": "3"}

HEAR_JS = """(root) => {
    window.kcwHeard = [];
    const log = root.querySelector('[data-announce]');
    new MutationObserver((changes) => {
        for (const change of changes)
            for (const node of change.addedNodes) window.kcwHeard.push(node.textContent);
    }).observe(log, {childList: true});
}"""

READY_JS = """(root) => root.querySelector('[data-summary]') !== null
    || root.querySelector("[data-action='draw']:not([aria-disabled='true'])") !== null"""

FOCUSED_JS = "(root) => root.contains(document.activeElement)"


def python(opened: NotebookPage, expression: str) -> Any:
    """What Python says ``expression`` is. Asking runs a new cell, which takes the focus: it
    goes back where the learner had it (the test's asking is no part of the learner's keys)."""
    page = opened.page
    page.evaluate("() => { window.kcwFocus = document.activeElement; }")
    value = opened.json(expression)
    page.evaluate("() => window.kcwFocus.focus()")
    assert page.evaluate("() => document.activeElement === window.kcwFocus")
    return value


def heard(page: Page) -> list[str]:
    lines: list[str] = page.evaluate("() => [...window.kcwHeard]")
    return lines


def wait_heard(page: Page, count: int) -> list[str]:
    """The lines heard so far, once there are more than ``count``."""
    page.wait_for_function(f"() => window.kcwHeard.length > {count}")
    return heard(page)


def said_in_order(lines: list[str], wanted: list[str]) -> None:
    """Each of ``wanted`` begins exactly one of ``lines``, in the same order."""
    at = 0
    for want in wanted:
        starts = [i for i, line in enumerate(lines) if line.startswith(want)]
        assert len(starts) == 1, f"{want!r} was said {len(starts)} times:\n" + "\n".join(lines)
        assert starts[0] >= at, f"{want!r} came out of order:\n" + "\n".join(lines)
        at = starts[0]


def to_hand(page: Page, root: Locator, index: int) -> int:
    """Move the focus to the ``index``-th card of the hand with the arrows; the keys pressed."""
    keys = 0
    while not root.evaluate(
        "(r) => document.activeElement?.closest('[data-hand]') !== null && r.contains("
        "document.activeElement)"
    ):
        page.keyboard.press("ArrowDown")
        keys += 1
        assert keys < 6, "the arrows never reached the hand"
    at = root.evaluate(
        "(r) => [...r.querySelectorAll('[data-hand] [data-card]')].indexOf(document.activeElement)"
    )
    step = "ArrowRight" if index > at else "ArrowLeft"
    for _ in range(abs(index - at)):
        page.keyboard.press(step)
        keys += 1
    return keys


def test_a_whole_hand_by_keys_alone_is_heard_turn_by_turn(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, "w = KingsCornerWidget(players=2, seed=5, speed=0)\nw"])
    widget = table(opened)
    root = widget.locator(".kcw-table")
    page.evaluate(HEAR_JS, root.element_handle())
    widget.locator("[data-hand] [data-card]").first.focus()
    plays: list[int] = []  # key presses for each card played
    ends = 0  # turns ended with D
    logged = 0  # log entries checked so far
    since = 0  # the lines heard before the learner's last move
    turn = 0
    while True:
        page.wait_for_function(READY_JS, arg=root.element_handle(), timeout=30_000)
        assert root.evaluate(FOCUSED_JS), "the focus left the table"
        state: dict[str, Any] = python(
            opened,
            "{'legal': w.legal, 'fits': w.snapshot['fits'], 'over': w.game.is_over(),"
            " 'hand': (w.snapshot['hands'][0]['cards'] or []),"
            " 'log': [(e['player'], e['words']) for e in w.session.history.log()],"
            " 'status': w.status}",
        )
        lines = heard(page)
        # Everything the computer did since the learner's last move, once each, in order.
        computer = [sentence(words) for player, words in state["log"][logged:] if player != 1]
        said_in_order(lines[since:], computer)
        logged = len(state["log"])
        if state["over"]:
            break
        turn += 1
        if turn == 1:
            # A hint, asked for by its key, is said.
            count = len(lines)
            page.keyboard.press("h")
            assert wait_heard(page, count)[count].startswith("Hint")
        moves = [m for m in state["legal"] if ">" in m and m.split(">")[0] in state["hand"]]
        if not moves:
            since = len(heard(page))
            page.keyboard.press("d")
            ends += 1
            wait_heard(page, since)
            continue
        card, target = moves[0].split(">")
        keys = to_hand(page, root, state["hand"].index(card))
        count = len(heard(page))
        page.keyboard.press("Enter")
        keys += 1
        # Picking a card up says where it fits, in Python's words (the snapshot's).
        assert wait_heard(page, count)[count].startswith(state["fits"][card]), heard(page)[count]
        if turn == 1:
            # A refused move is said too: the card put on a pile it does not fit.
            wrong = next(s for s in PAD if not any(m == f"{card}>{s}" for m in state["legal"]))
            count = len(heard(page))
            page.keyboard.press(PAD[wrong])
            refusal = wait_heard(page, count)[count]
            assert refusal == python(opened, "w.status"), refusal
            page.keyboard.press("Escape")  # nothing is picked up now: Escape would leave
            assert not root.evaluate(FOCUSED_JS)
            keys = to_hand_from_outside(page, root, state["hand"].index(card))
            page.keyboard.press("Enter")
            keys += 1
        since = len(heard(page))
        page.keyboard.press(PAD[target])
        keys += 1
        plays.append(keys)
        assert wait_heard(page, since)[since].startswith("You play"), heard(page)[since]
    lines = heard(page)
    summary = python(opened, "w.snapshot['summary']")
    assert any(summary["said"] == line for line in lines), lines[-5:]
    assert any(line.startswith(state["status"]) for line in lines[-4:]), lines[-5:]
    # Review has its key; the focus stays in the table, on the review it opened.
    count = len(lines)
    page.keyboard.press("r")
    expect(root.locator("[data-review]")).to_be_visible()
    page.wait_for_function(
        "(r) => r.querySelector('[data-review]') === document.activeElement",
        arg=root.element_handle(),
    )
    assert wait_heard(page, count)[count].startswith("Turn 1 of"), heard(page)[count:]
    screenshot(widget, "screen-reader-hand-review")
    print(
        f"\nby keys alone: {len(plays)} cards played, key presses per card {plays}"
        f" (mean {sum(plays) / max(1, len(plays)):.1f}), {ends} turns ended with D;"
        f" {len(lines)} lines heard"
    )


def to_hand_from_outside(page: Page, root: Locator, index: int) -> int:
    """Back into the table from the notebook, as a learner does: Enter on the cell's output is
    not a key of ours, so the focus is given to the hand's first card (a Tab into the table),
    then the arrows; the keys pressed."""
    root.locator("[data-hand] [data-card]").first.focus()
    return 1 + to_hand(page, root, index)
