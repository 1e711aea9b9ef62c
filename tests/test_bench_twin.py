"""`make bench-engines` times the hands table's row drawn by Django's templates and by its
Jinja2 twin (bench/jinja2/hand_row.html), and stops if the two draw different HTML. A
change to the app's row that the twin does not follow would leave the benchmark broken
until someone ran it: here the twins are compared on rows of every kind (an outcome of
several parts, a note, a corrected hand's mark, the newest hands' entry keys)."""

from __future__ import annotations

import pytest
from django.template.loader import get_template
from django.utils import translation

from bench.engines import draw, jinja2_backend, same_html
from games import backup
from games.models import Game
from games.present.game import GamePage
from games.views.access import Access
from tests.factories import FOUR, endless_hands, game_file, make_game, make_group, revision

pytestmark = pytest.mark.django_db

TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
SPADES = [
    {
        "dealer": "Anne",
        "bids": {"Anne": 4, "Bjørn": "blind_nil", "Cato": "nil", "Dina": 3},
        "tricks": {"Anne": 6, "Bjørn": 0, "Cato": 1, "Dina": 6},
    },
    {
        "dealer": "Bjørn",
        "bids": {"Anne": 3, "Bjørn": 3, "Cato": 4, "Dina": 3},
        "tricks": {"Anne": 3, "Bjørn": 3, "Cato": 4, "Dina": 3},
    },
]


def _rows_drawn_alike(game: Game) -> int:
    game = Game.objects.select_related("group").get(pk=game.pk)
    access = Access(game.group, game.group.edit_key, True)
    ours = get_template("games/game.html#hand-row")
    twin = jinja2_backend().get_template("hand_row.html")
    drawn = 0
    for language in ("en", "nb"):
        with translation.override(language):
            page = GamePage(access, game, all_hands=True)
            context = {"access": access, "game": game, "page": page}
            rows = list(page.rows)
            pairs = zip(draw(ours, context, rows), draw(twin, context, rows), strict=True)
            for by_django, by_jinja2 in pairs:
                assert same_html(by_django, by_jinja2), f"{by_django}\n---\n{by_jinja2}"
                drawn += 1
    return drawn


def test_the_twin_draws_an_amerikaner_row_as_the_app_does() -> None:
    hands = endless_hands(3)
    hands[0] = {**hands[0], "note": "Anne forgot a trump\nand a second line"}
    game = make_game(make_group(), hands=hands)
    game.edit_hand(2, revision(game, 2), hands[2], by="Cato")
    game.refresh_from_db()
    assert game.hands.get(number=2).data == hands[2]
    assert _rows_drawn_alike(game) == 6


def test_the_twin_draws_a_spades_row_of_several_outcomes_as_the_app_does() -> None:
    game = backup.import_game(make_group(), game_file("spades", FOUR, SPADES, teams=TEAMS))
    assert _rows_drawn_alike(game) == 4
