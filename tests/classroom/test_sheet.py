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


# -- the sheet in the class's language ------------------------------------------------------------

SAID: dict[str, dict[str, str]] = {
    # What each language's sheet says where the English one says the words the test above
    # reads; {n}, {p} and {t} are the engine's stock, price and target.
    "es": {
        "must_play": "Obligación de jugar:",
        "kings_first": "Reyes primero:",
        "draw_until_fits": "Robar hasta que encaje:",
        "corners_version": "Versión de las esquinas:",
        "draw_first": "Robar primero:",
        "elimination": "Eliminación:",
        "none": "Ninguna: cada turno se juega con las reglas normales de arriba.",
        "stock": "({n} cartas)",
        "price": "pierdes {p} puntos.",
        "standard": "La cuenta normal:",
        "pictures": "La cuenta de figuras:",
        "heavy": "La cuenta fuerte:",
        "out": "Quien llegue a {t} puntos queda eliminado",
        "reach": "Cuando el total de alguien llega a {t},",
        "last": "quien quede el último en juego gana",
        "lowest": "gana el total más bajo (un empate",
        "wins_hand": "gana la mano en ese momento",
        "blocked_nobody": "nadie la gana, y todos cuentan",
        "keep_back": "Puedes guardarte una carta",
        "pass": "di «paso».",
        "house": "Reglas de la casa",
    },
    "fr": {
        "must_play": "Obligation de jouer :",
        "kings_first": "Les rois d'abord :",
        "draw_until_fits": "Piocher jusqu'à ce que ça aille :",
        "corners_version": "Version des coins :",
        "draw_first": "Piocher d'abord :",
        "elimination": "Élimination :",
        "none": "Aucune : chaque tour se joue avec les règles normales ci-dessus.",
        "stock": "({n} cartes)",
        "price": "elle coûte {p} points.",
        "standard": "Le décompte normal :",
        "pictures": "Le décompte des figures :",
        "heavy": "Le décompte lourd :",
        "out": "Qui atteint {t} points est éliminé",
        "reach": "Quand le total de quelqu'un atteint {t},",
        "last": "le dernier joueur encore en jeu gagne",
        "lowest": "le plus petit total gagne (en cas d'égalité",
        "wins_hand": "gagne la manche aussitôt",
        "blocked_nobody": "personne ne la gagne, et chacun compte",
        "keep_back": "Tu peux garder une carte",
        "pass": "dis plutôt « je passe ».",
        "house": "Règles maison",
    },
    "de": {
        "must_play": "Pflicht zu spielen:",
        "kings_first": "Könige zuerst:",
        "draw_until_fits": "Ziehen, bis es passt:",
        "corners_version": "Ecken-Variante:",
        "draw_first": "Zuerst ziehen:",
        "elimination": "Ausscheiden:",
        "none": "Keine: Jeder Zug wird nach den normalen Regeln oben gespielt.",
        "stock": "({n} Karten)",
        "price": "zusammen {p} Punkte.",
        "standard": "Die normale Wertung:",
        "pictures": "Die Bilder-Wertung:",
        "heavy": "Die schwere Wertung:",
        "out": "Wer {t} Punkte erreicht, scheidet aus",
        "reach": "Sobald die Summe von jemandem {t} erreicht,",
        "last": "wer als Letztes noch dabei ist, gewinnt",
        "lowest": "die niedrigste Summe gewinnt (bei Gleichstand",
        "wins_hand": "gewinnt die Runde sofort",
        "blocked_nobody": "Niemand gewinnt sie, und alle zählen",
        "keep_back": "Du darfst eine Karte zurückhalten",
        "pass": "sag stattdessen „passe“.",
        "house": "Hausregeln",
    },
}


@pytest.mark.parametrize("rules", every_rules(), ids=lambda r: r.describe().replace(" ", "_"))
def test_every_sentence_follows_its_options_value_in_each_language(rules: Rules) -> None:
    """The same choices, in Spanish, French and German: each sentence by its option's value,
    and the engine's numbers (the stock it leaves, its price of the example hand, the target)
    in the sentences that say them."""
    game = Game.new(seed=1, rules=dataclasses.replace(rules, draw_timing=DrawTiming.END))
    price = hand_penalty([Card.parse(t) for t in EXAMPLE], rules.count)
    plain = dataclasses.replace(rules, count=Count.STANDARD, target=25, players=2)
    free = not (rules.must_play or rules.kings_first or rules.draw_until_fits)
    elimination = rules.match_end is MatchEnd.ELIMINATION
    for code, said in SAID.items():
        sheet = rules_sheet(rules, code)
        text, house = sheet.text(), sheet.section(said["house"])
        for option in HOUSE:
            has = any(line.startswith(said[option]) for line in house)
            assert has == getattr(rules, option), (code, option)
        draw_first = any(line.startswith(said["draw_first"]) for line in house)
        assert draw_first == (rules.draw_timing is DrawTiming.START), code
        assert any(line.startswith(said["elimination"]) for line in house) == elimination
        assert (house == (said["none"],)) == (plain == Rules()), code
        assert said["stock"].format(n=game.stock_size) in text, code
        assert said["price"].format(p=price) in text, code
        assert said[rules.count.value] in text, code
        assert (said["out"].format(t=rules.target) in text) == elimination, code
        assert (said["reach"].format(t=rules.target) in text) == (not elimination), code
        assert (said["last"] in text) == elimination, code
        assert (said["lowest"] in text) == (not elimination), code
        assert (said["wins_hand"] in text) == (not rules.corners_version), code
        assert (said["blocked_nobody"] in text) == (not rules.corners_version), code
        assert (said["keep_back"] in text) == free, code
        assert (said["pass"] in text) == (rules.draw_timing is DrawTiming.END), code
        assert re.search(r"\b(P[1-6]|[2-9TJQKA][cdhs]>)", text) is None
        assert f'<html lang="{code}">' in sheet.html()


def test_the_example_hand_is_named_as_each_languages_players_name_it() -> None:
    lines = {
        "es": "rey de diamantes (10), reina de picas (1), siete de tréboles (1) y as de "
        "corazones (1), pierdes 13 puntos.",
        "fr": "roi de carreau (10), dame de pique (1), sept de trèfle (1) et as de cœur (1), "
        "elle coûte 13 points.",
        "de": "Karo-König (10), Pik-Dame (1), Kreuz-Sieben (1) und Herz-Ass (1) zusammen 13 "
        "Punkte.",
    }
    for code, line in lines.items():
        assert line in rules_sheet(Rules(), code).text(), code
    english = rules_sheet(Rules()).text()
    assert (
        "the king of diamonds (10), the queen of spades (1), the seven of clubs (1) and " in english
    )


def test_the_command_prints_the_sheet_in_the_language_asked_or_the_locale_s(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = tmp_path / "regles.html"
    assert main(["sheet", "--rules", '{"kings_first": true}', "--language", "fr", "--html",
                 str(page)]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert printed.startswith("Les rois dans les coins : comment on joue\n")
    assert f"Feuille à imprimer écrite dans {page}." in printed
    assert page.read_text(encoding="utf-8") == rules_sheet(Rules(kings_first=True), "fr").html()
    monkeypatch.delenv("LANGUAGE", raising=False)  # the suite speaks English by default
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["sheet"]) == 0
    assert capsys.readouterr().out.startswith("Könige in den Ecken: So spielen wir\n")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")  # a language the sheet does not speak: English
    assert main(["sheet"]) == 0
    assert capsys.readouterr().out.startswith("Kings in the Corner: how we play\n")
    with pytest.raises(SystemExit) as stopped:  # argparse refuses it, as a bad option
        main(["sheet", "--language", "klingon"])
    assert stopped.value.code == 2
    assert "not 'klingon'" in capsys.readouterr().err
