"""``python manage.py analyse_hand TILES``: summaries, JSON, and bad input."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    out = io.StringIO()
    try:
        call_command("analyse_hand", *args, stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), ""


def test_a_winning_hand_is_summarised_with_chinese_and_english_names():
    status, out, _ = run("11133366677799p", "--win-tile", "9p")
    assert status == 0
    assert "和牌 winning hand: 碰碰胡 pengpenghu, 清一色 qingyise" in out
    assert "大胡 big hand, 2 番 unit(s), 12 片 chips" in out
    assert "拆法 decomposition: 111p 333p 666p 777p 99p" in out


def test_a_hand_that_does_not_win_says_why():
    status, out, _ = run("123m456s789p123p33m")
    assert status == 0
    assert "不是和牌 / not a winning hand:" in out
    assert "乱将" in out and "2/5/8" in out


def test_melds_and_the_situation_are_taken_from_options():
    status, out, _ = run(
        "123m456s123p55m", "--melds", "暗杠:7777s", "--self-draw", "--gang", "kong", "--dealer"
    )
    assert status == 0
    assert "和牌 winning hand: 杠上开花 gangshangkaihua" in out
    assert "[angang:7777s]" in out
    assert "自摸 self-draw · 庄家 dealer" in out


def test_the_ruleset_option_changes_the_pair_rule():
    assert "和牌 winning hand: 海底捞月" in run("123m456s789p123p33m", "--self-draw", "--haidi")[1]
    out = run("123m456s789p123p33m", "--self-draw", "--haidi", "--ruleset", "changsha-online")[1]
    assert "不是和牌" in out
    custom = '{"preset": "changsha-online", "situational_pair": "any"}'
    out = run("123m456s789p123p33m", "--self-draw", "--haidi", "--ruleset", custom)[1]
    assert "和牌 winning hand: 海底捞月" in out


def test_an_opening_hand_lists_each_type_with_its_count():
    status, out, _ = run("2222m5555s134p67p", "--opening")
    assert status == 0
    assert "四喜 sixi ×2 (2222m 5555s)" in out
    assert "报法 claim: sixi, sixi, liuliushun" in out
    assert "没有起手胡 / no opening hand" in run("123m456m789s258p1s", "--opening")[1]


def test_json_output_is_the_api_body():
    status, out, _ = run("11133366677799p", "--json")
    assert status == 0
    body = json.loads(out)
    assert body["kind"] == "final"
    assert body["best_claim"] == ["pengpenghu", "qingyise"]
    assert body["decomposition"]["notation"] == "111p 333p 666p 777p 99p"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["123z"], "tile_unknown_suit"),
        (["1234m"], "tile_count"),
        (["11111m2345678s99p"], "tile_fifth_copy"),
        (["33s", "--melds", "chi:135m"], "meld_malformed"),
        (["123m456s789p123p55m", "--ruleset", "nope"], "unknown_preset"),
        (["123m456s789p123p55m", "--haidi", "--gang", "kong"], "context_conflict"),
    ],
)
def test_bad_input_exits_2_with_the_error_code_in_json(args, code):
    status, out, message = run(*args, "--json")
    assert status == 2
    assert code in [e["code"] for e in json.loads(out)["errors"]]
    assert "invalid input" in message


def test_bad_input_in_text_mode_lists_the_problems():
    status, out, message = run("0m9z")
    assert (status, out) == (2, "")
    assert "'0' at position 1" in message
    assert "unknown suit 'z'" in message


@pytest.mark.slow
def test_the_real_command_exits_2_without_a_traceback():
    proc = subprocess.run(
        [sys.executable, "manage.py", "analyse_hand", "12x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "unknown suit 'x'" in proc.stderr
