"""Files in and out: a game as JSON or CSV, the group's backup, and importing a game file."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from games import backup, gamefile
from games.devices import who_is
from games.forms import GameFileForm
from games.models import Game
from games.views.access import access_for, access_to_edit, ask_who, find_game, game_url


@require_GET
def export_json(request: HttpRequest, key: str, code: str) -> HttpResponse:
    game = find_game(access_for(key), code)
    text = gamefile.dumps(backup.game_file(game))
    return _download(text, "application/json", f"{_file_stem(game)}.json")


@require_GET
def export_csv(request: HttpRequest, key: str, code: str) -> HttpResponse:
    game = find_game(access_for(key), code)
    # Where a decimal comma is written (Norwegian), spreadsheets split columns at ";"
    # (Excel's list separator follows the decimal one); elsewhere at ",".
    delimiter = ";" if get_format("DECIMAL_SEPARATOR") == "," else ","
    # The byte order mark tells spreadsheets the file is UTF-8, so "Bjørn" stays "Bjørn".
    text = "\ufeff" + backup.game_csv(game, delimiter)
    return _download(text, "text/csv", f"{_file_stem(game)}.csv")


@require_GET
def group_backup(request: HttpRequest, key: str) -> HttpResponse:
    access = access_for(key)
    if not access.can_edit:
        raise PermissionDenied(
            _("The backup holds the group's full link, so only the full link can download it.")
        )
    text = gamefile.dumps(backup.group_backup(access.group))
    response = _download(
        text, "application/json", f"scorekeeper-backup-{timezone.localdate():%Y-%m-%d}.json"
    )
    # It carries the secret links: no cache on the way may keep a copy.
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest, key: str) -> HttpResponse:
    access = access_to_edit(key)
    # Asked on opening the page, never on the upload: a redirect there would drop the file.
    if request.method == "GET" and (asked := ask_who(request, access)):
        return asked
    form = GameFileForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    if request.method == "POST" and form.is_valid():
        name = form.file_name
        try:
            game = backup.import_game(
                access.group,
                form.cleaned_data["file"],
                by=who_is(request, access.group),
                played=form.cleaned_data["played"],
            )
        except backup.ImportProblem as exc:
            problem = exc.render(_, ngettext)  # in the reader's language, as the form's own
            form.add_error("file", _("%(file)s: %(problem)s") % {"file": name, "problem": problem})
        else:
            messages.success(request, _("%(file)s imported.") % {"file": name})
            return redirect(game_url(access, game))
    status = 400 if form.errors else 200
    return render(request, "games/import.html", {"access": access, "form": form}, status=status)


def _file_stem(game: Game) -> str:
    """Kind, local date and code: two games of one evening never share a name."""
    return f"{game.kind}-{timezone.localtime(game.created_at):%Y-%m-%d}-{game.code}"


def _download(text: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response
