"""Nights and charts at phone size, light and dark, in English and Norwegian, for a person
to look at: the group page with several nights, a night of three games with a chart
each (one of them for six players, one for two teams), and a game page with its chart."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game, Group, Night, Player, Seat
from tests.factories import bid

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots

SIX = ["Anne", "Bjørn", "Cato", "Dina", "Erik", "Frida"]
FRIDAY = dt.date(2025, 3, 7)


def _seat(game: Game, names: list[str]) -> None:
    players = {p.name: p for p in game.group.players.all()}
    for position, name in enumerate(names, 1):
        Seat.objects.create(game=game, player=players[name], position=position, name=name)


def _amerikaner(group: Group, night: Night, names: list[str], seed: int, most: int = 80) -> Game:
    """Plausible hands, drawn from `seed`, until someone reaches 52 (or `most` hands)."""
    rules: dict[str, Any] = {} if len(names) == 4 else {"deal": "full-deck"}
    game = Game.objects.create(
        group=group, kind="amerikaner", rules=rules, first_dealer=names[0], night=night
    )
    _seat(game, names)
    tricks = {4: 12, 5: 10, 6: 8}[len(names)]
    lowest = 6 if len(names) == 4 else 5
    draw = random.Random(seed)
    for number in range(1, most + 1):
        dealer = names[(number - 1) % len(names)]
        bidder = draw.choice(names)
        partner = draw.choice([n for n in names if n != bidder])
        wanted = draw.choice([lowest, lowest, lowest + 1, lowest + 1, lowest + 2])
        taken = max(0, min(tricks, wanted + draw.choice([-2, -1, 0, 0, 1, 1, 2, 2])))
        others = [n for n in names if n not in (bidder, partner)]
        split = dict.fromkeys(others, 0)
        for _trick in range(tricks - taken):
            split[draw.choice(others)] += 1
        game.add_hand(number, bid(bidder, wanted, partner, split, dealer=dealer), "Anne")
        if game.result().finished:
            break
    return game


def _euchre(group: Group, night: Night, makers: str) -> Game:
    """Nord (Anne & Cato) against Sør (Bjørn & Dina): one hand per letter of `makers`,
    N or S for the maker's team, lower case for 3 tricks (1 point), upper for a march."""
    teams = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
    game = Game.objects.create(
        group=group, kind="euchre", teams=teams, first_dealer="Anne", night=night
    )
    _seat(game, ["Anne", "Bjørn", "Cato", "Dina"])
    for number, letter in enumerate(makers, 1):
        maker = "Anne" if letter.lower() == "n" else "Bjørn"
        hand = {
            "dealer": SIX[(number - 1) % 4],
            "maker": maker,
            "tricks": 5 if letter.isupper() else 3,
        }
        game.add_hand(number, hand, "Anne")
    return game


def _table() -> tuple[Group, Night, Game]:
    group = Group.objects.create(name="Fredagsbordet")
    for name in SIX:
        Player.objects.create(group=group, name=name)
    birthday = Night.objects.create(
        group=group, date=FRIDAY, name="Annes bursdag", place="Hos Cato"
    )
    four = _amerikaner(group, birthday, SIX[:4], seed=7)
    _euchre(group, birthday, "nSsNNsSNNn")
    _amerikaner(group, birthday, SIX, seed=11, most=14)  # still in play at the end
    for week in range(1, 6):
        night = Night.objects.create(
            group=group,
            date=FRIDAY - dt.timedelta(weeks=week),
            place="Hos Anne" if week == 2 else "",
        )
        _amerikaner(group, night, SIX[week % 3 : week % 3 + 4], seed=week)
        if week % 2:
            _euchre(group, night, "SsnSSsS" if week == 1 else "NNnsNNn")
    return group, birthday, four


@pytest.mark.parametrize("locale", ["en-GB", "nb-NO"])
def test_nights_and_charts_at_phone_size(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group, birthday, four = _table()
    base = f"{live_server.url}/g/{group.edit_key}"

    def shots(name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=screenshots / f"{name}-{language}-{scheme}.png", full_page=True)
        page.emulate_media(color_scheme="light")

    # The full link asks once who this phone is.
    page.goto(f"{base}/")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    expect(page.locator("#nights li")).to_have_count(6)
    expect(page.locator("#in-play li")).to_have_count(1)
    shots("41-group-nights")

    page.locator(f'#nights a[href$="/nights/{birthday.code}/"]').click()
    expect(page.locator("svg.chart")).to_have_count(3)
    # The standings agree with the games: in each game's column the cells marked won are
    # those of the players its card names as winners (a team's win marks both partners).
    expect(page.locator("#standings tbody tr")).to_have_count(6)
    marked = page.evaluate(
        """() => [...document.querySelectorAll('#standings tbody tr')].map(row =>
            [...row.querySelectorAll('td')].slice(1).map(td => td.classList.contains('won')))"""
    )
    names = page.locator("#standings tbody th").all_inner_texts()
    for column, game in enumerate(birthday.games.order_by("created_at", "id")):
        won = {name for name, row in zip(names, marked, strict=True) if row[column]}
        members = {t: m for t, m in (game.teams or {}).items()}
        expected = {n for side in game.winners or [] for n in members.get(side, [side])}
        assert won == expected
        if expected:
            expect(page.locator(f"#game-{column + 1}")).to_contain_text("🏆")
    shots("42-night")

    page.locator("details.night-form summary").click()
    page.locator("#id_place").fill("Hos Cato, Grünerløkka")
    page.locator("details.night-form button.primary").click()
    expect(page.locator("#night-head")).to_contain_text("Grünerløkka")

    page.goto(f"{base}/games/{four.code}/")
    page.locator("#chart").scroll_into_view_if_needed()  # it comes when it is in view
    expect(page.locator("#hands svg.chart")).to_be_visible()
    shots("43-game-chart")
