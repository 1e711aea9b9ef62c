"""Amerikaner, the Norwegian bidding trick-taking game.

Scoring (seed rules of the game file format, scorekeeper/1):

* Deal "kitty": 4 players, 12 cards each, a 4-card kitty, 12 tricks a hand, bids from 6.
  Deal "full-deck": 3 to 6 players share the whole deck, 17 / 13 / 10 / 8 tricks a hand
  for 3 / 4 / 5 / 6 players (the rest is the blind), bids from 5.
* The highest bidder names a bid (a number of tricks, up to the tricks of a hand) and
  calls a partner by a card; if the card is in the kitty or the blind the bidder plays
  alone. Bidder and partner together must take at least the bid: then each gets +bid
  (overtricks do not count), otherwise each gets -bid. Every other player gets +1 per
  trick taken, made or not.
* "Amerikaner" is a bid to take every trick alone, with no partner: made, the bidder
  gets +52 and nobody else scores; failed, the bidder gets -52 and every other player
  +1 per trick.
* A player whose total reaches the target (52) after a hand wins. When several reach
  it on the same hand the tie rule decides (default: highest total, then the bidder,
  then the partner; players still level share the win).

House rules: `min_bid`, `target`, `amerikaner_points`, `tie_break` ("highest",
"bidding-side", "shared"), `amerikaner_wins` (a made Amerikaner wins outright) and
`bidder_double` (the bidder's points on a numeric bid count double).
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
    State,
    Table,
    Verdict,
    as_int,
    check_keys,
    choice_rule,
    dealer_input,
    flag_rule,
    last_count,
    number_rule,
    outcome_input,
    player_input,
    reached,
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
from .rulebook import check_range, read_house_rules
from .text import Names, Param, RuleError, Text, _, error, ngettext_lazy

AMERIKANER = "amerikaner"
KITTY = "kitty"
FULL_DECK = "full-deck"
TRICKS_FULL_DECK = {3: 17, 4: 13, 5: 10, 6: 8}


@dataclass(frozen=True, kw_only=True)
class Rules:
    deal: str = choice_rule(
        _("Deal"),
        (
            Option(KITTY, Text(_("Kitty: 4 players, 12 tricks, 4 cards in the kitty"))),
            Option(FULL_DECK, Text(_("Whole deck: 3 to 6 players, 17 / 13 / 10 / 8 tricks"))),
        ),
        empty_label=_("Standard: a kitty with 4 players, the whole deck otherwise"),
    )
    target: int = number_rule(_("Target"), 52, _("The first to reach it wins."), minimum=1)
    min_bid: int = number_rule(
        _("Lowest bid"),
        help=_("Empty: 6 with the kitty, 5 with the whole deck."),
        minimum=1,
        derived=True,
    )
    amerikaner_points: int = number_rule(
        _("Amerikaner is worth"),
        52,
        _("Won or lost by the player who bids Amerikaner."),
        minimum=1,
    )
    tie_break: str = choice_rule(
        _("When several reach the target on the same hand"),
        (
            Option("highest", Text(_("Highest total; if level the bidder, then the partner"))),
            Option("bidding-side", Text(_("The bidder's side first, then the highest total"))),
            Option("shared", Text(_("Level players share the win"))),
        ),
        "highest",
    )
    amerikaner_wins: bool = flag_rule(_("A made Amerikaner wins the game outright"))
    bidder_double: bool = flag_rule(_("The bidder's points count double (house rule)"))
    # Not a house rule: the tricks of a hand, which follow from the deal and the players.
    tricks: int


@dataclass(frozen=True)
class BidHand:
    """A hand someone bid on (a number of tricks, or Amerikaner)."""

    dealer: str
    bidder: str
    bid: int | None  # None: the Amerikaner bid
    partner: str | None
    tricks: Mapping[str, int]
    # Tricks of the bidding side: the hand's tricks less the opponents'.
    side_tricks: int

    @property
    def amerikaner(self) -> bool:
        return self.bid is None

    @property
    def side(self) -> tuple[str, ...]:
        return (self.bidder,) if self.partner is None else (self.bidder, self.partner)


class Amerikaner(CardGame[Rules, BidHand | Redeal]):
    name = "amerikaner"
    title = Text(_("Amerikaner"))
    rules_class = Rules
    minutes_per_hand = 2.5
    paired = True
    bid_levels = (
        *((str(n), Text(_("Bid %(bid)d"), {"bid": n})) for n in range(1, 14)),
        ("amerikaner", Text(_("Amerikaner"))),
    )
    awards = (
        AwardRule(
            "amerikaner_made",
            Text(_("Amerikaner")),
            Text(_("Make an Amerikaner bid: every trick, alone.")),
            tries="big_bids",
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Bidding")),
            (
                *bid_figures(),
                Figure(Text(_("Amerikaner: made / tried")), "big_made", "made_of", of="big_bids"),
            ),
        ),
        points_table(),
    )
    seats = (3, 6)

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        count = len(players)
        if not 3 <= count <= 6:
            raise error(_("Amerikaner is for 3 to 6 players, not %(count)d"), count=count)
        given = read_house_rules(self.house_rules(), raw, self.name)
        deal = given["deal"] or (KITTY if count == 4 else FULL_DECK)
        if deal == KITTY and count != 4:
            raise error(_("the kitty deal is for exactly 4 players, not %(count)d"), count=count)
        tricks = 12 if deal == KITTY else TRICKS_FULL_DECK[count]
        min_bid = given["min_bid"]
        if min_bid is None:
            min_bid = 6 if deal == KITTY else 5
        check_range("min_bid", min_bid, 1, tricks)
        return Rules(**{**given, "deal": deal, "min_bid": min_bid}, tricks=tricks)

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> BidHand | Redeal:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        check_keys(raw, {"dealer", "bidder", "bid", "partner", "tricks", "redeal"})
        rules, players = table.rules, table.players
        dealer = read_name(raw, "dealer", players)
        bidder = read_name(raw, "bidder", players)
        assert dealer is not None and bidder is not None
        bid = self._read_bid(raw, rules)
        partner = read_name(raw, "partner", players, required=False)
        if bid is None and partner is not None:
            raise error(_("an Amerikaner bid is played alone, without a partner"), field="partner")
        if partner == bidder:
            raise error(
                _("the partner must be another player than the bidder (%(bidder)s)"),
                field="partner",
                bidder=bidder,
            )
        tricks = read_counts(raw, "tricks", players)
        if bid is None and not tricks:
            _ask_amerikaner_outcome(raw)
        side = {bidder} if partner is None else {bidder, partner}
        given = sum(tricks.values())
        # Every count still missing, said at once: a form then asks for them all together;
        # counts that already take more than a hand has say that first (the mistake).
        missing = tuple(player for player in players if player not in side | tricks.keys())
        if missing and given <= rules.tricks:
            raise error(
                _(
                    "the tricks of %(names)s are missing (every player outside the bidding side must be listed)"
                ),
                field="tricks",
                names=Names(missing),
            )
        if given > rules.tricks or (len(tricks) == len(players) and given != rules.tricks):
            raise error(
                _("the tricks add up to %(given)d, but a hand has %(tricks)d tricks"),
                field="tricks",
                given=given,
                tricks=rules.tricks,
            )
        opponents = sum(count for player, count in tricks.items() if player not in side)
        if bid is None:
            _check_amerikaner_outcome(raw, opponents)
        return BidHand(dealer, bidder, bid, partner, tricks, rules.tricks - opponents)

    @staticmethod
    def _read_bid(raw: Mapping[str, Any], rules: Rules) -> int | None:
        value = raw.get("bid")
        if _is_amerikaner(value):
            return None
        if value is None:
            raise error(_("the bid is missing"), field="bid")
        bid = as_int(value, Text(_("the bid")), "bid")
        if not rules.min_bid <= bid <= rules.tricks:
            raise error(
                _("the bid must be from %(low)d to %(high)d, or amerikaner (not %(bid)d)"),
                field="bid",
                low=rules.min_bid,
                high=rules.tricks,
                bid=bid,
            )
        return bid

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: BidHand | Redeal) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        rules = table.rules
        # Every player outside the bidding side: +1 per trick, made or not...
        points = {p: 0 if p in hand.side else hand.tricks[p] for p in table.players}
        if hand.bid is None:
            # ... except when an Amerikaner is made: then nobody else scores.
            made = hand.side_tricks == rules.tricks
            if made:
                points = dict.fromkeys(table.players, 0)
            points[hand.bidder] = rules.amerikaner_points if made else -rules.amerikaner_points
            return Score(points, made)
        # Bidder and partner win or lose the bid (overtricks do not count).
        made = hand.side_tricks >= hand.bid
        stake = hand.bid if made else -hand.bid
        points[hand.bidder] = stake * (2 if rules.bidder_double else 1)
        if hand.partner is not None:
            points[hand.partner] = stake
        return Score(points, made)

    def decide(
        self, table: Table[Rules], state: State, hand: BidHand | Redeal, score: Score
    ) -> Verdict | None:
        rules, totals = table.rules, state.totals
        bid = hand if isinstance(hand, BidHand) else None
        if bid is not None and bid.amerikaner and score.made and rules.amerikaner_wins:
            return Verdict((bid.bidder,), "outright", {"bidder": bid.bidder})
        over = tuple(reached(state, rules.target))
        if not over:
            return None
        facts: dict[str, Param] = {"over": Names(over), "target": rules.target}
        if len(over) == 1:
            return Verdict(over, "reached", {**facts, "winner": over[0], "total": totals[over[0]]})
        bidder = bid.bidder if bid else None
        partner = bid.partner if bid else None
        if rules.tie_break == "bidding-side":
            side = [p for p in (bidder, partner) if p is not None and p in over]
            if side:
                winner = max(side, key=lambda p: totals[p])  # max keeps the bidder when level
                role = "bidder" if winner == bidder else "partner"
                return Verdict((winner,), "bidding-side", {**facts, "winner": winner, "role": role})
        top_total = max(totals[p] for p in over)
        top = tuple(p for p in over if totals[p] == top_total)
        facts.update(level=Names(top), total=top_total, all_level=top == over)
        if len(top) == 1:
            return Verdict(top, "highest", {**facts, "winner": top[0]})
        if rules.tie_break == "shared":
            return Verdict(top, "level, shared", facts)
        for candidate, how in ((bidder, "level, bidder"), (partner, "level, partner")):
            if candidate is not None and candidate in top:
                return Verdict((candidate,), how, {**facts, "winner": candidate})
        return Verdict(top, "level, neither", facts)

    # --- The words ---

    def explain(self, table: Table[Rules], hand: BidHand | Redeal, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        if hand.bid is None:
            return _explain_amerikaner(table, hand, score)
        return _explain_bid(table, hand, hand.bid, score)

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        return self._verdict_text(verdict, _VERDICTS, _LEVEL)

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        if verdict.how == "reached":
            return super().explain_reason(table, verdict)
        return self._verdict_text(verdict, _VERDICT_REASONS, _LEVEL_REASONS)

    @staticmethod
    def _verdict_text(
        verdict: Verdict, verdicts: Mapping[str, str], level: Mapping[str, str]
    ) -> Text:
        facts = verdict.facts
        if verdict.how in level:
            situation = Text(
                _("%(names)s reached %(target)d, level on %(total)d")
                if facts["all_level"]
                else _("%(names)s reached %(target)d and %(level)s are level on %(total)d"),
                {**facts, "names": facts["over"]},
            )
            return Text(level[verdict.how], {**facts, "situation": situation})
        if verdict.how == "reached":
            return reached_text(facts)
        role = _ROLES.get(str(facts.get("role")), "")
        return Text(
            verdicts[verdict.how], {**facts, "names": facts.get("over", ""), "role": Text(role)}
        )

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = GameFigures({player: Figures() for player in table.players})
        for scored in result.hands:
            hand = scored.hand
            if not isinstance(hand, BidHand):
                continue
            made = bool(scored.made)
            figures.players[hand.bidder].bid(made, hand.bid, big=hand.amerikaner)
            level = "amerikaner" if hand.bid is None else str(hand.bid)
            figures.players[hand.bidder].levels[level].add(made, scored.points[hand.bidder])
            for player in table.players:
                role = table.role_of(player, hand.bidder, hand.partner)
                figures.players[player].hand(scored.points[player], role)
            if hand.partner is not None:
                figures.pairs[(hand.bidder, hand.partner)].add(made, scored.points[hand.bidder])
        return figures

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        made = {
            scored.hand.bidder
            for scored in result.hands
            if isinstance(scored.hand, BidHand) and scored.hand.amerikaner and scored.made
        }
        return [("amerikaner_made", player) for player in sorted(made)]

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        params: dict[str, Param] = {
            "bidder": str(raw.get("bidder", "?")),
            "bid": str(raw.get("bid", "?")),
            "partner": str(raw.get("partner")),
        }
        if _is_amerikaner(raw.get("bid")):
            return Text(_("%(bidder)s: Amerikaner"), params)
        if raw.get("partner"):
            return Text(_("%(bidder)s %(bid)s with %(partner)s"), params)
        return Text(_("%(bidder)s %(bid)s alone"), params)

    def implied(self, table: Table[Rules], raw: Mapping[str, Any]) -> dict[str, Any]:
        """A made Amerikaner: the bidder took every trick, so a hand bid Amerikaner and said
        made with no opponent's tricks given says every opponent took none (4 taps and
        Save, at any number of players). Said neither made nor failed, it says nothing:
        nobody is taken to have swept the table by a chip left untapped. And with every other player's tricks given, the last
        opponent's are the rest of the hand's. A hand with some opponents' tricks given
        and others not (or two left out) is left as it is: the table has to say."""
        hand = super().implied(table, raw)
        tricks, bidder = hand.get("tricks") or {}, hand.get("bidder")
        if not isinstance(tricks, dict) or bidder not in table.players:
            return hand
        if not tricks and _is_amerikaner(hand.get("bid")) and hand.get("made") is True:
            hand["tricks"] = {player: 0 for player in table.players if player != bidder}
        elif len(tricks) == len(table.players) - 1 and bidder in tricks:
            # Only an opponent can be the one left out: the bidder's side may be.
            left_out = next(player for player in table.players if player not in tricks)
            if left_out != hand.get("partner"):
                hand["tricks"] = last_count(tricks, table.players, table.rules.tricks)
        return hand

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        rules = table.rules
        numbers = tuple(range(rules.min_bid, rules.tricks + 1))
        return (
            dealer_input(table),
            redeal_input(
                _("All passed / redeal"),
                _(
                    "Nobody bid, or the cards were misdealt: no points, the same dealer deals again."
                ),
            ),
            player_input(table, "bidder", _("Bidder")),
            HandInput(
                name="bid",
                label=Text(_("Bid")),
                kind="choice",
                options=(
                    *(Option(n, Text(str(n))) for n in numbers),
                    Option(AMERIKANER, Text(_("Amerikaner"))),
                ),
                help=Text(_("Tricks the bidder's side must take; Amerikaner: every trick, alone.")),
                minimum=rules.min_bid,
                maximum=rules.tricks,
                shown_when=PLAYED,
            ),
            # An Amerikaner left unsaid is neither made nor failed (a made one ends many
            # games), and a failed one asks the others' tricks.
            outcome_input(
                _("The Amerikaner"),
                {**PLAYED, "bid": (AMERIKANER,)},
                made=_("took every trick"),
                failed=_("lost a trick"),
            ),
            player_input(
                table,
                "partner",
                _("Partner"),
                _alone_help(table),
                shown_when={**PLAYED, "bid": numbers},
                empty_label=_("alone"),
            ),
            HandInput(
                name="tricks",
                label=Text(_("Tricks")),
                kind="tricks",
                help=Text(_("Each opponent's tricks; the bidder's side gets the rest.")),
                minimum=0,
                maximum=rules.tricks,
                shown_when=PLAYED,
            ),
        )


def _is_amerikaner(bid: object) -> bool:
    """The Amerikaner bid, in any letter case (the spec allows "Amerikaner")."""
    return isinstance(bid, str) and bid.strip().lower() == AMERIKANER


def _ask_amerikaner_outcome(raw: Mapping[str, Any]) -> None:
    """An Amerikaner with no trick given: the table has not said how it went."""
    made = raw.get("made")
    if made is None:
        raise error(_("say whether the Amerikaner took every trick"), field="made")
    if made is False:
        raise error(_("a lost Amerikaner: give the tricks the others took"), field="tricks")


def _check_amerikaner_outcome(raw: Mapping[str, Any], opponents: int) -> None:
    """Made or failed, as the table said it (the form's chip, or a file's `made`), must
    agree with the tricks given."""
    made = read_bool(raw, "made", default=opponents == 0)
    if made and opponents:
        lost = ngettext_lazy(
            "the others took %(count)d trick: the Amerikaner was lost",
            "the others took %(count)d tricks: the Amerikaner was lost",
            opponents,
        )
        raise RuleError(lost, field="made")
    if not made and not opponents:
        raise error(_("the others took no trick: the Amerikaner was made"), field="made")


def _explain_bid(table: Table[Rules], hand: BidHand, bid: int, score: Score) -> Explanation:
    made, rules = bool(score.made), table.rules
    reasons = [Reason(hand.bidder, score.points[hand.bidder], _bidder_reason(bid, made, rules))]
    if hand.partner is not None:
        reasons.append(
            Reason(
                hand.partner,
                score.points[hand.partner],
                Text(_("Partner: the bid of %(bid)d was made."), {"bid": bid})
                if made
                else Text(_("Partner: the bid of %(bid)d failed."), {"bid": bid}),
            )
        )
    for player in table.players:
        if player not in hand.side:
            reasons.append(
                Reason(player, score.points[player], _opponent_reason(hand.tricks[player]))
            )
    params: dict[str, Param] = {
        "bidder": hand.bidder,
        "partner": hand.partner or "",
        "took": hand.side_tricks,
        "tricks": rules.tricks,
        "bid": bid,
        "double": 2 * bid,
        # A failed bid's points, signed, so that the page writes its minus like the table's.
        "minus_bid": -bid,
        "minus_double": -2 * bid,
    }
    first = _BID_FIRST_SENTENCE[(made, hand.partner is not None)]
    second = _BID_SECOND_SENTENCE[(made, hand.partner is not None, rules.bidder_double)]
    return Explanation(
        (Text(first, params), Text(second, params)),
        tuple(sorted(reasons, key=lambda r: table.players.index(r.side))),
    )


def _explain_amerikaner(table: Table[Rules], hand: BidHand, score: Score) -> Explanation:
    rules, made = table.rules, bool(score.made)
    lost = rules.tricks - hand.side_tricks
    reasons = []
    for player in table.players:
        if player == hand.bidder:
            text = (
                Text(_("Bid Amerikaner and took every trick."))
                if made
                else ngettext_lazy(
                    "Bid Amerikaner and lost %(count)d trick.",
                    "Bid Amerikaner and lost %(count)d tricks.",
                    lost,
                )
            )
        elif made:
            text = Text(_("Opponent: nobody else scores when an Amerikaner is made."))
        else:
            text = _opponent_reason(hand.tricks[player])
        reasons.append(Reason(player, score.points[player], text))
    params: dict[str, Param] = {
        "bidder": hand.bidder,
        "tricks": rules.tricks,
        "stake": rules.amerikaner_points,
        "minus_stake": -rules.amerikaner_points,
    }
    if made:
        lines = (
            Text(_("%(bidder)s bid Amerikaner and took all %(tricks)d tricks: made."), params),
            Text(_("%(bidder)s +%(stake)d; nobody else scores."), params),
        )
    else:
        lines = (
            ngettext_lazy(
                "%(bidder)s bid Amerikaner but the others took %(count)d trick: failed.",
                "%(bidder)s bid Amerikaner but the others took %(count)d tricks: failed.",
                lost,
                bidder=hand.bidder,
            ),
            Text(_("%(bidder)s %(minus_stake)d; every other player +1 per trick."), params),
        )
    return Explanation(lines, tuple(reasons))


def _bidder_reason(bid: int, made: bool, rules: Rules) -> Text:
    if rules.bidder_double:
        message = (
            _("Bidder: the bid of %(bid)d was made; the bidder's points count double (house rule).")
            if made
            else _(
                "Bidder: the bid of %(bid)d failed; the bidder's points count double (house rule)."
            )
        )
    else:
        message = (
            _("Bidder: the bid of %(bid)d was made.")
            if made
            else _("Bidder: the bid of %(bid)d failed.")
        )
    return Text(message, {"bid": bid})


def _opponent_reason(tricks: int) -> Text:
    return ngettext_lazy(
        "Opponent: took %(count)d trick, +1 per trick.",
        "Opponent: took %(count)d tricks, +1 per trick.",
        tricks,
    )


# The second sentence of a numeric bid's explanation, by (made, has partner, bidder_double).
_BID_SECOND_SENTENCE = {
    (True, True, False): _(
        "Bidder and partner +%(bid)d each (overtricks do not count). Opponents +1 per trick."
    ),
    (True, True, True): _(
        "%(bidder)s +%(double)d (the bidder's points count double), %(partner)s +%(bid)d; overtricks do not count. Opponents +1 per trick."
    ),
    (True, False, False): _(
        "%(bidder)s +%(bid)d (overtricks do not count). Opponents +1 per trick."
    ),
    (True, False, True): _(
        "%(bidder)s +%(double)d (the bid, doubled for the bidder; overtricks do not count). Opponents +1 per trick."
    ),
    (False, True, False): _("Bidder and partner %(minus_bid)d each. Opponents +1 per trick."),
    (False, True, True): _(
        "%(bidder)s %(minus_double)d (the bidder's points count double), %(partner)s %(minus_bid)d. Opponents +1 per trick."
    ),
    (False, False, False): _("%(bidder)s %(minus_bid)d. Opponents +1 per trick."),
    (False, False, True): _(
        "%(bidder)s %(minus_double)d (the bid, doubled for the bidder). Opponents +1 per trick."
    ),
}

# The first sentence of a numeric bid's explanation, by (made, has partner).
_BID_FIRST_SENTENCE = {
    (True, False): _(
        "%(bidder)s played alone and took %(took)d of %(tricks)d tricks against a bid of %(bid)d: made."
    ),
    (False, False): _(
        "%(bidder)s played alone and took %(took)d of %(tricks)d tricks against a bid of %(bid)d: failed."
    ),
    (True, True): _(
        "Bidder side (%(bidder)s and %(partner)s) took %(took)d of %(tricks)d tricks against a bid of %(bid)d: made."
    ),
    (False, True): _(
        "Bidder side (%(bidder)s and %(partner)s) took %(took)d of %(tricks)d tricks against a bid of %(bid)d: failed."
    ),
}

# What decided the game (`Verdict.how`), when one rule alone did.
_VERDICTS = {
    "outright": _("%(bidder)s made an Amerikaner, which wins the game outright (house rule)."),
    "bidding-side": _(
        "%(names)s reached %(target)d; the bidding side wins (house rule), so %(winner)s (%(role)s) wins."
    ),
    "highest": _(
        "%(names)s reached %(target)d; %(winner)s has the highest total (%(total)d) and wins."
    ),
}

#: The same rules under a banner that names the winner (the others say no winner's name,
#: or need it: "Anne made an Amerikaner").
_REASONS = {
    "bidding-side": _("%(names)s reached %(target)d; the bidding side wins (house rule)."),
    "highest": _("%(names)s reached %(target)d; the highest total (%(total)d) wins."),
    "level, bidder": _("%(situation)s; the bidder wins ties."),
    "level, partner": _("%(situation)s; the partner wins ties when the bidder is not level."),
}

_ROLES = {"bidder": _("the bidder"), "partner": _("the partner")}

# When the highest are level: who is level is said once, then the rule that settles it.
_LEVEL = {
    "level, shared": _("%(situation)s; level players share the win (house rule)."),
    "level, bidder": _("%(situation)s; the bidder wins ties, so %(winner)s wins."),
    "level, partner": _(
        "%(situation)s; the partner wins ties when the bidder is not level, so %(winner)s wins."
    ),
    "level, neither": _(
        "%(situation)s; neither the bidder nor the partner is among them, so they share the win."
    ),
}


#: Every rule's sentence under the banner: its reason where it has one of its own.
_VERDICT_REASONS = {how: _REASONS.get(how, text) for how, text in _VERDICTS.items()}
_LEVEL_REASONS = {how: _REASONS.get(how, text) for how, text in _LEVEL.items()}


def _alone_help(table: Table[Rules]) -> str:
    """When the bidder has no partner, as the deal has it: the called card in the kitty,
    in the blind (the cards a whole deck leaves over), or, with no card left over, in the
    bidder's own hand."""
    if table.rules.deal == KITTY:
        return _("“Alone” when the called card was in the kitty: the bidder plays alone.")
    if table.rules.tricks * len(table.sides) < 52:
        return _("“Alone” when the called card was in the blind: the bidder plays alone.")
    return _("“Alone” when the bidder held the called card: the bidder plays alone.")
