"""`make run` loads the demo club every time: the command must be idempotent."""

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from leagues.models import Club
from leagues.selectors import membership_role
from scoring.management.commands.load_demo import DEMO_PASSWORD, DEMO_SLUG
from scoring.models import Round, Transfer
from scoring.selectors import session_list
from scoring.standings.selectors import season_standings

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_the_demo_loads_a_public_club_with_scored_sessions():
    call_command("load_demo", verbosity=0)

    club = Club.objects.get(slug=DEMO_SLUG)
    season = club.seasons.get(ruleset__name="六七片双鸟")
    sessions = [s for s in session_list(season=season) if not hasattr(s, "event_table")]
    assert club.name == "长沙麻将俱乐部" and club.is_public
    assert club.players.count() == 13  # eight, and five more for the league nights
    assert not season.is_closed
    assert [s.rounds_count for s in sessions] == [8, 8, 8]
    rounds = list(Round.objects.filter(session__in=sessions))
    kinds = {r.data["result"]["kind"] for r in rounds}
    assert kinds == {"self_draw", "discard", "draw"}
    assert any(len(r.data["result"]["winners"]) > 1 for r in rounds)  # 通炮
    assert any(r.data.get("openings") for r in rounds)  # 起手胡
    assert any("haidilaoyue" in str(r.data) for r in rounds)  # 海底
    assert sum(r.net for r in season_standings(season=season)) == 0
    assert Transfer.objects.exists()


def test_the_demo_users_log_in_with_the_documented_password():
    call_command("load_demo", verbosity=0)
    club = Club.objects.get(slug=DEMO_SLUG)

    for role in ("owner", "organiser", "recorder", "member"):
        user = authenticate(username=role, password=DEMO_PASSWORD)
        assert user is not None
        assert membership_role(club=club, user=user) == role


def test_running_the_demo_twice_changes_nothing():
    call_command("load_demo", verbosity=0)
    before = (Club.objects.count(), Round.objects.count(), Transfer.objects.count())

    call_command("load_demo", verbosity=0)

    assert (Club.objects.count(), Round.objects.count(), Transfer.objects.count()) == before


def test_the_demo_refuses_to_run_in_production(settings):
    settings.PRODUCTION = True

    with pytest.raises(CommandError):
        call_command("load_demo", verbosity=0)
    assert not Club.objects.exists()


def test_the_demo_has_a_season_of_three_with_kongs():
    call_command("load_demo", verbosity=0)

    season = Club.objects.get(slug=DEMO_SLUG).seasons.get(ruleset__name="三人杠分")
    [session] = session_list(season=season)
    assert len(session.players_in_order()) == 3 and session.rounds_count == 4
    assert Transfer.objects.filter(round__session=session, event="kong").exists()
    assert sum(r.net for r in season_standings(season=season)) == 0
