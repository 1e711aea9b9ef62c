"""Euchre: two teams of two, five tricks a hand, first team to 10.

Scoring (seed rules of the game file format, scorekeeper/1): the maker's team must take
at least 3 of the 5 tricks. Making 3 or 4 scores 1 point, all 5 (a march) 2. A maker
who goes alone scores 2 for 3 or 4 tricks (the seed's "double"; 1 in tournament play)
and 4 for a march. Makers who take 2 or fewer are euchred: the defenders score 2 (the
same for a lone maker; 4 under the old laws). Only one team scores on a hand, so the
first team to reach the target wins. Every value is a house rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .awards import AwardRule
from .base import (
    PLAYED,
    REDEAL_SCORE,
    CardGame,
    Explanation,
    GameResult,
    HandInput,
    Preset,
    Reason,
    Redeal,
    Score,
    State,
    Table,
    Team,
    Verdict,
    check_keys,
    dealer_input,
    flag_input,
    name_inputs,
    number_rule,
    player_input,
    reached,
    reached_text,
    read_bool,
    read_int,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, Figures, FigureTable, GameFigures, points_table
from .rulebook import read_house_rules
from .teams import higher_of, parse_teams
from .text import Param, Text, _, error, ngettext_lazy


@dataclass(frozen=True, kw_only=True)
class Rules:
    target: int = number_rule(_("Target"), 10, _("The first team to reach it wins."), minimum=1)
    point: int = number_rule(_("Makers take 3 or 4 tricks"), 1, minimum=0)
    march: int = number_rule(_("Makers take all 5 (a march)"), 2, minimum=0)
    lone_point: int = number_rule(_("A lone maker takes 3 or 4"), 2, minimum=0)
    lone_march: int = number_rule(_("A lone maker takes all 5"), 4, minimum=0)
    euchre: int = number_rule(_("Makers euchred: to the defenders"), 2, minimum=0)
    lone_euchre: int = number_rule(_("A lone maker euchred: to the defenders"), 2, minimum=0)


@dataclass(frozen=True)
class TrumpHand:
    """A hand someone made trump in."""

    dealer: str
    maker: str
    alone: bool
    tricks: int


name_inputs(maker=_("the maker"), alone=_("alone"))


class Euchre(CardGame[Rules, TrumpHand | Redeal]):
    name = "euchre"
    title = Text(_("Euchre"))
    rules_class = Rules
    minutes_per_hand = 2.0
    counters = ("euchres", "marches")
    bid_levels = (
        ("partner", Text(_("With partner"))),
        ("alone", Text(_("Alone"))),
    )
    awards = (
        AwardRule(
            "lone_march",
            Text(_("Lone march")),
            Text(_("Take all five tricks playing alone.")),
            tries="big_bids",
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Making trump")),
            (
                Figure(Text(_("Made trump")), "bids"),
                Figure(Text(_("Made")), "made_rate", "percent"),
                Figure(Text(_("Alone: made / tried")), "big_made", "made_of", of="big_bids"),
                Figure(Text(_("Marches")), "marches"),
                Figure(Text(_("Euchres")), "euchres"),
            ),
            help=Text(
                _(
                    "Marches: hands the player's team made trump and took all 5 tricks. Euchres: hands the player's team defended and held the makers to 2 tricks or fewer."
                )
            ),
        ),
        points_table(_("As maker"), _("Points as maker")),
    )
    seats = (4, 4)
    team_game = True
    presets = (
        Preset(
            "tournament",
            Text(_("Tournament scoring: a lone hand with 3 or 4 tricks scores 1")),
            {"lone_point": 1},
        ),
    )
    # All passed twice: the cards are thrown in and the deal passes to the left.
    redeal_keeps_dealer = False

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        return Rules(**read_house_rules(self.house_rules(), raw, self.name))

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        return parse_teams(raw, players, "euchre")

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> TrumpHand | Redeal:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        check_keys(raw, {"dealer", "maker", "alone", "tricks", "redeal"})
        dealer = read_name(raw, "dealer", table.players)
        maker = read_name(raw, "maker", table.players)
        assert dealer is not None and maker is not None
        alone = read_bool(raw, "alone")
        tricks = read_int(raw, "tricks")
        if not 0 <= tricks <= 5:
            raise error(
                _("the makers' tricks must be from 0 to 5, not %(tricks)d"),
                field="tricks",
                tricks=tricks,
            )
        return TrumpHand(dealer, maker, alone, tricks)

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: TrumpHand | Redeal) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        rules = table.rules
        makers = table.team_of(hand.maker)
        made = hand.tricks >= 3
        if hand.tricks == 5:
            scorer, value = makers, rules.lone_march if hand.alone else rules.march
        elif made:
            scorer, value = makers, rules.lone_point if hand.alone else rules.point
        else:
            scorer, value = (
                table.other_team(makers),
                rules.lone_euchre if hand.alone else rules.euchre,
            )
        points = {side: (value if side == scorer else 0) for side in table.sides}
        return Score(points, made, made_by=makers)

    def decide(
        self, table: Table[Rules], state: State, hand: TrumpHand | Redeal, score: Score
    ) -> Verdict | None:
        over = reached(state, table.rules.target)
        if not over:
            return None
        # Only one team scores on a hand, so two teams over the target can only come from
        # start totals or an adjustment: the team that scored now, else (after a redeal) the
        # higher total wins; level, play goes on.
        scorer = [side for side, points in score.points.items() if points > 0 and side in over]
        winner = scorer[0] if scorer else higher_of(over, state.totals)
        if winner is None:
            return None
        return Verdict(
            (winner,),
            "reached",
            {"winner": winner, "target": table.rules.target, "total": state.totals[winner]},
        )

    # --- The words ---

    def explain(self, table: Table[Rules], hand: TrumpHand | Redeal, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        makers = table.team_of(hand.maker)
        scorer = makers if score.made else table.other_team(makers)
        return Explanation(
            (
                _makers_text(hand, makers, bool(score.made)),
                Text(
                    _("%(team)s +%(value)d; the other team scores nothing."),
                    {"team": scorer, "value": score.points[scorer]},
                ),
            ),
            tuple(
                Reason(
                    side,
                    score.points[side],
                    Text(_("Makers.")) if side == makers else Text(_("Defenders.")),
                )
                for side in table.sides
            ),
        )

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        return reached_text(verdict.facts, teams=True)

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = {player: Figures() for player in table.players}
        for scored in result.hands:
            hand = scored.hand
            if not isinstance(hand, TrumpHand):
                continue
            makers = table.team_of(hand.maker)
            figures[hand.maker].bid(bool(scored.made), None, big=hand.alone)
            figures[hand.maker].levels["alone" if hand.alone else "partner"].add(
                bool(scored.made), scored.points[makers]
            )
            for player in table.players:
                team = table.team_of(player)
                role = table.role_of(player, hand.maker)
                figures[player].hand(scored.points[team], role)
                if team == makers and hand.tricks == 5:
                    figures[player].extra["marches"] += 1
                if team != makers and not scored.made:
                    figures[player].extra["euchres"] += 1
        return GameFigures(figures)

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        marched = {
            scored.hand.maker
            for scored in result.hands
            if isinstance(scored.hand, TrumpHand) and scored.hand.alone and scored.hand.tricks == 5
        }
        return [("lone_march", player) for player in sorted(marched)]

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        tricks = raw.get("tricks", "?")
        # "1 trick", "3 tricks": a count read as the table gave it (history shows old ones).
        counted = isinstance(tricks, int) and not isinstance(tricks, bool)
        params: dict[str, Param] = {
            "maker": str(raw.get("maker", "?")),
            "tricks": ngettext_lazy("%(count)d trick", "%(count)d tricks", tricks)
            if counted
            else str(tricks),
        }
        if raw.get("alone") is True:
            return Text(_("%(maker)s alone, %(tricks)s"), params)
        return Text(_("%(maker)s made trump, %(tricks)s"), params)

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        return (
            dealer_input(table),
            redeal_input(
                _("All passed / redeal"),
                _("Nobody made trump: no points, the deal passes to the left."),
            ),
            player_input(table, "maker", _("Maker"), _("The player who named trump.")),
            flag_input("alone", _("Alone"), _("The maker played without a partner.")),
            HandInput(
                name="tricks",
                label=Text(_("Makers' tricks")),
                kind="number",
                minimum=0,
                maximum=5,
                shown_when=PLAYED,
            ),
        )


#: What the makers did, alone and together: all 5 tricks, made, or none.
_MAKERS_SAID = {
    "march": (
        _("%(maker)s went alone and took all 5 tricks: a lone march."),
        _("%(makers)s made trump and took all 5 tricks: a march."),
    ),
    "made": (
        _("%(maker)s went alone and took %(tricks)d tricks: made."),
        _("%(makers)s made trump and took %(tricks)d tricks: made."),
    ),
    "none": (
        _("%(maker)s went alone and took no tricks: euchred."),
        _("%(makers)s made trump and took no tricks: euchred."),
    ),
}


def _makers_text(hand: TrumpHand, makers: str, made: bool) -> Text:
    """What the makers did: a march, made, or euchred (taking 0, 1 or 2 tricks)."""
    names: dict[str, Param] = {"maker": hand.maker, "makers": makers, "tricks": hand.tricks}
    if hand.tricks == 5 or made or hand.tricks == 0:
        said = "march" if hand.tricks == 5 else "made" if made else "none"
        alone, together = _MAKERS_SAID[said]
        return Text(alone if hand.alone else together, names)
    if hand.alone:
        return ngettext_lazy(
            "%(maker)s went alone and took only %(count)d trick: euchred.",
            "%(maker)s went alone and took only %(count)d tricks: euchred.",
            hand.tricks,
            maker=hand.maker,
        )
    return ngettext_lazy(
        "%(makers)s made trump and took only %(count)d trick: euchred.",
        "%(makers)s made trump and took only %(count)d tricks: euchred.",
        hand.tricks,
        makers=makers,
    )
