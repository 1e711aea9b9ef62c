"""A penalty at a real table: saved on one phone, it shows on the others and the big screen;
it is corrected, undone and brought back like a hand, and kept offline like one.

Each test ends by looking at the database: the page's word is not enough.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Hand
from tests.browser.steps import (
    expect_dealer,
    expect_totals,
    fill_hand,
    game_code,
    join_as,
    play_hand,
    start_four,
    total,
)

# A poll every 2 s (or the stream's word at once): a few polls' time is plenty.
SOON = 10_000


def _adjustments(page: Page) -> list[dict[str, object]]:
    hands = Hand.objects.filter(game__code=game_code(page)).order_by("number")
    return [hand.data for hand in hands if "adjustment" in hand.data]


def _penalty(page: Page, offender: str, amount: int, reason: str) -> None:
    """Open "Penalty or adjustment", take `amount` from `offender`, give the reason."""
    form = page.locator("form[data-adjust-form]")
    if not form.is_visible():
        page.locator("#adjust > summary").click()
    form.locator(f'label:has(> input[name=offender][value="{offender}"])').click()
    form.locator("input[name=amount]").fill(str(amount))
    form.locator("input[name=reason]").fill(reason)


def _shots(page: Page, folder: Path, name: str, part: str) -> None:
    """The part of the page at phone size, light and dark, for a person to look at (taken
    by `make screenshots` only: see the `screenshots` fixture)."""
    page.locator(part).scroll_into_view_if_needed()
    box = page.locator(part).bounding_box()
    assert box is not None
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=folder / f"{name}-{scheme}.png", clip=box)
    page.emulate_media(color_scheme="light")


def test_a_penalty_shows_everywhere_and_is_corrected_undone_and_restored(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page], screenshots: Path
) -> None:
    start_four(page, live_server.url)
    # Bjørn 8 with Dina, made; Anne 2 and Cato 1 for their tricks. Anne dealt.
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    other = new_phone()
    join_as(other, page.url, "Cato")
    television = new_phone()
    television.goto(f"{page.url}tv/")

    # Closed under the hand form until asked for.
    expect(page.locator("form[data-adjust-form]")).to_be_hidden()
    _penalty(page, "Bjørn", 10, "Revoke")
    _shots(page, screenshots, "adjust-form", "#adjust")
    page.locator("form[data-adjust-form] button[type=submit]").click()
    row = page.locator("#hands tbody tr").first
    expect(row).to_have_attribute("data-number", "2")
    expect(row).to_contain_text("⚖ Revoke")
    expect_totals(page, {"Bjørn": -2, "Dina": 8})
    expect_dealer(page, "Bjørn")  # Anne dealt hand 1; the penalty dealt nothing
    _shots(page, screenshots, "adjust-hands", "#hands")

    # The other phone and the big screen follow.
    expect(total(other, "Bjørn")).to_have_text("\u22122", timeout=SOON)
    expect(other.locator("#hands tbody tr").first).to_contain_text("⚖ Revoke")
    board = television.locator("#tv-board")
    expect(board.locator('[data-side="Bjørn"] [data-total]')).to_have_text("\u22122", timeout=SOON)
    expect(television.locator("#tv-hands")).to_contain_text("⚖ Revoke")

    # Cato corrects it to 5, in its own form, side by side.
    other.locator('#hands tbody tr a.why[href$="/hands/2/"]').click()
    other.locator('a[href$="/hands/2/edit/"]').click()
    other.locator("form[data-adjust-form] input[name=adjustment-1]").fill("-5")
    other.locator("form[data-adjust-form] button[type=submit]").click()
    expect(total(other, "Bjørn")).to_have_text("3")
    expect(total(page, "Bjørn")).to_have_text("3", timeout=SOON)
    assert _adjustments(page) == [{"adjustment": {"Bjørn": -5}, "reason": "Revoke"}]

    # Anne undoes it (Cato's correction: her phone asks first); the big screen follows; the
    # history brings it back.
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#toolbar form[action$='/undo/'] button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(board.locator('[data-side="Bjørn"] [data-total]')).to_have_text("8", timeout=SOON)
    assert _adjustments(page) == []
    page.locator('#toolbar a[href$="/history/"]').click()
    page.locator("#changes li.delete form button").first.click()
    expect_totals(page, {"Bjørn": 3})
    expect(board.locator('[data-side="Bjørn"] [data-total]')).to_have_text("3", timeout=SOON)
    assert _adjustments(page) == [{"adjustment": {"Bjørn": -5}, "reason": "Revoke"}]

    # The group's feed says who did each, and when, newest first.
    page.goto(page.url.split("/games/")[0] + "/changes/")
    lines = page.locator("#feed li")
    expect(lines.nth(0)).to_contain_text("Anne brought back an adjustment in Amerikaner")
    expect(lines.nth(1)).to_contain_text("Anne deleted an adjustment in Amerikaner")
    expect(lines.nth(2)).to_contain_text("Cato corrected an adjustment in Amerikaner")
    expect(lines.nth(3)).to_contain_text(
        "Anne added an adjustment in Amerikaner: Bjørn \u221210 (Revoke)"
    )
    for line in range(4):
        expect(lines.nth(line).locator("time")).to_have_attribute("datetime", re.compile(r"^20"))


def test_a_penalty_kept_offline_goes_in_once_before_the_next_hand(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    page.context.set_offline(True)
    _penalty(page, "Cato", 4, "Talked across the table")
    page.locator("form[data-adjust-form] button[type=submit]").click()
    expect(page.locator("#status [data-queue]")).to_contain_text("hand 1 is kept on this phone")
    expect(page.locator("#hands [data-waiting] li")).to_contain_text("⚖ Talked across the table")
    # The hand form moved on to hand 2, its dealer still Anne: the penalty dealt nothing.
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    expect_dealer(page, "Anne")
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("form[data-hand-form] button[name=save]").click()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(2)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    # Cato 1 for a trick, 4 taken away: -3.
    expect_totals(page, {"Bjørn": 8, "Cato": -3})
    hands = Hand.objects.filter(game__code=game_code(page)).order_by("number")
    assert [hand.data.get("reason", hand.data.get("bidder")) for hand in hands] == [
        "Talked across the table",
        "Bjørn",
    ]
    assert hands[1].data["dealer"] == "Anne"
