"""A score app's developer generates a Python client from the committed docs/openapi.yaml
(openapi-python-client, pinned in requirements-dev.txt, with --fail-on-warning) and drives
a whole session through the generated code only, against a live server: a club, its
roster, ruleset and season, a session, every kind of round (tiles-only winners and
mid-game wins included), an idempotent replay, a 409, a correction, a void, finish, a
refused round after finish, standings, ratings, the calculator and the hand analysis; and
an app that signs in with PKCE and calls the API with its bearer token.
Every answer must parse into its model (``raise_on_unexpected_status``: a status the
schema does not declare fails too)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from leagues.tokens import apitoken_create
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "docs" / "openapi.yaml"
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "csmj_generated_client"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    """The generated package, imported (its modules are dropped afterwards)."""
    where = tmp_path_factory.mktemp("client")
    config = where / "config.yaml"
    # A PNG (the nights' result cards) is read as bytes, as the docs tell app developers.
    config.write_text(
        "post_hooks: []\ncontent_type_overrides:\n  image/png: application/octet-stream\n"
    )
    result = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(SCHEMA),
            "--output-path",
            str(where / PACKAGE),
            "--meta",
            "none",
            "--config",
            str(config),
            "--fail-on-warning",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    sys.path.insert(0, str(where))
    try:
        yield _Generated()
    finally:
        sys.path.remove(str(where))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


class _Generated:
    """``gen.api("rounds.round_record")``, ``gen.models.Round`` …"""

    def __init__(self) -> None:
        self.package = importlib.import_module(PACKAGE)
        self.models = importlib.import_module(f"{PACKAGE}.models")

    def api(self, name: str) -> Any:
        return importlib.import_module(f"{PACKAGE}.api.{name}")


def call(gen: _Generated, operation: str, status: int, model: Any, **kwargs: Any) -> Any:
    """One operation through the generated code: its status, and its parsed model."""
    response = gen.api(operation).sync_detailed(**kwargs)
    assert response.status_code == status, (operation, response.content[:500])
    parsed = response.parsed
    assert isinstance(parsed, model), (operation, type(parsed), response.content[:500])
    return response


MIDGAME_RULESET = {"preset": "changsha-67", "extra_small_hands": ["zhongtu_sixi"]}
# The season's: the mid-game 四喜, and an escape split between the three others.
SEASON_RULESET = {**MIDGAME_RULESET, "escape_penalty": 30, "escape_distribution": "split"}

# Every kind of round, each with the seat that deals it filled in as the session says.
ROUNDS = {
    "self_draw": {
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 0, "hands": ["pinghu"]}],
            "birds": [5, 9],
        }
    },  # noqa: E501
    "discard": {
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "discarder": 3,
            "birds": [1, 4],
        }
    },  # noqa: E501
    "several_winners": {
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["pengpenghu"]}],
            "discarder": 3,
            "birds": [2, 6],
        }
    },  # noqa: E501
    "opening_then_big": {
        "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5]}],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["qingyise", "pengpenghu"]}],
            "discarder": 3,
            "birds": [3, 7],
        },
    },  # noqa: E501
    "tiles_only_winner": {
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "tiles": "11133366677799p", "win_tile": "9p"}],
            "discarder": 0,
            "birds": [3, 7],
        }
    },  # noqa: E501
    "midgame": {
        "midgame": [{"seat": 2, "hands": ["zhongtu_sixi"], "birds": [3, 7]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
    },  # noqa: E501
    "draw": {"result": {"kind": "draw", "haidi": {"tile": "3s", "taker": 2, "first_offered": 2}}},
    "escape": {
        "penalties": [{"seat": 3, "kind": "escape"}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [2, 3],
        },
    },  # noqa: E501
}


KONG_RULESET = {"preset": "changsha-67", "players": 3, "kong_pay": True}
KONG_ROUND = {
    "dealer": 0,
    "number": 1,
    "kongs": [{"seat": 0, "kind": "an"}, {"seat": 1, "kind": "ming", "from": 2}],
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [2, 5]},
}


def test_a_whole_session_through_the_generated_client(gen, live_server, transactional_db):
    m = gen.models
    owner = make_user("app-owner")
    _token, raw = apitoken_create(user=owner, name="app")
    client = gen.package.AuthenticatedClient(
        base_url=live_server.url, token=raw, raise_on_unexpected_status=True
    )
    anonymous = gen.package.Client(base_url=live_server.url, raise_on_unexpected_status=True)

    # A club, four players, a ruleset that plays the mid-game 四喜, a season.
    club = call(
        gen,
        "clubs.club_create",
        201,
        m.Club,
        client=client,
        body=m.ClubRequest(slug="app-club", name="App club"),
    ).parsed
    players = [
        call(
            gen,
            "players.player_create",
            201,
            m.Player,
            client=client,
            club_slug=club.slug,
            body=m.PlayerRequest(display_name=name),
        ).parsed
        for name in ("东", "南", "西", "北")
    ]
    ruleset = call(
        gen,
        "rulesets.ruleset_create",
        201,
        m.Ruleset,
        client=client,
        club_slug=club.slug,
        body=m.RulesetRequest.from_dict({"name": "中途四喜", "config": SEASON_RULESET}),
    ).parsed
    season = call(
        gen,
        "seasons.season_create",
        201,
        m.Season,
        client=client,
        club_slug=club.slug,
        body=m.SeasonRequest.from_dict(
            {"name": "2026", "start_date": "2026-01-01", "ruleset": ruleset.id}
        ),
    ).parsed

    # A session: it says what its first round needs.
    session = call(
        gen,
        "sessions.session_start",
        201,
        m.Session,
        client=client,
        club_slug=club.slug,
        body=m.SessionRequest(season=season.id, players=[p.id for p in players]),
    ).parsed
    assert (session.finished, session.next_number, session.next_dealer) == (False, 1, 0)
    where = {"client": client, "club_slug": club.slug, "session_id": session.id}

    # Every kind of round, each dealt by the seat the previous round named.
    dealer = session.next_dealer
    recorded = {}
    for number, (kind, body) in enumerate(ROUNDS.items(), start=1):
        sent = {"dealer": dealer, "number": number, **body}
        response = call(
            gen,
            "rounds.round_record",
            201,
            m.Round,
            **where,
            body=m.RoundCreateRequest.from_dict(sent),
            idempotency_key=f"round-{number}",
        )
        stored = response.parsed
        assert stored.number == number, kind
        recorded[kind] = (sent, response)
        dealer = stored.result.next_dealer
    events = {t.event for _sent, r in recorded.values() for t in r.parsed.result.transfers}
    assert {m.TransferEvent.MIDGAME, m.TransferEvent.OPENING, m.TransferEvent.PENALTY} <= events

    # The tiles-only winner reads back with the hands the engine found.
    tiles_only = call(
        gen,
        "rounds.round_get",
        200,
        m.Round,
        **where,
        number=recorded["tiles_only_winner"][1].parsed.number,
    ).parsed
    [winner] = tiles_only.data.result.winners
    assert sorted(str(h) for h in winner.hands) == ["pengpenghu", "qingyise"]

    # A replay: the first answer again, marked, nothing stored.
    sent, first = recorded["escape"]
    replay = call(
        gen,
        "rounds.round_record",
        201,
        m.Round,
        **where,
        body=m.RoundCreateRequest.from_dict(sent),
        idempotency_key=f"round-{sent['number']}",
    )
    assert replay.headers.get("Idempotent-Replayed") == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert replay.parsed.id == first.parsed.id

    # A stale round number: 409 with how many rounds the session has.
    conflict = call(
        gen,
        "rounds.round_record",
        409,
        m.RoundConflict,
        **where,
        body=m.RoundCreateRequest.from_dict({**ROUNDS["draw"], "dealer": dealer, "number": 2}),
    ).parsed
    assert conflict.round_count == len(ROUNDS)
    assert [e.code for e in conflict.errors] == ["round_conflict"]

    # A correction: the round as read, posted back as it is (a birds fix).
    second = call(gen, "rounds.round_get", 200, m.Round, **where, number=2).parsed
    second.data.result.birds = [1, 1]
    corrected = call(
        gen,
        "rounds.round_correct",
        201,
        m.Round,
        **where,
        number=2,
        body=second.data,
        if_match=f'"{second.version}"',
    ).parsed
    assert (corrected.number, corrected.version) == (2, 2)
    # The same correction based on the version it replaced: 412, nothing stored.
    stale = call(
        gen,
        "rounds.round_correct",
        412,
        m.ErrorResponse,
        **where,
        number=2,
        body=second.data,
        if_match=f'"{second.version}"',
    ).parsed
    assert [e.code for e in stale.errors] == ["precondition_failed"]
    versions = call(gen, "rounds.round_versions", 200, list, **where, number=2).parsed
    assert [v.version for v in versions] == [1, 2]

    # A void.
    voided = call(
        gen,
        "rounds.round_void",
        200,
        m.Round,
        **where,
        number=3,
        body=m.RoundVoidRequest(reason="记错了"),
    ).parsed
    assert voided.is_void and not voided.counts
    listed = call(gen, "rounds.round_list", 200, m.PaginatedRoundList, **where).parsed
    assert listed.count == len(ROUNDS)

    # A preview stores nothing.
    preview = call(
        gen,
        "rounds.round_preview",
        200,
        m.RoundResult,
        **where,
        body=m.RoundData.from_dict({**ROUNDS["discard"], "dealer": dealer}),
    ).parsed
    assert preview.net[1] > 0
    sessions = call(
        gen,
        "sessions.session_list",
        200,
        m.PaginatedSessionList,
        client=client,
        club_slug=club.slug,
        season=season.id,
        ordering=m.SessionListOrdering.STARTED_AT_DESC,
    ).parsed
    assert [s.next_number for s in sessions.results] == [len(ROUNDS) + 1]

    # Finish; a round after it is refused, naming the state.
    finished = call(
        gen,
        "sessions.session_finish",
        200,
        m.SessionState,
        client=client,
        club_slug=club.slug,
        id=session.id,
    ).parsed
    assert finished.finished
    refused = call(
        gen,
        "rounds.round_record",
        409,
        m.RoundConflict,
        **where,
        body=m.RoundCreateRequest.from_dict({**ROUNDS["draw"], "dealer": dealer}),
    ).parsed
    assert [(e.field, e.code) for e in refused.errors] == [("session", "session_finished")]
    detail = call(
        gen,
        "sessions.session_get",
        200,
        m.SessionDetail,
        client=client,
        club_slug=club.slug,
        id=session.id,
    ).parsed
    assert detail.finished and detail.next_number == len(ROUNDS) + 1
    burned = sum(r.result.burned for r in listed.results if r.counts)
    assert sum(detail.totals) + burned == 0

    # Standings, the board and the ratings agree with the session.
    standings = call(
        gen,
        "standings.season_standings",
        200,
        m.PaginatedStandingRowList,
        client=client,
        club_slug=club.slug,
        id=season.id,
    ).parsed
    by_player = {row.player.id: row.net for row in standings.results}
    assert [by_player[p.id] for p in players] == detail.totals
    call(
        gen,
        "standings.club_leaderboard",
        200,
        m.PaginatedStandingRowList,
        client=client,
        club_slug=club.slug,
    )
    stats = call(
        gen,
        "players.player_stats",
        200,
        m.PlayerStats,
        client=client,
        club_slug=club.slug,
        id=players[2].id,
    ).parsed
    assert stats.net == detail.totals[2]
    call(gen, "clubs.club_list", 200, m.PaginatedClubList, client=anonymous)
    ratings = call(
        gen,
        "standings.season_ratings",
        200,
        m.PaginatedRatingList,
        client=client,
        club_slug=club.slug,
        id=season.id,
    ).parsed
    assert ratings.count == 4
    for export in ("standings.season_standings_csv", "standings.season_rounds_csv"):
        csv_text = call(
            gen, export, 200, str, client=client, club_slug=club.slug, id=season.id
        ).parsed
        assert len(csv_text.splitlines()) > 1, export

    # A three-seat table that pays 杠分: every answer with a kong's transfer parses.
    three = call(
        gen,
        "rulesets.ruleset_create",
        201,
        m.Ruleset,
        client=client,
        club_slug=club.slug,
        body=m.RulesetRequest.from_dict({"name": "三人杠分", "config": KONG_RULESET}),
    ).parsed
    three_season = call(
        gen,
        "seasons.season_create",
        201,
        m.Season,
        client=client,
        club_slug=club.slug,
        body=m.SeasonRequest.from_dict(
            {"name": "2026 三人", "start_date": "2026-01-01", "ruleset": three.id}
        ),
    ).parsed
    table = call(
        gen,
        "sessions.session_start",
        201,
        m.Session,
        client=client,
        club_slug=club.slug,
        body=m.SessionRequest(season=three_season.id, players=[p.id for p in players[:3]]),
    ).parsed
    at = {"client": client, "club_slug": club.slug, "session_id": table.id}
    kong_round = call(
        gen,
        "rounds.round_record",
        201,
        m.Round,
        **at,
        body=m.RoundCreateRequest.from_dict(KONG_ROUND),
    ).parsed
    kong_details = [t.detail for t in kong_round.result.transfers if t.event == "kong"]
    assert kong_details and all(isinstance(d, m.KongDetail) for d in kong_details)
    assert {d.kind for d in kong_details} == {m.KongKind.AN, m.KongKind.MING}
    call(gen, "rounds.round_get", 200, m.Round, **at, number=1)
    call(gen, "rounds.round_list", 200, m.PaginatedRoundList, **at)
    call(gen, "rounds.round_versions", 200, list, **at, number=1)
    call(
        gen,
        "rounds.round_preview",
        200,
        m.RoundResult,
        **at,
        body=m.RoundData.from_dict({k: v for k, v in KONG_ROUND.items() if k != "number"}),
    )
    kong_scored = call(
        gen,
        "calculator.score_round",
        200,
        m.RoundResult,
        client=anonymous,
        body=m.CalculatorRoundRequest.from_dict(
            {k: v for k, v in KONG_ROUND.items() if k != "number"} | {"ruleset": KONG_RULESET}
        ),
    ).parsed
    assert kong_scored.net == kong_round.result.net

    # The calculator (no account): round-format.md's mid-game example, and the presets.
    scored = call(
        gen,
        "calculator.score_round",
        200,
        m.RoundResult,
        client=anonymous,
        body=m.CalculatorRoundRequest.from_dict(
            {"ruleset": MIDGAME_RULESET, "dealer": 0, **ROUNDS["midgame"]}
        ),
    ).parsed
    assert scored.net == [-12, -7, 25, -6] and scored.next_dealer == 2
    presets = call(gen, "calculator.preset_list", 200, list, client=anonymous).parsed
    assert all(isinstance(p, m.RulesetPreset) for p in presets)

    # The hand analysis: a final hand and a dealt hand, each into its own model.
    final = call(
        gen,
        "calculator.analyse_hand",
        200,
        m.FinalHandAnalysis,
        client=anonymous,
        body=m.AnalyseRequest.from_dict({"tiles": "11133366677799p", "win_tile": "9p"}),
    ).parsed
    assert final.winning and final.chips > 0
    dealt = call(
        gen,
        "calculator.analyse_hand",
        200,
        m.DealtHandAnalysis,
        client=anonymous,
        body=m.AnalyseRequest.from_dict({"tiles": "2222m5555s134p67p", "opening": True}),
    ).parsed
    assert dealt.occurrences.sixi == 2

    # The one-line entry: a sentence read into a round (nothing stored).
    parsed = call(
        gen,
        "calculator.parse_sentence",
        200,
        m.ParsedSentence,
        client=anonymous,
        body=m.ParseSentenceRequest.from_dict(
            {"text": "王芳自摸清一色 鸟3 7", "players": ["张伟", "李娜", "王芳", "刘洋"]}
        ),
    ).parsed
    assert parsed.round_["result"]["winners"] == [{"seat": 2, "hands": ["qingyise"]}]
    assert parsed.problems == []


def test_an_app_signs_in_with_pkce_and_calls_through_the_generated_client(
    gen, live_server, transactional_db
):
    """The app's sign-in (authorization code with PKCE: the browser's part in the test
    client, the token exchange and refresh over HTTP to the live server), then the
    generated client with the app's bearer token: who am I, my clubs; a read-only token
    is refused a new club in the error shape."""
    import httpx
    from django.test import Client

    from leagues.models import Player
    from tests.factories import make_club, make_players
    from tests.leagues.api.oauth_helpers import REDIRECT_URI, authorize, make_app, pkce_pair

    m = gen.models
    user = make_user("app-user")
    club = make_club(name="App 俱乐部", owner=user)
    [player] = make_players(club, ["我自己"])
    Player.objects.filter(pk=player.pk).update(user=user)
    app = make_app()

    browser = Client()
    browser.force_login(user)
    verifier, challenge = pkce_pair()
    code = authorize(browser, app, challenge, scope="read")
    tokens = httpx.post(
        f"{live_server.url}/oauth/token/",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": app.client_id,
            "code_verifier": verifier,
        },
    ).json()

    client = gen.package.AuthenticatedClient(
        base_url=live_server.url, token=tokens["access_token"], raise_on_unexpected_status=True
    )
    me = call(gen, "account.me_get", 200, m.Me, client=client).parsed
    assert me.username == "app-user" and me.scopes == [m.Scope.READ]
    assert [(c.slug, c.role) for c in me.clubs] == [(club.slug, m.Role.OWNER)]
    assert [p.display_name for p in me.players] == ["我自己"]
    response = call(gen, "clubs.club_list", 200, m.PaginatedClubList, client=client)
    assert int(response.headers["RateLimit-Remaining"]) < int(response.headers["RateLimit-Limit"])
    refused = call(
        gen,
        "clubs.club_create",
        403,
        m.ErrorResponse,
        client=client,
        body=m.ClubRequest(slug="not-mine", name="Not mine"),
    ).parsed
    assert [e.code for e in refused.errors] == ["permission_denied"]

    refreshed = httpx.post(
        f"{live_server.url}/oauth/token/",
        data={
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": app.client_id,
        },
    ).json()
    again = gen.package.AuthenticatedClient(
        base_url=live_server.url, token=refreshed["access_token"], raise_on_unexpected_status=True
    )
    assert call(gen, "account.me_get", 200, m.Me, client=again).parsed.id == user.pk


def test_a_quick_table_and_a_sentence_through_the_generated_client(
    gen, live_server, transactional_db
):
    """快速开桌 without an account: the table opened (a retry with its Idempotency-Key
    answers the same table), its key records a round and reads the table; a sentence
    parsed into a round."""
    m = gen.models
    anonymous = gen.package.Client(base_url=live_server.url, raise_on_unexpected_status=True)
    body = m.TableCreateRequest.from_dict({"names": ["张伟", "王芳", "李娜"], "ruleset": {
        "preset": "changsha-67", "players": 3}})  # fmt: skip
    opened = call(
        gen, "tables.table_create", 201, m.TableCreated, client=anonymous, body=body,
        idempotency_key="open-1",
    ).parsed  # fmt: skip
    again = call(
        gen, "tables.table_create", 201, m.TableCreated, client=anonymous, body=body,
        idempotency_key="open-1",
    ).parsed  # fmt: skip
    assert opened.key.startswith("tbl_") and (again.id, again.key) == (opened.id, opened.key)
    keyed = gen.package.AuthenticatedClient(
        base_url=live_server.url, token=opened.key, raise_on_unexpected_status=True
    )
    sentence = call(
        gen,
        "calculator.parse_sentence",
        200,
        m.ParsedSentence,
        client=anonymous,
        body=m.ParseSentenceRequest.from_dict(
            {
                "text": "王芳自摸清一色 鸟3 7",
                "players": ["张伟", "王芳", "李娜"],
                "ruleset": {"preset": "changsha-67", "players": 3},
            }
        ),
    ).parsed
    assert sentence.problems == []
    said = dict(sentence.to_dict()["round"])  # "round" is the model's round_
    said.pop("ruleset")
    recorded = call(
        gen,
        "tables.table_round_record",
        201,
        m.Round,
        client=keyed,
        table_id=opened.id,
        body=m.RoundCreateRequest.from_dict({**said, "number": 1}),
    ).parsed
    assert recorded.number == 1
    table = call(gen, "tables.table_get", 200, m.Table, client=keyed, id=opened.id).parsed
    assert [s.name for s in table.seats] == ["张伟", "王芳", "李娜"]
    assert [s.total for s in table.seats] == list(recorded.result.net)
    assert sum(s.total for s in table.seats) == 0 and table.seats[1].total > 0
