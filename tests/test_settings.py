import gc
import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

import scorekeeper.settings
from games.models import Group
from scorekeeper import gunicorn
from tests.factories import endless_hands, hand_post, make_game


def _settings_with(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    """Run the settings module afresh under the given environment and return its names."""
    for name in (
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DATABASE_URL",
        "TIME_ZONE",
        "ADMIN",
        "HTTPS",
        "CLIENT_IP_HEADER",
        "CACHE_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(scorekeeper.settings.__file__)


def test_debug_is_off_without_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings_with(monkeypatch)["DEBUG"] is False


@pytest.mark.parametrize("value", ["1", "true", "True"])
def test_debug_turns_on_when_asked(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    assert _settings_with(monkeypatch, DEBUG=value)["DEBUG"] is True


@pytest.mark.parametrize("value", ["0", "false", ""])
def test_debug_stays_off_for_other_values(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    assert _settings_with(monkeypatch, DEBUG=value)["DEBUG"] is False


def test_allowed_hosts_reads_a_comma_list(monkeypatch: pytest.MonkeyPatch) -> None:
    found = _settings_with(
        monkeypatch, ALLOWED_HOSTS="score.example, 192.168.1.20,", SECRET_KEY="s" * 50
    )
    assert found["ALLOWED_HOSTS"] == ["score.example", "192.168.1.20"]


def test_allowed_hosts_default_to_any_for_home_network(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings_with(monkeypatch)["ALLOWED_HOSTS"] == ["*"]


def test_sqlite_in_wal_mode_without_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    database = _settings_with(monkeypatch)["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"].endswith("db.sqlite3")
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    found = _settings_with(monkeypatch, DATABASE_URL="postgres://kari@db.local:5432/score")
    database = found["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["USER"], database["HOST"], database["NAME"]) == ("kari", "db.local", "score")


def test_time_zone_defaults_to_oslo(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings_with(monkeypatch)["TIME_ZONE"] == "Europe/Oslo"
    assert _settings_with(monkeypatch, TIME_ZONE="UTC")["TIME_ZONE"] == "UTC"


def test_deploy_check_finds_no_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    # The browser tests set this for the whole session; a deployment never does.
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    # Warnings remain (plain http on a home network); errors would make this raise.
    call_command("check", "--deploy", "--fail-level", "ERROR")


def test_admin_is_off_unless_asked_for(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    assert client.get("/admin/login/").status_code == 404
    assert _settings_with(monkeypatch)["ADMIN"] is False
    assert _settings_with(monkeypatch, ADMIN="1")["ADMIN"] is True


@pytest.mark.usefixtures("admin_on")
def test_admin_login_page_answers(client: Client) -> None:
    response = client.get("/admin/login/")
    assert response.status_code == 200
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.usefixtures("admin_on")
def test_admin_login_page_speaks_norwegian(client: Client) -> None:
    response = client.get("/admin/login/", headers={"accept-language": "nb"})
    assert response.headers["Content-Language"] == "nb"
    assert "Brukernavn" in response.text


def test_cache_is_each_processes_own_memory_without_cache_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backend = _settings_with(monkeypatch)["CACHES"]["default"]["BACKEND"]
    assert backend == "django.core.cache.backends.locmem.LocMemCache"


@pytest.mark.django_db
def test_a_workers_own_cache_keeps_what_two_thousand_tables_show(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without CACHE_URL each worker keeps the parts of the pages it drew in its own memory,
    at most MAX_ENTRIES of them, the least recently used going first when it is full. Between two changes
    at a table (90 s) every other table changes too, and each change leaves the parts of
    the version before it behind: unless a worker holds every table's parts and what a
    round of changes leaves, the first phone after each change draws every row again (2.6
    times the Python calls, docs/scale.md). Counted at a table of twelve hands followed by
    both links, the page and its live part."""
    cache_settings = _settings_with(monkeypatch)["CACHES"]
    game = make_game(group, hands=endless_hands(12))
    urls = [
        reverse(name, args=[key, game.code])
        for key in (group.edit_key, group.view_key)
        for name in ("game", "game_live")
    ]
    with override_settings(CACHES=cache_settings):
        kept: set[str] = set()
        keep = caches["default"].set

        def counted(key: str, *args: Any) -> None:
            kept.add(key)
            keep(key, *args)

        monkeypatch.setattr(caches["default"], "set", counted)
        for url in urls:
            assert phone.get(url).status_code == 200
        shown = len(kept)
        kept.clear()
        # The next hand, from the scorer's phone, then the others look.
        answer = phone.post(
            reverse("hand_create", args=[group.edit_key, game.code]),
            hand_post(game, endless_hands(13)[-1], 13),
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200
        for url in urls:
            assert phone.get(url).status_code == 200
        left_behind = len(kept)
    assert 30 < shown < 60 and 5 < left_behind < 20
    # What a cull leaves (the least recently used 1 / CULL_FREQUENCY go) still holds them.
    options = cache_settings["default"]["OPTIONS"]
    kept_after_cull = options["MAX_ENTRIES"] * (1 - 1 / options["CULL_FREQUENCY"])
    assert 2_000 * (shown + left_behind) <= kept_after_cull


def test_cache_url_shares_one_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = _settings_with(monkeypatch, CACHE_URL="redis://127.0.0.1:6379/0")["CACHES"]["default"]
    assert cache["BACKEND"] == "django_redis.cache.RedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/0"
    # A Redis that is down is a miss, never an error (tests/views/test_cache_down.py).
    assert cache["OPTIONS"]["IGNORE_EXCEPTIONS"] is True


def test_sqlite_from_database_url_waits_for_writes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    found = _settings_with(monkeypatch, DATABASE_URL="sqlite:////tmp/score.sqlite3")
    options = found["DATABASES"]["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 30
    assert "journal_mode=WAL" in options["init_command"]


@pytest.mark.parametrize(
    "hosts",
    [
        "score.example",
        "192.168.1.20,score.example",
        ".example.org",
        # A public address is the internet as much as a name is.
        "203.0.113.7",
        "192.168.1.20,8.8.8.8",
        "[2001:db8::1]",
        "2a00:1450::1",
        "100.64.0.1",  # a carrier's shared space, not the table's own network
        "10.0.0.2.example",
    ],
)
def test_refuses_the_built_in_key_unless_only_this_network_is_allowed(
    monkeypatch: pytest.MonkeyPatch, hosts: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match="set SECRET_KEY"):
        _settings_with(monkeypatch, ALLOWED_HOSTS=hosts)


@pytest.mark.parametrize(
    "hosts",
    [
        "*",
        "192.168.1.20,10.0.0.2",
        "localhost,127.0.0.1,[::1]",
        "172.16.5.4,169.254.1.1",
        "[fd12:3456::1],[fe80::1]",
    ],
)
def test_home_network_addresses_need_no_key_of_ones_own(
    monkeypatch: pytest.MonkeyPatch, hosts: str
) -> None:
    assert _settings_with(monkeypatch, ALLOWED_HOSTS=hosts)["SECRET_KEY"].startswith("django-")


def test_deploy_check_is_clean_with_the_readmes_https_settings() -> None:
    # As the README's "Putting it on the internet" sets them, in a process of its own.
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE")},
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "score.example",
        "HTTPS": "1",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=Path(scorekeeper.settings.__file__).parents[1],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_a_served_worker_sets_the_loaded_app_aside_from_the_cycle_collector() -> None:
    """Each of gunicorn's workers, once the app is loaded: the app's objects frozen out of
    the collector's reach, and the collector run less often (scorekeeper/gunicorn.py)."""
    before = gc.get_threshold()
    try:
        gunicorn.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (10_000, 10, 100)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
