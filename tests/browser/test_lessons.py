"""Built-in lessons end to end in JupyterLab: a wrong move at each step refused in words with the
table unchanged, the intended moves accepted, the end of the lesson offering Restart and Next
lesson, and narration tables drawn as tables."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import table_state
from tests.browser.test_widget import IMPORTS, card_in_hand, pile, python_position, table


def test_the_stock_lesson_walked_with_a_wrong_move_at_each_step(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="stock-and-blocked")\nw'])
    widget = table(opened)
    status = widget.locator("[data-status]")
    end_turn = widget.locator("[data-action='draw']")

    def refused_in_words(card: str, space: str, words: str) -> None:
        before = python_position(opened)
        card_in_hand(widget, card).click()
        pile(widget, space).click()
        expect(status).to_contain_text(words)
        assert python_position(opened) == before
        expect(card_in_hand(widget, card)).to_be_visible()

    # Step 1: the last card of the stock.
    expect(widget).to_contain_text("The stock is down to one card")
    refused_in_words("5h", "N", "Nothing can be played on an ace")
    expect(end_turn).to_have_text("Draw & end turn")
    end_turn.click()
    expect(status).to_contain_text("the stock is empty, so the player on your left ended")
    widget.locator("[data-action='next']").click()

    # Step 2: the button now reads Pass, as the narration says, on the table step 1 left.
    expect(widget).to_contain_text("now reads Pass")
    expect(status).to_contain_text("Step 2 of 3")
    expect(status).not_to_contain_text("new table")
    refused_in_words("2d", "N", "Nothing can be played on an ace")
    expect(end_turn).to_have_text("Pass")
    end_turn.click()
    expect(status).to_contain_text("so play goes on without drawing")
    widget.locator("[data-action='next']").click()

    # Step 3: a legal move the step does not want is explained and not played; then Pass, and
    # the lesson passes for the player on the left (it used to leave them to move with Pass and
    # Hint disabled).
    expect(widget).to_contain_text("the table passes for them")
    refused_in_words("7h", "NE", "legal")
    expect(end_turn).to_be_enabled()
    end_turn.click()
    expect(status).to_contain_text(
        "The player on your left passed. A full round without a card played"
    )
    expect(status).to_contain_text("That is the end of the lesson")
    assert opened.json("w.game.outcome().reason") == "blocked"
    assert opened.json("[str(m) for m in w.game.moves]") == ["pass", "pass"]
    assert "7h" in table_state(widget)["hand"]  # the refused seven never left the hand
    restart = widget.locator("[data-action='new']")
    following = widget.locator("[data-action='forward']")
    expect(restart).to_have_text("Restart lesson")
    expect(following).to_have_text("Next lesson: Scoring a hand")
    screenshot(widget, "lesson-stock-end")

    following.click()
    expect(widget).to_contain_text("Scoring a hand")
    expect(widget).to_contain_text("Step 1 of 3")
    assert opened.value("w.lesson.lesson.title") == "Scoring a hand"


def test_the_match_lesson_draws_its_score_tables(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, 'w = KingsCornerWidget(lesson="scoring-match", teacher=True)\nw'])
    widget = table(opened)
    widget.locator("[data-action='skip']").click()  # step 1 wants a move: the teacher skips it
    expect(widget.locator(".kcw-progress")).to_contain_text("Step 2 of 3")
    widget.locator("[data-action='next']").click()  # step 2 only reads
    narration = widget.locator(".kcw-narration")
    expect(narration).to_contain_text("so you lead once more")
    grid = narration.locator("table")
    expect(grid).to_have_count(1)
    expect(grid.locator("th")).to_have_text(["after hand", "you", "the other player"])
    expect(grid.locator("tbody tr").last.locator("td")).to_have_text(["3", "14", "35"])
    expect(narration).not_to_contain_text("|")
    assert opened.value("w.snapshot['viewer']") == "1"  # you went out: your hand is the empty one
    screenshot(widget, "lesson-match-table")
