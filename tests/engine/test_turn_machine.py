"""One turn machine: nothing outside ``engine/`` reads a turn option to decide what a turn may do.

The code test reads every module of the package outside ``engine/`` (its syntax tree, not its
text) and fails on a read of a turn option: an attribute named as one of :class:`Rules`' turn
options (kings first, must play, draw timing, draw until it fits, corners version) or as one of
the flags :class:`~kingscorner_widget.engine.turns.TurnRules` compiles them into, or a
comparison with a :class:`DrawTiming` member. Those questions go to the turn machine's gates
(:mod:`kingscorner_widget.engine.turns`), so adding a rule option touches the engine alone.
Building rules (``Rules(kings_first=True)``) is not a read.

Five modules read options only to put them in words, each named in :data:`WORDS_ONLY`: the
guide (which rule's sentence says why the turn cannot end yet: the engine has already decided
that it cannot), a finished hand's line and its score sheet (whether to speak of corners kept),
a tournament hand's line (the same), and the teacher's rules sheet (which sentence states each
option as the class plays it). What a face-down hand may show is the engine's question
(:meth:`~kingscorner_widget.engine.turns.TurnRules.cards_decide`), not the table's.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from kingscorner_widget import Count, DrawTiming, Game, Rules
from kingscorner_widget.analysis.search.playout import PlayoutState
from kingscorner_widget.engine import turns
from kingscorner_widget.engine.moves import EndTurn, MovePile, PlayCard

PACKAGE = Path(turns.__file__).parent.parent
OPTIONS = {"kings_first", "must_play", "draw_timing", "draw_until_fits", "corners_version"}
"""The turn options of :class:`Rules`."""
COMPILED = {"draw_at_end", "until_fits", "keeps_corners"}
"""What :class:`~kingscorner_widget.engine.turns.TurnRules` compiles them into (besides the
options' own names)."""
WORDS_ONLY = {
    "table/guide.py",
    "table/snapshot.py",
    "table/summary.py",
    "classroom/rounds.py",
    "classroom/sheet.py",
}
"""Modules that read the options only to say them in words (see the module)."""


def turn_option_reads(source: str) -> list[int]:
    """The lines of ``source`` that read a turn option.

    >>> turn_option_reads("rules = Rules(kings_first=True)\\nok = turn.may_end(pending=False)")
    []
    >>> turn_option_reads("a = rules.kings_first\\nb = t.draw_timing is DrawTiming.START")
    [1, 2]
    >>> turn_option_reads("if state.rules.keeps_corners and x:\\n    pass")
    [1]
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in OPTIONS | COMPILED:
            lines.append(node.lineno)
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                if (
                    isinstance(operand, ast.Attribute)
                    and isinstance(operand.value, ast.Name)
                    and operand.value.id == "DrawTiming"
                ):
                    lines.append(node.lineno)
    return sorted(set(lines))


def test_a_read_of_a_turn_option_is_found() -> None:
    assert turn_option_reads("if observation.rules.must_play:\n    pass") == [1]
    assert turn_option_reads("x = rules.draw_until_fits and played == 0") == [1]
    assert turn_option_reads("end = timing == DrawTiming.END") == [1]
    assert turn_option_reads("self.start.corners_version and top") == [1]
    assert turn_option_reads("if turn.until_fits:\n    pass") == [1]
    assert turn_option_reads("Rules(players=2, draw_timing=DrawTiming.START)") == []


def test_no_turn_option_read_outside_the_engine() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "engine" or relative.as_posix() in WORDS_ONLY:
            continue
        for line in turn_option_reads(path.read_text(encoding="utf-8")):
            found.append(f"{relative}:{line}")
    assert found == [], "ask the gates of engine/turns.py instead: " + ", ".join(found)


def test_each_exempt_module_still_reads_an_option() -> None:
    """The exemption names no module that has stopped reading options: it only shrinks."""
    for name in sorted(WORDS_ONLY):
        assert turn_option_reads((PACKAGE / name).read_text(encoding="utf-8")), name


RULES = [
    Rules(players=2),
    Rules(players=3, must_play=True),
    Rules(players=2, kings_first=True),
    Rules(players=4, draw_until_fits=True),
    Rules(players=2, draw_timing=DrawTiming.START),
    Rules(players=3, corners_version=True, count=Count.HEAVY),
    Rules(players=2, must_play=True, kings_first=True, draw_until_fits=True, corners_version=True),
]


def as_step(move: PlayCard | MovePile) -> turns.Step:
    if isinstance(move, PlayCard):
        return (move.card.index, -1, move.target.index)
    return (-1, move.source.index, move.target.index)


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe())
def test_the_lean_state_lists_the_games_moves_and_ends_the_turn_when_it_may(rules: Rules) -> None:
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.new(seed=seed, rules=rules)
        while not game.is_over() and checked < 600:
            state = PlayoutState.from_game(game)
            legal = game.legal_moves()
            steps = [as_step(m) for m in legal if not isinstance(m, EndTurn)]
            assert state.legal() == steps, game.position()
            assert state.may_end() == any(isinstance(m, EndTurn) for m in legal), game.position()
            move = rng.choice(legal)
            if not isinstance(move, EndTurn):
                turns.apply(state, as_step(move))
                game.play(move)
                after = PlayoutState.from_game(game)
                assert (state.tops, state.bottoms, state.hands) == (
                    after.tops,
                    after.bottoms,
                    after.hands,
                ), game.position()
            else:
                game.play(move)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe())
def test_the_cards_decide_under_kings_first_must_play_or_a_drawn_card(rules: Rules) -> None:
    turn = turns.TurnRules.of(rules)
    assert turn.cards_decide(pending=True)
    assert turn.cards_decide(pending=False) == (rules.kings_first or rules.must_play)


def test_the_rules_are_compiled_once() -> None:
    rules = Rules(players=3, kings_first=True)
    assert turns.TurnRules.of(rules) is turns.TurnRules.of(Rules(players=3, kings_first=True))
    assert Game.new(seed=1, rules=rules)._turn is turns.TurnRules.of(rules)
