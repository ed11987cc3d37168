"""Strategy tips as greedy variants, measured on paired deals."""

from __future__ import annotations

import pytest

from kingscorner_widget import Rules
from kingscorner_widget.analysis.runs.strategy import TIPS, hold_kings, tip_match


def test_tips_play_legal_greedy_variants_and_refuse_rules_they_would_break() -> None:
    for policy in TIPS.values():
        result = tip_match(policy, opponents=1, deals=20, seed=3)
        assert result.hands == 40
        assert 0 <= result.wins <= 40
    low, high = tip_match(hold_kings, opponents=3, deals=10, seed=3).interval
    assert 0 <= low <= high <= 1
    with pytest.raises(ValueError, match="must play and kings first forbid"):
        tip_match(hold_kings, rules=Rules(must_play=True), deals=1)
