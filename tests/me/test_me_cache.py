"""我的 keeps its computed figures per version of the data they cover: a second reader
gets them from the cache in three queries, and any change in a linked club (a round
recorded, corrected or voided, a merge, a link or an unlink) makes the next reader
compute them again."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues import player_links
from leagues.models import Membership
from leagues.services import player_create
from scoring import services
from scoring.me import selectors
from scoring.merge.services import player_merge
from scoring.models import Round
from tests.factories import make_club, make_players, make_session, round_self_draw
from tests.me.history import assert_me_is_the_sum_of_the_player_pages, two_club_history

pytestmark = pytest.mark.django_db

EVERYONE = selectors.MeFilters()


@pytest.fixture
def history(settings):
    settings.SYNC_SETTLE_SECONDS = 0  # every entry counts as settled at once
    return two_club_history()


def _fresh(user, filters=EVERYONE):
    cache.clear()
    return selectors.me_report(user=user, filters=filters)


def _owner(club):
    return Membership.objects.filter(club=club, role="owner").get().user


def _read_twice(user, filters=EVERYONE):
    """The report as a reader after a change sees it (computed and kept), then as the
    next reader does (from the cache)."""
    first = selectors.me_report(user=user, filters=filters)
    with CaptureQueriesContext(connection) as ctx:
        second = selectors.me_report(user=user, filters=filters)
    return first, second, len(ctx)


def test_a_second_reader_gets_the_same_figures_from_the_cache_in_three_queries(history):
    first, second, queries = _read_twice(history.user)
    assert second == first == _fresh(history.user)
    assert queries == 3  # the linked players, the clubs' data version, the ratings


def test_a_year_and_a_club_are_cached_apart(history):
    club = history.clubs[1]
    year = selectors.me_report(user=history.user, filters=EVERYONE).years[-1]
    one = selectors.MeFilters(year=year, club=club.slug)
    assert selectors.me_report(user=history.user, filters=one) == _fresh(history.user, one)
    assert (
        selectors.me_report(user=history.user, filters=EVERYONE).clubs
        != _fresh(history.user, one).clubs
    )


def test_figures_computed_right_after_a_change_are_not_kept(history, settings):
    settings.SYNC_SETTLE_SECONDS = 60  # the newest entry is younger: maybe not all committed
    selectors.me_report(user=history.user, filters=EVERYONE)
    with CaptureQueriesContext(connection) as ctx:
        selectors.me_report(user=history.user, filters=EVERYONE)
    assert len(ctx) > 10


def _session_with_me(history):
    club, me = history.clubs[0], history.mine[0]
    others = list(club.players.exclude(pk=me.pk).order_by("pk"))[:3]
    return make_session(club.seasons.order_by("pk").last(), [me, *others], actor=_owner(club))


def test_a_new_round_in_a_linked_club_is_on_the_next_read(history):
    before, _, _ = _read_twice(history.user)
    session = _session_with_me(history)
    services.round_record(
        session=session, data=round_self_draw(0, ["qingyise"]), actor=_owner(history.clubs[0])
    )
    after = selectors.me_report(user=history.user, filters=EVERYONE)
    assert after.totals.rounds == before.totals.rounds + 1
    assert after == _fresh(history.user)


def test_a_corrected_round_is_on_the_next_read(history):
    session = _session_with_me(history)
    owner = _owner(history.clubs[0])
    stored = services.round_record(session=session, data=round_self_draw(0), actor=owner)
    before, _, _ = _read_twice(history.user)
    services.round_correct(round=stored, data=round_self_draw(1, ["qingyise"]), actor=owner)
    after = selectors.me_report(user=history.user, filters=EVERYONE)
    assert after.totals.net != before.totals.net
    assert after == _fresh(history.user)


def test_a_voided_round_is_on_the_next_read(history):
    before, _, _ = _read_twice(history.user)
    me = history.mine[1]
    stored = (
        Round.objects.filter(
            session__seats__player=me, is_current=True, is_void=False, players__player=me
        )
        .order_by("pk")
        .first()
    )
    services.round_void(round=stored, reason="记错了", actor=_owner(history.clubs[1]))
    after = selectors.me_report(user=history.user, filters=EVERYONE)
    assert after.totals.rounds == before.totals.rounds - 1
    assert after == _fresh(history.user)


def test_a_guest_merged_into_a_tablemate_is_on_the_next_read(history):
    club, me = history.clubs[0], history.mine[0]
    owner = _owner(club)
    guest = player_create(club=club, display_name="客人", is_guest=True, actor=owner)
    others = list(club.players.exclude(pk__in=[me.pk, guest.pk]).order_by("pk"))[:2]
    session = make_session(club.seasons.order_by("pk").last(), [me, guest, *others], actor=owner)
    services.round_record(session=session, data=round_self_draw(0, ["qingyise"]), actor=owner)
    only = selectors.MeFilters(club=club.slug)  # every tablemate there is a rival row
    before, _, _ = _read_twice(history.user, only)
    target = player_create(club=club, display_name="新来的", actor=owner)
    guest_id = guest.pk
    player_merge(source=guest, target=target, actor=owner)
    after = selectors.me_report(user=history.user, filters=only)
    assert guest_id in [r.opponent.pk for r in before.rivals]
    assert target.pk in [r.opponent.pk for r in after.rivals]
    assert after == _fresh(history.user, only)


def test_an_unlink_and_a_new_link_are_on_the_next_read(history):
    before, _, _ = _read_twice(history.user)
    player_links.player_unlink(player=history.mine[0], actor=history.user)
    unlinked = selectors.me_report(user=history.user, filters=EVERYONE)
    assert len(unlinked.clubs) == len(before.clubs) - 1
    assert unlinked == _fresh(history.user)
    owner = _owner(history.clubs[0])
    third = make_club(name="丙俱乐部", owner=owner)
    (newcomer,) = make_players(third, ["新人"])
    player_links.player_link(player=newcomer, user=history.user, actor=owner)
    linked = selectors.me_report(user=history.user, filters=EVERYONE)
    assert third.pk in [c.club.pk for c in linked.clubs]
    assert linked == _fresh(history.user)


def test_after_corrections_voids_a_merge_and_an_unlink_me_is_still_the_sum_of_the_pages(
    history,
):
    """Read (and cached) after every step: each read equals the player pages it covers."""
    club, me = history.clubs[0], history.mine[0]
    owner = _owner(club)
    guest = player_create(club=club, display_name="客人", is_guest=True, actor=owner)
    others = list(club.players.exclude(pk__in=[me.pk, guest.pk]).order_by("pk"))[:2]
    session = make_session(club.seasons.order_by("pk").last(), [me, guest, *others], actor=owner)
    first = services.round_record(session=session, data=round_self_draw(1), actor=owner)
    second = services.round_record(
        session=session, data=round_self_draw(0, ["qingyise"], dealer=1), actor=owner
    )
    steps = [
        lambda: services.round_correct(
            round=first, data=round_self_draw(0, ["pengpenghu"]), actor=owner
        ),
        lambda: services.round_void(round=second, reason="记错了", actor=owner),
        lambda: player_merge(
            source=guest,
            target=player_create(club=club, display_name="正式", actor=owner),
            actor=owner,
        ),
        lambda: player_links.player_unlink(player=history.mine[1], actor=history.user),
    ]
    for step in steps:
        _read_twice(history.user)
        step()
        report = selectors.me_report(user=history.user, filters=EVERYONE)
        assert_me_is_the_sum_of_the_player_pages(report, [p.player for p in report.clubs])
        assert report == _fresh(history.user)
    assert [c.player.pk for c in report.clubs] == [me.pk]


def test_kept_figures_name_the_kongs_in_the_readers_language(history):
    from django.utils import translation

    with translation.override("zh-hans"):
        chinese = selectors.me_report(user=history.user, filters=EVERYONE)  # computed, kept
    with translation.override("en"):
        english = selectors.me_report(user=history.user, filters=EVERYONE)  # from the cache

    assert [k.name for k in chinese.kong_counts] == ["暗杠", "加杠", "放杠", "点杠"]
    assert [k.name for k in english.kong_counts] == [
        "Concealed kong",
        "Added kong",
        "Kong on a discard",
        "Kongs fed",
    ]
    assert [k.count for k in english.kong_counts] == [k.count for k in chinese.kong_counts]
