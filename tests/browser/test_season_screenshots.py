"""A season's page for a person to look at: at phone size (390 x 844) in English and
Norwegian, light and dark, and on a TV (1280 x 720, as the big screen, and 1920 x 1080),
in larger type, the tables side by side where they fit."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Group, Night, Player, Season
from tests.browser.test_night_screenshots import SIX, _amerikaner, _euchre
from tests.test_stats import nights

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


def _league() -> Group:
    """Six friends, a game or two a week this year so far (up to ten weeks), one of them
    with a long name; a named autumn league last year."""
    group = Group.objects.create(name="Fredagsbordet")
    names = [*SIX[:5], "Margrethe Kristiansen"]
    for name in names:
        Player.objects.create(group=group, name=name)
    tonight, last_eve, _before = nights()
    for week in range(10):
        day = tonight - dt.timedelta(weeks=week)
        if day.year != tonight.year:
            break
        night = Night.objects.create(group=group, date=day)
        _amerikaner(group, night, names[week % 3 : week % 3 + 4], seed=week)
        if week % 3 == 0:
            _euchre(group, night, "nSsNNsSNNn" if week % 2 else "SsnSSsS")
    autumn = Night.objects.create(group=group, date=last_eve - dt.timedelta(days=60))
    _amerikaner(group, autumn, names[:4], seed=99)
    Season.name_one(group, "Høstligaen", last_eve - dt.timedelta(days=90), last_eve)
    return group


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_the_season_at_phone_size_and_on_a_tv(
    live_server: LiveServer,
    page: Page,
    browser: Browser,
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    language = locale[:2]
    group = _league()
    url = f"{live_server.url}/g/{group.edit_key}/seasons/"

    def shots(screen: Page, name: str) -> None:
        for scheme in ("light", "dark"):
            screen.emulate_media(color_scheme=scheme)
            screen.screenshot(path=screenshots / f"{name}-{language}-{scheme}.png", full_page=True)
        screen.emulate_media(color_scheme="light")

    page.goto(url)
    expect(page.locator("#standing-amerikaner")).to_be_visible()
    shots(page, "61-season")
    # The form, refused: the last evening before the first.
    page.locator("#name-season summary").click()
    page.locator("#id_name").fill("Vinterligaen")
    page.locator("#id_start").fill("2025-12-01")
    page.locator("#id_end").fill("2025-11-01")
    page.locator("#name-season button").click()
    expect(page.locator("#name-season .errorlist")).to_be_visible()
    page.locator("#name-season").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"61-season-form-{language}.png")
    page.goto(f"{live_server.url}/g/{group.view_key}/")
    # The autumn league and last year, both over.
    expect(page.locator("#champions li")).to_have_count(2)
    page.locator("#seasons").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"62-group-seasons-{language}.png")

    # A small TV (as the big screen's tests) has a table a row; a large one, two.
    for size, (width, height) in {"tv": (1280, 720), "tv-large": (1920, 1080)}.items():
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        television = context.new_page()
        television.goto(url.replace(group.edit_key, group.view_key))
        expect(television.locator("#standing-euchre")).to_be_visible()
        shots(television, f"63-season-{size}")
        context.close()
