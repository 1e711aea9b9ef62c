"""Forms: parse what was tapped, ask the engine, turn its `RuleError` into a form error."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.functional import lazy
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import gamefile
from games.models import Game, Group, Night, Season
from games.present.words import named_by_players, say
from games.rules import (
    AnyCardGame,
    HandInput,
    HouseRule,
    RuleError,
    Table,
    Text,
    applies,
    get_game,
    make_table,
)
from games.rules.base import ADJUSTMENT, NOTE, PER_SIDE_KINDS, REASON
from games.rules.limits import (
    LARGEST_NUMBER,
    PLAYER_NAME_LENGTH,
    REASON_LENGTH,
    TEAM_NAME_LENGTH,
    check_name,
    read_note,
    read_reason,
)
from games.rules.teams import partners
from games.rules.text import Quoted


def rule_error(exc: RuleError, labels: Mapping[str, str] | None = None) -> str:
    """The engine's error as a sentence of its own, as a form or a message shows it. The
    engine writes its errors to go inside longer ones ("hand 9: choose the partner, or
    alone"), as an import's message and the `score` command still use them. A house rule
    it names by its key in the game file is named by its label on a form (`labels`)."""
    key = exc.text.params.get("key")
    if labels and isinstance(key, str) and key in labels:
        named = replace(exc.text, params={**exc.text.params, "key": Quoted((labels[key],))})
        exc = RuleError(named, hand=exc.hand, field=exc.field)
    # Its numbers keep the hyphen: they say what to type into a number field.
    words = exc.render(gettext, ngettext)
    return capfirst(words) + ("" if words.endswith((".", "!", "?")) else ".")


#: A text beyond its length, in the players' words rather than Django's ("Ensure this value…").
TOO_LONG = _("At most %(limit_value)d characters, not %(show_value)d.")


def _grouped(number: int) -> str:
    """A bound as the form's other messages write it: grouped, with a true minus sign."""
    sign = "\N{MINUS SIGN}" if number < 0 else ""
    return sign + number_format(abs(number), force_grouping=True)


def _at_least(number: int) -> str:
    return gettext("At least %(number)s.") % {"number": _grouped(number)}


def _at_most(number: int) -> str:
    return gettext("At most %(number)s.") % {"number": _grouped(number)}


def bounds_said(low: int | None, high: int | None) -> dict[str, Any]:
    """A number beyond a field's bounds, refused in the players' words and numbers ("At
    most 10,000."), said in the language of the request that shows it."""
    said: dict[str, Any] = {}
    if low is not None:
        said["min_value"] = lazy(_at_least, str)(low)
    if high is not None:
        said["max_value"] = lazy(_at_most, str)(high)
    return said


def name_field(label: Any, *, team: bool = False, **kwargs: Any) -> forms.CharField:
    """A player's (or team's) name, within the engine's limits for names."""

    def within_limits(value: str) -> None:
        if len(value.strip()) > longest:
            return  # the field's own length check says so, once
        try:
            check_name(value.strip(), team=team)
        except RuleError as exc:
            raise ValidationError(rule_error(exc)) from None

    longest = TEAM_NAME_LENGTH if team else PLAYER_NAME_LENGTH
    return forms.CharField(
        label=label,
        max_length=longest,
        validators=[within_limits],
        error_messages={"max_length": TOO_LONG},
        **kwargs,
    )


class NoteField(forms.CharField):
    """A note (spec "Notes"), kept as the engine keeps it: trimmed, lines ending in a line
    feed (a browser sends a text box's lines with CR LF), "" for none."""

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3}))
        super().__init__(required=False, **kwargs)

    def clean(self, value: Any) -> str:
        text = super().clean(value)
        try:
            return read_note(text.replace("\r\n", "\n").replace("\r", "\n"))
        except RuleError as exc:
            raise ValidationError(rule_error(exc)) from None


class GameNoteForm(forms.Form):
    note = NoteField(label=_("Note on the game"))

    def __init__(self, *args: Any, **kwargs: Any):
        # Beside the hand form's own note on the game page.
        kwargs.setdefault("auto_id", "id_game_%s")
        super().__init__(*args, **kwargs)


class GroupForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the group"),
        max_length=80,
        error_messages={"max_length": TOO_LONG},
        widget=forms.TextInput(attrs={"placeholder": _("The Friday table"), "autocomplete": "off"}),
    )
    me = name_field(
        _("Your name"),
        help_text=_("You become the group's first player."),
        widget=forms.TextInput(attrs={"autocomplete": "given-name"}),
    )


class WhoForm(forms.Form):
    """Which player this device belongs to: recorded on every change it makes."""

    player = forms.ChoiceField(label=_("I am"), required=False, widget=forms.RadioSelect)
    # Written, it counts, not a name picked above (which then looks unpicked: app.css).
    name = name_field(
        _("or my name is"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("your name")}),
    )

    def __init__(self, *args: Any, group: Group, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.group = group
        names = [p.name for p in group.players.all()]
        player = self.fields["player"]
        assert isinstance(player, forms.ChoiceField)
        player.choices = [(n, n) for n in names]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        typed = (data.get("name") or "").strip()
        # A player's name typed in another letter case is that player, as the group
        # spells it: it goes on every hand this phone saves.
        known = self.group.player_named(typed) if typed else None
        data["who"] = known.name if known else typed or data.get("player") or ""
        if not data["who"] and not self.errors:  # a field refused says why itself
            raise ValidationError(_("Pick your name, or write it."))
        return data


class PlayerForm(forms.Form):
    name = name_field(_("New player"))

    def __init__(self, *args: Any, group: Group, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.group = group

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        known = self.group.player_named(name)
        if known is not None:
            raise ValidationError(
                _("%(name)s is already in the group."), params={"name": known.name}
            )
        return name


class GameFileForm(forms.Form):
    """An uploaded game file: read, parsed and scored; every error names the file."""

    MAX_BYTES = gamefile.LARGEST_FILE

    file = forms.FileField(label=_("Game file (JSON)"), allow_empty_file=True)
    # A sheet kept on paper was played on an evening of its own, not tonight's.
    played = forms.DateField(
        label=_("Played on"),
        required=False,
        help_text=_("Leave it empty for tonight."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    file_name = ""  # as the phone sent it, for messages

    def clean_played(self) -> dt.date | None:
        played: dt.date | None = self.cleaned_data["played"]
        if played is not None and played > timezone.localdate():
            raise ValidationError(_("That date has not come yet."))
        if played is not None and played < SeasonForm.FIRST:  # a year mistyped
            raise ValidationError(_("An evening from 2000 on."))
        return played

    def clean_file(self) -> Any:
        """The file's JSON document, which the engine has scored without complaint."""
        upload = self.cleaned_data["file"]
        self.file_name = upload.name
        params: dict[str, Any] = {"file": upload.name}
        if upload.size > self.MAX_BYTES:
            params["size"] = self.MAX_BYTES // (1024 * 1024)
            raise ValidationError(
                _("%(file)s: the file is larger than %(size)d MB."), params=params
            )
        try:
            document = gamefile.loads(upload.read().decode("utf-8-sig"))
            gamefile.score_document(document)
        except UnicodeDecodeError:
            message = _("%(file)s: the file is not UTF-8 text.")
            raise ValidationError(message, params=params) from None
        except RuleError as exc:
            params["problem"] = exc.render(gettext, ngettext)
            raise ValidationError(_("%(file)s: %(problem)s"), params=params) from None
        return document


def new_form_token() -> str:
    return secrets.token_urlsafe(12)


def _count_message(low: int, high: int) -> str:
    """How many players a game seats, as the form asks for them."""
    if low == high:
        return gettext("Choose %(count)d players, in the order you sit.") % {"count": low}
    return gettext("Choose %(low)d to %(high)d players, in the order you sit.") % {
        "low": low,
        "high": high,
    }


def _row_problem(label: str, who: str, name: str, error: ValidationError) -> str:
    """An error of a seat's or team's row, as the form says it above itself: under the
    row's label, or for a start total out of range with the player's (or team's) name, in
    the players' numbers."""
    if name == "start" and error.code in ("min_value", "max_value"):
        most = number_format(LARGEST_NUMBER, force_grouping=True)
        return gettext("%(who)s's start total must be between %(low)s and %(high)s.") % {
            "who": who,
            "low": f"\N{MINUS SIGN}{most}",
            "high": most,
        }
    return f"{label}: {' '.join(error.messages)}"


class SeatForm(forms.Form):
    """One seat of a new game: a player of the group or a new name; where each plays for
    themselves, a start total; where teams are optional, the seat's team. `spelling`: the
    names of the group's players by their names in lower case (`Group.players_by_name`)."""

    name = forms.ChoiceField(required=False)
    new = name_field(_("or a new player"), required=False)

    def __init__(
        self,
        *args: Any,
        number: int,
        card_game: AnyCardGame,
        spelling: Mapping[str, str],
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.number = number
        self.spelling = spelling
        name = self.fields["name"]
        assert isinstance(name, forms.ChoiceField)
        name.label = self.label
        name.choices = [("", "—"), *((n, n) for n in spelling.values())]
        if not card_game.team_game:
            self.fields["start"] = number_field(_("Start total"))
        if card_game.optional_teams:
            self.fields["team"] = name_field(
                _("Team of seat %(number)d") % {"number": number}, team=True, required=False
            )

    @property
    def label(self) -> str:
        return _("Seat %(number)d") % {"number": self.number}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        name = (data.get("new") or "").strip() or data.get("name") or ""
        # A name typed for a player the group knows takes the group's spelling, so that
        # seats, teams and start totals all spell it the same way ("anne" is Anne).
        data["player"] = self.spelling.get(name.lower(), name)
        data["team"] = (data.get("team") or "").strip()
        return data

    def problems(self) -> list[str]:
        """This seat's errors, said by seat above the form (the row shows none itself)."""
        given = self["new"].value() or self["name"].value() or ""
        who = given.strip() or self.label
        return [
            _row_problem(self.label, who, name, error)
            for name, errors in self.errors.as_data().items()
            for error in errors
        ]


class BaseSeatFormSet(forms.BaseFormSet):
    """The seats of a new game in the order the players sit (`seat_formset`): each seat
    checks itself, and here they are checked together."""

    def __init__(
        self,
        *args: Any,
        card_game: AnyCardGame,
        spelling: Mapping[str, str],
        seats: Sequence[str] = (),
        **kwargs: Any,
    ):
        self.card_game = card_game
        self.spelling = spelling
        self.seats = seats
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        kwargs = {
            "number": (index or 0) + 1,
            "card_game": self.card_game,
            "spelling": self.spelling,
        }
        # The table as it sat last, on the page only: a seat sent as it was shown has still
        # changed (a seat that has not is an empty one to `validate_min`).
        if not self.is_bound and index is not None and index < len(self.seats):
            kwargs["initial"] = {"name": self.seats[index]}
        return kwargs

    def clean(self) -> None:
        if any(self.errors):
            return  # each seat says what is wrong with it first
        # A name for a seat past the last one (only a hand-made POST has one) is refused,
        # not dropped.
        beyond = f"{self.prefix}-{self.total_form_count()}"
        if any(self.data.get(f"{beyond}-{field}") for field in ("name", "new")):
            raise ValidationError(_count_message(self.min_num, self.max_num))
        players = [seat["player"] for seat in self.seated()]
        counted = Counter(name.lower() for name in players)
        for name in players:
            seats = counted[name.lower()]
            if seats > 2:
                raise ValidationError(
                    _("%(name)s has %(count)d seats."), params={"name": name, "count": seats}
                )
            if seats == 2:
                raise ValidationError(_("%(name)s has two seats."), params={"name": name})
        # A start total typed for nobody is not dropped unsaid.
        for form in self.forms:
            if form.cleaned_data.get("start") and not form.cleaned_data.get("player"):
                raise ValidationError(
                    _("%(seat)s has a start total but no player."), params={"seat": form.label}
                )
        # A seat with a team but nobody in it is an empty seat.
        if len(players) < self.min_num:
            raise ValidationError(_count_message(self.min_num, self.max_num))

    def seated(self) -> list[dict[str, Any]]:
        """The cleaned seats with a player in them, in seating order."""
        return [form.cleaned_data for form in self.forms if form.cleaned_data.get("player")]

    def teams_named(self) -> bool:
        return any(form["team"].value() for form in self.forms)

    def chosen_teams(
        self, start: dict[str, int]
    ) -> tuple[dict[str, list[str]] | None, dict[str, int]]:
        """Where a game may be played in teams of any size (`optional_teams`): the players
        given the same team name (any letter case) play together, and a team starts at
        the sum of its players' start totals. No team named: each plays for themselves."""
        named: dict[str, list[str]] = {}
        spelling: dict[str, str] = {}
        for seat in self.seated():
            if team := seat.get("team"):
                team = spelling.setdefault(team.lower(), team)
                named.setdefault(team, []).append(seat["player"])
        if not named:
            return None, start
        sums: dict[str, int] = {}
        for team, members in named.items():
            if total := sum(start.get(member, 0) for member in members):
                sums[team] = total
        return named, sums


def seat_formset(
    data: Mapping[str, Any] | None, *, card_game: AnyCardGame, names: list[str], seats: list[str]
) -> BaseSeatFormSet:
    """The seats of a new game of `card_game`, as many as it seats (`CardGame.seats`), the
    first `seats` taken by these players of the group (`names`)."""
    low, high = card_game.seats
    # The stubs give the factory's class as a plain `BaseFormSet`: it is ours.
    formset = cast(
        "type[BaseSeatFormSet]",
        forms.formset_factory(
            SeatForm,
            formset=BaseSeatFormSet,
            extra=high - low,
            min_num=low,
            max_num=high,
            # The count is checked in `clean`, after a name given twice (which Django's
            # own count would hide); no more seats are made than a game has, whatever
            # the management form says.
            validate_min=False,
            validate_max=True,
            absolute_max=high,
        ),
    )
    # Too many, said as the form always said it.
    words = _count_message(low, high)
    return formset(
        data,
        prefix="seats",
        error_messages={"too_many_forms": words},
        card_game=card_game,
        spelling={name.lower(): name for name in names},
        seats=seats,
    )


class NewGameForm(forms.Form):
    """A new game of any kind: players in seating order (`seats`, a formset), teams, the
    first dealer and the house rules, all generated from what the engine says about the
    game."""

    first_dealer = forms.TypedChoiceField(
        label=_("Deals first"), coerce=int, initial=1, widget=forms.RadioSelect
    )
    token = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=32, initial=new_form_token
    )

    def __init__(
        self, *args: Any, group: Group, kind: str, seats: list[str] | None = None, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.group = group
        self.kind = kind
        self.card_game = get_game(kind)
        self.min_seats, self.seat_count = self.card_game.seats
        names = [p.name for p in group.players.all()]
        self.seats = seat_formset(
            self.data if self.is_bound else None,
            card_game=self.card_game,
            names=names,
            seats=seats or [],
        )
        first = self.fields["first_dealer"]
        assert isinstance(first, forms.TypedChoiceField)
        first.choices = [(i, i) for i in range(1, self.seat_count + 1)]
        if self.team_game:
            for i in (1, 2):
                self.fields[f"team_{i}"] = name_field(
                    _("Team %(number)d") % {"number": i}, team=True, required=False
                )
                self.fields[f"team_start_{i}"] = number_field(_("Start total"))
        for spec in self.card_game.house_rules():
            self.fields[f"rule_{spec.name}"] = _rule_field(spec)
        for preset in self.card_game.presets:
            self.fields[f"preset_{preset.name}"] = forms.BooleanField(
                label=say(preset.label),
                required=False,
                # The script shows the preset's values in the rule fields when ticked.
                widget=forms.CheckboxInput(attrs={"data-preset": json.dumps(dict(preset.rules))}),
            )

    @property
    def team_game(self) -> bool:
        return self.card_game.team_game

    @property
    def title(self) -> str:
        return say(self.card_game.title)

    @property
    def optional_teams(self) -> bool:
        return self.card_game.optional_teams

    @property
    def teams_named(self) -> bool:
        """Whether a team was named (the teams' box then starts open)."""
        return self.optional_teams and self.seats.teams_named()

    def team_rows(self) -> list[dict[str, Any]]:
        return [
            {"name": self[f"team_{i}"], "start": self[f"team_start_{i}"], "number": i}
            for i in (1, 2)
        ]

    def rule_rows(self) -> list[dict[str, Any]]:
        rows = []
        for spec in self.card_game.house_rules():
            rows.append(
                {
                    "field": self[f"rule_{spec.name}"],
                    "kind": spec.kind,
                    "help": say(spec.help) if spec.help else "",
                }
            )
        return rows

    def preset_fields(self) -> list[forms.BoundField]:
        return [self[f"preset_{p.name}"] for p in self.card_game.presets]

    @staticmethod
    def _check_team_name(
        name: str, pair: list[str], players: list[str], named: dict[str, list[str]]
    ) -> None:
        """A team's name must not be the other team's, or one of its players' (any letter
        case): the pages would credit that team's bids and wins to the wrong people. Asked
        here, for a new game only: the engine reads such names where a game file has them,
        so that games stored before, and files made elsewhere, still open."""
        if any(name.lower() == other.lower() for other in named):
            # The engine's own words for two names the same letter for letter.
            raise ValidationError(rule_error(RuleError(Text("the two teams need different names"))))
        opponent = next((p for p in players if p not in pair and p.lower() == name.lower()), None)
        if opponent is not None:
            raise ValidationError(
                _("A team cannot be called %(name)s: %(name)s plays on the other team."),
                params={"name": opponent},
            )

    def _team_problems(self) -> list[str]:
        """The team rows' errors, said by team above the form, after the seats'."""
        problems = []
        for row in self.team_rows():
            label = row["name"].label
            who = (row["name"].value() or "").strip() or label
            for name in ("name", "start"):
                errors = row[name].errors.as_data()
                problems += [_row_problem(label, who, name, error) for error in errors]
        return problems

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # The seat and team rows show no errors of their own: say them above the form, by
        # seat and by team.
        problems = [problem for seat in self.seats for problem in seat.problems()]
        if self.team_game:
            problems += self._team_problems()
        if problems:
            raise ValidationError(problems)
        if not self.seats.is_valid():
            raise ValidationError(self.seats.non_form_errors().as_data())
        seated = self.seats.seated()
        players = [seat["player"] for seat in seated]
        # The seat as the form numbers it, empty rows and all.
        rows = [form.cleaned_data.get("player") for form in self.seats.forms]
        number = data.get("first_dealer") or 1
        dealer = rows[number - 1] if number <= len(rows) else None
        if not dealer:
            self.add_error(
                "first_dealer", _("Nobody sits in seat %(number)d.") % {"number": number}
            )
            return data
        teams = None
        start: dict[str, int] = {}
        if self.team_game:
            named: dict[str, list[str]] = {}
            for i, two in enumerate(partners(players), start=1):
                pair = list(two)
                name = (data.get(f"team_{i}") or "").strip() or named_by_players(pair)
                self._check_team_name(name, pair, players, named)
                named[name] = pair
                if data.get(f"team_start_{i}"):
                    start[name] = data[f"team_start_{i}"]
            teams = named
        else:
            start = {seat["player"]: seat["start"] for seat in seated if seat.get("start")}
            teams, start = self.seats.chosen_teams(start)
        rules: dict[str, Any] = {}
        for spec in self.card_game.house_rules():
            value = data.get(f"rule_{spec.name}")
            if spec.nullable and value is None and self.data.get(f"rule_{spec.name}") == "":
                rules[spec.name] = None  # its field emptied: the rule is off
            if value in (None, "") or value == spec.default:
                continue
            rules[spec.name] = value
        for preset in self.card_game.presets:
            # Ticked with the script, the preset's values were shown in the rules' fields,
            # which say the rules (a value changed since included). Without it, the preset
            # gives each rule whose field was left as the form had it.
            if (
                data.get(f"preset_{preset.name}")
                and self.data.get(f"preset_{preset.name}") != "shown"
            ):
                for name, value in preset.rules.items():
                    rules.setdefault(name, value)
        try:
            make_table(self.kind, players, rules=rules, teams=teams, start=start)
        except RuleError as exc:
            field = f"rule_{exc.field}"
            if field not in self.fields:
                raise ValidationError(rule_error(exc)) from exc
            # A house rule out of bounds: said beside its field, under the field's label.
            labels = {spec.name: say(spec.label) for spec in self.card_game.house_rules()}
            self.add_error(field, rule_error(exc, labels))
            return data
        data.update(players=players, rules=rules, teams=teams, start=start, dealer=dealer)
        return data


def _rule_field(spec: HouseRule) -> forms.Field:
    label = say(spec.label)
    help_text = say(spec.help) if spec.help else ""
    if spec.kind == "flag":
        return forms.BooleanField(
            label=label, required=False, initial=spec.default, help_text=help_text
        )
    if spec.kind == "choice":
        choices = [(option.value, say(option.label)) for option in spec.options]
        if spec.empty_label is not None:
            choices.insert(0, ("", say(spec.empty_label)))
        return forms.ChoiceField(
            label=label,
            choices=choices,
            required=False,
            initial="" if spec.default is None else spec.default,
            widget=forms.RadioSelect,
            help_text=help_text,
        )
    return number_field(
        label, spec.minimum, spec.maximum, initial=spec.default, help_text=help_text
    )


def number_field(
    label: Any, low: int | None = None, high: int | None = None, **kwargs: Any
) -> forms.IntegerField:
    """A whole number a game is set up with, within its own bounds and the engine's limits:
    a number beyond them is refused beside its field, in the form's words, rather than by
    the engine under the name a game file gives it."""
    low = -LARGEST_NUMBER if low is None else max(low, -LARGEST_NUMBER)
    high = LARGEST_NUMBER if high is None else min(high, LARGEST_NUMBER)
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=low,
        max_value=high,
        error_messages=bounds_said(low, high),
        **kwargs,
    )


class Chips(forms.RadioSelect):
    """A radio field's choices drawn as tap targets, one label each (the hand form's
    chips). Nothing given checks nothing: an empty choice ("alone") is a chip like the
    others, never a default."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        # A chip per choice, flat, drawn here rather than by a template per field: the hand
        # form has about seventy of them (docs/design.md, "What is kept, and why").
        chosen = [] if value is None else self.format_value(value)
        return format_html_join(
            "",
            '<label><input type="radio" name="{}" value="{}"{}>{}</label>',
            (
                (name, key, mark_safe(" checked") if str(key) in chosen else "", label)
                for key, label in self.choices
            ),
        )


def _hand_fields(specs: list[HandInput], sides: Sequence[str]) -> dict[str, forms.Field]:
    """The fields of these inputs: one per input, the tricks one per side.

    Their choices are given as callables, which Django reads when the field is drawn or
    checks a value (`ChoiceField`): a save checks a few fields and draws none, and making
    the seventy chips' choices (and their words) up front was a tenth of a save."""
    fields: dict[str, forms.Field] = {}
    for spec in specs:
        if spec.kind == "tricks":
            for index, side in enumerate(spec.each or sides):
                fields[side_field(spec.name, index)] = forms.TypedChoiceField(
                    label=side,
                    choices=partial(_count_choices, spec),
                    coerce=int,
                    empty_value=None,
                    required=False,
                    widget=Chips,
                )
        elif spec.each:
            for index, name in enumerate(spec.each):
                fields[side_field(spec.name, index)] = forms.ChoiceField(
                    label=name, choices=partial(_choices, spec), required=False, widget=Chips
                )
        elif spec.kind == "scores":
            for index, side in enumerate(sides):
                fields[side_field(spec.name, index)] = forms.IntegerField(
                    label=side,
                    required=False,
                    min_value=spec.minimum,
                    max_value=spec.maximum,
                    error_messages=bounds_said(spec.minimum, spec.maximum),
                    # type=number without an inputmode: iOS then opens its keyboard's
                    # numbers and punctuation, which has the minus sign (its "numeric" and
                    # "decimal" pads have none); a button beside it changes the sign too.
                    widget=forms.NumberInput(attrs={"step": 1, "autocomplete": "off"}),
                )
        elif spec.kind == "flag":
            fields[spec.name] = forms.BooleanField(label=say(spec.label), required=False)
        else:
            fields[spec.name] = forms.ChoiceField(
                label=say(spec.label),
                choices=partial(_choices, spec),
                required=False,
                widget=Chips,
            )
    return fields


def _count_choices(spec: HandInput) -> list[tuple[int, int]]:
    return [(n, n) for n in range(spec.minimum or 0, (spec.maximum or 0) + 1)]


def _choices(spec: HandInput) -> list[tuple[str, str]]:
    if spec.kind == "number":
        choices = [(str(n), str(n)) for n in range(spec.minimum or 0, (spec.maximum or 0) + 1)]
    else:
        choices = [(str(option.value), say(option.label)) for option in spec.options]
    if spec.empty_label is not None:
        # Leaving it empty is a chip of its own (last), tapped like the others.
        choices.append(("", say(spec.empty_label)))
    return choices


def side_field(name: str, index: int) -> str:
    """The form field of one side's value of a per-side input: ``tricks-2``, ``bids-0``."""
    return f"{name}-{index}"


#: The hand inputs that name the bidding side: its own tricks follow from the opponents'.
BIDDING_SIDE = ("bidder", "partner")


class HandForm(forms.Form):
    """A hand's inputs, generated from the engine's description of them (`CardGame.inputs`).

    A per-side input (tricks, bids, scores) becomes one field per player (or team) named
    ``<input>-<seat>``, e.g. ``tricks-2``. `hand()` gives
    the hand as the game file writes it, with only the inputs that apply to it.
    """

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)
    # The entry's identity, made when the form is shown: see `Game.add_hand`.
    entry = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=32, initial=new_form_token
    )
    # The dealer the rotation named for this hand, while the form's dealer is still that
    # one; emptied once someone picks the dealer here by hand (table.js). A refused save's
    # form (`hand_create`) moves a dealer the rotation named on with the game, and keeps
    # one picked by hand.
    rotation_dealer = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=PLAYER_NAME_LENGTH
    )
    # What the table wrote on this hand, if anything: behind a tap of its own.
    note = NoteField(label=_("Note"))

    def __init__(
        self,
        *args: Any,
        game: Game,
        replacing: int | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.table = table = game.table()
        # The number of the hand being corrected, or None for a new hand.
        self.replacing = replacing
        self.specs: dict[str, HandInput] = {
            spec.name: spec for spec in get_game(game.kind).inputs(table)
        }
        self.fields.update(_hand_fields(list(self.specs.values()), table.sides))

    @property
    def can_redeal(self) -> bool:
        return "redeal" in self.specs

    @property
    def redeal_label(self) -> str:
        return say(self.specs["redeal"].label)

    @property
    def redeal_keeps_dealer(self) -> bool:
        """For the phone's own guess at the next dealer while it has no connection."""
        return get_game(self.game.kind).redeal_keeps_dealer

    def layout(self) -> list[dict[str, Any]]:
        """What the template shows, input by input (`style` says when each applies)."""
        items = []
        for name, spec in self.specs.items():
            if name == "redeal":
                continue  # a button of its own: one tap
            item: dict[str, Any] = {
                "name": name,
                "kind": spec.kind,
                "label": say(spec.label),
                "help": say(spec.help) if spec.help else "",
                # Numbers (a count, a bid) are laid out as a grid of small chips.
                "numeric": spec.kind == "number" or any(_is_number(o.value) for o in spec.options),
            }
            if spec.kind in PER_SIDE_KINDS or spec.each:
                # Two teams share every trick: one count gives the other (see `hand`).
                # So do the players' counts of tricks that add up: the last one given is
                # the rest of the others' (app.js; the hand's own total is the form's
                # `data-most-*` where it has one).
                shared = spec.kind == "tricks" and (spec.adds_up or len(self.table.teams) == 2)
                item["shared_total"] = spec.maximum if shared else None
                rows = [
                    {"side": side, "field": self[side_field(name, i)]}
                    for i, side in enumerate(_rows(spec, self.table))
                ]
                # In the order the style lays them out for the dealer the form holds, so
                # that a keyboard goes down them as they show (`_in_turn`).
                turns = self._turns(spec)
                item["rows"] = sorted(rows, key=lambda row: turns.get(row["side"], 0))
                item["bidding_side"] = spec.kind == "tricks" and bool(self._bidding_sides())
                item["in_turn"] = spec.in_turn
            else:
                item["field"] = self[name]
            items.append(item)
        return items

    def _bidding_sides(self) -> list[str]:
        """The sides a bidding input can name (players who bid or partner the bid)."""
        named = {
            str(o.value) for n in BIDDING_SIDE if n in self.specs for o in self.specs[n].options
        }
        return [side for side in self.table.sides if side in named]

    def style(self) -> SafeString:
        """The form's own CSS, drawn from the engine's description so that the form works
        without JavaScript: an input shows only while it applies, the bidding side's tricks
        rows are marked (app.css shows them as optional, behind a box: they follow from the
        opponents'), and nobody is the bidder's own partner (the engine refuses that too)."""
        hidden = [
            f"form:not(:has({applies})) [data-input={name}]"
            for name in self.specs
            for applies in self._applies(name)
        ]
        rules = []
        if sides := [_css_string(side) for side in self._bidding_sides()]:
            named = ", ".join(f"[name={name}]:checked" for name in BIDDING_SIDE)
            hidden.append(f"form:not(:has({named})) .show-side")
            hidden += [
                f"form:has([name=bidder][value={v}]:checked) label:has(> [name=partner][value={v}])"
                for v in sides
            ]
            # A side named by an input that applies (not a partner that a bid leaves out).
            side = ", ".join(
                f"form:has([name={name}][value={v}]:checked)"
                + "".join(f":has({applies})" for applies in self._applies(name))
                + f" [data-side={v}]"
                for v in sides
                for name in BIDDING_SIDE
                if name in self.specs
            )
            rules.append(f":is({side}) {{ opacity: 0.7; --optional: inline; --unasked: none }}")
        rules += self._in_turn()
        # Chips above the most an input may take in this hand (the form's `data-most-*`).
        # The chip of `most` is the (most - minimum + 1)th.
        hidden += [
            f"form[data-most-{name}='{most}'] [data-input={name}] .choices"
            f" > :nth-child(n+{most - spec.minimum + 2})"
            for name, spec in self.specs.items()
            if spec.limited_by and spec.minimum is not None and spec.maximum is not None
            for most in range(spec.minimum, spec.maximum)
        ]
        if hidden:
            rules.append(f"{', '.join(hidden)} {{ display: none }}")
        if len(self.table.sides) > 4:
            # Each side's points need a second line at a phone's width: the preview at the
            # foot keeps three lines (of a fixed height still, so Save never moves).
            rules.append(".entry .save-bar .preview { --foot: 4.65rem }")
        return mark_safe("\n".join(rules))  # every value in it is escaped (_css_string)

    def _in_turn(self) -> list[str]:
        """For an input asked in turn (`HandInput.in_turn`): its rows from the dealer's
        left round to the dealer, whoever is chosen to deal (app.css lays them out in
        that order), and the dealer's row marked as the last. The hand's other inputs of
        each side follow the same order (Oh Hell's tricks under its bids: read straight
        down, not in another order). Rows of teams keep their order: players take turns."""
        players = self.table.players
        rules = []
        for spec in self.specs.values():
            if not self._asked_in_turn(spec):
                continue
            for dealer in players:
                chosen = f"form:has([name=dealer][value={_css_string(dealer)}]:checked)"
                for side, turn in _turns_after(players, dealer).items():
                    row = f"{chosen} [data-input={spec.name}] [data-side={_css_string(side)}]"
                    rules.append(f"{row} {{ order: {turn} }}")
                last = f"[data-input={spec.name}] [data-side={_css_string(dealer)}] .turn-last"
                if spec.in_turn:
                    rules.append(f"{chosen} {last} {{ display: inline }}")
        return rules

    def _asked_in_turn(self, spec: HandInput) -> bool:
        """Whether the rows of `spec` go round from the dealer's left (`_in_turn`)."""
        return (
            "dealer" in self.specs
            and any(s.in_turn for s in self.specs.values())
            and (spec.kind in PER_SIDE_KINDS or bool(spec.each))
            and set(_rows(spec, self.table)) <= set(self.table.players)
        )

    def _turns(self, spec: HandInput) -> dict[str, int]:
        """Each row's place in turn after the dealer the form holds; none where the rows of
        `spec` are not asked in turn or no dealer is chosen."""
        dealer = self["dealer"].value() if "dealer" in self.specs else None
        if not self._asked_in_turn(spec) or dealer not in self.table.players:
            return {}
        return _turns_after(self.table.players, dealer)

    def _applies(self, name: str) -> list[str]:
        """Selectors, one per input its `shown_when` names, that all match while the input
        `name` applies. The redeal has a button of its own: the form only shows a played
        hand."""
        return [
            self._holds_one_of(key, allowed)
            for key, allowed in self.specs[name].shown_when.items()
            if key != "redeal" and key in self.specs
        ]

    def _holds_one_of(self, name: str, allowed: Sequence[object]) -> str:
        """A selector for the input `name` holding one of `allowed`: by the values left out
        when they are fewer ("a bid, not Amerikaner" rather than seven numbers)."""
        values = [option.value for option in self.specs[name].options]
        others = [value for value in values if value not in allowed]
        if len(others) < len(allowed) and set(allowed) <= set(values):
            return f"[name={name}]:checked" + "".join(
                f":not([value={_css_string(value)}])" for value in others
            )
        return ", ".join(self._holds(name, value) for value in allowed)

    def _holds(self, name: str, value: object) -> str:
        """A selector for the input `name` holding `value` (a box: ticked or not)."""
        if self.specs[name].kind == "flag":
            return f"[name={name}]:checked" if value else f"[name={name}]:not(:checked)"
        return f"[name={name}][value={_css_string(value)}]:checked"

    def values(self) -> dict[str, Any]:
        """Every input's value as tapped so far (of those that passed their field's check),
        whether it applies or not."""
        data = self.cleaned_data
        values: dict[str, Any] = {}
        for name, spec in self.specs.items():
            if spec.kind in PER_SIDE_KINDS or spec.each:
                values[name] = {
                    side: _option_value(spec, data[side_field(name, i)])
                    for i, side in enumerate(_rows(spec, self.table))
                    if data.get(side_field(name, i)) not in (None, "")
                }
            elif spec.kind == "flag":
                values[name] = bool(data.get(name))
            elif data.get(name) not in (None, ""):
                value: Any = data[name]
                if spec.kind == "number":
                    value = int(value)
                elif spec.kind == "choice":
                    value = _option_value(spec, value)
                values[name] = value
        return values

    def hand(self) -> dict[str, Any]:
        """The hand as the game file writes it, from the cleaned inputs."""
        data = self.cleaned_data
        values = self.values()
        hand: dict[str, Any] = {}
        for name, value in values.items():
            spec = self.specs[name]
            # A flag left off is the spec's default, so the file does not say it.
            if applies(spec, values, self.specs) and not (
                spec.kind == "flag" and value is False and not spec.required
            ):
                hand[name] = value
        # What the outcome implies may be left empty; the engine says what that is.
        card_game = get_game(self.game.kind)
        hand = card_game.implied(
            self.table, {**card_game.scheduled(self.table, self._before()), **hand}
        )
        if data.get(NOTE):
            hand[NOTE] = data[NOTE]
        return hand

    def hint(self) -> str:
        """What the game says about this hand before its outcome (`CardGame.hint`), from
        what is tapped so far: e.g. the cards a schedule deals it. A box refused by its field
        (a score out of bounds) leaves every tap out: a sum of the others would count it as
        nothing."""
        refused = any(name in self.errors for name in self.fields)
        tapped = self.values() if hasattr(self, "cleaned_data") and not refused else {}
        return say(get_game(self.game.kind).hint(self.table, self._before(), tapped))

    def limits(self) -> dict[str, int]:
        """The most each input may take in this hand, below its maximum (`CardGame.limits`):
        the form's tag says it, and its style offers no more."""
        return get_game(self.game.kind).limits(self.table, self._before())

    def _before(self) -> list[dict[str, Any]]:
        """The hands stored before the one this form saves."""
        stored = [hand.data for hand in self.game.hand_list()]
        return stored[: self.replacing - 1] if self.replacing else stored

    def refusals(self) -> list[str]:
        """What the hand was refused for, as the form's foot says it: the form's own
        first, then each input's, a row's with its side ("Anne: At most 10,000.")."""
        said = [str(error) for error in self.non_field_errors()]
        for field in self:
            row = field.name.rsplit("-", 1)[-1].isdigit()
            said += [f"{field.label}: {error}" if row else str(error) for error in field.errors]
        return said

    @property
    def note_open(self) -> bool:
        """The note's box starts open when it holds something, or says what is wrong."""
        return bool(self[NOTE].value() or self[NOTE].errors)

    def unchosen(self, hand: dict[str, Any]) -> list[HandInput]:
        """Inputs whose empty choice is a chip of its own (the partner's "alone") that apply
        to this hand and of which no chip was tapped: nothing is chosen for the table."""
        return [
            spec
            for name, spec in self.specs.items()
            if spec.empty_label is not None
            and name not in self.data
            and applies(spec, hand, self.specs)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        hand = self.hand()
        for spec in self.unchosen(hand):
            # A sentence of its own beside the input, as the engine's refusals are there.
            self.add_error(spec.name, capfirst(say(spec.unchosen())) + ".")
        for name, spec in self.specs.items():
            # Every box left empty is a Save tapped too soon far more often than a hand
            # nobody scored in (which a game file may still hold: an empty box is 0).
            if spec.kind == "scores" and applies(spec, hand, self.specs) and not hand.get(name):
                self.add_error(None, _("Write at least one score (0 for a hand nobody scored)."))
        data["hand"] = hand
        if self.errors:
            return data
        return with_the_game(self, data)

    def refuse(self, exc: RuleError) -> None:
        """The engine's refusal as the form's error, beside the input it names."""
        self.add_error(exc.field if exc.field in self.fields else None, rule_error(exc))


#: How the adjustment form gives the points: taken from one side, given to every other
#: side, or typed per side.
FROM_OFFENDER, TO_OTHERS, PER_SIDE = "from", "others", "each"
WAYS = [
    (FROM_OFFENDER, _("N from the offender")),
    (TO_OTHERS, _("N to each other side")),
    (PER_SIDE, _("Side by side")),
]
#: Where the lowest total wins, a penalty adds points: the presets the other way round.
LOW_WINS_WAYS = {FROM_OFFENDER: _("N to the offender"), TO_OTHERS: _("N from each other side")}


class AdjustmentForm(forms.Form):
    """A penalty or adjustment (spec "Adjustments"): who and how much, by a preset or side
    by side, and why. Saved like a hand (`Game.add_hand`, with its entry key), it is
    checked by the engine like one: the engine's refusals show beside their fields."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)
    entry = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=32, initial=new_form_token
    )
    way = forms.ChoiceField(
        label=_("Points"),
        choices=WAYS,
        initial=FROM_OFFENDER,
        widget=Chips,
    )
    # Any text: the engine names what is wrong with it (a player where teams score).
    offender = forms.CharField(
        label=_("Offender"),
        required=False,
        max_length=TEAM_NAME_LENGTH,
        error_messages={"max_length": TOO_LONG},
    )
    amount = forms.IntegerField(
        label=_("N"),
        required=False,
        min_value=1,
        max_value=LARGEST_NUMBER,
        error_messages=bounds_said(1, LARGEST_NUMBER),
    )
    reason = forms.CharField(
        label=_("Reason"),
        required=False,  # the engine says it is missing, as for a file
        max_length=REASON_LENGTH,
        error_messages={"max_length": TOO_LONG},
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    note = NoteField(label=_("Note"))

    def __init__(self, *args: Any, game: Game, replacing: int | None = None, **kwargs: Any):
        kwargs.setdefault("auto_id", "id_adjust_%s")
        super().__init__(*args, **kwargs)
        self.game = game
        self.table = table = game.table()
        self.replacing = replacing
        self.fields["offender"].widget = Chips(choices=[(side, side) for side in table.sides])
        self.low_wins = get_game(game.kind).low_wins(game.rules)
        if self.low_wins:
            way = self.fields["way"]
            assert isinstance(way, forms.ChoiceField)
            way.choices = [(value, LOW_WINS_WAYS.get(value, label)) for value, label in WAYS]
        for index, side in enumerate(table.sides):
            self.fields[side_field(ADJUSTMENT, index)] = forms.IntegerField(
                label=side,
                required=False,
                min_value=-LARGEST_NUMBER,
                max_value=LARGEST_NUMBER,
                error_messages=bounds_said(-LARGEST_NUMBER, LARGEST_NUMBER),
                widget=forms.NumberInput(attrs={"step": 1, "autocomplete": "off"}),
            )

    @property
    def side_fields(self) -> list[forms.BoundField]:
        return [self[side_field(ADJUSTMENT, i)] for i in range(len(self.table.sides))]

    def points(self) -> dict[str, int]:
        """The adjustment per side, as the way chosen gives it (sides left at 0 left out)."""
        data = self.cleaned_data
        sides, offender, amount = self.table.sides, data.get("offender") or "", data.get("amount")
        if data.get("way") == PER_SIDE:
            given = {side: data.get(side_field(ADJUSTMENT, i)) for i, side in enumerate(sides)}
            return {side: value for side, value in given.items() if value}
        # Both said at once: a phone learns what is missing in one tap of Save.
        if not offender:
            self.add_error("offender", _("Choose who broke the rules."))
        if not amount:
            self.add_error("amount", _("Give the number of points."))
        if not offender or not amount:
            return {}
        penalty = amount if self.low_wins else -amount
        if data.get("way") == TO_OTHERS:
            return {side: -penalty for side in sides if side != offender.strip()}
        return {offender: penalty}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            reason = read_reason(data.get(REASON))
        except RuleError as exc:
            self.add_error(REASON, rule_error(exc))
        points = self.points()
        if self.errors:
            return data
        hand: dict[str, Any] = {ADJUSTMENT: points, REASON: reason}
        if data.get(NOTE):
            hand[NOTE] = data[NOTE]
        data["hand"] = hand
        return with_the_game(self, data)

    def refuse(self, exc: RuleError) -> None:
        """The engine's refusal beside the field it is about: the points, or the reason."""
        field = {ADJUSTMENT: "offender", REASON: REASON, NOTE: NOTE}.get(exc.field or "")
        if field is not None:
            # About what this form holds, not where it goes among the hands.
            exc = RuleError(exc.text, field=exc.field)
        if field == "offender" and self.cleaned_data.get("way") == PER_SIDE:
            field = None
        self.add_error(field, rule_error(exc))


def with_the_game(form: HandForm | AdjustmentForm, data: dict[str, Any]) -> dict[str, Any]:
    """A hand form's data with the game as it would be with its hand (`data["result"]`: the
    play `add_hand` goes on from, and a preview shows), or the engine's refusal on the form.

    A new hand already stored from this form (its answer was lost, or an offline queue
    sends it late) was checked when it was stored; checked again against a game that now
    holds it, it would be refused. The game answers it as saved. So too a new hand whose
    number another phone's hand took meanwhile: the game answers it as a conflict, with
    both hands, where checked as the hand after it would be refused for a game it did
    not see (won on the other phone's hand, say)."""
    state = form.game.state()
    if form.replacing is None and (
        state.entered(data.get("entry") or "") or data.get("number", 0) <= len(state.hands)
    ):
        return data
    try:
        data["result"] = state.result_with(data["hand"], replacing=form.replacing)
    except RuleError as exc:
        form.refuse(exc)
    return data


def adjustment_initial(table: Table[object], hand: dict[str, Any]) -> dict[str, Any]:
    """The adjustment form's values for a stored adjustment (its correction): side by side."""
    given = hand.get(ADJUSTMENT) or {}
    initial: dict[str, Any] = {
        "way": PER_SIDE,
        REASON: hand.get(REASON, ""),
        NOTE: hand.get(NOTE, ""),
    }
    for index, side in enumerate(table.sides):
        if given.get(side):
            initial[side_field(ADJUSTMENT, index)] = given[side]
    return initial


def _turns_after(players: Sequence[str], dealer: str) -> dict[str, int]:
    """Each player's turn in a hand `dealer` deals: from the dealer's left, the dealer last."""
    seat = players.index(dealer)
    return {side: (index - seat - 1) % len(players) for index, side in enumerate(players)}


def _rows(spec: HandInput, table: Table[object]) -> Sequence[str]:
    """The rows of an input asked row by row: its own names, or (tricks) every side."""
    return spec.each or table.sides


def _option_value(spec: HandInput, value: Any) -> Any:
    """The option's own value (a bid's number, a yes or no), as its chip posts it in words;
    a count as it is."""
    return next((o.value for o in spec.options if str(o.value) == value), value)


def _css_string(value: object) -> str:
    """A value as a quoted CSS string, safe inside a <style> element: anything but a
    letter, a digit or a space is written as its code point."""
    text = "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in str(value))
    return f'"{text}"'


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def initial_for(table: Table[object], hand: dict[str, Any]) -> dict[str, Any]:
    """Form values that show an existing hand (for corrections): a box's True or False, a
    chip's value as the chip posts it, and "" for an input the hand leaves empty that has
    a chip of its own for that (the partner's "alone")."""
    specs = {spec.name: spec for spec in get_game(table.game).inputs(table)}
    # A file may write an input left empty as null ("partner": null): as if left out.
    hand = {key: value for key, value in hand.items() if value is not None}
    initial: dict[str, Any] = {
        name: ""
        for name, spec in specs.items()
        if spec.empty_label is not None and name not in hand and applies(spec, hand, specs)
    }
    for key, value in hand.items():
        spec = specs.get(key)
        if (
            spec is not None
            and (spec.kind in PER_SIDE_KINDS or spec.each)
            and isinstance(value, dict)
        ):
            for i, side in enumerate(_rows(spec, table)):
                if side in value:
                    # A count or a score as it is; a chip's value (a bid) in words.
                    kept = spec.kind in PER_SIDE_KINDS
                    initial[side_field(key, i)] = value[side] if kept else str(value[side])
        elif key in specs and specs[key].kind == "flag":
            initial[key] = value
        else:
            initial[key] = str(value)
    return initial


def correction_initial(table: Table[object], hand: dict[str, Any]) -> dict[str, Any]:
    """A correction's form, as `initial_for` shows the hand, but where the last player's
    tricks are the rest of the others' (a team game's players, `CardGame.implied`) with
    the last left open, as in a new hand's form: a count changed then moves the open one
    with it (app.js), instead of the four adding up wrong."""
    initial = initial_for(table, hand)
    for spec in get_game(table.game).inputs(table):
        rows = _rows(spec, table) if spec.kind == "tricks" else []
        if table.teams and spec.maximum and len(rows) > 2:
            initial.pop(side_field(spec.name, len(rows) - 1), None)
    return initial


def posted(table: Table[object], hand: dict[str, Any]) -> dict[str, str]:
    """A hand as the hand form's checked inputs post it (a ticked box sends "on")."""
    values = initial_for(table, hand)
    return {
        k: "on" if v is True else str(v)
        for k, v in values.items()
        if v is not False and k != NOTE  # written, not tapped
    }


class NightForm(forms.ModelForm):
    class Meta:
        model = Night
        fields = ["name", "place"]
        labels = {"name": _("Name of the night"), "place": _("Place")}
        widgets = {
            "name": forms.TextInput(attrs={"autocomplete": "off"}),
            "place": forms.TextInput(attrs={"autocomplete": "off"}),
        }


class SeasonForm(forms.Form):
    """A season the group names: what it is called, its first and last evening."""

    # Seasons are named for years of play, not for history: an evening from 2000 to 2099.
    FIRST, LAST = dt.date(2000, 1, 1), dt.date(2099, 12, 31)

    name = forms.CharField(
        label=_("Name of the season"),
        max_length=Season.NAME_LENGTH,
        error_messages={"max_length": TOO_LONG},
        widget=forms.TextInput(attrs={"placeholder": _("Autumn league"), "autocomplete": "off"}),
    )
    start = forms.DateField(
        label=_("First evening"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    end = forms.DateField(
        label=_("Last evening"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def __init__(self, *args: Any, group: Group, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.group = group

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("Give the season a name."))
        return name

    def _in_range(self, field: str) -> dt.date:
        day: dt.date = self.cleaned_data[field]
        if not self.FIRST <= day <= self.LAST:
            raise ValidationError(
                _("Choose an evening from %(first)s to %(last)s."),
                params={"first": self.FIRST.year, "last": self.LAST.year},
            )
        return day

    def clean_start(self) -> dt.date:
        return self._in_range("start")

    def clean_end(self) -> dt.date:
        return self._in_range("end")

    def clean(self) -> dict[str, Any] | None:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if start is None or end is None:
            return data
        if end < start:
            self.add_error("end", _("The last evening cannot come before the first."))
            return data
        clash = Season.overlapping(self.group, start, end)
        if clash is not None:
            self.add_error(None, overlap_message(clash))
        return data


def overlap_message(clash: Season) -> str:
    """Why a season was refused: a game belongs to one named season at most."""
    return gettext(
        "These dates overlap “%(name)s” (%(start)s to %(end)s): a game counts in one named "
        "season at most. Change the dates, or remove that season first."
    ) % {
        "name": clash.name,
        "start": date_format(clash.start, "SHORT_DATE_FORMAT"),
        "end": date_format(clash.end, "SHORT_DATE_FORMAT"),
    }
