"""API for finishing sessions, paper sessions, ratings and CSV exports."""

import csv
import io

import pytest

from scoring.services import round_record
from scoring.standings.models import PlayerRating, SessionResult
from tests.api_helpers import club_url, codes
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


def test_a_recorder_finishes_a_session_and_it_is_rated(api_as, club, season, session, recorder):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    response = api_as("recorder").post(club_url(club, f"sessions/{session.pk}/finish/"))

    assert response.status_code == 200
    assert response.json() == {"id": session.pk, "finished": True, "is_paper": False}
    ratings = (
        api_as("member").get(club_url(club, f"seasons/{season.pk}/ratings/")).json()["results"]
    )
    assert ratings[0]["player"]["id"] == session.players_in_order()[2].pk
    assert [r["sessions"] for r in ratings] == [1, 1, 1, 1]


def test_a_member_may_not_finish_a_session(api_as, club, session):
    response = api_as("member").post(club_url(club, f"sessions/{session.pk}/finish/"))
    assert response.status_code == 403
    assert not SessionResult.objects.exists()


def test_reopening_a_session_removes_its_ratings(
    api_as, club, season, session, recorder, django_capture_on_commit_callbacks
):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    client = api_as("recorder")
    client.post(club_url(club, f"sessions/{session.pk}/finish/"))
    assert PlayerRating.objects.filter(season=season).count() == 4  # rated before the reopen
    with django_capture_on_commit_callbacks(execute=True):  # the replay task runs on commit
        response = client.post(club_url(club, f"sessions/{session.pk}/reopen/"))
    assert response.json()["finished"] is False
    assert not PlayerRating.objects.filter(season=season).exists()


def test_a_paper_session_is_recorded_with_four_nets(api_as, club, season, players):
    body = {"players": [p.pk for p in players[:4]], "nets": [30, -10, -5, -15]}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    assert response.status_code == 201 and response.json()["is_paper"] is True
    standings = api_as("member").get(club_url(club, f"seasons/{season.pk}/standings/")).json()
    rows = standings.get("results", standings)
    assert rows[0]["net"] == 30 and rows[0]["rounds"] == 0


def test_paper_nets_that_do_not_sum_to_zero_are_refused(api_as, club, season, players):
    body = {"players": [p.pk for p in players[:4]], "nets": [30, -10, -5, -14]}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    assert response.status_code == 400
    assert [f for f, _ in codes(response)] == ["nets"]


def test_a_paper_player_of_another_club_does_not_exist_here(
    api_as, club, other_club, season, players
):
    from scoring.models import Session

    stranger = other_club.players.first()
    body = {"players": [stranger.pk, *[p.pk for p in players[1:4]]], "nets": [0, 0, 0, 0]}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    # As when starting a session: the entry that is off the roster, by its index.
    assert response.status_code == 400 and codes(response) == [("players.0", "does_not_exist")]
    assert not Session.objects.filter(season=season).exists()


def test_a_paper_player_twice_is_refused_by_the_service_with_its_message(
    api_as, club, season, players
):
    from scoring.models import Session

    body = {
        "players": [players[0].pk, players[0].pk, players[1].pk, players[2].pk],
        "nets": [0] * 4,
    }
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"field": "players", "code": "players", "message": "A player can sit only once"}
    ]
    assert not Session.objects.filter(season=season).exists()


def test_standings_and_rounds_download_as_csv(api_as, club, season, session, players, recorder):
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    client = api_as("member")

    response = client.get(club_url(club, f"seasons/{season.pk}/standings.csv"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["rank", "player", "net"] and rows[1][1:3] == [
        players[0].display_name,
        "21",
    ]

    response = client.get(club_url(club, f"seasons/{season.pk}/rounds.csv"))
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert len(rows) == 2 and rows[1][15:19] == ["21", "-7", "-7", "-7"]


def test_outsiders_cannot_read_a_private_clubs_csv(api_as, club, season):
    response = api_as("outsider").get(club_url(club, f"seasons/{season.pk}/rounds.csv"))
    assert response.status_code in (403, 404)


def test_a_paper_session_with_huge_numbers_is_refused_by_field_and_stores_nothing(
    api_as, club, season, players
):
    from scoring.models import Session

    before = Session.objects.count()
    body = {"players": [2**70] + [p.pk for p in players[1:4]], "nets": [10**30, -(10**30), 0, 0]}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    assert response.status_code == 400
    assert {f.split(".")[0] for f, _ in codes(response)} == {"players", "nets"}
    assert Session.objects.count() == before


def test_a_paper_net_beyond_ten_million_is_refused(api_as, club, season, players):
    body = {"players": [p.pk for p in players[:4]], "nets": [10**8, -(10**8), 0, 0]}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )
    assert response.status_code == 400
    assert {f.split(".")[0] for f, _ in codes(response)} == {"nets"}


@pytest.mark.parametrize(
    "when", ["1800-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "2300-01-01T00:00:00Z"]
)
def test_a_paper_session_out_of_the_calendar_is_refused_as_a_session_is(
    api_as, club, season, players, when
):
    from scoring.models import Session

    body = {"players": [p.pk for p in players[:4]], "nets": [0, 0, 0, 0], "started_at": when}
    response = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [("started_at", "out_of_range")]
    assert not Session.objects.exists()


def test_a_paper_sessions_detail_gives_its_nets_as_its_totals(
    api_as, club, season, session, players, recorder
):
    round_record(session=session, data=round_self_draw(1), actor=recorder)
    body = {"players": [p.pk for p in players[4:]], "nets": [10, -5, -5, 0]}
    paper = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"), body, format="json"
    )

    detail = api_as("member").get(club_url(club, f"sessions/{paper.json()['id']}/")).json()
    played = api_as("member").get(club_url(club, f"sessions/{session.pk}/")).json()

    assert (detail["totals"], detail["is_paper"]) == ([10, -5, -5, 0], True)
    assert played["is_paper"] is False and sum(played["totals"]) == 0 and any(played["totals"])
