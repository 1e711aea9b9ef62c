from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


@pytest.mark.usefixtures("admin_on")
def test_admin_login_page_renders_on_a_phone(
    live_server: LiveServer, page: Page, screenshots: Path
) -> None:
    page.goto(f"{live_server.url}/admin/login/")

    expect(page.get_by_label("Username")).to_be_visible()
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    page.screenshot(path=screenshots / "admin-login-en.png", full_page=True)


@pytest.mark.usefixtures("admin_on")
@pytest.mark.parametrize("locale", ["nb-NO"])
def test_admin_login_page_follows_the_phone_language(
    live_server: LiveServer, page: Page, screenshots: Path
) -> None:
    page.goto(f"{live_server.url}/admin/login/")

    expect(page.get_by_label("Brukernavn")).to_be_visible()
    expect(page.get_by_role("button", name="Logg inn")).to_be_visible()
    page.screenshot(path=screenshots / "admin-login-nb.png", full_page=True)
