"""The follow link of a finished session says it is finished (its totals no longer
change), not that they refresh by themselves, and a follower's poll brings that sentence
as the session finishes; 结账 says who pays the table fee (the fee has no receiver: it is
paid, not handed to a player), in Chinese and in English."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db

REFRESHES = "合计会自动刷新"
FINISHED = "本场已结束"


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def follow(client, session, **extra):
    return client.get(reverse("follow", args=[session.follow_token]), **extra)


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def played(session, recorder):
    """李四 wins on 王五's discard; a table fee of 20, on the biggest winner."""
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    services.session_table_fee_set(session=session, actor=recorder, fee=20, by="top")
    return session


def test_an_open_sessions_follow_page_says_its_totals_refresh(client, played):
    text = text_of(follow(client, played))

    assert REFRESHES in text and FINISHED not in text


def test_a_finished_sessions_follow_page_says_it_is_finished(client, played, recorder):
    services.session_finish(session=played, actor=recorder)

    chinese = text_of(follow(client, played))
    english_text = text_of(follow(english(client), played))

    assert FINISHED in chinese and REFRESHES not in chinese
    assert "has finished" in english_text and "refresh" not in english_text


def test_a_followers_poll_brings_the_finished_sentence(client, played, recorder):
    version = follow(client, played).content.decode()
    etag = re.search(r'data-version="([^"]+)"', version).group(1)
    services.session_finish(session=played, actor=recorder)

    answer = client.get(
        reverse("follow-state", args=[played.follow_token]),
        HTTP_IF_NONE_MATCH=f'"{etag}"',
        HTTP_ACCEPT="text/html",
    )

    assert answer.status_code == 200
    assert FINISHED in answer.content.decode()


def test_settling_up_says_who_pays_the_table_fee(client, played, recorder):
    services.session_finish(session=played, actor=recorder)

    chinese = text_of(follow(client, played))
    english_text = text_of(follow(english(client), played))

    # the winner pays the fee, part of it with what the loser owes him: both pay the table
    assert "李四 付台费 17子" in chinese and "王五 付台费 3子" in chinese
    assert "→ 台费" not in chinese
    assert "李四 pays the table fee 17 chips" in english_text
    assert "→ Table fee" not in english_text
