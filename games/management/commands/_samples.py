"""Made-up games for ``manage.py generate_group`` (and the hand fuzzer's tests): for each
game the group plays, how often it picks it, who sits down with which house rules, and a
plausible hand drawn at random, as the table would report it (low bids more often than
high ones, most of them made). Kept out of the engine, which scores what a table said
and draws nothing: a game without a sampler here is never picked (Oh Hell, Points).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from games.rules import Table, amerikaner, five_hundred, kaiser, spades


@dataclass(frozen=True)
class Habit:
    """How a made-up player plays."""

    boldness: float  # weight as the bidder (or maker)
    skill: float  # added to the chance of making a bid


Habits = Mapping[str, Habit]
#: How many of those who came sit down, and the house rules, for a made-up game; `target`
#: is the target to play to when the game is the group's main one.
Setup = Callable[[Random, Sequence[str], "int | None"], tuple[int, dict[str, Any]]]
#: A plausible hand at `table`, dealt by `dealer`.
Draw = Callable[[Random, Table[Any], str, Habits], dict[str, Any]]


@dataclass(frozen=True)
class Sampler:
    """One game as a made-up group plays it: how often it is picked (the weights of all
    games are compared), who sits down (None: the game's usual players, its default house
    rules) and its hands."""

    weight: int
    hand: Draw
    setup: Setup | None = None


def weighted_pick(rng: Random, names: Sequence[str], habits: Habits) -> str:
    """One of `names`, the bolder more often: who bids (or makes trump) in a made-up hand."""
    return rng.choices(names, weights=[habits[name].boldness for name in names])[0]


def share_tricks(rng: Random, names: Sequence[str], tricks: int) -> dict[str, int]:
    """`tricks` tricks shared out among `names`, each trick to any of them."""
    counts = dict.fromkeys(names, 0)
    for _trick in range(tricks):
        counts[rng.choice(names)] += 1
    return counts


def _amerikaner_setup(
    rng: Random, came: Sequence[str], target: int | None
) -> tuple[int, dict[str, Any]]:
    # Four with the kitty; now and then five with the whole deck, when five came.
    size = 5 if len(came) >= 5 and rng.random() < 0.2 else 4
    return size, {"target": target} if target not in (None, 52) else {}


def _amerikaner_hand(rng: Random, table: Table[Any], dealer: str, habits: Habits) -> dict[str, Any]:
    rules, players = table.rules, table.players
    if rng.random() < 0.04:
        return {"dealer": dealer, "redeal": True}
    bidder = weighted_pick(rng, players, habits)
    others = [p for p in players if p != bidder]
    if rng.random() < 0.015:
        lost = 0 if rng.random() < 0.4 else rng.choice((1, 1, 2, 3))
        tricks = share_tricks(rng, others, lost)
        return {"dealer": dealer, "bidder": bidder, "bid": amerikaner.AMERIKANER, "tricks": tricks}
    # Low bids more often than high ones, most of them made.
    over = rng.choices(range(7), weights=(30, 30, 20, 10, 5, 3, 2))[0]
    bid = min(rules.tricks, rules.min_bid + over)
    partner = None if rng.random() < 0.08 else rng.choice(others)
    if rng.random() < 0.72 - 0.06 * over + habits[bidder].skill:
        side = min(rules.tricks, bid + rng.choices((0, 1, 2, 3), weights=(50, 30, 15, 5))[0])
    else:
        side = max(0, bid - rng.choices((1, 2, 3), weights=(55, 30, 15))[0])
    # The bidding side's own counts are left out, as the hand form leaves them.
    hand: dict[str, Any] = {"dealer": dealer, "bidder": bidder, "bid": bid}
    if partner is not None:
        hand["partner"] = partner
    opponents = [p for p in players if p not in (bidder, partner)]
    hand["tricks"] = share_tricks(rng, opponents, rules.tricks - side)
    return hand


def _euchre_hand(rng: Random, table: Table[Any], dealer: str, habits: Habits) -> dict[str, Any]:
    if rng.random() < 0.03:
        return {"dealer": dealer, "redeal": True}
    maker = weighted_pick(rng, table.players, habits)
    if rng.random() < 0.75 + habits[maker].skill:
        tricks = rng.choices((3, 4, 5), weights=(45, 30, 25))[0]
    else:
        tricks = rng.choices((0, 1, 2), weights=(10, 30, 60))[0]
    return {"dealer": dealer, "maker": maker, "alone": rng.random() < 0.06, "tricks": tricks}


def _kaiser_hand(rng: Random, table: Table[Any], dealer: str, habits: Habits) -> dict[str, Any]:
    if rng.random() < 0.02:
        return {"dealer": dealer, "redeal": True}
    bidder = weighted_pick(rng, table.players, habits)
    bidding = table.team_of(bidder)
    other = table.other_team(bidding)
    took = max(0, min(kaiser.TRICKS, round(rng.gauss(5.3 + 10 * habits[bidder].skill, 1.4))))
    tricks = {bidding: took, other: kaiser.TRICKS - took}
    takers = [team for team in table.sides if tricks[team] > 0]
    weights = [tricks[team] for team in takers]
    return {
        "dealer": dealer,
        "bidder": bidder,
        "bid": 7 + rng.choices(range(6), weights=(35, 28, 18, 10, 6, 3))[0],
        "no_trump": rng.random() < 0.1,
        "tricks": {team: tricks[team] for team in table.sides},
        "five_hearts": rng.choices(takers, weights=weights)[0],
        "three_spades": rng.choices(takers, weights=weights)[0],
    }


def _american_setup(
    rng: Random, came: Sequence[str], target: int | None
) -> tuple[int, dict[str, Any]]:
    return 2, {"target_wins": 10}


def _american_hand(rng: Random, table: Table[Any], dealer: str, habits: Habits) -> dict[str, Any]:
    weights = [1 + habits[p].skill * 5 for p in table.players]
    return {"winner": rng.choices(table.players, weights=weights)[0]}


def _spades_hand(rng: Random, table: Table[Any], dealer: str, habits: Habits) -> dict[str, Any]:
    if rng.random() < 0.02:
        return {"dealer": dealer, "redeal": True}
    bids: dict[str, spades.Bid] = {}
    for player in table.players:
        roll = rng.random()
        bids[player] = spades.NIL if roll < 0.06 else rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5))
    takers = [player for player in table.players if bids[player] != spades.NIL]
    tricks = share_tricks(rng, takers, spades.TRICKS)
    return {
        "dealer": dealer,
        "bids": bids,
        "tricks": {player: tricks.get(player, 0) for player in table.players},
    }


def _five_hundred_hand(
    rng: Random, table: Table[Any], dealer: str, habits: Habits
) -> dict[str, Any]:
    if rng.random() < 0.04:
        return {"dealer": dealer, "redeal": True}
    bidder = weighted_pick(rng, table.players, habits)
    if rng.random() < 0.04:
        return {
            "dealer": dealer,
            "bidder": bidder,
            "bid": five_hundred.MISERE,
            "tricks": rng.choice((0, 0, 1)),
        }
    bid = rng.choices(
        range(five_hundred.LOWEST, five_hundred.HIGHEST + 1), weights=(40, 30, 18, 9, 3)
    )[0]
    took = round(rng.gauss(bid + 10 * habits[bidder].skill, 1.2))
    return {
        "dealer": dealer,
        "bidder": bidder,
        "bid": bid,
        "suit": rng.choice(five_hundred.SUITS),
        "tricks": max(0, min(five_hundred.TRICKS, took)),
    }


#: The games a made-up group plays, by the game file's name.
SAMPLERS = {
    "amerikaner": Sampler(80, _amerikaner_hand, _amerikaner_setup),  # the group's own game
    "euchre": Sampler(8, _euchre_hand),
    "kaiser": Sampler(7, _kaiser_hand),
    "american": Sampler(5, _american_hand, _american_setup),
    "spades": Sampler(4, _spades_hand),
    "five_hundred": Sampler(3, _five_hundred_hand),
}
