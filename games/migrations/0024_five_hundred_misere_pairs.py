"""Five Hundred's partner matrix without its misères: a misère is played alone (the partner
sits it out), so it is no hand the bidder played with the partner. Each finished game's
pairs are worked out again by the rules engine, as `manage.py rebuild_stats` would; a game
the rules no longer accept as stored keeps its rows (it needs a correction first)."""

from django.db import migrations

from games.rules import RuleError
from games.rules.registry import get_game, make_table, play


def pairs_again(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    PairStat = apps.get_model("games", "PairStat")
    finished = Game.objects.filter(kind="five_hundred", pair_stats__isnull=False).distinct()
    for game in finished.prefetch_related("seats", "hands"):
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        names = {seat.player_id: seat.name for seat in seats}
        hands = [hand.data for hand in sorted(game.hands.all(), key=lambda hand: hand.number)]
        try:
            table = make_table(game.kind, list(names.values()), game.rules, game.teams, game.start)
            pairs = get_game(game.kind).figures(table, play(table, hands).played()).pairs
        except RuleError:
            continue
        for row in PairStat.objects.filter(game=game):
            pair = pairs.get((names[row.bidder_id], names[row.partner_id]))
            if pair is None:
                row.delete()
                continue
            row.hands, row.made, row.points = pair.hands, pair.made, pair.points
            row.save(update_fields=["hands", "made", "points"])


class Migration(migrations.Migration):
    dependencies = [("games", "0023_ratings_bradley_terry")]
    operations = [migrations.RunPython(pairs_again, migrations.RunPython.noop)]
