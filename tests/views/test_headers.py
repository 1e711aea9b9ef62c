"""Odd values in every request header the app reads: answered, never a server error.

The game page, its live poll, the save and the undo read htmx's headers (django-htmx, and
`HX-Current-URL` for "every hand"), the language, the conditional-request headers, the
cookies and the client address header of a proxy. A generated value of each goes to each.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django import Settings

from games.models import Game
from tests.factories import endless_hands, hand_post, make_game, make_group

pytestmark = pytest.mark.django_db

#: Every header the app or its middleware reads, as Django's test client names them.
HEADERS = [
    "HTTP_HX_REQUEST",
    "HTTP_HX_CURRENT_URL",
    "HTTP_HX_TARGET",
    "HTTP_HX_TRIGGER",
    "HTTP_HX_TRIGGER_NAME",
    "HTTP_HX_BOOSTED",
    "HTTP_HX_HISTORY_RESTORE_REQUEST",
    "HTTP_HX_PROMPT",
    "HTTP_ACCEPT_LANGUAGE",
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_X_REAL_IP",
    "HTTP_COOKIE",
    "HTTP_REFERER",
]

# Values as a server receives them: latin-1 text (WSGI's header encoding), with the shapes
# that once broke a parser among them.
ODD = st.one_of(
    st.sampled_from(
        [
            "http://[::1",
            "http://[::1]:x/?hands=all",
            "http://]/?hands=all",
            "?hands=all",
            "true",
            "W/",
            '"',
            "*",
            "nb;q=x",
            "0" * 300,
            "Mon, 32 Foo 99999",
            "sessionid=\x00; csrftoken=",
            "::ffff:",
            "\x7f\x00",
        ]
    ),
    st.text(st.characters(max_codepoint=255, exclude_categories=["Cs"]), max_size=80),
)


@pytest.fixture
def played(settings: Settings) -> Game:
    settings.RATELIMIT_ENABLE = False
    settings.CLIENT_IP_HEADER = "X-Real-IP"
    return make_game(make_group(), hands=endless_hands(3))


@pytest.mark.slow
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(headers=st.dictionaries(st.sampled_from(HEADERS), ODD, min_size=1, max_size=6))
def test_no_header_value_gets_a_server_error(played: Game, headers: dict[str, str]) -> None:
    client = Client(raise_request_exception=False)
    key, code = played.group.edit_key, played.code
    client.post(reverse("who", args=[key]), {"player": "Anne"})
    hand = hand_post(played, endless_hands(4)[3], 4, replacing="")
    answers = [
        client.get(reverse("game", args=[key, code]), **headers),  # type: ignore[arg-type]
        client.get(reverse("game_live", args=[key, code]), **headers),  # type: ignore[arg-type]
        client.post(reverse("hand_create", args=[key, code]), hand, **headers),  # type: ignore[arg-type]
        client.post(reverse("undo", args=[key, code]), {}, **headers),  # type: ignore[arg-type]
    ]
    assert [a.status_code for a in answers if a.status_code >= 500] == []


@pytest.mark.parametrize("view", ["game", "hand_create", "undo"])
def test_a_current_url_no_browser_sends_is_a_page_like_any_other(played: Game, view: str) -> None:
    client = Client(raise_request_exception=False)
    key, code = played.group.edit_key, played.code
    client.post(reverse("who", args=[key]), {"player": "Anne"})
    send = client.get if view == "game" else client.post
    response = send(
        reverse(view, args=[key, code]),
        headers={"HX-Request": "true", "HX-Current-URL": "http://[::1"},
    )
    assert response.status_code < 500
