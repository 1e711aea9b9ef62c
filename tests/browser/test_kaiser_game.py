"""A whole game of Kaiser, tapped in on one phone the way the table would play it.

Anne, Bjørn, Cato and Dina sit in that order, so the Sharks (Anne and Cato) play the
Jets (Bjørn and Dina). Default rules: bids 7 to 12, target 52, bid-out at 45. A team's
hand points are its tricks, +5 for the 5 of hearts, -3 for the 3 of spades.
"""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    Taps,
    choice,
    expect_totals,
    exported_and_scored,
    flag,
    game_code,
    page_totals,
    save,
    start_team_game,
    tricks,
)


def fill(
    page: Page,
    bidder: str,
    bid: int,
    team: str,
    taken: int,
    hearts: str,
    spades: str,
    no_trump: bool = False,
) -> None:
    """One team's tricks are enough: the other team took the rest of the 8."""
    choice(page, "bidder", bidder).click()
    choice(page, "bid", bid).click()
    if no_trump:
        flag(page, "no_trump").click()
    tricks(page, team, taken).click()
    choice(page, "five_hearts", hearts).click()
    choice(page, "three_spades", spades).click()


def test_a_game_past_bid_out_ends_at_once_with_a_failed_kaiser_bid(
    live_server: LiveServer, page: Page, tmp_path: Path, screenshots: Path
) -> None:
    start_team_game(page, live_server.url, "kaiser")

    # Hand 1, a normal hand in six taps (the dealer is suggested): Anne bids 8; the
    # Sharks take 6 tricks and the 5 of hearts, the Jets the other 2 and the 3 of
    # spades. Sharks 6 + 5 = 11 >= 8: made, +11; Jets 2 - 3 = -1.
    tap = Taps()
    tap(choice(page, "bidder", "Anne"))
    tap(choice(page, "bid", 8))
    tap(tricks(page, "Sharks", 6))
    tap(choice(page, "five_hearts", "Sharks"))
    tap(choice(page, "three_spades", "Jets"))
    tap(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert tap.count == 6, f"a normal kaiser hand took {tap.count} taps"
    expect_totals(page, {"Sharks": 11, "Jets": -1})

    # Hand 2: Bjørn bids 9 no trump; the Jets take 7 tricks and the 5 of hearts: 12,
    # doubled, +24. The Sharks' one trick holds the 3 of spades: 1 - 3 = -2.
    fill(page, "Bjørn", 9, "Jets", 7, "Jets", "Sharks", no_trump=True)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Jets +24")
    expect(preview).to_contain_text("Sharks \u22122")  # a true minus sign, as on paper
    save(page)
    expect_totals(page, {"Sharks": 9, "Jets": 23})
    expect(page.locator("#hands tbody tr").first).to_contain_text("Bjørn 9 no trump")

    # Hand 3: Cato bids 7; the Sharks take 4 tricks with both cards: 4 + 5 - 3 = 6 < 7,
    # failed, -7. The Jets score their 4 tricks.
    fill(page, "Cato", 7, "Sharks", 4, "Sharks", "Sharks")
    save(page)
    expect_totals(page, {"Sharks": 2, "Jets": 27})
    expect(page.locator("#hands tbody tr").first).to_contain_text("failed")

    # Hand 4: Dina bids 9 no trump and the Jets take all 8 with both cards: 10, doubled,
    # +20. 47 is past bid-out (45) but short of 52: the game goes on.
    fill(page, "Dina", 9, "Jets", 8, "Jets", "Jets", no_trump=True)
    save(page)
    expect_totals(page, {"Sharks": 2, "Jets": 47})
    note = "At bid-out (45): scores only by bidding."
    expect(page.locator('#live [data-side="Jets"] .note')).to_have_text(note)
    expect(page.locator('#live [data-side="Sharks"] .note')).to_have_count(0)
    expect(page.locator("#winner")).to_have_count(0)

    # Hand 5: Anne bids 7; the Sharks take 5 tricks with both cards, 7: made, +7. The
    # Jets took 3 tricks, but at bid-out they gain nothing from the Sharks' bid.
    fill(page, "Anne", 7, "Sharks", 5, "Sharks", "Sharks")
    expect(preview).to_contain_text("Sharks +7, Jets 0")
    expect(preview).to_contain_text("gain points only from their own bids")
    save(page)
    expect_totals(page, {"Sharks": 9, "Jets": 47})

    # Hand 6: Cato bids 8; the Sharks take 7 tricks and the 5 of hearts, +12. The Jets'
    # one trick holds the 3 of spades: at bid-out they still lose the 2.
    fill(page, "Cato", 8, "Sharks", 7, "Sharks", "Jets")
    save(page)
    expect_totals(page, {"Sharks": 21, "Jets": 45})
    expect(page.locator('#live [data-side="Jets"] .note')).to_have_text(note)

    # Hand 7: Bjørn bids kaiser and loses a trick. The kaiser bid scores nothing and
    # decides at once: the Sharks win, 24 points behind. Its outcome is two chips, neither
    # chosen: a save before either is tapped is refused and decides nothing.
    choice(page, "bidder", "Bjørn").click()
    flag(page, "kaiser").click()
    lost = choice(page, "made", "False")
    expect(choice(page, "made", "True")).to_be_visible()
    expect(choice(page, "bid", 7)).to_be_hidden()
    expect(preview).to_contain_text("say whether the kaiser bid was made")
    page.locator("form[data-hand-form] button[name=save]").click()
    expect(page.locator("form[data-hand-form] .errorlist")).to_contain_text(
        "Hand 7: say whether the kaiser bid was made."
    )
    expect(page.locator("#winner")).to_have_count(0)
    page.screenshot(path=screenshots / "kaiser-bid-outcome-missing.png")
    lost.click()
    expect(page.locator("#preview .failed")).to_be_visible()
    save(page)
    expect_totals(page, {"Sharks": 21, "Jets": 45})
    winner = page.locator("#winner")
    expect(winner).to_contain_text("Sharks win!")
    expect(winner).to_contain_text("Bjørn bid kaiser and failed.")
    expect(winner).not_to_contain_text("Sharks win the game")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)

    document = exported_and_scored(game_code(page), tmp_path)
    assert document["hands"][-1] == {
        "dealer": "Cato",
        "bidder": "Bjørn",
        "kaiser": True,
        "made": False,
        "points": {"Sharks": 0, "Jets": 0},
        "totals": {"Sharks": 21, "Jets": 45},
    }
    assert document["totals"] == page_totals(page) == {"Sharks": 21, "Jets": 45}
    assert document["winners"] == ["Sharks"]
    assert document["finished"] is True
