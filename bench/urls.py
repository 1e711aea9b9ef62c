"""The project's URLs plus a trivial view: the floor every request pays (middleware, routing)."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def ok(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns = [
    path("bench/ok/", ok, name="bench_ok"),
    path("", include("scorekeeper.urls")),
]
