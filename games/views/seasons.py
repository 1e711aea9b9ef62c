"""A group's seasons: a table per kind of game for a calendar year or a named season, the
form that names a season (what the group page shows of them: `games.present.season`).
Every figure is added up by the database
(`games.stats.seasons`): the same few queries for ten games or ten thousand."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import stats
from games.devices import who_is
from games.forms import SeasonForm, overlap_message
from games.models import Season
from games.stats import seasons
from games.stats.seasons import Period
from games.views.access import Access, access_for, access_to_edit


@require_GET
def season_detail(request: HttpRequest, key: str, season: str = "") -> HttpResponse:
    access = access_for(key)
    return _page(request, access, season, SeasonForm(group=access.group))


@require_POST
def season_name(request: HttpRequest, key: str) -> HttpResponse:
    """Name a season; a refused form comes back on this year's season page."""
    access = access_to_edit(key)
    form = SeasonForm(request.POST, group=access.group)
    if form.is_valid():
        data = form.cleaned_data
        season, made = Season.name_one(
            access.group,
            data["name"],
            data["start"],
            data["end"],
            by=who_is(request, access.group),
        )
        if made:
            messages.success(request, _("Season “%(name)s” named.") % {"name": season.name})
            return redirect("season", key, season.code)
        # Named by another phone between the form's check and the save.
        form.add_error(None, overlap_message(season))
    return _page(request, access, "", form, status=422)


@require_POST
def season_forget(request: HttpRequest, key: str, season: str) -> HttpResponse:
    access = access_to_edit(key)
    found = get_object_or_404(Season, group=access.group, code=season)
    found.forget(who_is(request, access.group))
    messages.success(
        request,
        _("Season “%(name)s” removed; its games still count in their years.")
        % {"name": found.name},
    )
    return redirect("seasons", key)


def _page(
    request: HttpRequest, access: Access, slug: str, form: SeasonForm, status: int = 200
) -> HttpResponse:
    group = access.group
    now = seasons.today()
    every = seasons.every(group.pk, now)
    period = _chosen(every, slug, now)
    tables = seasons.standings(group.pk, period, stats.people(group.pk))
    return render(
        request,
        "games/season.html",
        {
            "access": access,
            "group": group,
            "period": period,
            "over": period.is_over(now),
            "upcoming": now < period.start,
            "tables": tables,
            "years": [p for p in every if not p.named],
            "named": [p for p in every if p.named],
            "form": form,
        },
        status=status,
    )


def _chosen(every: list[Period], slug: str, now: dt.date) -> Period:
    """The season at this address (none: this calendar year); 404 for anything else."""
    if not slug:
        return Period.year(now.year)
    for period in every:
        if period.slug == slug:
            return period
    if slug.isdigit() and len(slug) == 4 and int(slug) > 0:
        return Period.year(int(slug))  # a year without games: an empty table
    raise Http404
