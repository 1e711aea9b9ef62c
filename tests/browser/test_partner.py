"""The partner is tapped like every other input: forgetting it is asked about, not taken
for "alone" (which used to ask for the tricks of the partner the bidder had)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    choice,
    expect_totals,
    fill_hand,
    save,
    start_four,
)


def test_a_forgotten_partner_is_asked_for_and_nothing_is_saved(
    live_server: LiveServer, page: Page, transactional_db: None, screenshots: Path
) -> None:
    start_four(page, live_server.url)
    partner = page.locator('form[data-hand-form] input[name="partner"]')
    expect(partner).to_have_count(5)  # four players, then "alone"
    expect(page.locator('form[data-hand-form] input[name="partner"]:checked')).to_have_count(0)
    # Bjørn bids 8 with Dina, but the partner is not tapped; the opponents took 2 and 1.
    fill_hand(page, "Bjørn", 8, None, {"Anne": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    fieldset = page.locator("form[data-hand-form] fieldset:has(input[name=partner])")
    expect(fieldset.locator(".errorlist")).to_have_text("Choose the partner, or alone.")
    # In view where the scorer looks, not the unchanged totals at the top of the page.
    expect(fieldset.locator(".errorlist")).to_be_in_viewport()
    page.screenshot(path=screenshots / "refused-partner.png")
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    # What was tapped is still there: tap Dina and save.
    expect(page.locator("input[name=bidder]:checked")).to_have_value("Bjørn")
    choice(page, "partner", "Dina").click()
    save(page)
    # Made: Bjørn and Dina +8 each; the opponents +1 per trick.
    expect_totals(page, {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8})
    expect(page.locator('form[data-hand-form] input[name="partner"]:checked')).to_have_count(0)
