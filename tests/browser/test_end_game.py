"""Ending a game early at the table: delete one started by mistake, abandon one nobody
will finish (it leaves "In play" and comes back), all with JavaScript off as well."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    fill_new_game,
    open_new_game,
    play_hand,
    start_four,
    start_game,
    start_group,
    to_group,
)


@pytest.fixture(params=["script", "plain"])
def phone(request: pytest.FixtureRequest, new_phone: Callable[..., Page]) -> Page:
    """A phone with JavaScript, and one without: the questions are pages, not pop-ups."""
    return new_phone(javascript=request.param == "script")


def _new_game(page: Page) -> None:
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)


def test_delete_a_mistaken_game_and_abandon_another(
    phone: Page, live_server: LiveServer, transactional_db: None
) -> None:
    page = phone
    start_group(page, live_server.url)
    _new_game(page)
    # No hand yet: the menu offers to delete it, after a page that asks.
    page.locator("#end-game").click()
    expect(page.locator("#delete")).to_be_visible()
    page.locator("#delete button").click()
    expect(page.locator(".qr svg").first).to_be_visible()
    expect(page.locator("#in-play")).to_have_count(0)
    assert Game.objects.count() == 0

    _new_game(page)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("#end-game").click()
    # Changing one's mind costs nothing.
    page.locator("#content a.button.wide").click()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    page.locator("#end-game").click()
    page.locator("#abandon button").click()
    # On the group page it is no longer in play, but kept under its night.
    expect(page.locator("#nights")).to_be_visible()
    expect(page.locator("#in-play")).to_have_count(0)
    page.locator("#nights a").first.click()
    page.locator(".night-game h3 a").click()
    expect(page.locator("#abandoned")).to_be_visible()
    expect(page.locator("form[data-hand-form]")).to_have_count(0)
    page.locator("#abandoned button").click()
    expect(page.locator("#abandoned")).to_have_count(0)
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    to_group(page)
    expect(page.locator("#in-play li")).to_have_count(1)


@pytest.mark.screenshots
@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_ending_a_game_screenshots(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]

    def shots(name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=screenshots / f"{name}-{language}-{scheme}.png", full_page=True)
        page.emulate_media(color_scheme="light")

    start_group(page, live_server.url)
    _new_game(page)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("#end-game").click()
    expect(page.locator("#abandon")).to_be_visible()
    shots("61-abandon-question")
    page.locator("#abandon button").click()
    expect(page.locator("#nights")).to_be_visible()
    shots("62-group-abandoned")
    page.locator("#nights a").first.click()
    page.locator(".night-game h3 a").click()
    expect(page.locator("#abandoned")).to_be_visible()
    shots("63-game-abandoned")


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_watching_phone_sees_the_game_given_up_and_taken_up_again(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page], transactional_db: None
) -> None:
    view_link = start_four(page, live_server.url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    watcher = new_phone()
    watcher.goto(view_link)
    watcher.locator('a[href*="/games/"]').first.click()
    expect(watcher.locator("#live .badge.dealer")).to_have_count(1)
    expect(watcher.locator("#live .to-go").first).not_to_be_empty()

    game = page.url
    page.locator("#end-game").click()
    page.locator("#abandon button").click()
    # Without a reload, within a poll: the banner says who gave it up, and the scoreboard
    # no longer names a dealer, a leader or what each has to go.
    banner = watcher.locator("#abandoned")
    expect(banner).to_contain_text("Avbrutt av Anne")
    expect(banner.locator("button")).to_have_count(0)  # taken up only by the full link
    expect(watcher.locator("#live .badge")).to_have_count(0)
    expect(watcher.locator("#live .scoreboard tr.leader")).to_have_count(0)
    expect(watcher.locator("#live .to-go:not(:empty)")).to_have_count(0)

    page.goto(game)
    page.locator("#abandoned button").click()
    expect(banner).to_have_count(0)
    expect(watcher.locator("#live .badge.dealer")).to_have_count(1)
