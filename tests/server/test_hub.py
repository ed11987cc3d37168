"""The class server's Hub side against a real JupyterHub: who holds a token, asked of the Hub."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kingscorner_widget.classroom.homework import Homework
from kingscorner_widget.server.client import ClassServerError, RemoteTable
from kingscorner_widget.server.hub import HubError, HubIdentity, HubUser
from kingscorner_widget.server.teacher import HubClass

from .real_hub import RealHub, free_port, real_hub

SERVICE = "classroom"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealHub]:
    """One Hub for the file, with the class server as its managed service, run as a school's
    Hub would run it (``kingscorner serve --hub``)."""
    folder = Path(tmp_path_factory.mktemp("hub"))
    service = {
        "name": SERVICE,
        "url": f"http://127.0.0.1:{free_port()}",
        "command": [
            sys.executable,
            "-m",
            "kingscorner_widget",
            "serve",
            "--hub",
            "--data",
            str(folder / "class.sqlite"),
        ],
    }
    with real_hub(folder, [service]) as running:
        running.wait_for(f"/services/{SERVICE}/")
        running.api("POST", "/groups/teachers")
        yield running


def address(hub: RealHub) -> str:
    """The class server's address behind the Hub, as a notebook on the Hub reaches it."""
    return f"{hub.url}/services/{SERVICE}/"


def test_a_learners_token_names_the_learner(hub: RealHub) -> None:
    token = hub.user_token("ada")
    hub.user_token("mr-brown")
    hub.api("POST", "/groups/teachers/users", {"users": ["mr-brown"]})
    identity = HubIdentity(f"{hub.url}/hub/api")
    assert identity.user_for(token) == HubUser(name="ada", admin=False, groups=())
    teacher = identity.user_for(hub.user_token("mr-brown"))
    assert teacher == HubUser(name="mr-brown", admin=False, groups=("teachers",))


def test_a_token_with_the_least_scope_still_names_its_owner(hub: RealHub) -> None:
    """A token made with no scopes at all still identifies its owner (the Hub gives every
    token that), so a Hub that narrows the servers' tokens keeps the class working."""
    token = hub.user_token("ben", scopes=[])
    assert HubIdentity(f"{hub.url}/hub/api").user_for(token).name == "ben"


@pytest.mark.parametrize(
    ("token", "said"),
    [
        ("0" * 32, "does not know that token"),
        ("", "no Hub token was sent"),
        ("x" * 300, "not a Hub token"),
        ("ab\ncd", "not a Hub token"),
    ],
)
def test_a_token_the_hub_does_not_vouch_for_is_refused(hub: RealHub, token: str, said: str) -> None:
    with pytest.raises(HubError, match=said):
        HubIdentity(f"{hub.url}/hub/api").user_for(token)


def test_a_services_token_is_not_a_learner(hub: RealHub) -> None:
    with pytest.raises(HubError, match="service's, not a person's"):
        HubIdentity(f"{hub.url}/hub/api").user_for(hub.admin_token)


def test_a_revoked_token_is_refused_once_its_answer_expires(hub: RealHub) -> None:
    now = [0.0]
    identity = HubIdentity(f"{hub.url}/hub/api", clock=lambda: now[0])
    token = hub.user_token("cal")
    assert identity.user_for(token).name == "cal"
    for made in hub.api("GET", "/users/cal/tokens")["api_tokens"]:
        hub.api("DELETE", f"/users/cal/tokens/{made['id']}")
    assert identity.user_for(token).name == "cal"  # the answer kept for a minute
    now[0] += 61
    with pytest.raises(HubError, match="does not know that token"):
        identity.user_for(token)


def test_a_hub_that_is_gone_is_said_plainly() -> None:
    identity = HubIdentity("http://127.0.0.1:9/hub/api", timeout=2)
    with pytest.raises(HubError, match="could not be asked who is joining"):
        identity.user_for("0123abcd")


def test_learners_join_through_the_hub_named_by_it_and_take_their_seat_back(hub: RealHub) -> None:
    teacher = hub.user_token("ms-dee")
    hub.api("POST", "/groups/teachers/users", {"users": ["ms-dee"]})
    opened = HubClass(address(hub), hub=teacher).open_room("Year 7", seats=2)
    code = opened["code"]
    ada, ben = hub.user_token("ada"), hub.user_token("ben")
    first = RemoteTable(address(hub), join=code, hub=ada)
    second = RemoteTable(address(hub), join=code, hub=ben)
    try:
        assert (first.learner, first.table, first.seat) == ("ada", 1, 1)
        assert (second.learner, second.table, second.seat) == ("ben", 1, 2)
        view = first.wait(lambda frame: frame["type"] == "view")
        assert view["snapshot"]["hands"][0]["name"] == "You"
    finally:
        first.close()
    again = RemoteTable(address(hub), join=code, hub=hub.user_token("ada"))
    try:
        assert (again.learner, again.table, again.seat) == ("ada", 1, 1)
        again.wait(lambda frame: frame["type"] == "view")
    finally:
        again.close()
        second.close()
    board = str(HubClass(address(hub), hub=teacher).room(code))
    assert "ada" in board
    assert "ben" in board


def test_on_the_hub_a_typed_name_a_forged_token_and_a_learner_opening_rooms_are_refused(
    hub: RealHub,
) -> None:
    teacher = hub.user_token("mr-eel")
    hub.api("POST", "/groups/teachers/users", {"users": ["mr-eel"]})
    code = HubClass(address(hub), hub=teacher).open_room("Year 8")["code"]
    with pytest.raises(ClassServerError, match="your name comes from the Hub") as typed:
        RemoteTable(address(hub), join=code, learner="eve")
    assert typed.value.code == "hub"
    with pytest.raises(ClassServerError, match="does not know that token") as forged:
        RemoteTable(address(hub), join=code, hub="f" * 32)
    assert forged.value.code == "hub-token"
    learner = hub.user_token("fay")
    with pytest.raises(ClassServerError, match="Only the Hub's admins") as pupil:
        HubClass(address(hub), hub=learner).open_room("Mine")
    assert pupil.value.code == "not-teacher"
    with pytest.raises(ClassServerError, match="Only the Hub's admins"):
        HubClass(address(hub), hub=learner).room(code)
    assert "fay" not in str(HubClass(address(hub), hub=teacher).room(code))


def test_a_hub_teacher_runs_a_tournament_and_the_learners_follow_their_seats(
    hub: RealHub,
) -> None:
    teacher = hub.user_token("mr-tan")
    hub.api("POST", "/groups/teachers/users", {"users": ["mr-tan"]})
    desk = HubClass(address(hub), hub=teacher)
    code = desk.open_room("Year 9", seats=2)["code"]
    with pytest.raises(ClassServerError, match="Only the Hub's admins"):
        HubClass(address(hub), hub=hub.user_token("cy")).start_tournament(code)
    assert desk.start_tournament(code, pairing="round-robin")["pairing"] == "round robin"
    ada = RemoteTable(address(hub), join=code, hub=hub.user_token("ada"))
    ben = RemoteTable(address(hub), join=code, hub=hub.user_token("ben"))
    try:
        for learner in (ada, ben):
            learner.wait(lambda frame: frame["type"] == "view")
        drawn = desk.next_round(code)
        (table,) = drawn["tables"]
        assert sorted(table["players"]) == ["ada", "ben"]
        for learner in (ada, ben):
            frame = learner.wait(lambda frame: frame["type"] == "moved")
            assert (learner.table, learner.seat) == (frame["table"], frame["seat"])
            assert learner.table == table["table"]
        assert desk.standings(code).startswith("Standings after round 1")
    finally:
        ada.close()
        ben.close()


def test_a_hub_teacher_sets_the_homework_and_a_learner_solves_its_puzzle_at_the_server(
    hub: RealHub,
) -> None:
    teacher = hub.user_token("ms-eve")
    hub.api("POST", "/groups/teachers/users", {"users": ["ms-eve"]})
    desk = HubClass(address(hub), hub=teacher)
    code = desk.open_room("Year 10")["code"]
    homework = Homework("Week 4", puzzles=1, seed=3)
    with pytest.raises(ClassServerError) as refused:
        HubClass(address(hub), hub=hub.user_token("gil")).set_homework(code, homework)
    assert refused.value.code == "not-teacher"
    assert desk.set_homework(code, homework)["items"] == ["puzzle:1"]
    learner = RemoteTable(address(hub), join=code, hub=hub.user_token("gil"))
    try:
        since = len(learner.frames)
        learner.open("puzzle", "1")
        view = learner.wait(lambda f: f["type"] == "view" and f["mode"] == "lesson", since=since)
        for move in homework.puzzles[0].puzzle.best:
            since = len(learner.frames)
            version = view["snapshot"]["version"]
            learner.send({"kind": "play", "version": version, "move": str(move)})
            view = learner.wait(lambda f: f["type"] == "view", since=since)
        assert view["snapshot"]["lesson"]["stepDone"] is True
    finally:
        learner.close()
