"""A public club's result pages and standings API, for a logged-out reader, are rendered
once per version of what they show (csmj_site.etags, club_read_version): a second
reader gets the kept answer after one query, a reader that has it gets 304, and any
write that changes what they show changes the version."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from csmj_site import etags
from leagues import player_links
from leagues import services as league_services
from leagues.models import name_initials
from scoring import services
from scoring.events.services import penalty_give
from scoring.merge.services import player_merge
from scoring.standings.rebuild import ratings_rebuild
from tests.factories import (
    make_club,
    make_players,
    make_season,
    make_session,
    make_user,
    round_discard,
    round_self_draw,
)

pytestmark = pytest.mark.django_db

CSRF_VALUE = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture(autouse=True)
def _settled_at_once(settings):
    """The log counts as settled at once (the delay has its own test), and each test
    starts with an empty cache."""
    settings.SYNC_SETTLE_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


def a_club(rounds: int, *, public: bool = True):
    alice = get_user_model().objects.filter(username="alice").first() or make_user("alice")
    club = make_club(is_public=public, owner=alice)
    season = make_season(club)
    players = make_players(club, ["东", "南", "西", "北"])
    session = make_session(season, players, actor=alice)
    for i in range(rounds):
        services.round_record(session=session, data=round_self_draw(i % 4), actor=alice)
    return {"alice": alice, "club": club, "season": season, "players": players, "session": session}


def urls(w) -> dict[str, str]:
    slug, season = w["club"].slug, w["season"].pk
    return {
        "club page": reverse("club", args=[slug]),
        "season page": reverse("season", args=[slug, season]),
        "player page": reverse("player", args=[slug, w["players"][0].pk]),
        "standings API": f"/api/v1/clubs/{slug}/seasons/{season}/standings/",
        "club board API": f"/api/v1/clubs/{slug}/leaderboard/",
    }


def get(url: str, client: Client | None = None, **headers):
    """A request and the queries it made."""
    with CaptureQueriesContext(connection) as ctx:
        response = (client or Client()).get(url, **headers)
    return response, len(ctx)


def without_csrf(content: bytes) -> bytes:
    return CSRF_VALUE.sub(b"", content)


@pytest.mark.parametrize("name", ["club page", "season page", "player page", "standings API"])
def test_a_second_logged_out_reader_gets_the_kept_answer_after_one_query(name):
    url = urls(a_club(3))[name]
    first, _ = get(url)
    second, queries = get(url)
    assert first.status_code == second.status_code == 200
    assert queries == 1  # the version
    assert without_csrf(second.content) == without_csrf(first.content)
    assert second["ETag"].startswith('"r')


@pytest.mark.parametrize("name", ["season page", "standings API"])
def test_a_reader_that_sends_the_etag_back_gets_304_after_one_query(name):
    url = urls(a_club(3))[name]
    reader = Client()
    first, _ = get(url, reader)
    again, queries = get(url, reader, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert queries == 1


def test_queries_per_request_do_not_grow_with_the_club():
    """Each read, first rendered and then kept, of a club of 10 rounds and of 200."""

    def counts(w):
        return {name: (get(url)[1], get(url)[1]) for name, url in urls(w).items()}

    small = counts(a_club(10))
    cache.clear()
    big = counts(a_club(200))
    assert small == big
    assert {warm for _cold, warm in big.values()} == {1}


def record(w):
    services.round_record(session=w["session"], data=round_self_draw(1), actor=w["alice"])


def correct(w):
    last = w["session"].rounds.filter(is_current=True).order_by("-number").first()
    services.round_correct(round=last, data=round_discard(2, 3), actor=w["alice"])


def void(w):
    last = w["session"].rounds.filter(is_current=True).order_by("-number").first()
    services.round_void(round=last, reason="错记", actor=w["alice"])


def penalty(w):
    penalty_give(
        season=w["season"], player=w["players"][0], amount=-10, reason="迟到", actor=w["alice"]
    )


def rename(w):
    league_services.player_update(player=w["players"][0], actor=w["alice"], display_name="东风改")


def merge(w):
    guest = w["club"].players.create(display_name="客人甲", is_guest=True)
    player_merge(source=guest, target=w["players"][1], actor=w["alice"])


def hide_name(w):
    bob = make_user("bob")
    w["club"].players.filter(pk=w["players"][0].pk).update(user=bob)
    player_links.player_name_hide(user=bob, hidden=True)


def ruleset(w):
    league_services.ruleset_update(ruleset=w["season"].ruleset, actor=w["alice"], name="新规则")


def club_settings(w):
    league_services.club_update(club=w["club"], actor=w["alice"], name="新名字俱乐部")


@pytest.mark.parametrize(
    "change",
    [record, correct, void, penalty, rename, merge, hide_name, ruleset, club_settings],
)
def test_a_change_to_what_the_pages_show_is_shown_at_once(change):
    w = a_club(3)
    shows_a_change_on_every_page(w, lambda: change(w))


def shows_a_change_on_every_page(w, change):
    readers = {name: Client() for name in urls(w)}
    before = {name: get(url, readers[name])[0] for name, url in urls(w).items()}
    change()
    for name, url in urls(w).items():
        after, queries = get(url, readers[name], HTTP_IF_NONE_MATCH=before[name]["ETag"])
        assert after.status_code == 200, name
        assert after["ETag"] != before[name]["ETag"], name
        assert queries > 1, name  # rendered again, not the kept answer


def test_a_ratings_replay_by_the_worker_is_shown_at_once():
    """The replay writes no log entry: its new rating rows change the version."""
    w = a_club(3)
    services.session_finish(session=w["session"], actor=w["alice"])
    shows_a_change_on_every_page(
        w, lambda: ratings_rebuild(club_id=w["club"].pk, season_id=w["season"].pk)
    )


def test_a_renamed_player_and_a_hidden_name_show_on_the_kept_pages():
    w = a_club(3)
    season_page = urls(w)["season page"]
    assert "东风改".encode() not in get(season_page)[0].content
    rename(w)
    assert "东风改".encode() in get(season_page)[0].content
    hide_name(w)
    assert name_initials("东风改").encode() in get(season_page)[0].content


def test_a_logged_in_member_is_not_served_the_kept_page():
    w = a_club(3)
    url = urls(w)["season page"]
    get(url)
    member = Client()
    member.force_login(w["alice"])
    page, queries = get(url, member)
    assert page.status_code == 200
    assert queries > 1
    assert not page.get("ETag", "").startswith('"r')
    assert b"alice" in page.content


def test_a_private_club_is_not_kept():
    w = a_club(3, public=False)
    url = urls(w)["season page"]
    member = Client()
    member.force_login(w["alice"])
    get(url, member)
    again, queries = get(url, member)
    assert again.status_code == 200
    assert queries > 1
    assert not again.get("ETag", "").startswith('"r')


def test_a_query_the_page_does_not_take_is_not_kept():
    url = urls(a_club(3))["season page"] + "?close=confirm"
    get(url)
    again, queries = get(url)
    assert again.status_code == 200
    assert queries > 1


def test_an_unsettled_log_is_not_kept(settings):
    settings.SYNC_SETTLE_SECONDS = 3600
    url = urls(a_club(3))["season page"]
    get(url)
    again, queries = get(url)
    assert again.status_code == 200
    assert queries > 1
    assert "ETag" not in again


def test_each_reader_of_the_kept_page_gets_a_csrf_token_of_their_own():
    url = urls(a_club(3))["season page"]
    get(url)  # kept
    reader = Client(enforce_csrf_checks=True)
    page, queries = get(url, reader)
    assert queries == 1
    token = CSRF_VALUE.search(page.content).group(1).decode()
    switched = reader.post("/i18n/setlang/", {"language": "en", "csrfmiddlewaretoken": token})
    assert switched.status_code == 302  # not 403: the token matches the reader's cookie


def test_with_the_cache_server_down_the_page_is_rendered_all_the_same(monkeypatch):
    # A Redis cache where nothing listens, for the kept reads only (the test's own
    # clean-up still clears the real one).
    down = RedisCache("redis://127.0.0.1:1/0", {})
    monkeypatch.setattr(etags, "cache", down)
    url = urls(a_club(3))["season page"]
    first, _ = get(url)
    second, queries = get(url)
    assert first.status_code == second.status_code == 200
    assert queries > 1  # rendered: nothing could be kept
    assert "东".encode() in second.content
