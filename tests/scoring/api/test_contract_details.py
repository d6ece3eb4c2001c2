"""The smaller contract details an app trips on (issue 30, defect 7): paging values,
boolean filters, ``number: null``, fields always answered marked required, enums, a
required body, a returning guest, a chunked body, a capped error list, SQLite's lock."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from django.conf import settings as django_settings

from scoring.models import Round
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_self_draw
from tests.openapi_contract import assert_matches_schema

pytestmark = pytest.mark.django_db

SCHEMA = yaml.safe_load(
    (Path(__file__).resolve().parents[3] / "docs" / "openapi.yaml").read_text(encoding="utf-8")
)
COMPONENTS = SCHEMA["components"]["schemas"]


def test_a_page_past_the_last_is_a_documented_404_naming_the_page(api_as, club, session):
    response = api_as("member").get(club_url(club, "sessions/?page=999"))
    assert response.status_code == 404
    assert codes(response) == [("page", "not_found")]
    assert "last page, 1" in response.json()["errors"][0]["message"]
    assert_matches_schema(response)


@pytest.mark.parametrize("value", ["0", "-5", "abc"])
@pytest.mark.parametrize("name", ["page", "page_size"])
def test_a_page_or_page_size_that_is_not_a_positive_integer_is_refused(
    api_as, club, session, name, value
):
    response = api_as("member").get(club_url(club, f"sessions/?{name}={value}"))
    assert response.status_code == 400
    assert codes(response) == [(name, "invalid")]


def test_a_page_size_over_the_maximum_still_gives_the_maximum(api_as, club, session):
    response = api_as("member").get(club_url(club, "sessions/?page_size=500"))
    assert response.status_code == 200


@pytest.mark.parametrize("url", ["sessions/{s}/rounds/?is_void=maybe", "?is_public=maybe"])
def test_a_boolean_filter_refuses_what_is_not_true_or_false(api_as, club, session, url):
    path = club_url(club, url.format(s=session.pk)) if url[0] != "?" else f"/api/v1/clubs/{url}"
    response = api_as("member").get(path)
    assert response.status_code == 400
    assert [f for f, _c in codes(response)] == [url.split("?")[1].split("=")[0]]


def test_is_void_true_and_false_filter(api_as, club, session):
    client = api_as("recorder")
    client.post(rounds_url(club, session), round_self_draw(0), format="json")
    client.post(rounds_url(club, session, "1/void/"), {"reason": "错"}, format="json")
    assert api_as("member").get(rounds_url(club, session) + "?is_void=true").json()["count"] == 1
    assert api_as("member").get(rounds_url(club, session) + "?is_void=0").json()["count"] == 0


def test_number_null_counts_as_absent(api_as, club, session):
    response = api_as("recorder").post(
        rounds_url(club, session), {**round_self_draw(0), "number": None}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["number"] == 1
    assert COMPONENTS["RoundCreateRequest"]["properties"]["number"]["nullable"] is True


@pytest.mark.parametrize(
    ("component", "fields"),
    [
        ("Session", {"started_at", "table_label", "first_dealer"}),
        ("SessionDetail", {"started_at", "table_label", "first_dealer"}),
        ("Event", {"ruleset", "rounds_planned", "seating_mode", "remainder", "final_size"}),
    ],
)
def test_fields_always_answered_are_required(component, fields):
    assert fields <= set(COMPONENTS[component]["required"])
    assert set(COMPONENTS[component]["properties"]) == set(COMPONENTS[component]["required"])


def test_a_seating_rounds_mode_is_the_seating_mode_enum():
    assert COMPONENTS["SeatingRound"]["properties"]["mode"]["$ref"].endswith("/SeatingMode")


def test_every_json_request_body_is_required():
    for item in SCHEMA["paths"].values():
        for method, operation in item.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body and "application/json" in body["content"]:
                assert body.get("required") is True, (method, operation["operationId"])


@pytest.fixture
def night(season, organiser):
    import datetime

    from scoring.events.services import event_create

    return event_create(season=season, name="周五", date=datetime.date(2025, 3, 7), actor=organiser)


def test_a_returning_guest_by_name_is_found_not_refused(api_as, club, season, organiser, night):
    import datetime

    from leagues.models import Player
    from scoring.events.services import event_create

    client = api_as("organiser")
    first = client.post(
        club_url(club, f"events/{night.pk}/entrants/"), {"guest_name": "老王"}, format="json"
    )
    assert first.status_code == 201, first.content
    later = event_create(
        season=season, name="下周", date=datetime.date(2025, 3, 14), actor=organiser
    )
    again = client.post(
        club_url(club, f"events/{later.pk}/entrants/"), {"guest_name": "老王"}, format="json"
    )
    assert again.status_code == 201, again.content
    assert Player.objects.filter(club=club, display_name="老王").count() == 1


def test_a_player_and_a_guest_name_together_are_refused_as_ambiguous(api_as, club, players, night):
    response = api_as("organiser").post(
        club_url(club, f"events/{night.pk}/entrants/"),
        {"player": players[0].pk, "guest_name": "老王"},
        format="json",
    )
    assert response.status_code == 400
    assert codes(response) == [("guest_name", "ambiguous")]


def _chunked(client, path, body, **environ):
    return client.generic(
        "POST",
        path,
        data=b"",
        content_type="application/json",
        HTTP_TRANSFER_ENCODING="chunked",
        **environ,
        **{"wsgi.input": io.BytesIO(body)},
    )


def test_a_chunked_body_the_server_cannot_read_whole_is_411_not_an_empty_body(
    api_as, club, session
):
    response = _chunked(api_as("recorder"), rounds_url(club, session), b'{"dealer": 0}')
    assert response.status_code == 411
    assert codes(response) == [("body", "length_required")]
    assert not Round.objects.exists()


def test_a_chunked_body_the_server_de_chunked_is_read_whole(api_as, club, session):
    import json

    body = json.dumps(round_self_draw(0)).encode()
    response = _chunked(
        api_as("recorder"), rounds_url(club, session), body, **{"wsgi.input_terminated": True}
    )
    assert response.status_code == 201, response.content
    assert Round.objects.count() == 1


def test_an_error_list_is_capped_and_says_how_many_were_left_out(api_as, club, session):
    data = round_self_draw(0)
    data["result"]["winners"] = [{"seat": 9, "hands": ["nope"]} for _ in range(500)]
    response = api_as("recorder").post(rounds_url(club, session), data, format="json")
    errors = response.json()["errors"]
    assert response.status_code == 400
    assert len(errors) == 101
    assert errors[-1]["code"] == "too_many_errors" and "left out" in errors[-1]["message"]
    assert len(response.content) < 40_000


def test_sqlite_writers_wait_for_the_lock_instead_of_failing():
    database = django_settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("SQLite only")
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert database["OPTIONS"]["timeout"] >= 20
