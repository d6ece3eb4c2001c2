"""The secret follow link (跟看链接, /f/<token>/): the session page's QR code carries it,
and it opens the session's names and totals without logging in, even in a private club,
with its polled state; an organiser can replace it or turn it off (audited, the token
never written to the log), and a revoked link answers 404."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues.audit import MASK, AuditEntry
from leagues.audit_text import audit_lines
from leagues.models import Club
from scoring import selectors, services
from scoring.models import Session
from tests.api_helpers import club_url
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


def session_url(session):
    return reverse("session", args=[session.season.club.slug, session.pk])


def qr_link(page: str) -> str:
    """The link the session page's QR code and copy button carry."""
    return re.search(r'data-role="follow-link">([^<]+)<', page).group(1)


def test_the_qr_link_opens_the_session_for_a_logged_out_phone_in_a_private_club(
    client, session, member, recorder
):
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    client.force_login(member)
    link = qr_link(client.get(session_url(session)).content.decode())
    client.logout()

    response = client.get(link)

    assert not session.season.club.is_public
    assert response.status_code == 200
    page = response.content.decode()
    totals = selectors.session_totals(session=session)
    for seat, player in enumerate(session.players_in_order()):
        assert player.display_name in page
        assert f'data-total="{totals[seat]}"' in page
    assert "1 盘计分" in page


def test_the_follow_link_shows_no_other_page_of_the_club(client, session):
    page = client.get(reverse("follow", args=[session.follow_token])).content.decode()

    club = session.season.club
    assert f"/c/{club.slug}/" not in page  # no crumbs, no player pages, no club links
    assert session.follow_token in page  # its own poll and image only


def test_the_follow_link_is_not_cached_indexed_or_passed_on(client, session):
    response = client.get(reverse("follow", args=[session.follow_token]))

    assert response["Referrer-Policy"] == "no-referrer"
    assert "noindex" in response["X-Robots-Tag"]
    assert "private" in response["Cache-Control"]


def test_the_follow_links_poll_answers_totals_then_304_until_a_round_is_recorded(
    client, session, recorder
):
    url = reverse("follow-state", args=[session.follow_token])
    first = client.get(url)
    same = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    services.round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.json()["totals"] == [0, 0, 0, 0]
    assert same.status_code == 304
    assert changed.status_code == 200 and changed.json()["totals"][2] > 0


def test_an_unknown_follow_link_is_404(client, session):
    assert client.get(reverse("follow", args=["x" * 32])).status_code == 404
    assert client.get(reverse("follow-state", args=["x" * 32])).status_code == 404


def test_a_replaced_follow_link_is_404_and_the_new_one_works(client, session, organiser):
    old = session.follow_token
    services.session_follow_link_set(session=session, actor=organiser)
    new = Session.objects.get(pk=session.pk).follow_token

    assert new and new != old
    assert client.get(reverse("follow", args=[old])).status_code == 404
    assert client.get(reverse("follow-state", args=[old])).status_code == 404
    assert client.get(reverse("follow", args=[new])).status_code == 200


def test_a_follow_link_turned_off_is_404_and_the_page_says_so(client, session, organiser):
    old = session.follow_token
    client.force_login(organiser)
    response = client.post(
        reverse("session-follow-link", args=[session.season.club.slug, session.pk]), {"off": "1"}
    )
    page = client.get(session_url(session)).content.decode()
    client.logout()

    assert response.status_code == 302
    assert Session.objects.get(pk=session.pk).follow_token is None
    assert client.get(reverse("follow", args=[old])).status_code == 404
    assert 'data-role="follow-off"' in page and 'data-role="follow-on"' in page


def test_tokens_are_long_random_and_different_for_each_session(season, players, recorder):
    a = services.session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)
    b = services.session_start(season=season, players=players[4:], first_dealer=0, actor=recorder)

    assert len(a.follow_token) >= 32 and len(b.follow_token) >= 32
    assert a.follow_token != b.follow_token


@pytest.mark.parametrize("who", ["recorder", "member"])
def test_only_an_organiser_replaces_or_turns_off_the_follow_link(client, session, request, who):
    client.force_login(request.getfixturevalue(who))
    old = session.follow_token

    response = client.post(
        reverse("session-follow-link", args=[session.season.club.slug, session.pk])
    )

    assert response.status_code == 403
    assert Session.objects.get(pk=session.pk).follow_token == old


def test_replacing_the_follow_link_is_audited_without_the_token(
    season, players, recorder, organiser
):
    session = services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )
    first = session.follow_token
    second = services.session_follow_link_set(session=session, actor=organiser).follow_token
    services.session_follow_link_set(session=session, actor=organiser, on=False)
    start = AuditEntry.objects.get(action="session.start")

    entries = AuditEntry.objects.filter(action__startswith="session.follow").order_by("id")

    assert [e.action for e in entries] == ["session.follow_link", "session.follow_off"]
    assert [line.text for line in audit_lines(entries)] == [
        "organiser 换了一场的跟看链接：张三、李四、王五、赵六",
        "organiser 关闭了一场的跟看链接：张三、李四、王五、赵六",
    ]
    assert all(e.actor == organiser for e in entries)
    logged = str([(e.before, e.after, e.object_repr) for e in entries])
    assert first not in logged and second not in logged
    assert start.after["follow_token"] == MASK  # not even when the session was started


def test_the_api_gives_the_follow_link_to_members_only(api_as, club, session, client):
    def follow_url(role):
        return api_as(role).get(club_url(club, f"sessions/{session.pk}/")).json()["follow_url"]

    link = follow_url("member")
    Club.objects.filter(pk=club.pk).update(is_public=True)

    assert link.endswith(f"/f/{session.follow_token}/")
    assert client.get(link).status_code == 200
    assert follow_url("outsider") is None and follow_url("anonymous") is None


def test_the_session_page_of_a_public_club_gives_an_outsider_the_page_itself(client, session):
    club = session.season.club
    club.is_public = True
    club.save()

    page = client.get(session_url(session)).content.decode()

    assert session.follow_token not in page
    assert qr_link(page).endswith(session_url(session))


def test_imported_sessions_get_a_follow_link_each(client, club, season, players, organiser):
    import json

    from scoring.club_file import lines_import

    names = [p.display_name for p in players[:4]]
    line = json.dumps({"players": names, "rounds": [round_self_draw(1)]}, ensure_ascii=False)

    lines_import(lines=[line, line], actor=organiser, club=club, season=season)

    tokens = list(Session.objects.values_list("follow_token", flat=True))
    assert len(tokens) == 2 and len(set(tokens)) == 2 and all(tokens)
    assert client.get(reverse("follow", args=[tokens[0]])).status_code == 200


def test_turning_a_follow_link_back_on_is_audited_as_turned_on(
    season, players, recorder, organiser
):
    session = services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )
    services.session_follow_link_set(session=session, actor=organiser, on=False)
    services.session_follow_link_set(session=session, actor=organiser)

    entries = AuditEntry.objects.filter(action__startswith="session.follow").order_by("id")

    assert [e.action for e in entries] == ["session.follow_off", "session.follow_on"]
    assert [line.text for line in audit_lines(entries)][-1] == (
        "organiser 开启了一场的跟看链接：张三、李四、王五、赵六"
    )
