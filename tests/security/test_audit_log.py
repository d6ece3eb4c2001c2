"""The audit log: every write of the club services leaves who/when/what/before/after,
and only the club's organisers and owners can read it."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from leagues import services
from leagues.audit import MASK, AuditEntry, audit_record, audit_snapshot
from tests.factories import make_user


def entries(club, action=None):
    qs = AuditEntry.objects.filter(club=club)
    return list(qs.filter(action=action) if action else qs)


def test_a_club_update_records_who_when_and_the_fields_before_and_after(owner, club):
    old = club.description
    services.club_update(club=club, actor=owner, description="每周五晚")
    (entry,) = entries(club, "club.update")
    assert entry.actor == owner and entry.actor_name == "owner"
    assert entry.object_type == "leagues.club" and entry.object_id == str(club.pk)
    assert entry.changes() == [("description", old, "每周五晚")]
    assert old != "每周五晚"


def test_the_before_snapshot_comes_from_the_database_even_if_the_instance_was_changed(owner, club):
    old_name = club.name
    club.name = "改过的名字"  # a form changed the instance before calling the service
    services.club_update(club=club, actor=owner, name="改过的名字")
    (entry,) = entries(club, "club.update")
    assert entry.before["name"] == old_name and entry.after["name"] == "改过的名字"


def test_every_club_service_writes_one_entry(owner, organiser, club, ruleset, players):
    start = AuditEntry.objects.count()
    p = services.player_create(club=club, display_name="新人", actor=organiser)
    services.player_update(player=p, actor=organiser, aliases=["小新"])
    r = services.ruleset_create(club=club, name="点数", config="changsha-points", actor=owner)
    services.ruleset_update(ruleset=r, actor=owner, name="点数制")
    s = services.season_create(
        club=club, name="夏季赛", start_date=datetime.date(2025, 6, 1), ruleset=r, actor=owner
    )
    services.season_update(season=s, actor=owner, name="夏季联赛")
    services.season_close(season=s, actor=owner)
    services.season_reopen(season=s, actor=owner)
    newcomer = make_user("newcomer")
    inv = services.invitation_create(club=club, role="member", actor=owner)
    services.invitation_accept(token=inv.token, user=newcomer)
    services.membership_set(club=club, user=newcomer, role="recorder", actor=owner)
    services.membership_remove(club=club, user=newcomer, actor=owner)
    inv2 = services.invitation_create(club=club, role="member", actor=owner)
    services.invitation_revoke(invitation=inv2, actor=owner)
    actions = [e.action for e in reversed(entries(club))]
    assert actions == [
        "player.create",
        "player.update",
        "ruleset.create",
        "ruleset.update",
        "season.create",
        "season.update",
        "season.close",
        "season.reopen",
        "invitation.create",
        "invitation.accept",
        "membership.set",
        "membership.remove",
        "invitation.create",
        "invitation.revoke",
    ]
    assert AuditEntry.objects.count() - start == len(actions)
    removed = entries(club, "membership.remove")[0]
    assert removed.before["role"] == "recorder" and removed.after is None


def test_a_club_create_is_logged_under_the_new_club(db):
    founder = make_user("founder")
    club = services.club_create(name="新俱乐部", slug="new-club", owner=founder)
    (entry,) = entries(club)
    assert entry.action == "club.create" and entry.before is None
    assert entry.after["slug"] == "new-club"


def test_a_refused_write_leaves_no_entry(member, club):
    with pytest.raises(PermissionDenied):
        services.club_update(club=club, actor=member, name="抢来的")
    assert entries(club) == []


def test_a_write_that_fails_validation_leaves_no_entry(owner, club, ruleset, season):
    with pytest.raises(ValidationError):
        services.season_create(
            club=club, name=season.name, start_date=season.start_date, ruleset=ruleset, actor=owner
        )
    assert entries(club, "season.create") == []


def test_invitation_tokens_never_reach_the_log(owner, club):
    invitation = services.invitation_create(club=club, role="member", actor=owner)
    entry = entries(club, "invitation.create")[0]
    assert entry.after["token"] == MASK
    assert invitation.token not in str(entry.after)


def test_a_snapshot_is_plain_json():
    assert audit_snapshot(None) is None


def test_an_anonymous_actor_is_recorded_as_nobody(club):
    from django.contrib.auth.models import AnonymousUser

    entry = audit_record(actor=AnonymousUser(), club=club, action="x.y", obj=club)
    assert entry.actor is None and entry.actor_name == ""


# ---------------------------------------------------------------- the page


def test_organisers_and_owners_read_the_log(client, owner, organiser, club):
    services.club_update(club=club, actor=owner, description="牌友之家")
    for user in (owner, organiser):
        client.force_login(user)
        response = client.get(f"/c/{club.slug}/audit/")
        assert response.status_code == 200
        text = response.content.decode()
        assert f"owner 修改了俱乐部 {club.name}" in text and "牌友之家" in text


@pytest.mark.parametrize("who, status", [("recorder", 403), ("member", 403), ("outsider", 404)])
def test_members_and_outsiders_cannot_read_the_log(client, users_by_role, club, who, status):
    client.force_login(users_by_role[who])
    assert client.get(f"/c/{club.slug}/audit/").status_code == status


def test_an_outsider_cannot_read_the_log_of_a_public_club(client, outsider, club):
    club.is_public = True
    club.save()
    client.force_login(outsider)
    assert client.get(f"/c/{club.slug}/audit/").status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in(client, club):
    response = client.get(f"/c/{club.slug}/audit/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_log_of_another_club_is_not_shown(client, owner, outsider, club, other_club):
    services.club_update(club=other_club, actor=outsider, description="别人的秘密")
    client.force_login(owner)
    assert "别人的秘密" not in client.get(f"/c/{club.slug}/audit/").content.decode()


def test_the_club_page_links_organisers_but_not_members_to_the_audit_log(
    client, organiser, member, club
):
    from django.urls import reverse

    audit_url = reverse("club-audit", args=[club.slug])
    page_url = reverse("club", args=[club.slug])
    client.force_login(organiser)
    assert audit_url in client.get(page_url).content.decode()
    client.force_login(member)
    assert audit_url not in client.get(page_url).content.decode()
