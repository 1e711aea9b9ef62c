"""Correcting a hand at the table: the form opens with the hand's outcome, and a correction
made from a page another phone has since corrected is refused in view, not saved over it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import expect_totals, play_hand, start_four, tricks
from tests.factories import anne_wins, bid


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


def test_a_correction_that_ends_the_game_keeps_its_message_beside_the_winner(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    start_four(page, live_server.url)
    game = Game.objects.get()
    for number, hand in enumerate(anne_wins()[:4], 1):
        game.add_hand(number, hand, "Anne")
    # Anne 48; hand 5 entered as her failed 6 alone (the others 3, 2 and 2).
    game.add_hand(5, bid("Anne", 6, None, {"Bjørn": 3, "Cato": 2, "Dina": 2}), "Anne")
    page.goto(f"{page.url}hands/5/edit/")
    tricks(page, "Bjørn", 2).click()  # she made it: 54, and wins
    page.locator("button[name=save]").click()
    expect(page.locator("#winner")).to_be_visible()
    message = page.locator(".messages li", has_text="Hand 5 corrected.")
    expect(message).to_contain_text("This ends the game: Anne won.")
    # The polls that follow keep what says more than the banner, and its offer.
    with page.expect_response(lambda answer: "/live/" in answer.url):
        pass
    expect(message.get_by_role("button", name="Take the correction back")).to_be_visible()


def test_a_correction_asks_before_it_makes_the_hand_a_redeal(
    live_server: LiveServer, page: Page
) -> None:
    # The redeal sits right under the dealer's chips: on a hand saved, one tap would wipe its
    # bid and tricks, so it asks first.
    _correct_the_first_hand(page, live_server.url)
    asked: list[str] = []

    def answer(dialog: Dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    page.locator("button[name=redeal]").click()
    assert asked == [
        "Make hand 1 a redeal? What it holds now goes (the history can bring it back)."
    ]
    # Answered no, nothing went: the correction is still open, and asks for a preview
    # again (a round trip after the question's, which a redeal sent would have left).
    tricks(page, "Anne", 4).click()
    expect(page.locator("#preview")).to_contain_text("Anne +4")
    expect(page).to_have_url(re.compile(r"/hands/1/edit/$"))
    assert Game.objects.get().hands.get().data["bid"] == 7
    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    page.locator("button[name=redeal]").click()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert Game.objects.get().hands.get().data == {"dealer": "Anne", "redeal": True}
    assert len(asked) == 2
