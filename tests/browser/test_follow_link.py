"""The secret follow link from a logged-out phone, in a private club (390×844): the
recorder's session page carries the link in its QR block; a phone that has never logged
in opens it, sees the four names and totals (no login page, no club pages), and the
totals follow the table as rounds are recorded; the result image draws Chinese; once the
organiser replaces the link, the old one answers 404.
Screenshots: tests/artifacts/follow-link-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD, PHONE

pytestmark = [pytest.mark.browser]


def log_in(page, username: str) -> None:
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def start_session(league, first_dealer: int = 0):
    from django.contrib.auth import get_user_model

    from scoring import services

    season = league["season"]
    recorder = get_user_model().objects.get(username="jilu")
    players = sorted(
        season.club.players.filter(display_name__in=NAMES),
        key=lambda p: NAMES.index(p.display_name),
    )
    session = services.session_start(
        season=season, players=players, first_dealer=first_dealer, actor=recorder
    )
    return session, recorder


def self_draw(session, recorder, seat: int, number_dealer: int = 0):
    from scoring import services

    data = {
        "dealer": number_dealer,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": seat, "hands": ["pinghu"]}],
            "birds": [5, 9],
        },
    }
    return services.round_record(session=session, data=data, actor=recorder)


def totals_shown(page) -> list[int]:
    return [
        int(x)
        for x in page.locator("#totals [data-total]").evaluate_all(
            "els => els.map(e => e.dataset.total)"
        )
    ]


def test_a_logged_out_phone_follows_a_private_clubs_table_through_the_qr_link(
    browser, page, league
):
    from scoring import selectors, services

    session, recorder = start_session(league)
    self_draw(session, recorder, 1)
    assert not league["club"].is_public

    # The recorder's phone: the session page's QR block carries the secret link.
    table = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
    recorder_page = table.new_page()
    recorder_page.base = page.base
    log_in(recorder_page, "jilu")
    recorder_page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    recorder_page.locator("[data-role=follow-qr] summary").click()
    assert recorder_page.locator("[data-role=follow-qr] .qr svg").is_visible()
    link = recorder_page.locator("[data-role=follow-link]").inner_text().strip()
    recorder_page.screenshot(path=str(ARTIFACTS / "follow-link-qr-390x844.png"), full_page=True)
    table.close()
    assert link.startswith(page.base + "/f/") and session.follow_token in link

    # A phone that never logged in.
    page.goto(link)
    assert "/accounts/login/" not in page.url
    page.locator("#totals").wait_for()
    expected = selectors.session_totals(session=session)
    assert totals_shown(page) == [expected[s] for s in range(4)]
    for name in NAMES:
        assert page.locator(f"#totals [data-player='{name}']").is_visible()
    assert page.locator("a[href^='/c/']").count() == 0  # no club pages from here
    page.screenshot(path=str(ARTIFACTS / "follow-link-phone-390x844.png"), full_page=True)

    # The table records another round: the phone's totals follow by themselves.
    self_draw(session, recorder, 2, number_dealer=1)
    after = selectors.session_totals(session=session)
    page.wait_for_function(
        "want => [...document.querySelectorAll('#totals [data-total]')]"
        ".map(e => e.dataset.total).join(',') === want",
        arg=",".join(str(after[s]) for s in range(4)),
        timeout=15_000,
    )
    assert page.locator("[data-role=follow-meta]").inner_text().count("2 盘计分") == 1
    page.screenshot(path=str(ARTIFACTS / "follow-link-updated-390x844.png"), full_page=True)

    # The organiser replaces the link: the old one is gone.
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.get(username="owner")
    services.session_follow_link_set(session=session, actor=owner)
    response = page.goto(link)
    assert response.status == 404
