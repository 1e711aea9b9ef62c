"""Model helpers that the rest stands on."""

from __future__ import annotations

import math

from games.models import ALPHABET, new_code, new_key


def test_keys_are_unguessable_and_safe_on_a_command_line() -> None:
    keys = [new_key() for _ in range(200)]
    # At least 128 random bits per link key, as the group's only protection.
    assert len(keys[0]) * math.log2(len(ALPHABET)) >= 128
    assert len(set(keys)) == len(keys)
    for text in [*keys, *(new_code() for _ in range(200))]:
        # Never a leading "-", which a command would take for an option.
        assert text.isalnum() and text.isascii()
