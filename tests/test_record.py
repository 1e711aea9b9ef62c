"""A player's record (`games.stats.record`): rival, best partner, longest streak, bids by
level. Scoring as in tests/test_stats.py: `anne_wins()` Anne 1st, the others level 2nd;
`shared_win_hands()` Bjørn and Dina share the win (Bjørn bidding with Dina five times,
all made), Cato 3rd, Anne 4th."""

from __future__ import annotations

import pytest

from games import stats
from games.models import Group
from games.stats import Selection, record
from tests.factories import FOUR, TEAMS, anne_wins, bid, make_game, make_group
from tests.test_stats import shared_win_hands

pytestmark = pytest.mark.django_db


def _id(group: Group, name: str) -> int:
    return group.players.get(name=name).pk


def _shared(group: Group) -> None:
    make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})


def _partner(group: Group, name: str) -> record.Partner | None:
    selection, people = Selection(group.pk, "amerikaner"), stats.people(group.pk)
    pairs = stats.pair_lines(selection, people, _id(group, name))
    return record.best_partner(selection, people, _id(group, name), pairs)


def _rival(group: Group, name: str) -> record.Rival | None:
    selection = Selection(group.pk, "amerikaner")
    return record.rival(selection, stats.people(group.pk), _id(group, name))


def test_the_rival_is_the_player_finishing_ahead_most_often() -> None:
    group = make_group()
    for _ in range(3):
        make_game(group, hands=anne_wins())
    found = _rival(group, "Cato")
    assert found is not None
    assert (found.player.name, found.lost, found.games) == ("Anne", 3, 3)
    # Anne was never behind anyone: no rival.
    assert _rival(group, "Anne") is None


def test_a_rival_needs_enough_games_together() -> None:
    group = make_group()
    for _ in range(record.RIVAL_GAMES - 1):
        make_game(group, hands=anne_wins())
    assert _rival(group, "Cato") is None


def test_rivals_level_on_losses_go_by_share_then_name() -> None:
    group = make_group()
    for _ in range(3):
        make_game(group, hands=anne_wins())
        _shared(group)
    # Cato: behind Anne 3 of 6 (her wins), behind Bjørn and Dina 3 of 6 (their shared
    # wins): level on losses and share, so the first name.
    found = _rival(group, "Cato")
    assert found is not None and found.player.name == "Anne"


def test_the_best_bidding_partner_needs_enough_hands_together() -> None:
    group = make_group()
    _shared(group)
    found = _partner(group, "Dina")
    # Called by Bjørn five times (PARTNER_HANDS), all made.
    assert found is not None
    assert (found.player.name, found.made, found.together, found.bids) == ("Bjørn", 5, 5, True)
    assert _partner(group, "Anne") is None


def test_partners_level_on_share_go_by_hands_then_name() -> None:
    group = make_group()
    _shared(group)  # Bjørn with Dina: 5 of 5 made
    # Bjørn with Cato: the same game, Cato calling the tune instead of Dina.
    with_cato = [bid("Bjørn", 12, "Cato", {"Anne": 0, "Dina": 0}) for _ in range(4)]
    make_game(group, hands=[*with_cato, bid("Bjørn", 6, "Cato", {"Anne": 2, "Dina": 3})])
    found = _partner(group, "Bjørn")
    # 5 of 5 with each: level on share and on hands, so the first name.
    assert found is not None and found.player.name == "Cato"
    # One more hand with Cato, failed (11 tricks of 12 bid): 5 of 6, so Dina is the best.
    make_game(group, hands=[bid("Bjørn", 12, "Cato", {"Anne": 2, "Dina": 0}), *anne_wins()])
    found = _partner(group, "Bjørn")
    assert found is not None and found.player.name == "Dina"
    assert _partner(group, "Dina") is not None


def _euchre(group: Group) -> None:
    """Euchre to 1 between Nord (Anne, Cato) and Sør: Anne makes trump and takes 3."""
    game = group.start_game(
        "euchre", FOUR, rules={"target": 1}, teams=TEAMS, first_dealer="Anne", by="Anne"
    )
    assert game.add_hand(1, {"dealer": "Anne", "maker": "Anne", "tricks": 3}, "Anne").stands


def test_the_best_teammate_wins_most_games_together() -> None:
    group = make_group()
    selection, people = Selection(group.pk, "euchre"), stats.people(group.pk)
    for count in range(1, record.PARTNER_GAMES + 1):
        _euchre(group)
        found = record.best_partner(selection, people, _id(group, "Anne"))
        if count < record.PARTNER_GAMES:
            assert found is None
    assert found is not None
    assert (found.player.name, found.made, found.together, found.bids) == ("Cato", 3, 3, False)


def test_the_longest_winning_streak_counts_games_in_a_row() -> None:
    group = make_group()
    for _ in range(3):
        make_game(group, hands=anne_wins())
    _shared(group)
    make_game(group, hands=anne_wins())
    selection = Selection(group.pk, "amerikaner")
    assert record.longest_streak(selection, _id(group, "Anne")) == 3
    # A shared win counts: Bjørn won one.
    assert record.longest_streak(selection, _id(group, "Bjørn")) == 1
    assert record.longest_streak(selection, _id(group, "Cato")) == 0


def test_bids_by_level_in_the_games_order_with_share_made_and_average_points() -> None:
    group = make_group()
    for _ in range(2):
        make_game(group, hands=anne_wins())
    levels = record.bids_by_level(Selection(group.pk, "amerikaner"), _id(group, "Anne"))
    # Bid 6 before bid 12, as the game lists its levels; each made every time.
    assert [(lv.key, lv.bids, lv.made_rate, lv.average_points) for lv in levels] == [
        ("6", 2, 100.0, 6.0),
        ("12", 8, 100.0, 12.0),
    ]


def test_a_players_awards_newest_first() -> None:
    group = make_group()
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    found = record.player_awards(group.pk, _id(group, "Anne"))
    # All tonight: the third game's hat trick and clean sweep (three games make nobody a
    # regular).
    assert [one.award.id for one in found] == ["streak", "sweep"]
    assert {one.game_code for one in found if one.award.id == "streak"} == {games[2].code}
