"""The game file (format ``scorekeeper/1``): one JSON document per game.

A file records what the table said; `score_document` returns it with the engine's
output added (per hand `points`, `totals`, `made`; at the top `totals`, `winners`,
`finished`). Output keys found in the input are ignored and worked out again, so an
exported file can be read back. Every problem is a `RuleError` naming the hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from games.rules import GameResult, RuleError, Table, make_table, play
from games.rules.base import describe
from games.rules.text import Text, _, error

FORMAT = "scorekeeper/1"
INPUT_KEYS = ("format", "game", "rules", "players", "teams", "start", "hands")
OUTPUT_KEYS = ("totals", "winners", "finished")


def loads(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (json.JSONDecodeError, RuleError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        line = exc.lineno if isinstance(exc, json.JSONDecodeError) else 1
        raise RuleError(
            Text(
                _("the file is not valid JSON (%(reason)s, line %(line)d)"),
                {"reason": reason, "line": line},
            )
        ) from None


def _refuse_constant(name: str) -> Any:
    raise error(_("%(name)s is not a number"), name=name)


def dumps(document: Mapping[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def read(document: object) -> tuple[Table[Any], list[Mapping[str, Any]]]:
    """The table and the hands of a game file, checked up to (not including) the hands."""
    if not isinstance(document, Mapping):
        raise error(_("a game file is a JSON object, not %(value)s"), value=describe(document))
    for key in document:
        if key not in INPUT_KEYS and key not in OUTPUT_KEYS:
            raise error(
                _("unknown field “%(key)s” in the game file"),
                key=str(key),
                field=str(key),
            )
    if document.get("format") != FORMAT:
        raise error(
            _("the format must be “%(format)s”, not %(value)s"),
            field="format",
            format=FORMAT,
            value=describe(document.get("format")),
        )
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


def score_document(document: object) -> dict[str, Any]:
    """The game file with the engine's output added, as the ``score`` command prints it."""
    table, hands = read(document)
    assert isinstance(document, Mapping)
    return with_results(document, play(table, hands))


def with_results(document: Mapping[str, Any], result: GameResult) -> dict[str, Any]:
    output = {key: value for key, value in document.items() if key not in OUTPUT_KEYS}
    hands = []
    for raw, scored in zip(document["hands"], result.hands, strict=True):
        # A kaiser bid's own "made" is dropped too: the engine writes back the same value.
        hand = {key: value for key, value in raw.items() if key not in ("points", "totals", "made")}
        hand["points"] = dict(scored.points)
        hand["totals"] = dict(scored.totals)
        if scored.made is not None:
            hand["made"] = scored.made
        hands.append(hand)
    output["hands"] = hands
    output["totals"] = dict(result.totals)
    output["winners"] = list(result.winners)
    output["finished"] = result.finished
    return output
