"""A normal hand takes six taps or fewer: the phone must not slow the table down."""

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Hand
from tests.browser.steps import (
    LIVE,
    Taps,
    choice,
    expect_totals,
    fill_new_game,
    open_new_game,
    start_four,
    start_game,
    start_group,
    tricks,
    unchanged,
)


def test_a_normal_four_player_hand_takes_six_taps(live_server: LiveServer, page: Page) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)

    taps = 0

    def tap(target: Locator) -> None:
        nonlocal taps
        taps += 1
        target.tap()

    # The dealer is already suggested; Anne bids 8 and calls Cato; Bjørn takes 3 tricks
    # and Dina 1, which leaves 8 for Anne and Cato.
    tap(choice(page, "bidder", "Anne"))
    tap(choice(page, "bid", 8))
    tap(choice(page, "partner", "Cato"))
    tap(tricks(page, "Bjørn", 3))
    tap(tricks(page, "Dina", 1))
    tap(page.locator("button[name=save]"))

    expect(page.locator("#hands tbody tr")).to_have_count(1)
    # Made: Anne and Cato +8 each; the opponents +1 per trick.
    expect_totals(page, {"Anne": 8, "Bjørn": 3, "Cato": 8, "Dina": 1})
    assert taps <= 6, f"a normal hand took {taps} taps"


@pytest.mark.parametrize(
    "others", [["Bjørn", "Cato", "Dina"], ["Bjørn", "Cato", "Dina", "Erik", "Frida"]]
)
def test_a_made_amerikaner_takes_four_taps_at_four_and_at_six_players(
    live_server: LiveServer, page: Page, others: list[str]
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game(page)
    fill_new_game(page, others)
    start_game(page)
    taps = Taps()
    # The dealer comes from the rotation; every opponent's "0" follows from the outcome,
    # which is said, never assumed.
    taps(choice(page, "bidder", "Bjørn"))
    taps(choice(page, "bid", "amerikaner"))
    taps(choice(page, "made", "True"))
    expect(page.locator("#preview strong.made")).to_be_visible()
    taps(page.locator("button[name=save]"))
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    totals = {name: 0 for name in ["Anne", *others]}
    expect_totals(page, {**totals, "Bjørn": 52})
    assert taps.count <= 4, f"a made Amerikaner took {taps.count} taps"


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_an_amerikaner_is_said_made_or_lost_before_it_saves(
    live_server: LiveServer, page: Page, locale: str, screenshots: Path
) -> None:
    start_four(page, live_server.url)
    outcome = page.locator("form[data-hand-form] [data-input=made]")
    expect(outcome).to_be_hidden()
    # Cato bids Amerikaner: the form asks how it went, and Save alone stores nothing.
    choice(page, "bidder", "Cato").click()
    choice(page, "bid", "amerikaner").click()
    expect(outcome).to_be_visible()
    expect(outcome.locator("input:checked")).to_have_count(0)
    page.locator("button[name=save]").click()
    expect(outcome.locator(".errorlist")).to_be_visible()
    # Its chips in view with the question, not only the words below them.
    expect(choice(page, "made", "True")).to_be_in_viewport()
    expect(page.locator("#preview strong.made")).to_have_count(0)
    assert not Hand.objects.exists()
    page.screenshot(path=screenshots / f"amerikaner-outcome-asked-{locale}.png")
    # Lost: the others' tricks, then Save. Anne 1, Bjørn 0, Dina 2: Cato -52.
    choice(page, "made", "False").click()
    for side, count in {"Anne": 1, "Bjørn": 0, "Dina": 2}.items():
        tricks(page, side, count).click()
    expect(page.locator("#preview strong.failed")).to_be_visible()
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 1, "Bjørn": 0, "Cato": -52, "Dina": 2})
    # A new hand's form has neither chip chosen again.
    choice(page, "bidder", "Dina").click()
    choice(page, "bid", "amerikaner").click()
    expect(outcome.locator("input:checked")).to_have_count(0)


def test_a_made_amerikaner_whose_answer_is_lost_is_kept_and_stored_once(
    live_server: LiveServer, page: Page
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    # The opponents' "0"s are left to the server: the phone keeps the hand all the same
    # (the preview had its outcome), and it is stored once. Until the test has read what the
    # phone says, its polls hear "unchanged": one bringing the saved hand would end the wait
    # before the line could be read.
    page.route("**/hands/", lambda route: (route.fetch(), route.abort("connectionreset")))
    page.route(LIVE, unchanged)
    choice(page, "bidder", "Bjørn").click()
    choice(page, "bid", "amerikaner").click()
    choice(page, "made", "True").click()
    expect(page.locator("#preview strong.made")).to_be_visible()
    page.locator("button[name=save]").click()
    expect(page.locator("#status [data-queue]")).to_contain_text("hand 1 is kept on this phone")
    page.unroute(LIVE)
    page.unroute("**/hands/")
    # Made, Bjørn reaches 52 and wins: the banner says so (and no "saved" line beside it).
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=10_000)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    expect(page.locator("#winner")).to_be_visible()
    assert Hand.objects.count() == 1


def test_a_hand_entered_by_keyboard_leaves_the_focus_in_the_next_hands_form(
    live_server: LiveServer, page: Page
) -> None:
    # On a laptop: chips chosen with the keyboard, Enter saves. The form it was in is drawn
    # again, and the focus goes to the new one (it fell to the page's foot, a dozen Tabs
    # from the next hand); a refusal puts it back in the form too.
    start_four(page, live_server.url)
    inside = "() => !!document.activeElement?.closest('#entry form[data-hand-form]')"
    choice(page, "bidder", "Bjørn").focus()
    page.keyboard.press("Space")
    choice(page, "bid", 8).focus()
    page.keyboard.press("Space")
    choice(page, "partner", "Dina").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")  # the tricks still to tap: refused
    expect(page.locator("form[data-hand-form] .errorlist").first).to_be_visible()
    page.wait_for_function(inside)
    tricks(page, "Anne", 2).focus()
    page.keyboard.press("Space")
    tricks(page, "Cato", 1).focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    expect_totals(page, {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8})
    page.wait_for_function(inside)
    # The next Tab is the next hand's, not the page's foot.
    page.keyboard.press("Tab")
    assert page.evaluate(inside)
