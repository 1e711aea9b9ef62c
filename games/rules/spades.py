"""Spades: two teams of two, thirteen tricks a hand, each player bids, first team to 500.

Scoring (the game file format, scorekeeper/1, section "Spades"): a team's contract is
the sum of its players' number bids. Made (its players who did not bid nil took at
least that many tricks): ten points per trick bid, plus a point for each trick over,
which is also a bag. Failed: it loses ten points per trick bid. A player who bids nil
(blind nil: before looking at the cards) wins 100 (200) by taking no trick and loses as
much otherwise; a failed nil's tricks never help the partner, and they count as bags.
Bags carry from hand to hand: each time a team's bags reach 10 it loses 100 and ten
bags are taken off.

After a hand a team at or above the target wins (both: the higher; level: play on); a
team at or below -200 loses (both: the higher total wins; level: play on).

House rules: `target`, `lose_at` (null: nobody loses that way), `nil`, `blind_nil` (0:
not allowed), `bag_limit`, `bag_penalty` and `nil_tricks_bags`.
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
    Option,
    Reason,
    Redeal,
    Score,
    Standing,
    State,
    Table,
    Team,
    Verdict,
    as_name,
    check_keys,
    dealer_input,
    describe,
    field_name,
    flag_rule,
    last_count,
    name_inputs,
    number_rule,
    reached_text,
    read_counts,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, Figures, FigureTable, GameFigures, hand_figures
from .rulebook import check_below_target, read_house_rules
from .teams import fell_reason, fell_text, higher_of, parse_teams
from .text import Names, Param, Text, _, error, ngettext_lazy, sentences

TRICKS = 13
NIL = "nil"
BLIND_NIL = "blind_nil"

Bid = int | str  # a number of tricks, NIL or BLIND_NIL


@dataclass(frozen=True, kw_only=True)
class Rules:
    target: int = number_rule(
        _("Target"), 500, _("A team at or above it wins; both: the higher total."), minimum=1
    )
    lose_at: int | None = number_rule(
        _("A team at or below this loses"),
        -200,
        _("Empty: nobody loses that way."),
        nullable=True,
    )
    nil: int = number_rule(_("Nil"), 100, _("Won or lost by a player who bids nil."), minimum=0)
    blind_nil: int = number_rule(
        _("Blind nil"),
        200,
        _("Bid before looking at the cards. 0: blind nil is not allowed."),
        minimum=0,
    )
    bag_limit: int = number_rule(
        _("Bags for a penalty"),
        10,
        _("Each time a team's bags reach it, the team loses the penalty and as many bags."),
        minimum=1,
    )
    bag_penalty: int = number_rule(
        _("Bag penalty"), 100, _("0: bags cost nothing (they still score a point)."), minimum=0
    )
    nil_tricks_bags: bool = flag_rule(
        _("A nil bidder's tricks are bags"),
        True,
        _("Each is a point and a bag for the team; off: they count for nothing."),
    )


@dataclass(frozen=True)
class SpadesHand:
    dealer: str
    bids: Mapping[str, Bid]  # per player
    tricks: Mapping[str, int]  # per player


@dataclass(frozen=True)
class TeamScore:
    """One team's hand, worked out: the arithmetic `Spades.score` sums up, kept for the words."""

    contract: int  # the sum of its number bids (0: both bid nil)
    counted: int  # the tricks of its players who did not bid nil
    nils: tuple[tuple[str, str, int], ...]  # (player, NIL or BLIND_NIL, tricks)
    bags: int  # this hand's
    penalties: int  # how many times its bags reached the limit
    carried: int  # its bags after the hand

    @property
    def made(self) -> bool:
        return self.counted >= self.contract


name_inputs(bids=_("the bids"))


class Spades(CardGame[Rules, SpadesHand | Redeal]):
    name = "spades"
    title = Text(_("Spades"))
    rules_class = Rules
    seats = (4, 4)
    team_game = True
    redeal_keeps_dealer = True
    output_keys = ("bags",)
    minutes_per_hand = 5.0
    counters = ("nils", "nils_made", "blind_nils", "blind_nils_made", "bag_penalties")
    bid_levels = tuple((str(n), Text(_("Bid %(bid)d"), {"bid": n})) for n in range(1, TRICKS + 1))
    awards = (
        AwardRule(
            "nil_made",
            Text(_("Nil")),
            Text(_("Bid nil and take no trick.")),
            tries="nils",
        ),
        AwardRule(
            "blind_nil_made",
            Text(_("Blind nil")),
            Text(_("Bid blind nil, before looking at the cards, and take no trick.")),
            tries="blind_nils",
        ),
        AwardRule(
            "bag_survivor",
            Text(_("Bagged and back")),
            Text(_("Win a game in which your team paid a bag penalty.")),
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Bidding")),
            (
                Figure(Text(_("Number bids")), "bids"),
                Figure(Text(_("Team made")), "made_rate", "percent"),
                Figure(Text(_("Avg. bid")), "average_bid", "average"),
                Figure(Text(_("Nil: made / tried")), "nils_made", "made_of", of="nils"),
                Figure(
                    Text(_("Blind nil: made / tried")),
                    "blind_nils_made",
                    "made_of",
                    of="blind_nils",
                ),
                Figure(Text(_("Bag penalties")), "bag_penalties"),
            ),
            help=Text(
                _(
                    "A number bid is made when the player's team makes its contract. Bag penalties: those the player's team paid."
                )
            ),
        ),
        FigureTable(
            "points",
            Text(_("Points")),
            hand_figures(),
            help=Text(_("The team's best and worst single hand.")),
        ),
    )

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        rules = Rules(**read_house_rules(self.house_rules(), raw, self.name))
        check_below_target(rules.lose_at, rules.target)
        return rules

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        return parse_teams(raw, players, self.name)

    def new_state(self, table: Table[Rules]) -> State:
        state = super().new_state(table)
        state.extra["bags"] = dict.fromkeys(table.sides, 0)
        return state

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> SpadesHand | Redeal:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        check_keys(raw, {"dealer", "bids", "tricks", "redeal"})
        dealer = read_name(raw, "dealer", table.players)
        assert dealer is not None
        bids = _read_bids(table, raw.get("bids"))
        tricks = read_counts(raw, "tricks", table.players)
        missing = tuple(player for player in table.players if player not in tricks)
        total = sum(tricks.values())
        if len(missing) == len(table.players):  # none given, as when the key is left out
            raise error(_("%(what)s are missing"), field="tricks", what=field_name("tricks"))
        # Counts that already take more than a hand has say so first: that is the mistake.
        if missing and total <= TRICKS:
            raise error(
                _("the tricks of %(name)s are missing"), field="tricks", name=Names(missing)
            )
        if total != TRICKS:
            raise error(
                _("the tricks add up to %(given)d, but a hand has %(tricks)d tricks"),
                field="tricks",
                given=total,
                tricks=TRICKS,
            )
        ordered = {player: tricks[player] for player in table.players}
        return SpadesHand(dealer, bids, ordered)

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: SpadesHand | Redeal) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        rules = table.rules
        points: dict[str, int] = {}
        made: dict[str, bool] = {}
        nils: dict[str, bool] = {}
        facts: dict[str, Param] = {}
        paid: list[str] = []  # the teams whose bags reached the limit
        for team in table.teams:
            worked = _team_score(rules, hand, team, state.extra["bags"][team.name])
            state.extra["bags"][team.name] = worked.carried
            points[team.name] = _team_points(rules, worked)
            if worked.contract > 0:
                made[team.name] = worked.made
            nils |= {player: tricks == 0 for player, _kind, tricks in worked.nils}
            facts[f"penalties {team.name}"] = worked.penalties
            facts[f"carried {team.name}"] = worked.carried
            if worked.penalties:
                paid.append(team.name)
        alone = {player: nils[player] for player in table.players if player in nils}
        return Score(points, None, facts, made_each=made, made_alone=alone, penalized=tuple(paid))

    def decide(
        self, table: Table[Rules], state: State, hand: SpadesHand | Redeal, score: Score
    ) -> Verdict | None:
        rules, totals = table.rules, state.totals
        over = [team for team in table.sides if totals[team] >= rules.target]
        if over:
            winner = higher_of(over, totals)
            if winner is None:
                return None  # both at the target, level: play goes on
            return Verdict(
                (winner,),
                "reached",
                {"winner": winner, "target": rules.target, "total": totals[winner]},
            )
        if rules.lose_at is None:
            return None
        low = [team for team in table.sides if totals[team] <= rules.lose_at]
        if not low:
            return None
        if len(low) == 1:
            loser = low[0]
        else:
            higher = higher_of(low, totals)
            if higher is None:
                return None  # both fell, level: play goes on
            loser = table.other_team(higher)
        winner = table.other_team(loser)
        return Verdict(
            (winner,),
            "fell",
            {"loser": loser, "total": totals[loser], "lose_at": rules.lose_at, "winner": winner},
        )

    def result_output(self, table: Table[Rules], result: GameResult) -> dict[str, Any]:
        return {"bags": _bags_after(table, result)}

    # --- The words ---

    def explain(self, table: Table[Rules], hand: SpadesHand | Redeal, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        rules = table.rules
        lines: list[Text] = []
        reasons: list[Reason] = []
        for team in table.teams:
            carried = _int(score.facts[f"carried {team.name}"])
            penalties = _int(score.facts[f"penalties {team.name}"])
            worked = _team_score(rules, hand, team, 0)
            parts = []
            if worked.contract > 0:
                parts.append(_contract_text(team.name, worked))
            parts += [
                _nil_text(rules, player, kind, tricks) for player, kind, tricks in worked.nils
            ]
            if penalties:
                parts.append(_penalty_text(rules, team.name, penalties, carried))
            lines += parts
            reasons.append(
                Reason(
                    team.name, score.points[team.name], _reason(rules, worked, penalties, carried)
                )
            )
        return Explanation(tuple(lines), tuple(reasons))

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = verdict.facts
        if verdict.how == "fell":
            return fell_text(facts)
        return reached_text(facts, teams=True)

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        if verdict.how == "fell":
            return fell_reason(verdict.facts)
        return super().explain_reason(table, verdict)

    def standing(self, table: Table[Rules], result: GameResult) -> Standing:
        bags = _bags_after(table, result)
        return Standing(
            table.rules.target,
            {team: _bags_text(table.rules, count) for team, count in bags.items()},
        )

    # --- Statistics and awards ---

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = GameFigures({player: Figures() for player in table.players})
        for scored, penalties in zip(result.hands, _penalties(table, result), strict=True):
            hand = scored.hand
            if not isinstance(hand, SpadesHand):
                continue
            made = scored.made_each or {}
            for player in table.players:
                team = table.team_of(player)
                mine = figures.players[player]
                bid = hand.bids[player]
                if isinstance(bid, int):
                    mine.bid(made[team], bid, big=False)
                    mine.levels[str(bid)].add(made[team], scored.points[team])
                else:
                    kind = "nils" if bid == NIL else "blind_nils"
                    mine.extra[kind] += 1
                    mine.extra[f"{kind}_made"] += hand.tricks[player] == 0
                mine.extra["bag_penalties"] += penalties[team]
                mine.hand(scored.points[team])
        return figures

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        found: set[tuple[str, str]] = set()
        for scored, penalties in zip(result.hands, _penalties(table, result), strict=True):
            hand = scored.hand
            if not isinstance(hand, SpadesHand):
                continue
            for player, bid in hand.bids.items():
                if bid in (NIL, BLIND_NIL) and hand.tricks[player] == 0:
                    found.add((f"{bid}_made", player))
            for team in table.teams:
                if team.name in result.winners and penalties[team.name]:
                    found.update(("bag_survivor", player) for player in team.members)
        return sorted(found)

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        bids = raw.get("bids")
        if not isinstance(bids, Mapping):
            return Text(_("A hand of spades"))
        return Text(
            _("Bids: %(bids)s"), {"bids": ", ".join(f"{p} {_bid_word(b)}" for p, b in bids.items())}
        )

    def implied(self, table: Table[Rules], raw: Mapping[str, Any]) -> dict[str, Any]:
        """Three players' tricks give the fourth's, the rest of the 13; and players left
        out when the others' make up the 13 took none."""
        hand = dict(raw)
        tricks = hand.get("tricks")
        if isinstance(tricks, dict):
            hand["tricks"] = last_count(tricks, table.players, TRICKS)
        return hand

    def own_bid(self, raw: Mapping[str, Any], player: str) -> Text:
        """A nil, or a blind nil."""
        bids = raw.get("bids")
        blind = isinstance(bids, Mapping) and bids.get(player) == BLIND_NIL
        return Text(_("blind nil")) if blind else Text(_("nil"))

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        bids = [Option(n, Text(str(n))) for n in range(1, TRICKS + 1)]
        bids.append(Option(NIL, Text(_("nil"))))
        if table.rules.blind_nil:
            bids.append(Option(BLIND_NIL, Text(_("blind nil"))))
        return (
            dealer_input(table),
            redeal_input(_("Misdeal"), _("No points; the same dealer deals again.")),
            HandInput(
                name="bids",
                label=Text(_("Bids")),
                kind="choice",
                help=Text(_("In turn from the dealer's left; the dealer bids last.")),
                options=tuple(bids),
                each=table.players,
                shown_when=PLAYED,
                in_turn=True,
            ),
            HandInput(
                name="tricks",
                label=Text(_("Tricks")),
                kind="tricks",
                help=Text(_("Three players' tricks are enough: the fourth took the rest.")),
                minimum=0,
                maximum=TRICKS,
                each=table.players,
                shown_when=PLAYED,
                adds_up=True,
            ),
        )


def _read_bids(table: Table[Rules], value: object) -> dict[str, Bid]:
    if value is None:
        raise error(_("the bids are missing"), field="bids")
    if not isinstance(value, Mapping):
        raise error(_("the bids must list a bid for each player"), field="bids")
    bids: dict[str, Bid] = {}
    for raw_name, bid in value.items():
        name = as_name(raw_name, table.players, "bids")
        if name in bids:
            raise error(_("the bid of %(name)s is given twice"), field="bids", name=name)
        if bid == BLIND_NIL and not table.rules.blind_nil:
            raise error(
                _("%(name)s bid blind nil, which is not allowed (house rule)"),
                field="bids",
                name=name,
            )
        valid_number = isinstance(bid, int) and not isinstance(bid, bool) and 1 <= bid <= TRICKS
        if not valid_number and bid not in (NIL, BLIND_NIL):
            raise error(
                _("the bid of %(name)s must be from 1 to 13, nil or blind nil, not %(value)s"),
                field="bids",
                name=name,
                value=describe(bid),
            )
        bids[name] = bid
    missing = tuple(player for player in table.players if player not in bids)
    if len(missing) == 1:
        raise error(_("the bid of %(name)s is missing"), field="bids", name=missing[0])
    if missing:
        raise error(_("the bids of %(name)s are missing"), field="bids", name=Names(missing))
    return {player: bids[player] for player in table.players}


def _team_score(rules: Rules, hand: SpadesHand, team: Team, bags_before: int) -> TeamScore:
    """A team's contract, counted tricks, nils and bags on this hand (the spec's lines)."""
    contract = counted = 0
    nils: list[tuple[str, str, int]] = []
    for player in team.members:
        bid = hand.bids[player]
        if isinstance(bid, int):
            contract += bid
            counted += hand.tricks[player]
        else:
            nils.append((player, bid, hand.tricks[player]))
    bags = max(counted - contract, 0) if contract > 0 else 0
    if rules.nil_tricks_bags:
        bags += sum(tricks for _player, _kind, tricks in nils)
    carried, penalties = bags_before + bags, 0
    while carried >= rules.bag_limit:
        carried -= rules.bag_limit
        penalties += 1
    return TeamScore(contract, counted, tuple(nils), bags, penalties, carried)


def _team_points(rules: Rules, worked: TeamScore) -> int:
    points = 0
    if worked.contract > 0:
        # Made: ten a trick bid and a point a trick over; failed: ten a trick bid lost.
        over = worked.counted - worked.contract
        points += 10 * worked.contract + over if worked.made else -10 * worked.contract
    for _player, kind, tricks in worked.nils:
        value = rules.nil if kind == NIL else rules.blind_nil
        points += value if tricks == 0 else -value
        if tricks and rules.nil_tricks_bags:
            points += tricks  # a point and a bag each
    return points - worked.penalties * rules.bag_penalty


def _penalties(table: Table[Rules], result: GameResult) -> list[dict[str, int]]:
    """How many bag penalties each team paid on each hand, the bags replayed from the start."""
    bags = dict.fromkeys(table.sides, 0)
    paid = []
    for scored in result.hands:
        found = dict.fromkeys(table.sides, 0)
        if isinstance(scored.hand, SpadesHand):
            for team in table.teams:
                worked = _team_score(table.rules, scored.hand, team, bags[team.name])
                bags[team.name], found[team.name] = worked.carried, worked.penalties
        paid.append(found)
    return paid


def _bags_after(table: Table[Rules], result: GameResult) -> dict[str, int]:
    bags = result.extra.get("bags") or dict.fromkeys(table.sides, 0)
    return {team: bags[team] for team in table.sides}


# --- The words -----------------------------------------------------------------------------


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _bid_word(bid: object) -> str:
    return (
        {NIL: "nil", BLIND_NIL: "blind nil"}.get(bid, str(bid))
        if isinstance(bid, str)
        else str(bid)
    )


def _contract_text(team: str, worked: TeamScore) -> Text:
    # A partner's nil tricks count for neither contract: said, so that the count is not
    # taken for the team's whole.
    nil_tricks = [player for player, _bid, tricks in worked.nils if tricks]
    took = (
        ngettext_lazy(
            "%(count)d trick (not counting %(nil)s's)",
            "%(count)d tricks (not counting %(nil)s's)",
            worked.counted,
            nil=nil_tricks[0],
        )
        if nil_tricks
        else ngettext_lazy("%(count)d trick", "%(count)d tricks", worked.counted)
    )
    params: dict[str, Param] = {
        "team": team,
        "bid": worked.contract,
        "took": took,
        "value": 10 * worked.contract,
        "minus_value": -10 * worked.contract,
    }
    if not worked.made:
        return Text(_("%(team)s bid %(bid)d and took %(took)s: failed, %(minus_value)d."), params)
    over = worked.counted - worked.contract
    if not over:
        return Text(_("%(team)s bid %(bid)d and took %(took)s: made, +%(value)d."), params)
    params["bags"] = ngettext_lazy("%(count)d bag", "%(count)d bags", over)
    params["over"] = over
    return Text(
        _("%(team)s bid %(bid)d and took %(took)s: made, +%(value)d and +%(over)d for %(bags)s."),
        params,
    )


def _nil_text(rules: Rules, player: str, kind: str, tricks: int) -> Text:
    value = rules.nil if kind == NIL else rules.blind_nil
    params: dict[str, Param] = {"player": player, "value": value, "minus_value": -value}
    if tricks == 0:
        message = (
            _("%(player)s bid nil and took no trick: +%(value)d.")
            if kind == NIL
            else _("%(player)s bid blind nil and took no trick: +%(value)d.")
        )
        return Text(message, params)
    params["took"] = ngettext_lazy("%(count)d trick", "%(count)d tricks", tricks)
    if rules.nil_tricks_bags:
        params["bags"] = ngettext_lazy("%(count)d bag", "%(count)d bags", tricks)
        params["tricks"] = tricks
        message = (
            _(
                "%(player)s bid nil and took %(took)s: %(minus_value)d, and +%(tricks)d for %(bags)s."
            )
            if kind == NIL
            else _(
                "%(player)s bid blind nil and took %(took)s: %(minus_value)d, and +%(tricks)d for %(bags)s."
            )
        )
    else:
        message = (
            _("%(player)s bid nil and took %(took)s: %(minus_value)d.")
            if kind == NIL
            else _("%(player)s bid blind nil and took %(took)s: %(minus_value)d.")
        )
    return Text(message, params)


def _reason(rules: Rules, worked: TeamScore, penalties: int, carried: int) -> Text:
    """A team's points in brief, beside its name ("Bid 7, took 8: made. 1 bag: 9 to the
    penalty"): what a total's hand-by-hand page says of each hand."""
    parts: list[Text] = []
    if worked.contract > 0:
        params: dict[str, Param] = {"bid": worked.contract, "took": worked.counted}
        parts.append(
            Text(_("Bid %(bid)d, took %(took)d: made."), params)
            if worked.made
            else Text(_("Bid %(bid)d, took %(took)d: set."), params)
        )
    for player, kind, tricks in worked.nils:
        said: dict[str, Param] = {"player": player}
        if kind == NIL:
            message = _("%(player)s's nil made.") if not tricks else _("%(player)s's nil failed.")
        elif not tricks:
            message = _("%(player)s's blind nil made.")
        else:
            message = _("%(player)s's blind nil failed.")
        parts.append(Text(message, said))
    if penalties:
        parts.append(
            Text(_("Bags penalty: %(points)d."), {"points": -penalties * rules.bag_penalty})
        )
    return sentences(*parts, _bags_text(rules, carried))


def _penalty_text(rules: Rules, team: str, penalties: int, carried: int) -> Text:
    return ngettext_lazy(
        "%(team)s's bags reached %(limit)d: %(minus_penalty)d, and they count on from %(carried)d.",
        "%(team)s's bags reached %(limit)d (%(count)d times): %(minus_penalty)d, and they count on from %(carried)d.",
        penalties,
        team=team,
        limit=rules.bag_limit,
        minus_penalty=-penalties * rules.bag_penalty,
        carried=carried,
    )


def _bags_text(rules: Rules, bags: int) -> Text:
    """ "7 bags: 3 to the penalty", what the scoreboard says beside a team's total."""
    if not rules.bag_penalty:
        return ngettext_lazy("%(count)d bag", "%(count)d bags", bags)
    return ngettext_lazy(
        "%(count)d bag: %(left)d to the penalty",
        "%(count)d bags: %(left)d to the penalty",
        bags,
        left=rules.bag_limit - bags,
    )
