"""import_rounds / export_club / generate_demo_league / rebuild_standings."""

import io
import json

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.core.management.base import CommandError

from leagues.models import Club, Player, Season
from scoring.club_file import club_export_lines, lines_import
from scoring.models import Round, RoundHand, RoundPlayer, Session, Transfer
from scoring.services import (
    paper_session_record,
    round_correct,
    round_record,
    round_void,
    session_finish,
    session_table_fee_set,
)
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from scoring.standings.services import stats_session_refresh
from tests.factories import (
    make_ruleset,
    make_season,
    make_session,
    round_by_tiles,
    round_discard,
    round_self_draw,
)

pytestmark = pytest.mark.django_db

GOOD = round_self_draw(0, birds=[5, 9])
BAD = {"dealer": 0, "result": {"kind": "discard", "winners": [{"seat": 1, "hands": []}]}}


def line(players, rounds, **extra):
    return json.dumps({"players": players, "rounds": rounds, **extra}, ensure_ascii=False)


def by_name(qs, *fields):
    return sorted((r.player.display_name, *(getattr(r, f) for f in fields)) for r in qs)


def test_import_stores_good_sessions_and_reports_every_error_of_bad_ones_by_line(
    club, season, players, organiser
):
    names = [p.display_name for p in players[:4]]
    text = "\n".join(
        [
            line(names, [GOOD, round_discard(2, 1)], season=season.name),
            line(names, [GOOD, BAD], season=season.name),
            "{not json",
            line(names, [GOOD], season="没有这个赛季"),
            line(["新人", *names[1:]], [GOOD], season=season.name, finished=True),
        ]
    )
    report, _ = lines_import(lines=text.splitlines(), actor=organiser, club=club)

    assert (report.sessions, report.rounds) == (2, 3)
    assert [n for n, _ in report.failed] == [2, 3, 4]
    bad_fields = {e["field"] for e in report.failed[0][1]}
    assert any(f.startswith("rounds[1].") for f in bad_fields) and len(bad_fields) >= 2
    assert Round.objects.filter(session__season=season).count() == 3
    assert Player.objects.filter(club=club, display_name="新人").exists()
    assert report.added_players == 1
    # Imported rounds are stored as recording stores them, and counted.
    first = Round.objects.filter(session__season=season).order_by("pk").first()
    assert first.result["net"] == [21, -7, -7, -7] and first.ruleset_config["bird_count"] == 2
    assert first.birds == [5, 9]  # the birds the engine counted, as recording stores them
    assert Transfer.objects.filter(round=first).count() == 3
    assert RoundPlayer.objects.filter(round=first).count() == 4
    top = PlayerSeasonStat.objects.get(season=season, player=players[0])
    assert (top.net, top.rounds, top.sessions) == (21, 2, 1)
    new = PlayerSeasonStat.objects.get(season=season, player__display_name="新人")
    assert (new.net, new.rounds, new.sessions) == (21, 1, 1)
    assert PlayerRating.objects.filter(season=season).count() == 4  # the finished session


def test_an_imported_win_and_opening_given_by_their_tiles_alone_store_the_hands_the_engine_found(
    club, season, players, organiser
):
    tiles_only = round_by_tiles()  # 板板胡 and 清一色 by seat 1, given by tiles alone
    names = [p.display_name for p in players[:4]]
    report, _ = lines_import(
        lines=[line(names, [tiles_only], season=season.name)], actor=organiser, club=club
    )

    assert (report.sessions, report.rounds, report.failed) == (1, 1, [])
    winner = RoundPlayer.objects.get(round__session__season=season, seat=1)
    assert winner.won and winner.big_win and winner.opening_wins == 1
    assert winner.hands == ["banbanhu", "qingyise"]
    hands = RoundHand.objects.filter(round__session__season=season)
    assert sorted(hands.values_list("code", "is_opening")) == [
        ("banbanhu", True),
        ("qingyise", False),
    ]


def test_a_recorder_cannot_add_players_by_importing(club, season, players, recorder):
    names = ["新人", *[p.display_name for p in players[1:4]]]
    report, _ = lines_import(
        lines=[line(names, [GOOD], season=season.name)], actor=recorder, club=club
    )
    assert report.sessions == 0 and report.failed[0][1][0]["field"] == "players"
    assert not Player.objects.filter(display_name="新人").exists()


def test_all_or_nothing_stores_nothing_when_one_session_is_bad(club, season, players, recorder):
    names = [p.display_name for p in players[:4]]
    text = [line(names, [GOOD], season=season.name), line(names, [BAD], season=season.name)]
    report, _ = lines_import(lines=text, actor=recorder, club=club, all_or_nothing=True)

    assert report.sessions == 0 and [n for n, _ in report.failed] == [2]
    assert not Round.objects.filter(session__season=season).exists()
    assert not PlayerSeasonStat.objects.filter(season=season).exists()


def test_import_command_prints_a_summary_and_exits_2_on_bad_sessions(
    club, season, players, recorder, tmp_path
):
    names = [p.display_name for p in players[:4]]
    path = tmp_path / "rounds.jsonl"
    path.write_text(line(names, [GOOD]) + "\n" + line(names, [BAD]) + "\n", encoding="utf-8")
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
    assert "imported 1 sessions, 1 rounds" in out.getvalue()
    assert "1 sessions failed" in out.getvalue()
    assert "line 2: rounds[0]." in err.getvalue()


def test_import_needs_the_recorder_role(club, season, players, member, tmp_path):
    names = [p.display_name for p in players[:4]]
    path = tmp_path / "rounds.jsonl"
    path.write_text(line(names, [GOOD], season=season.name), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_rounds", str(path), club=club.slug, user=member.username)
    assert not Round.objects.exists()


def test_a_paper_session_line_counts_in_net_and_sessions_only(club, season, players, recorder):
    names = [p.display_name for p in players[:4]]
    text = [line(names, [], season=season.name, paper_nets=[30, -10, -5, -15])]
    report, _ = lines_import(lines=text, actor=recorder, club=club)

    assert report.sessions == 1 and report.rounds == 0
    top = PlayerSeasonStat.objects.get(season=season, player=players[0])
    assert (top.net, top.sessions, top.rounds, top.round_net) == (30, 1, 0, 0)
    assert SessionResult.objects.get(session__season=season).is_paper


def snapshot(club):
    return {
        "season": by_name(
            PlayerSeasonStat.objects.filter(season__club=club).select_related("player"),
            *STAT_FIELDS,
        ),
        "club": by_name(
            PlayerClubStat.objects.filter(club=club).select_related("player"), "net", "sessions"
        ),
        "ratings": sorted(
            (r.season.name if r.season else "", r.player.display_name, round(r.ordinal, 9))
            for r in PlayerRating.objects.filter(club=club).select_related("season", "player")
        ),
        "history": sorted(
            (e.player.display_name, e.at, round(e.ordinal, 9))
            for e in RatingEvent.objects.filter(club=club).select_related("player")
        ),
        "hands": sorted(
            RoundHand.objects.filter(
                round__session__season__club=club, round__is_current=True, round__is_void=False
            ).values_list("player__display_name", "code")
        ),
    }


def test_an_exported_club_imports_to_identical_standings_and_ratings(
    club, season, players, recorder, session
):
    r1 = round_record(session=session, data=GOOD, actor=recorder)
    round_record(session=session, data=round_discard({1: ["qingyise"]}, 2), actor=recorder)
    round_correct(round=r1, data=round_discard(3, 0), actor=recorder)
    r3 = round_record(session=session, data=round_self_draw(2), actor=recorder)
    round_void(round=r3, reason="录错", actor=recorder)
    stats_session_refresh(session=session)
    session_finish(session=session, actor=recorder)
    paper_session_record(season=season, players=players[2:6], nets=[9, 1, -4, -6], actor=recorder)

    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"  # a second club stands in for an empty database
    lines[0] = json.dumps(header, ensure_ascii=False)
    report, copy = lines_import(lines=lines, actor=recorder)

    assert report.ok and report.sessions == 2
    assert copy.slug == "copy" and copy.pk != club.pk
    assert snapshot(copy) == snapshot(club)
    assert snapshot(club)["season"]  # the comparison is not between two empty sets
    assert Round.objects.filter(session__season__club=copy, is_void=True).count() == 1


def test_a_sessions_table_fee_survives_export_and_import(club, season, players, recorder):
    session = make_session(season, players[:4], actor=recorder)
    round_record(session=session, data=GOOD, actor=recorder)
    session_table_fee_set(session=session, fee=20, per="round", by="winners", actor=recorder)
    make_session(season, players[4:8], actor=recorder)  # no fee

    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)
    report, copy = lines_import(lines=lines, actor=recorder)

    fees = [json.loads(text).get("table_fee") for text in lines[1:]]
    assert fees == [{"fee": 20, "per": "round", "by": "winners"}, None]
    assert report.ok and report.sessions == 2
    copied = Session.objects.filter(season__club=copy).order_by("pk")
    assert [(s.table_fee, s.table_fee_per, s.table_fee_by) for s in copied] == [
        (20, "round", "winners"),
        (0, "table", "equal"),
    ]


def test_a_line_without_a_table_fee_imports_with_no_fee_and_a_left_out_key_takes_its_default(
    club, season, players, recorder
):
    names = [p.display_name for p in players[:4]]

    report, _ = lines_import(
        lines=[
            line(names, [GOOD]),
            line(names, [GOOD], table_fee={"fee": 5}),
            line(names, [GOOD], table_fee={}),
        ],
        actor=recorder,
        club=club,
        season=season,
    )

    assert report.ok and report.sessions == 3
    stored = Session.objects.filter(season=season).order_by("pk")
    assert [(s.table_fee, s.table_fee_per, s.table_fee_by) for s in stored] == [
        (0, "table", "equal"),
        (5, "table", "equal"),  # a key left out takes the session's default
        (0, "table", "equal"),
    ]


# rules.md §9: a club playing table options (mid-game wins, 自由飘, 豪华七小对, a cap).
OPTIONS_RULESET = {
    "preset": "changsha-67",
    "extra_small_hands": ["zhongtu_sixi"],
    "piao": "free",
    "haohua": True,
    "cap": 30,
}
OPTIONS_ROUND = {
    "dealer": 0,
    "piao": [1, 0, 2, 3],
    "midgame": [{"seat": 2, "hands": ["zhongtu_sixi"], "birds": [3, 7]}],
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["haohua_qixiaodui"]}],
        "discarder": 3,
        "birds": [2, 4],
    },
}


def test_a_round_with_table_options_survives_export_and_import(club, players, recorder):
    season = make_season(club, make_ruleset(club, OPTIONS_RULESET))
    session = make_session(season, players[:4], actor=recorder)
    rnd = round_record(session=session, data=OPTIONS_ROUND, actor=recorder)
    # C's 中途四喜 (birds 3,7 on C): 7 + 4 + 4; B's 豪华七小对 on D (birds 2,4: B and D):
    # 12 × 3 + 飘 0 + 3 = 39, capped to 30.
    assert rnd.result["net"] == [-7, 26, 15, -34]
    assert rnd.result["transfers"][-1]["detail"]["uncapped"] == 39

    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)
    report, copy = lines_import(lines=lines, actor=recorder)

    assert report.ok
    copied = Round.objects.get(session__season__club=copy)
    assert copied.data == OPTIONS_ROUND
    assert copied.result == rnd.result
    assert snapshot(copy)["hands"] == snapshot(club)["hands"]
    assert ("zhongtu_sixi" in {c for _, c in snapshot(copy)["hands"]}) is True


def test_rounds_scored_before_the_club_edited_its_ruleset_survive_export_and_import(
    club, players, recorder
):
    ruleset = make_ruleset(club, OPTIONS_RULESET)
    season = make_season(club, ruleset)
    session = make_session(season, players[:4], actor=recorder)
    before = round_record(session=session, data=OPTIONS_ROUND, actor=recorder)
    # The club turns 飘 and the mid-game wins off and counts four birds from now on.
    ruleset.config = {"preset": "changsha-67", "haohua": True, "bird_count": 4}
    ruleset.save()
    after_data = {
        "dealer": 1,
        "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}]},
    }
    after_data["result"]["birds"] = [1, 2, 3, 4]
    after = round_record(session=session, data=after_data, actor=recorder)

    lines = list(club_export_lines(club=club))
    entries = json.loads(lines[1])["rounds"]
    assert entries[0]["ruleset"]["piao"] == "free" and "ruleset" not in entries[1]
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)
    report, copy = lines_import(lines=lines, actor=recorder)

    assert report.ok, report.failed
    copied = Round.objects.filter(session__season__club=copy).order_by("number")
    assert [r.result for r in copied] == [before.result, after.result]
    assert [r.ruleset_config for r in copied] == [before.ruleset_config, after.ruleset_config]
    assert snapshot(copy) == snapshot(club)


def test_a_round_carrying_a_bad_ruleset_is_refused_by_its_field(club, season, players, recorder):
    entry = {"round": GOOD, "ruleset": {"preset": "changsha-67", "bird_count": 3}}

    names = [p.display_name for p in players[:4]]
    report, _ = lines_import(
        lines=[line(names, [entry], season=season.name)], actor=recorder, club=season.club
    )

    assert not report.ok
    fields = [e["field"] for _line, errs in report.failed for e in errs]
    assert any(f.startswith("rounds[0].ruleset") for f in fields), fields
    assert not Round.objects.exists()


def test_an_export_header_adds_its_roster_with_aliases_and_one_audit_entry_per_player(
    club, season, players, recorder
):
    from leagues.audit import AuditEntry

    Player.objects.filter(pk=players[0].pk).update(aliases=["老王", " 老王 ", ""])
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)
    report, copy = lines_import(lines=lines, actor=recorder)

    names = sorted(Player.objects.filter(club=club).values_list("display_name", flat=True))
    assert report.ok
    assert sorted(Player.objects.filter(club=copy).values_list("display_name", flat=True)) == names
    copied = Player.objects.get(club=copy, display_name=players[0].display_name)
    assert copied.aliases == ["老王"]
    logged = AuditEntry.objects.filter(club=copy, action="player.create")
    assert sorted(logged.values_list("object_repr", flat=True)) == names


def test_a_recorder_cannot_add_players_through_an_export_header(club, season, players, recorder):
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["players"].append({"display_name": "新人", "aliases": []})
    lines[0] = json.dumps(header, ensure_ascii=False)

    with pytest.raises(PermissionDenied):
        lines_import(lines=lines, actor=recorder)
    assert not Player.objects.filter(club=club, display_name="新人").exists()


def test_generate_demo_league_scores_every_round_and_fills_the_stats(settings):
    out = io.StringIO()
    call_command(
        "generate_demo_league", players=12, sessions=15, slug="demo-t", verbosity=0, stdout=out
    )
    club = Club.objects.get(slug="demo-t")
    rounds = Round.objects.filter(session__season__club=club)
    assert "0 failed" in out.getvalue()
    assert rounds.count() >= 15 * 6
    assert all(sum(r.result["net"]) + r.burned == 0 for r in rounds)
    season = Season.objects.get(club=club)
    assert sum(PlayerSeasonStat.objects.filter(season=season).values_list("rounds", flat=True)) == (
        4 * rounds.count()
    )
    assert PlayerSessionStat.objects.filter(club=club).count() == 15 * 4
    assert PlayerRating.objects.filter(club=club, season=None).count() <= 12


def test_rebuild_standings_command_restores_lost_rows(club, season, session, recorder):
    round_record(session=session, data=GOOD, actor=recorder)
    stats_session_refresh(session=session)
    before = snapshot(club)
    PlayerSeasonStat.objects.all().delete()
    PlayerSessionStat.objects.all().delete()
    err = io.StringIO()
    call_command("rebuild_standings", season=season.pk, stdout=io.StringIO(), stderr=err)
    assert snapshot(club) == before


def test_an_import_is_in_the_audit_log_batch_by_batch(club, season, players, organiser):
    from leagues.audit import AuditEntry

    names = [p.display_name for p in players[:4]]
    text = [line(names, [GOOD, round_discard(2, 1)], season=season.name)] * 5
    text.insert(2, line(names, [GOOD, BAD], season=season.name))
    report, _ = lines_import(lines=text, actor=organiser, club=club, batch_size=2)

    entries = AuditEntry.objects.filter(club=club, action="session.import").order_by("id")
    assert report.sessions == 5 and len(entries) == 3
    assert sum(e.after["sessions"] for e in entries) == report.sessions
    assert sum(e.after["rounds"] for e in entries) == report.rounds == 10
    assert {e.actor for e in entries} == {organiser}
    assert [e.after["lines"] for e in entries] == [[1, 2], [4, 5], [6, 6]]
    stored = Round.objects.filter(session__season=season).values_list("session_id", flat=True)
    first, last = entries[0].after["session_ids"][0], entries[2].after["session_ids"][1]
    assert (min(stored), max(stored)) == (first, last)


def test_an_import_entry_reads_in_the_readers_language_only(club, season, players, organiser):
    from django.utils import translation

    from leagues.audit import AuditEntry
    from leagues.audit_text import audit_lines

    names = [p.display_name for p in players[:4]]
    lines_import(lines=[line(names, [GOOD], season=season.name)], actor=organiser, club=club)
    entry = AuditEntry.objects.get(club=club, action="session.import")

    with translation.override("zh-hans"):
        [chinese] = audit_lines([entry])
    with translation.override("en"):
        [english] = audit_lines([entry])
    assert chinese.sentence.endswith("导入了 1 场 1 盘")
    assert english.sentence.endswith("imported 1 sessions, 1 rounds")
    assert entry.object_repr == entry.object_id
    assert "imported" not in entry.object_repr and "导入" not in entry.object_repr


def test_an_all_or_nothing_import_that_fails_leaves_no_audit_entry(
    club, season, players, organiser
):
    from leagues.audit import AuditEntry

    names = [p.display_name for p in players[:4]]
    text = [line(names, [GOOD], season=season.name), line(names, [BAD], season=season.name)]
    report, _ = lines_import(
        lines=text, actor=organiser, club=club, all_or_nothing=True, batch_size=1
    )  # the first session's batch is written (and its entry) before the second fails

    assert report.failed and report.sessions == 0
    assert not Round.objects.filter(session__season=season).exists()
    assert not AuditEntry.objects.filter(club=club, action="session.import").exists()


def test_an_export_taken_before_the_club_changed_its_slug_imports_into_that_club(
    club, season, players, recorder, organiser
):
    from leagues.services import club_update

    session = make_session(season, players[:4], actor=recorder)
    round_record(session=session, data=GOOD, actor=recorder)
    lines = list(club_export_lines(club=club))
    club_update(club=club, actor=organiser, slug="renamed")

    report, into = lines_import(lines=lines, actor=recorder)

    assert into == club and report.sessions == 1
    assert Club.objects.count() == 1
