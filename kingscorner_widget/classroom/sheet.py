"""A teacher's one-page sheet of the rules as the class plays them, made from :class:`Rules`.

Every sentence on the sheet is chosen by the value of the option it speaks of (the deal by the
players and the cards each, the end of the turn by when the card is drawn, each house rule by
whether it is on, the count by the count chosen, with a worked example priced by that count, the
end of a match by the target and how it ends), so the sheet says what the engine does at that
table. It is one HTML page with its own styles (A4 and Letter print on one page), loading
nothing from outside, and plain text for a terminal.

>>> from kingscorner_widget import Rules
>>> sheet = rules_sheet(Rules(must_play=True, target=50))
>>> sheet.title
'Kings in the Corner: how we play'
>>> print(sheet.section("House rules")[0])
Must play: you may not end your turn while a card in your hand can be played.
>>> "reaches 50" in sheet.text()
True
"""

from __future__ import annotations

import dataclasses
import os
import pathlib
from html import escape

from ..display.language import (
    ENGLISH,
    NP_,
    PSEUDO,
    active,
    check_language,
    gettext,
    listing,
    ngettext,
    pgettext,
    speaking,
)
from ..engine.cards import Card
from ..engine.rules import Count, DrawTiming, MatchEnd, Rules
from ..engine.words import card_spoken, listed

__all__ = ["RulesSheet", "rules_sheet", "write_sheet"]

EXAMPLE = ("Kd", "Qs", "7c", "Ah")
"""The leftover hand the sheet prices in the class's count (a king, a queen, a seven, an ace)."""
_PLAYERS = {
    2: NP_("a number of players", "two"),
    3: NP_("a number of players", "three"),
    4: NP_("a number of players", "four"),
    5: NP_("a number of players", "five"),
    6: NP_("a number of players", "six"),
    7: NP_("a number of players", "seven"),
}
"""A number of players in words (the sentence's word for it may agree with "players")."""
_CARDS = {
    1: NP_("a number of cards", "one"),
    2: NP_("a number of cards", "two"),
    3: NP_("a number of cards", "three"),
    4: NP_("a number of cards", "four"),
    5: NP_("a number of cards", "five"),
    6: NP_("a number of cards", "six"),
    7: NP_("a number of cards", "seven"),
}
"""A number of cards in words (the word for one may agree with "card")."""


@dataclasses.dataclass(frozen=True)
class RulesSheet:
    """The sheet: a title, a line of what differs from the standard rules, and its sections,
    each a heading and its sentences."""

    rules: Rules
    title: str
    subtitle: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    language: str = ENGLISH
    """The language it is written in (the page's ``lang``)."""

    def section(self, heading: str) -> tuple[str, ...]:
        """The sentences under ``heading`` (as the sheet's language writes it)."""
        for name, lines in self.sections:
            if name == heading:
                return lines
        raise KeyError(f"the sheet has no section {heading!r}")

    def text(self) -> str:
        """The sheet as plain text."""
        out = [self.title, self.subtitle, ""]
        for heading, lines in self.sections:
            out.append(heading)
            out.extend(f"- {line}" for line in lines)
            out.append("")
        return "\n".join(out).rstrip() + "\n"

    def __str__(self) -> str:
        return self.text()

    def html(self) -> str:
        """The sheet as one printable HTML page: its styles inline, nothing loaded from
        outside (no script, no font, no picture from the web)."""
        parts = [
            "<!doctype html>",
            f'<html lang="{self.language}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(self.title)}</title>",
            f"<style>{_STYLE}</style>",
            '</head><body><main class="sheet">',
            f"<h1>{escape(self.title)}</h1>",
            f'<p class="subtitle">{escape(self.subtitle)}</p>',
        ]
        for heading, lines in self.sections:
            items = "".join(f"<li>{escape(line)}</li>" for line in lines)
            parts.append(f"<section><h2>{escape(heading)}</h2><ul>{items}</ul></section>")
        parts.append("</main></body></html>")
        return "\n".join(parts) + "\n"

    def _repr_html_(self) -> str:
        body = self.html()
        start, end = body.index("<main"), body.index("</main>") + len("</main>")
        return f"<style>{_STYLE}</style>{body[start:end]}"

    def save(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """Write :meth:`html` to ``path`` (see :func:`write_sheet`)."""
        return write_sheet(self, path)


# The page: two columns on paper, print sizes for A4 and Letter (whichever the printer takes:
# margins and type fit both), black on white, no colour needed.
_STYLE = """
:root { color-scheme: light; }
body { margin: 0; font: 11pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #111; background: #fff; }
.sheet { max-width: 60em; margin: 1.5em auto; padding: 0 1.5em; }
h1 { font-size: 18pt; margin: 0 0 0.1em; }
.subtitle { margin: 0 0 0.8em; color: #333; }
h2 { font-size: 12pt; margin: 0.6em 0 0.2em; border-bottom: 1px solid #999; }
ul { margin: 0; padding-left: 1.2em; }
li { margin: 0.15em 0; }
section { break-inside: avoid; }
@media print {
  @page { size: auto; margin: 12mm; }
  body { font-size: 9.5pt; }
  .sheet { max-width: none; margin: 0; padding: 0; columns: 2; column-gap: 8mm; }
  h1, .subtitle { column-span: all; }
  h1 { font-size: 15pt; }
}
@media print and (max-width: 190mm) { body { font-size: 9.2pt; } }
"""


def _listed(items: list[str]) -> str:
    """Items in a sentence of the language spoken ("a, b and c" in English)."""
    return listed(items) if active() in (ENGLISH, PSEUDO) else listing(items)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _price(rules: Rules) -> str:
    cards = [Card.parse(text) for text in EXAMPLE]
    values = [rules.count.value_of(card) for card in cards]
    # TRANSLATORS: a card of the sheet's example hand and what it costs ("the king of diamonds
    # (10)"); {card} is the card's name as players say it
    each = pgettext("a card and its points", "the {card} ({points})")
    named = [
        each.format(card=card_spoken(card), points=value)
        for card, value in zip(cards, values, strict=True)
    ]
    # TRANSLATORS: {cards} lists four cards with their points; {points} is their sum
    return gettext("For example, a hand left holding {cards} costs {points} points.").format(
        cards=_listed(named), points=sum(values)
    )


def _count(rules: Rules) -> str:
    count = rules.count
    if count is Count.STANDARD:
        return gettext(
            "The standard count: a king left in your hand costs 10 points, any other card 1."
        )
    if count is Count.PICTURES:
        return gettext(
            "The pictures count: a king left in your hand costs 10 points, a queen or a jack 2, "
            "any other card 1."
        )
    return gettext(
        "The heavy count: an ace left in your hand costs 25 points, a king, queen, jack or ten "
        "10, any other card its number."
    )


def _deal(rules: Rules) -> tuple[str, ...]:
    players = rules.players
    each = rules.hand_size
    stock = 52 - players * each - 4
    players_said = pgettext("a number of players", _PLAYERS[players])
    each_said = pgettext("a number of cards", _CARDS[each]) if each in _CARDS else str(each)
    return (
        # TRANSLATORS: {players} is a number of players in words ("two")
        _capital(
            gettext(
                "{players} players, one pack of 52 cards. Kings are high and aces low: K Q J 10 "
                "9 8 7 6 5 4 3 2 A. Hearts and diamonds are red; clubs and spades are black."
            ).format(players=players_said)
        ),
        # TRANSLATORS: {number} is a number of cards in words ("seven")
        ngettext(
            "Deal {number} card to each player, starting with the player on the dealer's left.",
            "Deal {number} cards to each player, starting with the player on the dealer's left.",
            each,
        ).format(number=each_said),
        gettext(
            "Turn four cards face up around the rest of the pack: one above it, one to its right, "
            "one below and one to its left. These four spaces are the cross. The four corners "
            "between them start empty."
        ),
        ngettext(
            "The rest of the pack ({n} card) stays face down in the middle: it is the stock.",
            "The rest of the pack ({n} cards) stays face down in the middle: it is the stock.",
            stock,
        ).format(n=stock),
        gettext("The player on the dealer's left goes first, and play passes to the left."),
        gettext(
            "A king turned up in the cross is moved to an empty corner before the first turn; "
            "the first player may then put any card in the space it left."
        ),
    )


def _turn(rules: Rules) -> tuple[str, ...]:
    lines = [
        gettext("On your turn, make as many of these moves as you like, in any order:"),
        gettext(
            "Put a card from your hand on a pile whose top card is one rank higher and the other "
            "colour (a red six on a black seven)."
        ),
        gettext("Put a king from your hand in an empty corner."),
        gettext("Put any card from your hand in an empty space of the cross."),
        gettext(
            "Move a whole pile of the cross onto another pile when the moving pile's bottom card "
            "is one rank lower than that pile's top card and the other colour."
        ),
        gettext("Move a whole pile of the cross whose bottom card is a king into an empty corner."),
    ]
    if rules.draw_timing is DrawTiming.END:
        lines.append(
            gettext(
                "End your turn by taking the top card of the stock. When the stock is empty, say "
                '"pass" instead.'
            )
        )
    else:
        lines.append(
            gettext(
                "Draw first: take the top card of the stock at the start of your turn (none when "
                'the stock is empty), and end your turn by saying "pass".'
            )
        )
    return tuple(lines)


def _rulings(rules: Rules) -> tuple[str, ...]:
    lines = [
        gettext("A pile moves whole or not at all: piles never split."),
        gettext("Corner piles never move."),
        gettext("Nothing can be played on an ace."),
        gettext("A card you have played stays played: you cannot take it back."),
        gettext(
            "Moving a pile empties its space of the cross, and you may fill it from your hand."
        ),
    ]
    if not (rules.must_play or rules.kings_first or rules.draw_until_fits):
        lines.append(
            gettext(
                "You may keep a card back even when it could be played, and end your turn "
                "whenever you like."
            )
        )
    if rules.corners_version:
        lines.append(
            gettext(
                "The first player to play the last card from their hand ends the hand at once, "
                "without drawing."
            )
        )
        lines.append(
            gettext(
                "Once the stock is empty, if a whole round goes by with no card played from "
                "anyone's hand, the hand is blocked: everyone counts the cards left, and the hand "
                "goes to whoever kept the most corners (nobody wins it if nobody kept one)."
            )
        )
    else:
        lines.append(
            gettext(
                "The first player to play the last card from their hand wins the hand at once, "
                "without drawing."
            )
        )
        lines.append(
            gettext(
                "Once the stock is empty, if a whole round goes by with no card played from "
                "anyone's hand, the hand is blocked: nobody wins it, and everyone counts the cards "
                "left."
            )
        )
    return tuple(lines)


def _house(rules: Rules) -> tuple[str, ...]:
    lines = []
    if rules.draw_timing is DrawTiming.START:
        lines.append(
            gettext("Draw first: the card is drawn at the start of the turn, not the end.")
        )
    if rules.must_play:
        lines.append(
            gettext("Must play: you may not end your turn while a card in your hand can be played.")
        )
    if rules.kings_first:
        lines.append(
            gettext(
                "Kings first: while you hold a king and a corner is empty, the king goes to a "
                "corner before any other move, and your turn cannot end until it has."
            )
        )
    if rules.draw_until_fits:
        lines.append(
            gettext(
                "Draw until it fits: if you have played no card this turn and none in your hand "
                "fits, keep drawing until you draw one that does. You must play it; then you may "
                "go on, and end your turn by drawing one card as usual. If the stock runs out "
                "first, your turn ends."
            )
        )
    if rules.corners_version:
        lines.append(
            gettext(
                "Corners version: whoever finishes a corner pile down to its ace (playing the ace "
                "on it, or moving a pile that ends in the ace onto it) keeps that corner, and the "
                "corner is empty again. The hand goes to whoever kept the most corners (if nobody "
                "kept one, to the player who went out)."
            )
        )
    if rules.match_end is MatchEnd.ELIMINATION:
        lines.append(
            gettext("Elimination: a player whose total reaches the target is out of the match.")
        )
    if not lines:
        lines.append(gettext("None: every turn is played by the standard rules above."))
    return tuple(lines)


def _scoring(rules: Rules) -> tuple[str, ...]:
    lines = [
        gettext("When a hand ends, everyone counts the cards left in their hand."),
        _count(rules),
        _price(rules),
        gettext(
            "Totals add up from hand to hand; the player who went out adds nothing. The deal "
            "passes to the left."
        ),
    ]
    target = rules.target
    if rules.match_end is MatchEnd.ELIMINATION:
        lines.append(
            gettext(
                "A player whose total reaches {target} is out; the last player still in wins the "
                "match (if everyone still in reaches it in the same hand, the lowest total of them "
                "wins)."
            ).format(target=target)
        )
    else:
        lines.append(
            gettext(
                "When anyone's total reaches {target}, the match ends and the lowest total wins "
                "(a tie shares the win)."
            ).format(target=target)
        )
    if rules.corners_version:
        lines.append(
            gettext(
                "In the corners version the match goes to whoever kept the most corners in all "
                "(if nobody kept one, it is decided by the totals as above)."
            )
        )
    return tuple(lines)


def _options(rules: Rules) -> str:
    """The options that differ from the standard sheet, in words (what ``Rules.describe`` says
    in English), in the language spoken."""
    default = Rules(players=rules.players)
    words = []
    if rules.draw_timing is not default.draw_timing:
        words.append(pgettext("a rule option", "draw at the start of the turn"))
    if rules.must_play:
        words.append(pgettext("a rule option", "must play"))
    if rules.kings_first:
        words.append(pgettext("a rule option", "kings first"))
    if rules.draw_until_fits:
        words.append(pgettext("a rule option", "draw until it fits"))
    if rules.count is not default.count:
        words.append(_COUNTS[rules.count]())
    if rules.target != default.target:
        words.append(pgettext("a rule option", "target {target}").format(target=rules.target))
    if rules.match_end is not default.match_end:
        words.append(pgettext("a rule option", "elimination"))
    if rules.corners_version:
        words.append(pgettext("a rule option", "corners version"))
    if rules.hand_size != default.hand_size:
        words.append(
            # TRANSLATORS: a rule option: the cards dealt to each player
            ngettext("{n} card each", "{n} cards each", rules.hand_size).format(n=rules.hand_size)
        )
    return ", ".join(words) or pgettext("a rule option", "standard rules")


_COUNTS = {
    Count.STANDARD: lambda: pgettext("a rule option", "standard count"),
    Count.PICTURES: lambda: pgettext("a rule option", "pictures count"),
    Count.HEAVY: lambda: pgettext("a rule option", "heavy count"),
}


def rules_sheet(rules: Rules | None = None, language: str | None = None) -> RulesSheet:
    """The sheet of ``rules`` (the standard rules when none are given), in ``language`` (by
    default the one spoken where it is made: English unless
    :func:`~kingscorner_widget.display.language.speaking` says otherwise).

    >>> print(rules_sheet(Rules(must_play=True), "de").section("Hausregeln")[0])
    Pflicht zu spielen: Du darfst deinen Zug nicht beenden, solange eine Karte aus deiner Hand gespielt werden kann.
    """  # noqa: E501
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules_sheet takes Rules, not {type(rules).__name__}")
    code = check_language(language or active())
    with speaking(code):
        return RulesSheet(
            rules=rules,
            title=gettext("Kings in the Corner: how we play"),
            subtitle=gettext("Our rules: {options}.").format(options=_options(rules)),
            sections=(
                (pgettext("a section of the rules sheet", "The deal"), _deal(rules)),
                (pgettext("a section of the rules sheet", "Your turn"), _turn(rules)),
                (pgettext("a section of the rules sheet", "Rulings"), _rulings(rules)),
                (pgettext("a section of the rules sheet", "House rules"), _house(rules)),
                (pgettext("a section of the rules sheet", "Scoring"), _scoring(rules)),
            ),
            language=code,
        )


def write_sheet(sheet: RulesSheet | Rules, path: str | os.PathLike[str]) -> pathlib.Path:
    """Write ``sheet`` (or the sheet of these rules) as HTML to ``path``: a new file in the same
    folder, renamed over it, so a link planted at ``path`` is replaced, never followed."""
    from ..analysis.league.results import write_atomically

    made = sheet if isinstance(sheet, RulesSheet) else rules_sheet(sheet)
    target = pathlib.Path(path)
    write_atomically(target, made.html(), 0o644)
    return target
