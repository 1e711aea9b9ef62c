"""A game of Hearts kept as Points, typed in on a phone: a score per player with its running
sum, a minus sign from the button beside a score, a correction, a conflict, an undo, and
the end when somebody reaches 100, won by the lowest total.

Anne, Bjørn, Cato and Dina sit in that order; Anne deals first.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import (
    expect_totals,
    exported_and_scored,
    fill_new_game,
    game_code,
    open_new_game_of,
    save,
    start_game,
    start_group,
)
from tests.browser.test_accessibility import _violations

SEATS = {"Anne": 0, "Bjørn": 1, "Cato": 2, "Dina": 3}


def type_score(page: Page, player: str, score: int) -> None:
    box = page.locator(f"#id_scores-{SEATS[player]}")
    box.fill(str(score))
    box.press("Tab")  # leaving the box is what a phone's "next" does: the preview follows


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_game_of_hearts_to_100_won_by_the_lowest_total(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    tmp_path: Path,
    screenshots: Path,
    locale: str,
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "points")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    page.locator("label:has(> #id_preset_hearts)").click()
    expect(page.locator("#id_rule_target")).to_have_value("100")
    page.screenshot(path=screenshots / f"points-new-game-{locale}.png", full_page=True)
    problems = _violations(page, "new points")
    start_game(page)
    expect_totals(page, {"Anne": 0, "Bjørn": 0, "Cato": 0, "Dina": 0})

    # Hand 1: Anne and Bjørn 13 each; Dina typed 5 and made it -5 with the button.
    type_score(page, "Anne", 13)
    type_score(page, "Bjørn", 13)
    type_score(page, "Dina", 5)
    page.locator('[data-side="Dina"] [data-flip-sign]').click()
    expect(page.locator("#id_scores-3")).to_have_value("-5")
    # The running sum before Save: 13 + 13 - 5 = 21.
    expect(page.locator("#preview .hint")).to_contain_text("21")
    # A number typed is added in as it is typed, its box not yet left: Cato's 8, then 0.
    cato = page.locator("#id_scores-2")
    cato.press_sequentially("8")
    expect(page.locator("#preview .hint")).to_contain_text("29")
    cato.press("Backspace")
    expect(page.locator("#preview .hint")).to_contain_text("21")
    expect(cato).to_be_focused()
    # A number pasted or spoken comes with no key: added in too (it was left out until the
    # box was left), then taken out again.
    page.keyboard.insert_text("4")
    expect(page.locator("#preview .hint")).to_contain_text("25")
    cato.press("Backspace")
    expect(page.locator("#preview .hint")).to_contain_text("21")
    page.screenshot(path=screenshots / f"points-hand-form-{locale}.png", full_page=True)
    problems += _violations(page, "points hand form")
    save(page)
    expect_totals(page, {"Anne": 13, "Bjørn": 13, "Cato": 0, "Dina": -5})

    # A correction: Cato had 4. Another phone with the same correction open saves after:
    # a conflict, not saved over it.
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.locator('a[href$="/edit/"]').click()
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#id_scores-0")).to_have_value("13")
    type_score(page, "Cato", 4)
    page.locator("button[name=save]").click()
    expect_totals(page, {"Anne": 13, "Bjørn": 13, "Cato": 4, "Dina": -5})
    type_score(other, "Anne", 9)
    other.locator("button[name=save]").click()
    expect(other.locator(".conflict")).to_be_visible()

    # Hand 2 saved with a slip, undone, and typed again: Anne takes 87 and reaches 100.
    type_score(page, "Anne", 78)
    save(page)
    rows = page.locator("#hands tbody tr")
    page.locator("#toolbar form button").click()
    expect(rows).to_have_count(1)
    expect_totals(page, {"Anne": 13, "Bjørn": 13, "Cato": 4, "Dina": -5})
    type_score(page, "Anne", 87)
    save(page)
    expect_totals(page, {"Anne": 100, "Bjørn": 13, "Cato": 4, "Dina": -5})
    # Somebody reached 100: the lowest total, Dina's, wins.
    expect(page.locator("#winner")).to_contain_text("Dina")
    expect(page.locator("form[data-hand-form]")).to_have_count(0)
    page.screenshot(path=screenshots / f"points-finished-{locale}.png", full_page=True)
    problems += _violations(page, "points finished")

    document = exported_and_scored(game_code(page), tmp_path)
    assert document["rules"] == {"target": 100, "low_wins": True}
    assert document["hands"][1]["scores"] == {"Anne": 87}
    assert document["winners"] == ["Dina"] and document["finished"] is True
    assert not problems, "\n".join(problems)


def test_a_preset_changed_after_it_is_ticked_starts_the_game_as_changed(
    live_server: LiveServer, page: Page
) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "points")
    fill_new_game(page, ["Bjørn", "Cato"])
    page.locator("label:has(> #id_preset_hearts)").click()
    expect(page.locator("#id_rule_low_wins")).to_be_checked()
    # To 50, and the highest wins after all.
    page.locator("#id_rule_target").fill("50")
    page.locator("label:has(> #id_rule_low_wins)").click()
    start_game(page)
    expect(page.locator(".scoreboard .to-go").first).to_have_text("50 to go")


def test_one_preset_at_a_time(live_server: LiveServer, page: Page) -> None:
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "points")
    target, low_wins = page.locator("#id_rule_target"), page.locator("#id_rule_low_wins")
    rummy, hearts = page.locator("#id_preset_rummy"), page.locator("#id_preset_hearts")
    empty = target.input_value()
    page.locator("label:has(> #id_preset_rummy)").click()
    expect(target).to_have_value("500")
    # Hearts after Rummy: Rummy is unticked, and Hearts' rules shown.
    page.locator("label:has(> #id_preset_hearts)").click()
    expect(rummy).not_to_be_checked()
    expect(target).to_have_value("100")
    expect(low_wins).to_be_checked()
    # Hearts unticked too: the form's own rules again, no preset left ticked.
    page.locator("label:has(> #id_preset_hearts)").click()
    expect(hearts).not_to_be_checked()
    expect(target).to_have_value(empty)
    expect(low_wins).not_to_be_checked()


def test_the_preview_of_five_players_shows_each_ones_points(
    live_server: LiveServer, page: Page
) -> None:
    # Five sides' points take two lines at a phone's width: the preview under Save keeps
    # three, each side's points in view, of a height that does not change as it is typed.
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "points")
    fill_new_game(page, ["Bjørn", "Cato", "Dina", "Erik Kristoffersen"])
    start_game(page)
    preview = page.locator("#preview")
    empty = preview.bounding_box()
    for seat, score in enumerate([13, 77, 1, 3, 8]):
        box = page.locator(f"#id_scores-{seat}")
        box.fill(str(score))
        box.press("Tab")
    expect(preview).to_contain_text("Erik Kristoffersen +8")
    # The last side's points inside the box (the line of words after them may scroll).
    last = preview.locator(".plus").last.bounding_box()
    shown = preview.bounding_box()
    assert last is not None and shown is not None
    assert last["y"] + last["height"] <= shown["y"] + shown["height"], (last, shown)
    assert empty is not None and shown["height"] == empty["height"]


def test_enter_in_a_score_box_saves_the_scores_not_a_redeal(
    live_server: LiveServer, page: Page
) -> None:
    # A phone's Go (Enter) sends the form by its first button: the redeal under the dealer
    # sat before Save, and the scores typed went as a redeal.
    start_group(page, live_server.url, me="Anne")
    open_new_game_of(page, "points")
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    type_score(page, "Anne", 13)
    page.locator(f"#id_scores-{SEATS['Bjørn']}").fill("7")
    page.locator(f"#id_scores-{SEATS['Bjørn']}").press("Enter")
    expect_totals(page, {"Anne": 13, "Bjørn": 7, "Cato": 0, "Dina": 0})
    assert Game.objects.get().hands.get().data["scores"] == {"Anne": 13, "Bjørn": 7}
