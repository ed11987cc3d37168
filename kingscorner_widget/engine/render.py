"""Draw a position as a static SVG picture.

Rendering takes the table alone (a :class:`~kingscorner_widget.engine.notation.Table`, what a
position line says) and knows nothing of the game: ``Game._repr_svg_`` draws a game in a notebook
through it, and the widget keeps its picture in an exported notebook. A viewer's table (other hands
and the stock as counts) gives a picture with no hidden card.

>>> from kingscorner_widget.engine.notation import parse_position
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> svg = table_svg(parse_position(line), viewer=1)
>>> svg.startswith("<svg") and 'aria-label="jack of clubs on the north pile"' in svg
True

In HTML the picture goes out as an ``<img>`` with the SVG in a data URI (:class:`Picture`):
JupyterLab strips inline SVG from an untrusted notebook's HTML but keeps such an image.

>>> picture = Picture(svg, line)
>>> picture.img().startswith('<img src="data:image/svg+xml;base64,')
True
>>> Picture.decode(picture.img()) == svg
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Protocol

from .cards import Card
from .notation import Table, format_position
from .spaces import SPACES, Space
from .words import card_label, count_words

__all__ = ["Picture", "TableSource", "table_picture", "table_svg"]


class TableSource(Protocol):
    """Anything that gives its table as one player sees it (a game does)."""

    def table(self, player: int | None = None) -> Table:
        """The table; with ``player``, other hands and the stock as counts."""
        ...


CARD_W, CARD_H = 58, 82
WIDTH, HEIGHT = 620, 580
# The live table's light look (js/src/styles.css): felt, cards, suits and labels.
FELT, FELT_EDGE, INK = "#dcebdf", "#c9dfcf", "#1d1d1f"
CARD_BG, CARD_EDGE, RED, BLACK = "#fdfdfb", "#9a9aa4", "#c0262d", "#1d1d1f"
BACK, BACK_STRIPE, SLOT, PILL = "#3556a8", "#5d7fd0", "rgba(20,60,35,0.45)", "#14281c"
FULL_STEP, LEAST_STEP = 0.42, 0.22
"""How far a pile's cards fan, as shares of the card's width, as on the live table (layout.js):
each covered card's rank and suit in view, long runs squeezed down to their ranks."""

# The three columns of the cross (left, middle, right) and the middle of each row of piles.
_COLUMNS = ((14, 204), (215, 405), (416, 606))
_ROWS = (112, 246, 380)
_GRID: dict[Space, tuple[int, int]] = {
    Space.NW: (0, 0),
    Space.N: (1, 0),
    Space.NE: (2, 0),
    Space.W: (0, 1),
    Space.E: (2, 1),
    Space.SW: (0, 2),
    Space.S: (1, 2),
    Space.SE: (2, 2),
}
_STOCK = (310, 246)


def table_svg(source: Table | TableSource, viewer: int | None = None) -> str:
    """An SVG picture of the table as ``viewer`` sees it (default: everything, the mover's hand).

    ``source`` is a table, or anything that gives one (then only ``viewer``'s view of it is
    drawn). Every pile is fanned as on the live table, from its bottom card to its top card, so
    each card's corner index shows (long runs squeezed to their ranks), with its label and its
    card count; the corners sit on the diagonals, the stock in the middle; the hand is fanned
    below, and the other players are listed with their card counts.
    """
    table = source if isinstance(source, Table) else source.table(viewer)
    shown = table.turn if viewer is None else viewer - 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" class="kcw-static" '
        f'aria-label="Kings in the Corner table" font-family="system-ui, sans-serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="16" fill="{FELT}" stroke="{FELT_EDGE}"/>',
    ]
    longest = max(len(pile) for pile in table.piles)
    width = pile_card_width(longest)
    for space in SPACES:
        parts.append(_pile(space, table.piles[space.index], width))
    stock = table.stock if isinstance(table.stock, int) else len(table.stock)
    parts.append(_stock(stock))
    parts.append(_players(table, shown))
    hand = table.hands[shown]
    parts.append(_hand(hand, shown))
    parts.append("</svg>")
    return "".join(parts)


_DATA_URI = re.compile(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


@dataclass(frozen=True, repr=False)
class Picture:
    """A static picture of one moment of a table: its SVG and the position line it shows.

    In a notebook it draws itself as an ``<img>`` whose source is the SVG as a base64 data URI,
    which an untrusted notebook renders (inline SVG it strips, leaving the cards' text as
    garble). The image carries the position it shows in ``data-position``, so a saved notebook
    can be checked for what each picture shows.
    """

    svg: str
    position: str

    def data_uri(self) -> str:
        """The SVG as a ``data:image/svg+xml;base64,...`` URI."""
        return "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode()).decode("ascii")

    def img(self) -> str:
        """The picture as one ``<img>`` element (alt text: the position it shows)."""
        return (
            f'<img src="{self.data_uri()}" width="{WIDTH}" height="{HEIGHT}" class="kcw-static" '
            f'alt="{escape(f"Kings in the Corner table: {self.position}")}" '
            f'data-position="{escape(self.position)}"/>'
        )

    def _repr_html_(self) -> str:
        return f'<div class="kcw-picture">{self.img()}</div>'

    def __repr__(self) -> str:
        return f"Picture(position={self.position!r})"

    @staticmethod
    def decode(html: str) -> str:
        """The SVG inside the first picture in ``html``; ``ValueError`` when there is none."""
        found = _DATA_URI.search(html)
        if found is None:
            raise ValueError("no SVG picture (an <img> with an SVG data URI) in this HTML")
        return base64.b64decode(found.group(1)).decode()


def table_picture(
    source: Table | TableSource, viewer: int | None = None, *, spectator: bool = False
) -> Picture:
    """A :class:`Picture` of the table as ``viewer`` sees it (see :func:`table_svg`); a
    ``spectator`` sees every hand as a count.

    >>> from kingscorner_widget import Game
    >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    >>> table_picture(Game.from_position(line), 1).position == line
    True
    >>> table_picture(Game.from_position(line), spectator=True).position.split()[8:10]
    ['P1:?3', 'P2:?7']
    """
    table = source if isinstance(source, Table) else source.table(viewer)
    if spectator:
        hands: list[list[Card] | int] = [
            hand if isinstance(hand, int) else len(hand) for hand in table.hands
        ]
        stock = table.stock if isinstance(table.stock, int) else len(table.stock)
        table, viewer = replace(table, hands=hands, stock=stock), None
    return Picture(table_svg(table, viewer=viewer), format_position(table))


def pile_card_width(longest: int) -> float:
    """The width of a pile's card on the picture: as large as the live table's, a little
    smaller when the longest pile (``longest`` cards) needs it to fit its column with every
    rank in view.

    >>> pile_card_width(3), round(pile_card_width(13), 1)
    (58, 50.5)
    """
    cell = _COLUMNS[0][1] - _COLUMNS[0][0]
    return min(CARD_W, (cell - 6) / (1 + LEAST_STEP * max(0, longest - 1)))


def fan_step(count: int, width: float) -> float:
    """How far apart a pile of ``count`` cards ``width`` wide fans in its column: the full step
    (rank and suit of each covered card in view) when there is room, down to the width of a rank.

    >>> fan_step(3, 58), fan_step(13, 50.5)
    (24.4, 11.1)
    """
    if count <= 1:
        return 0.0
    cell = _COLUMNS[0][1] - _COLUMNS[0][0]
    room = (cell - 6 - width) / (count - 1)
    return round(max(width * LEAST_STEP, min(width * FULL_STEP, room)), 1)


def _card(
    card: Card, x: float, y: float, label: str, width: float = CARD_W, covered: float = 0.0
) -> str:
    """One face-up card as the live table draws it: its corner index (rank over suit on a
    covered card, ``covered`` px of it in view) and a large suit at the bottom right."""
    height = width * CARD_H / CARD_W
    colour = RED if card.red else BLACK
    rank = "10" if card.rank == 10 else card.rank.letter
    size = width * 0.33
    if covered:
        size = min(size, covered * 0.95)
        squeeze = (
            f' textLength="{covered - 2:.1f}" lengthAdjust="spacingAndGlyphs"'
            if rank == "10"
            else ""
        )
        index = (
            f'<text x="{x + covered / 2 + 0.5:.1f}" y="{y + 4 + size:.1f}" font-size="{size:.1f}" '
            f'font-weight="700" text-anchor="middle" fill="{colour}"{squeeze}>'
            f"{rank}</text>"
            f'<text x="{x + covered / 2 + 0.5:.1f}" y="{y + 6 + 2 * size:.1f}" '
            f'font-size="{size * 0.9:.1f}" text-anchor="middle" fill="{colour}">'
            f"{card.suit.symbol}</text>"
        )
    else:
        index = (
            f'<text x="{x + width * 0.07:.1f}" y="{y + 3 + size:.1f}" font-size="{size:.1f}" '
            f'font-weight="700" fill="{colour}">{rank}{card.suit.symbol}</text>'
        )
    return (
        f'<g role="img" aria-label="{escape(label)}" data-card="{card}">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'rx="{width * 0.11:.1f}" fill="{CARD_BG}" stroke="{CARD_EDGE}" stroke-width="1"/>'
        f"{index}"
        f'<text x="{x + width * 0.92:.1f}" y="{y + height * 0.95:.1f}" '
        f'font-size="{width * 0.56:.1f}" text-anchor="end" fill="{colour}">'
        f"{card.suit.symbol}</text></g>"
    )


def _back(x: float, y: float, width: float = CARD_W) -> str:
    height = width * CARD_H / CARD_W
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'rx="{width * 0.11:.1f}" fill="{BACK}" stroke="#f4f4f0" stroke-width="3"/>'
        f'<path d="M{x + 6:.1f} {y + 6:.1f}h{width - 12:.1f}v{height - 12:.1f}h{12 - width:.1f}z" '
        f'fill="none" stroke="{BACK_STRIPE}" stroke-width="2" stroke-dasharray="3 4"/>'
    )


def _pill(x: float, y: float, text: str, label: str = "") -> str:
    """A small dark label (a pile's name, its count), as on the live table."""
    width = 10 + 7 * len(text)
    aria = f' aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="17" rx="8.5" fill="{PILL}" '
        f'fill-opacity="0.8"/><text x="{x + width / 2:.1f}" y="{y + 12.5:.1f}" font-size="12" '
        f'font-weight="700" text-anchor="middle" fill="#fff"{aria}>{escape(text)}</text>'
    )


def _pile(space: Space, pile: Sequence[Card], width: float = CARD_W) -> str:
    """A pile fanned from its bottom card (left) to its top card (right): the left column's
    piles end at the column's right edge, the right column's start at its left edge."""
    column, row = _GRID[space]
    left, right = _COLUMNS[column]
    height = width * CARD_H / CARD_W
    step = fan_step(len(pile), width)
    span = width + step * max(len(pile) - 1, 0)
    x = (right - 3 - span, (left + right - span) / 2, left + 3)[column]
    y = _ROWS[row] - height / 2
    out = [f'<g data-pile="{space}">']
    if not pile:
        dash = "2 3" if space.is_corner else "5 4"
        name = f"{space} \u2654" if space.is_corner else str(space)
        out.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" rx="7" '
            f'fill="none" stroke="{SLOT}" stroke-width="2" stroke-dasharray="{dash}" role="img" '
            f'aria-label="{escape(space.words)}, empty"/>'
            f'<text x="{x + width / 2:.1f}" y="{y + height / 2 + 5:.1f}" font-size="15" '
            f'font-weight="700" text-anchor="middle" fill="{INK}">{name}</text>'
        )
    else:
        for i, card in enumerate(pile):
            if i == len(pile) - 1:
                label = f"{card_label(card)} on {space.words}"
            elif i == 0:
                label = f"{card_label(card)} at the bottom of {space.words}"
            else:
                label = f"{card_label(card)}, card {i + 1} of {len(pile)} on {space.words}"
            covered = step if i < len(pile) - 1 else 0.0
            out.append(_card(card, x + i * step, y, label, width, covered))
        out.append(_pill(x + span - 18, y - 9, str(space)))
        out.append(_pill(x - 8, y + height - 11, str(len(pile)), count_words(len(pile))))
    out.append("</g>")
    return "".join(out)


def _stock(count: int) -> str:
    cx, cy = _STOCK
    width = CARD_W * 0.8
    height = width * CARD_H / CARD_W
    x, y = cx - width / 2, cy - height / 2 - 6
    body = (
        _back(x, y, width)
        if count
        else (
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" rx="6" '
            f'fill="none" stroke="{SLOT}" stroke-width="2" stroke-dasharray="5 4"/>'
        )
    )
    return (
        f'<g role="img" aria-label="stock, {count_words(count)}">{body}'
        f"{_pill(x + width - 8, y + height - 20, str(count))}"
        f'<text x="{cx}" y="{y + height + 14:.1f}" font-size="12" text-anchor="middle" '
        f'fill="{INK}">stock</text></g>'
    )


def _players(table: Table, shown: int) -> str:
    parts = []
    for i, hand in enumerate(table.hands):
        count = hand if isinstance(hand, int) else len(hand)
        kept = len(table.kept[i]) // 13 if table.kept else 0
        corners = f", {count_words(kept, 'corner')}" if kept else ""
        marker = " (to move)" if i == table.turn else ""
        parts.append(f"P{i + 1}: {count_words(count)}{corners}{marker}")
    return (
        f'<text x="{WIDTH / 2}" y="28" font-size="15" text-anchor="middle" fill="{INK}">'
        f"{escape(' · '.join(parts))}</text>"
    )


def _hand(hand: list[Card] | int, player: int) -> str:
    top = 478
    out = [
        f'<g data-hand="P{player + 1}"><text x="16" y="{top - 8}" font-size="14" fill="{INK}">'
        f"P{player + 1}'s hand</text>"
    ]
    if isinstance(hand, int):
        cards: Sequence[Card | None] = [None] * hand
    else:
        cards = hand
    count = len(cards)
    step = min(CARD_W + 6, (WIDTH - 32 - CARD_W) / max(count - 1, 1))
    start = (WIDTH - (step * (count - 1) + CARD_W)) / 2 if count else 0
    for i, card in enumerate(cards):
        x = start + i * step
        if card is None:
            out.append(_back(x, top))
        else:
            covered = step if step < CARD_W and i < count - 1 else 0.0
            label = f"{card_label(card)} in P{player + 1}'s hand"
            out.append(_card(card, x, top, label, CARD_W, covered))
    if not count:
        out.append(
            f'<text x="{WIDTH / 2}" y="{top + 40}" font-size="16" text-anchor="middle" '
            f'fill="{INK}">no cards left</text>'
        )
    out.append("</g>")
    return "".join(out)
