"""Standings aggregated live from the rounds (no paper sessions, no penalties): the
cross-check the tests hold the materialised tables (``stats_standings``) to."""

from collections.abc import Mapping
from typing import Any

from django.db.models import Count, Q

from leagues.models import Club, Player, Season
from scoring.models import RoundPlayer, counting_q
from scoring.standings.models import ROUND_AGGREGATES
from scoring.standings.selectors import DEFAULT_ORDER, StandingRow, ranked_rows, totals_values


def _row_values(t: Mapping[str, Any]) -> dict[str, Any]:
    """StandingRow fields from one player's aggregates (rounds only: net is round net)."""
    net = t["round_net"] or 0
    return totals_values({**t, "net": net, "round_net": net})


def live_standings(
    *, season: Season | None = None, club: Club | None = None, order: str = DEFAULT_ORDER, **dates
) -> list[StandingRow]:
    """``dates``: ``date_from`` and ``date_to`` (local dates, inclusive), as
    ``stats_standings`` takes them."""
    scope = (
        Q(round__session__season=season)
        if season is not None
        else Q(round__session__season__club=club)
    )
    if dates.get("date_from") is not None:
        scope &= Q(round__session__started_at__date__gte=dates["date_from"])
    if dates.get("date_to") is not None:
        scope &= Q(round__session__started_at__date__lte=dates["date_to"])
    totals = {**ROUND_AGGREGATES, "sessions": Count("round__session", distinct=True)}
    aggregates = list(
        RoundPlayer.objects.filter(counting_q("round"), scope)
        .values("player_id")
        .annotate(**totals)
        .order_by()
    )
    players = Player.objects.in_bulk([a["player_id"] for a in aggregates])
    rows = [
        StandingRow(rank=0, player=players[a["player_id"]], **_row_values(a)) for a in aggregates
    ]
    return ranked_rows(rows, order)
