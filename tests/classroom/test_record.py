"""The learner's record: kept as they work, atomic, merged, capped, named safely."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.classroom import record as rec
from kingscorner_widget.classroom.recorder import Recorder
from kingscorner_widget.classroom.store import WRITER, RecordStore, RecordTooLargeError, Writer


def finish(widget: KingsCornerWidget) -> None:
    """Walk a lesson table to its end with Show me."""
    run = widget.lesson
    assert run is not None
    while not run.done:
        if not widget.show_me():
            widget.next_step()


def read(folder: pathlib.Path, learner: str = "ada") -> Any:
    WRITER.wait()
    return json.loads((folder / f"{learner}.json").read_text(encoding="utf-8"))


def validator() -> jsonschema.Draft202012Validator:
    schema = rec.progress_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_a_lesson_table_keeps_each_step_its_refusals_hints_and_stars(
    tmp_path: pathlib.Path,
) -> None:
    w = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    with pytest.raises(ValueError, match="one rank"):
        w.play("Th>E")
    w.hint()
    w.play("Th>N")
    w.next_step()
    w.play("Ks>NE")
    w.next_step()
    w.play("4h>S")
    data = read(tmp_path)
    validator().validate(data)
    assert rec.check_record(data) is data
    (table,) = data["tables"]
    item = table["items"]["lesson:worked-turn"]
    first, second, _third = item["steps"]
    assert first["attempts"] == 2
    assert first["refused"] == [{"move": "Th>E", "code": "rank"}]
    assert first["hints"] == 1
    assert first["done"]
    assert first["tried"] == ["Th>N"]
    assert second["refused"] == []
    assert second["hints"] == 0
    assert second["tried"] == ["Ks>NE"]
    assert all(step["seconds"] >= 0 for step in item["steps"])
    # two slips (a refusal and a hint) on a one-move step: 1 star; 3 for each clean one
    assert [rec.step_stars(s) for s in item["steps"]] == [1, 3, 3]
    assert item["finished"]
    assert item["stars"] == 2


def test_show_me_earns_one_star_and_a_move_not_in_hand_is_named(tmp_path: pathlib.Path) -> None:
    w = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    with pytest.raises(ValueError, match="not in your hand"):
        w.play("Qs>N")
    finish(w)
    item = read(tmp_path)["tables"][0]["items"]["lesson:worked-turn"]
    assert item["steps"][0]["refused"] == [{"move": "Qs>N", "code": "not_in_hand"}]
    assert item["steps"][0]["shows"] == 1
    assert item["steps"][0]["tried"] == ["Th>N"]
    assert item["stars"] == 1


def test_a_legal_move_the_step_does_not_ask_for_has_its_own_code(tmp_path: pathlib.Path) -> None:
    w = KingsCornerWidget(lesson="pile-transfer", learner="bo", progress_dir=tmp_path)
    with pytest.raises(ValueError, match="this step teaches one move"):
        w.play("6s>W")
    step = read(tmp_path, "bo")["tables"][0]["items"]["lesson:pile-transfer"]["steps"][0]
    assert step["refused"] == [{"move": "6s>W", "code": "not_the_step"}]


def test_a_hand_played_is_kept_with_its_opponents(tmp_path: pathlib.Path) -> None:
    w = KingsCornerWidget(players=2, seed=4, learner="ada", progress_dir=tmp_path, speed=0)
    for _ in range(400):
        if w.game.is_over():
            break
        if w.legal:
            w.play(w.legal[0])
        else:
            w.step()
    assert w.game.is_over()
    (hand,) = read(tmp_path)["tables"][0]["hands"]
    assert hand["opponents"] == ["greedy"]
    assert hand["players"] == 2
    outcome = w.game.outcome()
    assert outcome is not None
    assert hand["won"] == (1 in outcome.winners)
    assert hand["cardsLeft"] == len(w.game.hand(1))
    assert hand["record"]["format"]


def test_the_daily_deal_is_kept_once(tmp_path: pathlib.Path) -> None:
    w = KingsCornerWidget(players=2, learner="ada", progress_dir=tmp_path, speed=0)
    w.daily("2026-11-30")
    for _ in range(400):
        if w.game.is_over():
            break
        if w.legal:
            w.play(w.legal[0])
        else:
            w.step()
    items = read(tmp_path)["tables"][0]["items"]
    daily = items["daily:2026-11-30"]
    assert daily["finished"]
    assert daily["result"]["cardsLeft"] == len(w.game.hand(1))


def test_a_review_keeps_its_accuracy(tmp_path: pathlib.Path) -> None:
    from kingscorner_widget import Game
    from kingscorner_widget.analysis import make_player

    game = Game.new(players=2, seed=3)
    bot = make_player("greedy")
    while not game.is_over():
        game.play(bot.choose(game.observation(game.turn)))
    w = KingsCornerWidget(game, mode="review", learner="ada", progress_dir=tmp_path)
    w.forward()
    (review,) = read(tmp_path)["tables"][0]["reviews"]
    assert 0 <= review["accuracy"] <= 1
    assert review["judge"] == "cards"
    assert review["turns"] > 0


def test_a_review_judged_by_winning_keeps_the_accuracy_the_learner_was_shown(
    tmp_path: pathlib.Path,
) -> None:
    """Switched to chance of winning, the record keeps that judge's accuracy once the chances
    are in, as the table shows it (it kept the cards' figure with judge "cards")."""
    from kingscorner_widget import Game
    from kingscorner_widget.analysis import make_player

    game = Game.new(players=2, seed=3)
    bot = make_player("greedy")
    while not game.is_over():
        game.play(bot.choose(game.observation(game.turn)))
    w = KingsCornerWidget(game, mode="review", learner="ada", progress_dir=tmp_path)
    w.table.act("judge")
    session: Any = w.table.session
    assert session.estimates.wait(300)
    shown = w.table.snapshot()["review"]["summary"]
    assert shown["judge"] == "win"
    kept = read(tmp_path)["tables"][0]["reviews"][-1]
    assert (kept["judge"], kept["accuracy"]) == ("win", shown["accuracy"])


def test_two_tables_of_one_learner_merge(tmp_path: pathlib.Path) -> None:
    one = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    two = KingsCornerWidget(lesson="pile-transfer", learner="ada", progress_dir=tmp_path)
    one.play("Th>N")
    two.hint()
    one.hint()
    tables = read(tmp_path)["tables"]
    assert len(tables) == 2
    keys = sorted(key for table in tables for key in table["items"])
    assert keys == ["lesson:pile-transfer", "lesson:worked-turn"]


def test_two_tables_writing_at_once_lose_nothing(tmp_path: pathlib.Path) -> None:
    stores = [Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False)) for _ in "ab"]
    for number, recorder in enumerate(stores):
        recorder.table["items"][f"lesson:x{number}"] = {"kind": "lesson", "steps": []}
    barrier = threading.Barrier(2)

    def write(recorder: Recorder) -> None:
        barrier.wait()
        for _ in range(30):
            recorder.flush()

    threads = [threading.Thread(target=write, args=(r,)) for r in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    data = read(tmp_path)
    assert sorted(t["id"] for t in data["tables"]) == sorted(r.table["id"] for r in stores)
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_two_processes_writing_at_once_lose_nothing(tmp_path: pathlib.Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        from kingscorner_widget.classroom.recorder import Recorder
        from kingscorner_widget.classroom.store import RecordStore, Writer
        r = Recorder(RecordStore("ada", {str(tmp_path)!r}), writer=Writer(threads=False))
        for _ in range(40):
            r.flush()
        print(r.table["id"])
        """
    )
    runs = [
        subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    ids = sorted(run.communicate(timeout=60)[0].strip() for run in runs)
    assert sorted(t["id"] for t in read(tmp_path)["tables"]) == ids


def test_a_kill_during_a_write_loses_nothing_written_before(tmp_path: pathlib.Path) -> None:
    first = Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False))
    first.table["items"]["lesson:moves"] = {"kind": "lesson", "finished": True, "stars": 3}
    first.flush()
    before = (tmp_path / "ada.json").read_bytes()
    script = textwrap.dedent(
        f"""
        import os, sys
        from kingscorner_widget.classroom import store
        real = os.fsync
        def slow(fd):
            print("writing", flush=True)
            import time; time.sleep(60)
        store.os.fsync = slow
        from kingscorner_widget.classroom.recorder import Recorder
        writer = store.Writer(threads=False)
        r = Recorder(store.RecordStore("ada", {str(tmp_path)!r}), writer=writer)
        r.table["items"]["lesson:big"] = {{"kind": "lesson", "title": "x" * 500000}}
        r.flush()
        """
    )
    run = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert run.stdout is not None
    assert run.stdout.readline().strip() == "writing"  # the new record is half on its way
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    assert (tmp_path / "ada.json").read_bytes() == before
    assert rec.check_record(json.loads(before))
    # the next write goes on from the whole record (the stray temporary file is only a leftover)
    second = Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False))
    second.flush()
    assert len(read(tmp_path)["tables"]) == 2


def test_a_record_past_the_cap_is_refused_and_nothing_is_lost(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kingscorner_widget.classroom import store

    recorder = Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False))
    recorder.table["items"]["lesson:moves"] = {"kind": "lesson", "finished": True, "stars": 3}
    recorder.flush()
    before = (tmp_path / "ada.json").read_bytes()
    monkeypatch.setattr(store, "MAX_BYTES", 2000)
    recorder.table["items"]["lesson:big"] = {"kind": "lesson", "title": "x" * 5000}
    with pytest.raises(RecordTooLargeError, match="over the cap of 2000: it was not written"):
        RecordStore("ada", tmp_path).write(recorder.table)
    with pytest.warns(UserWarning, match="over the cap"):
        recorder.flush()
    assert recorder.error is not None
    assert "over the cap" in recorder.error
    assert (tmp_path / "ada.json").read_bytes() == before
    assert recorder.table["items"]["lesson:big"]  # kept in memory too


def test_a_file_that_is_not_a_record_is_set_aside_not_overwritten(tmp_path: pathlib.Path) -> None:
    (tmp_path / "ada.json").write_text('{"format": "kingscorner-progress", "vers', "utf-8")
    store = RecordStore("ada", tmp_path)
    with pytest.warns(UserWarning, match="kept as ada.json.bad-"):
        store.write({"id": "t1", "items": {}})
    assert store.moved_aside is not None
    assert store.moved_aside.read_text("utf-8").endswith('"vers')
    assert read(tmp_path)["tables"][0]["id"] == "t1"


@pytest.mark.parametrize(
    "name",
    ["../ada", "a/b", "a\\b", ".hidden", "", "con", "ada.", "x" * 65, "a..b", "_x", 3],
)
def test_learner_names_cannot_reach_outside_the_folder(
    name: object, tmp_path: pathlib.Path
) -> None:
    with pytest.raises(ValueError, match="a learner's name is"):
        KingsCornerWidget(lesson="moves", learner=name, progress_dir=tmp_path)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_fair_names_are_taken() -> None:
    for name in ("ada", "Ada Lovelace", "bo-2", "zoë", "j.smith"):
        assert rec.check_learner(name) == name


def test_progress_dir_needs_a_learner(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="give learner="):
        KingsCornerWidget(lesson="moves", progress_dir=tmp_path)


def test_the_default_folder_is_beside_the_notebook(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    w = KingsCornerWidget(lesson="worked-turn", learner="ada")
    w.hint()
    WRITER.wait()
    assert (tmp_path / "kingscorner-progress" / "ada.json").is_file()


def test_a_write_costs_a_click_little_kernel_time(tmp_path: pathlib.Path) -> None:
    """The click only updates the entry in memory; the file is written on the writer thread."""
    w = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    plain = KingsCornerWidget(lesson="worked-turn")
    costs = []
    for table in (w, plain):
        start = time.thread_time()
        for _ in range(20):
            table.hint()
        costs.append((time.thread_time() - start) / 20)
    WRITER.wait()
    assert costs[0] - costs[1] < 0.005, costs


def test_no_write_is_left_half_done_on_disk(tmp_path: pathlib.Path) -> None:
    w = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    for _ in range(5):
        w.hint()
    WRITER.wait()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".ada.lock")) == [
        "ada.json"
    ]
    assert os.stat(tmp_path / "ada.json").st_size > 0


def test_a_record_that_cannot_be_saved_never_stops_the_table(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kingscorner_widget.classroom import store

    def broken(path: pathlib.Path, data: bytes) -> None:
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(store, "atomic_write", broken)
    recorder = Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False))
    with pytest.warns(UserWarning, match="could not be saved"):
        recorder.flush()
    assert recorder.error is not None


def test_where_fcntl_has_no_flock_the_write_goes_on(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide's fcntl has no flock (the browser course)."""
    import fcntl

    monkeypatch.delattr(fcntl, "flock")
    RecordStore("ada", tmp_path).write({"id": "t1", "items": {}})
    assert read(tmp_path)["tables"][0]["id"] == "t1"
