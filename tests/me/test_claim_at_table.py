"""认领 at the table: from the session page a recorder shows each unlinked seat's claim
QR (the one-time link valid a day, as on the player page), and returns to the table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues import player_links
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(season, players, recorder, member, organiser):
    """A session of four; the second seat is linked to ``member``."""
    player_links.player_link(player=players[1], user=member, actor=organiser)
    return make_session(season, players[:4], actor=recorder)


def test_a_recorder_finds_a_claim_button_for_each_unlinked_seat(client, recorder, table, players):
    client.force_login(recorder)
    page = client.get(reverse("session", args=[table.season.club.slug, table.pk]))
    body = page.content.decode()
    assert 'data-role="claim-at-table"' in body
    shown = [p.pk for p in page.context["claimable"]]
    assert shown == [players[0].pk, players[2].pk, players[3].pk]
    for p in players[:4]:
        button = f'data-role="seat-claim-qr" data-player="{p.pk}"'
        assert (button in body) == (p.pk in shown)


def test_a_member_who_does_not_record_sees_no_claim_button(client, member, table):
    client.force_login(member)
    body = client.get(reverse("session", args=[table.season.club.slug, table.pk])).content
    assert b'data-role="claim-at-table"' not in body


def test_a_seat_claim_qr_is_a_one_time_link_and_returns_to_the_table(
    client, recorder, table, players
):
    club = table.season.club
    session_url = reverse("session", args=[club.slug, table.pk])
    client.force_login(recorder)
    page = client.post(
        reverse("player-claim-qr", args=[club.slug, players[2].pk]), {"back": session_url}
    )
    assert page.status_code == 200 and "<svg" in page.content.decode()
    assert page.context["back"] == session_url
    token = page.context["claim_link"].rsplit("/claim/", 1)[1].strip("/")
    assert player_links.player_claim_check(token=token).pk == players[2].pk


def test_a_return_address_outside_the_club_is_not_followed(client, recorder, table, players):
    club = table.season.club
    client.force_login(recorder)
    for back in ("https://example.com/", "//example.com/c/", "/c/other-club/"):
        page = client.post(
            reverse("player-claim-qr", args=[club.slug, players[0].pk]), {"back": back}
        )
        assert page.context["back"] == reverse("player", args=[club.slug, players[0].pk])


def test_the_claim_buttons_read_in_english_on_an_english_page(
    client, settings, recorder, table, players
):
    client.force_login(recorder)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = client.get(reverse("session", args=[table.season.club.slug, table.pk])).content
    text = body.decode()
    assert "<summary>Claim</summary>" in text
    assert f"{players[0].display_name}&#x27;s claim code" in text or (
        f"{players[0].display_name}'s claim code" in text
    )
    assert "认领码" not in text
