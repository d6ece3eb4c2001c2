"""Corrections and voids under concurrency: a round's ETag is its version; If-Match on
correct and void answers 412 when another client changed the round since it was read;
a body field the operation does not declare (``number`` on a correction) is refused."""

import pytest

from scoring.models import Round
from tests.api_helpers import codes, rounds_url
from tests.factories import round_discard, round_self_draw
from tests.openapi_contract import assert_matches_schema

pytestmark = pytest.mark.django_db

EX1 = round_self_draw(0, birds=[5, 9])
FIX = round_discard(2, 3, birds=[1, 4])


@pytest.fixture
def recorded(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session), EX1, format="json")
    assert response.status_code == 201
    return response


def test_a_round_carries_its_version_as_its_etag(api_as, club, session, recorded):
    assert recorded["ETag"] == '"1"'
    read = api_as("member").get(rounds_url(club, session, "1/"))
    assert read["ETag"] == '"1"'
    corrected = api_as("recorder").post(
        rounds_url(club, session, "1/correct/"), FIX, format="json", HTTP_IF_MATCH='"1"'
    )
    assert corrected.status_code == 201 and corrected["ETag"] == '"2"'


def test_two_corrections_based_on_one_version_the_second_is_412(api_as, club, session, recorded):
    client = api_as("recorder")
    url = rounds_url(club, session, "1/correct/")
    first = client.post(url, FIX, format="json", HTTP_IF_MATCH='"1"')
    second = client.post(url, EX1, format="json", HTTP_IF_MATCH='"1"')

    assert first.status_code == 201
    assert second.status_code == 412
    assert codes(second) == [("", "precondition_failed")]
    assert_matches_schema(second)
    assert Round.objects.filter(number=1).count() == 2
    assert Round.objects.get(number=1, is_current=True).data == FIX


def test_a_void_of_a_version_since_corrected_is_412_and_voids_nothing(
    api_as, club, session, recorded
):
    client = api_as("recorder")
    client.post(rounds_url(club, session, "1/correct/"), FIX, format="json")
    stale = client.post(
        rounds_url(club, session, "1/void/"), {"reason": "错"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert stale.status_code == 412
    assert not Round.objects.filter(is_void=True).exists()
    fresh = client.post(
        rounds_url(club, session, "1/void/"), {"reason": "错"}, format="json", HTTP_IF_MATCH='"2"'
    )
    assert fresh.status_code == 200 and fresh.json()["is_void"]


def test_if_match_star_and_a_list_of_etags_match(api_as, club, session, recorded):
    client = api_as("recorder")
    url = rounds_url(club, session, "1/correct/")
    assert client.post(url, FIX, format="json", HTTP_IF_MATCH="*").status_code == 201
    assert client.post(url, EX1, format="json", HTTP_IF_MATCH='"7", W/"2"').status_code == 201


def test_a_number_on_a_correction_is_refused_not_ignored(api_as, club, session, recorded):
    response = api_as("recorder").post(
        rounds_url(club, session, "1/correct/"), {**FIX, "number": 5}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("number", "unknown_field")]
    assert Round.objects.count() == 1


def test_a_field_a_void_does_not_declare_is_refused(api_as, club, session, recorded):
    response = api_as("recorder").post(
        rounds_url(club, session, "1/void/"), {"reason": "错", "why": "x"}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("why", "unknown_field")]
    assert not Round.objects.filter(is_void=True).exists()


def test_a_field_a_create_does_not_declare_is_refused(api_as, club):
    from leagues.models import Player

    response = api_as("organiser").post(
        f"/api/v1/clubs/{club.slug}/players/",
        {"display_name": "新人", "nickname": "x"},
        format="json",
    )
    assert response.status_code == 400
    assert codes(response) == [("nickname", "unknown_field")]
    assert not Player.objects.filter(display_name="新人").exists()


def test_a_session_update_refuses_an_undeclared_field_but_takes_its_own_read_back(
    api_as, club, session
):
    client = api_as("recorder")
    url = f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/"
    read = client.get(url).json()
    back = client.patch(url, {**read, "table_label": "二号桌"}, format="json")
    assert back.status_code == 200, back.content
    refused = client.patch(url, {"table_label": "三号桌", "tabel": "x"}, format="json")
    assert refused.status_code == 400
    assert codes(refused) == [("tabel", "unknown_field")]


def test_a_session_read_in_chinese_is_taken_back_in_english_but_not_with_other_payments(
    api_as, club, session, recorded
):
    client = api_as("recorder")
    url = f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/"
    read = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-CN").json()
    assert "结账" in read["settle"]["text"]  # the group-chat text is the reader's language

    back = client.patch(url, {**read, "table_label": "二号桌"}, format="json")
    changed = {**read["settle"], "payments": []}
    refused = client.patch(url, {**read, "settle": changed}, format="json")

    assert back.status_code == 200, back.content
    assert refused.status_code == 400 and codes(refused) == [("settle", "read_only")]


def test_a_polled_session_read_varies_by_language(api_as, club, session, recorded):
    response = api_as("recorder").get(f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/")
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize(
    ("field", "value"),
    [("season", 999), ("players", [1]), ("first_dealer", 3), ("finished", True)],
)
def test_a_session_update_refuses_a_read_only_field_sent_with_another_value(
    api_as, club, session, field, value
):
    client = api_as("recorder")
    url = f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/"
    before = client.get(url).json()

    refused = client.patch(url, {field: value, "table_label": "二号桌"}, format="json")

    assert refused.status_code == 400
    assert codes(refused) == [(field, "read_only")]
    assert client.get(url).json() == before  # nothing changed, the label neither


def test_a_players_update_refuses_another_id_and_takes_its_own(api_as, club, players):
    client = api_as("organiser")
    url = f"/api/v1/clubs/{club.slug}/players/{players[0].pk}/"
    read = client.get(url).json()

    refused = client.patch(url, {"id": players[1].pk, "display_name": "改名"}, format="json")
    taken = client.patch(url, {"id": read["id"], "display_name": "改名"}, format="json")

    assert refused.status_code == 400 and codes(refused) == [("id", "read_only")]
    assert taken.status_code == 200 and taken.json()["display_name"] == "改名"


def test_a_merge_and_a_cancel_refuse_an_undeclared_field(api_as, club, players):
    response = api_as("organiser").post(
        f"/api/v1/clubs/{club.slug}/players/{players[7].pk}/merge/",
        {"target": players[0].pk, "force": True},
        format="json",
    )
    assert response.status_code == 400
    assert ("force", "unknown_field") in codes(response)
