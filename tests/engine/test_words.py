"""One vocabulary: the wording the rules audit asked for, checked where learners read it."""

from __future__ import annotations

from kingscorner_widget import Card, Game, Rules
from kingscorner_widget.analysis import explain
from kingscorner_widget.engine.game import Outcome
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.spaces import Space
from kingscorner_widget.engine.words import (
    count_words,
    match_line,
    named,
    outcome_line,
    refusal,
    win_clause,
    wins_verb,
)


def NAMES(player: int) -> str:  # noqa: N802 - read as a table of names
    return {1: "You", 2: "P2", 3: "P3"}[player]


def went_out_words_for(outcome: Outcome) -> str:
    """The head of a hand won by going out, as the one voice says it of the viewer."""
    assert outcome.winners == (outcome.went_out,) == (1,)
    return "You went out and won the hand."


def test_spaces_carry_their_words() -> None:
    assert [s.words for s in (Space.N, Space.NE)] == ["the north pile", "the north-east corner"]
    assert [s.place for s in (Space.W, Space.SW)] == ["the west space", "the south-west corner"]
    assert Space.SE.direction == "south-east"


def test_left_in_hand_counts_cards_and_names_the_points_when_they_differ() -> None:
    outcome = Outcome("out", 1, (1,), (0, 31, 3), (0, 0, 0))
    line = outcome_line(outcome, NAMES, (0, 4, 3))
    assert line.startswith(went_out_words_for(outcome))
    assert line.endswith(
        f" Left in hand: P2 {count_words(4)} ({count_words(31, 'point')}), P3 {count_words(3)}."
    )  # P3's 3 cards cost 3: no points said; the player who went out has none left


def test_the_corners_version_names_the_corners_won() -> None:
    outcome = Outcome("blocked", None, (3,), (2, 2, 5), (1, 0, 2))  # corners: most kept wins
    line = outcome_line(outcome, NAMES, (2, 2, 5), corners_version=True)
    assert line.startswith("The hand is blocked; P3 wins it with 2 corners to 1.")


def test_the_engines_own_line_gives_the_hand_to_whom_the_engine_gives_it() -> None:
    """Corners version: going out ends the hand, and the corner kept wins it."""
    line = (
        "N:5d E:3c S:7d W:Jd NE:- SE:- SW:- NW:- P1:Tc P2:?7 "
        "P2kept:KsQhJsTh9s8h7s6h5s4h3s2dAc stock:27 turn:P1"
    )
    game = Game.from_position(line, rules=Rules(corners_version=True))
    game.play("Tc>W")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (2,)
    said = outcome.describe()
    assert said.startswith(f"P1 went out, which ends the hand; P2 {wins_verb(['P2'])} it with ")
    assert count_words(1, "corner") in said
    assert "P1 wins" not in said
    assert "went out and" not in said


def test_the_engines_lines_make_the_verb_agree() -> None:
    out = Outcome("out", 1, (1,), (0, 4), (0, 0))
    assert out.describe().startswith(f"P1 went out and {wins_verb(['P1'])}.")
    match = Match(Rules(players=3, target=1), seed=2)
    while not match.is_over():
        game = match.game
        while not game.is_over():
            game.play(game.legal_moves()[-1])
        match.score_hand()
        if not match.is_over():
            match.next_hand()
    names = [f"seat {s}" for s in match.winners()]
    assert f": {win_clause(names)}. Totals: " in match.describe()
    assert count_words(len(match.sheet), "hand") in match.describe()


def test_a_match_after_one_hand_says_one_hand() -> None:
    match = Match(Rules(players=2), seed=1)
    game = match.game
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    match.score_hand()
    line = match_line(match, NAMES)
    assert "after 1 hand:" in line.lower()
    assert "1 hands" not in line


def test_explanations_keep_card_codes_as_written() -> None:
    game = Game.from_position(
        "N:9d E:4c S:5s W:- NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:40 turn:P1"
    )
    said = explain(game, "Qh>W")
    assert "(Qh)" in said
    assert "(qh)" not in said


def test_a_king_into_a_taken_corner_is_told_the_corner_is_taken() -> None:
    game = Game.from_position(
        "N:Jc E:6h S:5s W:9d NE:KsQh SE:- SW:- NW:- P1:Kh4h P2:?7 stock:37 turn:P1"
    )
    reason = game.violation("Kh>NE")
    assert reason is not None
    assert (reason.code, reason.space) == ("corner_taken", Space.NE)
    said = refusal(reason)
    assert said is not None
    assert said.startswith(f"{Space.NE.words} is taken")
    assert said.endswith("a king opens only an empty corner")


def test_must_play_calls_an_empty_space_a_space() -> None:
    game = Game.from_position(
        "N:Jc E:Qs S:5s W:- NE:- SE:- SW:- NW:- P1:2c P2:?7 stock:41 turn:P1",
        rules=Rules(must_play=True),
    )
    reason = game.violation("draw")
    assert reason is not None
    assert (reason.code, reason.space) == ("must_play", Space.W)
    assert refusal(reason) == (
        f"must play: {named(Card.parse('2c'))} can go in the empty west space, so it must be played"
    )
    assert Space.W.words not in (refusal(reason) or "")  # an empty space is no pile
