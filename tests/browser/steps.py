"""What a player does at the table, as Playwright steps.

Locators use names, values and the page's own attributes, never visible words, so the
same steps play a game in any language.
"""

from __future__ import annotations

from collections.abc import Mapping

from playwright.sync_api import Locator, Page, expect


def start_group(page: Page, base_url: str, me: str = "Anne", name: str = "Friday table") -> None:
    """Create a group from the start page; the browser lands on its page."""
    page.goto(f"{base_url}/")
    page.locator("#id_name").fill(name)
    page.locator("#id_me").fill(me)
    page.locator("form.card button.primary").click()
    expect(page.locator(".qr svg").first).to_be_visible()


def open_new_game(page: Page) -> None:
    page.locator('a[href$="/new/"]').click()
    expect(page.locator("#id_new_2")).to_be_visible()


def fill_new_game(page: Page, others: list[str], start: Mapping[int, int] | None = None) -> None:
    """Seat 1 is prefilled with the group's player; the others sit in seats 2, 3, ..."""
    for seat, name in enumerate(others, 2):
        page.locator(f"#id_new_{seat}").fill(name)
    for seat, total in (start or {}).items():
        page.locator(f"#id_start_{seat}").fill(str(total))


def start_game(page: Page) -> None:
    page.locator("form.card .actions button.primary").click()
    expect(page.locator("#live .scoreboard")).to_be_visible()


def choice(page: Page, name: str, value: str | int) -> Locator:
    """The tap target (a label styled as a button) of one radio in the hand form."""
    return page.locator(f'form[data-hand-form] label:has(> input[name="{name}"][value="{value}"])')


def tricks(page: Page, side: str, count: int) -> Locator:
    return page.locator(f'.tricks-row[data-side="{side}"] label:has(> input[value="{count}"])')


def fill_hand(
    page: Page,
    bidder: str,
    bid: str | int,
    partner: str | None,
    taken: Mapping[str, int],
) -> None:
    """Tap a hand in; `partner` "" is "alone", None leaves the partner untouched."""
    choice(page, "bidder", bidder).click()
    choice(page, "bid", bid).click()
    if partner is not None:
        choice(page, "partner", partner).click()
    for side, count in taken.items():
        tricks(page, side, count).click()


def save(page: Page, button: str = "save") -> None:
    """Save (or redeal) and wait until the hand is in the list of hands."""
    number = int(page.locator("form[data-hand-form] input[name=number]").input_value())
    page.locator(f"button[name={button}]").click()
    expect(page.locator("#hands tbody tr")).to_have_count(number)


def play_hand(
    page: Page,
    bidder: str,
    bid: str | int,
    partner: str | None,
    taken: Mapping[str, int],
) -> None:
    fill_hand(page, bidder, bid, partner, taken)
    save(page)


def redeal(page: Page) -> None:
    save(page, "redeal")


def total(page: Page, side: str) -> Locator:
    return page.locator(f'#live [data-side="{side}"] [data-total]')


def expect_totals(page: Page, totals: Mapping[str, int]) -> None:
    for side, points in totals.items():
        # Pages print negative numbers with a true minus sign, as a score sheet does.
        expect(total(page, side)).to_have_text(str(points).replace("-", "\u2212"))


def expect_dealer(page: Page, dealer: str) -> None:
    """The hand form suggests this dealer, and the scoreboard marks them."""
    expect(page.locator("form[data-hand-form] input[name=dealer]:checked")).to_have_value(dealer)
    expect(page.locator(f'#live [data-side="{dealer}"] .badge.dealer')).to_be_visible()
