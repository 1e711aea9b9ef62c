"""A save answered "503: the database is out of reach" is kept on the phone like a save
without a connection, said in the app's words, and sent by itself once the server answers
again: stored once. (The server's side: tests/views/test_database_away.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Hand
from tests.browser.steps import LIVE, fill_hand, start_four

KEPT = {
    "nb-NO": "Poengene er utenfor rekkevidde et øyeblikk: runde 1 venter på denne telefonen",
    "en-GB": "The scores are out of reach for a moment: hand 1 is kept on this phone",
}


def _away(route: Route) -> None:
    route.fulfill(status=503, headers={"Retry-After": "3"}, body="")


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_hand_saved_while_the_database_is_away_is_kept_and_sent_once_by_itself(
    live_server: LiveServer, page: Page, locale: str, screenshots: Path
) -> None:
    start_four(page, live_server.url)
    for address in ("**/hands/", LIVE):
        page.route(address, _away)
    # Bjørn 8 with Dina, Anne 2 and Cato 1: saved while every save and poll meets a 503.
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("form[data-hand-form] button[name=save]").click()
    expect(page.locator("#status [data-queue]")).to_contain_text(KEPT[locale])
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    # The form goes on to the next hand, as after a save without a connection.
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    page.screenshot(path=screenshots / f"database-away-{locale}.png")
    assert not Hand.objects.exists()
    # The server answers again: the hand goes by itself, once.
    for address in ("**/hands/", LIVE):
        page.unroute(address, _away)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    expect(page.locator("#status [data-queue]")).to_be_hidden()
    assert Hand.objects.count() == 1
