"""The words of a hand's play in the table's language: a whole hand at a table (against the
computer, pass-and-play, four players) says nothing in the test language that is not from the
catalogues, and the same hands read in Spanish, French and German with no English left, each
sentence filled with the engine's own facts."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from kingscorner_widget import Game, KingsCornerWidget
from kingscorner_widget.display.language import PSEUDO, speaking
from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.spaces import SPACES, Space
from kingscorner_widget.engine.words import (
    fits_words,
    instruction,
    logged,
    move_at,
    move_done,
    move_sentences,
    move_shown,
    outcome_line,
    reason_words,
    review_line,
    seat_words,
    turn_words,
)
from kingscorner_widget.table.guide import OUTLINES

from ..test_language import CODE, fields, unbracketed
from ..widget.helpers import FirstMove

STAYS_ENGLISH = {
    "guide": (
        "the first hand's guide (table/guide.py: next_step and OUTLINES), which the lessons' "
        "area keeps (scripts/extract_words.py AREAS): it fills the {step} slot of 'Your turn. "
        "{step}' and the snapshot's guide"
    ),
}
"""What a hand's play still says in English, and why: the one justified exception."""

GUIDE = re.compile(
    r"(Pick [^.:]*, then a pile it fits on(, or [A-Za-z& ]+\.|: [^.]*\.)"
    r"|Nothing in your hand fits now: press [A-Za-z& ]+\." + "|" + re.escape(OUTLINES) + ")"
)
"""The guide's sentences (:data:`STAYS_ENGLISH`), taken out before a line is read."""

PEOPLE = ("Ada", "Ben", "Cy")
"""The names of the people at a pass-and-play table (data, not words)."""

TABLES: dict[str, dict[str, Any]] = {
    "computer": {"players": 2, "seed": 5, "opponents": [FirstMove()]},
    "pass-and-play": {"players": ["Ada", "Ben"], "seed": 8},
    "four players": {"players": 4, "seed": 7},
}


def play(language: str, setup: dict[str, Any]) -> tuple[KingsCornerWidget, list[tuple[str, str]]]:
    """A whole hand at a table speaking ``language``, every status line and snapshot string it
    showed (field, text), and the refusals of every move the rules forbid at the viewer's
    first turns."""
    kwargs = {**setup, "opponents": [FirstMove()] * 3} if "opponents" in setup else dict(setup)
    w = KingsCornerWidget(speed=0, language=language, **kwargs)
    seen: list[tuple[str, str]] = [("status", w.status), *fields(w.snapshot)]
    w.table.subscribe(lambda view: seen.extend([("status", view.status)]))
    w.table.subscribe(lambda view: seen.extend(fields(view.snapshot or {})))
    tried = 0
    for _ in range(3000):
        if w.game.is_over():
            break
        if w.snapshot.get("cover"):
            w.table.act("uncover")
        elif w.waiting is not None:
            w.skip()
        else:
            if tried < 3:  # every forbidden move, once a turn: each refusal says why
                tried += 1
                for move in forbidden(w):
                    reply = w.table.act("play", move=move)
                    assert reply.refused, move
            w.play(w.legal[0])
    assert w.game.is_over()
    w.table.act("undo")  # refused: a card once played stays played
    w.table.act("new")  # asks first (the match is under way), then is cancelled
    w.table.act("cancel")
    return w, seen


def forbidden(w: KingsCornerWidget) -> list[str]:
    """Moves the viewer may not make now: cards of their hand and piles to every space, a
    card not in their hand, and a draw when a card must be played first."""
    hand = [str(card) for card in w.game.hand(w.game.turn)]
    absent = next(str(c) for c in map(Card.parse, ("As", "Ah", "2c", "Kd")) if str(c) not in hand)
    moves = [f"{card}>{space}" for card in [*hand, absent] for space in SPACES]
    moves += [f"{a}>{b}" for a, b in itertools.permutations(SPACES, 2)]
    return [move for move in moves if move not in w.legal]


ACTION_NAMES = {".confirm.kind", ".cover.action"}
"""Fields naming an action (code, not words)."""


def words_of(seen: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The lines a person reads: every field but notation, codes and people's names."""
    return [
        (path, text)
        for path, text in seen
        if text and not CODE.fullmatch(path) and path not in ACTION_NAMES
    ]


def english_left(text: str) -> list[str]:
    """The runs of three or more plain letters left in a test-language ``text`` once the
    guide's sentences and the people's names are taken out: the test language accents every
    letter but b, m, q, v and x, so any such run is a word no catalogue said."""
    text = GUIDE.sub("", text)
    for name in PEOPLE:
        text = text.replace(name, "")
    runs = re.findall(r"[A-Za-z]{3,}", text)
    return [run for run in runs if re.search(r"[ACDEFGHIJKLNOPRSTUWYZacdefghijklnoprstuwyz]", run)]


@pytest.mark.parametrize("table", TABLES)
def test_a_whole_hand_in_the_test_language_says_only_catalogue_words(table: str) -> None:
    _, seen = play(PSEUDO, TABLES[table])
    lines = words_of(seen)
    assert len({text for _, text in lines}) > 40
    unsaid = sorted({(path, text) for path, text in lines if english_left(text)})
    assert unsaid == [], f"English outside the catalogues: {unsaid[:8]}"
    outside = sorted(
        {(p, t) for p, t in lines if re.search(r"[A-Za-z]", unbracketed(GUIDE.sub("", t)))}
    )
    names = set("".join(PEOPLE) + "P0123456789 ,")
    assert [text for _, text in outside if not set(text) <= names] == []
    paths = {path for path, _ in lines}
    for field in ("status", ".log[].words", ".turns[].recap", ".outcome", ".title"):
        assert field in paths, field
    assert any(path.startswith(".fits.") for path in paths)
    said = [text for path, text in seen if path == "status"]
    assert any("(" in t and ")" in t for t in said)  # refusals name cards with their notation


SPANISH_FRENCH_GERMAN = ["es", "fr", "de"]

ENGLISH = re.compile(
    r"\b(the|plays?|draws?|corner|turn|cards?|your|you|and|wins?|went|nothing|moves?"
    r"|passes|hand|player|players|left|over|empty|stock|show|fits)\b"
)
"""English words that no sentence of the three languages holds (German's "Hand" is capital;
"pile" is French too)."""


@pytest.mark.parametrize("code", SPANISH_FRENCH_GERMAN)
@pytest.mark.parametrize("table", TABLES)
def test_the_same_hand_reads_with_no_english_left(code: str, table: str) -> None:
    _, seen = play(code, TABLES[table])
    lines = words_of(seen)
    english = sorted({(path, text) for path, text in lines if ENGLISH.search(GUIDE.sub("", text))})
    assert english == [], f"English in {code}: {english[:6]}"


# -- what the sentences say: the engine's facts, in each language ---------------------------------

POSITION = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


@pytest.mark.parametrize(
    ("code", "played", "moved", "drew"),
    [
        (
            "es",
            "Juegas el diez de corazones en el montón norte",
            "P2 mueve el montón sur sobre el montón este",
            "P2 roba 3 cartas y termina el turno",
        ),
        (
            "fr",
            "Tu joues le dix de cœur sur la pile nord",
            "P2 déplace la pile sud sur la pile est",
            "P2 pioche 3 cartes et finit son tour",
        ),
        (
            "de",
            "Du spielst Herz-Zehn auf den Nordstapel",
            "P2 legt den Südstapel auf den Oststapel",
            "P2 zieht 3 Karten und beendet den Zug",
        ),
    ],
)
def test_the_log_names_the_engine_s_move(code: str, played: str, moved: str, drew: str) -> None:
    g = Game.from_position(POSITION)
    with speaking(code):
        assert logged(g, parse_move("Th>N"), "You") == played
        assert logged(g, parse_move("S>E"), "P2") == moved
        assert logged(g, parse_move("draw"), "P2", drawn=3) == drew


@pytest.mark.parametrize(
    ("code", "rank", "corner", "fits"),
    [
        (
            "es",
            "el diez de corazones (Th) no puede ir sobre el seis de corazones (6h): una carta "
            "tiene que ser justo un valor más baja (sobre el seis va un cinco negro)",
            "solo un rey puede abrir una esquina vacía, y el cuatro de corazones (4h) no es un rey",
            "El diez de corazones se puede poner en el montón norte y el hueco oeste.",
        ),
        (
            "fr",
            "le dix de cœur (Th) ne peut pas aller sur le six de cœur (6h) : une carte doit "
            "valoir exactement un de moins (sur le six va un cinq noir)",
            "seul un roi peut ouvrir un coin vide, et le quatre de cœur (4h) n'est pas un roi",
            "Le dix de cœur va sur la pile nord et la place ouest.",
        ),
        (
            "de",
            "Herz-Zehn (Th) kann nicht auf Herz-Sechs (6h): Eine Karte muss genau einen Wert "
            "niedriger sein (auf die Sechs kommt eine schwarze Fünf)",
            "nur ein König kann eine leere Ecke eröffnen, und Herz-Vier (4h) ist kein König",
            "Herz-Zehn passt auf den Nordstapel und das Westfeld.",
        ),
    ],
)
def test_a_refusal_and_a_fit_say_the_engine_s_reason(
    code: str, rank: str, corner: str, fits: str
) -> None:
    g = Game.from_position(POSITION)
    refused = g.violation("Th>E")
    assert refused is not None
    assert refused.code == "rank"
    targets = [s for s in (Space.N, Space.W) if g.violation(f"Th>{s}") is None]
    assert targets == [Space.N, Space.W]  # the engine's own answer fills the sentence
    with speaking(code):
        assert reason_words(refused) == rank
        king = g.violation("4h>NE")
        assert king is not None
        assert reason_words(king) == corner
        assert fits_words(g, Card.parse("Th"), targets) == fits


@pytest.mark.parametrize("code", SPANISH_FRENCH_GERMAN)
def test_the_outcome_counts_the_cards_the_engine_left(code: str) -> None:
    w, _ = play(code, TABLES["four players"])
    outcome = w.game.outcome()
    assert outcome is not None
    sizes = w.game.hand_sizes()
    line = w.snapshot["outcome"]
    for player, left in enumerate(sizes, start=1):
        if left and player != w.table.session.viewer:
            assert re.search(rf"P{player} {left} \w", line), (player, left, line)
    name = {1: "You"}.get
    with speaking(code):
        again = outcome_line(outcome, lambda p: name(p) or f"P{p}", sizes)
    assert again == line


# -- the other voices: an instruction (the Hint), a lesson's confirmation, a review, a step ------

TURN_POSITION = "N:9d E:- S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:39 turn:P1"


@pytest.mark.parametrize(
    ("code", "put", "done", "turn", "explained", "shown"),
    [
        (
            "es",
            "Pon el cuatro de corazones en el hueco oeste vacío",
            "el jugador de tu izquierda jugó el diez de corazones en el montón norte",
            "el cuatro de corazones en el montón sur, "
            "luego el diez de corazones en el montón norte",
            "Juega el 6 negro (6c) sobre el 7 rojo (7h) en el montón norte.",
            "Jugada 3 de 20: Mueves el 5♠ (sur) sobre el 6♥ (este).",
        ),
        (
            "fr",
            "Pose le quatre de cœur sur la place ouest vide",
            "le joueur à ta gauche a joué le dix de cœur sur la pile nord",
            "le quatre de cœur sur la pile sud, puis le dix de cœur sur la pile nord",
            "Joue le 6 noir (6c) sur le 7 rouge (7h) sur la pile nord.",
            "Coup 3 sur 20 : Tu déplaces le 5♠ (sud) sur le 6♥ (est).",
        ),
        (
            "de",
            "Leg Herz-Vier auf das leere Westfeld",
            "der Spieler links von dir hat Herz-Zehn auf den Nordstapel gespielt",
            "Herz-Vier auf den Südstapel, dann Herz-Zehn auf den Nordstapel",
            "Spiel die schwarze 6 (6c) auf die rote 7 (7h) auf den Nordstapel.",
            "Zug 3 von 20: Du legst 5♠ (Süd) auf 6♥ (Ost).",
        ),
    ],
)
def test_each_voice_says_the_move_the_engine_makes(
    code: str, put: str, done: str, turn: str, explained: str, shown: str
) -> None:
    g = Game.from_position(POSITION)
    h = Game.from_position(TURN_POSITION)
    plan = [parse_move(m) for m in ("W>N", "Qh>W", "6c>N", "draw")]
    assert h.violation(plan[0]) is None  # the plan starts with a legal move
    with speaking(code):
        assert instruction(g, parse_move("4h>W")) == put
        assert move_done(g, parse_move("Th>N"), seat_words(1, 2, 2)) == f"{done}."
        assert turn_words([parse_move("4h>S"), parse_move("Th>N")]) == turn
        assert move_sentences([h.pile(s) for s in SPACES], h.hand(), plan)[2] == explained
        assert move_at(3, 20, move_shown(g, parse_move("S>E"), "You")) == shown


@pytest.mark.parametrize("code", SPANISH_FRENCH_GERMAN)
def test_a_reviewed_turn_counts_what_the_engine_counts(code: str) -> None:
    best = [parse_move(m) for m in ("4h>S", "Th>N", "Ks>NE")]
    with speaking(code):
        line = review_line("mistake", "", 1, best, goes_out=True, exact=True)
        words = turn_words(best)
    assert line.endswith(f"{words}.")
    assert " 1 " in line
    assert " 3 " in line  # the best turn sheds three cards, as the moves say
    assert not ENGLISH.search(line)
