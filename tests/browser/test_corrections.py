"""Correcting a hand at the table: the form opens with the hand's outcome, and a correction
made from a page another phone has since corrected is refused in view, not saved over it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import expect_totals, play_hand, start_four, tricks


def _correct_the_first_hand(page: Page, base_url: str) -> None:
    """A game of four whose first hand failed, its correction open."""
    start_four(page, base_url)
    # Dina 7 with Bjørn; Anne and Cato take 3 each, leaving 6: failed, -7 each.
    play_hand(page, "Dina", 7, "Bjørn", {"Anne": 3, "Cato": 3})
    expect_totals(page, {"Anne": 3, "Bjørn": -7, "Cato": 3, "Dina": -7})
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.locator('a[href$="/edit/"]').click()


def test_a_correction_from_a_stale_page_shows_the_conflict_and_its_preview(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _correct_the_first_hand(page, live_server.url)
    # The hand's outcome shows as the correction opens.
    expect(page.locator("#preview .failed")).to_be_visible()

    # A second phone opens the same correction; the first phone saves first.
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#preview .failed")).to_be_visible()
    tricks(page, "Anne", 4).click()
    tricks(page, "Cato", 4).click()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 4, "Cato": 4})

    # Anne 2 leaves Dina and Bjørn 7: made, but from a page that no longer holds the hand.
    tricks(other, "Anne", 2).click()
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()
    expect(other.locator("#preview .made")).to_be_visible()


def test_a_correction_is_taken_back_from_its_message(
    live_server: LiveServer, page: Page, screenshots: Path
) -> None:
    _correct_the_first_hand(page, live_server.url)
    # A slip: the correction gives Anne a trick of Cato's.
    tricks(page, "Anne", 4).click()
    tricks(page, "Cato", 2).click()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 4, "Cato": 2})
    message = page.locator(".messages li", has_text="Hand 1 corrected.")
    take_back = message.get_by_role("button", name="Take the correction back")
    expect(take_back).to_be_visible()
    page.screenshot(path=screenshots / "correction-take-back.png")
    # The message stays until it is used (a confirmation of its own goes by itself).
    expect(message).to_have_css("animation-name", "none")
    take_back.click()
    expect(page.locator(".messages li")).to_have_text("The correction of hand 1 is taken back.")
    expect_totals(page, {"Anne": 3, "Bjørn": -7, "Cato": 3, "Dina": -7})
