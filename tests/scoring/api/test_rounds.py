"""/api/v1/clubs/{slug}/sessions/{id}/rounds/: record, preview, correct, void, list."""

import pytest

from scoring.engine import RoundInvalid, score_round
from scoring.models import Round
from scoring.services import round_record
from tests.api_helpers import codes, rounds_url
from tests.factories import round_discard, round_draw, round_self_draw

pytestmark = pytest.mark.django_db

# 67 例1: the dealer self-draws, birds 5 and 9 on the dealer: 21 / -7 / -7 / -7.
EX1 = round_self_draw(0, birds=[5, 9])
# Not a valid round: the winner discards, and one bird short.
BAD = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 2, "hands": ["pinghu"]}],
        "discarder": 2,
        "birds": [3],
    },
}


def test_recording_returns_the_stored_round_with_the_engines_result(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session), EX1, format="json")

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["number"], body["version"], body["counts"]) == (1, 1, True)
    assert body["data"] == EX1
    assert body["result"] == score_round({**EX1, "ruleset": "changsha-67"})
    assert body["result"]["net"] == [21, -7, -7, -7]
    assert body["ruleset"]["preset"] == "changsha-67"
    assert Round.objects.get(pk=body["id"]).result == body["result"]


def test_the_ruleset_comes_from_the_season_and_may_not_be_sent(api_as, club, session):
    response = api_as("recorder").post(
        rounds_url(club, session), {**EX1, "ruleset": "changsha-points"}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("ruleset", "ruleset_fixed")]
    assert not Round.objects.exists()


def test_an_invalid_round_gets_the_engines_errors_unchanged_and_stores_nothing(
    api_as, club, session
):
    response = api_as("recorder").post(rounds_url(club, session), BAD, format="json")

    assert response.status_code == 400
    with pytest.raises(RoundInvalid) as engine:
        score_round({**BAD, "ruleset": "changsha-67"})
    assert response.json() == engine.value.as_json()
    assert {"result.discarder", "result.birds"} <= {f for f, _c in codes(response)}
    assert not Round.objects.exists()


def test_a_body_that_is_not_an_object_is_refused(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session), [1, 2], format="json")
    assert response.status_code == 400
    assert codes(response) == [("", "not_an_object")]


def test_malformed_json_is_refused_in_the_error_format(api_as, club, session):
    response = api_as("recorder").post(
        rounds_url(club, session), "{nope", content_type="application/json"
    )
    assert response.status_code == 400
    assert codes(response) == [("body", "malformed_json")]  # the calculator's code too


def test_a_form_encoded_body_is_an_unsupported_media_type(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session), {"dealer": 0})
    assert response.status_code == 415
    assert codes(response) == [("", "unsupported_media_type")]
    [error] = response.json()["errors"]
    assert error["message"].startswith("the body must be JSON (Content-Type: application/json)")
    assert error["message"].endswith("the request sent multipart/form-data")


def test_a_body_sent_with_no_content_type_is_told_so(api_as, club, session):
    response = api_as("recorder").generic(
        "POST", rounds_url(club, session), b'{"dealer": 0}', content_type=""
    )
    assert response.status_code == 415
    [error] = response.json()["errors"]
    assert error["code"] == "unsupported_media_type"
    assert error["message"].endswith("the request sent no Content-Type")


def test_the_next_number_is_given_and_a_taken_number_answers_409_with_the_round_count(
    api_as, club, session
):
    client = api_as("recorder")
    assert (
        client.post(rounds_url(club, session), {**EX1, "number": 1}, format="json").status_code
        == 201
    )
    assert (
        client.post(rounds_url(club, session), {**EX1, "number": 2}, format="json").status_code
        == 201
    )

    response = client.post(rounds_url(club, session), {**EX1, "number": 2}, format="json")

    assert response.status_code == 409
    assert response.json()["round_count"] == 2
    assert codes(response) == [("number", "round_conflict")]
    assert Round.objects.count() == 2


def test_a_number_that_is_not_a_positive_integer_is_refused(api_as, club, session):
    for number, code in ((0, "min_value"), ("3", "wrong_type"), (True, "wrong_type"),
                         (1.5, "wrong_type"), (9.0, "wrong_type"), (2**63, "max_value")):  # fmt: skip
        response = api_as("recorder").post(
            rounds_url(club, session), {**EX1, "number": number}, format="json"
        )
        assert response.status_code == 400, number
        assert codes(response) == [("number", code)], number
    assert not Round.objects.exists()


def test_a_closed_season_takes_no_round(api_as, club, season, session):
    season.is_closed = True
    season.save()
    response = api_as("recorder").post(rounds_url(club, session), EX1, format="json")
    assert response.status_code == 400
    assert codes(response) == [("season", "season_closed")]


@pytest.mark.parametrize(
    ("role", "status"), [("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_recorders_record_rounds(api_as, club, session, role, status):
    response = api_as(role).post(rounds_url(club, session), EX1, format="json")
    assert response.status_code == status
    assert not Round.objects.exists()


@pytest.mark.parametrize("role", ["owner", "organiser", "recorder"])
def test_owners_and_organisers_may_record_too(api_as, club, session, role):
    assert api_as(role).post(rounds_url(club, session), EX1, format="json").status_code == 201


def test_preview_scores_without_storing(api_as, club, session):
    data = round_discard({1: ["qingyise", "pengpenghu"]}, 2, birds=[3, 7])
    response = api_as("member").post(rounds_url(club, session, "preview/"), data, format="json")

    assert response.status_code == 200, response.content
    assert response.json() == score_round({**data, "ruleset": "changsha-67"})
    assert not Round.objects.exists()


def test_preview_reports_engine_errors(api_as, club, session):
    response = api_as("member").post(rounds_url(club, session, "preview/"), BAD, format="json")
    assert response.status_code == 400
    assert {"result.discarder", "result.birds"} <= {f for f, _c in codes(response)}


def test_preview_is_not_for_anonymous_users_or_outsiders(api_as, club, session):
    assert (
        api_as("anonymous")
        .post(rounds_url(club, session, "preview/"), EX1, format="json")
        .status_code
        == 401
    )
    assert (
        api_as("outsider")
        .post(rounds_url(club, session, "preview/"), EX1, format="json")
        .status_code
        == 404
    )


def test_a_correction_is_a_new_version_and_the_old_one_is_kept(api_as, club, session, recorder):
    first = round_record(session=session, data=EX1, actor=recorder)
    fixed = round_self_draw(1, birds=[2, 6])

    response = api_as("recorder").post(
        rounds_url(club, session, "1/correct/"), fixed, format="json"
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["number"], body["version"], body["supersedes"]) == (1, 2, first.pk)
    assert body["result"] == score_round({**fixed, "ruleset": "changsha-67"})
    first.refresh_from_db()
    assert not first.is_current
    versions = api_as("member").get(rounds_url(club, session, "1/versions/")).json()
    assert [(v["version"], v["is_current"]) for v in versions] == [(1, False), (2, True)]
    assert api_as("member").get(rounds_url(club, session, "1/")).json()["version"] == 2


def test_a_correction_identical_to_the_round_answers_200_and_stores_nothing(
    api_as, club, session, recorder
):
    first = round_record(session=session, data=EX1, actor=recorder)

    response = api_as("recorder").post(rounds_url(club, session, "1/correct/"), EX1, format="json")

    assert response.status_code == 200, response.content
    assert (response.json()["version"], response.json()["id"]) == (1, first.pk)
    assert Round.objects.filter(session=session).count() == 1


def test_a_correction_is_validated_by_the_engine(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    response = api_as("recorder").post(rounds_url(club, session, "1/correct/"), BAD, format="json")
    assert response.status_code == 400
    assert Round.objects.count() == 1


def test_correcting_a_missing_round_is_not_found(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session, "5/correct/"), EX1, format="json")
    assert response.status_code == 404


def test_a_void_keeps_the_round_marked_with_the_reason(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)

    response = api_as("recorder").post(
        rounds_url(club, session, "1/void/"), {"reason": "重复录入"}, format="json"
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["is_void"], body["counts"], body["void_reason"], body["voided_by"]) == (
        True,
        False,
        "重复录入",
        "recorder",
    )
    listed = api_as("member").get(rounds_url(club, session)).json()["results"]
    assert [(r["number"], r["is_void"]) for r in listed] == [(1, True)]


def test_a_void_needs_a_reason(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    response = api_as("recorder").post(rounds_url(club, session, "1/void/"), {}, format="json")
    assert response.status_code == 400
    assert codes(response) == [("reason", "required")]


def test_voiding_twice_is_refused(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    client = api_as("recorder")
    client.post(rounds_url(club, session, "1/void/"), {"reason": "x"}, format="json")
    response = client.post(rounds_url(club, session, "1/void/"), {"reason": "x"}, format="json")
    assert response.status_code == 400
    assert codes(response) == [("round", "void")]


@pytest.mark.parametrize(("role", "status"), [("member", 403), ("outsider", 404)])
def test_only_recorders_correct_or_void(api_as, club, session, recorder, role, status):
    round_record(session=session, data=EX1, actor=recorder)
    client = api_as(role)
    assert (
        client.post(rounds_url(club, session, "1/correct/"), EX1, format="json").status_code
        == status
    )
    assert (
        client.post(
            rounds_url(club, session, "1/void/"), {"reason": "x"}, format="json"
        ).status_code
        == status
    )
    assert Round.objects.get().counts


def test_the_round_list_filters_and_orders(api_as, club, session, players, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    round_record(session=session, data=round_discard(2, 3), actor=recorder)
    round_record(session=session, data=round_draw(dealer=2, taker=1), actor=recorder)
    client = api_as("member")

    def numbers(query=""):
        response = client.get(rounds_url(club, session, query))
        assert response.status_code == 200, response.content
        return [r["number"] for r in response.json()["results"]]

    assert numbers() == [1, 2, 3]
    assert numbers("?ordering=-number") == [3, 2, 1]
    assert numbers("?kind=draw") == [3]
    assert numbers(f"?player={players[2].pk}") == [2]
    assert numbers("?is_void=true") == []


def test_rounds_of_a_session_are_hidden_outside_its_club(
    api_as, api_client, club, session, recorder
):
    round_record(session=session, data=EX1, actor=recorder)
    for client in (api_as("outsider"), api_client):
        assert client.get(rounds_url(club, session)).status_code == 404
        assert client.get(rounds_url(club, session, "1/")).status_code == 404
