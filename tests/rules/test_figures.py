"""What a finished game adds to the statistics, collected by each game from its hands."""

from __future__ import annotations

from typing import Any

from games.rules import GameFigures, get_game, make_table, play
from games.rules.base import CardGame
from tests.factories import FOUR, bid

TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
REDEAL = {"dealer": "Anne", "redeal": True}


def figures(
    game: str, players: list[str], hands: list[dict[str, Any]], **setup: Any
) -> GameFigures:
    table = make_table(game, players, **setup)
    return get_game(game).figures(table, play(table, hands))


def test_a_redeal_adds_nothing_to_anybodys_figures() -> None:
    # Euchre to 2: Anne's team makes trump with 5 tricks (a march, 2) after a redeal.
    hands = [REDEAL, {"dealer": "Bjørn", "maker": "Anne", "tricks": 5}]
    found = figures("euchre", FOUR, hands, teams=TEAMS, rules={"target": 2}).players
    assert (found["Anne"].bids, found["Anne"].extra["marches"]) == (1, 1)
    assert (found["Cato"].points_partner, found["Bjørn"].points_opponent) == (2, 0)
    assert found["Anne"].best_hand == found["Anne"].worst_hand == 2


def test_an_amerikaner_redeal_adds_nothing_to_anybodys_figures() -> None:
    # Anne deals and all pass; Bjørn deals the next, and Cato makes 8 with Dina.
    hands = [REDEAL, bid("Cato", 8, "Dina", {"Anne": 2, "Bjørn": 1}, dealer="Bjørn")]
    found = figures("amerikaner", FOUR, hands)
    assert {player: f.bids for player, f in found.players.items()} == {
        "Anne": 0, "Bjørn": 0, "Cato": 1, "Dina": 0,
    }  # fmt: skip
    assert (found.players["Cato"].bids_made, found.players["Dina"].points_partner) == (1, 8)
    # One hand each, not two: the redeal is nobody's best or worst.
    assert (found.players["Anne"].best_hand, found.players["Anne"].worst_hand) == (2, 2)
    assert list(found.pairs) == [("Cato", "Dina")]


def test_a_kaiser_redeal_adds_nothing_and_a_kaiser_bid_is_a_hand() -> None:
    hands = [REDEAL, {"dealer": "Bjørn", "bidder": "Cato", "kaiser": True, "made": True}]
    found = figures("kaiser", FOUR, hands, teams=TEAMS)
    assert found.players["Cato"].extra["kaiser_bids"] == 1
    assert found.players["Cato"].bids == 0  # a kaiser bid is counted apart
    # It scores nothing, but every player had a hand: best and worst 0.
    assert {f.best_hand for f in found.players.values()} == {0}
    assert not found.pairs


def test_the_default_figures_are_each_players_best_and_worst_hand() -> None:
    # Games keep figures of their own; a game without any gets the engine's default: each
    # player's best and worst hand (their team's points). A redeal is nobody's hand.
    table = make_table("euchre", FOUR, teams=TEAMS)
    result = play(table, [REDEAL, {"dealer": "Bjørn", "maker": "Anne", "tricks": 4}])
    found = CardGame.figures(get_game("euchre"), table, result).players
    assert (found["Cato"].best_hand, found["Bjørn"].worst_hand) == (1, 0)
    assert (found["Anne"].bids, found["Anne"].points_bidder) == (0, 0)
