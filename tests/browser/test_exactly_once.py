"""Every hand exactly once at a real table: lost answers, offline phones, a second phone.

Each test ends by counting the hands in the database: the page's word is not enough.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Locator, Page, Request, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Change, Game, Hand
from tests.browser.steps import (
    LIVE,
    choice,
    correct_dealer,
    expect_dealer,
    fill_hand,
    fill_new_game,
    game_code,
    join_as,
    open_new_game,
    open_new_game_of,
    play_hand,
    save,
    save_held,
    start_game,
    start_group,
    total,
    tricks,
    unchanged,
    wait_for_offline_copy,
)
from tests.factories import anne_wins, make_game

# A poll every 2 s, then the hand's save: a few polls' time is plenty.
SOON = 10_000

# Tests marked `every_database` run on PostgreSQL too: what they show depends on the
# database's locks, constraints and transactions. The others check how an open form
# follows what the server answers, which is the same on any database.


def _four_at_the_table(page: Page, url: str) -> None:
    start_group(page, url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)


def _second_phone(new_phone: Callable[[], Page], url: str, who: str = "Bjørn") -> Page:
    other = new_phone()
    join_as(other, url, who)
    expect(other.locator("form[data-hand-form]")).to_be_visible()
    return other


def _hands(page: Page) -> list[Hand]:
    return list(Hand.objects.filter(game__code=game_code(page)).order_by("number"))


def _out_of_sight(page: Page) -> None:
    page.evaluate(
        """() => {
            Object.defineProperty(document, "hidden", { value: true, configurable: true });
            document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )


def _said(page: Page) -> str:
    return page.locator("#status [data-said]").inner_text()


def _save_button(page: Page) -> None:
    page.locator("form[data-hand-form] button[name=save]").click()


def _hand_1_saved_unheard(page: Page, answers: list[int]) -> Locator:
    """Hand 1 (Bjørn 8 with Dina) reaches the server, which saves it, and its answer is
    lost, as is every send after it until `page.unroute`; the line saying it waits."""

    def lose_answers(route: Route) -> None:
        if not answers:
            answers.append(route.fetch().status)
        route.abort("connectionreset")

    page.route("**/hands/", lose_answers)
    # The polls get through, answered "unchanged" until the line is read (one bringing the
    # saved hand would end the wait first): no answer came, which is no lost connection.
    page.route(LIVE, unchanged)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    queue = page.locator("#status [data-queue]")
    expect(queue).to_be_visible()
    expect(queue).to_contain_text("No answer came yet: hand 1 is kept on this phone")
    page.unroute(LIVE, unchanged)
    return queue


@pytest.mark.every_database
def test_an_answer_lost_after_the_save_adds_no_second_hand(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    answers: list[int] = []
    _hand_1_saved_unheard(page, answers)
    page.unroute("**/hands/")
    assert answers == [200]

    # By itself, within a poll or two: the server has the hand under this entry.
    said = page.locator("#status [data-said]")
    expect(said).to_have_text("Hand 1 saved: Bjørn 8 with Dina, made.", timeout=SOON)
    expect(said).to_be_in_viewport()
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)

    # The scorer taps Save once more: the form is for hand 2 now and empty, so nothing.
    expect(page.locator("form[data-hand-form] button[name=save]")).to_have_text(
        "Save hand 2", use_inner_text=True
    )
    _save_button(page)
    expect(page.locator("form[data-hand-form] .errorlist").first).to_be_visible()
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn")]


def test_a_save_the_server_never_answers_is_kept_after_15_s_and_goes_in_once(
    live_server: LiveServer, page: Page
) -> None:
    """The laptop serving the table asleep: the save is neither refused nor answered. After
    15 s the phone keeps the hand, says so, and goes on to the next; once the server
    answers again the hand goes in, once."""
    _four_at_the_table(page, live_server.url)
    page.clock.install()
    asleep: list[Route] = []
    page.route("**/hands/", lambda route: asleep.append(route))  # no answer, nothing sent
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    while not asleep:
        page.wait_for_timeout(50)
    page.clock.run_for(14_000)
    expect(page.locator("button[name=save]")).to_be_disabled()  # still waiting
    page.clock.run_for(2_000)
    queue = page.locator("#status [data-queue]")
    expect(queue).to_contain_text("No answer came yet: hand 1 is kept on this phone")
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    page.unroute("**/hands/")
    page.clock.run_for(5_000)  # the polls answer, and the hand kept goes with them
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn")]


def test_a_lost_answer_found_saved_brings_the_page_to_its_top_from_the_forms_end(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    answers: list[int] = []
    _hand_1_saved_unheard(page, answers)
    # The scorer is at the form's end, Save's bar in its place (not held at the foot), when
    # a poll finds the hand saved: the page goes to its top, to what it says, and stays.
    page.locator("form[data-hand-form]").evaluate(
        "(form) => scrollBy(0, form.getBoundingClientRect().bottom - innerHeight * 0.7)"
    )
    assert page.evaluate("scrollY") > 0
    page.unroute("**/hands/")
    expect(page.locator("#status [data-said]")).to_have_text(
        "Hand 1 saved: Bjørn 8 with Dina, made.", timeout=SOON
    )
    page.wait_for_function("() => scrollY === 0")
    with page.expect_response(LIVE):
        pass  # the next poll moves nothing
    assert page.evaluate("scrollY") == 0


def test_a_tap_more_on_save_just_after_it_saved_sends_nothing(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    save(page)
    posts: list[str] = []

    def count(request: Request) -> None:
        if request.method == "POST":
            posts.append(request.url)

    page.on("request", count)
    # The thumb comes down once more on Save, over the next hand's empty form: nothing is
    # sent, and the line saying hand 1 was saved is not pushed aside by a refusal.
    _save_button(page)
    page.wait_for_timeout(500)
    expect(page.locator(".messages li.success")).to_contain_text("Hand 1 saved")
    expect(page.locator("form[data-hand-form] .errorlist")).to_have_count(0)
    assert posts == []


@pytest.mark.every_database
def test_a_hand_the_server_has_leaves_the_queue_with_a_poll_while_sending_still_fails(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    answers: list[int] = []
    # Every send after the first is lost on the way too; the polls get through.
    queue = _hand_1_saved_unheard(page, answers)

    # A poll shows the hand under this phone's entry: it waits no more, and nothing says
    # there is no connection.
    said = page.locator("#status [data-said]")
    expect(said).to_have_text("Hand 1 saved: Bjørn 8 with Dina, made.", timeout=SOON)
    expect(queue).to_be_hidden()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    assert answers == [200]
    assert [h.number for h in _hands(page)] == [1]


def test_an_answer_lost_on_the_hand_that_wins_leaves_the_game_won_and_no_form(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    game = make_game(hands=anne_wins()[:4])  # Anne at 48: her next 6 alone wins
    join_as(page, f"{live_server.url}/g/{game.group.edit_key}/games/{game.code}/", "Anne")
    page.route("**/hands/", lambda route: (route.fetch(), route.abort("connectionreset")))
    fill_hand(page, "Anne", 6, "", {"Bjørn": 2, "Cato": 2, "Dina": 2})
    _save_button(page)
    # The poll brings the game won: the hand kept on the phone is found saved, and the page
    # is the won game's (the form had stayed, kept while the hand waited, as "Save hand 6").
    expect(page.locator("#winner")).to_be_visible(timeout=SOON)
    expect(page.locator("form[data-hand-form]")).to_have_count(0, timeout=SOON)
    expect(page.locator("#entry button.primary")).to_have_text("Amerikaner again, same table")
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    assert len(_hands(page)) == 5


def test_the_same_hand_tapped_in_on_two_phones_is_not_saved_twice_by_one_tap(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    # Anne and Bjørn both tap hand 1 in; Anne saves first. Bjørn's form moves on to hand 2.
    other = _both_phones_hold_hand_1(page, new_phone, live_server.url)
    # His Save, meant for hand 1, is refused once, in words; his taps stay.
    _save_button(other)
    expect(other.locator("#entry .errorlist")).to_contain_text(
        "Hand 1 was saved on another phone while this form was being filled in"
    )
    expect(other.locator("form[data-hand-form] input[name=bidder][value=Bjørn]")).to_be_checked()
    assert len(_hands(page)) == 1
    # Tapped again, it is a new hand: hand 2.
    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    assert [h.number for h in _hands(page)] == [1, 2]


def test_a_hand_kept_on_the_phone_is_sent_by_the_full_link_only(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    page.route("**/hands/", lambda route: route.abort("connectionreset"))
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    # The view-only link and the big screen, open on the same phone, leave it be.
    game = Game.objects.get(code=game_code(page))
    watching = page.context.new_page()
    view = f"{live_server.url}/g/{game.group.view_key}/games/{game.code}/"
    for url in (view, f"{view}tv/"):
        watching.goto(url)
        with watching.expect_response(LIVE):
            pass  # a poll came back: it would have sent what waits
        expect(watching.locator("[data-waiting] li")).to_have_count(0)
    kept = page.evaluate("JSON.parse(localStorage.getItem('scorekeeper-queue'))")
    assert [item["number"] for item in kept] == [1]
    assert not _hands(page)
    # The full link sends it, once.
    page.unroute("**/hands/")
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    assert [h.number for h in _hands(page)] == [1]


def test_a_held_hand_kept_on_the_phone_is_sent_as_the_hand_its_form_said(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    # Anne's form moves on to hand 2 while she taps; her Save then gets no answer.
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2})
    play_hand(other, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(page.locator("[data-renumbered]")).to_be_visible(timeout=SOON)
    page.route("**/hands/", lambda route: route.abort("connectionreset"))
    tricks(page, "Cato", 1).click()
    _save_button(page)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    # Tapped Save on a form that said "hand 2": sent later, it is hand 2, not refused.
    page.unroute("**/hands/")
    expect(page.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    assert [h.number for h in _hands(page)] == [1, 2]


@pytest.mark.every_database
def test_a_redeal_tapped_while_a_save_is_under_way_does_not_take_its_place(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/hands/", hold)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    expect(page.locator("form[data-hand-form] button[name=save]")).to_be_disabled()
    # Redeal is not disabled with Save: the form drops its submit, and the hand being
    # saved stays the one the phone keeps when the answer is lost.
    page.locator("form[data-hand-form] button[name=redeal]").click()
    expect(page.locator("form[data-hand-form] button[name=save]")).to_have_text(
        "Saving…", use_inner_text=True
    )
    held[0].abort("connectionreset")
    page.unroute("**/hands/", hold)
    expect(page.locator("#hands [data-waiting] li")).to_contain_text(
        "Bidder Bjørn, Bid 8, Partner Dina, Tricks: Anne 2, Cato 1"
    )
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    assert len(held) == 1
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn")]


def test_a_hand_kept_offline_is_listed_by_what_each_tap_answered_alone_too(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    page.context.set_offline(True)
    fill_hand(page, "Bjørn", 8, "", {"Anne": 2, "Cato": 1, "Dina": 1})
    _save_button(page)
    # "Alone" is a tap like the others (it was left out, as if no partner was chosen).
    expect(page.locator("#hands [data-waiting] li")).to_contain_text(
        "Bidder Bjørn, Bid 8, Partner alone, Tricks: Anne 2, Cato 1, Dina 1"
    )


@pytest.mark.every_database
@pytest.mark.parametrize("service_workers", ["allow"])  # the page opens again offline
def test_a_hand_saved_offline_survives_a_reload_and_is_sent_once_by_itself(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    wait_for_offline_copy(page)
    page.context.set_offline(True)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    _save_button(page)  # a second tap, on the next (empty) hand
    queue = page.locator("#status [data-queue]")
    expect(queue).to_contain_text("No connection: hand 1 is kept on this phone")
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    expect(page.locator("#hands [data-waiting] li")).to_contain_text(
        "Bidder Bjørn, Bid 8, Partner Dina, Tricks: Anne 2, Cato 1"
    )
    # The heading and the dealer's badge go on with the form: hand 2, Bjørn deals.
    heading, badge = page.locator(".game-title .hand-no"), page.locator(".badge.dealer")
    expect(heading).to_have_text("hand 2")
    expect(page.locator('tr[data-side="Bjørn"] .badge.dealer')).to_have_count(1)
    expect(badge).to_have_count(1)

    page.reload()  # still offline: the service worker's copy, with the queue on top
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    expect(heading).to_have_text("hand 2")
    expect(page.locator('tr[data-side="Bjørn"] .badge.dealer')).to_have_count(1)
    assert _hands(page) == []

    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    expect(page.locator("#status [data-said]")).to_contain_text("Hand 1 saved")
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn")]


@pytest.mark.every_database
def test_two_hands_saved_offline_are_spoken_of_as_two_and_both_go_in(
    live_server: LiveServer, page: Page
) -> None:
    _four_at_the_table(page, live_server.url)
    page.context.set_offline(True)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    expect(page.locator("#status [data-queue]")).to_contain_text(
        "No connection: hand 1 is kept on this phone"
    )
    fill_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    _save_button(page)
    expect(page.locator("#status [data-queue]")).to_contain_text(
        "No connection: hands 1 and 2 are kept on this phone and will be sent by themselves"
    )
    expect(page.locator("#hands [data-waiting] li")).to_have_count(2)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    expect(page.locator("#status [data-queue]")).to_be_hidden()
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn"), (2, "Cato")]


def test_an_open_form_takes_the_dealer_the_rotation_names(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    expect_dealer(other, "Anne")

    # Anne deals hand 1, Bjørn hand 2; Cato deals next.
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    play_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value(
        "3", timeout=SOON
    )
    expect_dealer(other, "Cato")

    fill_hand(other, "Dina", 7, "Bjørn", {"Anne": 3, "Cato": 2})
    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(3)
    assert [h.data["dealer"] for h in _hands(page)] == ["Anne", "Bjørn", "Cato"]


def test_a_dealer_chosen_by_hand_stays_and_the_form_says_the_rotation_moved(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    choice(other, "dealer", "Dina").click()
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    moved = other.locator("form[data-hand-form] [data-dealer-moved]")
    expect(moved).to_contain_text("Bjørn", timeout=SOON)
    expect(other.locator("input[name=dealer]:checked")).to_have_value("Dina")


def _deaf_second_phone(page: Page, new_phone: Callable[[], Page], url: str) -> Page:
    """Four at the table and Bjørn's phone, whose polls get no answer: it does not hear
    of Anne's save before it saves too, as when both tap at the same moment."""
    _four_at_the_table(page, url)
    other = _second_phone(new_phone, page.url)
    other.route(LIVE, lambda route: None)
    return other


@pytest.mark.every_database
def test_two_phones_saving_the_same_hand_store_it_once(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _deaf_second_phone(page, new_phone, live_server.url)
    for phone in (page, other):
        fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    # Anne's save is answered first (two taps at once may reach the server either way round);
    # Bjørn's phone, hearing nothing, saves the same hand after it.
    with page.expect_response("**/hands/"):
        _save_button(page)
    _save_button(other)
    for phone in (page, other):
        expect(phone.locator("#hands tbody tr")).to_have_count(1)
    said = other.locator("#main .messages li")
    expect(said).to_have_text(
        "Hand 1 was just saved on another phone (Anne), exactly as you entered it: "
        "Bjørn 8 with Dina. It was not added a second time."
    )
    expect(said).to_be_in_viewport()
    # Not left ready to be saved again as hand 2.
    expect(other.locator("form[data-hand-form] input[name=bidder]:checked")).to_have_count(0)
    assert len(_hands(page)) == 1


def _two_hands_saved_at_once(page: Page, new_phone: Callable[[], Page], url: str) -> Page:
    """Anne's phone saves Bjørn 8 with Dina as hand 1; the second phone, not told yet,
    saves Cato 7 with Anne as hand 1 too. The second phone."""
    other = _deaf_second_phone(page, new_phone, url)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    fill_hand(other, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    _save_button(page)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    _save_button(other)
    return other


@pytest.mark.every_database
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_two_phones_saving_different_hands_show_the_conflict_in_view(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    locale: str,
    screenshots: Path,
) -> None:
    other = _two_hands_saved_at_once(page, new_phone, live_server.url)

    conflict = other.locator("[data-conflict]")
    expect(conflict).to_be_in_viewport()
    expect(conflict).to_have_attribute("role", "alert")
    words = CONFLICT[locale]
    expect(conflict).to_contain_text(f"{words['hand']} 1: Bjørn 8 {words['with']} Dina")
    expect(conflict).to_contain_text(f"Cato 7 {words['with']} Anne")
    expect(conflict.locator("[data-dealer]")).to_have_text([words["dealer"]] * 2)
    # Not one Save from a second copy of hand 1: the form is hand 2's, empty, and the box
    # offers Cato's taps as hand 1's correction.
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    expect(other.locator("form[data-hand-form] input[name=bidder]:checked")).to_have_count(0)
    expect(conflict.locator("[data-correct]")).to_have_text(words["correct"])
    other.screenshot(path=screenshots / f"conflict-correct-{locale}.png")
    assert [h.data["bidder"] for h in _hands(page)] == ["Bjørn"]
    conflict.locator("[data-correct]").click()
    expect(other.locator(".messages")).to_contain_text(words["corrected"])
    expect(other.locator("#hands tbody tr")).to_have_count(1)
    assert [h.data["bidder"] for h in _hands(page)] == ["Cato"]


CONFLICT = {
    "nb-NO": {
        "hand": "Runde",
        "with": "med",
        "dealer": "Giver: Anne",
        "correct": "Rett runde 1 med disse trykkene",
        "corrected": "Runde 1 er rettet.",
    },
    "en-GB": {
        "hand": "Hand",
        "with": "with",
        "dealer": "Dealer: Anne",
        "correct": "Correct hand 1 with these taps",
        "corrected": "Hand 1 corrected.",
    },
}


def _kept_offline_while_bjorn_saves_hand_1(
    page: Page, new_phone: Callable[[], Page], url: str, count: int
) -> None:
    """Anne's phone, offline, keeps Cato's hand (and Dina's, for two); meanwhile Bjørn's
    phone saves another hand 1."""
    _four_at_the_table(page, url)
    other = _second_phone(new_phone, page.url)
    page.context.set_offline(True)
    kept = [
        ("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1}),
        ("Dina", 7, "Bjørn", {"Anne": 3, "Cato": 2}),
    ]
    for bidder, bid, partner, taken in kept[:count]:
        fill_hand(page, bidder, bid, partner, taken)
        _save_button(page)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(count)
    play_hand(other, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})


def test_two_phones_saving_two_hands_at_once_keep_both_in_one_tap(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    # Both tapped Save at the same moment, each its own hand: the second phone's was the
    # next hand. One tap in the box saves it as hand 2, dealt by the next dealer.
    other = _two_hands_saved_at_once(page, new_phone, live_server.url)
    as_next = other.locator("[data-conflict] [data-as-next]")
    expect(as_next).to_have_text("Save them as hand 2, Bjørn dealing")
    as_next.click()
    expect(other.locator("#hands tbody tr")).to_have_count(2)
    assert [(h.number, h.data["bidder"], h.data["dealer"]) for h in _hands(page)] == [
        (1, "Bjørn", "Anne"),
        (2, "Cato", "Bjørn"),
    ]


@pytest.mark.every_database
def test_a_hand_kept_offline_meets_the_conflict_display_if_the_game_moved_on(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _kept_offline_while_bjorn_saves_hand_1(page, new_phone, live_server.url, 1)

    page.context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_be_in_viewport(timeout=SOON)
    expect(conflict).to_contain_text("Hand 1: Bjørn 8 with Dina")
    expect(conflict).to_contain_text("Cato 7 with Anne")
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    # Anne's hand is offered as hand 1's correction; the form is hand 2's, empty.
    expect(conflict.locator("[data-correct]")).to_be_visible()
    expect(page.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    expect(page.locator("form[data-hand-form] input[name=bidder]:checked")).to_have_count(0)
    assert [h.data["bidder"] for h in _hands(page)] == ["Bjørn"]


@pytest.mark.parametrize(
    ("locale", "since"),
    [
        ("en-GB", r"Offline since \d\d:\d\d: the scores shown"),
        ("nb-NO", r"Frakoblet siden kl\. \d\d\.\d\d: poengene"),  # a time as the pages write it
    ],
)
def test_a_watcher_whose_polls_fail_says_since_when_and_catches_up_by_itself(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page], locale: str, since: str
) -> None:
    _four_at_the_table(page, live_server.url)
    watcher = _second_phone(new_phone, page.url, who="Cato")
    watcher.context.set_offline(True)
    offline = watcher.locator("#status [data-offline]")
    expect(offline).to_be_visible(timeout=SOON)
    expect(offline).to_contain_text(re.compile(since))
    expect(offline).to_be_in_viewport()
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(watcher.locator("#hands tbody tr")).to_have_count(0)

    watcher.context.set_offline(False)
    expect(watcher.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    expect(offline).to_be_hidden()


@pytest.mark.every_database
def test_an_open_form_holding_the_hand_another_phone_just_saved_says_it_is_identical(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    for phone in (page, other):
        fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    said = other.locator("#status #same-hand")
    expect(said).to_have_text(
        "Hand 1 was just saved on another phone exactly as this form has it: "
        "Bjørn 8 with Dina, made. Save it as hand 2 only if it is a new hand.",
        timeout=SOON,
    )
    expect(said).to_be_in_viewport()
    # The taps stay, under the next number, with the dealer the rotation names.
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Bjørn")
    expect_dealer(other, "Bjørn")
    assert len(_hands(page)) == 1


def test_taps_finished_after_the_form_moved_on_are_called_the_hand_just_saved(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """The second phone had tapped only the bidder and the bid when the first saved the
    hand; it finishes the same taps under the next number, and hears at once that they are
    that hand (it was saved twice, the warning nowhere in view)."""
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    choice(other, "bidder", "Bjørn").click()
    choice(other, "bid", 8).click()
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    said = other.locator("#status #same-hand")
    expect(said).to_be_hidden()
    fill_hand(other, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    expect(said).to_contain_text("Hand 1 was just saved on another phone exactly", timeout=SOON)
    expect(said).to_be_in_viewport()
    # Another tap makes it another hand: the line goes.
    choice(other, "bid", 9).click()
    expect(said).to_be_hidden()


def test_a_phone_asks_before_it_undoes_a_hand_another_phone_saved(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """A tap on "Undo" on a phone that only followed the game took the scorer's hand away
    at once; it asks first now. The phone that saved the hand undoes it in one tap."""
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    undo = other.locator("#toolbar form button")
    expect(undo).to_be_visible(timeout=SOON)
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()
        else:
            dialog.accept()

    other.on("dialog", answer)
    undo.click()
    expect(other.locator("#hands tbody tr")).to_have_count(1)
    assert asked == ["Hand 1 was saved on Anne's phone. Undo it here?"]
    assert len(_hands(page)) == 1
    undo.click()
    expect(other.locator("#hands tbody tr")).to_have_count(0)
    assert len(asked) == 2
    # Anne's own hand goes in one tap (a question would be dismissed: it would stay).
    expect(page.locator("#hands tbody tr")).to_have_count(0, timeout=SOON)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    expect(page.locator("#hands tbody tr")).to_have_count(1)
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(0)


def test_the_identical_hand_line_follows_that_hand_when_an_earlier_one_is_deleted(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _four_at_the_table(page, live_server.url)
    other = _second_phone(new_phone, page.url)
    play_hand(page, "Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1})
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value(
        "2", timeout=SOON
    )
    for phone in (page, other):
        fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    _save_button(page)
    said = other.locator("#status #same-hand")
    expect(said).to_contain_text("Hand 2 was just saved on another phone", timeout=SOON)
    # Hand 1 is deleted on Anne's phone: the hand this form holds is hand 1 now, and a
    # save of it would still be the same hand twice.
    game = Game.objects.get(code=game_code(page))
    game.delete_hand(1, game.hands.get(number=1).revision, "Anne")
    expect(said).to_have_text(
        "Hand 1 was just saved on another phone exactly as this form has it: "
        "Bjørn 8 with Dina, made. Save it as hand 2 only if it is a new hand.",
        timeout=SOON,
    )
    expect(other.locator("form[data-hand-form] input[name=number]")).to_have_value("2")
    assert [(h.number, h.data["bidder"]) for h in _hands(page)] == [(1, "Bjørn")]


@pytest.mark.every_database
def test_hands_kept_offline_behind_a_conflict_wait_and_go_in_in_order(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    _kept_offline_while_bjorn_saves_hand_1(page, new_phone, live_server.url, 2)

    # Back online: Cato's hand meets Bjørn's hand 1; Dina's waits behind it.
    page.context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_contain_text("Cato 7 with Anne", timeout=SOON)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    expect(page.locator("#status [data-queue]")).to_have_text(
        "Hand 2 waits on this phone until the hand in the form is saved."
    )
    assert [h.data["bidder"] for h in _hands(page)] == ["Bjørn"]

    # Anne leaves Cato's taps (Bjørn's hand 1 stands); Dina's hand 2 then goes in.
    conflict.locator("[data-leave]").click()
    expect(page.locator("#hands tbody tr")).to_have_count(2, timeout=SOON)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    assert [h.data["bidder"] for h in _hands(page)] == ["Bjørn", "Dina"]


def test_hands_kept_behind_a_conflict_saved_as_the_next_hand_go_after_it(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """Cato's hand, kept offline, was another hand than Bjørn's hand 1 after all: saved as
    hand 2, the hand kept behind it goes as hand 3, not against it (which offered to leave
    it). Its dealer was the rotation's for hand 2: the form asks to check it, the taps in."""
    _kept_offline_while_bjorn_saves_hand_1(page, new_phone, live_server.url, 2)
    code = game_code(page)
    page.context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_contain_text("Cato 7 with Anne", timeout=SOON)
    conflict.locator("[data-as-next]").click()  # a page of its own: its address ends "#hands"
    # From here no answer of htmx's comes (which would mark the refused form's taps too).
    for quiet in ("**/live/**", "**/preview/**", "**/chart/**"):
        page.route(quiet, lambda route: route.abort())
    expect(page.locator("#entry .errorlist")).to_contain_text(
        "Cato deals hand 3 now. Check the dealer and save again.", timeout=SOON
    )
    expect(conflict).to_have_count(0)
    expect(page.locator("#hands [data-waiting] li")).to_have_count(0)
    expect(page.locator("input[name=bidder]:checked")).to_have_value("Dina")
    # That refusal came to the queue's own save, not htmx's: its taps outlive a reload too.
    _out_of_sight(page)
    page.unroute_all()
    page.reload()
    expect(page.locator("input[name=bidder]:checked")).to_have_value("Dina")
    save(page)
    hands = Hand.objects.filter(game__code=code).order_by("number")
    assert [(h.number, h.data["bidder"], h.data["dealer"]) for h in hands] == [
        (1, "Bjørn", "Anne"),
        (2, "Cato", "Bjørn"),
        (3, "Dina", "Cato"),
    ]


def _undo(page: Page) -> None:
    """Undo the last hand from the toolbar, and wait for the answer."""
    rows = page.locator("#hands tbody tr").count()
    page.locator("#toolbar form button").click()
    expect(page.locator("#hands tbody tr")).to_have_count(rows - 1)


def _both_phones_hold_hand_1(page: Page, new_phone: Callable[[], Page], url: str) -> Page:
    """Four at the table and Bjørn's phone, both with the same hand tapped in. Anne's saves
    it as hand 1 (Anne's deal); Bjørn's form moves on to hand 2, Bjørn's deal, and says it
    holds the saved hand."""
    _four_at_the_table(page, url)
    other = _second_phone(new_phone, page.url)
    for phone in (page, other):
        fill_hand(phone, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    save(page)
    number = other.locator("form[data-hand-form] input[name=number]")
    expect(number).to_have_value("2", timeout=SOON)
    expect_dealer(other, "Bjørn")
    expect(other.locator("[data-renumbered]")).to_be_visible()
    said = other.locator("#status #same-hand")
    expect(said).to_contain_text("Save it as hand 2 only if it is a new hand.")
    return other


def test_an_open_form_goes_back_with_the_rotation_when_another_phone_undoes_a_hand(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _both_phones_hold_hand_1(page, new_phone, live_server.url)
    number = other.locator("form[data-hand-form] input[name=number]")
    said = other.locator("#status #same-hand")

    # Anne takes hand 1 back: the game expects hand 1 again, dealt by Anne.
    _undo(page)
    expect(number).to_have_value("1", timeout=SOON)
    expect(other.locator("button[name=save]")).to_have_text("Save hand 1", use_inner_text=True)
    expect_dealer(other, "Anne")
    expect(other.locator("[data-renumbered]")).to_be_hidden()
    removed = other.locator("[data-removed]")
    expect(removed).to_have_text("A hand was removed on another phone: this form now saves hand 1.")
    expect(removed).to_be_visible()
    # The taps stay, and nothing says they were saved any more.
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Bjørn")
    expect(said).to_be_hidden()

    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(1)
    assert [(h.number, h.data["dealer"], h.entered_by) for h in _hands(page)] == [
        (1, "Anne", "Bjørn")
    ]
    # Anne's hand 1, its undoing and Bjørn's hand 1: nothing added twice, nothing lost.
    assert _changes(page) == [
        (Change.ADD, 1, "Anne"),
        (Change.DELETE, 1, "Anne"),
        (Change.ADD, 1, "Bjørn"),
    ]


def _bjorns_form_follows_hand_1(page: Page, new_phone: Callable[[], Page], url: str) -> Page:
    """Four at the table and Bjørn's phone: Anne's saves hand 1 (Anne's deal), and Bjørn's
    open form, not tapped yet, follows to hand 2, Bjørn's deal, without a word."""
    _four_at_the_table(page, url)
    other = _second_phone(new_phone, page.url)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    number = other.locator("form[data-hand-form] input[name=number]")
    expect(number).to_have_value("2", timeout=SOON)
    expect_dealer(other, "Bjørn")
    expect(other.locator("[data-renumbered]")).to_be_hidden()
    return other


def _changes(page: Page) -> list[tuple[str, int, str]]:
    """The game's change log: what happened to which hand number, by whom."""
    changes = Change.objects.filter(game__code=game_code(page)).order_by("pk")
    return [(c.action, c.number, c.by) for c in changes]


@pytest.mark.every_database
def test_a_save_refused_after_an_undo_comes_back_with_the_rotations_dealer(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _bjorns_form_follows_hand_1(page, new_phone, live_server.url)
    number = other.locator("form[data-hand-form] input[name=number]")

    # Bjørn's phone hears nothing more before it saves: Anne's undo is news to the server.
    other.route(LIVE, lambda route: None)
    _undo(page)
    fill_hand(other, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    _save_button(other)
    conflict = other.locator("[data-conflict]")
    expect(conflict).to_contain_text("The hand was removed")
    # Back in the form as hand 1, dealt by Anne as the rotation now says, taps and all.
    expect(number).to_have_value("1")
    expect_dealer(other, "Anne")
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Cato")
    assert _hands(page) == []

    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(1)
    assert [(h.number, h.data["dealer"], h.data["bidder"]) for h in _hands(page)] == [
        (1, "Anne", "Cato")
    ]


@pytest.mark.every_database
def test_a_save_after_the_rotation_moved_unheard_comes_back_with_the_dealer_it_names(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _bjorns_form_follows_hand_1(page, new_phone, live_server.url)
    # Bjørn's phone hears nothing more before it saves: hand 1 was dealt by Cato, Anne's
    # phone says, so Dina deals hand 2, not Bjørn.
    other.route(LIVE, lambda route: None)
    correct_dealer(page, 1, "Cato")
    fill_hand(other, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    _save_button(other)
    expect(other.locator("#main .errorlist")).to_contain_text(
        "The deal moved on another phone: Dina deals hand 2 now."
    )
    expect_dealer(other, "Dina")
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Cato")
    assert [h.number for h in _hands(page)] == [1]

    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(2)
    assert [(h.number, h.data["dealer"]) for h in _hands(page)] == [(1, "Cato"), (2, "Dina")]


def _checked_dealer(page: Page) -> Locator:
    return page.locator("form[data-hand-form] input[name=dealer]:checked")


def test_an_open_form_takes_the_rotations_new_dealer_when_the_last_hand_is_corrected(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _bjorns_form_follows_hand_1(page, new_phone, live_server.url)
    number = other.locator("form[data-hand-form] input[name=number]")
    fill_hand(other, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})

    # Cato dealt hand 1, not Anne: the rotation names Dina for hand 2, still hand 2.
    correct_dealer(page, 1, "Cato")
    expect(_checked_dealer(other)).to_have_value("Dina", timeout=SOON)
    expect_dealer(other, "Dina")
    expect(number).to_have_value("2")
    # The form says why its dealer changed under the scorer's eyes.
    moved = other.locator("form[data-hand-form] [data-dealer-moved]")
    expect(moved).to_have_text(
        "A hand before this one was changed on another phone: Dina deals this hand now."
    )
    expect(moved).to_be_visible()
    # The taps stay; the form was empty when hand 1 came from another phone, so nothing
    # says it took the next number.
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Cato")
    expect(other.locator("[data-renumbered]")).to_be_hidden()
    # A dealer tapped here leaves the note behind; tapping Dina again keeps her.
    choice(other, "dealer", "Bjørn").click()
    expect(moved).to_be_hidden()
    choice(other, "dealer", "Dina").click()

    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(2)
    assert [(h.number, h.data["dealer"], h.entered_by) for h in _hands(page)] == [
        (1, "Cato", "Anne"),
        (2, "Dina", "Bjørn"),
    ]


def test_a_dealer_picked_by_hand_stays_when_the_last_hand_is_corrected(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _bjorns_form_follows_hand_1(page, new_phone, live_server.url)
    number = other.locator("form[data-hand-form] input[name=number]")
    moved = other.locator("form[data-hand-form] [data-dealer-moved]")
    # Bjørn's phone knows better than the rotation: Cato deals hand 2.
    choice(other, "dealer", "Cato").click()
    # A correction that leaves the deal alone (Anne took 3 tricks, Cato none) moves no
    # rotation: nothing to point out.
    game = Game.objects.get(code=game_code(page))
    hand = game.hand_list()[0]
    game.edit_hand(1, hand.revision, {**hand.data, "tricks": {"Anne": 3, "Cato": 0}}, "Anne")
    expect(total(other, "Anne")).to_have_text("3", timeout=SOON)
    expect(moved).to_be_hidden()

    # Hand 1 is corrected to Cato's deal: the rotation names Dina, the form keeps Cato.
    correct_dealer(page, 1, "Cato")
    expect(moved).to_have_text(
        "The rotation now names Dina as dealer; this form keeps the dealer you chose.",
        timeout=SOON,
    )
    expect(moved).to_be_visible()
    expect(_checked_dealer(other)).to_have_value("Cato")
    # Another pick by hand: the rotation still names someone else, and the note stays.
    choice(other, "dealer", "Anne").click()
    expect(moved).to_be_visible()
    choice(other, "dealer", "Cato").click()
    # Corrected again, to Bjørn's deal: the rotation names Cato too, nothing to point out.
    correct_dealer(page, 1, "Bjørn")
    expect(moved).to_be_hidden(timeout=SOON)
    expect(_checked_dealer(other)).to_have_value("Cato")
    expect(number).to_have_value("2")

    fill_hand(other, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    _save_button(other)
    expect(other.locator("#hands tbody tr")).to_have_count(2)
    assert [(h.number, h.data["dealer"]) for h in _hands(page)] == [(1, "Bjørn"), (2, "Cato")]


def test_an_open_form_follows_a_hand_undone_and_entered_again_between_two_polls(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _both_phones_hold_hand_1(page, new_phone, live_server.url)
    number = other.locator("form[data-hand-form] input[name=number]")
    said = other.locator("#status #same-hand")

    # Bjørn's phone hears nothing while Anne takes hand 1 back and enters another hand 1,
    # dealt by Cato: when it hears again the game expects hand 2 as before, Dina's deal.
    other.route(LIVE, lambda route: route.abort())
    _undo(page)
    choice(page, "dealer", "Cato").click()
    play_hand(page, "Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1})
    other.unroute(LIVE)
    expect(_checked_dealer(other)).to_have_value("Dina", timeout=SOON)
    expect_dealer(other, "Dina")
    expect(number).to_have_value("2")
    # The hand 1 this form holds is gone, and so is the line saying it was saved.
    expect(said).to_be_hidden()
    expect(other.locator("input[name=bidder]:checked")).to_have_value("Bjørn")

    save_held(other)  # begun for the hand 1 that went: a new hand at the second tap
    expect(other.locator("#hands tbody tr")).to_have_count(2)
    assert [(h.number, h.data["dealer"], h.data["bidder"]) for h in _hands(page)] == [
        (1, "Cato", "Cato"),
        (2, "Dina", "Bjørn"),
    ]
    assert _changes(page) == [
        (Change.ADD, 1, "Anne"),
        (Change.DELETE, 1, "Anne"),
        (Change.ADD, 1, "Anne"),
        (Change.ADD, 2, "Bjørn"),
    ]


def test_an_open_form_follows_a_correction_to_a_redeal(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    other = _bjorns_form_follows_hand_1(page, new_phone, live_server.url)

    # Hand 1 was a redeal after all (another phone's correction): Anne deals again.
    game = Game.objects.get(code=game_code(page))
    game.edit_hand(1, game.hand_list()[0].revision, {"dealer": "Anne", "redeal": True}, "Anne")
    expect(_checked_dealer(other)).to_have_value("Anne", timeout=SOON)
    expect_dealer(other, "Anne")


def test_a_rotation_that_names_nobody_takes_back_its_note_and_its_pick(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "american")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    chooser = _second_phone(new_phone, page.url)
    follower = _second_phone(new_phone, page.url, who="Cato")
    moved = chooser.locator("form[data-hand-form] [data-dealer-moved]")
    # Bjørn's phone picks Dina to deal; Anne's saves hand 1, dealt by Anne.
    choice(chooser, "dealer", "Dina").click()
    choice(page, "winner", "Anne").click()
    save(page)
    expect(moved).to_contain_text("The rotation now names Bjørn", timeout=SOON)
    expect_dealer(follower, "Bjørn")

    # Hand 1 is corrected to name no dealer (American lets a hand leave it out, as a game
    # file may): the rotation names nobody, so no form says it names Bjørn.
    game = Game.objects.get(code=game_code(page))
    game.edit_hand(1, game.hand_list()[0].revision, {"winner": "Anne"}, "Anne")
    expect(moved).to_be_hidden(timeout=SOON)
    expect(moved).to_have_text("")
    expect(_checked_dealer(chooser)).to_have_value("Dina")
    expect(_checked_dealer(follower)).to_have_count(0)

    # Cato's phone saves hand 2 as the form then stands: no dealer.
    choice(follower, "winner", "Cato").click()
    _save_button(follower)
    expect(follower.locator("#hands tbody tr")).to_have_count(2)
    assert [h.data for h in _hands(page)] == [{"winner": "Anne"}, {"winner": "Cato"}]


def test_taps_made_after_the_deal_moved_come_back_after_a_reload(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """The deal moved while the form was untouched (a correction elsewhere): the hand
    tapped in after it is of an unchanged game since its first tap, and comes back."""
    _four_at_the_table(page, live_server.url)
    play_hand(page, "Cato", 8, "Anne", {"Bjørn": 2, "Dina": 1})
    other = _second_phone(new_phone, page.url)
    correct_dealer(other, 1, "Cato")
    form = page.locator("form[data-hand-form]")
    expect(form.locator("[name=follow_dealer]")).not_to_have_value("")
    fill_hand(page, "Dina", 7, "Bjørn", {"Anne": 3})
    _out_of_sight(page)
    page.reload()
    expect(form.locator("input:checked:not([name=dealer])")).to_have_count(4)


def test_a_refused_hands_taps_come_back_after_a_reload(live_server: LiveServer, page: Page) -> None:
    """The server refused the hand and drew the form again holding what was sent: a reload
    brings back every tap, those made before the refusal as well as after it."""
    _four_at_the_table(page, live_server.url)
    fill_hand(page, "Cato", 8, None, {"Bjørn": 2, "Dina": 1})
    page.locator("button[name=save]").click()
    expect(page.locator("#entry .errorlist")).to_contain_text("partner")
    choice(page, "partner", "Anne").click()
    _out_of_sight(page)
    page.reload()
    form = page.locator("form[data-hand-form]")
    expect(form.locator("input:checked:not([name=dealer])")).to_have_count(5)
    expect(form.locator("input[name=bidder]:checked")).to_have_value("Cato")
    expect(form.locator("input[name=partner]:checked")).to_have_value("Anne")
    save(page)
    assert [(h.data["bidder"], h.data["partner"]) for h in _hands(page)] == [("Cato", "Anne")]


def test_a_refused_hand_kept_offline_leaves_the_next_form_empty(
    live_server: LiveServer, page: Page
) -> None:
    """Refused, completed, then kept offline: the next hand's form starts empty, not with
    the refused hand's taps again (one more Save would have kept the hand twice)."""
    _four_at_the_table(page, live_server.url)
    fill_hand(page, "Cato", 8, None, {"Bjørn": 2, "Dina": 1})
    page.locator("button[name=save]").click()
    expect(page.locator("#entry .errorlist")).to_contain_text("partner")
    choice(page, "partner", "Anne").click()
    page.context.set_offline(True)
    page.locator("button[name=save]").click()
    expect(page.locator("#hands [data-waiting] li")).to_have_count(1)
    form = page.locator("form[data-hand-form]")
    expect(form.locator("input[name=number]")).to_have_value("2")
    expect(form.locator("input:checked:not([name=dealer])")).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("#hands tbody tr")).to_have_count(1, timeout=SOON)
    assert [(h.data["bidder"], h.data["partner"]) for h in _hands(page)] == [("Cato", "Anne")]


def test_the_language_switched_keeps_the_open_forms_taps(
    live_server: LiveServer, page: Page
) -> None:
    """Switching between English and Norwegian loads the page again, in the other language:
    the hand being tapped in, its note too, comes with it."""
    _four_at_the_table(page, live_server.url)
    fill_hand(page, "Cato", 8, "Anne", {"Bjørn": 2, "Dina": 1})
    page.locator("form[data-hand-form] details.note-field summary").click()
    page.locator("form[data-hand-form] textarea[name=note]").fill("Misdeal fixed")
    page.locator(".bar .lang button[value=nb]").click()
    expect(page.locator("html")).to_have_attribute("lang", "nb")
    form = page.locator("form[data-hand-form]")
    expect(form.locator("input:checked:not([name=dealer])")).to_have_count(5)
    expect(form.locator("textarea[name=note]")).to_have_value("Misdeal fixed")
    save(page)
    hands = _hands(page)
    assert [(h.data["bidder"], h.data.get("note")) for h in hands] == [("Cato", "Misdeal fixed")]


def test_a_reload_keeps_the_open_forms_taps_for_the_same_hand_only(
    live_server: LiveServer, page: Page, new_phone: Callable[[], Page]
) -> None:
    """A phone's browser may drop a page left in the background and load it again: the
    hand being tapped in comes back, its outcome asked, and goes once. Kept as the page
    goes out of sight (a dropped page hears nothing more). A game changed meanwhile (a
    hand saved, or corrected, elsewhere) leaves the form as the server draws it."""
    _four_at_the_table(page, live_server.url)
    choice(page, "dealer", "Bjørn").click()
    fill_hand(page, "Cato", 8, "Anne", {"Bjørn": 2, "Dina": 1})
    page.locator("form[data-hand-form] details.note-field summary").click()
    page.locator("form[data-hand-form] textarea[name=note]").fill("Misdeal fixed")
    # Out of sight, then dropped without a word: what it kept then is what comes back.
    page.evaluate(
        """() => {
            Object.defineProperty(document, "hidden", { value: true, configurable: true });
            document.dispatchEvent(new Event("visibilitychange"));
            Storage.prototype.setItem = () => {};
        }"""
    )
    page.reload()
    form = page.locator("form[data-hand-form]")
    checked = "input:checked:not([name=dealer])"
    expect(form.locator(checked)).to_have_count(5)
    expect(form.locator("input[name=dealer]:checked")).to_have_value("Bjørn")
    expect(form.locator("textarea[name=note]")).to_be_visible()
    expect(form.locator("textarea[name=note]")).to_have_value("Misdeal fixed")
    expect(page.locator("#preview strong")).to_be_visible()  # the outcome, asked again
    save(page)
    page.reload()  # the next hand's form is the server's own
    expect(form.locator(checked)).to_have_count(0)
    expect(form.locator("input[name=number]")).to_have_value("2")

    other = _second_phone(new_phone, page.url)
    for change in ("saved", "corrected"):
        fill_hand(page, "Dina", 7, "Bjørn", {"Anne": 3})
        if change == "saved":
            # Not heard before the reload (its tag is not the page's): the polls held back.
            page.route("**/live/**", lambda route: route.abort())
            play_hand(other, "Anne", 7, "Cato", {"Bjørn": 2, "Dina": 2})
        else:
            # Heard first: the poll brings the deal moved under the taps, which then go.
            correct_dealer(other, 2, "Bjørn")
            expect(form.locator("[name=follow_dealer]")).not_to_have_value("")
        page.reload()  # the game changed: the taps may not be this form's hand
        page.unroute("**/live/**")
        expect(form.locator("input[name=number]")).to_have_value("3")
        expect(form.locator(checked)).to_have_count(0)
    hands = _hands(page)
    assert [(h.number, h.data["dealer"], h.data["bidder"], h.data.get("note")) for h in hands] == [
        (1, "Bjørn", "Cato", "Misdeal fixed"),
        (2, "Bjørn", "Anne", None),
    ]
