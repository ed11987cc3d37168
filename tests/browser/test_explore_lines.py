"""A teacher writes a lesson by playing on the explore table in JupyterLab: moves by clicks,
comments typed in the table's box, a second line tried and left, the Lines panel to jump back;
then the lesson goes through JSON and is played through the table in lesson mode."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from kingscorner_widget import Game
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.words import count_words, logged, move_at
from tests.browser.conftest import OpenNotebook, Screenshot, into_view
from tests.browser.test_widget import IMPORTS, card_in_hand, pile, table

# P1 can put the black six on the red seven (west), move the west pile onto the red nine (north)
# and fill the freed west space with the queen.
LINE = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c4d P2:?7 stock:37 turn:P1"
# P1 draws; then P2, whose hand is shown, can put the black eight on the red nine.
SEATS = "N:9d E:4c S:5s W:- NE:- SE:- SW:- NW:- P1:Qh4d P2:8c3h stock:45 turn:P1"
FIRST = "The black six goes on the red seven."
SECOND = "Now move the whole west pile onto the nine, then fill the space you freed."


def comment(widget: Locator, text: str) -> None:
    box = widget.locator("[data-form='comment'] textarea")
    box.click()
    box.press_sequentially(text)  # key by key: JupyterLab's own shortcuts must not take them
    expect(box).to_have_value(text)
    widget.locator("[data-action='comment']").click()
    expect(widget.locator("[data-status]")).to_contain_text(text)


def play_card(widget: Locator, card: str, space: str) -> None:
    card_in_hand(widget, card).click()
    pile(widget, space).click()
    expect(pile(widget, space).locator(f"[data-card='{card}']")).to_be_visible()


def test_a_two_step_lesson_written_by_playing_round_trips_and_plays_in_lesson_mode(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook([IMPORTS, f'w = KingsCornerWidget("{LINE}", mode="explore")\nw'])
    opened.page.set_viewport_size({"width": 1366, "height": 768})
    widget = table(opened)
    lines = widget.locator(".kcw-tree")
    status = widget.locator("[data-status]")

    comment(widget, FIRST)
    play_card(widget, "6c", "W")
    comment(widget, SECOND)
    pile(widget, "W").click()  # the whole west pile onto the north pile
    pile(widget, "N").click()
    expect(pile(widget, "W").locator("[data-card]")).to_have_count(0)
    play_card(widget, "Qh", "W")
    expect(lines.locator("[aria-current='step']")).to_have_text("3. Qh>W")

    # Another idea from move 2: a new line beside the first, then back to the first by its branch.
    widget.locator("[data-action='back']").click()
    at_two = Game.from_position(LINE)
    at_two.play("6c>W")
    expect(status).to_contain_text(move_at(2, 3, logged(at_two, parse_move("W>N"), "P1")))
    play_card(widget, "4d", "S")
    expect(status).to_contain_text(f"A new line branches off here ({count_words(2, 'line')} now)")
    expect(lines.locator("h3")).to_have_text("Lines (2 lines)")
    lines.locator(".kcw-alts [data-action='jump']", has_text="Qh>W").click()
    expect(lines.locator("[aria-current='step']")).to_have_text("3. Qh>W")
    expect(lines.locator(".kcw-comment")).to_have_text([FIRST, SECOND])
    assert opened.json("[line.moves for line in w.lines]") == [
        ["6c>W", "W>N", "Qh>W"],
        ["6c>W", "W>N", "4d>S"],
    ]
    # The Lines panel is reachable from the keyboard: Tab lands on its buttons, Enter jumps.
    lines.locator("[data-node='0']").focus()
    opened.page.keyboard.press("Enter")
    expect(status).to_contain_text("The start of the hand (3 moves in this line)")
    lines.locator("[data-action='jump']", has_text="3. Qh>W").click()
    expect(lines.locator("[aria-current='step']")).to_have_text("3. Qh>W")
    expect(status).to_contain_text(
        "Move 3 of 3: P1 plays the queen of hearts into the empty west space."
    )
    into_view(lines)
    screenshot(opened.page, "explore-lines-1366x768")

    printed = opened.run_code(
        "from kingscorner_widget.lessons import Lesson\n"
        "lesson = w.to_lesson(title='Free a space')\n"
        "again = Lesson.from_json(lesson.to_json())\n"
        "w2 = KingsCornerWidget(lesson=again)\n"
        "print(len(again.steps), again == lesson, [s.expect for s in again.steps])"
    )
    assert printed == "2 True [(('6c>W',),), (('W>N', 'Qh>W'),)]"
    opened.start_code("from IPython.display import display\ndisplay(w2)")

    taught = opened.widget(1)
    expect(taught.locator("[data-pile='N']")).to_be_visible()
    into_view(taught)
    expect(taught).to_contain_text(FIRST)
    expect(taught).to_contain_text("Step 1 of 2")
    play_card(taught, "6c", "W")
    taught.locator("[data-action='next']").click()
    expect(taught).to_contain_text(SECOND)
    pile(taught, "W").click()
    pile(taught, "N").click()
    play_card(taught, "Qh", "W")
    assert opened.json("(w2.lesson.step_done, w2.lesson.progress)") == [True, [2, 2]]
    into_view(taught.locator(".kcw-lesson"))
    screenshot(opened.page, "lesson-written-by-playing-1366x768")

    # The explore table keeps its seats when the turn passes: P1 stays at the bottom, P2's hand
    # stays face down, and the computer may play P2's turn.
    widget.locator("[data-action='draw']").click()
    expect(widget.locator(".kcw-hidden-turn")).to_contain_text("P2's hand is face down")
    assert opened.json("(w.viewer, w.game.turn, w.snapshot['hands'][1]['cards'])") == [1, 2, None]
    expect(widget.locator("[data-player='2'] [data-card]")).to_have_count(0)
    expect(card_in_hand(widget, "4d")).to_be_visible()
    into_view(widget.locator(".kcw-controls [data-action='skip']"))
    screenshot(opened.page, "explore-face-down-turn-1366x768")
    widget.locator(".kcw-controls [data-action='skip']").click()
    expect(widget.locator(".kcw-hidden-turn")).to_have_count(0)
    assert opened.json("w.game.turn") == 1

    # With every hand shown, P2's turn is played from P2's own seat; P1 stays at the bottom.
    opened.run_code(f"w.load('{SEATS}')\nw.show_all_hands = True\nw.draw()")
    expect(widget.locator("[data-player='2'] [data-card='8c']")).to_be_visible()
    widget.locator("[data-player='2'] [data-card='8c']").click()
    expect(pile(widget, "N")).to_have_attribute("data-legal", "")
    pile(widget, "N").click()
    expect(pile(widget, "N").locator("[data-card='8c']")).to_be_visible()
    assert opened.json("(w.viewer, [str(m) for m in w.game.moves])") == [1, ["draw", "8c>N"]]
    expect(card_in_hand(widget, "Qh")).to_be_visible()
    into_view(widget)
    screenshot(opened.page, "explore-every-hand-shown-1366x768")
