"""Recording, correcting, voiding and undoing rounds through scoring.services."""

import datetime
import re

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import translation

from leagues.audit import AuditEntry
from leagues.services import ruleset_update
from scoring.engine import PRESETS, score_round
from scoring.models import Round, RoundHand, RoundPlayer, Transfer
from scoring.selectors import round_history, session_next_dealers, session_totals
from scoring.services import (
    RoundConflict,
    RoundRejected,
    round_correct,
    round_preview,
    round_record,
    round_undo_last,
    round_void,
    session_start,
    session_update,
)
from tests.factories import (
    make_ruleset,
    make_season,
    make_session,
    round_by_tiles,
    round_discard,
    round_draw,
    round_self_draw,
)

pytestmark = pytest.mark.django_db

# 67 例1: the dealer self-draws, birds 5 and 9 both land on the dealer: 21 / -7 / -7 / -7.
EX1 = round_self_draw(0, birds=[5, 9])


def test_recording_stores_data_result_and_the_resolved_ruleset(session, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)

    assert (rnd.number, rnd.version, rnd.is_current, rnd.is_void) == (1, 1, True, False)
    assert rnd.data == EX1 and "ruleset" not in rnd.data
    assert rnd.ruleset_config == PRESETS["changsha-67"].to_dict()
    assert rnd.result == score_round({**EX1, "ruleset": "changsha-67"})
    assert rnd.result["net"] == [21, -7, -7, -7]
    assert rnd.recorded_by == recorder


def test_recording_stores_one_transfer_row_per_payment_with_players(session, players, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)

    rows = list(rnd.transfers.order_by("payer_seat"))
    assert [(t.payer, t.payee, t.amount, t.event) for t in rows] == [
        (players[1], players[0], 7, "result"),
        (players[2], players[0], 7, "result"),
        (players[3], players[0], 7, "result"),
    ]


def test_recording_stores_one_row_per_seat_for_aggregation(session, players, recorder):
    data = round_discard({1: ["qingyise", "pengpenghu"]}, 2, birds=[3, 7])
    rnd = round_record(session=session, data=data, actor=recorder)

    rows = {rp.seat: rp for rp in rnd.players.all()}
    assert [rows[s].player for s in range(4)] == players[:4]
    assert [rows[s].net for s in range(4)] == rnd.result["net"]
    assert rows[1].won and rows[1].big_win and not rows[1].self_draw
    assert rows[1].hands == ["qingyise", "pengpenghu"]
    assert rows[2].dealt_in and not rows[2].won
    assert rows[0].is_dealer and not rows[3].is_dealer
    assert sorted(RoundHand.objects.filter(round=rnd).values_list("code", flat=True)) == [
        "pengpenghu",
        "qingyise",
    ]


# The engine finds the hands of a win given by its tiles; the stored rows hold them.
TILES_ONLY = round_by_tiles()


def test_a_big_win_given_by_its_tiles_alone_is_stored_as_the_big_win_the_engine_found(
    session, recorder
):
    rnd = round_record(session=session, data=TILES_ONLY, actor=recorder)

    winner = rnd.players.get(seat=1)
    assert winner.won and winner.self_draw and winner.big_win
    assert winner.hands == ["banbanhu", "qingyise"]
    assert {t["detail"]["class"] for t in rnd.result["transfers"] if t["event"] == "result"} == {
        "big"
    }
    assert list(
        RoundHand.objects.filter(round=rnd, is_opening=False).values_list("code", "seat")
    ) == [("qingyise", 1)]


def test_an_opening_given_by_its_tiles_alone_is_stored_with_the_hand_the_engine_found(
    session, recorder
):
    rnd = round_record(session=session, data=TILES_ONLY, actor=recorder)

    assert rnd.players.get(seat=1).opening_wins == 1
    assert list(
        RoundHand.objects.filter(round=rnd, is_opening=True).values_list("code", "seat")
    ) == [("banbanhu", 1)]


def test_recorded_birds_hit_are_stored_per_seat(session, recorder):
    rnd = round_record(session=session, data=round_self_draw(0, birds=[2, 6]), actor=recorder)

    assert [rp.birds_hit for rp in rnd.players.order_by("seat")] == [0, 2, 0, 0]


def test_a_haidi_win_stores_the_hits_of_its_tile_as_every_bird(session, recorder):
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["haidilaoyue"]}],
            "haidi": {"tile": "5m", "taker": 1, "first_offered": 1},
        },
    }
    rnd = round_record(session=session, data=data, actor=recorder)

    assert [rp.birds_hit for rp in rnd.players.order_by("seat")] == [2, 0, 0, 0]
    assert Round.objects.get(pk=rnd.pk).birds == [5, 5]  # as the engine counted them


def test_a_draw_stores_no_counted_birds(session, recorder):
    rnd = round_record(session=session, data=round_draw(), actor=recorder)

    assert Round.objects.get(pk=rnd.pk).birds == []


def test_the_session_page_shows_the_birds_stored_with_the_round(client, session, recorder):
    rnd = round_record(session=session, data=round_self_draw(0, birds=[2, 6]), actor=recorder)
    # The page reads the stored birds; it does not score the round again.
    Round.objects.filter(pk=rnd.pk).update(birds=[7, 7])
    client.force_login(recorder)
    url = reverse("session", args=[session.season.club.slug, session.pk])

    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()

    shown = re.sub(r"<[^>]+>", "", page)  # each bird with the player it landed on
    assert "鸟 7 王五、7 王五" in shown and "鸟 2" not in shown


def test_rounds_are_numbered_one_after_another(session, recorder):
    numbers = [round_record(session=session, data=EX1, actor=recorder).number for _ in range(3)]
    assert numbers == [1, 2, 3]


def test_recording_a_number_that_is_not_next_is_a_conflict(session, recorder):
    round_record(session=session, data=EX1, actor=recorder, number=1)

    with pytest.raises(RoundConflict) as exc:
        round_record(session=session, data=EX1, actor=recorder, number=1)

    assert exc.value.expected == 2
    assert exc.value.errors[0].code == "round_conflict"
    assert Round.objects.filter(session=session).count() == 1


def test_bad_input_is_rejected_with_every_error_and_nothing_is_stored(session, recorder):
    bad = round_discard(0, 0, birds=[5])  # winner discards, and one bird short

    with pytest.raises(RoundRejected) as exc:
        round_record(session=session, data=bad, actor=recorder)

    fields = {e.field for e in exc.value.errors}
    assert {"result.discarder", "result.birds"} <= fields
    assert exc.value.as_json()["errors"] == [e.as_dict() for e in exc.value.errors]
    assert "result.discarder" in exc.value.message_dict
    assert not Round.objects.exists()
    assert not Transfer.objects.exists() and not RoundPlayer.objects.exists()


def test_a_round_may_not_choose_its_own_ruleset(session, recorder):
    with pytest.raises(RoundRejected) as exc:
        round_record(session=session, data={**EX1, "ruleset": "changsha-points"}, actor=recorder)
    assert exc.value.errors[0].field == "ruleset"


def test_a_round_must_be_an_object(session, recorder):
    with pytest.raises(RoundRejected):
        round_record(session=session, data=[1, 2], actor=recorder)


def test_a_closed_season_takes_no_more_rounds(session, recorder):
    session.season.is_closed = True
    session.season.save()

    with pytest.raises(RoundRejected) as exc:
        round_record(session=session, data=EX1, actor=recorder)

    assert exc.value.errors[0].field == "season"
    assert not Round.objects.exists()


def test_preview_scores_without_storing(session):
    result = round_preview(session=session, data=EX1)

    assert result["net"] == [21, -7, -7, -7]
    assert not Round.objects.exists()


def test_a_correction_stores_a_new_version_and_keeps_the_old(session, recorder, organiser):
    first = round_record(session=session, data=EX1, actor=recorder)
    fixed_data = round_discard(1, 2, birds=[1, 4])

    fixed = round_correct(round=first, data=fixed_data, actor=organiser)

    first.refresh_from_db()
    assert (fixed.number, fixed.version, fixed.supersedes) == (1, 2, first)
    assert fixed.is_current and not first.is_current
    assert first.data == EX1  # never overwritten
    assert [r.version for r in round_history(session=session, number=1)] == [1, 2]
    assert session_totals(session=session) == dict(enumerate(fixed.result["net"]))


def test_a_correction_identical_to_the_round_adds_no_version_and_no_audit_line(session, recorder):
    first = round_record(session=session, data=EX1, actor=recorder)
    lines = AuditEntry.objects.count()

    same = round_correct(round=first, data=dict(reversed(EX1.items())), actor=recorder)

    assert same.pk == first.pk and same.version == 1 and same.is_current
    assert Round.objects.filter(session=session).count() == 1
    assert AuditEntry.objects.count() == lines


def test_only_the_current_version_can_be_corrected(session, recorder):
    first = round_record(session=session, data=EX1, actor=recorder)
    round_correct(round=first, data=round_discard(1, 2), actor=recorder)

    with pytest.raises(RoundRejected) as exc:
        round_correct(round=first, data=round_discard(3, 2), actor=recorder)

    assert exc.value.errors[0].code == "not_current"
    assert Round.objects.filter(session=session).count() == 2


def test_a_bad_correction_changes_nothing(session, recorder):
    first = round_record(session=session, data=EX1, actor=recorder)

    with pytest.raises(RoundRejected):
        round_correct(round=first, data=round_discard(0, 0), actor=recorder)

    first.refresh_from_db()
    assert first.is_current
    assert Round.objects.filter(session=session).count() == 1


def test_editing_a_ruleset_never_changes_past_results(session, recorder, organiser):
    first = round_record(session=session, data=EX1, actor=recorder)
    ruleset_update(
        ruleset=session.season.ruleset,
        config={"preset": "changsha-67", "base": {"small": {"self_draw": 5}}},
        actor=organiser,
    )

    later = round_record(session=session, data=EX1, actor=recorder)
    corrected = round_correct(round=first, data=EX1, actor=recorder)

    first.refresh_from_db()
    assert first.result["net"] == [21, -7, -7, -7]
    assert later.result["net"][0] > first.result["net"][0]
    assert later.ruleset_config["base"]["small"]["self_draw"] == 5
    # A correction is scored under the rules the round was first scored under.
    assert corrected.ruleset_config == first.ruleset_config
    assert corrected.result["net"] == [21, -7, -7, -7]


def test_void_keeps_the_round_and_stops_it_counting(session, recorder):
    first = round_record(session=session, data=EX1, actor=recorder)
    round_record(session=session, data=round_discard(1, 2, birds=[1, 4]), actor=recorder)

    voided = round_void(round=first, reason="记错了桌", actor=recorder)

    assert voided.is_void and voided.is_current and voided.void_reason == "记错了桌"
    assert voided.voided_by == recorder and voided.voided_at is not None
    assert Round.objects.filter(session=session).count() == 2
    assert session_totals(session=session)[0] == 0  # only the second round counts


def test_void_needs_a_reason_and_happens_once(session, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)

    with pytest.raises(RoundRejected) as no_reason:
        round_void(round=rnd, reason="  ", actor=recorder)
    round_void(round=rnd, reason="重复", actor=recorder)
    with pytest.raises(RoundRejected) as twice:
        round_void(round=rnd, reason="重复", actor=recorder)

    assert no_reason.value.errors[0].field == "reason"
    assert twice.value.errors[0].code == "void"


def test_a_void_round_cannot_be_corrected(session, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)
    round_void(round=rnd, reason="作废", actor=recorder)

    with pytest.raises(RoundRejected):
        round_correct(round=rnd, data=EX1, actor=recorder)


def test_numbers_keep_going_after_a_void(session, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)
    round_void(round=rnd, reason="作废", actor=recorder)

    assert round_record(session=session, data=EX1, actor=recorder).number == 2


def test_undo_voids_the_latest_counted_round_each_time(session, recorder):
    one = round_record(session=session, data=EX1, actor=recorder)
    two = round_record(session=session, data=round_discard(1, 2), actor=recorder)

    assert round_undo_last(session=session, actor=recorder) == two
    assert round_undo_last(session=session, actor=recorder) == one
    with pytest.raises(RoundRejected) as exc:
        round_undo_last(session=session, actor=recorder)
    assert exc.value.errors[0].code == "nothing_to_undo"


def test_next_dealer_comes_from_the_last_counted_round(session, recorder):
    assert session_next_dealers(session=session) == (0, [0])

    round_record(session=session, data=round_discard(1, 2), actor=recorder)
    assert session_next_dealers(session=session) == (1, [1])

    round_record(session=session, data=round_self_draw(3, dealer=1, birds=[1, 1]), actor=recorder)
    assert session_next_dealers(session=session) == (3, [3])

    round_undo_last(session=session, actor=recorder)
    assert session_next_dealers(session=session) == (1, [1])


def test_tongpao_under_tongzhuang_makes_a_dealer_set(club, players, recorder):
    season = make_season(club, make_ruleset(club, {"preset": "changsha-tongzhuang"}))
    session = make_session(season, players[:4], actor=recorder)
    data = round_discard({1: ["pinghu"], 2: ["pinghu"]}, 0, birds=[3])

    rnd = round_record(session=session, data=data, actor=recorder)

    dealer, dealers = session_next_dealers(session=session)
    assert dealer == 0 and sorted(dealers) == [0, 1, 2]
    rows = {rp.seat: rp for rp in rnd.players.all()}
    assert rows[1].won and rows[2].won and rows[0].dealt_in
    assert rnd.transfers.filter(payer_seat=0).count() == 2


def test_a_burned_penalty_is_stored_as_a_transfer_without_payee(club, players, recorder):
    ruleset = make_ruleset(club, {"preset": "changsha-points"})
    session = make_session(make_season(club, ruleset), players[:4], actor=recorder)
    data = {**round_draw(taker=2), "penalties": [{"seat": 1, "kind": "escape"}]}

    rnd = round_record(session=session, data=data, actor=recorder)

    burned = rnd.transfers.get()
    assert (burned.payer, burned.payee, burned.event) == (players[1], None, "penalty")
    assert burned.amount == rnd.burned == -rnd.result["net"][1] > 0


def test_every_seats_transfers_add_up_to_its_net(session, recorder):
    data = {
        "dealer": 0,
        "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5]}],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["qingyise", "pengpenghu"]}],
            "discarder": 3,
            "birds": [3, 7],
        },
    }
    rnd = round_record(session=session, data=data, actor=recorder)

    for seat in range(4):
        got = sum(t.amount for t in rnd.transfers.all() if t.payee_seat == seat)
        paid = sum(t.amount for t in rnd.transfers.all() if t.payer_seat == seat)
        assert got - paid == rnd.result["net"][seat]
    opening = rnd.players.get(seat=1)
    assert opening.opening_wins == 1 and not opening.won and opening.hands == ["sixi"]


def test_session_start_refuses_a_bad_table(season, players, recorder, other_club):
    stranger = other_club.players.first()
    with pytest.raises(ValidationError) as three:
        session_start(season=season, players=players[:3], first_dealer=0, actor=recorder)
    with pytest.raises(ValidationError) as twice:
        session_start(
            season=season, players=[*players[:3], players[0]], first_dealer=0, actor=recorder
        )
    with pytest.raises(ValidationError) as foreign:
        session_start(
            season=season, players=[*players[:3], stranger], first_dealer=0, actor=recorder
        )
    with pytest.raises(ValidationError) as dealer:
        session_start(season=season, players=players[:4], first_dealer=4, actor=recorder)

    assert "players" in three.value.message_dict
    assert "players" in twice.value.message_dict
    assert "players" in foreign.value.message_dict
    assert "first_dealer" in dealer.value.message_dict


def test_session_start_seats_players_in_turn_order(season, players, recorder):
    when = datetime.datetime(2025, 5, 1, 19, 30, tzinfo=datetime.UTC)
    session = session_start(
        season=season,
        players=players[3::-1],
        first_dealer=2,
        table_label=" 一号桌 ",
        started_at=when,
        actor=recorder,
    )

    assert session.players_in_order() == players[3::-1]
    assert (session.first_dealer, session.table_label, session.started_at) == (2, "一号桌", when)
    assert session_next_dealers(session=session) == (2, [2])


def test_a_closed_season_takes_no_new_sessions(season, players, recorder):
    season.is_closed = True
    season.save()
    with pytest.raises(ValidationError) as exc:
        session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)
    assert "season" in exc.value.message_dict


def test_every_rejection_carries_a_chinese_message(session, recorder):
    with pytest.raises(RoundRejected) as engine_error:
        round_record(session=session, data=round_discard(0, 0), actor=recorder)
    round_record(session=session, data=EX1, actor=recorder)
    with pytest.raises(RoundConflict) as conflict:
        round_record(session=session, data=EX1, actor=recorder, number=1)

    for exc in (engine_error.value, conflict.value):
        for e in exc.errors:
            assert set(e.as_dict()) == {"field", "code", "message"}
            with translation.override("zh-hans"):
                assert any("\u4e00" <= ch <= "\u9fff" for ch in e.localised())


def test_a_correction_previews_under_the_rounds_own_ruleset(session, recorder, organiser):
    first = round_record(session=session, data=EX1, actor=recorder)
    ruleset_update(
        ruleset=session.season.ruleset,
        config={"preset": "changsha-67", "base": {"small": {"self_draw": 5}}},
        actor=organiser,
    )

    as_correction = round_preview(session=session, data=EX1, round=first)
    as_new_round = round_preview(session=session, data=EX1)

    assert as_correction["net"] == first.result["net"]
    assert as_new_round["net"] != first.result["net"]


def test_session_update_changes_label_and_start(session, recorder, member):
    when = datetime.datetime(2025, 6, 1, 20, 0, tzinfo=datetime.UTC)

    session_update(session=session, table_label=" 二号桌 ", started_at=when, actor=recorder)
    session.refresh_from_db()

    assert (session.table_label, session.started_at) == ("二号桌", when)
    with pytest.raises(PermissionDenied):
        session_update(session=session, table_label="x", actor=member)
    with pytest.raises(TypeError):
        session_update(session=session, first_dealer=2, actor=recorder)


def test_session_update_refuses_a_closed_season(session, recorder):
    session.season.is_closed = True
    session.season.save()

    with pytest.raises(ValidationError):
        session_update(session=session, table_label="x", actor=recorder)


def test_rounds_of_a_closed_season_are_final(session, recorder):
    rnd = round_record(session=session, data=EX1, actor=recorder)
    session.season.is_closed = True
    session.season.save()

    for change in (
        lambda: round_correct(round=rnd, data=round_discard(1, 2), actor=recorder),
        lambda: round_void(round=rnd, reason="晚了", actor=recorder),
        lambda: round_undo_last(session=session, actor=recorder),
    ):
        with pytest.raises(RoundRejected) as exc:
            change()
        assert exc.value.errors[0].code == "season_closed"
    rnd.refresh_from_db()
    assert rnd.counts and Round.objects.count() == 1


def test_a_refused_round_names_the_players_at_its_seats_in_chinese_and_keeps_the_engines_english(
    session, recorder
):
    # 王五 (seat 2) wins off their own discard: refused by the preview, the recording
    # and a correction alike
    data = round_discard(2, 2)
    first = round_record(session=session, data=EX1, actor=recorder)
    refusals = []
    for call in (
        lambda: round_preview(session=session, data=data),
        lambda: round_record(session=session, data=data, actor=recorder),
        lambda: round_correct(round=first, data=data, actor=recorder),
    ):
        with pytest.raises(RoundRejected) as exc:
            call()
        refusals.append(exc.value)

    for refusal in refusals:
        with translation.override("zh-hans"):
            shown = [e.localised() for e in refusal.errors]
        assert any("王五不能既胡牌又放炮" in m for m in shown), shown
        assert not any("3号位" in m for m in shown), shown
        english = [e.as_dict()["message"] for e in refusal.errors]
        assert any("seat 2 cannot both win and discard" in m for m in english), english
    assert Round.objects.filter(session=session).count() == 1
