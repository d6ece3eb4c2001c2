"""Linking roster entries to accounts: the services, the claim link, requests, merges."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from leagues import player_links
from leagues.audit import AuditEntry
from leagues.models import Player, PlayerLinkRequest
from tests.factories import make_players, make_user

pytestmark = pytest.mark.django_db


def test_an_organiser_links_a_members_account_and_the_log_says_so(players, organiser, member):
    player_links.player_link(player=players[0], user=member, actor=organiser)
    players[0].refresh_from_db()
    assert players[0].user == member
    entry = AuditEntry.objects.get(action="player.link")
    assert entry.before["user_id"] is None and entry.after["user_id"] == member.pk


def test_a_recorder_may_not_link_an_account(players, recorder, member):
    with pytest.raises(PermissionDenied):
        player_links.player_link(player=players[0], user=member, actor=recorder)


def test_an_account_has_at_most_one_entry_per_club(players, organiser, member):
    player_links.player_link(player=players[0], user=member, actor=organiser)
    with pytest.raises(ValidationError) as exc:
        player_links.player_link(player=players[1], user=member, actor=organiser)
    assert "张三" in str(exc.value)
    assert Player.objects.filter(user=member).count() == 1


def test_the_database_refuses_a_second_entry_per_club_for_an_account(players, member):
    Player.objects.filter(pk=players[0].pk).update(user=member)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=players[1].pk).update(user=member)


def test_an_entry_linked_to_someone_else_is_refused(players, organiser, member, recorder):
    player_links.player_link(player=players[0], user=member, actor=organiser)
    with pytest.raises(ValidationError):
        player_links.player_link(player=players[0], user=recorder, actor=organiser)


def test_one_account_may_have_an_entry_in_each_of_two_clubs(
    players, organiser, outsider, other_club
):
    player_links.player_link(player=players[0], user=outsider, actor=organiser)
    theirs = Player.objects.filter(club=other_club).first()
    player_links.player_link(player=theirs, user=outsider, actor=outsider)
    assert Player.objects.filter(user=outsider).count() == 2


def test_the_user_and_an_organiser_may_unlink_but_another_member_may_not(
    players, organiser, member, recorder
):
    player_links.player_link(player=players[0], user=member, actor=organiser)
    with pytest.raises(PermissionDenied):
        player_links.player_unlink(player=players[0], actor=recorder)
    player_links.player_unlink(player=players[0], actor=member)
    players[0].refresh_from_db()
    assert players[0].user is None
    assert AuditEntry.objects.filter(action="player.unlink").count() == 1
    player_links.player_link(player=players[0], user=member, actor=organiser)
    player_links.player_unlink(player=players[0], actor=organiser)
    with pytest.raises(ValidationError):
        player_links.player_unlink(player=players[0], actor=organiser)


def test_a_claim_link_links_the_user_who_opens_it_once(players, recorder, outsider, member):
    token = player_links.player_claim_token(player=players[2], actor=recorder)
    player_links.player_claim(token=token, user=outsider)
    players[2].refresh_from_db()
    assert players[2].user == outsider
    assert AuditEntry.objects.filter(action="player.claim").count() == 1
    with pytest.raises(ValidationError):
        player_links.player_claim(token=token, user=member)


def test_a_new_claim_link_voids_the_older_one(players, recorder, outsider):
    old = player_links.player_claim_token(player=players[2], actor=recorder)
    # a new link made later: the entry now names another moment
    later = players[2].claim_issued_at + datetime.timedelta(seconds=5)
    Player.objects.filter(pk=players[2].pk).update(claim_issued_at=later)
    with pytest.raises(ValidationError) as exc:
        player_links.player_claim(token=old, user=outsider)
    assert exc.value.errors[0].code == "claim_expired"
    players[2].refresh_from_db()
    assert players[2].user is None


def test_a_claim_link_older_than_a_day_is_refused(players, recorder, outsider):
    from unittest import mock

    from django.core import signing

    token = player_links.player_claim_token(player=players[2], actor=recorder)
    payload = signing.loads(token, salt=player_links.CLAIM_SALT)
    import time

    a_day_ago = time.time() - 86460
    with mock.patch("django.core.signing.time.time", return_value=a_day_ago):
        stale = signing.dumps(payload, salt=player_links.CLAIM_SALT, compress=True)
    with pytest.raises(ValidationError) as exc:
        player_links.player_claim(token=stale, user=outsider)
    assert exc.value.errors[0].code == "claim_expired"
    # the same link signed now is taken
    player_links.player_claim(token=token, user=outsider)


def test_a_tampered_claim_link_is_refused(players, recorder, outsider):
    token = player_links.player_claim_token(player=players[2], actor=recorder)
    with pytest.raises(ValidationError):
        player_links.player_claim(token=token[:-2] + "xx", user=outsider)
    players[2].refresh_from_db()
    assert players[2].user is None


def test_a_member_asks_to_be_a_player_and_an_organiser_approves(players, member, organiser):
    request = player_links.link_request_create(player=players[3], user=member)
    with pytest.raises(ValidationError):
        player_links.link_request_create(player=players[3], user=member)
    player_links.link_request_approve(request=request, actor=organiser)
    players[3].refresh_from_db()
    assert players[3].user == member
    assert not PlayerLinkRequest.objects.exists()


def test_an_outsider_cannot_ask_to_be_a_player_of_a_private_club(players, outsider):
    with pytest.raises(PermissionDenied):
        player_links.link_request_create(player=players[3], user=outsider)


def test_a_turned_down_request_links_nothing(players, member, organiser):
    request = player_links.link_request_create(player=players[3], user=member)
    player_links.link_request_reject(request=request, actor=organiser)
    players[3].refresh_from_db()
    assert players[3].user is None and not PlayerLinkRequest.objects.exists()


def test_a_guest_merged_into_a_regular_player_keeps_its_link(club, organiser, recorder, outsider):
    from leagues.services import player_create
    from scoring.merge.services import player_merge

    guest = player_create(club=club, display_name="客人甲", is_guest=True, actor=recorder)
    target = make_players(club, ["正式甲"])[0]
    player_links.player_link(player=guest, user=outsider, actor=organiser)
    player_merge(source=guest, target=target, actor=organiser)
    target.refresh_from_db()
    assert target.user == outsider


def test_a_guest_and_a_player_linked_to_two_accounts_are_not_merged(
    club, organiser, recorder, outsider, member
):
    from leagues.services import player_create
    from scoring.merge.services import player_merge

    guest = player_create(club=club, display_name="客人乙", is_guest=True, actor=recorder)
    target = make_players(club, ["正式乙"])[0]
    player_links.player_link(player=guest, user=outsider, actor=organiser)
    player_links.player_link(player=target, user=member, actor=organiser)
    with pytest.raises(ValidationError):
        player_merge(source=guest, target=target, actor=organiser)
    assert Player.objects.filter(pk=guest.pk).exists()


# ---------------------------------------------------------------- pages


def test_the_claim_qr_page_shows_a_link_that_a_logged_out_phone_is_asked_to_log_in_for(
    client, recorder, players
):
    client.force_login(recorder)
    page = client.post(reverse("player-claim-qr", args=[players[0].club.slug, players[0].pk]))
    assert page.status_code == 200
    link = page.context["claim_link"]
    assert "<svg" in page.content.decode()
    client.logout()
    answer = client.get(link)
    assert answer.status_code == 200
    assert 'data-role="claim-signup"' in answer.content.decode()


def test_a_logged_in_user_confirms_a_claim_and_lands_on_me(client, recorder, players):
    token = player_links.player_claim_token(player=players[1], actor=recorder)
    phone = make_user("phone")
    client.force_login(phone)
    url = reverse("player-claim", args=[token])
    assert 'data-role="claim-confirm"' in client.get(url).content.decode()
    answer = client.post(url)
    assert answer.status_code == 302 and answer["Location"] == reverse("me")
    players[1].refresh_from_db()
    assert players[1].user == phone
    assert client.post(url).status_code == 410


def test_the_roster_page_lists_requests_and_approving_links(client, organiser, member, players):
    request = player_links.link_request_create(player=players[4], user=member)
    client.force_login(organiser)
    page = client.get(reverse("players", args=[players[4].club.slug])).content.decode()
    assert 'data-role="link-requests"' in page and "member" in page
    client.post(
        reverse("player-link-decide", args=[players[4].club.slug, request.pk]), {"approve": "1"}
    )
    players[4].refresh_from_db()
    assert players[4].user == member


def test_the_player_page_offers_the_right_link_buttons(client, member, recorder, players):
    url = reverse("player", args=[players[5].club.slug, players[5].pk])
    client.force_login(member)
    page = client.get(url).content.decode()
    assert 'data-role="link-request"' in page and 'data-role="show-claim-qr"' not in page
    client.post(reverse("player-link-request", args=[players[5].club.slug, players[5].pk]))
    assert 'data-role="link-requested"' in client.get(url).content.decode()
    client.force_login(recorder)
    assert 'data-role="show-claim-qr"' in client.get(url).content.decode()


def test_an_organiser_who_says_this_is_me_is_linked_without_a_request(client, organiser, players):
    url = reverse("player", args=[players[7].club.slug, players[7].pk])
    client.force_login(organiser)
    assert "这是我（关联我的账户）" in client.get(url).content.decode()
    answer = client.post(
        reverse("player-link-request", args=[players[7].club.slug, players[7].pk]), follow=True
    )
    players[7].refresh_from_db()
    assert players[7].user == organiser
    assert not PlayerLinkRequest.objects.filter(user=organiser).exists()
    assert "已关联" in answer.content.decode() and 'data-role="unlink"' in answer.content.decode()


def test_a_member_who_says_this_is_me_still_asks_an_organiser(client, member, players):
    client.force_login(member)
    url = reverse("player", args=[players[7].club.slug, players[7].pk])
    page = client.get(url).content.decode()
    assert "我是这位选手" in page and "这是我（关联我的账户）" not in page
    client.post(reverse("player-link-request", args=[players[7].club.slug, players[7].pk]))
    players[7].refresh_from_db()
    assert players[7].user is None
    assert PlayerLinkRequest.objects.filter(user=member, player=players[7]).exists()


def test_the_linked_user_unlinks_from_the_player_page(client, organiser, member, players):
    player_links.player_link(player=players[6], user=member, actor=organiser)
    client.force_login(member)
    url = reverse("player", args=[players[6].club.slug, players[6].pk])
    assert 'data-role="unlink"' in client.get(url).content.decode()
    client.post(reverse("player-unlink", args=[players[6].club.slug, players[6].pk]))
    players[6].refresh_from_db()
    assert players[6].user is None


def test_the_edit_page_refuses_a_second_entry_for_an_account_naming_the_first(
    client, organiser, member, players
):
    player_links.player_link(player=players[0], user=member, actor=organiser)
    client.force_login(organiser)
    url = reverse("player-edit", args=[players[0].club.slug, players[1].pk])
    page = client.post(url, {"display_name": players[1].display_name, "user": str(member.pk)})
    assert page.status_code == 200
    assert players[0].display_name in page.content.decode()
    players[1].refresh_from_db()
    assert players[1].user is None
