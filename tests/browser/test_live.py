"""A second phone follows the score through the view-only link, without reloading."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    LIVE,
    choice,
    expect_totals,
    fill_hand,
    fill_new_game,
    join_as,
    open_new_game_of,
    play_hand,
    save,
    save_held,
    start_four,
    start_game,
    start_group,
    total,
)
from tests.factories import anne_wins, make_game, make_group

# Also on PostgreSQL: what these show depends on the database's locks and transactions.
pytestmark = pytest.mark.every_database


def test_a_view_only_phone_sees_a_saved_hand_within_seconds(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    view_link = start_four(page, live_server.url)

    watcher = new_phone()
    watcher.goto(view_link)
    watcher.locator('a[href*="/games/"]').first.click()
    expect_totals(watcher, {"Anne": 0, "Bjørn": 0, "Cato": 0, "Dina": 0})
    # Following only: no hand form, nothing to save or undo.
    expect(watcher.locator("form[data-hand-form]")).to_have_count(0)
    expect(watcher.locator("button[name=save]")).to_have_count(0)
    expect(watcher.locator("#toolbar form")).to_have_count(0)

    # Anne 8 with Cato; Bjørn takes 3 and Dina 1, leaving 8: made, +8 each.
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    expect_totals(page, {"Anne": 8, "Cato": 8})

    # The watcher polls every 2 seconds; the change shows within one poll and a bit.
    expect(total(watcher, "Anne")).to_have_text("8", timeout=3500)
    expect_totals(watcher, {"Anne": 8, "Bjørn": 3, "Cato": 8, "Dina": 1})
    expect(watcher.locator("#hands tbody tr")).to_have_count(1)
    expect(watcher.locator("form[data-hand-form]")).to_have_count(0)


def test_an_open_form_moves_on_when_another_phone_saves_its_hand(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "american")
    fill_new_game(page, ["Bjørn"])
    page.locator("#id_rule_target_wins").fill("3")
    start_game(page)

    # Bjørn's phone opens the same game with the full link, and says who it is first.
    other = new_phone()
    join_as(other, page.url, "Bjørn")
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("1")

    # Anne is halfway through game 1 ("Anne won") when Bjørn's phone saves that game.
    choice(page, "winner", "Anne").click()
    choice(other, "winner", "Anne").click()
    save(other)

    # Within a poll, Anne's open form moves on to hand 2 and says why; her tap stays.
    number = page.locator("form[data-hand-form] input[name=number]")
    expect(number).to_have_value("2", timeout=3500)
    expect(page.locator("button[name=save]")).to_have_text("Save hand 2", use_inner_text=True)
    notice = page.locator("[data-renumbered]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Hand 1 was just saved on another phone")
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(page.locator('input[name=winner][value="Anne"]')).to_be_checked()

    # Anne won game 2 as well: the same hand again is a new hand once she says so, by
    # tapping Save again (her tap was for game 1).
    save_held(page)
    expect_totals(page, {"Anne": 2, "Bjørn": 0})
    expect(page.locator("[data-renumbered]")).to_be_hidden()


def test_a_poll_answered_after_a_save_does_not_bring_back_the_old_score(
    live_server: LiveServer, page: Page
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "american")
    fill_new_game(page, ["Bjørn"])
    page.locator("#id_rule_target_wins").fill("3")
    start_game(page)
    live_url = page.locator("#main").get_attribute("data-live-url")
    before = page.request.get(f"{live_server.url}{live_url}")  # no hands yet

    # Hold the next poll's answer until the hand below is saved, then answer with the
    # game as it was when the poll asked: a slow network does exactly this.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(LIVE, hold)
    with page.expect_request(LIVE):
        pass
    choice(page, "winner", "Anne").click()
    save(page)
    held[0].fulfill(status=200, headers=before.headers, body=before.body())
    page.unroute(LIVE, hold)

    # The poll after it comes only once the held one is done with.
    with page.expect_request(LIVE):
        pass
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect_totals(page, {"Anne": 1, "Bjørn": 0})
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")


def test_an_unchanged_game_is_polled_with_its_etag_and_answered_304(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    # htmx asks every 2 s with the version the page shows (its hx-headers, which each poll's
    # morph brings up to date), so an unchanged game costs the server no page.
    with page.expect_response(LIVE) as polled:
        pass
    answer = polled.value
    assert answer.request.headers["if-none-match"] == page.locator("#live-parts").get_attribute(
        "data-etag"
    )
    assert answer.status == 304
    expect(page.locator("#hands tbody tr")).to_have_count(0)


def test_a_watching_phone_gets_the_form_back_when_a_won_game_reopens(
    live_server: LiveServer, page: Page
) -> None:
    group = make_group()
    game = make_game(group, hands=anne_wins())
    join_as(page, f"{live_server.url}/g/{group.edit_key}/games/{game.code}/", "Bjørn")
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("form[data-hand-form]")).to_have_count(0)

    # Another phone takes back the winning hand: the next poll brings the open game and
    # its form for hand 5, which saves as any other.
    game.delete_hand(5, game.hands.get(number=5).revision, "Anne")
    number = page.locator("form[data-hand-form] input[name=number]")
    expect(number).to_have_value("5", timeout=3500)
    expect(page.locator("#winner")).to_have_count(0)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    save(page)
    expect(page.locator("#hands tbody tr")).to_have_count(5)
    assert Game.objects.get(pk=game.pk).hands.count() == 5
