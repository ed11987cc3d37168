"""The table widget end to end: clicks in a real JupyterLab reach the engine and the table redraws.

Every scenario asserts on both sides: the page, through the SPEC's ``data-*`` hooks (section 5), and
the Python state, read back by running a cell in the same page. Positions are explicit, so every
scenario is deterministic.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from kingscorner_widget import Game
from kingscorner_widget.engine.render import Picture
from kingscorner_widget.engine.words import card_label
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import (
    App,
    JupyterServer,
    NotebookPage,
    table_state,
    update_readme_picture,
    write_notebook,
)

# A cross of a black jack, a red six and a black five; P1 holds a red ten, a king and a red four.
OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
# Two whole-pile moves wait here: S (5s) onto E (6h), and W (Td) onto N (Jc).
TWO_PILE_MOVES = "N:Jc E:6h S:5s W:Td NE:- SE:- SW:- NW:- P1:Ks4h9c P2:?7 stock:38 turn:P1"

IMPORTS = "from kingscorner_widget import Game, KingsCornerWidget"
# A card of OPENING as the static picture labels it for screen readers.
STATIC_LABEL = "jack of clubs on the north pile"


def explore(line: str) -> list[str]:
    """Notebook cells that show ``line`` on an explore-mode table named ``w``."""
    return [IMPORTS, f'w = KingsCornerWidget(Game.from_position("{line}"), mode="explore")\nw']


def table(opened: NotebookPage) -> Locator:
    """The first card table in the notebook, once it has been drawn."""
    widget = opened.widget()
    try:
        expect(widget.locator("[data-pile='N']")).to_be_visible()
    except AssertionError:
        errors = opened.page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        raise AssertionError(
            "the table was not drawn; the notebook's errors: "
            + ("\n".join(errors.all_inner_texts()) or "none")
        ) from None
    return widget


def card_in_hand(widget: Locator, card: str) -> Locator:
    return widget.locator(f"[data-hand] [data-card='{card}']")


def pile(widget: Locator, space: str) -> Locator:
    return widget.locator(f"[data-pile='{space}']")


def legal_piles(widget: Locator) -> Locator:
    return widget.locator("[data-pile][data-legal]")


def python_position(opened: NotebookPage, player: int = 1) -> str:
    return opened.value(f"w.game.position(player={player})")


def assert_hooks(widget: Locator, actions: tuple[str, ...]) -> None:
    """The SPEC's hooks are all there: every pile (empty or not), the hand, the status line, the
    buttons, and cards a screen reader names in words, with their suit as a symbol."""
    shown = table_state(widget)
    assert sorted(shown["piles"]) == sorted(["N", "E", "S", "W", "NE", "SE", "SW", "NW"])
    expect(widget.locator("[data-hand]")).to_have_count(1)
    expect(widget.locator("[data-status]")).to_have_attribute("role", "status")
    for action in actions:
        expect(widget.locator(f"[data-action='{action}']")).to_have_count(1)
    ten = card_in_hand(widget, "Th")
    expect(ten).to_have_attribute("aria-label", re.compile("ten of hearts"))
    expect(ten).to_contain_text("♥")


# -- 1 and 8: click a card, the legal piles light up, click one to play ----------------------------


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_click_a_card_then_a_legal_pile_plays_it(
    notebook: OpenNotebook, app: App, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING), app=app)
    widget = table(opened)
    assert table_state(widget)["hand"] == ["Th", "Ks", "4h"]
    assert_hooks(widget, ("draw", "hint", "undo", "back", "forward", "new", "daily"))
    # The static picture kept for exports stays out of sight beside the live table.
    expect(opened.page.locator(f"svg:has([aria-label='{STATIC_LABEL}'])")).to_be_hidden()

    card_in_hand(widget, "Th").click()
    expect(legal_piles(widget)).to_have_count(2)
    assert table_state(widget)["legal"] == ["N", "W"]
    engine_targets = opened.json("sorted(m.split('>')[1] for m in w.legal if m.startswith('Th>'))")
    assert engine_targets == ["N", "W"]
    picture = screenshot(widget, f"1-card-selected-{app}")
    if app == "lab":
        update_readme_picture(picture)

    pile(widget, "N").click()
    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible()
    expect(card_in_hand(widget, "Th")).to_have_count(0)
    expect(legal_piles(widget)).to_have_count(0)
    shown = table_state(widget)
    assert shown["piles"]["N"] == ["Jc", "Th"]
    assert shown["hand"] == ["Ks", "4h"]
    screenshot(widget, f"1-card-played-{app}")

    assert python_position(opened) == (
        "N:JcTh E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1"
    )
    assert opened.value("w.status") == shown["status"]

    # The other way round: a move played from code shows on the table.
    opened.run_code('w.play("Ks>NE")')
    expect(pile(widget, "NE").locator("[data-card='Ks']")).to_be_visible()
    assert table_state(widget)["hand"] == ["4h"]


# -- 2: whole-pile moves, by clicking two piles and by drag and drop -------------------------------


def test_a_whole_pile_moves_by_clicks_and_by_drag_and_drop(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(explore(TWO_PILE_MOVES))
    widget = table(opened)

    pile(widget, "S").click()
    expect(legal_piles(widget)).to_have_count(1)
    assert table_state(widget)["legal"] == ["E"]
    pile(widget, "E").click()
    expect(pile(widget, "S").locator("[data-card]")).to_have_count(0)
    assert table_state(widget)["piles"]["E"] == ["6h", "5s"]
    assert opened.json("[str(m) for m in w.game.moves]") == ["S>E"]

    pile(widget, "W").drag_to(pile(widget, "N"))
    expect(pile(widget, "W").locator("[data-card]")).to_have_count(0)
    expect(pile(widget, "N").locator("[data-card='Td']")).to_be_visible()
    shown = table_state(widget)
    assert shown["piles"]["N"] == ["Jc", "Td"]
    assert shown["piles"]["E"] == ["6h", "5s"]
    screenshot(widget, "2-piles-moved")
    assert python_position(opened) == (
        "N:JcTd E:6h5s S:- W:- NE:- SE:- SW:- NW:- P1:Ks4h9c P2:?7 stock:38 turn:P1"
    )

    # A card drags from the hand as well: the nine of clubs into the emptied west space.
    card_in_hand(widget, "9c").drag_to(pile(widget, "W"))
    expect(pile(widget, "W").locator("[data-card='9c']")).to_be_visible()
    assert table_state(widget)["hand"] == ["Ks", "4h"]
    assert opened.json("[str(m) for m in w.game.moves]") == ["S>E", "W>N", "9c>W"]


# -- 3: a refused move --------------------------------------------------------------------------


def test_a_refused_move_gives_the_reason_and_changes_nothing(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING))
    widget = table(opened)
    before = table_state(widget)

    card_in_hand(widget, "4h").click()
    pile(widget, "NE").click()  # only a king opens an empty corner
    status = widget.locator("[data-status]")
    expect(status).to_contain_text("king")
    expect(status).to_have_attribute("role", "status")
    screenshot(widget, "3-refused")

    reason = opened.value(
        "__import__('kingscorner_widget.engine.words').engine.words.reason_words("
        "w.game.violation(__import__('kingscorner_widget').parse_move('4h>NE')))"
    )
    shown = table_state(widget)
    assert reason.lower() in shown["status"].lower()
    assert shown["status"] == opened.value("w.status")
    assert shown["piles"] == before["piles"]
    assert shown["hand"] == before["hand"]
    assert python_position(opened) == OPENING
    assert opened.value("len(w.game.moves)") == "0"


# -- a stale click: made against a table that changed before it arrived ---------------------------


def test_a_stale_click_on_a_table_that_changed_meanwhile_is_refused(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING))
    widget = table(opened)
    # The kernel is busy for a while, then plays Th>N from code; the click below is made on the
    # table as it was, so it reaches the kernel after the table has changed.
    mark = opened.start_code('import time\ntime.sleep(3)\nw.play("Th>N")\nprint(w.status)')
    card_in_hand(widget, "4h").click()
    expect(pile(widget, "W")).to_have_attribute("data-legal", re.compile(".*"))
    pile(widget, "W").click()
    after_play = opened.output(mark)

    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible()
    status = opened.value("w.status")  # runs after the click's message: its answer is in
    expect(widget.locator("[data-status]")).to_have_text(status)
    assert status != after_play, "the stale click left no word on the status line"
    screenshot(widget, "stale-click-refused")
    assert opened.json("[str(m) for m in w.game.moves]") == ["Th>N"]
    expect(card_in_hand(widget, "4h")).to_be_visible()
    assert table_state(widget)["piles"]["W"] == []


# -- 4: draw & end turn: the computer player's turn is shown and the turn comes back -------------

STATUS_RECORDER = """(root) => {
    const read = () => root.querySelector('[data-status]')?.textContent.trim() ?? '';
    window.kcwStatuses = [read()];
    new MutationObserver(() => {
        const text = read();
        if (text !== window.kcwStatuses.at(-1)) window.kcwStatuses.push(text);
    }).observe(root, {subtree: true, childList: true, characterData: true});
}"""


def test_draw_and_end_turn_shows_the_computer_turn_and_comes_back(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook(
        [
            IMPORTS,
            f'w = KingsCornerWidget(Game.from_position("{TWO_PILE_MOVES}"), mode="play", '
            "speed=0.2, seed=1)\nw",  # the seed fixes the computer player's choices
        ]
    )
    widget = table(opened)
    draw = widget.locator("[data-action='draw']")
    expect(draw).to_be_enabled()

    # A hint first: shown on the status line, a legal move, and nothing played.
    greeting = table_state(widget)["status"]
    widget.locator("[data-action='hint']").click()
    expect(widget.locator("[data-status]")).not_to_have_text(greeting)
    hint = opened.json("[w.status, w.snapshot['hint'], w.legal, len(w.game.moves)]")
    assert table_state(widget)["status"] == hint[0]
    assert hint[1]["move"] in hint[2]
    assert hint[3] == 0

    widget.evaluate(STATUS_RECORDER)

    draw.click()
    # The computer player's moves go by on the status line, then the turn comes back.
    page.wait_for_function(
        """() => window.kcwStatuses.some(text => text.startsWith('P2'))
            && window.kcwStatuses.at(-1).includes('Your turn')""",
        timeout=30_000,
    )
    expect(draw).to_be_enabled()
    screenshot(widget, "4-turn-back")

    moves = opened.json("[[p, str(m)] for p, m in zip(w.game.movers(), w.game.moves)]")
    assert moves[0] == [1, "draw"]
    computer = [move for player, move in moves if player == 2]
    assert computer, "the computer player made no move"
    assert computer[-1] in ("draw", "pass")
    assert opened.value("w.game.turn") == "1"
    words = opened.json("[e['words'] for e in w.snapshot['log'] if e.get('player') == 2]")
    assert len(words) == len(computer)
    seen = page.evaluate("() => window.kcwStatuses")
    for line in words:  # every computer move was on the status line at some point
        assert any(line in text for text in seen), (line, seen)

    hand = opened.json("[str(c) for c in w.game.hand(1)]")
    assert len(hand) == 4
    assert table_state(widget)["hand"] == hand


# -- 5: back, forward, undo, and a branch from an earlier point ----------------------------------


def play_by_clicks(widget: Locator, card: str, space: str) -> None:
    card_in_hand(widget, card).click()
    expect(pile(widget, space)).to_have_attribute("data-legal", re.compile(".*"))
    pile(widget, space).click()
    expect(pile(widget, space).locator(f"[data-card='{card}']")).to_be_visible()


def test_history_back_forward_undo_and_branching(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING))
    widget = table(opened)
    action = {name: widget.locator(f"[data-action='{name}']") for name in ("back", "forward")}
    undo = widget.locator("[data-action='undo']")

    play_by_clicks(widget, "Th", "N")
    play_by_clicks(widget, "Ks", "NE")
    assert opened.json("[str(m) for m in w.game.moves]") == ["Th>N", "Ks>NE"]

    action["back"].click()
    expect(pile(widget, "NE").locator("[data-card]")).to_have_count(0)
    expect(card_in_hand(widget, "Ks")).to_be_visible()
    assert opened.json("w.snapshot['history']") == {"at": 1, "length": 2}
    action["back"].click()
    expect(card_in_hand(widget, "Th")).to_be_visible()
    assert table_state(widget)["piles"]["N"] == ["Jc"]
    assert opened.json("w.snapshot['history']") == {"at": 0, "length": 2}

    action["forward"].click()
    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible()
    assert opened.json("[str(m) for m in w.game.moves]") == ["Th>N"]
    screenshot(widget, "5-stepped-back")

    # A different move here makes a new line beside Th>N Ks>NE, which is kept.
    play_by_clicks(widget, "4h", "W")
    expect(widget.locator("[data-status]")).to_contain_text("branch")
    assert table_state(widget)["piles"]["NE"] == []
    assert opened.json("w.snapshot['history']") == {"at": 2, "length": 2}
    assert opened.json("[str(m) for m in w.game.moves]") == ["Th>N", "4h>W"]
    assert opened.json("[line.moves for line in w.lines]") == [["Th>N", "Ks>NE"], ["Th>N", "4h>W"]]

    undo.click()  # 4h>W is forgotten; the current line goes on through Ks>NE again
    expect(card_in_hand(widget, "4h")).to_be_visible()
    assert table_state(widget)["piles"]["W"] == []
    assert opened.json("w.snapshot['history']") == {"at": 1, "length": 2}
    assert python_position(opened) == (
        "N:JcTh E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1"
    )


# -- 6: a lesson: a wrong move explained, the right one accepted, "show me" and "next" -----------

LESSON = f"""from kingscorner_widget.lessons import Lesson
lesson = Lesson.from_dict({{
    "title": "Two first moves",
    "steps": [
        {{
            "position": "{OPENING}",
            "narration": "Put the ten of hearts on the jack of clubs.",
            "expect": [["Th>N"]],
            "after": "Well done: red ten on black jack.",
        }},
        {{
            "position": "{TWO_PILE_MOVES}",
            "narration": "Move the south pile onto the east pile.",
            "expect": [["S>E"]],
            "goal": "card",
            "fresh": True,
            "after": "The south space is free again.",
        }},
    ],
}})
w = KingsCornerWidget(mode="lesson", lesson=lesson)
w"""


def test_a_lesson_explains_accepts_shows_and_moves_on(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, LESSON])
    widget = table(opened)
    assert_hooks(widget, ("next", "show", "hint"))
    status = widget.locator("[data-status]")
    expect(widget).to_contain_text("Put the ten of hearts on the jack of clubs")

    # Legal, but not what the step asks: explained, and not played.
    greeting = table_state(widget)["status"]
    card_in_hand(widget, "Th").click()
    pile(widget, "W").click()
    expect(status).not_to_have_text(greeting)
    explained = table_state(widget)["status"]
    assert explained
    assert explained == opened.value("w.status")
    expect(card_in_hand(widget, "Th")).to_be_visible()
    assert table_state(widget)["piles"]["W"] == []
    assert python_position(opened) == OPENING
    screenshot(widget, "6-lesson-wrong-move")
    # Against the rules: the engine's reason.
    card_in_hand(widget, "4h").click()
    pile(widget, "NE").click()
    expect(status).to_contain_text("king")
    assert table_state(widget)["status"] == opened.value("w.status")
    assert python_position(opened) == OPENING

    play_by_clicks(widget, "Th", "N")
    expect(status).to_contain_text("Well done")
    assert opened.value("w.game.position(player=1)").startswith("N:JcTh ")

    widget.locator("[data-action='next']").click()
    expect(widget).to_contain_text("Move the south pile onto the east pile")
    expect(pile(widget, "W").locator("[data-card='Td']")).to_be_visible()
    assert python_position(opened) == TWO_PILE_MOVES

    widget.locator("[data-action='show']").click()
    expect(pile(widget, "S").locator("[data-card]")).to_have_count(0)
    assert table_state(widget)["piles"]["E"] == ["6h", "5s"]
    expect(status).to_contain_text("south space is free")
    screenshot(widget, "6-lesson-shown")
    assert opened.json("[str(m) for m in w.game.moves]") == ["S>E"]


# -- 7: keyboard only ----------------------------------------------------------------------------


def tab_to(page: Page, target: Locator, *, limit: int = 60) -> None:
    """Press Tab until ``target`` has the keyboard focus."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


NOTEBOOK_CELLS = """() => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    return {types: notebook.widgets.map(cell => cell.model.type), mode: notebook.mode};
}"""


def test_keyboard_only_selects_targets_and_plays_a_card(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING))
    widget = table(opened)
    cells = page.evaluate(NOTEBOOK_CELLS)
    # Start where a Tab from the notebook would: the first focusable element of the table.
    widget.locator("[tabindex], button").first.focus()

    tab_to(page, card_in_hand(widget, "Th"))
    page.keyboard.press("Enter")
    expect(legal_piles(widget)).to_have_count(2)
    tab_to(page, pile(widget, "N"))
    screenshot(widget, "7-keyboard-target")
    page.keyboard.press("Enter")

    expect(pile(widget, "N").locator("[data-card='Th']")).to_be_visible()
    assert table_state(widget)["hand"] == ["Ks", "4h"]

    # The table's own keys (its "Keys" list) are also JupyterLab command-mode shortcuts: "4"
    # would turn a cell into a heading, "d d" delete it. In the table they play: 4 is the west
    # space on the number pad, d draws and ends the turn.
    tab_to(page, card_in_hand(widget, "4h"))
    page.keyboard.press("Enter")
    page.keyboard.press("4")
    expect(pile(widget, "W").locator("[data-card='4h']")).to_be_visible()
    page.keyboard.press("d")
    # P2's turn: P1 keeps the bottom seat (explore no longer turns the table), P2 stays face down.
    expect(widget.locator("[data-player='2']")).to_contain_text("to play")
    expect(card_in_hand(widget, "Ks")).to_be_visible()
    page.keyboard.press("d")
    # The keys went to the table, not to the notebook: no cell added, changed, deleted or opened.
    assert page.evaluate(NOTEBOOK_CELLS) == cells
    assert opened.json("[str(m) for m in w.game.moves]") == ["Th>N", "4h>W", "draw", "draw"]


# -- 9: the dark theme ---------------------------------------------------------------------------

CONTRAST_JS = """(root) => {
    const rgba = (text) => {
        const m = text.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return [0, 0, 0, 0];
        const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
        return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const background = (el) => {
        for (let node = el; node; node = node.parentElement) {
            const colour = rgba(getComputedStyle(node).backgroundColor);
            if (colour[3] > 0.5) return colour;
        }
        return [255, 255, 255, 1];
    };
    const luminance = ([r, g, b]) => {
        const lin = (c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    const texts = [];
    for (const card of root.querySelectorAll('[data-card]')) {
        const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const el = walker.currentNode.parentElement;
            if (!walker.currentNode.textContent.trim() || !el.checkVisibility()) continue;
            const fg = rgba(getComputedStyle(el).color);
            texts.push({card: card.dataset.card, text: walker.currentNode.textContent.trim(),
                        contrast: contrast(fg, background(el))});
        }
    }
    const status = root.querySelector('[data-status]');
    return {
        texts,
        table: luminance(background(root.querySelector('[data-pile]').parentElement)),
        status: contrast(rgba(getComputedStyle(status).color), background(status)),
    };
}"""


def test_dark_theme_renders_readable_cards(
    notebook: OpenNotebook, page: Page, screenshot: Screenshot
) -> None:
    opened = notebook(explore(OPENING))
    widget = table(opened)
    light = widget.evaluate(CONTRAST_JS)
    try:
        opened.command("apputils:change-theme", {"theme": "JupyterLab Dark"})
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
        page.wait_for_function(
            "() => !document.body.classList.contains('jp-mod-themeChanging')"
            " && getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim()"
            " !== ''"
        )
        card_in_hand(widget, "Th").click()
        expect(legal_piles(widget)).to_have_count(2)
        screenshot(widget, "9-dark-theme")
        dark = widget.evaluate(CONTRAST_JS)
    finally:
        opened.command("apputils:change-theme", {"theme": "JupyterLab Light"})
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "true")

    assert light["table"] > 0.5, "the light theme should give a light table"
    assert dark["table"] < 0.2, f"the table does not follow the dark theme: {dark['table']:.2f}"
    assert {text["card"] for text in dark["texts"]} >= {"Jc", "6h", "5s", "Th", "Ks", "4h"}
    unreadable = [text for text in dark["texts"] if text["contrast"] < 4.5]
    assert not unreadable, f"card text below 4.5:1 contrast in the dark theme: {unreadable}"
    assert dark["status"] >= 4.5


# -- 10: nbconvert keeps a static picture of the table --------------------------------------------


def test_exported_html_shows_the_static_picture(
    jupyter: JupyterServer, page: Page, screenshot: Screenshot
) -> None:
    path = write_notebook(jupyter.root / "exported.ipynb", explore(OPENING))
    html = jupyter.nbconvert_html(path)
    # Offline, as an exported file is often read: nothing but the file itself loads.
    page.route(re.compile(r"^(?!file:).*"), lambda route: route.abort())
    page.goto(html.as_uri())
    picture = page.locator(".kcw-fallback img")  # an SVG data URI: untrusted HTML keeps it
    expect(picture).to_be_visible()
    box = picture.bounding_box()
    assert box is not None
    assert box["width"] > 200
    assert box["height"] > 200
    svg = Picture.decode(picture.evaluate("img => img.outerHTML"))
    for label in (
        STATIC_LABEL,
        "six of hearts on the east pile",
        "five of spades on the south pile",
    ):
        assert svg.count(f'aria-label="{label}"') == 1
    # Only what P1 may see: none of P2's hidden cards is drawn.
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', svg))
    assert "ten of hearts" in labels
    hidden = [card_label(card) for card in Game.from_position(OPENING).hand(2)]
    assert not [words for words in hidden if words in labels]
    screenshot(picture, "10-exported")
