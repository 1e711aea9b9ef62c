"""Every page and action also works as plain forms and redirects, with JavaScript off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    expect_totals,
    fill_hand,
    fill_new_game,
    open_new_game,
    start_game,
    start_group,
)
from tests.factories import endless_hands, make_game, make_group


@pytest.fixture
def plain_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    yield context.new_page()
    context.close()


def test_a_game_without_javascript(plain_page: Page, live_server: LiveServer) -> None:
    page = plain_page
    start_group(page, live_server.url)
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    # Without the script every trick row stays visible; the bidding side's may stay empty.
    expect(page.locator("form[data-hand-form] .tricks-row")).to_have_count(4)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    # Made: Bjørn and Dina +8, Anne +2, Cato +1 (a full page load after a redirect).
    expect_totals(page, {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8})
    # A redeal is one button; the same dealer is suggested again.
    page.locator("button[name=redeal]").click()
    expect(page.locator("#hands tbody tr")).to_have_count(2)
    expect(page.locator('form[data-hand-form] input[name="dealer"][value="Bjørn"]')).to_be_checked()
    # Undo takes the redeal back.
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    # Correct hand 1 from its "why" page: Bjørn and Dina took only 7 of 12, so they fail.
    page.locator("#hands tbody tr a").first.click()
    page.locator('a[href$="/edit/"]').click()
    page.locator('.tricks-row[data-side="Anne"] label:has(> input[value="3"])').click()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="2"])').click()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 3, "Bjørn": -8, "Cato": 2, "Dina": -8})
    # The history can restore the first version.
    page.locator('#toolbar a[href$="/history/"]').click()
    page.locator("form button").last.click()
    expect_totals(page, {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8})


def test_the_page_of_every_hand_without_javascript(
    plain_page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    page = plain_page
    group = make_group()
    game = make_game(group, hands=endless_hands(11))
    every = f"/g/{group.edit_key}/games/{game.code}/?hands=all"
    page.goto(f"{live_server.url}/g/{group.edit_key}/me/?next={every}")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    expect(page.locator("#hands tbody tr")).to_have_count(11)
    # A hand saved there comes back to every hand, and so does taking it back.
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    expect(page.locator("#hands tbody tr")).to_have_count(12)
    assert page.url.endswith("?hands=all#hands")
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(11)
    assert page.url.endswith("?hands=all#hands")
    assert game.hands.count() == 11
