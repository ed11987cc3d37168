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
PEEK = 20
WIDTH, HEIGHT = 620, 580
RED, BLACK = "#c0262d", "#1d1d1f"

# Centre of each space's top card, and of the stock, on the picture.
_CENTRES: dict[Space, tuple[int, int]] = {
    Space.N: (310, 130),
    Space.S: (310, 370),
    Space.W: (190, 250),
    Space.E: (430, 250),
    Space.NW: (170, 110),
    Space.NE: (450, 110),
    Space.SW: (170, 390),
    Space.SE: (450, 390),
}
_STOCK = (310, 250)


def table_svg(source: Table | TableSource, viewer: int | None = None) -> str:
    """An SVG picture of the table as ``viewer`` sees it (default: everything, the mover's hand).

    ``source`` is a table, or anything that gives one (then only ``viewer``'s view of it is
    drawn). Each pile shows its top card with its bottom card peeking out above and its card
    count; the corners sit on the diagonals, the stock in the middle; the hand is fanned below,
    and the other players are listed with their card counts.
    """
    table = source if isinstance(source, Table) else source.table(viewer)
    shown = table.turn if viewer is None else viewer - 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" class="kcw-static" '
        f'aria-label="Kings in the Corner table" font-family="system-ui, sans-serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="16" fill="#1f6b45"/>',
    ]
    for space in SPACES:
        parts.append(_pile(space, table.piles[space.index]))
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


def _card(card: Card, x: float, y: float, label: str) -> str:
    colour = RED if card.red else BLACK
    rank = "10" if card.rank == 10 else card.rank.letter
    return (
        f'<g role="img" aria-label="{escape(label)}" data-card="{card}">'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf7" '
        f'stroke="#555" stroke-width="1"/>'
        f'<text x="{x + 6}" y="{y + 19}" font-size="17" font-weight="700" fill="{colour}">'
        f"{rank}{card.suit.symbol}</text>"
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 15}" font-size="30" '
        f'text-anchor="middle" fill="{colour}">{card.suit.symbol}</text></g>'
    )


def _back(x: float, y: float) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#2f4d8a" '
        f'stroke="#e8e8e8" stroke-width="2"/>'
        f'<rect x="{x + 6}" y="{y + 6}" width="{CARD_W - 12}" height="{CARD_H - 12}" rx="4" '
        f'fill="none" stroke="#9fb3e0" stroke-width="1"/>'
    )


def _pile(space: Space, pile: Sequence[Card]) -> str:
    cx, cy = _CENTRES[space]
    x, y = cx - CARD_W / 2, cy - CARD_H / 2
    out = [f'<g data-pile="{space}">']
    if not pile:
        out.append(
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
            f'stroke="#cfe8d8" stroke-width="1.5" stroke-dasharray="5 4" role="img" '
            f'aria-label="{escape(space.words)}, empty"/>'
        )
        out.append(
            f'<text x="{cx}" y="{cy + 5}" font-size="14" text-anchor="middle" '
            f'fill="#cfe8d8">{space}</text>'
        )
    else:
        if len(pile) > 1:
            bottom = pile[0]
            out.append(
                _card(bottom, x, y - PEEK, f"{card_label(bottom)} at the bottom of {space.words}")
            )
        top = pile[-1]
        out.append(_card(top, x, y, f"{card_label(top)} on {space.words}"))
        out.append(
            f'<circle cx="{x + CARD_W}" cy="{y + CARD_H}" r="11" fill="#113d27" stroke="#cfe8d8"/>'
            f'<text x="{x + CARD_W}" y="{y + CARD_H + 4}" font-size="12" text-anchor="middle" '
            f'fill="#fff" aria-label="{count_words(len(pile))}">{len(pile)}</text>'
        )
        out.append(
            f'<text x="{cx}" y="{y + CARD_H + 16}" font-size="11" text-anchor="middle" '
            f'fill="#cfe8d8">{space}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _stock(count: int) -> str:
    cx, cy = _STOCK
    x, y = cx - CARD_W / 2, cy - CARD_H / 2
    body = (
        _back(x, y)
        if count
        else (
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
            f'stroke="#cfe8d8" stroke-dasharray="5 4"/>'
        )
    )
    return (
        f'<g role="img" aria-label="stock, {count_words(count)}">{body}'
        f'<text x="{cx}" y="{cy + 5}" font-size="16" font-weight="700" text-anchor="middle" '
        f'fill="#fff">{count}</text></g>'
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
        f'<text x="{WIDTH / 2}" y="28" font-size="15" text-anchor="middle" fill="#fff">'
        f"{escape(' · '.join(parts))}</text>"
    )


def _hand(hand: list[Card] | int, player: int) -> str:
    top = 478
    out = [
        f'<g data-hand="P{player + 1}"><text x="16" y="{top - 8}" font-size="14" fill="#fff">'
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
            out.append(_card(card, x, top, f"{card_label(card)} in P{player + 1}'s hand"))
    if not count:
        out.append(
            f'<text x="{WIDTH / 2}" y="{top + 40}" font-size="16" text-anchor="middle" '
            f'fill="#fff">no cards left</text>'
        )
    out.append("</g>")
    return "".join(out)
