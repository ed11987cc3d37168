"""Seeded fuzzing of game and match records: corrupted records are refused, or load only when true.

Saved records (games under every option, at the start, in play and finished; matches at every
stage, a finished but unscored last hand included) are corrupted 10,000 ways: values replaced by
any JSON value, entries dropped or added, lists cut and shuffled, text and numbers nudged, parts
grafted from other records (heavy rules over standard hands, another game's moves), and the JSON
text itself broken (truncated, nested 100,000 deep, ``Infinity``, a 5,000-digit number, a key
given twice). Each must either raise :class:`RecordError` with a short message naming an entry,
or load a game or match that saves back to exactly the record given (anything else is an
inconsistent load: the record said something its replay does not). Loading never changes what it
was given.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.engine.errors import RecordError
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.record import (
    game_from_dict,
    game_from_json,
    game_to_dict,
    match_from_dict,
    match_from_json,
    match_to_dict,
    schema,
)
from kingscorner_widget.engine.rules import Count, DrawTiming, MatchEnd

CORRUPTIONS = 10_000
SEED = 2026
ENTRY = re.compile(
    r"\b(record|format|rules|seed|start|dealt|opening|moves|position|result|hands|totals)\b"
)
"""A refusal names the entry that is wrong (or the record as a whole, for broken JSON)."""
LONGEST_MESSAGE = 400
RAW_MESSAGE = re.compile(r"invalid literal|Exceeds the limit|has no attribute|unhashable|index out")
"""Python's own words, which a refusal must never pass on."""

RULE_SETS: list[dict[str, Any]] = [
    {},
    {"draw_timing": DrawTiming.START},
    {"must_play": True},
    {"kings_first": True},
    {"draw_until_fits": True},
    {"corners_version": True},
    {"count": Count.PICTURES, "target": 50},
    {"count": Count.HEAVY, "target": 100, "match_end": MatchEnd.ELIMINATION},
    {"hand_size": 5, "must_play": True, "corners_version": True},
]

Record = dict[str, Any]


def play(game: Game, rng: random.Random, moves: int, keen: float = 0.85) -> None:
    """Play up to ``moves`` random moves, a card whenever one fits with chance ``keen`` (so the
    hand ends soon and the record stays short)."""
    for _ in range(moves):
        if game.is_over():
            return
        legal = game.legal_moves()
        plays = [move for move in legal if not isinstance(move, EndTurn)]
        game.play(rng.choice(plays) if plays and rng.random() < keen else legal[-1])


def saved_games(rng: random.Random) -> Iterator[Record]:
    for index in range(36):
        rules = Rules(players=2 + index % 5, **RULE_SETS[index % len(RULE_SETS)])
        if rules.players * rules.hand_size + 4 > 52:
            rules = dataclasses.replace(rules, hand_size=5)
        game = Game.new(seed=rng.randrange(2**63), rules=rules)
        play(game, rng, rng.choice([0, 2, 6, 12, 25, 10_000]))
        yield game_to_dict(game)
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    for seed in range(3):
        game = Game.from_position(line, seed=seed)
        play(game, rng, 10 * seed)
        yield game_to_dict(game)
    corner = (
        "N:5s E:- S:- W:- NE:KhQsJhTs9h8s7h6s5h4s3h2s SE:- SW:- NW:- P1:Ah9c P2:?7 stock:30 turn:P1"
    )
    game = Game.from_position(corner, rules=Rules(corners_version=True))
    game.play("Ah>NE")
    yield game_to_dict(game)
    game.play("9c>E")
    yield game_to_dict(game)


def saved_matches(rng: random.Random) -> Iterator[Record]:
    for index in range(8):
        options = dict(RULE_SETS[index % len(RULE_SETS)])
        options["target"] = 8 if options.get("count") is not Count.HEAVY else 40
        options["hand_size"] = 3  # short hands: more of them, and records quick to replay
        match = Match(Rules(players=2 + index % 3, **options), seed=rng.randrange(2**40))
        play(match.game, rng, 8)
        yield match_to_dict(match)  # hand 1 in play
        while True:
            play(match.game, rng, 10_000, keen=1.0)
            yield match_to_dict(match)  # finished, not yet scored
            match.score_hand()
            if match.is_over():
                yield match_to_dict(match)
                break
            match.next_hand()
            play(match.game, rng, rng.randrange(12), keen=1.0)
            yield match_to_dict(match)


def saved_records(seed: int = SEED) -> list[tuple[str, Record]]:
    """A pool of valid records, as ``("game" | "match", record)``."""
    rng = random.Random(seed)
    pool = [("game", record) for record in saved_games(rng)]
    pool += [("match", record) for record in saved_matches(rng)]
    return pool


# -- corruptions ---------------------------------------------------------------------------------

VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    7,
    13,
    52,
    2**63,
    -(2**63),
    10**40,
    1.0,
    2.5,
    "",
    "true",
    "false",
    "no",
    "null",
    "0",
    "P1",
    "Th>N",
    "draw",
    "pass",
    "-",
    "standard",
    "heavy",
    "start",
    "out",
    "blocked",
    "kingscorner-game/1",
    "kingscorner-match/1",
    [],
    [None],
    [1, 2],
    ["draw"],
    [[]],
    {},
    {"x": 1},
]
CHARACTERS = (
    'AKQJT98765432cdhsNESWPp?-:> 0123456789\u0663\u0667\u2077\uff17\u017fK\u0131♠♡\u00a0\n"'
)


def nodes(tree: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``tree`` (keys and indexes), the root's children first."""
    if isinstance(tree, dict):
        items: Iterator[tuple[Any, Any]] = iter(tree.items())
    elif isinstance(tree, list):
        items = enumerate(tree)
    else:
        return
    for key, value in items:
        yield (*path, key)
        yield from nodes(value, (*path, key))


def get(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        tree = tree[key]
    return tree


def put(tree: Any, path: tuple[Any, ...], value: Any) -> None:
    get(tree, path[:-1])[path[-1]] = value


def mutate_text(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    char = rng.choice(CHARACTERS)
    choice = rng.randrange(6)
    if choice == 0 and text:
        return text[: min(at, len(text) - 1)] + char + text[min(at, len(text) - 1) + 1 :]
    if choice == 1:
        return text[:at] + char + text[at:]
    if choice == 2 and text:
        return text[: min(at, len(text) - 1)] + text[min(at, len(text) - 1) + 1 :]
    if choice == 3:
        return text.swapcase()
    if choice == 4:
        return text[:at] + text[at : at + rng.randrange(1, 6)] + text[at:]
    return text * rng.choice([2, 50])


def mutate_number(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return rng.choice([not value, int(value), str(value).lower(), None])
    return rng.choice([value + 1, value - 1, -value, float(value), str(value), value > 0])


def copied_along(tree: Record, path: tuple[Any, ...]) -> Record:
    """``tree`` with the containers on ``path`` copied, and the value at its end copied whole:
    a corruption there leaves ``tree`` as it was."""
    top: Record = dict(tree)
    holder: Any = top
    for key in path[:-1]:
        holder[key] = copy.copy(holder[key])
        holder = holder[key]
    holder[path[-1]] = copy.deepcopy(holder[path[-1]])
    return top


def corrupt(
    tree: Record, paths: list[tuple[Any, ...]], pool: list[tuple[str, Record]], rng: random.Random
) -> Record:
    """A copy of ``tree`` corrupted once at one of its ``paths``."""
    path = rng.choice(paths)
    tree = copied_along(tree, path)
    value = get(tree, path)
    kind = rng.randrange(8)
    if kind == 0:
        put(tree, path, copy.deepcopy(rng.choice(VALUES)))
    elif kind == 1:
        holder = get(tree, path[:-1])
        if isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder.pop(path[-1])
    elif kind == 2:
        holder = get(tree, path[:-1])
        if isinstance(holder, dict):
            holder[rng.choice(["extra", "Seed", "sheet", path[-1] + " "])] = rng.choice(VALUES)
        else:
            holder.insert(path[-1], copy.deepcopy(rng.choice([*holder, *VALUES])))
    elif kind == 3 and isinstance(value, list) and value:
        operation = rng.randrange(4)
        if operation == 0:
            value.append(copy.deepcopy(rng.choice(value)))
        elif operation == 1:
            i, j = rng.randrange(len(value)), rng.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        elif operation == 2:
            del value[rng.randrange(len(value)) :]
        else:
            value.reverse()
    elif kind == 4 and isinstance(value, str):
        put(tree, path, mutate_text(value, rng))
    elif kind == 5 and isinstance(value, (bool, int)):
        put(tree, path, mutate_number(value, rng))
    elif kind in (6, 7):
        # Graft the same entry from another record: rules, moves, a start, a result, a hand...
        donor = rng.choice(pool)[1]
        same = [p for p in _paths(donor) if p[-1] == path[-1]]
        if same:
            put(tree, path, copy.deepcopy(get(donor, rng.choice(same))))
        else:
            put(tree, path, copy.deepcopy(rng.choice(VALUES)))
    else:
        put(tree, path, copy.deepcopy(rng.choice(VALUES)))
    return tree


_PATHS: dict[int, list[tuple[Any, ...]]] = {}


def _paths(tree: Record) -> list[tuple[Any, ...]]:
    """Every path into a pool record (computed once per record)."""
    if id(tree) not in _PATHS:
        _PATHS[id(tree)] = list(nodes(tree))
    return _PATHS[id(tree)]


def break_json(text: str, rng: random.Random) -> str:
    """The record's JSON text itself corrupted."""
    kind = rng.randrange(7)
    if kind == 0:
        return text[: rng.randrange(len(text))]
    if kind == 1:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice(CHARACTERS + "{}[],") + text[at:]
    if kind == 2:
        depth = rng.choice([50, 2_000, 100_000])
        return text.replace('"moves": [', '"moves": ' + "[" * depth + "]" * depth + ", [", 1)
    if kind == 3:
        return re.sub(r"(?<=: )-?\d+", rng.choice(["Infinity", "-Infinity", "NaN"]), text, count=1)
    if kind == 4:
        return re.sub(r"(?<=: )\d+", "9" * rng.choice([30, 5_000]), text, count=1)
    if kind == 5:
        return text.replace('"rules": {', '"rules": {"players": 2, ', 1).replace(
            '"format": ', '"format": "x", "format": ', 1
        )
    return rng.choice(["[" * 100_000 + "]" * 100_000, "null", "[]", '"text"', "1e999", ""])


# -- the run -------------------------------------------------------------------------------------


@dataclasses.dataclass
class Figures:
    """What a fuzzing run saw."""

    tried: int = 0
    refused: int = 0
    loaded: int = 0
    wrong_type: list[str] = dataclasses.field(default_factory=list)
    inconsistent: list[str] = dataclasses.field(default_factory=list)
    unclear: list[str] = dataclasses.field(default_factory=list)
    changed: list[str] = dataclasses.field(default_factory=list)


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def fuzz(
    count: int = CORRUPTIONS,
    seed: int = SEED,
    expected: type[Exception] = RecordError,
    validate: Callable[[Any], None] | None = None,
) -> Figures:
    """Try ``count`` corrupted records; ``expected`` is the one error type a refusal may raise."""
    rng = random.Random(seed)
    pool = saved_records(seed)
    figures = Figures()
    validated: set[str] = set()
    for _ in range(count):
        kind, record = rng.choice(pool)
        from_text = rng.random() < 0.85
        if rng.random() < 0.08:
            text: Any = break_json(json.dumps(record, indent=rng.choice([None, 1])), rng)
            tree = None
            from_text = True
        else:
            tree = corrupt(record, _paths(record), pool, rng)
            text = json.dumps(tree)
        before = "" if from_text else canonical(tree)
        figures.tried += 1
        try:
            if from_text:
                loaded = match_from_json(text) if kind == "match" else game_from_json(text)
            else:
                loaded = match_from_dict(tree) if kind == "match" else game_from_dict(tree)
        except expected as error:
            figures.refused += 1
            message = str(error)
            plain = len(message) <= LONGEST_MESSAGE and not RAW_MESSAGE.search(message)
            if not plain or not ENTRY.search(message):
                figures.unclear.append(message[:200])
        except Exception as error:
            figures.wrong_type.append(f"{type(error).__name__}: {str(error)[:120]}")
        else:
            figures.loaded += 1
            saved = match_to_dict(loaded) if isinstance(loaded, Match) else game_to_dict(loaded)
            given = tree if tree is not None else json.loads(text)
            saved_text = canonical(saved)
            if saved_text != canonical(given):
                figures.inconsistent.append(text[:200])
            elif validate is not None and saved_text not in validated:
                validate(given)  # every record that loads is valid under the schema
                validated.add(saved_text)
        if not from_text and canonical(tree) != before:
            figures.changed.append(before[:200])
    return figures


def test_every_saved_record_loads_and_is_valid_under_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    pool = saved_records()
    assert len(pool) > 80
    for kind, record in pool:
        validator.validate(record)
        loaded = match_from_dict(record) if kind == "match" else game_from_dict(record)
        saved = match_to_dict(loaded) if isinstance(loaded, Match) else game_to_dict(loaded)
        assert canonical(saved) == canonical(record)


def test_corrupted_records_are_refused_by_name_or_load_only_when_true() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    figures = fuzz(validate=validator.validate)
    assert figures.tried == CORRUPTIONS
    assert figures.wrong_type == [], f"{len(figures.wrong_type)} wrong error types"
    assert figures.inconsistent == [], f"{len(figures.inconsistent)} inconsistent loads"
    assert figures.unclear == [], f"{len(figures.unclear)} messages naming no entry"
    assert figures.changed == []
    # The corruptions must mostly be refused (and not all: some are harmless, like a key order).
    assert figures.refused > 0.8 * CORRUPTIONS


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("[" * 100_000 + "]" * 100_000, "nests"),
        ('{"format": "kingscorner-game/1", "format": "kingscorner-game/1"}', "twice"),
        ('{"seed": Infinity}', "Infinity"),
        ('{"seed": ' + "9" * 5_000 + "}", "5000 digits"),
    ],
)
def test_broken_json_is_refused_before_it_is_read(text: str, entry: str) -> None:
    with pytest.raises(RecordError, match=entry) as caught:
        game_from_json(text)
    assert len(str(caught.value)) < 120
