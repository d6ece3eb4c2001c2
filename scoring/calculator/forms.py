"""The calculator's settings form: a preset, any table option and the four seats' names
(optional), read from the page's query string (``calc_settings``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict

from leagues.rules_form import RulesStepForm, field_choices
from scoring.models import seat_label

NAME_FIELDS = ("n0", "n1", "n2", "n3")


class CalcSettingsForm(RulesStepForm):
    """The calculator's table: a preset, any table option, and four names (optional)."""

    n0 = forms.CharField(required=False, max_length=20)
    n1 = forms.CharField(required=False, max_length=20)
    n2 = forms.CharField(required=False, max_length=20)
    n3 = forms.CharField(required=False, max_length=20)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        preset = self.fields["preset"]
        preset.widget = forms.Select(choices=field_choices(preset))
        for i, name in enumerate(NAME_FIELDS):
            self.fields[name].label = seat_label(i)
            self.fields[name].widget.attrs.update(
                {
                    "placeholder": self.fields[name].label,
                    # the round form applies a typed name at once (round-form-sync.js)
                    "data-role": "calc-name",
                    "data-seat": str(i),
                }
            )

    def name_fields(self) -> list[Any]:
        return [self[name] for name in NAME_FIELDS]


def seat_names(names: list[str]) -> list[str]:
    return [n.strip() or seat_label(i) for i, n in enumerate(names)]


def calc_settings(query: QueryDict) -> tuple[CalcSettingsForm, dict[str, Any], list[str]]:
    """The settings form, the ruleset config and the four typed names (blank for "seat n")
    from the query string; the first preset when nothing (or something invalid) is asked."""
    form = CalcSettingsForm(query if "preset" in query else None)
    config: dict[str, Any] = {"preset": form.fields["preset"].initial}
    names = ["", "", "", ""]
    if form.is_bound and form.is_valid():
        config = form.cleaned_data["config"]
        names = [form.cleaned_data[n].strip() for n in NAME_FIELDS]
    return form, config, names
