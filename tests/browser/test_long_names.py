"""The longest names the forms and the game file allow, on every page, at 390 px.

A group named with 80 letters and no space, six players with 40-letter names, two teams
with 100-letter names (the spec's limits: a team's name holds two players'), and a night
whose name and place are 80 letters without a space: no page may be wider than the
phone, in English or Norwegian. A table too wide for the phone scrolls inside its own
box (`.scroll`); the page itself never does. The pages are saved for a person to look
at: the names must stay readable (wrapped, or cut with the full name at hand).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games import backup
from games.models import Game, Group
from games.rules import GAMES
from tests.factories import (
    LONG_GROUP,
    LONG_NIGHT,
    LONG_PLACE,
    LONG_SIX,
    LONG_TEAMS,
    bid,
    game_file,
    revision,
)

PHONE = 390


def _six_player_game(group: Group) -> Game:
    """Six 40-letter names, totals of five digits (start totals at the spec's limits), a
    few hands, one corrected and one deleted so that the history shows both."""
    a, b, c, d, e, f = LONG_SIX
    # Full deck with six: 8 tricks a hand. The bidder's side takes 6 of 8 each time.
    hands = [
        bid(
            bidder,
            5,
            partner,
            {o: t for o, t in zip(others, (0, 0, 1, 1), strict=True)},
            dealer=dealer,
        )
        for bidder, partner, others, dealer in [
            (a, b, [c, d, e, f], a),
            (c, d, [a, b, e, f], b),
            (e, f, [a, b, c, d], c),
            (b, c, [a, d, e, f], d),
        ]
    ]
    document = game_file(
        "amerikaner",
        LONG_SIX,
        hands,
        rules={"deal": "full-deck"},
        start={a: -10000, b: -1000, c: -9999},
    )
    game = backup.import_game(group, document, by=a)
    corrected = bid(a, 6, b, {c: 0, d: 0, e: 1, f: 1}, dealer=a)
    game.edit_hand(1, revision(game, 1), corrected, f)
    game.delete_hand(4, revision(game, 4), e)
    return game


def _team_games(group: Group) -> tuple[Game, Game]:
    a, b, c, d = LONG_SIX[:4]
    north, south = LONG_TEAMS
    teams = {north: [a, c], south: [b, d]}
    euchre = backup.import_game(
        group,
        game_file(
            "euchre",
            [a, b, c, d],
            [
                {"dealer": a, "maker": b, "alone": False, "tricks": 2},
                {"dealer": b, "maker": a, "alone": True, "tricks": 5},
            ],
            teams=teams,
        ),
        by=a,
    )
    kaiser = backup.import_game(
        group,
        game_file(
            "kaiser",
            [a, b, c, d],
            [
                {
                    "dealer": a,
                    "bidder": b,
                    "bid": 7,
                    "no_trump": False,
                    "tricks": {north: 2, south: 6},
                    "five_hearts": south,
                    "three_spades": north,
                }
            ],
            teams=teams,
        ),
        by=a,
    )
    return euchre, kaiser


def _table() -> tuple[Group, dict[str, Game]]:
    group = Group.objects.create(name=LONG_GROUP)
    six = _six_player_game(group)
    euchre, kaiser = _team_games(group)
    american = backup.import_game(
        group,
        game_file("american", LONG_SIX[:3], [{"winner": LONG_SIX[1]}], rules={"target_wins": 3}),
    )
    # Won by the longest name: the group page's line for the night says who won.
    backup.import_game(
        group,
        game_file("american", LONG_SIX[:2], [{"winner": LONG_SIX[1]}], rules={"target_wins": 1}),
    )
    a, b, c, *_others = LONG_SIX
    oh_hell = backup.import_game(
        group,
        game_file(
            "oh_hell",
            LONG_SIX,
            [
                {
                    "dealer": a,
                    "bids": dict.fromkeys(LONG_SIX, 1),
                    "tricks": {**dict.fromkeys(LONG_SIX, 1), a: 5, b: 0, c: 0},
                }
            ],
        ),
    )
    # Teams of three with the longest team names, one score at the spec's lowest.
    teams = dict(zip(LONG_TEAMS, (LONG_SIX[::2], LONG_SIX[1::2]), strict=True))
    points = backup.import_game(
        group,
        game_file("points", LONG_SIX, [{"scores": {LONG_TEAMS[0]: -10_000}}], teams=teams),
    )
    night = six.night
    assert night is not None
    night.name, night.place = LONG_NIGHT, LONG_PLACE
    night.save()
    return group, {
        "six": six,
        "euchre": euchre,
        "kaiser": kaiser,
        "american": american,
        "oh_hell": oh_hell,
        "points": points,
    }


def _pages(group: Group, games: dict[str, Game]) -> list[tuple[str, str]]:
    key = group.edit_key
    six = games["six"].code
    night = games["six"].night
    assert night is not None
    player = group.players.get(name=LONG_SIX[0])
    return [
        ("group", f"/g/{key}/"),
        ("group-view-only", f"/g/{group.view_key}/"),
        ("who", f"/g/{key}/me/"),
        *((f"new-{kind}", f"/g/{key}/new/{kind}/") for kind in GAMES),
        *((f"game-{name}", f"/g/{key}/games/{game.code}/") for name, game in games.items()),
        ("game-view-only", f"/g/{group.view_key}/games/{six}/"),
        ("hand", f"/g/{key}/games/{six}/hands/1/"),
        ("hand-team", f"/g/{key}/games/{games['kaiser'].code}/hands/1/"),
        ("hand-edit", f"/g/{key}/games/{six}/hands/1/edit/"),
        ("side-totals", f"/g/{key}/games/{six}/totals/1/"),
        ("side-totals-team", f"/g/{key}/games/{games['euchre'].code}/totals/1/"),
        ("history", f"/g/{key}/games/{six}/history/"),
        ("chart", f"/g/{key}/games/{six}/chart/"),
        ("end", f"/g/{key}/games/{six}/end/"),
        ("tv", f"/g/{group.view_key}/games/{six}/tv/"),
        ("tv-team", f"/g/{group.view_key}/games/{games['euchre'].code}/tv/"),
        ("night", f"/g/{key}/nights/{night.code}/"),
        *((f"stats-{kind}", f"/g/{key}/stats/?kind={kind}") for kind in GAMES),
        (
            "stats-versus",
            f"/g/{key}/stats/?kind=amerikaner&a={player.code}"
            f"&b={group.players.get(name=LONG_SIX[1]).code}",
        ),
        ("player", f"/g/{key}/players/{player.code}/"),
        ("import", f"/g/{key}/import/"),
    ]


def page_width(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def too_wide(page: Page) -> list[str]:
    """What sticks out past the phone's right edge (outside a box that scrolls), for the
    failure message."""
    found: list[str] = page.evaluate(
        """(edge) => [...document.querySelectorAll('body *')].filter(el => {
            const r = el.getBoundingClientRect();
            return r.right > edge + 0.5 && !el.closest('.scroll');
        }).slice(0, 6).map(el => `${el.tagName.toLowerCase()}.${el.className} ${
            Math.round(el.getBoundingClientRect().right)}`)""",
        PHONE,
    )
    return found


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_no_page_is_wider_than_the_phone_with_the_longest_names(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group, games = _table()
    # The full link asks once who this phone is: the longest name.
    page.goto(f"{live_server.url}/g/{group.edit_key}/me/")
    page.locator(f'label:has(> input[value="{LONG_SIX[0]}"])').click()
    page.locator("form.card button.primary").click()
    expect(page.locator(".qr svg").first).to_be_visible()
    # The group's long name in the top bar is shortened with "…" (an ellipsis is drawn
    # only on a block that overflows), not cut off, and leaves the language buttons whole.
    brand = page.locator(".bar .brand")
    shortened = (
        "b => getComputedStyle(b).textOverflow === 'ellipsis' && b.scrollWidth > b.clientWidth"
    )
    assert brand.evaluate(shortened)
    assert brand.evaluate("b => getComputedStyle(b).display") == "block"
    expect(page.locator(".bar .lang button").first).to_be_in_viewport(ratio=1)

    wide: dict[str, str] = {}
    for name, path in _pages(group, games):
        page.goto(f"{live_server.url}{path}")
        if name == "night":
            page.locator("details.night-form summary").click()
            expect(page.locator("#id_name")).to_be_visible()
        if page.locator(".chart-box").count():
            # The game page loads its chart when it scrolls into view.
            page.locator(".chart-box").first.scroll_into_view_if_needed()
            expect(page.locator(".chart-box svg.chart").first).to_be_visible()
        page.screenshot(path=screenshots / f"long-{name}-{language}.png", full_page=True)
        width = page_width(page)
        if width > PHONE:
            wide[name] = f"{width} px: {too_wide(page)}"
    assert not wide, "\n".join(f"{name}: {why}" for name, why in wide.items())
