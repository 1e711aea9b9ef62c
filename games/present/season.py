"""What the group page shows of the seasons: those on now and the champions of the
latest over, added up by the database (`games.stats.seasons`)."""

from __future__ import annotations

from typing import Any

from games.models import Group
from games.stats import seasons


def for_group_page(group: Group) -> dict[str, Any]:
    """The seasons on now and the champions of the latest over, for the group page. Two
    queries: the named seasons, and the champions' sums."""
    now = seasons.today()
    named = seasons.named(group.pk)
    champions = seasons.champions(group.pk, seasons.latest_over(named, now))
    return {"current": seasons.current(named, now), "champions": champions}
