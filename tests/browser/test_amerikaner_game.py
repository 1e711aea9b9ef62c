"""A whole game of Amerikaner, tapped in on one phone the way the table would play it.

Default rules: kitty deal, 12 tricks a hand, target 52, ties to the highest total and
then the bidder. Anne, Bjørn, Cato and Dina sit in that order; Anne deals first.
"""

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    choice,
    expect_dealer,
    expect_totals,
    fill_hand,
    fill_new_game,
    open_new_game,
    play_hand,
    redeal,
    save,
    start_four,
    start_game,
    start_group,
    tricks,
)


def test_a_game_played_to_52_ends_in_a_tie_the_bidder_wins(
    live_server: LiveServer, page: Page
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    expect_totals(page, {"Anne": 0, "Bjørn": 0, "Cato": 0, "Dina": 0})
    expect_dealer(page, "Anne")

    # Hand 1, Anne deals. Bjørn bids Amerikaner (alone, so no partner to pick) and the
    # others take 2 + 2 + 1 tricks: failed. Bjørn -52; every other player +1 per trick.
    choice(page, "bidder", "Bjørn").click()
    choice(page, "bid", "amerikaner").click()
    expect(page.locator("fieldset:has(input[name=partner])")).to_be_hidden()
    # The bidder's own tricks follow from the others': their row waits behind a box, and
    # says that it is optional.
    own = page.locator('.tricks-row[data-side="Bjørn"]')
    expect(own).to_be_hidden()
    page.locator("form[data-hand-form] .show-side").click()
    expect(own).to_be_visible()
    after = "row => getComputedStyle(row.querySelector('.who'), '::after').content"
    assert "optional" in own.evaluate(after)
    page.locator("form[data-hand-form] .show-side").click()
    for side, count in {"Anne": 2, "Cato": 2, "Dina": 1}.items():
        tricks(page, side, count).click()
    expect(page.locator("#preview .failed")).to_be_visible()
    save(page)
    expect_totals(page, {"Anne": 2, "Bjørn": -52, "Cato": 2, "Dina": 1})

    # Hand 2, Bjørn deals and everybody passes: one tap, no points, Bjørn deals again.
    expect_dealer(page, "Bjørn")
    redeal(page)
    expect_totals(page, {"Anne": 2, "Bjørn": -52, "Cato": 2, "Dina": 1})
    expect_dealer(page, "Bjørn")

    # Hand 3: Dina bids 9 with Bjørn, Anne and Cato take 4 each, leaving 4: failed.
    # Dina and Bjørn -9 each; Anne and Cato +4 each.
    play_hand(page, "Dina", 9, "Bjørn", {"Anne": 4, "Cato": 4})
    expect_totals(page, {"Anne": 6, "Bjørn": -61, "Cato": 6, "Dina": -8})
    expect(page.locator("#hands tbody tr").first).to_contain_text("failed")

    # Hand 4, Cato deals. Anne bid 12 with Cato, but 10 is tapped in by mistake: +10 each.
    expect_dealer(page, "Cato")
    play_hand(page, "Anne", 10, "Cato", {"Bjørn": 0, "Dina": 0})
    expect_totals(page, {"Anne": 16, "Cato": 16})

    # Hand 5, Dina deals: Cato 12 with Anne, every trick. +12 each.
    expect_dealer(page, "Dina")
    play_hand(page, "Cato", 12, "Anne", {"Bjørn": 0, "Dina": 0})
    expect_totals(page, {"Anne": 28, "Bjørn": -61, "Cato": 28, "Dina": -8})

    # The mistake is found: hand 4 is corrected to a bid of 12, through its "why" page.
    page.locator('#hands a.why[href$="/hands/4/"]').click()
    expect(page.locator("h1")).to_contain_text("Hand 4: Anne 10 with Cato")
    page.get_by_role("link", name="Correct this hand").click()
    expect(choice(page, "bid", 10).locator("input")).to_be_checked()
    choice(page, "bid", 12).click()
    expect(page.locator("#preview")).to_contain_text("Anne +12")
    page.locator("button[name=save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand 4 corrected.")
    # Hands 4 and 5 now give Anne and Cato 12 + 12 on top of 6: 30 each.
    expect_totals(page, {"Anne": 30, "Bjørn": -61, "Cato": 30, "Dina": -8})
    # The rotation goes on from hand 5's dealer, Dina.
    expect_dealer(page, "Anne")

    # Hand 6, Anne deals: Anne 12 with Cato, every trick. 42 each.
    play_hand(page, "Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0})
    expect_totals(page, {"Anne": 42, "Cato": 42})

    # Hand 7, Bjørn deals: Anne 10 with Cato; Dina takes 2, so they take 10: made.
    # Anne and Cato both reach 52, level: the tie rule gives the game to the bidder.
    expect_dealer(page, "Bjørn")
    fill_hand(page, "Anne", 10, "Cato", {"Bjørn": 0, "Dina": 2})
    # Before Save, the preview in reach above it says first that this hand ends the game,
    # within the two lines the bar keeps.
    preview, said = page.locator("#preview"), page.locator("#preview [data-winner]")
    expect(said).to_contain_text("Anne wins!")
    box, line = preview.bounding_box(), said.bounding_box()
    assert box and line and line["y"] + line["height"] <= box["y"] + box["height"]
    # Why she wins, longer than a line, leads the reasons a swipe away: whole, not cut off.
    assert said.evaluate("(line) => line.scrollWidth <= line.clientWidth")
    expect(preview.locator(".muted")).to_contain_text("the bidder wins ties")
    save(page)
    expect_totals(page, {"Anne": 52, "Bjørn": -61, "Cato": 52, "Dina": -6})
    winner = page.locator("#winner")
    expect(winner).to_contain_text("Anne wins!")
    expect(winner).to_contain_text("level on 52")
    expect(winner).to_contain_text("the bidder wins ties")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)

    # The next game at the same table: the deal passes on from Bjørn to Cato.
    page.get_by_role("button", name="Amerikaner again, same table").click()
    expect(page.locator("#hands")).to_contain_text("No hands yet.")
    expect_totals(page, {"Anne": 0, "Bjørn": 0, "Cato": 0, "Dina": 0})
    expect_dealer(page, "Cato")


def test_every_total_of_a_hand_row_stands_on_the_same_line(
    live_server: LiveServer, page: Page
) -> None:
    """A total whose points were 0 has no points under it: it still stands level with the
    others, not halfway down the row."""
    start_group(page, live_server.url)
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
    expect_totals(page, {"Anne": 12, "Bjørn": 0, "Cato": 0, "Dina": 0})
    tops = (
        page.locator("#hands tbody tr")
        .first.locator("td.num")
        .evaluate_all(
            """cells => cells.map(cell => {
            const range = document.createRange();
            range.selectNodeContents(cell.firstChild);
            return Math.round(range.getBoundingClientRect().top);
        })"""
        )
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops


def test_a_change_of_mind_sends_no_trick_count_the_phone_no_longer_shows(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    fill_hand(page, "Bjørn", 6, "Dina", {"Anne": 2, "Cato": 1})
    # The table changes its mind: Anne bid Amerikaner and took every trick. The 2 tapped as
    # her tricks when she was an opponent goes: her own follow from the others'.
    choice(page, "bidder", "Anne").click()
    choice(page, "bid", "amerikaner").click()
    expect(page.locator('.tricks-row[data-side="Anne"] :checked')).to_have_count(0)
    expect(page.locator('.tricks-row[data-side="Anne"]')).to_be_hidden()
    for side in ("Bjørn", "Cato", "Dina"):
        tricks(page, side, 0).click()
    choice(page, "made", "True").click()
    save(page)
    expect_totals(page, {"Anne": 52, "Bjørn": 0, "Cato": 0, "Dina": 0})
