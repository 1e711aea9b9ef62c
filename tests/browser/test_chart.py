"""The running totals chart comes by itself when it scrolls into view, follows the saves
on the scorer's phone and on a watching one without a gap, and is a page of its own
without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    game_code,
    join_as,
    play_hand,
    start_four,
    wait_for_offline_copy,
)
from tests.factories import bid, make_game

CHART = "#chart svg.chart"


def _hands_in_chart(page: Page, chart: str = CHART) -> str:
    label = page.locator(chart).get_attribute("aria-label") or ""
    found = re.search(r"over (\d+) hands?", label)
    assert found, label
    return found[1]


def test_the_chart_comes_into_view_and_follows_the_table(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page], screenshots: Path
) -> None:
    view_link = start_four(page, live_server.url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    play_hand(page, "Bjørn", 7, "Dina", {"Anne": 2, "Cato": 2})

    # Nothing is asked for while the chart is out of sight below the hands.
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/chart/" in request.url else None
    )
    page.reload()
    expect(page.locator("#hands tbody tr")).to_have_count(2)
    page.wait_for_timeout(300)
    assert asked == []
    page.locator("#chart").scroll_into_view_if_needed()
    expect(page.locator(CHART)).to_be_visible()
    assert _hands_in_chart(page) == "2" and len(asked) == 1
    page.screenshot(path=screenshots / "95-chart-in-view.png", full_page=True)

    watcher = new_phone()
    watcher.goto(view_link)
    watcher.locator('a[href*="/games/"]').first.click()
    watcher.locator("#chart").scroll_into_view_if_needed()
    expect(watcher.locator(CHART)).to_be_visible()
    # The watcher's next chart is held back: until it comes, the one it had stays.
    held: list[Route] = []
    watcher.route("**/chart/", lambda route: held.append(route))

    # The scorer's save: its answer brings no chart and asks for the new one; the old
    # one stays until it comes.
    mine: list[Route] = []
    page.route("**/chart/", lambda route: mine.append(route))
    play_hand(page, "Cato", 6, "Dina", {"Anne": 3, "Bjørn": 3})
    page.locator("#chart").scroll_into_view_if_needed()
    page.wait_for_timeout(200)
    assert len(mine) == 1 and _hands_in_chart(page) == "2"
    mine[0].continue_()
    expect(page.locator(CHART)).to_have_attribute("aria-label", re.compile("over 3 hands"))

    expect(watcher.locator("#hands tbody tr")).to_have_count(3, timeout=5000)
    watcher.wait_for_timeout(200)
    assert len(held) == 1
    expect(watcher.locator(CHART)).to_have_count(1)
    assert _hands_in_chart(watcher) == "2"
    held[0].continue_()
    expect(watcher.locator(CHART)).to_have_attribute("aria-label", re.compile("over 3 hands"))
    expect(watcher.locator(CHART)).to_have_count(1)


def test_without_javascript_the_chart_is_one_tap_away(
    live_server: LiveServer, page: Page, new_phone: Callable[..., Page], screenshots: Path
) -> None:
    start_four(page, live_server.url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    plain = new_phone(javascript=False)
    join_as(plain, page.url, "Bjørn")
    expect(plain.locator("svg.chart")).to_have_count(0)
    plain.get_by_role("link", name="Show the chart").click()
    expect(plain.locator("svg.chart")).to_be_visible()
    assert _hands_in_chart(plain, "svg.chart") == "1"
    plain.screenshot(path=screenshots / "96-chart-page-without-javascript.png", full_page=True)
    plain.get_by_role("link", name="Back to the game").click()
    expect(plain.locator("#hands tbody tr")).to_have_count(1)


# The key the service worker keeps the chart under, as the page asks for it alone.
KEPT_CHART = "new URL(document.querySelector('#chart').getAttribute('hx-get') + '?alone', location.href).href"


def _kept_with_its_chart(page: Page, base_url: str) -> None:
    """A game of one hand whose page and chart this phone keeps for offline."""
    start_four(page, base_url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    wait_for_offline_copy(page)
    page.locator("#chart").scroll_into_view_if_needed()
    expect(page.locator(CHART)).to_be_visible()
    wait_for_offline_copy(page, KEPT_CHART)


@pytest.mark.parametrize("service_workers", ["allow"])  # the page opens again offline
def test_a_page_opened_again_offline_shows_the_chart_it_last_had(
    live_server: LiveServer, page: Page
) -> None:
    _kept_with_its_chart(page, live_server.url)
    page.context.set_offline(True)
    page.reload()
    page.locator("#chart").scroll_into_view_if_needed()
    expect(page.locator(CHART)).to_be_visible()
    assert _hands_in_chart(page) == "1"


@pytest.mark.parametrize("service_workers", ["allow"])
def test_a_deleted_games_page_and_chart_are_not_kept_for_offline(
    live_server: LiveServer, page: Page
) -> None:
    _kept_with_its_chart(page, live_server.url)
    url, chart_key, code = page.url, page.evaluate(KEPT_CHART), game_code(page)
    # The page with every hand is kept too, under its own address.
    page.goto(f"{url}?hands=all")
    wait_for_offline_copy(page)

    Game.objects.get(code=code).delete()
    response = page.goto(url)
    assert response is not None and response.status == 404
    for _ in range(50):
        kept = page.evaluate(
            "(keys) => Promise.all(keys.map((key) => caches.match(key).then((c) => !!c)))",
            [url, f"{url}?hands=all", chart_key],
        )
        if kept == [False, False, False]:
            break
        page.wait_for_timeout(100)
    assert kept == [False, False, False]


@pytest.mark.parametrize("service_workers", ["allow"])
def test_a_game_deleted_before_its_first_hand_is_not_kept_for_offline(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    wait_for_offline_copy(page)
    url = page.url
    Game.objects.get(code=game_code(page)).delete_if_empty("Anne")
    # Asked for again, it sends the phone to the group's page, and its copy goes.
    page.goto(url)
    expect(page.locator(".messages")).to_contain_text("That game was deleted")
    assert "/games/" not in page.url
    for _ in range(50):
        if not page.evaluate("(key) => caches.match(key).then((copy) => !!copy)", url):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the deleted game's page is still kept for offline")


@pytest.mark.parametrize("service_workers", ["allow"])
def test_a_page_its_service_worker_keeps_is_asked_for_once(
    live_server: LiveServer, page: Page
) -> None:
    """Once the service worker is in charge it keeps the page on its way in, and the page's
    script asks the server only for the files it links: a second request for the page
    (the script's own copy) could come back after a deleted game's 404 had taken the copies
    away, and keep the deleted game's page for offline."""
    _kept_with_its_chart(page, live_server.url)
    page.wait_for_function("!!navigator.serviceWorker.controller")
    asked: list[tuple[str, str]] = []
    page.on("request", lambda request: asked.append((request.url, request.resource_type)))
    # The script keeps its files (the page's stylesheets and scripts) once loaded.
    with page.expect_request(
        lambda request: request.url.endswith(".js") and request.resource_type == "fetch"
    ):
        page.reload()
    wait_for_offline_copy(page)
    assert [kind for url, kind in asked if url == page.url] == ["document"]


def test_a_chart_that_could_not_come_is_asked_for_again(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    asked: list[str] = []

    def first_lost(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()  # a blip on the table's Wi-Fi
        else:
            route.continue_()

    page.route("**/chart/", first_lost)
    page.reload()
    page.locator("#chart").scroll_into_view_if_needed()
    # Asked again once a poll gets through (every 2 s).
    expect(page.locator(CHART)).to_be_visible(timeout=6000)
    assert len(asked) == 2 and _hands_in_chart(page) == "1"


# Where the page goes on below the chart, from the top of the page.
UNDER_THE_CHART = """() => {
    let el = document.querySelector('#chart');
    while (!el.nextElementSibling) el = el.parentElement;
    return el.nextElementSibling.getBoundingClientRect().top + window.scrollY;
}"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "players",
    [
        ["Anne", "Bjørn", "Cato"],
        ["Anne", "Bjørn", "Cato", "Dina"],
        ["Anne", "Bjørn", "Cato", "Dina", "Eli", "Frode"],
        # Names too long for two columns: a legend row each.
        ["Anne-Kristin", "Bjørn Olav", "Cato Andreas", "Dina Marie"],
    ],
)
def test_the_room_kept_for_the_chart_is_the_charts_own(
    live_server: LiveServer, page: Page, players: list[str]
) -> None:
    # Bids of 6 fit every table from three players to six.
    hands = [
        bid(who, 6, None, {other: 1 for other in players if other != who}, dealer=who)
        for who in players[:2]
    ]
    game = make_game(players=players, hands=hands)
    held: list[Route] = []
    page.route("**/chart/", lambda route: held.append(route))
    page.goto(f"{live_server.url}/g/{game.group.view_key}/games/{game.code}/")
    page.locator("#chart").scroll_into_view_if_needed()
    # The chart is asked for once it is in view, a moment later (or already on load):
    # wait until the route holds that request, or there is none to let through yet.
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    page.wait_for_function("document.querySelector('#chart').offsetHeight > 0")
    kept = page.evaluate(UNDER_THE_CHART)
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(CHART)).to_be_visible()
    # Nothing under the chart moves when it comes.
    assert abs(page.evaluate(UNDER_THE_CHART) - kept) < 1
