"""A player's page in a real browser, in English and Norwegian and without JavaScript:
their record, rating over time and awards, and the way to every award."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Group
from tests.factories import FOUR, anne_wins, bid, make_game, make_group
from tests.test_stats import THREE, euchre_game, shared_win_hands, three_player_hands


def awarded_group() -> tuple[Group, Game]:
    """Three wins in a row for Anne (the third game earns the hat trick and the clean
    sweep), a shared win for Bjørn and Dina, Bjørn's Amerikaner, and a game of Euchre."""
    group = make_group()
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    make_game(group, THREE, three_player_hands())
    euchre_game(group)
    return group, games[2]


WORDS = {
    "en-GB": ("Record", "Rival", "Longest winning streak", "Hat trick", "All awards"),
    "nb-NO": ("Meritter", "Rival", "Lengste seiersrekke", "Hattrick", "Alle utmerkelser"),
}


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_a_players_record_and_awards_in_both_languages_without_javascript(
    live_server: LiveServer, new_phone: Callable[..., Page], locale: str, transactional_db: None
) -> None:
    group, _third = awarded_group()
    # And a game Anne won with an Amerikaner: a bid level with a long name.
    make_game(group, hands=[bid("Anne", "amerikaner", None, dict.fromkeys(FOUR[1:], 0))])
    record, rival, streak, award, every = WORDS[locale]
    page = new_phone(javascript=False)
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    page.locator("#latest-awards a", has_text=every).click()
    expect(page.locator("#award-streak")).to_contain_text(award)
    page.locator("#award-streak [data-holder] a", has_text="Anne").click()
    expect(page.locator("#record h2")).to_have_text(record)
    expect(page.locator("#rival dt")).to_have_text(rival)
    expect(page.locator("#streak")).to_contain_text(streak)
    expect(page.locator("#streak dd")).to_contain_text("3")
    expect(page.locator("#rating-chart svg")).to_be_visible()
    expect(page.locator("#awards li[data-award=streak]")).to_contain_text(award)
    expect(page.locator("#bid-levels")).to_be_visible()
    # Each bid's level whole ("Amerikaner", not "Amerika…").
    levels = page.locator("#bid-levels tbody .name")
    expect(levels.first).to_be_visible()
    cut = levels.evaluate_all("(cells) => cells.filter((c) => c.scrollWidth > c.clientWidth)")
    assert cut == []
    # Nothing on the page is wider than the phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    # From the group page each player's name leads to their page too.
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    page.locator("#players a", has_text="Dina").click()
    expect(page.locator("h1")).to_have_text("Dina")
