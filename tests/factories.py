"""Small builders shared by the tests."""

from __future__ import annotations

from typing import Any

from games import gamefile

FOUR = ["Anne", "Bjørn", "Cato", "Dina"]


def game_file(game: str, players: Any, hands: list[Any], **extra: Any) -> dict[str, Any]:
    """A game document in the scorekeeper/1 format."""
    return {"format": gamefile.FORMAT, "game": game, "players": players, **extra, "hands": hands}


def scored(game: str, players: Any, hands: list[Any], **extra: Any) -> dict[str, Any]:
    """The same document with the engine's output added, as ``manage.py score`` prints it."""
    return gamefile.score_document(game_file(game, players, hands, **extra))


def bid(
    bidder: str, n: Any, partner: str | None, tricks: dict[str, Any], dealer: str = "Anne"
) -> dict[str, Any]:
    """An Amerikaner hand."""
    hand: dict[str, Any] = {"dealer": dealer, "bidder": bidder, "bid": n, "tricks": tricks}
    if partner is not None:
        hand["partner"] = partner
    return hand
