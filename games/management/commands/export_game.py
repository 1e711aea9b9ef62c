"""``manage.py export_game CODE``: a game as its game file (what ``score`` prints for it)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import backup, gamefile
from games.models import Game

from ._files import write_text


class Command(BaseCommand):
    help = "Write a game as a scorekeeper/1 game file (JSON), or as CSV with --csv."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "code", help="the game's code, as in its address (after -- if it starts with -)"
        )
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument("--csv", action="store_true", help="a hand per row instead of JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        game = Game.objects.filter(code=options["code"]).prefetch_related("seats", "hands").first()
        if game is None:
            raise CommandError(f"no game with the code {options['code']}")
        text = backup.game_csv(game) if options["csv"] else gamefile.dumps(backup.game_file(game))
        write_text(text, options["output"], self.stdout)
