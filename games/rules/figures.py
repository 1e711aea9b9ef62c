"""What a finished game adds to the statistics, and which figures a game's pages show.

Each game collects its own figures per player (`CardGame.figures`) into the shared
counters below (`Figures.extra` for counters only it has) and declares the tables its
statistics page shows (`CardGame.figure_tables`); the pages only lay them out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .text import Text, _


@dataclass
class Figures:
    """One player's figures from one game."""

    bids: int = 0
    bids_made: int = 0
    bid_total: int = 0
    numeric_bids: int = 0
    big_bids: int = 0
    big_made: int = 0
    points_bidder: int = 0
    points_partner: int = 0
    points_opponent: int = 0
    best_hand: int | None = None
    worst_hand: int | None = None
    # Counters only one game has (named in its `counters`).
    extra: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # The player's bids by level (a key of the game's `bid_levels`).
    levels: dict[str, LevelFigures] = field(default_factory=lambda: defaultdict(LevelFigures))

    def hand(self, points: int, role: str | None = None) -> None:
        """A hand the player scored `points` on, as "bidder", "partner" or "opponent"."""
        if role is not None:
            setattr(self, f"points_{role}", getattr(self, f"points_{role}") + points)
        self.best_hand = points if self.best_hand is None else max(self.best_hand, points)
        self.worst_hand = points if self.worst_hand is None else min(self.worst_hand, points)

    def bid(self, made: bool, number: int | None, big: bool) -> None:
        """A bid of this player's: `number` for a numeric bid, `big` for the game's big one."""
        self.bids += 1
        self.bids_made += made
        if number is not None:
            self.bid_total += number
            self.numeric_bids += 1
        if big:
            self.big_bids += 1
            self.big_made += made


@dataclass
class LevelFigures:
    """A player's bids of one level in one game: how many, made, and their points."""

    bids: int = 0
    made: int = 0
    points: int = 0  # the bidder's (a team's, in a team game)

    def add(self, made: bool, points: int) -> None:
        self.bids += 1
        self.made += made
        self.points += points


@dataclass
class PairFigures:
    """How a bidder did with one partner in one game: the partner matrix."""

    hands: int = 0
    made: int = 0
    points: int = 0  # the bidder's

    def add(self, made: bool, points: int) -> None:
        self.hands += 1
        self.made += made
        self.points += points


@dataclass
class GameFigures:
    """Everything one finished game adds to the statistics."""

    players: dict[str, Figures]
    pairs: dict[tuple[str, str], PairFigures] = field(
        default_factory=lambda: defaultdict(PairFigures)
    )


@dataclass(frozen=True)
class Figure:
    """One figure summed over games: a column of a statistics table and a line of a player's
    page.

    `value` names a summed figure (`bids`, `points_bidder`, one of the game's counters) or
    one worked out from them (`made_rate`, `average_bid`); `shows` how it is written:
    "count", "percent", "average", "made_of" (`value` made of `of` tried), "points"
    (a total with a true minus sign) or "signed" (+8).
    """

    label: Text
    value: str
    shows: str = "count"
    of: str | None = None
    # The player page's words for it, where the column heading needs its table around it.
    player_label: Text | None = None

    @property
    def long_label(self) -> Text:
        return self.player_label or self.label


@dataclass(frozen=True)
class FigureTable:
    """A table of a game's statistics page: a row per player, a column per figure."""

    id: str
    title: Text | None
    figures: tuple[Figure, ...]
    help: Text | None = None


def bid_figures() -> tuple[Figure, Figure, Figure]:
    """Hands bid, how many of them were made and the average bid: every bidding game's."""
    return (
        Figure(Text(_("Hands bid")), "bids"),
        Figure(Text(_("Made")), "made_rate", "percent"),
        Figure(Text(_("Avg. bid")), "average_bid", "average"),
    )


def hand_figures() -> tuple[Figure, Figure]:
    """The best and the worst single hand: every game's."""
    return (
        Figure(Text(_("Best hand")), "best_hand", "signed"),
        Figure(Text(_("Worst hand")), "worst_hand", "signed"),
    )


def points_table(
    as_bidder: str = _("As bidder"), points_as_bidder: str = _("Points as bidder")
) -> FigureTable:
    """Points won or lost by role, and the best and worst hand: the same in every bidding game."""
    return FigureTable(
        "points",
        Text(_("Points")),
        (
            Figure(Text(as_bidder), "points_bidder", "points", player_label=Text(points_as_bidder)),
            Figure(
                Text(_("As partner")),
                "points_partner",
                "points",
                player_label=Text(_("Points as partner")),
            ),
            Figure(
                Text(_("As opponent")),
                "points_opponent",
                "points",
                player_label=Text(_("Points as opponent")),
            ),
            *hand_figures(),
        ),
        help=Text(
            _(
                "Points won (or lost) on the hands each player bid, was partner on, and played against; best and worst single hand."
            )
        ),
    )
