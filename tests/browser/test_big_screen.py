"""The big screen at the table: a TV (or a tablet in landscape) opened from the view-only
link follows the game as a phone saves hands, down to the winner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    play_hand,
    start_four,
)
from tests.factories import FOUR, bid, make_game, make_group
from tests.test_stats import euchre_game


@pytest.fixture
def television(browser: Browser, locale: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    yield context.new_page()
    context.close()


def _total(screen: Page, side: str) -> str:
    return screen.locator(f'#tv-board [data-side="{side}"] [data-total]').inner_text()


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_the_big_screen_follows_the_phone_that_keeps_score(
    live_server: LiveServer,
    page: Page,
    television: Page,
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]

    def shots(screen: Page, name: str) -> None:
        for scheme in ("light", "dark"):
            screen.emulate_media(color_scheme=scheme)
            screen.screenshot(path=screenshots / f"{name}-{language}-{scheme}.png", full_page=True)
        screen.emulate_media(color_scheme="light")

    view_link = start_four(page, live_server.url)

    # The TV opens the view-only link, the game, and the big screen from the game's menu.
    television.goto(view_link)
    television.locator('a[href*="/games/"]').first.click()
    television.locator("#big-screen").click()
    board = television.locator("#tv-board")
    expect(board.locator('[data-side="Anne"] [data-total]')).to_have_text("0")
    expect(board.locator('[data-side="Anne"] .badge.dealer')).to_be_visible()

    # Anne 8 with Cato; Bjørn takes 3 and Dina 1: made, +8 each.
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    expect(board.locator('[data-side="Anne"] [data-total]')).to_have_text("8", timeout=4000)
    expect(board.locator('[data-side="Bjørn"] .badge.dealer')).to_be_visible()
    expect(board.locator("#tv-hands tbody tr")).to_have_count(1)
    play_hand(page, "Bjørn", 7, "Dina", {"Anne": 2, "Cato": 4})
    play_hand(page, "Cato", 9, "Anne", {"Bjørn": 1, "Dina": 2})
    expect(board.locator("#tv-hands tbody tr")).to_have_count(3, timeout=4000)
    # Anne: 8, then +2 as an opponent of a failed 7, then 9 made with Cato: 19.
    assert _total(television, "Anne") == "19"
    shots(television, "65-big-screen")
    television.set_viewport_size({"width": 390, "height": 844})
    shots(television, "66-big-screen-phone")
    television.set_viewport_size({"width": 1280, "height": 720})

    # Anne bids 12 alone three times and makes it: 19 + 36 = 55, past 52: she wins.
    for _hand in range(3):
        play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
    expect(television.locator("#tv-winner")).to_be_visible(timeout=4000)
    expect(board.locator('[data-side="Anne"] [data-total]')).to_have_text("55")
    # All of it on one 16:9 screen, seen from the sofa: nothing to scroll to.
    assert television.evaluate("document.documentElement.scrollHeight") <= 720
    shots(television, "67-big-screen-winner")

    # "New game, same table": the big screen goes on to the new game by itself.
    first = television.url
    page.locator("form[action$='/again/'] button").click()
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    expect(television).not_to_have_url(first, timeout=6000)
    assert television.url.endswith("/tv/")
    expect(board.locator('[data-side="Anne"] [data-total]')).to_have_text("0")


@pytest.mark.django_db(transaction=True)
def test_a_long_team_name_is_shown_whole_on_a_phone_and_a_tv(
    live_server: LiveServer, page: Page, television: Page
) -> None:
    group = make_group(players=list(FOUR))
    teams = {
        "Nordlendingene": ["Anne", "Cato"],
        "Sørlendingene fra Kristiansand": ["Bjørn", "Dina"],
    }
    game = group.start_game("spades", list(FOUR), teams=teams, first_dealer="Anne", by="Anne")
    # Each name sized to its card, over two lines where it must: never cut short.
    whole = "n => n.scrollHeight <= n.clientHeight && n.scrollWidth <= n.clientWidth"
    for screen in (page, television):
        screen.goto(f"{live_server.url}/g/{group.view_key}/games/{game.code}/tv/")
        for team in teams:
            side = screen.locator(f'.tv-side[data-side="{team}"]')
            name = side.locator(".tv-name")
            expect(name).to_have_text(team)
            assert name.evaluate(whole), (screen.viewport_size, team)
            # The bags and the points to go, told apart, the points to go on the note's line.
            expect(side.locator(".tv-note")).to_have_text("0 bags: 10 to the penalty · 500 to go")
            expect(side.locator(".tv-note .tv-to-go")).to_have_text("500 to go")


@pytest.mark.parametrize("locale", ["nb-NO", "en-GB"])
def test_a_finished_team_game_with_the_next_game_begun_fits_one_screen(
    live_server: LiveServer, television: Page, locale: str, transactional_db: None
) -> None:
    """The winner, the way on to the next game, two teams' cards with their players and the
    last hands: all of it on a 16:9 screen of 1280 x 720, nothing to scroll to."""
    group = make_group(players=list(FOUR))
    finished = euchre_game(group)
    finished.play_again("Anne")
    television.goto(live_server.url + reverse("game_tv", args=[group.view_key, finished.code]))
    expect(television.locator("#tv-winner")).to_be_visible()
    expect(television.locator("#tv-winner [data-next-game]")).to_be_visible()
    expect(television.locator("#tv-hands tbody tr").first).to_be_visible()
    assert television.evaluate("document.documentElement.scrollHeight") <= 720


SIX = ["Kristoffer-Alexander", "Marie-Therese Johannessen", "Bjørn", "Dina", "Eva-Sofie", "Hans"]


@pytest.mark.parametrize(("width", "height"), [(960, 540), (1280, 720)])
def test_six_long_names_won_by_an_amerikaner_fit_a_smaller_tv(
    live_server: LiveServer, browser: Browser, width: int, height: int
) -> None:
    """The board scales to the screen's height: six cards, the winner's reason and the last
    hands fit a TV of fewer CSS pixels as they fit 1920 x 1080."""
    kristoffer, marie, bjørn, dina, eva, hans = SIX
    everybody = dict.fromkeys(SIX, 1)
    hands = [
        bid(kristoffer, 5, bjørn, {p: 1 for p in (marie, dina, eva, hans)}, dealer=kristoffer),
        bid(marie, 6, None, {p: n for p, n in everybody.items() if p != marie}, dealer=marie),
        bid(eva, "amerikaner", None, {p: 0 for p in SIX if p != eva}, dealer=bjørn),
    ]
    game = make_game(players=SIX, hands=hands, rules={"amerikaner_wins": True})
    context = browser.new_context(viewport={"width": width, "height": height}, locale="nb-NO")
    television = context.new_page()
    television.goto(live_server.url + reverse("game_tv", args=[game.group.view_key, game.code]))
    expect(television.locator("#tv-winner")).to_contain_text("Eva-Sofie")
    expect(television.locator("#tv-hands tbody tr")).to_have_count(3)
    size = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    assert television.evaluate(size) == [width, height]
    # Every total of one size and at one height in its card, a long name's as a short one's.
    placed = television.locator("#tv-board [data-total]").evaluate_all(
        """totals => totals.map((total) => [
            Math.round(total.getBoundingClientRect().top
              - total.closest("li").getBoundingClientRect().top - total.closest("li").clientTop),
            getComputedStyle(total).fontSize,
        ])"""
    )
    assert len({tuple(each) for each in placed}) == 1, placed
    context.close()
