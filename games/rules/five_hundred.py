"""Five Hundred: two teams of two, ten tricks a hand, bidding by the Avondale schedule.

Scoring (the game file format, scorekeeper/1, section "Five Hundred"): a bid of 6 to 10
tricks in a suit is worth 40 + 20 for each suit above spades (clubs, diamonds, hearts,
no trump) + 100 for each trick above six: 6 spades 40, 6 no trump 120, 7 spades 140, 10
no trump 520. The bidding team scores the value when it takes that many tricks (250, the
slam, when it takes all ten and its bid is worth less) and loses it otherwise; the other
team scores 10 for each trick it took. Misère (250) and open misère (500) are played
alone and made by taking no trick; the other team scores nothing.

After a hand the bidding team wins if it made its bid and reached 500; a team at or
below -500 loses (both: the bidding team).

House rules: `target`, `lose_at`, `win_needs_bid`, and the values of `misere`,
`open_misere` (0: not allowed) and `slam` (0: no slam bonus).
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
    as_int,
    check_keys,
    dealer_input,
    describe,
    flag_rule,
    name_inputs,
    number_rule,
    player_input,
    reached_text,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, Figures, FigureTable, GameFigures, bid_figures, points_table
from .rulebook import check_below_target, read_house_rules
from .teams import bid_out_reason, bid_out_text, fell_reason, fell_text, higher_of, parse_teams
from .text import Param, Quoted, Text, _, error, ngettext_lazy

TRICKS = 10
LOWEST, HIGHEST = 6, 10
#: The suits from the lowest: each is worth 20 more than the one before (Avondale).
SUITS = ("spades", "clubs", "diamonds", "hearts", "no_trump")
SUIT_WORDS = {
    "spades": _("spades"),
    "clubs": _("clubs"),
    "diamonds": _("diamonds"),
    "hearts": _("hearts"),
    "no_trump": _("no trump"),
}
MISERE, OPEN_MISERE = "misere", "open_misere"


@dataclass(frozen=True, kw_only=True)
class Rules:
    target: int = number_rule(
        _("Target"),
        500,
        _("The bidding team wins when it makes its bid and reaches it."),
        minimum=1,
    )
    lose_at: int | None = number_rule(
        _("A team at or below this loses"),
        -500,
        _("Empty: nobody loses that way."),
        nullable=True,
    )
    win_needs_bid: bool = flag_rule(
        _("Only the bidding team can win by reaching the target"),
        True,
        _("Off: any team at or above the target wins, the bidding team first."),
    )
    misere: int = number_rule(_("Misère"), 250, _("0: misère is not allowed."), minimum=0)
    open_misere: int = number_rule(
        _("Open misère"), 500, _("0: open misère is not allowed."), minimum=0
    )
    slam: int = number_rule(
        _("Slam"),
        250,
        _("A bid made with all 10 tricks scores this when its own value is lower. 0: no bonus."),
        minimum=0,
    )


@dataclass(frozen=True)
class TrickBid:
    """A bid of 6 to 10 tricks in a suit or no trump; `tricks` the bidding team's."""

    dealer: str
    bidder: str
    bid: int
    suit: str
    tricks: int

    @property
    def value(self) -> int:
        return bid_value(self.bid, self.suit)


@dataclass(frozen=True)
class Misere:
    """Misère or open misère, played alone; `tricks` the bidder's."""

    dealer: str
    bidder: str
    bid: str  # MISERE or OPEN_MISERE
    tricks: int


AnyHand = TrickBid | Misere | Redeal

name_inputs(suit=_("the suit"))


def bid_value(tricks: int, suit: str) -> int:
    """The Avondale value of a bid of `tricks` in `suit`."""
    return 40 + 20 * SUITS.index(suit) + 100 * (tricks - LOWEST)


class FiveHundred(CardGame[Rules, AnyHand]):
    name = "five_hundred"
    title = Text(_("Five Hundred"))
    rules_class = Rules
    seats = (4, 4)
    team_game = True
    # All passed: the deal passes on.
    redeal_keeps_dealer = False
    minutes_per_hand = 4.0
    counters = ("slams",)
    paired = True
    bid_levels = (
        *(
            (f"{n} {suit}", Text(_("%(bid)d %(suit)s"), {"bid": n, "suit": Text(SUIT_WORDS[suit])}))
            for n in range(LOWEST, HIGHEST + 1)
            for suit in SUITS
        ),
        (MISERE, Text(_("Misère"))),
        (OPEN_MISERE, Text(_("Open misère"))),
    )
    awards = (
        AwardRule(
            "slam",
            Text(_("Slam")),
            Text(_("Bid tricks and take all ten.")),
            tries="bids",
        ),
        AwardRule(
            "misere_made",
            Text(_("Misère")),
            Text(_("Bid misère (or open misère) and take no trick.")),
            tries="big_bids",
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Bidding")),
            (
                *bid_figures(),
                Figure(Text(_("Misère: made / tried")), "big_made", "made_of", of="big_bids"),
                Figure(Text(_("Slams")), "slams"),
            ),
            help=Text(_("Avg. bid: tricks, of the bids in a suit or no trump.")),
        ),
        points_table(),
    )

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        rules = Rules(**read_house_rules(self.house_rules(), raw, self.name))
        check_below_target(rules.lose_at, rules.target)
        return rules

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        return parse_teams(raw, players, self.name)

    def standing(self, table: Table[Rules], result: GameResult) -> Standing:
        """Beside a team at or above the target while play goes on (`win_needs_bid`): why
        it has not won."""
        rules = table.rules
        notes: dict[str, Text] = {}
        if rules.win_needs_bid and not result.finished:
            said = Text(
                _("At %(target)d or more: wins by making a bid of its own."),
                {"target": rules.target},
            )
            notes = {team: said for team, total in result.totals.items() if total >= rules.target}
        return Standing(rules.target, notes)

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> AnyHand:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        rules = table.rules
        dealer = read_name(raw, "dealer", table.players)
        bidder = read_name(raw, "bidder", table.players)
        assert dealer is not None and bidder is not None
        bid = raw.get("bid")
        if bid in (MISERE, OPEN_MISERE):
            if "suit" in raw:
                raise error(_("a misère is played without trumps: it has no suit"), field="suit")
            check_keys(raw, {"dealer", "bidder", "bid", "tricks", "redeal"})
            if not (rules.misere if bid == MISERE else rules.open_misere):
                raise error(
                    _("%(bid)s is not allowed (house rule)"), field="bid", bid=_misere_word(bid)
                )
            return Misere(dealer, bidder, str(bid), _read_tricks(raw, _("the bidder's tricks")))
        check_keys(raw, {"dealer", "bidder", "bid", "suit", "tricks", "redeal"})
        if bid is None:
            raise error(_("the bid is missing"), field="bid")
        number_bid = isinstance(bid, int) and not isinstance(bid, bool)
        if not number_bid or not LOWEST <= bid <= HIGHEST:
            raise error(
                _("the bid must be 6 to 10 tricks, misère or open misère, not %(value)s"),
                field="bid",
                value=describe(bid),
            )
        suit = raw.get("suit")
        if suit is None:
            raise error(_("the suit is missing"), field="suit")
        if suit not in SUITS:
            raise error(
                _("the suit must be one of %(suits)s, not %(value)s"),
                field="suit",
                suits=Quoted(SUITS),
                value=describe(suit),
            )
        tricks = _read_tricks(raw, _("the bidding team's tricks"))
        return TrickBid(dealer, bidder, bid, str(suit), tricks)

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: AnyHand) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        rules = table.rules
        bidding = table.team_of(hand.bidder)
        other = table.other_team(bidding)
        if isinstance(hand, Misere):
            value = rules.misere if hand.bid == MISERE else rules.open_misere
            made = hand.tricks == 0
            points = {bidding: value if made else -value, other: 0}
            return Score({team: points[team] for team in table.sides}, made, made_by=bidding)
        made = hand.tricks >= hand.bid
        value = hand.value
        slam = made and hand.tricks == TRICKS and value < rules.slam
        won = rules.slam if slam else value
        points = {bidding: won if made else -value, other: 10 * (TRICKS - hand.tricks)}
        facts: dict[str, Param] = {"slam": slam}
        return Score({team: points[team] for team in table.sides}, made, facts, made_by=bidding)

    def decide(
        self, table: Table[Rules], state: State, hand: AnyHand, score: Score
    ) -> Verdict | None:
        rules, totals = table.rules, state.totals
        bidding = None if isinstance(hand, Redeal) else table.team_of(hand.bidder)
        over = [team for team in table.sides if totals[team] >= rules.target]
        if rules.win_needs_bid:
            over = [team for team in over if team == bidding and score.made]
        if over:
            winner = bidding if bidding in over else higher_of(over, totals)
            if winner is not None:
                how = "bid and reached" if winner == bidding and score.made else "reached"
                facts: dict[str, Param] = {
                    "winner": winner,
                    "target": rules.target,
                    "total": totals[winner],
                }
                return Verdict((winner,), how, facts)
        if rules.lose_at is None:
            return None
        low = [team for team in table.sides if totals[team] <= rules.lose_at]
        if len(low) == 2:
            # Both fell: the bidding team loses; after a redeal the lower total.
            higher = higher_of(low, totals)
            loser = bidding or (None if higher is None else table.other_team(higher))
        else:
            loser = low[0] if low else None
        if loser is None:
            return None
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
        bidding = table.team_of(hand.bidder)
        other = table.other_team(bidding)
        params: dict[str, Param] = {
            "bidder": hand.bidder,
            "team": bidding,
            "other": other,
            "score": abs(score.points[bidding]),
            "minus_score": -abs(score.points[bidding]),
        }
        if isinstance(hand, Misere):
            params["bid"] = _misere_word(hand.bid)
            params["took"] = _tricks(hand.tricks)
            if score.made:
                line = Text(_("%(bidder)s bid %(bid)s and took no trick: +%(score)d."), params)
            else:
                line = Text(
                    _("%(bidder)s bid %(bid)s and took %(took)s: failed, %(minus_score)d."), params
                )
            lines = (line, Text(_("%(other)s scores nothing on a misère."), params))
            # Each team's reason in brief, as a total's hand-by-hand page shows it.
            own = (
                Text(_("%(bidder)s's %(bid)s, no trick: made."), params)
                if score.made
                else Text(_("%(bidder)s's %(bid)s, %(took)s: failed."), params)
            )
            said = {bidding: own, other: Text(_("Nothing on a misère."))}
            return Explanation(lines, _reasons(table, score, said))
        params.update(
            bid=bid_words(hand.bid, hand.suit),
            value=hand.value,
            took=_tricks(hand.tricks),
            other_took=_tricks(TRICKS - hand.tricks),
            other_score=score.points[other],
        )
        if score.facts["slam"]:
            message = _(
                "%(bidder)s bid %(bid)s (worth %(value)d) and %(team)s took all 10 tricks: a slam, +%(score)d."
            )
        elif score.made:
            message = _(
                "%(bidder)s bid %(bid)s (worth %(value)d) and %(team)s took %(took)s: made, +%(score)d."
            )
        else:
            message = _(
                "%(bidder)s bid %(bid)s (worth %(value)d) and %(team)s took %(took)s: failed, %(minus_score)d."
            )
        lines = (
            Text(message, params),
            Text(_("%(other)s took %(other_took)s: +%(other_score)d (10 a trick)."), params),
        )
        if score.facts["slam"]:
            own = Text(_("Bid %(bid)s, took all 10 tricks: a slam."), params)
        elif score.made:
            own = Text(_("Bid %(bid)s, took %(took)s: made."), params)
        else:
            own = Text(_("Bid %(bid)s, took %(took)s: failed."), params)
        said = {bidding: own, other: Text(_("10 a trick taken."))}
        return Explanation(lines, _reasons(table, score, said))

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = verdict.facts
        if verdict.how == "fell":
            return fell_text(facts)
        if verdict.how == "reached":
            return reached_text(facts, teams=True)
        return bid_out_text(facts)

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        if verdict.how == "fell":
            return fell_reason(verdict.facts)
        if verdict.how == "reached":
            return super().explain_reason(table, verdict)
        return bid_out_reason(verdict.facts)

    # --- Statistics and awards ---

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = GameFigures({player: Figures() for player in table.players})
        for scored in result.hands:
            hand = scored.hand
            if isinstance(hand, Redeal):
                continue
            made = bool(scored.made)
            bidding = table.team_of(hand.bidder)
            bidder = figures.players[hand.bidder]
            if isinstance(hand, TrickBid):
                bidder.bid(made, hand.bid, big=False)
                bidder.levels[f"{hand.bid} {hand.suit}"].add(made, scored.points[bidding])
                bidder.extra["slams"] += made and hand.tricks == TRICKS
                partner = next(
                    p for p in table.players if p != hand.bidder and table.team_of(p) == bidding
                )
                figures.pairs[(hand.bidder, partner)].add(made, scored.points[bidding])
            else:  # a misère, played alone: the partner sat it out, so no pair played it
                bidder.bid(made, None, big=True)
                bidder.levels[hand.bid].add(made, scored.points[bidding])
            for player in table.players:
                role = table.role_of(player, hand.bidder)
                figures.players[player].hand(scored.points[table.team_of(player)], role)
        return figures

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        found = set()
        for scored in result.hands:
            hand = scored.hand
            if isinstance(hand, TrickBid) and hand.tricks == TRICKS:
                found.add(("slam", hand.bidder))
            if isinstance(hand, Misere) and scored.made:
                found.add(("misere_made", hand.bidder))
        return sorted(found)

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        bidder, bid, suit = str(raw.get("bidder", "?")), raw.get("bid"), raw.get("suit")
        if bid in (MISERE, OPEN_MISERE):
            what: Text | str = _misere_word(str(bid))
        elif isinstance(bid, int) and suit in SUITS:
            what = bid_words(bid, str(suit))
        else:
            what = str(bid)
        # The tricks too: they tell a correction's two versions apart in the history.
        tricks = raw.get("tricks")
        took: Param = (
            _tricks(tricks)
            if type(tricks) is int
            else Text(_("%(tricks)s tricks"), {"tricks": str(raw.get("tricks", "?"))})
        )
        return Text(
            _("%(bidder)s %(bid)s, %(tricks)s"), {"bidder": bidder, "bid": what, "tricks": took}
        )

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        rules = table.rules
        bids: list[Option] = [Option(n, Text(str(n))) for n in range(LOWEST, HIGHEST + 1)]
        if rules.misere:
            bids.append(Option(MISERE, Text(_("misère"))))
        if rules.open_misere:
            bids.append(Option(OPEN_MISERE, Text(_("open misère"))))
        tricks_bid = {"redeal": (False,), "bid": tuple(range(LOWEST, HIGHEST + 1))}
        return (
            dealer_input(table),
            redeal_input(_("All passed / redeal"), _("No points; the deal passes on.")),
            player_input(table, "bidder", _("Bidder")),
            HandInput(
                name="bid",
                label=Text(_("Bid")),
                kind="choice",
                options=tuple(bids),
                shown_when=PLAYED,
            ),
            HandInput(
                name="suit",
                label=Text(_("Suit")),
                kind="choice",
                options=tuple(Option(suit, Text(SUIT_WORDS[suit])) for suit in SUITS),
                shown_when=tricks_bid,
            ),
            HandInput(
                name="tricks",
                label=Text(_("Tricks taken")),
                kind="number",
                help=Text(
                    _(
                        "By the bidding team; on a misère, by the bidder. The other team took the rest."
                    )
                    if rules.misere or rules.open_misere
                    else _("By the bidding team. The other team took the rest.")
                ),
                minimum=0,
                maximum=TRICKS,
                shown_when=PLAYED,
            ),
        )


def _read_tricks(raw: Mapping[str, Any], what: str) -> int:
    if raw.get("tricks") is None:
        raise error(_("%(what)s are missing"), field="tricks", what=Text(what))
    tricks = as_int(raw["tricks"], Text(what), "tricks")
    if not 0 <= tricks <= TRICKS:
        raise error(
            _("%(what)s must be from 0 to 10, not %(tricks)d"),
            field="tricks",
            what=Text(what),
            tricks=tricks,
        )
    return tricks


# --- The words -----------------------------------------------------------------------------


def _reasons(table: Table[Rules], score: Score, said: Mapping[str, Text]) -> tuple[Reason, ...]:
    """Each team's reason, in seating order."""
    return tuple(Reason(team, score.points[team], said[team]) for team in table.sides)


def bid_words(tricks: int, suit: str) -> Text:
    """ "8 hearts", "6 no trump"."""
    return Text(_("%(bid)d %(suit)s"), {"bid": tricks, "suit": Text(SUIT_WORDS[suit])})


def _misere_word(bid: str) -> Text:
    return Text(_("misère") if bid == MISERE else _("open misère"))


def _tricks(count: int) -> Text:
    return ngettext_lazy("%(count)d trick", "%(count)d tricks", count)
