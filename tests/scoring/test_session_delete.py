"""删除本场: an organiser deletes a session started by mistake, only while it has no
round (a void round is a record too), audited; the page asks first, and a session with
rounds stays with a clear reason; the API answers the same."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from leagues.audit import AuditEntry
from leagues.audit_text import audit_lines
from scoring import services
from scoring.models import Session
from tests.api_helpers import club_url, codes
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def empty(season, players, recorder):
    return services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )


def test_an_organiser_deletes_a_session_without_rounds_and_it_is_audited(empty, organiser):
    services.session_delete(session=empty, actor=organiser)

    assert not Session.objects.filter(pk=empty.pk).exists()
    entry = AuditEntry.objects.get(action="session.delete")
    assert entry.actor == organiser and entry.before["players"] == ["张三", "李四", "王五", "赵六"]
    line = audit_lines([entry])[0]
    assert line.sentence == "organiser 删除了一场（没有记录）：张三、李四、王五、赵六"
    assert "首庄 张三" in line.text  # what it was, named by who sat there


def test_a_session_with_a_round_cannot_be_deleted(empty, organiser, recorder):
    services.round_record(session=empty, data=round_self_draw(1, birds=[5, 9]), actor=recorder)

    with pytest.raises(ValidationError) as refused:
        services.session_delete(session=empty, actor=organiser)

    assert refused.value.error_dict["session"][0].code == "session_has_rounds"
    assert "只有没有记录的场才能删除" in " ".join(refused.value.messages)
    assert Session.objects.filter(pk=empty.pk).exists()
    assert not AuditEntry.objects.filter(action="session.delete").exists()


def test_the_refusal_counts_rounds_as_the_session_page_numbers_them(empty, organiser, recorder):
    first = services.round_record(session=empty, data=round_self_draw(1), actor=recorder)
    services.round_correct(round=first, data=round_self_draw(2), actor=recorder)
    services.round_record(session=empty, data=round_self_draw(3), actor=recorder)

    with pytest.raises(ValidationError) as refused:
        services.session_delete(session=empty, actor=organiser)

    assert [e.params["rounds"] for e in refused.value.errors] == [2]
    assert "本场已有 2 盘记录" in " ".join(refused.value.messages)


def test_a_void_round_still_keeps_the_session(empty, organiser, recorder):
    rnd = services.round_record(
        session=empty, data=round_self_draw(1, birds=[5, 9]), actor=recorder
    )
    services.round_void(round=rnd, reason="记错了", actor=recorder)

    with pytest.raises(ValidationError):
        services.session_delete(session=empty, actor=organiser)

    assert Session.objects.filter(pk=empty.pk).exists()


def test_a_paper_session_cannot_be_deleted(season, players, organiser):
    paper = services.paper_session_record(
        season=season, players=players[:4], nets=[5, -5, 0, 0], actor=organiser
    )

    with pytest.raises(ValidationError) as refused:
        services.session_delete(session=paper, actor=organiser)

    assert refused.value.error_dict["session"][0].code == "paper_delete"


def test_a_recorder_may_not_delete_a_session(empty, recorder):
    with pytest.raises(PermissionDenied):
        services.session_delete(session=empty, actor=recorder)

    assert Session.objects.filter(pk=empty.pk).exists()


def test_the_page_offers_delete_with_a_confirmation_to_an_organiser_only(client, empty, request):
    url = reverse("session", args=[empty.season.club.slug, empty.pk])
    seen = {}
    for who in ("organiser", "recorder"):
        client.force_login(request.getfixturevalue(who))
        seen[who] = client.get(url).content.decode()

    assert 'data-role="delete-session"' in seen["organiser"]
    assert (
        "confirm("
        in seen["organiser"].split('data-role="delete-session"')[0].rsplit("<", 1)[1]
        + (seen["organiser"].split('data-role="delete-session"')[1].split(">")[0])
    )
    assert 'data-role="delete-session"' not in seen["recorder"]


def test_deleting_on_the_page_goes_back_to_the_season(client, empty, organiser):
    client.force_login(organiser)

    response = client.post(reverse("session-delete", args=[empty.season.club.slug, empty.pk]))

    assert response["Location"] == reverse("season", args=[empty.season.club.slug, empty.season_id])
    assert not Session.objects.filter(pk=empty.pk).exists()


def test_deleting_a_session_with_rounds_on_the_page_says_why(client, empty, organiser, recorder):
    services.round_record(session=empty, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    client.force_login(organiser)

    response = client.post(
        reverse("session-delete", args=[empty.season.club.slug, empty.pk]), follow=True
    )

    assert "只有没有记录的场才能删除" in response.content.decode()
    assert Session.objects.filter(pk=empty.pk).exists()


def test_the_api_deletes_an_empty_session_and_refuses_one_with_rounds(
    api_as, club, empty, season, players, recorder
):
    full = services.session_start(
        season=season, players=players[4:], first_dealer=0, actor=recorder
    )
    services.round_record(session=full, data=round_self_draw(1, birds=[5, 9]), actor=recorder)

    denied = api_as("recorder").delete(club_url(club, f"sessions/{empty.pk}/"))
    deleted = api_as("organiser").delete(club_url(club, f"sessions/{empty.pk}/"))
    refused = api_as("organiser").delete(club_url(club, f"sessions/{full.pk}/"))

    assert denied.status_code == 403
    assert deleted.status_code == 204
    assert refused.status_code == 400 and codes(refused) == [("session", "session_has_rounds")]
    assert list(Session.objects.values_list("pk", flat=True)) == [full.pk]
