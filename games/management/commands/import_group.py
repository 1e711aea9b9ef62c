"""``manage.py import_group FILE``: bring a group back from its backup, adding only what is missing."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import backup

from ._files import read_json


class Command(BaseCommand):
    help = "Import a group backup; checked in full first, then all or nothing."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            group, added = backup.import_group(read_json(path, largest=None))
        except backup.ImportProblem as exc:
            raise CommandError(f"{path}: {exc}") from None
        self.stdout.write(f"{group.name}: {added} games added")
