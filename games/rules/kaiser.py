"""Kaiser: two teams of two, eight tricks a hand, bidding to 52.

Scoring (seed rules of the game file format, scorekeeper/1): a team's hand points are
its tricks, +5 for the trick holding the 5 of hearts and -3 for the trick holding the
3 of spades, so the two teams' points add up to 10. The bidding team scores its points
when they reach the bid, otherwise it loses the bid; a no-trump bid doubles both. The
other team scores its points, except that a team at bid-out (52 - 7 = 45 or more) no
longer gains points from the other team's bids (it still loses negative points).
Only the bidding team can win by reaching 52. The kaiser bid (the bidding team takes
seven tricks, the 5 of hearts among them, and the other team the 3 of spades in the
last) decides the game at once, for the bidders if made, against them if not.

House rules: `min_bid`, `target`, `bid_out`, `win_needs_bid`, `lose_at` (a team at or
below it loses), `negative_at_bid_out` and `no_trump_62` (the first no-trump contract
made raises the target and bid-out by 10).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .awards import AwardRule
from .base import (
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
    as_int,
    check_keys,
    dealer_input,
    flag_input,
    flag_rule,
    name_inputs,
    number_rule,
    outcome_input,
    player_input,
    reached_text,
    read_bool,
    read_counts,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, Figures, FigureTable, GameFigures, bid_figures, points_table
from .rulebook import read_house_rules
from .teams import bid_out_reason, bid_out_text, higher_of, parse_teams
from .text import Names, Param, Text, _, error, ngettext_lazy, sentences

TRICKS = 8
MAX_BID = 12
RAISE_62 = 10


@dataclass(frozen=True, kw_only=True)
class Rules:
    min_bid: int = number_rule(_("Lowest bid"), 7, minimum=1, maximum=MAX_BID)
    target: int = number_rule(
        _("Target"), 52, _("The bidding team wins when it reaches it."), minimum=1
    )
    bid_out: int = number_rule(
        _("Bid-out at"),
        help=_(
            "From this total a team scores only by bidding. Empty: target minus the lowest bid."
        ),
        derived=True,
    )
    win_needs_bid: bool = flag_rule(_("Only the bidding team can win by reaching the target"), True)
    lose_at: int | None = number_rule(
        _("A team at or below this loses"), help=_("For example -52. Empty: nobody loses that way.")
    )
    negative_at_bid_out: bool = flag_rule(_("A team at bid-out still loses negative points"), True)
    no_trump_62: bool = flag_rule(_("The first no-trump bid made raises the target to 62"))


@dataclass(frozen=True)
class ContractHand:
    """A hand played to a numeric bid."""

    dealer: str
    bidder: str
    bid: int
    no_trump: bool
    tricks: Mapping[str, int]
    five_hearts: str
    three_spades: str


@dataclass(frozen=True)
class KaiserBid:
    """Seven tricks with the 5 of hearts, the 3 of spades left to the other team in the
    last: made or not, it decides the game."""

    dealer: str
    bidder: str
    made: bool


AnyHand = ContractHand | KaiserBid | Redeal

name_inputs(
    kaiser=_("the kaiser bid"),
    no_trump=_("no trump"),
    five_hearts=_("the 5 of hearts"),
    three_spades=_("the 3 of spades"),
)


class Kaiser(CardGame[Rules, AnyHand]):
    name = "kaiser"
    title = Text(_("Kaiser"))
    rules_class = Rules
    minutes_per_hand = 3.0
    counters = ("five_hearts", "three_spades", "kaiser_bids", "kaiser_made")
    paired = True
    bid_levels = tuple(
        (f"{n}{nt}", Text(_("%(bid)d no trump") if nt else _("Bid %(bid)d"), {"bid": n}))
        for n in range(1, MAX_BID + 1)
        for nt in ("", "nt")
    )
    awards = (
        AwardRule(
            "kaiser_made",
            Text(_("Kaiser")),
            Text(_("Make a kaiser bid, which wins the game.")),
            tries="kaiser_bids",
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Bidding")),
            (
                *bid_figures(),
                Figure(Text(_("No trump: made / tried")), "big_made", "made_of", of="big_bids"),
                Figure(Text(_("Kaiser: made / tried")), "kaiser_made", "made_of", of="kaiser_bids"),
            ),
        ),
        FigureTable(
            "cards",
            None,
            (
                Figure(Text(_("Took the 5♥")), "five_hearts"),
                Figure(Text(_("Took the 3♠")), "three_spades"),
            ),
            help=Text(
                _(
                    "How many hands each player's team took the trick with the 5♥ (+5) and the one with the 3♠ (−3)."  # noqa: RUF001
                )
            ),
        ),
        points_table(),
    )
    seats = (4, 4)
    team_game = True

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        given = read_house_rules(self.house_rules(), raw, self.name)
        if given["bid_out"] is None:
            given["bid_out"] = given["target"] - given["min_bid"]
        rules = Rules(**given)
        if rules.lose_at is not None and rules.lose_at >= rules.target:
            raise error(
                _("the rule %(key)s (%(lose_at)d) must be below the target (%(target)d)"),
                field="lose_at",
                key="lose_at",
                lose_at=rules.lose_at,
                target=rules.target,
            )
        return rules

    def standing(self, table: Table[Rules], result: GameResult) -> Standing:
        raised = any(_raises(table.rules, scored.hand, scored.made) for scored in result.hands)
        target, bid_out = _in_force(table.rules, raised)
        notes = {
            team: Text(_("At bid-out (%(bid_out)d): scores only by bidding."), {"bid_out": bid_out})
            for team, total in result.totals.items()
            if total >= bid_out
        }
        if table.rules.win_needs_bid and not result.finished:
            # Past the target without having won: nothing is to go, a bid made is.
            notes |= {
                team: Text(
                    _("At %(target)d or more: wins by making a bid of its own."), {"target": target}
                )
                for team, total in result.totals.items()
                if total >= target
            }
        return Standing(target, notes)

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        return parse_teams(raw, players, "kaiser")

    def new_state(self, table: Table[Rules]) -> State:
        state = super().new_state(table)
        state.extra["raised"] = False
        return state

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> AnyHand:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        if read_bool(raw, "kaiser"):
            check_keys(raw, {"dealer", "bidder", "kaiser", "made", "redeal"})
            dealer = read_name(raw, "dealer", table.players)
            bidder = read_name(raw, "bidder", table.players)
            assert dealer is not None and bidder is not None
            if raw.get("made") is None:
                raise error(_("say whether the kaiser bid was made"), field="made")
            return KaiserBid(dealer, bidder, read_bool(raw, "made"))
        keys = {"dealer", "bidder", "bid", "no_trump", "tricks", "five_hearts", "three_spades"}
        check_keys(raw, keys | {"redeal", "kaiser"})
        teams = table.sides
        dealer = read_name(raw, "dealer", table.players)
        bidder = read_name(raw, "bidder", table.players)
        assert dealer is not None and bidder is not None
        if raw.get("bid") is None:
            raise error(_("the bid is missing"), field="bid")
        bid = as_int(raw["bid"], Text(_("the bid")), "bid")
        low = table.rules.min_bid
        if not low <= bid <= MAX_BID:
            raise error(
                _("the bid must be from %(low)d to %(high)d, not %(bid)d"),
                field="bid",
                low=low,
                high=MAX_BID,
                bid=bid,
            )
        no_trump = read_bool(raw, "no_trump")
        tricks = read_counts(raw, "tricks", teams, what="team")
        missing = tuple(team for team in teams if team not in tricks)
        total = sum(tricks.values())
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
        five_hearts = read_name(raw, "five_hearts", teams, what="team")
        three_spades = read_name(raw, "three_spades", teams, what="team")
        assert five_hearts is not None and three_spades is not None
        for key, team, card in (
            ("five_hearts", five_hearts, _("the 5 of hearts")),
            ("three_spades", three_spades, _("the 3 of spades")),
        ):
            if tricks[team] == 0:
                raise error(
                    _("%(team)s took no trick, so it cannot have taken %(card)s"),
                    field=key,
                    team=team,
                    card=Text(card),
                )
        return ContractHand(dealer, bidder, bid, no_trump, tricks, five_hearts, three_spades)

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: AnyHand) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        bidding = table.team_of(hand.bidder)
        if isinstance(hand, KaiserBid):
            # It scores nothing: it decides the game (`decide`).
            return Score(dict.fromkeys(table.sides, 0), hand.made, made_by=bidding)
        rules = table.rules
        other = table.other_team(bidding)
        # A team's points: its tricks, +5 for the 5 of hearts, -3 for the 3 of spades.
        taken = {
            team: hand.tricks[team]
            + (5 if hand.five_hearts == team else 0)
            - (3 if hand.three_spades == team else 0)
            for team in table.sides
        }
        made = taken[bidding] >= hand.bid
        factor = 2 if hand.no_trump else 1
        raised_now = not state.extra["raised"] and _raises(rules, hand, made)
        state.extra["raised"] = state.extra["raised"] or raised_now
        target, bid_out = _in_force(rules, state.extra["raised"])
        points = {
            bidding: factor * taken[bidding] if made else -factor * hand.bid,
            other: taken[other],
        }
        # A team at bid-out gains nothing from the other team's bid (it may still lose).
        at_bid_out = state.totals[other] >= bid_out
        if at_bid_out and not (rules.negative_at_bid_out and taken[other] < 0):
            points[other] = 0
        facts: dict[str, Param] = {
            "taken": taken[bidding],
            "other_taken": taken[other],
            "at_bid_out": at_bid_out,
            "bid_out": bid_out,
            "raised_now": raised_now,
            "target": target,
        }
        return Score({team: points[team] for team in table.sides}, made, facts, made_by=bidding)

    def decide(
        self, table: Table[Rules], state: State, hand: AnyHand, score: Score
    ) -> Verdict | None:
        rules = table.rules
        if isinstance(hand, KaiserBid):
            bidding = table.team_of(hand.bidder)
            winner = bidding if hand.made else table.other_team(bidding)
            return Verdict((winner,), "kaiser", {"bidder": hand.bidder, "made": hand.made})
        bidding_team = table.team_of(hand.bidder) if isinstance(hand, ContractHand) else None
        target, _bid_out = _in_force(rules, state.extra["raised"])
        totals = state.totals
        over = [team for team in table.sides if totals[team] >= target]
        if rules.win_needs_bid:
            over = [team for team in over if team == bidding_team]
        if over:
            # The bidding team first; after a redeal (nobody bid) the higher total, and
            # level, play goes on.
            first = bidding_team if bidding_team in over else higher_of(over, totals)
            if first is None:
                return None
            how = "bid and reached" if first == bidding_team else "reached"
            return Verdict(
                (first,), how, {"winner": first, "target": target, "total": totals[first]}
            )
        if rules.lose_at is None:
            return None
        low = [team for team in table.sides if totals[team] <= rules.lose_at]
        if not low:
            return None
        if len(low) == 1:
            loser = low[0]
        elif bidding_team is not None:
            loser = bidding_team
        else:  # both fell on a redeal: the lower total loses; level, play goes on
            higher = higher_of(low, totals)
            if higher is None:
                return None
            loser = table.other_team(higher)
        winner = table.other_team(loser)
        return Verdict(
            (winner,),
            "fell",
            {"loser": loser, "total": totals[loser], "lose_at": rules.lose_at, "winner": winner},
        )

    # --- The words ---

    def explain(self, table: Table[Rules], hand: AnyHand, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        if isinstance(hand, KaiserBid):
            # Who bid it and who wins is the verdict's sentence (`explain_verdict`), shown
            # beside this one: said here too, the page said it twice.
            return Explanation(
                (Text(_("The kaiser bid scores no points; it decides the game at once.")),)
            )
        bidding = table.team_of(hand.bidder)
        other = table.other_team(bidding)
        facts = score.facts
        params: dict[str, Param] = {
            "team": bidding,
            "other": other,
            "bid": hand.bid,
            "score": abs(score.points[bidding]),
            "minus_score": -abs(score.points[bidding]),
            "bid_out": facts["bid_out"],
        }
        lines = [_contract_text(hand, score, params), _other_text(score, other, params)]
        if facts["raised_now"]:
            lines.append(
                Text(
                    _(
                        "The first no-trump bid made: the target rises to %(target)d and bid-out to %(bid_out)d (house rule)."
                    ),
                    facts,
                )
            )
        taken = {bidding: _number(facts["taken"]), other: _number(facts["other_taken"])}
        said = {team: _breakdown(hand, team, taken[team]) for team in table.sides}
        # Each team's reason says what came of its cards, as a total's hand-by-hand page
        # shows it: the bid's outcome, or the other team's bid-out.
        outcome = _outcome(hand, bool(score.made))
        said[bidding] = sentences(said[bidding], outcome)
        if facts["at_bid_out"] and score.points[other] == 0 and taken[other]:
            said[other] = sentences(said[other], Text(_("At bid-out: nothing.")))
        reasons = tuple(Reason(team, score.points[team], said[team]) for team in table.sides)
        return Explanation(tuple(lines), reasons)

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = verdict.facts
        if verdict.how == "kaiser":
            bidder = str(facts["bidder"])
            return _kaiser_bid_text(table, KaiserBid("", bidder, bool(facts["made"])))
        if verdict.how == "reached":
            return reached_text(facts, teams=True)
        if verdict.how == "fell":
            return Text(
                _(
                    "%(loser)s fell to %(total)d, at or below %(lose_at)d (house rule): %(winner)s win."
                ),
                facts,
            )
        return bid_out_text(facts)

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = verdict.facts
        if verdict.how == "kaiser":
            bidder = str(facts["bidder"])
            if facts["made"]:
                return Text(_("%(bidder)s bid kaiser and made it."), {"bidder": bidder})
            return Text(_("%(bidder)s bid kaiser and failed."), {"bidder": bidder})
        if verdict.how == "fell":
            return Text(
                _("%(loser)s fell to %(total)d, at or below %(lose_at)d (house rule)."), facts
            )
        if verdict.how == "reached":
            return super().explain_reason(table, verdict)
        return bid_out_reason(facts)

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = GameFigures({player: Figures() for player in table.players})
        for scored in result.hands:
            hand = scored.hand
            if isinstance(hand, Redeal):
                continue
            bidding = table.team_of(hand.bidder)
            if isinstance(hand, KaiserBid):
                figures.players[hand.bidder].extra["kaiser_bids"] += 1
                figures.players[hand.bidder].extra["kaiser_made"] += hand.made
            else:
                figures.players[hand.bidder].bid(bool(scored.made), hand.bid, big=hand.no_trump)
                level = f"{hand.bid}nt" if hand.no_trump else str(hand.bid)
                figures.players[hand.bidder].levels[level].add(
                    bool(scored.made), scored.points[bidding]
                )
                partner = next(
                    p for p in table.players if p != hand.bidder and table.team_of(p) == bidding
                )
                figures.pairs[(hand.bidder, partner)].add(bool(scored.made), scored.points[bidding])
            for player in table.players:
                team = table.team_of(player)
                role = table.role_of(player, hand.bidder)
                # A kaiser bid scores nothing, but it is a hand: a game decided by one alone
                # still has a best and worst hand (0), not a missing one stored as 0.
                figures.players[player].hand(scored.points[team], role)
                if isinstance(hand, ContractHand):
                    figures.players[player].extra["five_hearts"] += hand.five_hearts == team
                    figures.players[player].extra["three_spades"] += hand.three_spades == team
        return figures

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        made = {
            scored.hand.bidder
            for scored in result.hands
            if isinstance(scored.hand, KaiserBid) and scored.hand.made
        }
        return [("kaiser_made", player) for player in sorted(made)]

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        params = {"bidder": str(raw.get("bidder", "?")), "bid": str(raw.get("bid", "?"))}
        if raw.get("kaiser") is True:
            return Text(_("%(bidder)s: kaiser"), params)
        if raw.get("no_trump") is True:
            return Text(_("%(bidder)s %(bid)s no trump"), params)
        return Text(_("%(bidder)s %(bid)s"), params)

    def hand_details(self, raw: Mapping[str, Any]) -> str:
        cards = [
            f"{symbol} {raw[key]}"
            for key, symbol in (("five_hearts", "5\u2665"), ("three_spades", "3\u2660"))
            if raw.get(key)
        ]
        return "; ".join(part for part in (super().hand_details(raw), ", ".join(cards)) if part)

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        rules = table.rules
        teams = tuple(Option(t, Text(t)) for t in table.sides)
        numeric = {"redeal": (False,), "kaiser": (False,)}

        def card(name: str, label: str, help: str) -> HandInput:
            return HandInput(
                name=name,
                label=Text(label),
                kind="team",
                help=Text(help),
                options=teams,
                shown_when=numeric,
            )

        return (
            dealer_input(table),
            redeal_input(
                _("Misdeal / redeal"),
                _(
                    "No points; the same dealer deals again. When all pass, record the dealer's forced bid instead."
                ),
            ),
            player_input(table, "bidder", _("Bidder")),
            flag_input(
                "kaiser",
                _("Kaiser bid"),
                _(
                    "The bidding team takes seven tricks, the 5 of hearts among them, and the other team the 3 of spades in the last: it decides the game."
                ),
            ),
            # A box left unticked would have lost the game for a scorer who forgot it.
            outcome_input(
                _("The kaiser bid"),
                {"redeal": (False,), "kaiser": (True,)},
                made=_("made"),
                failed=_("failed"),
            ),
            HandInput(
                name="bid",
                label=Text(_("Bid")),
                kind="number",
                minimum=rules.min_bid,
                maximum=MAX_BID,
                shown_when=numeric,
            ),
            flag_input(
                "no_trump",
                _("No trump"),
                _("Doubles what the bidding team wins or loses."),
                numeric,
            ),
            HandInput(
                name="tricks",
                label=Text(_("Tricks per team")),
                kind="tricks",
                minimum=0,
                maximum=TRICKS,
                options=teams,
                shown_when=numeric,
            ),
            card("five_hearts", _("5 of hearts taken by"), _("+5 to the team that took it.")),
            card("three_spades", _("3 of spades taken by"), _("−3 to the team that took it.")),  # noqa: RUF001
        )


def _raises(rules: Rules, hand: object, made: object) -> bool:
    """Whether this hand raises the target and bid-out (the house rule no_trump_62): a
    no-trump bid made. Only the first such hand counts (the state remembers it)."""
    return rules.no_trump_62 and isinstance(hand, ContractHand) and hand.no_trump and bool(made)


def _in_force(rules: Rules, raised: bool) -> tuple[int, int]:
    """The target and bid-out in force, once the no_trump_62 raise has happened or not."""
    extra = RAISE_62 if raised else 0
    return rules.target + extra, rules.bid_out + extra


# --- The words -----------------------------------------------------------------------------


def _number(value: Param) -> int:
    assert isinstance(value, int)
    return value


def _kaiser_bid_text(table: Table[Rules], hand: KaiserBid) -> Text:
    bidding = table.team_of(hand.bidder)
    winner = bidding if hand.made else table.other_team(bidding)
    message = (
        _("%(bidder)s bid kaiser and made it: %(winner)s win the game.")
        if hand.made
        else _("%(bidder)s bid kaiser and failed: %(winner)s win the game.")
    )
    return Text(message, {"bidder": hand.bidder, "winner": winner})


def _points(value: int) -> Text:
    return ngettext_lazy("%(count)d point", "%(count)d points", value)


def _contract_text(hand: ContractHand, score: Score, params: Mapping[str, Param]) -> Text:
    """What the bidding team bid and took, and what came of it."""
    values = {**params, "points": _points(_number(score.facts["taken"]))}
    if score.made:
        message = (
            _(
                "%(team)s bid %(bid)d no trump and took %(points)s: made, +%(score)d (no trump doubles)."
            )
            if hand.no_trump
            else _("%(team)s bid %(bid)d and took %(points)s: made, +%(score)d.")
        )
    else:
        message = (
            _(
                "%(team)s bid %(bid)d no trump and took %(points)s: failed, %(minus_score)d (no trump doubles)."
            )
            if hand.no_trump
            else _("%(team)s bid %(bid)d and took %(points)s: failed, %(minus_score)d.")
        )
    return Text(message, values)


def _outcome(hand: ContractHand, made: bool) -> Text:
    """What came of the bid, in brief: "Bid 9: failed." ("doubled" for no trump)."""
    params: dict[str, Param] = {"bid": hand.bid}
    if hand.no_trump:
        message = (
            _("Bid %(bid)d no trump: made, doubled.")
            if made
            else _("Bid %(bid)d no trump: failed, doubled.")
        )
    else:
        message = _("Bid %(bid)d: made.") if made else _("Bid %(bid)d: failed.")
    return Text(message, params)


def _other_text(score: Score, other: str, params: Mapping[str, Param]) -> Text:
    """What the other team scores: its points, unless it is at bid-out."""
    values = {**params, "other_points": _points(_number(score.facts["other_taken"]))}
    if not score.facts["at_bid_out"]:
        return Text(_("%(other)s score what they took: %(other_points)s."), values)
    if score.points[other] < 0:
        return Text(
            _(
                "%(other)s are at bid-out (%(bid_out)d or more) but still lose their %(other_points)s."
            ),
            values,
        )
    return Text(
        _(
            "%(other)s are at bid-out (%(bid_out)d or more) and gain points only from their own bids."
        ),
        values,
    )


def _breakdown(hand: ContractHand, team: str, points: int) -> Text:
    """A team's points from its cards: tricks, the 5 of hearts, the 3 of spades."""
    tricks = hand.tricks[team]
    params: dict[str, Param] = {
        "tricks": ngettext_lazy("%(count)d trick", "%(count)d tricks", tricks),
        "points": _points(points),
        "spades": -3,  # signed, so that the page writes its minus like the table's
    }
    hearts, spades = hand.five_hearts == team, hand.three_spades == team
    if hearts and spades:
        return Text(
            _("%(tricks)s, +5 for the 5 of hearts, %(spades)d for the 3 of spades: %(points)s."),
            params,
        )
    if hearts:
        return Text(_("%(tricks)s, +5 for the 5 of hearts: %(points)s."), params)
    if spades:
        return Text(_("%(tricks)s, %(spades)d for the 3 of spades: %(points)s."), params)
    return Text(_("%(tricks)s: %(points)s."), params)
