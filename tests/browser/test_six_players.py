"""Six at the table (Amerikaner with the whole deck): the big screen and the game's hands
fit a 390 px phone, every number inside its own box, nothing scrolling the page sideways;
the big screen keeps its look on a TV and with fewer sides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Group
from tests.factories import bid, make_game, make_group
from tests.test_stats import kaiser_game

SIX = ["Kari", "Ola", "Ingrid", "Magnus", "Siri", "Per"]
PHONE = ViewportSize(width=390, height=844)
TV = ViewportSize(width=1280, height=720)


def _others(bidder: str, players: list[str], **taken: int) -> dict[str, int]:
    return {p: taken.get(p, 0) for p in players if p != bidder}


def six_hands() -> list[dict[str, Any]]:
    """Six players share the deck: 8 tricks a hand, bids from 5.

    1. Ingrid 5 with Magnus; Kari, Ola and Siri take 1 each: 5 left, made. Ingrid and
       Magnus +5, Kari, Ola, Siri +1.
    2. Ola bids Amerikaner and loses 2 tricks (Kari, Ingrid): Ola -52, Kari and Ingrid +1.
    3. Siri 6 with Per; Kari 2, Ola 1: 5 left, failed. Siri and Per -6, Kari +2, Ola +1.
    4. Per 5 alone; Kari 2, Ingrid 1, Magnus 2: 3 left, failed. Per -5, Kari +2, Ingrid +1,
       Magnus +2.
    5. Kari bids Amerikaner and takes every trick: +52, past 52, she wins.
    Totals: Kari 58, Ola -50, Ingrid 7, Magnus 7, Siri -5, Per -11.
    """
    return [
        bid("Ingrid", 5, "Magnus", _others("Ingrid", SIX, Kari=1, Ola=1, Siri=1), dealer="Kari"),
        bid("Ola", "amerikaner", None, _others("Ola", SIX, Kari=1, Ingrid=1), dealer="Ola"),
        bid("Siri", 6, "Per", _others("Siri", SIX, Kari=2, Ola=1), dealer="Ingrid"),
        bid("Per", 5, None, _others("Per", SIX, Kari=2, Ingrid=1, Magnus=2), dealer="Magnus"),
        bid("Kari", "amerikaner", None, _others("Kari", SIX), dealer="Siri"),
    ]


def short_game(group: Group, players: list[str]) -> Game:
    """Any number of players: the second fails an Amerikaner (-52, and the first and third
    take a trick each), then the first makes one (+52, 53): she wins."""
    first, second, third = players[:3]
    return make_game(
        group,
        players,
        [
            bid(
                second,
                "amerikaner",
                None,
                _others(second, players, **{first: 1, third: 1}),
                dealer=first,
            ),
            bid(first, "amerikaner", None, _others(first, players), dealer=second),
        ],
    )


def _overflows(page: Page) -> list[str]:
    """What sticks out: the page wider than the screen, a total wider than its card, the
    last hands wider than the board."""
    found: list[str] = page.evaluate(
        """() => {
          const found = [];
          const root = document.documentElement;
          if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
          for (const total of document.querySelectorAll('.tv-side [data-total]')) {
            const card = total.closest('.tv-side').getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(total);
            const text = range.getBoundingClientRect();
            if (text.left < card.left || text.right > card.right) found.push(`total ${total.textContent} ${text.left}-${text.right} out of ${card.left}-${card.right}`);
          }
          const board = document.querySelector('#tv-board').getBoundingClientRect();
          const hands = document.querySelector('#tv-hands');
          if (hands && hands.getBoundingClientRect().right > board.right + 0.5) found.push(`last hands ${hands.getBoundingClientRect().right} > ${board.right}`);
          return found;
        }"""
    )
    return found


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_the_big_screen_of_six_fits_a_phone_and_a_tv(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group = make_group(players=SIX)
    games = {
        6: make_game(group, SIX, six_hands()),
        5: short_game(group, SIX[:5]),
        4: short_game(group, SIX[:4]),
        3: short_game(group, SIX[:3]),
        2: kaiser_game(group),
    }
    problems = {}
    for sides, game in games.items():
        page.goto(f"{live_server.url}/g/{group.view_key}/games/{game.code}/tv/")
        expect(page.locator("#tv-winner")).to_be_visible()
        for size, viewport in (("phone", PHONE), ("tv", TV)):
            page.set_viewport_size(viewport)
            page.screenshot(
                path=screenshots / f"68-big-screen-{sides}-sides-{size}-{language}.png",
                full_page=True,
            )
            problems[sides, size] = _overflows(page)
        page.set_viewport_size(PHONE)
    assert {where: found for where, found in problems.items() if found} == {}
    # The six of them: Ola's minus 50 and the hands table are what ran over before.
    page.goto(f"{live_server.url}/g/{group.view_key}/games/{games[6].code}/tv/")
    expect(page.locator('[data-side="Ola"] [data-total]')).to_have_text("\u221250")
    expect(page.locator("#tv-hands tbody tr")).to_have_count(4)
    # The top bar runs the width of the screen.
    bar = page.locator(".bar").bounding_box()
    assert bar is not None and bar["width"] == PHONE["width"]
