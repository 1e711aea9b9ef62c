"""Every word and number of the running totals chart lies inside its drawing, as the
phone's own font draws it: an end label such as "-20" (a true minus sign on the page) is
never cut at the right edge, nor a tick at the left, with negative totals, five-digit
totals and long names."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from games import charts
from tests.factories import FOUR, LONG_SIX, LONG_TEAMS

APP_CSS = Path(__file__).parents[2] / "games" / "static" / "games" / "app.css"

CASES = {
    "minus-20": (FOUR, {"Anne": 40, "Bjørn": -20, "Cato": 12, "Dina": 8}, 52),
    "thousands": (FOUR, {"Anne": 10000, "Bjørn": -1000, "Cato": -20, "Dina": 9999}, None),
    "ten-thousands": (FOUR, {"Anne": -10000, "Bjørn": 10000, "Cato": -9999, "Dina": 0}, None),
    "six-long-names": (
        LONG_SIX,
        dict(zip(LONG_SIX, (-10000, 10000, -1000, -20, 999, 52), strict=True)),
        52,
    ),
    "long-teams": (list(LONG_TEAMS), {LONG_TEAMS[0]: -10000, LONG_TEAMS[1]: -20}, 500),
    "wide-letters": (
        ["WWWWWWWWWW", "MMMMMMMMMM", "Ømmmmmmmmm", "Åwwwwwwwww"],
        {"WWWWWWWWWW": -20, "MMMMMMMMMM": -1000, "Ømmmmmmmmm": 10000, "Åwwwwwwwww": -9999},
        None,
    ),
}


def outside(page: Page) -> list[str]:
    """The texts whose drawn box pokes out of the viewBox, as "text: box"."""
    found: list[str] = page.evaluate(
        """() => {
            const svg = document.querySelector('svg.chart');
            const box = svg.viewBox.baseVal;
            return [...svg.querySelectorAll('text')].filter(t => {
                const b = t.getBBox();
                return b.x < box.x - 0.5 || b.y < box.y - 0.5
                    || b.x + b.width > box.x + box.width + 0.5
                    || b.y + b.height > box.y + box.height + 0.5;
            }).map(t => {
                const b = t.getBBox();
                return `${t.textContent}: x ${b.x.toFixed(1)} to ${(b.x + b.width).toFixed(1)}` +
                    ` of ${box.width}`;
            });
        }"""
    )
    return found


@pytest.mark.parametrize("case", CASES)
def test_no_chart_label_is_cut(page: Page, screenshots: Path, case: str) -> None:
    sides, last, target = CASES[case]
    middle = {side: total // 2 for side, total in last.items()}
    svg = charts.running_totals(sides, [middle, last], dict.fromkeys(sides, 0), target)
    page.set_content(
        f"<!doctype html><html><head><style>{APP_CSS.read_text()}</style></head>"
        f"<body><main>{svg}</main></body></html>"
    )
    page.locator("svg.chart").screenshot(path=screenshots / f"chart-labels-{case}.png")
    assert outside(page) == []
