"""A phone with the game open when someone replaces the group's links: it says so in
words (not "offline"), says what to do, and loses no hand, in the form or kept on it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Hand
from tests.browser.steps import LIVE, fill_hand, join_as, start_four, to_group, unchanged

# A poll every 2 s: a few polls' time is plenty.
SOON = 10_000

REPLACED = {
    "en-GB": ("This link was replaced", "ask for the new link, or scan the new QR code"),
    "nb-NO": ("Denne lenken er byttet ut", "QR-koden"),
}


def _replace_links(host: Page) -> None:
    host.on("dialog", lambda dialog: dialog.accept())
    to_group(host)
    host.locator("form[data-confirm] button.danger").click()


def _saves(phone: Page) -> list[int]:
    """The statuses of the phone's saves from now on."""
    saves: list[int] = []

    def count(route: Route) -> None:
        response = route.fetch()
        saves.append(response.status)
        route.fulfill(response=response)

    phone.route("**/hands/", count)
    return saves


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_a_phone_whose_link_was_replaced_says_so_and_keeps_the_hand_in_its_form(
    live_server: LiveServer,
    new_phone: Callable[..., Page],
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    host = new_phone()
    start_four(host, live_server.url)
    phone = new_phone()
    join_as(phone, host.url, "Bjørn")
    # A hand is being tapped in when the host replaces both links.
    fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _replace_links(host)

    # The next poll tells the phone, in words, in place of "offline".
    heading, what_to_do = REPLACED[locale]
    line = phone.locator("#status [data-offline]")
    expect(line).to_contain_text(heading, timeout=SOON)
    expect(line).to_contain_text(what_to_do)
    expect(line).to_be_visible()
    # Save goes to the old link, which refuses it: the hand is kept on the phone, as it says.
    saves = _saves(phone)
    phone.locator("form[data-hand-form] button[name=save]").click()
    expect(phone.locator("#hands [data-waiting] li")).to_have_count(1)
    assert saves == [410]
    expect(line).to_contain_text(heading)
    phone.screenshot(path=screenshots / f"link-replaced-phone-{locale[:2]}.png")
    assert not Hand.objects.exists()
    # The new link, opened on this phone, sends it, once.
    _open_the_new_link(phone, live_server.url)
    expect(phone.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    expect(phone.locator("#hands [data-waiting] li")).to_have_count(0)
    assert [(hand.number, hand.data["bidder"]) for hand in Hand.objects.all()] == [(1, "Bjørn")]


def test_a_hand_kept_on_the_phone_stays_kept_when_the_link_was_replaced(
    live_server: LiveServer, new_phone: Callable[..., Page], transactional_db: None
) -> None:
    host = new_phone()
    start_four(host, live_server.url)
    phone = new_phone()
    join_as(phone, host.url, "Bjørn")
    # Hand 1 never reaches the server: it is kept on the phone, with its entry key.
    phone.route("**/hands/", lambda route: route.abort("connectionreset"))
    fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    phone.locator("form[data-hand-form] button[name=save]").click()
    expect(phone.locator("#hands [data-waiting] li")).to_have_count(1)
    # The polls are answered "unchanged" (as from a server that has not heard yet), so it is
    # the kept hand's own send that meets the replaced link, and is refused with 410.
    phone.route(LIVE, unchanged)
    _replace_links(host)
    saves = _saves(phone)
    line = phone.locator("#status [data-offline]")
    expect(line).to_contain_text("This link was replaced", timeout=SOON)
    assert 410 in saves
    # Some polls later it is still there, on the page and in the phone's storage.
    phone.wait_for_timeout(4000)
    expect(phone.locator("#hands [data-waiting] li")).to_have_count(1)
    kept = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper-queue'))")
    assert [item["number"] for item in kept] == [1]
    assert not Hand.objects.exists()
    # The new link, opened on this phone, finds it and sends it, once.
    phone.unroute(LIVE)
    _open_the_new_link(phone, live_server.url)
    expect(phone.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    expect(phone.locator("#hands [data-waiting] li")).to_have_count(0)
    assert Hand.objects.count() == 1


def _open_the_new_link(phone: Page, url: str) -> None:
    """The game on the group's new full link, as a phone opens it from the QR code."""
    game = Game.objects.get()
    phone.goto(f"{url}/g/{game.group.edit_key}/games/{game.code}/")
