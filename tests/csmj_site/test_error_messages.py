"""One error path: a refusal shows the reader's language on a page, English in the API,
and every code of both catalogues has an English and a Chinese message."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from csmj_site.errors import MESSAGES, ServiceError, ServiceErrors, field_errors
from scoring.engine.errors import FieldError
from scoring.engine.messages import ALL_MESSAGES
from tests.api_helpers import rounds_url
from tests.factories import round_discard

CJK = re.compile(r"[\u4e00-\u9fff]")
FIELD_PATH = re.compile(r"[a-z_]+\.[a-z_]+")  # result.discarder, config.bird_count, …


def no_discarder() -> dict:
    data = round_discard(1, 0)
    data["result"].pop("discarder")
    return data


@pytest.mark.django_db
def test_a_chinese_page_shows_no_english_field_path_in_an_error(rec, session):
    url = reverse("round-new", args=[session.season.club.slug, session.pk])

    response = rec.post(url, {"data": json.dumps(no_discarder())})

    errors = response.context["rf_context"]["errors"]
    mine = next(e for e in errors if e["code"] == "missing_discarder")
    assert mine["field"] == "result.discarder"
    assert mine["message"] == "点炮必须给出放炮者"
    assert "result.discarder" not in response.content.decode().split("<script")[0]
    assert not any(FIELD_PATH.search(e["message"]) for e in errors)


@pytest.mark.django_db
def test_the_api_answers_the_same_error_in_english_with_its_field(api_as, club, session):
    response = api_as("recorder").post(rounds_url(club, session), no_discarder(), format="json")

    assert response.status_code == 400
    mine = next(e for e in response.json()["errors"] if e["code"] == "missing_discarder")
    assert mine == {
        "field": "result.discarder",
        "code": "missing_discarder",
        "message": "result.discarder is required for a discard win",
    }


@pytest.mark.django_db
def test_the_api_answers_a_service_refusal_in_english_only(api_as, club, season, session):
    season.is_closed = True
    season.save()

    response = api_as("recorder").post(
        rounds_url(club, session), round_discard(1, 0), format="json"
    )

    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error == {
        "field": "season",
        "code": "season_closed",
        "message": f"season {season.name!r} is closed",
    }


@pytest.mark.django_db
def test_a_permission_refusal_is_english_in_the_api_and_chinese_on_a_page(
    api_as, reader, club, session
):
    api = api_as("member").post(rounds_url(club, session), round_discard(1, 0), format="json")
    page = reader.get(reverse("round-new", args=[club.slug, session.pk]))

    assert api.status_code == 403
    assert "recorder role" in json.dumps(api.json()) and not CJK.search(json.dumps(api.json()))
    assert page.status_code == 403
    body = page.content.decode()
    assert "没有权限" in body and "Recording needs the recorder role" not in body


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_site_code_has_an_english_and_a_chinese_message(key):
    english = MESSAGES[key]
    with translation.override("zh-hans"):
        chinese = translation.gettext(english)
    with translation.override("en"):
        assert translation.gettext(english) == english

    assert not CJK.search(english)
    assert chinese != english and CJK.search(chinese)
    assert not re.search(r"\{(what|field)\}", chinese)
    assert not ENGLISH_WORD.search(PLACEHOLDER.sub("", chinese)), chinese


@pytest.mark.parametrize("code", sorted(ALL_MESSAGES))
def test_every_engine_code_has_an_english_and_a_chinese_template(code):
    english, chinese = ALL_MESSAGES[code]

    assert english and chinese and chinese != english


# A template's {placeholder}; {{ }} is a literal brace.
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
# An English word, snake_case name or dotted path: two ASCII lowercase letters in a row.
# What may stay is one-letter tile notation (5m, 123m456s789p, "m 万、s 条、p 筒"),
# numbers, 2/5/8 and upper-case JSON.
ENGLISH_WORD = re.compile(r"[a-z_][a-z_.]*[a-z_]")
# Params that hold a code or an English phrase; a Chinese template uses their _zh twin.
CODE_PARAMS = {"option", "code", "kind", "pair_rule", "rule", "reason", "why", "where"}


@pytest.mark.parametrize(
    "template, found",
    [
        ("{field}：{value} 需要海底信息（result.haidi）", "result.haidi"),
        ("{field}：请记在 midgame 里", "midgame"),
        ("{field}：（opening_birds 为 false）", "opening_birds"),
        ("海底（taker {taker}）", "taker"),
    ],
)
def test_the_english_word_check_finds_identifiers_outside_placeholders(template, found):
    assert ENGLISH_WORD.search(PLACEHOLDER.sub("", template)).group() == found


@pytest.mark.parametrize("code", sorted(ALL_MESSAGES))
def test_no_chinese_template_holds_an_english_name_or_a_code(code):
    chinese = ALL_MESSAGES[code][1]

    words = ENGLISH_WORD.findall(PLACEHOLDER.sub("", chinese))
    codes = set(re.findall(r"(?<!\{)\{(\w+)\}", chinese)) & CODE_PARAMS
    assert not words, f"{code}: {chinese}"
    assert not codes, f"{code}: {chinese}"


def engine_errors_zh(data: dict) -> list[str]:
    from scoring.engine import validate_round

    with translation.override("zh-hans"):
        return [e.localised() for e in field_errors(validate_round(data), ALL_MESSAGES)]


def test_a_hand_named_in_a_chinese_error_is_named_in_chinese():
    data = round_discard({1: ["haidilaoyue"]}, 0)
    data["result"]["kind"] = "self_draw"
    data["result"].pop("discarder")

    messages = engine_errors_zh(data)

    assert "海底捞月需要海底信息（谁要了海底、海底牌是哪张）" in messages
    assert not any(ENGLISH_WORD.search(m) for m in messages), messages


def test_a_repeated_hand_and_a_repeated_penalty_are_named_in_chinese():
    data = round_discard({1: ["qingyise", "qingyise"]}, 0)
    data["penalties"] = [{"seat": 2, "kind": "escape"}, {"seat": 2, "kind": "escape"}]

    messages = engine_errors_zh(data)

    assert "牌型清一色重复" in messages
    assert "3号位已有一条逃跑罚分" in messages
    assert not any(ENGLISH_WORD.search(m) for m in messages), messages


def test_a_haidi_win_by_the_wrong_seat_says_who_took_the_haidi():
    data = round_discard({1: ["haidilaoyue"]}, 0)
    data["result"].update(kind="self_draw", haidi={"taker": 3, "tile": "5m"})
    data["result"].pop("discarder")

    messages = engine_errors_zh(data)

    assert "海底捞月必须由要海底的那家胡（要海底的是4号位），2号位不行" in messages


def test_a_chinese_message_leaves_the_field_path_out_and_english_keeps_it():
    error = FieldError(
        "result.discarder",
        "missing_discarder",
        "result.discarder is required for a discard win",
        {"field": "result.discarder"},
    )
    [service_error] = field_errors([error], ALL_MESSAGES)

    with translation.override("zh-hans"):
        assert service_error.localised() == "点炮必须给出放炮者"
    with translation.override("en"):
        assert service_error.localised() == "result.discarder is required for a discard win"
    assert service_error.as_dict()["message"] == error.message


def test_a_ruleset_error_under_one_field_still_names_the_key_the_reader_typed():
    error = FieldError(
        "config.bird_count",
        "out_of_range",
        "config.bird_count must be between 0 and 2, got 7",
        {"field": "config.bird_count", "min": 0, "max": 2, "value": 7},
    )
    [service_error] = field_errors([error], ALL_MESSAGES, field="config")

    assert service_error.field == "config"
    with translation.override("zh-hans"):
        assert service_error.localised() == "bird_count：应在 0 到 2 之间，收到 7"


def test_a_form_shows_a_service_refusal_in_the_language_active_when_shown():
    refusal = ServiceErrors([ServiceError("nets", "nets", {"players": 3}, variant="count")])

    with translation.override("zh-hans"):
        assert refusal.message_dict == {"nets": ["本赛季的纸面记录需要 3 个得分"]}
    with translation.override("en"):
        assert refusal.message_dict == {"nets": ["A paper session of this season needs 3 nets"]}


def test_an_unknown_code_is_refused_when_the_error_is_made():
    with pytest.raises(KeyError):
        ServiceError("x", "no_such_code")


def test_an_error_moved_to_another_field_keeps_its_code_and_messages():
    engine_error = FieldError(
        "result.discarder", "missing_discarder", "result.discarder is required"
    )
    [error] = field_errors([engine_error], ALL_MESSAGES)
    when = ServiceError("when", "invalid_datetime")

    moved = error.at("rounds[2].result.discarder")
    renamed = when.at("started_at")

    assert moved.as_dict() == {
        "field": "rounds[2].result.discarder",
        "code": "missing_discarder",
        "message": "result.discarder is required",
    }
    assert renamed.message == "started_at must be an ISO 8601 date-time"
    assert str(renamed) == renamed.message and error.field == "result.discarder"
    with translation.override("zh-hans"):
        assert moved.localised() == error.localised() and CJK.search(moved.localised())
        assert renamed.localised() == "必须是 ISO 8601 日期时间"


def test_a_chinese_error_names_seats_as_the_pages_do_never_by_their_index():
    data = round_discard({1: ["dihu"]}, 2)  # 地胡 on a discard that is not the dealer's

    messages = engine_errors_zh(data)

    assert any("放炮者应为1号位，而不是3号位" in m for m in messages), messages
    assert not any("座位" in m for m in messages), messages
