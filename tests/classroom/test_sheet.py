"""The teacher's rules sheet: every sentence chosen by its option's value, under every option,
checked against the engine; a page that loads nothing from outside and is written beside its
place and renamed (a planted link is replaced, never followed)."""

from __future__ import annotations

import dataclasses
import itertools
import os
import pathlib
import re

import pytest

from kingscorner_widget import Card, Count, DrawTiming, Game, MatchEnd, Rules, parse_move
from kingscorner_widget.classroom.sheet import EXAMPLE, rules_sheet, write_sheet
from kingscorner_widget.cli import main
from kingscorner_widget.engine.moves import DRAW, PlayCard
from kingscorner_widget.engine.scoring import hand_penalty


def every_rules() -> list[Rules]:
    """Every combination of the switches and choices (draw until it fits only with the end
    draw, as the rules allow), at 2 and 5 players and targets 25 and 100."""
    found = []
    for timing, must, kings, until, count, end, corners, players, target in itertools.product(
        DrawTiming, (False, True), (False, True), (False, True), Count, MatchEnd,
        (False, True), (2, 5), (25, 100),
    ):  # fmt: skip
        if until and timing is DrawTiming.START:
            continue
        found.append(
            Rules(
                players=players, draw_timing=timing, must_play=must, kings_first=kings,
                draw_until_fits=until, count=count, target=target, match_end=end,
                corners_version=corners,
            )
        )  # fmt: skip
    return found


HOUSE = {
    "must_play": "Must play:",
    "kings_first": "Kings first:",
    "draw_until_fits": "Draw until it fits:",
    "corners_version": "Corners version:",
}


@pytest.mark.parametrize("rules", every_rules(), ids=lambda r: r.describe().replace(" ", "_"))
def test_every_sentence_follows_its_options_value(rules: Rules) -> None:
    sheet = rules_sheet(rules)
    text = sheet.text()
    house = sheet.section("House rules")
    for option, marker in HOUSE.items():
        assert any(line.startswith(marker) for line in house) == getattr(rules, option), option
    assert any(line.startswith("Draw first:") for line in house) == (
        rules.draw_timing is DrawTiming.START
    )
    assert any(line.startswith("Elimination:") for line in house) == (
        rules.match_end is MatchEnd.ELIMINATION
    )
    plain = dataclasses.replace(rules, count=Count.STANDARD, target=25, players=2)
    assert (house == ("None: every turn is played by the standard rules above.",)) == (
        plain == Rules()
    )
    # The deal: the stock the engine leaves after dealing (before any draw-first card).
    game = Game.new(seed=1, rules=dataclasses.replace(rules, draw_timing=DrawTiming.END))
    assert f"({game.stock_size} cards)" in text
    assert len(game.hand(1)) == rules.hand_size
    # The count: its price of the example hand is the engine's.
    price = hand_penalty([Card.parse(t) for t in EXAMPLE], rules.count)
    assert f"costs {price} points." in text
    assert f"The {rules.count.value} count:" in text
    # The end of a match, at its target.
    assert f"reaches {rules.target}" in text
    last = "the last player still in wins" in text
    assert last == (rules.match_end is MatchEnd.ELIMINATION)
    assert ("lowest total wins (a tie" in text) == (rules.match_end is MatchEnd.LOWEST)
    # Going out wins the hand, except where the corners decide it.
    assert ("wins the hand at once" in text) == (not rules.corners_version)
    assert ("nobody wins it, and everyone counts" in text) == (not rules.corners_version)
    # Keeping a card back is said only where the rules allow it at every turn.
    free = not (rules.must_play or rules.kings_first or rules.draw_until_fits)
    assert ("You may keep a card back" in text) == free
    assert ('say "pass" instead' in text) == (rules.draw_timing is DrawTiming.END)
    assert "notation" not in text
    assert re.search(r"\b(P[1-6]|[2-9TJQKA][cdhs]>)", text) is None


def fits_somewhere(game: Game) -> bool:
    return any(isinstance(move, PlayCard) for move in game.legal_moves())


def test_must_play_is_what_the_engine_does() -> None:
    line = "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:Th2c P2:?7 stock:39 turn:P1"
    must = Game.from_position(line, rules=Rules(must_play=True))
    free = Game.from_position(line, rules=Rules())
    assert fits_somewhere(must)
    assert must.violation(DRAW) is not None  # the ten fits: the turn may not end
    assert free.violation(DRAW) is None  # a card may be kept back


def test_kings_first_is_what_the_engine_does() -> None:
    line = "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:ThKs P2:?7 stock:39 turn:P1"
    game = Game.from_position(line, rules=Rules(kings_first=True))
    ten_on_jack = parse_move("Th>N")
    assert Game.from_position(line).violation(ten_on_jack) is None
    assert game.violation(ten_on_jack) is not None  # the king goes first
    assert game.violation(DRAW) is not None  # the turn cannot end while the king waits
    assert all(
        isinstance(move, PlayCard) and move.card == Card.parse("Ks") for move in game.legal_moves()
    )


def test_draw_first_deals_the_first_player_a_card_more() -> None:
    game = Game.new(seed=3, rules=Rules(draw_timing=DrawTiming.START))
    assert len(game.hand(game.turn)) == Rules().hand_size + 1
    assert game.end_move() is not DRAW  # the turn ends with a pass


def test_the_page_loads_nothing_from_outside_and_prints_on_one_page() -> None:
    page = rules_sheet(Rules(count=Count.PICTURES, target=50)).html()
    for outside in ("http:", "https:", "//", "<script", "<link", "@import", "url(", "src="):
        assert outside not in page.replace("<!doctype html>", ""), outside
    assert "@media print" in page
    assert "@page" in page
    assert page.startswith("<!doctype html>")
    assert "reaches 50" in page


def test_a_planted_link_is_replaced_not_followed(tmp_path: pathlib.Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    target = tmp_path / "rules.html"
    os.symlink(victim, target)
    write_sheet(Rules(must_play=True), target)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not target.is_symlink()
    assert "Must play:" in target.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.html", "victim.txt"]


def test_bad_rules_are_refused() -> None:
    with pytest.raises(TypeError, match="takes Rules"):
        rules_sheet({"must_play": True})  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no section"):
        rules_sheet().section("Nonesuch")


def test_the_command_prints_the_sheet_and_writes_the_page(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "rules.html"
    assert main(["sheet", "--rules", '{"kings_first": true}', "--html", str(page)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Kings in the Corner: how we play\n")
    assert "Kings first:" in printed
    assert page.read_text(encoding="utf-8") == rules_sheet(Rules(kings_first=True)).html()
    assert main(["sheet", "--rules", '{"kings_first": 1}']) == 2
    assert "kings_first must be true or false" in capsys.readouterr().err
    assert main(["sheet", "--html", str(tmp_path / "missing" / "x.html")]) == 1
    assert not (tmp_path / "missing").exists()


def test_a_corner_finished_by_a_pile_move_is_kept_as_the_sheet_says() -> None:
    line = (
        "N:Jc E:6d S:5c W:Ad NE:KhQsJhTs9h8s7h6s5h4s3h2s SE:- SW:- NW:- "
        "P1:Tc P2:?7 stock:28 turn:P1"
    )
    game = Game.from_position(line, rules=Rules(corners_version=True))
    game.play(parse_move("W>NE"))  # the ace at the end of the moving pile finishes the corner
    assert "NE:-" in game.position()
    assert "P1kept:KhQsJhTs9h8s7h6s5h4s3h2sAd" in game.position()
    assert "moving a pile that ends in the ace onto it" in rules_sheet(game.rules).text()
