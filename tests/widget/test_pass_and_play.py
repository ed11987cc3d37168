"""Pass-and-play at one laptop, without a browser: the people named, the hand covered between two
people's turns, and no card of a covered hand in anything the page is sent (the page is
untrusted: what it is sent, it could show)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
import traitlets

from kingscorner_widget import Card, Game, Rules
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.table import Table, View
from kingscorner_widget.table.page_words import cover_text
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import cards_named


def custom(w: KingsCornerWidget, kind: str, **fields: Any) -> None:
    """A custom message from the page, at the current version (the real message path)."""
    content = {"kind": kind, "version": w.snapshot["version"], **fields}
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def listen(w: KingsCornerWidget) -> list[dict[str, Any]]:
    """Every state update the kernel sends the page from now on."""
    sent: list[dict[str, Any]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    return sent


def public(game: Game) -> set[Card]:
    """The cards anyone at the table may see: the piles and the corners kept."""
    seen = {card for pile in game.piles().values() for card in pile}
    for player in range(1, game.players + 1):
        seen.update(game.kept(player))
    return seen


def table(tmp_path: pathlib.Path, **kwargs: Any) -> KingsCornerWidget:
    kwargs.setdefault("players", ["Ada", "Ben"])
    return KingsCornerWidget(speed=0, progress_dir=tmp_path, **kwargs)


def play_a_hand(w: KingsCornerWidget, sent: list[dict[str, Any]]) -> int:
    """Play the hand to its end through the page's messages, checking each covered table as it
    is published; returns how many times the laptop passed."""
    passes = 0
    for _ in range(3000):
        if w.game.is_over():
            return passes
        if w.snapshot["cover"] is not None:
            assert_covered(w, sent)
            passes += 1
            custom(w, "uncover")
            assert w.snapshot["cover"] is None
        elif w.waiting is not None:
            custom(w, "skip")
        else:
            custom(w, "play", move=w.legal[0])
    raise AssertionError("the hand did not end")


def assert_covered(w: KingsCornerWidget, sent: list[dict[str, Any]]) -> None:
    """The covered table holds no card of any hand: not the snapshot, the legal moves, the
    status line nor the picture, and not any state message sent since the cover came."""
    game = w.game
    allowed = public(game)
    snap = w.snapshot
    assert all(hand["cards"] is None for hand in snap["hands"])
    assert snap["pending"] is None
    assert snap["hint"] is None
    assert w.legal == []
    assert not cards_named([snap, w.legal, w.status]) - allowed
    position = parse_position(w.picture().position)
    assert all(isinstance(hand, int) for hand in position.hands), "the picture shows a hand"
    for message in sent:
        shown = message.get("state", {}).get("snapshot")
        if shown is not None and shown.get("cover") is not None:
            hands = [h for h in shown["hands"] if h["cards"] is not None]
            assert not hands, f"a covered table was sent with cards: {hands}"
    sent.clear()


def test_the_laptop_passes_between_two_people_and_a_covered_hand_is_never_sent(
    tmp_path: pathlib.Path,
) -> None:
    w = table(tmp_path, game=Game.new(players=2, seed=5), seed=5)
    sent = listen(w)
    assert w.snapshot["cover"] == {
        "name": "Ada",
        "text": cover_text("Ada"),
        "action": "uncover",
        "label": "Show my hand",
    }
    assert w.status == "Ada's turn: pass the laptop to Ada, then press Show my hand."
    passes = play_a_hand(w, sent)
    assert passes >= 4  # the laptop went to and fro
    words = [entry["words"] for entry in w.snapshot["log"] if entry["player"] is not None]
    assert words
    assert all(line.startswith(("Ada ", "Ben ")) for line in words)
    assert "won the hand" in w.status
    assert "Ada" in w.status or "Ben" in w.status


def test_computer_players_move_under_the_cover_and_people_keep_their_names(
    tmp_path: pathlib.Path,
) -> None:
    w = table(tmp_path, seats=4, opponents=["greedy", "random"], seed=11)
    assert w.game.players == 4
    snap = w.snapshot
    assert [hand["name"] for hand in snap["hands"]] == ["Ada", "Ben", "P3", "P4"]
    assert [hand["computer"] for hand in snap["hands"]] == [False, False, True, True]
    sent = listen(w)
    play_a_hand(w, sent)
    assert w.match is not None
    assert w.match.is_scored()
    assert w.snapshot["score"]["seats"] == ["Ada", "Ben", "P3", "P4"]
    custom(w, "next")  # the next hand starts covered for whoever plays first in it
    assert w.snapshot["cover"] is not None or w.waiting is not None
    assert all(hand["cards"] is None for hand in w.snapshot["hands"])


def test_nothing_is_played_under_the_cover(tmp_path: pathlib.Path) -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:9c7d stock:44 turn:P1"
    w = table(tmp_path, game=Game.from_position(line))
    before = (w.game.state_key(), w.snapshot["version"])
    custom(w, "play", move="Th>N")
    custom(w, "draw")
    custom(w, "hint")
    assert (w.game.state_key(), w.snapshot["version"]) == before
    assert w.status == "Ada's hand is covered: pass the laptop to Ada, then press Show my hand."
    assert w.show_my_hand()
    assert w.snapshot["hands"][0]["cards"] == ["Th", "Ks", "4h"]
    assert w.snapshot["hands"][1]["cards"] is None
    assert not w.show_my_hand()  # nothing is covered now
    w.play("Th>N")
    w.draw()
    assert w.snapshot["cover"]["name"] == "Ben"
    assert w.snapshot["log"][-1]["words"] == "Ada draws a card and ends the turn"
    assert all(hand["cards"] is None for hand in w.snapshot["hands"])
    w.show_my_hand()
    assert w.snapshot["hands"][1]["cards"] == ["9c", "7d"]
    assert w.snapshot["hands"][0]["cards"] is None


def test_the_computer_players_controls_show_only_where_a_computer_plays(
    tmp_path: pathlib.Path,
) -> None:
    computers = {"speed", "pause", "step", "skip"}
    people_only = table(tmp_path)
    assert not computers & {c["kind"] for c in people_only.snapshot["actions"]}
    with_a_computer = table(tmp_path, seats=3)
    assert computers <= {c["kind"] for c in with_a_computer.snapshot["actions"]}


def test_each_person_s_record_keeps_the_hand_as_they_played_it(tmp_path: pathlib.Path) -> None:
    w = table(tmp_path, game=Game.new(players=2, seed=5), seed=5)
    play_a_hand(w, listen(w))
    assert w.records is not None
    w.records.flush()
    outcome = w.game.outcome()
    assert outcome is not None
    for player, name in ((1, "Ada"), (2, "Ben")):
        record = json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))
        assert record["learner"] == name
        (hand,) = record["tables"][0]["hands"]
        assert hand["won"] == (player in outcome.winners)
        assert hand["cardsLeft"] == len(w.game.hand(player))
        assert hand["opponents"] == ["Ben" if name == "Ada" else "Ada"]
        assert "people" not in hand


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": ["Ada"]}, "pass-and-play seats 2 to 4 people, not 1"),
        ({"players": ["Ada", "Ben", "Cy", "Di", "Ed"]}, "not 5"),
        ({"players": ["Ada", "ADA"]}, "two people are called 'ada'"),
        ({"players": ["Ada", "P2"]}, "reads as a seat of the table"),
        ({"players": ["Ada", "<b>"]}, "not '<b>'"),
        ({"players": ["Ada", "Ben", "Cy"], "seats": 2}, "3 people cannot sit at a table of 2"),
        ({"players": 3, "seats": 4}, "players= names its people"),
        ({"players": ["Ada", "Ben"], "learner": "ada"}, "players= names each person"),
        ({"players": ["Ada", "Ben"], "mode": "explore"}, "a pass-and-play table plays only"),
        ({"players": ["Ada", "Ben"], "watch": "greedy"}, "a pass-and-play table has none"),
        ({"players": ["Ada", "Ben", "Cy"], "game": Game.new(players=2, seed=1)}, "3 people"),
    ],
)
def test_a_bad_table_of_people_is_refused_before_it_opens(
    tmp_path: pathlib.Path, kwargs: dict[str, Any], error: str
) -> None:
    folder: dict[str, Any] = (
        {"progress_dir": tmp_path} if isinstance(kwargs["players"], list) else {}
    )
    with pytest.raises(ValueError, match=error):
        KingsCornerWidget(**folder, **kwargs)
    assert not list(tmp_path.iterdir())  # no record was started


def test_a_pass_and_play_table_stays_in_play_mode(tmp_path: pathlib.Path) -> None:
    w = table(tmp_path, rules=Rules(players=3))
    assert w.game.players == 2  # players names the people; seats sets the table's size
    with pytest.raises(traitlets.TraitError, match="plays only"):
        w.mode = "review"
    assert w.mode == "play"
    assert "review" not in [c["kind"] for c in w.snapshot["actions"]]


def test_twin_tables_that_differ_only_in_the_covered_hands_send_the_same_page(
    tmp_path: pathlib.Path,
) -> None:
    """Two tables whose hands differ (every card not on the table swapped about) look the same
    while covered: nothing the page is sent depends on a covered card."""
    twins = [
        table(tmp_path, game=Game.from_position(line))
        for line in (
            "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:9c7d stock:44 turn:P1",
            "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThQd8s P2:2c3d stock:44 turn:P1",
        )
    ]
    pages = [listen(w) for w in twins]
    for w in twins:
        w.show_my_hand()
        w.play("Th>N")
        w.draw()  # Ben's turn: covered
    first, second = twins
    assert first.snapshot["cover"] is not None
    assert first.snapshot == second.snapshot
    assert (first.legal, first.status) == (second.legal, second.status)
    assert first.picture().position == second.picture().position
    covered = [
        [m["state"] for m in page if m["state"].get("snapshot", {}).get("cover")] for page in pages
    ]
    assert covered[0]
    assert covered[0] == covered[1]
    for w in twins:
        w.show_my_hand()
    assert first.snapshot["hands"][1]["cards"] != second.snapshot["hands"][1]["cards"]


@pytest.mark.parametrize(
    ("seed", "people", "seats"), [(s, 2 + s % 3, 2 + s % 3 + s % 2) for s in range(8)]
)
def test_every_view_published_while_covered_holds_no_card_of_a_hand(
    seed: int, people: int, seats: int
) -> None:
    """Whole hands at tables of 2 to 4 seats with 2 to 4 people (computers in the rest), played
    through the table's messages: every view the table publishes while a hand is covered, the
    computer players' moves under the cover too, names no card outside the piles."""
    names = ["Ada", "Ben", "Cy", "Di"][:people]
    table = Table(Game.new(players=seats, seed=seed), players=names, seed=seed)
    views: list[View] = []
    table.subscribe(views.append)
    guard = 0
    while not table.session.game.is_over() and guard < 3000:
        guard += 1
        game = table.session.game
        for view in views:
            if view.snapshot is not None and view.snapshot["cover"] is not None:
                assert all(hand["cards"] is None for hand in view.snapshot["hands"])
                assert view.legal == ()
                assert not cards_named([view.snapshot, view.status]) - public(game)
        views.clear()
        snap = table.snapshot()
        fields: dict[str, str] = {}
        if snap["cover"] is not None:
            kind = "uncover"
        elif table.session.waiting is not None:
            kind = "step"
        else:
            kind, fields = "play", {"move": table.legal()[guard % len(table.legal())]}
        assert not table.intent({"kind": kind, "version": table.version, **fields}).refused
    assert table.session.game.is_over()
