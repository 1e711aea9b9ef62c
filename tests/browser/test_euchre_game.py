"""Whole games of Euchre, tapped in on one phone the way the table would play them.

Anne, Bjørn, Cato and Dina sit in that order, so the Sharks (Anne and Cato, seats 1
and 3) play the Jets (Bjørn and Dina); Anne deals first. Default rules: first team to
10; makers score 1 for 3 or 4 tricks, 2 for a march; a lone maker 2 and 4; euchred
makers give the defenders 2.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    Taps,
    choice,
    expect_team_dealer,
    expect_totals,
    exported_and_scored,
    fill_new_game,
    flag,
    game_code,
    open_new_game_of,
    page_totals,
    redeal,
    save,
    start_game,
    start_group,
    start_team_game,
)


def play(page: Page, maker: str, tricks: int, alone: bool = False) -> None:
    choice(page, "maker", maker).click()
    if alone:
        flag(page, "alone").click()
    choice(page, "tricks", tricks).click()
    save(page)


def test_a_game_to_10_with_a_lone_march_a_euchre_a_march_and_a_redeal(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    start_team_game(page, live_server.url, "euchre")
    expect_team_dealer(page, "Sharks", "Anne")

    # Hand 1, a normal hand in three taps (the dealer is already suggested): Bjørn
    # makes trump and the Jets take 3 tricks. Jets +1.
    tap = Taps()
    tap(choice(page, "maker", "Bjørn"))
    tap(choice(page, "tricks", 3))
    tap(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert tap.count == 3, f"a normal euchre hand took {tap.count} taps"
    expect_totals(page, {"Sharks": 0, "Jets": 1})

    # Hand 2, Bjørn deals: Cato goes alone and takes all 5, a lone march. Sharks +4.
    expect_team_dealer(page, "Jets", "Bjørn")
    choice(page, "maker", "Cato").click()
    flag(page, "alone").click()
    choice(page, "tricks", 5).click()
    expect(page.locator("#preview .made")).to_be_visible()
    expect(page.locator("#preview")).to_contain_text("Sharks +4")
    save(page)
    expect_totals(page, {"Sharks": 4, "Jets": 1})
    expect(page.locator("#hands tbody tr").first).to_contain_text("Cato alone, 5 tricks")

    # Hand 3, Cato deals and everybody passes twice: no points, and in euchre the deal
    # passes to the left, to Dina.
    expect_team_dealer(page, "Sharks", "Cato")
    redeal(page)
    expect_totals(page, {"Sharks": 4, "Jets": 1})
    expect_team_dealer(page, "Jets", "Dina")

    # Hand 4: Dina makes trump but the Jets take only 2: euchred, the Sharks +2.
    play(page, "Dina", 2)
    expect_totals(page, {"Sharks": 6, "Jets": 1})
    expect(page.locator("#hands tbody tr").first).to_contain_text("failed")

    # Hand 5: Bjørn makes trump and the Jets take all 5, a march. Jets +2.
    play(page, "Bjørn", 5)
    expect_totals(page, {"Sharks": 6, "Jets": 3})

    # Hand 6: Anne makes trump, 4 tricks. Sharks +1.
    play(page, "Anne", 4)
    expect_totals(page, {"Sharks": 7, "Jets": 3})

    # Hand 7: Anne alone takes 3 tricks: a lone hand made. Sharks +2, 1 to go.
    play(page, "Anne", 3, alone=True)
    expect_totals(page, {"Sharks": 9, "Jets": 3})
    expect(page.locator('#live [data-side="Sharks"] .to-go')).to_contain_text("1 to go")

    # Hand 8: Dina goes alone and takes nothing: euchred, the Sharks +2 and reach 11.
    play(page, "Dina", 0, alone=True)
    expect_totals(page, {"Sharks": 11, "Jets": 3})
    winner = page.locator("#winner")
    expect(winner).to_contain_text("Sharks win!")
    # The team named once, above the rule that decided it.
    expect(winner).to_contain_text("Reached 10 with 11.")
    expect(winner).not_to_contain_text("Sharks reached")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)

    document = exported_and_scored(game_code(page), tmp_path)
    assert document["teams"] == {"Sharks": ["Anne", "Cato"], "Jets": ["Bjørn", "Dina"]}
    assert len(document["hands"]) == 8
    assert document["totals"] == page_totals(page) == {"Sharks": 11, "Jets": 3}
    assert document["winners"] == ["Sharks"]
    assert document["finished"] is True


def test_tournament_scoring_gives_a_lone_hand_of_3_or_4_tricks_1_point(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "euchre")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    # No team names: each team is called after its partners.
    page.locator("label:has(> #id_preset_tournament)").click()
    start_game(page)
    us, them = "Anne & Cato", "Bjørn & Dina"
    expect_totals(page, {us: 0, them: 0})

    # Hand 1: Anne alone takes 4 tricks: 1 point in tournament play (2 by default).
    choice(page, "maker", "Anne").click()
    flag(page, "alone").click()
    choice(page, "tricks", 4).click()
    expect(page.locator("#preview")).to_contain_text(f"{us} +1")
    save(page)
    expect_totals(page, {us: 1, them: 0})

    # Hand 2: Bjørn alone takes 3: also 1.
    play(page, "Bjørn", 3, alone=True)
    expect_totals(page, {us: 1, them: 1})

    # Hand 3: Cato alone takes all 5: a lone march still scores 4.
    play(page, "Cato", 5, alone=True)
    expect_totals(page, {us: 5, them: 1})

    # Hand 4: Anne (with Cato) marches: 2.
    play(page, "Anne", 5)
    expect_totals(page, {us: 7, them: 1})

    # Hand 5: Cato alone marches again: +4, 11, and the game.
    play(page, "Cato", 5, alone=True)
    expect_totals(page, {us: 11, them: 1})
    expect(page.locator("#winner")).to_contain_text(f"{us} win!")

    document = exported_and_scored(game_code(page), tmp_path)
    assert document["rules"] == {"lone_point": 1}
    assert document["totals"] == page_totals(page) == {us: 11, them: 1}
    assert document["winners"] == [us]


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_an_outcome_lost_offline_comes_when_the_connection_returns(
    live_server: LiveServer, page: Page
) -> None:
    start_team_game(page, live_server.url, "euchre")
    page.context.set_offline(True)
    choice(page, "maker", "Bjørn").click()
    choice(page, "tricks", 3).click()
    expect(page.locator("#preview")).to_contain_text("Ingen forbindelse: utfallet vises")
    # Back online the game is as it was (its poll answers 304), and the outcome comes.
    page.context.set_offline(False)
    expect(page.locator("#preview strong.made")).to_be_visible()


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_an_outcome_the_server_could_not_give_comes_when_it_answers_again(
    live_server: LiveServer, page: Page
) -> None:
    start_team_game(page, live_server.url, "euchre")
    choice(page, "maker", "Bjørn").click()
    expect(page.locator("#preview")).not_to_contain_text("Resultatet vises her")  # asked
    # The server answers without its database (503): the box does not keep what it said of
    # the taps before; once the server answers again, the outcome comes by itself.
    preview = re.compile(r"/preview/(\?.*)?$")
    page.route(preview, lambda route: route.fulfill(status=503, body="Database away"))
    choice(page, "tricks", 3).click()
    expect(page.locator("#preview")).to_contain_text("Ingen forbindelse: utfallet vises")
    page.unroute(preview)
    expect(page.locator("#preview strong.made")).to_be_visible()


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_hand_kept_offline_moves_the_dealer_to_the_next_team_on_the_scoreboard(
    live_server: LiveServer, page: Page
) -> None:
    start_team_game(page, live_server.url, "euchre")
    expect_team_dealer(page, "Sharks", "Anne")
    page.context.set_offline(True)
    choice(page, "maker", "Bjørn").click()
    flag(page, "alone").click()
    choice(page, "tricks", 3).click()
    # The outcome cannot be worked out offline: said so, not an older outcome left standing.
    expect(page.locator("#preview")).to_contain_text("Ingen forbindelse: utfallet vises")
    page.locator("button[name=save]").click()
    expect(page.locator("#status [data-queue]")).to_be_visible()
    # The hand waiting is listed by what each tap answers (a flag by its own word).
    waiting = page.locator("#hands [data-waiting] li")
    expect(waiting).to_contain_text("Melder Bjørn, Alene, Melderlagets stikk 3")
    # The form and the scoreboard agree: Bjørn deals next, in the Jets' row, by name.
    expect_team_dealer(page, "Jets", "Bjørn")
    expect(page.locator("#live .badge.dealer")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect_team_dealer(page, "Jets", "Bjørn")
