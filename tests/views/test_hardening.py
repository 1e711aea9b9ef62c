"""Inputs that once reached a server error (issue 12, items 1 to 9): each is refused in words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Game, GameStat, Group, Hand
from games.rules.limits import MOST_HANDS
from tests.factories import FOUR, anne_wins, game_file, hand_post, make_game, new_game_post
from tests.views.pages import form_errors, text

pytestmark = pytest.mark.django_db

THREE = ["Anne", "Bjørn", "Cato"]


# --- 1: a return path that is not a path ----------------------------------------------------


@pytest.mark.parametrize(
    "bad", ["abc", "group", "//evil.example/", "https://evil.example/", "/\x00"]
)
def test_who_ignores_a_return_path_that_is_not_one_of_ours(
    client: Client, group: Group, bad: str
) -> None:
    url = reverse("who", args=[group.edit_key])
    response = client.post(url, {"name": "Bob", "next": bad})
    assert response.status_code == 302
    assert response["Location"] == reverse("group", args=[group.edit_key])
    # Opened with it, the page keeps none to send back.
    assert f'value="{bad}"' not in text(client.get(url, {"next": bad}))


def test_who_follows_a_return_path_on_this_site(client: Client, game: Game) -> None:
    back = reverse("game", args=[game.group.edit_key, game.code])
    response = client.post(
        reverse("who", args=[game.group.edit_key]), {"name": "Bob", "next": back}
    )
    assert response["Location"] == back


# --- 2: keys and codes that cannot be ones ------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/g/%00/",
        "/g/x%00/games/x/live/",
        "/g/{key}/games/%00/hands/",
        "/g/{key}/games/%00/live/",
        "/g/{key}/games/{code}/history/%00/restore/",
        "/g/{key}/players/%00/",
        "/g/{key}/nights/%00/",
        "/g/" + "k" * 5000 + "/",
        "/g/{key}/games/\u00e6\u00f8\u00e5/",
    ],
)
def test_a_key_or_code_that_cannot_be_one_is_not_found(
    phone: Client, game: Game, path: str
) -> None:
    url = path.format(key=game.group.edit_key, code=game.code)
    # Each URL answers one method; the other is refused before any lookup.
    statuses = {phone.get(url).status_code, phone.post(url).status_code}
    assert 404 in statuses
    assert statuses <= {404, 405}


# --- 3: a form in another charset -------------------------------------------------------------


def test_a_form_in_latin_1_is_a_bad_request(group: Group) -> None:
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    response = client.post(
        reverse("who", args=[group.edit_key]),
        data="name=Bj%F8rn&csrfmiddlewaretoken=" + "a" * 32,
        content_type="application/x-www-form-urlencoded; charset=latin-1",
    )
    assert response.status_code == 400
    assert "Not understood" in text(response)


# --- 4, 5, 6: numbers the table never writes ---------------------------------------------------


LARGEST = "At most 10,000."
# A start total out of range, in the players' words and numbers (issue 22).
ANNE_START = "Anne&#x27;s start total must be between \u221210,000 and 10,000."


def _anne_starts_at(total: str) -> dict[str, str]:
    return new_game_post({"name": "Anne", "start": total}, "Bjørn", "Cato")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        # Refused beside its field, in the form's words: the start totals and house rules
        # are bounded by the engine's limits (±10,000) before the engine sees them.
        pytest.param(_anne_starts_at("3000000000"), ANNE_START, id="4"),
        pytest.param(_anne_starts_at("1" + "0" * 20), ANNE_START, id="1e20"),
        pytest.param(new_game_post(*THREE, rule_target="1" + "0" * 400), LARGEST, id="5-target"),
        pytest.param(
            new_game_post(*THREE, rule_amerikaner_points="1" + "0" * 400),
            LARGEST,
            id="5-amerikaner",
        ),
        pytest.param(_anne_starts_at("-20000"), ANNE_START, id="4-negative"),
        pytest.param(_anne_starts_at("9" * 4300), ANNE_START, id="6"),
        # A team's start total in a team game, and a team's name beyond its length.
        pytest.param(
            {"kind": "kaiser", **new_game_post(*FOUR, team_start_1=20000)},
            "Team 1&#x27;s start total must be between \u221210,000 and 10,000.",
            id="4-team",
        ),
        pytest.param(
            {"kind": "euchre", **new_game_post(*FOUR, team_2="x" * 101)},
            "Team 2: At most 100 characters, not 101.",
            id="team-name-too-long",
        ),
        pytest.param(
            _anne_starts_at("9" * 4301), "Seat 1: Enter a whole number.", id="6-beyond-int"
        ),
    ],
)
def test_numbers_beyond_the_limits_are_refused_on_the_form(
    phone: Client, group: Group, data: dict[str, str], message: str
) -> None:
    data = dict(data)
    kind = data.pop("kind", "amerikaner")
    response = phone.post(reverse("new_game_of", args=[group.edit_key, kind]), data)
    assert response.status_code == 200
    assert message in text(response)
    assert not Game.objects.exists()


def test_a_game_at_the_limits_finishes_and_keeps_its_statistics(
    phone: Client, group: Group
) -> None:
    game = make_game(group)
    Game.objects.filter(pk=game.pk).update(start={"Anne": 10_000, "Bjørn": -10_000})
    hands = anne_wins()
    for number, hand in enumerate(hands[:1], 1):
        response = phone.post(
            reverse("hand_create", args=[group.edit_key, game.code]), hand_post(game, hand, number)
        )
        assert response.status_code == 302
    # Anne started on 10,000, over the target of 52: her first made bid wins the game.
    assert GameStat.objects.get(game=game, player__name="Anne").total == 10_012
    assert GameStat.objects.get(game=game, player__name="Bjørn").total == -10_000


# --- 7, 8: files that are no plain data ---------------------------------------------------------


def _upload(phone: Client, group: Group, content: bytes) -> Any:
    upload = SimpleUploadedFile("game.json", content, content_type="application/json")
    return phone.post(reverse("import_game", args=[group.edit_key]), {"file": upload})


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "nests more than 16 levels", id="7-deep"),
        pytest.param(
            json.dumps(
                game_file("amerikaner", FOUR, [{"dealer": [[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]}])
            ).encode(),
            "nests more than 16 levels",
            id="7-deep-in-a-hand",
        ),
        pytest.param(
            b'{"format": "scorekeeper/1", "start": {"Anne": ' + b"9" * 5000 + b"}}",
            "a number has more than 20 digits",
            id="7-digits",
        ),
        pytest.param(
            json.dumps(game_file("amerikaner", ["An\ud800ne", "Bjørn", "Cato"], [])).encode(),
            "broken Unicode",
            id="8-surrogate",
        ),
        pytest.param(
            json.dumps(game_file("amerikaner", ["An\x00ne", "Bjørn", "Cato"], [])).encode(),
            "a name cannot hold control characters or broken Unicode",
            id="8-nul",
        ),
    ],
)
def test_a_file_that_is_no_plain_data_is_refused(
    phone: Client, group: Group, content: bytes, message: str
) -> None:
    response = _upload(phone, group, content)
    assert response.status_code == 400
    assert message in text(response)
    assert not Game.objects.exists()


@pytest.mark.parametrize("name", ["Bob\x00", "Bob\x1b[31m", "\x7f"])
def test_names_with_control_characters_are_refused_on_every_form(
    phone: Client, group: Group, name: str
) -> None:
    phone.post(reverse("add_player", args=[group.edit_key]), {"name": name})
    response = phone.post(
        reverse("new_game", args=[group.edit_key]), new_game_post("Anne", "Bjørn", {"new": name})
    )
    assert response.status_code == 200
    assert group.players.count() == len(FOUR)
    assert not Game.objects.exists()


# --- 9: a game of more hands than the spec allows ------------------------------------------------


def test_a_file_of_too_many_hands_is_refused(phone: Client, group: Group) -> None:
    hands = [{"dealer": "Anne", "redeal": True}] * (MOST_HANDS + 1)
    response = _upload(phone, group, json.dumps(game_file("amerikaner", FOUR, hands)).encode())
    assert "a game has at most 10000 hands, not 10001" in text(response)
    assert not Hand.objects.exists()


def test_a_body_larger_than_any_upload_is_refused_before_it_is_read(
    phone: Client, group: Group
) -> None:
    response = phone.generic(
        "POST",
        reverse("import_game", args=[group.edit_key]),
        b"x",
        content_type="application/json",
        # Far larger than any upload: the server does not wait for it (a smaller one it
        # reads away before answering, tests/views/test_refusals.py).
        CONTENT_LENGTH=str(100 * 1024 * 1024),
    )
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Frode's start total must be between \u221210,000 and 10,000."),
        # Norwegian groups thousands with a no-break space (the list of errors squeezes it).
        ("nb", "Startsummen til Frode må være mellom \u221210 000 og 10 000."),
    ],
)
def test_a_start_total_out_of_range_is_said_with_the_players_name(
    phone: Client, group: Group, language: str, said: str
) -> None:
    data = new_game_post("Anne", {"new": "Frode", "start": -10001}, "Cato")
    response = phone.post(
        reverse("new_game", args=[group.edit_key]), data, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    assert said in form_errors(response)
