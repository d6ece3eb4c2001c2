"""A phone whose first page of the site is the round form (a recorder who opens the link
a friend sent): that page loaded before the service worker was in charge, so offline,
after a reload, every script it names must come from the worker's shell. The round is
queued, and stored once when the network is back."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import NAMES, tap
from tests.browser.test_table import form_url

pytestmark = [pytest.mark.browser]

KEPT = """() => {
    caches.match(location.pathname).then(r => { window.csmjKept = !!r; });
    return window.csmjKept === true;
}"""


def test_a_round_form_first_opened_before_the_worker_saves_offline_after_a_reload(page, league):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from scoring import services
    from scoring.models import Round

    season = league["season"]
    recorder = get_user_model().objects.get(username="jilu")
    players = sorted(
        season.club.players.filter(display_name__in=NAMES),
        key=lambda p: NAMES.index(p.display_name),
    )
    session = services.session_start(season=season, players=players, first_dealer=0, actor=recorder)
    client = Client()
    client.force_login(recorder)  # signed in elsewhere: the form is this phone's first page
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": page.base}]
    )

    # Whether the worker was in charge as the document began (the worker may claim the
    # page a moment later, before any check after goto could run).
    page.add_init_script("window.csmjLoadedByWorker = !!navigator.serviceWorker.controller;")
    page.goto(form_url(page, session))
    assert page.evaluate("window.csmjLoadedByWorker") is False
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    page.wait_for_function(KEPT, timeout=15_000)

    page.context.set_offline(True)
    # the worker's own requests fail too (Chromium's offline mode leaves them alone)
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.reload()  # the worker's copy, and the scripts from its shell
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    tap(page, "#rf-save")
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    assert not Round.objects.filter(session=session).exists()

    page.context.unroute("**/*")
    page.context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    assert list(Round.objects.filter(session=session).values_list("number", "is_current")) == [
        (1, True)
    ]
