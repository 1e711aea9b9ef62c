"""The states of a save at the table, at phone size in English and Norwegian, for a person
to look at: saving, saved, kept offline, a stale watcher, a conflict, the same hand twice.
Viewport shots show what is in view without scrolling; "-page" shots show the whole page.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    LIVE,
    choice,
    correct_dealer,
    expect_dealer,
    fill_hand,
    join_as,
    play_hand,
    save,
    start_four,
)

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots

SOON = 10_000


def _in_view_and_whole(phone: Page, folder: Path, name: str, language: str) -> None:
    """What the phone shows (`name-en.png`), and its whole page (`name-page-en.png`)."""
    phone.screenshot(path=folder / f"{name}-{language}.png")
    phone.screenshot(path=folder / f"{name}-page-{language}.png", full_page=True)


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_saves_at_the_table_at_phone_size(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]

    def shot(phone: Page, name: str, full_page: bool = False) -> None:
        phone.screenshot(path=screenshots / f"8{name}-{language}.png", full_page=full_page)

    view_link = start_four(page, live_server.url)
    game_url = page.url
    watcher = new_phone()
    watcher.goto(view_link)
    watcher.locator('a[href*="/games/"]').first.click()
    expect(watcher.locator("#live")).to_be_visible()

    # Saving: the answer is held back while the button says so.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/hands/", hold)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    button = page.locator("form[data-hand-form] button[name=save]")
    button.click()
    expect(button).to_be_disabled()
    shot(page, "1-saving")
    held[0].continue_()
    page.unroute("**/hands/", hold)

    # Saved: the new totals and the line saying what was saved, without scrolling.
    expect(page.locator("#main .messages li")).to_be_in_viewport()
    shot(page, "2-saved")

    # Kept offline: the status line, and the hand listed as waiting.
    page.context.set_offline(True)
    fill_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    button.click()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    shot(page, "3-offline-waiting")
    shot(page, "3-offline-waiting-page", full_page=True)
    page.emulate_media(color_scheme="dark")
    shot(page, "3-offline-waiting-dark")
    page.emulate_media(color_scheme="light")

    # A watcher whose polls fail says since when its totals may be stale.
    watcher.context.set_offline(True)
    expect(watcher.locator("#status [data-offline]")).to_be_visible(timeout=SOON)
    shot(watcher, "4-stale-watcher")
    watcher.context.set_offline(False)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    expect(watcher.locator("#status [data-offline]")).to_be_hidden(timeout=SOON)
    shot(page, "5-sent-after-offline")

    # Bjørn's phone has not heard of the next hand yet when it saves its own: a conflict.
    other = new_phone()
    join_as(other, game_url, "Bjørn")
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("3")
    other.route(LIVE, lambda route: None)
    fill_hand(page, "Dina", 7, "Bjørn", {"Anne": 3, "Cato": 2})
    save(page)
    fill_hand(other, "Anne", 9, "Cato", {"Bjørn": 1, "Dina": 2})
    other.locator("form[data-hand-form] button[name=save]").click()
    expect(other.locator("[data-conflict]")).to_be_in_viewport()
    shot(other, "6-conflict")
    other.emulate_media(color_scheme="dark")
    shot(other, "6-conflict-dark")

    # The same hand from both phones: stored once, and the second phone is told.
    other.unroute(LIVE)
    other.reload()
    other.route(LIVE, lambda route: None)
    for phone in (page, other):
        fill_hand(phone, "Anne", 8, "Bjørn", {"Cato": 2, "Dina": 2})
    save(page)
    other.locator("form[data-hand-form] button[name=save]").click()
    expect(other.locator("#main .messages li.info")).to_be_in_viewport()
    shot(other, "7-same-hand-twice")


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_an_open_form_after_an_undo_on_another_phone_at_phone_size(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]
    start_four(page, live_server.url)
    other = new_phone()
    join_as(other, page.url, "Bjørn")
    number = other.locator("form[data-hand-form] input[name=number]")
    expect(number).to_have_value("1")

    # Anne's phone saves hand 1 and takes it back; Bjørn's form, half tapped, follows.
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    save(page)
    expect(number).to_have_value("2", timeout=SOON)
    fill_hand(other, "Cato", 7, "Anne", {})
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    removed = other.locator("[data-removed]")
    expect(removed).to_be_visible(timeout=SOON)
    expect(number).to_have_value("1")
    # The preview is asked again: what is missing, now of hand 1.
    hand = {"en": "Hand", "nb": "Runde"}[language]
    expect(other.locator("#preview")).to_contain_text(f"{hand} 1:")
    removed.scroll_into_view_if_needed()
    _in_view_and_whole(other, screenshots, "89-form-after-undo", language)


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_open_forms_after_a_dealer_correction_on_another_phone_at_phone_size(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]
    start_four(page, live_server.url)
    follower = new_phone()
    chooser = new_phone()
    for phone, who in ((follower, "Bjørn"), (chooser, "Cato")):
        join_as(phone, page.url, who)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    for phone in (follower, chooser):
        expect(phone.locator("form[data-hand-form] input[name=number]")).to_have_value(
            "2", timeout=SOON
        )
    # Bjørn's form is half tapped; Cato's names Cato to deal, picked by hand.
    fill_hand(follower, "Cato", 7, "Anne", {})
    choice(chooser, "dealer", "Cato").click()

    # Hand 1 was Bjørn's deal: the rotation names Cato for hand 2, still hand 2.
    correct_dealer(page, 1, "Bjørn")
    expect(follower.locator("input[name=dealer]:checked")).to_have_value("Cato", timeout=SOON)
    expect_dealer(follower, "Cato")
    expect(follower.locator("form[data-hand-form] [data-dealer-moved]")).to_contain_text("Cato")
    follower.locator("form[data-hand-form] input[name=dealer]").first.scroll_into_view_if_needed()
    _in_view_and_whole(follower, screenshots, "90-form-after-correction", language)
    # And then Cato's: Dina deals next; the form keeps Cato and says whom the rotation names.
    correct_dealer(page, 1, "Cato")
    moved = chooser.locator("form[data-hand-form] [data-dealer-moved]")
    expect(moved).to_be_visible(timeout=SOON)
    expect(moved).to_contain_text("Dina")
    expect(chooser.locator("input[name=dealer]:checked")).to_have_value("Cato")
    moved.scroll_into_view_if_needed()
    _in_view_and_whole(chooser, screenshots, "90-form-after-correction-picked", language)
