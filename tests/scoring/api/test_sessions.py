"""/api/v1/clubs/{slug}/sessions/: starting, listing, filtering and changing sessions."""

import datetime

import pytest

from scoring.models import Session
from scoring.services import round_record, round_void
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import make_season, make_session, round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def start(client, club, season, players, **extra):
    body = {"season": season.pk, "players": [p.pk for p in players], **extra}
    return client.post(club_url(club, "sessions/"), body, format="json")


def test_a_recorder_starts_a_session_with_four_players_in_turn_order(api_as, club, season, players):
    order = [players[5], players[2], players[7], players[0]]
    response = start(api_as("recorder"), club, season, order, first_dealer=2, table_label="一号桌")
    assert response.status_code == 201, response.content
    body = response.json()
    assert [s["player"] for s in body["seats"]] == [p.pk for p in order]
    assert (body["first_dealer"], body["table_label"], body["created_by"]) == (
        2,
        "一号桌",
        "recorder",
    )
    assert Session.objects.get(pk=body["id"]).players_in_order() == order


def test_three_players_are_refused_under_a_ruleset_for_four(api_as, club, season, players):
    response = start(api_as("recorder"), club, season, players[:3])
    assert response.status_code == 400
    assert codes(response) == [("players", "players")]
    assert not Session.objects.exists()


def test_one_player_is_refused_by_the_serializer(api_as, club, season, players):
    response = start(api_as("recorder"), club, season, players[:1])
    assert response.status_code == 400
    assert codes(response) == [("players", "min_length")]


def test_a_player_twice_is_refused_by_the_service(api_as, club, season, players):
    response = start(api_as("recorder"), club, season, [players[0], players[0], *players[1:3]])
    assert response.status_code == 400
    assert [f for f, _c in codes(response)] == ["players"]


def test_a_player_of_another_club_does_not_exist_here(api_as, club, season, players, other_club):
    stranger = other_club.players.first()
    response = start(api_as("recorder"), club, season, [*players[:3], stranger])
    assert response.status_code == 400
    assert codes(response) == [("players.3", "does_not_exist")]


def test_a_closed_season_takes_no_new_session(api_as, club, season, players):
    season.is_closed = True
    season.save()
    response = start(api_as("recorder"), club, season, players[:4])
    assert response.status_code == 400
    assert [f for f, _c in codes(response)] == ["season"]


@pytest.mark.parametrize(
    ("role", "status"), [("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_recorders_start_sessions(api_as, club, season, players, role, status):
    before = Session.objects.count()
    assert start(api_as(role), club, season, players[:4]).status_code == status
    assert Session.objects.count() == before


def test_the_session_shows_totals_next_dealer_and_next_round_number(
    api_as, club, session, recorder
):
    round_record(session=session, data=round_discard(2, 3, birds=[1, 4]), actor=recorder)
    voided = round_record(session=session, data=round_self_draw(0), actor=recorder)
    round_void(round=voided, reason="记错", actor=recorder)

    body = api_as("member").get(club_url(club, f"sessions/{session.pk}/")).json()

    assert body["rounds_count"] == 1
    assert sum(body["totals"]) == 0 and body["totals"][2] > 0 > body["totals"][3]
    assert (body["next_dealer"], body["next_dealers"], body["next_number"]) == (2, [2], 3)


def test_sessions_filter_by_season_player_and_date_range(
    api_as, club, season, session, players, recorder
):
    autumn = make_season(club, name="秋")
    later = make_session(
        autumn,
        players[4:],
        actor=recorder,
        started_at=datetime.datetime(2025, 10, 1, 12, tzinfo=datetime.UTC),
    )
    client = api_as("member")

    def ids(query):
        return sorted(
            s["id"] for s in client.get(club_url(club, f"sessions/{query}")).json()["results"]
        )

    assert ids(f"?season={autumn.pk}") == [later.pk]
    assert ids(f"?player={players[0].pk}") == [session.pk]
    assert ids("?date_from=2025-09-30&date_to=2025-10-02") == [later.pk]
    assert ids("") == sorted([session.pk, later.pk])


def test_a_recorder_changes_the_table_label(api_as, club, session):
    response = api_as("recorder").patch(
        club_url(club, f"sessions/{session.pk}/"), {"table_label": "二号桌"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["table_label"] == "二号桌"
    session.refresh_from_db()
    assert session.table_label == "二号桌"


def test_a_recorder_sets_the_table_fee_and_the_settlement_carries_it(api_as, club, session):
    recorder = session.created_by
    round_record(session=session, data=round_self_draw(1), actor=recorder)
    url = club_url(club, f"sessions/{session.pk}/")
    response = api_as("recorder").patch(url, {"table_fee": 8, "table_fee_by": "top"}, format="json")
    assert response.status_code == 200, response.content
    fee = response.json()["settle"]["fee"]
    assert (fee["total"], fee["per"], fee["by"]) == (8, "table", "top")
    assert [p for p in response.json()["settle"]["payments"] if p["to_fee"]]
    refused = api_as("recorder").patch(
        url, {"table_fee": -1, "table_fee_per": "hour"}, format="json"
    )
    assert refused.status_code == 400
    assert sorted(e["field"] for e in refused.json()["errors"]) == ["table_fee", "table_fee_per"]
    session.refresh_from_db()
    assert (session.table_fee, session.table_fee_by) == (8, "top")


@pytest.mark.parametrize(
    ("role", "status"), [("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_others_cannot_change_a_session(api_as, club, session, role, status):
    response = api_as(role).patch(
        club_url(club, f"sessions/{session.pk}/"), {"table_label": "x"}, format="json"
    )
    assert response.status_code == status
    session.refresh_from_db()
    assert session.table_label == ""


def test_a_session_of_another_club_is_not_found_under_this_club(api_as, club, other_club, outsider):
    foreign_season = other_club.seasons.first()
    foreign = make_session(foreign_season, list(other_club.players.all()), actor=outsider)
    assert api_as("outsider").get(club_url(club, f"sessions/{foreign.pk}/")).status_code == 404
    assert api_as("owner").get(club_url(club, f"sessions/{foreign.pk}/")).status_code == 404


@pytest.mark.parametrize("resource", ["sessions/", "seasons/", "rounds"])
def test_a_reversed_date_range_on_a_list_is_a_400_on_date_to_as_on_the_standings(
    api_as, club, session, resource
):
    path = rounds_url(club, session) if resource == "rounds" else club_url(club, resource)

    response = api_as("member").get(path, {"date_from": "2025-10-02", "date_to": "2025-09-30"})
    one_day = api_as("member").get(path, {"date_from": "2025-10-02", "date_to": "2025-10-02"})

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "field": "date_to",
            "code": "date_range",
            "message": "date_to is before the start date, 2025-10-02",
        }
    ]
    assert one_day.status_code == 200
