"""Ratings from a league's hands, by openskill's Plackett-Luce model (Weng-Lin ratings, a
free alternative to TrueSkill), which rates heads-up and four-seat hands alike by finishing
order.

>>> hands = [{"index": i, "seats": ["a", "b"], "ranks": [1, 2]} for i in range(20)]
>>> ratings = rate(hands, ["a", "b"])
>>> ratings["a"].mu > 25 > ratings["b"].mu, ratings["a"].sigma < 25 / 3
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

__all__ = ["Rating", "rate"]


@dataclasses.dataclass(frozen=True)
class Rating:
    """A player's skill: its mean ``mu`` and uncertainty ``sigma`` (a new player: 25 and 8.3)."""

    mu: float
    """The skill's estimate."""
    sigma: float
    """How uncertain it is (one standard deviation)."""

    @property
    def interval(self) -> tuple[float, float]:
        """About 95% of the belief: ``mu`` plus or minus two ``sigma``."""
        return (self.mu - 2 * self.sigma, self.mu + 2 * self.sigma)


def rate(hands: Sequence[dict[str, Any]], names: Sequence[str]) -> dict[str, Rating]:
    """Every entry's rating after ``hands`` (taken in schedule order, so the ratings do not
    depend on which hand finished first)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for hand in sorted(hands, key=lambda item: int(item["index"])):
        seats = list(hand["seats"])
        teams = model.rate([[ratings[name]] for name in seats], ranks=list(hand["ranks"]))
        for name, (rating,) in zip(seats, teams, strict=True):
            ratings[name] = rating
    return {name: Rating(float(r.mu), float(r.sigma)) for name, r in ratings.items()}
