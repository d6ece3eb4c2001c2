"""The secret follow link shows only that session's names and totals: no hand names, and
no result image (the image has each player's biggest hand, the rounds and the season)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db

BIG_DISCARD = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["qingyise"]}],
        "discarder": 2,
        "birds": [3, 4],
    },
}


@pytest.fixture
def played(session, recorder):
    services.round_record(session=session, data=BIG_DISCARD, actor=recorder)
    services.session_finish(session=session, actor=recorder)
    return session


def test_the_follow_link_has_no_result_image(client, played):
    response = client.get(f"/f/{played.follow_token}/result.png")

    assert response.status_code == 404


def test_the_follow_page_names_no_hand_and_links_no_image(client, played):
    page = client.get(reverse("follow", args=[played.follow_token])).content.decode()

    assert "李四" in page  # the names and totals are there
    assert "清一色" not in page and "qingyise" not in page
    assert "result.png" not in page
