"""Hands get a code that stays with them when their number changes, and each change
records it. Existing hands get a code each; existing changes take the code of the hand
that has their number now (the best that can be known afterwards)."""

import secrets
import string

from django.db import migrations, models

import games.models

# As `games.models.new_code` makes them (copied: a migration keeps working when the
# model's helpers change): 12 letters and digits.
ALPHABET = string.ascii_letters + string.digits


def give_codes(apps, schema_editor):
    Hand = apps.get_model("games", "Hand")
    Change = apps.get_model("games", "Change")
    for hand in Hand.objects.filter(code__isnull=True).only("pk", "game_id", "number"):
        # One code per row: a default would be worked out once and shared by them all.
        hand.code = "".join(secrets.choice(ALPHABET) for _ in range(12))
        hand.save(update_fields=["code"])
        Change.objects.filter(game_id=hand.game_id, number=hand.number).update(hand_code=hand.code)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_game_winners")]

    operations = [
        # Nullable first: a default would give every existing row the same code.
        migrations.AddField(
            model_name="hand",
            name="code",
            field=models.CharField(max_length=16, null=True),
        ),
        migrations.AddField(
            model_name="change",
            name="hand_code",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="hand",
            name="code",
            field=models.CharField(default=games.models.new_code, max_length=16, unique=True),
        ),
    ]
