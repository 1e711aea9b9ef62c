"""Over HTTP, each request as a multiple of a hello-world view served the same way.

The machine is shared and noisy, so absolute milliseconds say little from one run to the
next. Here every figure is measured against `HttpResponse("ok")` through the same gunicorn
(`scorekeeper/gunicorn.py`, as `make run` serves), the same middleware and the same
settings, in the same run and interleaved request by request: one round asks each figure
in turn, so a burst of load elsewhere falls on all of them alike. Each figure is taken twice
a round: over a new connection, as a phone waking its radio asks, and over one
connection kept alive for the whole run, as a phone asks while its connection is open (or a
proxy speaking HTTP/2 to the phones and keeping its connections to the server).
"""

from __future__ import annotations

import gzip
import http.client
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

from django.test import Client

from bench import measure
from games.models import Change, Game

SIZES = (40, 200)
HELLO = "hello-world view"
FIRST_VISIT_TARGET = 25_000  # bytes: a phone's first visit, as served


@dataclass
class Request:
    """One HTTP request, with what it must answer and what undoes it (outside the clock)."""

    name: str
    path: str
    status: int
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    before: Callable[[], None] | None = None
    after: Callable[[], None] | None = None
    queries: str | None = None
    times: list[float] = field(default_factory=list)  # each over a new connection
    kept: list[float] = field(default_factory=list)  # over the connection kept alive


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def fetch(port: int, request: Request) -> Answer:
    """`request` on a connection of its own, read to the end."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        return _ask(connection, request)
    finally:
        connection.close()


def _ask(connection: http.client.HTTPConnection, request: Request) -> Answer:
    connection.request(request.method, request.path, request.body, request.headers)
    response = connection.getresponse()
    body = response.read()
    return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, body)


class KeptConnection:
    """One connection for every request, as a phone keeps its own open between requests.

    Opening it is never timed: where the server closed it (an answer saying `Connection:
    close`, a worker restarting), it is opened again before the clock starts, and counted
    (`opened`), so that a server that stops keeping connections open shows in the output."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.opened = 0

    def fetch(self, request: Request) -> tuple[Answer, float]:
        """The answer and its milliseconds. A GET the server closed the connection under
        is asked again on a new one; a POST is not (a save sent twice would be answered as
        already saved, and timed as a save)."""
        try:
            return self._timed(request)
        except (http.client.RemoteDisconnected, ConnectionError):
            self.connection.close()
            if request.method != "GET":
                raise
            return self._timed(request)

    def _timed(self, request: Request) -> tuple[Answer, float]:
        if self.connection.sock is None:
            self.connection.connect()
            self.opened += 1
        start = time.perf_counter_ns()
        answer = _ask(self.connection, request)
        return answer, (time.perf_counter_ns() - start) / 1e6

    def close(self) -> None:
        self.connection.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(tmp: Path) -> Iterator[int]:
    """The app as `make run` serves it, on a free loopback port, with the bench's settings."""
    port = _free_port()
    log = (tmp / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn"),
            *("--config", "python:scorekeeper.gunicorn"),
            *("--bind", f"127.0.0.1:{port}"),
            *("--env", "DJANGO_SETTINGS_MODULE=bench.settings"),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=os.environ.copy(),
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                fetch(port, Request("up", "/bench/ok/", 200))
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"gunicorn did not start: see {log.name}") from None
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@dataclass(frozen=True)
class Phone:
    """A phone that named itself: its test client, and its cookies as a browser sends them."""

    client: Client
    headers: dict[str, str]

    @classmethod
    def of(cls, games: list[Game]) -> Phone:
        client = Client()
        for game in games:
            measure.say_who(client, game.group)
            measure.check(client.get(measure._url(game)), 200)  # sets the CSRF cookie
        # As a browser keeps them: a cookie the app deleted (the messages', once shown) is
        # not sent again.
        cookies = "; ".join(
            f"{name}={morsel.value}" for name, morsel in client.cookies.items() if morsel.value
        )
        headers = {
            "Cookie": cookies,
            "Accept-Encoding": "gzip, br",
            "Accept-Language": "en",
            "X-CSRFToken": client.cookies["csrftoken"].value,
        }
        return cls(client, headers)

    def etag(self, path: str) -> str:
        return str(measure.check(self.client.get(path), 200)["ETag"])

    def entry(self, game: Game) -> str:
        """The entry key of the hand form the game page shows now, as a phone posts it."""
        fields = _FormFields()
        fields.feed(measure.check(self.client.get(measure._url(game)), 200).content.decode())
        return fields.values["entry"]


class _FormFields(HTMLParser):
    """The named inputs of a page and their values."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("name"):
            self.values[str(found["name"])] = found.get("value") or ""


def requests_for(
    games: dict[int, Game], saved: Game, changed: Game, written: Game, phone: Phone
) -> list[Request]:
    """The requests of one round. The pages and polls are of games nobody changes during
    the run, as most requests at a table are (every phone after the first since the last
    save gets the page kept for that version); the save has a game of its own, and one
    more row measures the page as the first phone after a change gets it (rendered)."""
    small = games[SIZES[0]]
    headers = phone.headers
    live = measure._url(small, "live/")
    unchanged = Request(
        "live poll, unchanged (304)",
        live,
        304,
        headers={**headers, "If-None-Match": phone.etag(live)},
    )
    hands = len(saved.hand_list())
    post = measure.hand_post(hands)

    def posted() -> bytes:
        # Each save with the entry key of the form the page shows then, as a phone sends it.
        return urlencode({**post, "entry": phone.entry(saved)}).encode()

    def take_back() -> None:
        # The game keeps its size; the next save posts the new form's key (the old one
        # names a deleted hand now).
        measure._take_back(saved, hands + 1)
        save.body = posted()

    def change() -> None:
        # A new version, as any change makes (the game given up, or taken up again): no
        # server has its page yet.
        if not changed.abandon(measure.WHO):
            changed.take_up(measure.WHO)

    save = Request(
        f"saving a hand, htmx ({SIZES[0]} hands)",
        measure._url(saved, "hands/"),
        200,
        method="POST",
        headers={
            **headers,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
        after=take_back,
        queries=measure.count_queries(
            partial(
                phone.client.post,
                measure._url(saved, "hands/"),
                {**post, "entry": phone.entry(saved)},
                headers={"HX-Request": "true"},
            )
        ),
    )

    def unwrite() -> None:
        # Its row of history goes again, so that it writes to a table of the same size.
        Change.objects.filter(game=written, number=0).delete()

    take_back()
    bare = Request(
        "a bare write, the floor of any save (lock, one insert, one update; no form, no page)",
        f"/bench/write/{written.code}/",
        200,
        method="POST",
        headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
        body=posted(),
        after=unwrite,
    )
    return [
        Request(HELLO, "/bench/ok/", 200, headers=headers),
        *(
            Request(
                f"game page, {size} hands, scorer's view", measure._url(game), 200, headers=headers
            )
            for size, game in games.items()
        ),
        Request(f"live poll with a body ({SIZES[0]} hands)", live, 200, headers=headers),
        unchanged,
        Request(
            f"the chart, as it comes into view ({SIZES[0]} hands, htmx)",
            measure._url(games[SIZES[0]], "chart/"),
            200,
            headers={**headers, "HX-Request": "true"},
        ),
        bare,
        save,
        Request(
            f"game page, {SIZES[0]} hands, first phone after a change (rendered)",
            measure._url(changed),
            200,
            headers=headers,
            before=change,
        ),
    ]


def first_visit(port: int, phone: Phone, game: Game) -> int:
    """Bytes a phone receives on its first visit: the page and what it links, as served."""
    page = fetch(port, Request("page", measure._url(game), 200, headers=phone.headers))
    html = page.body
    if page.headers.get("content-encoding") == "gzip":
        html = gzip.decompress(html)
    parser = measure._Assets()
    parser.feed(html.decode())
    total = len(page.body)
    for url in parser.urls:
        asset = fetch(port, Request(url, url, 200, headers={"Accept-Encoding": "gzip, br"}))
        total += len(asset.body)
    return total


def run_rounds(port: int, requests: list[Request], limits: measure.Limits) -> tuple[int, int]:
    """Interleaved rounds: every request once per round over a new connection and once over
    the kept one (in turn which first), until runs or budget are spent. A request's `before`
    and `after` go around each of the two, so the first phone after a change is first both
    times. The rounds timed, and how many times the kept connection was opened."""
    deadline = None
    rounds = 0
    kept = KeptConnection(port)
    try:
        for run in range(limits.warmup + limits.runs):
            if run == limits.warmup:
                deadline = time.monotonic() + limits.budget * len(requests) * 2
            for request in requests:
                for over_kept in (False, True) if run % 2 else (True, False):
                    if request.before is not None:
                        request.before()
                    if over_kept:
                        answer, elapsed = kept.fetch(request)
                    else:
                        start = time.perf_counter_ns()
                        answer = fetch(port, request)
                        elapsed = (time.perf_counter_ns() - start) / 1e6
                    assert answer.status == request.status, (request.name, answer.status)
                    if request.after is not None:
                        request.after()
                    if deadline is not None:
                        (request.kept if over_kept else request.times).append(elapsed)
            if deadline is not None:
                rounds += 1
                if rounds >= measure.MIN_RUNS and time.monotonic() > deadline:
                    break
    finally:
        kept.close()
    return rounds, kept.opened


def wrk(port: int, path: str, headers: dict[str, str], seconds: int = 5) -> float | None:
    """Requests a second under `wrk -t2 -c16` (None where wrk is not installed)."""
    if shutil.which("wrk") is None:
        return None
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(
        [*command, f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True
    ).stdout
    line = next(line for line in out.splitlines() if line.startswith("Requests/sec:"))
    return float(line.split()[1])


def main(limits: measure.Limits, tmp: Path) -> None:
    games = {size: measure.build_game(size) for size in SIZES}
    saved, changed, written = (measure.build_game(SIZES[0]) for _ in range(3))
    phone = Phone.of([*games.values(), saved, changed, written])
    requests = requests_for(games, saved, changed, written, phone)
    with gunicorn(tmp) as port:
        sizes = {size: first_visit(port, phone, game) for size, game in games.items()}
        rounds, opened = run_rounds(port, requests, limits)
        print(
            f"## Over HTTP, as a multiple of a hello-world view (gunicorn as `make run`, "
            f"{rounds} interleaved rounds)\n"
        )
        print(
            "| request | new connection: median ms | p95 ms | ratio to hello "
            "| kept alive: median ms | p95 ms | ratio to hello | queries |"
        )
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        hello, hello_kept = (
            statistics.median(times) for times in (requests[0].times, requests[0].kept)
        )
        for request in requests:
            cells = []
            for times, floor in ((request.times, hello), (request.kept, hello_kept)):
                median, p95 = statistics.median(times), statistics.quantiles(times, n=20)[-1]
                cells.append(f"{median:.2f} | {p95:.2f} | {median / floor:.1f} x")
            print(f"| {request.name} | {' | '.join(cells)} | {request.queries or ''} |")
        if opened > 1:
            print(
                f"\nThe server closed the kept connection {opened - 1} times: it was "
                "opened again each time, off the clock."
            )
        print()
        for size, total in sizes.items():
            verdict = "under" if total <= FIRST_VISIT_TARGET else "OVER"
            print(
                f"First visit at {size} hands, as served: {total / 1000:.1f} kB "
                f"({verdict} {FIRST_VISIT_TARGET / 1000:.0f} kB)"
            )
        game_page, poll = requests[1], next(r for r in requests if r.status == 304)
        hello_rate = wrk(port, requests[0].path, phone.headers)
        page_rate = wrk(port, game_page.path, phone.headers)
        poll_rate = wrk(port, poll.path, poll.headers)
        if page_rate and hello_rate and poll_rate:
            print(
                f"\nwrk -t2 -c16, 5 s: hello {hello_rate:,.0f} req/s, {game_page.name} "
                f"{page_rate:,.0f} req/s: 1/{hello_rate / page_rate:.1f} of hello; "
                f"{poll.name} {poll_rate:,.0f} req/s: {poll_rate / hello_rate:.2f} of hello"
            )
        else:
            print("\n(wrk is not installed: `apt-get install wrk` adds the throughput figure)")
