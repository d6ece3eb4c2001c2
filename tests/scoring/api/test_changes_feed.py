"""GET /api/v1/clubs/{slug}/changes/: a club's changes after a cursor, read from the audit
log (scoring.sync)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.audit import AuditEntry
from scoring.services import (
    round_correct,
    round_record,
    round_void,
    session_finish,
    session_reopen,
    session_table_fee_set,
)
from scoring.sync.selectors import club_changes, cursor_decode, cursor_encode
from tests.api_helpers import club_url, codes
from tests.factories import round_discard, round_self_draw
from tests.openapi_contract import assert_matches_schema

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_settle(settings):
    settings.SYNC_SETTLE_SECONDS = 0


def feed(client, club, **query):
    response = client.get(club_url(club, "changes/"), query)
    assert response.status_code == 200, response.content
    assert_matches_schema(response)
    return response.json()


def test_the_feed_lists_a_days_rounds_and_session_changes_in_order(api_as, club, session, recorder):
    first = round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    second = round_record(session=session, data=round_discard(1, 2), actor=recorder)
    corrected = round_correct(round=first, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    round_void(round=second, reason="记错了", actor=recorder)
    session_finish(session=session, actor=recorder)
    session_reopen(session=session, actor=recorder)

    body = feed(api_as("member"), club)

    kinds = [(c["kind"], c["session"], c["number"], c["version"]) for c in body["changes"]]
    assert kinds == [
        ("round.record", session.pk, 1, 1),
        ("round.record", session.pk, 2, 1),
        ("round.correct", session.pk, 1, 2),
        ("round.void", session.pk, 2, 1),
        ("session.finish", session.pk, None, None),
        ("session.reopen", session.pk, None, None),
    ]
    assert body["changes"][2]["round"] == corrected.pk
    assert body["has_more"] is False
    assert body["next_cursor"] == body["changes"][-1]["cursor"]


def test_asking_with_the_next_cursor_gives_only_what_came_after(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    client = api_as("member")
    cursor = feed(client, club)["next_cursor"]

    assert feed(client, club, cursor=cursor)["changes"] == []
    round_record(session=session, data=round_discard(1, 2), actor=recorder)
    after = feed(client, club, cursor=cursor)
    assert [(c["kind"], c["number"]) for c in after["changes"]] == [("round.record", 2)]
    assert feed(client, club, cursor=after["next_cursor"])["changes"] == []
    # with nothing new the cursor stays where it was
    assert feed(client, club, cursor=after["next_cursor"])["next_cursor"] == after["next_cursor"]


def test_a_long_feed_comes_in_pages_that_join_without_a_gap(api_as, club, session, recorder):
    for n in range(5):
        round_record(session=session, data=round_self_draw(n % 4, birds=[5, 9]), actor=recorder)
    client = api_as("member")
    seen, cursor = [], None
    while True:
        body = feed(client, club, limit=2, **({"cursor": cursor} if cursor else {}))
        seen += [c["number"] for c in body["changes"]]
        cursor = body["next_cursor"]
        if not body["has_more"]:
            break
    assert seen == [1, 2, 3, 4, 5]


def test_another_clubs_changes_and_other_log_entries_stay_out(
    api_as, club, other_club, session, recorder, outsider
):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    AuditEntry.objects.create(club=club, action="player.create", object_type="leagues.player")

    assert feed(api_as("outsider"), other_club)["changes"] == []
    assert [c["kind"] for c in feed(api_as("member"), club)["changes"]] == ["round.record"]


def test_a_private_clubs_feed_is_not_found_for_an_outsider(api_as, club):
    assert api_as("outsider").get(club_url(club, "changes/")).status_code == 404
    assert api_as("anonymous").get(club_url(club, "changes/")).status_code == 404


@pytest.mark.parametrize("cursor", ["abc", "!!", cursor_encode(3)[:-2] + "@@", "djI6MTI"])
def test_a_cursor_this_site_did_not_hand_out_is_refused_by_name(api_as, club, cursor):
    response = api_as("member").get(club_url(club, "changes/"), {"cursor": cursor})
    assert response.status_code == 400
    assert_matches_schema(response)
    assert codes(response) == [("cursor", "invalid_cursor")]


def test_a_cursor_past_the_end_of_the_log_is_refused_and_the_last_handed_out_is_not(
    api_as, club, session, recorder
):
    round_record(session=session, data=round_self_draw(0), actor=recorder)
    last = feed(api_as("member"), club)["next_cursor"]
    beyond = cursor_encode(cursor_decode(last) + 1_000)

    response = api_as("member").get(club_url(club, "changes/"), {"cursor": beyond})

    assert response.status_code == 400
    assert codes(response) == [("cursor", "invalid_cursor")]
    assert feed(api_as("member"), club, cursor=last) == {
        "changes": [],
        "next_cursor": last,
        "has_more": False,
    }


@pytest.mark.parametrize("limit", ["0", "-5", "abc", "501"])
def test_a_limit_out_of_range_is_refused_by_name(api_as, club, limit):
    response = api_as("member").get(club_url(club, "changes/"), {"limit": limit})
    assert response.status_code == 400
    assert [field for field, _code in codes(response)] == ["limit"]


def test_the_cursor_round_trips_and_says_nothing_readable():
    assert cursor_decode(cursor_encode(12345)) == 12345
    assert "12345" not in cursor_encode(12345)


def test_a_change_younger_than_the_settle_time_waits_for_the_next_call(
    settings, club, session, recorder
):
    settings.SYNC_SETTLE_SECONDS = 60
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    page = club_changes(club=club, cursor=None)
    assert page.changes == []
    assert cursor_decode(page.next_cursor) == 0

    AuditEntry.objects.update(at=timezone.now() - timedelta(seconds=61))
    assert [c.kind for c in club_changes(club=club, cursor=None).changes] == ["round.record"]


def test_a_session_started_and_deleted_by_mistake_names_its_id_both_times(
    api_as, club, season, players, recorder, organiser
):
    from scoring.services import session_delete, session_start

    started = session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)
    started_id = started.pk
    session_delete(session=started, actor=organiser)

    body = feed(api_as("member"), club)
    assert [(c["kind"], c["session"]) for c in body["changes"]] == [
        ("session.start", started_id),
        ("session.delete", started_id),
    ]


def test_a_round_trip_put_or_patch_that_changes_nothing_feeds_nothing_and_logs_nothing(
    api_as, club, session, season
):
    client = api_as("organiser")
    session_url = club_url(club, f"sessions/{session.pk}/")
    season_url = club_url(club, f"seasons/{season.pk}/")
    session_read = client.get(session_url).json()
    logged = AuditEntry.objects.count()

    as_read = client.put(session_url, session_read, format="json")
    same_label = client.patch(session_url, {"table_label": session.table_label}, format="json")
    same_name = client.patch(season_url, {"name": season.name}, format="json")
    renamed = client.patch(session_url, {"table_label": "2号桌"}, format="json")

    assert [r.status_code for r in (as_read, same_label, same_name, renamed)] == [200] * 4
    assert AuditEntry.objects.count() == logged + 1
    changes = feed(client, club)["changes"]
    assert [c["kind"] for c in changes].count("session.update") == 1


def test_a_table_fee_changed_is_fed_as_a_change_of_its_session(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    client = api_as("member")
    cursor = feed(client, club)["next_cursor"]

    session_table_fee_set(session=session, fee=5, per="round", by="top", actor=recorder)

    changes = feed(client, club, cursor=cursor)["changes"]
    assert [(c["kind"], c["session"]) for c in changes] == [("session.update", session.pk)]
