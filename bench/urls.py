"""The project's URLs plus two views that are not the app: the floor every request pays
(middleware, routing), and the floor every save pays on top of it (its transaction)."""

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST

from games.models import Change, Game


def ok(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


@require_POST
def bare_write(request: HttpRequest, code: str) -> HttpResponse:
    """What any save does beyond a hello-world view, and nothing else: read its form, lock
    its game's row, write one row of history, move the version on, answer "ok". No form
    checked, no rules played, no page drawn."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(code=code)
        Change.objects.create(
            game=game, number=0, action=Change.ADD, after=dict(request.POST.items()), by="bench"
        )
        Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    return HttpResponse("ok")


urlpatterns = [
    path("bench/ok/", ok, name="bench_ok"),
    path("bench/write/<str:code>/", bare_write, name="bench_write"),
    path("", include("scorekeeper.urls")),
]
