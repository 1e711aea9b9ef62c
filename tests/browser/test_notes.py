"""Notes at the table: a hand's note opens on demand and stays while another phone saves
(the poll's morph keeps the open box and what is typed); the game's note from its page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Hand
from tests.browser.steps import (
    fill_hand,
    game_code,
    join_as,
    play_hand,
    save,
    save_held,
    start_four,
)

NOTE = "Bjørn revoked; the table let the hand stand"


def test_a_hands_note_opens_on_demand_and_survives_a_poll_while_typing(
    live_server: LiveServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    start_four(page, live_server.url)
    form = page.locator("form[data-hand-form]")
    box = form.locator("textarea[name=note]")
    # Closed: a hand without a note costs no tap.
    expect(box).to_be_hidden()
    fill_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    form.locator("details.note-field summary").click()
    expect(box).to_be_visible()
    box.click()
    page.keyboard.type("Bjørn revoked;")

    # Another phone saves hand 1 meanwhile: the poll brings it into this page.
    other = new_phone()
    join_as(other, page.url, "Bjørn")
    play_hand(other, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(form.locator("[data-renumbered]")).to_be_visible(timeout=6000)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    # The box is still open, with what was typed, and typing goes on where it was.
    expect(box).to_be_visible()
    expect(box).to_have_value("Bjørn revoked;")
    expect(box).to_be_focused()
    page.keyboard.type(" the table let the hand stand")
    save_held(page)  # begun before hand 1 was saved: a new hand at the second tap

    # Hand 2's row carries a mark that opens its note; hand 1's has none.
    newest, first = page.locator("#hands tbody tr").nth(0), page.locator("#hands tbody tr").nth(1)
    expect(first.locator("details.note-mark")).to_have_count(0)
    note = newest.locator("details.note-mark .note")
    expect(note).to_be_hidden()
    newest.locator("details.note-mark summary").click()
    expect(note).to_have_text(NOTE)
    # The next hand's form has its note closed and empty again.
    expect(box).to_be_hidden()
    expect(box).to_have_value("")
    # The hand's own page ("Why?") shows it too.
    newest.locator("a.why").click()
    expect(page.locator("#note")).to_contain_text(NOTE)


def test_a_note_written_offline_goes_with_its_hand(live_server: LiveServer, page: Page) -> None:
    start_four(page, live_server.url)
    page.context.set_offline(True)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("form[data-hand-form] details.note-field summary").click()
    page.locator("form[data-hand-form] textarea[name=note]").fill(NOTE)
    page.locator("form[data-hand-form] button[name=save]").click()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=10_000)
    hands = Hand.objects.filter(game__code=game_code(page))
    assert [hand.data.get("note") for hand in hands] == [NOTE]


def test_notes_are_written_without_javascript(
    live_server: LiveServer, page: Page, new_phone: Callable[..., Page]
) -> None:
    start_four(page, live_server.url)
    plain = new_phone(javascript=False)
    join_as(plain, page.url, "Cato")
    fill_hand(plain, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    plain.locator("form[data-hand-form] details.note-field summary").click()
    plain.locator("form[data-hand-form] textarea[name=note]").fill(NOTE)
    plain.locator("form[data-hand-form] button[name=save]").click()
    plain.locator("#hands tbody tr details.note-mark summary").click()
    expect(plain.locator("#hands tbody tr .note")).to_have_text(NOTE)
    plain.locator("#game-note-form summary").click()
    plain.locator("#game-note-form textarea").fill("Dina's birthday")
    plain.locator("#game-note-form button").click()
    expect(plain.locator("#game-note")).to_have_text("📝 Dina's birthday")


def test_the_games_note_is_written_from_its_page(live_server: LiveServer, page: Page) -> None:
    start_four(page, live_server.url)
    page.locator("#game-note-form summary").click()
    page.locator("#game-note-form textarea").fill("Dina's birthday")
    page.locator("#game-note-form button").click()
    expect(page.locator("#game-note")).to_have_text("📝 Dina's birthday")
    expect(page.locator("#game-note-form textarea")).to_be_hidden()


@pytest.mark.screenshots
def test_screenshots_of_a_rows_note_opened(
    live_server: LiveServer, page: Page, screenshots: Path
) -> None:
    start_four(page, live_server.url)
    play_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("form[data-hand-form] details.note-field summary").click()
    page.locator("form[data-hand-form] textarea[name=note]").fill(
        f"{NOTE}.\nDina dealt the next one."
    )
    save(page)
    page.locator("#game-note-form summary").click()
    page.locator("#game-note-form textarea").fill("Dina's birthday: she chose the game")
    page.locator("#game-note-form button").click()
    expect(page.locator("#game-note")).to_be_visible()
    page.locator("#hands tbody tr").first.locator("details.note-mark summary").click()
    page.locator("form[data-hand-form] details.note-field summary").click()
    page.locator("#game-note-form summary").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=screenshots / f"notes-game-{scheme}.png")
        page.locator("#hands").scroll_into_view_if_needed()
        page.screenshot(path=screenshots / f"notes-row-opened-{scheme}.png")
        page.locator("form[data-hand-form] details.note-field").scroll_into_view_if_needed()
        page.screenshot(path=screenshots / f"notes-form-{scheme}.png")
        page.locator("#game-note-form").scroll_into_view_if_needed()
        page.screenshot(path=screenshots / f"notes-game-form-{scheme}.png")
