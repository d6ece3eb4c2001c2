"""``python manage.py score_round FILE``: valid, invalid and unreadable input."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[2]
ROUND = {
    "ruleset": "changsha-tongzhuang",
    "dealer": 0,
    "dealers": [0, 1],
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["pinghu"]}],
        "discarder": 0,
        "birds": [1],
    },
}


def run(*args, stdin=None, monkeypatch=None):
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        call_command("score_round", *args, stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), ""


def test_a_valid_round_file_prints_the_result(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(ROUND), encoding="utf-8")
    status, out, _ = run(str(path))
    assert status == 0
    result = json.loads(out)
    assert result["net"] == [-5, 5, 0, 0]
    assert result["next_dealers"] == [1]


def test_a_round_on_standard_input_is_read_with_a_dash(monkeypatch):
    status, out, _ = run("-", stdin=json.dumps(ROUND), monkeypatch=monkeypatch)
    assert status == 0
    assert json.loads(out)["net"] == [-5, 5, 0, 0]


def test_an_invalid_round_prints_every_error_and_exits_2(monkeypatch):
    bad = dict(ROUND, dealers=[1, 2], fish=[0])
    status, out, message = run("-", stdin=json.dumps(bad), monkeypatch=monkeypatch)
    assert status == 2
    errors = json.loads(out)["errors"]
    assert {(e["field"], e["code"]) for e in errors} == {
        ("dealers", "dealer_not_in_dealers"),
        ("fish", "wrong_length"),
    }
    assert "invalid" in message


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{oops", "not valid JSON"),
        ("", "not valid JSON"),
        ("[" * 100_000, "nested more than 64 levels deep"),
        ("1" * 5000, "not valid JSON"),
        ('{"dealer": 0, "dealer": 1}', 'has the key "dealer" more than once'),
    ],
)
def test_malformed_json_is_a_one_line_message_and_exit_2(monkeypatch, text, reason):
    status, out, message = run("-", stdin=text, monkeypatch=monkeypatch)
    assert status == 2
    assert out == ""
    assert message.startswith("standard input ") and reason in message
    assert "\n" not in message


def test_a_missing_file_is_a_one_line_message_and_exit_2(tmp_path):
    status, out, message = run(str(tmp_path / "nope.json"))
    assert (status, out) == (2, "")
    assert message == f"cannot read {tmp_path / 'nope.json'}: No such file or directory"


def test_a_file_that_is_not_text_is_a_one_line_message(tmp_path):
    path = tmp_path / "round.json"
    path.write_bytes(b"\xff\xfe\x00")
    status, _, message = run(str(path))
    assert status == 2
    assert message.startswith("cannot read")


@pytest.mark.slow
def test_the_real_command_exits_2_without_a_traceback():
    proc = subprocess.run(
        [sys.executable, "manage.py", "score_round", "-"],
        input="{not json",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
