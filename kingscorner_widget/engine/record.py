"""Game and match records: a whole game or match saved as JSON, loaded back by replaying it.

A record holds the rules, the deal (every card), every move and the result, so loading it replays
the game to the identical state. Loading believes nothing a record says: every entry is read with
its exact JSON type (``true``, not ``"true"``; whole numbers, and a boolean is not one), and
everything it claims (the deal its seed makes, the dealt kings' opening, each move, the final
position, the result, a match's rules for each hand and its totals) is checked against the
replay. A record that fails raises :class:`~kingscorner_widget.RecordError`, a
``ValueError`` whose message names the entry (``hands[1].moves``) and quotes at most a short
excerpt of it. A record that loads saves back to the same JSON.

The format is published as a JSON Schema (:func:`schema`), for tools that read or write records.

>>> from kingscorner_widget import Game
>>> game = Game.new(players=2, seed=3)
>>> game.play("draw")
>>> again = game_from_json(game_to_json(game))
>>> again == game, again.moves == game.moves
(True, True)
>>> game_from_json(game_to_json(game).replace('"dealt": true', '"dealt": "true"'))
Traceback (most recent call last):
...
kingscorner_widget.RecordError: dealt must be true or false, not 'true'
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from .errors import PositionError, RecordError, excerpt
from .game import Game
from .match import Match
from .moves import parse_move
from .notation import Table, check_rules, format_position, parse_position
from .rules import RuleError, Rules, option_names
from .spaces import CORNERS, CROSS

__all__ = [
    "GAME_FORMAT",
    "MATCH_FORMAT",
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "load",
    "match_from_dict",
    "match_from_json",
    "match_to_dict",
    "match_to_json",
    "read_record",
    "save",
    "schema",
]

GAME_FORMAT = "kingscorner-game/1"
"""The ``format`` entry of a game record."""
MATCH_FORMAT = "kingscorner-match/1"
"""The ``format`` entry of a match record."""
SCHEMA_FILE = "record.schema.json"
"""The JSON Schema of both records, shipped inside the package."""

_GAME_KEYS = ("format", "rules", "seed", "start", "dealt", "opening", "moves", "position", "result")
_MATCH_KEYS = ("format", "rules", "seed", "hands", "totals")
_RESULT_KEYS = ("reason", "went_out", "winners", "penalties", "corners")
_MAX_DIGITS = 100
"""The longest whole number a record may hold (seeds are 19 digits at most in practice)."""


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of game and match records.

    >>> sorted(schema()["$defs"])[:3]
    ['card_list', 'game', 'match']
    """
    text = resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# -- saving ---------------------------------------------------------------------------------------


def game_to_dict(game: Game) -> dict[str, Any]:
    """A JSON-ready record of ``game``: rules, deal, moves and result."""
    return {
        "format": GAME_FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "start": game.start_position,
        "dealt": game.fresh_deal,
        "opening": [str(move) for move in game.opening],
        "moves": [str(move) for move in game.moves],
        "position": game.position(),
        "result": _result(game),
    }


def _result(game: Game) -> dict[str, Any] | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    return {
        "reason": outcome.reason,
        "went_out": outcome.went_out,
        "winners": list(outcome.winners),
        "penalties": list(outcome.penalties),
        "corners": list(outcome.corners),
    }


def game_to_json(game: Game, indent: int | None = 1) -> str:
    """``game`` as a JSON record."""
    return json.dumps(game_to_dict(game), indent=indent)


def match_to_dict(match: Match) -> dict[str, Any]:
    """A JSON-ready record of ``match``: rules, seed, every hand and the running totals.

    The totals are the score sheet's: a finished last hand counts in them once it is scored
    (:meth:`Match.score_hand`), so they also say whether it has been.
    """
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "hands": [game_to_dict(game) for game in match.hands],
        "totals": list(match.totals),
    }


def match_to_json(match: Match, indent: int | None = 1) -> str:
    """``match`` as a JSON record."""
    return json.dumps(match_to_dict(match), indent=indent)


def save(item: Game | Match, path: str | pathlib.Path) -> None:
    """Write a game or match record to ``path``."""
    text = game_to_json(item) if isinstance(item, Game) else match_to_json(item)
    pathlib.Path(path).write_text(text, encoding="utf-8")


# -- loading --------------------------------------------------------------------------------------


def game_from_json(text: str) -> Game:
    """A game replayed from a JSON record; a bad record raises :class:`RecordError`."""
    return game_from_dict(_loads(text))


def match_from_json(text: str) -> Match:
    """A match replayed from a JSON record; a bad record raises :class:`RecordError`."""
    return match_from_dict(_loads(text))


def load(path: str | pathlib.Path) -> Game | Match:
    """Read a game or match record written by :func:`save`."""
    raw = pathlib.Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the record is not UTF-8 text") from None
    return _from_data(_loads(text))


Source = Game | Match | Mapping[str, Any] | str | os.PathLike[str]
"""What :func:`read_record` reads: a game or match, a record as a dict, JSON text, or a path."""


def read_record(source: Source) -> Game | Match:
    """A game or match from whatever holds one: a :class:`Game` or :class:`Match` (returned as
    it is), a record as a dict or as JSON text, or the path of a saved record. A source that holds
    none raises :class:`~kingscorner_widget.RecordError` (a ``TypeError`` for a value of another
    kind) naming what is wrong; nothing is changed.

    >>> game = Game.new(players=2, seed=3)
    >>> read_record(game) is game
    True
    >>> read_record(game_to_json(game)) == read_record(game_to_dict(game)) == game
    True
    >>> read_record("no-such-record.json")
    Traceback (most recent call last):
    ...
    kingscorner_widget.RecordError: there is no saved record at 'no-such-record.json'
    """
    if isinstance(source, Game | Match):
        return source
    if isinstance(source, Mapping):
        return _from_data(dict(source))
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        return _from_data(_loads(source))
    if isinstance(source, str | os.PathLike):
        path = pathlib.Path(source)
        try:
            found = path.is_file()
        except (OSError, ValueError):  # a name too long for the system, a NUL byte
            found = False
        if not found:
            raise RecordError(f"there is no saved record at {excerpt(str(source))}")
        try:
            return load(path)
        except OSError as error:
            raise RecordError(
                f"the record at {excerpt(str(source))} cannot be read: {error.strerror}"
            ) from None
    raise TypeError(
        "a record is read from a path, JSON text, a dict, a Game or a Match, "
        f"not {type(source).__name__}"
    )


def _from_data(data: Any) -> Game | Match:
    """A game or a match, as the record's ``format`` says."""
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return match_from_dict(data)
    return game_from_dict(data)


def game_from_dict(data: Any) -> Game:
    """Replay a :func:`game_to_dict` record, checking every entry against the replay."""
    return _read_game(data, "")


def match_from_dict(data: Any) -> Match:
    """Replay a :func:`match_to_dict` record, checking every hand and the totals."""
    record = _entries(data, _MATCH_KEYS, MATCH_FORMAT, "")
    rules = _read_rules(record["rules"], "rules.")
    seed = _whole(record["seed"], "seed")
    hands = _list(record["hands"], "hands")
    if not hands:
        raise RecordError("hands: the match record has no hands")
    totals = [
        _whole(total, f"totals[{i}]") for i, total in enumerate(_list(record["totals"], "totals"))
    ]
    if len(totals) != rules.players:
        raise RecordError(
            f"totals: a match of {rules.players} seats has {rules.players} totals, "
            f"not {len(totals)}"
        )
    match: Match | None = None
    for index, hand in enumerate(hands):
        at = f"hands[{index}]"
        if match is not None:
            if not match.game.is_over():
                raise RecordError(
                    f"hands[{index - 1}]: the hand is still being played, yet the record holds "
                    "a hand after it"
                )
            match.score_hand()
            if match.is_over():
                raise RecordError(
                    f"{at}: the match was over after hand {index}, so there is no hand {index + 1}"
                )
        game = _read_game(hand, at + ".")
        try:
            if match is None:
                match = Match(rules, seed=seed, first_hand=game)
            else:
                match.next_hand(game)
        except ValueError as error:
            raise RecordError(f"{at}: {error}") from None
    assert match is not None
    if totals != list(match.totals):
        scored = None
        if match.game.is_over():
            match.score_hand()
            scored = list(match.totals)
        if totals != scored:
            expected = f"{_numbers(match.totals)} before the last hand is scored"
            if scored is not None:
                expected += f", {_numbers(scored)} after"
            raise RecordError(
                f"totals: the record says {_numbers(totals)}, but its hands add up to {expected}"
            )
    return match


def _read_game(data: Any, at: str) -> Game:
    """Replay one game record; ``at`` prefixes the entry names in messages (``hands[1].``)."""
    record = _entries(data, _GAME_KEYS, GAME_FORMAT, at)
    rules = _read_rules(record["rules"], f"{at}rules.")
    seed = None if record["seed"] is None else _whole(record["seed"], f"{at}seed")
    dealt = _flag(record["dealt"], f"{at}dealt")
    table = _read_start(record["start"], rules, at)
    if dealt:
        _check_deal(table, rules, at)
    if seed is not None:
        if not dealt:
            raise RecordError(f"{at}seed: only a dealt game has a seed, and dealt is false")
        if Game.new(seed=seed, rules=rules).start_position != record["start"]:
            raise RecordError(f"{at}seed: seed {excerpt(seed)} does not deal the start position")
    try:
        game = Game(table, rules, fresh_deal=dealt, seed=seed)
    except ValueError as error:
        raise RecordError(f"{at}start: {error}") from None

    opening = [
        _text(move, f"{at}opening[{i}]")
        for i, move in enumerate(_list(record["opening"], f"{at}opening"))
    ]
    expected_opening = [str(move) for move in game.opening]
    if opening != expected_opening:
        raise RecordError(
            f"{at}opening: the record says {_words(opening)}, but the deal opens with "
            f"{_words(expected_opening)} (the dealt kings going to corners)"
        )

    for index, text in enumerate(_list(record["moves"], f"{at}moves")):
        where = f"{at}moves[{index}]"
        text = _text(text, where)
        try:
            move = parse_move(text)
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
        if str(move) != text:
            raise RecordError(
                f"{where}: {excerpt(text)} is not written as a record writes it ({move})"
            )
        try:
            game.play(move)
        except ValueError as error:
            raise RecordError(
                f"{where}: move {index + 1} ({move}) does not replay: {error}"
            ) from None

    position = _text(record["position"], f"{at}position")
    if position != game.position():
        raise RecordError(f"{at}position: the record's final position does not match its moves")
    _check_result(record["result"], game, f"{at}result")
    return game


def _read_start(value: Any, rules: Rules, at: str) -> Table:
    text = _text(value, f"{at}start")
    try:
        table = parse_position(text)
    except PositionError as error:
        raise RecordError(f"{at}start: {error}") from None
    if any(isinstance(hand, int) for hand in table.hands) or isinstance(table.stock, int):
        raise RecordError(
            f"{at}start: a record's start shows every card (no ?n hands, the stock as its cards)"
        )
    if format_position(table) != text:
        raise RecordError(f"{at}start: the position is not written canonically ({excerpt(text)})")
    if len(table.hands) != rules.players:
        raise RecordError(
            f"{at}rules.players: the rules are for {rules.players} players, but the start "
            f"position has {len(table.hands)}"
        )
    try:
        check_rules(table, rules)
    except PositionError as error:
        raise RecordError(f"{at}start: {error}") from None
    return table


def _check_deal(table: Table, rules: Rules, at: str) -> None:
    """A dealt game starts at a deal: P1 to move, one card on each cross space, empty corners,
    a full hand each and nothing kept."""
    problem = None
    if table.turn != 0:
        problem = "P1 moves first after a deal"
    elif any(len(table.piles[space.index]) != 1 for space in CROSS):
        problem = "a deal turns up one card on each cross space"
    elif any(table.piles[space.index] for space in CORNERS) or any(table.kept):
        problem = "the corners are empty at a deal"
    elif any(len(hand) != rules.hand_size for hand in table.hands if not isinstance(hand, int)):
        problem = f"a deal gives everyone {rules.hand_size} cards"
    if problem is not None:
        raise RecordError(f"{at}dealt: the record says the game starts at a deal, but {problem}")


def _check_result(value: Any, game: Game, where: str) -> None:
    expected = _result(game)
    outcome = game.outcome()
    if value is None:
        if outcome is not None:
            raise RecordError(
                f"{where}: the record says the hand goes on, but its moves end it "
                f"({outcome.describe()})"
            )
        return
    result = _entries(value, _RESULT_KEYS, None, f"{where}.")
    if expected is None:
        raise RecordError(f"{where}: the record gives a result, but the hand is still being played")
    reason = _text(result["reason"], f"{where}.reason")
    went_out = (
        None if result["went_out"] is None else _whole(result["went_out"], f"{where}.went_out")
    )
    found: dict[str, Any] = {"reason": reason, "went_out": went_out}
    for key in ("winners", "penalties", "corners"):
        items = _list(result[key], f"{where}.{key}")
        found[key] = [_whole(item, f"{where}.{key}[{i}]") for i, item in enumerate(items)]
    if reason == "blocked" and found["winners"] and not expected["winners"]:
        penalties = expected["penalties"]
        low = [i for i, p in enumerate(penalties, start=1) if p == min(penalties)]
        if found["winners"] == low:  # saved before a blocked hand had no winner
            found["winners"] = []
    for key in _RESULT_KEYS:
        if found[key] != expected[key]:
            shown = excerpt(found[key]) if isinstance(found[key], str) else _words(found[key])
            raise RecordError(
                f"{where}.{key}: the record says {shown}, but the replayed hand gives "
                f"{_words(expected[key])}"
            )


# -- reading JSON values strictly -----------------------------------------------------------------


def _loads(text: Any) -> Any:
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {excerpt(text)}")
    try:
        return json.loads(
            text, object_pairs_hook=_object, parse_constant=_constant, parse_int=_integer
        )
    except RecursionError:
        raise RecordError("the record nests lists or objects too deeply to be a record") from None
    except json.JSONDecodeError as error:
        raise RecordError(
            f"the record is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RecordError(f"the record gives the entry {excerpt(key)} twice in one object")
        data[key] = value
    return data


def _constant(name: str) -> Any:
    raise RecordError(f"the record holds {name}, which is not a JSON number")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise RecordError(
            f"the record holds a number of {len(text.lstrip('-'))} digits (at most {_MAX_DIGITS})"
        )
    return int(text)


def _entries(data: Any, keys: Sequence[str], format_name: str | None, at: str) -> dict[str, Any]:
    """``data`` as an object with exactly ``keys`` (and, if given, that ``format``)."""
    name = at.rstrip(".") or "the record"
    if not isinstance(data, dict):
        raise RecordError(f"{name} must be a JSON object, not {excerpt(data)}")
    if format_name is not None:
        found = data.get("format")
        if found != format_name:
            raise RecordError(
                f"{at}format: expected a {format_name} record, found {excerpt(found)}"
            )
    missing = [key for key in keys if key not in data]
    if missing:
        raise RecordError(f"{name} has no {missing[0]!r} entry")
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise RecordError(f"{name} has an unknown entry {excerpt(unknown[0])}")
    return data


def _read_rules(data: Any, at: str) -> Rules:
    """A record's rules: every option written, each read by :meth:`Rules.from_dict`."""
    values = _entries(data, option_names(), None, at)
    try:
        return Rules.from_dict(values)
    except RuleError as error:
        if error.option is None:
            raise RecordError(f"{at.rstrip('.')}: {error.problem}") from None
        raise RecordError(f"{at}{error.option} {error.problem}") from None


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where} must be a whole number, not {excerpt(value)}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{where} must be true or false, not {excerpt(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be text, not {excerpt(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list, not {excerpt(value)}")
    return value


def _words(items: Sequence[object] | object) -> str:
    """A short list or value as a message writes it."""
    if items is None:
        return "null"
    if isinstance(items, str):
        return excerpt(items)
    if isinstance(items, Sequence):
        if len(items) > 8:
            return excerpt(list(items))
        return (
            "["
            + ", ".join(_words(item) if isinstance(item, str) else excerpt(item) for item in items)
            + "]"
        )
    return excerpt(items)


def _numbers(values: Sequence[int]) -> str:
    return _words(list(values))
