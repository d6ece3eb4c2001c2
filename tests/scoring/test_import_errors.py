"""An import line that is refused: the site's catalogue code and message, naming the field,
and nothing stored (lines_import, sessions_import and the import_rounds command)."""

import io
import json

import pytest
from django.core.management import call_command

from leagues.models import Player
from scoring.club_file import lines_import
from scoring.models import Round, Session
from scoring.services import RoundRejected, round_record
from scoring.standings.models import PlayerSeasonStat
from tests.factories import make_session, round_self_draw

pytestmark = pytest.mark.django_db

GOOD = round_self_draw(0, birds=[5, 9])
BAD = {"dealer": 0, "result": {"kind": "discard", "winners": [{"seat": 1, "hands": []}]}}
PAPER_ROUNDS = "a paper session has final totals only; it takes no rounds"
RULESET_FIXED = "a recorded round is scored under its season's ruleset; do not send one"
FEE_NOT_OBJECT = "table_fee must be a JSON object with fee, per and by"


def only_error(report):
    """The one refused line's errors as (field, code, message)."""
    assert report.sessions == 0 and [n for n, _ in report.failed] == [1]
    return [(e["field"], e["code"], e["message"]) for e in report.failed[0][1]]


def assert_nothing_stored(season):
    assert not Session.objects.filter(season=season).exists()
    assert not Round.objects.filter(session__season=season).exists()
    assert not PlayerSeasonStat.objects.filter(season=season).exists()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            {"season": "没有这个赛季"},
            ("season", "unknown_season", "this club has no season '没有这个赛季'"),
        ),
        (
            {"season": ["a list"]},
            ("season", "unknown_season", "this club has no season ['a list']"),
        ),
        (
            {"season": None},
            ("season", "required", "a line needs a season (no default season was given)"),
        ),
        (
            {"players": "张三 李四 王五 赵六"},
            ("players", "player_names", "players must be a list of display names, one a seat"),
        ),
        (
            {"started_at": "yesterday"},
            ("started_at", "invalid_datetime", "started_at must be an ISO 8601 date-time"),
        ),
        (
            {"started_at": "2025-02-30T19:00:00+08:00"},  # the form of one, no such day
            ("started_at", "invalid_datetime", "started_at must be an ISO 8601 date-time"),
        ),
        ({"rounds": "GOOD"}, ("rounds", "rounds_list", "rounds must be a list")),
        (
            {"rounds": [GOOD], "paper_nets": [1, -1, 0, 0]},
            ("rounds", "paper_session", PAPER_ROUNDS),
        ),
        (
            {"rounds": [], "paper_nets": [5, 0, 0, 0]},
            ("paper_nets", "nets", "The nets must sum to zero (now +5)"),
        ),
        (
            {"rounds": [], "paper_nets": [1, -1, 0]},
            ("paper_nets", "nets", "A paper session of this season needs 4 nets"),
        ),
        ({"rounds": [[GOOD]]}, ("rounds[0]", "not_an_object", "a round must be a JSON object")),
        (
            {"rounds": [GOOD, {"round": {**GOOD, "ruleset": "standard"}, "void": "x"}]},
            ("rounds[1].ruleset", "ruleset_fixed", RULESET_FIXED),
        ),
        (
            {"first_dealer": 4},
            ("first_dealer", "first_dealer", "The first dealer must be a seat 0–3"),
        ),
        (
            {"table_fee": 20},
            ("table_fee", "fee_not_object", FEE_NOT_OBJECT),
        ),
        (
            {"table_fee": {"fee": 100001, "per": "table", "by": "equal"}},
            (
                "table_fee.fee",
                "out_of_range",
                "table_fee.fee must be a whole number from 0 to 100000",
            ),
        ),
        (
            {"table_fee": {"fee": "20", "per": "table", "by": "equal"}},
            (
                "table_fee.fee",
                "out_of_range",
                "table_fee.fee must be a whole number from 0 to 100000",
            ),
        ),
        (
            {"table_fee": {"fee": -5, "per": "table", "by": "equal"}},
            (
                "table_fee.fee",
                "out_of_range",
                "table_fee.fee must be a whole number from 0 to 100000",
            ),
        ),
        (
            {"table_fee": {"fee": 20, "per": "hand", "by": "equal"}},
            ("table_fee.per", "fee_choice", "table_fee.per must be one of table, round"),
        ),
        (
            {"table_fee": {"fee": 20, "per": "table", "by": "loser"}},
            ("table_fee.by", "fee_choice", "table_fee.by must be one of equal, winners, top"),
        ),
    ],
)
def test_a_bad_line_gives_the_catalogue_code_and_message_and_stores_nothing(
    club, season, players, organiser, change, expected
):
    obj = {"season": season.name, "players": [p.display_name for p in players[:4]]}
    obj.update(change)
    if obj["season"] is None:
        del obj["season"]
    line = json.dumps({"rounds": [GOOD], **obj}, ensure_ascii=False)

    report, _ = lines_import(lines=[line], actor=organiser, club=club)

    assert only_error(report) == [expected]
    assert_nothing_stored(season)


def test_a_line_that_is_not_an_object_is_refused_as_a_whole(club, season, organiser):
    report, _ = lines_import(lines=["[1, 2]"], actor=organiser, club=club, season=season)

    assert only_error(report) == [("", "line_not_object", "a line must be a JSON object")]
    assert_nothing_stored(season)


def test_a_recorder_importing_a_new_name_is_told_who_is_not_on_the_roster(
    club, season, players, recorder
):
    names = ["新人", *[p.display_name for p in players[1:4]]]
    line = json.dumps({"players": names, "rounds": [GOOD]}, ensure_ascii=False)

    report, _ = lines_import(lines=[line], actor=recorder, club=club, season=season)

    assert only_error(report) == [
        ("players", "not_on_roster", "'新人' is not on the roster; only organisers add players")
    ]
    assert not Player.objects.filter(display_name="新人").exists()
    assert_nothing_stored(season)


def test_a_name_the_roster_refuses_names_the_player(club, season, players, organiser):
    names = ["长" * 61, *[p.display_name for p in players[1:4]]]
    line = json.dumps({"players": names, "rounds": [GOOD]}, ensure_ascii=False)

    report, _ = lines_import(lines=[line], actor=organiser, club=club, season=season)

    [(field, code, message)] = only_error(report)
    assert (field, code) == ("players", "player_invalid")
    assert message.startswith(f"'{'长' * 61}' cannot be added to the roster: ")
    assert not Player.objects.filter(display_name="长" * 61).exists()
    assert_nothing_stored(season)


@pytest.mark.parametrize("data", [BAD, [GOOD], {**GOOD, "ruleset": "standard"}])
def test_a_bad_round_is_refused_as_recording_refuses_it(
    club, season, players, organiser, recorder, data
):
    """The import and round_record give the same codes and messages for the same round;
    the import's fields sit under the round's place in the line."""
    with pytest.raises(RoundRejected) as recorded:
        round_record(
            session=make_session(season, players[:4], actor=recorder), data=data, actor=recorder
        )
    Session.objects.filter(season=season).delete()
    line = json.dumps(
        {
            "season": season.name,
            "players": [p.display_name for p in players[:4]],
            "rounds": [GOOD, data],
        }
    )

    report, _ = lines_import(lines=[line], actor=organiser, club=club)

    expected = [
        ("rounds[1]" + (f".{e.field}" if e.field else ""), e.code, e.message)
        for e in recorded.value.errors
    ]
    assert expected and only_error(report) == expected
    assert_nothing_stored(season)


def test_the_import_command_prints_the_field_code_and_message_and_stores_nothing(
    club, season, players, recorder, tmp_path
):
    names = [p.display_name for p in players[:4]]
    path = tmp_path / "rounds.jsonl"
    path.write_text(
        json.dumps({"season": "没有", "players": names, "rounds": [GOOD]}, ensure_ascii=False)
        + "\n"
        + json.dumps({"players": names, "rounds": [GOOD], "paper_nets": [0, 0, 0, 0]})
        + "\n",
        encoding="utf-8",
    )
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command(
            "import_rounds",
            str(path),
            club=club.slug,
            season=season.name,
            user=recorder.username,
            stdout=out,
            stderr=err,
        )

    assert exit_.value.code == 2
    assert [s for s in err.getvalue().splitlines() if s.startswith("line ")] == [
        "line 1: season: unknown_season: this club has no season '没有'",
        f"line 2: rounds: paper_session: {PAPER_ROUNDS}",
    ]
    assert "imported 0 sessions" in out.getvalue()
    assert_nothing_stored(season)
