"""PostgreSQL stopped for a third of a 30-second game, under the server `make run` starts
(gunicorn): no answer is a server error, every answer meanwhile is a 503 with
`Retry-After`, every hand tapped meanwhile is stored once after it returns (the phone
keeps it and sends it again, as table.js does), and answers are normal again within 3 s.

The PostgreSQL is this test's own, a throwaway cluster on a free port: the machine's
shared server is never touched. (A locked SQLite file: tests/views/test_database_away.py.)
"""

from __future__ import annotations

import glob
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

from games.forms import posted
from games.rules import make_table
from tests.factories import FOUR, endless_hands
from tests.serving import ROOT, free_port, gunicorn

BIN = (
    [str(Path(p).parent) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))] or [""]
)[-1]

pytestmark = pytest.mark.skipif(not BIN, reason="no PostgreSQL server binaries")

GAME_SECONDS, STOPPED_FROM, STOPPED_UNTIL = 30, 10, 20
HAND_EVERY, POLL_EVERY = 2.0, 0.5


class PostgreSQL:
    """A cluster of this test's own, which it stops and starts again. PostgreSQL refuses
    to run as root: then it runs as the `postgres` user."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.data = folder / "data"
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        command = [f"{BIN}/{program}", *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "postgres.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        # "fast": the server ends its connections at once, as a restart does.
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")


@pytest.fixture
def postgres() -> Iterator[PostgreSQL]:
    # Not under pytest's own folder, which only its user may enter.
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-postgres-"))
    try:
        server = PostgreSQL(folder)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder)


@dataclass(frozen=True)
class Answer:
    at: float
    what: str
    status: int
    retry_after: str | None


@dataclass
class Phone:
    """The scorer's phone: its cookies, and the hands it keeps until the server has them."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    kept: list[dict[str, str]] = field(default_factory=list)

    def ask(
        self, method: str, path: str, data: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str]]:
        headers = {
            "HX-Request": "true",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }
        body = None
        if data is not None:
            body = urlencode(data)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
            }
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            response.read()
            for value in response.headers.get_all("Set-Cookie") or []:
                self.cookies |= {k: m.value for k, m in SimpleCookie(value).items()}
            return response.status, {k.lower(): v for k, v in response.getheaders()}
        finally:
            connection.close()


def _manage(url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


# `slow` (tests/conftest.py hands those out first): among the quick tests it was handed out
# near the end of the run, and one test process went on alone with it for most of a minute.
@pytest.mark.slow
def test_a_game_goes_on_through_a_postgresql_stopped_for_ten_seconds(
    postgres: PostgreSQL, tmp_path: Path, collected_static: Path
) -> None:
    _manage(postgres.url, "migrate", "--noinput")
    script = (
        "from tests.factories import make_group, make_game; group = make_group(); "
        "print(group.edit_key, group.view_key, make_game(group).code)"
    )
    edit_key, view_key, code = _manage(postgres.url, "shell", "-c", script).split()[-3:]
    table = make_table("amerikaner", FOUR)
    answers: list[Answer] = []
    with gunicorn(postgres.url, tmp_path, collected_static) as port:
        phone = Phone(port)
        assert phone.ask("GET", f"/g/{edit_key}/me/")[0] == 200  # its CSRF cookie
        poll, save = f"/g/{view_key}/games/{code}/live/", f"/g/{edit_key}/games/{code}/hands/"
        start = time.monotonic()
        tapped = stopped = restarted = 0.0
        count = 0
        while (now := time.monotonic() - start) < GAME_SECONDS:
            if not stopped and now >= STOPPED_FROM:
                postgres.stop()
                stopped = time.monotonic() - start
            if stopped and not restarted and now >= STOPPED_UNTIL:
                postgres.start()
                restarted = time.monotonic() - start
            if now - tapped >= HAND_EVERY:
                # A hand tapped in: the phone keeps it until the server has it.
                count += 1
                hand = posted(table, endless_hands(count)[-1])
                phone.kept.append({"number": str(count), "entry": f"hand-{count}", **hand})
                tapped = now
            if phone.kept:
                status, headers = phone.ask("POST", save, phone.kept[0])
                answers.append(
                    Answer(time.monotonic() - start, "save", status, headers.get("retry-after"))
                )
                if status == 200:
                    phone.kept.pop(0)
                    answers.append(Answer(time.monotonic() - start, "stored", status, None))
            status, headers = phone.ask("GET", poll)
            answers.append(
                Answer(time.monotonic() - start, "poll", status, headers.get("retry-after"))
            )
            time.sleep(POLL_EVERY)
        # The hands still kept go now.
        while phone.kept and time.monotonic() - start < GAME_SECONDS + 10:
            status, _headers = phone.ask("POST", save, phone.kept[0])
            assert status == 200
            phone.kept.pop(0)
            answers.append(Answer(time.monotonic() - start, "stored", status, None))
    replies = [a for a in answers if a.what != "stored"]
    assert all(a.status in (200, 503) for a in replies), {a.status for a in replies}
    # Meanwhile (from the stop done to the start begun) every answer is a 503 with Retry-After.
    meanwhile = [a for a in replies if stopped < a.at < restarted - 1]
    assert meanwhile and all(a.status == 503 and a.retry_after for a in meanwhile)
    # Normal again within 3 s of its return.
    back = next(a for a in replies if a.at > restarted and a.status == 200)
    assert back.at - restarted < 3
    # Every hand tapped is stored, once, in order: those tapped meanwhile included.
    tapped_meanwhile = [a for a in answers if a.what == "save" and stopped < a.at < restarted]
    assert tapped_meanwhile
    script = (
        "import json; from games.models import Hand; "
        f"print(json.dumps(list(Hand.objects.filter(game__code='{code}')"
        ".order_by('number').values_list('number', 'entry'))))"
    )
    stored = json.loads(_manage(postgres.url, "shell", "-c", script).splitlines()[-1])
    assert stored == [[n, f"hand-{n}"] for n in range(1, count + 1)]
    # A hand every 2 s or so, fewer while the phone waits for answers.
    assert count >= 10
