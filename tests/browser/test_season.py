"""A season on a phone, in English and Norwegian: one tap from the group page to this
year's table, a player's row tapped through to their page; a season named with the form,
also without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import anne_wins, make_game, make_group
from tests.test_stats import nights, shared_win_hands

WORDS = {
    "en": {"season": "Season", "champions": "Champions", "named": "named", "save": "Save"},
    "nb": {"season": "Sesong", "champions": "Mestere", "named": "lagt til", "save": "Lagre"},
}


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_the_season_is_one_tap_from_the_group_page(
    live_server: LiveServer, page: Page, locale: str, transactional_db: None
) -> None:
    words = WORDS[locale[:2]]
    group = make_group()
    make_game(group, hands=anne_wins())
    make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    this_year = f"{words['season']} {nights()[0].year}"
    page.locator("#seasons a", has_text=this_year).click()
    expect(page.locator("h1")).to_have_text(this_year)
    rows = page.locator("#standing-amerikaner tbody tr")
    expect(rows).to_have_count(4)
    # Anne first; Bjørn and Dina level on half a win each, one place between them.
    expect(rows.nth(0)).to_have_attribute("data-player", "Anne")
    expect(page.locator('#standing-amerikaner tr[data-place="2"]')).to_have_count(2)
    expect(rows.nth(1).locator(".form-guide .result")).to_have_text(["2", "1="])
    # A name is a tap target of its own, and leads to the player's page.
    name = rows.nth(0).locator("th a")
    # The click waits for the new page, not its style sheets: measure once they are in.
    page.wait_for_load_state("load")
    box = name.bounding_box()
    assert box is not None and box["height"] >= 44
    name.click()
    expect(page.locator("h1")).to_contain_text("Anne")


@pytest.mark.parametrize(
    ("locale", "javascript"), [("en-GB", True), pytest.param("nb-NO", False, id="nb-no-js")]
)
def test_a_season_is_named_with_the_form(
    live_server: LiveServer,
    new_phone: Callable[..., Page],
    locale: str,
    javascript: bool,
    transactional_db: None,
) -> None:
    words = WORDS[locale[:2]]
    page = new_phone(javascript=javascript)
    group = make_group()
    game = make_game(group, hands=anne_wins())
    eve = nights()[1]
    from games.models import Game
    from tests.test_stats import move_to

    move_to(game, eve)
    Game.objects.rebuild_statistics()
    page.goto(f"{live_server.url}/g/{group.edit_key}/seasons/")
    page.locator("#name-season summary").click()
    page.locator("#id_name").fill("Nyttårscup")
    page.locator("#id_start").fill(eve.isoformat())
    page.locator("#id_end").fill(eve.isoformat())
    page.locator("#name-season button", has_text=words["save"]).click()
    expect(page.locator("h1")).to_have_text("Nyttårscup")
    expect(page.locator(".messages")).to_contain_text(words["named"])
    # Over, with Anne its champion.
    expect(page.locator("#season-amerikaner [data-champion]")).to_contain_text("Anne")
    expect(page.locator("#named-seasons li")).to_have_count(1)
