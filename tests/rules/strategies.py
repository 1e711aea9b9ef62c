"""Hypothesis strategies for valid games of every kind, and for damaged ones."""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

from hypothesis import strategies as st

from games import gamefile
from games.rules.oh_hell import Rules as OhHellRules
from games.rules.oh_hell import schedule

NAMES = ["Anne", "Bjørn", "Cato", "Dina", "Erik", "Frida"]
TRICKS_FULL_DECK = {3: 17, 4: 13, 5: 10, 6: 8}
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
# Out of reach, so that random games never finish and every hand can be played.
FAR = 10_000  # the highest target the spec allows: a dozen hands never reach it

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def split(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    """`parts` counts of 0 or more adding up to `total`."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in pairwise(edges)]


@st.composite
def amerikaner_hand(
    draw: st.DrawFn, players: list[str], tricks: int, min_bid: int
) -> dict[str, Any]:
    dealer = draw(st.sampled_from(players))
    if draw(st.integers(0, 9)) == 0:
        return {"dealer": dealer, "redeal": True}
    bidder = draw(st.sampled_from(players))
    amerikaner = draw(st.integers(0, 5)) == 0
    partner = (
        None
        if amerikaner
        else draw(st.none() | st.sampled_from([p for p in players if p != bidder]))
    )
    counts = dict(zip(players, draw(split(tricks, len(players))), strict=True))
    side = {bidder, partner}
    listed = {p: c for p, c in counts.items() if p not in side or draw(st.booleans())}
    hand: dict[str, Any] = {"dealer": dealer, "bidder": bidder, "tricks": listed}
    hand["bid"] = "amerikaner" if amerikaner else draw(st.integers(min_bid, tricks))
    if partner is not None:
        hand["partner"] = partner
    return hand


@st.composite
def amerikaner_game(draw: st.DrawFn, target: int = FAR) -> dict[str, Any]:
    players = NAMES[: draw(st.integers(3, 6))]
    kitty = len(players) == 4 and draw(st.booleans())
    tricks = 12 if kitty else TRICKS_FULL_DECK[len(players)]
    min_bid = 6 if kitty else 5
    rules = {
        "deal": "kitty" if kitty else "full-deck",
        "target": target,
        "bidder_double": draw(st.booleans()),
        "amerikaner_points": draw(st.integers(1, 60)),
    }
    hands = draw(st.lists(amerikaner_hand(players, tricks, min_bid), max_size=12))
    start = draw(st.dictionaries(st.sampled_from(players), st.integers(-50, 50), max_size=3))
    return _document("amerikaner", players, hands, rules=rules, start=start)


@st.composite
def euchre_game(draw: st.DrawFn) -> dict[str, Any]:
    players = NAMES[:4]
    hand = st.fixed_dictionaries(
        {
            "dealer": st.sampled_from(players),
            "maker": st.sampled_from(players),
            "alone": st.booleans(),
            "tricks": st.integers(0, 5),
        }
    )
    hands = draw(st.lists(hand, max_size=12))
    return _document("euchre", players, hands, teams=TEAMS, rules={"target": FAR})


@st.composite
def kaiser_hand(draw: st.DrawFn) -> dict[str, Any]:
    players = NAMES[:4]
    north = draw(st.integers(0, 8))
    tricks = {"Nord": north, "Sør": 8 - north}
    takers = [team for team, count in tricks.items() if count > 0]
    return {
        "dealer": draw(st.sampled_from(players)),
        "bidder": draw(st.sampled_from(players)),
        "bid": draw(st.integers(7, 12)),
        "no_trump": draw(st.booleans()),
        "tricks": tricks,
        "five_hearts": draw(st.sampled_from(takers)),
        "three_spades": draw(st.sampled_from(takers)),
    }


@st.composite
def kaiser_game(draw: st.DrawFn) -> dict[str, Any]:
    hands = draw(st.lists(kaiser_hand(), max_size=12))
    rules = {
        "target": FAR,
        "bid_out": draw(st.integers(-20, 60)),
        "no_trump_62": draw(st.booleans()),
    }
    return _document("kaiser", NAMES[:4], hands, teams=TEAMS, rules=rules)


@st.composite
def american_game(draw: st.DrawFn) -> dict[str, Any]:
    players = NAMES[: draw(st.integers(2, 5))]
    hands = draw(
        st.lists(st.builds(lambda w: {"winner": w}, st.sampled_from(players)), max_size=12)
    )
    return _document("american", players, hands)


@st.composite
def oh_hell_game(draw: st.DrawFn) -> dict[str, Any]:
    """Some hands of a schedule (its end or not), a misdeal now and then; without the hook,
    so that any bids are allowed."""
    players = NAMES[: draw(st.integers(3, 6))]
    top, order = (
        draw(st.integers(1, 3)),
        draw(st.sampled_from(["down-up", "up-down", "down", "up"])),
    )
    rules = {"max_cards": top, "schedule": order, "hook": False}
    rules["scoring"] = draw(st.sampled_from(["exact-bonus", "exact-only", "penalty"]))
    plan = schedule(OhHellRules(max_cards=top, schedule=order))
    hands: list[dict[str, Any]] = []
    for cards in plan[: draw(st.integers(0, len(plan)))]:
        dealer = draw(st.sampled_from(players))
        if draw(st.integers(0, 9)) == 0:
            hands.append({"dealer": dealer, "redeal": True})
        bids = draw(st.lists(st.integers(0, cards), min_size=len(players), max_size=len(players)))
        tricks = draw(split(cards, len(players)))
        hands.append(
            {
                "dealer": dealer,
                "bids": dict(zip(players, bids, strict=True)),
                "tricks": dict(zip(players, tricks, strict=True)),
            }
        )
    return _document("oh_hell", players, hands, rules=rules)


@st.composite
def points_game(draw: st.DrawFn) -> dict[str, Any]:
    """Scores per player, or per team; a tally, or a number of hands the game stops at."""
    players = NAMES[: draw(st.integers(2, 6))]
    teams = None
    if len(players) >= 3 and draw(st.booleans()):
        cut = draw(st.integers(1, len(players) - 1))
        teams = {"Nord": players[:cut], "Sør": players[cut:]}
    sides = list(teams) if teams else players
    scores = st.dictionaries(st.sampled_from(sides), st.integers(-10_000, 10_000))
    hands = draw(
        st.lists(
            st.builds(lambda s: {"scores": s}, scores) | st.just({"redeal": True}), max_size=12
        )
    )
    played = sum(1 for hand in hands if "scores" in hand)
    rules: dict[str, Any] = {"low_wins": draw(st.booleans())}
    if draw(st.booleans()):
        rules["hands"] = played + draw(st.integers(1, 3))
    return _document("points", players, hands, rules=rules, teams=teams)


any_game = (
    amerikaner_game()
    | euchre_game()
    | kaiser_game()
    | american_game()
    | oh_hell_game()
    | points_game()
)


@st.composite
def damaged_game(draw: st.DrawFn) -> Any:
    """A valid game with one value anywhere in it replaced by something random."""
    # A copy: the valid games share module constants (TEAMS), which must stay intact for
    # the tests that draw valid games after this one.
    document = copy.deepcopy(draw(any_game))
    node: Any = document
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))
        if not isinstance(node[key], (dict, list)) or not node[key] or draw(st.booleans()):
            node[key] = draw(json_values)
            return document
        node = node[key]
    return document


def _document(
    game: str, players: list[str], hands: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    return {"format": gamefile.FORMAT, "game": game, "players": players, **extra, "hands": hands}
