"""Put games made before nights existed into their night."""

from datetime import timedelta

from django.db import migrations
from django.utils import timezone


def assign_nights(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Night = apps.get_model("games", "Night")
    for game in Game.objects.filter(night__isnull=True):
        evening = (timezone.localtime(game.created_at) - timedelta(hours=6)).date()
        game.night, _ = Night.objects.get_or_create(group_id=game.group_id, date=evening)
        game.save(update_fields=["night"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_nights_and_stats")]
    operations = [migrations.RunPython(assign_nights, migrations.RunPython.noop)]
