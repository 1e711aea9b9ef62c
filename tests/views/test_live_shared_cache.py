"""The live poll past one server: with a shared Redis cache, an unchanged game is answered
304 without the database, and a watcher never gets an older version than a save made."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from unittest import mock

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse
from django_redis.cache import RedisCache
from pytest_django import DjangoAssertNumQueries

from games import live
from games.models import Game, Group
from scorekeeper.settings import redis_cache
from tests.factories import bid, endless_hands, hand_post, make_game

# Both test processes may run these side by side on one Redis database: each test keeps its
# entries under a prefix of its own, and takes away only those.
pytestmark = pytest.mark.django_db

REDIS = "redis://127.0.0.1:6379/14"


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.fixture(autouse=True)
def shared_redis() -> Iterator[None]:
    """The default cache is a Redis of its own for this test (CI always has Redis)."""
    if not _redis_answers():
        if os.environ.get("CI"):
            pytest.fail("Redis is not running at 127.0.0.1:6379")
        pytest.skip("no Redis at 127.0.0.1:6379")
    prefix = f"sk-test-{uuid.uuid4().hex}"
    # The app's half-second timeouts, which make a slow Redis a miss (then the database
    # answers), longer here: a busy machine once held an answer past them, and "no query"
    # failed. What the app does when Redis is slow or gone, tests/views/test_cache_down.py.
    # django-redis keeps one pool of connections per address for the process, made with the
    # options of its first use: no other test uses this database (14).
    config = redis_cache(REDIS)
    options = {**config["OPTIONS"], "SOCKET_CONNECT_TIMEOUT": 5, "SOCKET_TIMEOUT": 5}  # type: ignore[dict-item]
    with override_settings(
        CACHES={"default": {**config, "OPTIONS": options, "KEY_PREFIX": prefix}}
    ):
        assert live.shared()
        yield
        # Not clear(), which empties the database under the other test process's test
        # (pytest-xdist's groups do not keep this module's tests in one process on pytest 9.2:
        # pytest-dev/pytest-xdist#1386).
        shared = caches["default"]
        assert isinstance(shared, RedisCache)
        shared.delete_pattern("*")


def _live(group: Group, game: Game, key: str = "") -> str:
    return reverse("game_live", args=[key or group.view_key, game.code])


def test_an_unchanged_game_is_answered_from_the_cache(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = make_game(group, hands=endless_hands(3))
    etag = client.get(_live(group, game))["ETag"]
    with django_assert_num_queries(0):
        response = client.get(_live(group, game), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_a_save_on_another_phone_reaches_the_watcher(
    client: Client, phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(1))
    etag = client.get(_live(group, game))["ETag"]
    assert client.get(_live(group, game), HTTP_IF_NONE_MATCH=etag).status_code == 304
    hand = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Bjørn")
    saved = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]), hand_post(game, hand, 2)
    )
    assert saved.status_code == 302
    response = client.get(_live(group, game), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] == 'W/"2-en-0"'
    # And the new version is what the cache now answers, without the database.
    assert client.get(_live(group, game), HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_a_version_written_by_another_servers_cache_client(client: Client, group: Group) -> None:
    # Two app servers: each has its own connection to the same Redis. The save runs on the
    # other one; this one's poll must see the version it wrote.
    game = make_game(group, hands=endless_hands(1))
    etag = client.get(_live(group, game))["ETag"]
    here = caches["default"]
    there = caches.create_connection("default")
    assert there is not here
    with mock.patch.object(live, "_cache", lambda: there):
        game.add_hand(2, endless_hands(2)[1], "Bjørn")
    response = client.get(_live(group, game), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] == 'W/"2-en-0"'


def test_replaced_links_stop_working_at_once(client: Client, phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(1))
    old_view, old_edit = group.view_key, group.edit_key
    view_etag = client.get(_live(group, game))["ETag"]
    edit_etag = phone.get(_live(group, game, old_edit))["ETag"]
    phone.post(reverse("replace_links", args=[old_edit]))
    group.refresh_from_db()
    assert group.view_key != old_view
    assert client.get(_live(group, game, old_view), HTTP_IF_NONE_MATCH=view_etag).status_code == 410
    assert phone.get(_live(group, game, old_edit), HTTP_IF_NONE_MATCH=edit_etag).status_code == 410
    assert client.get(_live(group, game)).status_code == 200


def test_a_deleted_game_is_gone_for_its_watchers(client: Client, group: Group) -> None:
    game = make_game(group)
    etag = client.get(_live(group, game))["ETag"]
    assert game.delete_if_empty()
    # Not "unchanged": the watcher is sent on to the group's page (its game followed none).
    gone = client.get(_live(group, game), HTTP_IF_NONE_MATCH=etag)
    assert (gone.status_code, gone["Location"]) == (302, reverse("group", args=[group.view_key]))
