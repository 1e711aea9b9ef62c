"""A result leaving the app: the Share button shares the result's picture as a file where
the phone can (the Web Share API), and downloads it where it cannot or refuses; on paper
(print, or a PDF saved from the browser) the game page is a score sheet of every hand with
nothing to tap, two A4 pages at most for forty hands, and the night page its standings."""

from __future__ import annotations

import datetime as dt
import re
import struct
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Group, Night
from tests.browser.steps import join_as
from tests.factories import anne_wins, anne_wins_on_hand_40, endless_hands, make_game, make_group

FRIDAY = dt.date(2025, 3, 7)

# A phone that can share files: what it was asked to share is kept for the test.
SHARING_PHONE = """
window.shared = [];
navigator.canShare = function (data) { return !!(data && data.files && data.files.length); };
navigator.share = function (data) {
  window.shared.push({title: data.title, text: data.text, url: data.url, files: data.files.map(
    function (file) { return {name: file.name, type: file.type, size: file.size}; })});
  return Promise.resolve();
};
"""
# A phone that has the Web Share API but refuses this share (as one that cannot share
# files with any app would).
REFUSING_PHONE = """
navigator.canShare = function () { return true; };
navigator.share = function () { return Promise.reject(new DOMException("no", "NotAllowedError")); };
"""
# A computer without the Web Share API.
NO_SHARING = "delete Navigator.prototype.canShare; delete Navigator.prototype.share;"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF as Chromium writes it: one /Type /Page object each."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def game_url(server: LiveServer, group: Group, game: Game, key: str = "edit_key") -> str:
    return f"{server.url}{reverse('game', args=[getattr(group, key), game.code])}"


def a_night(group: Group) -> Night:
    night = Night.objects.create(group=group, date=FRIDAY, name="Quiz", place="Hos Anne")
    for hands in (anne_wins(), endless_hands(3)):
        Game.objects.filter(pk=make_game(group, hands=hands).pk).update(night=night)
    return night


def test_share_shares_the_result_as_a_picture_file_with_the_view_only_link(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    group = make_group()
    game = make_game(group, hands=anne_wins())
    page.add_init_script(SHARING_PHONE)
    join_as(page, game_url(live_server, group, game), "Anne")
    # The picture is fetched beforehand, so that the tap shares it at once.
    page.wait_for_function("() => document.querySelector('#share').shareData")
    page.locator("#share").click()
    page.wait_for_function("() => window.shared.length === 1")
    shared: list[dict[str, Any]] = page.evaluate("window.shared")
    evening = Night.evening_of(game.created_at).isoformat()
    assert shared[0]["files"][0]["name"] == f"amerikaner-{evening}.png"
    assert shared[0]["files"][0]["type"] == "image/png"
    assert shared[0]["files"][0]["size"] > 10_000
    assert shared[0]["text"] == "Anne wins! Anne 54, Bjørn 2, Cato 2 and Dina 2."
    # The scorer shares: the group chat gets the view-only link, never the full one.
    assert shared[0]["url"] == reverse("game", args=[group.view_key, game.code])
    assert group.edit_key not in str(shared)
    # Nothing else happened: still on the game.
    assert page.url == game_url(live_server, group, game)


@pytest.mark.parametrize("phone", [NO_SHARING, REFUSING_PHONE])
def test_share_downloads_the_picture_where_the_phone_cannot_share_it(
    live_server: LiveServer, page: Page, transactional_db: None, phone: str
) -> None:
    group = make_group()
    night = a_night(group)
    page.add_init_script(phone)
    page.goto(f"{live_server.url}{reverse('night', args=[group.view_key, night.code])}")
    if phone == REFUSING_PHONE:
        page.wait_for_function("() => document.querySelector('#share').shareData")
    with page.expect_download() as download:
        page.locator("#share").click()
    assert download.value.suggested_filename == "night-2025-03-07.png"
    assert png_size(Path(download.value.path()).read_bytes()) == (1200, 630)


def test_share_downloads_the_picture_without_javascript(
    live_server: LiveServer, new_phone: Any, transactional_db: None
) -> None:
    group = make_group()
    game = make_game(group, hands=anne_wins())
    page = new_phone(javascript=False)
    page.goto(game_url(live_server, group, game, "view_key"))
    with page.expect_download() as download:
        page.locator("#share").click()
    assert png_size(Path(download.value.path()).read_bytes()) == (1200, 630)


def test_printed_game_page_has_no_form_buttons_or_menus(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    group = make_group()
    hands = endless_hands(3)
    hands[1]["note"] = "Bjørn revoked; the table let the hand stand"
    game = make_game(group, hands=hands)
    game.write_note("Played at the cabin", "Anne")
    join_as(page, game_url(live_server, group, game), "Anne")
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    expect(page.locator("#sheet")).to_be_hidden()
    page.emulate_media(media="print")
    shown = page.evaluate(
        """() => [...document.querySelectorAll('form, button, nav, input, select, .bar, .toolbar')]
              .filter(element => element.getClientRects().length).map(element => element.outerHTML.slice(0, 80))"""
    )
    assert shown == []
    # Three hands, all of them, first to last.
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#hands")).to_be_hidden()
    rows = page.locator("#sheet tbody tr td.hand").all_inner_texts()
    assert [row.split(".")[0] for row in rows] == ["1", "2", "3"]
    # The table's own words go on paper: a hand's note on its row, the game's note.
    assert "Bjørn revoked; the table let the hand stand" in rows[1]
    expect(page.locator("#game-note")).to_be_visible()
    expect(page.locator("#sheet-date")).to_be_visible()
    expect(page.locator(".scoreboard")).to_be_visible()


def test_a_printed_forty_hand_game_is_two_a4_pages_at_most(
    live_server: LiveServer, page: Page, transactional_db: None, tmp_path: Path
) -> None:
    group = make_group()
    game = make_game(group, hands=anne_wins_on_hand_40())
    page.goto(game_url(live_server, group, game, "view_key"))
    page.emulate_media(media="print")
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("#sheet tbody tr")).to_have_count(40)
    expect(page.locator("#share")).to_be_hidden()
    assert page.locator("#sheet tbody tr").last.inner_text().startswith("40. ")
    pdf = page.pdf(format="A4", print_background=True)
    assert 1 <= pdf_pages(pdf) <= 2


def test_printed_night_page_has_its_standings_and_games_and_nothing_to_tap(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    group = make_group()
    night = a_night(group)
    join_as(page, f"{live_server.url}{reverse('night', args=[group.edit_key, night.code])}", "Anne")
    page.emulate_media(media="print")
    expect(page.locator("#standings")).to_be_visible()
    expect(page.locator(".night-game")).to_have_count(2)
    expect(page.locator(".night-game").first).to_be_visible()
    for hidden in ("details.night-form", "#share", ".bar", "a.back"):
        expect(page.locator(hidden)).to_be_hidden()
    assert pdf_pages(page.pdf(format="A4")) >= 1


@pytest.mark.screenshots
@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_paper_screenshots(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    """The PDFs Chromium saves of a forty-hand game and of a night, for a person to look
    at (pdftoppm turns them into pictures), and the finished game page with its Share
    button at phone size."""
    language = locale[:2]
    group = make_group()
    hands = anne_wins_on_hand_40()
    hands[28]["note"] = "Bjørn revoked; the table let the hand stand"
    game = make_game(group, hands=hands)
    night = a_night(group)
    Game.objects.filter(pk=game.pk).update(night=night)
    page.goto(game_url(live_server, group, game, "view_key"))
    page.screenshot(path=screenshots / f"62-shared-game-{language}.png")
    page.emulate_media(media="print")
    (screenshots / f"62-paper-game-{language}.pdf").write_bytes(page.pdf(format="A4"))
    page.emulate_media(media="screen")
    page.goto(f"{live_server.url}{reverse('night', args=[group.view_key, night.code])}")
    page.screenshot(path=screenshots / f"62-shared-night-{language}.png")
    page.emulate_media(media="print")
    (screenshots / f"62-paper-night-{language}.pdf").write_bytes(page.pdf(format="A4"))
