"""Ratings: how well each player plays one kind of game, learnt from the places they
finished in, and each side's chance to win a game about to start.

The arithmetic is openskill's Bradley-Terry model with full pairing (Weng and Lin's
Bayesian approximation, for games of several players and of teams): a player's skill is a
belief, a mean `mu` and an uncertainty `sigma`; each finished game moves the beliefs of its
players by their places, every side compared with every other (a team's players
together), two sides sharing a place as a draw. Its Plackett-Luce model, used until
November 2026, rated a shared place wrongly (openskill 6.2): where two shared a win, the
third gained more than either of them. What people read is the
cautious estimate `mu - 3 sigma` (the skill they very probably have at least), scaled so
that a new player starts at 1000: `1000 + 40 (mu - 3 sigma)`.

Nothing here knows Django or any game: the models keep what this works out (`Rating`),
one row per player per finished game, and hand it back in the order the games were played.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from openskill.models import BradleyTerryFull

#: The shown rating of a new player, and how many points one unit of skill is worth.
START = 1000
SCALE = 40

_MODEL = BradleyTerryFull()

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Skill:
    """One player's skill as the model believes it: mean and uncertainty."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma

    @property
    def shown(self) -> int:
        """The number people read: the cautious estimate, scaled (a new player: 1000)."""
        return round(START + SCALE * (self.mu - 3 * self.sigma))


NEW = Skill()


@dataclass(frozen=True)
class Finish(Generic[P]):
    """How one game ended: its sides (each a player, or a team's players) and the place
    each side finished in (1 is first; equal places are a tie)."""

    sides: tuple[tuple[P, ...], ...]
    places: tuple[int, ...]

    @property
    def players(self) -> tuple[P, ...]:
        return tuple(player for side in self.sides for player in side)


@dataclass(frozen=True)
class Rated(Generic[P]):
    """One player's skill before and after one game."""

    before: Skill
    after: Skill

    @property
    def change(self) -> int:
        """How far the shown rating moved with the game."""
        return self.after.shown - self.before.shown


def rate(skills: Mapping[P, Skill], finish: Finish[P]) -> dict[P, Rated[P]]:
    """Each player of one finished game, before and after it (a player not in `skills`
    is new)."""
    before = {player: skills.get(player, NEW) for player in finish.players}
    teams = [
        [_MODEL.rating(mu=before[p].mu, sigma=before[p].sigma) for p in side]
        for side in finish.sides
    ]
    if len(teams) < 2:  # one side alone learns nothing (the model needs an opponent)
        return {player: Rated(skill, skill) for player, skill in before.items()}
    rated = _MODEL.rate(teams, ranks=[float(place) for place in finish.places])
    after = {
        player: Skill(new.mu, new.sigma)
        for side, new_side in zip(finish.sides, rated, strict=True)
        for player, new in zip(side, new_side, strict=True)
    }
    return {player: Rated(before[player], after[player]) for player in finish.players}


def rate_in_turn(
    skills: Mapping[P, Skill], finishes: Iterable[Finish[P]]
) -> list[dict[P, Rated[P]]]:
    """Games of one kind in the order they were played, from these skills (the players'
    latest before the first of them): each game's players before and after it."""
    now = dict(skills)
    chain = []
    for finish in finishes:
        rated = rate(now, finish)
        now.update({player: r.after for player, r in rated.items()})
        chain.append(rated)
    return chain


def chances(sides: Sequence[Sequence[Skill]]) -> list[int]:
    """Each side's chance to win, in whole per cent adding up to exactly 100."""
    if len(sides) < 2:
        return [100] * len(sides)
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    return per_cent(_MODEL.predict_win(teams))


def per_cent(shares: Sequence[float]) -> list[int]:
    """Shares of a whole as whole per cent adding up to exactly 100: each rounded down,
    then the points left over to the largest remainders (the earlier side on a tie)."""
    total = sum(shares)
    exact = [100 * share / total for share in shares]
    whole = [int(value) for value in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for i in by_remainder[: 100 - sum(whole)]:
        whole[i] += 1
    return whole
