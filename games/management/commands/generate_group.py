"""``manage.py generate_group``: one made-up group with years of games, to measure pages at scale.

The group's friends meet about three evenings a week and play a few games an evening,
mostly the main game (the registry's first), each game as often as its sampler's weight
says. Each game's hands are drawn at random but plausibly (`_samples`: low bids more
often than high ones, most of them made), every hand is checked and scored by the engine
as it is drawn, and every game is played until somebody wins.

Everything goes in in one transaction: the group, its players and nights with
`bulk_create`; each game, its hands and their "add" changes through the model, as a
backup is restored (`Group.restore_game`, `Game.load_history`), as `Game.add_hand` would
have written them one by one (the hand, its change, the revision, the game's version)
but stamped with the evening's times, and the statistics once per game instead of after
every hand.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from argparse import ArgumentParser
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import DateTimeField
from django.urls import reverse
from django.utils import timezone

from games.management.commands._samples import SAMPLERS, Habit
from games.models import Change, Game, Group, Hand, Night, Player, new_code
from games.present.words import named_by_players
from games.rules import GAMES, Table, get_game, make_table
from games.rules.teams import partners

NAMES = (
    "Anne",
    "Bjørn",
    "Cato",
    "Dina",
    "Erik",
    "Frida",
    "Geir",
    "Hilde",
    "Ivar",
    "Jorunn",
    "Knut",
    "Liv",
)
GAMES_PER_NIGHT = (2, 3, 3, 4, 4, 5, 6)
DAYS_BETWEEN_NIGHTS = (1, 2, 2, 3, 3, 3)  # about three evenings a week
# Evenings written at a time: bounds the model objects held at once.
NIGHTS_PER_STEP = 100
# Games drawn (not saved) to find the main game's target that gives the average asked for.
# A small group needs no precise target: its pilot is about as big as the group itself.
PILOT_GAMES, MIN_PILOT_GAMES = 300, 40


# The group's main game: the registry's first.
MAIN = next(iter(GAMES))

UNSET = dt.datetime.min.replace(tzinfo=dt.UTC)  # a time not yet set


@dataclass(frozen=True)
class Person:
    """How one made-up player plays: how often they bid, and how well."""

    name: str
    boldness: float  # weight as the bidder (or maker)
    skill: float  # added to the chance of making a bid
    attendance: float  # chance of coming on any evening


@dataclass
class Planned:
    """One game as drawn: everything its rows are made from."""

    kind: str
    players: list[str]
    rules: dict[str, Any]
    teams: dict[str, list[str]] | None
    scorer: str  # whose phone keeps the score
    hands: list[dict[str, Any]] = field(default_factory=list)
    start: dt.datetime = UNSET  # set once the night is dated

    def table(self) -> Table[object]:
        return make_table(self.kind, self.players, self.rules, self.teams)

    @property
    def end(self) -> dt.datetime:
        return self.hand_time(len(self.hands))

    def hand_time(self, index: int) -> dt.datetime:
        """When hand `index` (from 0) was entered: as its deal ended."""
        minutes = get_game(self.kind).minutes_per_hand
        return self.start + dt.timedelta(minutes=minutes * (index + 1))


@dataclass
class PlannedNight:
    """One evening: who came, what they played, and (once dated) when."""

    games: list[Planned]
    date: dt.date = dt.date.min
    start: dt.datetime = UNSET


class Command(BaseCommand):
    help = (
        "Make one group with years of made-up games (mostly the main game), every hand checked "
        "by the rules engine, with its change log and statistics rows: data to measure pages at."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--games", type=int, default=10_000, help="about this many games")
        parser.add_argument("--hands", type=int, default=300_000, help="about this many hands")
        parser.add_argument("--players", type=int, default=8, help="players in the group")
        parser.add_argument(
            "--seed", type=int, default=1, help="the same seed draws the same games"
        )
        parser.add_argument("--name", default="The generated table", help="the group's name")

    def handle(self, *args: Any, **options: Any) -> None:
        games, hands, count = options["games"], options["hands"], options["players"]
        if games < 1 or hands < games:
            raise CommandError("--games must be at least 1, and --hands at least --games")
        if not 4 <= count <= len(NAMES):
            raise CommandError(f"--players must be from 4 to {len(NAMES)}")
        started = time.perf_counter()
        rng = random.Random(options["seed"])
        people = make_people(rng, count)
        target = main_target(random.Random(rng.random()), people, hands / games, games)
        nights = draw_nights(rng, people, games, hands, target)
        group = save_group(options["name"], people, nights)
        played = [game for night in nights for game in night.games]
        self.stdout.write(
            f"{group.name}: {len(played)} games, {sum(len(g.hands) for g in played)} hands, "
            f"{len(nights)} evenings from {nights[0].date} to {nights[-1].date}; "
            f"{get_game(MAIN).title} to {target}; {time.perf_counter() - started:.0f} s"
        )
        self.stdout.write(f"full access: {reverse('group', args=[group.edit_key])}")
        self.stdout.write(f"view only:   {reverse('group', args=[group.view_key])}")


def make_people(rng: random.Random, count: int) -> list[Person]:
    return [
        Person(
            name,
            boldness=rng.uniform(0.6, 1.6),
            skill=rng.uniform(-0.08, 0.08),
            attendance=rng.uniform(0.45, 0.95),
        )
        for name in NAMES[:count]
    ]


# --- Drawing the games ------------------------------------------------------------------------


def main_target(rng: random.Random, people: Sequence[Person], average: float, games: int) -> int:
    """The main game's target at which the group's games last `average` hands on average.

    The other games keep their usual rules. A game lasts about in step with its target,
    so two rounds of pilot games (drawn, never saved) find it closely enough.
    """
    target, pilot_games = 52, min(PILOT_GAMES, max(MIN_PILOT_GAMES, games))
    for _round in range(2):
        pilot = [
            game for night in plan_nights(rng, people, pilot_games, target) for game in night.games
        ]
        for game in pilot:
            play_out(rng, game, people)
        ours = sum(len(game.hands) for game in pilot if game.kind == MAIN)
        others = sum(len(game.hands) for game in pilot) - ours
        if not ours:
            break  # no game of the main kind among the pilot games: nothing to measure
        target = max(10, round(target * (average * len(pilot) - others) / ours))
    return target


def draw_nights(
    rng: random.Random, people: Sequence[Person], games: int, hands: int, target: int
) -> list[PlannedNight]:
    """The evenings, oldest first, with every game played out and dated; the last is yesterday.

    Games are played in order until the hands run out (a game is never cut short), so
    there are about `games` games when the target gives the average asked for.
    """
    nights = plan_nights(rng, people, games, target)
    left = hands
    for night in nights:
        for game in night.games:
            if left > 0:
                play_out(rng, game, people)
                left -= len(game.hands)
        night.games = [game for game in night.games if game.hands]
    nights = [night for night in nights if night.games]
    zone = ZoneInfo(settings.TIME_ZONE)
    date = timezone.localdate() - dt.timedelta(days=1)
    for night in reversed(nights):
        night.date = date
        night.start = dt.datetime.combine(date, dt.time(18, 30), zone)
        night.start += dt.timedelta(minutes=rng.randrange(0, 90, 5))
        _schedule(rng, night)
        date -= dt.timedelta(days=rng.choice(DAYS_BETWEEN_NIGHTS))
    return nights


def plan_nights(
    rng: random.Random, people: Sequence[Person], games: int, target: int
) -> list[PlannedNight]:
    """`games` games over evenings of a few each: who came, and what they sat down to."""
    nights = []
    while games > 0:
        came = [p.name for p in people if rng.random() < p.attendance]
        while len(came) < 4:
            came.append(rng.choice([p.name for p in people if p.name not in came]))
        count = min(games, rng.choice(GAMES_PER_NIGHT))
        nights.append(PlannedNight([_plan_game(rng, came, target) for _ in range(count)]))
        games -= count
    return nights


def _plan_game(rng: random.Random, came: list[str], target: int) -> Planned:
    # In the registry's order: the same seed draws the same games.
    kinds = {name: SAMPLERS[name].weight for name in GAMES if name in SAMPLERS}
    kind = rng.choices(list(kinds), weights=list(kinds.values()))[0]
    return plan_game(rng, kind, came, target)


def plan_game(rng: random.Random, kind: str, came: list[str], target: int | None) -> Planned:
    """A game of `kind` among those who came: who sits where, the rules, the teams."""
    card_game, setup = get_game(kind), SAMPLERS[kind].setup
    aim = target if kind == MAIN else None
    size, rules = setup(rng, came, aim) if setup else (card_game.usual_players, {})
    teams = None
    players = rng.sample(came, size)
    if card_game.team_game:
        # Partners sit opposite; teams are named as the new-game form names them.
        teams = {named_by_players(pair): list(pair) for pair in partners(players)}
    return Planned(kind, players, rules, teams, rng.choice(players))


def _schedule(rng: random.Random, night: PlannedNight) -> None:
    """One game after another with a short break, each begun before the evening ends."""
    clock = night.start
    # The app's evening runs until six in the morning (`Night.EVENING_STARTS`).
    latest = dt.datetime.combine(night.date + dt.timedelta(days=1), dt.time(5), clock.tzinfo)
    for game in night.games:
        game.start = min(clock, latest)
        clock = game.end + dt.timedelta(minutes=rng.randrange(5, 20))


def play_out(rng: random.Random, game: Planned, people: Sequence[Person]) -> None:
    """Draw hands until the game is won, each checked and scored by the engine as it comes:
    its `play`, going on from the result before each hand (`known`)."""
    habits = {person.name: Habit(person.boldness, person.skill) for person in people}
    table = game.table()
    card_game, draw = get_game(game.kind), SAMPLERS[game.kind].hand
    result = None
    dealer = rng.choice(game.players)
    while result is None or not result.finished:
        game.hands.append(draw(rng, table, dealer, habits))
        result = card_game.play(table, game.hands, known=result)
        dealer = card_game.next_dealer(table, game.hands) or table.seat_after(dealer)


# --- Writing the rows ------------------------------------------------------------------------


@contextmanager
def _dates_as_given() -> Iterator[None]:
    """Let creating keep the past dates we give instead of stamping them with now: putting
    back the times of a few hundred thousand hands afterwards (as a restore does for a
    few) takes four times as long as the rest of the work."""
    fields = [
        f
        for model in (Game, Hand, Change)
        for f in model._meta.concrete_fields
        if isinstance(f, DateTimeField)
    ]
    saved = [(f, f.auto_now, f.auto_now_add) for f in fields]
    for f in fields:
        f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, auto_now, auto_now_add in saved:
            f.auto_now, f.auto_now_add = auto_now, auto_now_add


def save_group(name: str, people: Sequence[Person], nights: list[PlannedNight]) -> Group:
    """Write the group, its players and the nights with their games, all or nothing."""
    with transaction.atomic(), _dates_as_given():
        group = Group.objects.create(name=name)
        Player.objects.bulk_create(Player(group=group, name=p.name) for p in people)
        for start in range(0, len(nights), NIGHTS_PER_STEP):
            _save(group, nights[start : start + NIGHTS_PER_STEP])
    return group


def _save(group: Group, nights: list[PlannedNight]) -> None:
    night_rows = Night.objects.bulk_create(Night(group=group, date=n.date) for n in nights)
    # Each game, its hands and their "add" changes go in through the model, as a restore
    # brings a game back (`Group.restore_game`, then `Game.load_history`, which also
    # writes the statistics rows): what `Game.add_hand` would have written hand by hand,
    # stamped with the evening's times.
    for night_row, night in zip(night_rows, nights, strict=True):
        for game in night.games:
            row = group.restore_game(
                game.kind,
                game.players,
                code=new_code(),
                rules=game.rules,
                teams=game.teams,
                start={},
                first_dealer=game.hands[0].get("dealer", ""),
                created_by=game.scorer,
                created_at=game.start,
                night=night_row,
                version=len(game.hands),  # one change per hand
            )
            hands = [
                Hand(
                    game=row,
                    number=number,
                    data=data,
                    # What `Game.add_hand` stamps: the version the game reaches with this hand.
                    revision=number,
                    entered_by=game.scorer,
                    created_at=game.hand_time(number - 1),
                    updated_at=game.hand_time(number - 1),
                )
                for number, data in enumerate(game.hands, 1)
            ]
            changes = [
                Change(
                    game=row,
                    number=hand.number,
                    hand_code=hand.code,
                    action=Change.ADD,
                    after=hand.data,
                    by=game.scorer,
                    at=hand.created_at,
                )
                for hand in hands
            ]
            row.load_history(hands, changes)
