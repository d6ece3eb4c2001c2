"""ETag and If-None-Match (304) on the reads apps poll: a session, its rounds, the
standings (csmj_site.etags)."""

import pytest

from csmj_site.etags import etag_matches
from scoring.services import round_record, session_finish
from tests.api_helpers import club_url, rounds_url
from tests.factories import round_discard, round_self_draw
from tests.openapi_contract import assert_matches_schema

pytestmark = pytest.mark.django_db


def polled(club, session, season):
    return {
        "session": club_url(club, f"sessions/{session.pk}/"),
        "rounds": rounds_url(club, session),
        "standings": club_url(club, f"seasons/{season.pk}/standings/"),
    }


@pytest.mark.parametrize("read", ["session", "rounds", "standings"])
def test_a_polled_read_answers_304_while_nothing_changed_and_200_after(
    api_as, club, season, session, recorder, read
):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    client, url = api_as("member"), polled(club, session, season)[read]
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]

    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert_matches_schema(first)
    assert_matches_schema(again)
    assert again.content == b""
    assert again["ETag"] == etag

    round_record(session=session, data=round_discard(1, 2), actor=recorder)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json() != first.json()


def test_finishing_a_session_changes_its_etag(api_as, club, season, session, recorder):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    url = polled(club, session, season)["session"]
    etag = api_as("member").get(url)["ETag"]
    session_finish(session=session, actor=recorder)
    assert api_as("member").get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_stale_or_foreign_etag_gets_the_whole_answer(api_as, club, season, session):
    url = polled(club, session, season)["rounds"]
    response = api_as("member").get(url, HTTP_IF_NONE_MATCH='"not-this-one"')
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-cache"
    assert "Authorization" in response["Vary"]


def test_a_refused_read_carries_no_etag(api_as, club, season, session):
    response = api_as("outsider").get(polled(club, session, season)["session"])
    assert response.status_code == 404
    assert not response.has_header("ETag")


def test_reads_apps_do_not_poll_carry_no_etag(api_as, club):
    response = api_as("member").get(club_url(club, "players/"))
    assert response.status_code == 200
    assert not response.has_header("ETag")


@pytest.mark.parametrize(
    ("header", "matches"),
    [('"abc"', True), ('W/"abc"', True), ('"x", "abc"', True), ("*", True), ('"abd"', False)],
)
def test_if_none_match_is_compared_weakly_and_lists_are_read(header, matches):
    assert etag_matches(header, '"abc"') is matches


def test_a_304_keeps_the_answers_other_headers_and_no_body_headers(api_as, club, season, session):
    client, url = api_as("member"), polled(club, session, season)["session"]
    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    kept = {h for h, _v in first.items()} - {"Content-Type", "Content-Length"}
    assert "RateLimit-Remaining" in kept
    assert kept <= {h for h, _v in again.items()}
    assert not again.has_header("Content-Type")
