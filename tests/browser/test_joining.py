"""The first night: the host opens the app on the laptop, the phones join by its links."""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.views import groups
from tests.browser.steps import start_group


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("locale", "why", "joined"),
    [
        (
            "en-GB",
            "Opened on this computer's own address: the links below use its address on the "
            "network, so that the phones can reach it.",
            "This phone is Frode.",
        ),
        (
            "nb-NO",
            "Åpnet på denne datamaskinens egen adresse: lenkene under bruker adressen den har "
            "på nettverket, så telefonene kan nå den.",
            "Denne telefonen tilhører Frode.",
        ),
    ],
)
def test_a_group_opened_on_localhost_gives_the_phones_its_network_address(
    live_server: LiveServer,
    new_phone: Callable[..., Page],
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
    why: str,
    joined: str,
) -> None:
    monkeypatch.setattr(groups, "lan_addresses", lambda: ["192.168.1.20"])
    assert live_server.url.startswith("http://localhost:")
    port = live_server.url.rsplit(":", 1)[1]
    laptop = new_phone()
    start_group(laptop, live_server.url)
    expect(laptop.get_by_text(why)).to_be_visible()
    full_link = laptop.locator(".link-url a").first
    expect(full_link).to_contain_text(f"http://192.168.1.20:{port}/g/")
    laptop.screenshot(path=screenshots / f"group-on-localhost-{locale[:2]}.png", full_page=True)

    # A phone joins by the link (here through localhost: the test has no network) and
    # writes a name the group has not heard: Frode is a player from then on.
    link = str(full_link.get_attribute("href")).replace("192.168.1.20", "localhost")
    phone = new_phone()
    phone.goto(link)
    phone.locator("#id_name").fill("Frode")
    phone.screenshot(path=screenshots / f"joining-phone-{locale[:2]}.png", full_page=True)
    phone.locator("form.card button.primary").click()
    expect(phone.get_by_text(joined)).to_be_visible()
    expect(phone.locator("main")).to_contain_text("Anne, Frode")
    phone.screenshot(path=screenshots / f"joined-phone-{locale[:2]}.png", full_page=True)
