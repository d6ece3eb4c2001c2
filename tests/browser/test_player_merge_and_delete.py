"""An organiser tidies the roster on a phone (390×844): a player entered twice is merged
into the other (合并或删除 → 合并到 → 确认合并), and one entered by mistake is deleted after
the browser asks once more. Saves tests/artifacts/player-merge-390x844.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, PASSWORD

pytestmark = [pytest.mark.browser]


def log_in(page, username):
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def test_an_organiser_merges_a_player_entered_twice_and_deletes_a_typo(page, league):
    from django.contrib.auth import get_user_model

    from leagues import services as league_services
    from leagues.models import Player
    from scoring import services
    from tests.factories import round_self_draw

    club, season = league["club"], league["season"]
    owner = get_user_model().objects.get(username="owner")
    twice = league_services.player_create(club=club, display_name="老张", actor=owner)
    others = list(club.players.filter(display_name__in=["李四", "王五", "赵六"]))
    session = services.session_start(
        season=season, players=[twice, *others], first_dealer=0, actor=owner
    )
    services.round_record(session=session, data=round_self_draw(0), actor=owner)
    typo = league_services.player_create(club=club, display_name="张三三", actor=owner)

    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/players/")
    page.locator("li", has_text="老张").get_by_role("link", name="合并或删除").click()
    assert page.locator("[data-role=player-delete]").count() == 0  # 老张 played
    page.select_option("select[name=target]", label="张三")
    page.check("input[name=confirm]")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "player-merge-390x844.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_navigation():
        page.locator("[data-role=merge]").click()

    assert "已把 老张 合并到 张三" in page.locator("main").inner_text()
    zhang = Player.objects.get(club=club, display_name="张三")
    assert "老张" in zhang.aliases
    assert not Player.objects.filter(pk=twice.pk).exists()

    page.goto(f"{page.base}/c/yuelu/players/{typo.pk}/merge/")
    button = page.locator("[data-role=delete-player]")
    assert button.bounding_box()["height"] >= 44
    page.once("dialog", lambda dialog: dialog.dismiss())
    button.click()
    assert Player.objects.filter(pk=typo.pk).exists()  # not without the second yes
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        button.click()

    assert "已删除选手 张三三" in page.locator("main").inner_text()
    assert not Player.objects.filter(pk=typo.pk).exists()
