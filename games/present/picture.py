"""What a result's picture says (drawn by `games.pictures`): a game's totals and chart, a
night's standings and winners, in the reader's language; and what a game's or a night's
page says of itself to a chat app (its preview), always by the view-only link."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import charts, pictures
from games.models import Game, Night
from games.numbers import number_text
from games.present.game import hands_played, read_seats_and_hands
from games.present.night import (
    ListedGame,
    counted,
    evening_in_words,
    in_standings,
    night_date,
    standings,
)
from games.present.words import named_by_players
from games.rules import GameResult, get_game
from games.rules.text import join_names

if TYPE_CHECKING:
    from games.views.access import Access


def game_filename(game: Game) -> str:
    """What a game's picture is saved as: "amerikaner-2025-03-07.png"."""
    return f"{game.kind}-{Night.evening_of(game.created_at).isoformat()}.png"


def game_picture_of(
    access: Access, game: Game, *, drawn: bool = True, played: GameResult | None = None
) -> pictures.Picture:
    """What a game's picture shows; not `drawn`, only its words (no date, no chart): what
    a link's preview says. `played`: the game's result, where the caller has it."""
    game = read_seats_and_hands(game)
    result = played or game.state().result_or_none()
    hands = hands_played(result) if result else len(game.hand_list())
    # Kind and hands: "Amerikaner · 16 hands".
    title = _("%(kind)s · %(hands)s") % {
        "kind": game.get_kind_display(),
        "hands": ngettext("%(count)d hand", "%(count)d hands", hands) % {"count": hands},
    }
    # The evening it belongs to (one query).
    date = (
        night_date(game.night.date if game.night else Night.evening_of(game.created_at))
        if drawn
        else ""
    )
    table = game.table()
    if result is None:  # a stored hand the engine refuses: the names, and what it needs
        rows = [pictures.Row(side, "") for side in table.sides]
        return pictures.Picture(
            access.group.name,
            title,
            date,
            _("This game needs a correction."),
            False,
            rows,
        )
    winners = result.winners
    standing = get_game(game.kind).standing(table, result)
    # Where the lowest total wins, the lowest places first.
    sign = 1 if standing.low_wins else -1
    # The winners first, then the others by total, as their places go (level totals in
    # seating order).
    order = sorted(table.sides, key=lambda side: (side not in winners, sign * result.totals[side]))
    members = {team.name: team.members for team in table.teams}
    rows = [
        pictures.Row(
            _side_name(side, members.get(side)), number_text(result.totals[side]), side in winners
        )
        for side in order
    ]
    if game.abandoned_at is not None:
        headline = _("Abandoned")
    elif len(winners) > 1:
        headline = _("Shared win: %(names)s") % {"names": join_names(list(winners), _)}
    elif winners:
        # A team, named or "Anne & Cato", win; a player wins.
        won = _("%(name)s win!") if game.teams else _("%(name)s wins!")
        headline = won % {"name": winners[0]}
    else:
        lead = min if standing.low_wins else max
        best = lead(result.totals.values()) if result.hands else None
        leaders = [side for side in order if result.totals[side] == best]
        if len(leaders) == 1:
            headline = _("%(name)s leads") % {"name": leaders[0]}
        elif leaders:
            headline = _("Level at the top: %(names)s") % {"names": join_names(leaders, _)}
        else:
            headline = _("Not started yet")
    chart = None
    if drawn:
        target = standing.target
        totals = [hand.totals for hand in result.hands]
        chart = charts.running_totals(table.sides, totals, table.start_totals(), target) or None
    return pictures.Picture(
        access.group.name,
        title,
        date,
        headline,
        bool(winners) and game.abandoned_at is None,
        rows,
        chart=chart,
        names=[*table.sides, *(member for team in table.teams for member in team.members)],
    )


def _side_name(side: str, members: tuple[str, ...] | None) -> str:
    """A side as the picture names it: a team named otherwise than by its partners with
    them after its name."""
    if members and side != named_by_players(members):
        return f"{side} ({join_names(list(members), _)})"
    return side


def night_picture_of(night: Night, rows: list[ListedGame], group: str) -> pictures.Picture:
    """What a night's picture shows, from its games as scored (`played`)."""
    table = standings(rows)
    date = night_date(night.date)
    subtitle = [date] if night.name else []
    subtitle += [night.place] if night.place else []
    games = len(in_standings(rows))
    subtitle += [ngettext("%(count)d game", "%(count)d games", games) % {"count": games}]
    most = max((standing.won for standing in table), default=0)
    lines = [
        pictures.Row(standing.name, standing.wins, won=most > 0 and standing.won == most)
        for standing in table
    ]
    return pictures.Picture(
        group,
        night.name or date,
        " · ".join(subtitle),
        evening_in_words(rows, table) if rows else _("No games yet."),
        most > 0,
        lines,
        heading=_("Games"),
        listed=[
            pictures.ListLine(_game_line(number, row), counted(row))
            for number, row in in_standings(rows)
        ],
        names=[standing.name for standing in table],
    )


def _game_line(number: int, row: ListedGame) -> str:
    """One of the night's games: its kind, and who won it or how far it got."""
    if row.result is None:
        how = _("needs a correction")
    elif row.result.finished:
        how = join_names(list(row.result.winners), _)
    else:
        hands = hands_played(row.result)
        how = ngettext("%(count)d hand, in play", "%(count)d hands, in play", hands) % {
            "count": hands
        }
    return _("%(number)d. %(kind)s: %(how)s") % {
        "number": number,
        "kind": row.game.get_kind_display(),
        "how": how,
    }


@dataclass(frozen=True)
class Preview:
    """What a game's or a night's page says of itself to a chat app showing a pasted link
    (its og: tags), and what its Share button shares: always through the view-only link,
    so that a page opened by the full link never passes the full link on."""

    title: str
    description: str
    page: str  # the page's path by the view-only link
    picture: str  # the picture's path by the view-only link, naming what it shows
    filename: str


def game_preview(access: Access, game: Game, played: GameResult | None = None) -> Preview:
    """A game's preview: its kind and group; who won or leads, and the totals."""
    words = game_picture_of(access, game, drawn=False, played=played)
    view_key = access.group.view_key
    return Preview(
        title=f"{words.title} · {words.group}",
        description=_described(words),
        page=reverse("game", args=[view_key, game.code]),
        # A chat app keeps a picture by its address: a new one for each version.
        picture=f"{reverse('game_picture', args=[view_key, game.code])}?v={game.version}",
        filename=game_filename(game),
    )


def night_preview(access: Access, night: Night, rows: list[ListedGame]) -> Preview:
    """A night's preview: its name or date and group; who won most, and the standings."""
    words = night_picture_of(night, rows, access.group.name)
    view_key = access.group.view_key
    shown = repr((night.name, night.place, [(row.game.pk, row.game.version) for row in rows]))
    version = hashlib.blake2b(shown.encode(), digest_size=6).hexdigest()
    return Preview(
        title=f"{words.title} · {words.group}",
        description=_described(words),
        page=reverse("night", args=[view_key, night.code]),
        picture=f"{reverse('night_picture', args=[view_key, night.code])}?v={version}",
        filename=f"night-{night.date.isoformat()}.png",
    )


def _described(words: pictures.Picture) -> str:
    """The headline and the rows: "Dina wins! Dina 57, Bjørn 54, Anne 46 and Cato 37." """
    rows = [f"{row.name} {row.value}".strip() for row in words.rows]
    # A headline that is no sentence in the picture ("Cato leads") ends as one here.
    headline = words.headline if words.headline.endswith((".", "!", "?")) else f"{words.headline}."
    return f"{headline} {join_names(rows, _)}." if rows else headline
