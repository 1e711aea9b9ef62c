"""Safe on the internet: request rates, the Content-Security-Policy, keys kept out of logs."""

from __future__ import annotations

import datetime as dt
import io
import logging
import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games.logs import AccessLogger, HideKeys, hide_keys
from games.models import Game, Group
from tests.factories import endless_hands, hand_post

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.shared_cache,
    pytest.mark.usefixtures("still_clock"),
]


def test_pages_allow_only_this_sites_scripts_and_styles(phone: Client, game: Game) -> None:
    response = phone.get(reverse("game", args=[game.group.edit_key, game.code]))
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    # The stylesheets of this site, and the hand form's own style with this answer's nonce.
    assert re.fullmatch(r"'self' 'nonce-[^']+'", policy["style-src"])
    assert policy["frame-ancestors"] == "'none'"


def test_what_a_link_opens_is_kept_out_of_search_engines(phone: Client, game: Game) -> None:
    key, code = game.group.edit_key, game.code
    behind_the_link = [
        reverse("group", args=[key]),
        reverse("game", args=[key, code]),
        reverse("game_live", args=[key, code]),
        reverse("game_tv", args=[game.group.view_key, code]),
        reverse("export_json", args=[key, code]),
        reverse("history", args=[key, code]),
        reverse("stats", args=[key]),
        reverse("group", args=["madeUpKey000000000000000"]),  # not found: still not indexed
    ]
    for url in behind_the_link:
        assert phone.get(url)["X-Robots-Tag"] == "noindex, nofollow", url
    home = phone.get(reverse("home"))
    assert "X-Robots-Tag" not in home
    assert '<meta name="description" content="Keeps score for card games' in home.content.decode()
    norwegian = phone.get(reverse("home"), headers={"Accept-Language": "nb"}).content.decode()
    assert '<meta name="description" content="Fører poeng for kortspill' in norwegian


@pytest.mark.slow
def test_a_table_polling_never_meets_the_rate_limit(phone: Client, game: Game) -> None:
    # Ten phones behind one address for a minute, each polling every two seconds.
    live = reverse("game_live", args=[game.group.edit_key, game.code])
    assert {phone.get(live).status_code for _ in range(300)} == {200}


@pytest.mark.slow
def test_key_lookups_beyond_the_rate_are_refused(client: Client, group: Group) -> None:
    url = reverse("group", args=["x" * 24])
    assert {client.get(url).status_code for _ in range(600)} == {404}
    refused = client.get(url)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert "Too many requests from this address" in refused.content.decode()
    # Counted per address: another client is not held up.
    assert client.get(url, REMOTE_ADDR="10.0.0.9").status_code == 404


@pytest.mark.slow
def test_writes_beyond_the_rate_are_refused(phone: Client, game: Game) -> None:
    url = reverse("hand_create", args=[game.group.edit_key, game.code])
    hands = endless_hands(61)
    statuses = [
        phone.post(url, hand_post(game, hand, n)).status_code for n, hand in enumerate(hands, 1)
    ]
    # The first sixty writes in a minute (the who-page's one among them) go through.
    assert statuses[:59] == [302] * 59
    assert statuses[59:] == [429, 429]
    assert game.hands.count() == 59


@pytest.mark.usefixtures("admin_on")
def test_admin_login_is_throttled(client: Client) -> None:
    statuses = [
        client.post("/admin/login/", {"username": "x", "password": "y"}).status_code
        for _ in range(11)
    ]
    assert statuses == [200] * 10 + [429]


@pytest.mark.slow
def test_behind_a_proxy_each_client_is_counted_apart(client: Client, settings: Settings) -> None:
    settings.CLIENT_IP_HEADER = "X-Real-IP"
    url = reverse("group", args=["x" * 24])
    for _ in range(600):
        client.get(url, headers={"x-real-ip": "203.0.113.7"})
    assert client.get(url, headers={"x-real-ip": "203.0.113.7"}).status_code == 429
    assert client.get(url, headers={"x-real-ip": "203.0.113.8"}).status_code == 404
    # A header that is no address counts as the connection's own address.
    assert client.get(url, headers={"x-real-ip": "junk"}).status_code == 404


KEY = "Ab3dEfGh1jKlMnOpQrStUvWx"


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        (f"GET /g/{KEY}/games/abc/live/ HTTP/1.1", "GET /g/…/games/abc/live/ HTTP/1.1"),
        (f"http://192.168.1.20:8000/g/{KEY}/", "http://192.168.1.20:8000/g/…/"),
        (f"next=%2Fg%2F{KEY}%2Fgames%2F", "next=%2Fg%2F…%2Fgames%2F"),
        ("GET /static/games/app.css", "GET /static/games/app.css"),
    ],
)
def test_keys_are_hidden_in_what_is_logged(text: str, hidden: str) -> None:
    assert hide_keys(text) == hidden


def test_the_apps_log_hides_keys(caplog: pytest.LogCaptureFixture) -> None:
    record = logging.LogRecord(
        "django.request", logging.WARNING, "", 0, "Not Found: %s", (f"/g/{KEY}/",), None
    )
    assert HideKeys().filter(record)
    assert record.getMessage() == "Not Found: /g/…/"


def test_a_view_only_link_refused_is_logged_in_one_line_without_its_key(
    client: Client, game: Game
) -> None:
    console = next(h for h in logging.getLogger("django").handlers if h.filters)
    assert isinstance(console, logging.StreamHandler)
    written = io.StringIO()
    stream = console.setStream(written)
    try:
        url = reverse("game_end", args=[game.group.view_key, game.code])
        assert client.get(url).status_code == 403
    finally:
        console.setStream(stream)
    logged = written.getvalue()
    assert f"Forbidden (Permission denied): /g/…/games/{game.code}/end/" in logged
    assert "Traceback" not in logged and game.group.view_key not in logged
    assert len(logged.splitlines()) == 1


def test_the_access_log_hides_keys() -> None:
    class Config:
        errorlog = "-"
        loglevel = "info"
        accesslog = None
        syslog = False
        logconfig_dict: dict[str, object] = {}
        logconfig_json = None
        logconfig = None
        disable_redirect_access_to_syslog = False
        capture_output = False
        access_log_format = '%(h)s "%(r)s" %(s)s "%(f)s"'

    class Response:
        status = "200 OK"
        sent = 10
        headers: list[tuple[str, str]] = []

    class Request:
        headers = [("REFERER", f"http://score.example/g/{KEY}/")]

    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/g/{KEY}/games/abc/",
        "PATH_INFO": f"/g/{KEY}/games/abc/",
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": f"http://score.example/g/{KEY}/",
    }
    logger = AccessLogger(Config())
    atoms = logger.atoms(Response(), Request(), environ, dt.timedelta(seconds=0.01))
    assert KEY not in str(atoms)
    assert atoms["r"] == "GET /g/…/games/abc/ HTTP/1.1"
