"""Browser messages: real ones work, stale and malformed ones are refused and change nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget import Game
from kingscorner_widget.engine.moves import PlayCard, parse_move
from kingscorner_widget.engine.words import refusal
from kingscorner_widget.table import ExploreSession
from kingscorner_widget.table.intents import KINDS, parse_intent
from kingscorner_widget.widget.adapter import STALE, KingsCornerWidget

from .helpers import OPENING, TWO_PILE_MOVES, FirstMove, assert_no_hidden_card, state


def table(mode: str = "explore", line: str = TWO_PILE_MOVES) -> KingsCornerWidget:
    return KingsCornerWidget(Game.from_position(line), mode=mode, opponents=[FirstMove()], speed=0)


def send(w: KingsCornerWidget, kind: str, **fields: object) -> bool:
    return w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})


def test_real_messages_play_through_the_engine() -> None:
    w = table()
    assert send(w, "play", move="S>E")
    assert w.snapshot["piles"]["E"] == ["6h", "5s"]
    assert send(w, "play", move=" w > n ")  # any case and spacing, as the notation allows
    assert w.snapshot["piles"]["N"] == ["Jc", "Td"]
    assert send(w, "back")
    assert send(w, "forward")
    assert send(w, "undo")
    assert send(w, "hint")
    assert send(w, "draw")
    assert w.game.turn == 2


def test_a_refused_play_gives_the_engines_reason() -> None:
    w = table()
    before = state(w)
    assert not send(w, "play", move="4h>NE")
    reason = refusal(w.game.violation("4h>NE"))
    assert reason is not None
    assert w.status.lower().startswith(reason.lower())
    assert state(w) == before


def test_stale_messages_are_refused() -> None:
    w = table()
    old = w.snapshot["version"]
    assert send(w, "play", move="S>E")
    before = state(w)
    assert not w.handle_message({"kind": "play", "version": old, "move": "W>N"})
    assert w.status == STALE
    assert state(w) == before
    assert not w.handle_message({"kind": "draw", "version": old + 100})
    assert state(w) == before


def test_a_stale_step_is_dropped_quietly() -> None:
    """Two views of one table both send ``step``: the second one must not act or complain."""
    w = table("play")
    w.draw()
    version = w.snapshot["version"]
    assert w.handle_message({"kind": "step", "version": version})
    status, before = w.status, state(w)
    assert not w.handle_message({"kind": "step", "version": version})
    assert (w.status, state(w)) == (status, before)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "does not understand"),
        ("draw", "does not understand"),
        ({"kind": "fly", "version": 1}, "does not understand"),
        ({"kind": "draw"}, "does not say which table"),
        ({"kind": "draw", "version": "1"}, "does not say which table"),
        ({"kind": "draw", "version": True}, "does not say which table"),
        ({"kind": "draw", "version": -1}, "names a table that never was"),
        ({"kind": "play", "version": 1, "move": 7}, "needs the move"),
        ({"kind": "play", "version": 1, "move": "x" * 100}, "needs the move"),
        ({"kind": "load", "version": 1, "position": ""}, "write a position"),
        ({"kind": "speed", "version": 1, "value": float("nan")}, "speed must be"),
        ({"kind": "speed", "version": 1, "value": -1}, "speed must be"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(content: object, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_intent(content)
    w = table()
    before = state(w)
    assert not w.handle_message(content)
    assert reason.split()[0] in w.status.lower()
    assert state(w) == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
kinds = st.sampled_from(sorted(KINDS)) | st.text(max_size=8)
moves = st.sampled_from(["S>E", "W>N", "Ks>NE", "4h>NE", "9c>W", "draw", "pass", "Zz>N", ">", ""])
messages = st.fixed_dictionaries(
    {"kind": kinds},
    optional={
        "version": st.integers(-3, 3) | json_values,
        "move": moves | json_values,
        "position": st.sampled_from([OPENING, "N:-", "garbage"]) | json_values,
        "value": st.floats(allow_nan=True) | json_values,
    },
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=messages | json_values)
def test_fuzz_no_message_raises_and_refused_ones_change_nothing(content: object) -> None:
    w = FUZZ_TABLE
    before = state(w)
    try:
        accepted = w.handle_message(content)
    except Exception as error:  # pragma: no cover - the assertion reports it
        raise AssertionError(f"{content!r} raised {error!r}") from error
    if not accepted:
        assert state(w) == before
        assert w.status
    assert_no_hidden_card(w, status=accepted)
    if accepted:  # the table moved on; start the next example afresh
        reset_fuzz_table()


FUZZ_TABLE = table("play")


def reset_fuzz_table() -> None:
    global FUZZ_TABLE
    FUZZ_TABLE = table("play")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["play", "explore"]))
def test_fuzz_message_sequences_keep_every_invariant(seed: int, mode: str) -> None:
    """Sequences of current-version messages: valid or not, the table stays consistent."""
    rng = random.Random(seed)
    w = KingsCornerWidget(
        Game.new(players=rng.choice([2, 3, 4]), seed=seed),
        mode=mode,
        opponents=[FirstMove()],
        speed=0,
    )
    for _ in range(40):
        kind = rng.choice(sorted(KINDS))
        fields: dict[str, object] = {}
        if kind == "play":
            legal = w.legal
            fields["move"] = (
                rng.choice(legal)
                if legal and rng.random() < 0.6
                else rng.choice(["S>E", "Kh>NE", "2c>N", "N>S", "draw", "pass", "As>W"])
            )
        elif kind == "load":
            fields["position"] = rng.choice([OPENING, "N:Jc", TWO_PILE_MOVES])
        elif kind == "speed":
            fields["value"] = rng.choice([0, 0.5, 20])
        version = w.snapshot["version"]
        if kind in ("new", "daily", "load") and rng.random() < 0.7:
            version -= 1  # keep most sequences on one deal
        before = state(w)
        accepted = w.handle_message({"kind": kind, "version": version, **fields})
        if not accepted:
            assert state(w) == before, kind
        assert_no_hidden_card(w, status=accepted)
        engine = [str(m) for m in w.game.legal_moves()] if w.session.to_move() else []
        if isinstance(w.session, ExploreSession) and w.session.hidden_turn():
            engine = [m for m in engine if not isinstance(parse_move(m), PlayCard)]  # face down
        assert w.legal == engine
        view = w.session.view()  # play mode may be looking back over the hand
        assert w.snapshot["history"]["at"] == view.at == len(view.game.moves)
        logged = w.snapshot["logStart"] - 1 + len(w.snapshot["log"])
        assert logged == len(view.game.moves) + len(w.game.opening)
