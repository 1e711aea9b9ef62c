"""Thousands of generated hand forms and corrections, then every stored game's export goes
through the `score` command: what the forms let in, a game file must take.

The forms are drawn from a fixed seed (a failure can be replayed): a plausible hand of the
game (its sampler's, as `generate_group` draws them), posted as the form posts
it, then often damaged: an input left out, another value of the same input, a chip of
another input, a stale revision, a made Amerikaner with the opponents' tricks left empty.
Games of every kind, each a test of its own (the two test processes share them out):
Amerikaner with both deals, Euchre, Kaiser, American, Spades and Five Hundred.

Kaiser: a long fuzz run once left a stored kaiser bid without its `made`, which `score`
refused. It cannot happen now: the engine refuses such a hand ("say whether the kaiser bid
was made"), and every path that stores a hand (save, correction, restore) plays the game
with it first. The test checks every stored kaiser bid says `made`.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games.forms import posted
from games.management.commands._samples import SAMPLERS, Habit
from games.models import Change, Game, Group
from tests.factories import FOUR

pytestmark = pytest.mark.django_db

#: 2,800 forms in all (seven games), about 35 s on SQLite on a 2-core machine.
FORMS_PER_GAME = 400
#: On PostgreSQL a quarter of them: what can differ there is how a hand is stored (its
#: keys in jsonb's order, the constraints, the locks), which every game's first hundred
#: forms reach (saves, refusals and corrections, Kaiser bids made and refused); the
#: forms' own variety is the same on both databases, and the SQLite run posts them all.
#: All 2,800 took 55 to 70 s there, by far the longest test of the PostgreSQL run.
FORMS_ON_POSTGRESQL = 100
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}

#: (kind, players, house rules, teams): every game, Amerikaner with both deals; each with
#: its own seed.
GAMES = [
    pytest.param("amerikaner", FOUR, {"deal": "kitty"}, None, id="amerikaner-kitty"),
    pytest.param(
        "amerikaner", [*FOUR, "Erik"], {"deal": "full-deck"}, None, id="amerikaner-full-deck"
    ),
    pytest.param("euchre", FOUR, {}, TEAMS, id="euchre"),
    pytest.param("kaiser", FOUR, {}, TEAMS, id="kaiser"),
    pytest.param("american", FOUR[:3], {}, None, id="american"),
    pytest.param("spades", FOUR, {}, TEAMS, id="spades"),
    pytest.param("five_hundred", FOUR, {}, TEAMS, id="five_hundred"),
]


def _damaged(rng: random.Random, form: dict[str, str], game: Game) -> dict[str, str]:
    """The form as a phone in a hurry, or a broken one, might post it."""
    form = dict(form)
    roll = rng.random()
    keys = [k for k in form if k != "number"]
    if roll < 0.15 and keys:  # an input left out
        form.pop(rng.choice(keys))
    elif roll < 0.30 and keys:  # another value in one input
        key = rng.choice(keys)
        form[key] = rng.choice([*game.players, "0", "1", "7", "12", "True", "False", "", "on"])
    elif roll < 0.35:  # an input the game has but this hand does not use
        form[rng.choice(["kaiser", "made", "partner", "no_trump", "alone", "redeal"])] = rng.choice(
            ["on", "True", "False", "Anne", ""]
        )
    elif roll < 0.45 and form.get("bid") == "amerikaner":  # the made Amerikaner, 3 taps
        form = {k: v for k, v in form.items() if not k.startswith("tricks-")}
    elif roll < 0.50 and game.kind == "kaiser":  # a kaiser bid, its outcome tapped or not
        form = {k: form[k] for k in ("number", "revision", "dealer", "bidder") if k in form}
        form["kaiser"] = "on"
        made = rng.choice(["True", "False", "", None, "maybe"])
        if made is not None:
            form["made"] = made
    return form


def _play(client: Client, rng: random.Random, game: Game, forms: int) -> dict[str, int]:
    """Post up to `forms` hand forms and corrections to `game`; the answers' statuses."""
    draw = SAMPLERS[game.kind].hand
    habits = {name: Habit(rng.random() + 0.1, rng.random() / 2) for name in game.players}
    key = game.group.edit_key
    statuses: dict[str, int] = {}
    for _ in range(forms):
        table = game.table()
        stored = list(game.hands.order_by("number"))
        dealer = rng.choice(game.players)
        hand = draw(rng, table, dealer, habits)
        if stored and rng.random() < 0.25:  # a correction, sometimes from a stale form
            old = rng.choice(stored)
            revision = old.revision if rng.random() < 0.8 else old.revision - 1
            url = reverse("hand_edit", args=[key, game.code, old.number])
            form = {**posted(table, hand), "number": str(old.number), "revision": str(revision)}
        else:
            url = reverse("hand_create", args=[key, game.code])
            form = {**posted(table, hand), "number": str(len(stored) + 1)}
        response = client.post(url, _damaged(rng, form, game))
        statuses[str(response.status_code)] = statuses.get(str(response.status_code), 0) + 1
        if Game.objects.filter(pk=game.pk, winners__isnull=False).exists():
            break  # won: a new game of the same kind goes on (below)
    return statuses


def _new_game(
    group: Group, kind: str, players: list[str], rules: dict[str, Any], teams: Any
) -> Game:
    game = Game.objects.create(
        group=group, kind=kind, rules=rules, teams=teams, first_dealer=players[0]
    )
    group.seat(game, players)
    return game


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "players", "rules", "teams"), GAMES)
def test_every_stored_game_is_a_file_the_score_command_takes(
    client: Client,
    settings: Settings,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    kind: str,
    players: list[str],
    rules: dict[str, Any],
    teams: dict[str, list[str]] | None,
) -> None:
    settings.RATELIMIT_ENABLE = False  # one client posting as fast as it can
    rng = random.Random(f"22-{request.node.callspec.id}")
    forms = FORMS_ON_POSTGRESQL if connection.vendor == "postgresql" else FORMS_PER_GAME
    group = Group.objects.create(name="Fuzz")
    for name in [*FOUR, "Erik"]:
        group.players.create(name=name)
    client.post(reverse("who", args=[group.edit_key]), {"player": "Anne"})
    seen: dict[str, int] = {}
    posted_forms = 0
    while posted_forms < forms:
        game = _new_game(group, kind, players, rules, teams)
        for status, count in _play(client, rng, game, forms).items():
            seen[status] = seen.get(status, 0) + count
            posted_forms += count
    assert "500" not in seen
    # The forms went both ways: hands saved, and hands refused in words.
    total = sum(seen.values())
    assert seen.get("302", 0) > total / 2 and seen.get("422", 0) > total / 10

    games = list(Game.objects.filter(group=group))
    for game in games:
        export = client.get(reverse("export_json", args=[group.edit_key, game.code]))
        path = tmp_path / f"{game.code}.json"
        path.write_bytes(export.content)
        out = io.StringIO()
        call_command("score", str(path), stdout=out)  # exits with an error if refused
        scored = json.loads(out.getvalue())
        assert len(scored["hands"]) == game.hands.count()
        if game.kind == "kaiser":
            for hand in game.hands.all():
                assert "made" in hand.data or not hand.data.get("kaiser"), hand.data
    if kind == "kaiser":
        # Kaiser bids were saved (each decides its game), and refused without their outcome.
        assert [h for g in games for h in g.hands.all() if "made" in h.data]
    # Corrections went in too, not only new hands.
    assert Change.objects.filter(game__group=group, action=Change.EDIT).exists()
