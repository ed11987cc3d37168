"""Latency of the table widget in a real browser: click to redrawn table, and the messages sent.

JupyterLab and headless Chromium are started as in the end-to-end tests
(``tests/browser/jupyter_server.py``). An explore-mode table plays a whole hand by clicking, as a
user does: a card then a pile, a pile then a pile, or "Draw & end turn". For every action the page
times the click (its ``pointerdown``) to the moment the table shows the move (a ``MutationObserver``
on the widget), and the kernel websocket's frames are counted: the widget messages the browser sends
(intents) and the ones it receives (state updates), up to the kernel going idle again.

Prints p50 and p95 over 50 plays, split into click -> intent sent, sent -> update received and
received -> drawn (timed in the page on the websocket itself), the size of the state messages and
the messages per action (targets: p95 under 50 ms, one message per action, under 4 KB). A bare
anywidget echo on the same page gives the floor the machine allows at the moment. Run it with
``.venv/bin/python -m bench`` (every benchmark) or ``.venv/bin/python bench/bench_browser.py``.
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import struct
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Locator, Page, WebSocket, sync_playwright

from bench.stats import percentile
from kingscorner_widget import EndTurn, Game, Move, MovePile, PlayCard
from tests.browser.jupyter_server import (
    JupyterServer,
    NotebookPage,
    launch_chromium,
    write_notebook,
)

PLAYS = 50
PLAYERS = 2
TARGET_P95_MS = 50.0
TARGET_BYTES = 4096

# Time stamps of the kernel websocket's frames, taken in the page as they are sent and received.
WIRE_TRACE_JS = """(() => {
    const Native = window.WebSocket;
    const size = (data) => data.byteLength ?? data.size ?? data.length ?? 0;
    window.kcwWire = [];
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            if (String(args[0]).includes('/channels')) {
                this.addEventListener('message', (event) => window.kcwWire.push(
                    {out: false, t: performance.now(), size: size(event.data)}));
            }
        }
        send(data) {
            if (this.url.includes('/channels')) {
                window.kcwWire.push({out: true, t: performance.now(), size: size(data)});
            }
            return super.send(data);
        }
    };
})();"""

ARM_JS = """(root, expected) => {
    const cards = (selector) =>
        [...root.querySelectorAll(selector + ' [data-card]')].map(c => c.dataset.card);
    const handBefore = cards('[data-hand]').join(' ');
    const onTarget = () => root.querySelector(
        `[data-pile='${expected.target}'] [data-card='${expected.card}']`);
    const done = () => {
        if (expected.kind === 'card') {
            return onTarget() && !root.querySelector(`[data-hand] [data-card='${expected.card}']`);
        }
        if (expected.kind === 'pile') {
            const source = root.querySelector(`[data-pile='${expected.source}']`);
            return onTarget() && !source.querySelector('[data-card]');
        }
        if (expected.kind === 'echo') {
            return root.querySelector('[data-echo]').textContent === expected.text;
        }
        return cards('[data-hand]').join(' ') !== handBefore;
    };
    window.kcwT0 = undefined;
    window.kcwWire = [];
    document.addEventListener('pointerdown', () => { window.kcwT0 = performance.now(); },
                              {capture: true, once: true});
    window.kcwDone = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
            if (window.kcwT0 !== undefined && done()) {
                observer.disconnect();
                const end = performance.now();
                const sent = window.kcwWire.find((frame) => frame.out);
                const update = window.kcwWire.filter((frame) => !frame.out && frame.t <= end)
                    .reduce((big, frame) => (frame.size > (big?.size ?? -1) ? frame : big), null);
                resolve({
                    total: end - window.kcwT0,
                    send: sent ? sent.t - window.kcwT0 : null,
                    kernel: sent && update ? update.t - sent.t : null,
                    draw: update ? end - update.t : null,
                });
            }
        });
        observer.observe(root, {subtree: true, childList: true, attributes: true,
                                characterData: true});
    });
}"""


@dataclass
class Frame:
    """One kernel websocket frame, decoded enough to count it."""

    sent: bool
    size: int
    channel: str
    msg_type: str
    msg_id: str
    parent_id: str
    content: dict[str, Any]
    content_size: int


def decode(payload: str | bytes, sent: bool) -> Frame | None:
    """A frame of the Jupyter kernel websocket protocol (JSON, or the binary ``v1`` protocol)."""
    if isinstance(payload, str):
        message = json.loads(payload)
        content = message.get("content", {})
        return Frame(
            sent,
            len(payload.encode()),
            message.get("channel", ""),
            message["header"]["msg_type"],
            message["header"]["msg_id"],
            (message.get("parent_header") or {}).get("msg_id", ""),
            content,
            len(json.dumps(content).encode()),
        )
    (count,) = struct.unpack_from("<Q", payload, 0)
    offsets = struct.unpack_from(f"<{count}Q", payload, 8)
    # offsets: where each part starts, then where the last one ends
    parts = [payload[start:end] for start, end in itertools.pairwise(offsets)]
    if len(parts) < 5:
        return None
    header, parent = json.loads(parts[1]), json.loads(parts[2] or b"{}")
    return Frame(
        sent,
        len(payload),
        parts[0].decode(),
        header["msg_type"],
        header["msg_id"],
        parent.get("msg_id", ""),
        json.loads(parts[4] or b"{}"),
        len(parts[4]),
    )


@dataclass
class Wire:
    """Every frame of the kernel websocket(s) of a page, in order."""

    frames: list[Frame] = field(default_factory=list)
    last_intent: str = ""
    socket: WebSocket | None = None
    """The websocket the notebook talks to its kernel on (the one that sent requests)."""

    def attach(self, page: Page) -> None:
        page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        if "/channels" not in socket.url:
            return
        socket.on("framesent", lambda payload: self._add(socket, payload, sent=True))
        socket.on("framereceived", lambda payload: self._add(socket, payload, sent=False))

    def _add(self, socket: WebSocket, payload: str | bytes, sent: bool) -> None:
        frame = decode(payload, sent)
        if frame is None:
            return
        self.frames.append(frame)
        if sent and frame.msg_type in ("execute_request", "comm_msg"):
            self.socket = socket
        if sent and frame.msg_type == "comm_msg":
            self.last_intent = frame.msg_id

    def is_idle_after_intent(self, payload: str | bytes) -> bool:
        """True for the frame that says the kernel is idle after the last intent the page sent."""
        frame = decode(payload, sent=False)
        return (
            frame is not None
            and frame.msg_type == "status"
            and frame.content.get("execution_state") == "idle"
            and frame.parent_id == self.last_intent
        )


@dataclass
class Action:
    """One timed user action and the widget messages it caused."""

    kind: str
    move: str
    ms: float
    """Click (pointerdown) to the table showing the move."""
    send_ms: float | None
    """Click to the intent leaving the page."""
    kernel_ms: float | None
    """Intent sent to the state update received (network and kernel)."""
    draw_ms: float | None
    """State update received to the table showing the move (the front end)."""
    sent: list[Frame]
    received: list[Frame]


def plan(plays: int = PLAYS, players: int = PLAYERS) -> tuple[int, list[Move]]:
    """A seed and the moves of one hand that holds at least ``plays`` card or pile moves.

    Each turn plays the first legal card or pile move until none is left, then ends the turn.
    """
    for seed in range(1000):
        game = Game.new(players=players, seed=seed)
        moves: list[Move] = []
        count = 0
        while not game.is_over() and count < plays:
            legal = game.legal_moves()
            move = next((m for m in legal if not isinstance(m, EndTurn)), game.end_move())
            game.play(move)
            moves.append(move)
            count += not isinstance(move, EndTurn)
        if count >= plays:
            return seed, moves
    raise RuntimeError(f"no deal of the first 1000 gives {plays} plays in one hand")


def click_move(page: Page, widget: Locator, wire: Wire, move: Move) -> Action:
    """Make ``move`` by clicking, timing the click that completes it."""
    expected: dict[str, str]
    if isinstance(move, PlayCard):
        widget.locator(f"[data-hand] [data-card='{move.card}']").click()
        target = widget.locator(f"[data-pile='{move.target.name}']")
        target.locator("xpath=self::*[@data-legal]").wait_for()
        expected = {"kind": "card", "card": str(move.card), "target": move.target.name}
    elif isinstance(move, MovePile):
        source = widget.locator(f"[data-pile='{move.source.name}']")
        top = source.locator("[data-card]").last.get_attribute("data-card") or ""
        source.click()
        target = widget.locator(f"[data-pile='{move.target.name}']")
        target.locator("xpath=self::*[@data-legal]").wait_for()
        expected = {"kind": "pile", "source": move.source.name, "target": move.target.name}
        expected["card"] = top
    else:
        target = widget.locator("[data-action='draw']")
        expected = {"kind": "draw"}
    start = len(wire.frames)
    widget.evaluate(ARM_JS, expected)
    assert wire.socket is not None, "the notebook never talked to its kernel"
    # Until the kernel is idle again after the intent, so every message of the action is counted.
    with wire.socket.expect_event("framereceived", predicate=wire.is_idle_after_intent):
        target.click()
        timing = page.evaluate("() => window.kcwDone")
    frames = wire.frames[start:]
    return Action(
        expected["kind"],
        str(move),
        float(timing["total"]),
        timing["send"],
        timing["kernel"],
        timing["draw"],
        [f for f in frames if f.sent and f.msg_type == "comm_msg"],
        [f for f in frames if not f.sent and f.msg_type == "comm_msg"],
    )


# The floor under the table's figures: the smallest anywidget round trip on the same page (a
# click sends a message, Python sets a synced number, the page shows it).
ECHO_CELL = """import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = '''export default { render({ model, el }) {
        const button = document.createElement('button');
        button.dataset.echo = '';
        const show = () => { button.textContent = String(model.get('n')); };
        button.onclick = () => model.send({n: model.get('n') + 1});
        model.on('change:n', show);
        show();
        el.append(button);
    } };'''
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _, content, __: setattr(self, 'n', content['n']))

Echo()"""
ECHOES = 20


def click_echo(page: Page, echo: Locator, wire: Wire, number: int) -> Action:
    """Click the echo widget and time the round trip to the number it shows."""
    echo.evaluate(ARM_JS, {"kind": "echo", "text": str(number)})
    assert wire.socket is not None
    with wire.socket.expect_event("framereceived", predicate=wire.is_idle_after_intent):
        echo.locator("[data-echo]").click()
        timing = page.evaluate("() => window.kcwDone")
    return Action(
        "echo", "", float(timing["total"]), timing["send"], timing["kernel"], timing["draw"], [], []
    )


def measure(page: Page, server: JupyterServer) -> Iterator[Action]:
    seed, moves = plan()
    name = "bench-latency.ipynb"
    write_notebook(
        server.root / name,
        [
            "from kingscorner_widget import Game, KingsCornerWidget\n"
            f'w = KingsCornerWidget(Game.new(players={PLAYERS}, seed={seed}), mode="explore")\nw',
            ECHO_CELL,
        ],
    )
    wire = Wire()
    wire.attach(page)
    page.add_init_script(WIRE_TRACE_JS)
    opened = NotebookPage(page, server, name).open()
    opened.run_all()
    widget = opened.widget()
    widget.locator("[data-pile='N']").wait_for()
    for move in moves:
        yield click_move(page, widget, wire, move)
    echo = page.locator(".jp-OutputArea-output:has([data-echo])")
    for number in range(1, ECHOES + 1):
        yield click_echo(page, echo, wire, number)
    played = opened.json("[str(m) for m in w.game.moves]")
    wanted = [str(m) for m in moves]
    if played[-len(wanted) :] != wanted:
        raise RuntimeError(f"the table played {played}, not {wanted}")


def report(everything: list[Action]) -> None:
    echoes = [a for a in everything if a.kind == "echo"]
    actions = [a for a in everything if a.kind != "echo"]
    plays = [a for a in actions if a.kind != "draw"]
    draws = [a for a in actions if a.kind == "draw"]
    load = os.getloadavg()[0]
    print(
        f"browser: {len(plays)} plays and {len(draws)} draws by clicking (JupyterLab, Chromium; "
        f"load {load:.1f} on {os.cpu_count()} cores, so a busy machine shows in the times)"
    )
    for label, group in (("plays", plays), ("draws", draws), ("bare anywidget echo", echoes)):
        if not group:
            continue
        times = [a.ms for a in group]
        p50, p95 = percentile(times, 50), percentile(times, 95)
        if group is echoes:
            flag = "the floor on this machine now"
        else:
            flag = "ok" if p95 < TARGET_P95_MS else f"over the {TARGET_P95_MS:.0f} ms target"
        print(
            f"  {label}: click -> page updated p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
            f"max {max(times):.1f} ms ({flag})"
        )
        parts = []
        for part, values in (
            ("click -> intent sent", [a.send_ms for a in group]),
            ("sent -> update received", [a.kernel_ms for a in group]),
            ("received -> drawn", [a.draw_ms for a in group]),
        ):
            known = [v for v in values if v is not None]
            if known:
                parts.append(f"{part} {percentile(known, 50):.1f}/{percentile(known, 95):.1f}")
        print(f"    p50/p95 ms of the parts: {', '.join(parts)}")
    received = [len(a.received) for a in actions]
    sent = [len(a.sent) for a in actions]
    sizes = [f.size for a in actions for f in a.received]
    contents = [f.content_size for a in actions for f in a.received]
    print(
        f"  messages per action: browser -> kernel {statistics.mean(sent):.2f} "
        f"(max {max(sent)}), kernel -> browser {statistics.mean(received):.2f} "
        f"(max {max(received)}; target 1)"
    )
    if sizes:
        big = sum(size >= TARGET_BYTES for size in sizes)
        print(
            f"  state message size: median {statistics.median(sizes) / 1024:.2f} KB, "
            f"max {max(sizes) / 1024:.2f} KB (content max {max(contents) / 1024:.2f} KB); "
            f"{big} of {len(sizes)} at or over {TARGET_BYTES // 1024} KB"
        )
        largest = max((f for a in actions for f in a.received), key=lambda f: f.size)
        print(f"  largest message, biggest parts: {heaviest_parts(largest.content)}")


def heaviest_parts(content: dict[str, Any], count: int = 4) -> str:
    """The synced values (and snapshot fields) that weigh most in a state update, in KB."""
    state = content.get("data", {}).get("state", {})
    parts: dict[str, int] = {}
    for name, value in state.items():
        if name == "snapshot" and isinstance(value, dict):
            for key, field_value in value.items():
                parts[f"snapshot.{key}"] = len(json.dumps(field_value))
        else:
            parts[name] = len(json.dumps(value))
    ranked = sorted(parts.items(), key=lambda item: -item[1])[:count]
    return ", ".join(f"{name} {size / 1024:.2f} KB" for name, size in ranked)


def run() -> None:
    """Play a hand by clicking in JupyterLab and print the latency figures."""
    with tempfile.TemporaryDirectory(prefix="kcw-bench-") as root, sync_playwright() as playwright:
        server = JupyterServer(Path(root)).start()
        try:
            browser = launch_chromium(playwright)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.set_default_timeout(20_000)
                report(list(measure(page, server)))
            finally:
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    run()
