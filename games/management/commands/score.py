"""``manage.py score [FILE]``: print a game file with points, totals and winners added."""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from games import gamefile
from games.rules import RuleError

from ._files import read_text


class Command(BaseCommand):
    help = "Score a game file (scorekeeper/1); '-' reads standard input. Needs no database."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", nargs="?", help="the game file; - or none: standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"] or "-"
        if options["file"] is None and (sys.stdin is None or sys.stdin.isatty()):
            # Nothing named and nothing piped: say so, rather than wait at the keyboard.
            self._fail("give a game file, or pipe one: manage.py score < game.json")
        try:
            text = read_text(path)
            self.stdout.write(
                gamefile.dumps(gamefile.score_document(gamefile.loads(text))), ending=""
            )
        except (OSError, UnicodeDecodeError) as exc:
            self._fail(
                f"{path}: cannot read the file ({exc.strerror if isinstance(exc, OSError) else 'not UTF-8 text'})"
            )
        except RuleError as exc:
            self._fail(str(exc))

    def _fail(self, message: str) -> None:
        # One line, whatever the names in the file contain.
        self.stderr.write(" ".join(message.split()))
        sys.exit(1)
