"""True or false in the API is JSON's ``true`` / ``false``. DRF's ``BooleanField`` also
took ``"yes"``, ``"off"``, ``1``, ``0`` and the text ``"false"``, so an app's bug went
unnoticed: ``"is_closed": 1`` closed a season, ``"present": "no"`` checked a player out.
The API's ``csmj_site.api_fields.StrictBooleanField`` (and a model's ``BooleanField`` in
an ``ApiModelSerializer``) refuses anything else with 400 ``wrong_type`` naming the
field, and nothing is stored; a query string, which is text, still reads DRF's words
(``?finished=true``).

The second half walks every serializer of the project, so that a new one cannot declare
true or false with DRF's own class."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest
from django.http import QueryDict
from rest_framework import serializers

from csmj_site.api_fields import ApiModelSerializer, StrictBooleanField
from leagues.models import Club, Season
from scoring.events.models import Entrant
from scoring.events.services import entrant_add, event_create
from tests.api_helpers import club_url, codes
from tests.csmj_site.test_api_text_fields_take_only_text import fields_of, project_serializers

# ---------------------------------------------------------------- the endpoints


class Case(NamedTuple):
    """What is sent, where: ``body(f, value)`` holds ``value`` where ``right`` is taken;
    the 400 names ``field``, and ``stored(f)`` stays as it was."""

    method: str
    url: Callable[[Any], str]
    body: Callable[[Any, Any], dict[str, Any]]
    field: str
    right: bool
    stored: Callable[[Any], Any]


CASES: dict[str, Case] = {
    "a season closed": Case(
        "patch",
        lambda f: club_url(f.club, f"seasons/{f.season.pk}/"),
        lambda f, v: {"is_closed": v},
        "is_closed",
        True,
        lambda f: Season.objects.values_list("is_closed", flat=True).get(pk=f.season.pk),
    ),
    "a new club made public": Case(
        "post",
        lambda f: "/api/v1/clubs/",
        lambda f, v: {"name": "岳麓雀友会", "slug": "yuelu-que", "is_public": v},
        "is_public",
        True,
        lambda f: Club.objects.count(),
    ),
    "a league night's player checked out": Case(
        "post",
        lambda f: club_url(f.club, f"events/{f.event.pk}/check-in/"),
        lambda f, v: {"player": f.players[4].pk, "present": v},
        "present",
        False,
        lambda f: list(Entrant.objects.values_list("checked_in", flat=True)),
    ),
}

# each wrong value, made from the right one
WRONG: dict[str, Callable[[bool], Any]] = {
    "its word as text": json.dumps,
    "yes or no": lambda b: "yes" if b else "no",
    "one or zero": int,
    "a list of it": lambda b: [b],
}


@pytest.fixture
def f(club, players, season, organiser):
    night = event_create(
        season=season, name="周五夜", date=datetime.date(2025, 3, 7), actor=organiser
    )
    entrant_add(event=night, player=players[4], actor=organiser)
    return SimpleNamespace(club=club, players=players, season=season, event=night)


@pytest.mark.django_db
@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize("case", list(CASES))
def test_true_or_false_given_as_anything_else_is_refused_naming_it_and_nothing_is_stored(
    api_as, f, case, wrong
):
    method, url, body, field, right, stored = CASES[case]
    before = stored(f)

    response = getattr(api_as("owner"), method)(url(f), body(f, WRONG[wrong](right)), format="json")

    assert response.status_code == 400, response.content
    assert codes(response) == [(field, "wrong_type")]
    assert stored(f) == before


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(CASES))
def test_the_same_body_with_true_or_false_is_taken(api_as, f, case):
    method, url, body, _field, right, stored = CASES[case]
    before = stored(f)

    response = getattr(api_as("owner"), method)(url(f), body(f, right), format="json")

    assert response.status_code < 300, response.content
    assert stored(f) != before


@pytest.mark.django_db
def test_the_refusal_says_what_came_in_the_callers_words(api_as, club, season):
    response = api_as("organiser").patch(
        club_url(club, f"seasons/{season.pk}/"), {"is_closed": "yes"}, format="json"
    )

    assert response.json()["errors"] == [
        {"field": "is_closed", "code": "wrong_type", "message": 'Must be true or false, got "yes"'}
    ]


def test_a_hand_analysed_as_a_self_draw_takes_only_true_or_false(api_client):
    body = {"tiles": "123m456s789p234s55m", "self_draw": "yes"}

    refused = api_client.post("/api/v1/analyse/", body, format="json")
    taken = api_client.post("/api/v1/analyse/", {**body, "self_draw": True}, format="json")

    assert (refused.status_code, codes(refused)) == (400, [("self_draw", "wrong_type")])
    assert taken.status_code == 200, taken.content


# ---------------------------------------------------------------- the field


class _Query(serializers.Serializer[Any]):
    flag = StrictBooleanField()


@pytest.mark.parametrize("value", ["true", "false", "yes", "on", 1, 0, 1.0, None, [True]])
def test_true_or_false_in_a_body_is_a_json_boolean_only(value):
    body = _Query(data={"flag": value})
    assert not body.is_valid()
    assert body.errors["flag"][0].code == ("null" if value is None else "wrong_type")
    assert _Query(data={"flag": False}).is_valid()


def test_true_or_false_in_a_query_string_is_drfs_words():
    query = _Query(data=QueryDict("flag=true"))
    assert query.is_valid(), query.errors
    assert query.validated_data == {"flag": True}
    assert _Query(data=QueryDict("flag=0")).is_valid()
    assert not _Query(data=QueryDict("flag=maybe")).is_valid()


def test_a_models_true_or_false_is_strict():
    mapping = ApiModelSerializer.serializer_field_mapping
    loose = [
        model_field.__name__
        for model_field, field in mapping.items()
        if issubclass(field, serializers.BooleanField) and not issubclass(field, StrictBooleanField)
    ]

    assert loose == []


# ---------------------------------------------------------------- every serializer


def test_every_true_or_false_of_every_serializer_takes_only_json_booleans():
    classes = project_serializers()
    names = {cls.__qualname__ for cls in classes}
    # the walk reaches the bodies with booleans and the answers
    assert {"ClubSerializer", "SeasonSerializer", "EntrantRefSerializer"} <= names

    found = [
        f"{cls.__module__}.{path}: {type(field).__name__}"
        for cls in classes
        for path, field in fields_of(cls(), cls.__qualname__)
        if isinstance(field, serializers.BooleanField) and not isinstance(field, StrictBooleanField)
    ]

    assert found == [], (
        "declare true or false with csmj_site.api_fields' StrictBooleanField, and a "
        "model's serializer on ApiModelSerializer"
    )
