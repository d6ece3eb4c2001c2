"""A shared calculator round (/calc/r/…) shows its preview and share box once, in the
form's preview box (which the form's own preview then replaces); changing the rules
leaves an address with only what was chosen."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.urls import reverse

from scoring.calculator.forms import CalcSettingsForm
from scoring.recording.calc_codes import calc_encode
from tests.scoring.calculator.test_calculator_page import ROUND

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]


def test_a_shared_round_shows_its_preview_and_share_box_once_inside_the_forms_preview(client):
    code = calc_encode(ruleset={"preset": "changsha-67"}, names=["张三", "", "", ""], data=ROUND)

    page = client.get(reverse("calc-result", args=[code])).content.decode()

    assert page.count('data-role="share"') == 1
    assert page.count('data-role="preview"') == 1
    box = re.search(r'<div id="rf-preview"[^>]*>(.*?)<div class="rf-bar">', page, re.S).group(1)
    assert 'data-role="share"' in box and 'data-role="preview"' in box


def test_changing_the_rules_leaves_an_address_without_the_blank_options(client):
    query = {"preset": "changsha-67", "n0": "张三", "n1": "", "n2": "", "n3": ""}
    # as a browser sends the settings form: every single-choice option, blank for 按预设
    query |= {
        name: ""
        for name, field in CalcSettingsForm().fields.items()
        if name.startswith("opt_") and not isinstance(field, forms.MultipleChoiceField)
    }
    query["opt_bird_count"] = "4"

    response = client.get(reverse("calc"), query)

    assert response.status_code == 302
    target = response["Location"]
    assert target.startswith(reverse("calc") + "?")
    params = dict(p.split("=", 1) for p in target.split("?", 1)[1].split("&"))
    assert params.pop("preset") == "changsha-67" and params.pop("opt_bird_count") == "4"
    assert list(params) == ["n0"]
    assert client.get(target).status_code == 200


def test_the_names_are_marked_for_the_form_to_apply_as_typed(client):
    page = client.get(reverse("calc")).content.decode()

    for seat in range(4):
        assert re.search(rf'<input[^>]*data-role="calc-name"[^>]*data-seat="{seat}"', page)
