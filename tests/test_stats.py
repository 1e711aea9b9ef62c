"""Statistics rows (`games.stats`): what each finished game leaves per player, and the
figures the pages read from them, every number worked out by hand from the hands.

Amerikaner scoring (games/rules/amerikaner.py): a made bid gives bidder and partner
+bid, a failed one -bid; every other player gets +1 a trick. A made Amerikaner gives
the bidder +52 and nobody else anything; a failed one -52, the others +1 a trick.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from games import backup, stats
from games.models import Game, GameStat, Group, Night, PairStat, Player
from games.rules import GAMES
from games.stats import HeadToHead, Selection
from tests.factories import FOUR, anne_wins, bid, game_file, make_game, make_group, revision

pytestmark = pytest.mark.django_db

THREE = ["Anne", "Bjørn", "Cato"]
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}  # partners sit opposite


def _rows(game: Game, *fields: str) -> dict[str, dict[str, Any]]:
    rows = GameStat.objects.filter(game=game).values("player__name", *fields)
    return {row.pop("player__name"): row for row in rows}


# --- The season: three Amerikaner games on three nights, shared by the view tests -------


def shared_win_hands() -> list[dict[str, Any]]:
    """Bjørn bids 12 with Dina four times and makes it (48 each, Anne and Cato take
    nothing), then 6 with Dina while Anne takes 2 tricks and Cato 3: 54 each on the same
    hand. With tie_break "shared", level players share the win."""
    twelve = [bid("Bjørn", 12, "Dina", {"Anne": 0, "Cato": 0}) for _ in range(4)]
    return [*twelve, bid("Bjørn", 6, "Dina", {"Anne": 2, "Cato": 3})]


def three_player_hands() -> list[dict[str, Any]]:
    """Three players: the whole deck, 17 tricks a hand.

    1. Anne 10 with Bjørn, Cato takes 5: 12 >= 10, made. Anne +10, Bjørn +10, Cato +5.
    2. Anne 10 with Bjørn, Cato takes 9: 8 < 10, failed. Anne -10, Bjørn -10, Cato +9.
    3. Cato bids Amerikaner, Anne takes 1 trick: failed. Cato -52, Anne +1, Bjørn 0.
    4. Bjørn bids Amerikaner and takes all: made. Bjørn +52, the others 0.
    Totals: Anne 1, Bjørn 52 (reaches 52: wins), Cato 5 + 9 - 52 = -38.
    """
    return [
        bid("Anne", 10, "Bjørn", {"Cato": 5}),
        bid("Anne", 10, "Bjørn", {"Cato": 9}),
        bid("Cato", "amerikaner", None, {"Anne": 1, "Bjørn": 0}),
        bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0}),
    ]


def nights() -> tuple[dt.date, dt.date, dt.date]:
    """Tonight; last New Year's Eve (within the last 12 months on any day of this year,
    but not this year); the New Year's Eve before (outside both)."""
    tonight = Night.evening_of(timezone.now())
    return tonight, dt.date(tonight.year - 1, 12, 31), dt.date(tonight.year - 2, 12, 31)


@dataclass(frozen=True)
class Season:
    group: Group
    tonight: Game  # anne_wins(): Anne 54 wins, the others 2 each
    shared: Game  # last New Year's Eve: Bjørn and Dina share the win on 54
    three: Game  # the New Year's Eve before: Anne, Bjørn and Cato; Bjørn wins on 52
    players: dict[str, Player]

    def id(self, name: str) -> int:
        return self.players[name].pk


def season() -> Season:
    group = make_group()
    tonight = make_game(group, hands=anne_wins())
    shared = make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    three = make_game(group, THREE, three_player_hands())
    _, new_years_eve, the_one_before = nights()
    move_to(shared, new_years_eve)
    move_to(three, the_one_before)
    Game.objects.rebuild_statistics()
    return Season(group, tonight, shared, three, {p.name: p for p in group.players.all()})


def move_to(game: Game, date: dt.date) -> None:
    night, _ = Night.objects.get_or_create(group=game.group, date=date)
    Game.objects.filter(pk=game.pk).update(night=night)


# --- Rows per finished game --------------------------------------------------------------


def test_amerikaner_rows_follow_the_hands() -> None:
    game = make_game(hands=anne_wins())
    rows = _rows(
        game,
        "place",
        "win_share",
        "total",
        "hands",
        "bids",
        "bids_made",
        "bid_total",
        "numeric_bids",
        "big_bids",
        "points_bidder",
        "points_opponent",
        "best_hand",
        "worst_hand",
        "date",
        "kind",
    )
    # Anne bid 12 four times and 6 once, all made: 5 bids, 54 bid in all, 54 points as
    # bidder, her best hand 12 and her worst 6.
    assert rows["Anne"] == {
        "place": 1,
        "win_share": 1.0,
        "total": 54,
        "hands": 5,
        "bids": 5,
        "bids_made": 5,
        "bid_total": 54,
        "numeric_bids": 5,
        "big_bids": 0,
        "points_bidder": 54,
        "points_opponent": 0,
        "best_hand": 12,
        "worst_hand": 6,
        "date": Night.evening_of(game.created_at),
        "kind": "amerikaner",
    }
    # The others took nothing until hand 5 (2 tricks each): level on 2, so all second.
    for name in FOUR[1:]:
        assert rows[name]["place"] == 2
        assert rows[name]["win_share"] == 0
        assert (rows[name]["points_opponent"], rows[name]["best_hand"]) == (2, 2)
        assert rows[name]["worst_hand"] == 0
    # Anne played every hand alone: no pair.
    assert not PairStat.objects.exists()


def test_a_shared_win_is_shared_and_the_rest_place_behind_the_winners() -> None:
    game = make_game(hands=shared_win_hands(), rules={"tie_break": "shared"})
    rows = _rows(game, "place", "win_share", "total", "points_partner")
    # Two winners: half a win each. Cato (3) and Anne (2) come after both winners: 3rd, 4th.
    assert {name: (r["place"], r["win_share"], r["total"]) for name, r in rows.items()} == {
        "Bjørn": (1, 0.5, 54),
        "Dina": (1, 0.5, 54),
        "Cato": (3, 0.0, 3),
        "Anne": (4, 0.0, 2),
    }
    # Dina was partner on all five hands: 12 * 4 + 6.
    assert rows["Dina"]["points_partner"] == 54
    pair = PairStat.objects.get()
    assert (pair.bidder.name, pair.partner.name) == ("Bjørn", "Dina")
    assert (pair.hands, pair.made, pair.points) == (5, 5, 54)


def test_three_player_game_with_amerikaner_made_and_failed() -> None:
    game = make_game(make_group(players=THREE), THREE, three_player_hands())
    rows = _rows(
        game,
        "place",
        "total",
        "bids",
        "bids_made",
        "bid_total",
        "numeric_bids",
        "big_bids",
        "big_made",
        "points_bidder",
        "points_partner",
        "points_opponent",
        "best_hand",
        "worst_hand",
    )
    # Anne: two bids of 10, one made; +10 - 10 as bidder; +1 as opponent on hand 3.
    assert rows["Anne"] == {
        "place": 2,
        "total": 1,
        "bids": 2,
        "bids_made": 1,
        "bid_total": 20,
        "numeric_bids": 2,
        "big_bids": 0,
        "big_made": 0,
        "points_bidder": 0,
        "points_partner": 0,
        "points_opponent": 1,
        "best_hand": 10,
        "worst_hand": -10,
    }
    # Bjørn: one Amerikaner, made (+52), not a numeric bid; +10 - 10 as Anne's partner.
    assert rows["Bjørn"] == {
        "place": 1,
        "total": 52,
        "bids": 1,
        "bids_made": 1,
        "bid_total": 0,
        "numeric_bids": 0,
        "big_bids": 1,
        "big_made": 1,
        "points_bidder": 52,
        "points_partner": 0,
        "points_opponent": 0,
        "best_hand": 52,
        "worst_hand": -10,
    }
    # Cato: one Amerikaner, failed (-52); 5 + 9 + 0 as opponent.
    assert rows["Cato"] == {
        "place": 3,
        "total": -38,
        "bids": 1,
        "bids_made": 0,
        "bid_total": 0,
        "numeric_bids": 0,
        "big_bids": 1,
        "big_made": 0,
        "points_bidder": -52,
        "points_partner": 0,
        "points_opponent": 14,
        "best_hand": 9,
        "worst_hand": -52,
    }
    pair = PairStat.objects.get()
    # Anne and Bjørn bid together twice: one made, +10 - 10 for Anne.
    assert (pair.hands, pair.made, pair.points) == (2, 1, 0)


def euchre_game(group: Group) -> Game:
    """Euchre to 10 (seed scoring: 1 for 3-4 tricks, 2 for a march, 2 for a lone hand
    of 3-4, 4 for a lone march, 2 to the defenders for a euchre).

    1. Bjørn makes trump, takes 2: euchred, Nord +2.
    2. Anne alone takes all 5: lone march, Nord +4 (6).
    3. Cato makes trump, takes 5: march, Nord +2 (8).
    4. Dina makes trump, takes 3: Sør +1.
    5. Anne alone takes 4: Nord +2 = 10, Nord wins; Sør 1.
    """
    hands = [
        {"dealer": "Anne", "maker": "Bjørn", "alone": False, "tricks": 2},
        {"dealer": "Bjørn", "maker": "Anne", "alone": True, "tricks": 5},
        {"dealer": "Cato", "maker": "Cato", "alone": False, "tricks": 5},
        {"dealer": "Dina", "maker": "Dina", "alone": False, "tricks": 3},
        {"dealer": "Anne", "maker": "Anne", "alone": True, "tricks": 4},
    ]
    return backup.import_game(group, game_file("euchre", FOUR, hands, teams=TEAMS))


def test_euchre_rows_count_lone_hands_marches_and_euchres() -> None:
    game = euchre_game(make_group())
    rows = _rows(
        game,
        "place",
        "win_share",
        "total",
        "bids",
        "bids_made",
        "big_bids",
        "big_made",
        "points_bidder",
        "points_partner",
        "points_opponent",
        "best_hand",
        "extra",
    )
    # Anne made trump twice (hands 2, 5), both alone and made; her team marched on 2 and
    # 3 and euchred Bjørn on 1. Points: as maker 4 + 2, as partner 2 (Cato's march), as
    # defender 2 (the euchre) + 0 (hand 4, Sør scored).
    assert rows["Anne"] == {
        "place": 1,
        "win_share": 1.0,  # a team's win is a whole win for each partner
        "total": 10,
        "bids": 2,
        "bids_made": 2,
        "big_bids": 2,
        "big_made": 2,
        "points_bidder": 6,
        "points_partner": 2,
        "points_opponent": 2,
        "best_hand": 4,
        "extra": {"marches": 2, "euchres": 1},
    }
    assert rows["Cato"]["points_partner"] == 6  # Anne's 4 and 2
    assert rows["Cato"]["extra"] == {"marches": 2, "euchres": 1}
    # Bjørn was euchred (his team scored 0 as makers); he was Dina's partner on hand 4.
    assert (rows["Bjørn"]["bids"], rows["Bjørn"]["bids_made"]) == (1, 0)
    assert (rows["Bjørn"]["points_bidder"], rows["Bjørn"]["points_partner"]) == (0, 1)
    assert rows["Bjørn"]["extra"] == {}
    assert (rows["Dina"]["place"], rows["Dina"]["total"], rows["Dina"]["win_share"]) == (2, 1, 0)


def kaiser_game(group: Group) -> Game:
    """Kaiser: hand points are tricks, +5 for the 5♥, -3 for the 3♠.

    1. Bjørn bids 7; Sør takes 6 tricks and the 5♥ (11), Nord 2 and the 3♠ (-1):
       made, Sør +11, Nord -1.
    2. Anne bids 8 no trump; Nord takes 5 tricks (5), Sør 3 with both cards (5):
       failed, doubled, Nord -16; Sør +5.
    3. Cato bids kaiser and makes it: Nord wins at once (totals Nord -17, Sør 16).
    """
    hands = [
        {
            "dealer": "Anne",
            "bidder": "Bjørn",
            "bid": 7,
            "tricks": {"Nord": 2, "Sør": 6},
            "five_hearts": "Sør",
            "three_spades": "Nord",
        },
        {
            "dealer": "Bjørn",
            "bidder": "Anne",
            "bid": 8,
            "no_trump": True,
            "tricks": {"Nord": 5, "Sør": 3},
            "five_hearts": "Sør",
            "three_spades": "Sør",
        },
        {"dealer": "Cato", "bidder": "Cato", "kaiser": True, "made": True},
    ]
    return backup.import_game(group, game_file("kaiser", FOUR, hands, teams=TEAMS))


def test_kaiser_rows_count_no_trump_cards_and_kaiser_bids() -> None:
    game = kaiser_game(make_group())
    rows = _rows(
        game,
        "place",
        "total",
        "bids",
        "bids_made",
        "bid_total",
        "big_bids",
        "big_made",
        "points_bidder",
        "points_partner",
        "points_opponent",
        "best_hand",
        "worst_hand",
        "extra",
    )
    # Nord won by the kaiser bid although behind on points: winners come first.
    assert (rows["Anne"]["place"], rows["Anne"]["total"]) == (1, -17)
    assert (rows["Bjørn"]["place"], rows["Bjørn"]["total"]) == (2, 16)
    # Anne: one no-trump bid of 8, failed (-16); -1 as opponent on hand 1.
    assert {k: rows["Anne"][k] for k in ("bids", "bids_made", "bid_total")} == {
        "bids": 1,
        "bids_made": 0,
        "bid_total": 8,
    }
    assert (rows["Anne"]["big_bids"], rows["Anne"]["big_made"]) == (1, 0)
    assert (rows["Anne"]["points_bidder"], rows["Anne"]["points_opponent"]) == (-16, -1)
    # Her hands: -1, -16, and the kaiser bid, which scores 0 for everybody.
    assert (rows["Anne"]["best_hand"], rows["Anne"]["worst_hand"]) == (0, -16)
    assert (rows["Bjørn"]["best_hand"], rows["Bjørn"]["worst_hand"]) == (11, 0)
    # Nord took the 3♠ once (hand 1), never the 5♥; Sør took the 5♥ twice and the 3♠ once.
    assert rows["Anne"]["extra"] == {"five_hearts": 0, "three_spades": 1}
    assert rows["Dina"]["extra"] == {"five_hearts": 2, "three_spades": 1}
    # Cato's kaiser bid, made; it is not counted among the ordinary bids.
    assert rows["Cato"]["extra"] == {
        "five_hearts": 0,
        "three_spades": 1,
        "kaiser_bids": 1,
        "kaiser_made": 1,
    }
    assert rows["Cato"]["bids"] == 0
    # Dina: partner on Bjørn's 11; +5 as opponent on hand 2.
    assert (rows["Dina"]["points_partner"], rows["Dina"]["points_opponent"]) == (11, 5)
    pairs = {
        (p.bidder.name, p.partner.name): (p.hands, p.made, p.points) for p in PairStat.objects.all()
    }
    assert pairs == {("Bjørn", "Dina"): (1, 1, 11), ("Anne", "Cato"): (1, 0, -16)}


def test_a_kaiser_game_decided_by_its_first_hand_has_a_best_and_worst_hand_of_0() -> None:
    group = make_group()
    hands = [{"dealer": "Anne", "bidder": "Dina", "kaiser": True, "made": False}]
    game = backup.import_game(group, game_file("kaiser", FOUR, hands, teams=TEAMS))
    rows = _rows(game, "place", "best_hand", "worst_hand", "hands", "extra")
    # Dina's kaiser bid failed: Nord wins at once; the one hand scored 0 for everybody.
    assert rows["Anne"] == {
        "place": 1,
        "best_hand": 0,
        "worst_hand": 0,
        "hands": 1,
        "extra": {},  # no cards were counted: nobody played the hand out
    }
    assert rows["Dina"]["extra"] == {"kaiser_bids": 1, "kaiser_made": 0}


def american_game(group: Group) -> Game:
    """American to 3 games: Anne, Anne, Bjørn, Anne. Anne wins the match 3-1-0."""
    hands = [{"winner": w} for w in ("Anne", "Anne", "Bjørn", "Anne")]
    return backup.import_game(group, game_file("american", THREE, hands, rules={"target_wins": 3}))


@pytest.mark.engine_coverage  # American's figures (wins and the best streak)
def test_american_rows_count_single_games_and_the_best_streak() -> None:
    game = american_game(make_group(players=THREE))
    rows = _rows(game, "place", "total", "extra")
    # Anne won two in a row, then one after Bjørn's: best streak 2.
    assert rows["Anne"] == {"place": 1, "total": 3, "extra": {"game_wins": 3, "best_streak": 2}}
    assert rows["Bjørn"] == {"place": 2, "total": 1, "extra": {"game_wins": 1, "best_streak": 1}}
    # Cato never won: no counters at all (the running streak is not stored).
    assert rows["Cato"] == {"place": 3, "total": 0, "extra": {}}


def test_american_without_a_target_never_finishes_so_has_no_rows() -> None:
    group = make_group(players=THREE)
    backup.import_game(group, game_file("american", THREE, [{"winner": "Anne"}]))
    assert not GameStat.objects.exists()


def test_a_game_in_play_has_no_rows() -> None:
    make_game(hands=anne_wins()[:4])
    assert not GameStat.objects.exists()


def test_a_correction_that_reopens_the_game_removes_its_rows() -> None:
    game = make_game(hands=anne_wins())
    assert GameStat.objects.filter(game=game).count() == 4
    # Hand 5 corrected: Anne bids 6 and the others take 7 tricks: failed, she ends on
    # 48 - 6 = 42 and nobody has reached 52.
    game.edit_hand(5, revision(game, 5), bid("Anne", 6, None, dict.fromkeys(FOUR[1:], 3)), "Cato")
    assert not GameStat.objects.filter(game=game).exists()
    # Put back, the game is won again and its rows return.
    game.edit_hand(5, revision(game, 5), anne_wins()[4], "Cato")
    assert _rows(game, "place")["Anne"] == {"place": 1}


def test_deleting_the_winning_hand_removes_the_rows() -> None:
    game = make_game(hands=anne_wins())
    game.delete_hand(5, revision(game, 5), "Anne")
    assert not GameStat.objects.filter(game=game).exists()


def test_rebuild_passes_over_a_game_the_rules_no_longer_accept() -> None:
    group = make_group()
    broken = make_game(group, hands=anne_wins())
    fine = make_game(group, hands=anne_wins())
    # As if the rules had changed under a stored hand: a bid of 3 is below the minimum.
    broken.hands.filter(number=1).update(data=bid("Anne", 3, None, dict.fromkeys(FOUR[1:], 0)))
    assert Game.objects.rebuild_statistics() == 2
    assert not GameStat.objects.filter(game=broken).exists()
    assert GameStat.objects.filter(game=fine).count() == 4


def test_rebuild_writes_exactly_the_rows_kept_hand_by_hand() -> None:
    def everything() -> list[list[dict[str, Any]]]:
        def without_id(model: Any) -> list[dict[str, Any]]:
            rows = model.objects.values()
            return sorted(({k: v for k, v in r.items() if k != "id"} for r in rows), key=str)

        return [without_id(GameStat), without_id(PairStat)]

    group = season().group
    euchre_game(group)
    kaiser_game(group)
    american_game(group)
    kept = everything()
    GameStat.objects.all().delete()
    PairStat.objects.all().delete()
    assert Game.objects.rebuild_statistics() == 6
    assert everything() == kept


# --- Figures over many games: the season -------------------------------------------------


def _lines(selection: Selection, player_id: int | None = None) -> list[stats.Line]:
    return stats.lines(selection, stats.people(selection.group_id), player_id)


def _pairs(selection: Selection, player_id: int | None = None) -> list[stats.PairLine]:
    return stats.pair_lines(selection, stats.people(selection.group_id), player_id)


def _series(selection: Selection, player_id: int | None = None) -> stats.Series:
    return stats.wins_series(selection, _lines(selection, player_id), player_id)


# --- Periods -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "period", "start"),
    [
        (dt.date(2026, 5, 17), "all", None),
        (dt.date(2026, 5, 17), "year", dt.date(2026, 1, 1)),
        (dt.date(2026, 5, 17), "12m", dt.date(2025, 5, 17)),
        (dt.date(2028, 2, 29), "12m", dt.date(2027, 2, 28)),  # no 29 February in 2027
        (dt.date(2026, 1, 1), "year", dt.date(2026, 1, 1)),
    ],
)
def test_period_start(today: dt.date, period: str, start: dt.date | None) -> None:
    assert stats.period_start(period, today) == start


def test_lines_add_up_each_players_games() -> None:
    s = season()
    lines = {line.player.name: line for line in _lines(Selection(s.group.pk, "amerikaner"))}
    anne, bjorn, cato, dina = (lines[n] for n in FOUR)
    # Anne: 3 games, won tonight's; places 1, 4, 2.
    assert (anne.games, anne.wins) == (3, 1.0)
    assert anne.average_place == pytest.approx(7 / 3)
    # 5 bids tonight (all made) + 2 in the three-player game (one made): 6 of 7; bid
    # 54 + 20 = 74 over 7 numeric bids.
    assert (anne.bids, anne.bids_made) == (7, 6)
    assert anne.made_rate == pytest.approx(600 / 7)
    assert anne.average_bid == pytest.approx(74 / 7)
    # As bidder 54 + 0 (+10 - 10); as opponent 2 (New Year's Eve) + 1 (hand 3 of three).
    assert (anne.points_bidder, anne.points_partner, anne.points_opponent) == (54, 0, 3)
    assert (anne.best_hand, anne.worst_hand) == (12, -10)
    # Bjørn: lost tonight (2nd), shared New Year's Eve (half a win), won the three-player
    # game: 1.5 wins of 3 games, places 2, 1, 1.
    assert (bjorn.games, bjorn.wins, bjorn.win_rate) == (3, 1.5, 50.0)
    assert bjorn.average_place == pytest.approx(4 / 3)
    # 5 numeric bids (54) and one made Amerikaner, which is no number.
    assert (bjorn.bids, bjorn.bids_made, bjorn.big_bids, bjorn.big_made) == (6, 6, 1, 1)
    assert bjorn.average_bid == pytest.approx(54 / 5)
    assert (bjorn.points_bidder, bjorn.best_hand) == (54 + 52, 52)
    # Cato: one bid, a failed Amerikaner: 0 % made and no numeric bid to average.
    assert (cato.bids, cato.made_rate, cato.average_bid) == (1, 0.0, None)
    assert (cato.big_bids, cato.big_made, cato.worst_hand) == (1, 0, -52)
    assert cato.points_opponent == 2 + 3 + 14
    # Dina: two games (not in the three-player one), half a win; never bid.
    assert (dina.games, dina.wins, dina.win_rate, dina.made_rate) == (2, 0.5, 25.0, None)
    # Most wins first.
    assert [line.player.name for line in _lines(Selection(s.group.pk, "amerikaner"))] == [
        "Bjørn",
        "Anne",
        "Dina",
        "Cato",
    ]


def test_level_on_wins_the_better_average_place_goes_first() -> None:
    """Anne wins the one game; of the three who won nothing, the better place goes first,
    not the name first in the alphabet."""
    group = make_group()
    # Anne sweeps four times (48), then makes 6 alone (54); Cato took 3, Dina 1, Bjørn 0.
    last = bid("Anne", 6, None, {"Bjørn": 0, "Cato": 3, "Dina": 1}, dealer="Anne")
    make_game(group, hands=[*anne_wins()[:4], last])
    lines = _lines(Selection(group.pk, "amerikaner"))
    assert [line.player.name for line in lines] == ["Anne", "Cato", "Dina", "Bjørn"]
    assert [line.average_place for line in lines] == [1, 2, 3, 4]


def test_periods_count_only_their_nights() -> None:
    s = season()
    tonight, _, _ = nights()

    def wins(period: str) -> dict[str, tuple[int, float]]:
        since = stats.period_start(period, tonight)
        return {
            line.player.name: (line.games, line.wins)
            for line in _lines(Selection(s.group.pk, "amerikaner", since))
        }

    # This year: tonight only.
    assert wins("year") == {"Anne": (1, 1.0), "Bjørn": (1, 0.0), "Cato": (1, 0.0), "Dina": (1, 0.0)}
    # Last 12 months: tonight and last New Year's Eve (Bjørn and Dina's shared win).
    assert wins("12m") == {"Anne": (2, 1.0), "Bjørn": (2, 0.5), "Cato": (2, 0.0), "Dina": (2, 0.5)}
    # All time adds the three-player game.
    assert wins("all") == {"Anne": (3, 1.0), "Bjørn": (3, 1.5), "Cato": (3, 0.0), "Dina": (2, 0.5)}


def test_one_players_line_and_other_kinds_apart() -> None:
    s = season()
    euchre_game(s.group)
    (line,) = _lines(Selection(s.group.pk, "euchre"), s.id("Anne"))
    # Only the euchre game: Anne's two lone hands, two marches, one euchre.
    assert (line.games, line.wins, line.big_made, line.big_bids) == (1, 1.0, 2, 2)
    assert (line.value("marches"), line.value("euchres")) == (2, 1)
    assert _lines(Selection(s.group.pk, "kaiser")) == []


def test_kaiser_and_american_figures_come_from_the_json_counters() -> None:
    group = make_group()
    kaiser_game(group)
    american_game(group)
    kaiser = {line.player.name: line for line in _lines(Selection(group.pk, "kaiser"))}
    assert (kaiser["Dina"].value("five_hearts"), kaiser["Dina"].value("three_spades")) == (2, 1)
    assert (kaiser["Cato"].value("kaiser_bids"), kaiser["Cato"].value("kaiser_made")) == (1, 1)
    assert (kaiser["Anne"].big_bids, kaiser["Anne"].average_bid) == (1, 8.0)
    american = {line.player.name: line for line in _lines(Selection(group.pk, "american"))}
    # Missing counters (Cato never won a game) add up as 0.
    assert {
        n: (line.value("game_wins"), line.value("best_streak")) for n, line in american.items()
    } == {
        "Anne": (3, 2),
        "Bjørn": (1, 1),
        "Cato": (0, 0),
    }


def test_partner_matrix() -> None:
    s = season()
    matrix = stats.matrix(_pairs(Selection(s.group.pk, "amerikaner")))
    # Anne called Bjørn twice (one made); Bjørn called Dina five times (all made).
    assert [b.name for b in matrix.bidders] == ["Anne", "Bjørn"]
    assert [p.name for p in matrix.partners] == ["Bjørn", "Dina"]
    cells = [[(c.hands, c.made_rate) if c else None for c in row] for _, row in matrix.rows]
    assert cells == [[(2, 50.0), None], [None, (5, 100.0)]]


def test_pair_lines_of_one_player_are_those_they_bid_or_were_called_in() -> None:
    s = season()
    pairs = _pairs(Selection(s.group.pk, "amerikaner"), s.id("Bjørn"))
    assert [(p.bidder.name, p.partner.name, p.points) for p in pairs] == [
        ("Anne", "Bjørn", 0),  # +10 - 10, Anne's points
        ("Bjørn", "Dina", 54),
    ]


def test_head_to_head() -> None:
    s = season()
    everything = Selection(s.group.pk, "amerikaner")
    # Anne and Bjørn played all three: Anne ahead tonight (1st v 2nd), Bjørn ahead on New
    # Year's Eve (1st v 4th) and in the three-player game (1st v 2nd).
    assert stats.head_to_head(everything, s.id("Anne"), s.id("Bjørn")) == HeadToHead(
        games=3, first_ahead=1, second_ahead=2, first_wins=1.0, second_wins=1.5
    )
    # Bjørn and Dina: both 2nd tonight, both 1st on New Year's Eve; Dina was not in the
    # three-player game.
    versus = stats.head_to_head(everything, s.id("Bjørn"), s.id("Dina"))
    assert versus == HeadToHead(2, 0, 0, 0.5, 0.5)
    assert versus.level == 2
    # This year: only tonight.
    this_year = Selection(s.group.pk, "amerikaner", dt.date(nights()[0].year, 1, 1))
    assert stats.head_to_head(this_year, s.id("Cato"), s.id("Anne")) == HeadToHead(
        1, 0, 1, 0.0, 1.0
    )


def test_wins_series_add_up_night_by_night() -> None:
    s = season()
    tonight, new_years_eve, the_one_before = nights()
    series = _series(Selection(s.group.pk, "amerikaner"))
    # Each series has the player's first night, the nights they won, and their last
    # night (so the line runs to it); Bjørn's and Cato's nights in between add nothing.
    assert series == {
        "Anne": [(the_one_before, 0.0), (tonight, 1.0)],
        "Bjørn": [(the_one_before, 1.0), (new_years_eve, 1.5), (tonight, 1.5)],
        "Cato": [(the_one_before, 0.0), (tonight, 0.0)],
        "Dina": [(new_years_eve, 0.5), (tonight, 0.5)],
    }
    assert _series(Selection(s.group.pk, "amerikaner"), s.id("Dina")) == {
        "Dina": [(new_years_eve, 0.5), (tonight, 0.5)]
    }


def test_sixths_of_wins_add_up_to_whole_wins() -> None:
    # Six wins shared six ways (1/6 each, as stored) are one whole win, not 0.999...
    group = make_group()
    for _ in range(6):
        game = make_game(group, hands=anne_wins())
        GameStat.objects.filter(game=game, player__name="Anne").update(win_share=1 / 6)
    (anne, *_) = _lines(Selection(group.pk, "amerikaner"))
    assert anne.wins == 1.0


def test_each_reading_is_one_query(django_assert_num_queries: DjangoAssertNumQueries) -> None:
    s = season()
    everything = Selection(s.group.pk, "amerikaner")
    anne, bjorn = s.id("Anne"), s.id("Bjørn")
    with django_assert_num_queries(1):
        people = stats.people(s.group.pk)
    for kind in GAMES:
        with django_assert_num_queries(1):
            stats.lines(Selection(s.group.pk, kind), people)
    with django_assert_num_queries(1):
        stats.lines(everything, people, anne)
    with django_assert_num_queries(1):
        stats.pair_lines(everything, people)
    with django_assert_num_queries(1):
        stats.head_to_head(everything, anne, bjorn)
    lines = stats.lines(everything, people)
    with django_assert_num_queries(1):
        stats.wins_series(everything, lines)
    # A page of games: the rows with their games, then the seats of those games.
    with django_assert_num_queries(2):
        list(stats.games_of(everything, anne)[:10])


def test_winners_are_cached_on_the_game_and_can_be_rebuilt() -> None:
    group = make_group()
    won = make_game(group, hands=anne_wins())
    playing = make_game(group, hands=anne_wins()[:2])
    won.refresh_from_db()
    playing.refresh_from_db()
    # Anne's fifth hand takes her to 54: the game caches its winner; the other plays on.
    assert (won.winners, playing.winners) == (["Anne"], None)
    Game.objects.update(winners=["Nobody"])
    assert Game.objects.rebuild_statistics() == 2
    assert list(Game.objects.order_by("pk").values_list("winners", flat=True)) == [["Anne"], None]
    # A correction that takes the winner back below the target clears the cache again.
    won.delete_hand(5, revision(won, 5), "Anne")
    won.refresh_from_db()
    assert won.winners is None


# --- Five Hundred: a misère is played alone ---------------------------------------------


def _five_hundred_pairs() -> dict[tuple[str, str], tuple[int, int, int]]:
    return {
        (p.bidder.name, p.partner.name): (p.hands, p.made, p.points)
        for p in PairStat.objects.filter(kind="five_hundred")
    }


def test_a_misere_is_no_hand_of_the_bidders_pair_and_the_migration_takes_it_out() -> None:
    # Bjørn bids 6 spades and takes 6 (40); Anne makes a misère (250), then an open misère
    # (500): Nord wins. Bjørn makes a misère meanwhile: no hand he played with Dina either.
    hands = [
        {"dealer": "Dina", "bidder": "Bjørn", "bid": 6, "suit": "spades", "tricks": 6},
        {"dealer": "Anne", "bidder": "Anne", "bid": "misere", "tricks": 0},
        {"dealer": "Bjørn", "bidder": "Bjørn", "bid": "misere", "tricks": 0},
        {"dealer": "Cato", "bidder": "Anne", "bid": "open_misere", "tricks": 0},
    ]
    document = game_file("five_hundred", FOUR, hands, teams=TEAMS)
    game = backup.import_game(make_group(), document)
    assert game.winners == ["Nord"]
    assert _five_hundred_pairs() == {("Bjørn", "Dina"): (1, 1, 40)}
    # As a game finished before the fix left its rows: each misère counted with the partner.
    players = {player.name: player for player in game.group.players.all()}
    PairStat.objects.filter(game=game).update(hands=2, made=2, points=290)
    row = PairStat.objects.get()
    row.pk, row.bidder, row.partner, row.hands, row.made, row.points = (
        None, players["Anne"], players["Cato"], 2, 2, 750
    )  # fmt: skip
    row.save()
    migration = import_module("games.migrations.0024_five_hundred_misere_pairs")
    migration.pairs_again(MigrationExecutor(connection).loader.project_state().apps, None)
    assert _five_hundred_pairs() == {("Bjørn", "Dina"): (1, 1, 40)}
