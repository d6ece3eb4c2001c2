"""An organiser edits the season's ruleset on a phone (390×844) through the options form,
turning on 豪华七小对, four birds and 自由飘; the rules page shows them; then a recorder
records a round that uses them and the stored result is the engine's. Screenshots of the
editor and the rules page go to tests/artifacts/."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser import test_recording as recording
from tests.browser.test_recording import ARTIFACTS, PASSWORD
from tests.browser.test_table import form_url, log_in_and_start, stored, tap

browser, league, page = recording.browser, recording.league, recording.page

pytestmark = [pytest.mark.browser]


def log_in(page, username: str) -> None:
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def choose(page, key: str, value: str) -> None:
    page.locator(f'[data-key="{key}"] label', has=page.locator(f'input[value="{value}"]')).click()


def test_an_organiser_turns_on_table_options_in_the_form_and_a_round_uses_them(page, league):
    from scoring.models import Round

    season = league["season"]
    ruleset = season.ruleset
    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")
    choose(page, "haohua", "true")
    choose(page, "bird_count", "4")
    choose(page, "piao", "free")
    page.fill('[data-key="piao_max"] input', "3")
    # every option button is a tap target a thumb can hit
    for box in (b.bounding_box() for b in page.locator(".ruleset-editor .seg label").all()):
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-390.png"), full_page=True)
    page.locator('[data-key="bird_count"]').scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-birds-390.png"))
    with page.expect_navigation():
        page.locator("button[name=mode][value=form]").click()

    ruleset.refresh_from_db()
    config = ruleset.config
    assert config == {
        "preset": "changsha-67",
        "escape_penalty": 10,
        "haohua": True,
        "bird_count": 4,
        "piao": "free",
        "piao_max": 3,
    }

    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/rules/")
    assert page.locator('[data-code="haohua_qixiaodui"]').count() == 1
    page.screenshot(path=str(ARTIFACTS / "ruleset-rules-390.png"), full_page=True)
    page.locator("#examples h2").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "ruleset-rules-examples-390.png"))
    page.context.clear_cookies()

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-piao").wait_for()
    tap(page, '#rf-piao [data-seat="1"] [data-role=piao-more]')
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-winner="1"] [data-hand=haohua_qixiaodui]')
    for v in (1, 5, 6, 8):
        tap(page, f'[data-role=bird][data-bird="{v}"]')
    expected = {
        "dealer": 0,
        "piao": [0, 1, 0, 0],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["haohua_qixiaodui"]}],
            "birds": [1, 5, 6, 8],
        },
    }
    engine = score_round({**expected, "ruleset": config})
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text="第1盘已保存").wait_for()

    data = stored(session, 1)
    assert data["piao"] == expected["piao"]
    assert data["result"]["winners"] == expected["result"]["winners"]
    assert data["result"]["birds"] == expected["result"]["birds"]
    rnd = Round.objects.get(session=session, number=1, is_current=True)
    assert rnd.result["net"] == engine["net"]
