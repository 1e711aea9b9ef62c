"""axe-core over every page, in English and Norwegian, light and dark: no violation.

The pages are checked in two parts, each a test of its own (the two test processes share
them out; as one test it was the longest of the run). Each page is loaded once, axe put in
it once, and checked in both colour schemes (switching the scheme needs no reload). axe-core comes inside the axe-playwright-python package, so nothing is
fetched at run time.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games import backup
from games.models import Game, Group, Night
from games.rules import GAMES
from tests.factories import FOUR, anne_wins, endless_hands, game_file, make_game, make_group
from tests.test_stats import TEAMS, THREE, american_game, euchre_game, kaiser_game

# Only the violations come back from the page: what the test reads.
RUN_AXE = "axe.run(document, {resultTypes: ['violations']}).then((found) => found.violations)"


# A hand of each game with a form of its own: every bid kind on the pages.
SPADES = [
    {
        "dealer": "Anne",
        "bids": {"Anne": 4, "Bjørn": "blind_nil", "Cato": "nil", "Dina": 3},
        "tricks": {"Anne": 6, "Bjørn": 0, "Cato": 1, "Dina": 6},
    }
]
FIVE_HUNDRED = [
    {"dealer": "Anne", "bidder": "Bjørn", "bid": 8, "suit": "hearts", "tricks": 9},
    {"dealer": "Bjørn", "bidder": "Cato", "bid": "misere", "tricks": 0},
]


def _table() -> tuple[Group, dict[str, Game]]:
    """A group with a game of each kind in play and finished."""
    group = make_group()
    games = {
        "amerikaner": make_game(group, hands=endless_hands(3)),
        "amerikaner-finished": make_game(group, hands=anne_wins()),
        "euchre": backup.import_game(group, game_file("euchre", FOUR, [], teams=TEAMS)),
        "euchre-finished": euchre_game(group),
        "kaiser": backup.import_game(group, game_file("kaiser", FOUR, [], teams=TEAMS)),
        "kaiser-finished": kaiser_game(group),
        "american": backup.import_game(group, game_file("american", THREE, [])),
        "american-finished": american_game(group),
        "spades": backup.import_game(group, game_file("spades", FOUR, SPADES, teams=TEAMS)),
        "five_hundred": backup.import_game(
            group, game_file("five_hundred", FOUR, FIVE_HUNDRED, teams=TEAMS)
        ),
        "oh_hell": backup.import_game(group, game_file("oh_hell", THREE, [])),
        "points": backup.import_game(group, game_file("points", FOUR, [])),
    }
    return group, games


def _pages(group: Group, games: dict[str, Game], part: str) -> list[tuple[str, str]]:
    """One part's pages (`PARTS`)."""
    key = group.edit_key
    night = Night.objects.filter(group=group).first()
    assert night is not None
    player = group.players.get(name="Anne")
    finished = games["amerikaner-finished"].code
    games_pages = [
        *((f"game {name}", f"/g/{key}/games/{game.code}/") for name, game in games.items()),
        ("why", f"/g/{key}/games/{finished}/hands/1/"),
        ("a total, hand by hand", f"/g/{key}/games/{finished}/totals/1/"),
        ("correct", f"/g/{key}/games/{finished}/hands/1/edit/"),
        ("history", f"/g/{key}/games/{finished}/history/"),
        ("end", f"/g/{key}/games/{games['amerikaner'].code}/end/"),
        ("big screen", f"/g/{group.view_key}/games/{games['amerikaner'].code}/tv/"),
        ("big screen spades", f"/g/{group.view_key}/games/{games['spades'].code}/tv/"),
        ("why spades", f"/g/{key}/games/{games['spades'].code}/hands/1/"),
    ]
    group_pages = [
        ("start", "/"),
        ("who", f"/g/{key}/me/"),
        ("group", f"/g/{key}/"),
        ("group, view only", f"/g/{group.view_key}/"),
        *((f"new {kind}", f"/g/{key}/new/{kind}/") for kind in GAMES),
        ("night", f"/g/{key}/nights/{night.code}/"),
        *((f"statistics {kind}", f"/g/{key}/stats/?kind={kind}") for kind in GAMES),
        ("player", f"/g/{key}/players/{player.code}/"),
        ("season", f"/g/{key}/seasons/"),
        ("what changed", f"/g/{key}/changes/"),
        ("import", f"/g/{key}/import/"),
    ]
    return games_pages if part == "games" else group_pages


#: Two parts of about the same length: each builds the table and says who it is again.
PARTS = ["games", "group"]


def _violations(page: Page, name: str) -> list[str]:
    found: list[str] = []
    page.evaluate(AXE_SCRIPT)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
        for violation in violations:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            found.append(f"{name} ({scheme}): {violation['id']}: {violation['help']} {targets[:3]}")
    return found


# Norwegian in `make test` (the longer words); English with the screenshots: what axe checks
# (names, roles, contrast, structure) is drawn alike in both, and each run takes a minute.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
@pytest.mark.parametrize("part", PARTS)
def test_no_page_has_an_accessibility_violation(
    live_server: LiveServer, page: Page, locale: str, part: str, transactional_db: None
) -> None:
    group, games = _table()
    # The full link asks once who this phone is.
    page.goto(f"{live_server.url}/g/{group.edit_key}/me/")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    found: list[str] = []
    for name, path in _pages(group, games, part):
        page.goto(f"{live_server.url}{path}")
        if name == "night":
            found += _violations(page, name)
            # The night's edit form, opened.
            page.locator("details.night-form summary").click()
            expect(page.locator("#id_name")).to_be_visible()
            name = "night edit"
        found += _violations(page, name)
    assert not found, "\n".join(found)
