"""``manage.py import_game FILE --group KEY``: add a game file (even one kept on paper) to a group."""

from __future__ import annotations

import datetime as dt
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import backup, derived
from games.models import Group

from ._files import read_json


class Command(BaseCommand):
    help = (
        "Import a scorekeeper/1 game file into a group; checked in full before anything is saved."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the game file, or - for standard input")
        parser.add_argument(
            "--group",
            required=True,
            help="the group's full-access key (write --group=KEY if it starts with -)",
        )
        parser.add_argument("--by", default="import", help="name recorded on the imported hands")
        parser.add_argument(
            "--played",
            type=dt.date.fromisoformat,
            help="the evening the game was played, YYYY-MM-DD (a paper sheet's; default tonight)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        group = Group.objects.filter(edit_key=options["group"]).first()
        if group is None:
            raise CommandError("no group has that full-access key")
        path = options["file"]
        try:
            game = backup.import_game(
                group, read_json(path), by=options["by"], played=options["played"]
            )
        except backup.ImportProblem as exc:
            raise CommandError(f"{path}: {exc}") from None
        derived.catch_up(group.pk)  # as import_group: the process ends before a thread
        self.stdout.write(f"imported game {game.code} into {group.name}")
