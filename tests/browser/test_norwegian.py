"""The same game on a phone set to Norwegian: the page follows the phone's language."""

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    expect_dealer,
    expect_totals,
    fill_new_game,
    open_new_game,
    play_hand,
    redeal,
    start_game,
    start_group,
)


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_norwegian_phone_plays_hands_in_norwegian(live_server: LiveServer, page: Page) -> None:
    start_group(page, live_server.url, me="Anne", name="Fredagsbordet")
    expect(page.locator("html")).to_have_attribute("lang", "nb")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    expect_dealer(page, "Anne")

    # Hand 1: Bjørn 7 with Dina; Anne takes 2 and Cato 3, leaving 7: made.
    play_hand(page, "Bjørn", 7, "Dina", {"Anne": 2, "Cato": 3})
    expect_totals(page, {"Anne": 2, "Bjørn": 7, "Cato": 3, "Dina": 7})

    # Hand 2: all pass; Bjørn deals again.
    expect_dealer(page, "Bjørn")
    redeal(page)
    expect_dealer(page, "Bjørn")
    expect_totals(page, {"Anne": 2, "Bjørn": 7, "Cato": 3, "Dina": 7})

    # Hand 3: Cato 6 alone; the others take 4 + 2 + 1, leaving 5: failed.
    play_hand(page, "Cato", 6, "", {"Anne": 4, "Bjørn": 2, "Dina": 1})
    expect_totals(page, {"Anne": 6, "Bjørn": 9, "Cato": -3, "Dina": 8})
    expect_dealer(page, "Cato")

    # The table's own words, in form order: dealer, bidder, (bid,) partner, tricks.
    legends = page.locator("form[data-hand-form] legend")
    expect(legends).to_contain_text(["Giver", "Melder", "Makker", "Stikk"])

    # On a small phone (320 CSS pixels) the hands table fits: the longer "Hvorfor?" may
    # go under the hand's words, and every player's column stays in view.
    page.set_viewport_size({"width": 320, "height": 700})
    scroll = page.locator("#hands .scroll")
    assert scroll.evaluate("box => box.scrollWidth <= box.clientWidth")
