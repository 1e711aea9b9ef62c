import asyncio
import fcntl
import importlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import django_ratelimit.core
import hypothesis
import pytest
import uvicorn
from django.conf import settings as django_settings
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import connections
from django.test import Client, override_settings
from django.urls import clear_url_caches, reverse
from django.utils import translation
from pytest_django import Settings

import scorekeeper.settings
import scorekeeper.urls
from games import stream
from games.models import Game, Group
from scorekeeper.asgi import serve
from tests.factories import make_game, make_group

# Timings are never asserted: a property that took long on a busy machine is not a failure.
# The same examples every run: the rules engine's coverage, which `make test` holds at 100%,
# must not hang on which games hypothesis happened to draw (a Kaiser sentence reached only by
# some draws once failed a run).
hypothesis.settings.register_profile("scorekeeper", deadline=None, derandomize=True)
hypothesis.settings.load_profile("scorekeeper")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="run only the tests that save screenshots, all of them (make screenshots)",
    )


# A test that asks for any of these reaches the database (pytest-django's own fixtures; its
# live server opens a transactional database for every test that uses it).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}

# The page tests (`page`) and the rules engine's own (`engine`). Only the engine's own tests
# are traced for coverage, and a test elsewhere that is the only one to reach a line of the
# engine says so (`engine_coverage`).
VIEWS = Path(__file__).parent / "views"
RULES = Path(__file__).parent / "rules"

# Of the page tests, those run again on PostgreSQL (`every_database`): the ones that count
# queries, those of the pages that write (a hand saved, corrected, deleted, undone or
# restored, a game started, ended or imported, a player or a note added, links replaced)
# and the fuzzers (PostgreSQL refuses what SQLite takes, such as a NUL character). What a
# page shows does not depend on the database: the models' own tests run on both.
COUNTS_QUERIES = {"django_assert_num_queries", "django_assert_max_num_queries"}
WRITES = {
    f"test_{name}.py"
    for name in (
        "hand_create", "hand_edit", "hand_delete", "undo", "restore", "new_game",
        "play_again", "game_end", "import_game", "add_player", "game_note", "notes",
        "replace_links", "database_away", "open_form_follows", "fuzz", "fuzz_hands",
    )
}  # fmt: skip


@pytest.hookimpl(tryfirst=True)  # before `-m` chooses by these markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that reach the database are marked `database` (`make test-postgres` runs those
    again on PostgreSQL: the others cannot differ between databases); the page tests
    `page`, and those of them that also run on PostgreSQL `every_database`.

    The rules engine's own tests are marked `engine`: `make test` traces those (and those
    marked `engine_coverage`) for the engine's coverage in a session of their own, and runs
    the others untraced. The tracer makes every test slower, even one it is told to leave
    alone: a test's fixtures and the threads it starts are traced whatever the test.

    Tests marked `screenshots` exist to save pictures for a person to look at: `make test`
    leaves them out. `--screenshots` runs every test that saves any, and nothing else."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)
        if VIEWS in item.path.parents:
            item.add_marker(pytest.mark.page)
            if fixtures & COUNTS_QUERIES or item.path.name in WRITES:
                item.add_marker(pytest.mark.every_database)
        if RULES in item.path.parents:
            item.add_marker(pytest.mark.engine)
    if config.getoption("--screenshots"):
        keep = [item for item in items if "screenshots" in getattr(item, "fixturenames", ())]
    else:
        keep = [item for item in items if item.get_closest_marker("screenshots") is None]
    kept = set(map(id, keep))
    left_out = [item for item in items if id(item) not in kept]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = keep


class LongestFirst:
    """The long tests first: the fuzzers (`slow`), then the browser tests, the quick ones
    last, so that the two test processes (pytest-xdist hands tests out in this order) end
    together instead of one waiting for the other's last long test (a fuzzer last in the
    PostgreSQL run kept one process going alone for half a minute)."""

    @pytest.hookimpl(trylast=True)  # after the markers are set and pytest-randomly shuffled
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        items.sort(key=self.rank)

    @staticmethod
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("slow"):
            return 0
        return 1 if item.get_closest_marker("browser") else 2


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(LongestFirst())


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    tmp_path_factory: pytest.TempPathFactory,
    django_db_modify_db_settings_parallel_suffix: None,
) -> None:
    """SQLite tests use a database file, as the app does, not a shared in-memory one.

    Two threads writing at once (a live server and a test, two phones) then wait for each
    other as `transaction_mode = IMMEDIATE` makes them in production; a shared in-memory
    database fails the second with "database table is locked" instead. Each test process
    has a database of its own (pytest-django's suffix, as `test_scorekeeper_gw0`).
    """
    database = django_settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = Path(tmp_path_factory.mktemp("db"))
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing() -> Iterator[None]:
    # Each try at the admin's login hashes a password (even for a user that does not
    # exist); the production hasher takes about a second a try on a busy machine.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True, scope="session")
def _a_redis_database_per_test_process(worker_id: str) -> Iterator[None]:
    """With CACHE_URL (`make test-redis`) every test empties the cache: each test process
    has a Redis database of its own, the first the one named, the next two below it (one
    below is test_live_shared_cache's), so two processes can run the tests side by side."""
    cache_config = django_settings.CACHES["default"]
    if "redis" not in str(cache_config["BACKEND"]).lower() or worker_id in ("master", "gw0"):
        yield
        return
    server, number = str(cache_config["LOCATION"]).rsplit("/", 1)
    location = f"{server}/{int(number) - 2 * int(worker_id.removeprefix('gw'))}"
    with override_settings(CACHES={"default": {**cache_config, "LOCATION": location}}):
        yield


@pytest.fixture(autouse=True)
def _chain_in_transaction(settings: Settings) -> None:
    # A test reads the ratings and season awards right after a change, inside its own
    # transaction, where nothing is ever committed: worked out inside the change, as
    # CHAIN_IN_TRANSACTION has it. tests/test_derived.py asks for them after the commit.
    settings.CHAIN_AFTER_COMMIT = False


@pytest.fixture(autouse=True)
def _default_language() -> None:
    # A request in Norwegian leaves Norwegian active in the thread that made it (Django's
    # LocaleMiddleware sets it and nothing resets it): each test starts from the default.
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _static_files_from_apps(settings: Settings) -> None:
    # The manifest storage needs `collectstatic` to have run. Tests read static files
    # straight from the apps instead, and WhiteNoise has no collected directory to scan.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.STATIC_ROOT = None


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A folder `collectstatic` filled once, with the project's storage, as `make run` does.

    Once for the whole run: the test processes share it (it takes several seconds, most of
    them compressing the admin's files), the first to need it fills it."""
    run = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run = run.parent  # the folder above each test process's own
    root = run / "staticfiles"
    with open(run / "staticfiles.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other process waits while one fills it
        if not (run / "staticfiles.done").exists():
            with override_settings(STATIC_ROOT=root, STORAGES=scorekeeper.settings.STORAGES):
                call_command("collectstatic", interactive=False, verbosity=0)
            (run / "staticfiles.done").touch()
    return root


@pytest.fixture
def served_static(settings: Settings, collected_static: Path) -> Path:
    """Pages link the collected files by their hashed names, as in production."""
    settings.STORAGES = scorekeeper.settings.STORAGES
    settings.STATIC_ROOT = collected_static
    return collected_static


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    # The request rates count in the cache: each test starts as a new client would.
    cache.clear()


@pytest.fixture
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds the rate limits' clock: they count in fixed windows (a minute for most), and a
    slow run crossing into the next window would start counting afresh."""
    clock = SimpleNamespace(time=lambda: 1_800_000_000.0)
    monkeypatch.setattr(django_ratelimit.core, "time", clock)


@pytest.fixture
def admin_on(settings: Settings) -> Iterator[None]:
    """The URLs as they are with ADMIN=1."""
    settings.ADMIN = True
    importlib.reload(scorekeeper.urls)
    clear_url_caches()
    yield
    settings.ADMIN = False
    importlib.reload(scorekeeper.urls)
    clear_url_caches()


# --- The view tests' table: a group, a game at it, and a phone with the full link ----------


@pytest.fixture
def group(db: None) -> Group:
    return make_group()


@pytest.fixture
def game(group: Group) -> Game:
    return make_game(group)


@pytest.fixture
def phone(client: Client, group: Group) -> Client:
    """A browser that has said, once, that it is Anne's phone (the edit links ask first)."""
    response = client.post(reverse("who", args=[group.edit_key]), {"player": "Anne"})
    assert response.status_code == 302
    return client


class StreamingServer:
    """The app as gunicorn's ASGI worker serves it to the table (`scorekeeper.asgi`): the
    live stream beside Django, here in a thread of the test process (uvicorn), so that it
    shares the test database. Static files as Django's own live server serves them."""

    def __init__(self) -> None:
        app = serve(StaticFilesHandler(WSGIHandler()), threads=8)
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.thread = threading.Thread(target=self.server.run, args=([sock],), daemon=True)
        self.thread.start()
        while not self.server.started:
            self.thread.join(0.05)

    def listen_again(self) -> None:
        """The workers' transport chosen again, as the settings now say (a worker starting)."""

        async def again() -> None:
            await stream.hub.stop()
            stream.hub.start()

        assert stream.hub.loop is not None
        asyncio.run_coroutine_threadsafe(again(), stream.hub.loop).result(5)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def _streaming_server(django_db_setup: None) -> Iterator[StreamingServer]:
    # After the test database is set up, and gone before it is dropped: the worker's
    # listener holds a connection of its own on PostgreSQL, and Django's threads close
    # theirs after each request (the server's threads outlive no test to close them).
    database = connections.settings["default"]
    kept = database["CONN_MAX_AGE"]
    database["CONN_MAX_AGE"] = 0
    server = StreamingServer()
    yield server
    server.stop()
    database["CONN_MAX_AGE"] = kept


@pytest.fixture
def streaming_server(
    _streaming_server: StreamingServer, transactional_db: None
) -> Iterator[StreamingServer]:
    """The server with the live stream, for a test whose phones hear each change at once
    (pytest-django's `live_server` has no stream: its phones poll, as behind a proxy that
    refuses it)."""
    yield _streaming_server
    _streaming_server.listen_again()  # as the settings are again
