"""Materialised standings, ratings, finished and paper sessions (scoring.standings)."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Round, RoundPlayer
from scoring.services import (
    paper_nets_validate,
    paper_session_record,
    round_correct,
    round_record,
    round_void,
    session_finish,
    session_reopen,
)
from scoring.standings.models import (
    ROUND_AGGREGATES,
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
    round_add,
)
from scoring.standings.ratings import ranks_from_nets, rating_initial, rating_update, ratings_replay
from scoring.standings.rebuild import standings_rebuild
from scoring.standings.services import stats_session_refresh
from tests.factories import (
    make_club,
    make_players,
    make_ruleset,
    make_season,
    make_session,
    round_discard,
    round_draw,
    round_self_draw,
)

# ---------------------------------------------------------------- ratings (pure)


def test_ranks_put_the_highest_net_first_and_ties_share_the_better_rank():
    assert ranks_from_nets([30, -10, -10, -10]) == [1, 2, 2, 2]
    assert ranks_from_nets([-5, 20, 20, -35]) == [3, 1, 1, 4]
    assert ranks_from_nets([0, 0, 0, 0]) == [1, 1, 1, 1]


def test_a_session_winner_gains_rating_and_the_loser_drops():
    start = [rating_initial()] * 4
    after = rating_update(ratings=start, nets=[40, 10, -20, -30])
    assert after[0].mu > start[0].mu > after[3].mu
    assert after[0].ordinal > after[1].ordinal > after[2].ordinal > after[3].ordinal


def test_players_with_equal_nets_get_equal_ratings():
    after = rating_update(ratings=[rating_initial()] * 4, nets=[10, 10, -10, -10])
    assert after[0] == after[1] and after[2] == after[3]
    assert after[0].ordinal > after[2].ordinal


def test_a_new_players_conservative_ordinal_is_zero():
    assert rating_initial().ordinal == pytest.approx(0.0)


def test_replay_continues_each_player_from_their_last_rating():
    final, history = ratings_replay(
        [("s1", ["a", "b", "c", "d"], [9, 3, -3, -9]), ("s2", ["a", "e", "f", "g"], [9, 3, -3, -9])]
    )
    assert [h.key for h in history] == ["s1", "s2"]
    assert final["a"].mu > history[0].after["a"].mu > rating_initial().mu
    assert final["b"] == history[0].after["b"]


# ---------------------------------------------------------------- paper nets


def test_paper_nets_must_be_four_whole_numbers_summing_to_zero():
    assert paper_nets_validate(["+30", "-10", " -10", -10]) == [30, -10, -10, -10]
    for bad in (
        [30, -10, -10, -9],
        [30, -30, 0],
        [1.5, -1.5, 0, 0],
        ["x", 0, 0, 0],
        [True, 0, 0, -1],
    ):
        with pytest.raises(ValidationError) as err:
            paper_nets_validate(bad)
        assert "nets" in err.value.message_dict


# ---------------------------------------------------------------- site


def snapshot(club):
    """Every materialised row of the club, keyed and sorted, floats rounded."""

    def rows(qs, *key):
        return sorted(
            (tuple(getattr(r, k) for k in key), tuple(getattr(r, f) for f in STAT_FIELDS))
            for r in qs
        )

    return {
        "session": rows(PlayerSessionStat.objects.filter(club=club), "session_id", "player_id"),
        "season": rows(
            PlayerSeasonStat.objects.filter(season__club=club), "season_id", "player_id"
        ),
        "club": rows(PlayerClubStat.objects.filter(club=club), "player_id"),
        "ratings": sorted(
            (r.season_id or 0, r.player_id, round(r.mu, 9), round(r.sigma, 9), r.sessions)
            for r in PlayerRating.objects.filter(club=club)
        ),
        "events": sorted(
            (e.season_id or 0, e.session_id, e.player_id, round(e.ordinal, 9))
            for e in RatingEvent.objects.filter(club=club)
        ),
    }


@pytest.mark.django_db
def test_season_totals_follow_recording_correcting_and_voiding(session, season, players, recorder):
    r1 = round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    stats_session_refresh(session=session)
    row = PlayerSeasonStat.objects.get(season=season, player=players[0])
    assert (row.net, row.rounds, row.wins, row.self_draws, row.sessions) == (21, 1, 1, 1, 1)

    round_correct(round=r1, data=round_discard(1, 0), actor=recorder)
    stats_session_refresh(session=session)
    row.refresh_from_db()
    assert (row.rounds, row.wins, row.deal_ins) == (1, 0, 1) and row.net < 0

    current = Round.objects.get(session=session, is_current=True)
    round_void(round=current, reason="录错", actor=recorder)
    stats_session_refresh(session=session)
    assert not PlayerSeasonStat.objects.filter(season=season).exists()
    assert not PlayerClubStat.objects.filter(club=season.club).exists()


@pytest.mark.django_db
def test_a_paper_session_counts_in_net_and_sessions_but_not_in_rounds(season, players, recorder):
    paper_session_record(
        season=season, players=players[:4], nets=[30, -10, -5, -15], actor=recorder
    )
    rows = {r.player_id: r for r in PlayerSeasonStat.objects.filter(season=season)}
    first = rows[players[0].pk]
    assert (first.net, first.round_net, first.sessions, first.rounds, first.wins) == (
        30,
        0,
        1,
        0,
        0,
    )
    assert sum(r.net for r in rows.values()) == 0
    assert PlayerRating.objects.filter(season=season).count() == 4


@pytest.mark.django_db
def test_only_recorders_may_enter_a_paper_session(season, players, member):
    with pytest.raises(PermissionDenied):
        paper_session_record(season=season, players=players[:4], nets=[0, 0, 0, 0], actor=member)


@pytest.mark.django_db
def test_finishing_a_session_twice_rates_it_once(session, season, recorder):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    stats_session_refresh(session=session)
    session_finish(session=session, actor=recorder)
    session_finish(session=session, actor=recorder)
    ratings = {r.player_id: r for r in PlayerRating.objects.filter(season=season)}
    assert {r.sessions for r in ratings.values()} == {1}
    winner = session.players_in_order()[2]
    assert ratings[winner.pk].ordinal == max(r.ordinal for r in ratings.values())
    assert RatingEvent.objects.filter(season=season).count() == 4
    assert RatingEvent.objects.filter(season=None, club=season.club).count() == 4


@pytest.mark.django_db
def test_reopening_a_session_replays_ratings_without_it(
    session, season, recorder, django_capture_on_commit_callbacks
):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    stats_session_refresh(session=session)
    session_finish(session=session, actor=recorder)
    # rated before the reopen, in the season and the club's all-time table alike
    assert PlayerRating.objects.filter(club=season.club).count() == 8
    assert RatingEvent.objects.filter(club=season.club).count() == 8
    with django_capture_on_commit_callbacks(execute=True):
        session_reopen(session=session, actor=recorder)
    assert not PlayerRating.objects.filter(club=season.club).exists()
    assert not RatingEvent.objects.filter(club=season.club).exists()


# ---------------------------------------------------------------- incremental == rebuild


@pytest.fixture
def fast_user(db):
    """A user without a password (hypothesis reuses it across examples)."""
    return get_user_model().objects.create(username="h6-fast")


OPS = st.lists(
    st.tuples(
        st.sampled_from(["record", "record", "record", "correct", "void", "paper", "finish"]),
        st.integers(0, 3),  # which session
        st.integers(0, 11),  # which round shape / which round
    ),
    min_size=1,
    max_size=14,
)


def round_shape(i: int) -> dict:
    seat, other = i % 4, (i + 1 + i // 4) % 4
    if other == seat:
        other = (seat + 1) % 4
    shapes = [
        round_self_draw(seat, birds=[5, 9]),
        round_discard(seat, other),
        round_self_draw(seat, ["qingyise"], birds=[2, 7]),
        round_draw(taker=seat),
    ]
    return shapes[i % len(shapes)]


@pytest.mark.slow
@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=OPS)
def test_incremental_rows_equal_a_rebuild_after_random_writes(
    ops, fast_user, django_capture_on_commit_callbacks
):
    user = fast_user
    club = make_club(owner=user)
    seasons = [make_season(club, make_ruleset(club)), make_season(club, make_ruleset(club))]
    roster = make_players(club, [f"p{i}" for i in range(6)])
    base = datetime.datetime(2025, 3, 1, 19, 0, tzinfo=datetime.UTC)
    sessions = [
        make_session(
            seasons[i % 2],
            [roster[(i + k) % 6] for k in range(4)],
            actor=user,
            started_at=base + datetime.timedelta(days=i),
        )
        for i in range(4)
    ]
    for op, which, n in ops:
        session = sessions[which]
        counted = list(Round.objects.counting().filter(session=session).order_by("number"))
        # Each service call commits on its own in production: run its on-commit tasks now.
        with django_capture_on_commit_callbacks(execute=True):
            if op == "record":
                # A finished session takes a new round once reopened (as the site does).
                if SessionResult.objects.filter(session=session).exists():
                    session_reopen(session=session, actor=user)
                round_record(session=session, data=round_shape(n), actor=user)
            elif op == "correct" and counted:
                round_correct(round=counted[n % len(counted)], data=round_shape(n + 1), actor=user)
            elif op == "void" and counted:
                round_void(round=counted[n % len(counted)], reason="错", actor=user)
            elif op == "finish":
                session_finish(session=session, actor=user)
            elif op == "paper":
                paper_session_record(
                    season=seasons[which % 2],
                    players=[roster[(which + k + 1) % 6] for k in range(4)],
                    nets=[n * 10, -n * 5, -n * 5, 0],
                    actor=user,
                    started_at=base + datetime.timedelta(days=10 + len(ops), hours=n),
                )
    incremental = snapshot(club)
    standings_rebuild(club=club)
    assert snapshot(club) == incremental


# ---------------------------------------------------------------- reads


@pytest.mark.django_db
def test_standings_from_the_tables_equal_the_live_aggregation(session, season, players, recorder):
    from scoring.standings.selectors import stats_standings
    from tests.scoring.standings.live import live_standings

    other = make_session(season, players[2:6], actor=recorder)
    for s, data in [
        (session, round_self_draw(0, birds=[5, 9])),
        (session, round_discard({1: ["qingyise"]}, 2)),
        (other, round_discard(3, 0)),
        (other, round_draw(taker=1)),
    ]:
        round_record(session=s, data=data, actor=recorder)
        stats_session_refresh(session=s)
    for order in ("net", "-wins", "player"):
        assert stats_standings(season=season, order=order) == live_standings(
            season=season, order=order
        )
    assert stats_standings(club=season.club) == live_standings(club=season.club)
    day = session.started_at.date()
    assert stats_standings(season=season, date_from=day, date_to=day) == live_standings(
        season=season, date_from=day, date_to=day
    )
    assert stats_standings(season=season, date_to=day - datetime.timedelta(days=1)) == []


@pytest.mark.django_db
def test_standings_read_a_fixed_number_of_queries(
    session, season, recorder, django_assert_num_queries
):
    from scoring.standings.selectors import stats_standings

    for _ in range(3):
        round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    stats_session_refresh(session=session)
    with django_assert_num_queries(2):  # the season's rows, its penalties
        rows = stats_standings(season=season)
    assert [r.rounds for r in rows] == [3, 3, 3, 3]


@pytest.mark.django_db
def test_rating_history_has_a_point_per_finished_session(season, players, recorder):
    from scoring.standings.selectors import rating_history, ratings_ordinals

    base = datetime.datetime(2025, 3, 1, 19, 0, tzinfo=datetime.UTC)
    for day, nets in enumerate([[30, -10, -10, -10], [40, -20, -10, -10]]):
        paper_session_record(
            season=season,
            players=players[:4],
            nets=nets,
            actor=recorder,
            started_at=base + datetime.timedelta(days=day),
        )
    history = rating_history(player=players[0], season=season)
    assert [p.at for p in history] == [base, base + datetime.timedelta(days=1)]
    assert history[1].ordinal > history[0].ordinal > 0
    assert ratings_ordinals(club=season.club, season=season)[players[0].pk] == history[1].ordinal
    assert len(rating_history(player=players[0])) == 2  # club-wide too


@pytest.mark.django_db
def test_the_season_rounds_csv_lists_every_current_round_with_players_and_nets(
    session, season, players, recorder
):
    from scoring.standings.selectors import season_rounds_csv_rows

    r1 = round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    round_record(session=session, data=round_discard({1: ["qingyise"]}, 2), actor=recorder)
    round_void(round=r1, reason="录错", actor=recorder)
    header, *rows = list(season_rounds_csv_rows(season=season))
    assert header[:4] == ["session", "started_at", "table", "round"]
    assert [(r[3], r[5], r[7]) for r in rows] == [(1, "void", "self_draw"), (2, "", "discard")]
    assert rows[0][11:15] == [p.display_name for p in players[:4]]
    assert rows[0][15:19] == [21, -7, -7, -7]
    assert rows[1][10] == "qingyise"


@pytest.mark.django_db
def test_a_paper_session_takes_no_rounds(season, players, recorder):
    from scoring.services import RoundRejected

    session = paper_session_record(
        season=season, players=players[:4], nets=[1, -1, 0, 0], actor=recorder
    )
    with pytest.raises(RoundRejected) as err:
        round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    assert err.value.errors[0].code == "paper_session"


@pytest.mark.django_db
def test_recording_correcting_and_voiding_keep_the_tables_current_without_help(
    session, season, players, recorder
):
    r1 = round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    assert PlayerSeasonStat.objects.get(season=season, player=players[0]).net == 21
    r2 = round_correct(round=r1, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    assert PlayerSeasonStat.objects.get(season=season, player=players[1]).wins == 1
    round_void(round=r2, reason="录错", actor=recorder)
    assert not PlayerSeasonStat.objects.filter(season=season).exists()


def test_paper_nets_beyond_the_limit_are_refused_by_the_service():
    from django.core.exceptions import ValidationError

    from scoring.services import PAPER_NET_LIMIT, paper_nets_validate

    assert paper_nets_validate([PAPER_NET_LIMIT, -PAPER_NET_LIMIT, 0, 0])[0] == PAPER_NET_LIMIT
    with pytest.raises(ValidationError) as caught:
        paper_nets_validate([PAPER_NET_LIMIT + 1, -PAPER_NET_LIMIT - 1, 0, 0])
    assert "nets" in caught.value.message_dict


# ---------------------------------------------------------------- one round's contribution


def test_the_sql_aggregates_and_the_python_sum_of_rounds_agree(session, recorder):
    """ROUND_AGGREGATES (the rebuild, the live standings) and round_add (the bulk import)
    give the same counts for the same rounds."""
    for data in (
        round_self_draw(0, birds=[5, 9]),
        round_discard({1: ["qingyise"]}, 2),
        round_discard({1: ["pinghu"], 3: ["pinghu"]}, 0, birds=[1, 1]),
        round_draw(),
    ):
        round_record(session=session, data=data, actor=recorder)
    rows = RoundPlayer.objects.filter(round__session=session)
    by_sql = {
        a.pop("player_id"): a
        for a in rows.values("player_id").annotate(**ROUND_AGGREGATES).order_by()
    }
    by_python: dict[int, dict[str, int]] = {}
    for row in rows.values():
        counts = by_python.setdefault(row["player_id"], dict.fromkeys(STAT_FIELDS, 0))
        round_add(counts, row)
    assert set(by_sql) == set(by_python)
    for player_id, counts in by_python.items():
        assert counts["net"] == counts["round_net"]
        assert {f: counts[f] for f in ROUND_AGGREGATES} == by_sql[player_id]
    assert sum(c["wins"] for c in by_python.values()) == 4
    assert set(ROUND_AGGREGATES) | {"net", "sessions"} == set(STAT_FIELDS)
