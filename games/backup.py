"""Export and import: a game as its game file or CSV, a whole group as one backup file.

A game's JSON export is exactly what ``manage.py score`` prints for it. A group backup
holds everything needed to bring the group back on another server: its links, players,
nights, named seasons, games (each as its game file, notes and all), who entered each hand,
the whole change history, and which games were given up (and when, and taken up again).
Imports check everything first and then write all or nothing; importing the same backup
again adds nothing. Statistics, ratings and awards are not in it: they are worked out again
from the games as they come in.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import DataError, IntegrityError, transaction
from django.db.models import Count, Q
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext
from pydantic import ValidationError

from games import gamefile, schemas
from games.models import Change, Game, GameEvent, Group, Hand, Night, Player, Season
from games.rules import RuleError, Text, get_game
from games.rules.base import NOTE, Made
from games.rules.limits import read_note
from games.rules.text import MINUS, Translate, TranslatePlural, _

#: When a game imported for an evening gone by was started (it has no time of its own).
EIGHT_PM = dt.time(20)


class ImportProblem(Exception):
    """A file that cannot be imported; the message says which game and hand, and why.

    A game file's problem is a `Text`, put in words by whoever shows it: the import page in
    the reader's language, the commands in English (``str``). A backup's is English text:
    only the ``import_group`` command restores one."""

    def __init__(self, problem: Text | str):
        self.problem = problem
        super().__init__(str(problem))

    def render(self, gettext: Translate, ngettext: TranslatePlural) -> str:
        if isinstance(self.problem, str):
            return self.problem
        return self.problem.render(gettext, ngettext)


# --- Export --------------------------------------------------------------------------------


def game_file(game: Game) -> dict[str, Any]:
    """The game file with the engine's output, as the ``score`` command prints it."""
    return game.state().scored_document()


def _made_cell(made: Made, yes: str, no: str) -> str:
    """Whether the hand's bid was made: yes or no; where every player bids, those who made
    theirs ("Anne, Cato"); nothing where nobody bid."""
    if isinstance(made, Mapping):
        return _cell(", ".join(side for side, hit in made.items() if hit))
    return "" if made is None else (yes if made else no)


def game_csv(game: Game, delimiter: str = ",") -> str:
    """A hand per row: who dealt, what happened, each side's points and running total.

    Headers and words are in the active language (the reader's, on a download; English
    from the command); names and numbers are written as they are, for a spreadsheet to
    read. The game file, unlike this, is the same in every language."""
    table = game.table()
    card_game = get_game(game.kind)
    result = game.result()
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(
        [
            pgettext("CSV column", "hand"),
            pgettext("CSV column", "dealer"),
            pgettext("CSV column", "summary"),
            pgettext("CSV column", "details"),
            pgettext("CSV column", "made"),
            *(
                _cell(pgettext("CSV column", "points %(side)s") % {"side": side})
                for side in table.sides
            ),
            *(
                _cell(pgettext("CSV column", "total %(side)s") % {"side": side})
                for side in table.sides
            ),
            pgettext("CSV column", "note"),
        ]
    )
    start = table.start_totals()
    if any(start.values()):
        # The totals a game was started with, in a row of their own before the first hand:
        # the first hand's total is then its points added to them.
        empty = [""] * (4 + len(table.sides))
        totals = [start[side] for side in table.sides]
        writer.writerow([pgettext("CSV row", "start"), *empty, *totals, ""])
    yes, no = pgettext("CSV made", "yes"), pgettext("CSV made", "no")
    for hand, scored in zip(game.hand_list(), result.hands, strict=True):
        data = gamefile.seated(table, hand.data)  # the same words on any database
        made = _made_cell(scored.made, yes, no)
        if scored.made_each:  # each side's contract: "Nord yes, Sør no"
            made = ", ".join(f"{side} {yes if m else no}" for side, m in scored.made_each.items())
        writer.writerow(
            [
                hand.number,
                _cell(data.get("dealer", "")),
                _cell(_plain(card_game.summary(data).render(gettext, ngettext))),
                _cell(_plain(card_game.details(data))),
                _cell(made),
                *(scored.points.get(side, 0) for side in table.sides),
                *(scored.totals[side] for side in table.sides),
                _cell(data.get(NOTE, "")),
            ]
        )
    if game.note:
        # The game's own note: in the note column of a row of its own, after the hands.
        empty = [""] * (4 + 2 * len(table.sides))
        writer.writerow([pgettext("CSV row", "game"), *empty, _cell(game.note)])
    return out.getvalue()


def _plain(text: str) -> str:
    """Numbers in a cell's words as a spreadsheet writes them: below zero with a hyphen, as
    in the points columns (the pages write the score sheet's minus sign)."""
    return re.sub(f"{MINUS}(?=[0-9])", "-", text)


def _cell(text: str) -> str:
    """Text a spreadsheet must not run: a name like "=SUM(A1)" stays a name."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


def group_backup(group: Group) -> dict[str, Any]:
    games = (
        group.games.order_by("pk")
        .select_related("night", "previous")
        .prefetch_related("seats", "hands", "changes", "events")
    )
    return {
        "format": gamefile.BACKUP,
        "group": {
            "name": group.name,
            "edit_key": group.edit_key,
            "view_key": group.view_key,
            "created_at": _time(group.created_at),
        },
        "players": [{"name": p.name, "code": p.code} for p in group.players.order_by("pk")],
        "nights": [
            {"code": n.code, "date": n.date.isoformat(), "name": n.name, "place": n.place}
            for n in group.nights.order_by("pk")
        ],
        # Named seasons never overlap: in order of their first evening, on any database.
        "seasons": [
            {"code": s.code, "name": s.name, "start": s.start.isoformat(), "end": s.end.isoformat()}
            for s in Season.objects.filter(group=group).order_by("start")
        ],
        "games": [_game_entry(game) for game in games],
    }


def _game_entry(game: Game) -> dict[str, Any]:
    return {
        "code": game.code,
        "night": game.night.code if game.night else None,
        "created_at": _time(game.created_at),
        "created_by": game.created_by,
        "first_dealer": game.first_dealer,
        "previous": game.previous.code if game.previous else None,
        "version": game.version,
        "game": game_file(game),
        "hands": [
            {
                "code": h.code,
                "number": h.number,
                "revision": h.revision,
                "entered_by": h.entered_by,
                "created_at": _time(h.created_at),
                "updated_at": _time(h.updated_at),
            }
            for h in game.hand_list()
        ],
        "changes": [
            {
                "code": c.code,
                "hand": c.hand_code,
                "number": c.number,
                "action": c.action,
                # In one key order whatever the database keeps (PostgreSQL's jsonb sorts
                # keys its own way), so a backup is the same bytes from any database.
                "before": _sorted_keys(c.before),
                "after": _sorted_keys(c.after),
                "by": c.by,
                "at": _time(c.at),
            }
            for c in sorted(game.changes.all(), key=lambda c: c.pk)
        ],
        # Given up and taken up again (the game's history lists them), and whether it is
        # given up now: out of "In play" and the statistics.
        "abandoned_at": _time(game.abandoned_at) if game.abandoned_at else None,
        "events": [
            {"action": e.action, "by": e.by, "at": _time(e.at)}
            for e in sorted(game.events.all(), key=lambda e: e.pk)
        ],
    }


def _sorted_keys(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


def _time(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat()


# --- Import --------------------------------------------------------------------------------


def import_game(
    group: Group, document: object, *, by: str = "import", played: dt.date | None = None
) -> Game:
    """Add a game file to a group (players are added as needed). Refuses a duplicate. A
    game `played` another evening (a paper sheet) joins that night, started at 8 pm."""
    if played is not None and played > timezone.localdate():
        raise ImportProblem(Text(_("the evening it was played has not come yet")))
    if played is not None and played < FIRST_EVENING:  # a year mistyped
        raise ImportProblem(Text(_("the evening it was played is before 2000")))
    try:
        scored = gamefile.score_document(document)
    except RuleError as exc:
        raise ImportProblem(exc.whole_text()) from None
    assert isinstance(document, Mapping)
    plain = {key: document[key] for key in gamefile.INPUT_KEYS if key in document}
    table, _hands = gamefile.read(plain)
    hands = [get_game(table.game).as_reported(table, hand) for hand in plain["hands"]]
    players = [name.strip() for name in plain["players"]]
    if schemas.one_name_twice(players):
        raise ImportProblem(schemas.SAME_NAME_TWICE)
    if _already_there(group, {**plain, "players": players, "hands": hands}):
        raise ImportProblem(Text(_("this game is already in the group")))
    started_at = _started_at(played)
    with transaction.atomic():
        game = group.start_game(
            scored["game"],
            players,
            rules=plain.get("rules") or {},
            teams=plain.get("teams"),
            start=plain.get("start") or {},
            first_dealer=str(hands[0].get("dealer", "")) if hands else "",
            by=by,
            note=read_note(plain.get(NOTE)),
            played_at=started_at,
        )
        added = game.add_hands(hands, by)
        if started_at is None and not scored.get("finished"):
            # A sheet carried on tonight: the phones and big screen of the game the table
            # left go on to it (a game in play there is not given up for a file).
            group.go_on_at_the_table(game, give_up=False)
    if added.reason is not None:  # pragma: no cover - the whole file was checked
        raise ImportProblem(added.reason.whole_text())
    game.refresh_from_db()
    return game


#: The first evening a game file may be dated: a year mistyped, not history.
FIRST_EVENING = dt.date(2000, 1, 1)


def _started_at(played: dt.date | None) -> dt.datetime | None:
    """When a game played on the evening `played` started: 8 pm that evening, or None for
    tonight (it starts now; after midnight, today is still tonight's evening)."""
    if played is None or played >= Night.evening_of(timezone.now()):
        return None
    return timezone.make_aware(dt.datetime.combine(played, EIGHT_PM))


def _already_there(group: Group, document: Mapping[str, Any]) -> bool:
    """Whether the group has this very game: same players, rules, teams, start and hands."""
    candidates = (
        group.games.filter(kind=document["game"])
        .annotate(hand_count=Count("hands"))
        .filter(hand_count=len(document["hands"]))
        .prefetch_related("seats", "hands")
    )
    # A game file of a game here with another note is still that game: not added twice.
    return any(
        not [what for what in _differences(game, document) if what != _NOTE_DIFFERS]
        for game in candidates
    )


_NOTE_DIFFERS = "its note differs"


def _differences(game: Game, document: Mapping[str, Any]) -> list[str]:
    """What tells the game here from a game file of it, in words ([] when they agree)."""
    here = game.state().document()
    differs = [
        f"its {what} differ" if what.endswith("s") else f"its {what} differs"
        for key, what in (
            ("game", "game"),
            ("players", "players"),
            ("teams", "teams"),
            ("rules", "house rules"),
            ("start", "start totals"),
        )
        if (here.get(key) or None) != (document.get(key) or None)
    ]
    if here.get(NOTE, "") != read_note(document.get(NOTE)):
        differs.append(_NOTE_DIFFERS)
    table = game.table()
    theirs = [get_game(game.kind).as_reported(table, hand) for hand in document["hands"]]
    ours = here["hands"]
    for number in range(1, max(len(ours), len(theirs)) + 1):
        if number > len(ours):
            differs.append(f"hand {number} is not here")
        elif number > len(theirs):
            differs.append(f"hand {number} is not in the file")
        elif ours[number - 1] != theirs[number - 1]:
            differs.append(f"hand {number} differs")
    return differs


@dataclass
class Restored:
    """What a restore did: the games it added, and those it found already here."""

    group: Group
    added: list[str] = field(default_factory=list)
    same: list[str] = field(default_factory=list)
    #: (code, label, what differs) of each game here that differs from the backup's.
    different: list[tuple[str, str, list[str]]] = field(default_factory=list)
    #: Labels of the games brought to the backup's version, as corrections.
    corrected: list[str] = field(default_factory=list)
    #: Named seasons: those added, those here as in the backup, and, in words, each one
    #: left out (one here differs, or another here shares its evenings).
    seasons_added: list[str] = field(default_factory=list)
    seasons_same: list[str] = field(default_factory=list)
    seasons_left_out: list[str] = field(default_factory=list)

    def report(self) -> list[str]:
        """The restore in lines, as ``import_group`` prints it."""
        lines = [
            f"{self.group.name}: {len(self.added)} game{pluralize(self.added)} added, "
            f"{len(self.same)} already here "
            f"and the same, {len(self.different)} already here but different"
        ]
        for code, label, differs in self.different:
            state = "corrected from the backup" if label in self.corrected else "; ".join(differs)
            lines.append(f"  game {code} ({label}): {state}")
        if self.seasons_added or self.seasons_same or self.seasons_left_out:
            lines.append(
                f"  Named seasons: {len(self.seasons_added)} added, {len(self.seasons_same)} "
                f"already here and the same, {len(self.seasons_left_out)} left out"
            )
        lines.extend(f"  {why}" for why in self.seasons_left_out)
        if len(self.corrected) < len(self.different):
            lines.append(
                "  To bring the backup's version of a game in as a correction (kept in its "
                "history), import again with --correct CODE (or --correct for all of them)."
            )
        return lines


def import_group(document: object, *, correct: Iterable[str] | None = ()) -> Restored:
    """Bring a group back from its backup. Games already here are left as they are, unless
    named in `correct` (None: every game that differs): then their hands become the
    backup's, each change recorded in the game's history as made by "backup".
    """
    backup = _check_backup(document)
    try:
        return _write_group(backup, correct)
    except (IntegrityError, DataError) as exc:  # pragma: no cover - the checks come first
        raise ImportProblem(f"the backup does not fit this server ({exc})") from None


def _write_group(backup: dict[str, Any], correct: Iterable[str] | None) -> Restored:
    corrections = None if correct is None else set(correct)
    with transaction.atomic():
        info = backup["group"]
        group = Group.objects.filter(edit_key=info["edit_key"]).first()
        if group is None:
            group = Group.objects.create(
                name=info["name"], edit_key=info["edit_key"], view_key=info["view_key"]
            )
            Group.objects.filter(pk=group.pk).update(
                created_at=schemas.parse_time(info["created_at"])
            )
            group.refresh_from_db()
        restored = Restored(group)
        known = group.players_by_name()
        for entry in backup["players"]:
            if entry["name"].lower() not in known:
                # The same code as before, so that links to the player's page keep working.
                known[entry["name"].lower()] = Player.objects.create(
                    group=group, name=entry["name"], code=entry["code"]
                )
        nights = {}
        for entry in backup["nights"]:
            night = group.nights.filter(date=dt.date.fromisoformat(entry["date"])).first()
            if night is None:
                night = Night.objects.create(
                    group=group,
                    code=entry["code"],
                    date=dt.date.fromisoformat(entry["date"]),
                    name=entry["name"],
                    place=entry["place"],
                )
            nights[entry["code"]] = night
        for entry in backup.get("seasons", []):  # a backup from before seasons has none
            _restore_season(group, entry, restored)
        added: list[Game] = []
        codes = {}
        for entry in backup["games"]:
            label = _label(entry)
            existing = group.games.filter(code=entry["code"]).prefetch_related("seats", "hands")
            game = existing.first()
            if game is None:
                game = _restore_game(group, entry, nights)
                added.append(game)
                restored.added.append(label)
            elif differs := _differences(game, entry["game"]):
                restored.different.append((game.code, label, differs))
                if corrections is None or game.code in corrections:
                    _correct(game, entry, differs)
                    restored.corrected.append(label)
            else:
                restored.same.append(label)
            codes[entry["code"]] = game
        for entry in backup["games"]:
            if entry["previous"] and entry["previous"] in codes:
                game, previous = codes[entry["code"]], codes[entry["previous"]]
                if game.previous_id != previous.pk:
                    game.follow(previous, announce=previous not in added)
    return restored


def _restore_season(group: Group, entry: Mapping[str, Any], restored: Restored) -> None:
    """Name the backup's season here unless the group has it (by its code, or its name and
    evenings); a season here that differs, or shares its evenings, is left as it is and the
    backup's is reported as left out."""
    name = entry["name"]
    start, end = dt.date.fromisoformat(entry["start"]), dt.date.fromisoformat(entry["end"])
    words = f"season {entry['code']} \u201c{name}\u201d ({start} to {end})"
    here = Season.objects.filter(group=group, code=entry["code"]).first()
    if here is None:
        here = Season.objects.filter(group=group, name=name, start=start, end=end).first()
    if here is not None:
        if (here.name, here.start, here.end) == (name, start, end):
            restored.seasons_same.append(name)
        else:
            restored.seasons_left_out.append(
                f"{words}: differs here (\u201c{here.name}\u201d, {here.start} to {here.end}); "
                "left as it is here"
            )
        return
    clash, made = Season.name_one(group, name, start, end, code=entry["code"], by="backup")
    if made:
        restored.seasons_added.append(name)
    else:
        restored.seasons_left_out.append(
            f"{words}: shares evenings with season {clash.code} \u201c{clash.name}\u201d "
            f"({clash.start} to {clash.end}) here; not added"
        )


def _label(entry: Mapping[str, Any]) -> str:
    return f"{entry['game']['game']}, {entry['created_at'][:10]}"


def _correct(game: Game, entry: Mapping[str, Any], differs: list[str]) -> None:
    """Bring the backup's hands and note in, through the game's own change methods."""
    if any(not what.startswith("hand ") and what != _NOTE_DIFFERS for what in differs):
        raise ImportProblem(
            f"game {game.code}: {'; '.join(differs)}: only the hands and the note of a game "
            "can be corrected from a backup; import its game file as a new game instead"
        )
    if _NOTE_DIFFERS in differs:
        game.write_note(read_note(entry["game"].get(NOTE)), "backup")
    if not any(what.startswith("hand ") for what in differs):
        return
    table, card_game = game.table(), get_game(game.kind)
    hands = [
        (meta["code"], card_game.as_reported(table, data))
        for meta, data in zip(entry["hands"], entry["game"]["hands"], strict=True)
    ]
    replaced = game.replace_hands(hands, "backup")
    if replaced.reason is not None:  # pragma: no cover - the whole file was checked
        raise ImportProblem(f"game {game.code}: {replaced.reason}")


def _restore_game(group: Group, entry: Mapping[str, Any], nights: Mapping[str, Night]) -> Game:
    file = entry["game"]
    game = group.restore_game(
        file["game"],
        [name.strip() for name in file["players"]],
        code=entry["code"],
        rules=file.get("rules") or {},
        teams=file.get("teams"),
        start=file.get("start") or {},
        first_dealer=entry["first_dealer"],
        created_by=entry["created_by"],
        created_at=schemas.parse_time(entry["created_at"]),
        night=nights.get(entry["night"]) if entry["night"] else None,
        version=entry["version"],
        note=read_note(file.get(NOTE)),
    )
    table, card_game = game.table(), get_game(game.kind)
    hands = [
        Hand(
            game=game,
            code=meta["code"],
            number=meta["number"],
            data=card_game.as_reported(table, data),
            revision=meta["revision"],
            entered_by=meta["entered_by"],
            created_at=schemas.parse_time(meta["created_at"]),
            updated_at=schemas.parse_time(meta["updated_at"]),
        )
        for meta, data in zip(entry["hands"], file["hands"], strict=True)
    ]
    changes = [
        Change(
            game=game,
            code=c["code"],
            hand_code=c["hand"],
            number=c["number"],
            action=c["action"],
            before=c["before"],
            after=c["after"],
            by=c["by"],
            at=schemas.parse_time(c["at"]),
        )
        for c in entry["changes"]
    ]
    # A backup made before games could be abandoned has neither key.
    events = [
        GameEvent(game=game, action=e["action"], by=e["by"], at=schemas.parse_time(e["at"]))
        for e in entry.get("events", [])
    ]
    abandoned_at = entry.get("abandoned_at")
    game.load_history(
        hands,
        changes,
        events,
        schemas.parse_time(abandoned_at) if abandoned_at is not None else None,
    )
    return game


def _check_backup(document: object) -> dict[str, Any]:
    """Everything a backup must be, checked before anything is written: its shape by the
    schema (`games.schemas`), then what only this server and the engine can tell."""
    if not isinstance(document, dict) or document.get("format") != gamefile.BACKUP:
        raise ImportProblem(f"not a group backup: the format must be \u201c{gamefile.BACKUP}\u201d")
    try:
        backup = schemas.Backup.model_validate(document)
    except ValidationError as exc:
        raise ImportProblem(schemas.problem(document, exc)) from None
    info = backup.group
    # Codes are unique on the whole server: one already used by another group here would
    # make the import fail half-way, so it is refused before anything is written.
    elsewhere = ~Q(group__edit_key=info.edit_key)
    elsewhere_game = ~Q(game__group__edit_key=info.edit_key)
    hand_codes = [hand.code for game in backup.games for hand in game.hands]
    change_codes = [change.code for game in backup.games for change in game.changes]
    for what, used in (
        ("game", Game.objects.filter(elsewhere, code__in=[g.code for g in backup.games])),
        ("night", Night.objects.filter(elsewhere, code__in=[n.code for n in backup.nights])),
        ("player", Player.objects.filter(elsewhere, code__in=[p.code for p in backup.players])),
        ("season", Season.objects.filter(elsewhere, code__in=[s.code for s in backup.seasons])),
        ("hand", Hand.objects.filter(elsewhere_game, code__in=hand_codes)),
        ("change", Change.objects.filter(elsewhere_game, code__in=change_codes)),
        (
            "link",
            Group.objects.filter(view_key=info.view_key).exclude(edit_key=info.edit_key),
        ),
    ):
        if used.exists():
            raise ImportProblem(
                f"a {what} in the backup has the same code as one in another group here"
            )
    nights = {night.code for night in backup.nights}
    games = {game.code for game in backup.games}
    names = {player.name.lower() for player in backup.players}
    for number, entry in enumerate(backup.games, start=1):
        try:
            _check_game(entry, nights, games, names)
        except (RuleError, ValueError) as exc:
            raise ImportProblem(f"{schemas.game_label(document, number)}: {exc}") from None
    return document


def _check_game(
    entry: schemas.GameEntry, nights: set[str], games: set[str], players: set[str]
) -> None:
    """A game as the engine reads its file, and as it fits with the rest of the backup."""
    file = entry.game
    gamefile.score_document(file)
    if entry.night is not None and entry.night not in nights:
        raise ValueError("its night is not in the backup")
    if entry.previous is not None and entry.previous not in games:
        raise ValueError("the game before it is not in the backup")
    schemas.check_names([name.strip() for name in file["players"]])
    for name in file["players"]:
        if name.strip().lower() not in players:
            raise ValueError(f"{name} is not among the group's players")
    if len(entry.hands) != len(file["hands"]):
        raise ValueError("its hands and their details do not match")
