"""The whole class from one laptop: ``kingscorner classroom`` serves the browser course and the
class server at one address, and a student with only a browser joins a room from the course and
plays a move by clicking.

The command runs as a teacher runs it (its own process, the site ``make lite`` builds); the
test reads the address and the room's code it prints. Headless Chromium opens the course at that
address, with every request for another host sent to a proxy that refuses it, and a new
notebook in it runs ``KingsCornerWidget(join=CODE, learner="ada")`` with no ``server=``: the
seat goes through the browser's own WebSocket to the page's own address. The projector's
connection (a Python watcher at table 1) sees the move the page played arrive on the server.
A second student on a browser of their own (another context: nothing shared) joins the same
table as ben; once Ada ends her turn, his page says it is his, and the move he clicks reaches
Ada's page.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Request,
    ViewportSize,
    expect,
)

from kingscorner_widget.server.client import RemoteTable
from tests.browser.jupyter_server import WIDGET_SELECTOR
from tests.browser.lite import (
    BOOT_TIMEOUT_MS,
    CHROMIUM_SERVICES,
    KERNEL_IDLE,
    RUN_TIMEOUT_MS,
    run_in_first_cell,
)

SHOTS = Path("/work/notes/shots-site")
"""Where a person looks at the pictures (besides the session's screenshots folder)."""
VIEWPORT: ViewportSize = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def classroom(
    lite_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """``kingscorner classroom`` running: its address and its first room's code."""
    data = tmp_path_factory.mktemp("classroom") / "class.sqlite"
    command = [sys.executable, "-m", "kingscorner_widget", "classroom", "--port", "0"]
    command += ["--site", str(lite_site), "--data", str(data)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        printed = ""
        while "Stop it with Ctrl-C" not in printed:
            line = process.stdout.readline()
            assert line, f"kingscorner classroom stopped: {printed}"
            printed += line
        address = re.search(r"The course and the class server at (http://\S+/) ", printed)
        code = re.search(r"code ([A-Z0-9]{3}-[A-Z0-9]{3})", printed)
        assert address, printed
        assert code, printed
        yield address[1], code[1]
    finally:
        process.terminate()
        process.wait(timeout=60)


def sat(frame: dict[str, object], learner: str) -> bool:
    """True when a view frame shows ``learner`` at a seat of the table."""
    snapshot = frame["snapshot"]
    assert isinstance(snapshot, dict)
    return any(learner in str(hand.get("name", "")).lower() for hand in snapshot["hands"])


def play_a_move(page: Page, table: Locator) -> str:
    """Click a card of the hand and then a pile it may go to (the page marks those), or draw
    when no card has one; returns what was clicked."""
    cards = table.locator("[data-hand] [data-card]")
    for index in range(cards.count()):
        card = cards.nth(index)
        name = str(card.get_attribute("data-card"))
        card.click()
        targets = table.locator("[data-pile][data-legal]")
        if targets.count():
            target = str(targets.first.get_attribute("data-pile"))
            targets.first.click()
            return f"{name}>{target}"
        card.click()  # not this one: put it back
    table.locator("[data-action='draw']").click()
    return "draw"


def open_a_notebook(context: BrowserContext, address: str) -> Page:
    """A new notebook of the course at ``address`` (its kernel starts booting at once)."""
    page = context.new_page()
    page.goto(f"{address}lab/index.html")
    page.locator(".jp-LauncherCard[data-category='Notebook']").first.click(timeout=BOOT_TIMEOUT_MS)
    return page


def take_a_seat(page: Page, code: str, learner: str) -> Locator:
    """Join room ``code`` as ``learner`` from the notebook's first cell, with no ``server=``;
    returns the table once it shows the learner's hand and the kernel is idle."""
    run_in_first_cell(
        page,
        f"from kingscorner_widget import KingsCornerWidget\n"
        f'KingsCornerWidget(join="{code}", learner="{learner}")',
    )
    table = page.locator(WIDGET_SELECTOR).first
    expect(table.locator("[data-hand] [data-card]").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-Widget")).to_contain_text(
        KERNEL_IDLE, timeout=RUN_TIMEOUT_MS
    )
    return table


def test_two_students_join_a_room_from_the_classroom_course_and_play_by_clicks(
    offline_browser: Browser,
    classroom: tuple[str, str],
    proxy_log: tuple[str, list[str]],
    screenshot_dir: Path,
) -> None:
    address, code = classroom
    watcher = RemoteTable(address, watch=code, table=1)
    outside: list[str] = []

    def note(request: Request) -> None:
        if not request.url.startswith(address) and not request.url.startswith(("data:", "blob:")):
            outside.append(f"{request.method} {request.url}")

    contexts = [offline_browser.new_context(viewport=VIEWPORT) for _ in ("ada", "ben")]
    for context in contexts:
        context.on("request", note)
    page = ben_page = None
    try:
        page = open_a_notebook(contexts[0], address)
        ben_page = open_a_notebook(contexts[1], address)  # both kernels boot side by side
        table = take_a_seat(page, code, "ada")
        seated = watcher.wait(lambda frame: frame["type"] == "view" and sat(frame, "ada"))
        status = table.locator("[data-status]")
        # Ada holds the first seat: her turn comes first, or after the computer's
        expect(status).to_contain_text("Your turn", timeout=RUN_TIMEOUT_MS)
        ben_table = take_a_seat(ben_page, code, "ben")
        watcher.wait(lambda frame: frame["type"] == "view" and sat(frame, "ben"))
        before = seated["snapshot"]["version"]
        played = play_a_move(page, table)
        said = watcher.wait(
            lambda frame: (
                frame["type"] == "view"
                and frame["snapshot"]["version"] > before
                and frame["status"].startswith("Ada ")
            ),
            timeout=RUN_TIMEOUT_MS / 1000,
        )
        expect(status).to_have_text(re.compile(r"^You (play|move|draw) "), timeout=RUN_TIMEOUT_MS)
        assert said["status"].lower().startswith("ada ")  # the same move, as the projector says it
        table.evaluate("element => element.scrollIntoView({block: 'start'})")
        page.screenshot(path=screenshot_dir / "classroom-browser-seat.png")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / "classroom-browser-seat.png")
        if played != "draw":  # Ada ends her turn: Ben's comes
            table.locator("[data-action='draw']").click()
        expect(ben_table.locator("[data-status]")).to_contain_text(
            "Your turn", timeout=RUN_TIMEOUT_MS
        )
        ben_played = play_a_move(ben_page, ben_table)
        ben_said = watcher.wait(
            lambda frame: frame["type"] == "view" and frame["status"].startswith("Ben "),
            timeout=RUN_TIMEOUT_MS / 1000,
        )
        expect(status).to_have_text(re.compile(r"^Ben "), timeout=RUN_TIMEOUT_MS)  # on Ada's page
        ben_table.evaluate("element => element.scrollIntoView({block: 'start'})")
        ben_page.screenshot(path=screenshot_dir / "classroom-browser-second-seat.png")
        print(
            f"the browser seats played {played} and {ben_played}; the projector read: "
            f"{said['status']} / {ben_said['status']}"
        )
    except Exception:
        for name, shown in (("ada", page), ("ben", ben_page)):
            if shown is not None:
                shown.screenshot(
                    path=screenshot_dir / f"FAILED-classroom-{name}.png", full_page=True
                )
        raise
    finally:
        watcher.close()
        for context in contexts:
            context.close()
    assert outside == [], f"requests left the classroom's address: {outside}"
    others = sorted(set(proxy_log[1]) - CHROMIUM_SERVICES)
    assert others == [], f"the browser tried to reach other hosts: {others}"
