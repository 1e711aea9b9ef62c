"""What a different template engine would save (`python -m bench.run --engines`), and
where the time of the requests issue 30 asks to halve goes.

Most of what a save and the first phone after it cost is drawing (bench/README.md): the
game page's parts for the new version. Django's own template language walks its node tree
for every value it shows; Jinja2, the other engine Django ships a backend for, compiles a
template to Python. Here the same part, the hands table's row, is drawn by both: the
app's `games/game.html#hand-row` and its Jinja2 twin (`bench/jinja2/hand_row.html`),
from the same rows (`games.present.game.HandRow`: the same words, links and numbers worked
out in Python), in both languages. Both must draw the same HTML (whitespace aside), or
the run stops: a twin that drifted from the app's row would measure something else.

Then the first phone after a change and a save, in-process under cProfile, their own time
by layer (`bench.scale`'s buckets): what a faster engine could take off them at most.
"""

from __future__ import annotations

import re
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import jinja2
from django.http import HttpResponseBase
from django.template.backends.jinja2 import Jinja2
from django.template.defaultfilters import linebreaksbr
from django.template.defaultfilters import time as time_filter
from django.template.loader import get_template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]  # not in the stubs
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from bench import measure
from bench.scale import BUCKETS, profile_shares
from games.models import Game
from games.numbers import number_text, signed_text
from games.present.game import GamePage
from games.views.access import Access

HANDS = 40
LANGUAGES = ("en", "nb")


def environment(**options: Any) -> jinja2.Environment:
    """Jinja2 as the app would set it up: Django's translations, `url`, and the app's
    number filters."""
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals["url"] = lambda name, *args: reverse(name, args=args)
    env.filters.update(
        num=number_text,
        signed=signed_text,
        linebreaksbr=linebreaksbr,
        # Django's templates show a time in the current time zone before the filter.
        time=lambda value, arg=None: time_filter(template_localtime(value), arg),
    )
    return env


def jinja2_backend() -> Jinja2:
    return Jinja2(
        {
            "NAME": "jinja2",
            "DIRS": [Path(__file__).parent / "jinja2"],
            "APP_DIRS": False,
            "OPTIONS": {"environment": "bench.engines.environment"},
        }
    )


def _medians_ms(draws: list[Callable[[], object]], runs: int, warmup: int) -> list[float]:
    """Each draw's median, the draws taken in turn (a burst of load elsewhere falls on all
    of them alike)."""
    times: list[list[float]] = [[] for _ in draws]
    for run in range(warmup + runs):
        for draw, kept in zip(draws, times, strict=True):
            start = time.perf_counter_ns()
            draw()
            if run >= warmup:
                kept.append((time.perf_counter_ns() - start) / 1e6)
    return [statistics.median(kept) for kept in times]


def draw(template: Any, context: dict[str, Any], rows: list[Any]) -> list[str]:
    """Every row, each as the page draws it (`template`: either engine's)."""
    return [template.render({**context, "row": row}) for row in rows]


def same_html(one: str, other: str) -> bool:
    """The same HTML, white space aside and an apostrophe escaped either engine's way."""

    def plain(html: str) -> str:
        return re.sub(r"\s+", " ", html.replace("&#x27;", "&#39;")).strip()

    return plain(one) == plain(other)


def main(limits: measure.Limits) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the pages' static URLs
    print(f"# Scorekeeper engines bench: {measure.machine()}\n")
    game = measure.build_game(HANDS)
    # Read again, as a page reads it: the instance `build_game` changed still holds its
    # last change, whose hand a page would draw without its history's mark.
    game = Game.objects.select_related("group").get(pk=game.pk)
    access = Access(game.group, game.group.edit_key, True)
    django_row = get_template("games/game.html#hand-row")
    jinja_row = jinja2_backend().get_template("hand_row.html")
    print(f"The hands table's {HANDS} rows of a {HANDS}-hand game, drawn each time (ms, median)\n")
    print("| language | Django templates | Jinja2 | Jinja2's share |")
    print("| --- | ---: | ---: | ---: |")
    for language in LANGUAGES:
        with translation.override(language):
            page = GamePage(access, game, all_hands=True)
            rows = page.rows
            context = {"access": access, "game": game, "page": page}

            by_django = partial(draw, django_row, context, rows)
            by_jinja2 = partial(draw, jinja_row, context, rows)
            for ours, theirs in zip(by_django(), by_jinja2(), strict=True):
                if not same_html(ours, theirs):
                    raise SystemExit(f"The twins differ:\n{ours}\n{theirs}")
            django_ms, jinja2_ms = _medians_ms([by_django, by_jinja2], limits.runs, limits.warmup)
            print(
                f"| {language} | {django_ms:.2f} | {jinja2_ms:.2f} | {jinja2_ms / django_ms:.0%} |"
            )
    print()
    layers(limits)


#: Requests profiled for each figure (their shares summed).
PROFILED = 30


@dataclass(frozen=True)
class Profiled:
    """A request profiled, with what comes before and after it, off the profile."""

    name: str
    request: Callable[[], HttpResponseBase]
    before: Callable[[], None] | None = None
    after: Callable[[], None] | None = None


def layers(limits: measure.Limits) -> None:
    """The first phone after a change (the game given up or taken up again: a version no
    part is kept for) and a save, each profiled, with the game page from its kept parts."""
    game = measure.build_game(HANDS)
    client = Client()
    measure.say_who(client, game.group)
    page = measure._url(game)
    headers = {"Accept-Encoding": "gzip, br", "Accept-Language": "en"}

    def change() -> None:
        if not game.abandon(measure.WHO):
            game.take_up(measure.WHO)

    post = partial(
        client.post,
        measure._url(game, "hands/"),
        measure.hand_post(HANDS),
        headers={**headers, "HX-Request": "true"},
    )
    get = partial(client.get, page, headers=headers)
    figures = [
        Profiled("game page from its kept parts", get),
        Profiled("first phone after a change", get, before=change),
        Profiled("saving a hand (htmx)", post, after=partial(measure._take_back, game, HANDS + 1)),
    ]
    names = [name for name, _test in BUCKETS] + ["other Python"]
    print(f"## Where the time goes ({HANDS} hands, {PROFILED} profiled requests each; shares)\n")
    print(f"| request | {' | '.join(names)} |")
    print("| --- |" + " ---: |" * len(names))
    for figure in figures:
        shares: Counter[str] = Counter()
        for run in range(limits.warmup + PROFILED):
            if figure.before is not None:
                figure.before()
            measured = profile_shares(figure.request)
            if figure.after is not None:
                figure.after()
            if run >= limits.warmup:
                shares.update(measured)
        total = sum(shares.values())
        print(f"| {figure.name} | {' | '.join(f'{shares[n] / total:.0%}' for n in names)} |")
