"""The season's standings with a penalty, at 390×844: the page shows 总分, 罚分 and 合计,
ranks by 合计 and says so; the CSV and the Excel file downloaded from it, opened with the
libraries that wrote them (csv, openpyxl), carry the same columns in the same order."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD

pytestmark = [pytest.mark.browser]


def test_a_penalty_reads_right_on_the_page_and_in_both_downloads(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.events.services import penalty_give
    from scoring.standings.selectors import season_standings

    season = league["season"]
    club = league["club"]
    owner = get_user_model().objects.get(username="owner")
    players = [club.players.get(display_name=n) for n in NAMES]
    session = services.session_start(season=season, players=players, first_dealer=0, actor=owner)
    services.round_record(
        session=session,
        data={
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "birds": [3, 4],
            },
        },
        actor=owner,
    )
    first, second = season_standings(season=season)[:2]
    assert first.player.display_name == "李四"
    fine = -(first.net - second.net + 1)  # 李四's 合计 one below the second's 总分
    penalty_give(season=season, player=first.player, amount=fine, reason="迟到", actor=owner)
    ranked = [r.player.display_name for r in season_standings(season=season)]
    assert ranked[0] == second.player.display_name and ranked[0] != "李四"

    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "jilu")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()
    page.goto(f"{page.base}/c/yuelu/seasons/{season.pk}/")

    table = page.locator("table.standings")
    heads = table.locator("thead th").all_inner_texts()
    assert heads[2:5] == ["总分", "罚分", "合计"]
    order = table.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.player)")
    assert order == ranked  # 李四 leads on 总分 but not on 合计
    row = table.locator('tr[data-player="李四"]')
    assert int(row.locator("[data-col=net]").inner_text()) == first.net
    assert int(row.locator("[data-col=penalties]").inner_text()) == fine
    assert int(row.locator("[data-col=total]").inner_text()) == first.net + fine
    assert "先比合计（总分加罚分）" in page.locator("[data-role=tiebreak]").inner_text()
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "season-standings-penalty-390x844.png"))

    with page.expect_download() as got:
        page.locator("a", has_text="导出 CSV").click()
    with open(got.value.path(), encoding="utf-8-sig") as f:
        header, *rows = csv.reader(io.StringIO(f.read()))
    assert header[2:5] == ["总分", "罚分", "合计"]
    assert [r[1] for r in rows] == ranked
    mine = next(r for r in rows if r[1] == "李四")
    assert [int(x) for x in mine[2:5]] == [first.net, fine, first.net + fine]

    with page.expect_download() as got:
        page.locator("[data-role=xlsx]").click()
    with open(got.value.path(), "rb") as f:
        sheet = load_workbook(io.BytesIO(f.read())).worksheets[0]
    header, *rows = [[c.value for c in r] for r in sheet.iter_rows()]
    assert header[2:5] == ["总分", "罚分", "合计"]
    assert [r[1] for r in rows] == ranked
    mine = next(r for r in rows if r[1] == "李四")
    assert mine[2:5] == [first.net, fine, first.net + fine]
