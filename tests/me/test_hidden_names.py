"""A player who hid their name (我的 → 隐私) shows by initials to a logged-out visitor on
every public club page, image, export and API read built from the roster, through one
function (``leagues.models.name_for_reader``); members and API callers with a token see
the name, and no score changes."""

from __future__ import annotations

import datetime
import json

import pytest
from django.urls import reverse

from leagues import player_links
from leagues.models import Membership, Player, name_initials, names_read_by
from scoring.models import Session
from tests.api_helpers import token_client
from tests.me.history import two_club_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden():
    """The user's entry in a public club, name hidden; its club, a session it sat in, its
    owner."""
    history = two_club_history(sessions_per_club=2, rounds=4)
    club = history.clubs[0]
    club.is_public = True
    club.save()
    player_links.player_name_hide(user=history.user, hidden=True)
    me = Player.objects.get(pk=history.mine[0].pk)
    session = Session.objects.filter(seats__player=me).order_by("-started_at").first()
    owner = Membership.objects.filter(club=club, role="owner").get().user
    return me, club, session, owner


def _public_urls(me, club, session):
    season = session.season
    api = f"/api/v1/clubs/{club.slug}"
    return [
        reverse("club", args=[club.slug]),
        reverse("season", args=[club.slug, season.pk]),
        reverse("season-csv", args=[club.slug, season.pk]),
        reverse("season-rounds-csv", args=[club.slug, season.pk]),
        reverse("player", args=[club.slug, me.pk]),
        reverse("session", args=[club.slug, session.pk]),
        reverse("session-follow", args=[club.slug, session.pk]),
        f"{api}/players/",
        f"{api}/players/{me.pk}/",
        f"{api}/sessions/{session.pk}/",
        f"{api}/seasons/{season.pk}/standings/",
        f"{api}/seasons/{season.pk}/standings.csv",
        f"{api}/seasons/{season.pk}/rounds.csv",
    ]


def _text(answer):
    assert answer.status_code == 200, (answer.status_code, answer.content[:200])
    if answer["Content-Type"].startswith("application/json"):
        return json.dumps(answer.json(), ensure_ascii=False)
    if answer.streaming:
        return b"".join(answer.streaming_content).decode("utf-8-sig")
    return answer.content.decode("utf-8-sig")


def test_every_sampled_public_page_and_api_read_shows_a_visitor_the_initials(client, hidden):
    me, club, session, _owner = hidden
    initials = name_initials(me.display_name)
    for url in _public_urls(me, club, session):
        body = _text(client.get(url, HTTP_ACCEPT="text/html" if "/follow" in url else "*/*"))
        assert me.display_name not in body, url
        if "/players/" not in url or url.endswith(f"/{me.pk}/"):
            assert initials in body, url


def test_a_member_and_an_api_caller_with_a_token_see_the_name(client, hidden):
    me, club, session, owner = hidden
    client.force_login(owner)
    api = token_client(owner)
    for url in _public_urls(me, club, session):
        reader = api if url.startswith("/api/") else client
        answer = reader.get(url, HTTP_ACCEPT="text/html" if "/follow" in url else "*/*")
        assert me.display_name in _text(answer), url


def test_the_secret_follow_link_and_the_night_board_show_a_visitor_the_initials(client, hidden):
    from scoring.events.services import entrant_add, event_create

    me, club, session, owner = hidden
    session.follow_token = "t" * 24
    session.save(update_fields=["follow_token"])
    night = event_create(
        season=session.season, name="周五", date=datetime.date(2026, 3, 6), actor=owner
    )
    entrant_add(event=night, player=me, actor=owner)
    for url in (
        reverse("follow", args=[session.follow_token]),
        reverse("event", args=[club.slug, night.pk]),
        reverse("event-board", args=[club.slug, night.pk]),
    ):
        body = _text(client.get(url))
        assert me.display_name not in body and name_initials(me.display_name) in body, url
    client.force_login(owner)  # the board is drawn once per version: not for both readers
    board = reverse("event-board", args=[club.slug, night.pk])
    assert me.display_name in _text(client.get(board))


def test_the_result_image_draws_a_visitor_the_initials(client, hidden, monkeypatch):
    from scoring import share_image

    me, club, session, owner = hidden
    drawn = []
    monkeypatch.setattr(share_image, "card_png", lambda card: drawn.append(card) or b"png")
    url = reverse("session-image", args=[club.slug, session.pk])
    client.get(url)
    client.force_login(owner)
    client.get(url)
    visitor, member = (" ".join(row.name for row in card.rows) for card in drawn)
    assert me.display_name not in visitor and name_initials(me.display_name) in visitor
    assert me.display_name in member


def test_a_visitor_cannot_find_a_hidden_name_through_the_api_search(client, hidden):
    me, club, _session, _owner = hidden
    found = client.get(f"/api/v1/clubs/{club.slug}/players/", {"q": me.display_name}).json()
    assert [p["id"] for p in found["results"]] == []


def test_a_player_read_for_a_visitor_is_saved_with_its_stored_name(hidden, rf):
    from django.contrib.auth.models import AnonymousUser

    me, *_ = hidden
    request = rf.get("/")
    request.user = AnonymousUser()
    with names_read_by(request):
        seen = Player.objects.get(pk=me.pk)
        assert seen.display_name == name_initials(me.display_name)
        seen.save()
    me.refresh_from_db()
    assert me.display_name != name_initials(me.display_name)
    assert Player.objects.get(pk=me.pk).display_name == me.display_name
