"""The live stream (games/stream.py): a group's phones hear each change once it is committed,
from this worker and from the others (the transport the settings choose), and an open
stream holds no database connection."""

from __future__ import annotations

import http.client
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection, transaction
from django.test import Client

from games import stream
from games.models import Game, Group
from tests.conftest import StreamingServer
from tests.factories import endless_hands, make_game, make_group


class Listener:
    """A phone's stream, read event by event."""

    def __init__(self, server: StreamingServer, group: Group, game: str = "") -> None:
        self.connection = http.client.HTTPConnection(urlsplit(server.url).netloc, timeout=5)
        self.connection.request("GET", stream.url_for(group.pk, game))
        self.response = self.connection.getresponse()

    def next(self) -> tuple[str, str]:
        """The next event (name, data); comments (the pings) skipped."""
        name = data = ""
        while not name:
            while line := self._line():
                field, _, value = line.partition(": ")
                if field == "event":
                    name = value
                elif field == "data":
                    data = value
        return name, data

    def _line(self) -> str:
        read = self.response.fp.readline()
        if not read:
            raise EOFError("the stream ended")
        return read.decode().rstrip("\r\n")

    def close(self) -> None:
        self.connection.close()


@contextmanager
def listening(server: StreamingServer, group: Group, game: str = "") -> Iterator[Listener]:
    listener = Listener(server, group, game)
    try:
        assert listener.response.status == 200
        assert listener.response.headers["Content-Type"].startswith("text/event-stream")
        assert listener.response.headers["X-Robots-Tag"] == "noindex, nofollow"
        assert listener.response.headers["Referrer-Policy"] == "same-origin"
        assert listener.next() == ("open", "")
        yield listener
    finally:
        listener.close()


def test_the_stream_tells_each_change_of_its_group_once_committed(
    streaming_server: StreamingServer,
) -> None:
    group, other = make_group(), make_group()
    game, elsewhere = make_game(group), make_game(other)
    with listening(streaming_server, group) as phone:
        # A change rolled back says nothing; the other group's changes are not this one's.
        with transaction.atomic():
            game.write_note("Dropped", "Anne")
            transaction.set_rollback(True)
        elsewhere.write_note("Not ours", "Anne")
        game.write_note("Bjørn revoked", "Anne")
        game.refresh_from_db()
        assert phone.next() == ("game", f"{game.code} {game.version}")
        group.add_player("Eirik")
        assert phone.next() == ("group", "")


def test_a_games_pages_hear_that_games_changes_alone(streaming_server: StreamingServer) -> None:
    group = make_group()
    game, other_table = make_game(group), make_game(group)
    with listening(streaming_server, group, game.code) as phone:
        other_table.write_note("The other table's note", "Anne")
        group.add_player("Eirik")
        game.write_note("Bjørn revoked", "Anne")
        game.refresh_from_db()
        assert phone.next() == ("game", f"{game.code} {game.version}")


@pytest.mark.django_db
def test_the_pages_open_the_stream_of_what_they_show(client: Client) -> None:
    group = make_group()
    game = make_game(group, hands=endless_hands(1))
    key, night = group.edit_key, game.night
    assert night is not None
    client.post(f"/g/{key}/me/", {"name": "Anne"})
    whole, ours = stream.url_for(group.pk), stream.url_for(group.pk, game.code)
    assert ours == f"{whole}?game={game.code}"
    for url, address in [
        (f"/g/{key}/", whole),
        (f"/g/{key}/nights/{night.code}/", whole),
        (f"/g/{key}/games/{game.code}/", ours),
        (f"/g/{key}/games/{game.code}/hands/1/", ours),
        (f"/g/{group.view_key}/games/{game.code}/tv/", ours),
    ]:
        answer = client.get(url)
        assert answer.status_code == 200, url
        html = answer.content.decode()
        assert re.findall(r'hx-sse:connect="([^"]*)"', html) == [address], url


def test_a_change_in_another_worker_reaches_the_streams(
    streaming_server: StreamingServer,
) -> None:
    group = make_group()
    with listening(streaming_server, group) as phone:
        # As another worker announces it, through the transport the settings choose.
        stream.publish(stream.Event(group.pk, "game", "ABCDEF 3"), origin="another worker")
        assert phone.next() == ("game", "ABCDEF 3")


def test_a_stream_not_signed_here_is_not_found(streaming_server: StreamingServer) -> None:
    client = http.client.HTTPConnection(urlsplit(streaming_server.url).netloc, timeout=5)
    forged = stream.url_for(1).replace("/1:", "/2:")
    client.request("GET", forged)
    assert client.getresponse().status == 404


def test_a_request_that_reads_no_stream_leaves_none_open(
    streaming_server: StreamingServer,
) -> None:
    group = make_group()
    before = stream.hub.count
    client = http.client.HTTPConnection(urlsplit(streaming_server.url).netloc, timeout=5)
    client.request("HEAD", stream.url_for(group.pk))
    assert client.getresponse().read() == b""
    assert stream.hub.count == before


def _database_connections() -> int:
    """This database's connections: PostgreSQL's count of them, or on SQLite the files this
    process holds open on it."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            )
            return int(cursor.fetchone()[0])
    database = Path(connection.settings_dict["NAME"]).resolve()
    fds = Path("/proc/self/fd")
    return sum(1 for fd in os.listdir(fds) if _points_at(fds / fd, database))


def _points_at(link: Path, target: Path) -> bool:
    try:
        return link.resolve() == target
    except OSError:
        return False


def test_200_open_streams_hold_no_database_connection(streaming_server: StreamingServer) -> None:
    group = make_group()
    Game.objects.count()  # the test's own connection, open before counting
    # The worker's one way of hearing the others (on SQLite its watch of the database, on
    # PostgreSQL its LISTEN) is a connection of its own, opened with its first stream, which
    # says "open" once it is there: counted before the other streams, whatever ran before.
    phones = [Listener(streaming_server, group)]
    assert phones[0].next() == ("open", "")
    before = _database_connections()
    phones += [Listener(streaming_server, group) for _ in range(199)]
    try:
        assert {phone.next() for phone in phones[1:]} == {("open", "")}
        assert stream.hub.count >= 200
        assert _database_connections() == before
    finally:
        for phone in phones:
            phone.close()
