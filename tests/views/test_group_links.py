"""The group page's links and QR codes lead where the other phones can go."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games.models import Group
from games.views import groups
from tests.views.pages import part

pytestmark = pytest.mark.django_db

WHY = (
    "Opened on this computer's own address: the links below use its address on the "
    "network, so that the phones can reach it."
)
WHY_NB = (
    "Åpnet på denne datamaskinens egen adresse: lenkene under bruker adressen den har på "
    "nettverket, så telefonene kan nå den."
)


@pytest.fixture
def on_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's addresses on its network, as `make run` prints them."""
    monkeypatch.setattr(groups, "lan_addresses", lambda: ["192.168.1.20", "[fd00::20]"])


def _said(response: object, id_: str = "links-address") -> str:
    found = part(response, id_)  # type: ignore[arg-type]
    return found[0] if found else ""


def _links(response: object) -> list[str]:
    return [link["url"] for link in response.context["links"]]  # type: ignore[attr-defined]


@pytest.mark.usefixtures("on_the_network")
@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_opened_on_loopback_the_links_use_the_network_address(
    phone: Client, group: Group, host: str
) -> None:
    response = phone.get(reverse("group", args=[group.edit_key]), HTTP_HOST=host)
    assert _links(response) == [
        f"http://192.168.1.20:8000/g/{group.edit_key}/",
        f"http://192.168.1.20:8000/g/{group.view_key}/",
    ]
    assert _said(response) == WHY
    assert _said(response, "links-other") == (
        "This computer can also be reached at: http://[fd00::20]:8000"
    )
    assert "localhost" not in response.context["links"][0]["qr"]
    # The QR code is drawn for the address it shows.
    assert response.context["links"][0]["qr"] == groups._qr_code(_links(response)[0])


@pytest.mark.usefixtures("on_the_network")
def test_the_reason_is_said_in_norwegian(phone: Client, group: Group) -> None:
    response = phone.get(
        reverse("group", args=[group.edit_key]),
        HTTP_HOST="localhost:8000",
        HTTP_ACCEPT_LANGUAGE="nb",
    )
    assert _said(response) == WHY_NB


@pytest.mark.usefixtures("on_the_network")
def test_opened_on_another_host_the_links_use_that_host(phone: Client, group: Group) -> None:
    response = phone.get(reverse("group", args=[group.edit_key]), HTTP_HOST="192.168.1.7:8000")
    assert _links(response)[0] == f"http://192.168.1.7:8000/g/{group.edit_key}/"
    assert _said(response) == ""


@pytest.mark.usefixtures("on_the_network")
@pytest.mark.parametrize("host", ["localhost:8000", "score.example"])
def test_a_public_url_wins(phone: Client, group: Group, settings: Settings, host: str) -> None:
    settings.PUBLIC_URL = "https://score.example"
    response = phone.get(reverse("group", args=[group.edit_key]), HTTP_HOST=host)
    assert _links(response)[1] == f"https://score.example/g/{group.view_key}/"
    assert _said(response) == ""


def test_without_a_network_address_it_says_only_this_computer_can(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(groups, "lan_addresses", lambda: [])
    response = phone.get(reverse("group", args=[group.edit_key]), HTTP_HOST="localhost:8000")
    assert _links(response)[0] == f"http://localhost:8000/g/{group.edit_key}/"
    assert "only this computer can open these links" in _said(response)
