"""A transfer's words: a penalty reads like a win's arithmetic, in the page's language."""

from __future__ import annotations

import re

from django.utils import translation

import scoring.engine as engine
from leagues.payment_words import transfer_rows
from tests.factories import round_self_draw

NAMES = ["张三", "李四", "王五", "赵六"]


def escape_rows(penalty: int, lang: str) -> list[dict]:
    rules, errors = engine.parse_ruleset(
        {"preset": "changsha-67", "escape_penalty": penalty, "escape_distribution": "split"}
    )
    assert errors == []
    data = round_self_draw(0)
    data["penalties"] = [{"seat": 3, "kind": "escape"}]
    result = engine.score_round(data, rules=rules)
    with translation.override(lang):
        return [r for r in transfer_rows(result, NAMES) if r["event"] in ("罚分", "Penalty")]


def test_a_split_escape_penalty_reads_in_chinese_on_a_chinese_page():
    rows = escape_rows(12, "zh-hans")

    assert len(rows) == 3
    assert {r["payer"] for r in rows} == {"赵六"}
    assert all(r["arith"] == "逃跑罚分 12，三家平分，每家 4" for r in rows)
    assert not any(re.search(r"[a-z]{2,}", r["arith"]) for r in rows)


def test_what_a_split_leaves_over_is_burned_and_said_so():
    rows = escape_rows(13, "zh-hans")

    assert rows[0]["arith"] == "逃跑罚分 13，三家平分，每家 4，余下 1 分烧掉"


def test_a_penalty_reads_in_english_on_an_english_page():
    rows = escape_rows(13, "en")

    assert rows[0]["arith"] == (
        "escape penalty 13, split among the other three, 4 each, 1 left over burned"
    )


def win_rows(data: dict, config: dict, lang: str = "zh-hans") -> list[dict]:
    from leagues.ruleset_explain import payment_terms

    rules, errors = engine.parse_ruleset(config)
    assert errors == []
    result = engine.score_round(data, rules=rules)
    with translation.override(lang):
        return transfer_rows(result, NAMES, payment_terms(data=data, config=config))


def test_the_dealer_bonus_is_a_term_of_its_own_not_folded_into_the_base():
    data = round_self_draw(1, ["pengpenghu"], birds=[1, 2])  # 李四 self-draws; 张三 deals

    rows = win_rows(data, {"preset": "changsha-67"})

    from_dealer = next(r for r in rows if r["payer"] == "张三")
    from_idle = next(r for r in rows if r["payer"] == "王五")
    # 6 底 + 1 庄分, a bird on each of them (×3), then 自摸加 1: 22
    assert from_dealer["arith"] == "(6 + 1 庄分) × 3 + 1 自摸加"
    assert from_dealer["amount"] == 22
    assert from_idle["arith"] == "6 × 2 + 1 自摸加"


def test_a_payment_names_its_hands_not_their_class():
    data = round_self_draw(1, ["pengpenghu"], birds=[1, 2])
    data["openings"] = [{"seat": 2, "hands": ["sixi"], "birds": [3, 3]}]

    rows = win_rows(data, {"preset": "changsha-67"})

    assert {r["hand"] for r in rows if r["event"] == "胡牌"} == {"碰碰胡"}
    assert {r["hand"] for r in rows if r["event"] == "起手胡"} == {"四喜"}
    assert not any(r["hand"] in ("大胡", "小胡") for r in rows)


def test_a_capped_payment_reads_its_total_then_the_cap_in_the_pages_punctuation():
    data = round_self_draw(1, ["qingyise", "pengpenghu"], birds=[2, 6])

    rows = win_rows(data, {"preset": "changsha-67", "cap": 20})
    english = win_rows(data, {"preset": "changsha-67", "cap": 20}, lang="en")

    from_idle = next(r for r in rows if r["payer"] == "王五")
    assert from_idle["arith"] == "12 × 3 + 1 自摸加 = 37，封顶 20"
    assert from_idle["amount"] == 20
    assert next(r for r in english if r["payer"] == "王五")["arith"] == (
        "12 × 3 + 1 self-draw bonus = 37, capped at 20"
    )


def test_the_preview_says_a_capped_amount_once(rec, session, owner):
    from django.urls import reverse

    from leagues.services import ruleset_update

    ruleset = session.season.ruleset
    ruleset_update(ruleset=ruleset, config={"preset": "changsha-67", "cap": 20}, actor=owner)
    data = round_self_draw(1, ["qingyise", "pengpenghu"], birds=[2, 6])
    url = reverse("round-preview", args=[session.season.club.slug, session.pk])

    html = rec.post(url, data, content_type="application/json").json()["html"]

    assert "= 37，封顶 20</td>" in html
    assert "封顶 20 = 20" not in html
