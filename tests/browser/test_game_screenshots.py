"""Euchre, Kaiser and American at phone size, in English and Norwegian, for a person to
look at: the new-game form, a game mid-hand with the preview showing, and the finished
game. Start totals carried over from a paper sheet bring each game near its end.
"""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    choice,
    expect_totals,
    fill_new_game,
    flag,
    name_teams,
    open_new_game_of,
    save,
    seat_field,
    start_game,
    start_group,
    to_group,
    tricks,
)

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_card_games_at_phone_size(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str
) -> None:
    language = locale[:2]

    def shot(name: str) -> None:
        page.screenshot(path=screenshots / f"{name}-{language}.png", full_page=True)

    start_group(page, live_server.url, me="Anne")

    # Euchre from 8 to 6: the Jets make 3 tricks, then Cato's lone march ends it.
    open_new_game_of(page, "euchre")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    name_teams(page, "Sharks", "Jets")
    page.locator("#id_team_start_1").fill("8")
    page.locator("#id_team_start_2").fill("6")
    shot("21-euchre-new")
    start_game(page)
    choice(page, "maker", "Bjørn").click()
    choice(page, "tricks", 3).click()
    save(page)
    choice(page, "maker", "Cato").click()
    flag(page, "alone").click()
    choice(page, "tricks", 5).click()
    expect(page.locator("#preview .made")).to_be_visible()
    shot("22-euchre-mid-hand-preview")
    save(page)
    expect_totals(page, {"Sharks": 12, "Jets": 7})
    expect(page.locator("#winner")).to_be_visible()
    shot("23-euchre-finished")

    # Kaiser from 40 to 46, the Jets already at bid-out. Anne's 7 takes the Sharks to 48
    # (both at bid-out), then Cato's 8 no trump, 12 points doubled, wins.
    to_group(page)
    open_new_game_of(page, "kaiser")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    name_teams(page, "Sharks", "Jets")
    page.locator("#id_team_start_1").fill("40")
    page.locator("#id_team_start_2").fill("46")
    shot("24-kaiser-new")
    start_game(page)
    choice(page, "bidder", "Anne").click()
    choice(page, "bid", 7).click()
    tricks(page, "Sharks", 6).click()
    choice(page, "five_hearts", "Sharks").click()
    choice(page, "three_spades", "Sharks").click()
    save(page)
    expect_totals(page, {"Sharks": 48, "Jets": 46})
    choice(page, "bidder", "Cato").click()
    choice(page, "bid", 8).click()
    flag(page, "no_trump").click()
    tricks(page, "Sharks", 7).click()
    choice(page, "five_hearts", "Sharks").click()
    choice(page, "three_spades", "Jets").click()
    expect(page.locator("#preview .made")).to_be_visible()
    shot("25-kaiser-mid-hand-preview")
    save(page)
    expect_totals(page, {"Sharks": 72, "Jets": 44})
    expect(page.locator("#winner")).to_be_visible()
    shot("26-kaiser-finished")

    # American, first to 3 games, from 2 games to 1: Bjørn levels, then Anne wins.
    to_group(page)
    open_new_game_of(page, "american")
    fill_new_game(page, ["Bjørn"], start={1: 2, 2: 1})
    # The form seats the whole group; Cato and Dina watch this one.
    page.locator(seat_field(3, "name")).select_option("")
    page.locator(seat_field(4, "name")).select_option("")
    page.locator("#id_rule_target_wins").fill("3")
    shot("27-american-new")
    start_game(page)
    expect(page.locator("#live tr[data-side]")).to_have_count(2)
    choice(page, "winner", "Bjørn").click()
    save(page)
    choice(page, "winner", "Anne").click()
    expect(page.locator("#preview strong").last).to_be_visible()
    shot("28-american-mid-hand-preview")
    save(page)
    expect_totals(page, {"Anne": 3, "Bjørn": 2})
    expect(page.locator("#winner")).to_be_visible()
    shot("29-american-finished")
