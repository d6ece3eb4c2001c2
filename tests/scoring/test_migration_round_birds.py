"""Migration 0006 gives every stored round the birds the engine counts for it."""

import importlib

import pytest
from django.apps import apps

from scoring.models import Round
from scoring.services import round_record
from tests.factories import round_draw, round_self_draw

pytestmark = pytest.mark.django_db

backfill_birds = importlib.import_module("scoring.migrations.0006_round_birds").backfill_birds


def test_the_migration_fills_in_the_birds_of_rounds_stored_before_it(session, recorder):
    haidi = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["haidilaoyue"]}],
            "haidi": {"tile": "5m", "taker": 1, "first_offered": 1},
        },
    }
    stored = [
        round_record(session=session, data=data, actor=recorder)
        for data in (round_self_draw(0, birds=[2, 6]), haidi, round_draw(dealer=1))
    ]
    Round.objects.update(birds=[])  # as rounds stored before the field existed

    backfill_birds(apps, None)

    assert [Round.objects.get(pk=r.pk).birds for r in stored] == [[2, 6], [5, 5], []]
