"""A quick table's round page (/c/t-…/sessions/<id>/rounds/<n>/) says a round was
recorded (or voided) at the table, 快速开桌 as the top bar says it, never the keeper's
username (quick-t-…, docs/quick-tables.md); a person's rounds keep their username."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from leagues.models import Club
from leagues.table_keys import keeper_username
from scoring.services import round_record, round_void
from tests.factories import round_self_draw
from tests.scoring.quick.test_quick_table_pages import form

pytestmark = pytest.mark.django_db


def recorded_by(page: str) -> list[str]:
    return re.findall(r'data-role="recorded-by">([^<]*)<', page)


@pytest.mark.parametrize(("language", "table"), [("zh-hans", "快速开桌"), ("en", "Quick table")])
def test_the_round_page_names_the_table_not_the_keepers_username(client, language, table):
    client.post(reverse("quick-new"), form())  # this phone records as the table's keeper
    club = Club.objects.get(is_quick=True)
    session = club.seasons.get().sessions.get()
    keeper = club.memberships.get().user
    assert keeper.username == keeper_username(club)
    first = round_record(session=session, data=round_self_draw(1), actor=keeper)
    round_void(round=first, reason="记错了", actor=keeper)

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("round", args=[club.slug, session.pk, 1])
    page = client.get(url).content.decode()
    assert keeper.username not in page
    assert recorded_by(page) == [table]


def test_a_persons_round_keeps_their_username(rec, session, recorder):
    round_record(session=session, data=round_self_draw(0), actor=recorder)
    url = reverse("round", args=[session.season.club.slug, session.pk, 1])
    assert recorded_by(rec.get(url).content.decode()) == [recorder.get_username()]
