"""我的 in a real browser at 390×844: at the table, an organiser shows a seat's claim QR
code from the session page; a logged-out phone opens its link, signs up, confirms and
lands on 我的 with that club's history; a second club links the same account and 我的
shows both; the year-in-review image and the data downloads are opened. Screenshots of
the table's 认领 list, the QR page, 我的, the year image and the privacy page go to
tests/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_recording import PASSWORD, PHONE

pytestmark = [pytest.mark.browser]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def _club_with_rounds(name: str, slug: str, owner):
    from leagues import services as league
    from leagues.models import Club, Membership
    from scoring import services
    from tests.factories import round_discard, round_self_draw

    club = Club.objects.create(name=name, slug=slug, is_public=False)
    Membership.objects.create(club=club, user=owner, role="owner")
    players = [
        league.player_create(club=club, display_name=n, actor=owner)
        for n in ("张三", "李四", "王五", "赵六")
    ]
    ruleset = league.ruleset_create(
        club=club, name="六七片", config={"preset": "changsha-67"}, actor=owner
    )
    import datetime

    season = league.season_create(
        club=club, name="2026 秋季赛", start_date=datetime.date(2026, 1, 1), ruleset=ruleset,
        actor=owner,
    )  # fmt: skip
    session = services.session_start(season=season, players=players, first_dealer=0, actor=owner)
    services.round_record(session=session, data=round_self_draw(0, ["qingyise"]), actor=owner)
    services.round_record(session=session, data=round_discard(1, 2, dealer=1), actor=owner)
    return club, players, session


def _shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}-390x844.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def test_a_phone_scans_the_claim_qr_signs_up_and_sees_both_clubs_on_me(
    browser, live_server, transactional_db
):
    from django.contrib.auth import get_user_model

    from leagues import player_links

    owner = get_user_model().objects.create_user("zuzhi", password=PASSWORD)
    club, players, session = _club_with_rounds("岳麓麻将社", "yuelu", owner)
    errors: list[str] = []

    # the organiser's phone at the table: the session page's 认领, then the seat's QR code
    org = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
    page = org.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", "zuzhi")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()
    page.goto(f"{live_server.url}/c/yuelu/sessions/{session.pk}/")
    page.locator("[data-role=claim-at-table] summary").click()
    seat = page.locator(f'[data-role=seat-claim-qr][data-player="{players[0].pk}"]')
    assert page.locator("[data-role=seat-claim-qr]").count() == 4
    assert seat.bounding_box()["height"] >= 44
    _shot(page, "me-claim-at-table")
    with page.expect_navigation():
        seat.click()
    assert page.locator("[data-role=claim-qr] .qr svg").count() == 1
    link = page.locator("[data-role=claim-link]").get_attribute("href")
    assert link and "/claim/" in link
    assert _shot(page, "me-claim-qr").stat().st_size > 10_000

    # a logged-out phone scans it: sign up, back to the claim, confirm, 我的
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
    mine = phone.new_page()
    mine.on("pageerror", lambda e: errors.append(str(e)))
    mine.goto(link)
    with mine.expect_navigation():
        mine.locator("[data-role=claim-signup]").click()
    mine.fill("input[name=username]", "zhangsan")
    mine.fill("input[name=password1]", PASSWORD)
    mine.fill("input[name=password2]", PASSWORD)
    with mine.expect_navigation():
        mine.locator("form.form button[type=submit]").click()
    assert "/claim/" in mine.url, "sign-up returns to the claim link"
    with mine.expect_navigation():
        mine.locator("[data-role=claim-confirm]").click()
    assert mine.url.endswith("/me/")
    assert mine.locator('[data-club="yuelu"]').count() == 1
    assert mine.locator('[data-stat="rounds"]').inner_text() == "2"

    # a second club links the same account: 我的 shows both
    other_owner = get_user_model().objects.create_user("laoli", password=PASSWORD)
    _club2, players2, _session2 = _club_with_rounds("麓山牌友会", "lushan", other_owner)
    user = get_user_model().objects.get(username="zhangsan")
    player_links.player_link(player=players2[1], user=user, actor=other_owner)
    mine.reload()
    assert mine.locator('[data-club="yuelu"]').count() == 1
    assert mine.locator('[data-club="lushan"]').count() == 1
    assert mine.locator('[data-stat="rounds"]').inner_text() == "4"
    mine.locator("#me-chart").wait_for()
    assert _shot(mine, "me-two-clubs").stat().st_size > 20_000

    # the year-in-review image, as the group chat gets it
    year_link = mine.locator("[data-role=me-year-image]").first
    image_url = year_link.get_attribute("href")
    assert image_url and "year.png" in image_url
    answer = mine.request.get(f"{live_server.url}{image_url}")
    assert answer.ok and answer.headers["content-type"] == "image/png"
    (ARTIFACTS / "me-year-image.png").write_bytes(answer.body())

    with mine.expect_navigation():
        mine.locator("[data-role=me-privacy]").click()
    _shot(mine, "me-privacy")
    for role, suffix in (("download-csv", ".csv"), ("download-json", ".json")):
        with mine.expect_download() as got:
            mine.locator(f"[data-role={role}]").click()
        saved = ARTIFACTS / f"me-data{suffix}"
        got.value.save_as(saved)
        text = saved.read_text(encoding="utf-8-sig")
        assert "yuelu" in text and "lushan" in text and "张三" in text
    org.close()
    phone.close()
    assert errors == [], f"JavaScript errors: {errors}"
