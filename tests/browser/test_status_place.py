"""The line that says a hand was saved takes its own place on the game page: while it
shows, the game's heading and the scoreboard stay in view beside it, none of them under it.
The confirmation is the server's message (`.messages`) or table.js's line (`#status`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import fill_hand, save, start_four

CONFIRMATIONS = ".messages li, #status"


def overlap(page: Page, other: str) -> float:
    """The area (CSS px²) that a shown confirmation shares on the screen with `other`."""
    area: float = page.evaluate(
        """([shown, other]) => Math.max(0, ...[...document.querySelectorAll(shown)].map(el => {
            if (!el.checkVisibility()) return 0;
            const a = el.getBoundingClientRect();
            const b = document.querySelector(other).getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            return Math.max(w, 0) * Math.max(h, 0);
        }))""",
        [CONFIRMATIONS, other],
    )
    return area


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_the_saved_line_covers_neither_the_heading_nor_the_totals(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str
) -> None:
    start_four(page, live_server.url)
    # Saved from the foot of the form, as at the table.
    fill_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    page.locator("button[name=save]").scroll_into_view_if_needed()
    save(page)
    expect(page.locator(".messages li:visible, #status:visible").first).to_be_visible()
    page.screenshot(path=screenshots / f"status-after-save-{locale[:2]}.png")
    assert overlap(page, "h1.game-title") == 0
    assert overlap(page, "#live .scoreboard") == 0
    # Scrolled down to the hands while it shows: still over neither.
    page.locator("#hands").scroll_into_view_if_needed()
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(100)
    assert overlap(page, "h1.game-title") == 0
    assert overlap(page, "#live .scoreboard") == 0
