"""Matches: running totals, the deal passing left, targets, elimination, the corners version."""

from __future__ import annotations

import pytest

from kingscorner_widget import Count, Game, MatchEnd, Rules
from kingscorner_widget.engine.match import Match


def finish_by_drawing(game: Game) -> None:
    """End the hand with nobody playing a card: it ends blocked."""
    while not game.is_over():
        game.play(game.end_move())


def go_out_fast(game: Game) -> None:
    """Play the hand with the first legal move each time until it ends."""
    while not game.is_over():
        game.play(game.legal_moves()[0])


def test_first_hand_is_led_by_seat_one_and_the_deal_passes_left() -> None:
    match = Match(Rules(players=4, target=1000), seed=3)
    assert (match.dealer, match.active_seats()) == (4, (1, 2, 3, 4))
    for expected_dealer, expected_order in [(1, (2, 3, 4, 1)), (2, (3, 4, 1, 2))]:
        finish_by_drawing(match.game)
        match.next_hand()
        assert match.dealer == expected_dealer
        assert match.active_seats() == expected_order
        assert match.seat_of(1) == expected_order[0]
        assert match.player_of(expected_order[0]) == 1


def test_running_totals_add_each_hand_and_the_winner_adds_nothing() -> None:
    match = Match(Rules(players=2, target=10_000), seed=5)
    go_out_fast(match.game)
    outcome = match.game.outcome()
    assert outcome is not None
    row = match.score_hand()
    assert match.score_hand() is row, "scoring twice must not count twice"
    if outcome.went_out is not None:
        assert row.points[match.seat_of(outcome.went_out) - 1] == 0
    assert match.totals == tuple(p or 0 for p in row.points)
    before = match.totals
    go_out_fast(match.next_hand())
    second = match.score_hand()
    assert match.totals == tuple(b + (p or 0) for b, p in zip(before, second.points, strict=True))
    assert [r.hand for r in match.sheet] == [1, 2]


def test_lowest_total_wins_when_anyone_reaches_the_target() -> None:
    match = Match(Rules(players=3, target=25), seed=11)
    finish_by_drawing(match.game)
    match.score_hand()
    assert match.totals == (34, 25, 25)
    assert match.is_over()
    assert match.winners() == (2, 3), "ties share the win"
    with pytest.raises(ValueError, match="the match is over"):
        match.next_hand()


def test_elimination_puts_out_a_player_at_the_target_and_the_last_one_in_wins() -> None:
    rules = Rules(players=3, target=30, match_end=MatchEnd.ELIMINATION)
    match = Match(rules, seed=11)
    finish_by_drawing(match.game)
    match.score_hand()
    assert match.eliminated == [1]
    assert not match.is_over()
    game = match.next_hand()
    assert game.players == 2
    assert 1 not in match.active_seats()
    assert match.player_of(1) is None
    while not match.is_over():
        finish_by_drawing(match.game)
        match.score_hand()
        if not match.is_over():
            match.next_hand()
    assert len(match.winners()) >= 1
    assert set(match.winners()).isdisjoint(match.eliminated[:-1])


def test_scoring_an_unfinished_hand_is_refused() -> None:
    match = Match(players=2)
    with pytest.raises(ValueError, match="still being played"):
        match.score_hand()
    assert match.sheet == []


def test_corners_version_counts_corners_and_most_corners_wins() -> None:
    rules = Rules(players=2, corners_version=True, target=1)
    line = (
        "N:5s E:- S:- W:- NE:KhQsJhTs9h8s7h6s5h4s3h2s NW:- SE:- SW:- P1:Ah9c P2:?7 stock:30 turn:P1"
    )
    game = Game.from_position(line, rules=rules)
    match = Match(rules, seed=1)
    match.hands[0] = game
    game.play("Ah>NE")
    assert game.kept(1)[0].rank == 13
    assert len(game.kept(1)) == 13
    assert game.pile("NE") == ()
    game.play("9c>E")
    row = match.score_hand()
    assert row.corners == (1, 0)
    assert match.corner_totals == (1, 0)
    assert match.winners() == (1,)


def test_a_given_hand_must_be_played_under_the_match_rules() -> None:
    match = Match(Rules(players=2, target=1000), seed=3)
    finish_by_drawing(match.game)
    heavy = Game.new(seed=1, rules=Rules(players=2, target=1000, count=Count.HEAVY))
    with pytest.raises(ValueError, match="hand 2 is played under other rules than the match"):
        match.next_hand(heavy)
    with pytest.raises(ValueError, match="hand 2 needs 2 players, not 3"):
        match.next_hand(Game.new(players=3, seed=1, rules=Rules(target=1000)))
    assert match.hand_number == 1
    same = Game.new(seed=1, rules=Rules(players=2, target=1000))
    assert match.next_hand(same) is same
    assert match.hand_number == 2


def test_the_first_hand_may_be_given() -> None:
    rules = Rules(players=3, target=40)
    game = Game.new(seed=9, rules=rules)
    match = Match(rules, seed=1, first_hand=game)
    assert match.game is game
    assert match.active_seats() == (1, 2, 3)
    with pytest.raises(ValueError, match="hand 1 needs 3 players, not 2"):
        Match(rules, first_hand=Game.new(players=2, seed=9))
    with pytest.raises(ValueError, match="hand 1 is played under other rules"):
        Match(rules, first_hand=Game.new(seed=9, rules=Rules(players=3, must_play=True)))


def test_seats_of_reads_any_hand_s_players_as_seats() -> None:
    rules = Rules(players=3, target=30, match_end=MatchEnd.ELIMINATION)
    match = Match(rules, seed=11)
    orders = [match.active_seats()]
    while not match.is_over():
        finish_by_drawing(match.game)
        match.score_hand()
        if not match.is_over():
            match.next_hand()
            orders.append(match.active_seats())
    assert len(orders) >= 2
    assert [match.seats_of(n) for n in range(1, match.hand_number + 1)] == orders
    assert len(match.seats_of(2)) == 2  # seat 1 was out of hand 2
    for bad in (0, match.hand_number + 1, True, "1"):
        with pytest.raises(ValueError, match="there is no hand"):
            match.seats_of(bad)  # type: ignore[arg-type]


def test_score_sheet_lists_every_hand_and_the_totals() -> None:
    match = Match(Rules(players=3, target=60), seed=4)
    while True:
        go_out_fast(match.game)
        match.score_hand()
        if match.is_over():
            break
        match.next_hand()
    sheet = match.score_sheet()
    assert sheet.names == ("hand", "dealer", "seat 1", "seat 2", "seat 3", "ended")
    assert sheet.column("hand") == [*range(1, len(match.sheet) + 1), "total"]
    for row, scored in zip(sheet.rows, match.sheet, strict=False):
        assert row[2:5] == scored.points
        assert row[1] == f"seat {scored.dealer}"
        assert row[5] == scored.reason
    assert sheet.rows[-1][2:5] == match.totals
    assert sheet.notes == (match.describe(),)
    assert "<table" in match._repr_html_()
    assert match.describe() in match._repr_html_()


def test_score_sheet_names_elimination_and_corners() -> None:
    match = Match(Rules(players=3, match_end=MatchEnd.ELIMINATION, target=15), seed=0)
    while not match.is_over():
        finish_by_drawing(match.game)
        match.score_hand()
        if not match.is_over():
            match.next_hand()
    sheet = match.score_sheet(names=["you", "P2", "P3"])
    assert sheet.names[2:5] == ("you", "P2", "P3")
    cornered = Match(Rules(players=2, corners_version=True), seed=1)
    go_out_fast(cornered.game)
    cornered.score_hand()
    assert cornered.score_sheet().names[-3:] == ("seat 1 corners", "seat 2 corners", "ended")
    assert cornered.score_sheet().rows[0][4:6] == cornered.sheet[0].corners
    with pytest.raises(ValueError, match="names gives 1 names for 2 seats"):
        cornered.score_sheet(names=["you"])
