"""A game file uploaded from the group page, with the evening it was played: a paper sheet
joins that night, not tonight's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import start_group
from tests.factories import FOUR, anne_wins, game_file


@pytest.mark.parametrize("locale", ["nb-NO"])
def test_a_paper_sheet_uploaded_with_its_evening_joins_that_night(
    live_server: LiveServer, page: Page, tmp_path: Path, screenshots: Path
) -> None:
    start_group(page, live_server.url)
    group_page = page.url
    sheet = tmp_path / "papirark.json"
    sheet.write_text(json.dumps(game_file("amerikaner", FOUR, anne_wins())), encoding="utf-8")
    form = page.locator("form#import")
    form.locator("input[type=file]").set_input_files(sheet)
    form.locator("input[type=date]").fill("2026-10-03")
    form.screenshot(path=screenshots / "import-with-its-evening.png")
    form.locator("button").click()
    expect(page.locator("#winner")).to_contain_text("Anne")  # the game, opened
    # The group's nights: that evening's, with the game in it.
    page.goto(group_page)
    page.locator("a[href*='/nights/']").first.click()
    expect(page.locator("h1")).to_contain_text("3. oktober 2026")
    expect(page.locator("main")).to_contain_text("Anne")
