"""A club file's roster goes through the roster-words rule of ``player_create``: a typed
seat name means one player. An alias that would name two players is left out and named
in the report (the file may predate the rule); a new name that is a club player's alias
is refused, and nothing is stored."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from csmj_site.errors import ServiceErrors
from leagues import services
from leagues.models import Club, Player
from scoring.club_file import club_export_lines, lines_import

pytestmark = pytest.mark.django_db


def _file(club, *, slug: str, roster: list[dict]) -> list[str]:
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = slug
    header["players"] = roster
    lines[0] = json.dumps(header, ensure_ascii=False)
    return lines


def _aliases(slug: str) -> dict[str, list[str]]:
    return dict(Player.objects.filter(club__slug=slug).values_list("display_name", "aliases"))


def test_an_alias_that_is_another_players_name_is_left_out_and_reported(club, season, organiser):
    lines = _file(
        club,
        slug="copy",
        roster=[
            {"display_name": "张伟", "aliases": ["老张", "李娜"]},
            {"display_name": "李娜", "aliases": ["娜姐"]},
        ],
    )

    report, copy = lines_import(lines=lines, actor=organiser)

    assert _aliases(copy.slug) == {"张伟": ["老张"], "李娜": ["娜姐"]}
    assert report.aliases_left_out == [("张伟", "李娜")]


def test_an_alias_two_players_of_the_file_hold_stays_with_the_first(club, season, organiser):
    lines = _file(
        club,
        slug="copy",
        roster=[
            {"display_name": "张伟", "aliases": ["老张"]},
            {"display_name": "张强", "aliases": ["老张", "强子"]},
        ],
    )

    report, copy = lines_import(lines=lines, actor=organiser)

    assert _aliases(copy.slug) == {"张伟": ["老张"], "张强": ["强子"]}
    assert report.aliases_left_out == [("张强", "老张")]


def test_an_alias_held_by_a_player_already_in_the_club_is_left_out(club, season, organiser):
    services.player_create(club=club, display_name="张伟", aliases=["老张"], actor=organiser)
    lines = _file(club, slug=club.slug, roster=[{"display_name": "张强", "aliases": ["老张"]}])

    report, _ = lines_import(lines=lines, actor=organiser)

    assert _aliases(club.slug) == {"张伟": ["老张"], "张强": []}
    assert report.aliases_left_out == [("张强", "老张")]


def test_a_new_name_that_is_a_club_players_alias_is_refused_and_nothing_is_stored(
    club, season, organiser
):
    services.player_create(club=club, display_name="张伟", aliases=["老张"], actor=organiser)
    lines = _file(
        club,
        slug=club.slug,
        roster=[{"display_name": "王芳", "aliases": []}, {"display_name": "老张", "aliases": []}],
    )

    with pytest.raises(ServiceErrors) as excinfo:
        lines_import(lines=lines, actor=organiser)

    assert [(e.field, e.code) for e in excinfo.value.errors] == [("players", "name_is_an_alias")]
    assert "'老张' is already an alias of '张伟'" in excinfo.value.errors[0].message
    assert set(_aliases(club.slug)) == {"张伟"}


def test_the_command_names_each_alias_it_left_out(club, season, organiser, tmp_path):
    path = tmp_path / "club.jsonl"
    lines = _file(
        club,
        slug="copy",
        roster=[
            {"display_name": "张伟", "aliases": ["李娜"]},
            {"display_name": "李娜", "aliases": []},
        ],
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()

    call_command(
        "import_rounds", str(path), user=organiser.username, stdout=out, stderr=err, verbosity=0
    )

    assert "players: 张伟: alias '李娜' left out: it names another player" in err.getvalue()
    assert Club.objects.filter(slug="copy").exists()


def test_an_alias_that_is_the_players_own_name_in_another_case_is_kept(club, season, organiser):
    lines = _file(club, slug="copy", roster=[{"display_name": "Amy", "aliases": ["AMY", "小艾"]}])

    report, copy = lines_import(lines=lines, actor=organiser)

    assert _aliases(copy.slug) == {"Amy": ["AMY", "小艾"]}
    assert report.aliases_left_out == []


def test_the_command_names_a_refused_roster_and_stores_nothing(club, season, organiser, tmp_path):
    from django.core.management.base import CommandError

    services.player_create(club=club, display_name="张伟", aliases=["老张"], actor=organiser)
    path = tmp_path / "club.jsonl"
    lines = _file(club, slug=club.slug, roster=[{"display_name": "老张", "aliases": []}])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    with pytest.raises(CommandError) as refused:
        call_command("import_rounds", str(path), user=organiser.username, verbosity=0)

    assert "players: name_is_an_alias: '老张' is already an alias of '张伟'" in str(refused.value)
    assert not Player.objects.filter(display_name="老张").exists()
