"""What a player does at the table, as Playwright steps.

Locators use names, values and the page's own attributes, never visible words, so the
same steps play a game in any language.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.core.management import call_command
from playwright.sync_api import Locator, Page, Route, expect

#: The polls of the game page and the big screen, whatever the open form sends along.
LIVE = re.compile(r"/live/(\?.*)?$")


def unchanged(route: Route) -> None:
    """A live poll answered "unchanged" (`page.route(LIVE, unchanged)`): the phone hears no
    news meanwhile, as from a server that has none yet."""
    route.fulfill(status=304)


def start_group(page: Page, base_url: str, me: str = "Anne", name: str = "Friday table") -> None:
    """Create a group from the start page; the browser lands on its page."""
    page.goto(f"{base_url}/")
    page.locator("#id_name").fill(name)
    page.locator("#id_me").fill(me)
    page.locator("form.card button.primary").click()
    expect(page.locator(".qr svg").first).to_be_visible()


def open_new_game(page: Page) -> None:
    page.locator('a[href$="/new/"]').click()
    expect(page.locator(seat_field(2, "new"))).to_be_visible()


def fill_new_game(page: Page, others: list[str], start: Mapping[int, int] | None = None) -> None:
    """Seat 1 is prefilled with the group's player; the others sit in seats 2, 3, ...
    (`start`: start totals by seat number)."""
    for seat, name in enumerate(others, 2):
        page.locator(seat_field(seat, "new")).fill(name)
    for seat, total in (start or {}).items():
        page.locator(seat_field(seat, "start")).fill(str(total))


def seat_field(seat: int, field: str) -> str:
    """The locator of a field of a seat (numbered from 1, as the page shows them) of the
    new-game form: "name" (from the group), "new", "start" or "team"."""
    return f"#id_seats-{seat - 1}-{field}"


def start_game(page: Page) -> None:
    page.locator("form.card .actions button.primary").click()
    expect(page.locator("#live .scoreboard")).to_be_visible()


def start_four(page: Page, base_url: str) -> str:
    """A new group (Anne's) and an Amerikaner game with Bjørn, Cato and Dina, Anne dealing;
    the group's view-only link, for a watching phone (the second link its page shows)."""
    start_group(page, base_url)
    view_link = page.locator(".card .link-url a").nth(1).get_attribute("href")
    assert view_link
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    return view_link


def join_as(phone: Page, url: str, who: str) -> None:
    """Another phone opens a game's link and says who holds it (asked once per group)."""
    phone.goto(url)
    phone.locator(f'label:has(> input[name=player][value="{who}"])').click()
    # The answer is a page of its own: what the test does next is done on it.
    with phone.expect_navigation():
        phone.locator("form.card button.primary").click()


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
    # The newest row is the hand just saved (the page lists the latest ten, newest first).
    expect(page.locator("#hands tbody tr").first).to_have_attribute("data-number", str(number))


def save_held(page: Page) -> None:
    """Save a form moved on by a hand saved elsewhere while it held taps: refused once, in
    words (the taps may be that hand), and saved by the second tap."""
    page.locator("button[name=save]").click()
    expect(page.locator("#entry .errorlist")).to_contain_text(
        "was saved on another phone while this form was being filled in"
    )
    save(page)


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


def correct_dealer(page: Page, number: int, dealer: str) -> None:
    """Correct who dealt a hand, from its own page as at the table, and wait for the game."""
    page.locator(f'#hands tbody tr a.why[href$="/hands/{number}/"]').click()
    page.locator(f'a[href$="/hands/{number}/edit/"]').click()
    choice(page, "dealer", dealer).click()
    page.locator("form[data-hand-form] button[name=save]").click()
    expect(page.locator("#live .scoreboard")).to_be_visible()


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


def open_new_game_of(page: Page, kind: str) -> None:
    """From the group page, the new-game form of a game other than Amerikaner."""
    page.locator(f'a[href$="/new/{kind}/"]').click()
    expect(page.locator(seat_field(2, "new"))).to_be_visible()


def name_teams(page: Page, first: str, second: str) -> None:
    """Team 1 sits in seats 1 and 3, team 2 in seats 2 and 4."""
    page.locator("#id_team_1").fill(first)
    page.locator("#id_team_2").fill(second)


def flag(page: Page, name: str) -> Locator:
    """The tap target (a label around the checkbox) of a yes/no input in the hand form."""
    return page.locator(f'form[data-hand-form] label:has(> input[type=checkbox][name="{name}"])')


def to_group(page: Page) -> None:
    page.locator(".bar .brand").click()
    expect(page.locator(".qr svg").first).to_be_visible()


def game_code(page: Page) -> str:
    """The game's code, from the address of its page (/g/<key>/games/<code>/)."""
    return page.url.rstrip("/").rsplit("/", 1)[1]


def page_totals(page: Page) -> dict[str, int]:
    """The scoreboard as numbers, side by side in seating order."""
    rows = page.locator("#live tr[data-side]")
    return {
        str(row.get_attribute("data-side")): int(
            row.locator("[data-total]").inner_text().replace("\u2212", "-")
        )
        for row in rows.all()
    }


def exported_and_scored(code: str, folder: Path) -> dict[str, Any]:
    """The game's exported file, after checking that `score` prints it back unchanged."""
    exported = io.StringIO()
    # "--": a game code may start with "-", which the command line would read as an option.
    call_command("export_game", "--", code, stdout=exported)
    path = folder / f"{code}.json"
    path.write_text(exported.getvalue(), encoding="utf-8")
    scored = io.StringIO()
    call_command("score", str(path), stdout=scored)
    # One file, one result: the page, the export and the command line agree.
    assert scored.getvalue() == exported.getvalue()
    document: dict[str, Any] = json.loads(exported.getvalue())
    return document


def expect_team_dealer(page: Page, team: str, dealer: str) -> None:
    """The hand form suggests this dealer, and the scoreboard marks them in their team."""
    expect(page.locator("form[data-hand-form] input[name=dealer]:checked")).to_have_value(dealer)
    expect(page.locator(f'#live [data-side="{team}"] .badge.dealer')).to_contain_text(dealer)


class Taps:
    """Taps a target and counts the taps, to hold a normal hand to a few of them."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator) -> None:
        self.count += 1
        target.tap()


def start_team_game(
    page: Page, base_url: str, kind: str, rules: Mapping[str, str] | None = None
) -> None:
    """A new group and a team game: Sharks (Anne and Cato) against Jets (Bjørn and Dina),
    with these house rules typed in."""
    start_group(page, base_url, me="Anne")
    open_new_game_of(page, kind)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    name_teams(page, "Sharks", "Jets")
    for name, value in (rules or {}).items():
        page.locator(f"#id_rule_{name}").fill(value)
    start_game(page)
    expect_totals(page, {"Sharks": 0, "Jets": 0})
    # "Anne and Cato", "Anne og Cato": the members in the page's language.
    expect(page.locator('#live [data-side="Sharks"]')).to_contain_text(re.compile(r"Anne \w+ Cato"))
    expect(page.locator('#live [data-side="Jets"]')).to_contain_text(re.compile(r"Bjørn \w+ Dina"))


def wait_for_offline_copy(page: Page, url: str = "location.href") -> None:
    """The page keeps a copy of itself and its scripts once its service worker runs (and
    of what is at `url`, a JavaScript expression, once asked for). (wait_for_function
    would take the promise `caches.match` returns for a yes.)"""
    for _ in range(100):
        if page.evaluate(f"caches.match({url}).then((copy) => !!copy)"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page made no offline copy")


def bidding_order(page: Page, input: str = "bids") -> list[str]:
    """The bids' (or tricks') rows as they stand on the screen, top to bottom."""
    rows = page.locator(f"[data-input={input}] [data-side]").all()
    placed = sorted(rows, key=lambda row: (row.bounding_box() or {"y": 0})["y"])
    return [str(row.get_attribute("data-side")) for row in placed]
