"""Game and match records replay to the identical state."""

from __future__ import annotations

import copy
import json
import pathlib
import random
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from kingscorner_widget import Count, EndTurn, Game, MatchEnd, Rules
from kingscorner_widget.engine.errors import RecordError
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.record import (
    game_from_dict,
    game_from_json,
    game_to_dict,
    game_to_json,
    load,
    match_from_dict,
    match_from_json,
    match_to_dict,
    match_to_json,
    save,
    schema,
)


def random_game(seed: int, players: int = 3, rules: Rules | None = None) -> Game:
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed, rules=rules)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(8))
def test_a_finished_game_replays_identically(seed: int) -> None:
    game = random_game(seed, players=2 + seed % 5)
    again = game_from_json(game_to_json(game))
    assert again == game
    assert again.moves == game.moves
    assert again.opening == game.opening
    assert again.outcome() == game.outcome()


def test_a_record_keeps_the_rules_and_the_seed() -> None:
    rules = Rules(players=2, must_play=True, count=Count.HEAVY, target=100)
    game = random_game(4, players=2, rules=rules)
    data = game_to_dict(game)
    assert data["seed"] == 4
    assert data["rules"]["count"] == "heavy"
    assert game_from_json(json.dumps(data)).rules == rules


def test_a_tampered_record_is_refused_with_the_move_named() -> None:
    game = random_game(1)
    data = game_to_dict(game)
    data["moves"][0] = "Kh>E" if data["moves"][0] != "Kh>E" else "Ks>E"
    with pytest.raises(RecordError, match=r"^moves\[0\]: move 1 \(K[hs]>E\) does not replay"):
        game_from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "other"}', "^format: expected a kingscorner-game/1 record, found 'other'$"),
        ('{"format": "kingscorner-game/1"}', "has no 'rules' entry"),
    ],
)
def test_bad_records_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game_from_json(text)


def test_a_match_replays_with_its_sheet(tmp_path: pathlib.Path) -> None:
    match = Match(Rules(players=3, target=40), seed=9)
    rng = random.Random(9)
    while True:
        game = match.game
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        match.score_hand()
        if match.is_over():
            break
        match.next_hand()
    again = match_from_json(match_to_json(match))
    assert again.totals == match.totals
    assert again.sheet == match.sheet
    assert again.winners() == match.winners()
    path = tmp_path / "match.json"
    save(match, path)
    loaded = load(path)
    assert isinstance(loaded, Match)
    assert loaded.totals == match.totals


# -- every moment of a match ----------------------------------------------------------------------


def quick_move(game: Game, rng: random.Random) -> None:
    """A random move, a card whenever one fits (hands end soon)."""
    legal = game.legal_moves()
    plays = [move for move in legal if not isinstance(move, EndTurn)]
    game.play(rng.choice(plays) if plays else legal[-1])


def assert_same_match(again: Match, match: Match) -> None:
    assert match_to_dict(again) == match_to_dict(match)
    assert again.is_scored() == match.is_scored()
    assert again.sheet == match.sheet
    assert (again.totals, again.corner_totals) == (match.totals, match.corner_totals)
    assert again.eliminated == match.eliminated
    assert (again.is_over(), again.winners()) == (match.is_over(), match.winners())
    assert again.game == match.game
    assert again.active_seats() == match.active_seats()


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2, hand_size=4, target=12),
        Rules(players=3, hand_size=3, target=9, match_end=MatchEnd.ELIMINATION),
        Rules(players=4, hand_size=3, target=40, count=Count.HEAVY, corners_version=True),
    ],
    ids=["two", "elimination", "heavy-corners"],
)
def test_a_match_round_trips_at_every_moment(rules: Rules) -> None:
    """Before and after every move of every hand, at the end of each hand before it is scored,
    and once it is: the loaded match is the same match."""
    match = Match(rules, seed=rules.players)
    rng = random.Random(rules.players)
    unscored = 0
    while True:
        game = match.game
        while not game.is_over():
            assert_same_match(match_from_json(match_to_json(match)), match)
            quick_move(game, rng)
        again = match_from_json(match_to_json(match))  # finished, not yet scored
        assert not again.is_scored()
        assert_same_match(again, match)
        unscored += 1
        match.score_hand()
        assert_same_match(match_from_json(match_to_json(match)), match)
        if match.is_over():
            break
        match.next_hand()
    assert unscored >= 2


# -- what a record claims is checked --------------------------------------------------------------


def finished_record(seed: int = 1, **options: object) -> dict[str, Any]:
    game = Game.new(seed=seed, rules=Rules(players=2, **options))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not game.is_over():
        quick_move(game, rng)
    return game_to_dict(game)


def scored_match_record(rules: Rules) -> dict[str, Any]:
    match = Match(rules, seed=4)
    rng = random.Random(4)
    while not match.game.is_over():
        quick_move(match.game, rng)
    match.score_hand()
    return match_to_dict(match)


def changed(record: dict[str, Any], path: str, value: object) -> str:
    """``record`` as JSON with the entry at ``path`` (``hands.0.seed``) set to ``value``, or
    removed when ``value`` is ``REMOVE``."""
    data = copy.deepcopy(record)
    *parents, last = path.split(".")
    holder: Any = data
    for key in parents:
        holder = holder[int(key)] if isinstance(holder, list) else holder[key]
    if value is REMOVE:
        del holder[last]
    elif isinstance(holder, list):
        holder[int(last)] = value
    else:
        holder[last] = value
    return json.dumps(data)


REMOVE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("rules", 5, "^rules must be a JSON object, not 5$"),
        ("start", 5, "^start must be text, not 5$"),
        ("moves", [1], r"^moves\[0\] must be text, not 1$"),
        ("dealt", "false", "^dealt must be true or false, not 'false'$"),
        ("dealt", 1, "^dealt must be true or false, not 1$"),
        ("dealt", False, "^seed: only a dealt game has a seed, and dealt is false$"),
        ("rules.must_play", "no", "^rules.must_play must be true or false, not 'no'$"),
        ("rules.players", True, "^rules.players must be a whole number, not true$"),
        ("rules.target", 25.0, "^rules.target must be a whole number, not the number 25.0$"),
        ("rules.count", "loud", "^rules.count must be one of standard, pictures, heavy"),
        ("rules.players", 3, "^rules.players: the rules are for 3 players, but the start"),
        ("rules.extra", 1, "^rules has an unknown entry 'extra'$"),
        ("seed", 2, "^seed: seed 2 does not deal the start position$"),
        ("seed", "1", "^seed must be a whole number, not '1'$"),
        ("opening", ["N>NE"], "^opening: the record says"),
        ("result", None, "^result: the record says the hand goes on, but its moves end it"),
        ("result.winners", [1, 2], r"^result.winners: the record says \[1, 2\]"),
        ("result.penalties", [0, 0], r"^result.penalties: the record says \[0, 0\]"),
        ("result.reason", "blocked", "^result.reason: the record says 'blocked'"),
        ("result.went_out", "1", "^result.went_out must be a whole number"),
        ("position", "N:- E:-", "^position: the record's final position does not match"),
        ("moves", REMOVE, "^the record has no 'moves' entry$"),
        ("comment", "hi", "^the record has an unknown entry 'comment'$"),
        ("format", "kingscorner-game/2", "^format: expected a kingscorner-game/1 record"),
    ],
)
def test_a_game_record_that_disagrees_with_itself_is_refused_by_name(
    path: str, value: object, message: str
) -> None:
    record = finished_record()
    assert game_from_json(json.dumps(record)) is not None
    with pytest.raises(RecordError, match=message):
        game_from_json(changed(record, path, value))


SPEC_LINE = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def test_a_position_record_is_not_a_deal() -> None:
    game = Game.from_position(SPEC_LINE, seed=5)
    record = game_to_dict(game)
    assert record["seed"] is None
    assert record["dealt"] is False
    assert game_from_json(json.dumps(record)) == game
    with pytest.raises(
        RecordError, match=r"^dealt: the record says the game starts at a deal, but"
    ):
        game_from_json(changed(record, "dealt", True))
    with pytest.raises(RecordError, match=r"^seed: only a dealt game has a seed"):
        game_from_json(changed(record, "seed", 7))
    with pytest.raises(RecordError, match=r"^start: a record's start shows every card"):
        game_from_json(changed(record, "start", SPEC_LINE))


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("hands", [1], r"^hands\[0\] must be a JSON object, not 1$"),
        ("hands", [], "^hands: the match record has no hands$"),
        ("rules", REMOVE, "^the record has no 'rules' entry$"),
        ("seed", None, "^seed must be a whole number, not null$"),
        ("totals", [0, 0, 0], "^totals: a match of 2 seats has 2 totals, not 3$"),
        ("totals", [True, 0], r"^totals\[0\] must be a whole number, not true$"),
        ("totals", [0, 1], "^totals: the record says"),
        ("rules.count", "heavy", r"^hands\[0\]: hand 1 is played under other rules than the match"),
        ("rules.target", 50, r"^hands\[0\]: hand 1 is played under other rules than the match"),
        ("rules.players", 4, "^totals: a match of 4 seats has 4 totals, not 2$"),
        ("hands.0.seed", 5, r"^hands\[0\].seed: seed 5 does not deal the start position$"),
        ("hands.0.moves.0", "pass", r"^hands\[0\].moves\[0\]: move 1 \(pass\) does not replay"),
    ],
)
def test_a_match_record_that_disagrees_with_itself_is_refused_by_name(
    path: str, value: object, message: str
) -> None:
    record = scored_match_record(Rules(players=2, target=1000))
    assert match_from_json(json.dumps(record)).is_scored()
    with pytest.raises(RecordError, match=message):
        match_from_json(changed(record, path, value))


def test_a_match_holds_no_hand_after_its_end() -> None:
    record = scored_match_record(Rules(players=2, target=1))
    match = match_from_json(json.dumps(record))
    assert match.is_over()
    record["hands"].append(record["hands"][0])
    with pytest.raises(RecordError, match=r"^hands\[1\]: the match was over after hand 1"):
        match_from_json(json.dumps(record))


def test_a_hand_still_in_play_is_the_last() -> None:
    match = Match(Rules(players=2, target=1000), seed=2)
    record = match_to_dict(match)
    record["hands"].append(record["hands"][0])
    with pytest.raises(RecordError, match=r"^hands\[0\]: the hand is still being played"):
        match_from_json(json.dumps(record))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "kingscorner-game/1", "seed": NaN}',
        '{"seed": -Infinity}',
        "9" * 5_000,
        "",
        "\udcff",
    ],
)
def test_unreadable_json_raises_the_record_error_with_a_short_message(text: str) -> None:
    for loader in (game_from_json, match_from_json):
        with pytest.raises(RecordError) as caught:
            loader(text)
        assert len(str(caught.value)) < 100


def test_a_record_error_is_a_value_error_and_a_record_must_be_text_or_an_object() -> None:
    assert issubclass(RecordError, ValueError)
    with pytest.raises(RecordError, match=r"^a record is JSON text, not null$"):
        game_from_json(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^the record must be a JSON object, not a list of 0$"):
        game_from_dict([])
    with pytest.raises(RecordError, match=r"^the record must be a JSON object"):
        match_from_dict("{}")


def test_load_refuses_a_file_that_is_not_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe{")
    with pytest.raises(RecordError, match="not UTF-8"):
        load(path)


# -- the schema -----------------------------------------------------------------------------------


def test_the_schema_ships_in_the_package_and_describes_saved_records() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    validator.check_schema(schema())
    game_record = finished_record(3, corners_version=True)
    match_record = scored_match_record(Rules(players=3, target=1000))
    validator.validate(game_record)
    validator.validate(match_record)
    validator.validate(match_to_dict(Match(Rules(players=5), seed=1)))
    assert validator.is_valid(json.loads(changed(game_record, "dealt", "true"))) is False
    assert validator.is_valid(json.loads(changed(game_record, "moves.0", "th>n"))) is False
    assert validator.is_valid(json.loads(changed(match_record, "seed", None))) is False
    assert validator.is_valid(json.loads(changed(match_record, "totals", []))) is False


def test_a_match_of_four_seats_holds_no_two_player_hand() -> None:
    record = scored_match_record(Rules(players=2, target=1000))
    record["rules"]["players"] = 4
    record["totals"] = [*record["totals"], 0, 0]
    with pytest.raises(RecordError, match=r"^hands\[0\]: hand 1 needs 4 players, not 2$"):
        match_from_json(json.dumps(record))


def test_read_record_reads_every_kind_of_source(tmp_path: pathlib.Path) -> None:
    from kingscorner_widget import read_record
    from kingscorner_widget.engine.record import match_to_dict

    def as_json(item: Game | Match) -> str:
        return game_to_json(item) if isinstance(item, Game) else match_to_json(item)

    def as_dict(item: Game | Match) -> dict[str, Any]:
        return game_to_dict(item) if isinstance(item, Game) else match_to_dict(item)

    game = Game.new(players=2, seed=3)
    game.play("draw")
    for item in (game, Match(players=3, seed=5)):
        assert read_record(item) is item  # as it is, not a copy
        path = tmp_path / f"{type(item).__name__}.json"
        save(item, path)
        text = as_json(item)
        for source in (path, str(path), text, "  \n" + text, as_dict(item)):
            read = read_record(source)
            assert type(read) is type(item)
            assert as_json(read) == text


@pytest.mark.parametrize(
    ("source", "error", "message"),
    [
        ("missing.json", RecordError, "there is no saved record at 'missing.json'"),
        ("x" * 5000, RecordError, r"there is no saved record at 'xxx.*' \(5000 characters\)"),
        ("a\0b", RecordError, "there is no saved record"),
        ("[1, 2]", RecordError, "the record must be"),
        ("{nope", RecordError, "the record is not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, RecordError, "nests lists or objects too deeply"),
        ({"format": "kingscorner-match/1"}, RecordError, "the record has no 'rules' entry"),
        (42, TypeError, "a path, JSON text, a dict, a Game or a Match, not int"),
        (None, TypeError, "not NoneType"),
    ],
)
def test_read_record_refuses_what_holds_no_record(
    source: Any, error: type[Exception], message: str, tmp_path: pathlib.Path
) -> None:
    from kingscorner_widget import read_record

    with pytest.raises(error, match=message):
        read_record(source)
    with pytest.raises(RecordError, match="there is no saved record"):
        read_record(tmp_path)  # a folder is no record
