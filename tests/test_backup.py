"""Exports and imports: game files, CSV, and group backups that come back exactly."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext, ngettext, override

from games import backup, gamefile
from games.models import Change, Game, GameEvent, GameStat, Group, Hand, Night, Player
from tests.factories import FOUR, anne_wins, bid, endless_hands, game_file, make_game, make_group
from tests.views.pages import list_items

pytestmark = pytest.mark.django_db

KAISER_TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
NOW = "2026-11-23T20:55:00+00:00"


def _busy_group() -> Group:
    """A group with a finished game, a corrected and a deleted hand, a redeal and a kaiser bid."""
    group = make_group()
    game = make_game(group, hands=anne_wins())
    game.edit_hand(
        1, game.hands.get(number=1).revision, anne_wins()[0] | {"dealer": "Bjørn"}, "Bjørn"
    )
    other = make_game(
        group,
        hands=[
            bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 3}),
            {"dealer": "Bjørn", "redeal": True},
        ],
    )
    other.delete_hand(2, other.hands.get(number=2).revision, "Cato")
    backup.import_game(
        group,
        game_file(
            "kaiser",
            FOUR,
            [{"dealer": "Anne", "bidder": "Bjørn", "kaiser": True, "made": False}],
            teams=KAISER_TEAMS,
        ),
    )
    return group


def _dump(group: Group) -> str:
    return gamefile.dumps(backup.group_backup(group))


def _wipe() -> None:
    Group.objects.all().delete()


def test_round_trip_gives_the_same_file_and_the_same_results() -> None:
    group = _busy_group()
    first = _dump(group)
    results = {g.code: (dict(g.result().totals), g.result().winners) for g in group.games.all()}
    _wipe()
    report = backup.import_group(json.loads(first))
    restored = report.group
    assert len(report.added) == 3
    assert _dump(restored) == first
    for game in restored.games.all():
        assert (dict(game.result().totals), game.result().winners) == results[game.code]
    # The links keep working on the new server, and statistics came back with the games.
    assert restored.edit_key == json.loads(first)["group"]["edit_key"]
    # Two finished 4-player games (Anne's win, the kaiser bid): a row per player each.
    assert GameStat.objects.filter(game__group=restored).count() == 8


def test_importing_the_same_backup_again_adds_nothing() -> None:
    group = _busy_group()
    file = json.loads(_dump(group))
    counts = (
        Game.objects.count(),
        Hand.objects.count(),
        Change.objects.count(),
        Player.objects.count(),
        Night.objects.count(),
    )
    report = backup.import_group(file)
    assert (len(report.added), len(report.same), report.different) == (0, 3, [])
    assert (
        Game.objects.count(),
        Hand.objects.count(),
        Change.objects.count(),
        Player.objects.count(),
        Night.objects.count(),
    ) == counts


def test_backup_holds_players_nights_hands_and_history() -> None:
    file = backup.group_backup(_busy_group())
    assert file["format"] == "scorekeeper-backup/1"
    assert [p["name"] for p in file["players"]] == FOUR
    # Player codes travel with the backup, so links to player pages survive a restore.
    assert all(p["code"] for p in file["players"])
    assert len(file["nights"]) == 1
    first = file["games"][0]
    assert first["game"]["winners"] == ["Anne"]
    assert [c["action"] for c in first["changes"]] == ["add"] * 5 + ["edit"]
    assert first["changes"][-1]["by"] == "Bjørn"
    assert [h["entered_by"] for h in first["hands"]][:2] == ["Bjørn", "Anne"]


def _damaged(change: Any) -> dict[str, Any]:
    file: dict[str, Any] = json.loads(_dump(_busy_group()))
    change(file)
    _wipe()
    return file


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(
            lambda f: f.update(format="scorekeeper-backup/9"),
            "not a group backup",
            id="wrong-version",
        ),
        pytest.param(
            lambda f: f.pop("players"), "the backup is incomplete or damaged", id="no-players"
        ),
        pytest.param(
            lambda f: f["games"][0]["game"]["hands"][2]["tricks"].update(Bjørn=13),
            "game 1 (amerikaner, ",
            id="impossible-hand",
        ),
        pytest.param(
            lambda f: f["games"][1]["game"]["hands"][0].update(bidder="Xavier"),
            "hand 1: \u201cXavier\u201d is not one of the players",
            id="unknown-player",
        ),
        pytest.param(
            lambda f: f["players"].pop(3),
            "Dina is not among the group's players",
            id="player-missing",
        ),
        pytest.param(
            lambda f: f["games"][0]["hands"].pop(),
            "its hands and their details do not match",
            id="hand-details-missing",
        ),
        pytest.param(
            lambda f: f["games"][0].update(night="nowhere"),
            "its night is not in the backup",
            id="unknown-night",
        ),
        pytest.param(
            lambda f: f["games"][0].update(events=[{"action": "lost", "by": "Anne", "at": NOW}]),
            "unknown event 'lost'",
            id="unknown-event",
        ),
        pytest.param(
            lambda f: f["games"][0].update(abandoned_at="yesterday"),
            "game 1 (amerikaner, ",
            id="abandoned-when",
        ),
    ],
)
def test_bad_backup_changes_nothing_and_says_what_is_wrong(damage: Any, message: str) -> None:
    file = _damaged(damage)
    with pytest.raises(backup.ImportProblem) as caught:
        backup.import_group(file)
    assert message in str(caught.value)
    assert (Group.objects.count(), Game.objects.count(), Hand.objects.count()) == (0, 0, 0)


def test_impossible_hand_is_named_with_its_game_and_hand() -> None:
    # Anne bid 12 alone; the others' 13 tricks cannot fit in a hand of 12.
    file = _damaged(lambda f: f["games"][0]["game"]["hands"][2]["tricks"].update(Bjørn=13))
    with pytest.raises(backup.ImportProblem) as caught:
        backup.import_group(file)
    assert str(caught.value).endswith("hand 3: the tricks add up to 13, but a hand has 12 tricks")


def test_game_file_import_with_start_totals_from_paper() -> None:
    group = make_group()
    document = game_file(
        "amerikaner",
        FOUR,
        [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})],
        start={"Anne": 40, "Cato": -7},
    )
    game = backup.import_game(group, document, by="Paper")
    assert game.result().totals == {"Anne": 42, "Bjørn": 8, "Cato": -6, "Dina": 8}
    assert backup.game_file(game) == gamefile.score_document(document)
    assert game.changes.get().by == "Paper"
    with pytest.raises(backup.ImportProblem, match="already in the group"):
        backup.import_game(group, document)
    assert group.games.count() == 1


@pytest.mark.parametrize(
    ("document", "message"),
    [
        pytest.param([], "a game file is a JSON object", id="not-a-game"),
        pytest.param(
            game_file("amerikaner", FOUR, []) | {"format": "scorekeeper/2"},
            "the format must be",
            id="wrong-format",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Xavier", 8, None, {})]),
            "hand 1: \u201cXavier\u201d is not one of the players",
            id="unknown-player",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 12, "Cato": 1})]),
            "hand 1: the tricks add up to 13",
            id="impossible-hand",
        ),
    ],
)
def test_bad_game_file_changes_nothing(document: Any, message: str) -> None:
    group = make_group()
    with pytest.raises(backup.ImportProblem, match=message):
        backup.import_game(group, document)
    assert Game.objects.count() == 0


def test_a_game_file_problem_is_put_in_words_by_whoever_shows_it() -> None:
    # A hand the rules refuse: the page shows it in the reader's language, the command
    # (``str``) in English.
    document = game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 12, "Cato": 1})])
    with pytest.raises(backup.ImportProblem) as caught:
        backup.import_game(make_group(), document)
    assert str(caught.value) == "hand 1: the tricks add up to 13, but a hand has 12 tricks"
    with override("nb"):
        norwegian = caught.value.render(gettext, ngettext)
    assert norwegian == "runde 1: stikkene blir til sammen 13, men en runde har 12 stikk"


def test_exported_game_file_is_what_score_prints() -> None:
    game = make_game(hands=anne_wins())
    assert backup.game_file(game) == gamefile.score_document(game.state().document())
    assert backup.game_file(game)["winners"] == ["Anne"]


def test_csv_has_a_row_per_hand_with_points_and_totals() -> None:
    game = make_game(
        hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), {"dealer": "Bjørn", "redeal": True}]
    )
    rows = list(csv.DictReader(io.StringIO(backup.game_csv(game))))
    assert [row["hand"] for row in rows] == ["1", "2"]
    assert rows[0]["summary"] == "Bjørn 8 with Dina"
    assert (rows[0]["made"], rows[0]["points Bjørn"], rows[0]["total Anne"]) == ("yes", "8", "2")
    assert (
        rows[1]["summary"],
        rows[1]["made"],
        rows[1]["points Anne"],
        rows[1]["total Dina"],
    ) == ("Redeal", "", "0", "8")


def test_player_pages_keep_their_address_after_a_restore() -> None:
    group = _busy_group()
    codes = {p.name: p.code for p in group.players.all()}
    file = json.loads(_dump(group))
    _wipe()
    restored = backup.import_group(file).group
    assert {p.name: p.code for p in restored.players.all()} == codes


def test_codes_used_by_another_group_are_refused_before_anything_is_written() -> None:
    file = json.loads(_dump(_busy_group()))
    _wipe()
    # Another group here happens to own the code of the backup's first night.
    other = make_group("Other table")
    Night.objects.create(group=other, date="2020-01-01", code=file["nights"][0]["code"])
    with pytest.raises(backup.ImportProblem, match="a night in the backup has the same code"):
        backup.import_group(file)
    assert Group.objects.count() == 1


def test_a_long_game_file_goes_in_at_once_as_add_hand_would_write_it() -> None:
    group = make_group()
    hands = [{"winner": "Anne" if n % 3 else "Bjørn"} for n in range(1, 301)]
    game = backup.import_game(group, game_file("american", ["Anne", "Bjørn"], hands), by="Paper")
    # Hand n is the game's nth change, as if entered one by one.
    assert game.version == 300
    assert list(game.hands.order_by("number").values_list("number", "revision"))[:3] == [
        (1, 1),
        (2, 2),
        (3, 3),
    ]
    assert game.changes.count() == 300
    assert {c.by for c in game.changes.all()} == {"Paper"}
    assert game.result().totals == {"Anne": 200, "Bjørn": 100}


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(
            lambda f: f["games"][0]["hands"][1].update(number=7),
            "hand 2 is numbered 7",
            id="hand-numbers-out-of-order",
        ),
        pytest.param(
            lambda f: f["games"][0]["hands"][1].update(revision=-1),
            "hand 2 has revision -1",
            id="negative-revision",
        ),
        pytest.param(
            lambda f: f["games"][0].update(version=0),
            "outside 1 to the game's version",
            id="version-below-revisions",
        ),
        pytest.param(
            lambda f: f["games"][0]["hands"][0].update(entered_by=None),
            "who entered a hand must be text",
            id="null-name",
        ),
        pytest.param(
            lambda f: f["games"][0]["changes"][0].update(before=None, after=None),
            "neither a before nor an after",
            id="empty-change",
        ),
        pytest.param(
            lambda f: f["games"][1].update(code=f["games"][0]["code"]),
            "the same game code appears twice",
            id="same-game-twice",
        ),
        pytest.param(
            lambda f: f["games"][0].update(code="x" * 40),
            "longer than 16 characters",
            id="code-too-long",
        ),
        pytest.param(
            lambda f: f["group"].update(view_key=f["group"]["edit_key"]),
            "the full and the view-only link are the same",
            id="one-link",
        ),
        pytest.param(
            lambda f: f["group"].update(edit_key="-a b"), "is not letters and digits", id="odd-key"
        ),
        # The schema names the game an entry belongs to, and the key or type at fault.
        pytest.param(
            lambda f: f["games"][1]["hands"][0].pop("code"),
            r"^game 2 \(amerikaner, \d{4}-\d\d-\d\d\): 'code'$",
            id="hand-without-code",
        ),
        pytest.param(
            lambda f: f.update(players={"Anne": "p1"}),
            r"^the backup is incomplete or damaged \(players: input should be a valid list\)$",
            id="players-not-a-list",
        ),
    ],
)
def test_inconsistent_backup_is_refused_before_anything_is_written(
    damage: Any, message: str
) -> None:
    file = _damaged(damage)
    with pytest.raises(backup.ImportProblem, match=message):
        backup.import_group(file)
    assert (Group.objects.count(), Game.objects.count(), Hand.objects.count()) == (0, 0, 0)


def test_csv_keeps_names_that_look_like_formulas_as_text() -> None:
    players = ["=SUM(A1)", "Bjørn", "Cato", "Dina"]
    game = make_game(
        make_group(players=players),
        players=players,
        hands=[bid("Bjørn", 8, "Dina", {"=SUM(A1)": 2, "Cato": 1}, dealer="=SUM(A1)")],
    )
    rows = list(csv.reader(io.StringIO(backup.game_csv(game))))
    assert rows[0][5] == "points =SUM(A1)"  # starts with a letter: no formula
    assert rows[1][1] == "'=SUM(A1)"


# --- Abandoned games -----------------------------------------------------------------------


def _events(game: Game) -> list[tuple[str, str, Any]]:
    return [(e.action, e.by, e.at) for e in game.events.order_by("pk")]


def _in_play(group: Group) -> list[str]:
    """The games the group page lists under "In play" (through the view-only link)."""
    return list_items(Client().get(reverse("group", args=[group.view_key])), "in-play")


def _round_trip(group: Group) -> Game:
    """Back the group up, wipe the server, restore; the backup reads back byte for byte."""
    first = _dump(group)
    _wipe()
    restored = backup.import_group(json.loads(first)).group
    assert _dump(restored) == first
    return restored.games.get()


def test_an_abandoned_game_comes_back_abandoned_with_its_history() -> None:
    group = make_group()
    game = make_game(group, hands=endless_hands(3))
    assert game.abandon("Cato")
    game.refresh_from_db()
    before = (game.abandoned_at, _events(game))
    assert _in_play(group) == []
    restored = _round_trip(group)
    assert (restored.abandoned_at, _events(restored)) == before
    assert [action for action, _by, _at in before[1]] == [GameEvent.ABANDON]
    # Still given up: not in play, and nowhere in the statistics.
    assert _in_play(restored.group) == []
    assert not GameStat.objects.filter(game=restored).exists()
    # Its history lists the event, by whom.
    history = Client().get(reverse("history", args=[restored.group.view_key, restored.code]))
    assert "by Cato" in history.content.decode()


def test_a_game_taken_up_again_comes_back_in_play_with_both_events() -> None:
    group = make_group()
    game = make_game(group, hands=endless_hands(3))
    assert game.abandon("Cato")
    assert game.take_up("Dina")
    restored = _round_trip(group)
    assert restored.abandoned_at is None
    assert [(action, by) for action, by, _at in _events(restored)] == [
        (GameEvent.ABANDON, "Cato"),
        (GameEvent.TAKE_UP, "Dina"),
    ]
    assert len(_in_play(restored.group)) == 1


def test_a_backup_from_before_games_could_be_abandoned_still_restores() -> None:
    group = make_group()
    make_game(group, hands=endless_hands(3))
    file = json.loads(_dump(group))
    for entry in file["games"]:
        del entry["abandoned_at"], entry["events"]
    _wipe()
    restored = backup.import_group(file).group.games.get()
    assert restored.abandoned_at is None
    assert not restored.events.exists()
    assert len(restored.hand_list()) == 3


def test_a_restored_next_game_is_offered_at_once_by_the_game_it_followed() -> None:
    group = make_group()
    first = make_game(group, hands=anne_wins())
    Client().post(reverse("play_again", args=[group.edit_key, first.code]))
    file = json.loads(_dump(group))
    follower = Game.objects.get(previous=first)
    follower.delete()
    page = reverse("game", args=[group.view_key, first.code])
    # The finished game's page is drawn and kept for its version: no next game.
    assert "Next game (" not in Client().get(page).content.decode()

    backup.import_group(file)
    restored = Game.objects.get(previous=first)
    assert restored.code == follower.code
    # The next game came back: the game it followed offers it from the next look on.
    assert "Next game (" in Client().get(page).content.decode()


def test_spades_and_five_hundred_games_come_back_from_a_backup_as_they_were() -> None:
    # Their own outputs (Spades' bags and made object) and a rule set to null (lose_at).
    group = make_group()
    spades = [
        {
            "dealer": "Anne",
            "bids": {"Anne": 4, "Bjørn": "blind_nil", "Cato": "nil", "Dina": 3},
            "tricks": {"Anne": 6, "Bjørn": 0, "Cato": 1, "Dina": 6},
        }
    ]
    five_hundred = [{"dealer": "Anne", "bidder": "Bjørn", "bid": "misere", "tricks": 0}]
    for kind, hands in (("spades", spades), ("five_hundred", five_hundred)):
        document = game_file(kind, FOUR, hands, teams=KAISER_TEAMS, rules={"lose_at": None})
        backup.import_game(group, document)
    first = _dump(group)
    _wipe()
    restored = backup.import_group(json.loads(first)).group
    assert _dump(restored) == first
    played = {game.kind: game for game in restored.games.all()}
    # Nord: Anne's 2 over and Cato's failed nil's trick; Sør: Dina's 3 over.
    assert played["spades"].state().scored_document()["bags"] == {"Nord": 3, "Sør": 3}
    assert played["five_hundred"].result().totals == {"Nord": 0, "Sør": 250}
    assert played["spades"].table().rules.lose_at is None  # type: ignore[attr-defined]
