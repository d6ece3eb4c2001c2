"""A transfer's words: a penalty reads like a win's arithmetic, in the page's language."""

from __future__ import annotations

import re

from django.utils import translation

from csmj_site.payment_words import transfer_rows
from scoring import engine
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
