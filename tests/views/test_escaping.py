"""Names are whatever the table typed: every page shows them as text, never as markup."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.factories import bid, make_game, make_group, revision

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
# Breaks out of a quoted attribute if a template ever forgets to escape one.
ATTRIBUTE = "\"'><img src=x onerror=alert(2)>"
PLAYERS = [SCRIPT, ATTRIBUTE, "Cato", "Dina"]


@pytest.fixture
def hostile() -> Game:
    group = make_group(name=SCRIPT, players=PLAYERS)
    game = make_game(
        group,
        PLAYERS,
        # The script-named player bids with the attribute-named one as partner.
        [bid(SCRIPT, 8, ATTRIBUTE, {"Cato": 2, "Dina": 1}, dealer=SCRIPT)],
        by=SCRIPT,
    )
    game.edit_hand(
        1,
        revision(game, 1),
        bid(SCRIPT, 9, ATTRIBUTE, {"Cato": 2, "Dina": 1}, dealer=SCRIPT),
        SCRIPT,
    )
    return game


def _pages(game: Game) -> dict[str, str]:
    key, view, code = game.group.edit_key, game.group.view_key, game.code
    return {
        "group": reverse("group", args=[key]),
        "group, view only": reverse("group", args=[view]),
        "who": reverse("who", args=[key]),
        "new game": reverse("new_game", args=[key]),
        "game": reverse("game", args=[key, code]),
        "game, view only": reverse("game", args=[view, code]),
        "live": reverse("game_live", args=[key, code]),
        "hand": reverse("hand", args=[key, code, 1]),
        "hand edit": reverse("hand_edit", args=[key, code, 1]),
        "history": reverse("history", args=[key, code]),
        "preview": reverse("hand_preview", args=[key, code])
        + "?dealer=Cato&bidder=Cato&bid=6&partner=Cato&tricks-0=1&tricks-1=1&tricks-3=1",
    }


def _assert_escaped(html: str, where: str) -> None:
    assert SCRIPT not in html, where
    assert "<img" not in html, where
    assert "onerror=alert(2)>" not in html, where


def test_names_with_markup_are_escaped_on_every_page(client: Client, hostile: Game) -> None:
    client.post(reverse("who", args=[hostile.group.edit_key]), {"player": SCRIPT})
    for where, url in _pages(hostile).items():
        response = client.get(url)
        assert response.status_code == 200, where
        html = response.content.decode()
        _assert_escaped(html, where)
    # ... and they are there, as text, where a page names them.
    game_page = client.get(_pages(hostile)["game"]).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in game_page
    assert "&quot;&#x27;&gt;&lt;img src=x onerror=alert(2)&gt;" in game_page


def test_names_with_markup_are_escaped_in_messages_and_errors(
    client: Client, hostile: Game
) -> None:
    key = hostile.group.edit_key
    client.post(reverse("who", args=[key]), {"name": SCRIPT})
    # A duplicate player name comes back in an error message, a new one in a success one.
    for name in (SCRIPT, "<b>Erik</b>"):
        response = client.post(reverse("add_player", args=[key]), {"name": name}, follow=True)
        _assert_escaped(response.content.decode(), name)
        assert "<b>Erik</b>" not in response.content.decode()
    # The engine's error names the bidder: partner == bidder.
    data = {
        "number": "2",
        "dealer": "Cato",
        "bidder": SCRIPT,
        "bid": "6",
        "partner": SCRIPT,
        "tricks-2": "1",
        "tricks-3": "1",
    }
    response = client.post(reverse("hand_create", args=[key, hostile.code]), data)
    assert response.status_code == 422
    html = response.content.decode()
    _assert_escaped(html, "hand form error")
    assert "the partner must be another player than the bidder" in html
