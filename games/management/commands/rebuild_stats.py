"""``manage.py rebuild_stats``: write every game's statistics rows and ratings afresh from its
hands."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.models import Game


class Command(BaseCommand):
    help = (
        "Rebuild the statistics and ratings kept per finished game (they follow every "
        "change anyway); the ratings are rated again from each group's first game."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{Game.objects.rebuild_statistics()} games read")
