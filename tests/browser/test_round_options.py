"""A round under the table options, on a phone (390×844): 自由飘 steppers, four bird
pads, 豪华七小对 and a 中途四喜 entered beside the opening wins. The stored round is the
one the taps described and its result is the engine's. Screenshot in tests/artifacts/."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, stored, tap

pytestmark = [pytest.mark.browser]

OPTIONS = {
    "preset": "changsha-67",
    "piao": "free",
    "piao_max": 3,
    "bird_count": 4,
    "haohua": True,
    "extra_small_hands": ["zhongtu_sixi"],
}


def test_a_round_with_piao_four_birds_haohua_and_a_mid_game_win_is_the_engines(page, league):
    from django.contrib.auth import get_user_model

    from leagues.services import ruleset_update
    from scoring.models import Round

    owner = get_user_model().objects.get(username="owner")
    ruleset_update(ruleset=league["season"].ruleset, config=OPTIONS, actor=owner)
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-piao").wait_for()

    # 飘: 李四 2, 赵六 1 (the steppers start at 0 in a new session)
    for seat, times in ((1, 2), (3, 1)):
        for _ in range(times):
            tap(page, f'#rf-piao [data-seat="{seat}"] [data-role=piao-more]')
    # a 中途四喜 by 王五 with its four birds
    tap(page, "[data-role=midgame-add]")
    tap(page, '[data-role=midgame-seat][data-seat="2"]')
    for v in (3, 7, 2, 9):
        tap(page, f'[data-role=midgame-bird][data-bird="{v}"]')
    # 李四 self-draws a 豪华七小对; four final birds
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-winner="1"] [data-hand=haohua_qixiaodui]')
    for v in (1, 5, 6, 8):
        tap(page, f'[data-role=bird][data-bird="{v}"]')

    expected = {
        "dealer": 0,
        "piao": [0, 2, 0, 1],
        "midgame": [{"seat": 2, "hands": ["zhongtu_sixi"], "birds": [3, 7, 2, 9]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["haohua_qixiaodui"]}],
            "birds": [1, 5, 6, 8],
        },
    }
    engine = score_round({**expected, "ruleset": OPTIONS})
    page.locator("[data-role=preview]").wait_for()
    shown = [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]
    assert shown == engine["net"]
    assert "飘" in page.locator("[data-role=preview]").inner_text()
    # the steppers are tap targets a thumb can hit
    buttons = page.locator("#rf-piao .stepper .stepper-btn").all()
    assert len(buttons) == 8  # − and + for each of the four seats
    for box in (b.bounding_box() for b in buttons):
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "round-options-390.png"), full_page=True)
    page.locator("#rf-piao").evaluate(
        "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70)"
    )
    page.screenshot(path=str(ARTIFACTS / "round-options-piao-390.png"))

    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text="第 1 盘已保存").wait_for()

    data = stored(session, 1)
    assert {k: data.get(k) for k in ("dealer", "piao", "midgame")} == {
        k: expected[k] for k in ("dealer", "piao", "midgame")
    }
    assert data["result"]["winners"] == expected["result"]["winners"]
    assert data["result"]["birds"] == expected["result"]["birds"]
    rnd = Round.objects.get(session=session, number=1, is_current=True)
    assert rnd.result["net"] == engine["net"]
    assert rnd.result["transfers"] == engine["transfers"]
    # the next round's steppers start from this round's stakes
    values = page.locator("#rf-piao [data-role=piao-value]").all_inner_texts()
    assert [int(v) for v in values] == [0, 2, 0, 1]


def test_under_birds_from_the_winner_the_hints_count_from_the_engines_seat(page, league):
    """bird_origin "winner": an opening's birds count from its winner; two winners' from
    the discarder (rules.md §9.1). The page looks the seat up in the engine's table."""
    from django.contrib.auth import get_user_model

    from leagues.services import ruleset_update

    owner = get_user_model().objects.get(username="owner")
    config = {"preset": "changsha-67", "bird_origin": "winner"}
    ruleset_update(ruleset=league["season"].ruleset, config=config, actor=owner)
    session = log_in_and_start(page, league)  # 张三 (seat 0) deals
    page.goto(form_url(page, session))
    page.locator("[data-role=opening-add]").wait_for()

    # 王五 (seat 2) wins an opening; bird 2 counts on from 王五: 赵六
    tap(page, "[data-role=opening-add]")
    tap(page, '[data-fields="openings.0"] [data-role=opening-seat][data-seat="2"]')
    tap(page, '[data-fields="openings.0"] [data-role=opening-bird][data-bird="2"]')
    opening_hint = page.locator('[data-fields="openings.0"] .bird-slots .muted')
    assert opening_hint.inner_text() == "→ 赵六"
    # 李四 and 王五 win off 赵六 (seat 3): bird 2 counts on from 赵六: 张三
    tap(page, "[data-kind=discard]")
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '#rf-birds [data-role=bird][data-bird="2"]')
    assert page.locator("#rf-birds .bird-slots .muted").inner_text() == "→ 张三"


def test_without_opening_birds_a_round_with_an_opening_previews_by_itself(page, league):
    """opening_birds false: an opening needs no bird, so the round is complete (and the
    preview runs by itself) once the result is entered."""
    from django.contrib.auth import get_user_model

    from leagues.services import ruleset_update

    owner = get_user_model().objects.get(username="owner")
    config = {"preset": "changsha-67", "opening_birds": False}
    ruleset_update(ruleset=league["season"].ruleset, config=config, actor=owner)
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("[data-role=opening-add]").wait_for()

    tap(page, "[data-role=opening-add]")
    tap(page, '[data-fields="openings.0"] [data-role=opening-seat][data-seat="2"]')
    tap(page, '[data-fields="openings.0"] [data-hand=sixi]')
    tap(page, '[data-role=winner][data-seat="1"]')  # a new winner starts with 平胡
    for v in (1, 5):
        tap(page, f'[data-role=bird][data-bird="{v}"]')

    expected = {
        "dealer": 0,
        "openings": [{"seat": 2, "hands": ["sixi"]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 5],
        },
    }
    engine = score_round({**expected, "ruleset": config})
    page.locator("[data-role=preview]").wait_for()  # no 预览 tap
    shown = [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]
    assert shown == engine["net"]
