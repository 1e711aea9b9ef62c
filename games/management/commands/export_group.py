"""``manage.py export_group KEY``: a whole group as one backup file."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import backup, gamefile
from games.models import Group

from ._files import write_text


class Command(BaseCommand):
    help = "Write a group's backup: players, nights, games, hands and their change history."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "key", help="the group's full-access key (after -- if it starts with -)"
        )
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        group = Group.objects.filter(edit_key=options["key"]).first()
        if group is None:
            raise CommandError("no group has that full-access key")
        write_text(gamefile.dumps(backup.group_backup(group)), options["output"], self.stdout)
