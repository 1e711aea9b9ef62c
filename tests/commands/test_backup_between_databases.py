"""A backup moves between SQLite and PostgreSQL both ways and comes back byte for byte.

The group is made here, in the test database (SQLite under ``make test``, PostgreSQL under
``make test-postgres``), then goes through fresh databases of the other kind and of this
kind, each a separate ``manage.py`` process with its own DATABASE_URL:
here -> other -> this kind. So one run checks SQLite -> PostgreSQL and PostgreSQL -> SQLite;
`make test` runs it on SQLite only (`between_databases`), since a run from either side
covers both directions.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dj_database_url
import psycopg
import pytest
from django.db import connection

from games import backup, gamefile
from games.models import Group, Season
from tests.factories import FOUR, anne_wins, bid, game_file, make_game, make_group

pytestmark = [pytest.mark.django_db, pytest.mark.between_databases]

ROOT = Path(__file__).resolve().parents[2]
# The PostgreSQL server to borrow scratch databases from when the tests run on SQLite.
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/scorekeeper"


@pytest.fixture
def fresh_postgres() -> Iterator[Callable[[], str]]:
    """Makes fresh, empty PostgreSQL databases of this test's own; drops them afterwards."""
    server = os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or ""
    if not server.startswith("postgres"):
        server = DEFAULT_SERVER
    config = dj_database_url.parse(server)
    admin: dict[str, Any] = {
        "host": config["HOST"] or "127.0.0.1",
        "port": config["PORT"] or 5432,
        "user": config["USER"],
        "password": config["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
        "connect_timeout": 5,
    }
    try:
        psycopg.connect(**admin).close()
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL is not reachable at {admin['host']}:{admin['port']} ({exc})")
    made: list[str] = []

    def make() -> str:
        name = f"{config['NAME']}_roundtrip_{secrets.token_hex(4)}"
        with psycopg.connect(**admin) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return f"{server.rsplit('/', 1)[0]}/{name}"

    yield make
    with psycopg.connect(**admin) as conn:
        for name in made:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def _through(database_url: str, text: bytes, key: str, folder: Path) -> bytes:
    """Import a backup into an empty database in a process of its own, and export it again."""
    env = {**os.environ, "DATABASE_URL": database_url}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    source, again = folder / "in.json", folder / "out.json"
    source.write_bytes(text)
    for command in (
        ["migrate", "--noinput"],
        ["import_group", str(source)],
        ["export_group", "-o", str(again), "--", key],
    ):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
    return again.read_bytes()


def _group() -> Group:
    """Every kind of stored JSON: rules, teams, start totals, corrections, deletions, restores;
    an abandoned game, a note and named seasons."""
    group = make_group()
    game = make_game(group, hands=anne_wins(), rules={"target": 52, "tie_break": "shared"})
    game.edit_hand(
        1, game.hands.get(number=1).revision, anne_wins()[0] | {"dealer": "Bjørn"}, "Bjørn"
    )
    other = make_game(group, hands=[bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 3}, dealer="Dina")])
    other.delete_hand(1, other.hands.get().revision, "Cato")
    other.restore(other.changes.order_by("pk").last(), "Dina")  # type: ignore[arg-type]
    backup.import_game(
        group,
        game_file(
            "kaiser",
            FOUR,
            [{"dealer": "Anne", "bidder": "Bjørn", "kaiser": True, "made": False}],
            teams={"Sør": ["Bjørn", "Dina"], "Nord": ["Anne", "Cato"]},
            start={"Sør": 12, "Nord": -3},
            rules={"no_trump_62": True, "min_bid": 7},
        ),
    )
    # Given up, and given up again after being taken up: the events and the time it was
    # given up (microseconds and all) come back as they were.
    given_up = make_game(group, hands=[bid("Dina", 8, "Bjørn", {"Anne": 2, "Cato": 1})])
    given_up.abandon("Cato")
    given_up.take_up("Dina")
    given_up.abandon("Anne")
    # Named seasons (one a single evening) and a game's note.
    Season.name_one(group, "Høstligaen", dt.date(2026, 9, 1), dt.date(2026, 11, 30))
    Season.name_one(group, "Nyttårscup", dt.date(2026, 12, 31), dt.date(2026, 12, 31))
    other.write_note("Dina's birthday — «kake»", "Anne")
    return group


@pytest.mark.slow  # 30 to 40 s: handed out first, so that no process waits on it at the end
def test_backup_round_trips_between_sqlite_and_postgresql(
    fresh_postgres: Callable[[], str], tmp_path: Path
) -> None:
    group = _group()
    first = gamefile.dumps(backup.group_backup(group)).encode()

    def sqlite(name: str) -> str:
        return f"sqlite:///{tmp_path / name}.sqlite3"

    # Each step must give back the very bytes it was given, so a third step would import the
    # same file into a fresh database of the kind of the first step again.
    if connection.vendor == "sqlite":
        route = [fresh_postgres(), sqlite("back")]
    else:
        route = [sqlite("other"), fresh_postgres()]
    text = first
    for step, database_url in enumerate(route):
        folder = tmp_path / str(step)
        folder.mkdir()
        text = _through(database_url, text, group.edit_key, folder)
        assert text == first, f"step {step + 1} ({database_url.split(':')[0]}) changed the backup"
