"""An organiser edits the season's ruleset on a phone (390×844) through the options form,
turning on 豪华七小对, four birds and 自由飘; the rules page shows them; then a recorder
records a round that uses them and the stored result is the engine's. Screenshots of the
editor and the rules page go to tests/artifacts/."""

from __future__ import annotations

import pytest

from scoring.engine import PRESETS, score_round
from tests.browser.test_recording import ARTIFACTS, PASSWORD, PHONE
from tests.browser.test_table import form_url, log_in_and_start, stored, tap

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
    # every option in words: 自由飘, 四鸟, 是 (the engine's codes stay in the stored config)
    assert page.locator('#options [data-key="piao"] .opt-value').inner_text() == "自由飘"
    assert page.locator('#options [data-key="bird_count"] .opt-value').inner_text() == "四鸟"
    assert page.locator('#options [data-key="haohua"] .opt-value').inner_text() == "是"
    scroll_below_topbar(page, "#options")
    page.screenshot(path=str(ARTIFACTS / "ruleset-rules-options-390.png"))
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
    page.locator("[data-role=saved-text]", has_text="第 1 盘已保存").wait_for()

    data = stored(session, 1)
    assert data["piao"] == expected["piao"]
    assert data["result"]["winners"] == expected["result"]["winners"]
    assert data["result"]["birds"] == expected["result"]["birds"]
    rnd = Round.objects.get(session=session, number=1, is_current=True)
    assert rnd.result["net"] == engine["net"]


def scroll_below_topbar(page, selector: str) -> None:
    """Scroll so that ``selector`` starts just under the sticky top bar."""
    page.locator(selector).evaluate(
        "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70)"
    )


def stepper(page, key: str):
    return page.locator(f'[data-key="{key}"] .stepper')


def test_an_organiser_sets_the_numbers_with_steppers_and_can_still_type_them(page, league):
    """− and + beside each number box: a blank box (按预设) steps from the preset's value,
    the engine's bounds stop the buttons, and a typed number is kept."""
    ruleset = league["season"].ruleset
    preset = PRESETS["changsha-67"]
    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")

    # every number option is a stepper: − box +, each button a thumb's tap target
    numbers = page.locator(".ruleset-editor input[type=number]")
    assert numbers.count() >= 6
    assert page.locator(".ruleset-editor .stepper input[type=number]").count() == numbers.count()
    for box in (b.bounding_box() for b in page.locator(".ruleset-editor .stepper-btn").all()):
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert page.locator(".ruleset-editor .stepper-btn").count() == 2 * numbers.count()

    ARTIFACTS.mkdir(exist_ok=True)
    scroll_below_topbar(page, '[data-key="bird_mode"]')
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-stepper-blank-390.png"))

    # the stored escape_penalty 10: − twice, + once
    penalty = stepper(page, "escape_penalty")
    assert penalty.locator("input").input_value() == "10"
    penalty.locator("[data-role=step-less]").click()
    penalty.locator("[data-role=step-less]").click()
    penalty.locator("[data-role=step-more]").click()
    assert penalty.locator("input").input_value() == "9"

    # blank piao_max keeps the preset's value: + steps from it
    piao_max = stepper(page, "piao_max")
    assert piao_max.locator("input").input_value() == ""
    piao_max.locator("[data-role=step-more]").click()
    assert piao_max.locator("input").input_value() == str(preset.piao_max + 1)

    # cap is 0 in the preset, the engine's lowest: − is off, + counts up from 0
    cap = stepper(page, "cap")
    assert preset.cap == 0
    assert cap.locator("[data-role=step-less]").is_disabled()
    for _ in range(3):
        cap.locator("[data-role=step-more]").click()
    cap.locator("[data-role=step-less]").click()
    assert cap.locator("input").input_value() == "2"

    # typed at the engine's highest (piao_value 0-100): + is off and a tap changes nothing
    piao_value = stepper(page, "piao_value")
    assert piao_value.locator("input").get_attribute("max") == "100"
    piao_value.locator("input").fill("100")
    assert piao_value.locator("[data-role=step-more]").is_disabled()
    piao_value.locator("[data-role=step-more]").click(force=True)
    assert piao_value.locator("input").input_value() == "100"
    piao_value.locator("[data-role=step-less]").click()

    scroll_below_topbar(page, '[data-key="piao"]')
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-steppers-390.png"))
    with page.expect_navigation():
        page.locator("button[name=mode][value=form]").click()

    ruleset.refresh_from_db()
    assert ruleset.config == {
        "preset": "changsha-67",
        "escape_penalty": 9,
        "piao_max": preset.piao_max + 1,
        "cap": 2,
        "piao_value": 99,
    }


def test_without_javascript_the_numbers_are_plain_number_boxes(browser, live_server, league):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, locale="zh-CN", java_script_enabled=False
    )
    page = context.new_page()
    page.base = live_server.url
    try:
        ruleset = league["season"].ruleset
        log_in(page, "owner")
        page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")

        assert page.locator(".stepper-btn").count() == 0
        page.fill('[data-key="cap"] input[type=number]', "30")
        with page.expect_navigation():
            page.locator("button[name=mode][value=form]").click()
    finally:
        context.close()

    ruleset.refresh_from_db()
    assert ruleset.config == {"preset": "changsha-67", "escape_penalty": 10, "cap": 30}


def test_the_club_wizards_numbers_step_from_the_chosen_preset(page, league):
    """The wizard's rules step has the same steppers; a blank box steps from the preset
    chosen on the page, also after switching presets."""
    from leagues.models import Club

    points = PRESETS["changsha-points"]
    assert points.escape_penalty != PRESETS["changsha-67"].escape_penalty
    log_in(page, "owner")
    page.goto(f"{page.base}/clubs/new/")
    page.fill("input[name=name]", "步进麻将社")
    with page.expect_navigation():
        page.locator("[data-role=wizard-next]").click()
    page.locator("label.choice", has=page.locator('input[value="changsha-points"]')).click()
    page.locator("details.options > summary").click()

    penalty = page.locator(".stepper", has=page.locator("input[name=opt_escape_penalty]"))
    penalty.locator("[data-role=step-more]").click()
    assert penalty.locator("input").input_value() == str(points.escape_penalty + 1)
    for box in (b.bounding_box() for b in penalty.locator(".stepper-btn").all()):
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    ARTIFACTS.mkdir(exist_ok=True)
    scroll_below_topbar(page, ".field:has(input[name=opt_escape_penalty])")
    page.screenshot(path=str(ARTIFACTS / "club-wizard-steppers-390.png"))

    with page.expect_navigation():
        page.locator("[data-role=wizard-next]").click()
    page.fill("textarea[name=players]", "甲\n乙\n丙\n丁")
    with page.expect_navigation():
        page.locator("[data-role=wizard-next]").click()
    with page.expect_navigation():
        page.locator("[data-role=wizard-next]").click()

    ruleset = Club.objects.get(name="步进麻将社").rulesets.get()
    assert ruleset.config == {
        "preset": "changsha-points",
        "escape_penalty": points.escape_penalty + 1,
    }


def option(page, key: str):
    return page.locator(f'.opt[data-key="{key}"]')


def badge_shown(page, key: str) -> bool:
    return option(page, key).locator(".badge-changed").is_visible()


def test_the_options_read_in_words_and_the_changed_mark_follows_each_tap(page, league):
    """The buttons read 不飘 / 坐飘 / 自由飘 and 加法 / 乘法 / 加分, not the engine's codes;
    tapping a value other than the preset's marks the option 已改 at once, tapping back
    clears it, and another preset moves the 预设 hint and the marks with it."""
    ruleset = league["season"].ruleset
    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")

    piao = option(page, "piao")
    assert piao.locator(".seg label").all_inner_texts() == ["按预设", "不飘", "坐飘", "自由飘"]
    assert option(page, "bird_mode").locator(".seg label").all_inner_texts() == [
        "按预设",
        "加法",
        "乘法",
        "加分",
    ]
    assert piao.locator(".preset-words").inner_text() == "不飘"
    assert not badge_shown(page, "piao")

    piao.locator("label", has_text="自由飘").click()
    assert badge_shown(page, "piao")
    assert "changed" in (piao.get_attribute("class") or "")
    piao.locator("label", has_text="不飘").click()  # the preset's own value
    assert not badge_shown(page, "piao")
    piao.locator("label", has_text="自由飘").click()
    option(page, "bird_mode").locator("label", has_text="加分").click()
    assert badge_shown(page, "bird_mode")

    # a stepper tap marks a number too
    assert not badge_shown(page, "cap")
    stepper(page, "cap").locator("[data-role=step-more]").click()
    assert badge_shown(page, "cap")

    # under 通庄单鸟 one bird is the preset: 单鸟 tapped there is not a change
    birds = option(page, "bird_count")
    birds.locator("label", has_text="单鸟").click()
    assert badge_shown(page, "bird_count")
    assert birds.locator(".preset-words").inner_text() == "双鸟"
    page.locator(
        '[data-key="preset"] label', has=page.locator('input[value="changsha-tongzhuang"]')
    ).click()
    assert birds.locator(".preset-words").inner_text() == "单鸟"
    assert not badge_shown(page, "bird_count")
    assert option(page, "tongzhuang").locator(".preset-words").inner_text() == "是"

    ARTIFACTS.mkdir(exist_ok=True)
    scroll_below_topbar(page, ".opt-group:has(h2:text-is('扎鸟'))")
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-words-birds-390.png"))
    scroll_below_topbar(page, ".opt-group:has(h2:text-is('飘分'))")
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-words-piao-390.png"))

    with page.expect_navigation():
        page.locator("button[name=mode][value=form]").click()
    ruleset.refresh_from_db()
    assert ruleset.config == {
        "preset": "changsha-tongzhuang",
        "escape_penalty": 10,
        "piao": "free",
        "bird_mode": "points",
        "cap": 1,
    }
    # reopened: the server marks the same options, without a tap
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")
    for key in ("piao", "bird_mode", "cap"):
        assert badge_shown(page, key), key
    assert not badge_shown(page, "bird_count")


def test_a_refused_save_shows_its_errors_on_the_first_screen_and_a_tap_goes_to_the_option(
    page, league
):
    ruleset = league["season"].ruleset
    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")
    page.fill('[data-key="piao_max"] input', "500")
    with page.expect_navigation():
        page.locator("button[name=mode][value=form]").click()

    summary = page.locator("[data-role=error-summary]")
    box = summary.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # seen at once
    assert "没有保存" in summary.inner_text() and "100" in summary.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ruleset-editor-refused-390.png"))
    summary.locator("a").first.click()
    option = page.locator('[data-key="piao_max"]').bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert option is not None and bar is not None
    assert bar["y"] + bar["height"] <= option["y"] < PHONE["height"]  # not under the top bar
    ruleset.refresh_from_db()
    assert "piao_max" not in ruleset.config
