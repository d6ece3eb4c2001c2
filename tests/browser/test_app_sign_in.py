"""Signing in to an app on a phone (390×844): the app opens the sign-in page, the user
logs in, reads what the app asks for in Chinese and allows it; the app gets its code.
The apps page then lists the app and revokes it. Screenshots: tests/artifacts/app-*.png."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.browser.test_follow_link import log_in
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]


def test_a_user_allows_an_app_on_a_phone_and_revokes_it(page, league):
    from oauth2_provider.models import get_access_token_model

    from tests.leagues.api.oauth_helpers import (
        REDIRECT_URI,
        authorize_params,
        exchange,
        make_app,
        pkce_pair,
    )

    app = make_app("岳麓记分")
    verifier, challenge = pkce_pair()
    landed: list[str] = []

    def the_app(route):  # the app's redirect URI, caught before it leaves the browser
        landed.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<p>ok</p>")

    page.route("https://app.example/**", the_app)
    log_in(page, "jilu")
    query = urlencode(authorize_params(app, challenge, "read record"))
    page.goto(f"{page.base}/oauth/authorize/?{query}")
    assert "“岳麓记分”想用你的账号登录" in page.locator("main").inner_text()
    assert "记录、更正、作废牌局" in page.locator("main").inner_text()
    allow = page.locator("button[name=allow]")
    assert allow.bounding_box()["height"] >= 44
    page.screenshot(path=str(ARTIFACTS / "app-sign-in-390x844.png"), full_page=True)
    allow.click()
    page.wait_for_url(f"{REDIRECT_URI}*")
    code = parse_qs(urlsplit(landed[0]).query)["code"][0]

    from django.test import Client

    tokens = exchange(Client(), app, code, verifier).json()
    assert set(tokens["scope"].split()) == {"read", "record"}

    page.goto(f"{page.base}/accounts/apps/")
    assert "岳麓记分" in page.locator("[data-role=allowed-app]").inner_text()
    revoke = page.locator("[data-role=allowed-app] button[type=submit]")
    assert revoke.bounding_box()["height"] >= 44
    page.screenshot(path=str(ARTIFACTS / "app-list-390x844.png"), full_page=True)
    with page.expect_navigation():
        revoke.click()
    assert "已撤销“岳麓记分”的授权" in page.locator(".messages").inner_text()
    assert "还没有授权过任何应用" in page.locator("[data-role=no-apps]").inner_text()
    assert get_access_token_model().objects.count() == 0
    page.screenshot(path=str(ARTIFACTS / "app-revoked-390x844.png"), full_page=True)
