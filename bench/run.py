"""Run the benchmarks: `python -m bench.run [--scale] [--postgres [URL]] [--runs N]` (see README.md).

Everything lives in a temporary directory (SQLite file, collected static files) or, with
--postgres, in a database this script creates and drops; nothing else is touched.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from urllib.parse import urlsplit

import django
import psycopg
from psycopg import sql

DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench"
SCALE_POSTGRES = "postgres://postgres@127.0.0.1:5432/scorekeeper_scale"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__)
    parser.add_argument(
        "--scale",
        action="store_true",
        help="the scale benchmark: the pages of a generated group of --games games",
    )
    parser.add_argument(
        "--postgres",
        nargs="?",
        const="",
        metavar="URL",
        help="run on PostgreSQL; the database is created and dropped "
        f"(default {DEFAULT_POSTGRES}, or {SCALE_POSTGRES} with --scale)",
    )
    parser.add_argument(
        "--runs", type=int, help="timed requests per figure (default 200; 30 with --scale)"
    )
    parser.add_argument(
        "--warmup", type=int, help="untimed requests first (default 10; 3 with --scale)"
    )
    parser.add_argument(
        "--budget", type=float, default=4.0, help="seconds per figure before stopping early"
    )
    parser.add_argument(
        "--load",
        metavar="TABLES",
        help="the load benchmark: tables a server holds, for each count given (e.g. 500,2000)",
    )
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="seconds measured for each count (--load)"
    )
    parser.add_argument(
        "--settle", type=float, default=180.0, help="seconds before measuring each count (--load)"
    )
    parser.add_argument(
        "--screens",
        type=int,
        metavar="HANDS",
        help="save to screen: HANDS hands tapped in on one of four phones in Chromium",
    )
    parser.add_argument(
        "--engines",
        action="store_true",
        help="the hands table's rows drawn by Django's templates and by Jinja2 (dev dependency)",
    )
    parser.add_argument(
        "--safety",
        type=float,
        default=30.0,
        help="seconds between a phone's safety requests, 0 for none (--load; the app's is 30)",
    )
    parser.add_argument("--games", type=int, default=10_000, help="games to generate (--scale)")
    parser.add_argument("--hands", type=int, default=300_000, help="hands to generate (--scale)")
    args = parser.parse_args(argv)
    if args.postgres == "":
        args.postgres = SCALE_POSTGRES if args.scale else DEFAULT_POSTGRES
    runs = args.runs if args.runs is not None else 30 if args.scale else 200
    warmup = args.warmup if args.warmup is not None else 3 if args.scale else 10

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        os.environ["BENCH_TMP"] = tmp
        os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
        if args.postgres:
            os.environ["DATABASE_URL"] = args.postgres
        else:
            os.environ.pop("DATABASE_URL", None)  # never the developer's database
        with _postgres_database(args.postgres) if args.postgres else nullcontext():
            django.setup()
            from django.db import connections

            from bench import http, measure, scale

            try:
                if args.screens:
                    from bench import screens  # Playwright is a dev dependency

                    screens.main(args.screens, Path(tmp))
                elif args.engines:
                    from bench import engines  # Jinja2 is a dev dependency

                    engines.main(measure.Limits(runs, warmup, args.budget))
                elif args.load:
                    from bench import load  # the phones' client library is a dev dependency

                    counts = [int(count) for count in args.load.split(",")]
                    load.main(counts, args.seconds, Path(tmp), args.settle, args.safety)
                elif args.scale:
                    # Every run is timed: at most a few seconds each even when a page is slow.
                    limits = measure.Limits(runs, warmup, budget=float("inf"))
                    scale.main(limits, args.games, args.hands)
                else:
                    measure.main(measure.Limits(runs, warmup, args.budget))
                    http.main(measure.Limits(runs, warmup, args.budget), Path(tmp))
            finally:
                connections.close_all()


@contextmanager
def _postgres_database(url: str) -> Iterator[None]:
    """A fresh, empty database at `url`, dropped afterwards."""
    name = urlsplit(url).path.lstrip("/")
    if not name:
        raise SystemExit(f"--postgres needs a database name in the URL: {url}")
    admin = urlsplit(url)._replace(path="/postgres").geturl()
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(drop)
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(drop)


if __name__ == "__main__":
    main()
