"""The made-up games of ``generate_group`` (`games.management.commands._samples`): every
hand a sampler draws is one the engine takes, and a game of each kind is played to its end."""

from __future__ import annotations

from random import Random

import pytest

from games.management.commands._samples import SAMPLERS
from games.management.commands.generate_group import make_people, plan_game, play_out
from games.rules import GAMES, get_game


@pytest.mark.parametrize("kind", list(SAMPLERS))
def test_a_made_up_game_of_each_kind_is_played_to_its_end(kind: str) -> None:
    rng = Random(5)
    people = make_people(rng, 6)
    game = plan_game(rng, kind, [person.name for person in people], None)
    play_out(rng, game, people)
    # The engine takes every drawn hand and the last decides the game (`play` refuses a
    # hand after the game was won).
    result = get_game(kind).play(game.table(), game.hands)
    assert result.finished
    assert len(result.hands) == len(game.hands)


def test_the_same_seed_draws_the_same_game() -> None:
    def drawn() -> list[dict[str, object]]:
        rng = Random(9)
        people = make_people(rng, 5)
        game = plan_game(rng, "spades", [person.name for person in people], None)
        play_out(rng, game, people)
        return game.hands

    assert drawn() == drawn()


def test_samplers_are_of_games_the_registry_knows() -> None:
    assert set(SAMPLERS) <= set(GAMES)
