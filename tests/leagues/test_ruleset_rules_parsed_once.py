"""A ruleset's config is parsed once per process (``leagues.models.ruleset_rules``): every
reader of the same config gets the same immutable ``Rules``; a refused config reads as
None; a ruleset whose config changes reads its new rules."""

import pytest

from leagues.models import Ruleset, ruleset_rules
from scoring.engine import parse_ruleset


def test_the_same_config_gives_the_same_rules_object_without_parsing_again(monkeypatch):
    config = {"preset": "changsha-67", "bird_count": 4}
    first = ruleset_rules(config)
    assert first == parse_ruleset(config)[0]
    monkeypatch.setattr("leagues.models.parse_ruleset", lambda *a, **k: pytest.fail("parsed"))
    assert ruleset_rules({"bird_count": 4, "preset": "changsha-67"}) is first


def test_a_config_the_engine_refuses_reads_as_none():
    assert ruleset_rules({"preset": "changsha-67", "bird_count": "many"}) is None


@pytest.mark.django_db
def test_a_ruleset_reads_the_rules_of_its_config_as_it_changes(ruleset):
    assert ruleset.rules == parse_ruleset(ruleset.config)[0]
    ruleset.config = {**ruleset.config, "players": 3}
    assert ruleset.rules is not None and ruleset.rules.players == 3
    assert Ruleset(config={"preset": "nonesuch"}).rules is None
