"""A class tournament: rounds drawn among the players present, every hand replayable to its
result, standings ordered by their points and tie-breaks, and JSON that loads only what the
tournament itself would have written."""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget import ClassTournament, Game, Rules
from kingscorner_widget.classroom import TournamentError, run_tournament
from kingscorner_widget.classroom.rounds import deal_seed
from kingscorner_widget.classroom.standings import Standings
from kingscorner_widget.display.charts import VEGA_LITE_MIME

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fin", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max"]
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def replays_to_its_record(t: ClassTournament) -> None:
    """Every hand kept, played again from its start through its moves, ends as recorded."""
    for round_ in t.rounds:
        for hand in round_.hands:
            assert hand.moves is not None
            game = t.replay(round_.number, hand.table)
            assert game.is_over()
            assert game.outcome() == hand.outcome
            assert [str(m) for m in game.moves] == list(hand.moves)
            assert len(game.hand_sizes()) == len(hand.players)


@pytest.fixture(scope="module")
def swiss() -> ClassTournament:
    """Thirteen players at tables of two (Swiss), some away for a round, a newcomer at round 3."""
    absent = {2: {"Ben", "Fin"}, 4: {"Ada"}}

    def present(number: int) -> list[str]:
        here = [n for n in NAMES[:12] if n not in absent.get(number, set())]
        return here + (["Max"] if number >= 3 else [])

    t = ClassTournament(NAMES[:12], seed=11, pairing="swiss")
    for number in range(1, 6):
        if number == 3:
            t.add_player("Max")
        t.draw_round(present(number))
        t.play_round({"Ada": "planner", "Ben": "random"})
    return t


def test_a_seeded_self_played_swiss_tournament_replays_hand_by_hand(swiss: ClassTournament) -> None:
    assert len(swiss.rounds) == 5
    replays_to_its_record(swiss)
    again = ClassTournament.from_json(swiss.to_json())
    replays_to_its_record(again)
    assert again.to_json() == swiss.to_json()


def test_only_the_players_present_are_drawn(swiss: ClassTournament) -> None:
    for round_ in swiss.rounds:
        seated = [p for hand in round_.hands for p in hand.players] + list(round_.byes)
        assert sorted(seated) == sorted(round_.present)
    assert "Ben" not in swiss.rounds[1].present
    assert "Max" in swiss.rounds[2].present
    assert "Max" not in swiss.standings(after=2).rows[0].player


def test_swiss_byes_go_round(swiss: ClassTournament) -> None:
    given_out: Counter[str] = Counter()
    for round_ in swiss.rounds:
        for name in round_.byes:
            fewest = min(given_out[p] for p in round_.present)
            assert given_out[name] == fewest
            given_out[name] += 1
    assert sum(given_out.values()) == sum(len(r.present) % 2 for r in swiss.rounds)


def test_every_table_of_a_round_plays_the_rounds_deal(swiss: ClassTournament) -> None:
    for round_ in swiss.rounds:
        assert round_.start.seed == deal_seed(11, round_.number)
        starts = {
            Game.new(seed=round_.start.seed, rules=h.rules).start_position for h in round_.hands
        }
        assert len(starts) == 1


def test_a_round_robin_meets_every_pair_once_with_one_bye_each() -> None:
    t = run_tournament(NAMES[:5], seed=4)
    assert t.pairing == "round robin"
    assert len(t.rounds) == 5
    met = Counter(frozenset(h.players) for r in t.rounds for h in r.hands)
    assert len(met) == 10
    assert set(met.values()) == {1}
    assert Counter(p for r in t.rounds for p in r.byes) == Counter(NAMES[:5])
    assert t.rounds_left() == 0
    replays_to_its_record(t)
    with pytest.raises(TournamentError, match="the round robin is over"):
        t.draw_round()


def test_a_round_robin_fixes_its_players_at_the_first_round() -> None:
    t = ClassTournament(NAMES[:4], seed=2)
    t.draw_round(NAMES[:3])
    t.play_round()
    t.add_player("Eve")
    before = t.to_json()
    with pytest.raises(TournamentError, match="Eve can play in the next tournament"):
        t.draw_round(["Ada", "Eve"])
    assert t.to_json() == before
    # Dee was away at the first round, so is not in this round robin; an absent player's
    # opponent has a bye.
    with pytest.raises(TournamentError, match="fixed at its first round: Dee"):
        t.draw_round(["Ada", "Dee"])
    second = t.draw_round(["Ada", "Ben"])
    assert len(second.hands) + len(second.byes) >= 1
    assert all(set(h.players) <= {"Ada", "Ben"} for h in second.hands)


@pytest.mark.parametrize("seats", [3, 4])
def test_swiss_at_tables_of_three_or_four(seats: int) -> None:
    t = run_tournament(NAMES[:11], seats=seats, seed=5, rounds=3)
    assert t.pairing == "swiss"
    for round_ in t.rounds:
        sizes = sorted(len(h.players) for h in round_.hands)
        assert sum(sizes) == 11
        assert not round_.byes
        assert sizes[-1] <= seats
        assert sizes[-1] - sizes[0] <= 1
        for hand in round_.hands:
            assert hand.rules.players == len(hand.players)
    replays_to_its_record(t)
    assert ClassTournament.from_json(t.to_json()).to_json() == t.to_json()


def test_a_round_from_a_chosen_position() -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    t = ClassTournament(["Ada", "Ben", "Cy", "Dee"], seed=8)
    round_ = t.draw_round(position=line)
    for hand in round_.hands:
        game = hand.replay()
        assert game.position(player=1) == line
    t.play_round()
    replays_to_its_record(t)
    assert ClassTournament.from_json(t.to_json()).rounds[0].start.position == line

    three = ClassTournament(NAMES[:7], seats=4, seed=8)
    with pytest.raises(TournamentError, match="does not fit a table of 4"):
        three.draw_round(position=line)
    assert three.rounds == ()


def test_results_are_checked_and_a_refusal_changes_nothing() -> None:
    t = ClassTournament(["Ada", "Ben"], seed=3)
    with pytest.raises(TournamentError, match="no round has been drawn"):
        t.enter_result(1, [])
    hand = t.draw_round().hands[0]
    before = t.to_json()
    game = hand.replay()
    refusals: list[tuple[Callable[[], object], str]] = [
        (lambda: t.enter_result(2, []), "tables 1 to 1"),
        (lambda: t.enter_result(1, game), "not over after 0 moves"),
        (lambda: t.enter_result(1, ["Ks>N"]), r"move 1 \(Ks>N\) is not legal"),
        (lambda: t.enter_result(1, "draw"), "a finished Game or its list of moves"),
        (lambda: t.enter_result(1, Game.new(players=2, seed=99)), "did not start from this"),
        (lambda: t.draw_round(), "table 1 has no result yet"),
        (lambda: t.add_player("ada"), "Ada has already joined"),
        (lambda: t.add_player("../x"), "a learner's name is"),
    ]
    for attempt, message in refusals:
        with pytest.raises(TournamentError, match=message):
            attempt()
        assert t.to_json() == before
    t.play_round()
    with pytest.raises(TournamentError, match="already has its result"):
        t.enter_result(1, list(t.current.hands[0].moves or ()))  # type: ignore[union-attr]


def test_a_finished_game_is_a_result() -> None:
    t = ClassTournament(["Ada", "Ben"], seed=3)
    hand = t.draw_round().hands[0]
    game = hand.replay()
    while not game.is_over():
        game.play(game.legal_moves()[0])
    done = t.enter_result(1, game)
    assert done.outcome == game.outcome()
    assert done.describe().startswith(("Ada", "Ben", "The hand is blocked"))


def test_a_blocked_hand_has_no_winner_and_scores_nobody() -> None:
    t = run_tournament(["Ada", "Ben"], seed=1, computer="random")  # this deal ends blocked
    hand = t.rounds[0].hands[0]
    assert hand.outcome is not None
    assert hand.outcome.reason == "blocked"
    assert hand.winners == ()
    assert [row.points for row in t.standings().rows] == [0, 0]
    assert [row.place_words for row in t.standings().rows] == ["1st", "2nd"]
    assert "fewer" not in t.standings().rows[0].tie_break
    assert t.standings().rows[1].tie_break.startswith("level on points and opponents' points")
    assert hand.describe().startswith("The hand is blocked: nobody wins it")


def test_standings_say_their_tie_breaks_in_words_and_use_names(swiss: ClassTournament) -> None:
    standings = swiss.standings()
    text = standings.text()
    html = standings._repr_html_()
    assert not re.search(r"\bP\d\b", text + html)
    for row in standings.rows:
        if row.shared:
            assert row.place_words.startswith("shared ")
            assert "nothing separates them" in row.tie_break
    rows = standings.rows
    for above, below in itertools.pairwise(rows):
        if above.points == below.points and not below.shared:
            assert below.tie_break.startswith("level on points")
            assert above.player in below.tie_break
    assert 'data-place="1"' in html
    assert "opponents&#x27; points" in html or "opponents' points" in html


def test_the_chart_draws_points_round_by_round(swiss: ClassTournament) -> None:
    chart = swiss.chart()
    bundle = chart._repr_mimebundle_()
    values = bundle[VEGA_LITE_MIME]["data"]["values"]
    assert {v["round"] for v in values} == {1, 2, 3, 4, 5}
    last = {v["player"]: v["points"] for v in values if v["round"] == 5}
    assert last == {row.player: float(row.points) for row in swiss.standings().rows}
    assert bundle[VEGA_LITE_MIME]["encoding"]["color"]["field"] == "player"
    assert "<table" in bundle["text/markdown"]


# -- properties -----------------------------------------------------------------------------


@st.composite
def tournaments(draw: st.DrawFn) -> ClassTournament:
    n = draw(st.integers(min_value=2, max_value=10))
    seats = draw(st.sampled_from([2, 2, 3, 4]))
    pairing = draw(st.sampled_from(["auto", "swiss"]))
    seed = draw(st.integers(min_value=0, max_value=2**20))
    rounds = draw(st.integers(min_value=1, max_value=4))
    away = draw(
        st.lists(
            st.sets(st.sampled_from(NAMES[:n]), max_size=n - 2), min_size=rounds, max_size=rounds
        )
    )
    t = ClassTournament(NAMES[:n], seats=seats, pairing=pairing, seed=seed)  # type: ignore[arg-type]
    for number in range(1, rounds + 1):
        here = [p for p in NAMES[:n] if p not in away[number - 1]]
        if t.pairing == "round robin" and t.rounds:
            here = [p for p in here if p in t.rounds[0].present]
            if t.rounds_left() == 0 or not here:
                break
        t.draw_round(here)
        t.play_round("random")
    return t


@SLOW
@given(tournaments())
def test_standings_are_ordered_by_points_then_the_tie_breaks(t: ClassTournament) -> None:
    rows = t.standings().rows
    keys = [row.key() for row in rows]
    assert keys == sorted(keys)
    points = [row.points for row in rows]
    assert points == sorted(points, reverse=True)
    for row in rows:
        better = sum(1 for other in rows if other.key() < row.key())
        assert row.place == better + 1
        assert row.shared == any(o is not row and o.key() == row.key() for o in rows)
    hands = sum(len(r.hands) for r in t.rounds)
    wins = sum(1 for r in t.rounds for h in r.hands if h.winners)
    assert sum(row.points for row in rows) == wins + sum(len(r.byes) for r in t.rounds)
    assert sum(row.hands for row in rows) == sum(len(h.players) for r in t.rounds for h in r.hands)
    assert hands >= 0


@SLOW
@given(tournaments())
def test_every_round_seats_everyone_present_once_and_json_round_trips(t: ClassTournament) -> None:
    given_out: Counter[str] = Counter()
    for round_ in t.rounds:
        seated = [p for hand in round_.hands for p in hand.players] + list(round_.byes)
        assert sorted(seated) == sorted(round_.present)
        assert all(2 <= len(h.players) <= t.seats for h in round_.hands)
        if t.pairing == "swiss":  # byes go round: nobody has a second while someone has none
            fewest = min(given_out[p] for p in round_.present)
            assert all(given_out[p] == fewest for p in round_.byes)
            assert len(round_.byes) == (len(round_.present) % 2 if t.seats == 2 else 0) or (
                len(round_.present) == 1
            )
        given_out.update(round_.byes)
    text = t.to_json()
    again = ClassTournament.from_json(text)
    assert again.to_json() == text
    assert again.standings() == t.standings()
    replays_to_its_record(again)


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [leaf for i, v in enumerate(data) for leaf in _leaves(v, (*path, i))] or [path]
    return [path]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.fixture(scope="module")
def small() -> dict[str, Any]:
    t = run_tournament(NAMES[:5], seed=6, rounds=3, pairing="swiss")
    data: dict[str, Any] = t.to_dict()
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_forged_field_is_refused_or_is_what_the_tournament_would_write(
    small: dict[str, Any], data: st.DataObject
) -> None:
    forged = copy.deepcopy(small)
    path = data.draw(st.sampled_from(_leaves(small)))
    value = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(min_value=-3, max_value=60),
            st.floats(allow_nan=False),
            st.sampled_from(["Ada", "Ben", "draw", "Th>N", "out", "blocked", "swiss", ""]),
            st.just([]),
            st.just({}),
        )
    )
    _set(forged, path, value)
    try:
        loaded = ClassTournament.from_json(json.dumps(forged))
    except TournamentError:
        return
    # Accepted: then it is exactly what the tournament it describes writes (nothing ignored).
    assert json.dumps(loaded.to_dict(), sort_keys=True) == json.dumps(forged, sort_keys=True)


def test_named_forgeries_are_refused_with_a_clear_error(small: dict[str, Any]) -> None:
    def forged(change: Callable[[dict[str, Any]], None]) -> str:
        data = copy.deepcopy(small)
        change(data)
        return json.dumps(data)

    table = small["rounds"][0]["tables"][0]
    winner = table["outcome"]["winners"][0] if table["outcome"]["winners"] else 1
    cases: list[tuple[str, str]] = [
        (
            forged(lambda d: d["rounds"][0]["tables"][0]["outcome"].update(winners=[3 - winner])),
            "the outcome kept is not the one its moves lead to",
        ),
        (
            forged(
                lambda d: d["rounds"][0]["tables"][0].update(
                    players=d["rounds"][0]["tables"][0]["players"][::-1]
                )
            ),
            "its players are not those the draw seats there",
        ),
        (forged(lambda d: d["rounds"][0]["tables"][0]["moves"].pop()), "round 1, table 1"),
        (forged(lambda d: d["rounds"][1].update(byes=[])), "byes or tables"),
        (forged(lambda d: d.update(extra=1)), "unknown 'extra'"),
        (forged(lambda d: d.pop("seed")), "missing seed"),
        (forged(lambda d: d.update(version=True)), "version"),
        (forged(lambda d: d.update(seats=2.0)), "2, 3 or 4 seats"),
        (forged(lambda d: d["rounds"][0].update(present=["Ada", "Zed"])), "present lists"),
        (
            forged(lambda d: d["rounds"][0]["tables"][0].update(moves=None, outcome=None)),
            "round 1 is not finished",
        ),
        ('{"format": NaN}', "not a number JSON allows"),
        ('{"seed": 1, "seed": 2}', "'seed' is written twice"),
        (
            forged(lambda d: d.update(pairing="round robin", seats=3)),
            "a round robin plays at tables of two",
        ),
        (forged(lambda d: d.update(pairing="auto")), "round 1: its deal, pairing"),
        ("[1, 2", "not a tournament's JSON"),
        ("x" * 16_000_001, "at most 16,000,000 bytes"),
    ]
    for text, message in cases:
        with pytest.raises(TournamentError, match=message):
            ClassTournament.from_json(text)


def test_standings_of_no_round_list_everyone_level() -> None:
    t = ClassTournament(["Ada", "Ben"])
    assert isinstance(t.standings(), Standings)
    assert len(t.standings()) == 0
    assert repr(t) == "<ClassTournament 'Class tournament': 2 players, 0 rounds, auto>"


def test_a_round_drawn_again_comes_out_the_same() -> None:
    here = [NAMES[:9], NAMES[1:12], NAMES[:12]]
    first = ClassTournament(NAMES[:12], seed=9, pairing="swiss")
    second = ClassTournament(NAMES[:12], seed=9, pairing="swiss")
    for present in here:
        assert first.draw_round(present) == second.draw_round(present)
        assert first.play_round("random") == second.play_round("random")
    other = ClassTournament(NAMES[:12], seed=10, pairing="swiss")
    assert other.draw_round(here[0]).hands != first.rounds[0].hands


def test_a_shared_win_in_the_corners_version_splits_the_point() -> None:
    t = run_tournament(
        ["Ada", "Ben", "Cy", "Dee", "Eve"],
        seed=0,
        seats=4,
        rounds=3,
        rules=Rules(corners_version=True),
        computer="random",
    )
    shared = [h for r in t.rounds for h in r.hands if len(h.winners) > 1]
    assert shared, "this seed's tournament has a hand whose corners are shared"
    assert "share it with 1 corner each" in shared[0].describe()
    rows = t.standings().rows
    won = sum(1 for r in t.rounds for h in r.hands if h.winners)
    assert sum(row.points for row in rows) == won
    assert any(row.points.denominator == 3 for row in rows)
    assert "1.33" in t.standings().text()
    replays_to_its_record(ClassTournament.from_json(t.to_json()))


def test_run_tournament_takes_who_is_present_each_round() -> None:
    def present(number: int) -> list[str]:
        return ["Ada", "Ben", "Cy"] if number == 2 else NAMES[:10]

    t = run_tournament(NAMES[:10], seed=3, rounds=3, present=present)
    assert t.pairing == "swiss"
    assert t.rounds[1].present == ("Ada", "Ben", "Cy")
    assert len(t.rounds[1].byes) == 1
    assert [len(r.present) for r in t.rounds] == [10, 3, 10]
    with pytest.raises(TournamentError, match="'Zed' has not joined"):
        run_tournament(NAMES[:4], present=lambda n: ["Zed"])
