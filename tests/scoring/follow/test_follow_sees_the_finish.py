"""A follower sees a session finish and reopen: the follow version changes with each, so
the polls (the session page's and the secret link's) fetch the page with 已结束 and 结账."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import selectors, services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def test_the_follow_version_changes_on_finish_and_on_reopen(session, recorder):
    services.round_record(session=session, data=round_discard(2, 1, birds=[3, 4]), actor=recorder)
    playing = selectors.session_follow_state(session=session)

    services.session_finish(session=session, actor=recorder)
    finished = selectors.session_follow_state(session=session)
    services.session_reopen(session=session, actor=recorder)
    reopened = selectors.session_follow_state(session=session)

    assert finished["finished"] is True and reopened["finished"] is False
    assert playing["version"] != finished["version"] != reopened["version"]


def test_the_session_pages_version_changes_on_finish(rec, session, recorder):
    services.round_record(session=session, data=round_discard(2, 1, birds=[3, 4]), actor=recorder)
    url = reverse("session-follow", args=[session.season.club.slug, session.pk])
    etag = rec.get(url)["ETag"]

    services.session_finish(session=session, actor=recorder)

    assert rec.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
    page = rec.get(reverse("session", args=[session.season.club.slug, session.pk])).content
    assert f'data-version="{rec.get(url)["ETag"].strip(chr(34))}"'.encode() in page
