"""Seeded fuzzing of position lines: 10,000 malformed positions against an independent reader.

Valid lines (from played games, every player's view, kept corners) are corrupted: characters
replaced by look-alikes (``٣``, ``⁷``, a long s, the Kelvin sign, a no-break space), fields dropped,
doubled, swapped, renamed or given other values (hidden counts, junk kept corners, 5,000-digit
counts, a megabyte of cards), cards moved between fields, a hand emptied while another player
moves. Each line goes to :func:`parse_position` and to :func:`reference`, a reader written here
from SPEC section 2 alone. They must agree: a line the reference refuses raises
:class:`PositionError` (and nothing else) with a short message; a line it accepts parses to the
same canonical line, and loads into a game, under the standard and the corners rules, that
holds every invariant or is refused for the rules (kept corners outside the corners version).
Moves written wrongly are refused and change nothing.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from typing import Any

import pytest

from kingscorner_widget import DECK, Game, Rules
from kingscorner_widget.engine.errors import PositionError
from kingscorner_widget.engine.moves import EndTurn, MovePile, PlayCard
from kingscorner_widget.engine.notation import format_position, parse_position
from kingscorner_widget.engine.rules import DrawTiming

from .support import check_invariants

MALFORMED = 10_000
SEED = 2027
LONGEST_MESSAGE = 300
RAW_MESSAGE = re.compile(r"invalid literal|Exceeds the limit|has no attribute|unhashable|index out")
"""Python's own words, which a refusal must never pass on."""

# -- an independent reader of SPEC section 2 ------------------------------------------------------

RANKS = "A23456789TJQK"
SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
SPACE_NAMES = ["N", "E", "S", "W", "NE", "SE", "SW", "NW"]
RED = "dh"


def ref_cards(text: str) -> list[str] | None:
    """Cards in canonical form, or ``None``: ranks A 2-9 T J Q K or 10, any ASCII case, then a
    suit letter or symbol; ``-`` for none."""
    if not text:
        return None
    if text == "-":
        return []
    cards: list[str] = []
    at = 0
    while at < len(text):
        size = 3 if text.startswith("10", at) else 2
        token = text[at : at + size]
        if len(token) < size:
            return None
        rank, suit = token[:-1], token[-1]
        rank = "T" if rank == "10" else rank.upper() if rank.isascii() else "?"
        suit = SUIT_SYMBOLS.get(suit, suit.lower() if suit.isascii() else "?")
        if len(rank) != 1 or rank not in RANKS or suit not in SUIT_LETTERS:
            return None
        cards.append(rank + suit)
        at += size
    return cards


def ref_count(text: str) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) > 52:
        return None
    return int(text)


def value_of(card: str) -> int:
    return RANKS.index(card[0]) + 1


def builds_down(cards: list[str]) -> bool:
    return all(
        value_of(upper) == value_of(lower) - 1 and (upper[1] in RED) != (lower[1] in RED)
        for lower, upper in itertools.pairwise(cards)
    )


def reference(line: str) -> str | None:
    """The canonical form of a possible position, or ``None`` for anything else."""
    fields: dict[str, str] = {}
    for field in line.split():
        name, colon, value = field.partition(":")
        if not colon or not value or not name.isascii():
            return None
        name = name.upper()
        if name in ("STOCK", "TURN"):
            name = name.lower()
        if name in fields:
            return None
        fields[name] = value
    piles = {space: ref_cards(fields.pop(space, "")) for space in SPACE_NAMES}  # "" is None
    hands: dict[int, str] = {}
    kept: dict[int, str] = {}
    for name in list(fields):
        number, is_kept = name[1:].removesuffix("KEPT"), name.endswith("KEPT")
        if name.startswith("P") and number.isdigit() and number[0] != "0" and len(number) <= 2:
            (kept if is_kept else hands)[int(number)] = fields.pop(name)
    stock_text, turn_text = fields.pop("stock", None), fields.pop("turn", None)
    if fields or stock_text is None or turn_text is None or any(p is None for p in piles.values()):
        return None
    players = len(hands)
    if not 2 <= players <= 6 or sorted(hands) != list(range(1, players + 1)):
        return None
    if any(number not in hands for number in kept):
        return None
    shown_hands: list[list[str] | int] = []
    for seat in range(1, players + 1):
        text = hands[seat]
        hand = ref_count(text[1:]) if text.startswith("?") else ref_cards(text)
        if hand is None:
            return None
        shown_hands.append(hand)
    kept_cards = [ref_cards(kept.get(number, "-")) for number in range(1, players + 1)]
    count = ref_count(stock_text.removeprefix("?"))
    stock: list[str] | int | None = count if count is not None else ref_cards(stock_text)
    if stock is None or any(k is None for k in kept_cards):
        return None
    if not (turn_text[:1] in "Pp" and ref_count(turn_text[1:]) is not None):
        return None
    turn = int(turn_text[1:])
    if not 1 <= turn <= players:
        return None
    known = [card for pile in piles.values() for card in pile or []]
    hidden = 0
    for part in [*shown_hands, stock, *kept_cards]:
        if isinstance(part, int):
            hidden += part
        else:
            known.extend(part or [])
    if len(set(known)) != len(known) or len(known) + hidden != 52:
        return None
    for space, pile in piles.items():
        assert pile is not None
        if not builds_down(pile) or (len(space) == 2 and pile and pile[0][0] != "K"):
            return None
    for cards in kept_cards:
        assert cards is not None
        for start in range(0, len(cards), 13):
            corner = cards[start : start + 13]
            if len(corner) != 13 or corner[0][0] != "K" or not builds_down(corner):
                return None
    empty = [i for i, hand in enumerate(shown_hands, start=1) if hand in ([], 0)]
    if len(empty) > 1 or (empty and empty[0] != turn):
        return None

    def written(part: list[str] | int | None) -> str:
        return f"?{part}" if isinstance(part, int) else "".join(part or []) or "-"

    out = [f"{space}:{written(piles[space])}" for space in SPACE_NAMES]
    out += [f"P{i}:{written(hand)}" for i, hand in enumerate(shown_hands, start=1)]
    out += [f"P{i}kept:{written(k)}" for i, k in enumerate(kept_cards, start=1) if k]
    out.append(f"stock:{stock}" if isinstance(stock, int) else f"stock:{written(stock)}")
    out.append(f"turn:P{turn}")
    return " ".join(out)


def reference_allows(canonical: str, corners_version: bool) -> bool:
    """Whether a possible position can arise under the standard or the corners rules."""
    fields = dict(field.split(":", 1) for field in canonical.split())
    if any(name.endswith("kept") for name in fields) and not corners_version:
        return False
    corners = [fields[space] for space in ("NE", "SE", "SW", "NW")]
    return not (
        corners_version and any(pile.startswith("K") and pile[-2] == "A" for pile in corners)
    )


# -- valid lines and their corruptions ------------------------------------------------------------


def play(game: Game, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.is_over():
            return
        legal = game.legal_moves()
        plays = [move for move in legal if not isinstance(move, EndTurn)]
        game.play(rng.choice(plays) if plays and rng.random() < 0.85 else legal[-1])


def run_of(king: str, rng: random.Random, used: set[str]) -> list[str]:
    """A whole corner pile from ``king``: 13 cards down to the ace, colours alternating."""
    run = [king]
    for rank in reversed(RANKS[:-1]):
        red = run[-1][1] not in RED
        choices = [rank + s for s in (RED if red else "cs") if rank + s not in used]
        if not choices:
            return []
        run.append(rng.choice(choices))
        used.add(run[-1])
    return run


def kept_line(rng: random.Random) -> str:
    """A corners-version position where one or two players kept whole corners."""
    used: set[str] = set()
    players = rng.randint(2, 4)
    kept: list[list[str]] = [[] for _ in range(players)]
    for king in rng.sample(["Kc", "Kd", "Kh", "Ks"], rng.randint(1, 2)):
        used.add(king)
        run = run_of(king, rng, used)
        kept[rng.randrange(players)].extend(run)
        if not run:
            used.discard(king)
    rest = [str(card) for card in DECK if str(card) not in used and str(card)[0] != "K"]
    rng.shuffle(rest)
    cross = [rest.pop() for _ in range(4)]
    hands = [[rest.pop() for _ in range(rng.randint(1, 5))] for _ in range(players)]
    hidden = rng.randrange(players)
    out = [f"{space}:{card}" for space, card in zip("NESW", cross, strict=True)]
    out += ["NE:-", "SE:-", "SW:-", "NW:-"]
    for i, hand in enumerate(hands, start=1):
        out.append(f"P{i}:?{len(hand)}" if i - 1 == hidden else f"P{i}:{''.join(hand)}")
    out += [f"P{i}kept:{''.join(k)}" for i, k in enumerate(kept, start=1) if k]
    kings = [king for king in ("Kc", "Kd", "Kh", "Ks") if king not in used]
    out += [f"stock:{len(rest) + len(kings)}", f"turn:P{rng.randint(1, players)}"]
    return " ".join(out)


RULE_SETS: list[dict[str, Any]] = [
    {},
    {"corners_version": True},
    {"draw_timing": DrawTiming.START, "must_play": True},
    {"kings_first": True, "corners_version": True},
]


def valid_lines(seed: int = SEED) -> list[str]:
    """Positions from played games (in full and as each player sees them) and kept corners."""
    rng = random.Random(seed)
    lines: list[str] = []
    for index in range(40):
        rules = Rules(players=2 + index % 5, **RULE_SETS[index % len(RULE_SETS)])
        game = Game.new(seed=rng.randrange(2**32), rules=rules)
        play(game, rng, rng.choice([0, 5, 20, 60, 10_000]))
        lines.append(game.position())
        lines.append(game.position(player=rng.randint(1, game.players)))
    lines += [kept_line(rng) for _ in range(20)]
    lines.append("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
    return lines


LOOK_ALIKES = (
    "\u0663\u0667\u2077\uff17\u017f\u212a\u0131\uff2e\u00a0\u2003"
    "?-:>0123456789AKQJTcdhsNESWPpx♠♡ \t"
)
"""Characters a corruption writes in: notation letters and digits, and look-alikes (Arabic-Indic
and fullwidth digits, a superscript seven, the long s, the Kelvin sign, the dotless i, a
fullwidth N, a no-break and an em space)."""
FIELD_VALUES = [
    "-",
    "?",
    "?0",
    "?7",
    "?\u0667",
    "?\u2077",
    "?-1",
    "??37",
    "37",
    "\u0663\u0667",
    "0",
    "P1",
    "P\u0661",
    "p2",
    "P0",
    "P7",
    "AcAdAhAs2c2h2s3c3d3h3s4d4h",
    "KdQcJhTs9d8c7h6s5d4c3h2cAd",
    "KhQsJhTs9h8s7h6s5h4s3h2sAh",
    "9" * 5_000,
    "?" + "9" * 5_000,
    "P" + "9" * 5_000,
]
FIELD_NAMES = [
    "\u017f",
    "\uff2e",
    "P01",
    "P1KEPT",
    "p2kept",
    "P9",
    "Stock",
    "TURN",
    "stockpile",
    "P1kept",
]


def random_cards(rng: random.Random, most: int = 5) -> str:
    return "".join(str(rng.choice(DECK)) for _ in range(rng.randint(1, most)))


def malform(line: str, rng: random.Random) -> str:
    """``line`` with one to three corruptions."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        fields = [field.partition(":")[::2] for field in line.split()]
        names, values = [name for name, _ in fields], [value for _, value in fields]
        kind = rng.randrange(11)
        i, j = rng.randrange(len(fields)), rng.randrange(len(fields))
        if kind == 0:  # a character
            at = rng.randrange(len(line))
            line = line[:at] + rng.choice(LOOK_ALIKES) + line[at + rng.randint(0, 1) :]
            continue
        if kind == 1:
            del names[i], values[i]
        elif kind == 2:
            names.insert(j, names[i])
            values.insert(j, rng.choice([values[i], random_cards(rng)]))
        elif kind == 3:
            values[i], values[j] = values[j], values[i]
        elif kind == 4:
            names[i] = rng.choice([*FIELD_NAMES, names[i].lower(), names[i] + "x"])
        elif kind == 5:
            values[i] = rng.choice(FIELD_VALUES)
        elif kind == 6:
            values[i] = random_cards(rng)
        elif kind == 7:  # move a card from one field to another
            cards = ref_cards(values[i]) if names[i] not in ("stock", "turn") else None
            if cards:
                card = cards.pop(rng.randrange(len(cards)))
                values[i] = "".join(cards) or "-"
                values[j] = values[j].replace("-", "") + card
        elif kind == 8:  # empty a hand, its cards going to a counted stock
            hands = [k for k, name in enumerate(names) if name[:1] == "P" and "kept" not in name]
            stock = [k for k, name in enumerate(names) if name == "stock"]
            if hands and stock and values[stock[0]].isdigit():
                hand = rng.choice(hands)
                text = values[hand]
                size = int(text[1:]) if text[1:].isdigit() else len(ref_cards(text) or [])
                values[stock[0]] = str(int(values[stock[0]]) + size)
                values[hand] = "-"
        elif kind == 9:
            names.append(f"P{rng.randint(1, 3)}kept")
            values.append(rng.choice(FIELD_VALUES[16:19]))
        else:
            separator = rng.choice(["\t", "\n", "\u00a0", "  ", "\u2003"])
            return separator.join(f"{n}:{v}" for n, v in zip(names, values, strict=True))
        line = " ".join(f"{n}:{v}" for n, v in zip(names, values, strict=True))
    return line


# -- the run --------------------------------------------------------------------------------------


@dataclasses.dataclass
class Figures:
    """What a fuzzing run saw."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    wrong_type: list[str] = dataclasses.field(default_factory=list)
    accepted_invalid: list[str] = dataclasses.field(default_factory=list)
    refused_valid: list[str] = dataclasses.field(default_factory=list)
    inconsistent: list[str] = dataclasses.field(default_factory=list)
    unclear_messages: list[str] = dataclasses.field(default_factory=list)
    moves_tried: int = 0
    bad_moves: list[str] = dataclasses.field(default_factory=list)


def check_game(line: str, canonical: str, figures: Figures, rng: random.Random) -> None:
    """Load an accepted line under both rule sets, and try wrongly written moves on it."""
    for corners in (False, True):
        allowed = reference_allows(canonical, corners)
        try:
            rules = Rules(corners_version=corners)
            game = Game.from_position(line, rules=rules, seed=rng.randrange(100))
        except PositionError as error:
            if allowed:
                figures.refused_valid.append(f"{line[:150]} ({corners}): {error}")
            continue
        except Exception as error:
            figures.wrong_type.append(f"{type(error).__name__}: {str(error)[:100]}")
            continue
        if not allowed:
            figures.accepted_invalid.append(f"{line[:150]} (corners {corners})")
            continue
        try:
            check_invariants(game)
        except AssertionError as error:
            figures.inconsistent.append(f"{line[:150]}: {error}")
        check_bad_moves(game, figures, rng)


def check_bad_moves(game: Game, figures: Figures, rng: random.Random) -> None:
    legal = [str(move) for move in game.legal_moves()] or ["draw"]
    key = game.state_key()
    for _ in range(2):
        text = rng.choice(legal)
        at = rng.randrange(len(text))
        written = text[:at] + rng.choice(LOOK_ALIKES) + text[at + 1 :]
        pieces = written.split(">")
        candidates: list[Any] = [written]
        if len(pieces) == 2:
            candidates.append((MovePile, pieces[0], pieces[1]))
            candidates.append((PlayCard, pieces[0], pieces[1]))
        for candidate in candidates:
            figures.moves_tried += 1
            try:
                move = candidate if isinstance(candidate, str) else candidate[0](*candidate[1:])
                game.play(move)
            except ValueError:  # IllegalMoveError from play, or a constructor's refusal
                if game.state_key() != key:
                    figures.bad_moves.append(f"{candidate!r} changed the game")
            except Exception as error:
                figures.bad_moves.append(f"{candidate!r}: {type(error).__name__}: {error}")
            else:
                game.undo()
                if game.state_key() != key:
                    figures.bad_moves.append(f"{candidate!r} did not undo")


def fuzz(
    count: int = MALFORMED, seed: int = SEED, expected: type[Exception] = PositionError
) -> Figures:
    rng = random.Random(seed)
    pool = valid_lines(seed)
    figures = Figures()
    for number in range(count):
        line = malform(rng.choice(pool), rng)
        if number % 500 == 0:  # now and then a megabyte of cards
            line = line.replace("stock:", "stock:" + "Ah" * 500_000, 1)
        figures.tried += 1
        canonical = reference(line)
        try:
            table = parse_position(line)
        except expected as error:
            figures.refused += 1
            message = str(error)
            if len(message) > LONGEST_MESSAGE or RAW_MESSAGE.search(message):
                figures.unclear_messages.append(message[:200])
            if canonical is not None:
                figures.refused_valid.append(f"{line[:150]}: {message}")
            continue
        except Exception as error:
            figures.wrong_type.append(f"{type(error).__name__}: {str(error)[:100]}")
            continue
        figures.accepted += 1
        if canonical is None:
            figures.accepted_invalid.append(line[:150])
        elif format_position(table) != canonical:
            figures.inconsistent.append(f"{line[:150]} -> {format_position(table)[:150]}")
        else:
            check_game(line, canonical, figures, rng)
    return figures


def test_the_reference_reads_every_valid_line_as_the_parser_does() -> None:
    for line in valid_lines():
        assert reference(line) == format_position(parse_position(line)) == line


def test_malformed_positions_are_refused_and_valid_ones_read_exactly() -> None:
    figures = fuzz()
    assert figures.tried == MALFORMED
    assert figures.wrong_type == [], f"{len(figures.wrong_type)} wrong error types"
    assert figures.accepted_invalid == [], f"{len(figures.accepted_invalid)} impossible accepted"
    assert figures.refused_valid == [], f"{len(figures.refused_valid)} possible refused"
    assert figures.inconsistent == [], f"{len(figures.inconsistent)} inconsistent reads"
    assert figures.unclear_messages == []
    assert figures.bad_moves == []
    assert figures.refused > 0.6 * MALFORMED
    assert figures.moves_tried > 1_000


SPEC_LINE = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
JUNK_KEPT = "AcAdAhAs2c2h2s3c3d3h3s5d5h"
"""Thirteen cards that are no corner pile (the issue's example, minus the spec line's 4h)."""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("stock:39", "stock:\u0663\u0669", "digits 0-9"),
        ("turn:P1", "turn:P\u0661", "is not a player"),
        ("P2:?7", "P2:?\u0667", "digits 0-9"),
        ("P2:?7", "P2:?\u2077", "digits 0-9"),
        ("S:5s", "\u017f:5s", "the position has no S: field"),
        ("stock:39", "stock:??39", r"'\?\?' is not a card"),
        ("stock:39", "stock:" + "9" * 500, "more than the deck holds"),
        ("P2:?7", "P2:?" + "9" * 500, "more than the deck holds"),
        ("turn:P1", "turn:P" + "9" * 500, "is not a player"),
        ("stock:39", "stock:" + "9" * 5_000, "at most 4096 characters"),
        ("P2:?7 stock:39", f"P2:?7 P1kept:{JUNK_KEPT} stock:26", "a kept corner is a whole corner"),
        ("P1:ThKs4h P2:?7 stock:39", "P1:ThKs4h P2:- stock:46", "P2 has no cards left"),
    ],
)
def test_forms_outside_the_notation_are_refused(old: str, new: str, message: str) -> None:
    text = SPEC_LINE.replace(old, new)
    assert text != SPEC_LINE
    with pytest.raises(PositionError, match=message) as caught:
        parse_position(text)
    assert len(str(caught.value)) < 150
    assert reference(text) is None
