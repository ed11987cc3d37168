"""The projector and the learner's first hand, in a real JupyterLab.

At the five screens a classroom meets (1280x720 to 3840x2160), with Present off and on, every hook
of the table lies inside the window and no label overflows its box; the end-of-hand summary sits
beside the final table; a hint and Show me outline the card and the pile on the table; a
computer's move travels (or, with less motion, lights its pile); and a whole hand is played with
the keyboard alone. Screenshots of each size are saved to look at.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.jupyter_server import WIDGET_SELECTOR, JupyterServer, NotebookPage
from tests.browser.test_layout import FOUR, sidebar
from tests.browser.test_widget import IMPORTS, card_in_hand, pile, table

SIZES = [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]

INSIDE_JS = """(root) => {
    const table = root.querySelector('.kcw-table');
    const W = window.innerWidth, H = window.innerHeight;
    const hooks = '[data-card], [data-pile], [data-action], [data-status], [data-hand], '
        + '[data-player], [data-hint], [data-summary]';
    const outside = [];
    for (const el of table.querySelectorAll(hooks)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) {
            const d = el.dataset;
            const name = d.card || d.pile || d.action || d.player
                || (el.hasAttribute('data-hand') ? 'hand' : 'status');
            outside.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}`
                + `-${Math.round(r.right)},${Math.round(r.bottom)}`);
        }
    }
    // A label overflows its box when its text is wider (or taller) than the box drawn for it
    // (the message line's room is its box: a longer message is cut to it, in full on demand).
    const overflowing = [];
    const labels = '.kcw-seat, .kcw-btn, .kcw-pile-name, .kcw-status-box';
    for (const el of table.querySelectorAll(labels)) {
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
            overflowing.push(el.textContent.trim().slice(0, 40));
        }
    }
    const felt = table.querySelector('.kcw-felt').getBoundingClientRect();
    return {
        outside, overflowing,
        card: parseFloat(getComputedStyle(table).getPropertyValue('--kcw-card')),
        present: table.classList.contains('kcw-present'),
        felt: {top: felt.top, bottom: felt.bottom, left: felt.left, right: felt.right},
    };
}"""


def inside(widget: Locator) -> dict[str, Any]:
    found: dict[str, Any] = widget.evaluate(INSIDE_JS)
    return found


def settle(page: Page) -> None:
    """The table measures itself on the next frames (presenting, it fits in a few redraws)."""
    page.wait_for_timeout(900)


def test_every_hook_lies_inside_the_window_at_five_sizes_with_present_off_and_on(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, f'w = KingsCornerWidget(Game.from_position("{FOUR}"), speed=0)\nw'])
    widget = table(opened)
    root = widget.locator(".kcw-table")
    present = re.compile(r"\bkcw-present\b")
    cards: dict[str, float] = {}
    for width, height in SIZES:
        name = f"{width}x{height}"
        page.set_viewport_size({"width": width, "height": height})
        sidebar(page, open_=False)
        settle(page)
        # At a desk: the table's top brought to the top of the notebook, as a reader scrolls it.
        root.evaluate("t => t.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        desk = inside(widget)
        screenshot(page, f"projector-{name}-desk")
        assert not desk["outside"], f"{name} at a desk: outside the window: {desk['outside']}"
        assert not desk["overflowing"], f"{name} at a desk: {desk['overflowing']}"

        widget.locator("[data-action='present']").click()
        expect(root).to_have_class(present)
        settle(page)
        shown = inside(widget)
        screenshot(page, f"projector-{name}-present")
        assert shown["present"]
        assert not shown["outside"], f"{name} presenting: outside the window: {shown['outside']}"
        assert not shown["overflowing"], f"{name} presenting: labels overflow: {shown}"
        assert shown["card"] >= desk["card"], (name, shown["card"], desk["card"])
        cards[name] = shown["card"]
        # Escape leaves the presentation, wherever the focus is.
        page.keyboard.press("Escape")
        expect(root).not_to_have_class(present)
        page.wait_for_function("() => document.fullscreenElement === null")
    print("cards presenting:", cards)
    # Cards as large as fit: they grow with the screen.
    sizes = [cards[f"{w}x{h}"] for w, h in SIZES]
    assert sizes == sorted(sizes), cards
    assert cards["3840x2160"] >= 2 * cards["1280x720"], cards


# -- every covered card's rank in full, however squeezed its pile -------------------------------

# A corner run from the king down to the two and a side pile of eight with a covered ten: both are
# squeezed to their ranks at a laptop's size, the corner one hardest.
LONG_RUNS = (
    "N:9d E:4c S:5d W:QcJhTs9h8s7h6s5h NE:KsQdJcTd9c8d7s6h5s4h3c2d SE:- SW:- NW:- "
    "P1:Qh6c3h2cKc9sJd P2:?7 stock:15 turn:P1"
)
LONG_RUNS_FOUR = LONG_RUNS.replace("P2:?7", "P2:?7 P3:?7 P4:?7").replace("stock:15", "stock:1")

RANKS_CLEAR_JS = """(root) => {
    // A covered card's rank: the box of its text, widened to its glyphs' ink where that reaches
    // further (a bold K's leg does). It must lie inside its card and clear of the next card.
    const ink = document.createElement('canvas').getContext('2d');
    const problems = [];
    const table = root.querySelector('.kcw-table');
    const steps = {card: getComputedStyle(table).getPropertyValue('--kcw-card')};
    for (const pile of root.querySelectorAll('.kcw-pile')) {
        const cards = [...pile.querySelectorAll('[data-card]')];
        if (cards.length > 1) steps[pile.dataset.pile] = pile.style.getPropertyValue('--kcw-step');
        for (let i = 0; i + 1 < cards.length; i++) {
            const rank = cards[i].querySelector('.kcw-idx b');
            const box = rank.getBoundingClientRect();
            const style = getComputedStyle(rank);
            ink.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            ink.letterSpacing = style.letterSpacing;
            const glyphs = ink.measureText(rank.textContent);
            const right = Math.max(box.right, box.left + glyphs.actualBoundingBoxRight);
            const left = Math.min(box.left, box.left - glyphs.actualBoundingBoxLeft);
            const own = cards[i].getBoundingClientRect();
            const next = cards[i + 1].getBoundingClientRect();
            const name = `${pile.dataset.pile} ${cards[i].dataset.card}`;
            const overlap = right - next.left;
            const apart = overlap <= 0 || box.bottom <= next.top || box.top >= next.bottom;
            if (!apart) {
                const under = cards[i + 1].dataset.card;
                const by = overlap.toFixed(1);
                problems.push(`${name}: "${rank.textContent}" ${by} px under ${under}`);
            }
            if (left < own.left || box.top < own.top) problems.push(`${name}: outside its card`);
        }
    }
    return {problems, steps};
}"""


def ranks_clear(widget: Locator) -> dict[str, Any]:
    found: dict[str, Any] = widget.evaluate(RANKS_CLEAR_JS)
    return found


def test_every_covered_rank_shows_in_full_however_squeezed_its_pile(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    def shown(position: str) -> str:
        return f'KingsCornerWidget(Game.from_position("{position}"), speed=0)'

    opened = notebook([IMPORTS, shown(LONG_RUNS_FOUR), shown(LONG_RUNS)])
    tables = {"four": table(opened), "two": opened.widget(1)}
    expect(tables["two"].locator("[data-pile='N']")).to_be_visible()
    present = re.compile(r"\bkcw-present\b")
    seen: dict[str, Any] = {}
    for width, height, presenting in [
        (1366, 768, False),
        (1920, 1080, True),
        (1000, 700, False),
        (911, 512, False),  # 1366x768 at 150% zoom
    ]:
        page.set_viewport_size({"width": width, "height": height})
        sidebar(page, open_=False)
        settle(page)
        for players, widget in tables.items():
            name = f"{width}x{height}-{players}{'-present' if presenting else ''}"
            root = widget.locator(".kcw-table")
            if presenting:
                widget.locator("[data-action='present']").click()
                expect(root).to_have_class(present)
                settle(page)
            else:
                into_view(widget.locator(".kcw-felt"))
            found = ranks_clear(widget)
            seen[name] = found["steps"]
            screenshot(
                page if presenting else widget.locator(".kcw-felt"), f"projector-ranks-{name}"
            )
            if presenting:
                page.keyboard.press("Escape")
                expect(root).not_to_have_class(present)
            assert not found["problems"], f"{name}: {found['problems']}"
            # Opened (hover), the pile fans out in full: its ranks are clear as well.
            if width == 1366:
                for space in ("NE", "W"):
                    pile(widget, space).hover()
                    page.wait_for_timeout(300)
                    opened_up = ranks_clear(widget)["problems"]
                    assert not opened_up, f"{name}, {space} opened: {opened_up}"
                page.mouse.move(0, 0)
    print("pile steps:", seen)


# -- the summary beside the final table ----------------------------------------------------------

# P1's ten of hearts is their last card: playing it on the jack ends the hand.
LAST_CARD = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 P3:?7 stock:34 turn:P1"

COVERED_JS = """(root) => {
    // Each pile and each card on the table is what is drawn at its middle: nothing lies over it.
    const covered = [];
    for (const el of root.querySelectorAll('.kcw-felt [data-pile], .kcw-felt [data-card]')) {
        const r = el.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 12), y = r.top + Math.min(r.height / 2, 12);
        const hit = document.elementFromPoint(x, y);
        if (!hit || !el.contains(hit) && !hit.closest('[data-pile]')?.contains(el)) {
            covered.push(el.dataset.card || el.dataset.pile);
        }
    }
    return covered;
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1000, 720)])
def test_the_summary_sits_beside_the_final_table_and_the_position_stays_in_view(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{LAST_CARD}"), speed=0)\nw']
    )
    widget = table(opened)
    card_in_hand(widget, "Th").click()
    pile(widget, "N").click()
    summary = widget.locator("[data-summary]")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("The hand is over")
    felt = widget.locator(".kcw-felt").bounding_box()
    box = summary.bounding_box()
    assert felt
    assert box
    apart = box["x"] >= felt["x"] + felt["width"] or box["y"] >= felt["y"] + felt["height"]
    assert apart, f"the summary lies over the felt: {box} over {felt}"
    into_view(widget.locator(".kcw-felt"))
    assert widget.evaluate(COVERED_JS) == []
    # The final position is there to read: the ten of hearts on the jack.
    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible()
    screenshot(widget, f"projector-summary-beside-{width}")


SUMMARY_PLACE_JS = """(root) => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, h: r.height};
    };
    const table = root.querySelector('.kcw-table');
    const summary = table.querySelector('[data-summary]');
    return {
        below: table.classList.contains('kcw-side-below'),
        felt: box(table.querySelector('.kcw-felt')),
        status: box(table.querySelector('[data-status]')),
        controls: box(table.querySelector('.kcw-controls')),
        summary: box(summary),
        heading: box(summary.querySelector('h3')),
        panels: [...table.querySelectorAll('.kcw-side > *')].map(box),
        // The notebook's own scrolling box (its toolbar above, the status bar below).
        view: box(root.closest('.jp-WindowedPanel-outer') ?? document.documentElement),
    };
}"""


@pytest.mark.parametrize(
    ("width", "height", "files"), [(1000, 700, True), (1366, 768, False), (1000, 700, False)]
)
def test_the_summary_comes_before_the_buttons_when_the_side_column_drops_below(
    notebook: OpenNotebook,
    page: Page,
    screenshot: Screenshot,
    width: int,
    height: int,
    files: bool,
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{LAST_CARD}"), speed=0)\nw']
    )
    sidebar(page, open_=files)  # the file browser takes 250 px of a 1000 px window
    widget = table(opened)
    settle(page)
    # The learner has the table in view down to its buttons and plays their last card; nothing
    # scrolls after that.
    widget.locator(".kcw-controls").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    card_in_hand(widget, "Th").click()
    pile(widget, "N").click()
    expect(widget.locator("[data-summary]")).to_contain_text("The hand is over")
    page.wait_for_timeout(300)
    place = widget.evaluate(SUMMARY_PLACE_JS)
    name = f"{width}x{height}{'-files' if files else ''}"
    print(f"summary at {name}:", place)
    screenshot(page, f"projector-summary-place-{name}")
    summary, controls, status = place["summary"], place["controls"], place["status"]
    if files:
        assert place["below"], f"{name}: the side column should drop below the table"
        # Directly after the message line, before the buttons; the other panels after them.
        assert 0 <= summary["y"] - status["bottom"] <= 12, place
        assert 0 <= controls["y"] - summary["bottom"] <= 12, place
        assert all(panel["y"] >= controls["bottom"] for panel in place["panels"]), place
        # Without scrolling, the message line (it says who won) and the summary's heading are in
        # view, where the buttons were.
        for part in ("status", "heading"):
            assert place[part]["y"] >= place["view"]["y"], (part, place)
            assert place[part]["bottom"] <= place["view"]["bottom"], (part, place)
        expect(widget.locator("[data-status]")).to_contain_text("You went out and won the hand")
        # Scrolled on: the summary, then the buttons.
        widget.locator(".kcw-controls").evaluate("el => el.scrollIntoView({block: 'end'})")
        screenshot(page, f"projector-summary-place-{name}-scrolled")
    else:
        # The wide layout as it was: the summary heads the side column, beside the felt.
        assert not place["below"], name
        assert summary["x"] >= place["felt"]["right"], place
        assert abs(summary["y"] - place["felt"]["y"]) <= 2, place
        assert 0 <= controls["y"] - status["bottom"] <= 12, place


# -- the end of a match fits its box -----------------------------------------------------------

MATCH_TUTORIAL = Path(__file__).parents[2] / "notebooks" / "03-play-against-the-computer.ipynb"

FITS_JS = """(output) => {
    const table = output.querySelector('.kcw-table');
    const top = table.getBoundingClientRect().top;
    const over = (el) => ({scroll: el.scrollHeight, client: el.clientHeight});
    const notebook = output.closest('.jp-WindowedPanel-outer');
    return {
        table: over(table), output: over(output),
        // The table from its title to its buttons, and the notebook's box it is seen in.
        main: table.querySelector('.kcw-main').getBoundingClientRect().bottom - top,
        box: notebook.clientHeight,
        side: table.querySelector('.kcw-side').getBoundingClientRect().height,
        card: parseFloat(getComputedStyle(table).getPropertyValue('--kcw-card')),
    };
}"""


def test_the_end_of_a_match_in_tutorial_3_fits_its_box_at_a_desk_and_presenting(
    jupyter: JupyterServer, page: Page, screenshot: Screenshot
) -> None:
    """Notebook 03 plays a whole match from code and shows its table at the end: the summary, the
    log and the score sheet beside the final position. At 1366x768 the table from its title to
    its buttons fits the notebook's box, and presenting, the whole table fits the screen."""
    name = "fits-" + MATCH_TUTORIAL.name
    shutil.copy(MATCH_TUTORIAL, jupyter.root / name)
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        opened = NotebookPage(page, jupyter, name).open()
        opened.run_all()
        sidebar(page, open_=False)
        tables = page.locator(WIDGET_SELECTOR)
        widget = tables.nth(tables.count() - 1)  # the coached match, played to its end
        expect(widget.locator("[data-summary]")).to_contain_text("The hand is over")
        expect(widget.locator("[data-status]")).to_contain_text("The match is over")
        widget.locator(".kcw-table").evaluate("t => t.scrollIntoView({block: 'start'})")
        settle(page)
        desk = widget.evaluate(FITS_JS)
        screenshot(page, "projector-match-end-desk-1366x768")
        widget.locator("[data-action='present']").click()
        expect(widget.locator(".kcw-table")).to_have_class(re.compile(r"\bkcw-present\b"))
        settle(page)
        shown = widget.evaluate(FITS_JS)
        screenshot(page, "projector-match-end-present-1366x768")
        print("end of the match at 1366x768:", {"desk": desk, "present": shown})
        for where, found in (("at a desk", desk), ("presenting", shown)):
            for box in ("table", "output"):
                scroll, client = found[box]["scroll"], found[box]["client"]
                assert scroll <= client + 1, f"{where}: the {box} overflows its box: {found}"
        assert desk["main"] <= desk["box"], f"the table is taller than the notebook's box: {desk}"
        # Presenting, the cards are as large as at a desk at least (not shrunk to fit the panels).
        assert shown["card"] >= desk["card"], {"desk": desk, "present": shown}
        page.keyboard.press("Escape")
    finally:
        jupyter.shutdown_kernels()


# -- hints and Show me on the table -------------------------------------------------------------


def hinted(widget: Locator) -> list[str]:
    found: list[str] = widget.locator("[data-hint]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card ? `card ${n.dataset.card}` "
        ": n.dataset.pile ? `pile ${n.dataset.pile}` : `button ${n.dataset.action}`)"
    )
    return sorted(found)


def test_a_hint_outlines_the_card_and_the_pile_it_names(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="worked-turn")\nw'])
    widget = table(opened)
    status = widget.locator("[data-status]")
    hint = widget.locator("[data-action='hint']")
    # The lesson's early hints outline the card; its last, most specific one the pile as well.
    hint.click()
    expect(status).to_contain_text("Hint")
    expect(widget.locator("[data-hand] [data-hint]")).to_have_count(1)
    for _ in range(4):
        if widget.locator("[data-pile][data-hint]").count():
            break
        hint.click()
        page.wait_for_timeout(400)
    card = widget.locator("[data-hand] [data-card][data-hint]")
    target = widget.locator("[data-pile][data-hint]")
    expect(card).to_have_count(1)
    expect(target).to_have_count(1)
    assert hinted(widget) == sorted(
        [f"card {card.get_attribute('data-card')}", f"pile {target.get_attribute('data-pile')}"]
    )
    screenshot(widget, "projector-lesson-hint")


def test_show_me_outlines_the_move_then_plays_it_after_a_beat_and_the_log_says_shown(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="worked-turn")\nw'])
    widget = table(opened)
    status = widget.locator("[data-status]")
    widget.locator("[data-action='show']").click()
    # First the move is outlined on the table, and nothing is played yet ...
    expect(status).to_contain_text("Watch: you play the ten of hearts on the north pile")
    assert hinted(widget) == ["card Th", "pile N"]
    expect(card_in_hand(widget, "Th")).to_be_visible()
    screenshot(widget, "projector-show-me-outlined")
    # ... then, after a beat, the table plays it.
    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible(timeout=5_000)
    expect(card_in_hand(widget, "Th")).to_have_count(0)
    expect(status).to_contain_text("Shown: you play the ten of hearts on the north pile")
    log = widget.locator(".kcw-log")
    expect(log).to_contain_text("Show me played 1 card")
    expect(log).to_contain_text("Show me: you play the ten of hearts")
    expect(log).not_to_contain_text("You played")
    assert opened.value("[str(m) for m in w.game.moves]") == "['Th>N']"
    screenshot(widget, "projector-show-me-played")


# -- computer turns you can follow --------------------------------------------------------------

# P2's five of clubs fits on the red six: the greedy computer player plays it.
P2_PLAYS = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:5c9d2d3d8d7s6s stock:39 turn:P1"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_computer_move_travels_or_lights_its_pile_and_a_click_says_whose_turn(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot, motion: str
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{P2_PLAYS}"), speed=1.6)\nw']
    )
    widget = table(opened)
    widget.evaluate(
        """root => {
            window.kcwSeen = [];
            new MutationObserver(() => {
                for (const el of root.querySelectorAll('.kcw-travelling, .kcw-arrived')) {
                    const where = el.dataset.card || el.dataset.pile;
                    const kind = el.classList.contains('kcw-arrived') ? 'lit' : 'travels';
                    window.kcwSeen.push(`${kind} ${where}`);
                }
            }).observe(root, {subtree: true, attributes: true, attributeFilter: ['class']});
        }"""
    )
    widget.locator("[data-action='draw']").click()
    # While the computer plays, a click on a card of the hand says whose turn it is.
    expect(widget.locator("[data-action='skip']")).to_be_visible()
    widget.locator("[data-hand] [data-card]").first.click()
    expect(widget.locator("[data-status]")).to_contain_text("It is P2's turn")
    status = widget.locator("[data-status]")
    expect(status).to_contain_text("P2 plays the five of clubs on the east pile", timeout=10_000)
    page.wait_for_function("() => window.kcwSeen.length > 0", timeout=5_000)
    seen = page.evaluate("window.kcwSeen")
    expected = "lit E" if motion == "reduce" else "travels 5c"
    assert expected in seen, seen
    screenshot(widget, f"projector-computer-move-{motion}")


# -- the keyboard alone -------------------------------------------------------------------------

# Three players with three cards each: the hand ends within a few turns.
SHORT_HAND = "N:Jc E:6h S:5s W:Qd NE:- SE:- SW:- NW:- P1:Th4h2c P2:?3 P3:?3 stock:39 turn:P1"
PAD = {"NW": "7", "N": "8", "NE": "9", "W": "4", "E": "6", "SW": "1", "S": "2", "SE": "3"}


def test_a_whole_hand_is_played_with_the_keyboard_alone(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{SHORT_HAND}"), speed=0)\nw']
    )
    widget = table(opened)
    draw = widget.locator("[data-action='draw']")
    summary = widget.locator("[data-summary]")
    focused = "document.activeElement?.closest('.kcw-table') !== null"
    # Tab into the table: the hand comes first in its tab order.
    widget.locator("[data-hand] [data-card]").first.focus()
    keys = 0
    for _ in range(200):
        if summary.count():
            break
        if draw.is_disabled():  # the computer players' turns
            page.wait_for_timeout(200)
            continue
        assert page.evaluate(focused), "the focus left the table"
        for _ in range(3):  # back to the hand from wherever the focus is
            page.keyboard.press("ArrowDown")
        played = False
        for index in range(widget.locator("[data-hand] [data-card]").count()):
            if index:
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            keys += 2
            page.wait_for_timeout(100)
            targets = widget.locator("[data-pile][data-legal]")
            if targets.count():
                page.keyboard.press(PAD[str(targets.first.get_attribute("data-pile"))])
                keys += 1
                played = True
                page.wait_for_timeout(400)
                break
            page.keyboard.press("Escape")
        if not played:
            page.keyboard.press("d")
            keys += 1
            page.wait_for_timeout(400)
    expect(summary).to_be_visible()
    moves = opened.value("[str(m) for m in w.game.moves]")
    assert opened.value("w.game.is_over()") == "True"
    assert "Th>N" in moves, moves  # the learner's own move, made from the keyboard
    print(f"a whole hand with the keyboard: {keys} keys, moves {moves}")
    screenshot(widget, "projector-keyboard-hand-over")


def test_the_learner_pauses_the_computers_and_steps_them_one_move_at_a_time(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook(
        [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{P2_PLAYS}"), speed=10)\nw']
    )
    widget = table(opened)
    widget.locator("[data-action='draw']").click()
    pause = widget.locator("[data-action='pause']")
    expect(pause).to_have_text("Pause")
    expect(pause).to_be_enabled()  # the computers have started: P2 moves in 10 s
    settle(page)  # the draw's redraws land, so the click meets the button that stays
    pause.click()
    expect(pause).to_have_text("Play on")
    status = widget.locator("[data-status]")
    expect(status).to_contain_text("The computer players wait.")
    step = widget.locator("[data-action='step']")
    expect(step).to_have_text("Next move")
    page.wait_for_timeout(11_000)  # longer than the table's speed: nothing moves by itself
    assert opened.value("len(w.game.moves)") == "1"
    step.click()
    expect(status).to_contain_text("P2 plays the five of clubs on the east pile")
    expect(pile(widget, "E").locator("[data-card='5c']")).to_be_visible()
    assert opened.value("len(w.game.moves)") == "2"
    screenshot(widget, "projector-paused-next-move")
    pause.click()  # play on: the computer finishes its turn by itself
    expect(widget.locator("[data-action='draw']")).to_be_enabled(timeout=60_000)
