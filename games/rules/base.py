"""What every game shares: the table, house rule and hand input declarations, scores and
their explanations, and the readers of the table's words.

A game module supplies a subclass of `CardGame`; `CardGame.play` runs the hands in
order, checking each one (`parse_hand`), scoring it (`score`, plain arithmetic),
deciding after it whether the game is won (`decide`) and putting both into words
(`explain`, `explain_verdict`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field, fields, replace
from functools import cached_property, partial
from typing import Any, Generic, TypeVar

from .awards import AwardRule
from .figures import Figures, FigureTable, GameFigures
from .limits import LARGEST_NUMBER, read_note, read_reason
from .text import Names, Param, Quoted, RuleError, Text, _, error, sheet_points

# Covariant: a game is "some card game" (`CardGame[object, object]`) in the registry,
# whose callers hand each game back only the tables it made and the hands it parsed.
RulesT = TypeVar("RulesT", covariant=True)
HandT = TypeVar("HandT", covariant=True)

# Keys the engine adds to a hand on output; they are ignored when read back.
OUTPUT_KEYS = frozenset({"points", "totals", "made"})
# What every game's hand may carry besides its inputs: the table's note (spec "Notes"),
# checked by `CardGame.play` and never read by the scoring.
NOTE = "note"
# An adjustment (spec "Adjustments"): points the table agreed on that no hand gave.
ADJUSTMENT = "adjustment"
REASON = "reason"


@dataclass(frozen=True)
class Team:
    name: str
    members: tuple[str, ...]


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

    def role_of(self, player: str, bidder: str, partner: str | None = None) -> str:
        """A player's part in a hand `bidder` bid (or made trump in): "bidder", "partner"
        (the partner called, or in a team game the bidder's teammate) or "opponent"."""
        if player == bidder:
            return "bidder"
        if player == partner or (self.teams and self.team_of(player) == self.team_of(bidder)):
            return "partner"
        return "opponent"

    def side_of(self, player: str) -> str:
        """Who scores for this player: their team, or the player."""
        return self.team_of(player) if self.teams else player

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


#: Whether a hand's contract was made: one bid (True or False), each player's own bid
#: (a player mapped to True or False, e.g. every player bids in Oh Hell), or nothing bid.
Made = bool | Mapping[str, bool] | None


@dataclass(frozen=True)
class Score:
    """What one hand scores, worked out as plain arithmetic: points per side, whether the
    bid was made (None: nothing was bid), and the facts behind the points that the hand
    alone does not show (e.g. a team at bid-out), for the words that explain them."""

    points: Mapping[str, int]
    made: Made = None
    facts: Mapping[str, Param] = field(default_factory=dict)
    # Where each side (or player) has a contract of its own: whether each was made, the
    # file's "made" object (then `made` is None: no one bid for the hand).
    made_each: Mapping[str, bool] | None = None
    # Players whose own bid stands beside their side's contract (Spades' nils): whether
    # each was made. For the pages; not in the file's "made".
    made_alone: Mapping[str, bool] | None = None
    # The team whose bid `made` is about, where teams play ("" where a player's is): the
    # preview says "Sør made", not "made" before both teams' points.
    made_by: str = ""
    # Sides whose own play cost them a penalty on this hand beside their contract (Spades'
    # bags reaching the limit): the words beside the hand say so, not only its points.
    penalized: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """Who won after a hand, `how` (the rule that decided it) and the figures it used.

    A side that reached the target is "reached", with its `total` and the `target`
    (`Rules.explain_reason` says it so)."""

    winners: tuple[str, ...]
    how: str
    facts: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """The words for a hand's score: sentences about the hand, and one reason per side."""

    lines: tuple[Text, ...]
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class HandOutcome:
    """A hand's score together with its explanation, as `play` returns it. The words are
    put together when first asked for: a game is replayed on every change, and its
    pages read the words of a few hands at most."""

    points: Mapping[str, int]
    made: Made
    words: Callable[[], Explanation] = field(repr=False, compare=False)
    made_each: Mapping[str, bool] | None = None
    made_alone: Mapping[str, bool] | None = None
    made_by: str = ""
    penalized: tuple[str, ...] = ()

    @property
    def explanation(self) -> tuple[Text, ...]:
        return self._explained.lines

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self._explained.reasons

    @cached_property
    def _explained(self) -> Explanation:
        return self.words()


@dataclass(frozen=True)
class Decision:
    """Who won after a hand: the sentence saying which rule decided it (`text`), and the
    rule without naming the winners again (`reason`), for under a banner that names them
    ("🏆 Nord win!" above "Reached 10 with 11.")."""

    winners: tuple[str, ...]
    text: Text
    reason: Text


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
    def made(self) -> Made:
        return self.outcome.made

    @property
    def made_each(self) -> Mapping[str, bool] | None:
        return self.outcome.made_each

    @property
    def made_alone(self) -> Mapping[str, bool] | None:
        return self.outcome.made_alone


@dataclass(frozen=True)
class GameResult:
    hands: tuple[ScoredHand, ...]
    totals: Mapping[str, int]
    decision: Decision | None
    # What the game remembers after the last hand besides the totals (`State.extra`): what
    # `play` needs to go on from this result.
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def winners(self) -> tuple[str, ...]:
        return self.decision.winners if self.decision else ()

    @property
    def finished(self) -> bool:
        return self.decision is not None

    def played(self) -> GameResult:
        """The hands played, without the adjustments (a penalty is no hand of anybody's, no
        bid and no best hand): what statistics and awards read. Totals stay as they are."""
        hands = tuple(scored for scored in self.hands if not isinstance(scored.hand, Adjustment))
        return replace(self, hands=hands)


@dataclass(frozen=True)
class Standing:
    """The target in force after the hands played (None: no target), and a note per side;
    `low_wins`: the lowest total leads (and wins), not the highest."""

    target: int | None
    notes: Mapping[str, Text]
    low_wins: bool = False


@dataclass(frozen=True)
class Option:
    """One value an input or a house rule may take, with the words a form shows for it."""

    value: str | int | bool
    label: Text


#: The kinds of hand input given side by side, as ``{side: number}``: a count of tricks
#: (or bids) per side, or a score per side.
PER_SIDE_KINDS = ("tricks", "scores")

#: When an input applies: the inputs it depends on and the values they must have.
Condition = Mapping[str, tuple[str | int | bool, ...]]


@dataclass(frozen=True)
class HandInput:
    """One input of a hand, described so that a form can be generated from it.

    kind is one of: "player" (a player's name), "team", "number", "choice", "flag"
    (true/false) or "tricks" (a count per side, each `minimum`..`maximum`; with
    `options`, per team: tricks, or bids; with `each`, per one of those names), "scores" (a
    whole number typed per side, each `minimum`..`maximum`; a side left empty scores 0). A
    "choice" with `each` is one choice per name. With `in_turn` the sides are asked in turn
    from the dealer's left, the dealer last (as a table bids). `shown_when` names the inputs whose values decide whether
    this one applies, e.g. the partner only for a numeric bid. An input that is not
    `required` may be left empty. With `empty_label` leaving it empty is a choice of its
    own, offered beside the others and chosen like them (nothing is chosen for the
    table: `unchosen` says what to do when nothing was); without it the input may simply
    be left unanswered.
    """

    name: str
    label: Text
    kind: str
    help: Text | None = None
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[Option, ...] = ()
    shown_when: Condition = field(default_factory=dict)
    default: str | int | bool | None = None
    empty_label: Text | None = None
    #: One value per name (a player, in seating order) rather than one for the hand: the
    #: input's value is then an object of them, e.g. each player's bid.
    each: tuple[str, ...] = ()
    in_turn: bool = False
    #: An input the game's own rules give each hand (`CardGame.scheduled`) that bounds this
    #: one in that hand, below `maximum`: e.g. Oh Hell's bids and tricks, the hand's cards.
    limited_by: str = ""
    #: A "tricks" input whose sides' counts make up the hand's tricks (`maximum`, or the
    #: hand's limit): one side left open took the rest, and once the counts given make them
    #: up, a side left out took none. Two teams' tricks always do.
    adds_up: bool = False

    def unchosen(self) -> Text:
        """What to say when none of the choices was taken, e.g. "choose the partner, or alone"."""
        assert self.empty_label is not None, "only an input with a choice for empty"
        return Text(
            _("choose %(what)s, or %(empty)s"),
            {"what": field_name(self.name), "empty": self.empty_label},
        )


@dataclass(frozen=True)
class HouseRule:
    """One house rule, read from its declaration on a game's rules dataclass.

    The declaration (`number_rule`, `flag_rule`, `choice_rule`) is the only place a rule
    is written down: it gives the parser its type, bounds and default, the new-game form
    its field and the README its table. A rule whose `default` is None may be left
    empty: then it is off (e.g. no match target) or worked out from the other rules
    (the help says which).
    """

    name: str
    label: Text
    kind: str  # "number", "flag" or "choice"
    default: str | int | bool | None
    help: Text | None = None
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[Option, ...] = ()
    # For a choice that may be left empty: the words for leaving it so.
    empty_label: Text | None = None
    # Worked out from the other rules when left empty; the game checks its bounds, which
    # may depend on them too.
    derived: bool = False
    # A number with a default that may be set to null (empty): then the rule is off.
    nullable: bool = False


_RULE = "house_rule"


def number_rule(
    label: str,
    default: int | None = None,
    help: str | None = None,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    derived: bool = False,
    nullable: bool = False,
) -> Any:
    """Declare a house rule that is a whole number (a dataclass field of the game's rules).

    Without a default it may be left empty: off, or `derived` from the other rules by
    the game's `parse_rules`. With a default and `nullable`, left out it is the default
    and set to null (an emptied field) it is off.
    """
    spec = HouseRule(
        "",
        Text(label),
        "number",
        default,
        _text(help),
        minimum,
        maximum,
        derived=derived,
        nullable=nullable,
    )
    if derived:
        return field(metadata={_RULE: spec})
    return field(default=default, metadata={_RULE: spec})


def flag_rule(label: str, default: bool = False, help: str | None = None) -> Any:
    """Declare a house rule that is true or false."""
    spec = HouseRule("", Text(label), "flag", default, _text(help))
    return field(default=default, metadata={_RULE: spec})


def choice_rule(
    label: str,
    options: tuple[Option, ...],
    default: str | None = None,
    help: str | None = None,
    *,
    empty_label: str | None = None,
) -> Any:
    """Declare a house rule that is one of `options`; with `empty_label` and no default it
    may be left empty, and the game's `parse_rules` works it out."""
    spec = HouseRule(
        "",
        Text(label),
        "choice",
        default,
        _text(help),
        options=options,
        empty_label=_text(empty_label),
        derived=default is None,
    )
    if default is None:
        return field(metadata={_RULE: spec})
    return field(default=default, metadata={_RULE: spec})


def _text(message: str | None) -> Text | None:
    return Text(message) if message else None


def house_rules_of(rules_class: type) -> tuple[HouseRule, ...]:
    """The house rules declared on a rules dataclass, in their order."""
    return tuple(
        replace(f.metadata[_RULE], name=f.name) for f in fields(rules_class) if _RULE in f.metadata
    )


@dataclass(frozen=True)
class Preset:
    """A named set of house rules chosen with one tap, e.g. euchre's tournament scoring."""

    name: str
    label: Text
    rules: Mapping[str, Any]


def last_count(counts: Mapping[str, Any], sides: Sequence[str], total: int) -> dict[str, Any]:
    """`counts` of tricks by side, with the sides left out filled in where nothing else
    could have happened: one side left out takes the rest of `total`, and once the counts
    given make up `total`, every side left out took none. Else (a count not a number, or
    several sides left out of a total not yet made up) `counts` as they are, so where the
    others already take more than `total`, the refusal says that, not that a count nobody
    gave is below zero. In the order of `sides`."""
    missing = [side for side in sides if side not in counts]
    given = list(counts.values())
    strangers = not set(counts) <= set(sides)  # refused as they are, by name
    if strangers or not missing or not all(type(n) is int for n in given) or sum(given) > total:
        return dict(counts)
    rest = total - sum(given)
    if rest and len(missing) > 1:
        return dict(counts)
    found = {**counts, **dict.fromkeys(missing, rest)}
    return {side: found[side] for side in sides}


class CardGame(ABC, Generic[RulesT, HandT]):
    """The rules of one card game; subclasses live one per module.

    `RulesT` is the game's house rules (a frozen dataclass whose fields are declared with
    `number_rule`, `flag_rule` and `choice_rule`), `HandT` what `parse_hand` makes of a hand.
    """

    name: str
    title: Text
    rules_class: type[RulesT]
    #: How many players may sit down, and whether they play as two teams of two.
    seats: tuple[int, int] = (2, 6)
    #: How many usually play: the new-game form seats that many to start with.
    usual_players = 4
    team_game = False
    #: Teams of any size may be formed, or none (the players play each for themselves).
    optional_teams = False
    #: After a redeal the same player deals again (False: the deal passes on).
    redeal_keeps_dealer = True
    #: The hand's `summary` already names its `details` (the pages say them once).
    details_in_summary = False
    #: What a hand's `details` count, as the pages name them ("tricks: Anne 2, Cato 1").
    details_label = Text(_("tricks"))
    presets: tuple[Preset, ...] = ()
    #: Statistics: the counters of its own it keeps per player (`Figures.extra`), summed
    #: over games, and those taken at their highest instead; whether a bidder's partner
    #: changes from hand to hand (the partner matrix); the tables its page shows.
    counters: tuple[str, ...] = ()
    highest_counters: tuple[str, ...] = ()
    paired = False
    figure_tables: tuple[FigureTable, ...] = ()
    #: A player's bids by level (`Figures.levels`): each level's key and words, in order,
    #: what a level is (the heading of their column) and the table's title.
    bid_levels: tuple[tuple[str, Text], ...] = ()
    bid_levels_label = Text(_("Bid"))
    bid_levels_title = Text(_("Bids by size"))
    #: The awards particular to this game (found in a finished game by `earned`).
    awards: tuple[AwardRule, ...] = ()
    #: What the game adds to the top of its file's output besides the totals and winners
    #: (`result_output`), e.g. the bags a team carries.
    output_keys: tuple[str, ...] = ()
    #: How long a hand takes at the table (the made-up groups of `manage.py generate_group`).
    minutes_per_hand = 3.0

    def house_rules(self) -> tuple[HouseRule, ...]:
        """The house rules with their defaults, in the order the form and files list them."""
        return house_rules_of(self.rules_class)

    @abstractmethod
    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> RulesT:
        """Read the house rules (defaults filled in) and check the players suit them."""

    def check_seats(self, players: tuple[str, ...]) -> None:
        """Refuse a table with fewer or more players than the game's `seats`."""
        low, high = self.seats
        if not low <= len(players) <= high:
            raise error(
                _("%(game)s is for %(low)d to %(high)d players, not %(count)d"),
                game=self.title,
                low=low,
                high=high,
                count=len(players),
            )

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        """The teams of a team game (the registry refuses teams for the others)."""
        return ()

    @abstractmethod
    def parse_hand(self, table: Table[RulesT], raw: Mapping[str, Any]) -> HandT:
        """Check one hand as the table reported it; raise `RuleError` when it is impossible."""

    # --- The arithmetic ---
    # (A hand reaches these methods only from this game's own `parse_hand`, so taking the
    # covariant `HandT` as a parameter is safe: hence the three `type: ignore[misc]`.)

    @abstractmethod
    def score(self, table: Table[RulesT], state: State, hand: HandT) -> Score:  # type: ignore[misc]
        """Points for one hand; `state` holds the totals before it (and any game-specific memory)."""

    @abstractmethod
    def decide(
        self,
        table: Table[RulesT],
        state: State,
        hand: HandT,  # type: ignore[misc]
        score: Score,
    ) -> Verdict | None:
        """Who won after this hand (totals in `state` already include it), or None."""

    # --- The words: sentences for what the arithmetic found ---

    @abstractmethod
    def explain(self, table: Table[RulesT], hand: HandT, score: Score) -> Explanation:  # type: ignore[misc]
        """Why the hand scored what it did: the rule applied, in sentences."""

    @abstractmethod
    def explain_verdict(self, table: Table[RulesT], verdict: Verdict) -> Text:
        """The sentence saying which rule decided the game."""

    def explain_reason(self, table: Table[RulesT], verdict: Verdict) -> Text:
        """Which rule decided the game, without naming the winners: under a banner that
        names them. A side that reached the target says so; a game with other ways to end
        says them, else its sentence stands as it is."""
        if verdict.how == "reached":
            return reached_reason(verdict.facts)
        return self.explain_verdict(table, verdict)

    @abstractmethod
    def inputs(self, table: Table[RulesT]) -> tuple[HandInput, ...]:
        """The inputs of a hand, for generated forms."""

    def implied(self, table: Table[RulesT], raw: Mapping[str, Any]) -> dict[str, Any]:
        """`raw`, a hand as a form gives it, with the inputs its outcome already implies
        filled in where nothing else could have happened, so that a form may leave them
        empty (the stored hand has them all, as the game file does). By default: two
        teams share every trick, so one team's count gives the other's. A game adds what
        its own rules imply."""
        hand = dict(raw)
        tricks = hand.get("tricks")
        spec = next((s for s in self.inputs(table) if s.kind == "tricks"), None)
        if table.teams and isinstance(tricks, dict) and spec is not None and spec.maximum:
            hand["tricks"] = last_count(tricks, table.sides, spec.maximum)
        return hand

    def summary(self, raw: Mapping[str, Any]) -> Text:
        """A few words for a hand as the table reported it, e.g. "Bjørn 8 with Dina", or
        for an adjustment its reason.

        It reads the hand as given, without checking it: history shows old versions too.
        """
        return adjustment_summary(raw) if is_adjustment(raw) else self.hand_summary(raw)

    @abstractmethod
    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        """`summary` of a hand played (not an adjustment)."""

    def scheduled(
        self, table: Table[RulesT], before: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """Inputs the game's own rules give the hand after the hands `before`, whatever is
        tapped (e.g. the cards a schedule deals it): the hand form adds them to the hand
        it gives `implied`. None by default."""
        return {}

    def own_bid(self, raw: Mapping[str, Any], player: str) -> Text:
        """What a player bid on their own beside their side's contract (`made_alone`), as
        the hands table names it ("Anne's nil made")."""
        return Text(_("own bid"))

    def limits(self, table: Table[RulesT], before: Sequence[Mapping[str, Any]]) -> dict[str, int]:
        """The most each input `limited_by` a scheduled one may take in the hand after the
        hands `before` (none after the last hand of a schedule): the form offers no more."""
        scheduled = self.scheduled(table, before)
        return {
            spec.name: scheduled[spec.limited_by]
            for spec in self.inputs(table)
            if spec.limited_by and type(scheduled.get(spec.limited_by)) is int
        }

    def hint(
        self, table: Table[RulesT], before: Sequence[Mapping[str, Any]], raw: Mapping[str, Any]
    ) -> Text | None:
        """What the hand form says about the hand being entered after the hands `before`,
        with what is tapped so far (`raw`, as `implied` gets it, maybe incomplete), before
        its outcome can be worked out: e.g. the cards a schedule deals. None: nothing."""
        return None

    def as_reported(self, table: Table[RulesT], raw: Mapping[str, Any]) -> dict[str, Any]:
        """A hand as the table reported it: the engine's output (`points`, `totals`, `made`)
        left out, except a key this hand reads as an input (e.g. whether a bid that decides
        the game was made). What an import stores."""
        inputs = {spec.name: spec for spec in self.inputs(table)}
        hand = {
            key: value
            for key, value in raw.items()
            if key not in OUTPUT_KEYS or (key in inputs and applies(inputs[key], raw, inputs))
        }
        # The note as kept: trimmed, and none when empty; an adjustment's reason trimmed.
        if NOTE in hand and (note := read_note(hand.pop(NOTE))):
            hand[NOTE] = note
        if is_adjustment(hand) and isinstance(hand.get(REASON), str):
            hand[REASON] = hand[REASON].strip()
        return hand

    def details(self, raw: Mapping[str, Any]) -> str:
        """The counts behind a hand, e.g. "Anne 2, Cato 1": what tells two versions apart."""
        return adjustment_details(raw) if is_adjustment(raw) else self.hand_details(raw)

    def hand_details(self, raw: Mapping[str, Any]) -> str:
        """`details` of a hand played (not an adjustment): by default its tricks."""
        tricks = raw.get("tricks")
        if isinstance(tricks, Mapping):
            return ", ".join(f"{name} {count}" for name, count in tricks.items())
        return ""

    def standing(self, table: Table[RulesT], result: GameResult) -> Standing:
        """What the scoreboard should say beside the totals: the target in force, and notes."""
        target = getattr(table.rules, "target", None)
        return Standing(target if isinstance(target, int) else None, {})

    def low_wins(self, rules: Mapping[str, Any]) -> bool:
        """Whether the lowest total leads under a game's house rules as stored (checked): a
        penalty then adds points, not takes them."""
        return False

    def figures(self, table: Table[RulesT], result: GameResult) -> GameFigures:
        """What a finished game adds to each player's statistics: here only the best and
        worst hand (a side's points are each of its players'); games add their own."""
        figures = {player: Figures() for player in table.players}
        for scored in result.hands:
            if scored.points:  # a redeal scores nothing and is no hand of anybody's
                for player in table.players:
                    figures[player].hand(scored.points[table.side_of(player)])
        return GameFigures(figures)

    def earned(self, table: Table[RulesT], result: GameResult) -> list[tuple[str, str]]:
        """The game's own awards earned in a finished game: (award id, player) pairs."""
        return []

    def result_output(self, table: Table[RulesT], result: GameResult) -> dict[str, Any]:
        """The top-level output of the game file this game adds (keys of `output_keys`)."""
        return {}

    def new_state(self, table: Table[RulesT]) -> State:
        return State(totals=table.start_totals())

    def play(
        self,
        table: Table[RulesT],
        hands: Sequence[Mapping[str, Any]],
        known: GameResult | None = None,
    ) -> GameResult:
        """The hands checked and scored in order. `known`, the result of the first of these
        hands at this table, is gone on from: only the hands after it are played."""
        if known is None:
            state = self.new_state(table)
            scored: list[ScoredHand] = []
            decision: Decision | None = None
        elif len(known.hands) > len(hands):
            raise ValueError("a known result goes on to hands that are not there")
        else:
            state = State(dict(known.totals), deepcopy(dict(known.extra)))
            scored, decision = list(known.hands), known.decision
        for number, raw in enumerate(hands[len(scored) :], start=len(scored) + 1):
            if decision is not None:
                raise error(
                    _("the game was already won after hand %(number)d"), number=number - 1
                ).in_hand(number)
            try:
                if not isinstance(raw, Mapping):
                    raise error(_("a hand must be an object with the hand's details"))
                if NOTE in raw:
                    read_note(raw[NOTE])
                if is_adjustment(raw):
                    adjustment = read_adjustment(table, raw)
                else:
                    hand = self.parse_hand(table, raw)
                    score = self.score(table, state, hand)
            except RuleError as exc:
                raise exc.in_hand(number) from None
            if is_adjustment(raw):
                # It moves the totals and nothing else: no deal, no bags, no place in a
                # schedule; the game is decided after the next hand, on the totals then.
                for side, points in adjustment.points.items():
                    state.totals[side] += points
                words = partial(adjustment_explanation, adjustment)
                outcome = HandOutcome(adjustment.points, None, words)
                scored.append(ScoredHand(number, adjustment, outcome, dict(state.totals), None))
                continue
            for side, points in score.points.items():
                state.totals[side] += points
            verdict = self.decide(table, state, hand, score)
            words = partial(self.explain, table, hand, score)
            outcome = HandOutcome(
                score.points,
                score.made,
                words,
                score.made_each,
                score.made_alone,
                score.made_by,
                score.penalized,
            )
            decision = (
                Decision(
                    verdict.winners,
                    self.explain_verdict(table, verdict),
                    self.explain_reason(table, verdict),
                )
                if verdict
                else None
            )
            scored.append(ScoredHand(number, hand, outcome, dict(state.totals), decision))
        return GameResult(tuple(scored), dict(state.totals), decision, dict(state.extra))

    def next_dealer(self, table: Table[RulesT], hands: Sequence[Mapping[str, Any]]) -> str | None:
        """The dealer to suggest for the next hand: clockwise, or the same after a redeal."""
        # An adjustment deals no cards: the deal follows the last hand that had one.
        played = [hand for hand in hands if not is_adjustment(hand)]
        if not played:
            return None
        last = played[-1]
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


@dataclass(frozen=True)
class Adjustment:
    """Points the table agreed on that no hand gave (a penalty, a sheet put right): every
    side's change, 0 where unchanged, and why. It deals no cards and decides nothing."""

    points: Mapping[str, int]
    reason: str


def is_adjustment(raw: object) -> bool:
    """Whether a hand as the table reported it is an adjustment rather than a hand played."""
    return isinstance(raw, Mapping) and ADJUSTMENT in raw


def read_adjustment(table: Table[object], raw: Mapping[str, Any]) -> Adjustment:
    """An adjustment: a whole number per side (players, or teams where the game has teams),
    at least one not 0, and a reason of 1 to 120 characters under the rules of a note."""
    check_keys(raw, {ADJUSTMENT, REASON})
    value = raw[ADJUSTMENT]
    if not isinstance(value, Mapping):
        raise error(
            _(
                "an adjustment must give a number to each player (or team) it changes, not %(value)s"
            ),
            field=ADJUSTMENT,
            value=describe(value),
        )
    given: dict[str, int] = {}
    for raw_name, raw_points in value.items():
        name = raw_name.strip() if isinstance(raw_name, str) else raw_name
        if table.teams and name in table.players and name not in table.sides:
            raise error(
                _("this game is scored by teams: adjust the total of %(team)s, not of %(name)s"),
                field=ADJUSTMENT,
                team=table.team_of(name),
                name=name,
            )
        name = as_name(raw_name, table.sides, ADJUSTMENT, what="team" if table.teams else "player")
        if name in given:
            raise error(_("the adjustment of %(name)s is given twice"), field=ADJUSTMENT, name=name)
        points = as_int(
            raw_points, Text(_("the adjustment of %(name)s"), {"name": name}), ADJUSTMENT
        )
        if not -LARGEST_NUMBER <= points <= LARGEST_NUMBER:
            raise error(
                _("the adjustment of %(name)s must be from %(low)d to %(high)d, not %(points)d"),
                field=ADJUSTMENT,
                name=name,
                low=-LARGEST_NUMBER,
                high=LARGEST_NUMBER,
                points=points,
            )
        given[name] = points
    if not any(given.values()):
        raise error(_("an adjustment must change at least one total"), field=ADJUSTMENT)
    return Adjustment(
        {side: given.get(side, 0) for side in table.sides}, read_reason(raw.get(REASON))
    )


def adjustment_explanation(adjustment: Adjustment) -> Explanation:
    return Explanation(
        (Text(_("Adjustment: %(reason)s"), {"reason": adjustment.reason}),),
        tuple(
            Reason(side, points, Text(_("Agreed by the table.") if points else _("No change.")))
            for side, points in adjustment.points.items()
        ),
    )


def adjustment_summary(raw: Mapping[str, Any]) -> Text:
    """ "⚖ Revoke": the reason as given (history shows old versions too)."""
    return Text(_("⚖ %(reason)s"), {"reason": str(raw.get(REASON, "")).strip()})


def adjustment_details(raw: Mapping[str, Any]) -> str:
    """Each side's points with their sign, as a score sheet writes them ("Anne +3", and
    below zero with a true minus sign)."""
    points = raw.get(ADJUSTMENT)
    if not isinstance(points, Mapping):
        return ""
    return ", ".join(
        f"{name} {sheet_points(value) if isinstance(value, int) else value}"
        for name, value in points.items()
    )


# --- Reading the table's words -------------------------------------------------------------

# How an error message names a hand input; a game adds its own with `name_inputs`.
_INPUT_NAMES = {
    "dealer": _("the dealer"),
    "bidder": _("the bidder"),
    "partner": _("the partner"),
    "winner": _("the winner"),
    "bid": _("the bid"),
    "tricks": _("the tricks"),
    "redeal": _("redeal"),
    "made": _("made"),
}


def name_inputs(**names: str) -> None:
    """How error messages name a game's own inputs, e.g. ``maker=_("the maker")``."""
    _INPUT_NAMES.update(names)


def field_name(key: str) -> Text:
    return Text(_INPUT_NAMES.get(key, key))


def check_keys(
    raw: Mapping[str, Any], allowed: set[str], *, ignored: frozenset[str] = OUTPUT_KEYS
) -> None:
    for key in raw:
        if key not in allowed and key not in ignored and key != NOTE:
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


@dataclass(frozen=True)
class CountWords:
    """How errors name one count of a ``{name: count}`` input (`read_counts`)."""

    of: str
    twice: str
    negative: str


TRICK_WORDS = CountWords(
    _("the tricks of %(name)s"),
    _("the tricks of %(name)s are given twice"),
    _("the tricks of %(name)s cannot be negative (%(count)d)"),
)


def read_counts(
    raw: Mapping[str, Any],
    key: str,
    names: Sequence[str],
    *,
    what: str = "player",
    words: CountWords = TRICK_WORDS,
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
            raise error(words.twice, field=key, name=name)
        count = as_int(raw_count, Text(words.of, {"name": name}), key)
        if count < 0:
            raise error(
                words.negative,
                field=key,
                name=name,
                count=count,
            )
        counts[name] = count
    return counts


def describe(value: object) -> str | Text | Quoted:
    """A short, JSON-like rendering of a wrong value for an error message: a value as JSON
    writes it, a list or an object in words (translated where the message is shown)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return Quoted((value,))
    if isinstance(value, (list, tuple)):
        return Text(_("a list"))
    if isinstance(value, Mapping):
        return Text(_("an object"))
    return str(value)


def read_redeal(
    raw: Mapping[str, Any], table: Table[object], *, dealer_required: bool = True
) -> Redeal | None:
    """A redeal hand (only the dealer and ``"redeal": true``), or None for a played hand."""
    if not read_bool(raw, "redeal"):
        return None
    check_keys(raw, {"dealer", "redeal"})
    return Redeal(read_name(raw, "dealer", table.players, required=dealer_required))


#: A redeal scores nothing.
REDEAL_SCORE = Score({})


def redeal_explanation() -> Explanation:
    return Explanation((Text(_("Redeal: nobody scores.")),))


def redeal_summary(raw: Mapping[str, Any]) -> Text | None:
    return Text(_("Redeal")) if raw.get("redeal") is True else None


def reached(state: State, target: int) -> list[str]:
    return [side for side, total in state.totals.items() if total >= target]


def reached_text(facts: Mapping[str, Param], teams: bool = False) -> Text:
    """ "Anne reached 52 and wins.", with the total only when it went past the target; a
    team is many: "Nord reached 10 and win." """
    if facts["total"] == facts["target"]:
        if teams:
            return Text(_("%(winner)s reached %(target)d and win."), facts)
        return Text(_("%(winner)s reached %(target)d and wins."), facts)
    if teams:
        return Text(_("%(winner)s reached %(target)d with %(total)d and win."), facts)
    return Text(_("%(winner)s reached %(target)d with %(total)d and wins."), facts)


def reached_reason(facts: Mapping[str, Param]) -> Text:
    """ "Reached 10 with 11.": `reached_text` under a banner that names the winner."""
    if facts["total"] == facts["target"]:
        return Text(_("Reached %(target)d."), facts)
    return Text(_("Reached %(target)d with %(total)d."), facts)


#: When a hand input applies: only to a hand that was played (not a redeal).
PLAYED: Condition = {"redeal": (False,)}


def applies(spec: HandInput, values: Mapping[str, Any], inputs: Mapping[str, HandInput]) -> bool:
    """Whether an input applies to a hand with these values (its `shown_when`); an input
    left out has its default."""
    return all(
        values.get(key, inputs[key].default) in allowed for key, allowed in spec.shown_when.items()
    )


def redeal_input(label: str, help: str) -> HandInput:
    return HandInput(
        name="redeal",
        label=Text(label),
        kind="flag",
        help=Text(help),
        required=False,
        default=False,
    )


def player_input(
    table: Table[object],
    name: str,
    label: str,
    help: str | None = None,
    shown_when: Condition = PLAYED,
    *,
    empty_label: str | None = None,
) -> HandInput:
    """A player's name; with `empty_label` it may be left empty (those are its words)."""
    return HandInput(
        name=name,
        label=Text(label),
        kind="player",
        help=_text(help),
        required=empty_label is None,
        options=tuple(Option(p, Text(p)) for p in table.players),
        shown_when=shown_when,
        empty_label=_text(empty_label),
    )


def flag_input(
    name: str, label: str, help: str | None = None, shown_when: Condition = PLAYED
) -> HandInput:
    """An optional true/false input of a hand; left out it is false."""
    return HandInput(
        name=name,
        label=Text(label),
        kind="flag",
        help=_text(help),
        required=False,
        default=False,
        shown_when=shown_when,
    )


def outcome_input(label: str, shown_when: Condition, *, made: str, failed: str) -> HandInput:
    """Whether a bid that decides much (an Amerikaner, a kaiser bid) was made: two chips,
    neither chosen, since a choice left to a default would decide a hand the table never
    said."""
    return HandInput(
        name="made",
        label=Text(label),
        kind="choice",
        options=(Option(True, Text(made)), Option(False, Text(failed))),
        shown_when=shown_when,
    )


def dealer_input(table: Table[object], *, required: bool = True) -> HandInput:
    return HandInput(
        name="dealer",
        label=Text(_("Dealer")),
        kind="player",
        required=required,
        options=tuple(Option(p, Text(p)) for p in table.players),
    )


def house_rules_table(card_game: CardGame[object, object]) -> str:
    """A game's house rules as a Markdown table (name, default, meaning), in English: the
    README's table for the game, so the docs say what the declarations say (a test checks)."""
    rows = ["| rule | default | meaning |", "| --- | --- | --- |"]
    for rule in card_game.house_rules():
        meaning = str(rule.label)
        if rule.options:
            options = "; ".join(f"`{option.value}` ({option.label})" for option in rule.options)
            meaning += f": {options}"
        if rule.empty_label is not None:
            meaning += f". Empty: {rule.empty_label}"
        if rule.help is not None:
            meaning += f". {rule.help}"
        rows.append(f"| `{rule.name}` | {_default(rule)} | {meaning.rstrip('.')}. |")
    return "\n".join(rows) + "\n"


def _default(rule: HouseRule) -> str:
    if rule.default is None:
        return "empty"
    if isinstance(rule.default, bool):
        return "true" if rule.default else "false"
    return f"`{rule.default}`" if isinstance(rule.default, str) else str(rule.default)
