"""A ruleset's one-line summary (the rules list) names what differs from its preset and
changes something: a stake or bird points left from an earlier setting is not named
(scoring.engine.takes_effect)."""

from django.utils import translation

from leagues.ruleset_explain import ruleset_summary
from scoring.engine import takes_effect


def summary(config):
    with translation.override("zh-hans"):
        return ruleset_summary(config)


def test_a_fixed_stake_left_after_piao_went_back_to_the_preset_is_not_named():
    assert "坐飘分" not in summary({"preset": "changsha-67", "piao_value": 5})
    assert "坐飘分 5" in summary({"preset": "changsha-67", "piao": "fixed", "piao_value": 5})


def test_bird_points_are_named_only_with_birds_scored_as_points():
    assert "中鸟加分" not in summary({"preset": "changsha-67", "bird_points": 3})
    assert "中鸟加分 3" in summary(
        {"preset": "changsha-67", "bird_mode": "points", "bird_points": 3}
    )


def test_a_parameter_without_a_condition_always_takes_effect():
    assert takes_effect("bird_count", {})
    assert not takes_effect("piao_max", {"piao": "fixed"})
    assert takes_effect("piao_max", {"piao": "free"})
