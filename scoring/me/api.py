"""``GET /api/v1/me/stats/``: the figures of 我的 (``scoring.me.selectors.me_report``) for
the caller, with the page's filters (``year``, ``club``). A login or an API token is
needed; the answer covers only the caller's own linked roster entries."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api_fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSlugField,
)
from scoring.me import selectors


class MeStatsQuerySerializer(serializers.Serializer[Any]):
    year = StrictIntegerField(
        required=False,
        min_value=selectors.YEAR_MIN,
        max_value=selectors.YEAR_MAX,
        help_text="Only sessions started in this calendar year",
    )
    club = StrictSlugField(
        required=False, help_text="Only this club (its slug; one of the caller's clubs)"
    )


class TotalsSerializer(serializers.Serializer[Any]):
    net = StrictIntegerField()
    sessions = StrictIntegerField()
    rounds = StrictIntegerField()
    wins = StrictIntegerField()
    self_draws = StrictIntegerField(help_text="自摸")
    deal_ins = StrictIntegerField(help_text="点炮 given")
    big_hands = StrictIntegerField()
    win_rate = serializers.FloatField(help_text="wins / rounds")
    avg_per_round = serializers.FloatField()


class MeStatsPlayerSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField(source="pk")
    display_name = StrictCharField()
    club = StrictSlugField(source="club.slug")


class MeStatsClubSerializer(serializers.Serializer[Any]):
    club = StrictSlugField(source="club.slug")
    club_name = StrictCharField(source="club.name")
    player = MeStatsPlayerSerializer()
    totals = TotalsSerializer()
    rank = StrictIntegerField(allow_null=True)
    ranked = StrictIntegerField(help_text="how many players the rank is among")
    rating = serializers.FloatField(allow_null=True)


class MeSeasonSerializer(serializers.Serializer[Any]):
    season = StrictIntegerField(source="season.pk")
    season_name = StrictCharField(source="season.name")
    club = StrictSlugField(source="player.club.slug")
    player = StrictIntegerField(source="player.pk")
    total = StrictIntegerField(help_text="合计: net plus penalties")
    rounds = StrictIntegerField()
    rank = StrictIntegerField(allow_null=True)
    ranked = StrictIntegerField()
    rating = serializers.FloatField(allow_null=True)


class MeHandSerializer(serializers.Serializer[Any]):
    code = StrictCharField()
    name_zh = StrictCharField()
    name_en = StrictCharField()
    is_big = StrictBooleanField()
    is_opening = StrictBooleanField()
    count = StrictIntegerField()


class MeKongSerializer(serializers.Serializer[Any]):
    kind = StrictCharField(help_text="an, jia, ming, or fed (点杠)")
    count = StrictIntegerField()


class MeBiggestWinSerializer(serializers.Serializer[Any]):
    net = StrictIntegerField()
    club = StrictSlugField(source="club.slug")
    session = StrictIntegerField(source="session_id")
    number = StrictIntegerField(help_text="the round's number in its session")
    at = serializers.DateTimeField()
    hands = serializers.ListField(child=StrictCharField(), source="codes")


class MeRivalSerializer(serializers.Serializer[Any]):
    club = StrictSlugField(source="club.slug")
    player = StrictIntegerField(source="opponent.pk")
    display_name = StrictCharField(source="opponent.display_name")
    rounds = StrictIntegerField(help_text="counted rounds at one table")
    net = StrictIntegerField(help_text="chips won from them, less chips paid to them")


class MeSessionSerializer(serializers.Serializer[Any]):
    session = StrictIntegerField(source="session_id")
    club = StrictSlugField(source="club.slug")
    season_name = StrictCharField()
    at = serializers.DateTimeField()
    net = StrictIntegerField()
    rounds = StrictIntegerField()


class MeNightSerializer(serializers.Serializer[Any]):
    event = StrictIntegerField(source="event_id")
    club = StrictSlugField(source="club.slug")
    name = StrictCharField()
    date = serializers.DateField()


class MeOpenTableSerializer(serializers.Serializer[Any]):
    session = StrictIntegerField(source="session_id")
    club = StrictSlugField(source="club.slug")
    at = serializers.DateTimeField()


class MeStatsSerializer(serializers.Serializer[Any]):
    year = StrictIntegerField(source="filters.year", allow_null=True)
    club = StrictCharField(source="filters.club", allow_null=True)
    years = serializers.ListField(child=StrictIntegerField())
    players = MeStatsPlayerSerializer(many=True)
    totals = TotalsSerializer()
    opening_wins = StrictIntegerField()
    birds_hit = StrictIntegerField()
    hands = MeHandSerializer(many=True, source="hand_counts")
    kongs = MeKongSerializer(many=True, source="kong_counts")
    clubs = MeStatsClubSerializer(many=True)
    seasons = MeSeasonSerializer(many=True)
    biggest_win = MeBiggestWinSerializer(allow_null=True)
    head_to_head = MeRivalSerializer(many=True, source="rivals")
    recent_sessions = MeSessionSerializer(many=True, source="recent")
    nights = MeNightSerializer(many=True)
    open_tables = MeOpenTableSerializer(many=True)


@extend_schema(
    operation_id="me_stats",
    tags=["me"],
    summary="The caller's own figures across every club where a player is linked to them",
    parameters=[MeStatsQuerySerializer],
    responses=MeStatsSerializer,
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def stats(request: Request) -> Response:
    query = MeStatsQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    filters = selectors.MeFilters(
        year=query.validated_data.get("year"), club=query.validated_data.get("club")
    )
    if filters.club is not None:
        clubs = {p.club.slug for p in selectors.linked_players(user=request.user)}
        if filters.club not in clubs:
            raise ValidationError(
                {"club": [f"No player of yours is in the club {filters.club!r}."]},
                code="invalid_choice",
            )
    report = selectors.me_report(user=request.user, filters=filters)
    return Response(MeStatsSerializer(report).data)
