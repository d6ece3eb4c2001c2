"""The user's data: the download, hiding the name, removal."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from leagues import player_links
from leagues.audit import AuditEntry
from leagues.models import Membership, Player, Role, name_initials
from scoring.models import RoundPlayer, counting_q
from scoring.standings import selectors as standings
from tests.factories import make_user
from tests.me.history import two_club_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def history():
    return two_club_history(sessions_per_club=2, rounds=4)


def test_the_downloads_hold_every_round_the_user_played_across_clubs(client, history):
    client.force_login(history.user)
    expected = RoundPlayer.objects.filter(player__in=history.mine, round__is_current=True).count()
    data = json.loads(client.get(reverse("me-data-json")).content)
    assert len(data["rounds"]) == expected > 0
    assert {r["club"] for r in data["rounds"]} == {c.slug for c in history.clubs}
    assert data["account"]["username"] == history.user.get_username()
    counted = sum(r["net"] for r in data["rounds"] if not r["void"])
    assert counted == sum(
        RoundPlayer.objects.filter(counting_q("round"), player__in=history.mine).values_list(
            "net", flat=True
        )
    )
    answer = client.get(reverse("me-data-csv"))
    assert answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0][0] == "club" and len(rows) == expected + 1


def test_another_users_rounds_are_not_in_the_download(client, history, member):
    client.force_login(member)
    assert json.loads(client.get(reverse("me-data-json")).content)["rounds"] == []


def test_a_hidden_name_shows_initials_to_logged_out_visitors_only(client, history):
    club = history.clubs[0]
    club.is_public = True
    club.save()
    me = history.mine[0]
    player_links.player_name_hide(user=history.user, hidden=True)
    url = reverse("player", args=[club.slug, me.pk])
    board = reverse("club", args=[club.slug])
    initials = name_initials(me.display_name)
    anonymous_page = client.get(url).content.decode()
    assert initials in anonymous_page and me.display_name not in anonymous_page
    assert me.display_name not in client.get(board).content.decode()
    client.force_login(history.user)
    assert me.display_name in client.get(url).content.decode()
    me.refresh_from_db()
    assert me.display_name.startswith(initials[0]) and me.name_hidden


def test_initials_of_chinese_and_latin_names():
    assert name_initials("张三") == "张*"
    assert name_initials("Wang Wei") == "W. W."
    assert name_initials("Lee") == "L."


def test_removal_anonymises_the_entries_and_keeps_every_score(history):
    before = {
        c.pk: [(r.player.pk, r.net, r.rank) for r in standings.club_leaderboard(club=c)]
        for c in history.clubs
    }
    user_pk = history.user.pk
    player_links.account_remove(user=history.user, actor=history.user)
    assert not get_user_model().objects.filter(pk=user_pk, is_active=True).exists()
    for p in history.mine:
        old = p.display_name
        p.refresh_from_db()
        assert p.display_name == f"已注销选手 #{p.pk}" and p.user is None
        for entry in AuditEntry.objects.filter(object_type="leagues.player", object_id=str(p.pk)):
            assert entry.object_repr == p.display_name
            assert old not in json.dumps([entry.before, entry.after], ensure_ascii=False)
    for c in history.clubs:
        after = [(r.player.pk, r.net, r.rank) for r in standings.club_leaderboard(club=c)]
        assert after == before[c.pk]
        assert sum(net for _pk, net, _rank in after) == 0
    assert AuditEntry.objects.filter(action="player.anonymise").count() == 2


def test_a_user_who_recorded_rounds_is_emptied_and_closed(club, owner, recorder, players, season):
    from scoring import services
    from tests.factories import make_session, round_self_draw

    Membership.objects.create(club=club, user=make_user("co_owner"), role=Role.OWNER)
    player_links.player_link(player=players[0], user=recorder, actor=owner)
    session = make_session(season, players[:4], actor=recorder)
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    player_links.account_remove(user=recorder, actor=recorder)
    recorder.refresh_from_db()
    assert not recorder.is_active and recorder.email == "" and "recorder" not in recorder.username
    assert not Membership.objects.filter(user=recorder).exists()
    players[0].refresh_from_db()
    assert players[0].display_name.startswith("已注销选手")


def test_the_only_owner_of_a_club_is_asked_to_hand_it_over_first(club, owner):
    with pytest.raises(ValidationError) as exc:
        player_links.account_remove(user=owner, actor=owner)
    assert club.name in str(exc.value)


def test_the_privacy_page_removes_the_account_after_the_username_is_typed(client, history):
    client.force_login(history.user)
    url = reverse("me-privacy")
    assert 'data-role="remove-account"' in client.get(url).content.decode()
    client.post(url, {"action": "remove", "confirm": "wrong"})
    assert Player.objects.filter(user=history.user).count() == 2
    answer = client.post(url, {"action": "remove", "confirm": history.user.get_username()})
    assert answer.status_code == 302
    assert not Player.objects.filter(user_id=history.user.pk).exists()
    assert client.get(reverse("me")).status_code == 302  # logged out


def test_a_merged_entry_hands_its_hidden_name_on_and_removal_forgets_both_names(
    club, owner, member, players
):
    from leagues.services import player_create
    from scoring.merge.services import player_merge

    twice = player_create(club=club, display_name="王小明", aliases=["小明"], actor=owner)
    player_links.player_link(player=twice, user=member, actor=owner)
    player_links.player_name_hide(user=member, hidden=True)
    player_merge(source=Player.objects.get(pk=twice.pk), target=players[4], actor=owner)
    players[4].refresh_from_db()
    assert players[4].user == member and players[4].name_hidden
    assert "王小明" in players[4].aliases

    player_links.account_remove(user=member, actor=member)

    logged = AuditEntry.objects.filter(
        object_type="leagues.player", object_id__in=[str(twice.pk), str(players[4].pk)]
    )
    text = json.dumps([[e.before, e.after, e.object_repr] for e in logged], ensure_ascii=False)
    assert logged.count() >= 4
    assert "王小明" not in text and "小明" not in text
