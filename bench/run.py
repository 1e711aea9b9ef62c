"""Run the benchmarks: `python -m bench.run [--postgres [URL]] [--runs N]` (see README.md).

Everything lives in a temporary directory (SQLite file, collected static files) or, with
--postgres, in a database this script creates and drops; nothing else is touched.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from urllib.parse import urlsplit

import django
import psycopg
from psycopg import sql

DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__)
    parser.add_argument(
        "--postgres",
        nargs="?",
        const=DEFAULT_POSTGRES,
        metavar="URL",
        help=f"run on PostgreSQL; the database is created and dropped (default {DEFAULT_POSTGRES})",
    )
    parser.add_argument("--runs", type=int, default=200, help="timed requests per figure")
    parser.add_argument("--warmup", type=int, default=10, help="untimed requests first")
    parser.add_argument(
        "--budget", type=float, default=4.0, help="seconds per figure before stopping early"
    )
    args = parser.parse_args(argv)

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

            from bench import measure

            try:
                measure.main(measure.Limits(args.runs, args.warmup, args.budget))
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
