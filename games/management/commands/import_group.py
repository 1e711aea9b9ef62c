"""``manage.py import_group FILE``: bring a group back from its backup, adding only what is missing."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import backup, derived

from ._files import read_json


class Command(BaseCommand):
    help = "Import a group backup; checked in full first, then all or nothing."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")
        parser.add_argument(
            "--correct",
            nargs="*",
            metavar="CODE",
            help="bring the backup's hands and note into these games already here (no code: into "
            "every game that differs), each change kept in the game's history",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            correct = options["correct"]
            restored = backup.import_group(
                read_json(path, largest=None), correct=() if correct is None else correct or None
            )
        except backup.ImportProblem as exc:
            raise CommandError(f"{path}: {exc}") from None
        # A game restored before one played earlier puts the ratings behind; a server
        # catches up in a thread once committed, which this process would end first.
        derived.catch_up(restored.group.pk)
        for line in restored.report():
            self.stdout.write(line)
