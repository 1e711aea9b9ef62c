"""Everything tapped at the table outside the hand form is at least 44 x 44 CSS pixels,
with room between neighbours: the top bar, the game's menu and the "back" links."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    fill_new_game,
    open_new_game,
    play_hand,
    start_four,
    start_game,
    start_group,
)
from tests.factories import endless_hands, make_game
from tests.test_stats import season

TAP = 44
ROOM = 8  # the least gap between two targets side by side


def _box(target: Locator) -> FloatRect:
    box = target.bounding_box()
    assert box is not None, target
    return box


def _big_enough(targets: Locator) -> list[FloatRect]:
    boxes = [_box(target) for target in targets.all()]
    assert boxes
    for box in boxes:
        assert box["width"] >= TAP and box["height"] >= TAP, box
    return boxes


def _apart(boxes: list[FloatRect]) -> None:
    """Neighbours in a row are at least ROOM apart (targets on other lines are not)."""
    for a, b in pairwise(boxes):
        if abs(a["y"] - b["y"]) < TAP / 2:
            assert b["x"] - (a["x"] + a["width"]) >= ROOM, (a, b)


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_top_bar_and_game_menu_are_big_enough_to_tap(
    live_server: LiveServer, page: Page, locale: str, transactional_db: None
) -> None:
    start_group(page, live_server.url)
    # The top bar: the group's name (home) and the two language buttons.
    _big_enough(page.locator(".bar .brand"))
    _apart(_big_enough(page.locator(".bar .lang button")))
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    # The menu under the hands: big screen, the exports and ending the game.
    _apart(_big_enough(page.locator("#game-menu a")))
    expect(page.locator("#game-menu a")).to_have_count(4)
    code = Game.objects.get().code
    key = page.url.split("/g/", 1)[1].split("/", 1)[0]
    # Every way back to the game (or the group) from the pages that lead away from it.
    for path in ("history/", "hands/1/", "end/", "hands/1/edit/"):
        page.goto(f"{live_server.url}/g/{key}/games/{code}/{path}")
        _big_enough(page.locator("main > p:first-child > a"))
    page.goto(f"{live_server.url}/g/{key}/import/")
    _big_enough(page.locator("main > p:first-child > a"))
    night = Game.objects.get().night
    assert night is not None
    page.goto(f"{live_server.url}/g/{key}/nights/{night.code}/")
    _big_enough(page.locator("a.back"))
    _big_enough(page.locator("#standings thead a"))


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_hand_form_chips_are_big_enough_to_tap(
    live_server: LiveServer, page: Page, locale: str, transactional_db: None
) -> None:
    start_four(page, live_server.url)
    form = page.locator("form[data-hand-form]")
    # Choose a bid with a partner, so that every input of the form is shown.
    form.locator('label:has(> input[name="bidder"][value="Bjørn"])').click()
    form.locator('label:has(> input[name="bid"][value="8"])').click()
    form.locator(".show-side").click()
    groups = form.locator(".choices")
    expect(groups.first).to_be_visible()
    chips = 0
    for group in groups.all():
        if group.is_visible():
            boxes = _big_enough(group.locator("label:visible"))
            _apart(boxes)
            chips += len(boxes)
    # Dealer, bidder, partner (the 3 others + alone: not the bidder), bid (6 to 12 and
    # Amerikaner), and 0 to 12 tricks for each player (four play with a kitty: 12 a hand).
    assert chips == 4 + 4 + 4 + 8 + 4 * 13
    _big_enough(form.locator("button:visible, .show-side"))


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_group_statistics_and_player_links_are_big_enough_to_tap(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group = season().group
    make_game(group, hands=endless_hands(2))  # one game in play tonight
    key = group.edit_key
    anne = group.players.get(name="Anne")

    def shot(name: str) -> None:
        """The top of the page, where these links are, as the phone shows it."""
        page.screenshot(path=screenshots / f"{name}-{language}.png")

    # This phone is Anne's: the group page says so, with its link to change that.
    page.goto(f"{live_server.url}/g/{key}/me/?next=/g/{key}/")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    page.wait_for_url(f"{live_server.url}/g/{key}/")
    shot("82-taps-group")
    _big_enough(page.locator(f'main a[href^="/g/{key}/me/"]'))
    expect(page.locator("#in-play li > a")).to_have_count(1)
    _big_enough(page.locator("#in-play li > a"))
    expect(page.locator("#nights li > a")).to_have_count(3)
    _big_enough(page.locator("#nights li > a"))

    _big_enough(page.locator("#seasons .actions a"))  # this season
    expect(page.locator("#champions li > a")).to_have_count(2)  # the last two years'
    _big_enough(page.locator("#champions li > a"))

    page.goto(f"{live_server.url}/g/{key}/seasons/")
    shot("82-taps-season")
    _big_enough(page.locator(f'main a[href="/g/{key}/"]'))  # back to the group
    _big_enough(page.locator(".filters .chips a"))
    _big_enough(page.locator("#standing-amerikaner .name a"))
    _big_enough(page.locator("#name-season summary"))

    page.goto(f"{live_server.url}/g/{key}/stats/")
    shot("82-taps-stats")
    _big_enough(page.locator(f'main a[href="/g/{key}/"]'))  # back to the group
    _big_enough(page.locator("#results .name a"))

    page.goto(f"{live_server.url}/g/{key}/players/{anne.code}/")
    shot("82-taps-player")
    _big_enough(page.locator(f'main a[href^="/g/{key}/stats/"]'))  # back to the statistics
    _big_enough(page.locator("#partners .name a"))
    _big_enough(page.locator("#game-list li > a"))
