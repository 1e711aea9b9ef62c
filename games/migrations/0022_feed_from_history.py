"""Fill the feed of every group from the history already kept: each game's start, the
changes to its hands, its events (given up, taken up, its note) and, for a won game, its
win at its last change. Games deleted, nights named, seasons named, links replaced and
players added before the feed existed left no trace to fill it from."""

from django.db import migrations

from games.feed import history_entries


def fill(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Entry = apps.get_model("games", "Entry")
    games = Game.objects.order_by("pk").prefetch_related("seats", "changes", "events")
    rows = []
    for game in games.iterator(chunk_size=200):
        won = game.winners is not None
        rows += history_entries(game, game.changes.all(), game.events.all(), won=won)
        if len(rows) >= 5000:
            Entry.objects.bulk_create(Entry(**row) for row in rows)
            rows = []
    Entry.objects.bulk_create(Entry(**row) for row in rows)


class Migration(migrations.Migration):
    dependencies = [("games", "0021_feed")]
    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
