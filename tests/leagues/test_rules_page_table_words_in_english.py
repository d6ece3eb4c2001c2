"""On an English page, 规则说明's bird table and kong payments read in English."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import Ruleset

pytestmark = pytest.mark.django_db


def test_the_bird_table_and_kong_payments_read_in_english(client, club):
    club.is_public = True
    club.save()
    ruleset = Ruleset.objects.create(
        club=club, name="三人", config={"preset": "changsha-67", "players": 3, "kong_pay": True}
    )
    client.cookies["django_language"] = "en"

    page = client.get(
        reverse("ruleset-rules", args=[club.slug, ruleset.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    for words in ("Where the birds land", "nobody", "Kong payments", "Concealed kong", "Who pays"):
        assert words in page, words
    for words in ("鸟落在谁身上", "谁付", "落在", ">空<", "上家", "暗杠</td>"):
        assert words not in page, words
