"""Birds keep their seats on a saved round, at 390×844: the session page's card and the
round page name the player each bird landed on (or 空 at a table of three), with the
kongs (杠分)."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD

pytestmark = [pytest.mark.browser]


def test_a_saved_round_at_three_seats_shows_each_bird_on_its_seat_and_the_kongs(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from tests.factories import make_table_season

    club = league["club"]
    recorder = get_user_model().objects.get(username="jilu")
    season = make_table_season(club, 3)
    players = [club.players.get(display_name=n) for n in NAMES[:3]]
    session = services.session_start(season=season, players=players, first_dealer=0, actor=recorder)
    services.round_record(
        session=session,
        data={
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "birds": [4, 5],  # 四八空鸟: 4 on nobody, 5 on the dealer 张三
            },
            "kongs": [{"seat": 2, "kind": "an"}],  # 王五's concealed kong
        },
        actor=recorder,
    )
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "jilu")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()

    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    card = page.locator("[data-role=round-cards] .round-card").first
    card.wait_for()
    birds = card.locator("[data-role=bird]").all_inner_texts()
    assert birds == ["4 空", "5 张三"]
    assert "王五" in card.locator("[data-role=round-kongs]").inner_text()
    page.screenshot(path=str(ARTIFACTS / "session-birds-on-seats-390x844.png"))

    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/rounds/1/")
    line = page.locator("[data-role=round-birds]").first
    assert line.is_visible()
    assert line.locator("[data-role=bird]").all_inner_texts() == ["4 空", "5 张三"]
    assert "王五" in page.locator("[data-role=round-kongs]").first.inner_text()
    page.screenshot(path=str(ARTIFACTS / "round-birds-on-seats-390x844.png"), full_page=True)
