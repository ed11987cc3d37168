"""The teacher's side of a class server in a real JupyterLab: the teacher's notebook runs the
server beside its kernel, two learners play a hand at it, then one plays a lesson step at the
server and the other leaves, and the teacher's room view and the live view (which refreshes in
place) say what the tables did, who is on which step and who is away. A screenshot at 1366x768
of both (saved with the session's screenshots)."""

from __future__ import annotations

from playwright.sync_api import ViewportSize, expect

from tests.browser.conftest import OpenNotebook, Screenshot

SIZE: ViewportSize = {"width": 1366, "height": 768}
# Ada (seat 1) plays her ten of hearts and draws; Ben (seat 2) plays his nine of clubs and goes out.
POSITION = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th4h P2:9c stock:46 turn:P1"

SET_UP = f"""\
import tempfile
from kingscorner_widget import ClassServer, Game
from kingscorner_widget.server.client import RemoteTable

server = ClassServer(port=0, pace=0, away_after=None)
room = server.open_room("Year 7", seats=2)
ada, ben = (
    RemoteTable(server.address, join=room.code, learner=name, progress_dir=tempfile.mkdtemp())
    for name in ("Ada", "Ben")
)
dealt = {{seat: len(seat.frames) for seat in (ada, ben)}}  # what came before the deal
room.tables[0].deal(Game.from_position({POSITION!r}))

def ready(seat, move):  # the seat's first view since the deal in which move is legal
    return seat.wait(lambda f: f["type"] == "view" and move in f["legal"], since=dealt[seat])

def act(seat, at, **intent):
    version = at["snapshot"]["version"]
    seat.send({{"version": version, **intent}})
    return seat.wait(lambda f: f["type"] == "view" and f["snapshot"]["version"] > version)
"""

PLAY = """\
seen = act(ada, ready(ada, "Th>N"), kind="play", move="Th>N")
act(ada, seen, kind="draw")
act(ben, ready(ben, "9c>N"), kind="play", move="9c>N")
print(room.tables[0].game.is_over())
"""

LESSON = """\
since = len(ada.frames)
ada.open("lesson", "worked-turn")
step = ada.wait(lambda f: f["type"] == "view" and f["mode"] == "lesson", since=since)
since = len(ada.frames)
ada.send({"kind": "play", "version": step["snapshot"]["version"], "move": "Th>N"})
done = ada.wait(lambda f: f["type"] == "view" and f["mode"] == "lesson", since=since)
print(done["snapshot"]["lesson"]["stepDone"])
ben.close()
"""


def test_the_teachers_room_view_and_live_view_follow_a_hand_played_at_the_server(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(
        [SET_UP, "server.room_board(room.code)", "live = server.live(room.code)\nlive.show()"]
    )
    opened.page.set_viewport_size(SIZE)
    board = opened.page.locator(".jp-OutputArea-output", has_text="code")
    expect(board.first).to_contain_text("Ada")
    expect(board.first).to_contain_text("Ben")
    live = opened.page.locator(".jp-OutputArea-output", has_text="The class now")
    expect(live).to_have_count(1)
    for name in ("Ada", "Ben"):
        expect(live.locator("tr", has_text=name)).to_have_count(1)
    assert opened.run_code(PLAY) == "True"
    # the live view above refreshed in place: Ben's row counts a hand played and won
    ben_row = live.locator("tr", has_text="Ben")
    ada_row = live.locator("tr", has_text="Ada")
    expect(ben_row.locator("td").nth(5)).to_have_text("1", timeout=30_000)
    expect(ben_row.locator("td").nth(6)).to_have_text("1")
    expect(ada_row.locator("td").nth(6)).to_have_text("0")
    expect(ada_row.locator("td").nth(1)).to_have_text("here")
    # Ada plays a lesson step the server judges; Ben's notebook goes: the view says both
    assert opened.run_code(LESSON) == "True"
    expect(ada_row.locator("td").nth(4)).to_have_text("A worked turn, step 1 of 3", timeout=30_000)
    expect(ben_row.locator("td").nth(1)).to_contain_text("away since", timeout=30_000)
    expect(ada_row.locator("td").nth(1)).to_have_text("here")
    live.scroll_into_view_if_needed()
    screenshot(opened.page, "teacher-room-live-1366x768")
    opened.run_code("live.stop(); ada.close(); server.stop(); print('stopped')")
