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
# Short names leave the hand's text more room, some rows room for "Why?" beside it.
SHORT = ["Kari", "Ola", "Liv", "Tor", "Siri", "Per"]
PHONE = ViewportSize(width=390, height=844)
TV = ViewportSize(width=1280, height=720)


def _others(bidder: str, players: list[str], **taken: int) -> dict[str, int]:
    return {p: taken.get(p, 0) for p in players if p != bidder}


def six_hands(players: list[str] = SIX) -> list[dict[str, Any]]:
    """Six players share the deck: 8 tricks a hand, bids from 5. With the names of SIX:

    1. Kari deals and redeals: nobody scores (a short row on the game page).
    2. Ingrid 5 with Magnus; Kari, Ola and Siri take 1 each: 5 left, made. Ingrid and
       Magnus +5, Kari, Ola, Siri +1.
    3. Ola bids Amerikaner and loses 2 tricks (Kari, Ingrid): Ola -52, Kari and Ingrid +1.
    4. Siri 6 with Per; Kari 2, Ola 1: 5 left, failed. Siri and Per -6, Kari +2, Ola +1.
    5. Per 5 alone; Kari 2, Ingrid 1, Magnus 2: 3 left, failed. Per -5, Kari +2, Ingrid +1,
       Magnus +2.
    6. Kari bids Amerikaner and takes every trick: +52, past 52, she wins.
    Totals: Kari 58, Ola -50, Ingrid 7, Magnus 7, Siri -5, Per -11.
    """
    kari, ola, ingrid, magnus, siri, per = players

    def others(bidder: str, taken: dict[str, int] | None = None) -> dict[str, int]:
        return _others(bidder, players, **(taken or {}))

    return [
        {"dealer": kari, "redeal": True},
        bid(ingrid, 5, magnus, others(ingrid, {kari: 1, ola: 1, siri: 1}), dealer=kari),
        bid(ola, "amerikaner", None, others(ola, {kari: 1, ingrid: 1}), dealer=ola),
        bid(siri, 6, per, others(siri, {kari: 2, ola: 1}), dealer=ingrid),
        bid(per, 5, None, others(per, {kari: 2, ingrid: 1, magnus: 2}), dealer=magnus),
        bid(kari, "amerikaner", None, others(kari), dealer=siri),
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
    # Finished: three last hands under the winner's banner.
    expect(page.locator("#tv-hands tbody tr")).to_have_count(3)
    # The top bar runs the width of the screen.
    bar = page.locator(".bar").bounding_box()
    assert bar is not None and bar["width"] == PHONE["width"]


@pytest.mark.parametrize("players", [SIX, SHORT], ids=["names", "short-names"])
@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_the_hands_of_six_read_as_lines_on_a_phone(
    live_server: LiveServer,
    page: Page,
    screenshots: Path,
    locale: str,
    players: list[str],
    transactional_db: None,
) -> None:
    language = f"{locale[:2]}{'-short' if players == SHORT else ''}"
    group = make_group(players=players)
    game = make_game(group, players, six_hands(players))
    page.goto(f"{live_server.url}/g/{group.view_key}/games/{game.code}/")
    rows = page.locator("#hands tbody tr")
    expect(rows).to_have_count(6)
    # The table as the phone shows it, and the whole page around it.
    page.locator("#hand-rows").screenshot(path=screenshots / f"69-hands-of-six-{language}.png")
    page.screenshot(path=screenshots / f"69-game-of-six-{language}.png", full_page=True)
    # The table fits the phone: nothing to scroll sideways to see a player's column.
    assert page.locator("#hands .scroll").evaluate("e => e.scrollWidth <= e.clientWidth")
    line = float(
        page.locator("#hands td.hand a").first.evaluate("e => getComputedStyle(e).lineHeight")[:-2]
    )
    places = set()
    for row in rows.all():
        text, why = row.locator(".hand-cell > a").first, row.locator("a.why")
        text_box, why_box = text.bounding_box(), why.bounding_box()
        assert text_box and why_box
        # A hand reads in lines of words, not a word to a line ("2. Kari / 5 / alene / bet"):
        # its column is as wide as ten digits at least, and its text three lines at most.
        cell = row.locator("td.hand").bounding_box()
        assert cell and cell["width"] >= 10 * line * 0.6, (text.inner_text(), cell)
        assert text_box["height"] <= 3 * line + 1, (text.inner_text(), text_box)
        # Where "Why?" stands: how far from the cell's left, and beside or below the text.
        below = why_box["y"] >= text_box["y"] + text_box["height"] - 1
        places.add((round(why_box["x"]), below))
    # The same place on every row, the short redeal's as the long Amerikaner's.
    assert len(places) == 1, places
