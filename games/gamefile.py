"""The game file (format ``scorekeeper/1``): one JSON document per game.

A file records what the table said; `score_document` returns it with the engine's
output added (per hand `points`, `totals`, `made`; at the top `totals`, `winners`,
`finished`). Output keys found in the input are ignored and worked out again, so an
exported file can be read back. Every problem is a `RuleError` naming the hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, ValidationError

from games.rules import GAMES, GameResult, RuleError, Table, make_table, play
from games.rules.base import ADJUSTMENT, NOTE, PER_SIDE_KINDS, REASON, describe, is_adjustment
from games.rules.limits import read_note
from games.rules.text import Text, _, error

FORMAT = "scorekeeper/1"
#: A whole group's backup (`games.backup`): offered as a game file, it is told where it goes.
BACKUP = "scorekeeper-backup/1"
INPUT_KEYS = ("format", "game", "rules", "players", "teams", "start", "hands", "note")
OUTPUT_KEYS = ("totals", "winners", "finished")


#: A game file of the most hands the spec allows, as exported, is about 4 MB.
LARGEST_FILE = 8 * 1024 * 1024
#: A backup nests six deep (games, a game, its file, hands, a hand, its tricks).
DEEPEST = 16
#: Digits of the longest whole number read; the spec's bounds need five.
LONGEST_NUMBER = 20

# What a JSON text's nesting is read from: strings (skipped whole) and brackets.
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


#: What Python's JSON reader (its C scanner) says is wrong, kept as the English and marked
#: for translation; a reason not listed here (another Python's) is shown as it is.
_JSON_REASONS = frozenset(
    (
        _("Expecting value"),
        _("Expecting property name enclosed in double quotes"),
        _("Expecting ':' delimiter"),
        _("Expecting ',' delimiter"),
        _("Extra data"),
        _("Unterminated string starting at"),
        _("Invalid control character at"),
        _("Invalid \\escape"),
        _("Invalid \\uXXXX escape"),
    )
)


def _json_reason(message: str) -> Text | str:
    return Text(message) if message in _JSON_REASONS else message


def loads(text: str, *, largest: int | None = LARGEST_FILE) -> Any:
    """The JSON document in `text`, refused with a `RuleError` unless it is plain data of
    a sane size: a game file (or, with ``largest=None``, a backup of any length)."""
    if largest is not None and len(text) > largest:
        raise error(_("the file is larger than %(size)d MB"), size=largest // (1024 * 1024))
    if _depth(text) > DEEPEST:
        raise error(_("the file nests more than %(count)d levels deep"), count=DEEPEST)
    try:
        document = json.loads(text, parse_constant=_refuse_constant, parse_int=_whole_number)
    except (json.JSONDecodeError, RuleError) as exc:
        reason = _json_reason(exc.msg) if isinstance(exc, json.JSONDecodeError) else exc.text
        line = exc.lineno if isinstance(exc, json.JSONDecodeError) else 1
        raise RuleError(
            Text(
                _("the file is not valid JSON (%(reason)s, line %(line)d)"),
                {"reason": reason, "line": line},
            )
        ) from None
    _check_text(document)
    return document


def _depth(text: str) -> int:
    deepest = depth = 0
    for match in _NESTING.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise error(_("%(name)s is not a number"), name=name)


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        raise error(_("a number has more than %(count)d digits"), count=LONGEST_NUMBER)
    return int(digits)


def _check_text(value: object) -> None:
    """Every string and key can be stored and printed: no unpaired surrogates (which only
    a ``\\ud800`` escape can bring in)."""
    if isinstance(value, str):
        if not value.isascii() and any("\ud800" <= char <= "\udfff" for char in value):
            raise error(_("the file holds broken Unicode (an unpaired surrogate)"))
    elif isinstance(value, list):
        for item in value:
            _check_text(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)


def dumps(document: Mapping[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


class Envelope(BaseModel):
    """The game file's top level, declared: the keys it may hold (besides the output keys
    of its game, left out before) and its format. What the note, the game, its players,
    house rules, teams, start totals and hands must be is the engine's to say
    (`read_note`, `make_table`, `play`), in this order."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["scorekeeper/1"]  # FORMAT
    game: Any = None
    rules: Any = None
    players: Any = None
    teams: Any = None
    start: Any = None
    hands: Any = None
    note: Any = None


def read(document: object) -> tuple[Table[object], list[Mapping[str, Any]]]:
    """The table and the hands of a game file, checked up to (not including) the hands."""
    if not isinstance(document, Mapping):
        raise error(_("a game file is a JSON object, not %(value)s"), value=describe(document))
    own = _output_keys(document.get("game"))
    try:
        Envelope.model_validate({key: v for key, v in document.items() if key not in own})
    except ValidationError as exc:
        _refuse(document, exc)
    read_note(document.get(NOTE))
    table = make_table(
        document.get("game"),
        document.get("players"),
        rules=document.get("rules"),
        teams=document.get("teams"),
        start=document.get("start"),
    )
    hands = document.get("hands")
    if not isinstance(hands, list):
        raise error(
            _("hands must be a list of the hands played (empty for a new game), not %(value)s"),
            field="hands",
            value=describe(hands),
        )
    return table, hands


def _refuse(document: Mapping[str, Any], exc: ValidationError) -> NoReturn:
    """What the envelope's schema found, in the engine's words: a key no game file has
    (the first, in the file's order), else a format other than this one."""
    if document.get("format") == BACKUP:
        raise error(
            _(
                "this is a whole group's backup, not one game's file: the server's host "
                "brings a backup back with the import_group command (see the README)"
            ),
            field="format",
        )
    found = exc.errors(include_url=False)
    unknown = {str(e["loc"][0]) for e in found if e["type"] == "extra_forbidden"}
    for key in document:
        if str(key) in unknown:
            raise error(_("unknown field “%(key)s” in the game file"), key=str(key), field=str(key))
    raise error(
        _("the format must be “%(format)s”, not %(value)s"),
        field="format",
        format=FORMAT,
        value=describe(document.get("format")),
    )


def _output_keys(game: object) -> tuple[str, ...]:
    """The output keys a file of this game may hold: every game's, and its own."""
    own = GAMES[game].output_keys if isinstance(game, str) and game in GAMES else ()
    return (*OUTPUT_KEYS, *own)


def score_document(document: object) -> dict[str, Any]:
    """The game file with the engine's output added, as the ``score`` command prints it."""
    table, hands = read(document)
    assert isinstance(document, Mapping)
    return with_results(table, document, play(table, hands))


def with_results(
    table: Table[object], document: Mapping[str, Any], result: GameResult
) -> dict[str, Any]:
    keys = _output_keys(table.game)
    output = _with_note({key: value for key, value in document.items() if key not in keys})
    hands = []
    for raw, scored in zip(document["hands"], result.hands, strict=True):
        # A kaiser bid's own "made" is dropped too: the engine writes back the same value.
        hand = {key: value for key, value in raw.items() if key not in ("points", "totals", "made")}
        hand = _with_note(hand)
        if is_adjustment(hand) and isinstance(hand.get(REASON), str):
            hand[REASON] = hand[REASON].strip()  # kept as a note is: trimmed
        hand["points"] = dict(scored.points)
        hand["totals"] = dict(scored.totals)
        if scored.made_each is not None:
            hand["made"] = dict(scored.made_each)
        elif scored.made is not None:
            hand["made"] = scored.made
        hands.append(hand)
    output["hands"] = hands
    output["totals"] = dict(result.totals)
    output["winners"] = list(result.winners)
    output["finished"] = result.finished
    output.update(GAMES[table.game].result_output(table, result))
    return output


def _with_note(part: dict[str, Any]) -> dict[str, Any]:
    """The game or a hand with its note as kept (spec "Notes"): trimmed, and left out when
    empty. Already checked: a note that broke the spec's limits was refused."""
    if NOTE in part:
        note = read_note(part.pop(NOTE))
        if note:
            part[NOTE] = note
    return part


def recorded(
    table: Table[object],
    rules: Mapping[str, Any],
    teams: Mapping[str, Any] | None,
    start: Mapping[str, Any],
    hands: list[Mapping[str, Any]],
    note: str,
) -> dict[str, Any]:
    """The game file of a game as the table recorded it (without engine output): its
    house rules as set, teams, start totals, hands and note.

    Keys come in one fixed order, whatever order the database keeps them in (PostgreSQL's
    jsonb sorts them its own way): the rules and a hand's inputs in the order the engine
    lists them, names in seating order. So the same game exports the same bytes from any
    database.
    """
    card_game = GAMES[table.game]
    document: dict[str, Any] = {"format": FORMAT, "game": table.game}
    if rules:
        document["rules"] = _ordered(rules, [r.name for r in card_game.house_rules()])
    document["players"] = list(table.players)
    if teams:
        document["teams"] = _ordered(teams, table.sides)
    if start:
        document["start"] = _ordered(start, table.sides)
    inputs = [
        "dealer",
        "redeal",
        ADJUSTMENT,
        REASON,
        *(i.name for i in card_game.inputs(table)),
        NOTE,
    ]
    document["hands"] = [_ordered(seated(table, hand), inputs) for hand in hands]
    if note:
        document[NOTE] = note
    return document


def seated(table: Table[object], hand: Mapping[str, Any]) -> dict[str, Any]:
    """A hand with its tricks in seating order, whatever order the database kept."""
    per_side = {
        spec.name for spec in GAMES[table.game].inputs(table) if spec.kind in PER_SIDE_KINDS
    } | {ADJUSTMENT}
    return {
        key: _ordered(value, table.sides) if key in per_side and isinstance(value, dict) else value
        for key, value in hand.items()
    }


def _ordered(mapping: Mapping[str, Any], order: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The same keys and values, those named in `order` first and in that order."""
    rank = {key: i for i, key in enumerate(order)}
    return dict(sorted(mapping.items(), key=lambda item: rank.get(item[0].strip(), len(rank))))
