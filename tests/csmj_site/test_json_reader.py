"""The project's one JSON reader (csmj_site/jsonio.py) and its error type (csmj_site/errors.py),
and a scan of the code: no other json.loads reads input on a request path."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from django.utils import translation

from csmj_site.errors import MESSAGES, ServiceError
from csmj_site.jsonio import MAX_DEPTH, json_parse

ROOT = Path(__file__).resolve().parents[2]
# Code that serves requests or reads files from outside: every Python module of these.
SCANNED = ("csmj_site", "leagues", "scoring")
# The reader itself, and json.loads of text the code has just written itself (never input).
ALLOWED = {
    "csmj_site/jsonio.py": "the reader",
    "leagues/audit.py": "json.loads(json.dumps(values)): the audit snapshot's own values",
    "scoring/idempotency.py": "json.loads(JSONRenderer().render(...)): a response being stored",
    "scoring/engine/native.py": "the compiled engine's build stamp, a file the build wrote",
}


def refused(text, **kw) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        json_parse(text, **kw)
    return caught.value


def test_valid_json_reads_as_json_does():
    text = '{"dealer": 0, "result": {"kind": "draw"}, "fish": [1, 0, 2.5, null, true], "名": "长"}'
    assert json_parse(text) == json.loads(text)
    assert json_parse(text.encode()) == json.loads(text)


def test_a_duplicate_key_is_refused_naming_the_key():
    error = refused('{"dealer": 0, "result": {"kind": "draw"}, "result": {"kind": "x"}}')
    assert (error.field, error.code, error.params) == ("body", "duplicate_key", {"key": "result"})
    assert error.message == 'the body has the key "result" more than once'


def test_a_duplicate_key_deep_inside_is_refused_too():
    error = refused('{"result": {"winners": [{"seat": 0, "seat": 1}]}}', field="data")
    assert (error.field, error.code, error.params["key"]) == ("data", "duplicate_key", "seat")


@pytest.mark.parametrize(
    "text",
    ["[" * 10_000 + "]" * 10_000, "[" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000],
)
def test_nesting_that_would_overflow_the_parser_is_too_deep(text):
    error = refused(text)
    assert error.code == "too_deep"


def test_nesting_is_limited_to_max_depth_levels():
    assert json_parse("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert refused("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)).code == "too_deep"


def test_a_value_inside_the_last_level_is_one_level_too_deep():
    fits = '{"k": ' * (MAX_DEPTH - 1) + '"leaf"' + "}" * (MAX_DEPTH - 1)
    assert json_parse(fits)["k"] is not None
    assert refused(f"[{fits}]").code == "too_deep"
    assert refused(f'["\\ud800", {fits}]').code == "too_deep"  # also where strings are read
    assert json_parse("[" * (MAX_DEPTH - 1) + "[]" + "]" * (MAX_DEPTH - 1)) is not None


@pytest.mark.parametrize(
    "text",
    [
        '"\\ud800"',
        '{"\\udfff": 1}',
        '["a", {"b": "x\\ud800y"}]',
        '{"a": [{"b": {"\\uDBFF": "c"}}]}',  # upper-case escape in a nested key
        '{"a": {"b": "\ud800"}}',  # the character itself in the text, not escaped
    ],
)
def test_a_lone_surrogate_is_refused(text):
    assert refused(text).code == "invalid_unicode"


def test_a_surrogate_pair_is_one_character_and_accepted():
    assert json_parse('"\\ud83c\\udc04"') == "\U0001f004"


@pytest.mark.parametrize(
    "text",
    [
        "{nope",
        "",
        "NaN",
        '{"x": Infinity}',
        "1" * 5000,
        b"\xff\xfe{",
        '{"a": 1,}',
        "1e309",
        "-1e400",
    ],
)
def test_text_that_is_not_json_is_malformed_json(text):
    error = refused(text)
    assert error.code == "malformed_json"
    assert error.message.startswith("the body is not valid JSON: ")


def test_the_size_is_limited():
    error = refused('{"tiles": "' + "1m" * 100 + '"}', max_bytes=100)
    assert (error.code, error.params) == ("too_large", {"limit": 100})
    assert error.message == "the body is larger than 100 bytes"


def test_the_error_is_a_field_a_code_and_params_with_one_message_per_code():
    error = ServiceError("config", "duplicate_key", {"key": "bird_count"})
    assert error.as_dict() == {
        "field": "config",
        "code": "duplicate_key",
        "message": 'config has the key "bird_count" more than once',
    }
    assert set(MESSAGES) >= {"malformed_json", "duplicate_key", "too_deep", "invalid_unicode"}
    with pytest.raises(KeyError):
        ServiceError("x", "a_code_without_a_message")


def test_a_page_shows_the_message_in_chinese_and_the_api_in_english():
    error = ServiceError("data", "duplicate_key", {"key": "result"})
    with translation.override("zh-hans"):
        assert error.localised() == "键“result”出现了不止一次。"
        assert error.message == 'data has the key "result" more than once'
    with translation.override("en"):
        assert error.localised() == error.message


# ---------------------------------------------------------------- the scan


def json_reads(tree: ast.AST) -> list[int]:
    """Lines calling json.loads / json.load, or importing loads/load from json."""
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("loads", "load")
            and isinstance(node.value, ast.Name)
            and node.value.id == "json"
        ):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "json":
            lines += [node.lineno for a in node.names if a.name in ("loads", "load")]
    return lines


def other_json_readers(tree: ast.AST) -> list[int]:
    """Lines using a JSON parser that bypasses the reader: DRF's JSONParser, Django's
    forms.JSONField (it calls json.loads itself)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "rest_framework.parsers":
            lines += [node.lineno for a in node.names if a.name == "JSONParser"]
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "JSONField"
            and isinstance(node.value, ast.Name)
            and node.value.id == "forms"
        ):
            lines.append(node.lineno)
    return lines


def test_no_other_json_loads_reads_input_on_a_request_path():
    offenders = []
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" in name or name in ALLOWED:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            offenders += [f"{name}:{n}" for n in json_reads(tree) + other_json_readers(tree)]
    assert offenders == [], "read JSON input with csmj_site.jsonio.json_parse"


def test_the_scan_finds_a_json_loads(tmp_path):
    tree = ast.parse("import json\nfrom json import loads\nx = json.loads(body)\n")
    assert json_reads(tree) == [2, 3]
    tree = ast.parse("from rest_framework.parsers import JSONParser\nf = forms.JSONField()\n")
    assert other_json_readers(tree) == [1, 2]


def test_the_allowed_files_exist_and_still_need_their_exception():
    for name in ALLOWED:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        assert json_reads(tree), f"{name} no longer calls json.loads: drop it from ALLOWED"


def test_the_api_parses_every_body_with_the_reader(settings):
    assert settings.REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] == ["csmj_site.jsonio.JsonBodyParser"]
    from rest_framework.views import APIView

    from csmj_site.jsonio import JsonBodyParser
    from csmj_site.urls import urlpatterns  # noqa: F401  every view imported

    views = [cls for cls in _subclasses(APIView) if cls.__module__.split(".")[0] in SCANNED]
    assert views
    for view in views:
        assert list(view.parser_classes) == [JsonBodyParser], view


def _subclasses(cls: type) -> set[type]:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub, *_subclasses(sub)}
    return out


def test_an_integer_of_thousands_of_digits_is_refused_without_pythons_own_advice():
    error = refused('{"dealer": ' + "9" * 5000 + "}")

    assert error.code == "malformed_json"
    assert error.params["detail"] == "an integer has more than 4300 digits"
    assert "sys." not in error.message
