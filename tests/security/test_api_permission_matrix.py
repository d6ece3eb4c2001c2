"""The permission matrix of the site, extended to the API and its tokens.

Every operation of the OpenAPI schema (so routes added later are covered without touching
this file) is tried against a private club by: an outsider logged in with a session, the
outsider's token (a member — the owner — of ANOTHER club), a revoked token of the club's
own owner, and anonymous callers. Private reads and all writes must be refused, and
nothing may be stored. IDOR: the outsider, owner of their own club, uses the private
club's object IDs inside their own club's URLs and bodies.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from leagues.audit import AuditEntry
from leagues.models import Player, Ruleset, Season
from leagues.tokens import apitoken_create, apitoken_revoke
from scoring import services as round_services
from scoring.events import services as event_services
from scoring.events.models import Entrant, Event
from scoring.models import Round, Session, Transfer
from scoring.standings.models import Penalty
from tests.factories import round_self_draw

# Anyone may use the calculator; the club list, me/ and 我的's stats answer each caller
# with their own.
PUBLIC = {
    ("/api/v1/score/", "post"),
    ("/api/v1/analyse/", "post"),
    ("/api/v1/rulesets/", "get"),
    ("/api/v1/error-codes/", "get"),
    ("/api/v1/parse/", "post"),
}
OWN = {
    ("/api/v1/clubs/", "get"),
    ("/api/v1/clubs/", "post"),
    ("/api/v1/me/", "get"),
    ("/api/v1/me/stats/", "get"),  # the caller's own figures (tests/me/test_me_api.py)
}
METHODS = ("get", "post", "put", "patch", "delete")
REFUSED = {403, 404}
# A revoked or unknown token is refused before any permission check: 401.
REFUSED_TOKEN = {401}


def operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (path, method)
        for path, ops in schema["paths"].items()
        for method in METHODS
        if method in ops
        and (path, method) not in PUBLIC | OWN
        # a quick table is reached by its key, not a club: its own matrix is in
        # tests/scoring/quick/test_quick_table_api.py
        and not path.startswith("/api/v1/tables/")
    ]


OPERATIONS = operations()


def test_the_schema_lists_every_club_route():
    paths = {p for p, _ in OPERATIONS}
    assert "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/" in paths
    assert len(OPERATIONS) >= 30


@pytest.fixture
def victim(recorder, owner, club, season, session):
    """A private club with one recorded round, a league night and a penalty: every kind
    of object has an ID."""
    rnd = round_services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    player = club.players.all().order_by("pk")[0]
    night = event_services.event_create(
        season=season, name="周五夜", date=season.start_date, actor=owner
    )
    penalty = event_services.penalty_give(
        season=season, player=player, amount=-2, reason="迟到", actor=owner
    )
    return {
        "club": club,
        "players": player,
        "rulesets": season.ruleset,
        "seasons": season,
        "sessions": session,
        "round": rnd,
        "events": night,
        "penalties": penalty,
    }


def fill(path: str, slug: str, objects: dict) -> str:
    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name == "club_slug":
            return slug
        if name == "session_id":
            return str(objects["sessions"].pk)
        if name == "number":
            return str(objects["round"].number)
        resource = path[: match.start()].rstrip("/").rsplit("/", 1)[-1]
        return str(objects[resource].pk)

    return re.sub(r"\{(\w+)\}", value, path)


def body_for(path: str, objects: dict) -> dict:
    """A body that a permissive view would accept, so a refusal is the permission's doing."""
    season, session = objects["seasons"], objects["sessions"]
    round_data = round_self_draw(1)
    if "/paper-sessions/" in path:
        return {"players": [p.pk for p in session.players_in_order()], "nets": [1, -1, 0, 0]}
    if path.endswith("/merge/"):
        return {"target": Player.objects.filter(club=objects["club"]).values_list("pk")[0][0]}
    if path.endswith("/players/") or "/players/{id}/" in path:
        return {"display_name": "闯入者", "aliases": []}
    if path.endswith("/rulesets/") or "/rulesets/{id}/" in path:
        return {"name": "偷改", "config": {"preset": "changsha-67"}}
    if path.endswith("/seasons/") or "/seasons/{id}/" in path:
        return {"name": "偷建", "start_date": "2025-01-01", "ruleset": season.ruleset_id}
    if path.endswith("/sessions/") or path.endswith("/sessions/{id}/"):
        players = list(Player.objects.filter(club=objects["club"]).values_list("pk", flat=True))
        return {"season": season.pk, "players": players[:4], "first_dealer": 0, "table_label": "X"}
    if path.endswith("/void/"):
        return {"reason": "闯入"}
    if "/rounds/" in path:
        return round_data
    return {"name": "偷改", "description": "x", "is_public": True}


class ClubState(NamedTuple):
    """What a refused call must leave as it was in a club."""

    audit_entries: int
    players: int
    rulesets: int
    seasons: int
    sessions: int
    rounds: int
    transfers: int
    events: int
    entrants: int
    penalties: tuple
    player_names: tuple
    rounds_void: tuple


def state(club) -> ClubState:
    return ClubState(
        audit_entries=AuditEntry.objects.filter(club=club).count(),
        players=Player.objects.filter(club=club).count(),
        rulesets=Ruleset.objects.filter(club=club).count(),
        seasons=Season.objects.filter(club=club).count(),
        sessions=Session.objects.filter(season__club=club).count(),
        rounds=Round.objects.filter(session__season__club=club).count(),
        transfers=Transfer.objects.filter(round__session__season__club=club).count(),
        events=Event.objects.filter(season__club=club).count(),
        entrants=Entrant.objects.filter(event__season__club=club).count(),
        penalties=tuple(
            Penalty.objects.filter(season__club=club).values_list("amount", "cancelled_at")
        ),
        player_names=tuple(Player.objects.filter(club=club).values_list("display_name", flat=True)),
        rounds_void=tuple(
            Round.objects.filter(session__season__club=club).values_list("is_void", flat=True)
        ),
    )


def call(client: Client, method: str, url: str, body: dict, **headers):
    if method == "get":
        return client.get(url, **headers)
    return getattr(client, method)(url, body, content_type="application/json", **headers)


@pytest.fixture
def callers(outsider, owner, member):
    """name -> (client, headers, allowed statuses)."""
    session_client = Client()
    session_client.force_login(outsider)
    _t, outsider_token = apitoken_create(user=outsider, name="outsider bot")
    revoked, revoked_raw = apitoken_create(user=owner, name="old bot")
    apitoken_revoke(token=revoked, user=owner)
    return {
        "outsider (session)": (session_client, {}, REFUSED),
        "member of another club (token)": (
            Client(),
            {"HTTP_AUTHORIZATION": f"Bearer {outsider_token}"},
            REFUSED,
        ),
        "revoked token of the owner": (
            Client(),
            {"HTTP_AUTHORIZATION": f"Bearer {revoked_raw}"},
            REFUSED_TOKEN,
        ),
        "anonymous": (Client(), {}, {401, 403, 404}),
    }


@pytest.mark.parametrize("path, method", OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_outsiders_revoked_tokens_and_other_clubs_are_refused(callers, victim, path, method):
    club = victim["club"]
    before = state(club)
    url = fill(path, club.slug, victim)
    body = body_for(path, victim)
    for who, (client, headers, allowed) in callers.items():
        response = call(client, method, url, body, **headers)
        assert response.status_code in allowed, (who, method, url, response.content[:200])
        assert "errors" in response.json()
    assert state(club) == before


@pytest.mark.parametrize(
    "path, method",
    [(p, m) for p, m in OPERATIONS if "{" in p.replace("{club_slug}", "")],
    ids=[f"{m} {p}" for p, m in OPERATIONS if "{" in p.replace("{club_slug}", "")],
)
def test_object_ids_of_another_club_are_not_found_under_ones_own_club(
    outsider, other_club, victim, path, method
):
    """IDOR: the outsider owns other_club, so their role there allows everything; the
    private club's IDs must still be unreachable through other_club's URLs."""
    club = victim["club"]
    before = state(club)
    client = Client()
    client.force_login(outsider)
    url = fill(path, other_club.slug, victim)
    response = call(client, method, url, body_for(path, victim))
    assert response.status_code == 404, (method, url, response.content[:200])
    assert state(club) == before


def test_a_session_in_ones_own_club_cannot_seat_another_clubs_players(outsider, other_club, victim):
    client = Client()
    client.force_login(outsider)
    season = other_club.seasons.first()
    foreign = list(Player.objects.filter(club=victim["club"]).values_list("pk", flat=True))[:4]
    response = client.post(
        f"/api/v1/clubs/{other_club.slug}/sessions/",
        {"season": season.pk, "players": foreign, "first_dealer": 0},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert not Session.objects.filter(season__club=other_club, seats__player_id__in=foreign)


def test_a_session_in_ones_own_club_cannot_use_another_clubs_season(outsider, other_club, victim):
    client = Client()
    client.force_login(outsider)
    players = list(Player.objects.filter(club=other_club).values_list("pk", flat=True))[:4]
    victims_before, own_before = state(victim["club"]), state(other_club)
    response = client.post(
        f"/api/v1/clubs/{other_club.slug}/sessions/",
        {"season": victim["seasons"].pk, "players": players, "first_dealer": 0},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert state(victim["club"]).sessions == victims_before.sessions
    assert state(other_club).sessions == own_before.sessions


def test_a_season_in_ones_own_club_cannot_use_another_clubs_ruleset(outsider, other_club, victim):
    client = Client()
    client.force_login(outsider)
    response = client.post(
        f"/api/v1/clubs/{other_club.slug}/seasons/",
        {"name": "借来的规则", "start_date": "2025-01-01", "ruleset": victim["rulesets"].pk},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert not Season.objects.filter(name="借来的规则").exists()


def test_the_club_list_never_shows_a_private_club_to_an_outsider(outsider, victim):
    client = Client()
    client.force_login(outsider)
    slugs = [c["slug"] for c in client.get("/api/v1/clubs/").json()["results"]]
    assert victim["club"].slug not in slugs


def test_a_member_of_the_club_may_read_but_not_write(member, victim):
    _t, raw = apitoken_create(user=member, name="member bot")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {raw}")
    club = victim["club"]
    assert client.get(f"/api/v1/clubs/{club.slug}/players/").status_code == 200
    before = state(club)
    for path, method in OPERATIONS:
        if method == "get" or path.endswith("/preview/"):
            continue
        url = fill(path, club.slug, victim)
        response = call(client, method, url, body_for(path, victim))
        assert response.status_code in REFUSED, (method, url, response.content[:200])
    assert state(club) == before
