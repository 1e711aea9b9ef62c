"""How many tables one server holds (`make bench-load`): phones as they follow a table.

The app is served as `make run` serves it (gunicorn's ASGI worker, `scorekeeper/gunicorn.py`)
on this machine; this process plays the phones. Each table has four phones: each holds its
game's stream (games/stream.py), fetches the game's live part with the ETag it has when
the stream says its game changed (and once when the stream opens), and lets one safety
request through every 30 s; one phone a table saves a hand every 90 s (each table at its
own moment). Each table is at its own point of its game (0 to 23 hands in, as tables are
at any moment of an evening), with players' names of its own. For each number of tables,
the phones join over the first half of the time to settle (`--settle`, three minutes),
and it reports over the next `--seconds`:

- the requests' answer times (the saves and the fetches; not the open streams), p50 and p99;
- save to screen: from the tap on Save (the save's request sent) to each other phone
  holding the version it made (read from the ETag of what it fetched), p50 and p99.

and then the answer times by kind of request (saves, fetches of a new version, unchanged
answers), p50, p90 and p99: which of them make the tail.

A server holds a number of tables when requests p99 < 100 ms and save to screen p99 < 1 s.
The phones run on the same two cores as the server: the figures are what one 2-core box
does with its own load on it, which is the worst case for the server.
"""

from __future__ import annotations

import asyncio
import gc
import random
import secrets
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import uvloop
from django.test import Client

from bench import http, measure
from games import stream
from games.models import Game, Group

SAVE_EVERY = 90.0  # seconds between two hands at a table
SAFETY = 30.0  # a phone's request while its stream is quiet
# Seconds before measuring: every phone connected and fetched once, and every table has
# saved about twice, so that each worker has drawn what its tables show, as a server has
# a few minutes into an evening (the minute after a start or a restart, when every phone
# connects and fetches, is measured by `--settle 60`).
SETTLE = 180.0
CALM = 10.0  # seconds between setting the phones' objects aside and measuring
HOLDS_REQUEST_P99 = 0.100
HOLDS_SCREEN_P99 = 1.0


@dataclass
class Table:
    game: Game
    players: tuple[str, ...]
    edit: str  # /g/<edit key>/games/<code>/
    view: str  # the same through the view-only link
    stream: str
    hands: int = 0
    version: int = 0  # the game's version the last save made
    saved_at: float = 0.0  # when that save was sent


@dataclass
class Figures:
    # The requests' times by kind: "save", "fetch" (the live part drawn) and "unchanged" (304).
    kinds: dict[str, list[float]] = field(default_factory=dict)
    screens: list[float] = field(default_factory=list)
    errors: int = 0
    measuring: bool = False

    @property
    def requests(self) -> list[float]:
        return [seconds for times in self.kinds.values() for seconds in times]

    def request(self, seconds: float, kind: str) -> None:
        if self.measuring:
            self.kinds.setdefault(kind, []).append(seconds)

    def screen(self, seconds: float) -> None:
        if self.measuring:
            self.screens.append(seconds)


def tables(count: int, first: int = 0) -> list[Table]:
    """`count` groups of four, each at a game of Amerikaner, each table at its own point of
    its game (0 to 23 hands played, as tables are at any moment of an evening), the
    players' names their own (no two tables share what is kept of their hand form)."""
    made = []
    for number in range(first, first + count):
        group = Group.objects.create(name=f"Table {number}")
        names = tuple(f"{name} {number}" for name in measure.PLAYERS)
        game = group.start_game(
            "amerikaner", list(names), rules=measure.RULES, first_dealer=names[0]
        )
        played = random.Random(number).randrange(24)
        if played:
            game.add_hands([measure.hand_data(i, names) for i in range(played)], measure.WHO)
            game.refresh_from_db()
        made.append(
            Table(
                game,
                names,
                f"/g/{group.edit_key}/games/{game.code}/",
                f"/g/{group.view_key}/games/{game.code}/",
                stream.url_for(group.pk, game.code),
                hands=played,
                version=game.version,
            )
        )
    return made


def scorer_headers(made: list[Table]) -> dict[str, str]:
    """One session that named itself at every table, and its CSRF token, as a phone sends them."""
    client = Client()
    for table in made:
        measure.say_who(client, table.game.group)
    measure.check(client.get(made[0].edit), 200)
    cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    return {"Cookie": cookies, "X-CSRFToken": client.cookies["csrftoken"].value}


async def fetch(
    session: aiohttp.ClientSession, url: str, etag: str, figures: Figures
) -> tuple[int, str]:
    started = time.monotonic()
    try:
        async with session.get(url, headers={"If-None-Match": etag} if etag else {}) as answer:
            await answer.read()
            figures.request(
                time.monotonic() - started, "unchanged" if answer.status == 304 else "fetch"
            )
            return answer.status, answer.headers.get("ETag", etag)
    except (aiohttp.ClientError, TimeoutError):
        figures.errors += 1
        return 0, etag


async def phone(
    session: aiohttp.ClientSession,
    streams: aiohttp.ClientSession,
    table: Table,
    url: str,
    figures: Figures,
    stop: asyncio.Event,
    every: float = SAFETY,
) -> None:
    """A phone that watches: its stream, and a fetch after each nudge for its game, and
    its safety request `every` seconds (none at 0)."""
    etag, version, asked = "", 0, 0.0

    async def look() -> None:
        nonlocal etag, version, asked
        asked = time.monotonic()
        status, etag = await fetch(session, f"{url}live/", etag, figures)
        shown = int(etag.split('"')[1].split("-")[0]) if status == 200 else version
        if shown > version and shown == table.version:
            figures.screen(time.monotonic() - table.saved_at)
        version = shown

    async def safety() -> None:
        while every and not stop.is_set():
            await asyncio.sleep(every * random.uniform(0.9, 1.1))
            if time.monotonic() - asked >= every:
                await look()

    guard = asyncio.create_task(safety())
    try:
        while not stop.is_set():
            try:
                async with streams.get(table.stream, timeout=aiohttp.ClientTimeout()) as events:
                    async for line in events.content:
                        text = line.decode().strip()
                        if text in ("event: open", "event: down") or (
                            text.startswith("data: ") and text[6:].startswith(table.game.code)
                        ):
                            await look()
            except aiohttp.ClientError:
                figures.errors += 1
                await asyncio.sleep(random.uniform(1, 3))
    finally:
        guard.cancel()


async def scorer(
    base: str, table: Table, headers: dict[str, str], figures: Figures, stop: asyncio.Event
) -> None:
    """The phone that keeps score: a hand every 90 s, at its own moment."""
    async with aiohttp.ClientSession(base, headers={**headers, "HX-Request": "true"}) as session:
        await asyncio.sleep(random.uniform(0, SAVE_EVERY))
        while not stop.is_set():
            body = {
                **measure.hand_post(table.hands, table.players),
                "entry": secrets.token_urlsafe(12),
            }
            # The version this save makes, known before it is sent: a phone may fetch it
            # before the save's own answer is back.
            started = table.saved_at = time.monotonic()
            table.version += 1
            try:
                async with session.post(
                    f"{table.edit}hands/",
                    data=urlencode(body),
                    headers={"Content-Type": "application/x-www-form-urlencoded"},
                ) as answer:
                    await answer.read()
                    saved = answer.status == 200
                figures.request(time.monotonic() - started, "save")
            except aiohttp.ClientError:
                saved = False
            table.hands += saved
            table.version -= not saved
            figures.errors += not saved
            await asyncio.sleep(SAVE_EVERY)


async def play(
    port: int,
    made: list[Table],
    headers: dict[str, str],
    seconds: float,
    settle: float,
    safety: float = SAFETY,
) -> Figures:
    base = f"http://127.0.0.1:{port}"
    figures, stop = Figures(), asyncio.Event()
    tasks = []
    # The phones' fetches share a pool of kept connections (as HTTP/2 at a proxy carries a
    # phone's requests on one connection): a process here may hold 20,000 files at most,
    # and the streams take one connection a phone.
    session = aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(limit=1000))
    # Each stream a connection of its own, held open.
    streams = aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(limit=0))
    for table in made:
        tasks.append(asyncio.create_task(scorer(base, table, headers, figures, stop)))
        for url in (table.edit, table.view, table.view, table.view):
            watching = phone(session, streams, table, url, figures, stop, safety)
            tasks.append(asyncio.create_task(watching))
            # Phones join over the first half of the settling time, not at one instant.
            await asyncio.sleep(settle / 2 / (4 * len(made)))
    await asyncio.sleep(max(0.0, settle / 2 - CALM))
    # The phones' own objects (thousands of open streams), set aside from this process's
    # cycle collector: a full collection here stalled every phone at once for up to a
    # second, and the requests in flight then were counted as the server's slowness. The
    # last collection, a second or so, is made before the measuring starts.
    gc.collect()
    gc.freeze()
    await asyncio.sleep(min(CALM, settle / 2))
    figures.measuring = True
    await asyncio.sleep(seconds)
    figures.measuring = False
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await session.close()
    await streams.close()
    gc.unfreeze()
    return figures


def hello(port: int, times: int = 200) -> float:
    """Milliseconds of a hello-world answer over a kept connection, the median: the
    absolute figures here (100 ms, 1 s) are the table's, so a run says how fast the shared
    machine was when it ran, to compare runs of different days by."""
    connection = http.KeptConnection(port)
    request = http.Request("hello", "/bench/ok/", 200)
    try:
        times_taken = []
        for _ in range(times):
            answer, milliseconds = connection.fetch(request)
            assert answer.status == request.status, answer.status
            times_taken.append(milliseconds)
        return statistics.median(times_taken)
    finally:
        connection.close()


def _p(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else float("nan")


def main(
    counts: list[int], seconds: float, tmp: Path, settle: float = SETTLE, safety: float = SAFETY
) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"# Scorekeeper load: tables a server holds. {measure.machine()}\n")
    made: list[Table] = []
    kinds: list[tuple[int, dict[str, list[float]]]] = []
    with http.gunicorn(tmp) as port:
        print(
            f"Hello-world over a kept connection, before the phones: {hello(port):.2f} ms "
            "(the median of 200; how fast the machine is today).\n"
        )
        print(
            "| tables | phones | requests/s | request p50 | request p99 "
            "| save to screen p50 | p99 | errors | holds |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
        for count in counts:
            made += tables(count - len(made), len(made))
            playing = play(port, made, scorer_headers(made), seconds, settle, safety)
            figures = uvloop.run(playing)
            requests = figures.requests
            request99, screen99 = _p(requests, 99), _p(figures.screens, 99)
            holds = request99 < HOLDS_REQUEST_P99 and screen99 < HOLDS_SCREEN_P99
            print(
                f"| {count:,} | {4 * count:,} | {len(requests) / seconds:.0f} "
                f"| {_p(requests, 50) * 1000:.0f} ms | {request99 * 1000:.0f} ms "
                f"| {_p(figures.screens, 50) * 1000:.0f} ms | {screen99 * 1000:.0f} ms "
                f"| {figures.errors} | {'yes' if holds else 'no'} |",
                flush=True,
            )
            kinds.append((count, figures.kinds))
    # Which requests make the tail: the answer times by kind, for each count.
    print(
        "\n| tables | request | count | p50 | p90 | p99 |\n| ---: | --- | ---: | ---: | ---: | ---: |"
    )
    for count, by_kind in kinds:
        for kind, values in sorted(by_kind.items()):
            quantiles = " | ".join(f"{_p(values, q) * 1000:.0f} ms" for q in (50, 90, 99))
            print(f"| {count:,} | {kind} | {len(values):,} | {quantiles} |")
