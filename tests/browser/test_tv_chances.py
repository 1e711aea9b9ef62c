"""A new game's chances on a TV (1280 x 720), in English and Norwegian: on the big screen
before the first hand, each card with its side's chance, gone once a phone saves the first
hand (and at phone size); "no games yet" before the group's first finished game; and the game page's chances at
that size. Saved as pictures for a person to look at (tests/browser/screenshots/)."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Group
from tests.factories import FOUR, anne_wins, endless_hands, make_game, make_group
from tests.test_stats import TEAMS, euchre_game

pytestmark = pytest.mark.screenshots

WORDS = {"en": "Chance to win", "nb": "Sjanse til å vinne"}


@pytest.fixture
def television(browser: Browser, locale: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    yield context.new_page()
    context.close()


def _shares(screen: Page) -> list[int]:
    texts = screen.locator("#tv-board [data-chance] strong").all_inner_texts()
    return [int(text.split()[0]) for text in texts]


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_a_new_games_chances_on_a_tv(
    live_server: LiveServer,
    television: Page,
    screenshots: Path,
    locale: str,
    transactional_db: None,
) -> None:
    language = locale[:2]
    group = make_group(players=[*FOUR, "Margrethe Kristiansen"])
    for _ in range(2):
        make_game(group, hands=anne_wins())
    euchre_game(group)
    new = make_game(group)
    team_game = group.start_game("euchre", list(FOUR), teams=TEAMS, first_dealer="Anne")

    def shots(name: str) -> None:
        # All of it on one 16:9 screen, seen from the sofa: nothing to scroll to.
        assert television.evaluate("document.documentElement.scrollHeight") <= 720
        assert television.evaluate("document.documentElement.scrollWidth") <= 1280
        for scheme in ("light", "dark"):
            television.emulate_media(color_scheme=scheme)
            television.screenshot(
                path=screenshots / f"68-{name}-{language}-{scheme}.png", full_page=True
            )
        television.emulate_media(color_scheme="light")

    def tv_url(game: Game, group: Group = group) -> str:
        return f"{live_server.url}/g/{group.view_key}/games/{game.code}/tv/"

    television.goto(tv_url(new))
    expect(television.locator("#tv-board [data-chance]").first).to_contain_text(WORDS[language])
    shares = _shares(television)
    assert len(shares) == 4 and sum(shares) == 100 and shares[0] == max(shares)
    expect(television.locator("#tv-chances")).to_be_visible()
    shots("tv-chances")
    # A phone opening the big screen: the cards wrap, nothing wider than the phone.
    television.set_viewport_size({"width": 390, "height": 844})
    assert television.evaluate("document.documentElement.scrollWidth") <= 390
    television.screenshot(path=screenshots / f"68-tv-chances-phone-{language}.png", full_page=True)
    television.set_viewport_size({"width": 1280, "height": 720})

    television.goto(tv_url(team_game))
    expect(television.locator("#tv-board [data-chance]")).to_have_count(2)
    assert sum(_shares(television)) == 100
    shots("tv-team-chances")

    # The game page's chances at the TV's size.
    television.goto(f"{live_server.url}/g/{group.view_key}/games/{new.code}/")
    expect(television.locator("#chances li")).to_have_count(4)
    assert television.evaluate("document.documentElement.scrollWidth") <= 1280
    television.screenshot(path=screenshots / f"68-game-chances-tv-{language}.png")

    # A group that has finished no game yet: the line that says so.
    first_night = make_group(players=list(FOUR))
    make_game(first_night, hands=endless_hands(2))
    starting = make_game(first_night)
    television.goto(tv_url(starting, first_night))
    expect(television.locator("#tv-chances [data-no-games]")).to_be_visible()
    expect(television.locator("#tv-board [data-chance]")).to_have_count(0)
    shots("tv-no-games-yet")

    # The first hand is saved at the table: the screen drops the chances by itself.
    television.goto(tv_url(new))
    expect(television.locator("#tv-board [data-chance]")).to_have_count(4)
    new.add_hand(1, endless_hands(1)[0], "Anne")
    expect(television.locator("#tv-board [data-chance]")).to_have_count(0, timeout=5000)
    expect(television.locator("#tv-chances")).to_have_count(0)
    expect(television.locator('#tv-board [data-side="Anne"] [data-total]')).to_have_text("\u221212")
