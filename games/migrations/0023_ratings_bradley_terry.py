"""Every rating worked out again with the model `games.ratings` now uses (Bradley-Terry,
full pairing, in place of Plackett-Luce, which rated a shared place wrongly): each group's
chain of each kind of game from its first game, as `manage.py rebuild_stats` rates it."""

from itertools import groupby

from django.db import migrations

from games import ratings
from games.derived import finish_of


def rate_again(apps, schema_editor):
    Rating = apps.get_model("games", "Rating")
    chains = Rating.objects.values_list("group_id", "kind").distinct().order_by("group_id", "kind")
    for group, kind in chains:
        rows = list(
            Rating.objects.filter(group_id=group, kind=kind).order_by(
                "played_at", "game_id", "side", "pk"
            )
        )
        games = [list(game) for _game, game in groupby(rows, key=lambda row: row.game_id)]
        finishes = [finish_of(game) for game in games]
        for game, rated in zip(games, ratings.rate_in_turn({}, finishes), strict=True):
            for row in game:
                skill = rated[row.player_id]
                row.mu_before, row.sigma_before = skill.before.mu, skill.before.sigma
                row.mu, row.sigma = skill.after.mu, skill.after.sigma
        Rating.objects.bulk_update(
            rows, ["mu_before", "sigma_before", "mu", "sigma"], batch_size=500
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0022_feed_from_history")]
    operations = [migrations.RunPython(rate_again, migrations.RunPython.noop)]
