"""The tips' strategy questions, measured: kings early or held back? aces held back?

Each tip (:data:`kingscorner_widget.analysis.runs.strategy.TIPS`) is greedy play changed in one way;
it meets plain greedy players on paired deals (each deal once from every seat), heads-up and
against three. Printed per tip and table: hands, its win rate with the 95% Wilson interval, and
the even share. ``KINGSCORNER_STRATEGY_DEALS`` sets the deals per match (2,000 unless told: a
few seconds a match)::

    python -m bench strategy
"""

from __future__ import annotations

import os

from kingscorner_widget.analysis.runs.strategy import TIPS, tip_match

DEALS = 2000
"""Deals per match unless ``KINGSCORNER_STRATEGY_DEALS`` says otherwise."""


def run() -> None:
    """Every tip against one and against three greedy players."""
    deals = int(os.environ.get("KINGSCORNER_STRATEGY_DEALS", DEALS))
    for name, policy in TIPS.items():
        for opponents in (1, 3):
            result = tip_match(policy, opponents=opponents, deals=deals, seed=2026)
            low, high = result.interval
            print(
                f"{name:<24} v {opponents} greedy  {result.hands:>6} hands  "
                f"{result.rate:6.1%} [{low:.1%}, {high:.1%}]  (even: {result.even:.0%})",
                flush=True,
            )


if __name__ == "__main__":
    run()
