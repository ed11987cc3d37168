"""The widget's Python side: playing through the engine, history, modes, computer turns, display."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from kingscorner_widget import Game, IllegalMoveError, Match, Rules
from kingscorner_widget.engine.moves import PlayCard
from kingscorner_widget.engine.render import Picture
from kingscorner_widget.engine.words import card_label
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import (
    OPENING,
    TWO_PILE_MOVES,
    Broken,
    FirstMove,
    assert_no_hidden_card,
    random_game,
    refused_words,
    visible_cards,
)


def explore(line: str = OPENING, **options: object) -> KingsCornerWidget:
    return KingsCornerWidget(Game.from_position(line), mode="explore", **options)  # type: ignore[arg-type]


def play(line: str = OPENING, **options: object) -> KingsCornerWidget:
    options.setdefault("opponents", [FirstMove()])
    return KingsCornerWidget(Game.from_position(line), mode="play", **options)  # type: ignore[arg-type]


# -- traits and snapshot --------------------------------------------------------------------------


def test_snapshot_shows_the_table_as_the_viewer_sees_it() -> None:
    w = explore()
    snap = w.snapshot
    assert snap["piles"] == {
        "N": ["Jc"],
        "E": ["6h"],
        "S": ["5s"],
        "W": [],
        "NE": [],
        "SE": [],
        "SW": [],
        "NW": [],
    }
    assert snap["hands"][0]["cards"] == ["Th", "Ks", "4h"]
    assert snap["hands"][1] == {
        "player": 2,
        "name": "P2",
        "title": "P2's hand",
        "whose": "P2's hand",
        "count": 7,
        "cards": None,
        "computer": False,
        "kept": 0,
    }
    assert (snap["stock"], snap["turn"], snap["viewer"], snap["end"]) == (39, 1, 1, "draw")
    assert w.legal == [str(m) for m in w.game.legal_moves()]
    assert w.mode == "explore"
    json.dumps(snap)  # plain JSON


def test_each_trait_has_a_docstring() -> None:
    import ast
    import inspect

    import kingscorner_widget.widget.adapter as module

    tree = ast.parse(inspect.getsource(module.KingsCornerWidget))
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef)
    documented = {
        node.targets[0].id
        for node, after in itertools.pairwise(cls.body)
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
    }
    assert {"snapshot", "legal", "status", "mode", "speed"} <= documented


def test_play_follows_the_engine_and_refusals_change_nothing() -> None:
    w = explore()
    w.play("Th>N")
    assert w.snapshot["piles"]["N"] == ["Jc", "Th"]
    assert w.status.startswith("P1 plays the ten of hearts on the north pile")
    version = w.snapshot["version"]
    position = w.game.position()
    with pytest.raises(IllegalMoveError, match="only a king can open an empty corner"):
        w.play("4h>NE")
    assert w.status == refused_words(w, "4h>NE", "corner_needs_king")
    assert w.game.position() == position
    assert w.snapshot["version"] == version
    with pytest.raises(IllegalMoveError, match="is not a move"):
        w.play("nonsense")


def test_one_state_message_per_action() -> None:
    w = explore()
    sent: list[dict[str, object]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    w.handle_message({"kind": "play", "version": w.snapshot["version"], "move": "Th>N"})
    updates = [m for m in sent if m.get("method") == "update"]
    assert len(updates) == 1
    state = updates[0]["state"]
    assert isinstance(state, dict)
    assert {"snapshot", "legal", "status"} <= set(state)


def test_the_log_has_words_and_notation_and_the_dealt_kings() -> None:
    game = next(g for seed in range(200) if (g := Game.new(players=2, seed=seed)).opening)
    w = KingsCornerWidget(game, mode="explore")
    first = w.snapshot["log"][0]
    assert first["notation"] == str(game.opening[0])
    assert first["words"].startswith("The rules move the dealt king of")
    w.draw()
    last = w.snapshot["log"][-1]
    assert last == {"player": 1, "notation": "draw", "words": "P1 draws a card and ends the turn"}


def test_a_long_hand_sends_the_whole_log_grouped_by_turn() -> None:
    w = KingsCornerWidget(Game.new(players=2, seed=4), mode="explore")
    while not w.game.is_over():  # everyone draws, then passes until the hand is blocked
        w.play(w.game.end_move())
    total = len(w.game.opening) + len(w.game.moves)
    log = w.snapshot["log"]
    assert len(log) == total
    assert w.snapshot["logStart"] == 1
    assert log[-1]["notation"] == "pass"
    assert sum(turn["count"] for turn in w.snapshot["turns"]) == total
    assert total > 30
    assert len(json.dumps(w.snapshot)) < 16_384, "a whole hand's state message stays under 16 KB"


# -- history ----------------------------------------------------------------------------------


def test_back_forward_undo_and_branching() -> None:
    w = explore()
    w.play("Th>N")
    w.play("Ks>NE")
    w.back()
    assert w.snapshot["history"] == {"at": 1, "length": 2}
    assert w.snapshot["piles"]["NE"] == []
    assert [e["notation"] for e in w.snapshot["log"]] == ["Th>N"]
    w.back()
    w.back()  # nothing further back: refused, nothing changes
    assert w.status.startswith("This is the start of the hand")
    assert w.snapshot["history"] == {"at": 0, "length": 2}
    w.forward()
    assert [str(m) for m in w.game.moves] == ["Th>N"]
    w.play("4h>W")  # a new line beside Th>N Ks>NE, which is kept
    assert "branch" in w.status
    assert w.snapshot["history"] == {"at": 2, "length": 2}
    w.forward()
    assert w.status.startswith("This is the end of the line")
    w.undo()  # 4h>W is forgotten; the line goes on through Ks>NE again
    assert w.snapshot["history"] == {"at": 1, "length": 2}
    assert w.game.position(player=1) == (
        "N:JcTh E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1"
    )


def test_history_through_draws_replays_the_same_cards() -> None:
    w = KingsCornerWidget(Game.new(players=2, seed=3), mode="explore")
    for _ in range(6):
        w.play(w.legal[-1])
    end = w.game.position()
    for _ in range(6):
        w.back()
    for _ in range(6):
        w.forward()
    assert w.game.position() == end
    logged = w.snapshot["logStart"] - 1 + len(w.snapshot["log"])
    assert logged == len(w.game.moves) + len(w.game.opening)


def test_the_log_follows_moves_made_on_the_game_directly() -> None:
    w = explore()
    w.game.play("Th>N")
    w.game.play("S>E")
    w.hint()  # any publish resynchronises the log
    assert [e["notation"] for e in w.snapshot["log"]] == ["Th>N", "S>E"]


# -- computer players -------------------------------------------------------------------------


def test_computer_turns_step_one_move_at_a_time_then_come_back() -> None:
    bot = FirstMove()
    w = play(TWO_PILE_MOVES, opponents=[bot])
    w.draw()
    assert w.waiting == 2
    assert w.legal == []
    assert w.snapshot["waiting"] == 2
    steps = 0
    while w.waiting is not None:
        move = w.step()
        assert move is not None
        steps += 1
        assert w.status.rstrip(".").startswith(w.snapshot["log"][-1]["words"])
    assert steps >= 1
    assert w.game.turn == 1
    assert "Your turn." in w.status
    assert w.legal == [str(m) for m in w.game.legal_moves()]
    # The computer player saw only its own view.
    assert all(seen.player == 2 for seen in bot.seen)
    assert w.step() is None


def test_skip_plays_every_computer_move_in_one_message() -> None:
    w = KingsCornerWidget(
        Game.new(players=4, seed=9), opponents=[FirstMove(), FirstMove(), FirstMove()]
    )
    w.draw()
    sent: list[dict[str, object]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    count = w.skip()
    assert count >= 3
    assert w.game.turn == 1 or w.game.is_over()
    assert len([m for m in sent if m.get("method") == "update"]) == 1


def test_a_failing_computer_player_ends_its_turn_and_the_table_goes_on() -> None:
    for bot in (Broken(error=RuntimeError("boom")), Broken(answer="Zz>Q"), Broken(answer="4h>NE")):
        w = play(TWO_PILE_MOVES, opponents=[bot])
        w.draw()
        move = w.step()
        assert str(move) == "draw"
        assert "P2 chose a move the rules refuse" in w.status
        assert w.game.turn == 1


def test_the_viewer_cannot_play_for_a_computer_player() -> None:
    w = play(TWO_PILE_MOVES)
    w.draw()
    with pytest.raises(IllegalMoveError, match="it is P2's turn, not yours"):
        w.play("draw")
    assert not w.handle_message({"kind": "draw", "version": w.snapshot["version"]})
    assert w.game.turn == 2


def test_speed_can_change_from_the_browser() -> None:
    w = play()
    assert w.handle_message({"kind": "speed", "version": 0, "value": 0.2})
    assert w.speed == 0.2
    assert not w.handle_message({"kind": "speed", "version": 0, "value": 99})
    assert w.speed == 0.2


def test_play_mode_has_no_undo_a_move_once_made_stays_made() -> None:
    w = play(TWO_PILE_MOVES)
    w.play("S>E")
    undo = next(c for c in w.snapshot["actions"] if c["kind"] == "undo")
    assert not undo["enabled"]
    assert undo["why"].startswith("A card once played stays on the table")
    version = w.snapshot["version"]
    w.undo()
    assert [str(m) for m in w.game.moves] == ["S>E"]
    assert w.snapshot["version"] == version
    assert w.status == (
        "A card once played stays on the table, even before your turn ends: "
        "try ideas out in explore mode."
    )


# -- matches and play mode --------------------------------------------------------------------


def test_a_new_table_plays_a_match_with_a_score_sheet() -> None:
    bots = [FirstMove(), FirstMove(), FirstMove()]
    w = KingsCornerWidget(seed=5, opponents=bots)
    assert isinstance(w.match, Match)
    assert w.snapshot["score"]["seats"] == ["You", "P2", "P3", "P4"]
    assert w.snapshot["hands"][0]["name"] == "You"
    guard = 0
    while not w.game.is_over() and guard < 2000:
        guard += 1
        if w.waiting is not None:
            w.skip()
        else:
            w.play(w.legal[0])
    assert w.game.is_over()
    score = w.snapshot["score"]
    assert score["scored"]
    assert len(score["rows"]) == 1
    assert score["totals"] == [p or 0 for p in score["rows"][0]["points"]]
    winners = [score["seats"][seat - 1] for seat in score["rows"][0]["winners"]]
    assert all(name in w.status for name in winners)  # seats' names, as on the sheet
    assert "Next hand" in w.status or w.match.is_over()
    with pytest.raises(IllegalMoveError, match="on the score sheet"):
        w.play("draw")
    if not w.match.is_over():
        assert w.handle_message({"kind": "next", "version": w.snapshot["version"]})
        assert w.match.hand_number == 2
        assert w.snapshot["history"] == {"at": 0, "length": 0}
        assert_no_hidden_card(w)


def test_next_hand_waits_for_the_end_of_the_hand() -> None:
    w = KingsCornerWidget(seed=5, opponents=[FirstMove()], players=2)
    assert not w.handle_message({"kind": "next", "version": w.snapshot["version"]})
    assert w.status.startswith("Finish this hand first")


def test_new_and_daily_deals() -> None:
    w = KingsCornerWidget(mode="explore", players=3, seed=1)
    first = w.game.position()
    w.new_game(seed=2)
    assert w.game.position() != first
    w.daily("2026-11-29")
    assert w.game.position() == Game.daily("2026-11-29", players=3).position()
    assert w.snapshot["title"] == "Daily deal, 2026-11-29"
    assert w.handle_message({"kind": "new", "version": w.snapshot["version"]})
    assert w.game.players == 3


def test_load_positions_games_and_records() -> None:
    from kingscorner_widget.engine.record import game_to_json

    w = explore()
    w.load(TWO_PILE_MOVES)
    assert w.game.position(player=1) == TWO_PILE_MOVES
    with pytest.raises(ValueError, match="appears twice"):
        w.load("N:Jc E:Jc S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:41 turn:P1")
    assert w.game.position(player=1) == TWO_PILE_MOVES
    game = Game.new(players=2, seed=4)
    game.play("draw")
    w.load(game_to_json(game))
    assert w.game == game
    assert len(w.snapshot["log"]) == 1 + len(game.opening)
    from kingscorner_widget.engine.record import match_to_json

    match = Match(Rules(players=3), seed=2)
    match.game.play("draw")
    w.mode = "play"
    w.load(match_to_json(match))
    assert w.match is not None
    assert w.match.game == match.game
    assert w.snapshot["score"]["seats"] == ["You", "P2", "P3"]
    version = w.snapshot["version"]
    assert not w.handle_message({"kind": "load", "version": version, "position": "N:Qq"})
    assert w.status
    assert w.snapshot["version"] == version


def test_viewer_must_sit_at_the_table() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        KingsCornerWidget(Game.from_position(OPENING), viewer=3)
    with pytest.raises(ValueError, match="mode must be one of"):
        KingsCornerWidget(mode="watch")


# -- modes ----------------------------------------------------------------------------------


def test_mode_switches_keep_the_game_and_change_who_plays() -> None:
    w = play(TWO_PILE_MOVES)
    w.draw()
    assert w.waiting == 2
    assert w.legal == []
    w.mode = "explore"
    assert w.waiting is None
    assert w.viewer == 1  # the viewer keeps their seat; P2's hand stays face down
    assert w.snapshot["hands"][1]["cards"] is None
    assert w.snapshot["hands"][0]["cards"] is not None
    assert w.legal == [str(m) for m in w.game.legal_moves() if not isinstance(m, PlayCard)]
    assert_no_hidden_card(w)
    w.mode = "play"
    assert w.waiting == 2
    with pytest.raises(Exception, match="lesson mode needs a lesson"):
        w.mode = "lesson"
    with pytest.raises(Exception, match="mode must be one of"):
        w.mode = "nonsense"
    assert w.mode == "play"


def test_show_all_hands_only_in_explore_mode() -> None:
    w = explore(show_all_hands=True)
    assert w.snapshot["hands"][1]["cards"] is not None
    assert_no_hidden_card(w)
    w.mode = "play"
    assert w.snapshot["hands"][1]["cards"] is None
    assert_no_hidden_card(w)


# -- hints ----------------------------------------------------------------------------------


def test_hint_suggests_a_legal_move_with_a_reason() -> None:
    w = explore()
    found = w.hint()
    assert found is not None
    move, reason = found
    assert move in w.legal
    assert reason
    assert w.snapshot["hint"] == {"move": move, "reason": reason, "exact": True}
    assert w.status == f"Hint (the most cards this turn): {reason}"
    w.play(move)
    assert w.snapshot["hint"] is None


def test_no_hint_while_computer_players_move() -> None:
    w = play(TWO_PILE_MOVES)
    w.draw()
    assert w.hint() is None
    assert w.status == "A hint is for your own turn."


# -- hidden cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_snapshots_never_hold_a_hidden_card(seed: int) -> None:
    game = random_game(seed, players=2 + seed % 4, moves=seed * 7)
    w = KingsCornerWidget(game.copy(), opponents=[FirstMove()] * 5, speed=0)
    assert_no_hidden_card(w)
    for _ in range(60):
        if w.game.is_over():
            break
        if w.waiting is not None:
            w.step()
        else:
            w.hint()
            assert_no_hidden_card(w)
            w.play(w.legal[seed % len(w.legal)])
        assert_no_hidden_card(w)
    for _ in range(5):
        w.back()
        assert_no_hidden_card(w)
    w.mode = "explore"
    assert_no_hidden_card(w)


def test_the_checker_catches_a_leak() -> None:
    w = explore()
    hidden = next(iter(set(w.game.hand(2)) - visible_cards(w.game, 1)))
    w.snapshot = {**w.snapshot, "log": [{"words": f"P2 holds the {card_label(hidden)}"}]}
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_no_hidden_card(w)


# -- display ----------------------------------------------------------------------------------


def test_repr_is_stable() -> None:
    w = KingsCornerWidget(Game.from_position(OPENING), mode="explore")
    assert repr(w) == "KingsCornerWidget(mode='explore', players=2, turn=P1, moves=0)"
    assert "0x" not in repr(KingsCornerWidget(seed=1, opponents=[FirstMove()]))


def test_the_mimebundle_adds_a_static_picture_without_hidden_cards() -> None:
    w = explore()
    data, _metadata = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == repr(w)
    html = Picture.decode(data["text/html"])
    assert "jack of clubs on the north pile" in html
    assert "ten of hearts" in html  # the viewer's own hand
    hidden = set(w.game.hand(2))
    from .helpers import cards_named

    assert not cards_named(html) & hidden
    data, _metadata = play()._repr_mimebundle_()
    assert "jack of clubs on the north pile" in Picture.decode(data["text/html"])
    assert not cards_named(Picture.decode(data["text/html"])) & hidden


def test_rules_and_players_options() -> None:
    w = KingsCornerWidget(rules=Rules(players=3, target=50), seed=2, opponents=[FirstMove()])
    assert w.game.players == 3
    assert w.snapshot["score"]["target"] == 50
    assert KingsCornerWidget(players=2, seed=2, opponents=[FirstMove()]).game.players == 2


def test_ipython_display_sends_the_picture_as_its_own_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import IPython.display

    shown: list[tuple[dict[str, object], dict[str, object]]] = []

    def display(
        data: dict[str, object], metadata: object = None, raw: bool = False, **_: object
    ) -> None:
        assert raw
        shown.append((data, metadata or {}))  # type: ignore[arg-type]

    monkeypatch.setattr(IPython.display, "display", display)
    w = explore()
    w._ipython_display_()
    (table, _), (picture, _) = shown
    assert set(table) == {"text/plain", "application/vnd.jupyter.widget-view+json"}
    assert set(picture) == {"text/html"}
    html = picture["text/html"]
    assert isinstance(html, str)
    assert html.startswith('<div class="kcw-fallback"><img src="data:image/svg+xml;base64,')
    assert "jack of clubs on the north pile" in Picture.decode(html)


def test_a_checkout_without_the_built_front_end_is_told_how_to_build_it(tmp_path: Path) -> None:
    from kingscorner_widget.widget.bundle import bundle_file

    with pytest.raises(FileNotFoundError, match=r"not built: .*widget\.js is missing.*make js"):
        bundle_file("widget.js", tmp_path)
