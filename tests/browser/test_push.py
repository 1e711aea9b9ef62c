"""Every phone hears of a change at once: the group's stream says which game moved on, the
phone then asks as its poll does; while the stream works the 2 s poll stays quiet (one
request every 30 s), and where the stream is refused or the workers' transport is down the
phones poll as before and miss nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import override_settings
from playwright.sync_api import Page, Request, Route, expect

from games import stream
from scorekeeper.settings import redis_cache
from tests.browser.steps import (
    LIVE,
    fill_hand,
    fill_new_game,
    join_as,
    open_new_game,
    open_new_game_of,
    play_hand,
    start_four,
    start_game,
    start_group,
    to_group,
)
from tests.conftest import StreamingServer
from tests.views.test_cache_down import Redis


def _polls(phone: Page) -> list[str]:
    """The live part's requests this phone makes from now on."""
    asked: list[str] = []

    def count(request: Request) -> None:
        if LIVE.search(request.url):
            asked.append(request.url)

    phone.on("request", count)
    return asked


def _streams_open(phone: Page, count: int) -> None:
    """Wait until `count` phones hold their group's stream (and the worker hears the others)."""
    for _ in range(100):
        if stream.hub.count >= count and stream.hub.up:
            return
        phone.wait_for_timeout(100)
    raise AssertionError(f"{stream.hub.count} streams open, not {count}")


def _polls_reach(phone: Page, asked: list[str], count: int, within_ms: int) -> None:
    """Wait until the phone has made `count` requests, for `within_ms` at most: the test
    goes on as soon as they have come, and its assert fails as before where they have not
    come in time."""
    for _ in range(within_ms // 100):
        if len(asked) >= count:
            return
        phone.wait_for_timeout(100)


def _heading(phone: Page, number: int) -> None:
    expect(phone.locator("#entry")).to_have_attribute("data-next", str(number))


# Again on PostgreSQL: there the workers tell each other by LISTEN and NOTIFY.
@pytest.mark.every_database
@pytest.mark.parametrize("locale", ["nb-NO"])
def test_the_phones_hear_a_saved_hand_at_once_and_stay_quiet_meanwhile(
    streaming_server: StreamingServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    view_link = start_four(page, streaming_server.url)
    game_path = page.url.split("/games/", 1)[1]
    watchers = [new_phone() for _ in range(3)]
    join_as(watchers[0], page.url, "Bjørn")
    join_as(watchers[1], page.url, "Cato")
    watchers[2].goto(f"{view_link}games/{game_path}")
    _streams_open(page, 4)
    # The server said `open` to every stream; a phone hears it a moment later and then asks
    # once within 2 s. Counting starts after that: on a busy machine a phone's 2 s poll could
    # come before it heard `open`, and its first look after it as well.
    page.wait_for_timeout(2500)
    polls = [_polls(watcher) for watcher in watchers]
    # Six quiet seconds: a polling phone would ask three times; one on the stream, at most
    # once (a late first look after the stream opened).
    page.wait_for_timeout(6000)
    assert [len(asked) <= 1 for asked in polls] == [True] * 3, polls
    before = [len(asked) for asked in polls]
    play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    for watcher in watchers:
        _heading(watcher, 2)
    # The 2 s poll is quiet and the next safety poll 30 s away: the nudge brought it, with
    # one request a phone.
    assert [len(asked) - was for asked, was in zip(polls, before, strict=True)] == [1, 1, 1]


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_hand_kept_offline_goes_as_soon_as_the_phone_is_back(
    streaming_server: StreamingServer, page: Page
) -> None:
    start_four(page, streaming_server.url)
    _streams_open(page, 1)
    page.wait_for_timeout(2500)  # the phone heard `open`: its 2 s poll is quiet now
    page.context.set_offline(True)
    fill_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    expect(page.locator("#status [data-queue]")).to_contain_text("Ingen forbindelse")
    page.context.set_offline(False)
    # Not at the next safety poll, up to 30 s away: as soon as the phone is back.
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=5000)
    expect(page.locator("#status [data-queue]")).to_be_hidden()


def _refused(route: Route) -> None:
    route.fulfill(status=404, body="Not found")


def _held(route: Route) -> None:
    """A proxy that holds the stream's answer back (buffering it): never answered."""


@pytest.mark.parametrize("locale", ["nb-NO"])
@pytest.mark.parametrize("proxy", [_refused, _held], ids=["refused", "held"])
def test_a_stream_that_does_not_come_leaves_the_phone_polling(
    streaming_server: StreamingServer,
    page: Page,
    new_phone: Callable[..., Page],
    proxy: Callable[[Route], None],
) -> None:
    start_four(page, streaming_server.url)
    watcher = new_phone()
    watcher.route("**/events/**", proxy)
    join_as(watcher, page.url, "Bjørn")
    polls = _polls(watcher)
    play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    _heading(watcher, 2)
    _polls_reach(watcher, polls, 2, within_ms=4500)
    assert len(polls) >= 2  # every 2 s, as before the stream


@pytest.mark.parametrize("proxy", [_refused, _held], ids=["refused", "held"])
def test_with_no_stream_the_group_night_and_why_pages_still_follow_within_seconds(
    streaming_server: StreamingServer,
    page: Page,
    new_phone: Callable[..., Page],
    proxy: Callable[[Route], None],
) -> None:
    # Not only the game page and the big screen: every page that follows the table asks
    # every 2 s while it hears no stream (it asked every 30 s). Anne starts on 50: her
    # first made bid wins.
    start_group(page, streaming_server.url)
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"], start={1: 50})
    start_game(page)
    play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    expect(page.locator("#winner")).to_be_visible()
    group, night, why = new_phone(), new_phone(), new_phone()
    for phone in (group, night, why):
        phone.route("**/events/**", proxy)
        join_as(phone, page.url, "Bjørn")
    to_group(group)
    night.goto(group.url)
    night.locator("#nights a").first.click()
    why.goto(f"{page.url}hands/1/")
    expect(night.locator("#night-live")).to_contain_text("1")
    to_group(page)
    open_new_game_of(page, "american")
    start_game(page)
    american = page.url.removeprefix(streaming_server.url)
    for phone in (group, night):
        expect(
            phone.locator(f'#in-play a[href="{american}"], #night-live a[href="{american}"]').first
        ).to_be_attached(timeout=5000)
    game = why.locator("[data-next-game]")
    expect(game).to_have_attribute("href", re.compile(american.split("/games/")[1]), timeout=5000)


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_with_redis_stopped_mid_game_the_phones_poll_and_miss_nothing(
    streaming_server: StreamingServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    redis = Redis()
    redis.start()
    try:
        with override_settings(CACHES={"default": redis_cache(redis.url)}):
            streaming_server.listen_again()
            start_four(page, streaming_server.url)
            watcher = new_phone()
            join_as(watcher, page.url, "Bjørn")
            _streams_open(page, 2)
            play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
            _heading(watcher, 2)
            redis.stop()
            # The worker no longer hears Redis: its streams say so, and the phones poll.
            polls = _polls(watcher)
            play_hand(page, "Bjørn", 7, "Cato", {"Anne": 3, "Dina": 2})
            _heading(watcher, 3)
            assert not stream.hub.up
            _polls_reach(watcher, polls, 3, within_ms=4500)
            assert len(polls) >= 3  # the hand's, and every 2 s
            redis.start()
            _streams_open(page, 2)
            polls = _polls(watcher)
            play_hand(page, "Cato", 6, "Anne", {"Bjørn": 4, "Dina": 3})
            _heading(watcher, 4)
            assert len(polls) <= 2
    finally:
        redis.stop()


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_big_screen_whose_only_game_was_deleted_waits_and_opens_the_next(
    streaming_server: StreamingServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    view_link = start_four(page, streaming_server.url)
    code = page.url.split("/games/", 1)[1].strip("/")
    tv = new_phone()
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(f"{view_link}games/{code}/tv/")
    _streams_open(page, 2)
    # Started by mistake and deleted: no game before it, so the screen waits.
    page.goto(page.url + "end/")
    page.locator(f"form[action$='/{code}/delete/'] button").click()
    expect(tv).to_have_url(f"{view_link}tv/")
    expect(tv.locator("#tv-waiting")).to_contain_text("Venter på neste spill")
    expect(tv.locator(".messages")).to_contain_text("Det spillet ble slettet")
    _streams_open(page, 1)
    # The next game, of another kind, from the group page: the screen opens it.
    to_group(page)
    open_new_game_of(page, "american")
    start_game(page)
    started = page.url.split("/games/", 1)[1]
    expect(tv).to_have_url(f"{view_link}games/{started}tv/")


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_every_screen_follows_the_table_to_a_game_of_another_kind(
    streaming_server: StreamingServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    start_group(page, streaming_server.url)
    # The group and night pages watched through the view-only link.
    group_url = page.locator(".card .link-url a").nth(1).get_attribute("href")
    open_new_game(page)
    # Anne starts on 50: her first made bid wins.
    fill_new_game(page, ["Bjørn", "Cato", "Dina"], start={1: 50})
    start_game(page)
    game_url = page.url
    phone, tv, group_page = new_phone(), new_phone(), new_phone()
    join_as(phone, game_url, "Bjørn")
    tv.goto(f"{game_url}tv/")
    assert group_url
    group_page.goto(group_url)
    night_page = new_phone()
    night_page.goto(group_url)
    night_page.locator("#nights a").first.click()
    expect(night_page.locator("#standings")).to_be_visible()
    _streams_open(page, 5)
    play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    expect(phone.locator("#winner")).to_be_visible()
    # Two phones left on pages of the finished game: how Anne got there, and why.
    totals, why = new_phone(), new_phone()
    finished = f"{group_url}games/{game_url.split('/games/')[1]}"
    totals.goto(f"{finished}totals/1/")
    why.goto(f"{finished}hands/1/")
    _streams_open(page, 7)
    # A game of another kind, started from the group page.
    to_group(page)
    open_new_game_of(page, "american")
    start_game(page)
    american = page.url
    edit_key, view_key = (url.split("/g/")[1].split("/")[0] for url in (american, group_url))
    expect(phone.locator("[data-next-game]")).to_have_attribute(
        "href", american.removeprefix(streaming_server.url)
    )
    for left in (totals, why):
        expect(left.locator("[data-next-game]")).to_have_attribute(
            "href", american.removeprefix(streaming_server.url).replace(edit_key, view_key)
        )
    expect(tv).to_have_url(f"{american}tv/")
    expect(group_page.locator("#in-play a")).to_have_attribute(
        "href", american.removeprefix(streaming_server.url).replace(edit_key, view_key)
    )
    expect(night_page.locator("#standings thead th")).to_have_count(4)  # name, won, 2 games


def test_a_games_history_and_chart_opened_in_play_follow_it_and_the_table(
    streaming_server: StreamingServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    """Phones left on a game's history and chart while it is in play show each hand as it
    is saved, and when the game is won and the next one begins, they are offered it."""
    start_group(page, streaming_server.url)
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"], start={1: 44})
    start_game(page)
    game_url = page.url
    history, chart = new_phone(), new_phone()
    history.goto(f"{game_url}history/")
    chart.goto(f"{game_url}chart/")
    expect(history.locator("#followed")).to_contain_text("No changes yet.")
    _streams_open(page, 3)
    play_hand(page, "Cato", 8, "Dina", {"Anne": 2, "Bjørn": 1})
    expect(history.locator("#followed")).to_contain_text("Cato 8 with Dina", timeout=2000)
    expect(chart.locator("#followed svg.chart")).to_be_visible(timeout=2000)
    play_hand(page, "Anne", 8, "Bjørn", {"Cato": 2, "Dina": 2})  # 44 + 2 + 8: Anne wins
    expect(page.locator("#winner")).to_be_visible()
    page.locator("form[action$='/again/'] button").click()
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    for left in (history, chart):
        expect(left.locator("[data-next-game]")).to_have_attribute(
            "href", page.url.removeprefix(streaming_server.url), timeout=2000
        )
    expect(history.locator("#followed")).to_contain_text("Anne 8 with Bjørn")
