"""The table's layout in a real JupyterLab: it fits a laptop's notebook column, scales up to the
width it is given and to a projector, lays out for a narrow column, fans its piles, and follows
VS Code's and Colab's dark themes.

Each scenario measures the page (bounding boxes, what is drawn on top at a point, computed
styles) and saves screenshots to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from kingscorner_widget import Game, KingsCornerWidget
from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.test_widget import IMPORTS, card_in_hand, pile, table

# Four players; a five-card pile on E, a seven-card run in NE, and a hand of seven.
FOUR = (
    "N:Jc E:8c7h6s5d4c S:5s W:- NE:KhQsJhTc9h8s7d SE:- SW:Kc NW:- "
    "P1:Th4h9c2d3sQdJd P2:?7 P3:?7 P4:?7 stock:9 turn:P1"
)
HAND = ["Th", "4h", "9c", "2d", "3s", "Qd", "Jd"]
STATIC = Path(__file__).resolve().parents[2] / "kingscorner_widget" / "static"


def four_players(mode: str = "explore") -> list[str]:
    return [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{FOUR}"), mode="{mode}")\nw']


def sidebar(page: Page, *, open_: bool) -> None:
    """Open or close JupyterLab's left sidebar (the file browser)."""
    if open_:
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed")
    else:
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed")


MEASURE_JS = """(root) => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom};
    };
    const table = root.querySelector('.kcw-table');
    const part = (selector) => box(table.querySelector(selector));
    // A card shows its index (rank and suit) when what is drawn at the middle of its rank and of
    // its suit is the card itself.
    const indexShows = (card) => [...card.querySelectorAll('.kcw-idx b, .kcw-idx i')]
        .every((mark) => {
            const r = mark.getBoundingClientRect();
            if (r.width === 0) return true;  // a suit left out of a compressed run
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit !== null && hit.closest('[data-card]') === card;
        });
    const hidden = [];
    for (const card of table.querySelectorAll('[data-card]')) {
        card.scrollIntoView({block: 'nearest', inline: 'nearest'});
        if (!indexShows(card)) hidden.push(card.dataset.card);
    }
    // Whatever the table shows must lie inside the output area, which clips what sticks out.
    const output = root.getBoundingClientRect();
    const clipped = [];
    const shown = '[data-card], [data-pile], [data-player], [data-action], [data-status]';
    for (const el of table.querySelectorAll(shown)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < output.left - 1 || r.right > output.right + 1) {
            const d = el.dataset;
            clipped.push(d.card || d.pile || d.player || d.action || 'status');
        }
    }
    return {
        table: box(table), felt: part('.kcw-felt'), status: part('.kcw-status-box'),
        controls: part('.kcw-controls'), side: part('.kcw-side'), hand: part('[data-hand]'),
        height: table.querySelector('.kcw-main').getBoundingClientRect().bottom
            - table.getBoundingClientRect().top,
        card: parseFloat(getComputedStyle(table).getPropertyValue('--kcw-card')),
        sideBelow: table.classList.contains('kcw-side-below'),
        hidden, clipped,
    };
}"""


def measure(widget: Locator) -> dict[str, Any]:
    into_view(widget)
    result: dict[str, Any] = widget.evaluate(MEASURE_JS)
    return result


def resize(page: Page, width: int, height: int, *, side: bool = False) -> None:
    page.set_viewport_size({"width": width, "height": height})
    sidebar(page, open_=side)
    page.wait_for_timeout(500)  # the table measures itself on the next frame


def test_the_table_fits_a_laptop_column_and_scales_up_to_the_width(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook(four_players())
    widget = table(opened)
    seen: dict[str, dict[str, Any]] = {}

    # 620 px tall at 1000 px wide: the window is sized so the table itself is 1000 px wide.
    resize(page, 1000, 720)
    chrome = 1000 - measure(widget)["table"]["w"]
    resize(page, round(1000 + chrome), 720)
    seen["1000"] = measure(widget)
    screenshot(widget, "layout-1000-wide")
    assert abs(seen["1000"]["table"]["w"] - 1000) <= 2
    for name, width, height, side in [
        ("1000x720", 1000, 720, False),
        ("1366x768", 1366, 768, False),
        ("150pc", 911, 512, False),  # 1366x768 at 150% zoom: the CSS viewport is 2/3 as large
        ("900-sidebar", 900, 800, True),
        ("1920x1080", 1920, 1080, False),
    ]:
        resize(page, width, height, side=side)
        seen[name] = measure(widget)
        screenshot(widget, f"layout-{name}")
    sidebar(page, open_=False)
    report = json.dumps(
        {k: {f: v[f] for f in ("height", "card", "sideBelow")} for k, v in seen.items()}
    )
    print("layout figures:", report)

    for name in ("1000", "1000x720", "1366x768"):
        shown = seen[name]
        assert shown["height"] <= 620, (
            f"{name}: the table is {shown['height']:.0f} px tall; {report}"
        )
        # The status line sits between the hand and the buttons, where the eyes are.
        assert 0 <= shown["status"]["y"] - shown["felt"]["bottom"] <= 12, shown
        assert 0 <= shown["controls"]["y"] - shown["status"]["bottom"] <= 12, shown
    assert not seen["1000"]["sideBelow"], "at 1000 px the side panel fits beside the felt"
    # A narrow column: the side panel goes under the table, nothing is cut off or covered.
    for name in ("900-sidebar", "150pc"):
        shown = seen[name]
        assert shown["sideBelow"], name
        assert shown["side"]["y"] >= shown["controls"]["bottom"], name
        assert not shown["clipped"], f"{name}: cut off: {shown['clipped']}"
        assert not shown["hidden"], f"{name}: cards whose index is covered: {shown['hidden']}"
    # 1920x1080: the felt uses the width (it used 750 of 1740 px) and the cards grow.
    wide = seen["1920x1080"]
    assert wide["felt"]["w"] >= 0.7 * wide["table"]["w"], report
    assert wide["card"] >= 1.5 * seen["1000"]["card"], report
    assert not wide["hidden"], report
    assert not seen["1000"]["hidden"], report


def test_piles_fan_every_card_and_open_on_hover_and_a_picked_card_covers_no_index(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook(four_players())
    widget = table(opened)
    ne = pile(widget, "NE")
    assert [c.get_attribute("data-card") for c in ne.locator("[data-card]").all()] == [
        "Kh",
        "Qs",
        "Jh",
        "Tc",
        "9h",
        "8s",
        "7d",
    ]
    # Every card of the fanned piles shows its index; labels on filled piles and empty ones.
    assert not measure(widget)["hidden"]
    for space in ("N", "E", "S", "W", "NE", "SE", "SW", "NW"):
        expect(pile(widget, space).locator(".kcw-pile-name")).to_contain_text(space)
    closed = ne.bounding_box()
    ne.hover()
    page.wait_for_timeout(300)
    opened_box = ne.bounding_box()
    assert closed
    assert opened_box
    assert opened_box["width"] > closed["width"], (closed, opened_box)
    screenshot(widget, "layout-pile-open")
    page.mouse.move(0, 0)
    # A picked-up card rises, but its neighbour's index stays in view.
    card_in_hand(widget, "9c").click()
    expect(card_in_hand(widget, "9c")).to_have_class(re.compile(r"\bkcw-selected\b"))
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)
    assert not measure(widget)["hidden"]
    screenshot(widget, "layout-picked-card")


def test_presentation_fills_the_screen_with_large_cards_and_escape_leaves(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook(four_players("play"))
    widget = table(opened)
    root = widget.locator(".kcw-table")
    before = measure(widget)
    widget.locator("[data-action='present']").click()
    present = re.compile(r"\bkcw-present\b")
    expect(root).to_have_class(present)
    page.wait_for_function("() => document.fullscreenElement?.classList.contains('kcw-table')")
    page.wait_for_timeout(500)
    box = root.bounding_box()
    assert box
    assert box["width"] >= 1366 - 2, box
    assert box["height"] >= 768 - 2, box
    during = float(
        root.evaluate("t => parseFloat(getComputedStyle(t).getPropertyValue('--kcw-card'))")
    )
    assert during > before["card"], (during, before["card"])
    expect(widget.locator("[data-action='present']")).to_have_attribute("aria-pressed", "true")
    screenshot(page, "layout-presentation")
    # The hand and the buttons are in view on the screen, and the table still plays.
    hand = widget.locator("[data-hand]").bounding_box()
    assert hand
    assert hand["y"] + hand["height"] <= 768, hand
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.fullscreenElement === null")
    expect(root).not_to_have_class(present)
    page.wait_for_timeout(300)
    assert measure(widget)["card"] == before["card"]


# -- Other hosts: VS Code and Colab mark their dark themes in their own ways ---------------------

HOST_JS = """async ({source, snapshot, legal, status}) => {
    const url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
    const widget = (await import(url)).default;
    const model = {
        get: (key) => ({snapshot, legal, status, speed: 0.8}[key]),
        on() {}, off() {}, send() {},
    };
    const el = document.getElementById('live');
    widget.render({model, el});
    await new Promise((r) => setTimeout(r, 600));
    const felt = getComputedStyle(document.querySelector('.kcw-felt')).backgroundColor;
    const picture = document.getElementById('picture');
    const shown = picture.getBoundingClientRect().height > 0
        && getComputedStyle(picture).display !== 'none';
    return {felt, pictureShown: shown};
}"""

GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACw="
HOST_PAGE = """<!doctype html><html {html}><head><meta charset="utf-8"></head><body {body}>
<div class="cell"><pre>w</pre>
<div class="output_container"><div class="output" id="live"></div></div>
<div class="output_container" id="picture" style="padding: 12px"><div class="output">
<div class="kcw-fallback"><img alt="the table" src="{gif}"></div></div></div>
</div></body></html>"""


def host(page: Page, html: str = "", body: str = "") -> dict[str, Any]:
    """Draw the table in a plain page marked as a host would mark it; say how the felt looks."""
    w = KingsCornerWidget(Game.from_position(FOUR), mode="explore")
    page.set_content(HOST_PAGE.format(html=html, body=body, gif=GIF))
    page.add_style_tag(path=str(STATIC / "widget.css"))
    found: dict[str, Any] = page.evaluate(
        HOST_JS,
        {
            "source": (STATIC / "widget.js").read_text(encoding="utf-8"),
            "snapshot": w.snapshot,
            "legal": w.legal,
            "status": w.status,
        },
    )
    return found


LIGHT_FELT = "rgb(220, 235, 223)"
DARK_FELT = "rgb(23, 48, 31)"


def test_vs_code_and_colab_dark_themes_are_followed_and_the_picture_box_is_hidden(
    page: Page, screenshot: Screenshot
) -> None:
    page.emulate_media(color_scheme="light")
    assert host(page)["felt"] == LIGHT_FELT
    vscode = host(page, body='class="vscode-dark" data-vscode-theme-kind="vscode-dark"')
    assert vscode["felt"] == DARK_FELT
    screenshot(page, "layout-vscode-dark")
    assert host(page, body='class="vscode-high-contrast"')["felt"] == DARK_FELT
    high_contrast_light = 'class="vscode-high-contrast vscode-high-contrast-light"'
    assert host(page, body=high_contrast_light)["felt"] == LIGHT_FELT
    assert host(page, html='theme="dark"')["felt"] == DARK_FELT  # Colab
    # The system's dark preference counts only where the host says nothing of its own.
    page.emulate_media(color_scheme="dark")
    assert host(page)["felt"] == DARK_FELT
    assert host(page, body='class="vscode-light"')["felt"] == LIGHT_FELT
    assert host(page, html='theme="light"')["felt"] == LIGHT_FELT
    # The static picture's box (with its padding) does not show beside the live table.
    assert vscode["pictureShown"] is False


# -- Messages where the eyes are; the keys; tables in lesson texts ------------------------------


def test_a_refusal_shows_once_next_to_the_hand(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="stock-and-blocked")\nw'])
    widget = table(opened)
    status = widget.locator("[data-status]")
    card_in_hand(widget, "5h").click()
    pile(widget, "N").click()
    expect(status).to_contain_text("Nothing can be played on an ace")
    expect(widget.locator("[role='status']")).to_have_count(1)
    # Said once: the lesson panel does not repeat it beside the narration.
    said = status.inner_text()
    assert widget.locator(".kcw-side").inner_text().count(said) == 0
    # With the hand in view, the message is in view as well (1366x768: no scrolling between).
    into_view(widget.locator("[data-hand]"))
    hand = widget.locator("[data-hand]").bounding_box()
    line = status.bounding_box()
    assert hand
    assert line
    assert 0 <= line["y"] - (hand["y"] + hand["height"]) <= 40, (hand, line)
    assert line["y"] + line["height"] <= 768, line
    screenshot(widget, "layout-lesson-refusal-1366x768")

    # The keys list lays out in columns, each key beside what it does.
    widget.locator("[data-action='keys']").click()
    keys = widget.locator(".kcw-key")
    expect(keys.first).to_be_visible()
    rows = keys.evaluate_all(
        "keys => keys.map(k => [k.querySelector('dt').getBoundingClientRect().top,"
        " k.querySelector('dd').getBoundingClientRect().top, k.getBoundingClientRect().left])"
    )
    assert all(abs(dt - dd) <= 4 for dt, dd, _ in rows), rows
    assert len({round(left) for _, _, left in rows}) >= 2, "the keys should take two columns"
    into_view(keys.last)
    screenshot(widget, "layout-keys")


def test_a_lesson_table_is_drawn_with_lines_and_aligned_numbers(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="scoring-match", teacher=True)\nw'])
    widget = table(opened)
    widget.locator("[data-action='skip']").click()  # step 1 wants a move: the teacher skips it
    expect(widget.locator(".kcw-progress")).to_contain_text("Step 2 of 3")
    widget.locator("[data-action='next']").click()  # step 2 only reads
    expect(widget.locator(".kcw-progress")).to_contain_text("Step 3 of 3")
    grid = widget.locator(".kcw-narration table.kcw-md-table")
    expect(grid).to_have_count(1)
    cell = grid.locator("td").first
    expect(cell).to_have_css("border-top-style", "solid")  # retried: the table may redraw
    expect(cell).to_have_css("padding-left", "8px")
    into_view(grid)
    screenshot(widget, "layout-lesson-md-table")
