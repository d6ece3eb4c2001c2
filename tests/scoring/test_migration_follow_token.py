"""Migration 0007 gives every session stored before it a follow link of its own."""

import importlib

import pytest
from django.apps import apps

from scoring.models import Session
from tests.factories import make_session

pytestmark = pytest.mark.django_db

fill_tokens = importlib.import_module("scoring.migrations.0007_session_follow_token").fill_tokens


def test_the_migration_gives_each_older_session_its_own_token(season, players, recorder):
    sessions = [make_session(season, players[:4], actor=recorder) for _ in range(3)]
    Session.objects.update(follow_token=None)  # as sessions stored before the field existed

    fill_tokens(apps, None)

    tokens = [Session.objects.get(pk=s.pk).follow_token for s in sessions]
    assert all(t and len(t) >= 32 for t in tokens) and len(set(tokens)) == 3
