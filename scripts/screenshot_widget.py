"""Render the table widget in headless Chromium and save pictures of it.

The page loads the built bundle (kingscorner_widget/static/widget.{js,css}) with a small stand-in
for the anywidget model; the model's messages go to a real KingsCornerWidget in this process, so
clicks in the page play through the engine exactly as in a notebook.

    .venv/bin/python scripts/screenshot_widget.py            # pictures in build/screenshots/
    .venv/bin/python scripts/screenshot_widget.py --readme   # also docs/widget.png

Needs the bundle (``cd js && npm run build``) and a Chromium (Debian's /usr/bin/chromium, or
Playwright's own).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import sys
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kingscorner_widget import Game  # noqa: E402
from kingscorner_widget.widget.adapter import KingsCornerWidget  # noqa: E402

STATIC = ROOT / "kingscorner_widget" / "static"

LIGHT = {
    "--jp-layout-color1": "#ffffff",
    "--jp-layout-color2": "#eeeeee",
    "--jp-ui-font-color1": "rgba(0,0,0,0.87)",
    "--jp-border-color1": "#bdbdbd",
    "--jp-brand-color1": "#1976d2",
}
DARK = {
    "--jp-layout-color1": "#111111",
    "--jp-layout-color2": "#212121",
    "--jp-ui-font-color1": "rgba(255,255,255,0.87)",
    "--jp-ui-font-color2": "rgba(255,255,255,0.54)",
    "--jp-border-color1": "#616161",
    "--jp-brand-color1": "#64b5f6",
}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>{css}
body {{ margin: 0; padding: 16px; background: var(--jp-layout-color1); {vars} }}
</style></head>
<body data-jp-theme-light="{light}"><div id="out"></div>
<script type="module">
const state = {state};
const handlers = {{}};
const model = {{
  get: (key) => state[key],
  on: (name, fn) => (handlers[name] ??= new Set()).add(fn),
  off: (name, fn) => handlers[name]?.delete(fn),
  send: async (msg) => {{
    const next = await window.kcwSend(JSON.stringify(msg));
    for (const [key, value] of Object.entries(JSON.parse(next))) {{
      if (JSON.stringify(state[key]) === JSON.stringify(value)) continue;
      state[key] = value;
      for (const fn of handlers["change:" + key] ?? []) fn();
    }}
  }},
}};
const code = {code};
const url = URL.createObjectURL(new Blob([code], {{ type: "text/javascript" }}));
const widget = (await import(url)).default;
widget.render({{ model, el: document.getElementById("out") }});
window.kcwReady = true;
</script></body></html>
"""


def state_of(widget: KingsCornerWidget) -> dict[str, Any]:
    """The synced traits, as the browser would hold them."""
    return {
        "snapshot": widget.snapshot,
        "legal": widget.legal,
        "status": widget.status,
        "mode": widget.mode,
        "speed": widget.speed,
    }


def page_for(widget: KingsCornerWidget, dark: bool) -> str:
    css = (STATIC / "widget.css").read_text()
    code = (STATIC / "widget.js").read_text()
    colours = DARK if dark else LIGHT
    return PAGE.format(
        css=css,
        vars=" ".join(f"{k}: {v};" for k, v in colours.items()),
        light="false" if dark else "true",
        state=json.dumps(state_of(widget)),
        code=json.dumps(code),
    )


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("KCW_CHROMIUM"),
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
    ):
        if candidate and shutil.which(candidate):
            return candidate
    return None


Scene = Callable[[Any], None]


def shoot(
    browser: Any,
    widget: KingsCornerWidget,
    path: pathlib.Path,
    *,
    dark: bool = False,
    actions: Scene | None = None,
    width: int = 1120,
) -> None:
    """Open ``widget`` in a page, run ``actions`` on it, and save a picture of the table."""
    page = browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=1)

    def send(text: str) -> str:
        widget.handle_message(json.loads(text))
        return json.dumps(state_of(widget))

    page.expose_function("kcwSend", send)
    page.set_content(page_for(widget, dark))
    page.wait_for_function("window.kcwReady === true")
    if actions is not None:
        actions(page)
        page.wait_for_timeout(150)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.locator(".kcw-table").screenshot(path=str(path))
    page.close()
    print(f"saved {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--readme", action="store_true", help="also write docs/widget.png")
    args = parser.parse_args()
    if not (STATIC / "widget.js").exists():
        sys.exit("build the bundle first: cd js && npm run build")
    from playwright.sync_api import sync_playwright

    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h9c P2:?7 P3:?6 P4:?7 stock:25 turn:P1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path())

        def pick_ten(page: Any) -> None:
            page.click('[data-hand] [data-card="Th"]')

        play = KingsCornerWidget(Game.from_position(line, seed=4), speed=0)
        shoot(browser, play, args.out / "play-selected.png", actions=pick_ten)
        shoot(browser, play, args.out / "play-selected-dark.png", dark=True, actions=pick_ten)

        def refused(page: Any) -> None:
            page.click('[data-hand] [data-card="4h"]')
            page.click('[data-pile="N"]')

        shoot(
            browser,
            KingsCornerWidget(Game.from_position(line, seed=4)),
            args.out / "refused.png",
            actions=refused,
        )

        explore = KingsCornerWidget(
            Game.new(players=3, seed=21), mode="explore", show_all_hands=True
        )
        for _ in range(2):
            plays = [m for m in explore.legal if m != "draw"]
            if plays:
                explore.play(plays[0])
        shoot(browser, explore, args.out / "explore-all-hands.png")

        match = KingsCornerWidget(seed=5, speed=0)

        def keys(page: Any) -> None:
            page.focus("[data-hand] [data-card]")
            page.keyboard.press("?")

        shoot(browser, match, args.out / "match-keys.png", actions=keys)

        def keyboard(page: Any) -> None:
            page.focus("[data-hand] [data-card]")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")

        shoot(browser, match, args.out / "keyboard.png", actions=keyboard, width=760)

        # A match after a hand or two: the score sheet filled in, "Next hand" offered.
        finished = KingsCornerWidget(seed=3, speed=0)
        for _ in range(2):
            while not finished.game.is_over():
                if finished.waiting is not None:
                    finished.skip()
                else:
                    finished.play(finished.legal[0])
            if finished.match is not None and finished.match.hand_number == 1:
                finished.next_hand()
        shoot(browser, finished, args.out / "match-hand-over.png")

        lesson = KingsCornerWidget(mode="lesson", lesson="pile-transfer")
        shoot(browser, lesson, args.out / "lesson.png")

        crowded = KingsCornerWidget(Game.new(players=2, seed=8), mode="explore")
        for _ in range(24):  # both players only draw: big hands
            crowded.draw()
        shoot(browser, crowded, args.out / "big-hand.png")
        if args.readme:
            # A match at the viewer's first turn: a dealt king already moved to a corner, one card
            # played, and a king picked up with its three empty corners outlined in gold.
            readme = KingsCornerWidget(seed=14, speed=0)
            readme.play("Qd>W")
            shoot(
                browser,
                readme,
                ROOT / "docs" / "widget.png",
                actions=lambda page: page.click('[data-hand] [data-card="Ks"]'),
            )
        browser.close()


if __name__ == "__main__":
    main()
