"""Refusals that are not dead ends: each answers a page in the app's layout and language,
with a way back (to the group when the link still opens it, else to the start page)."""

from __future__ import annotations

import io

import pytest
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games import middleware
from games.models import Game, Group, Hand
from tests.factories import endless_hands, hand_post
from tests.views.pages import Page, attribute, part

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_clock")]

NINE_MB = 9 * 1024 * 1024


def _way_back(response: Page) -> tuple[str, str]:
    found = part(response, "way-back")
    assert found is not None, "no way back"
    return found[0], str(attribute(response, "way-back", "href"))


# --- Too large ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "heading", "back"),
    [("en", "Not now", "Back to the group"), ("nb", "Ikke nå", "Tilbake til gruppen")],
)
def test_an_upload_over_the_limit_gets_a_page_with_a_way_back(
    phone: Client, group: Group, language: str, heading: str, back: str
) -> None:
    response = phone.post(
        reverse("import_game", args=[group.edit_key]),
        b"x" * NINE_MB,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 413
    assert part(response, "content")[0].startswith(heading)  # type: ignore[index]
    assert _way_back(response) == (back, reverse("group", args=[group.edit_key]))


def test_the_refused_body_is_read_before_the_answer_goes() -> None:
    # Answering with the body unread, gunicorn closes the connection on unread data and the
    # kernel resets it: the browser may see "connection reset" instead of the page.
    body = io.BytesIO(b"x" * NINE_MB)
    request = WSGIRequest(
        {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": "/g/abc/import/",
            "CONTENT_LENGTH": str(NINE_MB),
            "CONTENT_TYPE": "application/json",
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "wsgi.input": body,
            "wsgi.url_scheme": "http",
        }
    )
    response = middleware.LimitsMiddleware(lambda r: HttpResponse())(request)
    assert response.status_code == 413
    assert body.tell() == NINE_MB


# --- Too many requests ---------------------------------------------------------------------


def test_too_many_requests_lead_back_to_the_group(
    client: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        middleware, "RATES", (("lookups", "1/m", lambda r: r.path.startswith("/g/")),)
    )
    url = reverse("group", args=[group.view_key])
    client.get(url)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="nb")
    assert response.status_code == 429
    assert _way_back(response) == ("Tilbake til gruppen", url)


# --- Nowhere and not allowed -----------------------------------------------------------------


def test_a_game_that_is_not_there_leads_back_to_the_group(phone: Client, group: Group) -> None:
    response = phone.get(reverse("game", args=[group.edit_key, "nosuchgame"]))
    assert response.status_code == 404
    assert _way_back(response) == ("Back to the group", reverse("group", args=[group.edit_key]))


@pytest.mark.parametrize(("language", "home"), [("en", "Start page"), ("nb", "Forsiden")])
def test_a_link_that_leads_nowhere_leads_home(
    client: Client, group: Group, language: str, home: str
) -> None:
    response = client.get(reverse("group", args=["x" * 24]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert _way_back(response) == (home, reverse("home"))
    assert client.get("/no/such/page/").status_code == 404


def test_a_view_only_link_asked_to_change_leads_back_to_its_group(
    client: Client, game: Game
) -> None:
    key = game.group.view_key
    response = client.post(reverse("hand_create", args=[key, game.code]), {})
    assert response.status_code == 403
    assert part(response, "content")[0].startswith("Not allowed")  # type: ignore[index]
    assert _way_back(response) == ("Back to the group", reverse("group", args=[key]))


# --- A replaced link -----------------------------------------------------------------------

REPLACED = (
    "This link was replaced Someone at the table made new links for this group, and this "
    "one no longer opens it. Ask for the new link, or scan the new QR code on the group "
    "page of a phone that has it. A hand this phone has not saved is not lost: it stays on "
    "this phone."
)


@pytest.fixture
def replaced(phone: Client, game: Game) -> tuple[str, str]:
    """The game's full and view-only links, as they were before "Replace both links"."""
    old = game.group.edit_key, game.group.view_key
    phone.post(reverse("replace_links", args=[old[0]]))
    return old


def test_a_replaced_link_says_so_in_a_page(
    phone: Client, game: Game, replaced: tuple[str, str]
) -> None:
    for key in replaced:
        for url in (
            reverse("group", args=[key]),
            reverse("game", args=[key, game.code]),
            reverse("game_live", args=[key, game.code]),
        ):
            response = phone.get(url)
            assert response.status_code == 410, url
            assert response["X-Link-Replaced"] == "1"
            assert part(response, "link-replaced")[0] == REPLACED  # type: ignore[index]
            assert _way_back_home(response)


def _way_back_home(response: Page) -> bool:
    # The page names nothing of the group: the old link no longer opens anything.
    return "The Friday table" not in response.content.decode()


def test_a_replaced_link_says_so_in_norwegian(
    phone: Client, game: Game, replaced: tuple[str, str]
) -> None:
    response = phone.get(reverse("game", args=[replaced[0], game.code]), HTTP_ACCEPT_LANGUAGE="nb")
    assert response.status_code == 410
    said = part(response, "link-replaced")[0]  # type: ignore[index]
    assert said.startswith("Denne lenken er byttet ut")


def test_a_hand_saved_by_a_replaced_link_is_not_stored_and_the_answer_says_why(
    phone: Client, game: Game, replaced: tuple[str, str]
) -> None:
    hand = hand_post(game, endless_hands(1)[0], 1)
    response = phone.post(
        reverse("hand_create", args=[replaced[0], game.code]), hand, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 410
    assert response["X-Link-Replaced"] == "1"
    # A fragment the phone's script can show, not a whole page.
    assert b"<html" not in response.content
    assert part(response, "link-replaced")[0] == REPLACED  # type: ignore[index]
    assert not Hand.objects.filter(game=game).exists()
    undo = phone.post(reverse("undo", args=[replaced[0], game.code]), HTTP_HX_REQUEST="true")
    assert (undo.status_code, undo["X-Link-Replaced"]) == (410, "1")


def test_a_link_that_never_was_is_not_called_replaced(client: Client, group: Group) -> None:
    response = client.get(reverse("group", args=["N0tAKeyThatEverWasHere1"]))
    assert response.status_code == 404
    assert "X-Link-Replaced" not in response


def test_the_new_links_work(phone: Client, game: Game, replaced: tuple[str, str]) -> None:
    game.group.refresh_from_db()
    assert phone.get(reverse("group", args=[game.group.edit_key])).status_code == 200


def test_with_the_shared_cache_a_replaced_link_is_still_told(
    phone: Client, game: Game, settings: Settings, replaced: tuple[str, str]
) -> None:
    # The poll's unchanged answer may come from the shared cache; a replaced link must
    # not (games.live forgets it), whatever the cache.
    response = phone.get(reverse("game_live", args=[replaced[1], game.code]))
    assert response.status_code == 410
