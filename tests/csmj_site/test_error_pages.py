"""403, 404 and 500 pages in the site's layout and the reader's language."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_a_member_opening_the_round_form_gets_the_sites_403_in_chinese(reader, session):
    response = reader.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    page = response.content.decode()
    assert response.status_code == 403
    assert "没有权限" in page and 'class="topbar"' in page
    assert "403 Forbidden" not in page


def test_the_403_page_speaks_english_when_english_is_chosen(reader, session):
    reader.post("/i18n/setlang/", {"language": "en", "next": "/"})

    response = reader.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    assert response.status_code == 403
    assert "Not allowed" in response.content.decode()


def test_an_unknown_page_gets_the_sites_404(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert "找不到这一页" in response.content.decode()


def test_the_500_page_renders_without_a_request_in_the_sites_layout():
    with translation.override("en"):
        page = render_to_string("500.html")

    assert "Server error" in page and 'class="topbar"' in page
