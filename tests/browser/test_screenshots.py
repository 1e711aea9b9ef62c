"""Every page at phone size, in English and Norwegian, saved for a person to look at.

The test plays a short game from start totals of 40 so each state shows up: empty,
mid-hand with the preview, a corrected hand, a correction that clashed with another
phone, and a finished game.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    expect_totals,
    fill_hand,
    fill_new_game,
    open_new_game,
    play_hand,
    start_game,
    start_group,
    tricks,
)

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_every_page_at_phone_size(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]

    def shot(name: str, on: Page = page) -> None:
        on.screenshot(path=screenshots / f"{name}-{language}.png", full_page=True)

    page.goto(f"{live_server.url}/")
    shot("01-home")

    start_group(page, live_server.url, me="Anne")
    page.locator('a[href*="/me/"]').click()
    expect(page.locator("form.card")).to_be_visible()
    shot("02-who-are-you")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()

    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"], start={1: 40, 3: 40})
    shot("03-new-game")
    start_game(page)
    shot("04-game-empty")

    # Dina 7 with Bjørn; Anne and Cato take 3 each, leaving 6: failed.
    play_hand(page, "Dina", 7, "Bjørn", {"Anne": 3, "Cato": 3})
    expect_totals(page, {"Anne": 43, "Bjørn": -7, "Cato": 43, "Dina": -7})
    fill_hand(page, "Anne", 9, "Cato", {"Bjørn": 0, "Dina": 0})
    expect(page.locator("#preview .made")).to_be_visible()
    shot("05-game-mid-hand-preview")

    page.locator('#hands a.why[href$="/hands/1/"]').click()
    shot("06-hand-why")
    page.locator('a[href$="/edit/"]').click()
    edit_url = page.url
    # The hand's outcome shows as the page opens (the preview's "load" trigger).
    expect(page.locator("#preview .failed")).to_be_visible()
    shot("07-hand-correct")

    # A second phone opens the same correction, then the first phone saves first.
    other = new_phone()
    other.goto(edit_url)
    tricks(page, "Anne", 4).click()
    tricks(page, "Cato", 4).click()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 44, "Cato": 44})
    shot("08-game-after-correction")
    tricks(other, "Anne", 2).click()
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()
    expect(other.locator("#preview .made")).to_be_visible()
    shot("09-hand-correct-conflict", on=other)

    page.locator('#toolbar a[href$="/history/"]').click()
    shot("10-history")
    page.locator("#content a").first.click()  # back to the game

    # Anne 8 with Cato; Bjørn and Dina take 2 each: made, both on 52, the bidder wins.
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 2, "Dina": 2})
    expect(page.locator("#winner")).to_be_visible()
    shot("11-game-finished")

    page.locator(".bar .brand").click()
    shot("12-group")

    page.goto(f"{live_server.url}/g/no-such-group/")
    expect(page.locator("h1")).to_be_visible()
    shot("13-not-found")
