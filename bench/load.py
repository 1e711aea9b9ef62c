"""How many tables one server holds (`make bench-load`): phones as they follow a table.

The app is served as `make run` serves it (gunicorn's ASGI worker, `scorekeeper/gunicorn.py`)
on this machine; this process plays the phones. Each table has four phones: each holds its
group's stream (games/stream.py), fetches the game's live part with the ETag it has when
the stream says its game changed (and once when the stream opens), and lets one safety
request through every 30 s; one phone a table saves a hand every 90 s (each table at its
own moment). For each number of tables, after a minute to settle, it reports over the next
`--seconds`:

- the requests' answer times (the saves and the fetches; not the open streams), p50 and p99;
- save to screen: from the save's answer on the scoring phone to each other phone holding
  the new version, p50 and p99.

A server holds a number of tables when requests p99 < 100 ms and save to screen p99 < 1 s.
The phones run on the same two cores as the server: the figures are what one 2-core box
does with its own load on it, which is the worst case for the server.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
from django.test import Client

from bench import http, measure
from games import stream
from games.models import Game, Group

SAVE_EVERY = 90.0  # seconds between two hands at a table
SAFETY = 30.0  # a phone's request while its stream is quiet
SETTLE = 60.0  # seconds before measuring: every phone connected and fetched once
HOLDS_REQUEST_P99 = 0.100
HOLDS_SCREEN_P99 = 1.0


@dataclass
class Table:
    game: Game
    edit: str  # /g/<edit key>/games/<code>/
    view: str  # the same through the view-only link
    stream: str
    hands: int = 0
    version: int = 0
    saved_at: float = 0.0  # when the last save was answered


@dataclass
class Figures:
    requests: list[float] = field(default_factory=list)
    screens: list[float] = field(default_factory=list)
    errors: int = 0
    measuring: bool = False

    def request(self, seconds: float) -> None:
        if self.measuring:
            self.requests.append(seconds)

    def screen(self, seconds: float) -> None:
        if self.measuring:
            self.screens.append(seconds)


def tables(count: int) -> list[Table]:
    """`count` groups of four, each at a game of Amerikaner."""
    made = []
    for number in range(count):
        group = Group.objects.create(name=f"Table {number}")
        game = group.start_game(
            "amerikaner", list(measure.PLAYERS), rules=measure.RULES, first_dealer="Anne"
        )
        made.append(
            Table(
                game,
                f"/g/{group.edit_key}/games/{game.code}/",
                f"/g/{group.view_key}/games/{game.code}/",
                stream.url_for(group.pk),
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
            figures.request(time.monotonic() - started)
            return answer.status, answer.headers.get("ETag", etag)
    except (aiohttp.ClientError, TimeoutError):
        figures.errors += 1
        return 0, etag


async def phone(base: str, table: Table, url: str, figures: Figures, stop: asyncio.Event) -> None:
    """A phone that watches: its stream, and a fetch after each nudge for its game."""
    limits = aiohttp.TCPConnector(limit=1)
    async with aiohttp.ClientSession(base, connector=limits) as session:
        etag, version, asked = "", 0, 0.0

        async def look() -> None:
            nonlocal etag, version, asked
            asked = time.monotonic()
            status, etag = await fetch(session, f"{url}live/", etag, figures)
            if status == 200 and table.version > version and table.saved_at:
                figures.screen(time.monotonic() - table.saved_at)
            if status == 200:
                version = table.version

        async def safety() -> None:
            while not stop.is_set():
                await asyncio.sleep(SAFETY * random.uniform(0.9, 1.1))
                if time.monotonic() - asked >= SAFETY:
                    await look()

        guard = asyncio.create_task(safety())
        async with aiohttp.ClientSession(base) as streams:
            while not stop.is_set():
                try:
                    async with streams.get(table.stream, timeout=None) as events:
                        async for line in events.content:
                            text = line.decode().strip()
                            if text in ("event: open", "event: down") or (
                                text.startswith("data: ") and text[6:].startswith(table.game.code)
                            ):
                                await look()
                except aiohttp.ClientError:
                    figures.errors += 1
                    await asyncio.sleep(random.uniform(1, 3))
        guard.cancel()


async def scorer(
    base: str, table: Table, headers: dict[str, str], figures: Figures, stop: asyncio.Event
) -> None:
    """The phone that keeps score: a hand every 90 s, at its own moment."""
    async with aiohttp.ClientSession(base, headers={**headers, "HX-Request": "true"}) as session:
        await asyncio.sleep(random.uniform(0, SAVE_EVERY))
        while not stop.is_set():
            body = {**measure.hand_post(table.hands), "entry": secrets.token_urlsafe(12)}
            started = time.monotonic()
            try:
                async with session.post(
                    f"{table.edit}hands/",
                    data=urlencode(body),
                    headers={"Content-Type": "application/x-www-form-urlencoded"},
                ) as answer:
                    await answer.read()
                    if answer.status == 200:
                        table.hands += 1
                        table.version += 1
                        table.saved_at = time.monotonic()
                    else:
                        figures.errors += 1
                figures.request(time.monotonic() - started)
            except aiohttp.ClientError:
                figures.errors += 1
            await asyncio.sleep(SAVE_EVERY)


async def play(
    port: int, made: list[Table], headers: dict[str, str], seconds: float, settle: float
) -> Figures:
    base = f"http://127.0.0.1:{port}"
    figures, stop = Figures(), asyncio.Event()
    tasks = []
    for table in made:
        tasks.append(asyncio.create_task(scorer(base, table, headers, figures, stop)))
        for url in (table.edit, table.view, table.view, table.view):
            tasks.append(asyncio.create_task(phone(base, table, url, figures, stop)))
            await asyncio.sleep(0.002)  # phones join over a few seconds, not at one instant
    await asyncio.sleep(settle)
    figures.measuring = True
    await asyncio.sleep(seconds)
    figures.measuring = False
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return figures


def _p(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else float("nan")


def main(counts: list[int], seconds: float, tmp: Path, settle: float = SETTLE) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"# Scorekeeper load: tables a server holds. {measure.machine()}\n")
    print(
        "| tables | phones | requests/s | request p50 | request p99 | save to screen p50 | p99 | errors | holds |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    made: list[Table] = []
    with http.gunicorn(tmp) as port:
        for count in counts:
            made += tables(count - len(made))
            figures = asyncio.run(play(port, made, scorer_headers(made), seconds, settle))
            request99, screen99 = _p(figures.requests, 99), _p(figures.screens, 99)
            holds = request99 < HOLDS_REQUEST_P99 and screen99 < HOLDS_SCREEN_P99
            print(
                f"| {count:,} | {4 * count:,} | {len(figures.requests) / seconds:.0f} "
                f"| {_p(figures.requests, 50) * 1000:.0f} ms | {request99 * 1000:.0f} ms "
                f"| {_p(figures.screens, 50) * 1000:.0f} ms | {screen99 * 1000:.0f} ms "
                f"| {figures.errors} | {'yes' if holds else 'no'} |",
                flush=True,
            )
