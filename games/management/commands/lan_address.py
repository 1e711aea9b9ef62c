"""``manage.py lan_address [ADDRESS...] --port N``: the address the phones should open, with
its QR code drawn in the terminal, so that the first phone joins with one scan.

`make run` calls it before starting the server; without addresses it finds this machine's
own (`lan_addresses`, which the group page uses too when it is opened on localhost).
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import socket
from argparse import ArgumentParser
from typing import Any

import segno
from django.core.management.base import BaseCommand


def lan_addresses() -> list[str]:
    """This machine's addresses that other devices on its network can reach, best first:
    the one its traffic leaves by, then any other its name resolves to. Loopback and
    link-local addresses are left out; an IPv6 address comes in brackets, as in a URL."""
    found: list[str] = []
    # Connecting a UDP socket sends nothing; it only makes the kernel pick the outgoing
    # interface, whose address is the one the phones on this network see.
    for family, somewhere in ((socket.AF_INET, "10.254.254.254"), (socket.AF_INET6, "fd00::1")):
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((somewhere, 1))
            found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)]
    usable: list[str] = []
    for text in found:
        address = ipaddress.ip_address(str(text).split("%")[0])
        shown = f"[{address}]" if address.version == 6 else str(address)
        reachable = not (address.is_loopback or address.is_link_local or address.is_unspecified)
        if reachable and shown not in usable:
            usable.append(shown)
    return usable


class Command(BaseCommand):
    help = "Print the address for the phones on this network, each with a QR code to scan."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "addresses", nargs="*", help="this machine's network addresses (found if none)"
        )
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, **options: Any) -> None:
        addresses = options["addresses"] or lan_addresses()
        if not addresses:
            self.stdout.write(
                "No network address found: this machine alone can open "
                f"http://localhost:{options['port']}/"
            )
            return
        self.stdout.write("Open this on the phones on the same network, or scan the code:")
        for address in addresses:
            url = f"http://{address}:{options['port']}/"
            self.stdout.write(f"\n    {url}\n")
            # Two rows of modules per line of text, light modules as blocks: a code that
            # scans from a dark or a light terminal, about 20 lines tall.
            drawn = io.StringIO()
            segno.make(url, error="m").terminal(out=drawn, compact=True, border=2)
            self.stdout.write(drawn.getvalue(), ending="")
