"""Players get a random code for their page; players made before it get one each."""

import secrets
import string

from django.db import migrations, models

import games.models

# As `games.models.new_code` makes them (copied: a migration keeps working when the
# model's helpers change): 12 letters and digits.
ALPHABET = string.ascii_letters + string.digits


def give_codes(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    for player in Player.objects.filter(code__isnull=True).only("pk"):
        # One code per row: a default would be worked out once and shared by them all.
        player.code = "".join(secrets.choice(ALPHABET) for _ in range(12))
        player.save(update_fields=["code"])


class Migration(migrations.Migration):
    dependencies = [("games", "0005_seat_player_restrict")]

    operations = [
        # Nullable first: a default would give every existing row the same code.
        migrations.AddField(
            model_name="player",
            name="code",
            field=models.CharField(max_length=16, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="code",
            field=models.CharField(default=games.models.new_code, max_length=16, unique=True),
        ),
    ]
