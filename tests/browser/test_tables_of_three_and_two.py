"""Tables of three and two on a phone (390×844, rules.md §10): a three-player session
recorded by tapping (a self-draw, a discard, a 通炮 with two winners, a draw with kongs)
and a two-player 缺一门 session; the bird pads name the seat each number lands on, or 空;
the stored rounds are the ones tapped and the scoreboard's totals are the engine's.
A three-player 点炮 平胡 with two birds takes at most five taps. Screenshots in
tests/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.engine import score_round
from scoring.engine.options import KONG_KINDS
from scoring.engine.words import BIRD_ON_NOBODY
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import (
    COUNT_TAPS,
    form_url,
    log_in_and_start,
    saved,
    stored,
    tap,
    taps,
)

pytestmark = [pytest.mark.browser]

THREE = {"preset": "changsha-67", "players": 3, "kong_pay": True}
TWO = {"preset": "changsha-67", "players": 2, "quyimen": True, "kong_pay": True}


def seat_rules(league, config):
    from django.contrib.auth import get_user_model

    from leagues.services import ruleset_update

    owner = get_user_model().objects.get(username="owner")
    ruleset_update(ruleset=league["season"].ruleset, config=config, actor=owner)


def lands(page, role, v):
    """What the bird pad says under number v: the seat it lands on, or 空."""
    return page.locator(f'[data-role={role}][data-bird="{v}"] small').inner_text()


def shown_net(page):
    page.locator("[data-role=preview]").wait_for()
    return [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]


def shows_totals(page, expected):
    """The scoreboard comes to show these totals. It is redrawn after the saved banner,
    once the browser's queue (IndexedDB) has answered, so it is waited for, not read."""
    expect(page.locator("#rf-scoreboard [data-total]")).to_have_text([str(n) for n in expected])


def engine_totals(rounds, config):
    nets = [score_round({**r, "ruleset": config})["net"] for r in rounds]
    return [sum(col) for col in zip(*nets, strict=True)]


def test_a_three_player_session_self_draw_discard_tongpao_and_a_draw_with_kongs(page, league):
    seat_rules(league, THREE)
    session = log_in_and_start(page, league)
    page.add_init_script(COUNT_TAPS)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    # three seats on every pad; the kongs row is there (杠分 on)
    assert page.locator("[data-role=winner]").count() == 3
    assert page.locator("[data-role=dealer]").count() == 3
    assert page.locator("#rf-kongs").is_visible()

    # 1. 李四 self-draws; birds counted from the dealer 张三: 4 and 8 land on nobody
    tap(page, '[data-role=winner][data-seat="1"]')
    assert [lands(page, "bird", v) for v in (1, 2, 3, 4, 8)] == [
        "张三",
        "李四",
        "王五",
        BIRD_ON_NOBODY.zh,
        BIRD_ON_NOBODY.zh,
    ]
    tap(page, '[data-role=bird][data-bird="4"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    page.locator("[data-role=bird-landed]", has_text=f"→ {BIRD_ON_NOBODY.zh}、李四").wait_for()
    page.screenshot(path=str(ARTIFACTS / "round-form-three-birds-390x844.png"), full_page=True)
    tap(page, "#rf-save")
    saved(page, 1)

    # 2. 点炮 平胡 with two birds: 王五 wins on 张三's discard, the dealer (李四) pre-filled
    start = taps(page)
    assert page.locator('[data-role=dealer][data-seat="1"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="1"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    shown_net(page)
    tap(page, "#rf-save")
    saved(page, 2)
    discard_taps = taps(page) - start

    # 3. 通炮: 张三 and 李四 both win on 王五's discard (the dealer, 王五, pre-filled)
    assert page.locator('[data-role=dealer][data-seat="2"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=winner][data-seat="0"]')
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    tongpao = {
        "dealer": 2,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 0, "hands": ["pinghu"]}, {"seat": 1, "hands": ["pinghu"]}],
            "discarder": 2,
            "birds": [3, 5],
        },
    }
    assert shown_net(page) == score_round({**tongpao, "ruleset": THREE})["net"]
    tap(page, "#rf-save")
    saved(page, 3)

    # 4. a draw, 张三 offered the 海底 and nobody took it; 李四's 暗杠, and 王五's 放杠 on
    # 张三's discard (the discarder after a 通炮, 王五, deals)
    tap(page, "[data-kind=draw]")
    tap(page, '[data-role=haidi-first][data-seat="0"]')
    tap(page, '[data-role=kong-seat][data-seat="1"]')
    tap(page, "[data-role=kong-kind][data-kind=an]")
    tap(page, '[data-role=kong-seat][data-seat="2"]')
    tap(page, "[data-role=kong-kind][data-kind=ming]")
    tap(page, '[data-role=kong-from][data-seat="0"]')
    # a wrong one, removed with one tap
    tap(page, '[data-role=kong-seat][data-seat="0"]')
    tap(page, "[data-role=kong-kind][data-kind=jia]")
    assert page.locator("[data-role=kong-remove]").count() == 3
    tap(page, '[data-role=kong-remove][data-kong="2"]')
    assert page.locator("[data-role=kong-remove]").all_text_contents() == [
        f"李四 {KONG_KINDS['an'].name.zh}✕",
        f"王五 {KONG_KINDS['ming'].name.zh} ← 张三✕",
    ]
    draw = {
        "dealer": 2,
        "result": {"kind": "draw", "winners": [], "haidi": {"first_offered": 0, "taker": None}},
        "kongs": [{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
    }
    assert shown_net(page) == score_round({**draw, "ruleset": THREE})["net"]
    kongs = page.locator("[data-role=preview-kong]").all_inner_texts()
    assert len(kongs) == 2
    assert "暗杠 2 × 2 家 = 4" in kongs[0] and "放杠 1 × 2 家 = 2" in kongs[1]
    page.locator("#rf-kongs").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "round-form-three-kongs-390x844.png"))
    page.locator("[data-role=preview]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "round-form-three-kong-preview-390x844.png"))
    tap(page, "#rf-save")
    saved(page, 4)

    rounds = [
        {
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "birds": [4, 2],
            },
        },
        {
            "dealer": 1,
            "result": {
                "kind": "discard",
                "winners": [{"seat": 2, "hands": ["pinghu"]}],
                "discarder": 0,
                "birds": [1, 6],
            },
        },
        tongpao,
        draw,
    ]
    for number, expected in enumerate(rounds, start=1):
        data = stored(session, number)
        assert (data["dealer"], data["result"]["kind"]) == (
            expected["dealer"],
            expected["result"]["kind"],
        )
        assert data["result"]["winners"] == expected["result"]["winners"]
        assert data.get("kongs", []) == expected.get("kongs", [])
    assert stored(session, 3)["result"]["discarder"] == 2
    shows_totals(page, engine_totals(rounds, THREE))
    print(f"taps: three-player discard win {discard_taps}")
    assert discard_taps <= 5


def test_a_two_player_session_without_bamboos(page, league):
    seat_rules(league, TWO)
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=winner]").count() == 2

    # 1. 张三 (the dealer) self-draws: birds 1/5/9 on him, 3/7 on 李四, the rest on nobody
    tap(page, '[data-role=winner][data-seat="0"]')
    assert [lands(page, "bird", v) for v in (1, 2, 3, 4)] == [
        "张三",
        BIRD_ON_NOBODY.zh,
        "李四",
        BIRD_ON_NOBODY.zh,
    ]
    tap(page, '[data-role=bird][data-bird="5"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    shown_net(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-two-birds-390x844.png"), full_page=True)
    tap(page, "#rf-save")
    saved(page, 1)

    # 2. 李四 wins on 张三's discard, with a 放杠 on 张三 (at two seats: two taps)
    tap(page, '[data-role=discarder][data-seat="0"]')
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="7"]')
    tap(page, '[data-role=kong-seat][data-seat="1"]')
    tap(page, "[data-role=kong-kind][data-kind=ming]")
    shown_net(page)
    tap(page, "#rf-save")
    saved(page, 2)

    # 3. a draw; the 海底 tile picked from 万 and 筒 only (no 条 at this table)
    tap(page, "[data-kind=draw]")
    tap(page, '[data-role=haidi-first][data-seat="1"]')
    tap(page, "[data-role=haidi-tile]")
    page.locator("#tile-picker [data-tile]").first.wait_for()
    tiles = page.locator("#tile-picker [data-tile]")
    assert tiles.count() == 18
    assert page.locator('#tile-picker [data-tile$="s"]').count() == 0
    page.screenshot(path=str(ARTIFACTS / "tile-picker-quyimen-390x844.png"))
    tap(page, '#tile-picker [data-tile="5p"]')
    shown_net(page)
    tap(page, "#rf-save")
    saved(page, 3)

    rounds = [
        {
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 0, "hands": ["pinghu"]}],
                "birds": [5, 2],
            },
        },
        {
            "dealer": 0,
            "result": {
                "kind": "discard",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "discarder": 0,
                "birds": [3, 7],
            },
            "kongs": [{"seat": 1, "kind": "ming", "from": 0}],
        },
        {
            "dealer": 1,
            "result": {
                "kind": "draw",
                "winners": [],
                "haidi": {"tile": "5p", "first_offered": 1, "taker": None, "replaced_by": None},
            },
        },
    ]
    for number, expected in enumerate(rounds, start=1):
        data = stored(session, number)
        assert data["dealer"] == expected["dealer"]
        assert data["result"]["winners"] == expected["result"]["winners"]
        assert data.get("kongs", []) == expected.get("kongs", [])
    assert stored(session, 3)["result"]["haidi"]["tile"] == "5p"
    shows_totals(page, engine_totals(rounds, TWO))


def test_the_calculator_switches_to_three_seats_in_one_tap_and_scores_a_kong(page, league):
    page.goto(f"{page.base}/calc/?preset=changsha-67&opt_kong_pay=true")
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=winner]").count() == 4

    with page.expect_navigation():
        tap(page, '[data-role=calc-size][data-players="3"]')
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=winner]").count() == 3
    assert page.locator('[data-role=calc-size][data-players="3"]').get_attribute("aria-current")

    tap(page, '[data-role=winner][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="1"]')
    tap(page, '[data-role=bird][data-bird="8"]')
    tap(page, '[data-role=kong-seat][data-seat="2"]')
    tap(page, "[data-role=kong-kind][data-kind=jia]")
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 0, "hands": ["pinghu"]}],
            "birds": [1, 8],
        },
        "kongs": [{"seat": 2, "kind": "jia"}],
    }
    config = {"preset": "changsha-67", "kong_pay": True, "players": 3}
    assert shown_net(page) == score_round({**data, "ruleset": config})["net"]
    assert "加杠 1 × 2 家 = 2" in page.locator("[data-role=preview-kong]").inner_text()
    page.screenshot(path=str(ARTIFACTS / "calculator-three-seats-390x844.png"), full_page=True)
