"""The live stream: every change of a group announced at once to the phones following it,
over Server-Sent Events (docs/design.md, "Live").

A page opens its group's stream (htmx's `sse` extension) and hears one small event per
change, then fetches what changed with the request its poll makes (the ETag answers 304 to
a phone that already has it): `game` with "CODE VERSION" when a game moved on, `group`
when something else of the group's did (a game started, a player joined, a night renamed).
A game's pages open the stream of that game's changes alone (`?game=CODE`); the game
before a new one moves on when it starts, so they still follow the table.
`open` says the push works: from then on the page's 2 s poll lets one request through every
30 s; `down` says it stopped, and the page polls every 2 s again until the next `open`.
`ping` every 20 s says the stream is alive: a page that hears nothing for longer (a
connection that died without a word) polls, and opens its stream again.

A stream lives outside Django's request cycle: it waits on a queue in this worker's event
loop, with no thread, no database connection and no middleware (`scorekeeper/asgi.py`
hands every other path to Django). Its address carries the group's id signed, not the
group's key, and is checked without the database: it tells only which game moved on,
never a score, and it outlives a replaced link (the page's next request says the link
was replaced).

A change is announced once its transaction commits: to this worker's streams at once, and
to every other worker and server through one transport, as the settings say:

- with `CACHE_URL`, Redis's publish and subscribe;
- on PostgreSQL without it, `NOTIFY` and `LISTEN` (one connection of its own a worker);
- on SQLite, the `Announcement` rows, watched once every 250 ms by each worker.

While a worker cannot hear the transport (Redis or PostgreSQL down), its streams say
`down`, and the phones poll until it hears again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import psycopg
import redis
import redis.asyncio
from django.apps import apps
from django.conf import settings
from django.core import signing
from django.db import DatabaseError, close_old_connections, connection, transaction
from django.urls import get_script_prefix
from django.utils import timezone
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.requests import Request
from starlette.responses import Response

logger = logging.getLogger(__name__)

#: The stream's address under the site's root: /events/<signed group>/.
PATH = "events/"
#: What PostgreSQL's NOTIFY and Redis's PUBLISH carry the announcements on.
CHANNEL = "scorekeeper_live"
#: This worker, so that it does not hear again from the transport what it delivered itself
#: (made in the worker: gunicorn loads the app after it forks, as `make run` starts it).
ORIGIN = f"{os.getpid()}-{secrets.token_hex(4)}"
#: An event down an idle stream, so that a proxy or a phone's network does not drop it (a
#: proxy's read timeout must be longer: README, "Putting it on the internet") and the page
#: knows its stream is alive (table.js).
PING = 20
#: The watch of the SQLite database: a check every quarter of a second, rows kept a minute.
WATCH = 0.25
KEPT = timedelta(minutes=1)
PRUNE = 200
#: Seconds before a worker that lost Redis or PostgreSQL tries again, and between two checks
#: that the connection it listens on still answers.
AGAIN = 1.0
CHECK = 10


def _signer() -> signing.Signer:
    return signing.Signer(salt="games.stream")


@dataclass(frozen=True)
class Event:
    group: int
    name: str
    data: str = ""


# --- The Django side: announcing a change ----------------------------------------------


def url_for(group: int, game: str = "") -> str:
    """The address of a group's stream; with a game's code, of that game's changes alone."""
    query = f"?game={game}" if game else ""
    return f"{get_script_prefix()}{PATH}{_signer().sign(str(group))}/{query}"


def game_moved(group: int, code: str, version: int) -> None:
    """Game `code` is at `version` now (called where its version moves, under its lock)."""
    _announce(Event(group, "game", f"{code} {version}"))


def group_moved(group: int) -> None:
    """Something of the group's other than a game's hands changed."""
    _announce(Event(group, "group"))


def _announce(event: Event) -> None:
    # After the commit: a change rolled back says nothing, and a phone told of a change
    # finds it when it asks. Robust: the change is saved whatever befalls its announcement.
    transaction.on_commit(lambda: _send(event), robust=True)


def _send(event: Event) -> None:
    hub.from_thread(event)
    publish(event)


def publish(event: Event, origin: str = ORIGIN) -> None:
    """Tell the other workers and servers, by the transport (`origin`: this worker)."""
    message = json.dumps({"origin": origin, **event.__dict__})
    try:
        match transport():
            case "redis":
                _redis().publish(CHANNEL, message)
            case "postgres":
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, message])
            case _:
                announcements = apps.get_model("games", "Announcement").objects
                row = announcements.create(
                    origin=origin, group=event.group, name=event.name, data=event.data
                )
                if row.id % PRUNE == 0:  # the watch has read them long ago
                    announcements.filter(at__lt=timezone.now() - KEPT).delete()
    except (redis.RedisError, DatabaseError):
        # The other workers' phones miss the nudge; their pages ask by themselves within
        # 30 s, and a transport that is down has put them on their 2 s poll already.
        logger.warning("A change could not be announced to the other workers", exc_info=True)


def transport() -> str:
    """How the workers tell each other: "redis", "postgres" or "sqlite"."""
    if "redis" in str(settings.CACHES["default"]["BACKEND"]).lower():
        return "redis"
    if connection.vendor == "postgresql":
        return "postgres"
    return "sqlite"


def _redis_url() -> str:
    return str(settings.CACHES["default"]["LOCATION"])


_publisher: dict[str, redis.Redis] = {}


def _redis() -> redis.Redis:
    url = _redis_url()
    if url not in _publisher:
        _publisher[url] = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
    return _publisher[url]


# --- The ASGI side: the streams of this worker -------------------------------------------


class Hub:
    """This worker's open streams by group, and whether changes made in other workers
    reach it (`up`). Lives in the worker's event loop; threads hand it events."""

    def __init__(self) -> None:
        self.streams: dict[int, set[asyncio.Queue[tuple[str, str]]]] = defaultdict(set)
        self.up = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listening: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Listen to the other workers (once, from the event loop)."""
        if self.listening is None or self.listening.done():
            self.loop = asyncio.get_running_loop()
            self.listening = self.loop.create_task(_LISTENERS[transport()](self))

    async def stop(self) -> None:
        if self.listening is not None:
            self.listening.cancel()
            await asyncio.gather(self.listening, return_exceptions=True)
        self.listening, self.up = None, False

    def open(self, group: int) -> asyncio.Queue[tuple[str, str]]:
        self.start()
        queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.streams[group].add(queue)
        if self.up:
            queue.put_nowait(("open", ""))
        return queue

    def close(self, group: int, queue: asyncio.Queue[tuple[str, str]]) -> None:
        self.streams[group].discard(queue)
        if not self.streams[group]:
            del self.streams[group]

    def deliver(self, event: Event) -> None:
        for queue in self.streams.get(event.group, ()):
            queue.put_nowait((event.name, event.data))

    def heard(self, message: str | bytes) -> None:
        """An announcement from the transport; this worker's own were delivered already."""
        try:
            found = json.loads(message)
            event = Event(int(found["group"]), str(found["name"]), str(found["data"]))
        except (ValueError, TypeError, KeyError):
            logger.warning("Not an announcement: %r", message)
            return
        if found.get("origin") != ORIGIN:
            self.deliver(event)

    def hearing(self, up: bool) -> None:
        """The transport reached, or lost: every stream says so."""
        if up != self.up:
            self.up = up
            for queues in self.streams.values():
                for queue in queues:
                    queue.put_nowait(("open" if up else "down", ""))

    def from_thread(self, event: Event) -> None:
        """Deliver from one of Django's threads (nothing to do where no loop runs streams)."""
        if self.loop is not None and not self.loop.is_closed():
            with suppress(RuntimeError):  # closed meanwhile: the worker is stopping
                self.loop.call_soon_threadsafe(self.deliver, event)

    @property
    def count(self) -> int:
        return sum(map(len, list(self.streams.values())))


hub = Hub()


async def events(request: Request) -> Response:
    """A group's stream: `open` (or nothing until the transport is heard), then an event a
    change. An address not signed here is not found."""
    try:
        group = int(_signer().unsign(request.path_params["token"]))
    except (signing.BadSignature, ValueError, TypeError):
        return Response("Not found", status_code=404, media_type="text/plain")
    game = request.query_params.get("game", "")

    def heard(name: str, data: str) -> bool:
        # A game's own pages ask for its changes alone: the group's other tables and pages
        # neither wake the phone nor send its pages asking.
        return not game or name not in ("game", "group") or data.split(" ")[0] == game

    async def said() -> AsyncIterator[dict[str, str]]:
        # Opened as the answer starts, so that an answer that never does (a HEAD, a phone
        # gone first) leaves nothing open.
        queue = hub.open(group)
        try:
            while True:
                name, data = await queue.get()
                if heard(name, data):
                    yield {"event": name, "data": data}
        finally:
            hub.close(group, queue)

    return EventSourceResponse(
        said(),
        ping=PING,
        ping_message_factory=lambda: ServerSentEvent(event="ping"),
        # Nothing in between keeps or merges it; nginx passes it on as it comes. Behind a
        # link like every page (games.middleware): never indexed, no referrer.
        headers={
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
            "X-Robots-Tag": "noindex, nofollow",
            "Referrer-Policy": "same-origin",
        },
    )


@asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """The worker hears the others from its start, and stops listening at its end (its
    streams are cut when gunicorn's graceful time is up; the phones connect again, each
    after a delay of its own, htmx's jitter)."""
    hub.start()
    yield
    await hub.stop()


# --- Hearing the other workers: one listener a worker ------------------------------------


async def _listen_redis(hub: Hub) -> None:
    while True:
        try:
            # No silent reconnection: a worker that lost Redis says so to its phones, which
            # poll meanwhile, and says `open` once it hears again (each phone then asks).
            client = redis.asyncio.Redis.from_url(
                _redis_url(),
                socket_connect_timeout=0.5,
                socket_keepalive=True,
                health_check_interval=CHECK,
                retry=Retry(NoBackoff(), 0),
            )
            async with client, client.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                hub.hearing(True)
                while True:
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=CHECK
                    )
                    if message is not None:
                        hub.heard(message["data"])
                    else:
                        await pubsub.ping()  # a connection gone quiet must still answer
        except Exception:
            logger.warning("The live stream lost Redis", exc_info=True)
        hub.hearing(False)
        await asyncio.sleep(AGAIN)


async def _listen_postgres(hub: Hub) -> None:
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(_conninfo(), autocommit=True) as pg:
                await pg.execute(f"LISTEN {CHANNEL}")
                hub.hearing(True)
                while True:
                    async for notice in pg.notifies(timeout=CHECK):
                        hub.heard(notice.payload)
                    await pg.execute("SELECT 1")  # a connection gone quiet must still answer
        except Exception:
            logger.warning("The live stream lost PostgreSQL", exc_info=True)
        hub.hearing(False)
        await asyncio.sleep(AGAIN)


def _conninfo() -> str:
    """The database Django uses (the test database in the tests), for a connection of the
    listener's own."""
    db = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        dbname=db["NAME"],
        user=db["USER"] or None,
        password=db["PASSWORD"] or None,
        host=db["HOST"] or None,
        port=db["PORT"] or None,
        # A server gone without a word is noticed within half a minute.
        keepalives=1,
        keepalives_idle=10,
        keepalives_interval=5,
        keepalives_count=3,
    )


async def _watch_sqlite(hub: Hub) -> None:
    # One thread and so one connection a worker, whatever the number of streams.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="watch") as thread:
        loop = asyncio.get_running_loop()
        seen, reading = -1, True
        while True:
            try:
                seen, found = await loop.run_in_executor(thread, _read_since, seen)
                reading = True
            except Exception:
                # Whatever keeps it from reading (a database locked for long, gone): its
                # phones poll until it reads again, and then each asks once.
                if reading:
                    logger.warning("The live stream cannot read the database", exc_info=True)
                found, reading = [], False
            hub.hearing(reading and seen >= 0)
            for event in found:
                hub.deliver(event)
            await asyncio.sleep(WATCH)


def _read_since(seen: int) -> tuple[int, list[Event]]:
    """The announcements of other workers after row `seen` (-1: none, only where they are
    up to)."""
    announcements = apps.get_model("games", "Announcement").objects
    try:
        if seen < 0:
            return announcements.order_by("-id").values_list("id", flat=True).first() or 0, []
        rows = list(announcements.filter(id__gt=seen).order_by("id"))
    except DatabaseError:
        close_old_connections()  # a broken connection is opened anew next time
        raise
    found = [Event(r.group, r.name, r.data) for r in rows if r.origin != ORIGIN]
    return (rows[-1].id if rows else seen), found


_LISTENERS: dict[str, Callable[[Hub], Coroutine[Any, Any, None]]] = {
    "redis": _listen_redis,
    "postgres": _listen_postgres,
    "sqlite": _watch_sqlite,
}
