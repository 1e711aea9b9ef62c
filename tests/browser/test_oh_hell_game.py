"""A whole game of Oh Hell for three, tapped in on a phone: bids in turn from the dealer's
left, the cards by the schedule, a correction, a conflict, an undo and a misdeal.

Anne, Bjørn and Cato sit in that order; Anne deals first. The most cards is 2, down and
up: hands of 2, 1 and 2 cards. Scoring by default: a point a trick, 10 more when exact.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    Taps,
    bidding_order,
    expect_totals,
    exported_and_scored,
    fill_new_game,
    game_code,
    open_new_game_of,
    redeal,
    save,
    start_game,
    start_group,
)
from tests.browser.test_accessibility import _violations

THREE = ["Anne", "Bjørn", "Cato"]


def chip(page: Page, input: str, player: str, count: int) -> Locator:
    """A player's chip for a count, among the bids or the tricks."""
    return page.locator(
        f'[data-input={input}] [data-side="{player}"] label:has(> input[value="{count}"])'
    )


def bid(page: Page, player: str, count: int) -> None:
    chip(page, "bids", player, count).tap()


def took(page: Page, player: str, count: int) -> None:
    chip(page, "tricks", player, count).tap()


def play(page: Page, bids: dict[str, int], tricks: dict[str, int]) -> None:
    for player, count in bids.items():
        bid(page, player, count)
    for player, count in tricks.items():
        took(page, player, count)
    save(page)


def undo(page: Page) -> None:
    rows = page.locator("#hands tbody tr").count()
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(rows - 1)


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_game_down_and_up_the_schedule_to_its_last_hand(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    tmp_path: Path,
    screenshots: Path,
    locale: str,
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "oh_hell")
    fill_new_game(page, ["Bjørn", "Cato"])
    page.locator("#id_rule_max_cards").fill("2")
    page.screenshot(path=screenshots / f"oh-hell-new-game-{locale}.png", full_page=True)
    problems = _violations(page, "new oh_hell")
    start_game(page)
    expect_totals(page, {"Anne": 0, "Bjørn": 0, "Cato": 0})
    # Deal 1 of 3, 2 cards each, said before anything is tapped.
    hint = page.locator("#preview .hint")
    expect(hint).to_contain_text("2")

    # Anne deals: Bjørn bids first, Anne last. Bjørn 1 and Cato 0 leave Anne barred from
    # 1 (the hook), named before she taps. Three bids, two players' tricks (Anne's are
    # the rest of the cards) and Save: twice the players.
    assert bidding_order(page) == ["Bjørn", "Cato", "Anne"]
    # The tricks below in the same order: read straight down, bid by bid.
    assert bidding_order(page, "tricks") == ["Bjørn", "Cato", "Anne"]
    taps = Taps()
    taps(chip(page, "bids", "Bjørn", 1))
    taps(chip(page, "bids", "Cato", 0))
    expect(hint).to_contain_text("Anne")
    # Whole on a phone's width, the bid it forbids too: the line wraps, not cut short.
    assert hint.evaluate("(line) => line.scrollWidth <= line.clientWidth")
    page.screenshot(path=screenshots / f"oh-hell-hook-{locale}.png", full_page=True)
    # Tapped anyway: the refusal comes first at the form's foot; Save tapped, it is said
    # whole, the box grown to it.
    chip(page, "bids", "Anne", 1).click()
    refused = page.locator("#preview .refusal")
    expect(refused).to_contain_text("1")
    page.locator("button[name=save]").click()
    expect(page.locator("#preview .refusal[data-whole]")).to_contain_text("1")
    assert page.locator("#preview").evaluate("(box) => box.scrollHeight <= box.clientHeight")
    page.screenshot(path=screenshots / f"oh-hell-hook-refused-{locale}.png")
    forbidden = refused.inner_text()
    taps(chip(page, "bids", "Anne", 0))
    expect(refused).not_to_have_text(forbidden)
    taps(chip(page, "tricks", "Bjørn", 1))
    taps(chip(page, "tricks", "Cato", 1))
    expect(page.locator("#preview")).to_contain_text("Bjørn +11")
    page.screenshot(path=screenshots / f"oh-hell-hand-form-{locale}.png", full_page=True)
    problems += _violations(page, "oh_hell hand form")
    taps(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert taps.count <= 2 * 3, f"a hand of Oh Hell for three took {taps.count} taps"
    # Bjørn bid 1 and took 1: 11; Cato took 1 for 0: 1; Anne 0 for 0: 10.
    expect_totals(page, {"Anne": 10, "Bjørn": 11, "Cato": 1})

    # A correction, from the hand's own page: Cato took none, so Anne took one. Another
    # phone has the same correction open and saves after: a conflict, not saved over it.
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.locator('a[href$="/edit/"]').click()
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#preview .hint")).to_be_visible()
    took(page, "Cato", 0)
    took(page, "Anne", 1)
    page.locator("button[name=save]").click()
    # Anne 0 for 1: 1; Cato 0 for 0: 10.
    expect_totals(page, {"Anne": 1, "Bjørn": 11, "Cato": 10})
    took(other, "Bjørn", 0)
    took(other, "Anne", 1)
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()

    # Hand 2, one card each, Bjørn deals: Cato bids first, Bjørn last. No chip offers more
    # than the one card.
    expect(hint).to_contain_text("1")
    for input in ("bids", "tricks"):
        expect(chip(page, input, "Cato", 2)).to_be_hidden()
        expect(chip(page, input, "Cato", 1)).to_be_visible()
    page.screenshot(path=screenshots / f"oh-hell-one-card-{locale}.png", full_page=True)
    assert bidding_order(page) == ["Cato", "Anne", "Bjørn"]
    play(page, {"Cato": 0, "Anne": 0, "Bjørn": 0}, {"Cato": 0, "Anne": 1})
    # Anne took the trick for 0: 1; Bjørn and Cato exact at 0: 10 each.
    expect_totals(page, {"Anne": 2, "Bjørn": 21, "Cato": 20})
    # Undone, and tapped in again.
    undo(page)
    expect_totals(page, {"Anne": 1, "Bjørn": 11, "Cato": 10})
    # Tapped in again, the one trick alone: the others took none.
    play(page, {"Cato": 0, "Anne": 0, "Bjørn": 0}, {"Anne": 1})

    # Cato misdeals: the same number of cards is dealt again, by Cato.
    redeal(page)
    expect_totals(page, {"Anne": 2, "Bjørn": 21, "Cato": 20})
    assert bidding_order(page) == ["Anne", "Bjørn", "Cato"]

    # Hand 3 of the schedule, 2 cards: Anne bids 2 and takes both (12), Bjørn 0 for 0
    # (10), Cato 1 for 0 (0). The schedule's last hand: Bjørn wins with 31.
    play(page, {"Anne": 2, "Bjørn": 0, "Cato": 1}, {"Anne": 2, "Bjørn": 0})
    expect_totals(page, {"Anne": 14, "Bjørn": 31, "Cato": 20})
    expect(page.locator("#winner")).to_contain_text("Bjørn")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)
    page.screenshot(path=screenshots / f"oh-hell-finished-{locale}.png", full_page=True)
    problems += _violations(page, "oh_hell finished")

    document = exported_and_scored(game_code(page), tmp_path)
    assert [hand.get("cards") for hand in document["hands"]] == [2, 1, None, 2]
    assert document["winners"] == ["Bjørn"] and document["finished"] is True
    assert document["hands"][3]["made"] == {"Anne": True, "Bjørn": True, "Cato": False}
    assert not problems, "\n".join(problems)


def test_a_hand_left_unfinished_offline_names_what_is_still_to_tap(
    live_server: LiveServer, page: Page, screenshots: Path
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "oh_hell")
    fill_new_game(page, ["Bjørn", "Cato"])
    start_game(page)
    page.context.set_offline(True)
    for player, count in {"Bjørn": 1, "Cato": 0}.items():
        bid(page, player, count)
    took(page, "Bjørn", 1)
    page.locator("button[name=save]").click()
    # Nothing is kept: Anne's bid and two players' tricks are named, to be tapped, in the
    # order the form shows them (Anne deals, so bids and tricks last).
    expect(page.locator("#status [data-said]")).to_have_text(
        "No connection, and this hand is not complete yet: finish it, it will wait on this"
        " phone. Still to tap: Bids: Anne, Tricks taken: Cato, Anne."
    )
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    page.screenshot(path=screenshots / "oh-hell-offline-unfinished.png")


def _at_deal_2_of_one_card(page: Page, url: str, offline: bool = False) -> None:
    """Three at a game of 2, 1 and 2 cards, the first hand played and the second bid."""
    start_group(page, url, me="Anne")
    open_new_game_of(page, "oh_hell")
    fill_new_game(page, ["Bjørn", "Cato"])
    page.locator("#id_rule_max_cards").fill("2")
    start_game(page)
    play(page, {"Bjørn": 1, "Cato": 0, "Anne": 0}, {"Bjørn": 1, "Cato": 1})
    page.context.set_offline(offline)
    for player, count in {"Cato": 0, "Anne": 0, "Bjørn": 0}.items():
        bid(page, player, count)


def test_offline_the_phone_fills_in_the_tricks_a_hand_of_one_card_leaves(
    live_server: LiveServer, page: Page
) -> None:
    """The hand's own cards are the tricks' total (deal 2 of 2, 1, 2): once one player's
    trick is tapped, the others took none, as the server reads it, so the hand is whole
    and waits on the phone without a connection; a slip put right opens them again."""
    _at_deal_2_of_one_card(page, live_server.url, offline=True)
    took(page, "Cato", 1)
    for player in ("Anne", "Bjørn"):
        expect(chip(page, "tricks", player, 0).locator("input")).to_be_checked()
    took(page, "Cato", 0)  # a slip: nobody's count follows from it
    for player in ("Anne", "Bjørn"):
        expect(chip(page, "tricks", player, 0).locator("input")).not_to_be_checked()
    took(page, "Anne", 1)
    expect(chip(page, "tricks", "Bjørn", 0).locator("input")).to_be_checked()
    page.locator("button[name=save]").click()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    # Cato deals the next: the rows come in his turn in the page too (a keyboard's order).
    rows = page.locator("[data-input=bids] .tricks-row")
    assert rows.evaluate_all("(rows) => rows.map((row) => row.dataset.side)") == THREE
    # Deal 3 has 2 cards, which the phone cannot know: one trick tapped fills in nothing
    # (it read deal 2's one card, and filled in zeros).
    for player, count in {"Anne": 1, "Bjørn": 0, "Cato": 0}.items():
        bid(page, player, count)
    took(page, "Cato", 1)
    expect(page.locator("[data-input=tricks] :checked")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr[data-number='2']")).to_have_count(1)
    hands = Game.objects.get(code=game_code(page)).hands.order_by("number")
    assert [hand.data["tricks"] for hand in hands] == [
        {"Anne": 0, "Bjørn": 1, "Cato": 1},
        {"Anne": 1, "Bjørn": 0, "Cato": 0},
    ]


def test_one_trick_too_many_says_so_and_keeps_the_others_at_none(
    live_server: LiveServer, page: Page
) -> None:
    """Deal 2 has one card: Cato's trick leaves none for the others, filled in; Anne's tapped
    as well is one too many, which the preview says as such (the others still took none,
    not "missing")."""
    _at_deal_2_of_one_card(page, live_server.url)
    took(page, "Cato", 1)
    took(page, "Anne", 1)
    expect(chip(page, "tricks", "Bjørn", 0).locator("input")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("the tricks add up to 2")
    expect(page.locator("#preview")).not_to_contain_text("missing")
