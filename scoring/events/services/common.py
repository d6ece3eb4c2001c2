"""What every write of a league night shares: the event's lock, its open check, the
version bump the board follows, and whether its ruleset seats tables of three."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db.models import F

from csmj_site.bounds import ID
from csmj_site.errors import reject
from leagues.models import Player, Ruleset
from scoring import services as scoring_services
from scoring.events.models import (
    Event,
)


def event_bump(*, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)


def event_open_check(*, event: Event) -> None:
    if event.season.is_closed:
        raise reject("season", "season_closed", name=event.season.name)
    if event.is_finished:
        raise reject("event", "event_finished", name=event.name)


def event_locked(*, event: Event) -> Event:
    return Event.objects.select_for_update().select_related("season__club").get(pk=event.pk)


def player_names(*, ids: Iterable[int]) -> dict[int, str]:
    stored = [pid for pid in ids if ID.holds(pid)]
    return dict(Player.objects.filter(pk__in=stored).values_list("pk", "display_name"))


def three_supported(*, ruleset: Ruleset) -> bool:
    """Whether a night under ``ruleset`` can seat tables of three: sessions of three can
    be recorded and the ruleset's rules hold at ``players: 3`` (rules.md §10; not, e.g.,
    缺一门, which is for two)."""
    if 3 not in scoring_services.SESSION_SIZES:
        return False
    try:
        scoring_services.ruleset_resolve({**ruleset.config, "players": 3})
    except scoring_services.RoundRejected:
        return False
    return True


def three_tables_check(*, event: Event, tables: Sequence[Sequence[int]]) -> None:
    if any(len(t) == 3 for t in tables) and not three_supported(ruleset=event.ruleset):
        raise reject("remainder", "three_unsupported")
