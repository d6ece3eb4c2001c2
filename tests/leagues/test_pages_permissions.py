"""The permission matrix: every page and action × owner / organiser / recorder / member /
outsider / anonymous, on a private club and on a public one.

Status codes: a club the user may not read answers 404 to a logged-in user and a
redirect to the login page to an anonymous one; a role the user lacks answers 403
(logged in) or the login redirect (anonymous). Every POST by an unauthorised user
stores nothing (the whole database snapshot below is unchanged).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from leagues.models import Club, Invitation, Membership, Player, Ruleset, Season
from scoring.models import Round, Session, Transfer
from scoring.standings.models import SessionResult
from tests.conftest import ROLES
from tests.factories import (
    make_session,
    round_discard,
    round_self_draw,
    self_draw_transfers,
    store_round,
)

pytestmark = pytest.mark.django_db


OK, REDIRECT, FORBIDDEN, MISSING = 200, 302, 403, 404


def allowed(level: str, role: str, *, public: bool) -> bool:
    need = {"read": 1, "record": 2, "manage": 3}[level]
    rank = {"owner": 4, "organiser": 3, "recorder": 2, "member": 1}.get(role, 0)
    return rank >= need or (public and need == 1)


def expected(level: str, role: str, *, public: bool, ok: int, json: bool = False) -> int:
    """Expected status for ``role`` on an action that needs ``level`` and answers ``ok``."""
    if allowed(level, role, public=public):
        return ok
    if role == "anonymous":
        # to the login page; a page's JSON helper answers 403 not_authenticated
        return FORBIDDEN if json else REDIRECT
    if role == "outsider" and not public:
        return MISSING  # a private club is not revealed
    return FORBIDDEN


@dataclass
class World:
    club: Club
    season: Season
    session: Session
    player: Player
    ruleset: Ruleset
    invitation: Invitation
    member_user: Any


@pytest.fixture
def world(club, season, session, players, ruleset, recorder, owner, member, other_club) -> World:
    store_round(
        session,
        round_self_draw(0),
        self_draw_transfers(0, 2),
        actor=recorder,
    )
    store_round(session, round_discard(1, 2), [(2, 1, 3, "result")], actor=recorder)
    invitation = Invitation.objects.create(club=club, role="recorder", created_by=owner)
    return World(club, season, session, players[0], ruleset, invitation, member)


def snapshot() -> dict[str, Any]:
    """Everything a POST could change, to prove that refused POSTs change nothing."""
    return {
        "clubs": list(Club.objects.values_list("pk", "name", "slug", "is_public", "chip_rate")),
        "members": list(Membership.objects.values_list("pk", "club_id", "user_id", "role")),
        "invitations": list(Invitation.objects.values_list("pk", "accepted_at")),
        "players": list(Player.objects.values_list("pk", "display_name", "aliases")),
        "rulesets": list(Ruleset.objects.values_list("pk", "name", "config")),
        "seasons": list(Season.objects.values_list("pk", "name", "is_closed")),
        "sessions": list(Session.objects.values_list("pk", "follow_token")),
        "rounds": list(Round.objects.values_list("pk", "is_current", "is_void")),
        "finished": list(SessionResult.objects.values_list("pk")),
        "transfers": Transfer.objects.count(),
        "users": get_user_model().objects.count(),
    }


def valid_round() -> dict[str, Any]:
    return round_self_draw(1, dealer=1, birds=[2, 3])


PAPER_NAMES = ("钱七", "孙八", "周九", "吴十")
PAPER_NETS = (30, -10, -5, -15)


def paper_session_post() -> dict[str, str]:
    data = {f"player_{i}": name for i, name in enumerate(PAPER_NAMES)}
    data.update({f"net_{i}": str(net) for i, net in enumerate(PAPER_NETS)})
    return data


def paper_csv() -> SimpleUploadedFile:
    row = ",".join(["2025-03-14 19:30", "", *PAPER_NAMES, *map(str, PAPER_NETS)])
    text = f"date,table,player1,player2,player3,player4,net1,net2,net3,net4\n{row}\n"
    return SimpleUploadedFile("paper.csv", text.encode(), content_type="text/csv")


@dataclass
class Action:
    name: str
    level: str
    url: Callable[[World], str]
    method: str = "GET"
    data: Callable[[World], dict[str, Any]] | None = None
    json: bool = False
    ok: int = OK
    writes: bool | Callable[[str], bool] = True  # by role, when it depends on who asks


def c(name: str, *args: Callable[[World], Any]) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.club.slug, *(a(w) for a in args)])


def season_id(w: World) -> int:
    return w.season.pk


def session_id(w: World) -> int:
    return w.session.pk


# The actions that draw an image with a Chinese font (the ``cjk_font`` fixture).
DRAWN = {"result image"}

ACTIONS = [
    # pages anyone who can read the club sees
    Action("club", "read", c("club")),
    Action("season standings", "read", c("season", season_id)),
    Action("season csv", "read", c("season-csv", season_id)),
    Action("season rounds csv", "read", c("season-rounds-csv", season_id)),
    Action("season excel", "read", c("season-xlsx", season_id)),
    Action("season print", "read", c("season-print", season_id)),
    Action("player page", "read", c("player", lambda w: w.player.pk)),
    Action("session page", "read", c("session", session_id)),
    Action("result image", "read", c("session-image", session_id)),
    Action("round history", "read", c("round", session_id, lambda w: 1)),
    # recording
    Action("start session form", "record", c("session-new", season_id)),
    Action(
        "start session",
        "record",
        c("session-new", season_id),
        "POST",
        lambda w: {
            "seat_0": "钱七",
            "seat_1": "孙八",
            "seat_2": "周九",
            "seat_3": "吴十",
            "first_dealer": "0",
        },
        ok=REDIRECT,
    ),
    Action("round form", "record", c("round-new", session_id)),
    Action(
        "record round",
        "record",
        c("round-new", session_id),
        "POST",
        lambda w: {"data": json.dumps(valid_round()), "number": "3"},
        ok=REDIRECT,
    ),
    Action(
        "preview",
        "record",
        c("round-preview", session_id),
        "POST",
        lambda w: valid_round(),
        json=True,
        writes=False,
    ),
    Action("correct form", "record", c("round-correct", session_id, lambda w: 2)),
    Action(
        "correct round",
        "record",
        c("round-correct", session_id, lambda w: 2),
        "POST",
        lambda w: {"data": json.dumps(valid_round())},
        ok=REDIRECT,
    ),
    Action(
        "void round",
        "record",
        c("round-void", session_id, lambda w: 1),
        "POST",
        lambda w: {"reason": "记错了"},
        ok=REDIRECT,
    ),
    Action(
        "undo last round", "record", c("round-undo", session_id), "POST", lambda w: {}, ok=REDIRECT
    ),
    Action(
        "finish session",
        "record",
        c("session-finish", session_id),
        "POST",
        lambda w: {},
        ok=REDIRECT,
    ),
    Action(
        "start the last four again",
        "record",
        c("session-again"),
        "POST",
        lambda w: {"finish_last": str(w.session.pk)},
        ok=REDIRECT,
        # the world's session is the recorder's game going on: the recorder ends it and
        # starts again; the others are sent to its round form, writing nothing
        writes=lambda role: role == "recorder",
    ),
    Action(
        "replace the follow link",
        "manage",
        c("session-follow-link", session_id),
        "POST",
        lambda w: {},
        ok=REDIRECT,
    ),
    Action(
        "delete a session (refused: it has rounds)",
        "manage",
        c("session-delete", session_id),
        "POST",
        lambda w: {},
        ok=REDIRECT,
        writes=False,
    ),
    Action("paper session form", "record", c("paper-session-new", season_id)),
    Action(
        "paper session",
        "record",
        c("paper-session-new", season_id),
        "POST",
        lambda w: paper_session_post(),
        ok=REDIRECT,
    ),
    Action(
        "paper sessions csv",
        "record",
        c("paper-session-upload", season_id),
        "POST",
        lambda w: {"file": paper_csv()},
        ok=REDIRECT,
    ),
    # organisers
    Action("club settings form", "manage", c("club-edit")),
    Action(
        "club settings",
        "manage",
        c("club-edit"),
        "POST",
        lambda w: {"name": "新名字", "slug": w.club.slug, "description": ""},
        ok=REDIRECT,
    ),
    Action("roster", "manage", c("players")),
    Action("new player form", "manage", c("player-new")),
    Action(
        "new player",
        "manage",
        c("player-new"),
        "POST",
        lambda w: {"display_name": "新人", "aliases": ""},
        ok=REDIRECT,
    ),
    Action(
        "edit player",
        "manage",
        c("player-edit", lambda w: w.player.pk),
        "POST",
        lambda w: {"display_name": "张三丰", "aliases": "老张"},
        ok=REDIRECT,
    ),
    Action("rulesets", "manage", c("rulesets")),
    Action(
        "new ruleset",
        "manage",
        c("ruleset-new"),
        "POST",
        lambda w: {"name": "通庄", "preset": "changsha-tongzhuang", "overrides": ""},
        ok=REDIRECT,
    ),
    Action(
        "edit ruleset",
        "manage",
        c("ruleset-edit", lambda w: w.ruleset.pk),
        "POST",
        lambda w: {"name": "六七片", "preset": "changsha-67", "overrides": '{"bird_count": 1}'},
        ok=REDIRECT,
    ),
    Action("new season form", "manage", c("season-new")),
    Action(
        "new season",
        "manage",
        c("season-new"),
        "POST",
        lambda w: {"name": "夏季赛", "start_date": "2025-06-01", "ruleset": w.ruleset.pk},
        ok=REDIRECT,
    ),
    Action(  # the world has an open session: closing anyway is the second, explicit tap
        "close season",
        "manage",
        c("season-close", season_id),
        "POST",
        lambda w: {"despite_open": "1"},
        ok=REDIRECT,
    ),
    Action("members", "manage", c("members")),
    Action(
        "change role",
        "manage",
        c("member-role", lambda w: w.member_user.pk),
        "POST",
        lambda w: {"role": "recorder"},
        ok=REDIRECT,
    ),
    Action(
        "invite", "manage", c("invitation-new"), "POST", lambda w: {"role": "recorder"}, ok=REDIRECT
    ),
    Action(
        "revoke invitation",
        "manage",
        c("invitation-revoke", lambda w: w.invitation.pk),
        "POST",
        lambda w: {},
        ok=REDIRECT,
    ),
]


def client_for(client, users_by_role, role):
    if role != "anonymous":
        client.force_login(users_by_role[role])
    return client


def perform(client, action: Action, w: World):
    url = action.url(w)
    if action.method == "GET":
        return client.get(url)
    if action.json:
        return client.post(url, json.dumps(action.data(w)), content_type="application/json")
    return client.post(url, action.data(w))


# The public club's half of the matrix runs in make test, not in the quick loop (make
# test-fast): the private club, where every refusal applies, is the one a change breaks first.
@pytest.mark.parametrize(
    "public",
    [False, pytest.param(True, marks=pytest.mark.slow)],
    ids=["private", "public"],
)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", ACTIONS, ids=[a.name for a in ACTIONS])
def test_each_role_gets_the_expected_status_and_refused_posts_store_nothing(
    client, world, users_by_role, role, action, public, request
):
    if action.name in DRAWN:
        request.getfixturevalue("cjk_font")
    if public:
        Club.objects.filter(pk=world.club.pk).update(is_public=True)
        world.club.refresh_from_db()
    want = expected(action.level, role, public=public, ok=action.ok, json=action.json)
    may = allowed(action.level, role, public=public)
    before = snapshot()

    response = perform(client_for(client, users_by_role, role), action, world)

    assert response.status_code == want, (action.name, role, response.content[:300])
    if not may and role == "anonymous" and not action.json:
        assert response["Location"].startswith(reverse("account_login"))
    if action.method == "POST":
        writes = action.writes(role) if callable(action.writes) else action.writes
        if may and writes:
            assert snapshot() != before, f"{action.name} by {role} changed nothing"
        else:
            assert snapshot() == before, f"{action.name} by {role} stored something"


def test_an_anonymous_refusal_redirects_to_the_login_page_with_next(client, world):
    url = reverse("round-new", args=[world.club.slug, world.session.pk])

    response = client.get(url)

    assert response.status_code == REDIRECT
    assert response["Location"] == f"{reverse('account_login')}?next={url}"


def test_an_owner_of_another_club_cannot_reach_this_clubs_session_through_their_own_club(
    client, world, outsider, other_club
):
    """Objects are looked up inside the club of the URL: another club's slug finds nothing."""
    client.force_login(outsider)
    before = snapshot()
    slug = other_club.slug
    session, number = world.session.pk, 1

    pages = [
        reverse("session", args=[slug, session]),
        reverse("round-new", args=[slug, session]),
        reverse("round", args=[slug, session, number]),
        reverse("round-correct", args=[slug, session, number]),
        reverse("player", args=[slug, world.player.pk]),
        reverse("player-edit", args=[slug, world.player.pk]),
        reverse("season", args=[slug, world.season.pk]),
        reverse("season-csv", args=[slug, world.season.pk]),
        reverse("ruleset-edit", args=[slug, world.ruleset.pk]),
    ]
    for url in pages:
        assert client.get(url).status_code == MISSING, url
    posts = [
        (reverse("round-new", args=[slug, session]), {"data": json.dumps(valid_round())}),
        (reverse("round-void", args=[slug, session, number]), {"reason": "x"}),
        (reverse("round-undo", args=[slug, session]), {}),
        (reverse("season-close", args=[slug, world.season.pk]), {}),
        (reverse("player-edit", args=[slug, world.player.pk]), {"display_name": "偷改"}),
        (reverse("invitation-revoke", args=[slug, world.invitation.pk]), {}),
        (reverse("member-role", args=[slug, world.member_user.pk]), {"role": "owner"}),
        (reverse("paper-session-new", args=[slug, world.season.pk]), paper_session_post()),
        (reverse("paper-session-upload", args=[slug, world.season.pk]), {"file": paper_csv()}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == MISSING, url
    assert snapshot() == before


def test_a_session_of_another_clubs_season_is_not_shown_inside_this_club(
    client, world, owner, other_club, outsider
):
    """A session id that exists, but in another club, is a 404 even for this club's owner."""
    other_season = other_club.seasons.get()
    theirs = make_session(other_season, list(other_club.players.all()[:4]), actor=outsider)
    client.force_login(owner)

    response = client.get(reverse("session", args=[world.club.slug, theirs.pk]))

    assert response.status_code == MISSING


def test_a_private_club_is_absent_from_the_home_page_of_outsiders(client, world, outsider):
    client.force_login(outsider)

    response = client.get(reverse("home"))

    assert world.club.name not in response.content.decode()
    assert "别的俱乐部" in response.content.decode()


def test_only_an_owner_may_invite_another_owner(client, world, organiser):
    client.force_login(organiser)

    client.post(reverse("invitation-new", args=[world.club.slug]), {"role": "owner"})

    assert not Invitation.objects.filter(club=world.club, role="owner").exists()
