"""A second phone follows the score through the view-only link, without reloading."""

from collections.abc import Callable

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    expect_totals,
    fill_new_game,
    open_new_game,
    play_hand,
    start_game,
    start_group,
    total,
)


def test_a_view_only_phone_sees_a_saved_hand_within_seconds(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    start_group(page, live_server.url, me="Anne")
    # The second card on the group page is the view-only link.
    view_link = page.locator(".card .link-url a").nth(1).get_attribute("href")
    assert view_link
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)

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
