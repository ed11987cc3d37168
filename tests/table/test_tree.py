"""The explore table's move tree and its seats: lines, jumps, comments, face-down hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget import DECK, Game, Rules, Space
from kingscorner_widget.engine.moves import DRAW, PASS, Move, MovePile, PlayCard, parse_move
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.table import ExploreSession
from kingscorner_widget.table.tree import MAX_COMMENT, MoveTree, TreeError
from kingscorner_widget.widget.adapter import KingsCornerWidget

OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
"""P1 holds Th Ks 4h: Th>N, Ks>corners, 4h>S, 4h>W and S>E are all legal."""


def tree(*moves: str) -> MoveTree:
    t = MoveTree(Game.from_position(OPENING), "P{}".format)
    for move in moves:
        t.play(move)
    return t


def moves(t: MoveTree) -> list[str]:
    return [str(move) for move in t.game.moves]


def test_a_different_move_from_an_earlier_point_makes_a_new_line_beside_the_old() -> None:
    t = tree("Th>N", "Ks>NE")
    t.back()
    t.play("4h>W")
    assert t.played == "branched"
    assert [line.moves for line in t.variations()] == [("Th>N", "Ks>NE"), ("Th>N", "4h>W")]
    assert (t.at, t.length) == (2, 2)
    t.back()
    t.back()
    t.play("Ks>NW")  # a branch at the very start
    assert len(t.variations()) == 3
    assert moves(t) == ["Ks>NW"]


def test_replaying_the_move_already_there_follows_its_line_without_a_twin() -> None:
    t = tree("Th>N", "Ks>NE", "4h>W")
    t.back()
    t.back()
    t.back()
    t.play("th>n")  # any spelling of the same move
    assert t.played == "followed"
    assert (t.at, t.length) == (1, 3)  # the rest of the line is still ahead
    t.play("Ks>NE")
    assert t.played == "followed"
    assert len(t.root.children) == 1
    assert len(t.root.children[0].children) == 1
    assert [line.moves for line in t.variations()] == [("Th>N", "Ks>NE", "4h>W")]


def test_two_orders_reaching_one_position_stay_two_lines() -> None:
    t = tree("Th>N", "Ks>NE")
    t.jump(t.root)
    t.play("Ks>NE")
    t.play("Th>N")
    ends = t.variations()
    assert [line.moves for line in ends] == [("Th>N", "Ks>NE"), ("Ks>NE", "Th>N")]
    first, second = (t.find(line.end) for line in ends)
    assert first is not second


def test_back_and_forward_walk_the_current_line_as_last_followed() -> None:
    t = tree("Th>N", "Ks>NE")
    t.back()
    t.play("4h>W")
    t.back()
    t.back()
    assert t.at == 0
    t.forward()
    t.forward()
    assert moves(t) == ["Th>N", "4h>W"]  # the line last played from Th>N
    t.jump(t.locate(["Th>N", "Ks>NE"]))
    t.back()
    t.back()
    t.forward()
    t.forward()
    assert moves(t) == ["Th>N", "Ks>NE"]
    assert t.ahead == []


def test_jumps_and_locating_lines() -> None:
    t = tree("Th>N", "Ks>NE")
    t.back()
    t.play("4h>W")
    target = t.locate(["Th>N", "Ks>NE"])
    t.jump(target)
    assert moves(t) == ["Th>N", "Ks>NE"]
    assert t.log()[-1]["notation"] == "Ks>NE"
    t.jump(t.root)
    assert moves(t) == []
    assert (t.at, t.length) == (0, 2)
    with pytest.raises(TreeError, match="no line was played with Ks>SE as move 2"):
        t.locate(["Th>N", "Ks>SE"])
    with pytest.raises(TreeError, match="move 2 of the line must be a move in notation, not 5"):
        t.locate(["Th>N", 5])
    with pytest.raises(TreeError, match="move 1 of the line: 'Zz' is not a card"):
        t.locate(["Zz>N"])
    with pytest.raises(TreeError, match="there is no position 99"):
        t.find(99)
    with pytest.raises(TreeError, match="there is no position True"):
        t.find(True)


def test_undo_forgets_the_move_and_every_move_tried_after_it() -> None:
    t = tree("Th>N", "Ks>NE", "4h>W")
    t.back()
    t.back()
    t.play("4h>S")
    t.back()  # at Th>N: two lines go on from here
    t.jump(t.locate(["Th>N"]))
    t.back()
    t.forward()
    t.undo()  # Th>N, and both lines after it
    assert t.variations()[0].moves == ()
    assert (t.at, t.length) == (0, 0)
    assert t.tried() == []


def test_code_playing_on_the_game_directly_is_found_in_the_tree() -> None:
    t = tree("Th>N", "Ks>NE")
    t.back()
    t.back()
    t.game.play("Th>N")  # behind the tree's back
    t.game.play("4h>W")
    assert not t.current()
    t.reread()
    assert [line.moves for line in t.variations()] == [("Th>N", "Ks>NE"), ("Th>N", "4h>W")]
    assert moves(t) == ["Th>N", "4h>W"]


def test_comments_stay_on_their_positions_and_show_in_the_log() -> None:
    t = tree("Th>N")
    t.comment("The ten goes on the jack.")
    t.comment("Start here.", t.root)
    t.play("Ks>NE")
    assert t.line_comments() == {0: "Start here.", 1: "The ten goes on the jack."}
    assert [entry.get("comment") for entry in t.log()] == ["The ten goes on the jack.", None]
    t.comment("")  # empty text removes a comment
    assert t.find(t.node.id).comment == ""
    with pytest.raises(TreeError, match="at most 500 characters"):
        t.comment("x" * (MAX_COMMENT + 1))
    with pytest.raises(TreeError, match="HTML tags"):
        t.comment("<img src=x onerror=alert(1)>")
    with pytest.raises(TreeError, match="control characters"):
        t.comment("bell\x07")
    assert t.line_comments() == {0: "Start here.", 1: "The ten goes on the jack."}


def test_the_outline_lists_the_current_line_with_its_branch_points() -> None:
    t = tree("Th>N", "Ks>NE")
    t.back()
    t.play("4h>W")
    t.back()
    outline = t.outline()
    assert outline["at"] == t.node.id
    assert outline["lines"] == 2
    first, second = outline["moves"]
    assert (first["n"], first["move"], "alts" in first, "ahead" in first) == (
        1,
        "Th>N",
        False,
        False,
    )
    assert second["move"] == "4h>W"
    assert second["ahead"] is True
    assert [alt["move"] for alt in second["alts"]] == ["Ks>NE"]


def test_the_outline_sends_a_window_of_a_long_line() -> None:
    rng = random.Random(1)
    t = MoveTree(Game.new(players=4, seed=1), "P{}".format)
    while not t.game.is_over():
        t.play(rng.choice(t.game.legal_moves()))
    assert t.length > 70
    for _ in range(30):
        t.back()
    outline = t.outline()
    assert len(outline["moves"]) == 40
    assert outline["first"] + 40 + outline["last"] == t.length
    assert outline["moves"][0]["n"] <= t.at <= outline["moves"][-1]["n"]


# -- the explore session's seats -------------------------------------------------------------


def test_the_viewer_keeps_their_seat_and_other_hands_stay_face_down() -> None:
    s = ExploreSession(Game.new(players=3, seed=0))  # P2 has a card to play after P1's draw
    assert s.viewer == 1
    s.draw()
    assert s.game.turn == 2
    snap = s.snapshot(1)
    assert snap["viewer"] == 1
    assert snap["hands"][0]["cards"] is not None
    assert snap["hands"][1]["cards"] is None  # P2's real cards are not shown
    legal = s.legal()
    assert "draw" in legal or "pass" in legal
    assert not any(isinstance(parse_move(move), PlayCard) for move in legal)
    assert any(isinstance(move, PlayCard) for move in s.game.legal_moves())
    card = s.game.hand(2)[0]
    reply = s.play(f"{card}>N")
    assert reply.refused
    assert "P2's hand is face down" in reply.status
    assert s.hint().refused
    assert snap["acting"] is True
    assert snap["tree"]["hidden"] == "P2"


def test_every_hand_in_view_is_played_from_its_own_seat() -> None:
    s = ExploreSession(Game.new(players=2, seed=2), show_all_hands=True)
    s.draw()
    assert s.viewer == 1
    assert s.game.turn == 2
    assert s.legal() == [str(m) for m in s.game.legal_moves()]
    assert s.snapshot(1)["tree"]["hidden"] is None
    assert s.skip().refused


def test_the_computer_plays_a_face_down_hand_up_to_a_hand_in_view() -> None:
    s = ExploreSession(Game.new(players=3, seed=5))
    s.draw()
    reply = s.skip()
    assert not reply.refused
    assert reply.moves
    assert s.game.turn == 1 or s.game.is_over()
    assert [str(m) for m in reply.moves] == [str(m) for m in s.game.moves[1:]]


def test_a_step_names_the_move_it_shows() -> None:
    s = ExploreSession(Game.from_position(OPENING))
    s.play("Th>N")
    s.play("Ks>NE")
    assert s.back().status.startswith("Move 1 of 2: P1 plays the ten of hearts on the north pile.")
    assert s.forward().status.startswith(
        "Move 2 of 2: P1 plays the king of spades into the north-east corner."
    )


# -- twins: two tables the viewer cannot tell apart ------------------------------------------


def twin_sessions(seed: int) -> tuple[ExploreSession, ExploreSession]:
    """Explore tables on the same position as P1 sees it, with other hidden cards."""
    line = Game.new(players=3, seed=seed).position(player=1)
    a, b = (ExploreSession(Game.from_position(line, seed=seed + k)) for k in (0, 1))
    assert a.game.hand(2) != b.game.hand(2)
    return a, b


def seen(s: ExploreSession) -> dict[str, object]:
    return {**s.snapshot(0), "legal": s.legal()}


@pytest.mark.parametrize("seed", range(12))
def test_twins_walk_the_same_tree_with_the_same_words(seed: int) -> None:
    """Branching, following, back, forward, jumps, undo and comments on P1's turn: the twins'
    replies, trees and snapshots stay identical (P1's draw would show them different cards)."""
    rng = random.Random(seed)
    a, b = twin_sessions(seed)
    for _ in range(40):
        legal = [m for m in a.legal() if m not in ("draw", "pass")]
        kind = rng.choice(["play", "play", "back", "forward", "jump", "undo", "comment"])
        fields: dict[str, object] = {}
        if kind == "play":
            if not legal:
                continue
            fields["move"] = rng.choice(legal)
        elif kind == "jump":
            ids = [0, *(n.id for n in a.history.current_line()), 99]
            fields["node"] = rng.choice(ids)
        elif kind == "comment":
            fields["text"] = rng.choice(["Good.", "", "<b>no</b>", "x" * 600])
        assert a.act(kind, **fields) == b.act(kind, **fields), (kind, fields)
        assert seen(a) == seen(b)
        assert [line.moves for line in a.lines] == [line.moves for line in b.lines]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ppppbjuf"), st.integers(0, 10_000)), max_size=60))
def test_the_line_count_kept_as_the_tree_grows_is_the_count_of_lines(
    steps: list[tuple[str, int]],
) -> None:
    t = MoveTree(Game.new(players=2, seed=4), "P{}".format)
    positions = [t.root]
    for action, pick in steps:
        if action == "p" and (legal := t.game.legal_moves()):
            t.play(legal[pick % len(legal)])
            positions.append(t.node)
        elif action == "b" and t.game.moves:
            t.back()
        elif action == "f" and t.ahead:
            t.forward()
        elif action == "j":
            alive = [node for node in positions if node.id in t._ids]
            t.jump(alive[pick % len(alive)])
        elif action == "u" and t.game.moves:
            t.undo()
        assert t.line_count == len(t.variations())
        assert t.outline()["lines"] == t.line_count


TWINS = (
    "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:Th4h P2:Kd8c2s stock:43 turn:P2",
    "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:Th4h P2:3s3c2c stock:43 turn:P2",
)
"""Twin tables that differ only in P2's face-down hand: a king and a card that fits, or nothing
that fits anywhere."""


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=2, kings_first=True),
        Rules(players=2, must_play=True),
        Rules(players=2, draw_until_fits=True),
        Rules(players=2, kings_first=True, must_play=True, draw_until_fits=True),
    ],
    ids=lambda rules: rules.describe(),
)
def test_a_face_down_hand_is_never_named_by_the_legal_list_or_a_refusal(rules: Rules) -> None:
    twins = [ExploreSession(Game.from_position(line, rules), viewer=1) for line in TWINS]
    moves: list[Move] = [PlayCard(card, space) for card in DECK for space in SPACES]
    moves += [MovePile(a, b) for a in SPACES for b in SPACES]
    moves += [DRAW, PASS]
    for s in twins:
        assert s.hidden_turn()
    assert twins[0].legal() == twins[1].legal()
    for move in moves:
        said = [s.refusal(move) for s in twins]
        assert said[0] == said[1], move
    snaps = [s.snapshot(1) for s in twins]
    assert snaps[0]["hands"][1] == snaps[1]["hands"][1]
    if rules.kings_first or rules.must_play:
        assert twins[0].legal() == []  # the hand's cards decide: the computer plays the turn
        assert "face down" in (twins[0].refusal(DRAW) or "")


def test_draw_until_it_fits_with_a_face_down_drawn_card_names_nothing() -> None:
    rules = Rules(players=2, draw_until_fits=True)
    s = ExploreSession(Game.from_position(TWINS[1], rules), viewer=1)
    s.draw()  # nothing fits, so P2 draws until a card fits and must play it
    assert s.game.pending_card is not None
    assert s.game.turn == 2
    assert s.legal() == []
    for move in (DRAW, MovePile(Space.N, Space.E), PlayCard(s.game.pending_card, Space.N)):
        said = s.refusal(move) or ""
        assert str(s.game.pending_card) not in said
        assert "face down" in said
    assert not s.skip().refused  # the computer plays it


def test_new_daily_and_load_ask_before_lines_or_comments_are_lost() -> None:
    s = ExploreSession(Game.from_position(OPENING))
    assert s.at_stake() is None
    assert not s.act("new", seed=3).refused  # nothing to lose: no question
    assert s.snapshot(1)["confirm"] is None
    s.act("play", move=str(s.game.legal_moves()[0]))
    s.act("comment", text="Look at the corners.")
    stake = s.at_stake()
    assert stake == "the line you tried and a comment"
    for kind, fields in (("new", {"seed": 4}), ("daily", {}), ("load", {"position": OPENING})):
        before = s.game.position(), len(s.game.moves)
        reply = s.act(kind, **fields)
        assert not reply.refused
        assert reply.status.endswith(f"That throws away {stake}.")
        assert s.snapshot(1)["confirm"]["kind"] == kind
        assert (s.game.position(), len(s.game.moves)) == before  # nothing happened yet
        assert not s.act("cancel").refused
        assert s.at_stake() == stake
    s.act("back")
    s.act("play", move=str(s.game.legal_moves()[1]))  # a second line
    s.act("comment", text="Or this.")
    assert s.at_stake() == "the 2 lines you tried and 2 comments"
    s.act("load", position=OPENING)
    assert not s.act("confirm").refused
    assert s.at_stake() is None
    assert s.game.moves == []


def test_a_face_down_deal_does_not_give_its_seed_in_its_title() -> None:
    hidden = ExploreSession(Game.from_position(OPENING))
    hidden.act("new", seed=123456)
    assert "123456" not in hidden.heading()
    assert "123456" not in str(hidden.snapshot(1))
    shown = ExploreSession(Game.from_position(OPENING), show_all_hands=True)
    shown.act("new", seed=123456)
    assert shown.heading() == "Deal 123456"
    for show in (False, True):
        w = KingsCornerWidget(mode="explore", seed=987654, show_all_hands=show)
        assert ("987654" in str(w.snapshot)) == show
