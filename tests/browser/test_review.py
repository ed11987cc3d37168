"""Review mode end to end in JupyterLab: open a review, step through the turns, show the better
turn on the table, jump to the next mistake, practise the mistakes and come back; and play's
"Review this hand" with the way back to the match. Each step is checked on the page and in Python,
and pictured at a laptop's 1366 x 768."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.jupyter_server import NotebookPage
from tests.browser.test_widget import IMPORTS, play_by_clicks, table

# Seed 2: P1 plays at random against two greedy players; P1's 8 turns hold an inaccuracy (turn 1)
# and 4 mistakes, the first of them at turn 5 (tests/table/test_review_session.py plays the same
# hand).
HAND = """from kingscorner_widget.analysis.players import GreedyPlayer, RandomPlayer
game = Game.new(players=3, seed=2)
bots = [RandomPlayer(seed=2), GreedyPlayer(), GreedyPlayer()]
while not game.is_over():
    game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
w = KingsCornerWidget(game, mode="review", viewer=1, speed=0.1)
w"""


def laptop(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})


def picture(screenshot: Screenshot, page: Page, widget: Locator, name: str) -> None:
    """The page at a laptop's size, the table scrolled into view (the cells the test runs to read
    Python's side scroll the notebook down)."""
    into_view(widget)
    screenshot(page, name)


def turn_on_table(opened: NotebookPage) -> int:
    return int(opened.value('w.snapshot["review"]["turn"]'))


def hand_shown(widget: Locator) -> list[str]:
    cards = widget.locator("[data-hand] [data-card]")
    return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]


def test_a_review_stepped_shown_and_practised(
    notebook: OpenNotebook, screenshot: Screenshot, page: Page
) -> None:
    laptop(page)
    opened = notebook([IMPORTS, HAND])
    widget = table(opened)
    panel = widget.locator("[data-review]")
    status = widget.locator("[data-status]")
    expect(panel).to_contain_text("Turn 1 of 8")
    expect(status).to_contain_text("Turn 1 of 8. A small slip: you played")
    expect(widget.locator("[data-action='draw']")).to_have_count(0)
    assert hand_shown(widget) == opened.json("[str(c) for c in w.game.hand(1)]")
    for seat in ("2", "3"):  # the other hands stay face down
        expect(widget.locator(f"[data-player='{seat}'] [data-card]")).to_have_count(0)
    picture(screenshot, page, widget, "review-start")

    widget.locator("[data-action='forward']").click()
    expect(panel).to_contain_text("Turn 2 of 8")
    assert turn_on_table(opened) == 2
    widget.locator("[data-action='back']").click()
    expect(panel).to_contain_text("Turn 1 of 8")
    expect(widget.locator("[data-action='back']")).to_be_disabled()

    widget.locator("[data-action='next']").click()  # the next turn to learn from
    expect(panel).to_contain_text("Turn 5 of 8")
    expect(widget.locator("[data-verdict]")).to_have_attribute("data-verdict", "mistake")
    assert turn_on_table(opened) == 5
    assert hand_shown(widget) == opened.json("[str(c) for c in w.game.hand(1)]")
    start = opened.value("len(w.game.moves)")
    best = opened.json(
        '[str(m) for m in w.session.turn.best.moves if str(m) not in ("draw", "pass")]'
    )
    picture(screenshot, page, widget, "review-mistake")

    widget.locator("[data-action='show']").click()
    expect(status).to_contain_text("That is the best turn here")
    assert opened.json(f"[str(m) for m in w.game.moves[{start}:]]") == best
    for card in [m.split(">")[0] for m in best if len(m.split(">")[0]) == 2]:  # cards, not piles
        expect(widget.locator(f"[data-hand] [data-card='{card}']")).to_have_count(0)
    picture(screenshot, page, widget, "review-better-turn")

    widget.locator("[data-action='practise']").click()
    expect(widget.locator(".kcw-lesson h3")).to_have_text("Practise P1's turns to learn from")
    assert opened.value("w.mode") == "lesson"
    steps = opened.json("len(w.lesson.lesson.steps)")
    assert steps == 5  # the four mistakes and the inaccuracy of turn 1
    expect(widget.locator(".kcw-lesson")).to_contain_text(f"Step 1 of {steps}")
    show = widget.locator("[data-action='show']")
    for _ in range(20):  # the lesson's show me gives one move a click, saying how many are left
        before = status.text_content() or ""
        show.click()
        expect(status).not_to_have_text(before)
        if "That is the best turn here" in (status.text_content() or ""):
            break
    expect(status).to_contain_text("That is the best turn here")
    picture(screenshot, page, widget, "review-practice")
    widget.locator("[data-action='resume']").click()
    expect(panel).to_contain_text("Turn 5 of 8")
    assert opened.value("w.mode") == "review"


def test_play_offers_review_this_hand_and_the_way_back(
    notebook: OpenNotebook, screenshot: Screenshot, page: Page
) -> None:
    laptop(page)
    opened = notebook(
        [
            IMPORTS,
            "w = KingsCornerWidget(players=3, seed=4, speed=0)\nw",
            "while not w.game.is_over():\n"
            "    w.skip() if w.waiting is not None else w.play(w.legal[0])",
        ]
    )
    widget = table(opened)
    offer = widget.locator("[data-action='review']")
    expect(offer).to_have_text("Review this hand")
    before = opened.value("w.game.position()")
    offer.click()
    panel = widget.locator("[data-review]")
    expect(panel).to_contain_text("Turn 1 of")
    expect(panel.locator("h3")).to_have_text("Your turns")
    assert opened.value("w.mode") == "review"
    picture(screenshot, page, widget, "review-from-play")
    back = widget.locator("[data-action='resume']")
    expect(back).to_have_text("Back to the match")
    back.click()
    expect(widget.locator("[data-action='next']")).to_have_text("Next hand")
    assert opened.value("w.mode") == "play"
    assert opened.value("w.game.position()") == before


WIN_HAND = HAND.replace('mode="review", viewer=1', 'mode="review", viewer=1, judge="win"')


def test_a_review_by_win_chance_stepped_and_practised(
    notebook: OpenNotebook, screenshot: Screenshot, page: Page
) -> None:
    laptop(page)
    opened = notebook([IMPORTS, WIN_HAND])
    widget = table(opened)
    panel = widget.locator("[data-review]")
    expect(panel).to_contain_text("Turn 1 of 8")
    # the chances arrive in the background; the panel says so until they do
    chances = panel.locator("[data-chance]")
    expect(chances).to_have_count(4, timeout=120_000)
    expect(panel.locator("[data-estimating]")).to_have_count(0)
    played = opened.value("round(100 * w.session.turn.win.played)")
    expect(panel.locator("[data-chance='played']")).to_contain_text(f"{played}%")
    expect(panel.locator("[data-chance='most']")).to_contain_text(
        str(opened.value("w.session.turn.best_shed"))
    )
    picture(screenshot, page, widget, "review-win-start")

    widget.locator("[data-action='forward']").click()  # the page answers at once
    expect(panel).to_contain_text("Turn 2 of 8", timeout=1_000)
    expect(chances).to_have_count(4, timeout=120_000)

    # every estimate in: then Next to learn and Practise these know every turn
    practise = widget.locator("[data-action='practise']")
    expect(practise).not_to_have_attribute("aria-disabled", "true", timeout=300_000)
    learn = opened.json("[t.number for t in w.session.judged().turns if t.verdict != 'best']")
    assert learn, "the hand has a turn to learn from by win chance"
    while turn_on_table(opened) != learn[0]:
        widget.locator("[data-action='next']").click()
        expect(panel.locator("[data-verdict]")).not_to_have_attribute("data-verdict", "best")
    expect(panel).to_contain_text(f"Turn {learn[0]} of 8")
    start = opened.value("len(w.game.moves)")
    best = opened.json(
        '[str(m) for m in w.session.turn.win.best_moves if str(m) not in ("draw", "pass")]'
    )
    status = widget.locator("[data-status]")
    widget.locator("[data-action='show']").click()
    expect(status).to_contain_text("best turn found by chance of winning", timeout=30_000)
    assert opened.json(f"[str(m) for m in w.game.moves[{start}:]]") == best
    if not best:  # the better turn keeps the hand: the status says so, and nothing moves
        expect(status).to_contain_text("The better turn plays no card: keep your whole hand")
    picture(screenshot, page, widget, "review-win-better-turn")

    practise.click()
    assert opened.value("w.mode") == "lesson"
    expect(widget.locator(".kcw-lesson")).to_contain_text("Step 1 of")
    # the turn played in the game, played again, is judged when it ends: refused, and kept
    played = opened.json(
        "[str(m) for m in __import__('kingscorner_widget.lessons.practice').lessons.practice"
        ".practised_turns(w.session.came_from.judged(), True)[0].moves]"
    )
    *cards, end = played
    assert end == "draw", played
    for move in cards:
        card, space = move.split(">")
        play_by_clicks(widget, card, space)
    kept = opened.value("w.game.position(1)")
    widget.locator("[data-action='draw']").click()
    expect(status).to_contain_text(
        "fewer wins in every 100 games, more than luck explains in 240 games played out"
    )
    assert opened.value("w.game.position(1)") == kept
    picture(screenshot, page, widget, "review-win-practice-refused")
    show = widget.locator("[data-action='show']")
    if cards:  # off the best turn: show me says how to see it
        expect(show).to_have_attribute("aria-disabled", "true")
        expect(show).to_have_attribute("title", re.compile("take them back to see it"))
        for _ in cards:
            widget.locator("[data-action='undo']").click()
        expect(show).not_to_have_attribute("aria-disabled", "true")
    for _ in range(20):  # show me plays the best turn found one move a click
        before = status.text_content() or ""
        show.click()
        expect(status).not_to_have_text(before)
        if "That is the best turn found" in (status.text_content() or ""):
            break
    expect(status).to_contain_text("That is the best turn found.")
    picture(screenshot, page, widget, "review-win-practice")
    widget.locator("[data-action='resume']").click()
    assert opened.value("w.mode") == "review"
