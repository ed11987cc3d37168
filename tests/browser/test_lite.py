"""The tutorials as a JupyterLite site: every tutorial runs in the browser, nothing from outside.

Each notebook in ``notebooks/`` (whatever is there, so a new tutorial is tested as soon as it is
written) is opened in the site, cleared and run whole; any error output fails it. Notebook 01 then
plays a lesson step by clicking. In the same run the test measures the time from opening notebook 01
to a playable table against the time the same site takes to run ``1 + 1`` in an empty notebook (a
bare kernel start), on a first visit (cold: an empty browser) and on a second visit in the same
browser (warm), and prints both ratios beside their goals (1.5 and 1.2). The server counts what it
sends: the second visits must download none of the files the site's service worker keeps (Pyodide,
the wheels, the hash-named scripts) and little else.

The session builds the site with ``make lite`` (a no-op when it is up to date), serves it on
127.0.0.1 with Python's ``http.server``, and opens it in headless Chromium. Two nets catch a
request for another host, and the test fails on either:

- every request of the site's pages and their workers (Pyodide runs in one) is recorded;
- Chromium sends everything not for 127.0.0.1 to a local proxy that records it and refuses it, so
  nothing can leave even unseen. Chromium's own background services (its updater, sign-in and
  network clock, named in ``CHROMIUM_SERVICES``) reach the proxy too: they are the browser's, not
  the site's, and are refused like the rest without failing the test.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import http.server
import re
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from kingscorner_widget.engine.moves import MovePile, PlayCard, parse_move
from kingscorner_widget.lessons import load_lesson
from tests.browser.conftest import into_view
from tests.browser.jupyter_server import REPO, WIDGET_SELECTOR
from tests.browser.lite import (
    BOOT_TIMEOUT_MS,
    CHROMIUM_SERVICES,
    KERNEL_IDLE,
    LOCAL_HOST,
    RUN_TIMEOUT_MS,
    SITE,
    run_in_first_cell,
    serve,
)

sys.path.insert(0, str(REPO / "scripts"))

from build_lite import immutable_files

NOTEBOOK = "01-learn-the-rules.ipynb"
TUTORIALS = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
BROWSER_SIZED = {"06": 60.0}
"""Notebooks sized for the browser: at most this many seconds to run, once the kernel is up."""
#: Notebook 01 to a playable table, against ``1 + 1`` in an empty notebook (issue 32's goals).
COLD_RATIO_GOAL = 1.5
WARM_RATIO_GOAL = 1.2
#: What a second visit may still download in all (the notebook, the app's page and settings).
WARM_VISIT_BYTES = 1 << 20


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class CountingHandler(QuietHandler):
    """Serves the site and counts the bytes of each file's body it sends (a 304 sends none)."""

    sent: collections.Counter[str]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = urllib.parse.urlsplit(self.path).path.lstrip("/")
        while chunk := source.read(1 << 16):
            self.sent[path] += len(chunk)
            outputfile.write(chunk)


@pytest.fixture(scope="module")
def site_served(lite_site: Path) -> Iterator[tuple[str, collections.Counter[str]]]:
    """The site served by Python's ``http.server`` on 127.0.0.1, as a teacher would, and the
    bytes it has sent of each file."""
    sent: collections.Counter[str] = collections.Counter()
    handler = type("Counting", (CountingHandler,), {"sent": sent})
    for url in serve(functools.partial(handler, directory=str(lite_site))):
        yield url, sent


@pytest.fixture(scope="module")
def site_url(site_served: tuple[str, collections.Counter[str]]) -> str:
    return site_served[0]


def leaves_machine(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme not in ("data", "blob", "about") and parts.hostname != LOCAL_HOST


def first_step_move() -> tuple[str, str, bool]:
    """The first move the notebook's first lesson asks for: (what to click, where, is a pile)."""
    step = load_lesson("moves").steps[0]
    move = parse_move(step.expect[0][0])
    if isinstance(move, PlayCard):
        return str(move.card), str(move.target), False
    assert isinstance(move, MovePile), f"the first step expects {move}"
    return str(move.source), str(move.target), True


# Every code cell has run (JupyterLite does not expose the app object, so the page is read).
NOTEBOOK_DONE = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""

ERROR_OUTPUTS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"

# Every cell has run, or one has failed (then Run All stops and the rest never get a count).
DONE_OR_FAILED = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
    const done = prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
    const errors = [...document.querySelectorAll(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")]
        .filter(o => /Traceback|Error/.test(o.textContent));
    return done || errors.length > 0;
}"""


def menu(page: Page, name: str, item: str) -> None:
    page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{name}$")).click()
    page.locator(".lm-Menu-item", has_text=re.compile(f"^{item}")).click()


def errors_shown(page: Page) -> list[str]:
    """The error outputs on the page (a warning is not one)."""
    texts = page.locator(ERROR_OUTPUTS).all_inner_texts()
    return [text for text in texts if "Traceback" in text or "Error" in text]


def run_whole(page: Page, site_url: str, name: str) -> dict[str, float]:
    """Open a notebook, clear it, run every cell; returns the seconds to a ready kernel and to
    the end of the run (an error ends it early: the caller checks)."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path={name}")
    status_bar = page.locator(".jp-StatusBar-Widget")
    expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=BOOT_TIMEOUT_MS)
    kernel_ready = time.monotonic()
    menu(page, "Edit", "Clear Outputs of All Cells")
    expect(page.locator(".jp-OutputArea-output")).to_have_count(0, timeout=BOOT_TIMEOUT_MS)
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(DONE_OR_FAILED, timeout=RUN_TIMEOUT_MS)
    if not errors_shown(page):
        expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=RUN_TIMEOUT_MS)
    return {"kernel ready": kernel_ready - start, "run": time.monotonic() - kernel_ready}


def bare_kernel(page: Page, site_url: str) -> float:
    """Seconds from opening the site to the answer of ``1 + 1`` in a new, empty notebook."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?reset")
    # A cold site on a busy machine takes longer than Playwright's 30 s to draw its launcher.
    page.locator(".jp-LauncherCard[data-category='Notebook']").first.click(timeout=BOOT_TIMEOUT_MS)
    cell = page.locator(".jp-Notebook .jp-Cell .cm-content").first
    cell.click()
    page.keyboard.type("1 + 1")
    page.keyboard.press("Shift+Enter")
    answer = page.locator(".jp-OutputArea-output[data-mime-type='text/plain']").first
    expect(answer).to_have_text("2", timeout=BOOT_TIMEOUT_MS)
    return time.monotonic() - start


def run_notebook(page: Page, site_url: str) -> dict[str, float]:
    """Open notebook 01, run it from the menu, wait for its first table; returns the seconds."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path={NOTEBOOK}")
    status_bar = page.locator(".jp-StatusBar-Widget")
    expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=BOOT_TIMEOUT_MS)
    kernel_ready = time.monotonic()
    # The saved outputs and counts go first, so that what follows is this run's.
    menu(page, "Edit", "Clear Outputs of All Cells")
    expect(page.locator(".jp-OutputArea-output")).to_have_count(0, timeout=BOOT_TIMEOUT_MS)
    menu(page, "Run", "Run All Cells")
    table = page.locator(WIDGET_SELECTOR).first
    expect(table.locator("[data-hand] [data-card]").first).to_be_visible(timeout=RUN_TIMEOUT_MS)
    playable = time.monotonic()
    page.wait_for_function(NOTEBOOK_DONE, timeout=RUN_TIMEOUT_MS)
    expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=RUN_TIMEOUT_MS)
    return {
        "kernel ready": kernel_ready - start,
        "playable table": playable - start,
        "whole notebook run": time.monotonic() - start,
    }


def offline_context(browser: Browser, outside: list[str]) -> Any:
    """A fresh browser context that notes every request leaving 127.0.0.1 in ``outside``."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})

    def note(request: Request) -> None:
        if leaves_machine(request.url):
            outside.append(f"{request.method} {request.url}")

    context.on("request", note)
    return context


def play_first_step(page: Page) -> None:
    """One lesson step, played by clicking, checked by the engine in the browser's kernel."""
    table = page.locator(WIDGET_SELECTOR).first
    what, where, is_pile = first_step_move()
    status = table.locator("[data-status]")
    greeting = status.inner_text()
    if is_pile:
        table.locator(f"[data-pile='{what}']").click()
    else:
        table.locator(f"[data-hand] [data-card='{what}']").click()
    target = table.locator(f"[data-pile='{where}']")
    expect(target).to_have_attribute("data-legal", re.compile(".*"))
    target.click()
    if not is_pile:
        expect(target.locator(f"[data-card='{what}']")).to_be_visible()
        expect(table.locator(f"[data-hand] [data-card='{what}']")).to_have_count(0)
    expect(status).not_to_have_text(greeting)
    after = load_lesson("moves").steps[0].after
    expect(status).to_contain_text(after.split(",")[0].split(".")[0])


def course_ratios(cold: dict[str, float], warm: dict[str, float]) -> dict[str, float]:
    """Notebook 01 to a playable table over ``1 + 1`` in an empty notebook, cold and warm."""
    return {
        f"{visit} ratio": round(timings["playable table"] / timings["1 + 1"], 2)
        for visit, timings in (("cold", cold), ("warm", warm))
    }


def test_notebook_01_runs_in_the_browser_and_plays_a_lesson_step_offline(
    offline_browser: Browser,
    site_served: tuple[str, collections.Counter[str]],
    proxy_log: tuple[str, list[str]],
    screenshot_dir: Path,
    record_property: Any,
) -> None:
    site_url, sent = site_served
    outside: list[str] = []
    # Two browsers' worth of state: one only ever runs 1 + 1, the other the tutorial; each is
    # visited twice (cold, then warm), interleaved so that a change in the machine's load falls
    # on both sides of each ratio.
    bare_context = offline_context(offline_browser, outside)
    course_context = offline_context(offline_browser, outside)
    visits: dict[str, dict[str, float]] = {"cold": {}, "warm": {}}
    second_visits: collections.Counter[str] = collections.Counter()
    page = course_context.new_page()
    try:
        for visit, timings in visits.items():
            bare_page = bare_context.new_page()
            timings["1 + 1"] = bare_kernel(bare_page, site_url)
            bare_page.close()
            page = course_context.new_page()
            timings.update(run_notebook(page, site_url))
            assert errors_shown(page) == []
            if visit == "cold":
                play_first_step(page)
                page.screenshot(path=screenshot_dir / "lite-notebook-01.png")
                page.close()
                sent.clear()  # what the second visits download, from here on
            else:
                second_visits.update(sent)
        for visit, timings in visits.items():
            for name, seconds in timings.items():
                record_property(f"{visit}: {name}", round(seconds, 2))
                print(f"notebook 01 in JupyterLite, {visit}: {name}: {seconds:.1f} s")
    except Exception:
        page.screenshot(path=screenshot_dir / "FAILED-lite-notebook-01.png", full_page=True)
        raise
    finally:
        bare_context.close()
        course_context.close()
    ratios = course_ratios(visits["cold"], visits["warm"])
    total = sum(second_visits.values())
    kept = set(immutable_files(SITE))
    downloaded_again = sorted(path for path in second_visits if path in kept)
    largest = second_visits.most_common(3)
    for name, ratio in ratios.items():
        record_property(name, ratio)
    record_property("second visits: bytes downloaded", total)
    print(
        f"notebook 01 in JupyterLite: cold ratio {ratios['cold ratio']:.2f}"
        f" (goal {COLD_RATIO_GOAL}), warm ratio {ratios['warm ratio']:.2f}"
        f" (goal {WARM_RATIO_GOAL});"
        f" the second visits downloaded {total / 1024:.0f} KiB in {len(second_visits)} files"
        f" (largest: {', '.join(f'{path} {size / 1024:.0f} KiB' for path, size in largest)})"
    )
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    refused = sorted(set(proxy_log[1]) - CHROMIUM_SERVICES)
    assert refused == [], f"the browser tried to reach other hosts: {refused}"
    assert downloaded_again == [], f"a second visit downloaded again: {downloaded_again}"
    assert total <= WARM_VISIT_BYTES, f"the second visits downloaded {total} bytes"
    # The two ratios are speed goals: printed and recorded beside their goals on every run, not
    # asserted, since a busy machine stretches one side of a ratio more than the other. What a
    # second visit downloads does not depend on the machine, and is asserted above.


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_runs_whole_in_the_site(
    name: str,
    offline_browser: Browser,
    site_url: str,
    proxy_log: tuple[str, list[str]],
    screenshot_dir: Path,
    record_property: Any,
) -> None:
    # A fresh context for each notebook: JupyterLab keeps its open tabs in the browser's
    # storage, and the next notebook's page would reopen the last one beside it.
    outside: list[str] = []
    context = offline_context(offline_browser, outside)
    page = context.new_page()
    try:
        timings = run_whole(page, site_url, name)
        for what, seconds in timings.items():
            record_property(what, round(seconds, 1))
        print(
            f"{name} in JupyterLite: kernel ready {timings['kernel ready']:.1f} s, "
            f"run {timings['run']:.1f} s"
        )
        assert errors_shown(page) == [], f"{name} failed in the site"
        charts = page.locator(".jp-OutputArea-output .vega-embed")
        if charts.count():  # how the first chart looks, for a person to check
            into_view(charts.first)
        page.screenshot(path=screenshot_dir / f"lite-{name}.png")
    except Exception:
        page.screenshot(path=screenshot_dir / f"FAILED-lite-{name}.png", full_page=True)
        raise
    finally:
        context.close()
    limit = BROWSER_SIZED.get(name[:2])
    if limit is not None:
        assert timings["run"] <= limit, f"{name} took {timings['run']:.0f} s in the browser"
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    refused = sorted(set(proxy_log[1]) - CHROMIUM_SERVICES)
    assert refused == [], f"the browser tried to reach other hosts: {refused}"


RECORD_WRITE = """from kingscorner_widget import KingsCornerWidget
w = KingsCornerWidget(lesson="worked-turn", learner="ada")
w.play("Th>N")
import os
print("written", os.path.isfile("kingscorner-progress/ada.json"))"""
RECORD_READ = """import json
data = json.load(open("kingscorner-progress/ada.json"))
step = data["tables"][0]["items"]["lesson:worked-turn"]["steps"][0]
print("kept", step["done"], step["tried"])"""


def test_a_learners_record_survives_a_page_reload_in_the_browser_course(
    offline_browser: Browser, site_url: str, screenshot_dir: Path
) -> None:
    """In the browser course the notebook's folder is the browser's own storage: a record
    written beside the notebook is still there after the page is reloaded (a new kernel)."""
    context = offline_context(offline_browser, [])
    page = context.new_page()
    try:
        page.goto(f"{site_url}/lab/index.html")
        page.locator(".jp-LauncherCard[data-category='Notebook']").first.click()
        status_bar = page.locator(".jp-StatusBar-Widget")
        output = run_in_first_cell(page, RECORD_WRITE)
        expect(output.filter(has_text="written")).to_contain_text(
            "written True", timeout=BOOT_TIMEOUT_MS
        )
        expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=RUN_TIMEOUT_MS)
        page.wait_for_timeout(2000)  # the browser's storage takes the file in its own time
        page.reload()
        expect(page.locator(".jp-DirListing-item", has_text="kingscorner-progress")).to_be_visible(
            timeout=BOOT_TIMEOUT_MS
        )
        page.goto(f"{site_url}/lab/index.html?path=Untitled.ipynb")
        choose = page.locator(".jp-Dialog button", has_text="Select")
        # the notebook was never saved with its kernel: the page asks which one to start
        with contextlib.suppress(PlaywrightTimeoutError):
            choose.click(timeout=60_000)
        expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=BOOT_TIMEOUT_MS)
        output = run_in_first_cell(page, RECORD_READ)
        expect(output.filter(has_text="kept")).to_contain_text(
            "kept True ['Th>N']", timeout=RUN_TIMEOUT_MS
        )
        page.screenshot(path=screenshot_dir / "lite-record-after-reload.png")
    except Exception:
        page.screenshot(path=screenshot_dir / "FAILED-lite-record.png", full_page=True)
        raise
    finally:
        context.close()


PASS_AND_PLAY = (
    "from kingscorner_widget import Game, KingsCornerWidget\n"
    'KingsCornerWidget(Game.from_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- '
    'P1:ThKs4h P2:9c7d stock:44 turn:P1"), players=["Ada", "Ben"])'
)


def test_two_people_share_a_laptop_in_the_browser_course(
    offline_browser: Browser, site_url: str, screenshot_dir: Path
) -> None:
    """Pass-and-play with nothing installed: Ada plays her turn, the hand is covered for Ben, and
    Ben's hand shows only when he asks for it."""
    context = offline_context(offline_browser, [])
    page = context.new_page()
    try:
        page.goto(f"{site_url}/lab/index.html")
        page.locator(".jp-LauncherCard[data-category='Notebook']").first.click()
        run_in_first_cell(page, PASS_AND_PLAY)
        table = page.locator(WIDGET_SELECTOR).first
        cover = table.locator("[data-cover]")
        expect(cover).to_contain_text("pass the laptop to Ada", timeout=BOOT_TIMEOUT_MS)
        expect(table.locator("[data-hand] [data-card]")).to_have_count(0)
        cover.locator("[data-action='uncover']").click()
        hand = table.locator("[data-hand]")
        hand.locator("[data-card='Th']").click()
        north = table.locator("[data-pile='N']")
        expect(north).to_have_attribute("data-legal", re.compile(".*"))
        north.click()
        expect(north.locator("[data-card='Th']")).to_be_visible()
        table.locator(".kcw-controls-slot [data-action='draw']").click()
        expect(cover).to_contain_text("pass the laptop to Ben")
        expect(table.locator("[data-hand] [data-card], [data-player] [data-card]")).to_have_count(0)
        cover.locator("[data-action='uncover']").click()
        expect(hand.locator("[data-card='9c']")).to_be_visible()
        expect(hand.locator("[data-card='Ks']")).to_have_count(0)  # Ada's hand stays hers
        page.screenshot(path=screenshot_dir / "lite-pass-and-play.png")
    except Exception:
        page.screenshot(path=screenshot_dir / "FAILED-lite-pass-and-play.png", full_page=True)
        raise
    finally:
        context.close()


LANGUAGES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch"}


def test_the_first_page_asks_for_a_language_and_the_french_course_opens_in_french(
    offline_browser: Browser, site_url: str, screenshot_dir: Path
) -> None:
    """The site's first page names each language in its own words; Français opens tutorial 01
    in French (kingscorner_widget/course_words.py built it from the course's catalogue), whose
    first code cell makes the lesson's table speak French."""
    outside: list[str] = []
    context = offline_context(offline_browser, outside)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/")
        links = page.locator("main a")
        expect(links.locator(".name")).to_have_text(list(LANGUAGES.values()))
        for code, name in LANGUAGES.items():
            expect(links.filter(has_text=name)).to_have_attribute("lang", code)
        page.screenshot(path=screenshot_dir / "lite-languages.png")
        links.filter(has_text="Français").click()
        expect(page).to_have_url(re.compile(r"lab/index\.html\?path=fr/01-"))
        notebook = page.locator(".jp-Notebook")
        expect(notebook.locator("h1").first).to_have_text(
            re.compile("Apprendre les règles"), timeout=BOOT_TIMEOUT_MS
        )
        expect(notebook).to_contain_text("Les rois dans les coins")
        status_bar = page.locator(".jp-StatusBar-Widget")
        expect(status_bar).to_contain_text(KERNEL_IDLE, timeout=BOOT_TIMEOUT_MS)
        menu(page, "Run", "Run All Cells")
        table = page.locator(WIDGET_SELECTOR).first
        expect(table.locator("[data-hand] [data-card]").first).to_be_visible(timeout=RUN_TIMEOUT_MS)
        expect(table.locator("[lang='fr']").first).to_be_attached()
        expect(table.locator("[data-hand] [data-card='Th']")).to_have_attribute(
            "aria-label", re.compile("dix de cœur")
        )
        expect(table.get_by_role("button", name=re.compile("^Indice"))).to_be_visible()
        page.wait_for_function(DONE_OR_FAILED, timeout=RUN_TIMEOUT_MS)
        assert errors_shown(page) == []
        into_view(table)
        page.screenshot(path=screenshot_dir / "lite-fr-notebook-01.png")
    except Exception:
        page.screenshot(path=screenshot_dir / "FAILED-lite-fr.png", full_page=True)
        raise
    finally:
        context.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
