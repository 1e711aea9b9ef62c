"""The engine describes each game's hand inputs, so forms can be generated from it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.rules import GAMES, RuleError, get_game, make_table
from tests.factories import FOUR

TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def fields(game: str, players: list[str], **setup: Any) -> dict[str, Any]:
    table = make_table(game, players, **setup)
    return {field.name: field for field in get_game(game).inputs(table)}


def test_amerikaner_inputs_follow_the_deal_and_rules() -> None:
    kitty = fields("amerikaner", FOUR)
    assert list(kitty) == ["dealer", "redeal", "bidder", "bid", "made", "partner", "tricks"]
    assert [choice.value for choice in kitty["bid"].options] == [
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        "amerikaner",
    ]
    assert (kitty["tricks"].minimum, kitty["tricks"].maximum) == (0, 12)
    # The partner exists only for a numeric bid, and may be left empty: alone.
    assert "amerikaner" not in kitty["partner"].shown_when["bid"]
    assert kitty["partner"].required is False
    assert str(kitty["partner"].empty_label) == "alone"
    # How an Amerikaner went is asked of the Amerikaner alone, with no chip chosen for it.
    assert kitty["made"].shown_when["bid"] == ("amerikaner",)
    assert kitty["made"].default is None
    six = fields("amerikaner", [*FOUR, "Erik", "Frida"], rules={"min_bid": 4})
    assert [choice.value for choice in six["bid"].options] == [4, 5, 6, 7, 8, "amerikaner"]


def test_team_games_ask_about_teams() -> None:
    kaiser = fields("kaiser", FOUR, teams=TEAMS)
    assert [choice.value for choice in kaiser["five_hearts"].options] == ["Nord", "Sør"]
    assert (kaiser["bid"].minimum, kaiser["bid"].maximum) == (7, 12)
    assert kaiser["made"].shown_when == {"redeal": (False,), "kaiser": (True,)}
    euchre = fields("euchre", FOUR, teams=TEAMS)
    assert (euchre["tricks"].minimum, euchre["tricks"].maximum) == (0, 5)
    american = fields("american", ["Anne", "Bjørn"])
    assert american["dealer"].required is False
    assert [choice.value for choice in american["winner"].options] == ["Anne", "Bjørn"]


def test_every_field_has_a_label() -> None:
    for name, game in GAMES.items():
        players = ["Anne", "Bjørn"] if name == "american" else FOUR
        table = make_table(name, players, teams=TEAMS if game.team_game else None)
        for field in game.inputs(table):
            assert str(field.label)


@pytest.mark.parametrize(
    ("game", "hands", "expected"),
    [
        pytest.param("amerikaner", [], None, id="first-hand-chosen-at-the-table"),
        pytest.param("amerikaner", [{"dealer": "Anne"}], "Bjørn", id="clockwise"),
        pytest.param("amerikaner", [{"dealer": "Dina"}], "Anne", id="round-the-table"),
        pytest.param(
            "amerikaner",
            [{"dealer": " Cato ", "redeal": True}],
            "Cato",
            id="same-dealer-after-redeal",
        ),
        pytest.param("kaiser", [{"dealer": "Cato", "redeal": True}], "Cato", id="kaiser-misdeal"),
        # Euchre: when everyone passes the cards are thrown in and the deal moves on.
        pytest.param("euchre", [{"dealer": "Cato", "redeal": True}], "Dina", id="euchre-passes-on"),
        pytest.param("amerikaner", [{"dealer": "Xavier"}], None, id="unknown-dealer"),
        pytest.param("american", [{"winner": "Anne"}], None, id="american-without-dealer"),
    ],
)
def test_next_dealer(game: str, hands: list[dict[str, Any]], expected: str | None) -> None:
    teams = TEAMS if game in ("euchre", "kaiser") else None
    table = make_table(game, FOUR if game != "american" else ["Anne", "Bjørn"], teams=teams)
    assert get_game(game).next_dealer(table, hands) == expected


@pytest.mark.parametrize(
    ("game", "hand", "expected"),
    [
        pytest.param("amerikaner", {"dealer": "Anne", "redeal": True}, "Redeal", id="redeal"),
        pytest.param(
            "amerikaner",
            {"bidder": "Bjørn", "bid": 8, "partner": "Dina"},
            "Bjørn 8 with Dina",
            id="with-partner",
        ),
        pytest.param("amerikaner", {"bidder": "Bjørn", "bid": 7}, "Bjørn 7 alone", id="alone"),
        pytest.param(
            "amerikaner",
            {"bidder": "Bjørn", "bid": "amerikaner"},
            "Bjørn: Amerikaner",
            id="amerikaner",
        ),
        # The bid reader takes any letter case (an imported file may say "Amerikaner"),
        # so the summary does too: it is not a number bid "alone".
        pytest.param(
            "amerikaner",
            {"bidder": "Bjørn", "bid": " Amerikaner"},
            "Bjørn: Amerikaner",
            id="amerikaner-any-case",
        ),
        pytest.param(
            "euchre", {"maker": "Anne", "tricks": 4}, "Anne made trump, 4 tricks", id="euchre"
        ),
        pytest.param(
            "euchre",
            {"maker": "Anne", "alone": True, "tricks": 5},
            "Anne alone, 5 tricks",
            id="euchre-alone",
        ),
        pytest.param("euchre", {"dealer": "Anne", "redeal": True}, "Redeal", id="euchre-redeal"),
        pytest.param("kaiser", {"bidder": "Cato", "bid": 9}, "Cato 9", id="kaiser"),
        pytest.param(
            "kaiser",
            {"bidder": "Cato", "bid": 8, "no_trump": True},
            "Cato 8 no trump",
            id="kaiser-no-trump",
        ),
        pytest.param(
            "kaiser",
            {"bidder": "Cato", "kaiser": True, "made": True},
            "Cato: kaiser",
            id="kaiser-bid",
        ),
        pytest.param("kaiser", {"dealer": "Anne", "redeal": True}, "Redeal", id="kaiser-redeal"),
        pytest.param("american", {"winner": "Anne"}, "Anne won", id="american"),
        # History shows old versions too: a summary never fails on a hand it cannot read.
        pytest.param("amerikaner", {}, "? ? alone", id="empty"),
    ],
)
def test_summary_describes_the_hand_as_reported(
    game: str, hand: dict[str, Any], expected: str
) -> None:
    assert str(get_game(game).summary(hand)) == expected


def _setup(name: str) -> dict[str, Any]:
    players = ["Anne", "Bjørn"] if name == "american" else FOUR
    return {"players": players, "teams": TEAMS if GAMES[name].team_game else None}


@pytest.mark.parametrize("name", list(GAMES))
def test_house_rules_describe_every_rule_with_its_default(name: str) -> None:
    setup = _setup(name)
    fields = GAMES[name].house_rules()
    defaults = {field.name: field.default for field in fields if field.default is not None}
    plain = make_table(name, setup["players"], teams=setup["teams"])
    assert (
        make_table(name, setup["players"], rules=defaults, teams=setup["teams"]).rules
        == plain.rules
    )
    derived = {"tricks"}  # worked out from the deal, not chosen
    assert dataclasses.is_dataclass(plain.rules) and not isinstance(plain.rules, type)
    rule_names = {f.name for f in dataclasses.fields(plain.rules)} - derived
    assert {field.name for field in fields} == rule_names
    for field in fields:
        assert str(field.label)


def test_presets_are_valid_house_rules() -> None:
    for name, game in GAMES.items():
        setup = _setup(name)
        for preset in game.presets:
            table = make_table(
                name, setup["players"], rules=dict(preset.rules), teams=setup["teams"]
            )
            assert str(preset.label)
            for key, value in preset.rules.items():
                assert getattr(table.rules, key) == value


def test_seats_and_teams_match_the_engine() -> None:
    for name, game in GAMES.items():
        low, high = game.seats
        names = [chr(ord("A") + i) for i in range(13)]
        teams = {"X": ["A", "C"], "Y": ["B", "D"]} if game.team_game else None
        make_table(name, names[:low], teams=teams)
        make_table(name, names[:high], teams=teams)
        with pytest.raises(RuleError):
            make_table(name, names[: high + 1], teams=teams)
        assert str(game.title)


@pytest.mark.parametrize(
    ("game", "hand", "expected"),
    [
        pytest.param(
            "amerikaner",
            {"bidder": "Bjørn", "tricks": {"Anne": 2, "Cato": 1}},
            "Anne 2, Cato 1",
            id="amerikaner",
        ),
        pytest.param(
            "kaiser",
            {"tricks": {"Nord": 6, "Sør": 2}, "five_hearts": "Nord", "three_spades": "Sør"},
            "Nord 6, Sør 2; 5\u2665 Nord, 3\u2660 Sør",
            id="kaiser",
        ),
        pytest.param("kaiser", {"kaiser": True, "made": True}, "", id="kaiser-bid"),
        pytest.param("euchre", {"maker": "Anne", "tricks": 4}, "", id="euchre-in-summary"),
    ],
)
def test_details_tell_versions_apart(game: str, hand: dict[str, Any], expected: str) -> None:
    assert get_game(game).details(hand) == expected


def test_a_game_without_a_schedule_gives_the_form_nothing_more() -> None:
    # Only a game whose rules fix something of the next hand (Oh Hell's cards) says so.
    game = get_game("euchre")
    table = make_table("euchre", FOUR, teams=TEAMS)
    assert game.scheduled(table, []) == {}
    assert game.hint(table, [], {}) is None
