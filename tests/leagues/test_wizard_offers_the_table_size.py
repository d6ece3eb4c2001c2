"""The club wizard asks the table size (四人 / 三人 / 二人) beside the preset, stores it
in the first ruleset, and then wants a table's worth of names."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from leagues.models import Club, Ruleset
from scoring.engine.options import PARAMETER_INFO

pytestmark = pytest.mark.django_db


def step(client, name: str, data: dict):
    url = reverse("club-new") if name == "club" else reverse("club-new-step", args=[name])
    return client.post(url, data)


def test_the_rules_step_offers_four_three_and_two_players_in_words(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "三人社"})

    with translation.override("zh-hans"):
        response = client.get(reverse("club-new-step", args=["rules"]))

    field = response.context["form"].table_size_field()
    offered = dict(field.field.choices)
    for value, label in PARAMETER_INFO["players"].values.items():
        assert offered[str(value)] == label.zh
    assert 'name="opt_players"' in response.content.decode()
    assert field.name not in [f.name for f in response.context["form"].other_option_fields()]


def test_a_three_player_club_needs_three_names_and_keeps_its_table_size(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "三人社"})
    step(client, "rules", {"preset": "changsha-67", "opt_players": "3"})

    too_few = step(client, "players", {"players": "张三\n李四"})
    enough = step(client, "players", {"players": "张三\n李四\n王五"})
    done = step(client, "season", {"name": "2026 赛季"})

    assert too_few.status_code == 200 and "players" in too_few.context["form"].errors
    assert enough.status_code == 302 and done.status_code == 302
    club = Club.objects.get(name="三人社")
    assert Ruleset.objects.get(club=club).config == {"preset": "changsha-67", "players": 3}


def test_a_name_written_twice_in_the_players_step_is_named_not_dropped(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "重名社"})
    step(client, "rules", {"preset": "changsha-67"})

    twice = step(client, "players", {"players": "张三\n李四\n王五\n张三\n赵六"})

    assert twice.status_code == 200
    assert "张三 写了不止一次" in " ".join(twice.context["form"].errors["players"])
    assert not Club.objects.filter(name="重名社").exists()
