"""The result pictures as a chat app shows them, for a person to look at: a won game of
four, a team game, a game of six still in play and a night of several games, in English
and Norwegian (no browser: the server draws them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.browser.test_long_names import _table as long_names_table
from tests.browser.test_night_screenshots import _table

# Pictures for a person to look at: `make screenshots`, not `make test`.
pytestmark = pytest.mark.screenshots


@pytest.mark.parametrize("language", ["en", "nb"])
def test_result_pictures(client: Client, screenshots: Path, language: str, db: None) -> None:
    group, birthday, _four = _table()
    key = group.view_key
    shots = {"night": reverse("night_picture", args=[key, birthday.code])}
    for index, game in enumerate(birthday.games.order_by("created_at", "id"), 1):
        shots[f"game-{index}"] = reverse("game_picture", args=[key, game.code])
    for name, url in shots.items():
        response = client.get(url, headers={"accept-language": language})
        assert response.status_code == 200
        (screenshots / f"61-picture-{name}-{language}.png").write_bytes(response.content)


def test_result_pictures_with_the_longest_names(
    client: Client, screenshots: Path, db: None
) -> None:
    """The longest names the forms allow: cut with "…" where they would not fit."""
    group, games = long_names_table()
    key = group.view_key
    night = games["six"].night
    assert night is not None
    shots = {"night": reverse("night_picture", args=[key, night.code])}
    for name, game in games.items():
        shots[f"game-{name}"] = reverse("game_picture", args=[key, game.code])
    for name, url in shots.items():
        response = client.get(url, headers={"accept-language": "nb"})
        assert response.status_code == 200
        (screenshots / f"61-picture-long-{name}.png").write_bytes(response.content)
