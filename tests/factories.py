"""Small builders shared by the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games import gamefile
from games.forms import posted
from games.models import Game, Group, Player
from games.rules import RuleError

FOUR = ["Anne", "Bjørn", "Cato", "Dina"]


def game_file(game: str, players: Any, hands: list[Any], **extra: Any) -> dict[str, Any]:
    """A game document in the scorekeeper/1 format; an extra given as None is left out."""
    given = {key: value for key, value in extra.items() if value is not None}
    return {"format": gamefile.FORMAT, "game": game, "players": players, **given, "hands": hands}


def refused(document: dict[str, Any]) -> RuleError:
    """The engine's refusal of a game file, checked to read as words, not as a crash."""
    with pytest.raises(RuleError) as info:
        gamefile.score_document(document)
    message = str(info.value)
    for leak in ("Traceback", "Error", "NoneType", "{'"):
        assert leak not in message, message
    return info.value


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


TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def kaiser_hand(
    bid: int, north: int, *, no_trump: bool = False, hearts: str = "Nord", spades: str = "Sør"
) -> dict[str, Any]:
    """A Kaiser hand Anne bid for Nord (TEAMS), which took `north` of the 8 tricks."""
    return {
        "dealer": "Anne",
        "bidder": "Anne",
        "bid": bid,
        "no_trump": no_trump,
        "tricks": {"Nord": north, "Sør": 8 - north},
        "five_hearts": hearts,
        "three_spades": spades,
    }


# --- Models, built directly (no HTTP), for the view tests ---------------------------------


def make_group(name: str = "The Friday table", players: Sequence[str] = FOUR) -> Group:
    """A group with these players, in the order they joined."""
    group = Group.objects.create(name=name)
    for player in players:
        Player.objects.create(group=group, name=player)
    return group


def make_game(
    group: Group | None = None,
    players: Sequence[str] = FOUR,
    hands: Sequence[dict[str, Any]] = (),
    *,
    rules: dict[str, Any] | None = None,
    by: str = "Anne",
) -> Game:
    """An Amerikaner game at these seats; seats and hands go through the model's methods
    (`Group.start_game`, `Game.add_hand` and its log)."""
    group = group or make_group(players=players)
    game = group.start_game(
        "amerikaner", list(players), rules=rules, first_dealer=players[0], by=by
    )
    for number, hand in enumerate(hands, 1):
        done = game.add_hand(number, hand, by)
        assert done.stands, done
    return game


def revision(game: Game, number: int) -> int:
    """Hand `number`'s revision now: what a page opened at this moment would post back.

    It is the game version that last wrote the hand, so never assume 1 (see `Game._stamp`).
    """
    return game.hands.get(number=number).revision


def endless_hands(count: int, players: Sequence[str] = FOUR) -> list[dict[str, Any]]:
    """Hands that never end a game: each player in turn bids 12 alone and loses one trick.

    Over a round every total falls by 11 (-12, +1), so nobody ever nears the target.
    """
    hands = []
    for i in range(count):
        bidder, other = players[i % len(players)], players[(i + 1) % len(players)]
        tricks = {p: (1 if p == other else 0) for p in players if p != bidder}
        hands.append(bid(bidder, 12, None, tricks, dealer=bidder))
    return hands


def hand_post(game: Game, hand: dict[str, Any], number: int, **extra: Any) -> dict[str, Any]:
    """The hand form's POST for a game-file hand, as the page's radio buttons send it: an
    input left empty that has a chip of its own for that (the partner's "alone") sends it."""
    return {"number": number, **posted(game.table(), hand), **extra}


def new_game_post(*seats: str | Mapping[str, Any], **fields: Any) -> dict[str, str]:
    """The new-game form's POST: a seat per argument, in seating order, by the name of a
    player of the group or by the seat's fields (``{"new": "Erik", "start": 10}``, ``{}``
    for an empty seat); then the form's other fields (`first_dealer` is 1 unless given)."""
    data: dict[str, Any] = {"seats-TOTAL_FORMS": len(seats), "seats-INITIAL_FORMS": 0}
    data |= {"first_dealer": 1}
    for index, seat in enumerate(seats):
        given = {"name": seat} if isinstance(seat, str) else seat
        data |= {f"seats-{index}-{field}": value for field, value in given.items()}
    return {key: str(value) for key, value in (data | fields).items()}


def anne_wins() -> list[dict[str, Any]]:
    """Anne bids 12 alone and makes it four times (48), then makes 6 alone: 54, she wins.

    The others take 2 tricks each on hand 5, so the totals are Anne 54, the rest 2.
    """
    sweep = dict.fromkeys(FOUR[1:], 0)
    hands = [bid("Anne", 12, None, sweep, dealer=FOUR[i]) for i in range(4)]
    return [*hands, bid("Anne", 6, None, dict.fromkeys(FOUR[1:], 2), dealer="Anne")]


def anne_wins_on_hand_40() -> list[dict[str, Any]]:
    """Forty hands, the last one won by Anne: 28 hands of `endless_hands` (everyone at
    -77), Bjørn failing a 12 alone with Anne taking a trick (Anne -76), then Anne making
    12 alone eleven times: -76 + 132 = 56, past the target of 52 on hand 40."""
    hands = endless_hands(28)
    hands.append(bid("Bjørn", 12, None, {"Anne": 1, "Cato": 0, "Dina": 0}, dealer="Anne"))
    sweep = dict.fromkeys(FOUR[1:], 0)
    hands += [bid("Anne", 12, None, sweep, dealer=FOUR[(29 + i) % 4]) for i in range(11)]
    return hands


# --- The longest names the forms and the game file allow (pages must still fit a phone) ---


def _unbroken(start: str, length: int) -> str:
    """A name of `length` letters without a space, so a page can break it nowhere."""
    return (start + "kristiansenwilhelmsenjohannessenbergersen" * 3)[:length]


LONG_GROUP = _unbroken("Fredagsbordet", 80)  # the group form's limit
LONG_NIGHT = _unbroken("Bursdagsfeiring", 80)  # the night form's limits, name and place
LONG_PLACE = _unbroken("Grünerløkka", 80)
# Six players at the spec's 40-character limit, told apart by how they start.
LONG_SIX = [_unbroken(first, 40) for first in ("Anne", "Bjørn", "Cato", "Dina", "Erik", "Frida")]
# Two teams at the spec's 100-character limit.
LONG_TEAMS = (_unbroken("Nordlendingene", 100), _unbroken("Sørlendingene", 100))
