"""Everyone follows the table: a phone watching a finished game through the view-only
link is offered the next game, started on the scorer's phone, in one tap."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import play_hand, start_four
from tests.factories import anne_wins


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_watcher_is_offered_the_next_game_in_one_tap(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[..., Page],
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    start_four(page, live_server.url)
    game_path = page.url.split("/games/", 1)[1]
    page.locator(".bar .brand").click()
    view_link = page.locator(".card .link-url a").nth(1).get_attribute("href")
    assert view_link
    page.go_back()
    watcher = new_phone()
    watcher.goto(f"{view_link}games/{game_path}")
    # The heading names the hand being entered, on both phones, and follows the game.
    hand = {"en-GB": "hand", "nb-NO": "runde"}[locale]
    expect(watcher.locator("h1")).to_contain_text(f"{hand} 1")
    # Anne bids 12 alone five times and makes it: 5 x 12 = 60, past 52: she wins.
    for number in range(5):
        play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
        if number == 0:
            expect(page.locator("h1")).to_contain_text(f"{hand} 2")
            expect(watcher.locator("h1")).to_contain_text(f"{hand} 2", timeout=6000)
    expect(watcher.locator("#winner")).to_be_visible(timeout=6000)
    expect(watcher.locator("h1")).not_to_contain_text(hand)
    expect(watcher.locator("[data-next-game]")).to_have_count(0)
    page.locator("form[action$='/again/'] button").click()
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    new_game = page.url.split("/games/", 1)[1]
    # The watcher's poll brings the offer; one tap and it watches the new game.
    offer = watcher.locator("[data-next-game]")
    expect(offer).to_be_visible(timeout=6000)
    for scheme in ("light", "dark"):
        watcher.emulate_media(color_scheme=scheme)
        path = screenshots / f"61-watcher-next-game-{locale[:2]}-{scheme}.png"
        watcher.screenshot(path=path, full_page=True)
    offer.click()
    expect(watcher).to_have_url(f"{view_link}games/{new_game}")
    expect(watcher.locator("#live .scoreboard")).to_be_visible()
    expect(watcher.locator("#winner")).to_have_count(0)


def test_a_game_deleted_sends_the_phones_and_the_big_screen_back_to_the_one_before(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[..., Page],
    transactional_db: None,
) -> None:
    view_link = start_four(page, live_server.url)
    game = Game.objects.get()
    for number, hand in enumerate(anne_wins(), 1):
        game.add_hand(number, hand, "Anne")
    finished = f"{view_link}games/{game.code}/"
    watcher, screen = new_phone(), new_phone()
    screen.set_viewport_size({"width": 1280, "height": 720})
    watcher.goto(finished)
    screen.goto(f"{finished}tv/")
    # "New game, same table": both go on to it.
    page.reload()
    page.locator("form[action$='/again/'] button").click()
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    started = page.url.split("/games/", 1)[1]
    watcher.locator("[data-next-game]").click()
    expect(watcher).to_have_url(f"{view_link}games/{started}")
    expect(screen).to_have_url(f"{view_link}games/{started}tv/")
    # Started by mistake, and deleted: both go back to the game before, told why.
    page.goto(page.url + "end/")
    page.locator(f"form[action$='/{started}delete/'] button").click()
    said = "That game was deleted: no hand had been saved in it."
    for phone, url in ((watcher, finished), (screen, f"{finished}tv/")):
        expect(phone).to_have_url(url)
    expect(watcher.locator(".messages")).to_have_text(said)
    expect(watcher.locator("#winner")).to_be_visible()
    # It stays through the polls of the game gone back to, beside its winner.
    with watcher.expect_response(lambda answer: "/live/" in answer.url):
        pass
    expect(watcher.locator(".messages")).to_have_text(said)
