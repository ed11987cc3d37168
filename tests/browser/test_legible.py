"""The table the class watches, in a real JupyterLab: legible from the back row, steady under the
pointer, crowded piles readable.

Presenting at 1280x720 to 3840x2160 with a finished hand's summary open, every text on the table
is at least a sixtieth of the window's height, and the whole summary and the last move are in
view together; the log follows the game after the window is resized; the toolbar keeps its place
and size while the computer players play; piles of thirteen on every space at 1366x768 keep every
rank readable and every label clear of its neighbours, and axe finds no contrast failure on them
in the dark theme. Screenshots of each are saved to look at.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from kingscorner_widget.engine.cards import DECK
from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.test_a11y import inject_axe, set_theme
from tests.browser.test_layout import sidebar
from tests.browser.test_projector import ranks_clear, settle
from tests.browser.test_widget import IMPORTS, table

PRESENT = re.compile(r"\bkcw-present\b")

# A four-player match whose first hand is played to its end from code (the viewer's turns by the
# best turn, the computers' by Skip): the summary, a long log and the score sheet are all shown.
FINISHED = """from kingscorner_widget.analysis import best_turn
w = KingsCornerWidget(mode="play", players=4, seed=3, speed=0)
while not w.game.is_over():
    if w.waiting is None:
        for move in best_turn(w.game).moves:
            w.play(move)
    else:
        w.skip()
w"""

TEXTS_JS = """(root) => {
    // Every text drawn on the table: each element with text of its own, shown (not hidden, not
    // of no size), with its font size in px.
    const table = root.querySelector('.kcw-table');
    const texts = [];
    for (const el of table.querySelectorAll('*')) {
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
        if (el.closest('[hidden]')) continue;
        const where = el.closest('.kcw-side') ? 'side' : el.closest('.kcw-felt') ? 'felt' : 'dock';
        texts.push({text: el.textContent.trim().slice(0, 30), size: parseFloat(style.fontSize),
                    where, cls: el.className || el.tagName});
    }
    return texts;
}"""

TOGETHER_JS = """(root) => {
    // The summary and the log's newest move, each wholly inside the window and inside the side
    // panel's shown part (it scrolls within), at once.
    const table = root.querySelector('.kcw-table');
    const side = table.querySelector('.kcw-side').getBoundingClientRect();
    const W = window.innerWidth, H = window.innerHeight;
    const within = (r, box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1
        && r.left >= box.left - 1 && r.right <= box.right + 1;
    const screen = {top: 0, left: 0, right: W, bottom: H};
    const summary = table.querySelector('[data-summary]').getBoundingClientRect();
    const log = table.querySelector('.kcw-log');
    const last = [...log.querySelectorAll('.kcw-moves li')].at(-1).getBoundingClientRect();
    const logBox = log.getBoundingClientRect();
    return {
        summary: within(summary, screen) && within(summary, side),
        last: within(last, screen) && within(last, side) && within(last, logBox),
        side: {top: side.top, bottom: side.bottom, width: side.width},
        lastBox: {top: last.top, bottom: last.bottom, left: last.left, right: last.right},
        logBox: {top: logBox.top, bottom: logBox.bottom, left: logBox.left, right: logBox.right},
        atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 8,
    };
}"""


def texts(widget: Locator) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = widget.evaluate(TEXTS_JS)
    return found


def present(widget: Locator, page: Page) -> None:
    widget.locator("[data-action='present']").click()
    expect(widget.locator(".kcw-table")).to_have_class(PRESENT)
    settle(page)
    page.wait_for_timeout(600)


def leave(widget: Locator, page: Page) -> None:
    page.keyboard.press("Escape")
    expect(widget.locator(".kcw-table")).not_to_have_class(PRESENT)
    page.wait_for_function("() => document.fullscreenElement === null")


def finished_hand(notebook: OpenNotebook, page: Page, width: int, height: int) -> Locator:
    """A table whose hand is over, its summary open, at ``width`` x ``height`` with JupyterLab's
    side bar closed, scrolled to the table's top."""
    page.set_viewport_size({"width": width, "height": height})
    widget = table(notebook([IMPORTS, FINISHED]))
    expect(widget.locator("[data-summary]")).to_contain_text("The hand is over")
    sidebar(page, open_=False)
    settle(page)
    widget.locator(".kcw-table").evaluate("t => t.scrollIntoView({block: 'start'})")
    return widget


def test_presenting_every_text_is_a_sixtieth_of_the_screen_with_the_summary_and_last_move_in_view(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    widget = finished_hand(notebook, page, 1366, 768)
    screenshot(page, "legible-summary-1366x768-desk")
    measured: dict[str, Any] = {}
    for width, height in [(1280, 720), (1920, 1080), (3840, 2160)]:
        name = f"{width}x{height}"
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        present(widget, page)
        found = texts(widget)
        together = widget.evaluate(TOGETHER_JS)
        screenshot(page, f"legible-summary-{name}-present")
        least = height / 60
        small = [t for t in found if t["size"] < least - 0.5]
        sizes = {
            where: min(t["size"] for t in found if t["where"] == where)
            for where in ("felt", "dock", "side")
        }
        measured[name] = {
            "least wanted": round(least, 1),
            "smallest": sizes,
            "side width": round(together["side"]["width"]),
        }
        leave(widget, page)
        assert not small, f"{name}: texts under {least:.1f} px: {small[:12]}"
        assert together["summary"], f"{name}: the summary is not wholly in view: {together}"
        assert together["last"], f"{name}: the newest move is not in view: {together}"
    print("text sizes presenting:", json.dumps(measured))


DESK_JS = """(root) => {
    // At a desk: where the notebook shows the table (its scrolling box), and the side panel's
    // parts in it.
    const table = root.querySelector('.kcw-table');
    let box = table.parentElement;
    const scrolls = (el) => /(auto|scroll)/.test(getComputedStyle(el).overflowY)
        && el.scrollHeight > el.clientHeight;
    while (box && !scrolls(box)) box = box.parentElement;
    const shown = box ? box.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
    const foot = Math.min(shown.bottom, window.innerHeight);
    const r = (el) => {
        const b = el.getBoundingClientRect();
        return {top: Math.round(b.top), bottom: Math.round(b.bottom)};
    };
    return {
        shown: {top: Math.round(shown.top), bottom: Math.round(foot)},
        table: r(table),
        main: r(table.querySelector('.kcw-main')),
        side: r(table.querySelector('.kcw-side')),
        summary: r(table.querySelector('[data-summary]')),
    };
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 720)])
def test_at_a_desk_the_summary_and_the_newest_move_show_together(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot, width: int, height: int
) -> None:
    widget = finished_hand(notebook, page, width, height)
    page.wait_for_timeout(300)
    together = widget.evaluate(TOGETHER_JS)
    desk = widget.evaluate(DESK_JS)
    found = texts(widget)
    screenshot(page, f"legible-summary-{width}x{height}-desk")
    sizes = {
        where: min(t["size"] for t in found if t["where"] == where)
        for where in ("felt", "dock", "side")
    }
    print(f"desk {width}x{height}: smallest text px {sizes}, {desk}")
    shown = desk["shown"]
    last = together["lastBox"]
    assert together["summary"], f"the summary is not wholly in view: {together}"
    assert together["last"], f"the newest move is not in the side panel's view: {together}"
    assert shown["top"] - 1 <= last["top"], (last, desk)
    assert last["bottom"] <= shown["bottom"] + 1, f"the newest move is below the fold: {desk}"
    assert together["atEnd"], together
    # the side panel runs no further down than the table beside it
    assert desk["side"]["bottom"] <= desk["main"]["bottom"] + 1, desk
    # the hand is over: the computers' Faster and Pause stay in their places, disabled, and say why
    why = "The hand is over: the computer players have nothing left to play."
    for kind, label in (("speed", "Faster"), ("pause", "Pause")):
        button = widget.locator(f".kcw-controls [data-action='{kind}']")
        expect(button).to_have_text(label)
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).to_have_attribute("title", re.compile(re.escape(why)))


# P2's five of clubs fits on the red six; the hand is long enough for several turns of play.
TURNS = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h9c P2:?7 P3:?7 P4:?7 stock:26 turn:P1"


def test_the_log_follows_the_game_after_the_window_is_resized_while_presenting(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    opened = notebook([IMPORTS, FINISHED.removesuffix("\nw") + "\nw.next_hand()\nw.speed = 0.3\nw"])
    widget = table(opened)
    sidebar(page, open_=False)
    present(widget, page)
    page.set_viewport_size({"width": 1920, "height": 1080})
    settle(page)
    log = widget.locator(".kcw-log")
    for _ in range(3):  # three turns of the viewer, each followed by the computers' turns
        draw = widget.locator("[data-action='draw']")
        expect(draw).not_to_have_attribute("aria-disabled", "true", timeout=30_000)
        draw.click()
        expect(draw).not_to_have_attribute("aria-disabled", "true", timeout=30_000)
        page.wait_for_timeout(500)
        seen = log.evaluate(
            """l => {
                const last = [...l.querySelectorAll('.kcw-moves li')].at(-1);
                const r = last.getBoundingClientRect(), box = l.getBoundingClientRect();
                return {atEnd: l.scrollTop + l.clientHeight >= l.scrollHeight - 8,
                        shown: r.top >= box.top - 2 && r.bottom <= box.bottom + 2,
                        overflows: l.scrollHeight > l.clientHeight + 8,
                        text: last.textContent};
            }"""
        )
        assert seen["atEnd"], f"the log stopped following the game: {seen}"
        assert seen["shown"], seen
        assert seen["overflows"], f"the log should be longer than its box: {seen}"
    screenshot(page, "legible-log-after-resize-1920x1080")
    leave(widget, page)


BUTTONS_JS = """(root) => {
    // Each button's place in the table (from the table's top-left corner) and its width.
    const table = root.querySelector('.kcw-table').getBoundingClientRect();
    const at = (r) => [Math.round(r.x - table.x), Math.round(r.y - table.y), Math.round(r.width)];
    const bar = root.querySelector('.kcw-controls').getBoundingClientRect();
    const buttons = {};
    for (const b of root.querySelectorAll('.kcw-controls [data-action]')) {
        buttons[b.dataset.action] = at(b.getBoundingClientRect());
    }
    return {bar: [...at(bar), Math.round(bar.height)], buttons};
}"""

P2_PLAYS = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:5c9d2d3d8d7s6s stock:39 turn:P1"


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1000, 700)])
def test_the_toolbar_keeps_its_place_and_size_while_the_computers_play(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{P2_PLAYS}"), speed=3)\nw']
    )
    widget = table(opened)
    sidebar(page, open_=False)
    settle(page)
    before = widget.evaluate(BUTTONS_JS)
    screenshot(widget, f"legible-toolbar-{width}-before")
    widget.locator("[data-action='draw']").click()
    expect(widget.locator("[data-action='skip']")).not_to_have_attribute("aria-disabled", "true")
    during = widget.evaluate(BUTTONS_JS)
    screenshot(widget, f"legible-toolbar-{width}-during")
    widget.locator("[data-action='pause']").click()
    expect(widget.locator("[data-action='pause']")).to_have_text("Play on")
    paused = widget.evaluate(BUTTONS_JS)
    # A long message stays on its two lines: the buttons do not move for it either.
    long_note = widget.evaluate(
        """root => {
            root.querySelector('[data-status]').textContent = 'A long message. '.repeat(40);
            return null;
        }"""
    )
    assert long_note is None
    worded = widget.evaluate(BUTTONS_JS)
    print(f"toolbar at {width}x{height}:", before)
    assert during == before, (before, during)
    assert paused == before, (before, paused)
    assert worded == before, (before, worded)


def runs_position(spaces: tuple[str, str]) -> str:
    """Thirteen-card runs (king to ace, colours alternating) on two spaces, the other six empty,
    four players with five cards each (the viewer's known), the rest in the stock."""
    suits = [("h", "s"), ("d", "c")]
    used: list[str] = []
    piles = {}
    for space, (red, black) in zip(spaces, suits, strict=True):
        run = [f"{rank}{red if i % 2 == 0 else black}" for i, rank in enumerate("KQJT98765432A")]
        piles[space] = "".join(run)
        used += run
    rest = [str(c) for c in DECK if str(c) not in used]
    hand = rest[:5]
    cells = " ".join(
        f"{s}:{piles.get(s, '-')}" for s in ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
    )
    stock = 52 - len(used) - 5 - 15
    return f"{cells} P1:{''.join(hand)} P2:?5 P3:?5 P4:?5 stock:{stock} turn:P1"


CLEAR_JS = """(root) => {
    // Each pile's label and count, the stock's label and each seat: none overlaps another's
    // label, count or cards, and each lies inside the felt.
    const table = root.querySelector('.kcw-table');
    const felt = table.querySelector('.kcw-felt').getBoundingClientRect();
    const parts = [];
    for (const pile of table.querySelectorAll('.kcw-pile')) {
        const owner = pile.dataset.pile;
        for (const el of pile.querySelectorAll('.kcw-pile-name, .kcw-count')) {
            parts.push({owner, kind: el.className, r: el.getBoundingClientRect(), label: true});
        }
        for (const el of pile.querySelectorAll('.kcw-card')) {
            parts.push({owner, kind: 'card', r: el.getBoundingClientRect(), label: false});
        }
    }
    for (const el of table.querySelectorAll('.kcw-seat')) {
        parts.push({owner: 'seat ' + el.dataset.player, kind: 'seat', r: el.getBoundingClientRect(),
                    label: true});
    }
    const stock = table.querySelector('.kcw-stock');
    for (const el of stock.querySelectorAll('.kcw-stock-label, .kcw-count')) {
        const r = el.getBoundingClientRect();
        parts.push({owner: 'stock', kind: el.className, r, label: true});
    }
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const problems = [];
    for (const a of parts) {
        if (!a.label) continue;
        if (a.r.left < felt.left - 1 || a.r.right > felt.right + 1) {
            problems.push(`${a.owner} ${a.kind} outside the felt`);
        }
        for (const b of parts) {
            if (b === a || b.owner === a.owner) continue;
            if (meet(a.r, b.r)) problems.push(`${a.owner} ${a.kind} meets ${b.owner} ${b.kind}`);
        }
    }
    return [...new Set(problems)];
}"""

PAIRS = [("W", "SW"), ("E", "NE"), ("N", "NW"), ("S", "SE")]


def test_piles_of_thirteen_on_every_space_keep_ranks_and_labels_clear_and_contrast_in_the_dark(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    cells = [IMPORTS] + [
        f'KingsCornerWidget(Game.from_position("{runs_position(pair)}"), speed=0)' for pair in PAIRS
    ]
    opened = notebook(cells)
    sidebar(page, open_=False)
    tables = [table(opened)] + [opened.widget(i) for i in range(1, len(PAIRS))]
    for widget in tables:
        expect(widget.locator("[data-pile='N']")).to_be_visible()
    settle(page)
    problems: dict[str, Any] = {}
    for pair, widget in zip(PAIRS, tables, strict=True):
        name = "-".join(pair)
        into_view(widget.locator(".kcw-felt"))
        ranks = ranks_clear(widget)
        labels = widget.evaluate(CLEAR_JS)
        screenshot(widget.locator(".kcw-felt"), f"legible-thirteen-{name}-1366x768")
        if ranks["problems"] or labels:
            problems[name] = {"ranks": ranks["problems"], "labels": labels}
    # The labels on the dark felt: axe's contrast rule on every table.
    inject_axe(page)
    try:
        set_theme(opened, page, "JupyterLab Dark")
        found = page.evaluate(
            """async () => (await axe.run({include: [['.kcw-table']]},
                {runOnly: ['color-contrast'], resultTypes: ['violations']})).violations
                .flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary))"""
        )
        into_view(tables[0].locator(".kcw-felt"))
        screenshot(tables[0].locator(".kcw-felt"), "legible-thirteen-W-SW-1366x768-dark")
    finally:
        set_theme(opened, page, "JupyterLab Light")
    assert not problems, json.dumps(problems, indent=1)
    assert not found, "\n".join(found[:10])
