"""Recording through the pages: the round form, its preview, errors, corrections, voids."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import score_round
from scoring.engine.hands import HAND_TYPES
from scoring.models import Round, Session
from tests.factories import round_by_tiles, round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def url(name, session, *args):
    return reverse(name, args=[session.season.club.slug, session.pk, *args])


def bad_discard():
    """Seat 1 both wins and discards: the engine's discarder_is_winner."""
    return round_discard(1, 1)


def post_round(client, session, data, **extra):
    return client.post(url("round-new", session), {"data": json.dumps(data), **extra})


def test_the_round_form_offers_the_hand_types_its_ruleset_turns_on(rec, session):
    session.season.ruleset.config = {
        "preset": "changsha-67",
        "haohua": True,
        "extra_small_hands": ["jiejiegao"],
    }
    session.season.ruleset.save()

    codes = {h["code"] for h in form_context(rec.get(url("round-new", session)))["hand_types"]}

    assert {"haohua_qixiaodui", "sanhaohua_qixiaodui", "jiejiegao"} <= codes
    assert not {"menqing", "yidianhong", "zhongtu_sixi"} & codes


def form_context(response):
    return response.context["rf_context"]


def test_the_round_form_offers_the_registry_and_the_seasons_rules(rec, session):
    response = rec.get(url("round-new", session))

    ctx = form_context(response)
    assert response.status_code == 200
    # the registry, less the types behind table options this season's ruleset leaves off
    assert [h["code"] for h in ctx["hand_types"]] == [
        c for c, h in HAND_TYPES.items() if h.option is None
    ]
    assert {h["code"]: h["name_zh"] for h in ctx["hand_types"]}["qingyise"] == "清一色"
    # the engine's bird answers: where a bird lands, counted from which seat, how many
    assert ctx["birds"]["seat"][1][1:] == [1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert ctx["birds"]["final_origin"][1][0b0110][0] == 1  # from the dealer by default
    assert ctx["birds"]["haidi"]["7s"] == [7, 7]
    assert ctx["birds"]["count"] == ctx["birds"]["small_count"] == 2
    assert ctx["rules"]["bird_count"] == 2
    assert [s["name"] for s in ctx["seats"]] == ["张三", "李四", "王五", "赵六"]
    assert b'id="rf-context"' in response.content


def test_the_dealer_is_prefilled_from_the_previous_rounds_next_dealers(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)

    ctx = form_context(rec.get(url("round-new", session)))

    assert ctx["prefill"]["dealer"] == 2
    assert ctx["prefill"]["dealers"] == [2]


def test_under_tongzhuang_the_whole_dealer_set_is_prefilled(rec, session, recorder, ruleset):
    ruleset.config = {"preset": "changsha-tongzhuang"}
    ruleset.save()
    two_winners = {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["pinghu"]}],
            "discarder": 3,
            "birds": [1],
        },
    }
    services.round_record(session=session, data=two_winners, actor=recorder)

    ctx = form_context(rec.get(url("round-new", session)))

    assert ctx["prefill"]["dealer"] == 3
    assert sorted(ctx["prefill"]["dealers"]) == [1, 2, 3]


def test_a_valid_round_is_saved_and_the_session_page_shows_the_engines_totals(rec, session):
    data = round_self_draw(0, ["qingyise"], birds=[2, 3])

    response = post_round(rec, session, data, number="1")

    assert response.status_code == 302
    assert response["Location"] == url("session", session)
    stored = Round.objects.get(session=session)
    assert stored.data == data
    expected = score_round({**data, "ruleset": "changsha-67"})["net"]
    page = rec.get(url("session", session))
    totals = [s["total"] for s in page.context["seats"]]
    assert totals == expected
    assert "清一色" in page.content.decode()


def test_the_session_page_names_the_hands_the_engine_found_in_tiles_given_alone(rec, session):
    post_round(rec, session, round_by_tiles(), number="1")

    page = rec.get(url("session", session))

    [summary] = page.context["rounds"]
    assert [w["hands"] for w in summary["winners"]] == [["清一色"]]
    assert [o["hands"] for o in summary["openings"]] == [["板板胡"]]


def test_the_round_history_reads_the_found_hands_of_every_version_in_the_same_queries(
    rec, session, recorder
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    services.round_record(session=session, data=round_by_tiles(), actor=recorder)
    with CaptureQueriesContext(connection) as one_version:
        rec.get(url("round", session, 1))
    for bird in (1, 2, 3):
        rnd = Round.objects.get(session=session, number=1, is_current=True)
        data = round_by_tiles()
        data["result"]["birds"] = [bird, 9]
        services.round_correct(round=rnd, data=data, actor=recorder)

    with CaptureQueriesContext(connection) as four_versions:
        page = rec.get(url("round", session, 1))

    assert len(page.context["versions"]) == 4
    assert [v["summary"]["winners"][0]["hands"] for v in page.context["versions"]] == [
        ["清一色"]
    ] * 4
    assert len(four_versions) == len(one_version)


def test_bad_input_saves_nothing_and_names_the_field_in_chinese(rec, session):
    response = post_round(rec, session, bad_discard())

    assert response.status_code == 400
    assert not Round.objects.exists()
    errors = form_context(response)["errors"]
    mine = next(e for e in errors if e["code"] == "discarder_is_winner")
    assert mine["field"] == "result.discarder"
    assert "不能既胡牌又放炮" in mine["message"]
    # the page keeps what was entered, to fix it
    assert form_context(response)["initial"] == bad_discard()


def test_bad_input_is_explained_in_english_when_english_is_chosen(rec, session):
    rec.post(reverse("set_language"), {"language": "en"})

    response = post_round(rec, session, bad_discard())

    mine = next(e for e in form_context(response)["errors"] if e["code"] == "discarder_is_winner")
    # seat index 1 is the page's "Seat 2"; the API's English keeps the index (seat 1)
    assert mine["message"] == "seat 2 cannot both win and discard"


def test_the_api_still_names_a_seat_by_its_index(api_as, session):
    response = api_as("recorder").post(
        f"/api/v1/clubs/{session.season.club.slug}/sessions/{session.pk}/rounds/",
        bad_discard(),
        format="json",
    )

    assert response.status_code == 400
    mine = next(e for e in response.json()["errors"] if e["code"] == "discarder_is_winner")
    assert mine["message"] == "seat 1 cannot both win and discard"


def test_a_wrong_number_of_birds_is_reported_on_the_birds_field(rec, session):
    response = post_round(rec, session, round_self_draw(0, birds=[5]))

    fields = {e["field"] for e in form_context(response)["errors"]}
    assert "result.birds" in fields
    assert not Round.objects.exists()


def test_malformed_json_is_refused_without_storing(rec, session):
    response = rec.post(url("round-new", session), {"data": "{not json"})

    assert response.status_code == 400
    assert not Round.objects.exists()


def test_the_preview_shows_every_transfer_with_its_arithmetic(rec, session):
    data = round_self_draw(0, birds=[5, 9])

    response = rec.post(
        url("round-preview", session), json.dumps(data), content_type="application/json"
    )

    body = response.json()
    assert response.status_code == 200
    assert body["result"]["net"] == [21, -7, -7, -7]
    html = body["html"]
    assert html.count("张三") >= 3  # receives from each of the other three
    assert "(1 + 1 庄分) × 3 + 1 自摸加" in html  # the dealer bonus, a term of its own
    assert not Round.objects.exists()


def test_the_preview_returns_localised_errors_with_their_fields(rec, session):
    response = rec.post(
        url("round-preview", session), json.dumps(bad_discard()), content_type="application/json"
    )

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any(e["field"] == "result.discarder" and "放炮" in e["message"] for e in errors)


def test_a_round_can_be_corrected_and_both_versions_are_kept(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    fixed = round_self_draw(1, dealer=0, birds=[2, 2])

    response = rec.post(url("round-correct", session, 1), {"data": json.dumps(fixed)})

    assert response.status_code == 302
    versions = list(Round.objects.filter(session=session, number=1).order_by("version"))
    assert [(v.version, v.is_current) for v in versions] == [(1, False), (2, True)]
    assert versions[1].data == fixed
    history = rec.get(url("round", session, 1))
    assert [v["summary"]["round"].version for v in history.context["versions"]] == [2, 1]


def test_a_correction_with_nothing_changed_says_so_and_adds_no_version(rec, session, recorder):
    data = round_self_draw(0)
    services.round_record(session=session, data=data, actor=recorder)

    response = rec.post(url("round-correct", session, 1), {"data": json.dumps(data)}, follow=True)

    assert Round.objects.filter(session=session).count() == 1
    assert "第 1 盘没有改动。" in response.content.decode()


def test_the_correction_form_starts_from_the_recorded_round(rec, session, recorder):
    data = round_self_draw(3, birds=[4, 8])
    services.round_record(session=session, data=data, actor=recorder)

    ctx = form_context(rec.get(url("round-correct", session, 1)))

    assert ctx["initial"] == data


def test_a_bad_correction_keeps_the_old_version_current(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    response = rec.post(url("round-correct", session, 1), {"data": json.dumps(bad_discard())})

    assert response.status_code == 400
    assert Round.objects.get(session=session, is_current=True).version == 1


def test_a_correction_is_previewed_under_the_rules_its_round_was_scored_under(
    rec, session, recorder, ruleset, owner
):
    services.round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    # The season's ruleset changes afterwards: later rounds take one bird, round 1 kept two.
    from leagues.services import ruleset_update

    ruleset_update(ruleset=ruleset, config={"preset": "changsha-67", "bird_count": 1}, actor=owner)
    two_birds = json.dumps(round_self_draw(1, birds=[2, 2]))
    preview = url("round-preview", session)

    correction = rec.post(preview + "?number=1", two_birds, content_type="application/json")
    new_round = rec.post(preview, two_birds, content_type="application/json")

    assert correction.status_code == 200
    assert correction.json()["result"]["net"][1] > 0
    assert new_round.status_code == 400
    assert any(e["field"].startswith("result.birds") for e in new_round.json()["errors"])


def test_a_service_refusal_is_shown_in_the_readers_language(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    services.round_undo_last(session=session, actor=recorder)

    page = rec.post(url("round-undo", session), follow=True).content.decode()

    assert "本场没有可撤销的牌局" in page
    assert "no round to undo" not in page


def test_undo_voids_the_last_round_and_keeps_it_in_the_history(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    rec.post(url("round-undo", session))

    rounds = {r.number: r for r in Round.objects.filter(session=session)}
    assert rounds[2].is_void and not rounds[1].is_void
    page = rec.get(url("session", session))
    assert [s["total"] for s in page.context["seats"]] == [21, -7, -7, -7]
    assert len(page.context["rounds"]) == 2  # the void round is still listed


def test_any_round_can_be_voided_with_a_reason(rec, session, recorder):
    for _ in range(3):
        services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    rec.post(url("round-void", session, 2), {"reason": "打错了"})

    voided = Round.objects.get(session=session, number=2)
    assert voided.is_void and voided.void_reason == "打错了"
    assert "打错了" in rec.get(url("session", session)).content.decode()


def test_a_void_without_a_reason_is_stored_as_not_stated_and_shown_in_english(
    rec, session, recorder
):
    """The page's reason is optional (it asks for confirmation instead)."""
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    rec.post(url("round-void", session, 1), {"reason": ""})
    rec.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = rec.get(url("session", session)).content.decode()

    voided = Round.objects.get(session=session)
    assert voided.is_void and voided.void_reason == "未说明"
    assert "Not stated" in page and "未说明" not in page


def test_undo_stores_no_english_and_shows_the_readers_language(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    rec.post(url("round-undo", session))
    chinese = rec.get(url("session", session)).content.decode()

    assert Round.objects.get(session=session).void_reason == "撤销"
    assert "Undo" not in chinese


def test_a_closed_season_takes_no_rounds(rec, session, season):
    season.is_closed = True
    season.save()

    response = post_round(rec, session, round_self_draw(0))

    assert response.status_code == 400
    assert not Round.objects.exists()
    assert any(e["field"] == "season" for e in form_context(response)["errors"])


def test_the_tile_picker_analysis_fills_in_the_shape_hand_types(rec, session):
    body = {
        "mode": "final",
        "seat": 1,
        "dealer": 0,
        "dealers": [0],
        "kind": "self_draw",
        "tiles": "11122233344455s",
        "melds": [],
        "win_tile": "5s",
        "hands": [],
    }

    response = rec.post(
        url("tiles-analyse", session), json.dumps(body), content_type="application/json"
    )

    answer = response.json()
    assert response.status_code == 200
    assert answer["ok"] is True
    assert "qingyise" in answer["fill"] and "pinghu" not in answer["fill"]


def test_the_tile_picker_analysis_finds_opening_hands(rec, session):
    body = {"mode": "opening", "seat": 1, "dealer": 0, "tiles": "2222m345s678p119s"}

    response = rec.post(
        url("tiles-analyse", session), json.dumps(body), content_type="application/json"
    )

    assert "sixi" in response.json()["fill"]


def test_the_tile_picker_fills_in_only_the_opening_types_the_ruleset_plays(rec, session):
    body = {"mode": "opening", "seat": 1, "dealer": 0, "tiles": "2m111333444677p"}

    response = rec.post(
        url("tiles-analyse", session), json.dumps(body), content_type="application/json"
    )

    answer = response.json()
    assert response.status_code == 200
    assert answer["fill"] == ["queyise", "liuliushun"]  # 一点红 is off in this ruleset


def test_the_tile_picker_analysis_reports_malformed_tiles(rec, session):
    body = {"mode": "final", "seat": 1, "dealer": 0, "kind": "discard", "tiles": "1234x"}

    response = rec.post(
        url("tiles-analyse", session), json.dumps(body), content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"]


def test_starting_a_session_resolves_names_and_aliases_from_the_roster(
    rec, season, players, organiser
):
    from leagues.services import player_update

    player_update(player=players[5], aliases=["小孙"], actor=organiser)
    form = {
        "seat_0": "钱七",
        "seat_1": "小孙",
        "seat_2": "周九",
        "seat_3": "吴十",
        "first_dealer": "2",
        "table_label": "一号桌",
    }

    response = rec.post(reverse("session-new", args=[season.club.slug, season.pk]), form)

    session = Session.objects.exclude(seats__player=players[0]).get()
    assert response.status_code == 302
    assert [p.display_name for p in session.players_in_order()] == ["钱七", "孙八", "周九", "吴十"]
    assert session.first_dealer == 2 and session.table_label == "一号桌"


def test_starting_a_session_with_an_unknown_or_repeated_name_names_the_seat(rec, season, players):
    form = {
        "seat_0": "钱七",
        "seat_1": "路人",
        "seat_2": "钱七",
        "seat_3": "吴十",
        "first_dealer": "0",
    }
    before = Session.objects.count()

    response = rec.post(reverse("session-new", args=[season.club.slug, season.pk]), form)

    errors = response.context["form"].errors
    assert set(errors) == {"seat_1", "seat_2"}
    assert Session.objects.count() == before
