"""A whole game of Spades to 200, tapped in on one phone, with an undo, a correction and
a second phone's stale correction refused in view.

Anne, Bjørn, Cato and Dina sit in that order: the Sharks (Anne and Cato) play the Jets
(Bjørn and Dina). A team's contract is its number bids added up: made, 10 a trick bid
and a point (a bag) a trick over; a nil wins or loses 100.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    Taps,
    bidding_order,
    choice,
    expect_totals,
    exported_and_scored,
    game_code,
    join_as,
    save,
    start_team_game,
    tricks,
)

SEATS = ("Anne", "Bjørn", "Cato", "Dina")
#: What the scoreboard says beside a team's total, by language.
BAGS = {
    "en": ("{bags} bag: {left} to the penalty", "{bags} bags: {left} to the penalty"),
    "nb": ("{bags} overstikk: {left} til straffen", "{bags} overstikk: {left} til straffen"),
}


def _tricks(page: Page, player: str, count: int) -> Locator:
    """A player's trick count (a bids row is named after the player too)."""
    return page.locator('fieldset[data-input="tricks"]').locator(tricks(page, player, count))


def _bid(page: Page, index: int, bid: str | int) -> None:
    choice(page, f"bids-{index}", bid).click()


def _hand(page: Page, bids: tuple[str | int, ...], taken: tuple[int, ...]) -> None:
    """Four bids and three players' tricks: the fourth took the rest of the 13."""
    for index, bid in enumerate(bids):
        _bid(page, index, bid)
    for player, count in zip(SEATS, taken, strict=False):
        _tricks(page, player, count).click()


def _bags_note(page: Page, team: str, language: str, bags: int) -> None:
    said = BAGS[language][bags != 1].format(bags=bags, left=10 - bags)
    expect(page.locator(f'#live [data-side="{team}"] .note')).to_have_text(said)


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_game_to_200_with_an_undo_a_correction_and_a_conflict(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    tmp_path: Path,
    screenshots: Path,
    locale: str,
) -> None:
    language = locale[:2]
    start_team_game(page, live_server.url, "spades", {"target": "200"})

    # Hand 1 in eight taps: four bids, three trick counts, Save. Anne 4, Bjørn 3, Cato
    # nil, Dina 3; Anne takes 6, Bjørn 3, Cato 1 (so Dina 3). Sharks: 40 + 2 (2 bags),
    # Cato's nil failed -100 and +1 for its bag: -57, 3 bags. Jets: 6 of 6, +60.
    # Anne deals: the bids are asked from her left, her own last; the tricks the same way.
    assert bidding_order(page) == ["Bjørn", "Cato", "Dina", "Anne"]
    assert bidding_order(page, "tricks") == ["Bjørn", "Cato", "Dina", "Anne"]
    tap = Taps()
    bids: tuple[str | int, ...] = (4, 3, "nil", 3)
    for index, bid in enumerate(bids):
        tap(choice(page, f"bids-{index}", bid))
    for player, count in zip(SEATS, (6, 3, 1), strict=False):
        tap(_tricks(page, player, count))
    # The phone fills in the fourth count, the rest of the 13.
    expect(_tricks(page, "Dina", 3).locator("input")).to_be_checked()
    # A slip put right: the count filled in follows (it stayed, and the hand was refused
    # as 14 tricks); with too many taken it is none, and the preview says so, then it
    # follows again.
    _tricks(page, "Anne", 7).click()
    expect(_tricks(page, "Dina", 2).locator("input")).to_be_checked()
    # The preview reads the count filled in, not the one before: Jets bid 6, took 5.
    expect(page.locator("#preview")).to_contain_text("Jets \u221260")
    _tricks(page, "Anne", 12).click()
    expect(_tricks(page, "Dina", 0).locator("input")).to_be_checked()
    too_many = {"en": "the tricks add up to 16, but a hand has 13", "nb": "blir til sammen 16"}
    expect(page.locator("#preview")).to_contain_text(too_many[language])
    _tricks(page, "Anne", 6).click()
    expect(_tricks(page, "Dina", 3).locator("input")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("Sharks \u221257")
    page.screenshot(path=screenshots / f"spades-hand-form-{language}.png", full_page=True)
    tap(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert tap.count == 8, f"a spades hand took {tap.count} taps"
    made = {
        "en": "Sharks made, Jets made, Cato's nil failed",
        "nb": "Sharks hjem, Jets hjem, Cato gikk bet på nil",
    }[language]
    expect(page.locator("#hands tbody tr").first).to_contain_text(made)
    expect_totals(page, {"Sharks": -57, "Jets": 60})
    _bags_note(page, "Sharks", language, 3)

    # Undo: Cato took no trick after all. Entered again: Sharks 42 + 100 = 142 (2 bags);
    # Jets took 7 of 6: 61 (1 bag).
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    _hand(page, (4, 3, "nil", 3), (6, 3, 0))
    save(page)
    expect_totals(page, {"Sharks": 142, "Jets": 61})
    _bags_note(page, "Jets", language, 1)

    # A correction from the hand's page, while a second phone holds the same page open:
    # Anne took 5 and Dina 5. Sharks 41 + 100 = 141 (1 bag); Jets 62 (2 bags).
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.screenshot(path=screenshots / f"spades-why-{language}.png", full_page=True)
    page.locator('a[href$="/hands/1/edit/"]').click()
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#preview")).to_be_visible()
    # Dina's count is left open, as in a new hand's form: it follows Anne's, the rest of 13.
    _tricks(page, "Anne", 5).click()
    expect(_tricks(page, "Dina", 5).locator("input")).to_be_checked()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Sharks": 141, "Jets": 62})
    # The second phone's correction was made on a page that no longer holds the hand.
    _tricks(other, "Bjørn", 4).click()
    _tricks(other, "Dina", 3).click()
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()
    expect_totals(page, {"Sharks": 141, "Jets": 62})

    # Hand 2: Sharks bid 5 + 4 and take 6 + 5: 90 + 2 (2 bags, 3 in all) = 233, past 200.
    # Jets bid 1 + 1 and take 1 + 1: 20.
    _hand(page, (5, 1, 4, 1), (6, 1, 5))
    expect(page.locator("#preview")).to_contain_text("Sharks +92")
    save(page)
    expect_totals(page, {"Sharks": 233, "Jets": 82})
    expect(page.locator("#winner")).to_contain_text("Sharks")
    page.screenshot(path=screenshots / f"spades-won-{language}.png", full_page=True)
    code = game_code(page)
    page.goto(page.url.rstrip("/") + "/tv/")
    # The game is over: the big screen names the winner, and counts no bags to a penalty.
    expect(page.locator('.tv-side[data-side="Sharks"] .badge.lead')).to_be_visible()
    expect(page.locator(".tv-note")).to_have_count(0)
    page.screenshot(path=screenshots / f"spades-tv-{language}.png")

    document = exported_and_scored(code, tmp_path)
    assert [hand["made"] for hand in document["hands"]] == [
        {"Sharks": True, "Jets": True},
        {"Sharks": True, "Jets": True},
    ]
    assert (document["winners"], document["bags"]) == (["Sharks"], {"Sharks": 3, "Jets": 2})


def test_a_hand_kept_offline_lists_the_bids_apart_from_the_tricks(
    live_server: LiveServer, page: Page
) -> None:
    start_team_game(page, live_server.url, "spades")
    page.context.set_offline(True)
    _hand(page, (4, 3, "nil", 3), (6, 3, 1))
    page.locator("form[data-hand-form] button[name=save]").click()
    # Each player is named twice: the legend says which are bids and which tricks. In the
    # order they were tapped, round from the dealer's left (Anne deals, so she is last).
    expect(page.locator("#hands [data-waiting] li")).to_contain_text(
        "Bids: Bjørn 3, Cato nil, Dina 3, Anne 4, Tricks: Bjørn 3, Cato 1, Dina 3, Anne 6"
    )


def test_the_count_filled_in_still_follows_after_a_save_refused(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """Dina's count was filled in (the rest of the 13), not tapped: once the form is drawn
    again, refused because Bjørn's phone saved the hand first, it still follows the taps."""
    start_team_game(page, live_server.url, "spades")
    other = new_phone()
    join_as(other, page.url, "Bjørn")
    _hand(other, (4, 3, "nil", 3), (6, 3, 1))
    _hand(page, (4, 3, "nil", 3), (6, 3, 1))
    expect(_tricks(page, "Dina", 3).locator("input")).to_be_checked()
    save(other)
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    page.locator("button[name=save]").click()
    expect(page.locator("#entry .errorlist")).to_contain_text("was saved on another phone")
    for player, count in {"Anne": 0, "Bjørn": 4, "Cato": 5}.items():
        _tricks(page, player, count).click()
    expect(_tricks(page, "Dina", 4).locator("input")).to_be_checked()
