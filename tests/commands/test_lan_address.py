"""`make run`'s address for the phones, with a QR code of it drawn in the terminal."""

from __future__ import annotations

import io
import ipaddress

import pytest
import segno
from django.core.management import call_command

from games.management.commands import lan_address

# Compact drawing: each character is two rows of modules, the upper and the lower one;
# a block is a light module (the code is drawn light on the terminal's dark).
LIGHT = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


def _modules(drawing: list[str]) -> list[list[bool]]:
    """The dark modules of a QR code drawn in compact text, row by row."""
    rows: list[list[bool]] = []
    for line in drawing:
        upper, lower = zip(*(LIGHT[c] for c in line), strict=True)
        rows += [[not light for light in upper], [not light for light in lower]]
    return rows


def test_prints_the_address_and_its_qr_code() -> None:
    out = io.StringIO()
    call_command("lan_address", "192.168.1.20", "--port", "8001", stdout=out)
    lines = out.getvalue().splitlines()
    assert "    http://192.168.1.20:8001/" in lines
    drawing = [line for line in lines if line and set(line) <= set(LIGHT) and line.strip()]
    expected = segno.make("http://192.168.1.20:8001/", error="m")
    drawn = _modules(drawing)
    size = int(expected.symbol_size(border=2)[0])
    # The drawing is the code of exactly that address (its quiet zone of two modules too).
    assert [row[:size] for row in drawn[:size]] == [
        [bool(module) for module in row] for row in expected.matrix_iter(border=2)
    ]


def test_each_address_gets_its_own_code() -> None:
    out = io.StringIO()
    call_command("lan_address", "10.0.0.5", "192.168.1.20", stdout=out)
    text = out.getvalue()
    assert "http://10.0.0.5:8000/" in text
    assert "http://192.168.1.20:8000/" in text
    assert text.count("▀▀▀▀▀▀▀▀") >= 2


def test_without_a_network_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan_address, "lan_addresses", lambda: [])
    out = io.StringIO()
    call_command("lan_address", "--port", "9000", stdout=out)
    assert out.getvalue() == (
        "No network address found: this machine alone can open http://localhost:9000/\n"
    )


def test_without_addresses_it_finds_this_machines_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan_address, "lan_addresses", lambda: ["10.1.2.3"])
    out = io.StringIO()
    call_command("lan_address", "--port", "8002", stdout=out)
    assert "http://10.1.2.3:8002/" in out.getvalue()


def test_the_addresses_found_are_ones_other_devices_can_reach() -> None:
    for shown in lan_address.lan_addresses():
        address = ipaddress.ip_address(shown.strip("[]"))
        assert not (address.is_loopback or address.is_link_local)
