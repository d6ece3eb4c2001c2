"""The tables API: POST /api/v1/tables/ without a login, then the key records there."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from leagues.models import Club
from scoring.quick import api as quick_api
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

NAMES = ["张伟", "王芳", "李娜", "刘洋"]


def open_table(**body):
    response = APIClient().post(
        "/api/v1/tables/", {"names": NAMES, "ruleset": "changsha-67", **body}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def keyed(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return api


def test_a_table_opens_without_a_login_and_answers_its_id_and_key():
    table = open_table(first_dealer=2)
    assert table["key"].startswith("tbl_")
    club = Club.objects.get(pk=table["id"])
    assert club.is_quick and not club.is_public


def test_the_key_records_a_round_and_reads_the_table_with_its_totals():
    table = open_table()
    api = keyed(table["key"])
    recorded = api.post(f"/api/v1/tables/{table['id']}/rounds/", round_self_draw(1), format="json")
    assert recorded.status_code == 201, recorded.json()
    assert recorded.json()["number"] == 1
    read = api.get(f"/api/v1/tables/{table['id']}/").json()
    assert [s["name"] for s in read["seats"]] == NAMES
    assert sum(s["total"] for s in read["seats"]) == 0 and read["seats"][1]["total"] > 0
    assert len(read["rounds"]) == 1


def test_two_recorders_of_one_round_number_clash_with_409():
    table = open_table()
    api = keyed(table["key"])
    url = f"/api/v1/tables/{table['id']}/rounds/"
    assert api.post(url, {**round_self_draw(1), "number": 1}, format="json").status_code == 201
    clash = api.post(url, {**round_self_draw(2), "number": 1}, format="json")
    assert clash.status_code == 409


def test_the_key_corrects_a_round():
    table = open_table()
    api = keyed(table["key"])
    url = f"/api/v1/tables/{table['id']}/rounds/"
    api.post(url, round_self_draw(1), format="json")
    corrected = api.post(f"{url}1/correct/", round_self_draw(2), format="json")
    assert corrected.status_code in (200, 201), corrected.json()


def test_no_key_another_tables_key_or_a_made_up_key_is_refused_in_the_error_shape():
    table, other = open_table(), open_table()
    url = f"/api/v1/tables/{table['id']}/"
    none = APIClient().get(url)
    assert none.status_code == 401 and none.json()["errors"]
    foreign = keyed(other["key"]).get(url)
    assert foreign.status_code == 403 and foreign.json()["errors"]
    recording = keyed(other["key"]).post(f"{url}rounds/", round_self_draw(1), format="json")
    assert recording.status_code == 403
    made_up = keyed("tbl_nothing").get(url)
    assert made_up.status_code == 401 and made_up.json()["errors"][0]["code"] == "invalid_token"


def test_a_table_key_opens_no_other_resource():
    table = open_table()
    api = keyed(table["key"])
    slug = Club.objects.get(pk=table["id"]).slug
    assert api.get(f"/api/v1/clubs/{slug}/sessions/").status_code == 401
    assert api.get("/api/v1/me/").status_code == 401


def test_a_bad_body_names_its_field_and_stores_nothing():
    before = Club.objects.count()
    three = APIClient().post(
        "/api/v1/tables/", {"names": NAMES[:3], "ruleset": "changsha-67"}, format="json"
    )
    assert three.status_code == 400 and three.json()["errors"][0]["field"] == "names"
    rules = APIClient().post("/api/v1/tables/", {"names": NAMES, "ruleset": "nope"}, format="json")
    assert rules.status_code == 400
    [error] = rules.json()["errors"]
    assert error["field"] == "ruleset"
    assert error["message"].startswith('ruleset: unknown ruleset preset "nope";')
    assert Club.objects.count() == before


def test_anonymous_table_creation_is_rate_limited(monkeypatch):
    monkeypatch.setattr(quick_api.QuickTableThrottle, "rate", "2/hour")
    open_table()
    open_table()
    refused = APIClient().post(
        "/api/v1/tables/", {"names": NAMES, "ruleset": "changsha-67"}, format="json"
    )
    assert refused.status_code == 429


def test_a_signed_in_outsider_or_a_personal_token_is_refused_at_a_table(outsider):
    from leagues.tokens import apitoken_create

    table = open_table()
    session_client = APIClient()
    session_client.force_login(outsider)
    _t, raw = apitoken_create(user=outsider, name="bot")
    for client in (session_client, keyed(raw)):
        for method, url, body in (
            ("get", f"/api/v1/tables/{table['id']}/", None),
            ("get", f"/api/v1/tables/{table['id']}/rounds/", None),
            ("post", f"/api/v1/tables/{table['id']}/rounds/", round_self_draw(1)),
            ("post", f"/api/v1/tables/{table['id']}/rounds/1/void/", {"reason": "x"}),
        ):
            response = getattr(client, method)(url, body, format="json")
            assert response.status_code in (403, 404), (method, url, response.content[:200])
            assert response.json()["errors"]
    assert keyed(table["key"]).get(f"/api/v1/tables/{table['id']}/").json()["rounds"] == []


def test_an_anonymous_retry_with_the_same_idempotency_key_answers_the_same_table_once():
    body = {"names": NAMES, "ruleset": "changsha-67"}
    api = APIClient()
    first = api.post("/api/v1/tables/", body, format="json", HTTP_IDEMPOTENCY_KEY="open-1")
    again = api.post("/api/v1/tables/", body, format="json", HTTP_IDEMPOTENCY_KEY="open-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Club.objects.filter(is_quick=True).count() == 1
    other = {"names": NAMES[::-1], "ruleset": "changsha-67"}
    reused = api.post("/api/v1/tables/", other, format="json", HTTP_IDEMPOTENCY_KEY="open-1")
    assert reused.status_code == 422
    assert reused.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Club.objects.filter(is_quick=True).count() == 1


def test_another_address_with_the_same_idempotency_key_gets_a_table_of_its_own():
    body = {"names": NAMES, "ruleset": "changsha-67"}
    mine = APIClient(REMOTE_ADDR="10.0.0.1").post(
        "/api/v1/tables/", body, format="json", HTTP_IDEMPOTENCY_KEY="open-1"
    )
    theirs = APIClient(REMOTE_ADDR="10.0.0.2").post(
        "/api/v1/tables/", body, format="json", HTTP_IDEMPOTENCY_KEY="open-1"
    )
    assert mine.status_code == theirs.status_code == 201
    assert mine.json()["key"] != theirs.json()["key"]
    assert "Idempotent-Replayed" not in theirs


def test_a_refused_table_spends_no_idempotency_key():
    api = APIClient()
    bad = {"names": NAMES[:3], "ruleset": "changsha-67"}
    assert (
        api.post("/api/v1/tables/", bad, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 400
    )
    good = {"names": NAMES, "ruleset": "changsha-67"}
    assert (
        api.post("/api/v1/tables/", good, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code
        == 201
    )


def test_the_key_sets_the_table_fee_and_the_table_reads_its_settlement():
    table = open_table()
    api = keyed(table["key"])
    assert (
        api.post(
            f"/api/v1/tables/{table['id']}/rounds/", round_self_draw(1), format="json"
        ).status_code
        == 201
    )
    url = f"/api/v1/tables/{table['id']}/"
    assert api.get(url).json()["settle"]["fee"]["total"] == 0
    answer = api.patch(url, {"table_fee": 12, "table_fee_by": "winners"}, format="json")
    assert answer.status_code == 200, answer.json()
    fee = answer.json()["settle"]["fee"]
    assert (fee["total"], fee["per"], fee["by"]) == (12, "table", "winners")
    assert (
        api.patch(url, {"table_fee_per": "round"}, format="json").json()["settle"]["fee"]["by"]
        == "winners"
    )  # the fields not sent keep their values
    refused = api.patch(url, {"table_fee": -1, "colour": "red"}, format="json")
    assert refused.status_code == 400
    assert APIClient().patch(url, {"table_fee": 1}, format="json").status_code == 401
    other = keyed(open_table()["key"])
    assert other.patch(url, {"table_fee": 1}, format="json").status_code == 403
    assert api.get(url).json()["settle"]["fee"]["amount"] == 12
