"""The cache only ever saves work: with the shared Redis stopped in the middle of a game,
pages, polls and saves go on from the database (the request rates let them through), each
hand is stored once, and the app uses Redis again by itself once it is back."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games import live
from games.models import Game, Group
from scorekeeper.settings import redis_cache
from tests.factories import endless_hands, hand_post, make_game
from tests.views.pages import field_values, table_rows

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server"),
]


#: Nothing written to disk: the server starts empty each time.
NO_FILES = ("--save", "", "--appendonly", "no")


class Redis:
    """A throwaway Redis server of this test's own, which it can stop and start again."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [*("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"), *NO_FILES],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def redis() -> Iterator[Redis]:
    server = Redis()
    server.start()
    try:
        with override_settings(CACHES={"default": redis_cache(server.url)}):
            assert live.shared()
            yield server
    finally:
        server.stop()


def _save(phone: Client, group: Group, game: Game, number: int) -> tuple[int, str]:
    """Hand `number` saved from the form of the game page, as htmx sends it; (status, the
    form's entry key)."""
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    entry = field_values(page, within="data-hand-form")["entry"][0]
    data = {**hand_post(game, endless_hands(number)[-1], number), "entry": entry}
    url = reverse("hand_create", args=[group.edit_key, game.code])
    return phone.post(url, data, headers={"HX-Request": "true"}).status_code, entry


def test_the_game_goes_on_while_the_cache_is_down(
    phone: Client,
    group: Group,
    redis: Redis,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    game = make_game(group, hands=endless_hands(3))
    watcher = Client()
    page = reverse("game", args=[group.view_key, game.code])
    poll = reverse("game_live", args=[group.view_key, game.code])
    chart = reverse("game_chart", args=[group.view_key, game.code])
    assert _save(phone, group, game, 4)[0] == 200
    etag = watcher.get(poll)["ETag"]
    with django_assert_num_queries(0):  # the unchanged poll, from Redis
        assert watcher.get(poll, HTTP_IF_NONE_MATCH=etag).status_code == 304

    redis.stop()
    # The request rates, which count in the cache, let every request below through.
    assert settings.RATELIMIT_ENABLE
    # The poll asks the database; the page and the chart are drawn from it.
    assert watcher.get(poll, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(table_rows(watcher.get(page), "hand-rows")) == 5
    assert watcher.get(chart).status_code == 200
    # A save, and the same save sent again (its answer lost): stored once.
    status, entry = _save(phone, group, game, 5)
    assert status == 200
    again = {**hand_post(game, endless_hands(5)[-1], 5), "entry": entry}
    url = reverse("hand_create", args=[group.edit_key, game.code])
    assert phone.post(url, again, headers={"HX-Request": "true"}).status_code == 200
    answer = watcher.get(poll, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    assert table_rows(answer, "hand-rows")[1][0].startswith("5. ")
    etag = answer["ETag"]

    redis.start()  # empty, on the same port: the app connects again by itself
    assert _save(phone, group, game, 6)[0] == 200
    etag = watcher.get(poll)["ETag"]
    with django_assert_num_queries(0):
        assert watcher.get(poll, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # The game's row, its parts kept again; and its seats and hands for the link preview
    # (og: tags), which only a whole page draws, once a version.
    with django_assert_num_queries(3):
        assert len(table_rows(watcher.get(page), "hand-rows")) == 7
    assert [hand.number for hand in game.hands.order_by("number")] == [1, 2, 3, 4, 5, 6]
    entries = [hand.entry for hand in game.hands.exclude(entry="")]
    assert len(entries) == len(set(entries)) == 3
