"""What changed, on a phone: opened from the group page, filtered by the player who made
the changes, each line linking to what changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import anne_wins, bid, make_game, make_group, revision


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_the_feed_from_the_group_page_filtered_by_a_player(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group = make_group()
    won = make_game(group, hands=anne_wins(), by="Bjørn")
    game = make_game(group, hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})], by="Cato")
    game.edit_hand(1, revision(game, 1), bid("Bjørn", 8, "Dina", {"Anne": 3, "Cato": 1}), "Dina")
    game.write_note("Dina revoked in hand 1; the table let it stand", "Cato")
    won.night.rename("Cup final", "Cato's", "Anne")  # type: ignore[union-attr]
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    page.locator("#feed-link").click()
    lines = page.locator("#feed > li")
    expect(lines).to_have_count(12)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=screenshots / f"90-feed-{language}-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")
    page.locator("#id_player").select_option(label="Cato")
    page.locator("#feed-filters button").click()
    expect(lines).to_have_count(3)
    page.screenshot(path=screenshots / f"91-feed-cato-{language}.png", full_page=True)
    # The note leads to its game.
    lines.first.locator("a").click()
    expect(page).to_have_url(f"{live_server.url}/g/{group.view_key}/games/{game.code}/")
