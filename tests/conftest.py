import importlib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import django_ratelimit.core
import hypothesis
import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import clear_url_caches, reverse
from django.utils import translation
from pytest_django import Settings

import scorekeeper.settings
import scorekeeper.urls
from games.models import Game, Group
from tests.factories import make_game, make_group

# Timings are never asserted: a property that took long on a busy machine is not a failure.
hypothesis.settings.register_profile("scorekeeper", deadline=None)
hypothesis.settings.load_profile("scorekeeper")


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
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder `collectstatic` filled once, with the project's storage, as `make run` does."""
    root = Path(tmp_path_factory.mktemp("staticfiles"))
    with override_settings(STATIC_ROOT=root, STORAGES=scorekeeper.settings.STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0)
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
