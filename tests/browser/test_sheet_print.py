"""The rules sheet prints on one page of A4 and of Letter, with every option on (its longest)
and with none, in headless Chromium, and asks the web for nothing while it does."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route

from kingscorner_widget import Count, MatchEnd, Rules
from kingscorner_widget.classroom.sheet import rules_sheet

LONGEST = Rules(
    players=6, hand_size=7, must_play=True, kings_first=True, draw_until_fits=True,
    count=Count.HEAVY, target=100, match_end=MatchEnd.ELIMINATION, corners_version=True,
)  # fmt: skip


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("rules", [LONGEST, Rules()], ids=["every-option", "standard"])
def test_the_sheet_prints_on_one_page(page: Page, paper: str, rules: Rules) -> None:
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    page.route("**/*", refuse)
    page.set_content(rules_sheet(rules).html(), wait_until="load")
    pdf = page.pdf(format=paper, print_background=True)
    assert pages(pdf) == 1, f"{paper}: {pages(pdf)} pages"
    assert asked == []
