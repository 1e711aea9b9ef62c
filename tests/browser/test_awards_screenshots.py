"""A player's page (record, rating over time, awards), a finished game's awards and the
awards page, at phone size and on a TV, in English and Norwegian, for a person to look at."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.test_player_page import awarded_group

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_awards_and_record_at_phone_and_tv_size(
    live_server: LiveServer,
    page: Page,
    browser: Browser,
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    language = locale[:2]
    group, third = awarded_group()
    anne = group.players.get(name="Anne")
    player = f"{live_server.url}/g/{group.view_key}/players/{anne.code}/"
    game = f"{live_server.url}/g/{group.view_key}/games/{third.code}/"
    awards = f"{live_server.url}/g/{group.view_key}/awards/"

    def shot(on: Page, name: str) -> None:
        on.screenshot(path=screenshots / f"{name}-{language}.png", full_page=True)

    page.goto(player)
    expect(page.locator("#record")).to_be_visible()
    shot(page, "61-player-record")
    page.goto(game)
    expect(page.locator("[data-awards]")).to_be_visible()
    shot(page, "62-game-awards")
    page.goto(awards)
    expect(page.locator("#award-streak")).to_be_visible()
    shot(page, "63-awards")
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    expect(page.locator("#latest-awards")).to_be_visible()
    shot(page, "66-group-latest-awards")
    assert third.night is not None
    page.goto(f"{live_server.url}/g/{group.view_key}/nights/{third.night.code}/")
    expect(page.locator("#game-3 [data-awards]")).to_be_visible()
    shot(page, "67-night-awards")
    tv = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale).new_page()
    tv.goto(player)
    expect(tv.locator("#record")).to_be_visible()
    shot(tv, "64-player-record-tv")
    tv.goto(game)
    expect(tv.locator("[data-awards]")).to_be_visible()
    shot(tv, "65-game-awards-tv")
    tv.context.close()
    assert Game.objects.count() == 6
