"""A page's follow poll (``scoring.follow.poll``) brings the change in one answer: 304 while
nothing changed, then, for a page asking for HTML, its fresh followed parts (the
``#follow-area`` and the ``data-follow-swap`` elements) with the new ETag. A public
club's logged-out followers are answered from what the process kept, without reading
the database, until the kept second is over."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring import services
from scoring.follow.poll import followed_parts
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

HTML = {"HTTP_ACCEPT": "text/html"}


def follow_url(session):
    return reverse("session-follow", args=[session.season.club.slug, session.pk])


def public(session):
    club = session.season.club
    club.is_public = True
    club.save()
    return session


def test_a_changed_table_comes_back_in_the_polls_answer(rec, session, recorder):
    etag = rec.get(follow_url(session))["ETag"]
    same = rec.get(follow_url(session), HTTP_IF_NONE_MATCH=etag, **HTML)
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)

    changed = rec.get(follow_url(session), HTTP_IF_NONE_MATCH=etag, **HTML)

    body = changed.content.decode()
    assert same.status_code == 304
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed["Content-Type"].startswith("text/html")
    assert body.startswith('<span id="follow-counted" data-follow-swap>1 盘计分')
    assert '<div id="follow-area"' in body and f'data-version="{changed["ETag"][1:-1]}"' in body
    assert 'data-number="1"' in body  # the new round's row
    assert "csrfmiddlewaretoken" not in body and "<html" not in body  # the parts alone


def test_without_asking_for_html_the_answer_is_the_json_state(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)

    answer = rec.get(follow_url(session))

    assert answer["Content-Type"] == "application/json" and answer.json()["totals"][1] > 0


def test_logged_out_followers_are_answered_from_the_kept_second(
    client, session, recorder, settings, django_assert_num_queries
):
    settings.FOLLOW_VERSION_SECONDS = 60
    cache.clear()
    public(session)
    first = client.get(follow_url(session), **HTML)
    with django_assert_num_queries(0):
        kept = client.get(follow_url(session), HTTP_IF_NONE_MATCH=first["ETag"], **HTML)
        again = client.get(follow_url(session), HTTP_IF_NONE_MATCH='"older"', **HTML)
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    still = client.get(follow_url(session), HTTP_IF_NONE_MATCH=first["ETag"], **HTML)
    cache.delete(f"session-follow:{session.pk}")  # the second is over
    fresh = client.get(follow_url(session), HTTP_IF_NONE_MATCH=first["ETag"], **HTML)

    assert first.status_code == 200 and kept.status_code == 304
    assert again.content == first.content  # the parts cut once for the version
    assert still.status_code == 304
    assert fresh.status_code == 200 and 'data-number="1"' in fresh.content.decode()


def test_a_private_clubs_table_is_never_answered_to_a_logged_out_follower(
    client, session, settings
):
    settings.FOLLOW_VERSION_SECONDS = 60
    cache.clear()

    answers = [client.get(follow_url(session), **HTML).status_code for _ in range(2)]

    assert answers == [403, 403]


def test_the_secret_links_poll_brings_its_pages_totals(client, session, recorder, organiser):
    token = services.session_follow_link_set(session=session, actor=organiser).follow_token
    url = reverse("follow-state", args=[token])
    etag = client.get(url)["ETag"]
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)

    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTML)

    assert changed.status_code == 200 and changed["Content-Type"].startswith("text/html")
    assert '<div id="follow-area"' in changed.content.decode()
    assert changed["Referrer-Policy"] == "no-referrer"


def test_the_followed_parts_are_whole_elements_in_page_order():
    page = (
        '<html><body><span id="n" data-follow-swap>3 <b>盘</b></span><p>other</p>'
        '<div id="follow-area" data-version="7"><div class="a"><div>x</div></div>'
        "<span>y</span></div><div>after</div></body></html>"
    )

    assert followed_parts(page) == (
        '<span id="n" data-follow-swap>3 <b>盘</b></span>\n'
        '<div id="follow-area" data-version="7"><div class="a"><div>x</div></div>'
        "<span>y</span></div>"
    )
