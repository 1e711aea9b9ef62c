"""Ratings in a real browser at phone size, in English and Norwegian, without JavaScript
as with it: a new game's chances before the first hand, the ratings at a game's end and on
the night page, and a player's rating over time. Each page is also saved as a picture for a person to look at
(tests/browser/screenshots/)."""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.factories import FOUR, anne_wins, make_game, make_group
from tests.test_stats import TEAMS, euchre_game

WORDS = {
    "en": {"chances": "Chance to win", "ratings": "Ratings", "rating": "Rating at Amerikaner"},
    "nb": {"chances": "Sjanse til å vinne", "ratings": "Rating", "rating": "Rating i Amerikaner"},
}


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_chances_end_of_game_and_player_rating_at_phone_size(
    live_server: LiveServer,
    new_phone: Callable[..., Page],
    screenshots: Path,
    locale: str,
    javascript: bool,
    transactional_db: None,
) -> None:
    language = locale[:2]
    words = WORDS[language]
    page = new_phone(javascript=javascript)
    group = make_group(players=[*FOUR, "Margrethe Kristiansen"])
    finished = [make_game(group, hands=anne_wins()) for _ in range(2)]
    euchre_game(group)
    new = make_game(group)
    new_team_game = group.start_game("euchre", list(FOUR), teams=TEAMS, first_dealer="Anne")
    anne = group.players.get(name="Anne")

    def shot(name: str) -> None:
        if javascript:
            page.screenshot(path=screenshots / f"60-{name}-{language}.png", full_page=True)

    def fits() -> None:
        # Nothing wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

    def game_url(game: Game) -> str:
        # The view-only link: nobody is asked who they are first.
        return f"{live_server.url}/g/{group.view_key}/games/{game.code}/"

    page.goto(game_url(new))
    chances = page.locator("#chances")
    expect(chances).to_contain_text(words["chances"])
    shares = [int(t.split()[0]) for t in chances.locator("li strong").all_inner_texts()]
    assert len(shares) == 4 and sum(shares) == 100 and shares[0] == max(shares)
    fits()
    shot("new-game-chances")

    page.goto(game_url(new_team_game))
    expect(page.locator("#chances li")).to_have_count(2)
    fits()
    shot("new-team-game-chances")

    page.goto(game_url(finished[-1]))
    ratings = page.locator("#ratings")
    expect(ratings).to_contain_text(words["ratings"])
    expect(ratings.locator("li").first).to_contain_text("+")
    fits()
    shot("game-end-ratings")

    night = finished[-1].night
    assert night is not None
    page.goto(f"{live_server.url}/g/{group.view_key}/nights/{night.code}/")
    expect(page.locator("#game-1 [data-ratings]")).to_contain_text(words["ratings"])
    fits()
    shot("night-ratings")

    # Amerikaner named: the page opens on the kind last won, Euchre here.
    page.goto(f"{live_server.url}/g/{group.view_key}/players/{anne.code}/?kind=amerikaner")
    rating = page.locator("#rating")
    expect(rating).to_contain_text(words["rating"])
    expect(page.locator("#rating-history tbody tr")).to_have_count(2)
    fits()
    shot("player-rating")
