"""The API's names follow one scheme (docs/api.md, "Names"), so a developer can guess an
operation from its URL: ``{resource}_{verb}`` operation ids, ``{id}`` for the object a
path is about, ``{parent_id}`` only above a nested resource, users by username, players
as objects, and enum values with names in generated code."""

from __future__ import annotations

import re

import pytest

from tests.csmj_site.test_schema import COMMITTED

VERBS = {"list", "get", "create", "update", "patch", "delete"}


@pytest.fixture(scope="module")
def schema():
    import yaml

    return yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def test_operation_ids_are_resource_then_verb_in_snake_case(schema):
    ids = [op["operationId"] for _p, _m, op in operations(schema)]
    assert len(ids) == len(set(ids))
    for operation_id in ids:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)+", operation_id), operation_id
        assert operation_id.split("_")[0] not in VERBS, operation_id  # not list_rulesets
        assert not operation_id.endswith(("_retrieve", "_destroy")), operation_id


def test_a_round_operation_is_about_a_scored_round_and_a_seating_round_says_so(schema):
    for path, _method, operation in operations(schema):
        if operation["operationId"].startswith("round_"):
            assert "/rounds/" in path, (operation["operationId"], path)
        if path.endswith(("/draw/", "/seat/", "/timer/", "/final/")):
            assert operation["operationId"].startswith("seating_"), operation["operationId"]


def test_the_presets_are_preset_list_beside_the_clubs_ruleset_list(schema):
    ids = {op["operationId"] for _p, _m, op in operations(schema)}
    assert {"preset_list", "ruleset_list"} <= ids and "list_rulesets" not in ids


def test_a_path_names_its_own_object_id_and_only_a_nested_resources_parent(schema):
    for path in schema["paths"]:
        names = re.findall(r"\{(\w+)\}", path)
        for name in names:
            assert name in {"club_slug", "id", "session_id", "table_id", "number", "player_id"}, (
                path
            )
        if {"session_id", "table_id"} & set(names):  # rounds' parents (their own {number})
            assert "/rounds/" in path, path
        assert "season_id" not in names and "event_id" not in names, path


def test_users_are_usernames_and_players_are_objects(schema):
    components = schema["components"]["schemas"]
    penalty = components["PenaltyRecord"]["properties"]
    assert penalty["given_by"]["type"] == "string"
    assert penalty["cancelled_by"]["type"] == "string"
    assert components["Round"]["properties"]["recorded_by"]["type"] == "string"
    rating = components["Rating"]["properties"]["player"]
    row = components["StandingRow"]["properties"]["player"]
    assert rating == row or rating.get("allOf") == row.get("allOf")
    assert "PlayerRef" in str(rating)


def test_enum_values_that_are_no_names_get_names(schema):
    empty = schema["components"]["schemas"]["EmptyBirds"]
    assert dict(zip(empty["enum"], empty["x-enum-varnames"], strict=True)) == {
        "48": "VALUE_48",
        "37": "VALUE_37",
        "none": "NONE",
    }


@pytest.mark.django_db
def test_the_renamed_operations_keep_their_urls(api_as, club, season, session, recorder):
    from tests.api_helpers import club_url

    member = api_as("member")
    for rest in (
        f"seasons/{season.pk}/ratings/",
        f"seasons/{season.pk}/standings/",
        "leaderboard/",
    ):
        assert member.get(club_url(club, rest)).status_code == 200, rest
    assert member.get("/api/v1/rulesets/").status_code == 200
    finished = api_as("recorder").post(club_url(club, f"sessions/{session.pk}/finish/"))
    assert finished.status_code == 200
