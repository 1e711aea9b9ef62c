"""Who may do what, URL by URL: the link decides.

Every pattern of `games.urls` is enumerated here, so a new view cannot be added without
being checked for "made-up link → 404", "view-only link → 403 on anything that writes"
and "CSRF on every POST". The per-view modules test what each view does when allowed.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import Model
from django.test import Client, RequestFactory
from django.urls import URLPattern, reverse

from games.models import Change, Game, GameEvent, Group, Hand, Night, Player, Season, Seat
from games.urls import urlpatterns
from tests.factories import (
    bid,
    endless_hands,
    hand_post,
    make_game,
    make_group,
    new_game_post,
    revision,
)
from tests.views.pages import field_values

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

# A key as the server makes them (letters and digits), that no group has.
MADE_UP = "madeUpKey0123456789abcdef"


def _allowed_methods(pattern: URLPattern) -> set[str]:
    """The methods a view answers, from its `require_http_methods` 405 (no database needed).

    A view without such a decorator would run its body here and fail: it then counts as
    answering everything, so the view-only and CSRF tests below still cover it.
    """
    try:
        response = pattern.callback(RequestFactory().generic("PATCH", "/"))
    except Exception:
        return {"GET", "POST"}
    if response.status_code != 405:
        return {"GET", "POST"}
    return set(response["Allow"].split(", "))


def _params(pattern: URLPattern) -> set[str]:
    return set(pattern.pattern.converters)


KEYED = [p for p in urlpatterns if isinstance(p, URLPattern) and "key" in _params(p)]
WITH_CODE = [p for p in KEYED if "code" in _params(p)]
# Everything a link can change: each pattern whose view takes a POST.
MUTATING = [p for p in KEYED if "POST" in _allowed_methods(p)]
# Pages that only read but serve the full link alone (they lead to a change).
FULL_LINK_PAGES = ["hand_preview", "game_end"]


def _ids(patterns: list[URLPattern]) -> list[str]:
    return [str(p.name) for p in patterns]


def _state() -> list[list[dict[str, Any]]]:
    """Every row the app stores, to show that a refused request changed nothing."""
    models: tuple[type[Model], ...] = (Group, Player, Game, Seat, Hand, Change, GameEvent)
    models += (Night, Season)
    return [list(model._default_manager.order_by("pk").values()) for model in models]


@pytest.fixture
def table(group: Group) -> dict[str, Any]:
    """A game with hands 1-2 and hand 3 deleted, so every URL has something to act on."""
    game = make_game(group, hands=endless_hands(3))
    game.delete_hand(3, revision(game, 3), "Anne")
    deleted = game.changes.get(action=Change.DELETE)
    season, _made = Season.name_one(group, "Vår", dt.date(2025, 3, 1), dt.date(2025, 5, 31))
    return {"group": group, "game": game, "change": deleted.code, "season": season.code}


def _url(pattern: URLPattern, table: dict[str, Any], key: str, **override: str) -> str:
    values = {
        "key": key,
        "code": table["game"].code,
        "number": "1",
        "seat": "1",
        "change": table["change"],
        "kind": "amerikaner",
        "night": table["game"].night.code,
        "season": table["season"],
        **override,
    }
    return reverse(str(pattern.name), kwargs={name: values[name] for name in _params(pattern)})


def _valid_post(name: str, table: dict[str, Any]) -> dict[str, Any]:
    """A POST that the full link would carry out, so that refusing it means something."""
    game = table["game"]
    new_game = new_game_post("Anne", "Bjørn", "Cato")
    posts: dict[str, dict[str, Any]] = {
        "who": {"player": "Bjørn"},
        "add_player": {"name": "Erik"},
        "new_game": new_game,
        "new_game_of": new_game,
        "hand_create": hand_post(game, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), 3),
        "hand_edit": hand_post(
            game, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), 1, revision=revision(game, 1)
        ),
        "hand_delete": {"revision": revision(game, 1)},
        "adjustment_create": {
            "number": 3,
            "way": "from",
            "offender": "Bjørn",
            "amount": 5,
            "reason": "Revoke",
        },
        "undo": {"number": "2", "revision": revision(game, 2)},
        "take_back": {"change": table.get("corrected", "")},
        "night_edit": {"name": "Fredagskveld", "place": "Hos Anne"},
        "season_name": {"name": "Sommer", "start": "2025-06-01", "end": "2025-08-31"},
        "game_note": {"note": "Dina's birthday"},
        # A game file of a new game (the same seats, no hands yet).
        "import_game": {
            "file": SimpleUploadedFile(
                "game.json", json.dumps(game.state().document() | {"hands": []}).encode()
            )
        },
    }
    return posts.get(name, {})


def _ready(name: str, table: dict[str, Any]) -> dict[str, str]:
    """Set the table up so that this POST would change something: a game to take up must
    have been abandoned, one to delete must have no hands. Returns the URL overrides."""
    if name == "game_take_up":
        table["game"].abandon("Anne")
    if name == "game_delete":
        return {"code": make_game(table["group"]).code}
    if name == "take_back":
        game = table["game"]
        corrected = endless_hands(3)[2]
        game.edit_hand(1, revision(game, 1), corrected, "Anne")
        table["corrected"] = game.changes.filter(action=Change.EDIT).get().code
    return {}


def test_every_view_says_which_methods_it_answers() -> None:
    # `require_http_methods` on each view (STYLE.md): anything else is refused with a 405.
    for pattern in urlpatterns:
        assert isinstance(pattern, URLPattern)
        response = pattern.callback(RequestFactory().generic("PATCH", "/"))
        assert response.status_code == 405, pattern.name


def test_the_mutating_urls_are_the_ones_we_expect() -> None:
    # A guard on the enumeration itself: if this list shrinks, the tests below cover less.
    assert set(_ids(MUTATING)) >= {
        "who",
        "replace_links",
        "add_player",
        "new_game",
        "hand_create",
        "undo",
        "take_back",
        "play_again",
        "restore",
        "hand_edit",
        "hand_delete",
        "game_abandon",
        "game_take_up",
        "game_delete",
    }


@pytest.mark.parametrize("pattern", KEYED, ids=_ids(KEYED))
@pytest.mark.parametrize("method", ["get", "post"])
def test_made_up_key_is_not_found(
    phone: Client, table: dict[str, Any], pattern: URLPattern, method: str
) -> None:
    response = getattr(phone, method)(_url(pattern, table, MADE_UP))
    # A method the view never answers is refused before any lookup: the same 405 for
    # real and made-up links, so it tells nothing about whether a key exists.
    expected = 404 if method.upper() in _allowed_methods(pattern) else 405
    assert response.status_code == expected


@pytest.mark.parametrize("pattern", WITH_CODE, ids=_ids(WITH_CODE))
@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("link", ["edit_key", "view_key"])
def test_made_up_game_code_is_not_found(
    phone: Client, table: dict[str, Any], pattern: URLPattern, method: str, link: str
) -> None:
    key = getattr(table["group"], link)
    response = getattr(phone, method)(_url(pattern, table, key, code="madeUpCode12"))
    if method.upper() not in _allowed_methods(pattern):
        assert response.status_code == 405
    elif link == "view_key" and pattern in [*MUTATING, *map(_pattern, FULL_LINK_PAGES)]:
        assert response.status_code == 403  # refused for the link before any game lookup
    else:
        assert response.status_code == 404


@pytest.mark.parametrize("pattern", WITH_CODE, ids=_ids(WITH_CODE))
def test_game_of_another_group_is_not_found(
    phone: Client, table: dict[str, Any], pattern: URLPattern
) -> None:
    # The code is real, but it belongs to another table: this group's link cannot reach it.
    other = make_game(make_group("Other table"), hands=endless_hands(3))
    method = "post" if pattern in MUTATING and "GET" not in _allowed_methods(pattern) else "get"
    url = _url(pattern, table, table["group"].edit_key, code=other.code)
    before = _state()
    assert getattr(phone, method)(url).status_code == 404
    assert _state() == before


def test_made_up_change_is_not_found(phone: Client, table: dict[str, Any]) -> None:
    url = _url(_pattern("restore"), table, table["group"].edit_key, change="madeUpChange")
    assert phone.post(url).status_code == 404


def test_change_of_another_game_is_not_found(phone: Client, table: dict[str, Any]) -> None:
    other = make_game(table["group"], hands=endless_hands(2))
    other.delete_hand(2, revision(other, 2), "Anne")
    change = other.changes.get(action=Change.DELETE).code
    before = _state()
    url = _url(_pattern("restore"), table, table["group"].edit_key, change=change)
    assert phone.post(url).status_code == 404
    assert _state() == before


@pytest.mark.parametrize("pattern", MUTATING, ids=_ids(MUTATING))
def test_view_only_link_is_refused_on_every_mutating_url(
    client: Client, table: dict[str, Any], pattern: URLPattern
) -> None:
    override = _ready(str(pattern.name), table)
    before = _state()
    url = _url(pattern, table, table["group"].view_key, **override)
    response = client.post(url, _valid_post(str(pattern.name), table))
    assert response.status_code == 403
    assert "view-only link" in response.content.decode()
    assert _state() == before


@pytest.mark.parametrize("pattern", MUTATING, ids=_ids(MUTATING))
def test_full_link_carries_out_the_same_posts(
    phone: Client, table: dict[str, Any], pattern: URLPattern
) -> None:
    # The counterpart of the test above: the refused POSTs were real changes.
    override = _ready(str(pattern.name), table)
    before = _state()
    url = _url(pattern, table, table["group"].edit_key, **override)
    response = phone.post(url, _valid_post(str(pattern.name), table))
    assert response.status_code == 302
    if pattern.name != "who":  # saying who you are lives in this phone's cookie
        assert _state() != before


@pytest.mark.parametrize(
    "name", ["who", "new_game", "new_game_of", "hand_edit", "hand_preview", "game_end"]
)
def test_view_only_link_cannot_open_the_pages_that_change_things(
    client: Client, table: dict[str, Any], name: str
) -> None:
    url = _url(_pattern(name), table, table["group"].view_key)
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("pattern", MUTATING, ids=_ids(MUTATING))
def test_post_without_csrf_token_is_refused(table: dict[str, Any], pattern: URLPattern) -> None:
    browser = Client(enforce_csrf_checks=True)
    override = _ready(str(pattern.name), table)
    before = _state()
    url = _url(pattern, table, table["group"].edit_key, **override)
    response = browser.post(url, _valid_post(str(pattern.name), table))
    assert response.status_code == 403
    assert "Please try again" in response.content.decode()
    assert _state() == before


def _token(response: Any) -> str:
    """The CSRF token the page's forms carry (the first of them)."""
    return field_values(response)["csrfmiddlewaretoken"][0]


def test_form_token_lets_the_page_post(table: dict[str, Any]) -> None:
    # The other half of the CSRF test: the token the page carries is accepted.
    browser = Client(enforce_csrf_checks=True)
    key, game = table["group"].edit_key, table["game"]
    who_page = browser.get(reverse("who", args=[key]))
    browser.post(
        reverse("who", args=[key]),
        {"player": "Anne", "csrfmiddlewaretoken": _token(who_page)},
    )
    page = browser.get(reverse("game", args=[key, game.code]))
    assert page.status_code == 200
    data = hand_post(game, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), 3)
    response = browser.post(
        reverse("hand_create", args=[key, game.code]),
        {**data, "csrfmiddlewaretoken": _token(page)},
    )
    assert response.status_code == 302
    assert game.hands.count() == 3


def test_htmx_posts_carry_the_token_in_a_header(table: dict[str, Any]) -> None:
    # base.html puts the token in `hx-headers:inherited` on <body>; htmx sends it as X-CSRFToken.
    browser = Client(enforce_csrf_checks=True)
    key, game = table["group"].edit_key, table["game"]
    page = browser.get(reverse("game", args=[key, game.code]), follow=True)
    token = _token(page)
    assert f'"X-CSRFToken": "{token}"' in page.content.decode()
    response = browser.post(
        reverse("undo", args=[key, game.code]),
        {"number": "2", "revision": revision(game, 2)},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 200
    assert game.hands.count() == 1


def _pattern(name: str) -> URLPattern:
    return next(p for p in KEYED if p.name == name)
