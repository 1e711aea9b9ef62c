"""Points: any other game (Hearts, Rummy, Canasta, Skat, Cribbage...), its scores as the table
counts them.

Scoring (the game file format, scorekeeper/1, section "Points"): two to twelve players,
each for themselves or in teams of any size (every player in exactly one). Each hand the
table says what each player (or team) scored, from -10,000 to 10,000; a side left out
scores 0, and a redeal scores nothing. The game is finished after a hand once some
total reaches the `target`, or once `hands` hands are played (redeals not counted);
then the highest total wins, or the lowest with `low_wins` (as in Hearts, where the
game ends when somebody reaches 100), and sides level on it share the win. With
neither a target nor a number of hands the game is a tally that never finishes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    PLAYED,
    REDEAL_SCORE,
    CardGame,
    Explanation,
    GameResult,
    HandInput,
    Option,
    Preset,
    Reason,
    Redeal,
    Score,
    Standing,
    State,
    Table,
    Team,
    Verdict,
    as_int,
    as_name,
    check_keys,
    dealer_input,
    describe,
    flag_rule,
    name_inputs,
    number_rule,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, FigureTable
from .limits import LARGEST_NUMBER
from .rulebook import read_house_rules
from .text import Names, Param, Text, _, error, ngettext_lazy, sheet_number

SEATS = (2, 12)


@dataclass(frozen=True, kw_only=True)
class Rules:
    target: int | None = number_rule(
        _("Target"),
        help=_(
            "The game ends after a hand once a total reaches it (also when the lowest wins). Empty: no target."
        ),
    )
    low_wins: bool = flag_rule(_("The lowest total wins"), False, _("As in Hearts."))
    hands: int | None = number_rule(
        _("Hands to play"),
        help=_("The game ends after this many hands (redeals not counted). Empty: no limit."),
        minimum=1,
    )


@dataclass(frozen=True)
class ScoresHand:
    """What each side scored on a hand, as the table counted it."""

    scores: Mapping[str, int]
    dealer: str | None


name_inputs(scores=_("the scores"))


class Points(CardGame[Rules, ScoresHand | Redeal]):
    name = "points"
    title = Text(_("Points"))
    rules_class = Rules
    seats = SEATS
    usual_players = 4
    optional_teams = True
    redeal_keeps_dealer = True
    details_in_summary = True
    presets = (
        Preset("hearts", Text(_("Hearts: to 100, lowest wins")), {"target": 100, "low_wins": True}),
        Preset("rummy", Text(_("Rummy: to 500")), {"target": 500}),
        Preset("canasta", Text(_("Canasta: to 5,000")), {"target": 5000}),
        Preset("cribbage", Text(_("Cribbage: to 121")), {"target": 121}),
        Preset("skat", Text(_("Skat: 36 hands")), {"hands": 36}),
    )
    figure_tables = (
        FigureTable(
            "hands",
            Text(_("Hands")),
            # The most and the least, not the best and the worst: in Hearts the least is
            # the best, and one kind holds games where the highest wins and the lowest.
            (
                Figure(Text(_("Most on a hand")), "best_hand", "signed"),
                Figure(Text(_("Least on a hand")), "worst_hand", "signed"),
            ),
            help=Text(_("The most and the least a player (or their team) scored on one hand.")),
        ),
    )

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        self.check_seats(players)
        return Rules(**read_house_rules(self.house_rules(), raw, self.name))

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        """No teams (each for themselves), or two or more, every player in exactly one."""
        if raw is None:
            return ()
        if not isinstance(raw, Mapping):
            raise error(_("teams: two teams or more, every player in one"), field="teams")
        teams: list[Team] = []
        placed: set[str] = set()
        for raw_name, members in raw.items():
            name = raw_name.strip() if isinstance(raw_name, str) else ""
            if not name:
                raise error(_("each team needs a name"), field="teams")
            if any(team.name == name for team in teams):
                raise error(_("two teams are called %(name)s"), field="teams", name=name)
            if not isinstance(members, list) or not members:
                raise error(
                    _("team %(team)s must list its players, not %(value)s"),
                    field="teams",
                    team=name,
                    value=describe(members),
                )
            names = tuple(as_name(member, players, "teams") for member in members)
            for member in names:
                if member in placed:
                    raise error(_("%(name)s plays in two teams"), field="teams", name=member)
                placed.add(member)
            teams.append(Team(name, names))
        alone = tuple(player for player in players if player not in placed)
        if alone:
            raise error(
                _("every player plays in a team: %(names)s in none"),
                field="teams",
                names=Names(alone),
            )
        if len(teams) < 2:
            raise error(_("teams: two teams or more, every player in one"), field="teams")
        # In seating order: the team of the first player first.
        return tuple(sorted(teams, key=lambda team: min(players.index(m) for m in team.members)))

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> ScoresHand | Redeal:
        redeal = read_redeal(raw, table, dealer_required=False)
        if redeal is not None:
            return redeal
        check_keys(raw, {"scores", "dealer", "redeal"})
        dealer = read_name(raw, "dealer", table.players, required=False)
        value = raw.get("scores")
        if not isinstance(value, Mapping):
            raise error(
                _("the scores must give each player (or team) a number, not %(value)s"),
                field="scores",
                value=describe(value),
            )
        what = "team" if table.teams else "player"
        scores: dict[str, int] = {}
        for raw_name, raw_score in value.items():
            name = as_name(raw_name, table.sides, "scores", what=what)
            if name in scores:
                raise error(_("the score of %(name)s is given twice"), field="scores", name=name)
            score = as_int(raw_score, Text(_("the score of %(name)s"), {"name": name}), "scores")
            if not -LARGEST_NUMBER <= score <= LARGEST_NUMBER:
                raise error(
                    _("the score of %(name)s must be from %(low)d to %(high)d, not %(score)d"),
                    field="scores",
                    name=name,
                    low=-LARGEST_NUMBER,
                    high=LARGEST_NUMBER,
                    score=score,
                )
            scores[name] = score
        return ScoresHand(scores, dealer)

    def new_state(self, table: Table[Rules]) -> State:
        state = super().new_state(table)
        state.extra["played"] = 0  # hands that count towards `hands`
        return state

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: ScoresHand | Redeal) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        state.extra["played"] += 1
        return Score({side: hand.scores.get(side, 0) for side in table.sides})

    def decide(
        self, table: Table[Rules], state: State, hand: ScoresHand | Redeal, score: Score
    ) -> Verdict | None:
        rules = table.rules
        facts: dict[str, Param]
        if rules.target is not None and max(state.totals.values()) >= rules.target:
            over = [side for side in table.sides if state.totals[side] >= rules.target]
            facts = {"side": Names(tuple(over)), "target": rules.target}
            how = "target"
        elif rules.hands is not None and state.extra["played"] >= rules.hands:
            facts = {"hands": rules.hands}
            how = "hands"
        else:
            return None
        pick = min if rules.low_wins else max
        best = pick(state.totals.values())
        winners = tuple(side for side in table.sides if state.totals[side] == best)
        return Verdict(winners, how, {**facts, "total": best})

    def standing(self, table: Table[Rules], result: GameResult) -> Standing:
        return Standing(table.rules.target, {}, low_wins=table.rules.low_wins)

    def low_wins(self, rules: Mapping[str, Any]) -> bool:
        return rules.get("low_wins") is True

    # --- The words ---

    def explain(self, table: Table[Rules], hand: ScoresHand | Redeal, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        return Explanation(
            (Text(_("The scores as the table counted them.")),),
            tuple(
                Reason(
                    side,
                    score.points[side],
                    ngettext_lazy("Scored %(count)d point.", "Scored %(count)d points.", points)
                    if side in hand.scores
                    else Text(_("Left out: scores 0.")),
                )
                for side, points in score.points.items()
            ),
        )

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        return self._ended(verdict, self._won(table, verdict))

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        shared = len(verdict.winners) > 1
        if table.rules.low_wins:
            won = (
                _("Level on the lowest total, %(total)d.")
                if shared
                else _("The lowest total, %(total)d, wins.")
            )
        else:
            won = _("Level on %(total)d.") if shared else _("The highest total, %(total)d, wins.")
        return self._ended(verdict, Text(won, {"total": verdict.facts["total"]}))

    @staticmethod
    def _ended(verdict: Verdict, won: Text) -> Text:
        """How the game ended, then `won`: "All 10 hands are played: the game is over. …"."""
        facts = verdict.facts
        if verdict.how == "target":
            ended = Text(_("%(side)s reached %(target)d: the game is over."), facts)
        else:
            hands = facts["hands"]
            assert isinstance(hands, int)
            ended = ngettext_lazy(
                "The one hand is played: the game is over.",
                "All %(count)d hands are played: the game is over.",
                hands,
            )
        return Text(_("%(ended)s %(won)s"), {"ended": ended, "won": won})

    @staticmethod
    def _won(table: Table[Rules], verdict: Verdict) -> Text:
        """Who won, and with what: a team is many ("Nord win with 120.")."""
        shared = len(verdict.winners) > 1
        if table.rules.low_wins:
            if shared:
                won = _("%(winners)s share the win with the lowest total, %(total)d.")
            elif table.teams:
                won = _("%(winners)s win with the lowest total, %(total)d.")
            else:
                won = _("%(winners)s wins with the lowest total, %(total)d.")
        elif shared:
            won = _("%(winners)s share the win with %(total)d.")
        elif table.teams:
            won = _("%(winners)s win with %(total)d.")
        else:
            won = _("%(winners)s wins with %(total)d.")
        return Text(won, {"winners": Names(verdict.winners), "total": verdict.facts["total"]})

    def hint(
        self, table: Table[Rules], before: Sequence[Mapping[str, Any]], raw: Mapping[str, Any]
    ) -> Text | None:
        """The sum of the scores typed so far: a check on the table's count (Hearts' add up
        to 26)."""
        scores = raw.get("scores")
        if not isinstance(scores, Mapping) or not scores:
            return None
        typed = [n for n in scores.values() if type(n) is int]
        return Text(_("The scores add up to %(sum)d."), {"sum": sum(typed)})

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        scores = raw.get("scores")
        if not isinstance(scores, Mapping) or not any(scores.values()):
            return Text(_("Nobody scored"))
        return Text(_("Scores: %(details)s"), {"details": _scored(scores)})

    def hand_details(self, raw: Mapping[str, Any]) -> str:
        scores = raw.get("scores")
        if not isinstance(scores, Mapping):
            return ""
        return _scored(scores)

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        return (
            dealer_input(table, required=False),
            redeal_input(_("Redeal"), _("Nobody scores this hand.")),
            HandInput(
                name="scores",
                label=Text(_("Scores")),
                kind="scores",
                help=Text(_("What each scored this hand; below zero with a minus. Empty: 0.")),
                minimum=-LARGEST_NUMBER,
                maximum=LARGEST_NUMBER,
                options=tuple(Option(side, Text(side)) for side in table.sides),
                shown_when=PLAYED,
            ),
        )


def _scored(scores: Mapping[str, Any]) -> str:
    """The sides a hand's words name, with their scores as the score sheet writes them
    (below zero with a true minus sign): those who scored. A 0 typed and a box left empty
    (which scores 0) read the same, so neither is named."""
    return ", ".join(
        f"{name} {sheet_number(score) if type(score) is int else score}"
        for name, score in scores.items()
        if score != 0
    )
