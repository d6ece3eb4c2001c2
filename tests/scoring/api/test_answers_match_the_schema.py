"""Every answer the API gives matches the schema it publishes (docs/openapi.yaml), on the
rounds real tables record: four, three and two seats, kongs, escapes, openings, mid-game
wins, tiles-only winners, draws and broken rounds. Each round goes through score,
preview, record, read, list, versions, correct and void, and the session, the sessions'
list, the standings, the ratings and the players' stats are read after it; every body
is validated against its operation's declared schema (tests/openapi_contract.py), a
field the schema does not declare included."""

from __future__ import annotations

import copy
import itertools
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api_helpers import club_url
from tests.factories import (
    make_players,
    make_ruleset,
    make_season,
    round_by_tiles,
    round_discard,
    round_draw,
    round_self_draw,
)
from tests.openapi_contract import assert_matches_schema
from tests.scoring.engine.test_properties_options import option_rounds
from tests.scoring.engine.test_properties_table import table_rounds

pytestmark = pytest.mark.django_db

_names = itertools.count(1)
MIDGAME = ["zhongtu_sixi", "zhongtu_liuliushun"]


def _table(club: Any, config: dict[str, Any], seats: int) -> tuple[Any, list[Any]]:
    n = next(_names)
    season = make_season(club, make_ruleset(club, config, name=f"规则{n}"), name=f"赛季{n}")
    return season, make_players(club, [f"玩家{n}-{s}" for s in range(seats)])


def _ok(response: Any, *statuses: int) -> Any:
    body = assert_matches_schema(response)
    assert response.status_code in statuses, (response.status_code, body)
    return body


def drive(api_as: Any, club: Any, config: dict[str, Any], data: dict[str, Any]) -> None:
    """One round through every operation that answers a round, a session or a standing,
    each answer validated against the schema."""
    seats = config.get("players", 4)
    season, players = _table(club, config, seats)
    recorder, member = api_as("recorder"), api_as("member")
    _ok(
        api_as("anonymous").post(
            "/api/v1/score/", {**copy.deepcopy(data), "ruleset": config}, format="json"
        ),
        200,
        429,
    )
    session = _ok(
        recorder.post(
            club_url(club, "sessions/"),
            {"season": season.pk, "players": [p.pk for p in players]},
            format="json",
        ),
        201,
    )
    sid = session["id"]
    rounds = club_url(club, f"sessions/{sid}/rounds/")
    _ok(recorder.post(f"{rounds}preview/", data, format="json"), 200)
    stored = _ok(recorder.post(rounds, data, format="json"), 201)
    number = stored["number"]
    _ok(member.get(f"{rounds}{number}/"), 200)
    _ok(member.get(rounds), 200)
    same = _ok(recorder.post(f"{rounds}{number}/correct/", stored["data"], format="json"), 200)
    assert same["version"] == 1
    # a real change: 钓鱼 stakes of 0 written out, or the stakes taken away
    changed = {k: v for k, v in stored["data"].items() if k != "fish"}
    if "fish" not in stored["data"]:
        changed["fish"] = [0] * seats
    corrected = _ok(recorder.post(f"{rounds}{number}/correct/", changed, format="json"), 201)
    assert corrected["version"] == 2
    _ok(member.get(f"{rounds}{number}/versions/"), 200)
    _ok(recorder.post(rounds, data, format="json"), 201)
    _ok(recorder.post(f"{rounds}{number}/void/", {"reason": "录错了"}, format="json"), 200)
    _ok(member.get(rounds), 200)
    _ok(member.get(club_url(club, f"sessions/{sid}/")), 200)
    _ok(member.get(club_url(club, "sessions/")), 200)
    _ok(recorder.post(club_url(club, f"sessions/{sid}/finish/")), 200)
    _ok(member.get(club_url(club, f"sessions/{sid}/")), 200)
    _ok(member.get(club_url(club, f"seasons/{season.pk}/standings/")), 200)
    _ok(member.get(club_url(club, f"seasons/{season.pk}/ratings/")), 200)
    _ok(member.get(club_url(club, "leaderboard/")), 200)
    for player in players:
        _ok(member.get(club_url(club, f"players/{player.pk}/stats/")), 200)
    _ok(recorder.post(club_url(club, f"sessions/{sid}/reopen/")), 200)


def _kongs(seats: int) -> list[dict[str, Any]]:
    return [
        {"seat": 0, "kind": "an"},
        {"seat": 1, "kind": "jia"},
        {"seat": 1, "kind": "ming", "from": 0},
    ]


def _midgame_round() -> dict[str, Any]:
    data = round_discard(2, 1)
    data["midgame"] = [{"seat": 3, "hands": ["zhongtu_sixi"], "birds": [4, 7]}]
    return data


ESCAPE = {"escape_penalty": 10, "escape_distribution": "split"}
TABLES = {
    "four seats, a self-draw": ({"preset": "changsha-67"}, round_self_draw(0, birds=[5, 9])),
    "four seats, kongs": (
        {"preset": "changsha-67", "kong_pay": True},
        {**round_discard(2, 1), "kongs": _kongs(4)},
    ),
    "three seats, kongs": (
        {"preset": "changsha-67", "players": 3, "kong_pay": True},
        {**round_self_draw(2, birds=[5, 9]), "kongs": _kongs(3)},
    ),
    "two seats, kongs": (
        {"preset": "changsha-67", "players": 2, "kong_pay": True},
        {**round_discard(1, 0), "kongs": _kongs(2)},
    ),
    "an escape, split": (
        {"preset": "changsha-67", **ESCAPE},
        {**round_self_draw(1), "penalties": [{"seat": 3, "kind": "escape"}]},
    ),
    "three seats, an escape": (
        {"preset": "changsha-67", "players": 3, **ESCAPE},
        {**round_draw(taker=1), "penalties": [{"seat": 2, "kind": "escape"}]},
    ),
    "an opening and a tiles-only winner": ({"preset": "changsha-67"}, round_by_tiles()),
    "a mid-game win": (
        {"preset": "changsha-67", "extra_small_hands": MIDGAME},
        _midgame_round(),
    ),
    "a draw": ({"preset": "changsha-67"}, round_draw()),
    "two winners of one discard": (
        {"preset": "changsha-67"},
        round_discard({1: ["pengpenghu"], 3: ["pinghu"]}, 0),
    ),
}


@pytest.mark.parametrize("table", TABLES)
def test_every_answer_about_a_round_matches_the_schema(api_as, club, table):
    config, data = TABLES[table]
    drive(api_as, club, config, copy.deepcopy(data))


BROKEN = {
    "a winner who discarded": {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "discarder": 2,
            "birds": [3],
        },
    },
    "a seat beyond the table": {**round_self_draw(3), "kongs": [{"seat": 5, "kind": "an"}]},
    "not an object": [1, 2],
    "nothing": {},
}


@pytest.mark.parametrize("broken", BROKEN)
def test_a_broken_round_is_refused_in_the_schemas_error_shape(api_as, club, broken):
    config = {"preset": "changsha-67", "players": 3}
    season, players = _table(club, config, 3)
    recorder = api_as("recorder")
    session = _ok(
        recorder.post(
            club_url(club, "sessions/"),
            {"season": season.pk, "players": [p.pk for p in players]},
            format="json",
        ),
        201,
    )
    rounds = club_url(club, f"sessions/{session['id']}/rounds/")
    body = BROKEN[broken]
    _ok(recorder.post(rounds, body, format="json"), 400)
    _ok(recorder.post(f"{rounds}preview/", body, format="json"), 400)
    calculator = {**body, "ruleset": config} if isinstance(body, dict) else body
    _ok(api_as("anonymous").post("/api/v1/score/", calculator, format="json"), 400, 429)
    stored = _ok(recorder.post(rounds, round_self_draw(0), format="json"), 201)
    _ok(recorder.post(f"{rounds}{stored['number']}/correct/", body, format="json"), 400)


CONTRACT = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@CONTRACT
@given(data=table_rounds())
def test_answers_match_the_schema_over_generated_rounds_of_every_table_size(api_as, club, data):
    config = data.pop("ruleset")
    drive(api_as, club, config, data)


@CONTRACT
@given(data=option_rounds(), kongs=st.booleans())
def test_answers_match_the_schema_over_generated_rounds_with_table_options(
    api_as, club, data, kongs
):
    config = data.pop("ruleset")
    if isinstance(config, str):
        config = {"preset": config}
    if kongs:
        config["kong_pay"] = True
        data["kongs"] = _kongs(4)
    drive(api_as, club, config, data)


def test_an_opening_given_by_its_tiles_reads_back_with_the_codes_the_engine_found(api_as, club):
    season, players = _table(club, {"preset": "changsha-67"}, 4)
    recorder = api_as("recorder")
    session = recorder.post(
        club_url(club, "sessions/"),
        {"season": season.pk, "players": [p.pk for p in players]},
        format="json",
    ).json()
    rounds = club_url(club, f"sessions/{session['id']}/rounds/")
    stored = _ok(recorder.post(rounds, round_by_tiles(), format="json"), 201)
    assert stored["data"]["openings"][0]["hands"] == ["banbanhu"]
    read = _ok(api_as("member").get(f"{rounds}1/"), 200)
    assert read["data"]["openings"][0]["hands"] == ["banbanhu"]
    assert read["data"]["openings"][0]["tiles"] == "1346m134679p139s"


def _populated(club, season, players, recorder, organiser):
    """A club with a bit of everything: rounds of a three-seat table with kongs, a
    corrected and a voided round, a finished session (rated), a paper session, a league
    night drawn and started, a penalty."""
    import datetime

    from scoring.events import services as events
    from scoring.services import (
        paper_session_record,
        round_correct,
        round_record,
        round_void,
        session_finish,
    )
    from tests.factories import make_session

    session = make_session(season, players[:4], actor=recorder)
    first = round_record(session=session, data=round_self_draw(0), actor=recorder)
    round_correct(round=first, data=round_discard(2, 1), actor=recorder)
    second = round_record(session=session, data=round_by_tiles(), actor=recorder)
    round_void(round=second, reason="错", actor=recorder)
    round_record(session=session, data=round_discard(1, 3), actor=recorder)
    session_finish(session=session, actor=recorder)
    paper_session_record(season=season, players=players[4:8], nets=[3, -1, -1, -1], actor=recorder)
    three_season, three = _table(club, {"preset": "changsha-67", "players": 3, "kong_pay": True}, 3)
    table = make_session(three_season, three, actor=recorder)
    round_record(
        session=table, data={**round_self_draw(2, birds=[5, 9]), "kongs": _kongs(3)}, actor=recorder
    )
    night = events.event_create(
        season=season, name="周五", date=datetime.date(2025, 3, 7), actor=organiser
    )
    for player in players[:4]:
        events.entrant_add(event=night, player=player, actor=organiser)
    rnd = events.round_draw(event=night, actor=organiser, seed=3)
    events.table_start(table=rnd.tables.get(), actor=recorder)
    penalty = events.penalty_give(
        season=season, player=players[0], amount=-2, reason="迟到", actor=organiser
    )
    return {
        "sessions": session,
        "seasons": season,
        "events": night,
        "players": players[0],
        "penalties": penalty,
        "rulesets": season.ruleset,
    }


def _filled(path, club, objects):
    def value(match):
        name = match[1]
        if name == "club_slug":
            return club.slug
        if name == "session_id":
            return str(objects["sessions"].pk)
        if name == "number":
            return "1"
        if name == "player_id":
            return str(objects["players"].pk)
        resource = path[: match.start()].rstrip("/").rsplit("/", 1)[-1]
        return str(objects[resource].pk) if resource in objects else "1"

    return re.sub(r"\{(\w+)\}", value, path)


def test_every_read_the_schema_lists_answers_in_its_schema(
    api_as, club, season, players, recorder, organiser
):
    from tests.openapi_contract import schema_document

    objects = _populated(club, season, players, recorder, organiser)
    read = 0
    for path, item in schema_document()["paths"].items():
        if "get" not in item or path.endswith((".png", ".csv")):
            continue
        if path.startswith("/api/v1/tables/"):
            continue  # a quick table's key reads them: the test below
        url = _filled(path, club, objects)
        response = api_as("member").get(url)
        assert response.status_code == 200, (path, response.content[:300])
        assert_matches_schema(response)
        read += 1
    assert read >= 25


def test_a_quick_tables_answers_match_the_schema(api_as):
    """A quick table opened, recorded at and read with its key: every answer validated."""
    anonymous = api_as("anonymous")
    created = _ok(
        anonymous.post(
            "/api/v1/tables/",
            {"names": ["东家", "南家", "西家", "北家"], "ruleset": "changsha-67"},
            format="json",
        ),
        201,
    )
    table = f"/api/v1/tables/{created['id']}"
    anonymous.credentials(HTTP_AUTHORIZATION=f"Bearer {created['key']}")
    _ok(anonymous.post(f"{table}/rounds/", round_self_draw(1, dealer=0), format="json"), 201)
    body = _ok(anonymous.get(f"{table}/"), 200)
    assert [seat["name"] for seat in body["seats"]] == ["东家", "南家", "西家", "北家"]
    assert sum(seat["total"] for seat in body["seats"]) == 0
    _ok(anonymous.get(f"{table}/rounds/"), 200)
    _ok(anonymous.get(f"{table}/rounds/1/"), 200)
    _ok(anonymous.get(f"{table}/rounds/1/versions/"), 200)
