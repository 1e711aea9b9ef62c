"""A new game: players in seating order, the first dealer and the house rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import endless_hands, make_game, new_game_post
from tests.test_stats import euchre_game
from tests.views.pages import checked, field_values, part, text

pytestmark = pytest.mark.django_db

THREE = ["Anne", "Bjørn", "Cato"]
# What the form asks for whenever the seats are not 3 to 6 players (Amerikaner).
CHOOSE = "Choose 3 to 6 players, in the order you sit."


def _new(phone: Client, group: Group, data: dict[str, Any]) -> Any:
    return phone.post(reverse("new_game", args=[group.edit_key]), data)


def test_form_seats_the_group_in_the_order_they_joined(phone: Client, group: Group) -> None:
    values = field_values(phone.get(reverse("new_game", args=[group.edit_key])))
    for seat, name in enumerate(["Anne", "Bjørn", "Cato", "Dina"]):
        assert values[f"seats-{seat}-name"] == [name]


def test_form_seats_the_table_as_at_the_last_game(phone: Client, group: Group) -> None:
    make_game(group, players=["Dina", "Cato", "Anne"])
    values = field_values(phone.get(reverse("new_game", args=[group.edit_key])))
    assert [values[f"seats-{i}-name"] for i in range(4)] == [["Dina"], ["Cato"], ["Anne"], [""]]


def test_a_game_of_another_kind_seats_the_table_that_just_played_the_deal_passed_on(
    phone: Client, group: Group
) -> None:
    # Points after Amerikaner: the table that just played, Dina dealing next (hand 2 was
    # Bjørn's: Cato, Bjørn, Dina sit in that order), not Points' own last table.
    group.add_player("Erik")
    make_game(group, players=["Anne", "Bjørn", "Cato", "Dina"])
    make_game(
        group, players=["Cato", "Bjørn", "Dina"], hands=endless_hands(2, ["Cato", "Bjørn", "Dina"])
    )
    page = phone.get(reverse("new_game_of", args=[group.edit_key, "points"]))
    values = field_values(page)
    assert [values[f"seats-{i}-name"] for i in range(4)] == [["Cato"], ["Bjørn"], ["Dina"], [""]]
    assert checked(page, "first_dealer") == "3"
    # After a game of American for two, who cannot play Amerikaner: Amerikaner's own last
    # table instead, its first dealer the form's first seat.
    group.start_game("american", ["Anne", "Erik"], first_dealer="Anne", by="Anne")
    page = phone.get(reverse("new_game_of", args=[group.edit_key, "amerikaner"]))
    values = field_values(page)
    assert [values[f"seats-{i}-name"] for i in range(4)] == [["Cato"], ["Bjørn"], ["Dina"], [""]]
    assert checked(page, "first_dealer") == "1"


def test_a_game_for_fewer_after_a_table_of_five_keeps_the_table_s_order(
    phone: Client, group: Group
) -> None:
    # Kaiser (four) after an Amerikaner of five, and no Kaiser before: the five's first four
    # as they sat (Bjørn across from Dina, as at the table), not the order they joined.
    group.add_player("Erik")
    make_game(group, players=["Erik", "Bjørn", "Anne", "Dina", "Cato"])
    assert _kaiser_seats(phone, group) == ["Erik", "Bjørn", "Anne", "Dina"]
    # For more than sat at the last game: the others after them, in the order they joined,
    # each once, as the group spells them (a game file may have written "erik").
    group.start_game("american", ["Dina", "erik"], first_dealer="Dina", by="Anne")
    assert _kaiser_seats(phone, group) == ["Dina", "Erik", "Anne", "Bjørn"]


def _kaiser_seats(phone: Client, group: Group) -> list[str]:
    values = field_values(phone.get(reverse("new_game_of", args=[group.edit_key, "kaiser"])))
    return [values[f"seats-{i}-name"][0] for i in range(4)]


def test_a_game_of_teams_after_one_keeps_the_names_the_pairs_went_by(
    phone: Client, group: Group
) -> None:
    # Kaiser after Euchre: Nord (Anne and Cato) and Sør sit down again under their names.
    euchre_game(group)
    page = phone.get(reverse("new_game_of", args=[group.edit_key, "kaiser"]))
    values = field_values(page)
    assert [values[f"seats-{i}-name"] for i in range(4)] == [
        ["Anne"],
        ["Bjørn"],
        ["Cato"],
        ["Dina"],
    ]
    assert (values["team_1"], values["team_2"]) == (["Nord"], ["Sør"])
    started = phone.post(
        reverse("new_game_of", args=[group.edit_key, "kaiser"]),
        new_game_post(*FOUR, team_1="Nord", team_2="Sør"),
    )
    assert started.status_code == 302
    # Teams that went by their players' names are left for the form to name by its seats.
    kaiser = Game.objects.get(kind="kaiser")
    kaiser.teams = {"Anne & Cato": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}
    kaiser.save()
    values = field_values(phone.get(reverse("new_game_of", args=[group.edit_key, "euchre"])))
    assert (values["team_1"], values["team_2"]) == ([""], [""])


def test_the_form_sent_as_the_page_shows_it_seats_the_group(phone: Client, group: Group) -> None:
    # The page's own fields, the seats' count (the formset's management form) among them.
    page = phone.get(reverse("new_game", args=[group.edit_key]))
    response = _new(phone, group, {name: sent[-1] for name, sent in field_values(page).items()})
    assert response.status_code == 302
    assert Game.objects.get().players == ["Anne", "Bjørn", "Cato", "Dina"]


def test_an_abandoned_game_does_not_seat_the_next_one(phone: Client, group: Group) -> None:
    make_game(group, players=["Dina", "Cato", "Anne"])
    given_up = make_game(group, players=["Bjørn", "Anne", "Cato"])
    assert given_up.abandon("Anne")
    values = field_values(phone.get(reverse("new_game", args=[group.edit_key])))
    assert [values[f"seats-{i}-name"] for i in range(4)] == [["Dina"], ["Cato"], ["Anne"], [""]]


def test_new_game_seats_players_and_remembers_who_started_it(phone: Client, group: Group) -> None:
    data = new_game_post(
        {"name": "Anne", "start": 10}, "Bjørn", {"new": " Erik "}, first_dealer=2, rule_target=40
    )
    response = _new(phone, group, data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[group.edit_key, game.code])
    assert game.players == ["Anne", "Bjørn", "Erik"]
    assert (game.first_dealer, game.created_by) == ("Bjørn", "Anne")
    assert game.rules == {"target": 40}
    assert game.start == {"Anne": 10}
    assert group.players.filter(name="Erik").exists()  # a new name joins the group
    page = phone.get(response["Location"])
    assert "30 to go" in text(page)  # Anne: 40 - 10


def test_the_dealer_is_the_seat_tapped_whatever_seats_are_left_empty(
    phone: Client, group: Group
) -> None:
    # Seat 2 left empty: "3" is Cato's seat, as the form shows it.
    data = new_game_post("Anne", {}, "Cato", "Dina", first_dealer=3)
    assert _new(phone, group, data).status_code == 302
    assert Game.objects.get().first_dealer == "Cato"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(new_game_post(), CHOOSE, id="empty"),
        pytest.param(
            new_game_post("Anne", {}, "Cato", "Dina", first_dealer=2),
            "Nobody sits in seat 2.",
            id="dealer-in-an-empty-seat",
        ),
        pytest.param(new_game_post("Anne", "Bjørn"), CHOOSE, id="two-players"),
        pytest.param(
            new_game_post(*({"new": f"P{i}"} for i in range(1, 8))),
            CHOOSE,
            id="seven-players",
        ),
        # A seat past those the form counts (only a hand-made POST has one) is refused,
        # not dropped.
        pytest.param(
            {**new_game_post(*THREE), "seats-3-new": "Dina"},
            CHOOSE,
            id="past-the-last-seat",
        ),
        # A start total typed for nobody is not dropped: the seat is said.
        pytest.param(
            new_game_post("Anne", "Bjørn", {"start": 10}),
            "Seat 3 has a start total but no player.",
            id="a-start-total-for-nobody",
        ),
        pytest.param(
            new_game_post("Anne", "Bjørn", "Cato", "Dina", {"start": 25}),
            "Seat 5 has a start total but no player.",
            id="a-start-total-beside-four-players",
        ),
        # A page from before the seats were a formset, sent after an update: asked again.
        pytest.param(
            {"seat_1": "Anne", "seat_2": "Bjørn", "seat_3": "Cato", "first_dealer": "1"},
            CHOOSE,
            id="seats-without-their-count",
        ),
        # "anne" is Anne: a typed name takes the spelling of the player the group knows.
        pytest.param(
            new_game_post("Anne", "Bjørn", {"new": "anne"}),
            "Anne has two seats.",
            id="same-name-twice",
        ),
        pytest.param(
            new_game_post("Anne", "Bjørn", "Anne"), "Anne has two seats.", id="same-seat-twice"
        ),
        # Counted: the same name in three seats has three, not two.
        pytest.param(
            new_game_post("Anne", "Bjørn", "Anne", {"new": "anne"}),
            "Anne has 3 seats.",
            id="same-name-three-times",
        ),
        # A name given twice is said before the count it leaves short.
        pytest.param(
            new_game_post("Anne", {"new": "anne"}), "Anne has two seats.", id="twice-and-short"
        ),
        # A management form asking for a thousand seats: as many as the game has, and no more.
        pytest.param(
            {**new_game_post(*THREE), "seats-TOTAL_FORMS": "1000"},
            CHOOSE,
            id="a-thousand-seats",
        ),
        pytest.param(
            new_game_post(*THREE, first_dealer=4), "Nobody sits in seat 4.", id="no-dealer"
        ),
        pytest.param(
            new_game_post(*THREE, rule_deal="kitty"),
            "The kitty deal is for exactly 4 players, not 3.",
            id="kitty-for-three",
        ),
        pytest.param(
            new_game_post(*THREE, rule_target=0),
            "At least 1.",
            id="target-zero",
        ),
        pytest.param(
            new_game_post(*THREE, rule_min_bid="abc"), "Enter a whole number.", id="min-bid-abc"
        ),
        pytest.param(
            new_game_post({"name": "Anne", "start": "abc"}, "Bjørn", "Cato"),
            "Seat 1: Enter a whole number.",
            id="start-abc",
        ),
        pytest.param(
            new_game_post("Zed", "Bjørn", "Cato"),
            "Seat 1: Select a valid choice. Zed is not one of the available choices.",
            id="not-in-the-group",
        ),
        pytest.param(
            new_game_post({"new": "x" * 41}, "Bjørn", "Cato"),
            "Seat 1: At most 40 characters, not 41.",
            id="name-too-long",
        ),
    ],
)
def test_bad_new_game_is_answered_with_a_message(
    phone: Client, group: Group, data: dict[str, str], message: str
) -> None:
    response = _new(phone, group, data)
    assert response.status_code == 200
    assert message in text(response)
    assert not Game.objects.exists()
    assert group.players.count() == 4


@pytest.mark.parametrize(
    ("language", "field", "value", "message"),
    [
        ("en", "rule_target", "20000", "At most 10,000."),
        ("nb", "rule_target", "20000", "Høyst 10\xa0000."),
        ("en", "rule_target", "0", "At least 1."),
        ("nb", "rule_target", "0", "Minst 1."),
    ],
)
def test_a_house_rule_out_of_bounds_is_refused_in_the_players_words_and_numbers(
    phone: Client, group: Group, language: str, field: str, value: str, message: str
) -> None:
    response = phone.post(
        reverse("new_game", args=[group.edit_key]),
        new_game_post(*THREE, **{field: value}),
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert message in text(response)
    assert "Ensure" not in text(response)
    assert not Game.objects.exists()


def test_full_link_asks_who_before_a_new_game(client: Client, group: Group) -> None:
    response = client.get(reverse("new_game", args=[group.edit_key]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("who", args=[group.edit_key]))


def test_unknown_kind_of_game_is_not_found(phone: Client, group: Group) -> None:
    assert phone.get(reverse("new_game_of", args=[group.edit_key, "poker"])).status_code == 404


def test_new_game_answers_only_get_and_post(phone: Client, group: Group) -> None:
    assert phone.put(reverse("new_game", args=[group.edit_key])).status_code == 405


def test_a_second_tap_on_start_makes_no_second_game(phone: Client, group: Group) -> None:
    page = phone.get(reverse("new_game", args=[group.edit_key]))
    token = page.context["form"]["token"].value()
    data = new_game_post("Anne", {"new": "Bjørn"}, {"new": "Cato"}, token=token)
    first = _new(phone, group, data)
    second = _new(phone, group, data)
    # Both taps land on the same game: the form's one-time token made it once.
    assert first["Location"] == second["Location"]
    assert group.games.count() == 1
    # A fresh form has a fresh token and makes a new game.
    again = phone.get(reverse("new_game", args=[group.edit_key])).context["form"]["token"].value()
    assert again != token


def test_a_known_player_typed_in_other_letters_keeps_the_groups_spelling(
    phone: Client, group: Group
) -> None:
    # Typed "anne" for seat 1 of a team game with start totals: seats, teams and start must
    # all say "Anne", or the game could never be scored (and its page never opened).
    url = reverse("new_game_of", args=[group.edit_key, "euchre"])
    data = new_game_post({"new": "anne"}, "Bjørn", "Cato", "Dina", team_start_1=3)
    response = phone.post(url, data)
    game = Game.objects.get()
    assert game.players == ["Anne", "Bjørn", "Cato", "Dina"]
    assert game.teams == {"Anne & Cato": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}
    assert phone.get(response["Location"]).status_code == 200
    # A new game at the same table keeps those names too.
    again = phone.post(reverse("play_again", args=[group.edit_key, game.code]))
    assert phone.get(again["Location"]).status_code == 200


def test_the_name_limit_is_said_before_typing(phone: Client, group: Group) -> None:
    response = phone.get(reverse("new_game", args=[group.edit_key]))
    found = part(response, "name-limit")
    assert found is not None and found[0] == "A name can have up to 40 characters."


FOUR = [*THREE, "Dina"]


@pytest.mark.parametrize(
    ("kind", "data", "name", "message"),
    [
        # With the kitty four players take 12 tricks: no bid can be 13.
        pytest.param(
            "amerikaner",
            new_game_post(*FOUR, rule_deal="kitty", rule_min_bid=13),
            "rule_min_bid",
            "The rule “Lowest bid” must be from 1 to 12, not 13.",
            id="amerikaner-lowest-bid",
        ),
        # A team cannot lose at a total it must pass to win.
        pytest.param(
            "kaiser",
            new_game_post(*FOUR, rule_target=5, rule_lose_at=10),
            "rule_lose_at",
            "The rule “A team at or below this loses” (10) must be below the target (5).",
            id="kaiser-lose-at",
        ),
    ],
)
def test_a_house_rule_the_engine_refuses_is_named_by_its_label_under_its_field(
    phone: Client, group: Group, kind: str, data: dict[str, str], name: str, message: str
) -> None:
    response = phone.post(reverse("new_game_of", args=[group.edit_key, kind]), data)
    assert response.status_code == 200
    assert part(response, f"id_{name}-error") == (message, [])
    # Under its own input, before the label of the next rule (it read as that rule's).
    html = text(response)
    at = html.index(f'id="id_{name}-error"')
    assert html.index(f'name="{name}"') < at < html.index("<label", at)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        # Anne (seat 1) plays with Cato: a team of Bjørn and Dina called "Anne" would be
        # credited with the bids and wins of the wrong people on every page.
        pytest.param(
            {"team_2": "anne"},
            "A team cannot be called Anne: Anne plays on the other team.",
            id="named-after-an-opponent",
        ),
        pytest.param(
            {"team_1": "Sharks", "team_2": "SHARKS"},
            "The two teams need different names.",
            id="same-name-in-another-case",
        ),
    ],
)
def test_team_names_that_would_mislead_are_refused(
    phone: Client, group: Group, teams: dict[str, str], message: str
) -> None:
    response = phone.post(
        reverse("new_game_of", args=[group.edit_key, "euchre"]), new_game_post(*FOUR, **teams)
    )
    assert response.status_code == 200
    assert message in text(response)
    assert not Game.objects.exists()


def test_a_team_may_be_named_after_one_of_its_own_players(phone: Client, group: Group) -> None:
    response = phone.post(
        reverse("new_game_of", args=[group.edit_key, "euchre"]), new_game_post(*FOUR, team_1="Anne")
    )
    assert response.status_code == 302
    assert Game.objects.get().teams == {"Anne": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}


def test_a_last_game_whose_first_dealer_sits_nowhere_seats_the_first_dealer_first(
    phone: Client, group: Group
) -> None:
    # As a backup may bring a game in: its first dealer named, but at no seat.
    game = make_game(group, players=["Dina", "Cato", "Anne"])
    Game.objects.filter(pk=game.pk).update(first_dealer="Nobody")
    page = phone.get(reverse("new_game_of", args=[group.edit_key, "points"]))
    assert page.status_code == 200
    assert checked(page, "first_dealer") == "1"


@pytest.mark.parametrize("kind", ["euchre", "kaiser", "spades", "five_hundred"])
def test_a_team_name_box_takes_what_a_team_name_may_be(
    phone: Client, group: Group, kind: str
) -> None:
    # 100 characters, as the game file allows (the box stopped at a player's 40).
    page = text(phone.get(reverse("new_game_of", args=[group.edit_key, kind])))
    boxes = re.findall(r'<input type="text" name="team_\d"[^>]*>', page)
    assert len(boxes) == 2 and all('maxlength="100"' in box for box in boxes)
    long = "Nordavind og Sønnavind fra Fjellstua ved Vannet, alltid først ut og sist hjem fra kortbordet"
    made = phone.post(
        reverse("new_game_of", args=[group.edit_key, kind]), new_game_post(*FOUR, team_1=long)
    )
    assert made.status_code == 302 and long in (Game.objects.get().teams or {})
