"""A game at one moment, as a value: its hands in order, and what follows from them and the
game's seats and house rules alone (its result, the result with one hand more or changed,
the next dealer, the game file).

Nothing here writes, and nothing here asks the database for more than the game's seats
(its table, where they were not read with it): `Game.state()` gives the game as it was
read, or as its lock or its last change left it (`Game.now`), and a change returns it with
what came of it (`Attempt.played`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from games import gamefile
from games.rules import GameResult, RuleError, get_game, play
from games.rules.base import is_adjustment

if TYPE_CHECKING:
    from games.models import Game, Hand, Rating


@dataclass(frozen=True)
class Played:
    """A game's hands in order, at the table its seats and house rules make (`game`, set up
    once); their result when it is known already (the change that made it played it), else
    played when asked; the rating rows a change wrote (None: as stored), the hand it
    added, if any, and who had won before it (read under its lock: the pages say when a
    change moved that)."""

    game: Game
    hands: tuple[Hand, ...]
    known: GameResult | None = None
    ratings: tuple[Rating, ...] | None = None
    added: Hand | None = None
    won_before: list[str] | None = None

    def result(self) -> GameResult:
        """The hands played at the game's table, within the spec's limits (`RuleError` when
        the rules refuse them)."""
        if self.known is not None:
            return self.known
        return self._played

    @cached_property
    def _played(self) -> GameResult:
        # Once for this moment of the game: a save's form check goes on from it, and taking
        # a game given up back up is told it again.
        return play(self.game.table(), [hand.data for hand in self.hands])

    def result_with(self, hand: Mapping[str, Any], replacing: int | None = None) -> GameResult:
        """The game with `hand` added as the next hand, or in place of hand `replacing`:
        what a form checks and a preview shows. A hand added is played alone, on from
        `result` (a save hands this on to `Game.add_hand`)."""
        hands: list[Mapping[str, Any]] = [h.data for h in self.hands]
        if replacing is not None:
            hands[replacing - 1] = hand
            return play(self.game.table(), hands)
        return play(self.game.table(), [*hands, hand], self.result())

    def result_or_none(self) -> GameResult | None:
        """The result, or None when the rules refuse the game as stored (a hand or a house
        rule they no longer accept): it needs a correction, and must not take a page down."""
        try:
            return self.result()
        except RuleError:
            return None

    def is_finished(self) -> bool:
        """Won, by the hands as they are (a game needing a correction is not)."""
        result = self.result_or_none()
        return result is not None and result.finished

    def next_dealer(self) -> str | None:
        """Who deals the next hand, as the rotation names them: the first dealer before any
        hand, then as the game's rules pass the deal on (None where the hands do not say);
        an adjustment deals no cards."""
        hands = [hand.data for hand in self.hands]
        if all(is_adjustment(hand) for hand in hands):
            return self.game.first_dealer or None
        return get_game(self.game.kind).next_dealer(self.game.table(), hands)

    def numbered(self, number: int) -> Hand | None:
        return next((hand for hand in self.hands if hand.number == number), None)

    def entered(self, entry: str) -> Hand | None:
        """The hand stored from the form with this entry key (see `Hand.entry`), if any."""
        return next((hand for hand in self.hands if entry and hand.entry == entry), None)

    def document(self) -> dict[str, Any]:
        """The game file of this game, as the table recorded it (`gamefile.recorded`)."""
        game, hands = self.game, [hand.data for hand in self.hands]
        return gamefile.recorded(game.table(), game.rules, game.teams, game.start, hands, game.note)

    def scored_document(self) -> dict[str, Any]:
        """The game file with the engine's output, as the ``score`` command prints it."""
        return gamefile.with_results(self.game.table(), self.document(), self.result())
