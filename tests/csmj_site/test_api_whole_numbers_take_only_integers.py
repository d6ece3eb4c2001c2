"""A whole number of the API is a JSON integer. DRF's ``PrimaryKeyRelatedField`` looked a
JSON number up as it came, and the database truncated it (``"players": [7.9, …]`` seated
player 7, ``"season": 2.5`` stored in season 2); its ``IntegerField`` took ``2.0`` and
``"2"`` as 2. The API's number fields (``csmj_site.api_fields.StrictIntegerField``,
``StrictPrimaryKeyRelatedField``, and the model fields of an ``ApiModelSerializer``)
refuse a float (``2.0`` too), true / false and, in a body, text (``"2"``) with 400
``wrong_type`` naming the field, and nothing is stored; a query string, which is text,
still gives its digits (``?season=2``).

The second half walks every serializer of the project, so that a new one cannot declare
a whole number or an id with DRF's own class."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest
from django.http import QueryDict
from rest_framework import serializers

from csmj_site.api_fields import (
    ApiModelSerializer,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
)
from leagues.models import Club, Player, Season
from scoring.events.models import Entrant, Event
from scoring.events.services import entrant_add, event_create
from scoring.models import Session
from scoring.standings.models import Penalty
from tests.api_helpers import club_url, codes
from tests.csmj_site.test_api_text_fields_take_only_text import fields_of, project_serializers

# ---------------------------------------------------------------- the endpoints


def _count(model: Any) -> Callable[[Any], Any]:
    return lambda f: model.objects.count()


def _ids(players: list[Player]) -> list[int]:
    return [p.pk for p in players]


class Case(NamedTuple):
    """What is sent, where: ``body(f, value)`` holds ``value`` where ``right(f)`` is
    taken; the 400 names ``field``, and ``stored(f)`` stays as it was."""

    method: str
    url: Callable[[Any], str]
    body: Callable[[Any, Any], dict[str, Any]]
    field: str
    right: Callable[[Any], int]
    stored: Callable[[Any], Any]


def _seats(f: Any, v: Any) -> list[Any]:
    """The four players of a new table, the second one given as ``v``."""
    return [f.players[4].pk, v, f.players[6].pk, f.players[7].pk]


def _penalty(f: Any, v: Any, name: str) -> dict[str, Any]:
    given = {"season": f.season.pk, "player": f.players[0].pk, "amount": -5, "reason": "迟到"}
    return {**given, name: v}


def _night(f: Any, v: Any, name: str) -> dict[str, Any]:
    return {"season": f.season.pk, "name": "周六夜", "date": "2025-03-08", name: v}


CASES: dict[str, Case] = {
    "a new session's season": Case(
        "post",
        lambda f: club_url(f.club, "sessions/"),
        lambda f, v: {"season": v, "players": _ids(f.players[4:])},
        "season",
        lambda f: f.season.pk,
        _count(Session),
    ),
    "a new session's second player": Case(
        "post",
        lambda f: club_url(f.club, "sessions/"),
        lambda f, v: {"season": f.season.pk, "players": _seats(f, v)},
        "players.1",
        lambda f: f.players[5].pk,
        _count(Session),
    ),
    "a new session's first dealer": Case(
        "post",
        lambda f: club_url(f.club, "sessions/"),
        lambda f, v: {"season": f.season.pk, "players": _ids(f.players[4:]), "first_dealer": v},
        "first_dealer",
        lambda f: 1,
        _count(Session),
    ),
    "a session's table fee": Case(
        "patch",
        lambda f: club_url(f.club, f"sessions/{f.session.pk}/"),
        lambda f, v: {"table_fee": v},
        "table_fee",
        lambda f: 10,
        lambda f: Session.objects.values_list("table_fee", flat=True).get(pk=f.session.pk),
    ),
    "a paper session's second player": Case(
        "post",
        lambda f: club_url(f.club, f"seasons/{f.season.pk}/paper-sessions/"),
        lambda f, v: {"players": _seats(f, v), "nets": [5, -5, 0, 0]},
        "players.1",
        lambda f: f.players[5].pk,
        _count(Session),
    ),
    "a paper session's second net": Case(
        "post",
        lambda f: club_url(f.club, f"seasons/{f.season.pk}/paper-sessions/"),
        lambda f, v: {"players": _ids(f.players[4:]), "nets": [5, v, 0, 0]},
        "nets.1",
        lambda f: -5,
        _count(Session),
    ),
    "a penalty's season": Case(
        "post",
        lambda f: club_url(f.club, "penalties/"),
        lambda f, v: _penalty(f, v, "season"),
        "season",
        lambda f: f.season.pk,
        _count(Penalty),
    ),
    "a penalty's player": Case(
        "post",
        lambda f: club_url(f.club, "penalties/"),
        lambda f, v: _penalty(f, v, "player"),
        "player",
        lambda f: f.players[0].pk,
        _count(Penalty),
    ),
    "a penalty's amount (a model's integer)": Case(
        "post",
        lambda f: club_url(f.club, "penalties/"),
        lambda f, v: _penalty(f, v, "amount"),
        "amount",
        lambda f: -5,
        _count(Penalty),
    ),
    "a player merged into another": Case(
        "post",
        lambda f: club_url(f.club, f"players/{f.players[5].pk}/merge/"),
        lambda f, v: {"target": v},
        "target",
        lambda f: f.players[4].pk,
        _count(Player),
    ),
    "a league night's entrant checked out": Case(
        "post",
        lambda f: club_url(f.club, f"events/{f.event.pk}/check-in/"),
        lambda f, v: {"player": v, "present": False},
        "player",
        lambda f: f.players[4].pk,
        lambda f: list(Entrant.objects.values_list("checked_in", flat=True)),
    ),
    "a league night's new entrant": Case(
        "post",
        lambda f: club_url(f.club, f"events/{f.event.pk}/entrants/"),
        lambda f, v: {"player": v},
        "player",
        lambda f: f.players[5].pk,
        _count(Entrant),
    ),
    "a new league night's season": Case(
        "post",
        lambda f: club_url(f.club, "events/"),
        lambda f, v: _night(f, v, "season"),
        "season",
        lambda f: f.season.pk,
        _count(Event),
    ),
    "a new league night's rounds": Case(
        "post",
        lambda f: club_url(f.club, "events/"),
        lambda f, v: _night(f, v, "rounds_planned"),
        "rounds_planned",
        lambda f: 3,
        _count(Event),
    ),
    "a new season's ruleset": Case(
        "post",
        lambda f: club_url(f.club, "seasons/"),
        lambda f, v: {"name": "秋季赛", "start_date": "2025-09-01", "ruleset": v},
        "ruleset",
        lambda f: f.ruleset.pk,
        _count(Season),
    ),
    "a quick table's first dealer": Case(
        "post",
        lambda f: "/api/v1/tables/",
        lambda f, v: {"names": ["甲", "乙", "丙", "丁"], "first_dealer": v},
        "first_dealer",
        lambda f: 1,
        _count(Club),
    ),
}

# each wrong value, made from the right one
WRONG: dict[str, Callable[[int], Any]] = {
    "a float the database would truncate": lambda n: n + 0.5,
    "a whole float": float,
    "true": lambda n: True,
    "its digits as text": str,
}


@pytest.fixture
def f(club, players, ruleset, season, session, organiser):
    night = event_create(
        season=season, name="周五夜", date=datetime.date(2025, 3, 7), actor=organiser
    )
    entrant_add(event=night, player=players[4], actor=organiser)
    return SimpleNamespace(
        club=club, players=players, ruleset=ruleset, season=season, session=session,
        event=night,
    )  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize("case", list(CASES))
def test_a_whole_number_given_as_anything_else_is_refused_naming_it_and_nothing_is_stored(
    api_as, f, case, wrong
):
    method, url, body, field, right, stored = CASES[case]
    before = stored(f)

    response = getattr(api_as("owner"), method)(
        url(f), body(f, WRONG[wrong](right(f))), format="json"
    )

    assert response.status_code == 400, response.content
    assert codes(response) == [(field, "wrong_type")]
    assert stored(f) == before


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(CASES))
def test_the_same_body_with_an_integer_is_taken(api_as, f, case):
    method, url, body, _field, right, stored = CASES[case]
    before = stored(f)

    response = getattr(api_as("owner"), method)(url(f), body(f, right(f)), format="json")

    assert response.status_code < 300, response.content
    assert stored(f) != before


@pytest.mark.django_db
@pytest.mark.parametrize(
    "value", [10.5, 10.0, True, False, "10", [10], {"fee": 10}], ids=json.dumps
)
def test_a_table_fee_given_as_anything_but_an_integer_is_refused_saying_what_came(
    api_as, club, session, value
):
    response = api_as("organiser").patch(
        club_url(club, f"sessions/{session.pk}/"), {"table_fee": value}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "field": "table_fee",
            "code": "wrong_type",
            "message": f"Must be a whole number, got {json.dumps(value, ensure_ascii=False)}",
        }
    ]
    session.refresh_from_db()
    assert session.table_fee == 0


@pytest.mark.django_db
def test_a_query_string_still_gives_its_digits(api_as, club, players, season, session):
    caller = api_as("member")

    stats = caller.get(club_url(club, f"players/{players[0].pk}/stats/"), {"season": season.pk})
    changes = caller.get(club_url(club, "changes/"), {"limit": "2"})
    mine = caller.get("/api/v1/me/stats/", {"year": "2025"})

    assert stats.status_code == 200, stats.content
    assert changes.status_code == 200, changes.content
    assert mine.status_code == 200 and mine.json()["year"] == 2025, mine.content
    # text that is no whole number is refused as before
    bad = caller.get(club_url(club, f"players/{players[0].pk}/stats/"), {"season": "2.5"})
    assert bad.status_code == 400 and codes(bad) == [("season", "invalid")]


# ---------------------------------------------------------------- the fields


class _Query(serializers.Serializer[Any]):
    n = StrictIntegerField()
    ns = serializers.ListField(child=StrictIntegerField(), required=False)


@pytest.mark.parametrize("value", [2.0, 2.5, True, False, "2", [2], {"n": 2}])
def test_a_whole_number_in_a_body_is_an_integer_only(value):
    with pytest.raises(serializers.ValidationError) as refused:
        StrictIntegerField().run_validation(value)
    assert refused.value.get_codes() == ["wrong_type"]
    body = _Query(data={"n": 2, "ns": [1, value]})
    assert not body.is_valid()
    assert body.errors["ns"][1][0].code == "wrong_type"
    assert StrictIntegerField().run_validation(2) == 2


def test_a_whole_number_in_a_query_string_is_its_digits():
    query = _Query(data=QueryDict("n=7&ns=1&ns=2"))
    assert query.is_valid(), query.errors
    assert query.validated_data == {"n": 7, "ns": [1, 2]}
    assert not _Query(data=QueryDict("n=7.5")).is_valid()
    assert not _Query(data=QueryDict("n=true")).is_valid()


@pytest.mark.django_db
@pytest.mark.parametrize("wrong", list(WRONG))
def test_an_id_is_an_integer_before_it_is_looked_up(players, wrong):
    field = StrictPrimaryKeyRelatedField(queryset=Player.objects.all())
    with pytest.raises(serializers.ValidationError) as refused:
        field.run_validation(WRONG[wrong](players[0].pk))
    assert refused.value.get_codes() == ["wrong_type"]
    assert field.run_validation(players[0].pk) == players[0]


def test_a_models_whole_numbers_and_ids_are_strict():
    mapping = ApiModelSerializer.serializer_field_mapping
    loose_fields = [
        model_field.__name__
        for model_field, field in mapping.items()
        if issubclass(field, serializers.IntegerField) and not issubclass(field, StrictIntegerField)
    ]

    assert loose_fields == []
    assert issubclass(ApiModelSerializer.serializer_related_field, StrictPrimaryKeyRelatedField)


# ---------------------------------------------------------------- every serializer


def loose_number(field: Any) -> bool:
    """A whole number or an id that would take a float, true / false or text: DRF's own
    ``IntegerField`` (``BigIntegerField``) or ``PrimaryKeyRelatedField``."""
    if isinstance(field, serializers.IntegerField):
        return not isinstance(field, StrictIntegerField)
    if isinstance(field, serializers.PrimaryKeyRelatedField):
        return not isinstance(field, StrictPrimaryKeyRelatedField)
    return False


def test_every_whole_number_and_id_of_every_serializer_takes_only_integers():
    classes = project_serializers()
    names = {cls.__qualname__ for cls in classes}
    # the walk reaches the bodies with ids and numbers, the query strings and the answers
    assert {
        "SessionSerializer", "PaperSessionSerializer", "PenaltyRecordSerializer",
        "PlayerMergeSerializer", "EntrantRefSerializer", "TableCreateSerializer",
        "ChangesQuerySerializer", "MeStatsSerializer",
    } <= names  # fmt: skip

    found = []
    for cls in classes:
        for path, field in fields_of(cls(), cls.__qualname__):
            if loose_number(field):
                found.append(f"{cls.__module__}.{path}: {type(field).__name__}")

    assert found == [], (
        "declare a whole number with csmj_site.api_fields' StrictIntegerField (bounded_integer) "
        "and an id with StrictPrimaryKeyRelatedField, and a model's serializer on "
        "ApiModelSerializer"
    )


def test_an_empty_string_for_an_id_is_text_not_null(api_as, club, season, players):
    from scoring.standings.models import Penalty

    body = {"season": season.pk, "player": players[0].pk, "amount": -10, "reason": "迟到"}
    api = api_as("organiser")

    blank = api.post(club_url(club, "penalties/"), {**body, "event": ""}, format="json")
    null = api.post(club_url(club, "penalties/"), {**body, "event": None}, format="json")

    assert (blank.status_code, codes(blank)) == (400, [("event", "wrong_type")])
    assert null.status_code == 201
    assert Penalty.objects.count() == 1
