"""Thousands of malformed requests across every URL and form: none may get a server error.

A generated table (a fixed seed, so a failure can be replayed): every URL of the site
with real and wrong keys and codes, every method, and bodies built from every form's
field names with values no phone sends (wrong types, huge numbers, NUL bytes, surrogates,
long strings, other charsets, files that are no JSON, extra and missing fields).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from collections.abc import Callable
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern
from pytest_django import Settings

from games.models import Game, Group, Player, Season
from games.urls import urlpatterns
from tests.factories import FOUR, endless_hands, make_game, make_group

pytestmark = pytest.mark.django_db

REQUESTS = 2000

WRONG_CODES = ["%00", "x%00", "A" * 200, "%ED%A0%80", "..", "%2F", "0", "-1", "ÆØÅ", "abc def"]
FIELDS = [
    *("number", "revision", "dealer", "bidder", "bid", "partner", "maker", "alone", "winner"),
    *("kaiser", "made", "no_trump", "five_hearts", "three_spades", "redeal", "replacing"),
    *(f"tricks-{i}" for i in range(7)),
    *(f"{kind}_{i}" for kind in ("seat", "new", "start", "team", "team_start") for i in range(8)),
    *("rule_target", "rule_min_bid", "rule_deal", "rule_amerikaner_points", "rule_tie_break"),
    *("rule_bid_out", "rule_lose_at", "rule_target_wins", "rule_point", "preset_tournament"),
    *("first_dealer", "token", "player", "name", "me", "next", "place", "page", "kind"),
    *("period", "a", "b", "language", "file", "csrfmiddlewaretoken"),
]
VALUES = [
    "",
    "0",
    "1",
    "-1",
    "12",
    "amerikaner",
    "on",
    "true",
    "null",
    "1e400",
    "NaN",
    "3000000000",
    "9" * 30,
    "9" * 4301,
    "\x00",
    "Anne\x00",
    "\x1b[31m",
    "x" * 10_000,
    "<script>alert(1)</script>",
    "/g/",
    "//evil.example/",
    "abc",
    "²",
    "١٢",
    *FOUR,
    "Nord",
]
# Raw bytes for urlencoded bodies: a lone surrogate in UTF-8 (ED A0 80) and latin-1 "ø".
RAW_VALUES = ["%ED%A0%80", "%F8", "%FF%FE", "%C0%80"]
FILES = [
    b"not json",
    b"[" * 50_000,
    b'{"format": "scorekeeper/1", "start": {"Anne": ' + b"9" * 5000 + b"}}",
    b'{"players": ["An\\ud800ne"]}',
    b"\xff\xfe\x00",
    json.dumps(
        {"format": "scorekeeper/1", "game": "amerikaner", "players": FOUR, "hands": [1]}
    ).encode(),
]


@pytest.fixture
def site(settings: Settings) -> dict[str, str]:
    """A group with games of each kind, hands, a night and a change to point at."""
    settings.RATELIMIT_ENABLE = False  # the fuzz is one client going as fast as it can
    group = make_group()
    game = make_game(group, hands=endless_hands(5))
    teams = {"N": ["Anne", "Cato"], "S": ["Bjørn", "Dina"]}
    group.seat(Game.objects.create(group=group, kind="euchre", teams=teams), FOUR)
    group.seat(Game.objects.create(group=group, kind="american"), FOUR[:2])
    return {
        "code": game.code,
        "night": game.night.code if game.night else "x",
        "change": game.changes.first().code,  # type: ignore[union-attr]
        "player": Player.objects.filter(group=group).first().code,  # type: ignore[union-attr]
        "season": Season.name_one(group, "Vår", dt.date(2025, 3, 1), dt.date(2025, 5, 31))[0].code,
    }


def _routes() -> list[str]:
    return [str(p.pattern) for p in urlpatterns if isinstance(p, URLPattern)]


def _url(rng: random.Random, route: str, site: dict[str, str]) -> str:
    group = Group.objects.get()  # keys change when the links are replaced
    right = {
        "key": rng.choice([group.edit_key, group.edit_key, group.view_key]),
        "code": site["code"] if "players" not in route else site["player"],
        "night": site["night"],
        "change": site["change"],
        "kind": rng.choice(["amerikaner", "euchre", "kaiser", "american"]),
        "number": rng.choice(["1", "3", "5"]),
        "seat": rng.choice(["1", "2", "5"]),
        "season": rng.choice([site["season"], "2025", "1999"]),
    }

    def fill(match: re.Match[str]) -> str:
        name = match.group(2)
        if rng.random() < 0.15:
            return rng.choice([*WRONG_CODES, "0", "99999999999999999999999"])
        return right[name]

    return "/" + re.sub(r"<(str|int|code):(\w+)>", fill, route)


def _form(rng: random.Random) -> list[tuple[str, str]]:
    pairs = []
    for name in rng.sample(FIELDS, rng.randint(0, 12)):
        pairs.append((name, rng.choice(VALUES)))
        if rng.random() < 0.1:  # the same field twice
            pairs.append((name, rng.choice(VALUES)))
    return pairs


def _request(rng: random.Random, client: Client, url: str) -> int:
    method = rng.choices(["GET", "POST", "PUT", "DELETE", "HEAD"], [40, 50, 4, 3, 3])[0]
    form = _form(rng)
    if method in ("GET", "HEAD", "OPTIONS", "DELETE"):
        query = "&".join(f"{quote(k)}={quote(v)}" for k, v in form)
        send: Callable[..., HttpResponse] = getattr(client, method.lower())
        return send(f"{url}?{query}" if query else url).status_code
    shape = rng.randrange(4)
    if shape == 0:  # a plain form, some values as raw bytes
        body = "&".join(
            f"{quote(k)}={rng.choice(RAW_VALUES) if rng.random() < 0.2 else quote(v)}"
            for k, v in form
        )
        charset = rng.choice(["", "; charset=utf-8", "; charset=latin-1", "; charset=bogus"])
        content_type = f"application/x-www-form-urlencoded{charset}"
        return client.generic(method, url, body, content_type=content_type).status_code
    if shape == 1:  # multipart, with a file
        data: dict[str, object] = dict(form)
        data["file"] = SimpleUploadedFile("game.json", rng.choice(FILES))
        return client.post(url, data).status_code
    if shape == 2:  # JSON, which no form reads
        return client.generic(method, url, json.dumps(dict(form)), "application/json").status_code
    return client.generic(method, url, bytes(rng.randrange(256) for _ in range(64))).status_code


@pytest.mark.slow
def test_no_request_gets_a_server_error(site: dict[str, str]) -> None:
    rng = random.Random(12)
    client = Client(raise_request_exception=False)
    client.post(f"/g/{Group.objects.get().edit_key}/me/", {"player": "Anne"})
    # A browser whose CSRF token is checked (and wrong): Django's 400 and 403 paths.
    strict = Client(raise_request_exception=False, enforce_csrf_checks=True)
    strict.cookies["csrftoken"] = "a" * 32
    routes = _routes()
    failures = []
    seen: set[int] = set()
    for _ in range(REQUESTS):
        url = _url(rng, rng.choice(routes), site)
        status = _request(rng, strict if rng.random() < 0.1 else client, url)
        seen.add(status)
        if status >= 500:
            failures.append((status, url))
    assert failures == []
    # The requests went everywhere: pages shown, forms refused, links without rights.
    assert {200, 302, 400, 403, 404, 405, 422} <= seen
