"""The small things a new group tripped over, in a browser and in both languages: a corrected
hand's page names who entered it and who corrected it, the game's note comes with the CSV,
dates read one way, and an abandoned game leaves the night's standings."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    correct_dealer,
    fill_new_game,
    join_as,
    open_new_game,
    play_hand,
    start_four,
    to_group,
)
from tests.factories import make_group

#: A date as computers write it (11/28/2026): no page shows one.
NUMERIC_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{4}\b")


@pytest.mark.parametrize("locale", ["nb-NO", "en-GB"])
def test_who_corrected_the_note_in_the_csv_dates_and_an_abandoned_game(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[..., Page],
    locale: str,
    transactional_db: None,
) -> None:
    start_four(page, live_server.url)
    game_url = page.url
    play_hand(page, "Anne", 8, "Dina", {"Bjørn": 2, "Cato": 1})
    # Bjørn corrects who dealt on his own phone: the hand's page names them both.
    bjorn = new_phone()
    join_as(bjorn, game_url, "Bjørn")
    correct_dealer(bjorn, 1, "Bjørn")
    bjorn.goto(f"{game_url}hands/1/")
    entered = bjorn.locator("#entered")
    expect(entered).to_contain_text("Anne")
    expect(entered).to_contain_text("Bjørn")
    # The game's note comes with the hands in the CSV, in a row of its own.
    page.goto(game_url)
    page.locator("#game-note-form summary").click()
    page.locator("#game-note-form textarea").fill("Played at the cabin")
    page.locator("#game-note-form button").click()
    expect(page.locator("#game-note")).to_contain_text("Played at the cabin")
    with page.expect_download() as download:
        page.locator('a[href$="/export.csv"]').click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if locale == "nb-NO" else ","))
    assert "Played at the cabin" in rows[-1]
    # A second game, abandoned after a hand: the night's standings leave it out.
    to_group(page)
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    page.locator("form.card .actions button.primary").click()
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("#end-game").click()
    page.locator("#abandon button").click()
    expect(page.locator("#nights")).to_be_visible()
    assert not NUMERIC_DATE.search(page.locator("#content").inner_text())
    page.locator("#nights a").first.click()
    # The player's name and its games won; one game, the one played to the end or on.
    expect(page.locator("#standings thead th")).to_have_count(3)
    assert not NUMERIC_DATE.search(page.locator("#content").inner_text())


def test_a_name_written_on_who_are_you_is_the_one_lit_not_the_one_picked(
    live_server: LiveServer, page: Page
) -> None:
    """A written name counts over a chip tapped above it: the chip no longer looks picked,
    so a name typed by a slip is not taken for the one chosen."""
    group = make_group()
    page.goto(f"{live_server.url}/g/{group.edit_key}/me/")
    bjorn = page.locator('label:has(> input[name=player][value="Bjørn"])')
    cato = page.locator('label:has(> input[name=player][value="Cato"])')
    shade = "(chip) => getComputedStyle(chip).backgroundColor"
    bjorn.click()
    assert bjorn.evaluate(shade) != cato.evaluate(shade)
    page.locator("#id_name").fill("Dina")
    assert bjorn.evaluate(shade) == cato.evaluate(shade)
    page.locator("form.card button.primary").click()
    expect(page.locator("body")).to_contain_text("This phone is Dina.")
