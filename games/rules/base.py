"""What every game shares: the table, hand outcomes, field descriptions and input readers.

A game module supplies a subclass of `Game`; `Game.play` runs the hands in order,
checking each one, scoring it and deciding after it whether the game is won.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .text import Names, RuleError, Text, _, error

RulesT = TypeVar("RulesT")
HandT = TypeVar("HandT")

# Keys the engine adds to a hand on output; they are ignored when read back.
OUTPUT_KEYS = frozenset({"points", "totals", "made"})


@dataclass(frozen=True)
class Team:
    name: str
    members: tuple[str, str]


@dataclass(frozen=True)
class Table(Generic[RulesT]):
    """Who sits where, which rules are in force and the totals before the first hand."""

    game: str
    players: tuple[str, ...]
    rules: RulesT
    teams: tuple[Team, ...] = ()
    start: Mapping[str, int] = field(default_factory=dict)

    @property
    def sides(self) -> tuple[str, ...]:
        """Who scores: the teams in a team game, otherwise the players; in seating order."""
        return tuple(team.name for team in self.teams) if self.teams else self.players

    def team_of(self, player: str) -> str:
        return next(team.name for team in self.teams if player in team.members)

    def other_team(self, team: str) -> str:
        return next(t.name for t in self.teams if t.name != team)

    def seat_after(self, player: str) -> str:
        """The next player clockwise (players are listed clockwise)."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def start_totals(self) -> dict[str, int]:
        return {side: self.start.get(side, 0) for side in self.sides}


@dataclass(frozen=True)
class Reason:
    """Why one player (or team) got their points on a hand."""

    side: str
    points: int
    text: Text


@dataclass(frozen=True)
class HandOutcome:
    points: Mapping[str, int]
    made: bool | None
    explanation: tuple[Text, ...]
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Decision:
    """Who won after a hand, and the sentence saying which rule decided it."""

    winners: tuple[str, ...]
    text: Text


@dataclass(frozen=True)
class ScoredHand:
    number: int
    hand: Any
    outcome: HandOutcome
    totals: Mapping[str, int]
    decision: Decision | None

    @property
    def points(self) -> Mapping[str, int]:
        return self.outcome.points

    @property
    def made(self) -> bool | None:
        return self.outcome.made


@dataclass(frozen=True)
class GameResult:
    hands: tuple[ScoredHand, ...]
    totals: Mapping[str, int]
    decision: Decision | None

    @property
    def winners(self) -> tuple[str, ...]:
        return self.decision.winners if self.decision else ()

    @property
    def finished(self) -> bool:
        return self.decision is not None


@dataclass(frozen=True)
class Standing:
    """The target in force after the hands played (None: no target), and a note per side."""

    target: int | None
    notes: Mapping[str, Text]


@dataclass(frozen=True)
class Choice:
    value: str | int | bool
    label: Text


@dataclass(frozen=True)
class Field:
    """One input of a hand, described so that a form can be generated from it.

    kind is one of: "player" (a player's name), "team", "number", "choice", "flag"
    (true/false) or "tricks" (a count per player or team, each `minimum`..`maximum`).
    `shown_when` names the inputs whose values decide whether this one applies,
    e.g. the partner only for a numeric bid; `for_sides` says who a "tricks"
    input asks about and `required_for` which of them must be given.
    """

    name: str
    label: Text
    kind: str
    help: Text | None = None
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    shown_when: Mapping[str, tuple[str | int | bool, ...]] = field(default_factory=dict)
    depends_on: tuple[str, ...] = ()
    default: str | int | bool | None = None


@dataclass(frozen=True)
class Preset:
    """A named set of house rules chosen with one tap, e.g. euchre's tournament scoring."""

    name: str
    label: Text
    rules: Mapping[str, Any]


class Game(ABC, Generic[RulesT, HandT]):
    """The rules of one game; subclasses live one per module."""

    name: str
    title: Text
    #: How many players may sit down, and whether they play as two teams of two.
    seats: tuple[int, int] = (2, 6)
    #: How many usually play: the new-game form seats that many to start with.
    usual_players = 4
    team_game = False
    #: After a redeal the same player deals again (False: the deal passes on).
    redeal_keeps_dealer = True
    presets: tuple[Preset, ...] = ()

    @abstractmethod
    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> RulesT:
        """Read the house rules (defaults filled in) and check the players suit them."""

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        if raw is not None:
            raise error(_("teams are only for euchre and kaiser"), field="teams")
        return ()

    @abstractmethod
    def parse_hand(self, table: Table[RulesT], raw: Mapping[str, Any]) -> HandT:
        """Check one hand as the table reported it; raise `RuleError` when it is impossible."""

    @abstractmethod
    def score(self, table: Table[RulesT], state: Any, hand: HandT) -> HandOutcome:
        """Points for one hand; `state` holds the totals before it (and any game-specific memory)."""

    @abstractmethod
    def decide(
        self, table: Table[RulesT], state: Any, hand: HandT, outcome: HandOutcome
    ) -> Decision | None:
        """Who won after this hand (totals in `state` already include it), or None."""

    @abstractmethod
    def fields(self, table: Table[RulesT]) -> tuple[Field, ...]:
        """The inputs of a hand, for generated forms."""

    @abstractmethod
    def rule_fields(self) -> tuple[Field, ...]:
        """The house rules with their defaults, for the new-game form.

        A rule that is not `required` may be left empty, which means its default
        (worked out from the other rules where the spec says so).
        """

    @abstractmethod
    def summary(self, raw: Mapping[str, Any]) -> Text:
        """A few words for a hand as the table reported it, e.g. "Bjørn 8 with Dina".

        It reads the hand as given, without checking it: history shows old versions too.
        """

    def details(self, raw: Mapping[str, Any]) -> str:
        """The counts behind a hand, e.g. "Anne 2, Cato 1": what tells two versions apart."""
        tricks = raw.get("tricks")
        if isinstance(tricks, Mapping):
            return ", ".join(f"{name} {count}" for name, count in tricks.items())
        return ""

    def standing(self, table: Table[RulesT], result: GameResult) -> Standing:
        """What the scoreboard should say beside the totals: the target in force, and notes."""
        target = getattr(table.rules, "target", None)
        return Standing(target if isinstance(target, int) else None, {})

    def new_state(self, table: Table[RulesT]) -> State:
        return State(totals=table.start_totals())

    def play(self, table: Table[RulesT], hands: Sequence[Mapping[str, Any]]) -> GameResult:
        state = self.new_state(table)
        scored: list[ScoredHand] = []
        decision: Decision | None = None
        for number, raw in enumerate(hands, start=1):
            if decision is not None:
                raise error(
                    _("the game was already won after hand %(number)d"), number=number - 1
                ).in_hand(number)
            try:
                if not isinstance(raw, Mapping):
                    raise error(_("a hand must be an object with the hand's details"))
                hand = self.parse_hand(table, raw)
                outcome = self.score(table, state, hand)
            except RuleError as exc:
                raise exc.in_hand(number) from None
            for side, points in outcome.points.items():
                state.totals[side] += points
            decision = self.decide(table, state, hand, outcome)
            scored.append(ScoredHand(number, hand, outcome, dict(state.totals), decision))
        return GameResult(tuple(scored), dict(state.totals), decision)

    def next_dealer(self, table: Table[RulesT], hands: Sequence[Mapping[str, Any]]) -> str | None:
        """The dealer to suggest for the next hand: clockwise, or the same after a redeal."""
        if not hands:
            return None
        last = hands[-1]
        dealer = last.get("dealer")
        if not isinstance(dealer, str) or dealer.strip() not in table.players:
            return None
        dealer = dealer.strip()
        if self.redeal_keeps_dealer and last.get("redeal") is True:
            return dealer
        return table.seat_after(dealer)


@dataclass
class State:
    """What the game remembers between hands: the totals, plus game-specific facts."""

    totals: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Redeal:
    dealer: str | None


# --- Reading the table's words -------------------------------------------------------------

FIELD_NAMES = {
    "dealer": _("the dealer"),
    "bidder": _("the bidder"),
    "partner": _("the partner"),
    "maker": _("the maker"),
    "winner": _("the winner"),
    "bid": _("the bid"),
    "tricks": _("the tricks"),
    "alone": _("alone"),
    "redeal": _("redeal"),
    "no_trump": _("no trump"),
    "kaiser": _("the kaiser bid"),
    "made": _("made"),
    "five_hearts": _("the 5 of hearts"),
    "three_spades": _("the 3 of spades"),
}


def field_name(key: str) -> Text:
    return Text(FIELD_NAMES.get(key, key))


def check_keys(
    raw: Mapping[str, Any], allowed: set[str], *, ignored: frozenset[str] = OUTPUT_KEYS
) -> None:
    for key in raw:
        if key not in allowed and key not in ignored:
            raise error(_("unknown field “%(key)s”"), key=str(key), field=str(key))


def read_bool(raw: Mapping[str, Any], key: str, default: bool = False) -> bool:
    """A true/false input; left out or null means its default, as for every optional input."""
    value = raw.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise error(_("%(what)s must be true or false"), field=key, what=field_name(key))
    return value


def read_int(raw: Mapping[str, Any], key: str) -> int:
    if key not in raw or raw[key] is None:
        raise error(_("%(what)s is missing"), field=key, what=field_name(key))
    return as_int(raw[key], field_name(key), key)


def as_int(value: object, what: Text | str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(
            _("%(what)s must be a whole number, not %(value)s"),
            field=key,
            what=what,
            value=describe(value),
        )
    return value


def read_name(
    raw: Mapping[str, Any],
    key: str,
    names: Sequence[str],
    *,
    required: bool = True,
    what: str = "player",
) -> str | None:
    """A player (or team) named under `key`, trimmed and checked against `names`."""
    value = raw.get(key)
    if value is None:
        if required:
            raise error(_("%(what)s is missing"), field=key, what=field_name(key))
        return None
    return as_name(value, names, key, what=what)


def as_name(value: object, names: Sequence[str], key: str, *, what: str = "player") -> str:
    if not isinstance(value, str):
        raise error(
            _("%(what)s must be a name, not %(value)s"),
            field=key,
            value=describe(value),
            what=field_name(key),
        )
    name = value.strip()
    if name not in names:
        if what == "team":
            raise error(
                _("“%(name)s” is not one of the teams (%(names)s)"),
                field=key,
                name=name,
                names=Names(tuple(names)),
            )
        raise error(
            _("“%(name)s” is not one of the players (%(names)s)"),
            field=key,
            name=name,
            names=Names(tuple(names)),
        )
    return name


def read_counts(
    raw: Mapping[str, Any], key: str, names: Sequence[str], *, what: str = "player"
) -> dict[str, int]:
    """A ``{name: count}`` object, names trimmed and checked, counts whole and not negative."""
    value = raw.get(key)
    if value is None:
        raise error(_("%(what)s are missing"), field=key, what=field_name(key))
    if not isinstance(value, Mapping):
        raise error(_("%(what)s must list a count for each name"), field=key, what=field_name(key))
    counts: dict[str, int] = {}
    for raw_name, raw_count in value.items():
        name = as_name(raw_name, names, key, what=what)
        if name in counts:
            raise error(_("the tricks of %(name)s are given twice"), field=key, name=name)
        count = as_int(raw_count, Text(_("the tricks of %(name)s"), {"name": name}), key)
        if count < 0:
            raise error(
                _("the tricks of %(name)s cannot be negative (%(count)d)"),
                field=key,
                name=name,
                count=count,
            )
        counts[name] = count
    return counts


def describe(value: object) -> str:
    """A short, JSON-like rendering of a wrong value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"\u201c{value}\u201d"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return str(value)


def read_redeal(raw: Mapping[str, Any], table: Table[Any]) -> Redeal | None:
    """A redeal hand (only the dealer and ``"redeal": true``), or None for a played hand."""
    if not read_bool(raw, "redeal"):
        return None
    check_keys(raw, {"dealer", "redeal"})
    return Redeal(read_name(raw, "dealer", table.players))


def redeal_outcome() -> HandOutcome:
    return HandOutcome(
        points={}, made=None, explanation=(Text(_("Redeal: nobody scores.")),), reasons=()
    )


def redeal_summary(raw: Mapping[str, Any]) -> Text | None:
    return Text(_("Redeal")) if raw.get("redeal") is True else None


def reached(state: State, target: int) -> list[str]:
    return [side for side, total in state.totals.items() if total >= target]


#: When a hand input applies: only to a hand that was played (not a redeal).
PLAYED: Mapping[str, tuple[str | int | bool, ...]] = {"redeal": (False,)}


def redeal_field(label: str, help: str) -> Field:
    return Field(
        name="redeal",
        label=Text(label),
        kind="flag",
        help=Text(help),
        required=False,
        default=False,
    )


def player_field(
    table: Table[Any],
    name: str,
    label: str,
    help: str | None = None,
    shown_when: Mapping[str, tuple[str | int | bool, ...]] = PLAYED,
) -> Field:
    return Field(
        name=name,
        label=Text(label),
        kind="player",
        help=Text(help) if help else None,
        choices=tuple(Choice(p, Text(p)) for p in table.players),
        shown_when=shown_when,
    )


def number_rule(
    name: str,
    label: str,
    default: int | None = None,
    help: str | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Field:
    """A house rule that is a number; one without a default may be left empty."""
    return Field(
        name=name,
        label=Text(label),
        kind="number",
        help=Text(help) if help else None,
        required=default is not None,
        minimum=minimum,
        maximum=maximum,
        default=default,
    )


def flag_field(
    name: str,
    label: str,
    help: str | None = None,
    shown_when: Mapping[str, tuple[str | int | bool, ...]] = PLAYED,
    default: bool = False,
) -> Field:
    """An optional true/false input (a hand's, or a house rule with `shown_when={}`)."""
    return Field(
        name=name,
        label=Text(label),
        kind="flag",
        help=Text(help) if help else None,
        required=False,
        default=default,
        shown_when=shown_when,
    )


def dealer_field(table: Table[Any], *, required: bool = True) -> Field:
    return Field(
        name="dealer",
        label=Text(_("Dealer")),
        kind="player",
        required=required,
        choices=tuple(Choice(p, Text(p)) for p in table.players),
    )
