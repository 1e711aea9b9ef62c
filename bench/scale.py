"""The scale benchmark: the pages of a group with years of games (`python -m bench.run --scale`).

Imported by `bench.run` once Django is set up on the bench settings, with an empty
database of its own. `manage.py generate_group` fills it once (timed); then each page
is requested as a phone would, in-process, and timed as the game-page benchmark does.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import Count
from django.http import HttpResponseBase
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from bench.measure import Limits, count_queries, machine, say_who, timings
from games import derived
from games.feed import Entry
from games.models import Change, Game, GameStat, Group, Night, Rating
from games.rules import GAMES

BUDGET_MS = 150  # what each page should stay under, server time
PERIOD = "12m"  # the statistics page's "last 12 months" filter


@dataclass(frozen=True)
class Page:
    name: str
    url: str | None  # None: the view has no URL yet


def main(limits: Limits, games: int, hands: int) -> None:
    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"# Scorekeeper scale bench: {machine()}\n")
    group = generate(games, hands)
    client = Client(raise_request_exception=False)
    say_who(client, group)
    pages = _pages(group)
    built = server_time(client, pages, limits)
    where_time_goes(client, built)
    correction(client, group)
    rebuild(group)
    print(f"\n(whole run: {time.perf_counter() - started:.0f} s)")


def generate(games: int, hands: int) -> Group:
    out = io.StringIO()
    wall, cpu = time.perf_counter(), time.process_time()
    call_command("generate_group", games=games, hands=hands, stdout=out)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if connection.vendor == "postgresql":
        # Fresh tables have no planner statistics until autovacuum gets to them; a live
        # database has had them for long, so give them before measuring.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    summary = out.getvalue().splitlines()[0]
    print(f"## Generation (`manage.py generate_group --games {games} --hands {hands}`)\n")
    print(f"{summary}\n\nwall {wall:.0f} s, CPU {cpu:.0f} s (this process)\n")
    return Group.objects.get()


def _url(name: str, *args: str, query: str = "") -> str | None:
    try:
        return reverse(name, args=args) + query
    except NoReverseMatch:
        return None


def _pages(group: Group) -> list[Page]:
    """The busy pages of the group, each with a typical subject: the latest evening, the
    player with the most games, the latest Amerikaner game of 30 hands."""
    key = group.edit_key
    night = group.nights.annotate(n=Count("games")).filter(n__gt=0).order_by("-date").first()
    busiest = (
        GameStat.objects.filter(group=group)
        .values("player__code")
        .annotate(n=Count("id"))
        .order_by("-n")
        .first()
    )
    # A game of the average length: a shorter one would flatter the page.
    game = (
        Game.objects.filter(group=group, kind="amerikaner")
        .annotate(hands_count=Count("hands"))
        .filter(hands_count=30)
        .order_by("-created_at")
        .first()
    )
    assert night is not None and busiest is not None and game is not None
    hands = game.hands.count()
    this_year = Night.evening_of(timezone.now()).year
    in_year = GameStat.objects.filter(group=group, date__year=this_year).values("game")
    in_last_year = GameStat.objects.filter(group=group, date__year=this_year - 1).values("game")
    return [
        Page('trivial view (`HttpResponse("ok")`)', "/bench/ok/"),
        Page(f"group page ({group.nights.count()} evenings)", _url("group", key)),
        Page(f"night page ({night.games.count()} games)", _url("night", key, night.code)),
        # Amerikaner named: without a kind the pages open on the latest game won, of any kind.
        Page(
            f"player page ({busiest['n']} games)",
            _url("player", key, busiest["player__code"], query="?kind=amerikaner"),
        ),
        Page(
            "statistics page (Amerikaner, all time)", _url("stats", key, query="?kind=amerikaner")
        ),
        Page(
            f"statistics page (`?period={PERIOD}`)",
            _url("stats", key, query=f"?kind=amerikaner&period={PERIOD}"),
        ),
        Page(f"game page (Amerikaner, {hands} hands, finished)", _url("game", key, game.code)),
        Page(f"season page, this year ({in_year.distinct().count()} games)", _url("seasons", key)),
        Page(
            f"season page, last year ({in_last_year.distinct().count()} games, over)",
            _url("season", key, str(this_year - 1)),
        ),
        Page(
            f"what changed ({Entry.objects.filter(group=group).count()} changes)", _url("feed", key)
        ),
        Page(
            "what changed, one player's changes",
            _url("feed", key, query=f"?player={busiest['player__code']}"),
        ),
        Page("what changed, one game's", _url("feed", key, query=f"?game={game.code}")),
    ]


def server_time(client: Client, pages: list[Page], limits: Limits) -> list[Page]:
    """Print the timing table; return the pages that exist."""
    print(
        f"## Server time (ms; Django test client in-process; {limits.runs} requests per page "
        f"after {limits.warmup} warm-up; budget {BUDGET_MS} ms)\n"
    )
    print("| page | median | p95 | CPU median | n | queries |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    built = []
    for page in pages:
        url = page.url
        status = client.get(url).status_code if url is not None else 404
        if url is None or status != 200:
            # Other pages are still measured when one is missing or broken.
            problem = "not built yet" if status == 404 else f"fails (HTTP {status})"
            print(f"| {page.name} | {problem} | | | | |")
            continue
        request = partial(client.get, url)
        queries = count_queries(request)
        timing = timings(request, 200, limits)
        over = " **over budget**" if statistics.median(timing.wall) > BUDGET_MS else ""
        print(f"| {page.name}{over} | {timing.row()} | {queries} |")
        built.append(page)
    print()
    return built


# Where a profiled request spends its own time, by the file each function lives in.
BUCKETS: list[tuple[str, Callable[[str, str], bool]]] = [
    # SQLite's C calls and Django's thin wrapper around them; psycopg's modules.
    ("database driver", lambda file, func: "sqlite" in func.lower() or "psycopg" in file + func),
    ("ORM (django/db)", lambda file, func: "/django/db/" in file),
    (
        "templates",
        lambda file, func: any(
            part in file
            for part in ("/django/template/", "/django/templatetags/", "template_partials")
        ),
    ),
    ("rules engine (games/rules)", lambda file, func: "/games/rules/" in file),
    ("app (games/, templatetags)", lambda file, func: "/games/" in file),
    # Escaping, safe and lazy strings, translations (with asgiref's per-request locals).
    ("django/utils", lambda file, func: "/django/utils/" in file or "/asgiref/" in file),
    # The request's way in and out: handlers, middleware, sessions, URLs, responses.
    ("request handling", lambda file, func: "/django/" in file),
]


def where_time_goes(client: Client, pages: list[Page]) -> None:
    """Each page once under cProfile: its own time by part of the stack (cProfile slows
    Python down more than the database, so read the shares, not the milliseconds)."""
    print("## Where the time goes (one profiled request; share of its time)\n")
    names = [name for name, _test in BUCKETS] + ["other Python"]
    print(f"| page | profiled ms | {' | '.join(names)} |")
    print("| --- | ---: |" + " ---: |" * len(names))
    for page in pages:
        assert page.url is not None
        shares = profile_shares(partial(client.get, page.url))
        total = sum(shares.values())
        cells = " | ".join(f"{100 * shares[name] / total:.0f} %" for name in names)
        print(f"| {page.name} | {total:.0f} | {cells} |")
    print()


#: Rounds of the correction: the hand deleted and brought back, each round.
CORRECTIONS = 3


def correction(client: Client, group: Group) -> None:
    """The hand that decided the group's first game of its main kind, deleted from its
    page and brought back from the history, as a phone does (the answer timed, with its
    queries); then how long the later games' ratings and the season's awards took to be
    caught up after the commit (`games.derived`), in this process's thread."""
    main = next(iter(GAMES))
    won = Game.objects.filter(group=group, kind=main, winners__isnull=False)
    game = won.order_by("created_at", "pk").first()
    assert game is not None
    later = won.filter(created_at__gt=game.created_at).count()
    print(f"## A correction to the first game ({later} later games of its kind)\n")
    print("| what | answer ms (median) | queries | caught up after s (median) |")
    print("| --- | ---: | ---: | ---: |")
    key, times = group.edit_key, defaultdict(list)
    for _round in range(CORRECTIONS):
        last = game.hands.order_by("-number").first()
        assert last is not None
        url = reverse("hand_delete", args=[key, game.code, last.number])
        times["delete its deciding hand"].append(
            _timed(group, partial(client.post, url, {"revision": last.revision}))
        )
        gone = game.changes.filter(action=Change.DELETE).order_by("-pk").first()
        assert gone is not None
        url = reverse("restore", args=[key, game.code, gone.code])
        times["bring it back"].append(_timed(group, partial(client.post, url)))
    for what, rounds in times.items():
        answer, queries, caught = (
            statistics.median(column) for column in zip(*rounds, strict=True)
        )
        print(f"| {what} | {answer:.0f} | {queries:.0f} | {caught:.1f} |")
    print()


def _timed(group: Group, request: Callable[[], HttpResponseBase]) -> tuple[float, int, float]:
    """A change's answer in ms and its queries, then the seconds until nothing of the
    group is behind."""
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        assert request().status_code == 302
        answered = time.perf_counter()
    while Group.objects.filter(pk=group.pk).values_list("behind", flat=True).get():
        time.sleep(0.01)
    caught = time.perf_counter() - started
    return 1000 * (answered - started), len(queries), caught


def rebuild(group: Group) -> None:
    """Every rating worked out again from the history, as `rebuild_stats` ends: each kind
    of game's chain rated from its first game on (`games.derived.rate_chain`), timed."""
    print("## Ratings rebuilt from the history\n")
    print("| kind of game | rated games | rows | wall s | queries |")
    print("| --- | ---: | ---: | ---: | ---: |")
    total = 0.0
    for kind in GAMES:
        rows = Rating.objects.filter(group=group, kind=kind)
        games = rows.values("game").distinct().count()
        count = rows.count()
        with CaptureQueriesContext(connection) as queries, transaction.atomic():
            wall = time.perf_counter()
            derived.rate_chain(group.pk, kind)
            wall = time.perf_counter() - wall
        total += wall
        print(f"| {kind} | {games} | {count} | {wall:.1f} | {len(queries)} |")
    print(f"| every kind | | | {total:.1f} | |\n")


def profile_shares(request: Callable[[], HttpResponseBase]) -> dict[str, float]:
    profiler = cProfile.Profile()
    profiler.enable()
    request()
    profiler.disable()
    shares: dict[str, float] = defaultdict(float)
    # pstats keeps (file, line, function) -> (calls, primitive calls, own time, cumulative,
    # callers). Python's built-in functions (getattr, isinstance: file "~") count for the
    # parts that call them, in proportion to their calls.
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    for (file, _line, func), (_cc, _nc, own, _cumulative, callers) in stats.items():
        if file != "~" or "sqlite" in func.lower() or not callers:
            shares[_bucket(file, func)] += own * 1000
            continue
        calls = {caller: counts[1] for caller, counts in callers.items()}
        each = own * 1000 / sum(calls.values())
        for (caller_file, _, caller_func), count in calls.items():
            shares[_bucket(caller_file, caller_func)] += each * count
    return shares


def _bucket(file: str, func: str) -> str:
    return next((name for name, test in BUCKETS if test(file, func)), "other Python")
