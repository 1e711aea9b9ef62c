"""A whole game of Five Hundred to 400, tapped in on one phone, with an undo, a correction
and a second phone's stale correction refused in view.

The Sharks (Anne and Cato) play the Jets (Bjørn and Dina). A bid of n tricks is worth
40, +20 a suit above spades, +100 a trick above six; the other team scores 10 a trick.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    Taps,
    choice,
    expect_totals,
    exported_and_scored,
    game_code,
    save,
    start_team_game,
)


def _hand(page: Page, bidder: str, bid: str | int, suit: str | None, tricks: int) -> None:
    choice(page, "bidder", bidder).click()
    choice(page, "bid", bid).click()
    if suit is not None:
        choice(page, "suit", suit).click()
    choice(page, "tricks", tricks).click()


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_game_to_400_with_an_undo_a_correction_and_a_conflict(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    tmp_path: Path,
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]
    start_team_game(page, live_server.url, "five_hundred", {"target": "400"})

    # Hand 1 in five taps: Bjørn bids 8 hearts (40 + 60 + 200 = 300), the Jets take 9.
    tap = Taps()
    tap(choice(page, "bidder", "Bjørn"))
    tap(choice(page, "bid", 8))
    tap(choice(page, "suit", "hearts"))
    tap(choice(page, "tricks", 9))
    preview = page.locator("#preview")
    expect(preview).to_contain_text("300")
    expect(preview).to_contain_text("Jets +300")
    page.screenshot(path=screenshots / f"five-hundred-hand-form-{language}.png", full_page=True)
    tap(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert tap.count == 5, f"a five hundred hand took {tap.count} taps"
    expect_totals(page, {"Sharks": 10, "Jets": 300})

    # Undo: they took 7, not 9. Entered again: failed, Jets -300; the Sharks' 3 tricks +30.
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    _hand(page, "Bjørn", 8, "hearts", 7)
    save(page)
    expect_totals(page, {"Sharks": 30, "Jets": -300})

    # A correction (8 tricks: made, +300; Sharks +20) while a second phone holds the
    # same page open; its own correction then meets the conflict.
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.screenshot(path=screenshots / f"five-hundred-why-{language}.png", full_page=True)
    page.locator('a[href$="/hands/1/edit/"]').click()
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#preview")).to_be_visible()
    choice(page, "tricks", 8).click()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Sharks": 20, "Jets": 300})
    choice(other, "tricks", 10).click()
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()

    # Hand 2: Cato's misère, no suit asked, no trick taken: +250.
    choice(page, "bidder", "Cato").click()
    choice(page, "bid", "misere").click()
    expect(choice(page, "suit", "hearts")).to_be_hidden()
    choice(page, "tricks", 0).click()
    save(page)
    expect_totals(page, {"Sharks": 270, "Jets": 300})

    # Hand 3: Anne 7 no trump (40 + 80 + 100 = 220) with 7: 490, past 400 on a bid made.
    _hand(page, "Anne", 7, "no_trump", 7)
    save(page)
    expect_totals(page, {"Sharks": 490, "Jets": 330})
    expect(page.locator("#winner")).to_contain_text("Sharks")
    page.screenshot(path=screenshots / f"five-hundred-won-{language}.png", full_page=True)

    document = exported_and_scored(game_code(page), tmp_path)
    assert [hand["made"] for hand in document["hands"]] == [True, True, True]
    assert document["winners"] == ["Sharks"]
