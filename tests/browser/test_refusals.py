"""What a phone shows when the server refuses: too many requests, a form it cannot read."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games import middleware
from tests.factories import make_group


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("still_clock")
@pytest.mark.parametrize(
    ("locale", "heading", "message"),
    [
        ("en-GB", "Not now", "Too many requests from this address: wait a minute."),
        ("nb-NO", "Ikke nå", "For mange forespørsler fra denne adressen: vent et minutt."),
    ],
)
def test_too_many_requests_says_to_wait(
    live_server: LiveServer,
    page: Page,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
    heading: str,
    message: str,
) -> None:
    # The real rates are far above what a test can send: two lookups a minute here.
    monkeypatch.setattr(
        middleware, "RATES", (("lookups", "2/m", lambda r: r.path.startswith("/g/")),)
    )
    group = make_group()
    url = f"{live_server.url}/g/{group.view_key}/"
    page.goto(url)
    page.goto(url)
    response = page.goto(url)
    assert response is not None and response.status == 429
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.get_by_text(message)).to_be_visible()
    page.screenshot(path=screenshots / f"refused-429-{locale}.png", full_page=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("locale", "heading"),
    [("en-GB", "This link was replaced"), ("nb-NO", "Denne lenken er byttet ut")],
)
def test_a_replaced_link_says_so_and_what_to_do(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, heading: str
) -> None:
    group = make_group()
    old = group.view_key
    group.replace_keys()
    response = page.goto(f"{live_server.url}/g/{old}/")
    assert response is not None and response.status == 410
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    page.screenshot(path=screenshots / f"link-replaced-{locale}.png", full_page=True)
