"""A redeal sits beside the dealer, away from Save, and is taken back in one tap on the phone that
tapped it."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    expect_dealer,
    redeal,
    start_four,
)


def test_a_redeal_is_far_from_save_and_undone_in_one_tap(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    start_four(page, live_server.url)
    form = page.locator("form[data-hand-form]")
    save_box = form.locator("button[name=save]").bounding_box()
    redeal_box = form.locator("button[name=redeal]").bounding_box()
    assert save_box is not None and redeal_box is not None
    # Under the dealer's chips, with the bidder, bid, partner and tricks between it and Save.
    assert form.locator("fieldset:has(input[name=bidder])").bounding_box()["y"] > redeal_box["y"]  # type: ignore[index]
    # While the form scrolls by, Save stays at the screen's foot (test_save_in_reach.py), still
    # more than two chips' height below the redeal; its own place is at the form's end.
    assert save_box["y"] - (redeal_box["y"] + redeal_box["height"]) > 2 * 44
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    in_place = form.locator("button[name=save]").evaluate(
        "b => b.getBoundingClientRect().top + scrollY"
    )
    after_redeal = form.locator("button[name=redeal]").evaluate(
        "b => b.getBoundingClientRect().bottom + scrollY"
    )
    assert in_place - after_redeal > 300
    redeal(page)
    assert Game.objects.get().hands.get().data == {"dealer": "Anne", "redeal": True}
    # The same dealer deals again, and the redeal can be taken back right there.
    expect_dealer(page, "Anne")
    undo = page.locator("form.undo-redeal button")
    expect(undo).to_be_visible()
    undo.click()
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    expect(page.locator("form.undo-redeal")).to_have_count(0)
    assert not Game.objects.get().hands.exists()
