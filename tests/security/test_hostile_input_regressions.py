"""Regressions of an outside probe's findings: no input gives a 500, no duplicate JSON key
is silently dropped, a private club answers exactly as a missing one, and the API speaks
English with one code for invalid JSON.

1. deep JSON nesting in the round form, its preview and analyse helpers, the ruleset
   form's overrides and a ruleset config sent to the API as a JSON string;
2. the round form with a malformed ``number``;
3. a lone surrogate in a ruleset config (API and form);
4. duplicate JSON keys (API bodies, JSON form fields, imports, the calculator);
5. six API operations of a private club that answered 403 where a missing club answers 404;
6. API messages in Chinese (415, 429, 404), and parse_error beside malformed_json.
(7, ``make faults``: tests/security/test_faults_harness.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from leagues.models import Ruleset
from scoring.api.calculator import AnonCalculatorThrottle
from scoring.club_file import lines_import
from scoring.models import Round
from tests.api_helpers import club_url, codes, rounds_url, token_client
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 10_000 + "]" * 10_000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
SURROGATE_CONFIG = '{"preset": "changsha-67", "bird_count": "\\ud800"}'
TWO_RESULTS = (
    '{"dealer": 0, "result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": '
    '["pinghu"]}], "birds": [5, 9]}, "result": {"kind": "draw"}}'
)


@pytest.fixture
def api_for(users_by_role):
    """``api_for("recorder")``: an API client with a token of that role's user."""
    clients: dict = {}

    def get(role: str):
        if role not in clients:
            clients[role] = token_client(users_by_role[role])
        return clients[role]

    return get


def stored() -> tuple[int, ...]:
    models = [m for app in ("leagues", "scoring") for m in apps.get_app_config(app).get_models()]
    return tuple(m.objects.count() for m in models)


def site_url(name: str, session, *args) -> str:
    return reverse(name, args=[session.season.club.slug, session.pk, *args])


def form_errors(response) -> list[dict]:
    return response.context["rf_context"]["errors"]


# ---------------------------------------------------------------- 1. deep nesting


@pytest.mark.parametrize("data", [DEEP, DEEP_OBJECT])
def test_deep_json_in_the_round_form_is_refused_with_400_not_500(rec, session, data):
    before = stored()
    response = rec.post(site_url("round-new", session), {"data": data})
    assert response.status_code == 400
    assert [e["code"] for e in form_errors(response)] == ["too_deep"]
    assert stored() == before


@pytest.mark.parametrize("name", ["round-preview", "tiles-analyse"])
def test_deep_json_to_the_round_form_helpers_is_a_400_naming_the_problem(rec, session, name):
    response = rec.post(site_url(name, session), DEEP, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("body", "too_deep")
    assert error["message"]


@pytest.mark.usefixtures("fresh_throttle_counts")
@pytest.mark.parametrize("name", ["calc-preview", "calc-analyse"])
@pytest.mark.parametrize(
    "body, code",
    [
        (DEEP, "too_deep"),
        (TWO_RESULTS, "duplicate_key"),
        ('{"tiles": "\\ud800"}', "invalid_unicode"),
    ],
)
def test_the_calculator_pages_helpers_refuse_hostile_bodies_with_400(client, name, body, code):
    response = client.post(reverse(name), body, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("body", code)


def test_deep_json_in_the_ruleset_forms_overrides_is_a_field_error(client, organiser, club):
    client.force_login(organiser)
    before = stored()
    response = client.post(
        reverse("ruleset-new", args=[club.slug]),
        {"name": "深", "preset": "changsha-67", "overrides": DEEP_OBJECT},
    )
    assert response.status_code == 200
    assert [e.code for e in response.context["form"].errors.as_data()["overrides"]] == ["too_deep"]
    assert stored() == before


def test_deep_json_in_a_ruleset_config_string_sent_to_the_api_is_a_400(api_for, club):
    organiser = api_for("organiser")
    before = stored()
    response = organiser.post(
        club_url(club, "rulesets/"), {"name": "深", "config": DEEP_OBJECT}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("config", "too_deep")]
    assert stored() == before


@pytest.mark.parametrize(
    "rest, body",
    [
        ("seasons/{season}/", '{"ruleset": 1e309}'),
        ("sessions/", '{"players": [1e309, 1, 2, 3], "first_dealer": 0}'),
        ("players/", '{"display_name": "x", "user": -1e999}'),
    ],
)
def test_a_number_too_large_for_a_float_is_malformed_json_not_a_500(
    api_for, club, season, rest, body
):
    """Found by the API fuzz test: 1e309 is JSON text that Python reads as infinity, and
    an id field looked infinity up in the database (OverflowError, 500)."""
    owner = api_for("owner")
    before = stored()
    url = club_url(club, rest.format(season=season.pk))
    method = owner.patch if "{season}" in rest else owner.post
    response = method(url, body, content_type="application/json")
    assert response.status_code == 400
    assert codes(response) == [("body", "malformed_json")]
    assert stored() == before


# ---------------------------------------------------------------- 2. number=abc


@pytest.mark.parametrize("number", ["abc", "1.5", "1e3", "\u0000"])
def test_a_malformed_round_number_in_the_form_is_a_400_naming_number(rec, session, number):
    before = stored()
    data = json.dumps(round_self_draw(0, birds=[5, 9]))
    response = rec.post(site_url("round-new", session), {"data": data, "number": number})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in form_errors(response)] == [("number", "invalid")]
    assert stored() == before


def test_a_malformed_number_when_correcting_is_a_400_too(rec, session, recorder):
    from scoring.services import round_record

    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    before = stored()
    data = json.dumps(round_self_draw(0, birds=[1, 9]))
    response = rec.post(site_url("round-correct", session, 1), {"data": data, "number": "x"})
    assert response.status_code == 400
    assert stored() == before


# ---------------------------------------------------------------- 3. lone surrogates


@pytest.mark.parametrize(
    "body",
    [
        '{"name": "s", "config": ' + json.dumps(SURROGATE_CONFIG) + "}",  # a JSON string
        '{"name": "s", "config": ' + SURROGATE_CONFIG + "}",  # an object
        '{"name": "s", "config": "\\ud800"}',  # a bare preset code
    ],
)
def test_a_lone_surrogate_in_a_ruleset_config_sent_to_the_api_is_a_400(api_for, club, body):
    organiser = api_for("organiser")
    before = stored()
    response = organiser.post(club_url(club, "rulesets/"), body, content_type="application/json")
    assert response.status_code == 400
    [(_field, code)] = codes(response)
    assert code == "invalid_unicode"
    assert stored() == before


def test_a_lone_surrogate_in_the_ruleset_forms_overrides_is_a_field_error(client, organiser, club):
    client.force_login(organiser)
    before = stored()
    response = client.post(
        reverse("ruleset-new", args=[club.slug]),
        {"name": "s", "preset": "changsha-67", "overrides": '{"bird_count": "\\ud800"}'},
    )
    assert response.status_code == 200
    [error] = response.context["form"].errors.as_data()["overrides"]
    assert error.code == "invalid_unicode"
    assert stored() == before


# ---------------------------------------------------------------- 4. duplicate keys


def test_a_round_with_two_result_keys_is_refused_by_the_api_naming_the_key(api_for, club, session):
    recorder = api_for("recorder")
    before = stored()
    response = recorder.post(
        rounds_url(club, session), TWO_RESULTS, content_type="application/json"
    )
    assert response.status_code == 400
    assert codes(response) == [("body", "duplicate_key")]
    assert '"result"' in response.json()["errors"][0]["message"]
    assert stored() == before


def test_a_duplicate_key_inside_a_ruleset_config_string_is_refused(api_for, club):
    config = '{"preset": "changsha-67", "bird_count": 1, "bird_count": 2}'
    response = api_for("organiser").post(
        club_url(club, "rulesets/"), {"name": "双", "config": config}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("config", "duplicate_key")]
    assert not Ruleset.objects.filter(name="双").exists()


def test_the_round_form_refuses_a_duplicate_key(rec, session):
    before = stored()
    response = rec.post(site_url("round-new", session), {"data": TWO_RESULTS})
    assert response.status_code == 400
    [error] = form_errors(response)
    assert error["code"] == "duplicate_key" and "result" in error["message"]
    assert stored() == before


def test_the_ruleset_form_refuses_a_duplicate_key(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("ruleset-new", args=[club.slug]),
        {"name": "双", "preset": "changsha-67", "overrides": '{"bird_count": 1, "bird_count": 2}'},
    )
    [error] = response.context["form"].errors.as_data()["overrides"]
    assert error.code == "duplicate_key"
    assert not Ruleset.objects.filter(name="双").exists()


def test_an_import_line_with_a_duplicate_key_is_reported_and_not_stored(
    club, season, players, organiser
):
    names = json.dumps([p.display_name for p in players[:4]], ensure_ascii=False)
    good_round = json.dumps(round_self_draw(0, birds=[5, 9]))
    line = (
        f'{{"season": "{season.name}", "players": {names}, "rounds": [{good_round}], "rounds": []}}'
    )
    report, _club = lines_import(lines=[line], actor=organiser, club=club)
    assert report.sessions == 0
    [(number, [error])] = report.failed
    assert (number, error["code"]) == (1, "duplicate_key")
    assert "rounds" in error["message"]
    assert not Round.objects.exists()


@pytest.mark.parametrize("url", ["/api/v1/score/", "/api/v1/analyse/"])
def test_the_calculator_refuses_a_duplicate_key(client, url):
    body = '{"tiles": "11133366677799p", "tiles": "123m", "ruleset": "changsha-67"}'
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("body", "duplicate_key")
    ]


# ---------------------------------------------------------------- 5. private = missing


def six_operations(slug: str, season_id: int, session_id: int) -> list[tuple[str, str]]:
    season = f"/api/v1/clubs/{slug}/seasons/{season_id}"
    session = f"/api/v1/clubs/{slug}/sessions/{session_id}"
    return [
        ("post", f"{season}/paper-sessions/"),
        ("get", f"{season}/ratings/"),
        ("get", f"{season}/rounds.csv"),
        ("get", f"{season}/standings.csv"),
        ("post", f"{session}/finish/"),
        ("post", f"{session}/reopen/"),
    ]


@pytest.mark.parametrize("index", range(6))
def test_a_private_club_answers_these_operations_exactly_as_a_missing_one(
    api_for, club, season, session, index
):
    outsider = api_for("outsider")
    body = {"players": [1, 2, 3, 4], "nets": [10, -10, 0, 0]}
    answers = []
    for slug in (club.slug, "no-such-club"):
        method, url = six_operations(slug, season.pk, session.pk)[index]
        response = getattr(outsider, method)(url, body if method == "post" else None, format="json")
        answers.append((response.status_code, response.json()))
    assert answers[0] == answers[1]
    assert answers[0][0] == 404
    assert answers[0][1] == {
        "errors": [{"field": "", "code": "not_found", "message": "Not found."}]
    }


def test_every_club_scoped_api_route_uses_the_one_club_lookup():
    """No API module looks a club up by itself (get_object_or_404(Club, …))."""
    import re

    pattern = re.compile(r"get_object_or_404\(\s*Club\b|Club\.objects\.get\(")
    modules = [
        *(ROOT / "csmj_site").glob("api*.py"),
        *(
            p
            for package in ("leagues/api", "scoring/api", "scoring/events/api")
            for p in (ROOT / package).glob("*.py")
        ),
    ]
    assert len(modules) >= 15
    for path in modules:
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


def test_a_site_page_of_a_private_club_answers_as_a_missing_one(client, outsider, club):
    client.force_login(outsider)
    assert client.get(f"/c/{club.slug}/").status_code == 404
    assert client.get("/c/no-such-club/").status_code == 404
    client.logout()
    private, missing = client.get(f"/c/{club.slug}/"), client.get("/c/no-such-club/")
    assert (private.status_code, missing.status_code) == (302, 302)  # both: log in first
    assert private["Location"].startswith("/accounts/login/")
    assert missing["Location"].startswith("/accounts/login/")


# ---------------------------------------------------------------- 6. English, one code


@pytest.fixture
def chinese(client):
    client.cookies["django_language"] = "zh-hans"
    return client


def test_the_calculator_answers_415_in_english_when_the_site_is_in_chinese(chinese):
    response = chinese.post(
        "/api/v1/score/", {"ruleset": "changsha-67"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert response.status_code == 415
    [error] = response.json()["errors"]
    assert error["code"] == "unsupported_media_type"
    assert error["message"].startswith("the body must be JSON")
    assert response["Content-Language"] == "en"


@pytest.mark.usefixtures("fresh_throttle_counts")
def test_the_calculator_answers_429_in_english(chinese, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "1/min"})
    body = json.dumps({"tiles": "11133366677799p", "win_tile": "9p"})
    chinese.post("/api/v1/analyse/", body, content_type="application/json")
    response = chinese.post(
        "/api/v1/analyse/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert response.status_code == 429
    [error] = response.json()["errors"]
    assert (error["code"], error["message"][:25]) == ("throttled", "Request was throttled. Ex")


@pytest.mark.parametrize("rest", ["ratings/", "standings.csv", "rounds.csv"])
def test_ratings_and_csv_answer_404_in_english(api_for, club, rest):
    response = api_for("member").get(
        club_url(club, f"seasons/999999/{rest}"), HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert response.status_code == 404
    assert response.json()["errors"][0]["message"] == "Not found."


def test_invalid_json_has_one_code_in_the_api_the_calculator_and_the_docs(api_for, club, session):
    answers = [
        api_for("recorder").post(
            rounds_url(club, session), "{nope", content_type="application/json"
        ),
        api_for("organiser").post(
            club_url(club, "players/"), "{nope", content_type="application/json"
        ),
        api_for("anonymous").post("/api/v1/score/", "{nope", content_type="application/json"),
        api_for("anonymous").post("/api/v1/analyse/", "{nope", content_type="application/json"),
    ]
    assert {tuple(codes(r)[0]) for r in answers} == {("body", "malformed_json")}
    docs = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert "malformed_json" in docs and "parse_error" not in docs


@pytest.mark.parametrize(
    "text",
    [
        '{"r": {}, "n": ["\\ud800", "b", "c", "d"], "d": {}}',  # a lone surrogate in a name
        '{"r": {}, "n": ["a", "b", "c", "d"], "d": {"dealer": 0}, "d": {}}',  # a key twice
        '{"r": {}, "n": ["a", "b", "c", "d"], "d": ' + "[" * 2000 + "]" * 2000 + "}",
    ],
)
def test_a_calculator_link_is_read_by_the_json_reader(text):
    """A ?calc= link carries JSON from outside: the reader refuses it, the link is ignored."""
    import base64
    import zlib

    from scoring.recording.calc_codes import calc_decode

    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflater.compress(text.encode("utf-8")) + deflater.flush()
    code = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    assert calc_decode(code=code) is None


def test_a_clean_calculator_link_still_decodes():
    from scoring.recording.calc_codes import calc_decode, calc_encode

    code = calc_encode(ruleset={"preset": "changsha-67"}, names=list("abcd"), data={"dealer": 0})
    assert calc_decode(code=code) == ({"preset": "changsha-67"}, list("abcd"), {"dealer": 0})
