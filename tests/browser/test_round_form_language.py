"""The round form's strings: English from the JavaScript catalogue, Chinese without it."""

from __future__ import annotations

import pytest

from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]


def test_the_round_form_speaks_english_when_the_reader_chose_english(page, league):
    session = log_in_and_start(page, league)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.base}])

    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    body = page.locator("#rf-body").inner_text()
    assert "Dealer (rolls the dice)" in body and "庄家（打骰）" not in body


def test_the_round_form_shows_the_chinese_text_when_the_catalogue_does_not_load(page, league):
    session = log_in_and_start(page, league)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.base}])
    page.route("**/jsi18n/", lambda route: route.abort())

    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    assert "庄家（打骰）" in page.locator("#rf-body").inner_text()
