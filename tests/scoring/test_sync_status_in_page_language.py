"""The "N 盘待同步" status line (templates/scoring/_sync_status.html) is in the page's
language: its label reaches the catalogue (a blocktranslate variable, not a % typed into
{% translate %}, which Django doubles before the lookup), and keeps the "%(n)s" that
static/js/sync-queue.js fills with the count."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def sync_label(page: str) -> str:
    match = re.search(r'data-role="sync-status"[^>]*data-label="([^"]*)"', page)
    assert match, "no sync status on the page"
    return match.group(1)


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Rounds waiting to sync: %(n)s"), ("zh-hans", "%(n)s 盘待同步")],
)
@pytest.mark.parametrize("page_name", ["session", "round-new"])
def test_the_sync_status_is_in_the_page_language(rec, session, language, label, page_name):
    rec.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse(page_name, args=[session.season.club.slug, session.pk])
    page = rec.get(url).content.decode()
    assert sync_label(page) == label
    if language == "en":
        assert "盘待同步" not in page
