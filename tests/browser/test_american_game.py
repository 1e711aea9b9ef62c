"""A match of American for two, tapped in on one phone: the first to win 3 games."""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    Taps,
    choice,
    expect_totals,
    exported_and_scored,
    fill_new_game,
    game_code,
    open_new_game_of,
    page_totals,
    save,
    start_game,
    start_group,
)


def test_a_match_to_3_wins_keeps_the_tally_and_names_the_winner(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "american")
    fill_new_game(page, ["Bjørn"])
    page.locator("#id_rule_target_wins").fill("3")
    start_game(page)
    expect_totals(page, {"Anne": 0, "Bjørn": 0})
    expect(page.locator('#live [data-side="Anne"] .to-go')).to_contain_text("3 to go")

    # Game 1, a normal hand in two taps: Anne goes out first.
    tap = Taps()
    tap(choice(page, "winner", "Anne"))
    tap(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert tap.count == 2, f"a normal game of American took {tap.count} taps"
    expect_totals(page, {"Anne": 1, "Bjørn": 0})

    # The tally is games won: +1 to the winner of each game, nothing to the other.
    for who, tally in (
        ("Bjørn", {"Anne": 1, "Bjørn": 1}),
        ("Bjørn", {"Anne": 1, "Bjørn": 2}),
        ("Anne", {"Anne": 2, "Bjørn": 2}),
    ):
        choice(page, "winner", who).click()
        save(page)
        expect_totals(page, tally)
    expect(page.locator("#winner")).to_have_count(0)
    expect(page.locator('#live [data-side="Bjørn"] .to-go')).to_contain_text("1 to go")

    # Game 5: Bjørn wins his third game, and with it the match.
    choice(page, "winner", "Bjørn").click()
    # The preview says who wins first, and why first among its reasons.
    expect(page.locator("#preview [data-winner]")).to_have_text("🏆 Bjørn wins!")
    expect(page.locator("#preview .muted")).to_contain_text("Won 3 games: the match target.")
    save(page)
    expect_totals(page, {"Anne": 2, "Bjørn": 3})
    winner = page.locator("#winner")
    expect(winner).to_contain_text("Bjørn wins!")
    expect(winner).to_contain_text("Won 3 games: the match target.")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)

    document = exported_and_scored(game_code(page), tmp_path)
    assert document["rules"] == {"target_wins": 3}
    assert [hand["winner"] for hand in document["hands"]] == [
        "Anne",
        "Bjørn",
        "Bjørn",
        "Anne",
        "Bjørn",
    ]
    assert document["totals"] == page_totals(page) == {"Anne": 2, "Bjørn": 3}
    assert document["winners"] == ["Bjørn"]
