"""Reading a game's house rules: each key checked against its declaration, a left-out key
taking its default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import HouseRule, describe
from .text import Quoted, Text, _, error


class RuleReader:
    def __init__(self, raw: Mapping[str, Any], game: str):
        self.raw = raw
        self.game = game
        self.seen: set[str] = set()

    def _get(self, key: str) -> Any:
        self.seen.add(key)
        return self.raw.get(key)

    def integer(
        self, key: str, default: int, low: int | None = None, high: int | None = None
    ) -> int:
        value = self._get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise error(
                _("the rule %(key)s must be a whole number, not %(value)s"),
                field=key,
                key=key,
                value=describe(value),
            )
        check_range(key, value, low, high)
        return value

    def optional_integer(
        self, key: str, low: int | None = None, high: int | None = None
    ) -> int | None:
        if self._get(key) is None:
            return None
        return self.integer(key, 0, low, high)

    def flag(self, key: str, default: bool) -> bool:
        value = self._get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise error(
                _("the rule %(key)s must be true or false, not %(value)s"),
                field=key,
                key=key,
                value=describe(value),
            )
        return value

    def choice(
        self, key: str, default: str | None, allowed: Sequence[str | int | bool]
    ) -> str | None:
        value = self._get(key)
        if value is None:
            return default
        if value not in allowed:
            raise error(
                _("the rule %(key)s must be one of %(allowed)s, not %(value)s"),
                field=key,
                key=key,
                allowed=Quoted(tuple(str(a) for a in allowed)),
                value=describe(value),
            )
        return str(value)

    def rule(self, rule: HouseRule) -> Any:
        """The value of a declared rule: its default when left out (None: worked out later)."""
        if rule.kind == "flag":
            return self.flag(rule.name, bool(rule.default))
        if rule.kind == "choice":
            default = rule.default
            assert default is None or isinstance(default, str)
            return self.choice(rule.name, default, [option.value for option in rule.options])
        if rule.derived:
            return self.optional_integer(rule.name)
        if rule.nullable and rule.name in self.raw and self.raw[rule.name] is None:
            self.seen.add(rule.name)
            return None
        if rule.default is None:
            return self.optional_integer(rule.name, rule.minimum, rule.maximum)
        assert isinstance(rule.default, int)
        return self.integer(rule.name, rule.default, rule.minimum, rule.maximum)

    def finish(self) -> None:
        """Refuse keys this game does not know: a misspelt rule must not be silently ignored."""
        for key in self.raw:
            if key not in self.seen:
                raise error(
                    _("%(game)s has no rule “%(key)s”"),
                    field=str(key),
                    game=Text(self.game),
                    key=str(key),
                )


def _range_message(low: int | None, high: int | None) -> str:
    if high is None:
        return _("the rule %(key)s must be at least %(low)d, not %(value)d")
    return _("the rule %(key)s must be from %(low)d to %(high)d, not %(value)d")


def read_house_rules(
    rules: Sequence[HouseRule], raw: Mapping[str, Any], game: str
) -> dict[str, Any]:
    """Every declared rule, checked against its declaration; unknown keys are refused."""
    read = RuleReader(raw, game)
    values = {rule.name: read.rule(rule) for rule in rules}
    read.finish()
    return values


def check_range(key: str, value: int, low: int | None, high: int | None) -> None:
    """Refuse a rule's number outside low..high (either may be None: no bound)."""
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(
            _range_message(low, high),
            field=key,
            key=key,
            value=value,
            low=low or 0,
            high=high or 0,
        )


def check_below_target(lose_at: int | None, target: int) -> None:
    """Refuse a total at which a team loses that is not below the target (None: off)."""
    if lose_at is not None and lose_at >= target:
        raise error(
            _("the rule %(key)s (%(lose_at)d) must be below the target (%(target)d)"),
            field="lose_at",
            key="lose_at",
            lose_at=lose_at,
            target=target,
        )
