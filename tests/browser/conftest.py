"""Fixtures for the end-to-end tests: one JupyterLab server and one Chromium for the whole session.

Each test gets a fresh browser context and page, and writes its own notebooks into the server's root
with ``notebook``. Screenshots go to the session's ``screenshots`` directory (under pytest's
temporary directory); with ``KCW_UPDATE_README_PICTURE=1`` the README picture ``docs/widget.png``
is replaced by the screenshot a test marks for it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from tests.browser.jupyter_server import (
    CHROMIUM_ARGS,
    README_PICTURE,
    App,
    JupyterServer,
    NotebookPage,
    chromium_path,
    launch_chromium,
    write_notebook,
)
from tests.browser.lite import QUIET_CHROMIUM_ARGS, build_site, refusing_proxy

# A busy machine (CI's two cores) must not turn a slow kernel into a failure; a real fault still is.
expect.set_options(timeout=15_000)

OpenNotebook = Callable[..., NotebookPage]
Screenshot = Callable[[Page | Locator, str], Path]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this directory as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium(playwright_instance: Playwright) -> str:
    """The Chromium executable; fails (never skips) with a clear message when it is missing."""
    return chromium_path(playwright_instance)


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright, chromium: str) -> Iterator[Browser]:
    browser = launch_chromium(playwright_instance)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def server_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("notebooks")


@pytest.fixture(scope="session")
def jupyter(server_root: Path) -> Iterator[JupyterServer]:
    """A JupyterLab server for the session, stopped by its process id at the end."""
    server = JupyterServer(server_root).start()
    yield server
    server.stop()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(20_000)
    yield context
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test, so fixtures can tell that it failed."""
    report = yield
    item.stash.setdefault(_FAILED, False)
    if report.failed:
        item.stash[_FAILED] = True
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(
    context: BrowserContext, request: pytest.FixtureRequest, screenshot_dir: Path
) -> Iterator[Page]:
    """A fresh page; when the test fails, a picture of it is saved as ``FAILED-<test>.png``."""
    page = context.new_page()
    yield page
    if request.node.stash.get(_FAILED, False):
        name = re.sub(r"[^\w.-]+", "-", request.node.name)
        page.screenshot(path=screenshot_dir / f"FAILED-{name}.png", full_page=True)


@pytest.fixture
def notebook(
    jupyter: JupyterServer, page: Page, request: pytest.FixtureRequest
) -> Iterator[OpenNotebook]:
    """Write a notebook of the given code cells, open it (with ``?reset``) and run it.

    ``notebook(cells, app="notebook")`` opens it in Notebook 7 instead of JupyterLab. The kernels a
    test started are shut down when it ends.
    """

    def open_notebook(cells: Sequence[str], *, app: App = "lab", run: bool = True) -> NotebookPage:
        name = f"{request.node.name.replace('[', '-').replace(']', '')}-{app}.ipynb"
        write_notebook(jupyter.root / name, cells)
        opened = NotebookPage(page, jupyter, name, app).open()
        if run:
            opened.run_all()
        return opened

    yield open_notebook
    jupyter.shutdown_kernels()


def into_view(target: Locator) -> None:
    """Scroll ``target`` into the window's view if it is not already there, as Playwright's
    ``scroll_into_view_if_needed`` does. Every snapshot redraws the table, so the element found a
    moment ago may be replaced before Playwright's own scroll runs (which then fails as "not
    attached"); this scrolls whichever copy is there, and a detached one scrolls nothing."""
    target.evaluate("element => element.scrollIntoViewIfNeeded(true)")


_SCREENSHOTS: list[Path] = []


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("screenshots")
    _SCREENSHOTS.append(path)
    return path


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say where the screenshots of the browser tests are (and whether the README's was updated)."""
    for path in _SCREENSHOTS:
        count = len(list(path.glob("*.png")))
        terminalreporter.write_line(f"browser screenshots: {count} in {path}")
    if os.environ.get("KCW_UPDATE_README_PICTURE") == "1" and _SCREENSHOTS:
        terminalreporter.write_line(f"README picture updated: {README_PICTURE}")


@pytest.fixture
def screenshot(screenshot_dir: Path) -> Screenshot:
    """Save a PNG of a page or an element as ``<name>.png`` in the session's screenshots."""

    def take(target: Page | Locator, name: str) -> Path:
        path = screenshot_dir / f"{name}.png"
        target.screenshot(path=path, animations="disabled")
        return path

    return take


@pytest.fixture(scope="module")
def lite_site() -> Path:
    """The browser course's built site (:func:`tests.browser.lite.build_site`)."""
    return build_site()


@pytest.fixture(scope="module")
def proxy_log() -> Iterator[tuple[str, list[str]]]:
    """A proxy that refuses every request: its address, and the hosts the browser asked for."""
    yield from refusing_proxy()


@pytest.fixture(scope="module")
def offline_browser(
    playwright_instance: Playwright, chromium: str, proxy_log: tuple[str, list[str]]
) -> Iterator[Browser]:
    """Chromium whose every request for another host goes to the refusing proxy."""
    browser = playwright_instance.chromium.launch(
        executable_path=chromium_path(playwright_instance),
        headless=True,
        args=[*CHROMIUM_ARGS, *QUIET_CHROMIUM_ARGS, f"--proxy-server={proxy_log[0]}"],
    )
    yield browser
    browser.close()
