"""``manage.py lan_address ADDRESS... --port N``: the address the phones should open, with
its QR code drawn in the terminal, so that the first phone joins with one scan.

`make run` calls it with this machine's network addresses before starting the server.
"""

from __future__ import annotations

import io
from argparse import ArgumentParser
from typing import Any

import segno
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Print the address for the phones on this network, each with a QR code to scan."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("addresses", nargs="*", help="this machine's network addresses")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, **options: Any) -> None:
        addresses = options["addresses"]
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
