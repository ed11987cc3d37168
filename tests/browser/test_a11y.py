"""Accessibility of the table in real hosts: axe-core (wcag2a, 2aa, 21aa, 22aa and best
practice) finds nothing in any mode and state, in light and dark, in JupyterLab, Notebook 7 and
Voila; the browser test prints the count per rule and state. The marks that carry the rule
(a legal target, the picked card or pile, a hint) are borders of their own, not shadows, so they
survive forced colours (Windows high contrast); the four-colour deck and the high-contrast theme
are chosen at the table by their keys. Screenshots at 1366x768 show each.

The states, one table each on one page (so two tables and more share it, each with its own ids):
explore at rest, a lesson at rest, play at rest, a hint on the table, the computers moving, a
finished hand's summary, a review, a lesson's end, and a table in the four-colour deck and high
contrast; then a card picked up (explore) and the keys list open (play).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.hosts import VoilaServer, serving
from tests.browser.jupyter_server import App, NotebookPage, write_notebook
from tests.browser.test_widget import IMPORTS, card_in_hand, legal_piles

AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

EXPLORE = (
    "N:Jc E:8c7h6s5d4c S:5s W:- NE:KhQsJhTc9h8s7d SE:- SW:Kc NW:- "
    "P1:Th4h9c2d3sQdJd P2:?7 P3:?7 P4:?7 stock:9 turn:P1"
)
FINISH = (
    "{name} = KingsCornerWidget(players=2, seed=11, speed=0)\n"
    "{name}.skip()\n"
    "while not {name}.game.is_over():\n"
    "    {name}.play({name}.legal[0]); {name}.skip()\n"
)
LESSON_END = (
    'ended = KingsCornerWidget(lesson="moves")\n'
    "for _ in range(300):\n"
    "    if ended.lesson.done: break\n"
    "    if ended.lesson.step_done: ended.next_step(); continue\n"
    "    if not ended.show_me(): ended.next_step()\n"
    "ended"
)
LOOK = (
    "looked = KingsCornerWidget(players=2, seed=5, speed=0)\n"
    "for kind in ('deck', 'contrast'):\n"
    "    looked.handle_message({'kind': kind, 'version': looked.snapshot['version']})\n"
    "looked"
)
STATES: dict[str, str] = {
    "explore": f'explore = KingsCornerWidget(Game.from_position("{EXPLORE}"), mode="explore")\n'
    "explore",
    "lesson": 'lesson = KingsCornerWidget(lesson="stock-and-blocked")\nlesson',
    "play": "play = KingsCornerWidget(players=3, seed=11, speed=0)\nplay",
    "hint": "hinted = KingsCornerWidget(players=2, seed=5, speed=0)\nhinted.hint()\nhinted",
    "moving": 'moving = KingsCornerWidget(players=3, seed=11, speed=10, watch="greedy")\nmoving',
    "summary": FINISH.format(name="over") + "over",
    "review": FINISH.format(name="reviewed") + 'reviewed.mode = "review"\nreviewed',
    "lesson end": LESSON_END,
    "four colours, high contrast": LOOK,
}
CELLS = [IMPORTS, *STATES.values()]

# The violations, and how many elements the rules about what is seen checked (colour contrast,
# the label in the name): none would mean axe saw nothing of the table, a sweep passing for
# nothing (as it did while JupyterLab kept its cells from being laid out, see inject_axe).
AXE_JS = """async ([root, tags]) => {
    const result = await axe.run(root, {runOnly: {type: 'tag', values: tags},
                                         resultTypes: ['violations', 'passes']});
    const seen = ['color-contrast', 'label-content-name-mismatch'];
    const checked = [...result.passes, ...result.violations]
        .filter(r => seen.includes(r.id)).reduce((n, r) => n + r.nodes.length, 0);
    return {checked, violations: result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
        nodes: v.nodes.slice(0, 3)
            .map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
    }))};
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
    // The ring is the legal pile's own border (::after); the felt is the felt's own colour.
    const mark = getComputedStyle(pile, '::after');
    const ring = rgb(mark.borderTopColor);
    const felt = rgb(getComputedStyle(pile.closest('.kcw-felt')).backgroundColor);
    const [hi, lo] = [luminance(ring), luminance(felt)].sort((a, b) => b - a);
    return {ring, felt, contrast: (hi + 0.05) / (lo + 0.05), style: mark.borderTopStyle,
            width: parseFloat(mark.borderTopWidth)};
}"""

MARK_JS = """(node, which) => {
    const mark = getComputedStyle(node, which);
    return {style: mark.borderTopStyle, width: parseFloat(mark.borderTopWidth),
            colour: mark.borderTopColor, content: mark.content};
}"""


def inject_axe(page: Page) -> None:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing ({AXE}): run `cd js && npm install`")
    page.add_script_tag(path=str(AXE))
    # JupyterLab 4 and Notebook 7 skip laying out cells off screen (content-visibility: auto),
    # and axe reads such a cell as not shown: every rule about what is seen (colour contrast,
    # the label in the name) then passes as "inapplicable". Lay every cell out, as on screen.
    page.add_style_tag(content=".jp-Cell, .jp-Cell * { content-visibility: visible !important; }")


def violations(page: Page, root: Locator) -> list[dict[str, Any]]:
    root.evaluate("t => t.scrollIntoView({block: 'start'})")  # contrast is read on screen
    result: dict[str, Any] = page.evaluate(AXE_JS, [root.element_handle(), TAGS])
    CHECKED.append(int(result["checked"]))
    found: list[dict[str, Any]] = result["violations"]
    return found


CHECKED: list[int] = []
"""How many elements the rules about what is seen checked, sweep by sweep (see AXE_JS)."""

OPEN = {
    "label-content-name-mismatch": "a card shows '10♥' and is named 'ten of hearts, in your hand'"
    " (a pile shows 'N' and its count): the names are words, the faces symbols (open, issue 42)",
}
"""The one rule left open, where axe can see the table (Voila): any other rule fails."""


def set_theme(opened: NotebookPage, page: Page, theme: str) -> None:
    opened.command("apputils:change-theme", {"theme": theme})
    light = "false" if "Dark" in theme else "true"
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light)
    page.wait_for_function("() => !document.body.classList.contains('jp-mod-themeChanging')")
    page.wait_for_function(
        "() => getComputedStyle(document.body).getPropertyValue('--jp-layout-color1') !== ''"
    )


def drawn(roots: list[Locator]) -> None:
    """Every table drawn (a host may show the page only once every cell has run)."""
    for root in roots:
        expect(root.locator("[data-pile='N']")).to_be_attached(timeout=60_000)
    for root in roots:
        root.evaluate("t => t.scrollIntoView({block: 'start'})")  # a host may draw in view only
        expect(root.locator("[data-pile='N']")).to_be_visible(timeout=60_000)


def sweep(page: Page, by_name: dict[str, Locator], theme: str) -> dict[str, list[dict[str, Any]]]:
    """Every state's violations in ``theme``: each table at rest, then a card picked up on the
    explore table and the keys list open on the play table (when they are on the page)."""
    found = {f"{name} ({theme})": violations(page, root) for name, root in by_name.items()}
    explore, play = by_name.get("explore"), by_name.get("play")
    if explore is not None:
        card_in_hand(explore, "Th").click()
        expect(legal_piles(explore)).not_to_have_count(0)
        found[f"a card picked ({theme})"] = violations(page, explore)
        card_in_hand(explore, "Th").click()
        expect(legal_piles(explore)).to_have_count(0)
    if play is not None:
        play.locator("[data-action='keys']").click()
        expect(play.locator(".kcw-keys")).to_be_visible()
        found[f"keys list ({theme})"] = violations(page, play)
        play.locator("[data-action='keys']").click()
        expect(play.locator(".kcw-keys")).to_have_count(0)
    return found


def report(host: str, found: dict[str, list[dict[str, Any]]], *, seen: bool = True) -> None:
    """Print the count per rule in each state; fail on any rule but :data:`OPEN`'s. ``seen``:
    whether axe could see the table's text at all (in JupyterLab and Notebook 7 axe 4.14 reads
    every cell inside the notebook's windowed panel as not shown, so the rules about what is
    seen are "inapplicable" there: the printout says how many elements they checked)."""
    checked = sum(CHECKED)
    CHECKED.clear()
    print(
        f"\naxe ({', '.join(TAGS)}) in {host}, violations per state"
        f" (elements checked for contrast and label-in-name: {checked}):"
    )
    for state, listed in found.items():
        rules = Counter({v["id"]: v["count"] for v in listed})
        print(f"  {state}: {sum(rules.values())} {dict(rules) if rules else ''}")
    if seen:
        assert checked > 0, f"axe saw nothing of the tables in {host}"
    bad = {
        state: [v for v in listed if v["id"] not in OPEN]
        for state, listed in found.items()
        if any(v["id"] not in OPEN for v in listed)
    }
    assert not bad, f"axe violations in {host}:\n{json.dumps(bad, indent=1)}"


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_axe_finds_nothing_in_any_state_or_theme(
    notebook: OpenNotebook, page: Page, app: App, screenshot: Screenshot
) -> None:
    opened = notebook(CELLS, app=app)
    roots = [opened.widget(i).locator(".kcw-table") for i in range(len(STATES))]
    drawn(roots)
    inject_axe(page)
    by_name = dict(zip(STATES, roots, strict=True))
    found = sweep(page, by_name, "light")
    try:
        set_theme(opened, page, "JupyterLab Dark")
        found |= sweep(page, by_name, "dark")
        screenshot(roots[0], f"a11y-{app}-explore-dark")
    finally:
        set_theme(opened, page, "JupyterLab Light")
    ids = page.evaluate("() => [...document.querySelectorAll('.kcw-table [id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "two tables share an element id"
    report("JupyterLab" if app == "lab" else "Notebook 7", found, seen=False)


# Voila lays out only the cells it counts as in view (the others are 0x0, and axe would see
# nothing of them, or a table it may leave out as it scrolls): one table a page (two tables on
# one page are swept in JupyterLab and Notebook 7).
VOILA_PAGES = [[name] for name in STATES]


def test_axe_finds_nothing_in_voila(tmp_path: Path, page: Page) -> None:
    found: dict[str, list[dict[str, Any]]] = {}
    for number, names in enumerate(VOILA_PAGES):
        path = write_notebook(
            tmp_path / f"states{number}.ipynb", [IMPORTS] + [STATES[n] for n in names]
        )
        with serving(VoilaServer(path)) as voila:
            for theme in ("light", "dark"):
                page.goto(f"{voila.page_url()}&theme={theme}")
                light = "true" if theme == "light" else "false"
                expect(page.locator("body")).to_have_attribute(
                    "data-jp-theme-light", light, timeout=60_000
                )
                # the live tables (each cell's static picture, hidden once its table is
                # drawn, is no table of ours)
                live = page.locator(".kcw-table[data-lm-suppress-shortcuts]")
                roots = [live.nth(i) for i in range(len(names))]
                drawn(roots)
                inject_axe(page)
                found |= sweep(page, dict(zip(names, roots, strict=True)), theme)
    report("Voila", found)


PLAY = "w = KingsCornerWidget(players=2, seed=5, speed=0)\nw"


def test_the_marks_survive_forced_colours_and_the_looks_are_chosen_by_key(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    opened = notebook([IMPORTS, PLAY])
    widget = opened.widget()
    root = widget.locator(".kcw-table")
    expect(root.locator("[data-pile='N']")).to_be_visible()
    card = str(opened.value("next(m for m in w.legal if '>' in m).split('>')[0]"))
    picked = card_in_hand(widget, card)
    picked.focus()
    page.keyboard.press("Enter")
    target = legal_piles(widget).first
    expect(target).to_be_visible()
    rings = {"light": target.evaluate(RING_JS)}
    assert picked.evaluate(MARK_JS, "::after")["style"] == "double"

    # Forced colours: every mark keeps its border (its own shape), the shadows are gone.
    page.emulate_media(forced_colors="active")
    try:
        ring = target.evaluate(RING_JS)
        assert ring["style"] == "solid", ring
        assert ring["width"] >= 3, ring
        assert target.evaluate("p => getComputedStyle(p).boxShadow") == "none"
        chosen = picked.evaluate(MARK_JS, "::after")
        assert chosen["style"] == "double", chosen
        assert chosen["width"] >= 3, chosen
        # The red suits' ranks are ringed: the red/black family shows without its colour.
        red = root.locator(".kcw-red .kcw-idx b").first
        assert red.evaluate("b => parseFloat(getComputedStyle(b).borderTopWidth)") > 0
        into_view(root)
        screenshot(page, "a11y-forced-colours-card-picked")
    finally:
        page.emulate_media(forced_colors="none")

    # The hint's mark, dashed and further out than a target's ring.
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    hinted = root.locator("[data-pile].kcw-hinted, [data-hand] .kcw-hinted").first
    expect(hinted).to_be_visible()
    assert hinted.evaluate(MARK_JS, "::before")["style"] == "dashed"

    # The four-colour deck, by its key (C): clubs green, diamonds blue, red ranks ringed.
    card_in_hand(widget, card).focus()
    page.keyboard.press("c")
    expect(root).to_have_attribute("data-deck", "four")
    colours = root.evaluate(
        """(t) => Object.fromEntries(['c', 'd', 'h', 's'].map(s => {
            const card = t.querySelector(`[data-card$='${s}']`);
            return [s, card ? getComputedStyle(card).color : null];
        }))"""
    )
    shown = {suit: colour for suit, colour in colours.items() if colour}
    assert len(set(shown.values())) == len(shown), shown  # each suit its own colour
    page.keyboard.press("Enter")
    expect(legal_piles(widget)).not_to_have_count(0)
    into_view(root)
    screenshot(page, "a11y-four-colour-deck")

    # High contrast, by its key (O): the target's ring keeps 3:1 and more on the black felt.
    page.keyboard.press("o")
    expect(root).to_have_attribute("data-contrast", "high")
    expect(legal_piles(widget)).not_to_have_count(0)
    rings["high contrast"] = legal_piles(widget).first.evaluate(RING_JS)
    into_view(root)
    screenshot(page, "a11y-high-contrast")
    for look, ring in rings.items():
        assert ring["contrast"] >= 3, f"legal-target ring below 3:1 on the {look} felt: {ring}"
    assert re.search(r"High contrast is on", opened.value("w.status"))


def into_view(root: Locator) -> None:
    root.evaluate("t => t.scrollIntoView({block: 'start'})")
