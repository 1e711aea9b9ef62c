"""The measurements. Imported by `bench.run` once Django is set up on the bench settings."""

from __future__ import annotations

import gc
import gzip
import os
import platform
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, TypeVar

# No type information ships with the brotli bindings WhiteNoise installs.
import brotli  # type: ignore[import-untyped]
import django
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponseBase
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Change, Game, Group
from games.rules import make_table, play

ResponseT = TypeVar("ResponseT", bound=HttpResponseBase)

PLAYERS = ("Anne", "Bjørn", "Cato", "Dina")
WHO = "Bench"
# A target no generated game reaches, so every game stays open for the next hand.
RULES = {"target": 10000}
SIZES = (25, 200)
PAGE_WEIGHT_TARGET = 30_000  # bytes, everything compressed
MIN_RUNS = 30


@dataclass(frozen=True)
class Limits:
    """Timed runs per figure, cut short after `budget` seconds (but never under MIN_RUNS)."""

    runs: int
    warmup: int
    budget: float


def main(limits: Limits) -> None:
    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"# Scorekeeper bench: {machine()}\n")
    games = {size: build_game(size) for size in SIZES}
    client = Client()
    for game in games.values():
        say_who(client, game.group)
    page_weight(client, games)
    server_time(client, games, limits)
    engine_speed(limits)
    print(f"\n(whole run: {time.perf_counter() - started:.0f} s)")


def machine() -> str:
    vendor = connection.display_name
    with connection.cursor() as cursor:
        cursor.execute("select sqlite_version()" if vendor == "SQLite" else "show server_version")
        version = cursor.fetchone()[0].split()[0]
    return (
        f"{vendor} {version}, Python {platform.python_version()}, Django {django.get_version()}, "
        f"{os.cpu_count()} CPUs ({platform.machine()}, {platform.system()}), "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )


# --- Data -----------------------------------------------------------------------------------


def hand_data(index: int, players: tuple[str, ...] = PLAYERS) -> dict[str, Any]:
    """Hand `index` (from 0) of a plausible game: bids 6 to 9, two made for each failed."""
    dealer, bidder, opponent, partner = (players[(index + i) % 4] for i in range(4))
    bid = 6 + index % 4
    made = index % 3 != 2
    # Bidding side takes bid or bid + 1 when made, bid - 1 when failed.
    side = bid + index % 2 if made else bid - 1
    against = 12 - side
    first = against // 2 + (against % 2) * (index % 2)
    return {
        "dealer": dealer,
        "bidder": bidder,
        "bid": bid,
        "partner": partner,
        "tricks": {dealer: first, opponent: against - first},
    }


def hand_post(index: int, players: tuple[str, ...] = PLAYERS) -> dict[str, str]:
    """Hand `index` as the game page's form posts it (the bidding side's tricks left out)."""
    data = hand_data(index, players)
    fields = {
        "number": str(index + 1),
        "dealer": data["dealer"],
        "bidder": data["bidder"],
        "bid": str(data["bid"]),
        "partner": data["partner"],
    }
    for name, tricks in data["tricks"].items():
        fields[f"tricks-{players.index(name)}"] = str(tricks)
    return fields


def build_game(hands: int) -> Game:
    """A group of four and an Amerikaner game of `hands` hands, entered as the app does."""
    group = Group.objects.create(name=f"Bench {hands}")
    game = group.start_game(
        "amerikaner", list(PLAYERS), rules=RULES, first_dealer=PLAYERS[0], by=WHO
    )
    for index in range(hands):
        game.add_hand(index + 1, hand_data(index), WHO)
    game.refresh_from_db()
    return game


def say_who(client: Client, group: Group) -> None:
    """Name this device, as a phone does once per group (the name sits in the session)."""
    check(client.post(f"/g/{group.edit_key}/me/", {"name": WHO}), 302)


def _url(game: Game, part: str = "") -> str:
    return f"/g/{game.group.edit_key}/games/{game.code}/{part}"


def check(response: ResponseT, status: int) -> ResponseT:
    assert response.status_code == status, (response.status_code, status)
    return response


# --- 1. Page weight -------------------------------------------------------------------------


class _Assets(HTMLParser):
    """The stylesheets and scripts a page loads, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("rel") == "stylesheet" and found.get("href"):
            self.urls.append(str(found["href"]))
        elif tag == "script" and found.get("src"):
            self.urls.append(str(found["src"]))


@dataclass(frozen=True)
class Sizes:
    raw: int
    gzip: int
    brotli: int

    @classmethod
    def of(cls, data: bytes) -> Sizes:
        return cls(
            len(data),
            len(gzip.compress(data, compresslevel=9, mtime=0)),
            len(brotli.compress(data)),
        )


def _static_file(url: str) -> bytes:
    assert url.startswith(settings.STATIC_URL), url
    return (Path(settings.STATIC_ROOT) / url.removeprefix(settings.STATIC_URL)).read_bytes()


def _headers_size(response: HttpResponseBase) -> int:
    """Bytes of the status line and Django's headers (the server adds Date, Server, ...)."""
    status = f"HTTP/1.1 {response.status_code} {response.reason_phrase}\r\n".encode()
    cookies = "".join(f"{c.output()}\r\n" for c in response.cookies.values()).encode()
    return len(status) + len(response.serialize_headers()) + 2 + len(cookies) + 2


def page_weight(client: Client, games: dict[int, Game]) -> None:
    small, large = games[SIZES[0]], games[SIZES[-1]]
    html = check(client.get(_url(small)), 200).content
    parser = _Assets()
    parser.feed(html.decode())
    rows = [(f"game page HTML ({SIZES[0]} hands, scorer's view)", Sizes.of(html))]
    rows += [
        (
            re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", url.removeprefix(settings.STATIC_URL)),
            Sizes.of(_static_file(url)),
        )
        for url in parser.urls
    ]
    total = Sizes(*(sum(getattr(s, f) for _, s in rows) for f in ("raw", "gzip", "brotli")))
    print("## Page weight\n")
    print("| file | raw (B) | gzip -9 (B) | brotli (B) |")
    print("| --- | ---: | ---: | ---: |")
    for name, size in [*rows, ("**total**", total)]:
        print(f"| {name} | {size.raw:,} | {size.gzip:,} | {size.brotli:,} |")
    verdict = "under" if total.brotli < PAGE_WEIGHT_TARGET else "OVER"
    print(
        f"\nAll brotli: {total.brotli / 1000:.1f} kB, {verdict} the {PAGE_WEIGHT_TARGET / 1000:.0f} kB target. "
        f"As `make run` sends it (HTML gzip from Django's GZipMiddleware, static files "
        f"brotli from WhiteNoise): about "
        f"{(rows[0][1].gzip + total.brotli - rows[0][1].brotli) / 1000:.1f} kB.\n"
    )

    live = {size: check(client.get(_url(game, "live/")), 200) for size, game in games.items()}
    not_modified = check(
        client.get(_url(small, "live/"), headers={"If-None-Match": live[SIZES[0]]["ETag"]}), 304
    )
    extra = [(f"/live/ fragment ({size} hands)", Sizes.of(r.content)) for size, r in live.items()]
    extra.append(
        (
            f"game page HTML ({SIZES[-1]} hands)",
            Sizes.of(check(client.get(_url(large)), 200).content),
        )
    )
    print("| answer | raw (B) | gzip -9 (B) | brotli (B) |")
    print("| --- | ---: | ---: | ---: |")
    for name, size in extra:
        print(f"| {name} | {size.raw:,} | {size.gzip:,} | {size.brotli:,} |")
    print(
        f"| 304 from /live/ (status line and headers, no body) | {_headers_size(not_modified):,} | | |\n"
    )


# --- 2. Server time -------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Milliseconds per request: wall clock, and this process's CPU time alone."""

    wall: list[float]
    cpu: list[float]

    def row(self) -> str:
        p95 = statistics.quantiles(self.wall, n=20)[-1]
        cells = (statistics.median(self.wall), p95, statistics.median(self.cpu))
        return " | ".join(f"{value:.2f}" for value in cells) + f" | {len(self.wall)}"


def timings(
    request: Callable[[], HttpResponseBase],
    status: int,
    limits: Limits,
    after: Callable[[], None] | None = None,
) -> Timing:
    """Time `request`; `after` undoes what a request changed, outside the clock."""
    timing = Timing([], [])
    deadline = None
    for run in range(limits.warmup + limits.runs):
        if run == limits.warmup:
            deadline = time.monotonic() + limits.budget
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        response = request()
        wall, cpu = time.perf_counter_ns() - start, time.thread_time_ns() - start_cpu
        check(response, status)
        if after is not None:
            after()
        if deadline is not None:
            timing.wall.append(wall / 1e6)
            timing.cpu.append(cpu / 1e6)
            if len(timing.wall) >= MIN_RUNS and time.monotonic() > deadline:
                break
    return timing


def count_queries(request: Callable[[], HttpResponseBase]) -> str:
    """The queries a request makes, not counting a transaction's BEGIN and COMMIT (SQLite's
    backend logs both, PostgreSQL's only BEGIN); "7 + 1" where, once committed, a change
    is passed on to the other workers' streams by one insert (on SQLite; `games.stream`)."""
    with CaptureQueriesContext(connection) as captured:
        request()
    made = [q["sql"] for q in captured if q["sql"] not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]
    passed_on = sum(sql.startswith('INSERT INTO "games_announcement"') for sql in made)
    own = len(made) - passed_on
    return f"{own} + {passed_on}" if passed_on else str(own)


@dataclass(frozen=True)
class Figure:
    name: str
    request: Callable[[], HttpResponseBase]
    status: int
    after: Callable[[], None] | None = None


def _take_back(game: Game, number: int) -> None:
    """Delete hand `number` again, as its page would: with the revision it was saved with.

    Then the round's own two history entries (the hand added, the hand deleted) go too:
    only here, outside the clock, so that the game measured stays a game of its size with
    its history of one entry a hand, instead of growing two entries every round."""
    game.delete_hand(number, game.hands.get(number=number).revision, WHO)
    Change.objects.filter(game=game, number=number).delete()


def _figures(client: Client, game: Game, hands: int) -> list[Figure]:
    etag = check(client.get(_url(game, "live/")), 200)["ETag"]
    live = _url(game, "live/")
    post = partial(
        client.post, _url(game, "hands/"), hand_post(hands), headers={"HX-Request": "true"}
    )
    return [
        Figure('trivial view (`HttpResponse("ok")`)', partial(client.get, "/bench/ok/"), 200),
        Figure("game page GET", partial(client.get, _url(game)), 200),
        Figure("/live/ poll, changed (200)", partial(client.get, live), 200),
        Figure(
            "/live/ poll, unchanged (304)",
            partial(client.get, live, headers={"If-None-Match": etag}),
            304,
        ),
        # The hand is taken back after each POST, so every POST adds hand `hands + 1`.
        Figure(
            "hand POST (htmx, answers the #main fragment)",
            post,
            200,
            partial(_take_back, game, hands + 1),
        ),
    ]


def server_time(client: Client, games: dict[int, Game], limits: Limits) -> None:
    print(
        f"## Server time (ms; Django test client in-process; up to {limits.runs} requests "
        f"or {limits.budget:g} s per figure, at least {MIN_RUNS}, after {limits.warmup} warm-up)\n"
    )
    for size, game in games.items():
        print(f"{size} hands:\n")
        print("| request | median | p95 | CPU median | n | queries |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for figure in _figures(client, game, size):
            queries = count_queries(figure.request)
            if figure.after is not None:
                figure.after()
            timing = timings(figure.request, figure.status, limits, figure.after)
            print(f"| {figure.name} | {timing.row()} | {queries} |")
        print()


# --- 3. Engine speed ------------------------------------------------------------------------


def engine_speed(limits: Limits, hands: int = 100) -> None:
    table = make_table("amerikaner", list(PLAYERS), RULES)
    data = [hand_data(i) for i in range(hands)]
    samples = []
    gc.collect()
    runs = max(limits.runs, 1000)  # a few milliseconds each: plenty fit in any budget
    for run in range(limits.warmup + runs):
        start = time.perf_counter_ns()
        result = play(table, data)
        elapsed = time.perf_counter_ns() - start
        if run >= limits.warmup:
            samples.append(elapsed / 1e3)
    assert len(result.hands) == hands and not result.finished
    median = statistics.median(samples)
    print(f"## Engine (`games.rules.play`, {hands}-hand Amerikaner game, {runs} runs)\n")
    print(
        f"median {median:,.0f} µs, p95 {statistics.quantiles(samples, n=20)[-1]:,.0f} µs "
        f"({median / hands:.1f} µs per hand)"
    )
