"""A table made without ``language=`` speaks JupyterLab's interface language: with JupyterLab's
Language setting (Settings > Language, ``@jupyterlab/translation-extension:plugin``) set to
French, the table on the page speaks French, in JupyterLab and in Notebook 7, and the kernel's
table says so too. The setting is the suite's one server's: the test puts it back as it found it.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from kingscorner_widget import KingsCornerWidget
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import App, JupyterServer
from tests.browser.test_widget import IMPORTS, table

LANGUAGE_SETTING = "@jupyterlab/translation-extension:plugin"


def put_setting(server: JupyterServer, plugin: str, values: dict[str, str]) -> None:
    """Save a plugin's user settings as JupyterLab's settings editor does."""
    request = urllib.request.Request(
        f"{server.base_url}/lab/api/settings/{plugin}",
        data=json.dumps({"raw": json.dumps(values)}).encode(),
        method="PUT",
        headers={"Authorization": f"token {server.token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status in (200, 204)


@pytest.fixture
def lab_in_french(jupyter: JupyterServer) -> Iterator[None]:
    """JupyterLab's Language setting is French (fr_FR) while the test runs."""
    put_setting(jupyter, LANGUAGE_SETTING, {"locale": "fr_FR"})
    try:
        yield
    finally:
        put_setting(jupyter, LANGUAGE_SETTING, {})


@pytest.mark.usefixtures("lab_in_french")
@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_table_speaks_jupyterlab_s_language(
    notebook: OpenNotebook, app: App, screenshot: Screenshot
) -> None:
    given = "w2 = KingsCornerWidget(seed=3, language='de')\nw2"  # keeps its own language
    opened = notebook([IMPORTS, "w = KingsCornerWidget(seed=3)\nw", given], app=app)
    page = opened.page
    assert page.evaluate("() => document.documentElement.lang") == "fr-FR"  # JupyterLab's
    widget = table(opened)
    expect(widget.locator(".kcw-table")).to_have_attribute("lang", "fr")
    french = KingsCornerWidget(seed=3, language="fr")
    label = {action["kind"]: action["label"] for action in french.snapshot["actions"]}
    expect(widget.locator("[data-action='draw']")).to_have_text(label["draw"])
    expect(widget.locator("[data-action='hint']")).to_have_text(label["hint"])
    hand = french.snapshot["hands"][0]["title"]  # "Ta main"
    expect(widget.locator("[data-hand]")).to_have_attribute("aria-label", re.compile(hand))
    first = french.snapshot["hands"][0]["cards"][0]
    card = widget.locator(f"[data-hand] [data-card='{first}']")
    expect(card).to_have_attribute("aria-label", re.compile(french.phrases["cards"][first]))
    assert opened.json("[w.language, w.page_language]") == ["fr", "fr"]
    assert opened.json("w.snapshot == KingsCornerWidget(seed=3, language='fr').snapshot")
    screenshot(widget, f"lang-followed-fr-{app}")
    # A table given its language keeps it, whatever JupyterLab speaks.
    german = opened.widget(1)
    expect(german.locator(".kcw-table")).to_have_attribute("lang", "de")
    assert opened.json("w2.language") == "de"
