"""Every site model has a Django admin page that renders."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse
from django.utils import translation

from tests.factories import round_self_draw, self_draw_transfers, store_round

pytestmark = pytest.mark.django_db

APPS = ["scoring", "standings", "leagues"]
MY_MODELS = [
    "leagues.Club",
    "leagues.Membership",
    "leagues.Invitation",
    "leagues.Player",
    "leagues.Ruleset",
    "leagues.Season",
    "scoring.Session",
    "scoring.SessionSeat",
    "scoring.Round",
    "scoring.Transfer",
    "scoring.RoundPlayer",
    "scoring.RoundHand",
]


@pytest.fixture
def staff_client(client, django_user_model, session, recorder, organiser, club):
    from leagues.models import Invitation

    Invitation.objects.create(club=club, role="recorder", created_by=organiser)
    store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    boss = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw")
    client.force_login(boss)
    return client


@pytest.mark.parametrize("label", MY_MODELS)
def test_each_model_has_a_changelist_and_a_change_page(staff_client, label):
    model = apps.get_model(label)
    assert admin.site.is_registered(model)
    opts = model._meta
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    change = reverse(
        f"admin:{opts.app_label}_{opts.model_name}_change", args=[model.objects.first().pk]
    )

    assert staff_client.get(changelist).status_code == 200
    assert staff_client.get(change).status_code == 200


def test_recorded_history_is_read_only_in_the_admin(staff_client):
    from scoring.models import Round

    rnd = Round.objects.get()
    url = reverse("admin:scoring_round_change", args=[rnd.pk])

    staff_client.post(url, {"number": 99})

    rnd.refresh_from_db()
    assert rnd.number == 1
    assert staff_client.get(reverse("admin:scoring_round_add")).status_code == 403


@pytest.mark.parametrize(
    "language, names",
    [
        ("zh-hans", ["计分", "积分榜与等级分", "俱乐部与联赛"]),
        ("en", ["Scoring", "Standings", "Leagues"]),
    ],
)
def test_each_app_is_named_in_the_readers_language_only(language, names):
    with translation.override(language):
        shown = [str(apps.get_app_config(label).verbose_name) for label in APPS]

    assert shown == names


@pytest.mark.parametrize("language, name", [("zh-hans", "计分"), ("en", "Scoring")])
def test_the_admin_index_shows_the_app_in_the_readers_language(
    staff_client, settings, language, name
):
    staff_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    page = staff_client.get(reverse("admin:index")).content.decode()

    assert name in page and "计分 Scoring" not in page


def test_a_sessions_start_and_seats_are_read_only_in_the_admin(staff_client, session):
    """The seats copy the session's start (SessionSeat.started_at); both change on the site."""
    from scoring.models import SessionSeat

    started = session.started_at
    url = reverse("admin:scoring_session_change", args=[session.pk])
    page = staff_client.get(url).content.decode()

    staff_client.post(url, {"started_at_0": "2020-01-01", "started_at_1": "20:00:00"})

    session.refresh_from_db()
    assert session.started_at == started
    assert 'name="started_at_0"' not in page
    assert staff_client.get(reverse("admin:scoring_sessionseat_add")).status_code == 403
    seat = SessionSeat.objects.filter(session=session).first()
    seat_url = reverse("admin:scoring_sessionseat_change", args=[seat.pk])
    assert staff_client.get(seat_url).status_code == 200
    assert 'name="player"' not in staff_client.get(seat_url).content.decode()
