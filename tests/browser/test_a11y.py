"""Accessibility of the table in a real JupyterLab: axe-core finds no violation in any mode (play,
explore, lesson), in the light and the dark theme, with a card picked up and the keys list open;
the ring that marks a legal target keeps 3:1 against the felt in both themes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import NotebookPage
from tests.browser.test_widget import IMPORTS, card_in_hand, legal_piles, table

AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"

# One table of each mode in one notebook: a four-player explore position, a lesson, a new match.
EXPLORE = (
    "N:Jc E:8c7h6s5d4c S:5s W:- NE:KhQsJhTc9h8s7d SE:- SW:Kc NW:- "
    "P1:Th4h9c2d3sQdJd P2:?7 P3:?7 P4:?7 stock:9 turn:P1"
)
CELLS = [
    IMPORTS,
    f'explore = KingsCornerWidget(Game.from_position("{EXPLORE}"), mode="explore")\nexplore',
    'lesson = KingsCornerWidget(lesson="stock-and-blocked")\nlesson',
    "play = KingsCornerWidget(players=3, seed=11, speed=0)\nplay",
]

AXE_JS = """async () => {
    const result = await axe.run({include: [['.kcw-table']]}, {resultTypes: ['violations']});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5)
            .map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
    }));
}"""

RING_JS = """(pile) => {
    const rgb = (text) => (text.match(/rgba?\\(([^)]+)\\)/) || [null, '0,0,0'])[1]
        .split(/[ ,/]+/).filter(Boolean).slice(0, 3).map(Number);
    const luminance = ([r, g, b]) => {
        const lin = (c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    // The ring is the first (solid, spread) shadow of the legal pile; the felt is the pile's
    // background, the felt's own colour.
    const ring = rgb(getComputedStyle(pile).boxShadow);
    const felt = rgb(getComputedStyle(pile.closest('.kcw-felt')).backgroundColor);
    const [hi, lo] = [luminance(ring), luminance(felt)].sort((a, b) => b - a);
    return {ring, felt, contrast: (hi + 0.05) / (lo + 0.05)};
}"""


def inject_axe(page: Page) -> None:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing ({AXE}): run `cd js && npm install`")
    page.add_script_tag(path=str(AXE))


def violations(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(AXE_JS)
    return found


def set_theme(opened: NotebookPage, page: Page, theme: str) -> None:
    opened.command("apputils:change-theme", {"theme": theme})
    light = "false" if "Dark" in theme else "true"
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light)
    page.wait_for_function("() => !document.body.classList.contains('jp-mod-themeChanging')")
    page.wait_for_timeout(300)


def prepare(opened: NotebookPage) -> list[Locator]:
    """All three tables drawn, a card picked up on the explore table, its keys list open."""
    tables = [table(opened)] + [opened.widget(i) for i in (1, 2)]
    for widget in tables:
        expect(widget.locator("[data-pile='N']")).to_be_visible()
    explore = tables[0]
    card_in_hand(explore, "Th").click()
    expect(legal_piles(explore)).not_to_have_count(0)
    explore.locator("[data-action='keys']").click()
    expect(explore.locator(".kcw-keys")).to_be_visible()
    card_in_hand(explore, "Th").click()  # keys redrew the table: pick the ten up again
    if not legal_piles(explore).count():
        card_in_hand(explore, "Th").click()
    expect(legal_piles(explore)).not_to_have_count(0)
    return tables


def test_axe_finds_no_violation_in_any_mode_or_theme(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook(CELLS)
    tables = prepare(opened)
    modes = [
        w.locator(".kcw-table").evaluate("t => t.querySelector('.kcw-title').textContent")
        for w in tables
    ]
    inject_axe(page)
    found = {"light": violations(page)}
    rings = {"light": tables[0].locator("[data-legal]").first.evaluate(RING_JS)}
    try:
        set_theme(opened, page, "JupyterLab Dark")
        found["dark"] = violations(page)
        rings["dark"] = tables[0].locator("[data-legal]").first.evaluate(RING_JS)
        screenshot(tables[0], "a11y-explore-dark")
        screenshot(tables[1], "a11y-lesson-dark")
    finally:
        set_theme(opened, page, "JupyterLab Light")
    assert len(modes) == 3, modes
    for theme, listed in found.items():
        assert not listed, f"axe violations in the {theme} theme:\n{json.dumps(listed, indent=1)}"
    for theme, ring in rings.items():
        assert ring["contrast"] >= 3, f"legal-target ring below 3:1 on the {theme} felt: {ring}"
