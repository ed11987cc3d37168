"""The machinery under the end-to-end tests: server, kernel, browser, screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import (
    VENV_BIN,
    BrowserUnavailableError,
    JupyterServer,
    chromium_path,
)


def test_server_answers_with_its_token_only(jupyter: JupyterServer) -> None:
    assert jupyter.api("status")["started"]
    kernelspecs = jupyter.api("kernelspecs")
    assert kernelspecs["default"] == "python3"
    assert kernelspecs["kernelspecs"]["python3"]["spec"]["argv"][0].startswith(str(VENV_BIN))


def test_missing_browser_fails_with_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KCW_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(BrowserUnavailableError, match="make chromium"):
        chromium_path()


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_cell_runs_and_its_output_is_read_back(
    notebook: OpenNotebook, app: str, screenshot: Screenshot, page: Page
) -> None:
    opened = notebook(["x = 6 * 7", "print('ready', x)"], app=app)
    expect(page.locator(".jp-OutputArea-output", has_text="ready 42")).to_be_visible()
    assert opened.value("x + 1") == "43"
    assert opened.value("__import__('sys').prefix") == str(VENV_BIN.parent)
    assert "ZeroDivisionError" in opened.run_code("print(1 / 0)")
    path = screenshot(page, f"infrastructure-{app}")
    assert path.stat().st_size > 1000
