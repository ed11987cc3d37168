"""Game and match records: a whole game or match saved as JSON, loaded back by replaying it.

A record holds the rules, the deal (every card), every move and the result, so loading it replays
the game to the identical state.

>>> from kingscorner_widget import Game
>>> game = Game.new(players=2, seed=3)
>>> game.play("draw")
>>> again = game_from_json(game_to_json(game))
>>> again == game, again.moves == game.moves
(True, True)
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from .game import Game
from .match import Match
from .moves import parse_move
from .notation import parse_position
from .rules import Rules

__all__ = [
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "load",
    "match_from_dict",
    "match_from_json",
    "match_to_dict",
    "match_to_json",
    "save",
]

GAME_FORMAT = "kingscorner-game/1"
MATCH_FORMAT = "kingscorner-match/1"


def game_to_dict(game: Game) -> dict[str, Any]:
    """A JSON-ready record of ``game``: rules, deal, moves and result."""
    outcome = game.outcome()
    return {
        "format": GAME_FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "start": game.start_position,
        "dealt": game.fresh_deal,
        "opening": [str(move) for move in game.opening],
        "moves": [str(move) for move in game.moves],
        "position": game.position(),
        "result": None
        if outcome is None
        else {
            "reason": outcome.reason,
            "went_out": outcome.went_out,
            "winners": list(outcome.winners),
            "penalties": list(outcome.penalties),
            "corners": list(outcome.corners),
        },
    }


def game_from_dict(data: dict[str, Any]) -> Game:
    """Replay a :func:`game_to_dict` record; one that does not replay raises ``ValueError``."""
    _check_format(data, GAME_FORMAT)
    try:
        rules = Rules.from_dict(data["rules"])
        table = parse_position(data["start"])
        game = Game(table, rules, fresh_deal=bool(data.get("dealt", False)), seed=data.get("seed"))
        for number, text in enumerate(data["moves"], start=1):
            try:
                game.play(parse_move(text))
            except ValueError as error:
                raise ValueError(f"move {number} ({text}) does not replay: {error}") from None
    except KeyError as error:
        raise ValueError(f"the record has no {error.args[0]!r} entry") from None
    expected = data.get("position")
    if expected is not None and game.position() != expected:
        raise ValueError("the record's final position does not match its moves")
    return game


def game_to_json(game: Game, indent: int | None = 1) -> str:
    """``game`` as a JSON record."""
    return json.dumps(game_to_dict(game), indent=indent)


def game_from_json(text: str) -> Game:
    """A game replayed from a JSON record."""
    return game_from_dict(_loads(text))


def match_to_dict(match: Match) -> dict[str, Any]:
    """A JSON-ready record of ``match``: rules, seed, every hand and the score sheet."""
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "hands": [game_to_dict(game) for game in match.hands],
        "totals": list(match.totals),
    }


def match_from_dict(data: dict[str, Any]) -> Match:
    """Replay a match record from :func:`match_to_dict`."""
    _check_format(data, MATCH_FORMAT)
    hands = data.get("hands") or []
    if not hands:
        raise ValueError("the match record has no hands")
    match = Match(Rules.from_dict(data["rules"]), seed=int(data.get("seed", 0)))
    for number, hand in enumerate(hands, start=1):
        try:
            game = game_from_dict(hand)
        except ValueError as error:
            raise ValueError(f"hand {number}: {error}") from None
        if number == 1:
            match.hands[0] = game
        else:
            match.next_hand(game)
    if match.game.is_over():
        match.score_hand()
    if "totals" in data and list(match.totals) != list(data["totals"]):
        raise ValueError("the match record's totals do not match its hands")
    return match


def match_to_json(match: Match, indent: int | None = 1) -> str:
    """``match`` as a JSON record."""
    return json.dumps(match_to_dict(match), indent=indent)


def match_from_json(text: str) -> Match:
    """A match replayed from a JSON record."""
    return match_from_dict(_loads(text))


def save(item: Game | Match, path: str | pathlib.Path) -> None:
    """Write a game or match record to ``path``."""
    text = game_to_json(item) if isinstance(item, Game) else match_to_json(item)
    pathlib.Path(path).write_text(text, encoding="utf-8")


def load(path: str | pathlib.Path) -> Game | Match:
    """Read a game or match record written by :func:`save`."""
    data = _loads(pathlib.Path(path).read_text(encoding="utf-8"))
    if data.get("format") == MATCH_FORMAT:
        return match_from_dict(data)
    return game_from_dict(data)


def _loads(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the record is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("the record must be a JSON object")
    return data


def _check_format(data: dict[str, Any], expected: str) -> None:
    found = data.get("format")
    if found != expected:
        raise ValueError(f"expected a {expected} record, found {found!r}")
