"""The round page's line of a 点炮 says the outcome once, with its discarder (点炮：王五),
as the session page's cards do: not a bold 点炮 and then 点炮：王五 again."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def test_a_discard_rounds_line_names_the_outcome_once_with_its_discarder(rec, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    slug = session.season.club.slug

    page = rec.get(reverse("round", args=[slug, session.pk, 1])).content.decode()

    line = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page.split("庄：", 1)[1].split("</p>")[0]))
    assert line.count("点炮") == 1
    assert "点炮：王五" in line
