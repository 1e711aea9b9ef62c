"""What the game pages show, worked out from a game as it is: the scoreboard, the rows of
the hands table, the big screen's board, and the few facts the game page needs around the
parts of it kept in the cache.

The game page keeps what it draws once per version of the game in Django's cache
(`{% cache %}` in `games/game.html`, keyed by `GamePage.fragment_key`): the game's row and
version, the link (full or view-only: the links drawn carry it), the language and this
release of the app. A phone reads the version afresh with every request, so whichever
server answers it never gets a part older than the version it read. What differs from one
request to the next (the CSRF token, the hand form's entry key, the messages) is drawn
outside the kept parts. Everything here is worked out only when a part is drawn: a page
whose parts are all kept reads the game's row and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qs, urlsplit

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import prefetch_related_objects
from django.http import HttpRequest, QueryDict
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from games import gamefile, ratings
from games.devices import who_is
from games.forms import AdjustmentForm, GameNoteForm, HandForm, new_form_token, posted
from games.models import Change, Game, Hand, Rating, release, seats_and_hands
from games.present.words import HAND_TAG, counted, named_by_players, say
from games.rules import GameResult, ScoredHand, Standing, Table, Text, get_game
from games.rules.base import NOTE, Redeal, is_adjustment
from games.rules.text import sheet_number
from games.stats.record import Earned, game_awards

if TYPE_CHECKING:  # the lookups by link, which read games through this module
    from games.views.access import Access

#: Hands in the game page's table; the rest are one tap away.
LATEST = 10

#: A kept part is asked for again within minutes; an hour keeps a game night's pages warm.
LIFETIME = 60 * 60


def read_seats_and_hands(game: Game) -> Game:
    """`game` with its seats and hands read, once, for everything drawn from it."""
    prefetch_related_objects([game], "seats", "hands")
    return game


def over(game: Game) -> bool:
    """Won or given up: the table goes on from it to another game (`next_game`)."""
    return game.winners is not None or game.abandoned_at is not None


def next_game(game: Game) -> Game | None:
    """The game the table went on to once this one was over: started with "New game, same
    table", or at the table from the group page, of any kind (`Group.start_game`). Where
    that one is over too, of the same night, the one the table went on to from it: a phone
    left two games behind is offered the game the table is at, not one finished meanwhile
    (starting or deleting a game moves on each game this offers it from, `offer_on_from`)."""
    found, night, seen = None, game.night_id, {game.pk}
    while over(game) and (after := Game.objects.filter(previous=game).order_by("pk").first()):
        if after.pk in seen:  # a chain from a backup may loop
            break
        seen.add(after.pk)
        found = game = after
        if after.night_id != night:
            break
    return found


@dataclass(frozen=True)
class LastHand:
    number: int
    revision: int
    redeal: bool
    by: str  # the device that saved it as it is (its name at the table)


@dataclass(frozen=True)
class Turn:
    """What the game page needs around its kept parts, at one version: whether the game is
    won, or still open for the next hand (neither won nor abandoned), which hand is next
    and who deals it, and the last hand (for the undo button). Kept beside the parts."""

    finished: bool
    open: bool
    next_number: int
    next_dealer: str | None
    last_hand: LastHand | None
    # What the game says of the next hand before anything is tapped (`CardGame.hint`).
    hint: Text | None = None
    # The most an input may take in the next hand, below its maximum (`CardGame.limits`).
    limits: dict[str, int] = field(default_factory=dict)

    @property
    def save_label(self) -> str:
        return pgettext("hand form", "Save hand %(number)s") % {"number": self.next_number}


class GamePage:
    """One game as its page shows it, through one link; worked out when first asked."""

    def __init__(self, access: Any, game: Game, *, all_hands: bool = False):
        self.access = access
        self.game = game
        self.all_hands = all_hands

    @cached_property
    def fragment_key(self) -> str:
        """What every kept part of this page is kept under (with its own name)."""
        game = self.game
        return f"{game.pk}.{game.version}.{self.access.key}.{get_language()}.{release()}"

    @cached_property
    def words_key(self) -> str:
        """What the parts that are the same on every game's page (words for the page's
        script, in its language) are kept under."""
        return f"{get_language()}.{release()}"

    @cached_property
    def form_key(self) -> str:
        """What the next hand's empty form's fields are kept under (with the dealer they
        check): they show the game's inputs for its seats and rules, which never change
        once it has started."""
        return f"{self.game.pk}.{get_language()}.{release()}"

    @cached_property
    def turn(self) -> Turn:
        game = self.game
        key = f"game-turn:{game.pk}.{game.version}.{release()}"
        # Not get_or_set, which reads again after adding: one round trip to Redis fewer.
        turn = cache.get(key)
        if turn is None:
            turn = self._work_out_turn()
            cache.set(key, turn, LIFETIME)
        return cast(Turn, turn)

    def _work_out_turn(self) -> Turn:
        stored = self.stored
        rules, before = get_game(self.game.kind), [hand.data for hand in stored]
        last = None
        if stored:
            hand = stored[-1]
            last = LastHand(
                hand.number, hand.revision, bool(hand.data.get("redeal")), hand.entered_by
            )
        return Turn(
            finished=self.result.finished,
            open=not self.result.finished and not self.game.abandoned_at,
            next_number=len(stored) + 1,
            next_dealer=self.next_dealer,
            last_hand=last,
            hint=rules.hint(self.table, before, {}),
            limits=rules.limits(self.table, before),
        )

    @cached_property
    def read(self) -> Game:
        """The game with its seats and hands, read once, when a part is drawn."""
        prefetch_related_objects([self.game], *seats_and_hands())
        return self.game

    @cached_property
    def stored(self) -> list[Hand]:
        return self.read.hand_list()

    @cached_property
    def table(self) -> Table[Any]:
        return self.read.table()

    @cached_property
    def result(self) -> GameResult:
        return self.read.result()

    @cached_property
    def standing(self) -> Standing:
        return get_game(self.game.kind).standing(self.table, self.result)

    @cached_property
    def next_dealer(self) -> str | None:
        return self.read.state().next_dealer()

    @cached_property
    def scoreboard(self) -> list[dict[str, Any]]:
        return scoreboard(self.table, self.result, self.standing, self.next_dealer)

    @cached_property
    def shown(self) -> list[Hand]:
        """The hands in the table: the latest `LATEST`, or all of them."""
        return self.stored if self.all_hands else self.stored[-LATEST:]

    @cached_property
    def earlier_hands(self) -> int:
        """The hands not in the table, one tap away."""
        return len(self.stored) - len(self.shown)

    @cached_property
    def rows(self) -> list[HandRow]:
        return hand_rows(self)

    @cached_property
    def sheet(self) -> list[HandRow]:
        """Every hand of the game, first to last, as the hands table words it: what a page
        on paper lists (the screen shows the latest hands, newest first)."""
        scored = self.result.hands
        return [HandRow(self, hand, scored[hand.number - 1], recent=False) for hand in self.stored]

    @cached_property
    def start(self) -> list[int]:
        """The totals the sides start on, where any is not 0: the sheet's first row."""
        start = self.table.start_totals()
        return list(start.values()) if any(start.values()) else []

    @cached_property
    def sheet_key(self) -> str:
        """What the whole sheet shows, as one value (its rows' keys): a change that moves no
        hand (a game given up or taken up, a note) finds the sheet kept whole."""
        return " ".join(row.key for row in self.sheet)

    @cached_property
    def row_key(self) -> str:
        """What every kept row of this page's hands table is kept under, with what the row
        shows (`HandRow`): the game, the link, the language and the release, not the
        version, so that a change draws only the rows it changed."""
        return f"{self.game.pk}.{self.access.key}.{get_language()}.{release()}"

    @cached_property
    def marks(self) -> dict[str, dict[str, Any]]:
        """The marks of the hands shown, read when the first row that has to be drawn asks."""
        return _marks(self.game, self.shown)

    @cached_property
    def next_game(self) -> Game | None:
        return next_game(self.game)

    @cached_property
    def winner_text(self) -> str:
        return say(self.result.decision.reason) if self.result.decision else ""

    @cached_property
    def awards(self) -> list[Earned]:
        """The awards earned in this finished game (drawn in a kept part: read only then)."""
        return game_awards([self.game.pk]).get(self.game.code, [])

    @cached_property
    def ratings(self) -> RatingsPart:
        """The ratings beside the scoreboard: how a finished game moved them, or each
        side's chance before the first hand (drawn in a kept part: read only then)."""
        game = self.read
        if self.result.finished:
            return RatingsPart(changes=rating_changes(game))
        if not self.stored and game.abandoned_at is None:
            return RatingsPart(chances=chances_of(game, self.table))
        return RatingsPart()


#: What the hand form holds besides the hand's taps: its place, its entry, what it follows,
#: and its note (written, not tapped; a poll does not send it).
NOT_THE_HAND = {"number", "revision", "entry", "rotation_dealer", "csrfmiddlewaretoken", NOTE}


@dataclass(frozen=True)
class Following:
    """How an open hand form follows the game when a poll brings a change: the poll sends
    what the form holds (`hx-include`, its taps stay where they are) and the next hand's
    empty form comes back with the dealer it keeps and the lines saying how the game moved,
    which it carries in its hidden `follow_*` inputs to the next poll. `renumbered` is
    "saved" or "removed" (which way the game went under it), `dealer_line` "moved" (the
    rotation names another dealer than the one picked here by hand) or "followed" (the
    form's dealer followed the rotation after an earlier hand changed), `same_as` the code
    of the newest hand, saved elsewhere exactly as the form holds it (`same_line` says so)."""

    dealer: str
    rotation_dealer: str
    renumbered: str = ""
    held: str = ""
    dealer_line: str = ""
    same_as: str = ""
    same_line: str = ""


def follow_form(page: GamePage, sent: QueryDict) -> Following:
    turn = page.turn
    rotation = turn.next_dealer or ""
    try:
        number = int(sent.get("number", ""))
    except ValueError:  # no open form polled: the next hand's form as it is
        return Following(dealer=rotation, rotation_dealer=rotation)
    dealer = sent.get("dealer", "")
    # A dealer tapped here is picked by hand (the form then names no rotation's dealer);
    # one of the players, since the fields are kept by the dealer they check.
    chosen = sent.get("rotation_dealer", "") != dealer and (
        not dealer or dealer in page.game.players
    )
    moved = turn.next_number != number
    renumbered = sent.get("follow_renumbered", "")
    held = sent.get("follow_held", "")
    if moved:
        # Said only to a form holding taps of its own: an untouched one just takes the
        # next number. Moved on by a hand saved elsewhere: the number of that hand, which
        # those taps, finished, may turn out to be (`_same_hand`).
        mine = {k for k in _taps(sent) if k != "dealer"}
        written = sent.get(NOTE, "").strip()  # a note for the hand, its taps still to come
        renumbered = (
            ("saved" if turn.next_number > number else "removed") if mine or written else ""
        )
        held = str(number) if renumbered == "saved" and mine else ""
    note = sent.get("follow_dealer", "")
    if moved or rotation != sent.get("follow_rotation", ""):
        # Picked by hand: the form keeps its dealer and says whom the rotation names. Else
        # it follows the rotation, and says why when an earlier hand moved the deal.
        differs = bool(rotation) and rotation != dealer
        note = "moved" if chosen and differs else ""
        if not chosen and differs and dealer and not moved:
            note = "followed"
    same = _same_hand(page, sent, number)
    line = ""
    if same:
        row = HandRow(page, same, page.result.hands[-1], recent=True)
        summary = f"{row.summary}, {row.outcome_text}" if row.outcomes else row.summary
        line = _(
            "Hand %(number)s was just saved on another phone exactly as this form has it: "
            "%(summary)s. Save it as hand %(next)s only if it is a new hand."
        ) % {"number": same.number, "summary": summary, "next": turn.next_number}
    return Following(
        dealer=dealer if chosen else rotation,
        rotation_dealer="" if chosen else rotation,
        renumbered=renumbered if renumbered in ("saved", "removed") else "",
        held=held if held.isdecimal() else "",
        dealer_line=note if note in ("moved", "followed") else "",
        same_as=same.code if same else "",
        same_line=line,
    )


def _taps(sent: QueryDict) -> dict[str, Any]:
    """What an open form holds of its hand, by its fields' names."""
    return {k: v for k, v in sent.items() if v and k not in NOT_THE_HAND and k[:7] != "follow_"}


def _same_hand(page: GamePage, sent: QueryDict, number: int) -> Hand | None:
    """The newest hand, when another phone saved it exactly as the form holds it: just now
    under the form's number, or before, under whatever number it has now (the form's
    dealer has followed the rotation since): the hand `follow_same` names, or the one that
    moved the form on (`follow_held`) while it held some of its taps, finished since, as
    long as no hand came after it. Read only then: a poll that brings no new hand and
    carries no such line reads no hands for it."""
    kept = sent.get("follow_same", "")
    held = sent.get("follow_held", "")
    if not (kept or held) and page.turn.next_number <= number:
        return None
    newest = page.stored[-1] if page.stored else None
    if newest is None or (newest.entry and newest.entry == sent.get("entry")):
        return None  # this phone's own hand, its answer lost: not another phone's
    before = newest.code == kept or str(newest.number) == held
    if newest.number != number and not before:
        return None
    taps = _taps(sent)
    hand = {k: v for k, v in posted(page.table, newest.data).items() if v}
    if before:
        taps.pop("dealer", None)
        hand.pop("dealer", None)
    return newest if taps == hand else None


@dataclass(frozen=True)
class RatingChange:
    """One player's rating after a game, and how far the game moved it."""

    name: str
    shown: int
    change: int


@dataclass(frozen=True)
class Chance:
    """One side's chance to win a game about to start, in per cent."""

    name: str
    members: tuple[str, ...]  # a team's players; empty when the side is a player
    per_cent: int


@dataclass(frozen=True)
class RatingsPart:
    """What the game page shows of the ratings: a finished game's changes, or the chances
    before the first hand (an empty list: no game of this kind was rated in the group
    yet), or nothing."""

    changes: list[RatingChange] = field(default_factory=list)
    chances: list[Chance] | None = None


def rating_changes(game: Game) -> list[RatingChange]:
    """Each player's rating after this finished game and its change, in seating order
    (one query; nothing when the game is not rated)."""
    # As the change this answer follows wrote them (`Game.now`), else as stored.
    written = game.now.ratings if game.now is not None else None
    rows = {row.player_id: row for row in (game.ratings.all() if written is None else written)}
    return [
        RatingChange(seat.name, rows[seat.player_id].shown, rows[seat.player_id].change)
        for seat in sorted(game.seats.all(), key=lambda s: s.position)
        if seat.player_id in rows
    ]


def chances_of(game: Game, table: Table[Any]) -> list[Chance]:
    """Each side's chance to win this game from its players' ratings at this game, in
    per cent adding up to 100; none before the group's first rated game of this kind."""
    seats = {seat.name: seat.player_id for seat in game.seats.all()}
    known = Rating.objects.current(game.group_id, game.kind, seats.values())
    if known is None:
        return []
    members = {side: [p for p in table.players if table.side_of(p) == side] for side in table.sides}
    skills = [
        [known.get(seats[name], ratings.NEW) for name in members[side]] for side in table.sides
    ]
    return [
        Chance(side, members_shown(side, members[side]) if table.teams else (), per_cent)
        for side, per_cent in zip(table.sides, ratings.chances(skills), strict=True)
    ]


def members_shown(team: str, players: Sequence[str]) -> tuple[str, ...]:
    """A team's players, shown beside its own name; none for a team named after them
    ("Bjørn & Cato" is not followed by "(Bjørn and Cato)")."""
    return () if team == named_by_players(players) else tuple(players)


def scoreboard(
    table: Table[object], result: GameResult, standing: Standing, dealer: str | None
) -> list[dict[str, Any]]:
    """A row per player, or per team with its members, in seating order."""
    totals = result.totals
    lead = min if standing.low_wins else max
    # Nobody leads while every side has the same (0 to 0 after a hand all passed).
    best = lead(totals.values()) if len(set(totals.values())) > 1 else None
    target = standing.target
    members = {team.name: team.members for team in table.teams}
    rows = []
    for side in table.sides:
        players = members.get(side, (side,))
        rows.append(
            {
                "name": side,
                "members": members_shown(side, players) if side in members else (),
                # A team's players, shown or not: whose the dealer's badge may be.
                "team": players if side in members else (),
                "total": totals[side],
                "dealer": dealer if dealer in players else None,
                # While the game is played: once won, the winner is marked instead (a kaiser
                # bid made wins below the other team's total).
                "leader": best is not None and totals[side] == best and not result.finished,
                # Nothing to go once the game is won (a kaiser bid wins below the target),
                # nor where the lowest wins: reaching the target ends the game, it wins nothing.
                "to_go": target - totals[side]
                if target is not None
                and not standing.low_wins
                and totals[side] < target
                and not result.finished
                else None,
                "note": say(standing.notes[side]) if side in standing.notes else "",
                "winner": side in result.winners,
            }
        )
    return rows


class HandRow:
    """A row of the hands table. What names the row (its key: the hand's code, revision and
    number, whether it is one of the newest, whether it was made, its running totals and
    points) is worked out at once; the rest (its words, link and mark) only when the row is
    drawn, since a row kept in the cache (`{% cache %}` in `games/game.html`, one per row)
    is not drawn again."""

    def __init__(
        self,
        page: GamePage,
        hand: Hand,
        scored: Any,
        *,
        recent: bool,
    ) -> None:
        self.page = page
        self.hand = hand
        self.scored = scored
        self.number = hand.number
        self.code = hand.code
        self.revision = hand.revision
        self.entry = hand.entry
        # The newest rows carry what table.js reads.
        self.recent = recent
        self.outcomes = outcomes_of(scored)
        self.note = hand.data.get(NOTE, "")
        self.cells = [
            (scored.totals[side], scored.points.get(side, 0)) for side in page.table.sides
        ]
        # What the row shows, as one value: what its kept copy is kept under (with the
        # page's `row_key`).
        self.key = (
            f"{self.code}.{self.revision}.{self.number}.{recent}.{self.outcomes}.{self.cells}"
        )

    @cached_property
    def url(self) -> str:
        return reverse("hand", args=[self.page.access.key, self.page.game.code, self.number])

    @property
    def why_label(self) -> str:
        return _("Why? Hand %(number)s") % {"number": self.number}

    @property
    def note_label(self) -> str:
        return _("Note on hand %(number)s") % {"number": self.number}

    @property
    def mark(self) -> dict[str, Any] | None:
        """The last correction or bringing back, and the number the hand had before it
        moved: both come with a new revision of the hand, so the row's key covers them."""
        now = self.page.game.now  # the game as the change this answer follows left it
        if now is not None and self.hand is now.added:
            # Its history is its adding: nothing to read (a save's answer draws this row).
            return None
        return self.page.marks.get(self.code)

    @cached_property
    def summary(self) -> str:
        return say(get_game(self.page.game.kind).summary(self.hand.data))

    @property
    def outcome(self) -> list[tuple[str, str]]:
        return outcome_words(self.page.game.kind, self.hand.data, self.outcomes)

    @property
    def outcome_text(self) -> str:
        return ", ".join(text for _, text in self.outcome)


def hand_rows(page: GamePage) -> list[HandRow]:
    """The rows of the hands table, newest first: each hand's words, link and cells (its
    total and points per side, in seating order), and its mark if it was changed."""
    result = page.result
    return [
        HandRow(page, hand, result.hands[hand.number - 1], recent=position < LATEST)
        for position, hand in enumerate(reversed(page.shown))
    ]


def changes_of(game: Game, hands: list[Hand]) -> list[dict[str, Any]]:
    """The changes of these hands, oldest first, as who, when, which hand and what was done
    (not the hands they hold): what a page marks of the hands it shows, in one query
    whatever the length of the game."""
    if not hands:
        return []
    changes = game.changes.filter(hand_code__in=[hand.code for hand in hands])
    rows = changes.order_by("at", "id").values("id", "hand_code", "number", "action", "by", "at")
    return [dict(row) for row in rows]


def _marks(game: Game, shown: list[Hand]) -> dict[str, dict[str, Any]]:
    """What happened to each hand shown after it was entered, for its row: the last
    correction or bringing back (by whom, when), and the number it had before it moved,
    if it did."""
    numbers = {hand.code: hand.number for hand in shown}
    marks: dict[str, dict[str, Any]] = {}
    for change in changes_of(game, shown):
        number = numbers[change["hand_code"]]
        mark = marks.setdefault(change["hand_code"], {"change": None, "was": None})
        if change["action"] in (Change.EDIT, Change.RESTORE):
            mark["change"] = change
        if change["number"] != number:
            mark["was"] = change["number"]
    return {code: mark for code, mark in marks.items() if mark["change"] or mark["was"]}


#: Hands on the big screen: as many as fit under the totals on a 16:9 screen, one fewer
#: under the winner's banner (with the way on to the next game in it, and two teams'
#: cards with their players, four did not fit 1280 x 720).
BOARD_HANDS = 4


def big_screen(access: Any, game: Game) -> dict[str, Any]:
    """The big screen's board: the scoreboard in large type and the last few hands."""
    stored = read_seats_and_hands(game).hand_list()
    table = game.table()
    rules = get_game(game.kind)
    result = game.result()
    standing = rules.standing(table, result)
    board = scoreboard(table, result, standing, game.state().next_dealer())
    shown = BOARD_HANDS - 1 if result.finished else BOARD_HANDS
    last = list(zip(stored, result.hands, strict=True))[-shown:]
    # Before the first hand, each side's chance to win, as on the game page; the board is
    # drawn once per version (`game_tv_live` answers 304 in between), so they are read once.
    chances = chances_of(game, table) if not stored and game.abandoned_at is None else None
    # Still being played: only then the dealer, the leader, the notes, the points to go and
    # what the game says of the next hand (Oh Hell: its cards).
    playing = not result.finished and game.abandoned_at is None
    played = result.played().hands  # the hands and redeals, not the adjustments
    for row, chance in zip(board, chances or [], strict=False):
        row["chance"] = chance.per_cent
    return {
        "access": access,
        "game": game,
        "table": table,
        "result": result,
        "played": hands_played(result),
        # Numbered with the hands, so that the count beside them reads right ("10 hands
        # played · 1 redeal" under a hand 11).
        "redeals": sum(isinstance(scored.hand, Redeal) for scored in played),
        "adjustments": len(result.hands) - len(played),
        "open": playing,
        "target": standing.target,
        "low_wins": standing.low_wins,
        "board": board,
        # The longest total, in characters: the totals' type is sized to fit it (pages.css).
        "total_chars": max(len(sheet_number(row["total"])) for row in board),
        "winner_text": say(result.decision.reason) if result.decision else "",
        "last_hands": [
            {
                "number": hand.number,
                "summary": say(rules.summary(hand.data)),
                # "made" or "failed", as the phones' hands table says it.
                "outcome": outcome_words(game.kind, hand.data, outcomes_of(scored)),
                "points": [scored.points.get(side, 0) for side in table.sides],
            }
            for hand, scored in reversed(last)
        ],
        "next_game": next_game(game),
        "chances": chances,
        "hint": say(rules.hint(table, [hand.data for hand in stored], {})) if playing else "",
    }


# --- The history of a game's hands --------------------------------------------------------


def _current(game: Game) -> dict[str, Hand]:
    """Each hand of the game as it is now, by the hand's code."""
    return {hand.code: hand for hand in game.hand_list()}


def change_rows(game: Game, changes: Iterable[Change]) -> list[dict[str, Any]]:
    """The changes, newest first, each said in words: which hand (by the number it had
    then, and the number it has now if it moved), what happened to it, and whether it is
    a different hand from one that had the same number before (a deleted one)."""
    current = _current(game)
    owners: dict[int, str] = {}  # number -> the code of the last hand seen under it
    rows = []
    for change in sorted(changes, key=lambda c: (c.at, c.pk)):
        earlier = owners.get(change.number)
        new_hand = earlier is not None and earlier != change.hand_code
        owners[change.number] = change.hand_code
        rows.append(_change_row(game, change, current, new_hand=new_hand))
    return rows[::-1]


def _change_row(
    game: Game, change: Change, current: dict[str, Hand], *, new_hand: bool = False
) -> dict[str, Any]:
    hand = current.get(change.hand_code)
    values = {"number": change.number, "by": change.by or "?"}
    if change.action == Change.ADD and new_hand:
        sentence = _("A new hand %(number)d, entered by %(by)s") % values
    else:
        sentence = {
            Change.ADD: _("Hand %(number)d entered by %(by)s"),
            Change.EDIT: _("Hand %(number)d corrected by %(by)s"),
            Change.DELETE: _("Hand %(number)d deleted by %(by)s"),
            Change.RESTORE: _("Hand %(number)d brought back by %(by)s")
            if change.before is None
            else _("Hand %(number)d put back to an earlier version by %(by)s"),
        }[change.action] % values
    if hand is None and change.action != Change.DELETE:
        fate = _("deleted since")
    elif hand is not None and hand.number != change.number:
        fate = _("now hand %(number)d") % {"number": hand.number}
    else:
        fate = ""
    confirm = ""
    if change.action == Change.DELETE:
        # Bringing back what is already back would change nothing: no button for it.
        is_current = hand is not None
        button = _("Bring back hand %(number)d (deleted)") % {"number": change.number}
        if any(other.number == change.number for other in current.values()):
            # Another hand has its number now (entered after the undo): asked first.
            confirm = _(
                "Bring back the deleted hand %(number)d? It goes in before the hand %(number)d "
                "there now, which becomes hand %(next)d, and the totals change."
            ) % {"number": change.number, "next": change.number + 1}
    else:
        # A version of a hand deleted since comes back through its deletion's button,
        # under the number it had; a button here would name a number another hand has.
        is_current = hand is None or hand.data == change.after
        number = hand.number if hand is not None else change.number
        button = _("Make hand %(number)d this version again") % {"number": number}
    return {
        "change": change,
        "at": change.at,
        "sentence": sentence,
        "fate": fate,
        **_versions(game, change),
        "is_current": is_current,
        "button": button,
        "confirm": confirm,
    }


def _versions(game: Game, change: Change) -> dict[str, str]:
    """The hand before and after the change in words; a correction that moved the deal
    names each version's dealer, or it would read as no change at all. A version with a
    note says it; a correction of the note alone says "no note" where there was none."""
    before, after = describe_hand(game, change.before), describe_hand(game, change.after)
    if change.before and change.after:
        dealers = change.before.get("dealer"), change.after.get("dealer")
        if dealers[0] != dealers[1]:
            before = _with_dealer(before, dealers[0])
            after = _with_dealer(after, dealers[1])
    notes = [(version or {}).get(NOTE, "") for version in (change.before, change.after)]
    both = change.before is not None and change.after is not None
    if change.before is not None:
        before = _with_note(before, notes[0], say_none=both and notes[0] != notes[1])
    if change.after is not None:
        after = _with_note(after, notes[1], say_none=both and notes[0] != notes[1])
    return {"before": before, "after": after}


def _with_note(words: str, note: str, *, say_none: bool) -> str:
    if note:
        return _("%(hand)s · note: “%(note)s”") % {"hand": words, "note": note}
    if say_none:
        return _("%(hand)s · no note") % {"hand": words}
    return words


def _with_dealer(words: str, dealer: object) -> str:
    if not dealer:  # American: a hand may leave the dealer out
        return words
    return _("%(hand)s, dealt by %(name)s") % {"hand": words, "name": dealer}


def describe_hand(game: Game, data: dict[str, Any] | None) -> str:
    """A version of a hand in a few words, with the counts that tell versions apart."""
    if data is None:
        return ""
    card_game = get_game(game.kind)
    data = gamefile.seated(game.table(), data)  # the same words on any database
    summary, details = say(card_game.summary(data)), card_game.details(data)
    if not is_adjustment(data):  # an adjustment's details are its points, said as they are
        details = counted(card_game, details)
    return f"{summary} ({details})" if details else summary


def all_hands(request: HttpRequest) -> bool:
    """Whether this phone shows every hand: asked for, or (an htmx save or undo) asked
    from a page that shows them all."""
    if request.GET.get("hands") == "all":
        return True
    try:
        shown_on = urlsplit(request.headers.get("HX-Current-URL", ""))
    except ValueError:  # a header no browser sends ("http://[::1"): a page like any other
        return False
    return parse_qs(shown_on.query).get("hands") == ["all"]


def etag(version: int, can_edit: bool) -> str:
    # The fragment depends on the game, the reader's language and what the link allows.
    # Starting the next game bumps the finished game's version (`Game.play_again`), so a
    # watcher's 304 ends when the next game it is offered begins.
    return f'W/"{version}-{get_language()}-{int(can_edit)}"'


def game_context(
    request: HttpRequest,
    access: Access,
    game: Game,
    form: HandForm | None = None,
    conflict: dict[str, Any] | None = None,
    *,
    all_hands: bool = False,
    polled: QueryDict | None = None,
    note_form: GameNoteForm | None = None,
    adjust_form: AdjustmentForm | None = None,
) -> dict[str, Any]:
    """What the game page draws: the parts kept per version come from `page` (worked out
    only if they are not kept); around them this request's own: its form (a refused one,
    or the next hand's empty form with a new entry key) and its links."""
    page = GamePage(access, game, all_hands=all_hands)
    turn = page.turn
    entering = form is not None or (access.can_edit and turn.open)
    # A poll carries the next hand's empty form too, for htmx to morph into the open
    # form (its taps stay).
    fresh_form = form is None and entering
    following = Following(turn.next_dealer or "", turn.next_dealer or "")
    if fresh_form:
        following = follow_form(page, polled or QueryDict())
        # Built only if its fields are not kept (`_hand_form.html`).
        form = cast(HandForm, SimpleLazyObject(lambda: _empty_form(page, turn, following)))
    # The penalty form below the hand form: one refused, or an empty one while the game
    # is open, built only if its fields are not kept (`_adjust_form.html`).
    adjust_fresh = adjust_form is None and access.can_edit and turn.open
    if adjust_fresh:
        adjust_form = cast(
            AdjustmentForm,
            SimpleLazyObject(
                lambda: AdjustmentForm(game=game, initial={"number": turn.next_number})
            ),
        )
    # From the page of every hand, a save (with or without JavaScript) comes back to it.
    every = "?hands=all" if all_hands else ""
    live_url = reverse("game_live", args=[access.key, game.code])
    return {
        "access": access,
        "game": game,
        "page": page,
        "turn": turn,
        "etag": etag(game.version, access.can_edit),
        "form_action": reverse("hand_create", args=[access.key, game.code]) + every,
        "preview_url": reverse("hand_preview", args=[access.key, game.code]),
        "htmx_target": "#main",
        "undo_url": reverse("undo", args=[access.key, game.code]) + every,
        # A phone showing every hand polls for every hand.
        "live_url": f"{live_url}?hands=all" if all_hands else live_url,
        # Polls carry these too, so an open form can follow a hand saved elsewhere.
        "next_number": turn.next_number,
        "next_dealer": turn.next_dealer,
        "save_label": turn.save_label,
        "last_hand": turn.last_hand,
        # Only where there is an undo: a view-only poll does not read the session.
        "undo_confirm": _undo_confirm(request, turn.last_hand, who_is(request, access.group))
        if access.can_edit and turn.last_hand
        else "",
        "all_hands": all_hands,
        "form": form,
        "fresh_form": fresh_form,
        # What the empty form's tag says without the form being made.
        "redeal_keeps_dealer": get_game(game.kind).redeal_keeps_dealer,
        # The most the form offers of an input in this hand (Oh Hell: the hand's cards).
        "limits": turn.limits if fresh_form or form is None else form.limits(),
        "entry_key": new_form_token() if fresh_form else "",
        "entering": entering,
        # What the game says of the next hand before it is tapped (the cards it deals).
        "hint": say(turn.hint) if fresh_form else "",
        "conflict": conflict,
        "following": following,
        # The game's note as it is, or as refused.
        "note_form": note_form or GameNoteForm(initial={"note": game.note}),
        "adjust_form": adjust_form,
        "adjust_fresh": adjust_fresh,
        "adjust_shown": adjust_fresh or adjust_form is not None,
        "adjust_key": new_form_token() if adjust_fresh else "",
        "adjust_action": reverse("adjustment_create", args=[access.key, game.code]) + every,
        "adjust_label": _("Save the adjustment"),
    }


def _undo_confirm(request: HttpRequest, last: LastHand, who: str) -> str:
    """What a phone asks before it undoes a hand another phone saved: a tap by mistake
    on a phone that only follows the game took the scorer's hand away. Or beside the
    offer to take a correction back: the undo takes the whole hand, not the correction
    (read here, the messages stay for the page, or for the next one: a poll shows none)."""
    told = get_messages(request)
    used = getattr(told, "used", None)
    hand = f"{HAND_TAG}{last.number}"
    beside = any(hand in message.extra_tags.split() for message in told)  # with an offer
    if used is not None:
        told.used = used  # type: ignore[union-attr]
    if beside:
        return _("Hand %(number)d was corrected. Undo the whole hand, not only its correction?") % {
            "number": last.number
        }
    if not last.by or last.by == who:
        return ""
    # The words lead, not the name: htmx runs a question that starts with "js:" as code.
    return _("Hand %(number)d was saved on %(name)s's phone. Undo it here?") % {
        "name": last.by,
        "number": last.number,
    }


def _empty_form(page: GamePage, turn: Turn, following: Following) -> HandForm:
    """The next hand's form, the rotation's dealer chosen (or the one picked by hand)."""
    return HandForm(
        game=page.game,
        initial={
            "number": turn.next_number,
            "dealer": following.dealer,
            "rotation_dealer": following.rotation_dealer,
        },
    )


def hands_played(result: GameResult) -> int:
    """The hands played, as the big screen and a game's picture count them: a redeal is no
    hand played, nor is a penalty."""
    return sum(not isinstance(scored.hand, Redeal) for scored in result.played().hands)


Outcomes = tuple[tuple[str, str, bool], ...]


def outcomes_of(scored: ScoredHand) -> Outcomes:
    """Whether the bid was made; where each side has a contract of its own (Spades), each
    side's, by name, then each nil's, by its player; then each side penalized (bags)."""
    penalized = tuple(("penalty", side, False) for side in scored.outcome.penalized)
    if isinstance(scored.made, bool):
        return (("", "", scored.made), *penalized)
    return (
        *(("side", side, made) for side, made in (scored.made_each or {}).items()),
        *(("alone", player, made) for player, made in (scored.made_alone or {}).items()),
        *penalized,
    )


def outcome_words(kind: str, data: Mapping[str, Any], outcomes: Outcomes) -> list[tuple[str, str]]:
    """The short words beside a hand, each with its class: "made" or "failed", or each
    side's ("Nord made, Sør set"). The engine's "made" names a field of the game file."""
    rules = get_game(kind)
    words = []
    for of, side, made in outcomes:
        if not of and made:
            text = pgettext("hand outcome", "made")
        elif not of:
            text = pgettext("hand outcome", "failed")
        elif of == "penalty":
            text = pgettext("a side's hand outcome", "%(side)s penalized") % {"side": side}
        elif of == "alone":
            said = {"player": side, "bid": say(rules.own_bid(data, side))}
            if made:
                text = pgettext("a nil's outcome", "%(player)s's %(bid)s made") % said
            else:
                text = pgettext("a nil's outcome", "%(player)s's %(bid)s failed") % said
        elif made:
            text = pgettext("a side's hand outcome", "%(side)s made") % {"side": side}
        else:
            text = pgettext("a side's hand outcome", "%(side)s set") % {"side": side}
        words.append(("made" if made else "failed", text))
    return words
