"""The wizard's table options name the chosen preset's value in their blank answer
(按预设：双鸟), as the ruleset editor's 预设 hint does, and carry every preset's for the
page's script; the calculator's settings too."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring.engine.options import PARAMETER_INFO
from scoring.engine.rules import PRESETS

pytestmark = pytest.mark.django_db


def blank_option(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.search(r'<option value=""[^>]*>(.*?)</option>', select).group(1)


def rules_step(client, owner, preset):
    client.force_login(owner)
    client.post(reverse("club-new"), {"name": "岳麓麻将社"})
    url = reverse("club-new-step", args=["rules"])
    client.post(url, {"preset": preset})  # answered once: the step shows the answer
    return client.get(url).content.decode()


def test_the_wizards_blank_answers_name_the_presets_values(client, owner):
    page = rules_step(client, owner, "changsha-67")

    bird = PARAMETER_INFO["bird_count"]
    assert blank_option(page, "opt_bird_count") == "按预设：" + bird.values[2].zh
    assert blank_option(page, "opt_piao") == "按预设：" + PARAMETER_INFO["piao"].values["off"].zh
    assert re.search(r'name="opt_cap"[^>]*placeholder="按预设：0"', page) or re.search(
        r'placeholder="按预设：0"[^>]*name="opt_cap"', page
    )
    assert ">按预设</option>" not in page


def test_the_wizard_names_another_presets_values_when_that_one_is_chosen(client, owner):
    page = rules_step(client, owner, "changsha-points")

    value = PRESETS["changsha-points"].bird_count
    assert blank_option(page, "opt_bird_count") == (
        "按预设：" + PARAMETER_INFO["bird_count"].values[value].zh
    )
    labels = json.loads(
        re.search(r'<script id="preset-labels"[^>]*>(.*?)</script>', page, re.S).group(1)
    )
    assert set(labels) == set(PRESETS)
    assert labels["changsha-67"]["opt_bird_count"].startswith("按预设：")


def test_the_calculators_settings_name_the_presets_values_too(client):
    page = client.get(reverse("calc")).content.decode()

    assert blank_option(page, "opt_bird_count").startswith("按预设：")
    assert 'id="preset-labels"' in page
