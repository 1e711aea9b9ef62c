"""A group's nights: the games of one evening with their winners and charts, and the
night's name and place, which the full link may change."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.devices import who_is
from games.forms import NightForm
from games.models import Night
from games.present.night import games_with_hands, night_context
from games.views.access import Access, HtmxHttpRequest, access_for, access_to_edit, ask_who


def _find_night(access: Access, code: str) -> Night:
    return get_object_or_404(
        Night.objects.prefetch_related(
            Prefetch(
                "games",
                queryset=games_with_hands(["created_at", "id"]).prefetch_related("ratings"),
            )
        ),
        group=access.group,
        code=code,
    )


@require_GET
def night_detail(request: HttpRequest, key: str, night: str) -> HttpResponse:
    access = access_for(key)
    if asked := ask_who(request, access):
        return asked
    found = _find_night(access, night)
    form = NightForm(instance=found) if access.can_edit else None
    return render(request, "games/night.html", night_context(access, found, form))


@require_POST
def night_edit(request: HtmxHttpRequest, key: str, night: str) -> HttpResponse:
    """Name the night and say where it was; htmx gets the page's head back, a browser
    without JavaScript the whole page."""
    access = access_to_edit(key)
    found = _find_night(access, night)
    stored = found.name, found.place
    form = NightForm(request.POST, instance=found)
    if form.is_valid():
        # Validating copied the form onto the night: the night as stored makes the change.
        found.name, found.place = stored
        found.rename(
            form.cleaned_data["name"], form.cleaned_data["place"], who_is(request, access.group)
        )
        if request.htmx:
            context = night_context(access, found, NightForm(instance=found))
            return render(request, "games/night.html#head", {**context, "saved": True})
        messages.success(request, _("Saved."))
        return redirect("night", key, night)
    # The form shows what was typed; the heading, what is saved (validating copied the
    # valid half onto the night).
    found.name, found.place = stored
    template = "games/night.html#head" if request.htmx else "games/night.html"
    return render(
        request, template, night_context(access, found, form), status=200 if request.htmx else 422
    )
