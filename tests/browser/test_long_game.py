"""A long game at the table: the game page shows the latest hands, the rest one tap away,
and a phone showing every hand keeps following the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import play_hand
from tests.factories import endless_hands, make_game, make_group

# Also on PostgreSQL: what these show depends on the database's locks and transactions.
pytestmark = pytest.mark.every_database


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_the_earlier_hands_are_one_tap_away_and_stay_live(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    language = locale[:2]
    group = make_group()
    game = make_game(group, hands=endless_hands(30))
    url = f"{live_server.url}/g/{group.edit_key}/games/{game.code}/"
    page.goto(
        f"{live_server.url}/g/{group.edit_key}/me/?next=/g/{group.edit_key}/games/{game.code}/"
    )
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    page.wait_for_url(url)
    rows = page.locator("#hands tbody tr")
    expect(rows).to_have_count(10)
    expect(rows.first).to_contain_text("30.")
    more = page.locator("#all-hands")
    expect(more).to_contain_text("20")
    box = more.bounding_box()
    assert box is not None and box["height"] >= 44
    more.scroll_into_view_if_needed()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=screenshots / f"81-long-game-{language}-{scheme}.png")
    page.emulate_media(color_scheme="light")

    # A watching phone opens every hand; the scorer saves hand 31; the watcher follows.
    watcher = new_phone()
    watcher.goto(f"{live_server.url}/g/{group.view_key}/games/{game.code}/")
    watcher.locator("#all-hands").click()
    watcher_rows = watcher.locator("#hands tbody tr")
    expect(watcher_rows).to_have_count(30)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(rows).to_have_count(10)
    expect(rows.first).to_contain_text("31.")
    expect(watcher_rows).to_have_count(31, timeout=5000)
    expect(watcher_rows.first).to_contain_text("31.")
    expect(watcher_rows.last).to_contain_text("1.")
