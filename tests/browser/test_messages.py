"""Messages that go away: "Hand 2 deleted…" answers the last action, goes with the next one
or after a while (long enough to be read aloud), and never stands beside a winner banner.

The page's own animations are moved on to a moment (`_seconds_later`) rather than waited out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    LIVE,
    choice,
    fill_new_game,
    open_new_game,
    play_hand,
    start_four,
    start_game,
    start_group,
    tricks,
    unchanged,
)
from tests.factories import bid

# What the phone shows as messages: above the page (after a full page) or in #main (htmx).
MESSAGES = ".messages li"


def _seconds_later(page: Page, seconds: float) -> None:
    """The page's animations (a message fading out) as they are this long after they began
    (those that follow a scroll rather than the clock left as they are)."""
    page.evaluate(
        """ms => document.getAnimations()
          .filter((a) => a.timeline === document.timeline)
          .forEach((a) => (a.currentTime = ms))""",
        seconds * 1000,
    )


def _shots(page: Page, screenshots: Path, name: str, language: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=screenshots / f"{name}-{language}-{scheme}.png")
    page.emulate_media(color_scheme="light")


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_message_goes_with_the_next_action_or_after_a_while(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    start_four(page, live_server.url)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    # A save's answer says what was saved, in #main.
    saved = page.locator(f"#main {MESSAGES}.success")
    expect(saved).to_have_count(1)
    # Still there after a few seconds, so a screen reader has read it out...
    _seconds_later(page, 4)
    expect(saved).to_be_visible()
    # ...and gone by itself a little later.
    _seconds_later(page, 9)
    expect(saved).to_be_hidden()

    play_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 3})
    # Undo: the answer replaces the "saved" line with its own.
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(page.locator(MESSAGES)).to_have_count(1)
    expect(page.locator(f"#main {MESSAGES}.success")).to_contain_text("2")
    _shots(page, screenshots, "71-message-after-undo", language)
    # The next action, a tap on a chip, ends it.
    choice(page, "bidder", "Cato").click()
    expect(page.locator(MESSAGES)).to_have_count(0)

    # Deleting a hand from its page: a full page, the message above the game (base.html),
    # outside what a save replaces; the next save ends it all the same.
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator('#hands a.why[href$="/1/"]').click()
    page.locator("form[data-confirm] button.danger").click()
    expect(page.locator("body > .messages li.success")).to_be_visible()
    expect(page.locator("#hands tbody tr")).to_have_count(0)
    _shots(page, screenshots, "72-message-after-delete", language)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(page.locator("body > .messages")).to_have_count(0)
    expect(page.locator(MESSAGES)).to_have_count(1)  # this save's own line


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_no_message_stands_beside_the_winner_banner(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    start_group(page, live_server.url)
    open_new_game(page)
    # Anne brought 40 points from paper: 12 alone, made, takes her past 52.
    fill_new_game(page, ["Bjørn", "Cato", "Dina"], start={1: 40})
    start_game(page)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(page.locator(MESSAGES)).to_have_count(1)
    play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
    expect(page.locator("#winner")).to_be_visible()
    # The banner says what the hand did; "Hand 2 saved" does not stand beside it...
    expect(page.locator(MESSAGES)).to_have_count(0)
    _shots(page, screenshots, "73-winner-without-message", locale[:2])
    # ...nor comes back with the page.
    page.reload()
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator(MESSAGES)).to_have_count(0)


def test_a_poll_that_brings_the_winner_takes_the_old_message_away(
    live_server: LiveServer, new_phone: Callable[..., Page], transactional_db: None
) -> None:
    page = new_phone()
    start_four(page, live_server.url)
    play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
    play_hand(page, "Anne", 12, "", {"Bjørn": 0, "Cato": 0, "Dina": 0})
    game = Game.objects.get()
    # While this phone's polls see nothing new, another phone corrects hand 2; the undo
    # on this phone names hand 2 as it was, so it is refused, and a refusal stays until
    # the next action (no clock takes it away).
    page.route(LIVE, unchanged)
    second = game.hand_list()[1]
    game.edit_hand(2, second.revision, {**second.data, "dealer": "Cato"}, "Bjørn")
    page.locator("#toolbar form button").click()
    refused = page.locator(f"#main {MESSAGES}.error")
    expect(refused).to_be_visible()
    _seconds_later(page, 60)
    expect(refused).to_be_visible()
    page.unroute(LIVE)
    # Another phone saves the hands that win the game; this phone's poll brings the banner.
    for number, dealer in ((3, "Cato"), (4, "Dina"), (5, "Anne")):
        game.add_hand(
            number,
            bid("Anne", 12, None, {"Bjørn": 0, "Cato": 0, "Dina": 0}, dealer=dealer),
            "Bjørn",
        )
    game.refresh_from_db()
    assert game.result().finished
    expect(page.locator("#winner")).to_be_visible(timeout=6000)
    # The same poll that brought the banner took the refusal away.
    assert page.locator(MESSAGES).count() == 0


def test_a_change_from_another_phone_takes_what_this_one_was_told_away_but_an_offer(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    """A "Hand 1 saved: …" no longer holds once another phone undid or corrected it: the
    stream's fetch of the change takes it away at once. An offer to take this phone's
    correction back stays until the next tap (the server says whether it still holds)."""
    start_four(page, live_server.url)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    saved = page.locator(MESSAGES, has_text="Hand 1 saved")
    expect(saved).to_be_visible()
    game = Game.objects.get()
    game.add_hand(2, bid("Anne", 8, "Cato", {"Bjørn": 2, "Dina": 2}, dealer="Bjørn"), "Cato")
    expect(page.locator("#hands tbody tr")).to_have_count(2)
    expect(saved).to_have_count(0)
    # This phone corrects hand 2 (Bjørn took 3, Dina 1); another phone then saves hand 3.
    page.locator('#hands a.why[href$="/hands/2/"]').click()
    page.locator('a[href$="/edit/"]').click()
    tricks(page, "Bjørn", 3).click()
    tricks(page, "Dina", 1).click()
    page.locator("button[name=save]").click()
    offer = page.get_by_role("button", name="Take the correction back")
    expect(offer).to_be_visible()
    game.add_hand(3, bid("Cato", 8, "Anne", {"Bjørn": 2, "Dina": 2}, dealer="Cato"), "Cato")
    expect(page.locator("#hands tbody tr")).to_have_count(3)
    expect(offer).to_be_visible()


def test_an_undo_without_a_connection_says_it_may_not_have_been_done(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    """A hand is kept on the phone until it can go; an undo is not: it says so (it said
    nothing, and the table thought the hand was gone)."""
    start_four(page, live_server.url)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.context.set_offline(True)
    page.locator("#toolbar form button").click()
    expect(page.locator("#status [data-said]")).to_have_text(
        "No connection: this may not have been done. The page shows what was once the "
        "connection returns."
    )
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert Game.objects.get().hand_list()[0].number == 1


@pytest.mark.parametrize(
    ("locale", "missing"), [("en-GB", "bidder is missing"), ("nb-NO", "mangler")]
)
def test_what_the_form_was_refused_for_goes_once_the_hand_is_complete(
    live_server: LiveServer, page: Page, locale: str, missing: str
) -> None:
    start_four(page, live_server.url)
    # Everything but the bidder: Save is refused, and says what is missing.
    choice(page, "bid", 8).click()
    choice(page, "partner", "Dina").click()
    page.locator('.tricks-row[data-side="Anne"] label:has(> input[value="2"])').click()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="1"])').click()
    page.locator("form[data-hand-form] button[name=save]").click()
    refused = page.locator("form[data-hand-form] .errorlist")
    expect(refused.first).to_contain_text(missing)
    # The bidder tapped: the preview has the outcome, and "missing" is no longer true.
    choice(page, "bidder", "Bjørn").click()
    expect(page.locator("#preview strong")).to_be_visible()
    expect(refused).to_have_count(0)


@pytest.mark.parametrize(
    ("locale", "unanswered", "offline"),
    [
        ("en-GB", "No answer came yet: hand 1 is kept on this phone", "No connection: hand 1"),
        ("nb-NO", "Ikke noe svar ennå: runde 1 venter", "Ingen forbindelse: runde 1"),
    ],
)
def test_an_unanswered_save_is_no_lost_connection_until_the_phone_knows(
    live_server: LiveServer, page: Page, locale: str, unanswered: str, offline: str
) -> None:
    start_four(page, live_server.url)
    # The save reaches the server, which stores it; its answer is lost. The polls get
    # through: nothing says there is no connection. They are answered "unchanged" (as by a
    # server that has not heard yet): a poll bringing the hand would end the wait before the
    # test sees it (on a busy machine one came first).
    page.route("**/hands/", lambda route: (route.fetch(), route.abort("connectionreset")))
    page.route(LIVE, unchanged)
    play = choice(page, "bidder", "Bjørn")
    play.click()
    choice(page, "bid", 8).click()
    choice(page, "partner", "Dina").click()
    page.locator('.tricks-row[data-side="Anne"] label:has(> input[value="2"])').click()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="1"])').click()
    page.locator("form[data-hand-form] button[name=save]").click()
    queue = page.locator("#status [data-queue]")
    expect(queue).to_contain_text(unanswered)
    expect(page.locator("#status")).not_to_contain_text(offline)
    # Once the phone knows it is offline, it says so (its polls fail now).
    page.context.set_offline(True)
    page.unroute(LIVE)
    expect(queue).to_contain_text(offline)
    page.context.set_offline(False)
    page.unroute("**/hands/")
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=10_000)
    expect(queue).to_be_hidden()


def test_an_unfinished_hand_whose_answer_is_lost_is_not_called_offline(
    live_server: LiveServer, page: Page
) -> None:
    start_four(page, live_server.url)
    page.route("**/hands/", lambda route: (route.fetch(), route.abort("connectionreset")))
    choice(page, "bid", 8).click()  # no bidder yet
    page.locator("form[data-hand-form] button[name=save]").click()
    said = page.locator("#status [data-said]")
    # What is left to tap is named (the choices the form shows with nothing chosen).
    expect(said).to_have_text(
        "No answer came yet, and this hand is not complete: finish it and save it again."
        " Still to tap: Bidder, Partner, Tricks: Anne, Bjørn, Cato, Dina."
    )
    expect(page.locator("#status")).not_to_contain_text("No connection")
    # The taps stay in the form, to be finished.
    expect(page.locator("form[data-hand-form] input[name=bid][value='8']")).to_be_checked()
