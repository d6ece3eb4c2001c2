"""Kong rows (RoundKong) are derived when a round is stored, as hand rows are: by kong the
seat that made it with its kind, and for a 放杠 the seat that fed it; a correction stores
its own; the import stores them too; and the migration that added the table fills them
for rounds stored before it exactly as recording derives them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from scoring.models import RoundKong
from scoring.services import round_correct, round_record
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import DRAW_KONGS, KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db

FILL = importlib.import_module("scoring.migrations.0004_round_kongs").kong_rows_fill


def kong_rows(**where):
    return sorted(RoundKong.objects.filter(**where).values_list("round__number", "seat", "kind"))


@pytest.fixture
def session(club, players, recorder):
    return make_session(make_table_season(club, 3), players[:3], actor=recorder)


def test_a_stored_round_has_a_row_per_kong_and_one_per_fed_kong(session, recorder, players):
    rnd = round_record(session=session, data=KONG_WIN, actor=recorder)

    rows = RoundKong.objects.filter(round=rnd)
    # KONG_WIN: 李四 (seat 1) 暗杠, 王五 (seat 2) 放杠 on 张三 (seat 0)
    assert sorted((r.seat, r.kind, r.player_id) for r in rows) == [
        (0, "fed", players[0].pk),
        (1, "an", players[1].pk),
        (2, "ming", players[2].pk),
    ]


def test_a_correction_stores_the_kongs_of_its_own_version(session, recorder):
    rnd = round_record(session=session, data=DRAW_KONGS, actor=recorder)

    fixed = round_correct(round=rnd, data=TONGPAO, actor=recorder)

    assert kong_rows(round=fixed) == [(1, 2, "jia")]
    assert kong_rows(round=rnd) == [(1, 0, "an"), (1, 1, "ming"), (1, 2, "fed")]


def test_the_migration_fills_the_rows_recording_derives(session, recorder):
    for data in (KONG_WIN, TONGPAO, DRAW_KONGS):
        round_record(session=session, data=data, actor=recorder)
    derived = kong_rows()
    RoundKong.objects.all().delete()

    FILL(apps, None)

    assert kong_rows() == derived
    assert len(derived) == 7
