"""The ruleset editor offers rules.md §10 in words and saves a table of three with its
empty birds and kong payments; a combination the engine refuses is shown next to the
option it names, and nothing is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from leagues.models import Ruleset
from scoring.engine.options import KONG_KINDS, PARAMETER_INFO

pytestmark = pytest.mark.django_db


def post_editor(client, club, fields):
    return client.post(
        reverse("ruleset-new", args=[club.slug]),
        {"name": "三人长沙", "preset": "changsha-67", "mode": "form", **fields},
    )


def test_the_editor_saves_a_three_player_ruleset_with_empty_birds_and_kong_payments(
    client, club, organiser
):
    client.force_login(organiser)

    response = post_editor(
        client,
        club,
        {
            "opt_players": "3",
            "opt_empty_birds": "37",
            "opt_kong_pay": "true",
            "opt_kong_points__ming": "2",
            "opt_kong_points__an": "2",  # the preset's value: not stored
        },
    )

    assert response.status_code == 302, response.context["form"].errors
    assert Ruleset.objects.get(name="三人长沙").config == {
        "preset": "changsha-67",
        "players": 3,
        "empty_birds": "37",
        "kong_pay": True,
        "kong_points": {"ming": 2},
    }


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"opt_players": "3", "opt_quyimen": "true"}, "opt_quyimen"),
        ({"opt_quyimen": "true"}, "opt_quyimen"),
        ({"opt_kong_pay": "true", "opt_kong_points__jia": "101"}, "opt_kong_points__jia"),
    ],
    ids=["quyimen-at-three", "quyimen-at-four", "kong-points-too-high"],
)
def test_a_refused_combination_is_shown_next_to_its_option_and_nothing_is_stored(
    client, club, organiser, fields, field
):
    client.force_login(organiser)

    response = post_editor(client, club, fields)

    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.errors) == [field], form.errors
    assert not Ruleset.objects.filter(name="三人长沙").exists()


def test_the_editor_words_every_table_option_and_dims_those_without_effect(client, club, organiser):
    client.force_login(organiser)
    with translation.override("zh-hans"):
        page = client.get(reverse("ruleset-new", args=[club.slug])).content.decode()

    for key in ("players", "empty_birds", "menqing_scope", "yizhihua", "tianhu_pair"):
        for label in PARAMETER_INFO[key].values.values():
            assert label.zh in page, (key, label.zh)
    for kind in KONG_KINDS.values():
        assert kind.name.zh in page and kind.payers.zh in page
    # at the preset's four seats 缺一门 and the empty birds change nothing; 三人 is offered
    assert 'class="opt idle" data-key="quyimen"' in page
    assert 'class="opt idle" data-key="empty_birds"' in page
    assert 'class="opt" data-key="players"' in page
    assert 'data-depends-on="players" data-depends-values="2"' in page
