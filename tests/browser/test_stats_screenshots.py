"""The statistics page and a player's page at phone size, in English and Norwegian, for a
person to look at: wide tables scroll sideways under a name column that stays put."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Group
from tests.factories import bid, make_game
from tests.test_stats import kaiser_game, season

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


def _table() -> Group:
    """The season of `tests.test_stats`, a long name, and a game of Kaiser."""
    group = season().group
    long_name = "Margrethe Kristiansen"
    make_game(
        group,
        ["Anne", "Dina", long_name],
        # Anne bids Amerikaner and takes every trick: +52, and the game.
        [bid("Anne", "amerikaner", None, {"Dina": 0, long_name: 0})],
    )
    kaiser_game(group)
    return group


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_statistics_at_phone_size(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group = _table()
    codes = {p.name: p.code for p in group.players.all()}

    def shot(name: str) -> None:
        page.screenshot(path=screenshots / f"{name}-{language}.png", full_page=True)

    stats = f"{live_server.url}/g/{group.view_key}/stats/"
    page.goto(f"{stats}?a={codes['Anne']}&b={codes['Bjørn']}")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#head-to-head")).to_be_visible()
    shot("31-stats")

    # The sticky name column is tested in test_statistics.py, which `make test` runs.

    page.goto(f"{stats}?kind=kaiser")
    expect(page.locator("#cards")).to_be_visible()
    shot("32-stats-kaiser")

    page.goto(stats)
    page.locator("#results a", has_text="Anne").click()
    expect(page.locator("#figures")).to_be_visible()
    shot("33-player")
