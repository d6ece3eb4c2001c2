"""/api/v1/clubs/{slug}/rulesets/: a club's saved rulesets, validated by the engine."""

import pytest

from leagues.models import Ruleset
from scoring.engine import PRESETS
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def test_a_member_reads_the_rulesets_with_every_resolved_parameter(api_as, club, ruleset):
    body = api_as("member").get(club_url(club, "rulesets/")).json()
    assert body["count"] == 1
    item = body["results"][0]
    assert item["config"] == {"preset": "changsha-67"}
    assert item["parameters"] == PRESETS["changsha-67"].to_dict()


def test_an_organiser_saves_a_preset_with_overrides(api_as, club):
    config = {"preset": "changsha-tongzhuang", "bird_count": 2, "base": {"big": {"self_draw": 4}}}
    response = api_as("organiser").post(
        club_url(club, "rulesets/"), {"name": "双鸟通庄", "config": config}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["config"] == config
    assert body["parameters"]["bird_count"] == 2
    assert body["parameters"]["base"]["big"] == {"self_draw": 4, "discard": 6}


def test_a_bare_preset_code_is_stored_as_an_object(api_as, club):
    response = api_as("organiser").post(
        club_url(club, "rulesets/"), {"name": "积分", "config": "changsha-points"}, format="json"
    )
    assert response.status_code == 201
    assert Ruleset.objects.get(name="积分").config == {"preset": "changsha-points"}


def test_a_bad_config_gets_every_engine_error_and_nothing_is_stored(api_as, club):
    config = {"preset": "changsha-67", "bird_count": 7, "colour": "red"}
    response = api_as("organiser").post(
        club_url(club, "rulesets/"), {"name": "坏", "config": config}, format="json"
    )
    assert response.status_code == 400
    assert sorted(code for _field, code in codes(response)) == [
        "invalid_choice",
        "unknown_parameter",
    ]
    messages = " ".join(e["message"] for e in response.json()["errors"])
    assert "bird_count" in messages and "colour" in messages
    assert not Ruleset.objects.filter(name="坏").exists()


def test_an_unknown_preset_is_refused(api_as, club):
    response = api_as("organiser").post(
        club_url(club, "rulesets/"), {"name": "x", "config": {"preset": "tokyo"}}, format="json"
    )
    assert response.status_code == 400
    assert all(field == "config" for field, _code in codes(response))


def test_an_organiser_changes_a_ruleset(api_as, club, ruleset):
    response = api_as("organiser").patch(
        club_url(club, f"rulesets/{ruleset.pk}/"),
        {"config": {"preset": "changsha-67", "dealer_bonus": 2}},
        format="json",
    )
    assert response.status_code == 200, response.content
    ruleset.refresh_from_db()
    assert ruleset.config == {"preset": "changsha-67", "dealer_bonus": 2}
    assert ruleset.name == "六七片"


@pytest.mark.parametrize(
    ("role", "status"), [("recorder", 403), ("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_organisers_write_rulesets(api_as, club, ruleset, role, status):
    client = api_as(role)
    created = client.post(
        club_url(club, "rulesets/"), {"name": "x", "config": "changsha-67"}, format="json"
    )
    changed = client.patch(club_url(club, f"rulesets/{ruleset.pk}/"), {"name": "y"}, format="json")
    assert (created.status_code, changed.status_code) == (status, status)
    assert list(Ruleset.objects.filter(club=club).values_list("name", flat=True)) == ["六七片"]


def test_an_outsider_cannot_read_a_private_clubs_rulesets(api_as, club, ruleset):
    assert api_as("outsider").get(club_url(club, f"rulesets/{ruleset.pk}/")).status_code == 404


def test_the_presets_list_stays_at_its_own_address(api_client):
    """GET /api/v1/rulesets/ (the presets, the calculator's contract) is not the club resource."""
    response = api_client.get("/api/v1/rulesets/")
    assert response.status_code == 200
