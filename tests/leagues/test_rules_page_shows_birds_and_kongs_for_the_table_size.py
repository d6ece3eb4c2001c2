"""规则说明 of a ruleset shows where each bird lands at its table size (空 for a bird
that lands on nobody) and what each kind of kong pays, both as the engine computes them;
its examples fit a table of three or two."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

import scoring.engine as engine
from leagues.models import Ruleset
from leagues.ruleset_explain import SEATS, example_payments
from scoring.engine.birds import bird_seats

pytestmark = pytest.mark.django_db


def rules_page(client, club, config, language="zh-hans"):
    club.is_public = True
    club.save()
    ruleset = Ruleset.objects.create(club=club, name="三人长沙", config=config)
    with translation.override(language):
        response = client.get(
            reverse("ruleset-rules", args=[club.slug, ruleset.pk]), HTTP_ACCEPT_LANGUAGE=language
        )
    return response


@pytest.mark.parametrize("empty_birds", ["48", "37", "none"])
def test_the_three_seat_bird_table_says_where_each_bird_lands(client, club, empty_birds):
    config = {"preset": "changsha-67", "players": 3, "empty_birds": empty_birds}

    response = rules_page(client, club, config)

    birds = response.context["explain"]["birds"]["birds"]
    expected = [
        (v, None if seat is None else SEATS[seat])
        for v, seat in enumerate(bird_seats(3, empty_birds)[0])
        if v
    ]
    assert birds == expected
    page = response.content.decode()
    row = page[page.index('class="data bird-table"') :]
    row = row[: row.index("</table>")]
    assert row.count('class="bird-empty">空<') == sum(seat is None for _v, seat in expected)
    assert ">D<" not in row


def test_the_kong_payments_are_what_the_engine_pays_at_three_seats(client, club):
    config = {"preset": "changsha-67", "players": 3, "kong_pay": True, "kong_points": {"ming": 2}}

    response = rules_page(client, club, config)

    rows = {row["kind"]: row for row in response.context["explain"]["kongs"]["rows"]}
    assert [(p, r, a) for p, r, a in rows["an"]["transfers"]] == [("A", "B", 2), ("C", "B", 2)]
    assert rows["jia"]["total"] == 2
    assert rows["ming"]["transfers"] == [("C", "B", 4)]  # 2 for each of the two others
    page = response.content.decode()
    for name in ("暗杠", "加杠", "放杠"):
        assert name in page
    assert "C → B 4" in page


def test_without_kong_payments_the_page_says_so(client, club):
    response = rules_page(client, club, {"preset": "changsha-67", "players": 3})

    assert response.context["explain"]["kongs"] == {"on": False, "rows": []}
    assert "这套规则不算杠分" in response.content.decode()


@pytest.mark.parametrize(
    "config",
    [
        {"preset": "changsha-67", "players": 3, "empty_birds": "37", "piao": "free"},
        {"preset": "changsha-67", "players": 2, "quyimen": True, "piao": "fixed", "cap": 20},
    ],
    ids=["three", "two-quyimen"],
)
def test_every_example_is_scored_at_the_table_size(config):
    with translation.override("zh-hans"):
        examples = example_payments(config)
    rules, _errors = engine.parse_ruleset(config)

    assert len(examples) == 3 + bool(rules.cap)
    for example in examples:
        assert len(example["net"]) == rules.players
        assert [n for _seat, n in example["net"]] == engine.score_round(
            example["round"], rules=rules
        )["net"]
