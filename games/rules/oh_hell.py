"""Oh Hell: three to seven players, each for themselves, bid the exact tricks they will take.

Scoring (the game file format, scorekeeper/1, section "Oh Hell"):

* The cards dealt follow a schedule fixed before the game: `max_cards` (10 with 3 to 5
  players, 8 with 6, 7 with 7; at most 52 divided by the players), then one fewer each
  hand down to 1 and back up ("down-up", the default), or "up-down", "down", "up". The
  game ends with the schedule's last hand; a misdeal is dealt again and takes no place
  in it.
* Every player bids, in turn from the dealer's left, the dealer last: any number from 0
  to the cards in hand. With the hook (the default) the dealer may not bid so that the
  bids add up to the cards: somebody must miss.
* "exact-bonus" (the default): a point per trick taken, and 10 more when the tricks equal
  the bid. "exact-only": 10 plus the bid when exact, otherwise nothing. "penalty": 10 plus
  the bid when exact, otherwise minus the difference.
* After the last hand the highest total wins; players level on it share the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .awards import AwardRule
from .base import (
    PLAYED,
    REDEAL_SCORE,
    CardGame,
    CountWords,
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
    check_keys,
    choice_rule,
    dealer_input,
    field_name,
    flag_rule,
    is_adjustment,
    last_count,
    name_inputs,
    number_rule,
    read_counts,
    read_int,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from .figures import Figure, Figures, FigureTable, GameFigures, bid_figures, hand_figures
from .rulebook import check_range, read_house_rules
from .text import Names, Param, RuleError, Text, _, error, ngettext_lazy

DECK = 52
SEATS = (3, 7)
#: The bonus for a bid met exactly.
EXACT = 10


def usual_max_cards(players: int) -> int:
    """The spec's default for `max_cards`: 10 with 3 to 5 players, 8 with 6, 7 with 7."""
    return {6: 8, 7: 7}.get(players, 10)


@dataclass(frozen=True, kw_only=True)
class Rules:
    max_cards: int = number_rule(
        _("Most cards dealt"),
        help=_(
            "Empty: 10 with 3 to 5 players, 8 with 6, 7 with 7. At most 52 divided by the players."
        ),
        derived=True,
    )
    schedule: str = choice_rule(
        _("Cards each hand"),
        (
            Option("down-up", Text(_("the most, one fewer each hand down to 1, then back up"))),
            Option("up-down", Text(_("from 1 up to the most, then back down to 1"))),
            Option("down", Text(_("the most, down to 1"))),
            Option("up", Text(_("from 1 up to the most"))),
        ),
        "down-up",
        _("The game ends with the schedule's last hand."),
    )
    scoring: str = choice_rule(
        _("Scoring"),
        (
            Option("exact-bonus", Text(_("a point a trick, 10 more for an exact bid"))),
            Option("exact-only", Text(_("10 plus the bid when exact, else nothing"))),
            Option("penalty", Text(_("10 plus the bid when exact, else minus the difference"))),
        ),
        "exact-bonus",
    )
    hook: bool = flag_rule(
        _("The hook: the dealer may not make the bids add up to the cards"),
        True,
        _("Somebody must miss their bid."),
    )


def schedule(rules: Rules) -> tuple[int, ...]:
    """The cards dealt in each hand of the game, in order."""
    down = tuple(range(rules.max_cards, 0, -1))
    up = down[::-1]
    return {
        "down-up": down + up[1:],
        "up-down": up + down[1:],
        "down": down,
        "up": up,
    }[rules.schedule]


@dataclass(frozen=True)
class OhHellHand:
    """A hand played: every player's bid and tricks."""

    dealer: str
    bids: Mapping[str, int]
    tricks: Mapping[str, int]
    cards: int | None  # as the table wrote it, if it did


AnyHand = OhHellHand | Redeal

name_inputs(bids=_("the bids"), cards=_("the cards"))

BID_WORDS = CountWords(
    _("the bid of %(name)s"),
    _("the bid of %(name)s is given twice"),
    _("the bid of %(name)s cannot be negative (%(count)d)"),
)


class OhHell(CardGame[Rules, AnyHand]):
    name = "oh_hell"
    title = Text(_("Oh Hell"))
    details_label = Text(_("bid/tricks"))
    rules_class = Rules
    seats = SEATS
    usual_players = 4
    minutes_per_hand = 3.0
    # A misdeal: the same player deals the same number of cards again.
    redeal_keeps_dealer = True
    counters = ("exact_games",)
    bid_levels = tuple(
        (str(cards), ngettext_lazy("%(count)d card", "%(count)d cards", cards))
        for cards in range(1, DECK // SEATS[0] + 1)
    )
    bid_levels_label = Text(_("Cards in hand"))
    bid_levels_title = Text(_("Bids by cards in hand"))
    awards = (
        AwardRule(
            "spot_on",
            Text(_("Spot on")),
            Text(_("Meet your bid exactly on every hand of a game of Oh Hell.")),
        ),
    )
    figure_tables = (
        FigureTable(
            "bidding",
            Text(_("Bidding")),
            (
                *bid_figures(),
                Figure(Text(_("Every bid exact")), "exact_games"),
            ),
            help=Text(
                _(
                    "Made: the hands on which the player took exactly the tricks they bid. Every bid exact: games in which they always did."
                )
            ),
        ),
        FigureTable(
            "hands",
            Text(_("Hands")),
            hand_figures(),
        ),
    )

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        self.check_seats(players)
        given = read_house_rules(self.house_rules(), raw, self.name)
        if given["max_cards"] is None:
            given["max_cards"] = usual_max_cards(len(players))
        check_range("max_cards", given["max_cards"], 1, DECK // len(players))
        return Rules(**given)

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> AnyHand:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        check_keys(raw, {"dealer", "bids", "tricks", "cards", "redeal"})
        dealer = read_name(raw, "dealer", table.players)
        assert dealer is not None
        bids = read_counts(raw, "bids", table.players, words=BID_WORDS)
        missing = tuple(player for player in table.players if player not in bids)
        if len(missing) == 1:
            raise error(_("the bid of %(name)s is missing"), field="bids", name=missing[0])
        if missing:
            raise error(_("the bids of %(name)s are missing"), field="bids", name=Names(missing))
        cards = read_int(raw, "cards") if raw.get("cards") is not None else None
        given = raw.get("tricks")
        if cards is not None and not (isinstance(given, Mapping) and len(given) >= len(bids)):
            # A hand tapped in with its cards known has its bids checked as soon as they
            # are in, before its tricks: the bid the hook forbids is said when it is tapped.
            _check_bids(table, dealer, bids, cards)
        tricks = read_counts(raw, "tricks", table.players)
        missing = tuple(player for player in table.players if player not in tricks)
        if len(missing) == len(table.players):  # none given: the last is worked out anyway
            raise error(_("%(what)s are missing"), field="tricks", what=field_name("tricks"))
        if missing:
            raise error(
                _("the tricks of %(name)s are missing"), field="tricks", name=Names(missing)
            )
        return OhHellHand(dealer, bids, tricks, cards)

    def new_state(self, table: Table[Rules]) -> State:
        state = super().new_state(table)
        state.extra["dealt"] = 0  # the hands of the schedule played so far
        return state

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: AnyHand) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        cards = schedule(table.rules)[state.extra["dealt"]]
        _check_against_cards(table, hand, cards)
        state.extra["dealt"] += 1
        points = {
            player: _points(table.rules.scoring, hand.bids[player], hand.tricks[player])
            for player in table.players
        }
        made = {player: hand.bids[player] == hand.tricks[player] for player in table.players}
        return Score(points, made, {"cards": cards})

    def decide(
        self, table: Table[Rules], state: State, hand: AnyHand, score: Score
    ) -> Verdict | None:
        hands = len(schedule(table.rules))
        if state.extra["dealt"] < hands:
            return None
        best = max(state.totals.values())
        winners = tuple(player for player in table.players if state.totals[player] == best)
        return Verdict(winners, "last_hand", {"hands": hands, "total": best})

    # --- The words ---

    def explain(self, table: Table[Rules], hand: AnyHand, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        cards = score.facts["cards"]
        assert isinstance(cards, int)
        bid = sum(hand.bids.values())
        lines = [
            ngettext_lazy(
                "%(count)d card each; the bids added up to %(bid)d.",
                "%(count)d cards each; the bids added up to %(bid)d.",
                cards,
                bid=bid,
            )
        ]
        exact = [player for player in table.players if hand.bids[player] == hand.tricks[player]]
        lines.append(
            Text(_("Exact: %(names)s."), {"names": Names(tuple(exact))})
            if exact
            else Text(_("Nobody met their bid."))
        )
        return Explanation(
            tuple(lines),
            tuple(
                Reason(
                    player,
                    score.points[player],
                    _reason(table.rules.scoring, hand.bids[player], hand.tricks[player]),
                )
                for player in table.players
            ),
        )

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = dict(verdict.facts)
        hands = facts.pop("hands")
        assert isinstance(hands, int)
        if len(verdict.winners) > 1:
            return ngettext_lazy(
                "The schedule's last hand (%(count)d hand) is played: %(winners)s share the win with %(total)d.",
                "The schedule's last hand (%(count)d hands) is played: %(winners)s share the win with %(total)d.",
                hands,
                winners=Names(verdict.winners),
                **facts,
            )
        return ngettext_lazy(
            "The schedule's last hand (%(count)d hand) is played: %(winner)s wins with %(total)d.",
            "The schedule's last hand (%(count)d hands) is played: %(winner)s wins with %(total)d.",
            hands,
            winner=verdict.winners[0],
            **facts,
        )

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = dict(verdict.facts)
        hands = facts.pop("hands")
        assert isinstance(hands, int)
        if len(verdict.winners) > 1:
            return ngettext_lazy(
                "The schedule's last hand (%(count)d hand) is played: level on %(total)d.",
                "The schedule's last hand (%(count)d hands) is played: level on %(total)d.",
                hands,
                **facts,
            )
        return ngettext_lazy(
            "The schedule's last hand (%(count)d hand) is played: the highest total, %(total)d, wins.",
            "The schedule's last hand (%(count)d hands) is played: the highest total, %(total)d, wins.",
            hands,
            **facts,
        )

    def scheduled(self, table: Table[Rules], before: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The cards the schedule deals the hand after `before` (none after the last)."""
        plan = schedule(table.rules)
        dealt = _dealt(before)
        return {"cards": plan[dealt]} if dealt < len(plan) else {}

    def implied(self, table: Table[Rules], raw: Mapping[str, Any]) -> dict[str, Any]:
        """With the hand's cards known, the last player's tricks are the rest of them, and
        once the tricks given make up the cards, the players not given took none: a hand
        of one card takes a tap per bid and one for who took the trick. A redeal deals no
        cards."""
        hand = dict(raw)
        cards, tricks = hand.get("cards"), hand.get("tricks")
        if hand.get("redeal") is True:
            hand.pop("cards", None)
        elif type(cards) is int and isinstance(tricks, dict):
            hand["tricks"] = last_count(tricks, table.players, cards)
        return hand

    def hint(
        self, table: Table[Rules], before: Sequence[Mapping[str, Any]], raw: Mapping[str, Any]
    ) -> Text | None:
        """The cards of the hand after `before` by the schedule, and with the hook, once
        every other player's bid is in, the bid the dealer may not make."""
        plan = schedule(table.rules)
        dealt = _dealt(before)
        if dealt >= len(plan):
            return None
        cards = plan[dealt]
        words = ngettext_lazy(
            "Deal %(number)d of %(hands)d: %(count)d card each.",
            "Deal %(number)d of %(hands)d: %(count)d cards each.",
            cards,
            number=dealt + 1,
            hands=len(plan),
        )
        dealer, bids = raw.get("dealer"), raw.get("bids")
        if not (table.rules.hook and dealer in table.players and isinstance(bids, Mapping)):
            return words
        if _whole(bids.get(dealer)):
            return words  # the dealer has bid: the outcome, or the hook's refusal, says it
        others = [bids.get(player) for player in table.players if player != dealer]
        given = [bid for bid in others if _whole(bid)]
        if len(given) < len(others):
            return words
        forbidden = cards - sum(given)
        # The dealer's bid first: the line above Save may have room for only that.
        if not 0 <= forbidden <= cards:
            return Text(
                _("%(dealer)s bids last, and may bid anything. %(cards)s"),
                {"cards": words, "dealer": dealer},
            )
        return Text(
            _("%(dealer)s bids last, and may not bid %(bid)d (the hook). %(cards)s"),
            {"cards": words, "dealer": dealer, "bid": forbidden},
        )

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = {player: Figures() for player in table.players}
        plan = iter(schedule(table.rules))
        for scored in result.hands:
            hand = scored.hand
            if not isinstance(hand, OhHellHand):
                continue
            cards = next(plan)
            for player in table.players:
                exact = hand.bids[player] == hand.tricks[player]
                figures[player].bid(exact, hand.bids[player], big=False)
                figures[player].levels[str(cards)].add(exact, scored.points[player])
                figures[player].hand(scored.points[player])
        for player in _spot_on(table, result):
            figures[player].extra["exact_games"] += 1
        return GameFigures(figures)

    def earned(self, table: Table[Rules], result: GameResult) -> list[tuple[str, str]]:
        return [("spot_on", player) for player in _spot_on(table, result)]

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        if redeal is not None:
            return redeal
        bids, tricks = raw.get("bids"), raw.get("tricks")
        if not isinstance(bids, Mapping) or not isinstance(tricks, Mapping):
            return Text(_("A hand"))
        exact = tuple(str(name) for name, bid in bids.items() if tricks.get(name) == bid)
        if not exact:
            return Text(_("Nobody exact"))
        return Text(_("Exact: %(names)s"), {"names": Names(exact)})

    def hand_details(self, raw: Mapping[str, Any]) -> str:
        """Each player's bid and tricks, e.g. "Anne 2/2, Bjørn 1/0"."""
        bids, tricks = raw.get("bids"), raw.get("tricks")
        if not isinstance(bids, Mapping) or not isinstance(tricks, Mapping):
            return ""
        return ", ".join(f"{name} {bid}/{tricks.get(name, '?')}" for name, bid in bids.items())

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        most = table.rules.max_cards
        return (
            dealer_input(table),
            redeal_input(
                _("Misdeal"),
                _("The same dealer deals again; the hand takes no place in the schedule."),
            ),
            HandInput(
                name="bids",
                label=Text(_("Bids")),
                kind="tricks",
                help=Text(_("In turn from the dealer's left; the dealer bids last.")),
                minimum=0,
                maximum=most,
                shown_when=PLAYED,
                in_turn=True,
                limited_by="cards",
            ),
            HandInput(
                name="tricks",
                label=Text(_("Tricks taken")),
                kind="tricks",
                minimum=0,
                maximum=most,
                shown_when=PLAYED,
                limited_by="cards",
                adds_up=True,
            ),
        )


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _dealt(before: Sequence[Mapping[str, Any]]) -> int:
    """How many hands of the schedule these hands dealt: all but the redeals and the
    adjustments."""
    return sum(1 for hand in before if hand.get("redeal") is not True and not is_adjustment(hand))


def _check_against_cards(table: Table[Rules], hand: OhHellHand, cards: int) -> None:
    """A hand as the schedule deals it: the cards it says, bids up to them, every trick
    taken, and with the hook bids that do not add up to the cards."""
    if hand.cards is not None and hand.cards != cards:
        raise RuleError(
            ngettext_lazy(
                "the schedule deals %(count)d card for this hand, not %(given)d",
                "the schedule deals %(count)d cards for this hand, not %(given)d",
                cards,
                given=hand.cards,
            ),
            field="cards",
        )
    _check_bids(table, hand.dealer, hand.bids, cards)
    taken = sum(hand.tricks.values())
    if taken != cards:
        raise RuleError(
            ngettext_lazy(
                "the tricks add up to %(taken)d, but a hand of %(count)d card has %(count)d trick",
                "the tricks add up to %(taken)d, but a hand of %(count)d cards has %(count)d tricks",
                cards,
                taken=taken,
            ),
            field="tricks",
        )


def _check_bids(table: Table[Rules], dealer: str, bids: Mapping[str, int], cards: int) -> None:
    """Bids up to the cards, and with the hook bids that do not add up to them."""
    for player in table.players:
        if bids[player] > cards:
            raise RuleError(
                ngettext_lazy(
                    "%(name)s bid %(bid)d, but a hand of %(count)d card has %(count)d trick",
                    "%(name)s bid %(bid)d, but a hand of %(count)d cards has %(count)d tricks",
                    cards,
                    name=player,
                    bid=bids[player],
                ),
                field="bids",
            )
    if table.rules.hook and sum(bids.values()) == cards:
        raise error(
            _(
                "the bids add up to %(cards)d, the cards dealt: with the hook the dealer (%(dealer)s) may not bid %(bid)d"
            ),
            field="bids",
            cards=cards,
            dealer=dealer,
            bid=bids[dealer],
        )


def _points(scoring: str, bid: int, tricks: int) -> int:
    if tricks == bid:
        return tricks + EXACT if scoring == "exact-bonus" else EXACT + bid
    if scoring == "exact-bonus":
        return tricks
    if scoring == "exact-only":
        return 0
    return -abs(tricks - bid)


def _reason(scoring: str, bid: int, tricks: int) -> Text:
    facts: dict[str, Param] = {"bid": bid, "tricks": tricks, "bonus": EXACT}
    if tricks == bid:
        if scoring == "exact-bonus":
            return Text(
                _("Bid %(bid)d, took %(tricks)d: exact, a point a trick and %(bonus)d more."), facts
            )
        return Text(_("Bid %(bid)d, took %(tricks)d: exact, %(bonus)d plus the bid."), facts)
    if scoring == "exact-bonus":
        return Text(_("Bid %(bid)d, took %(tricks)d: a point a trick."), facts)
    if scoring == "exact-only":
        return Text(_("Bid %(bid)d, took %(tricks)d: not exact, nothing."), facts)
    return Text(_("Bid %(bid)d, took %(tricks)d: minus the difference."), facts)


def _spot_on(table: Table[Rules], result: GameResult) -> list[str]:
    """The players who met every bid of a finished game."""
    played = [scored.made for scored in result.hands if isinstance(scored.hand, OhHellHand)]
    if not result.finished:
        return []
    return [
        player
        for player in table.players
        if all(isinstance(made, Mapping) and made[player] for made in played)
    ]
