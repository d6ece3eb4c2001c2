"""Reads of the materialised standings and the ratings (issue 6).

A fixed number of queries whatever the number of rounds: standings read one row per
player (``PlayerSeasonStat`` / ``PlayerClubStat``); a date range sums the per-session
rows instead (``PlayerSessionStat``, eight times fewer rows than the rounds' seats).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any, NamedTuple

from django.db.models import Q, Sum

from leagues.models import Club, Player, Season
from leagues.selectors import DEFAULT_ORDER, StandingRow, _ranked, totals_values
from scoring.models import Round, SessionSeat
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
)


def _row(player: Player, c: dict[str, int]) -> StandingRow:
    return StandingRow(rank=0, player=player, **totals_values(c))


def stats_standings(
    *,
    season: Season | None = None,
    club: Club | None = None,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    order: str = DEFAULT_ORDER,
) -> list[StandingRow]:
    """Standings of a season (or, with ``club``, all-time) from the materialised tables.
    One query; two with a date range."""
    if season is None and club is None:
        raise TypeError("stats_standings() needs season or club")
    if date_from is None and date_to is None:
        if season is not None:
            qs: Any = PlayerSeasonStat.objects.filter(season=season, sessions__gt=0)
        else:
            qs = PlayerClubStat.objects.filter(club=club, sessions__gt=0)
        rows = [_row(s.player, s.counts()) for s in qs.select_related("player")]
        return _ranked(rows, order)
    scope = Q(season=season) if season is not None else Q(club=club)
    if date_from is not None:
        scope &= Q(started_at__date__gte=date_from)
    if date_to is not None:
        scope &= Q(started_at__date__lte=date_to)
    sums = list(
        PlayerSessionStat.objects.filter(scope)
        .values("player_id")
        .annotate(**{f"{f}_sum": Sum(f) for f in STAT_FIELDS})
        .order_by()
    )
    players = Player.objects.in_bulk([s["player_id"] for s in sums])
    rows = [
        _row(players[s["player_id"]], {f: s[f"{f}_sum"] or 0 for f in STAT_FIELDS}) for s in sums
    ]
    return _ranked(rows, order)


def ratings_ordinals(*, club: Club, season: Season | None = None) -> dict[int, float]:
    """player id -> conservative rating (ordinal) in the season, or club-wide. One query."""
    qs = PlayerRating.objects.filter(club=club, season=season)
    return dict(qs.values_list("player_id", "ordinal"))


class RatingPoint(NamedTuple):
    at: datetime.datetime  # the rated session's start
    ordinal: float


def rating_history(*, player: Player, season: Season | None = None) -> list[RatingPoint]:
    """The player's rating after each rated session (club-wide when season is None).
    One query."""
    qs = RatingEvent.objects.filter(player=player, season=season).order_by("at", "session_id")
    return [RatingPoint(at, ordinal) for at, ordinal in qs.values_list("at", "ordinal")]


def player_rating(*, player: Player, season: Season | None = None) -> PlayerRating | None:
    return PlayerRating.objects.filter(player=player, season=season).first()


SEASON_ROUNDS_CSV_HEADER = [
    "session",
    "started_at",
    "table",
    "round",
    "version",
    "void",
    "dealer",
    "kind",
    "winners",
    "discarder",
    "hands",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "net_0",
    "net_1",
    "net_2",
    "net_3",
    "burned",
]


def season_rounds_csv_rows(*, season: Season) -> Iterator[list[Any]]:
    """Every current round of the season (void ones marked), header first, streamed in
    session start order. Two queries, read in chunks."""
    yield list(SEASON_ROUNDS_CSV_HEADER)
    names: dict[int, list[str]] = {}
    for sid, name in (
        SessionSeat.objects.filter(session__season=season)
        .order_by("session_id", "seat")
        .values_list("session_id", "player__display_name")
    ):
        names.setdefault(sid, []).append(name)
    rounds = (
        Round.objects.current()
        .filter(session__season=season)
        .order_by("session__started_at", "session_id", "number")
        .values_list(
            "session_id",
            "session__started_at",
            "session__table_label",
            "number",
            "version",
            "is_void",
            "data",
            "result",
            "burned",
        )
    )
    for sid, started, table, number, version, void, data, result, burned in rounds.iterator(
        chunk_size=2000
    ):
        final = data.get("result") or {}
        winners = final.get("winners") or []
        seats = names.get(sid, ["", "", "", ""])
        yield [
            sid,
            started.isoformat(),
            table,
            number,
            version,
            "void" if void else "",
            data.get("dealer"),
            final.get("kind", ""),
            " ".join(str(w["seat"]) for w in winners),
            "" if final.get("discarder") is None else final["discarder"],
            " ".join("+".join(w.get("hands") or []) for w in winners),
            *seats,
            *result["net"],
            burned,
        ]
