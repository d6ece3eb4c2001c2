"""At phone size (390×844), in a real browser: the season's downloads read in the page's
language (the standings CSV, the rounds CSV and the Excel workbook, downloaded and read
back, in Chinese and in English); sign-up's password check in Chinese, with the error
bar beside the text; the calculator's names applied as typed and a shared result shown
once. Screenshots in tests/artifacts/ (git-ignored)."""

from __future__ import annotations

import csv
import io
from urllib.parse import parse_qsl, urlsplit

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.browser.test_newcomer import CALC_TAPS
from tests.browser.test_recording import ARTIFACTS, PASSWORD
from tests.scoring.calculator.test_calculator_page import ROUND

pytestmark = [pytest.mark.browser]


def played(league):
    from django.contrib.auth import get_user_model

    from scoring import services

    recorder = get_user_model().objects.get(username="jilu")
    players = list(league["club"].players.order_by("id")[:4])
    session = services.session_start(
        season=league["season"], players=players, first_dealer=0, actor=recorder
    )
    services.round_record(session=session, data=ROUND, actor=recorder)
    services.session_finish(session=session, actor=recorder)


def log_in(page, *, english=False):
    page.goto(f"{page.base}/accounts/login/")
    if english:
        page.locator(".langswitch button").click()
        page.wait_for_load_state()
    page.fill("input[name=login]", "jilu")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def download(page, selector):
    with page.expect_download() as info:
        page.locator(selector).click()
    return info.value.path().read_bytes()


def csv_rows(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.mark.parametrize(
    ("english", "words"),
    [
        (False, {"player": "选手", "rating": "等级分", "dealer": "庄家", "seat": "1号位"}),
        (True, {"player": "Player", "rating": "Rating", "dealer": "Dealer", "seat": "Seat 1"}),
    ],
)
def test_the_seasons_downloads_read_in_the_pages_language(page, league, english, words):
    played(league)
    log_in(page, english=english)
    season = league["season"]
    page.goto(f"{page.base}/c/{league['club'].slug}/seasons/{season.pk}/")
    lang = "en" if english else "zh"
    page.screenshot(path=str(ARTIFACTS / f"season-exports-{lang}-390x844.png"), full_page=True)

    standings = csv_rows(download(page, f"a[href*='/seasons/{season.pk}/standings.csv']"))
    rounds = csv_rows(download(page, "a[href$='rounds.csv']"))
    book = load_workbook(io.BytesIO(download(page, "[data-role=xlsx]")))

    assert standings[0][1] == words["player"] and standings[0][-1] == words["rating"]
    assert len(standings) == 5
    cell = dict(zip(rounds[0], rounds[1], strict=True))
    assert cell[words["dealer"]] == f"{words['seat']} 张三"
    sheet_header = [c.value for c in book.worksheets[0][1]]
    assert sheet_header == standings[0]
    assert [c.value for c in book.worksheets[1][1]] == rounds[0]


def test_the_printable_table_fits_a_phone_and_prints_without_the_sites_chrome(page, league):
    played(league)
    log_in(page)
    page.goto(f"{page.base}/c/{league['club'].slug}/seasons/{league['season'].pk}/")
    with page.expect_navigation():
        page.locator("[data-role=print]").click()

    assert page.locator("table.standings tbody tr").count() == 4
    page.screenshot(path=str(ARTIFACTS / "season-print-390x844.png"), full_page=True)
    page.emulate_media(media="print")
    assert not page.locator(".topbar").is_visible()
    assert not page.locator(".sheet-actions").is_visible()
    assert page.locator("table.standings").is_visible()
    page.screenshot(path=str(ARTIFACTS / "season-print-media-390x844.png"), full_page=True)


def test_sign_up_refuses_a_short_password_in_chinese_with_the_bar_beside_the_text(
    page, transactional_db
):
    page.goto(f"{page.base}/accounts/signup/")
    page.fill("input[name=username]", "xinren")
    page.fill("input[name=password1]", "12345")
    page.fill("input[name=password2]", "12345")
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()

    field = page.locator(".field.has-error").first
    errors = field.locator(".errorlist").inner_text()
    assert "密码太短，至少要 8 个字符。" in errors
    assert "too short" not in errors
    page.screenshot(path=str(ARTIFACTS / "signup-password-zh-390x844.png"), full_page=True)
    # The red bar is the field's first 4 px: its text starts clear of it.
    box = field.bounding_box()
    for part in (field.locator("label"), field.locator(".errorlist li").first):
        assert part.bounding_box()["x"] >= box["x"] + 8


def test_calculator_names_apply_as_typed_and_a_shared_round_shows_once(page, transactional_db):
    page.goto(f"{page.base}/calc/")
    page.locator(".calc-settings > summary").click()
    page.fill("input[name=n1]", "李四")
    expect(page.locator('[data-role=winner][data-seat="1"]').first).to_contain_text("李四")
    for selector in CALC_TAPS:
        page.locator(selector).first.click()
    expect(page.locator("#rf-preview .net-grid .small").nth(1)).to_have_text("李四")
    expect(page.locator("#rf-save")).to_be_enabled()
    with page.expect_navigation():
        page.locator("#rf-save").click()

    assert "/calc/r/" in page.url
    expect(page.locator("#rf-preview [data-net]")).to_have_count(4)
    page.locator("#rf-body .rf-section").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert page.locator("[data-role=share]").count() == 1
    assert page.locator("[data-role=preview]").count() == 1
    assert page.locator("#rf-preview .net-grid .small").nth(1).inner_text() == "李四"
    page.screenshot(path=str(ARTIFACTS / "calculator-shared-once-390x844.png"), full_page=True)

    page.goto(f"{page.base}/calc/")
    page.locator(".calc-settings > summary").click()
    page.fill("input[name=n0]", "张三")
    with page.expect_navigation():
        page.locator("[data-role=calc-apply]").click()
    params = parse_qsl(urlsplit(page.url).query, keep_blank_values=True)
    assert all(value for _key, value in params), page.url
    assert ("n0", "张三") in params


def test_a_blank_table_option_names_the_value_of_the_preset_chosen(page, transactional_db):
    from scoring.engine.options import PARAMETER_INFO
    from scoring.engine.rules import PRESETS

    words = PARAMETER_INFO["bird_count"].values
    page.goto(f"{page.base}/calc/")
    page.locator(".calc-settings > summary").click()
    page.locator(".calc-settings details.options > summary").click()
    blank = page.locator("select[name=opt_bird_count] option[value='']")
    assert blank.inner_text() == "按预设：" + words[PRESETS["changsha-67"].bird_count].zh

    other = next(code for code, r in PRESETS.items() if r.bird_count != 2)
    page.select_option("select[name=preset]", other)

    assert blank.inner_text() == "按预设：" + words[PRESETS[other].bird_count].zh
    page.screenshot(path=str(ARTIFACTS / "calculator-preset-values-390x844.png"), full_page=True)
